"""How a chance panel groups this game's outcomes, and the phase a position is in, in words.

A card draw has up to 23 kinds of card: they are grouped by ship colour (a pirate's colour
decides where it may crew or board, R9, R19), the special cards on their own (R25).
"""

from __future__ import annotations

from typing import Any

from .data import COMPONENTS, PIRATES, SPECIAL_NAMES
from .model import FirstPlayer

COLOUR = {s.id: s.colour.capitalize() for s in COMPONENTS.ships}
STAGES = {
    "setup": "Setting up: cards set aside unseen (S4, S6)",
    "start": "Setting up (S4-S8)",
    "draw": "Drawing 5 cards face up (T1)",
    "split": "Splitting the 5 cards into two sets (T2)",
    "choose": "Choosing one of the two sets (T3)",
    "place": "Placing cards: crew, parrot or boarding (T4, T5)",
    "over": "Game over",
}


def card_name(card: str) -> str:
    """``G3`` -> ``Green 3``; a special card by its name."""
    if card in PIRATES:
        return f"{COLOUR[card[0]]} {card[1]}"
    return str(SPECIAL_NAMES.get(card, card))


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    if isinstance(outcome, FirstPlayer):   # S8, V8: seats as the whole explorer names them
        return (f"Player {outcome.player + 1} holds the flag",)
    card = getattr(outcome, "card", None)
    if card is None:
        return ()
    if card in PIRATES:
        return (f"{COLOUR[card[0]]} pirates", card_name(card))
    return ("Special cards", card_name(card))


def stage_text(s: Any) -> str:
    return STAGES.get(s.phase, "")
