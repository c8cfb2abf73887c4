"""Where each Jolly & Roger move is made on the board (issue #30): the element a click plays it on.

A split (T2, R3) is made on a drawn card: the menu at it offers that card alone or with one more
as the small set. Taking a set (T3, R5) is made on the set on offer. A card is used (T4, T5) on
the card itself, in the hand of the player to move: the menu at it names crew (R9), parrot side
up (R11, then which ship) and boarding (R18, R19); a Skeleton (R28), the Kraken (R30-R32) and
Tortuga (R33) likewise on their card.
"""

from __future__ import annotations

from typing import Any

from .data import SPECIAL_NAMES
from .model import Board, Crew, Kraken, Parrot, Skeleton, Split, Take, Tortuga
from .render import SHIP_NAME, card_name

SPECIAL_CARD = {Skeleton: "SK", Kraken: "KR", Tortuga: "TO"}


def _hand(s: Any, card: str) -> str:
    return f"P{s.to_move + 1}:card:{card}"


def _card(action: Any) -> str:
    return getattr(action, "card", None) or SPECIAL_CARD[type(action)]


def action_places(s: Any, action: Any) -> tuple[str, ...]:
    """The places a move involves: the drawn cards split, the set taken, the card used and its ship."""
    if isinstance(action, Split):
        return tuple(dict.fromkeys(f"card:{c}" for c in action.small))
    if isinstance(action, Take):
        return tuple(f"offer:{i}" for i, offer in enumerate(s.offers) if offer == action.cards)[:1]
    if isinstance(action, (Crew, Parrot, Board, Skeleton, Kraken, Tortuga)):
        ship = getattr(action, "ship", None)
        out = [_hand(s, _card(action))]
        if ship and isinstance(action, Kraken):
            out.append(f"pile:{1 - s.to_move}:{ship}")
        elif ship:
            out.append(f"ship:{ship}")
        return tuple(out)
    return ()


def action_target(s: Any, action: Any) -> str:
    places = action_places(s, action)
    return places[0] if places else ""


def action_menu(s: Any, action: Any) -> tuple[str, ...]:
    """Words at the element, level by level: what to do with the card, then where."""
    if isinstance(action, Split):
        first = card_name(action.small[0])
        if len(action.small) == 1:
            return (f"Offer {first} alone",)
        return (f"Offer {first} with one more card", f"{first} with {card_name(action.small[1])}")
    if isinstance(action, Take):
        return ("Take this set: " + ", ".join(card_name(c) for c in action.cards),)
    if isinstance(action, Crew):
        return (f"Crew at the {SHIP_NAME[action.ship]} ship, strength {action.card[1:]}",)
    if isinstance(action, Parrot):
        return ("Parrot side up, strength 1", f"Parrot at the {SHIP_NAME[action.ship]} ship")
    if isinstance(action, Board):
        return (f"Board the {SHIP_NAME[action.ship]} ship for {action.card[1:]} gold",)
    if isinstance(action, Skeleton):
        return (f"{SPECIAL_NAMES['SK']} at the {SHIP_NAME[action.ship]} ship",)
    if isinstance(action, Kraken):
        if action.ship is None:
            return (f"Discard the {SPECIAL_NAMES['KR']} without effect",)
        return (f"{SPECIAL_NAMES['KR']}: remove the bottom card of Player {2 - s.to_move}'s crew at the "
                f"{SHIP_NAME[action.ship]} ship",)
    if isinstance(action, Tortuga):
        return (f"Play {SPECIAL_NAMES['TO']}: turn your parrots to their pirate side",)
    return ()
