"""Write docs/<game>.md for every game from its package and position-module docstrings.

Run: ``python docs/make_docs.py``. A test checks the pages are up to date, so the
notation and position format documented in the code and on the page never drift apart.
"""

from __future__ import annotations

import inspect
from importlib import import_module
from pathlib import Path

import explorer

DOCS = Path(__file__).resolve().parent


def section(name: str, module: str, heading: str) -> list[str]:
    """A heading and the docstring of the game's `module`, when the module exists and has one."""
    try:
        doc = import_module(f"explorer.games.{name}.{module}").__doc__
    except ModuleNotFoundError:
        return []
    return [f"## {heading}\n", inspect.cleandoc(doc), ""] if doc else []


def _digest(name: str, package) -> str:
    """Where the rules are: the shared digest, the game's own rules page (docs/rules/<name>.md, as
    `python -m explorer new-game` writes it), or this page, for a game whose package docstring holds
    its own rules (a "Rules" section)."""
    if (DOCS / "rules" / f"{name}.md").exists():
        return f"`docs/rules/{name}.md`"
    own = "\nRules\n-----\n" in inspect.cleandoc(package.__doc__ or "")
    return "below, in the game package's Rules section" if own else f"`../shared/rules/{name}.md`"


def page(name: str) -> str:
    game = explorer.load(name)
    package = import_module(f"explorer.games.{name}")
    parts = [f"# {game.title}: positions, action notation and position data\n",
             f"Rules digest: {_digest(name, package)}. Load with `explorer.load({name!r}, players=N, **options)`.\n"]
    parts += section(name, "position_text", "Positions in the notation (`game.position(text)`, `state.notation()`)")
    parts += ["## The game package\n", inspect.cleandoc(package.__doc__ or ""), ""]
    parts += section(name, "position", "Position data (`state.to_dict()`, `game.state_from_dict(data)`)")
    parts += ["## Options\n", "| option | rule | default | meaning |", "|---|---|---|---|"]
    parts += [f"| `{s.name}` | {s.rule} | `{s.default!r}` | {s.doc} |" for s in type(game).OPTIONS]
    caps = type(game).LENGTH_CAPS
    if caps:
        values = ", ".join(f"`{k}` = {v}" for k, v in caps.items())
        parts += ["", f"Under OpenSpiel and PettingZoo (`docs/interop.md`) a length cap left unset takes its adapter "
                      f"value, so the game's length bound is derived, not guessed: {values}."]
    return "\n".join(parts) + "\n"


def main() -> None:
    for name in explorer.games():
        (DOCS / f"{name}.md").write_text(page(name), encoding="utf-8")


if __name__ == "__main__":
    main()
