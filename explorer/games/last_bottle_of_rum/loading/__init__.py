"""Reading position data (`game.state_from_dict`, position.py): the loader (load.py), its shared
field checks (fields.py) and the pending steps in words (pending.py); the table-wide checks are
checks.py."""
