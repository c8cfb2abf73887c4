"""Building small Sjørøverøya positions by hand, through the public position format."""

from __future__ import annotations

from typing import Any

import explorer
from explorer.games.sjoroveroya import T0

GAME = "sjoroveroya"


def position(pieces: dict[int, list[int]] | None = None, hands: list[str] | None = None, players: int = 2,
             track: str = T0, to_move: int = 0, options: dict | None = None, **fields: Any):
    """A play-phase state on `track` (T0 by default); unlisted pieces stand at Start."""
    pieces = pieces or {}
    rows = []
    for p in range(players):
        mine = list(pieces.get(p, []))
        rows.append(mine + [0] * (6 - len(mine)))
    game = explorer.load(GAME, players=players, **(options or {}))
    data = {"track": track, "pieces": rows, "hands": hands or ["SHDC"] * players, "to_move": to_move,
            "phase": "play", **fields}
    return game.state_from_dict(data)


def play(state, *moves: str):
    """Apply moves by notation, resolving chance nodes only when a move names an outcome."""
    for move in moves:
        state = state.apply(move)
    return state


def texts(state) -> str:
    return " | ".join(str(e) for e in state.events)


def rules_cited(state) -> set[str]:
    return {r for e in state.events for r in e.rules}
