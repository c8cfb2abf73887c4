"""``python -m explorer new-game NAME``: a new game package in the standard skeleton, registered,
with its test folder, a lesson and a rules page; it plays from the first minute (a placeholder
rule set, Treasure Dive) and passes `explorer.testing.check_game`.

The files come from ``skeleton/`` with the game's name, title and class name written in. What
each file holds, and how to replace the placeholder rules with a game's own: docs/new_game.md.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

SKELETON = Path(__file__).parent / "skeleton"
REGISTRY = Path("explorer") / "games" / "__init__.py"
NAME = re.compile(r"[a-z][a-z0-9_]{1,39}")


class NewGameError(ValueError):
    """The name is not usable, or the files are there already: nothing was written."""


def class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def planned(name: str, root: Path) -> dict[Path, str]:
    """Every file to write (path under `root` -> template), the game package first."""
    files = {root / "explorer" / "games" / name / t.name.removesuffix(".tmpl"): t.name
             for t in sorted((SKELETON / "game").glob("*.tmpl"))}
    files[root / "tests" / "games" / name / f"test_{name}_rules.py"] = "test_rules.py.tmpl"
    files[root / "explorer" / "lessons" / "data" / f"{name}.toml"] = "lesson.toml.tmpl"
    files[root / "explorer" / "lessons" / "data" / f"{name}_odds.toml"] = "odds_lesson.toml.tmpl"
    files[root / "docs" / "rules" / f"{name}.md"] = "docs.md.tmpl"
    return files


def register(name: str, root: Path) -> bool:
    """Add `name` to the registry's list of games (explorer/games/__init__.py); False when there is none."""
    path = root / REGISTRY
    if not path.exists():
        return False
    text = path.read_text(encoding="utf-8")
    found = re.search(r"for _name in \(([^)]*)\):", text)
    if found is None:
        raise NewGameError(f"{path}: no `for _name in (...)` list of games to add {name!r} to")
    names = [n.strip().strip('"') for n in found.group(1).split(",") if n.strip()]
    listed = ", ".join(f'"{n}"' for n in sorted({*names, name}))
    path.write_text(text[:found.start(1)] + listed + text[found.end(1):], encoding="utf-8")
    return True


def create(name: str, root: Path | str = ".", title: str | None = None) -> list[Path]:
    """Write the new game `name` under the project `root`, register it, and return the files written."""
    root = Path(root)
    if not NAME.fullmatch(name or "") or name.endswith("_"):
        raise NewGameError(f"{name!r} is not a game name: lower-case letters, digits and _ (e.g. liars_dice)")
    files = planned(name, root)
    there = [str(p) for p in files if p.exists()]
    if there:
        raise NewGameError(f"{name!r} exists already ({there[0]}): choose another name")
    words = {"__NAME__": name, "__TITLE__": title or name.replace("_", " ").title(), "__CLASS__": class_name(name)}
    for path, template in files.items():
        text = ((SKELETON / "game" / template) if (SKELETON / "game" / template).exists()
                else SKELETON / template).read_text(encoding="utf-8")
        for key, value in words.items():
            text = text.replace(key, value)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    register(name, root)
    return [*files, *written_by(root / "docs" / "make_docs.py", [], root / "docs" / f"{name}.md"),
            *written_by(root / "tests" / "test_golden.py", [name], root / "tests" / "golden" / f"{name}.txt")]


def written_by(script: Path, args: list[str], made: Path) -> list[Path]:
    """Run one of the project's writers for the new game, where the project has it: docs/make_docs.py
    (the notation page, from the package's docstrings) and tests/test_golden.py (its golden playthrough)."""
    if not script.exists():
        return []
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(script.parents[1]), os.environ.get("PYTHONPATH", "")])}
    subprocess.run([sys.executable, str(script), *args], cwd=script.parents[1], env=env, check=True,
                   capture_output=True)
    return [made]
