RULES: dict[str, str] = {}
