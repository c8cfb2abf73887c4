"""How a chance panel groups this game's outcomes, and the step a position waits for, in words.

A die has at most six faces, so every face keeps its own bar; the skull is named (R3).
"""

from __future__ import annotations

from typing import Any

from .model import Face

STAGES = {  # T0-T5 of the digest, by the step the position waits for
    "open_roll": "Round opening: rolling a base die (T0, R6)",
    "open": "Round opening: each pirate picks a die to roll (T0, R6)",
    "turn": "A turn: roll a die or fire a broadside (T1)",
    "roll": "Rolling the die (T2, C1, C2)",
    "place": "Placing the rolled die (T2, R13)",
    "plunder": "Plunder or end the turn (T4, R20)",
    "restart": "After a broadside: the victim picks a die to roll again (R34)",
    "restart_roll": "Rolling the victim's restart die (R34)",
    "stray": "Does the roll hit another pile? (V3, C8)",
    "wobble": "Does the pile stand? (V2, C7)",
    "hit": "Does the broadside hit? (V1, C6)",
    "scored": "Round scored: the piles are counted; the next round opens when the dice are gathered (T6, E9)",
    "over": "Game over",
}


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    """A face alone; the skull (rank 1, worth 7: R3) by name."""
    if isinstance(outcome, Face) and outcome.face == 0:
        return ("Skull",)
    return ()


def stage_text(s: Any) -> str:
    return STAGES.get(s.step, "")
