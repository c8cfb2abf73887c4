"""Pirate Rush's modules import one another without a circle: the model holds data only, the
rules reach it, never the reverse (every import counted, at the top of a file or in a function)."""

from __future__ import annotations

import ast
from pathlib import Path

import explorer.games.pirate_rush as package

ROOT = Path(package.__file__).parent
NAME = package.__name__


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([NAME, *parts])] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules `name` imports anywhere in its file."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*here[:len(here) - node.level + 1], node.module or ""]) if node.level else node.module
            base = base.rstrip(".")
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
                break
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_model_imports_nothing_of_the_game_but_its_data():
    assert graph()[f"{NAME}.model"] <= {f"{NAME}.data"}


def test_no_module_of_the_game_reaches_itself_through_its_imports():
    edges = graph()
    for start in edges:
        seen, todo = set(), list(edges[start])
        while todo:
            name = todo.pop()
            assert name != start, f"{start} imports itself through {sorted(seen)}"
            if name not in seen:
                seen.add(name)
                todo.extend(edges[name])


def test_no_import_waits_at_the_bottom_of_a_file():
    for path in modules().values():
        assert "noqa: E402" not in path.read_text(encoding="utf-8"), path
