"""Position builders shared by the Dead Man's Dice tests."""

from __future__ import annotations

import explorer


def table(hands: list[str], piles: list[str], players: int | None = None, **fields) -> object:
    """``table(["P1-2 P1-J", "P2-1 P2-2 P2-J"], ["P1-1=3", ""])``: a position from short texts."""
    options = fields.pop("options", {})
    game = explorer.load("dead_mans_dice", players=players or len(hands), **options)
    data = {"hands": [h.split() for h in hands], "piles": [p.split() for p in piles], **fields}
    return game.state_from_dict(data)


def play(state, *moves: str):
    """Apply moves in notation, one after another."""
    for move in moves:
        state = state.apply(move)
    return state


def cited(state) -> set[str]:
    return {rule for event in state.events for rule in event.rules}
