"""The project's command line: ``python -m explorer new-game NAME [--title TITLE] [--root DIR]``."""

from __future__ import annotations

import argparse
import sys

from explorer.newgame import NewGameError, create


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new-game", help="a new game package in the standard skeleton, registered and playable")
    new.add_argument("name", help="the game's name in code: lower-case letters, digits and _ (e.g. liars_dice)")
    new.add_argument("--title", help="the name people read (default: from NAME)")
    new.add_argument("--root", default=".", help="the project folder (default: here)")
    args = parser.parse_args(argv)
    try:
        written = create(args.name, args.root, args.title)
    except NewGameError as err:
        print(f"new-game: {err}", file=sys.stderr)
        return 2
    print(f"made {args.name}: {len(written)} files, registered in explorer/games/__init__.py")
    for path in written:
        print(f"  {path}")
    print(f"next: python -m pytest tests/games/{args.name}; then docs/new_game.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
