"""Jolly & Roger's moves and chance outcomes in plain words, as the board names the cards
(``Green pirate 4``, ``Kraken``), for the action list, pickers and lessons; the notation
(``crew G4``) stays the moves' id."""

from __future__ import annotations

from typing import Any

from .model import Aside, Board, Crew, Draw, FirstPlayer, Kraken, Parrot, Skeleton, Split, Take, Tortuga
from .render import SHIP_NAME, card_name


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(card_name(c) for c in cards)


def describe(s: Any, action: Any) -> str:
    """One move or outcome in words, with the rule it follows."""
    if isinstance(action, Split):
        return f"Split: offer {_cards(action.small)} against {_cards(action.large)} (T2)"
    if isinstance(action, Take):
        return f"Take {_cards(action.cards)} (T3)"
    if isinstance(action, Crew):
        return f"Crew {card_name(action.card)} at the {SHIP_NAME[action.ship]} ship (R9)"
    if isinstance(action, Parrot):
        return f"Play {card_name(action.card)} parrot side up at the {SHIP_NAME[action.ship]} ship (R11)"
    if isinstance(action, Board):
        return f"Board {card_name(action.card)} at the {SHIP_NAME[action.ship]} ship for {action.card[1:]} gold (R18)"
    if isinstance(action, Skeleton):
        return f"Skeleton at the {SHIP_NAME[action.ship]} ship (R28)"
    if isinstance(action, Kraken):
        if action.ship is None:
            return "Discard the Kraken without effect (R32)"
        return f"Kraken at the {SHIP_NAME[action.ship]} ship: the opponent's bottom card there leaves the game (R30)"
    if isinstance(action, Tortuga):
        return "Tortuga: turn your parrots to their pirate side (R33)"
    if isinstance(action, Draw):
        return f"Draw {card_name(action.card)}"
    if isinstance(action, Aside):
        return f"Set aside {card_name(action.card)}"
    if isinstance(action, FirstPlayer):
        return f"Player {action.player + 1} holds the flag first"
    return str(action)
