"""How a chance panel groups this game's outcomes, and the phase a position is in, in words.

A draw has four suits, each its own bar; a block of the track (S4) can be laid in 24 orders,
grouped by the suit that comes first.
"""

from __future__ import annotations

from typing import Any

from .data import SYMBOLS
from .model import FirstPlayer, Layout

STAGES = {
    "layout": "Setting up: laying out the track (S4)",
    "deal": "Setting up: dealing 4 cards to each player (S7)",
    "first": "Setting up: choosing who starts (S9)",
    "play": "Moving pieces: up to 3 moves a turn (T1-T5)",
    "discard": "Discarding down to the hand limit",
    "over": "Game over",
}


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    if isinstance(outcome, Layout):   # S4: a block's suits in order, grouped by the first
        return (f"Block {outcome.block} starts with {SYMBOLS[outcome.order[0]]}",)
    if isinstance(outcome, FirstPlayer):   # S9: seats as the whole explorer names them
        return (f"Player {outcome.player + 1} starts",)
    return ()


def stage_text(s: Any) -> str:
    return STAGES.get(s.phase, "")
