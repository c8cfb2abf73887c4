"""How a chance panel groups this game's outcomes, and the phase a position is in, in words.

An Action-card draw has up to 86 cards: grouped by the effect on their bottom half (12
effects, the Kraken, Weather), then by the action icons on their top half (R11), so
identical cards share a bar. Tiles group by kind, treasures by value.
"""

from __future__ import annotations

from typing import Any

from .data import CARDS, EFFECTS, TILES, TREASURES
from .model import DrawCard, FirstPlayer, TileFace, TreasureCard

ICON_WORDS = {"S": "Sail", "D": "Doubloons", "A": "Attack", "R": "Repair", "W": "Wild"}   # R11, R63
KIND_WORDS = {"island": "Island", "open_sea": "Open sea", "outpost": "Outpost", "skull_cave": "Skull Cave"}
STAGES = {
    "setup": "Setting up: dealing maps, treasures and Action cards (S2-S10)",
    "start": "Start of a turn: refilling the hand (R4, T1)",
    "play": "Choosing the 2 Action cards to play (R8)",
    "main": "Using the played cards' actions and effects (R9)",
    "over": "Game over",
}


def effect_name(card: str) -> str:
    """The card's bottom half: an effect's name, the Kraken (R6) or a Weather card (V2)."""
    info = CARDS[card]
    if info.effect == "KRAKEN":
        return "Kraken"
    if info.effect == "WEATHER":
        return "Weather"
    return EFFECTS[info.effect].name


def card_name(card: str) -> str:
    """``Full Sail: Sail + Doubloons``, the way a player reads the card."""
    info = CARDS[card]
    icons = " + ".join(ICON_WORDS[i] for i in info.icons)
    if info.effect == "WEATHER" and info.weather:
        icons = f"{info.weather.replace('_', ' ').title()} + {icons}"     # R63: ``Storm + Wild + Wild``
    return f"{effect_name(card)}: {icons}" if icons else effect_name(card)


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    if isinstance(outcome, DrawCard):
        return (effect_name(outcome.card), card_name(outcome.card))
    if isinstance(outcome, TileFace):
        tile = TILES[outcome.tile]
        return (KIND_WORDS.get(tile.kind, tile.kind), tile.name)
    if isinstance(outcome, FirstPlayer):   # S10: seats as the whole explorer names them
        return (f"Player {outcome.player + 1} starts",)
    if isinstance(outcome, TreasureCard):
        treasure = TREASURES[outcome.treasure]
        return (f"Worth {treasure.value} loot", treasure.name)
    return ()


def stage_text(s: Any) -> str:
    return STAGES.get(s.phase, "")
