"""How a chance panel groups this game's outcomes, and the phase a position is in, in words.

A draw has four suits, each its own bar; a block of the track (S4) can be laid in 24 orders,
grouped by the suit that comes first.
"""

from __future__ import annotations

from typing import Any

from .data import SYMBOLS

STAGES = {
    "layout": "Setting up: laying out the track (S4)",
    "deal": "Setting up: dealing 4 cards to each player (S7)",
    "first": "Setting up: choosing who starts (S9)",
    "play": "Moving pieces: up to 3 moves a turn (T1-T5)",
    "discard": "Discarding down to the hand limit",
    "over": "Game over",
}


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    order = getattr(outcome, "order", None)   # a Layout (S4): its block's suits in order
    if order:
        return (f"Block {outcome.block} starts with {SYMBOLS[order[0]]}",)
    return ()


def stage_text(s: Any) -> str:
    return STAGES.get(s.phase, "")
