"""Where each Pirate Rush move is made on the board (issue #30): the element a click plays it on.

Every decision already names its places (`explain.places`): the tile you look at or take, the
island you anchor at, the character you draft, the pirate you call, challenge or pay, the ship's
resource you repair. The first is the element a click plays it on; where one element holds
several moves (look at or take a tile; pay, tell a tavern tale or end the turn at your own loot),
the menu at it names them as the board does: "Player 2", never the seat code "P2", and "this
tile" for the slot clicked.
"""

from __future__ import annotations

import re
from typing import Any

from .explain import places

SLOT = re.compile(r"\b(?:the (?:face-down )?tile (?:at|of) )?(I\d)\.[a-e]\b")
SEAT = re.compile(r"\bP(\d)\b")


def menu_words(words: str, target: str) -> str:
    """A decision's words as the board names things: seats as "Player 2", the clicked slot as "this tile"."""
    def slot(match: re.Match) -> str:
        return "this tile" if match.group(0).endswith(target) else f"a tile of {match.group(1)}"

    return SEAT.sub(r"Player \1", SLOT.sub(slot, words))


def action_menu(s: Any, action: Any) -> tuple[str, ...]:
    words = s.describe(action)
    return (menu_words(words, s.action_target(action)),) if words else ()


def action_places(s: Any, action: Any) -> tuple[str, ...]:
    """The board places an action involves (explain.places): the first is where a click plays it."""
    return places(s, action)
