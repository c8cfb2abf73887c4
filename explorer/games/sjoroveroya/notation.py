"""The action notation read back (`Game.parse_action`): the text ``str(action)`` writes.

``H@3`` (forward from card 3 with a ♥), ``back@12``, ``end``, ``discard H`` and the chance
outcomes ``layout 1 HSDC``, ``first P2``, ``draw H``, ``reveal H``; suit symbols are accepted too.
"""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import IllegalAction

from .data import COMPONENTS, SUITS, SYMBOLS
from .model import Backward, Discard, Draw, EndTurn, FirstPlayer, Forward, Layout, Reveal

_LETTER = {**{s: s for s in SUITS}, **{sym: s for s, sym in SYMBOLS.items()}}


def parse_action(text: str) -> Any:
    """Read ``H@3``, ``back@12``, ``end``, ``discard H`` and the outcomes ``layout 1 HSDC``,
    ``first P2``, ``draw H``, ``reveal H``."""
    if not isinstance(text, str):
        raise IllegalAction("T3", f"an action is written as text, not {type(text).__name__}", text)
    words = text.strip().replace("♥", "H").replace("♠", "S").replace("♦", "D").replace("♣", "C").split()
    try:
        return _parse(words)
    except (ValueError, IndexError, KeyError):
        raise IllegalAction("T3", f"{text!r} is not Sjørøverøya notation: H@3, back@12, end, "
                                  "discard H, layout 1 HSDC, first P2, draw H, reveal H", text) from None


def _suit(word: str) -> str:
    return _LETTER[word.upper()]


def _position(word: str) -> int:
    value = 0 if word.lower() == "start" else int(word)
    if not 0 <= value <= 21:
        raise ValueError(word)
    return value


def _parse(words: list[str]) -> Any:
    head = words[0].lower()
    if len(words) == 1:
        if head in ("end", "pass"):
            return EndTurn()
        left, _, right = words[0].partition("@")
        if left.lower() == "back":
            return Backward(_position(right))
        if right:
            return Forward(_position(right), _suit(left))
        raise ValueError(words)
    if head == "discard" and len(words) == 2:
        return Discard(_suit(words[1]))
    if head == "draw" and len(words) == 2:
        return Draw(_suit(words[1]))
    if head == "reveal" and len(words) == 2:
        return Reveal(_suit(words[1]))
    if head == "first" and len(words) == 2:
        seat = words[1]
        if seat[:1] in "pP" and is_number(seat[1:]) and int(seat[1:]) >= 1:
            return FirstPlayer(int(seat[1:]) - 1)
        return FirstPlayer(int(seat))   # analyses saved before seats were P1..Pn wrote the index
    if head == "layout" and len(words) == 3 and len(words[2]) == 4:
        block = int(words[1])
        order = "".join(_suit(c) for c in words[2])
        if not 1 <= block <= COMPONENTS.track_blocks or len(set(order)) != 4:
            raise ValueError(words)
        return Layout(block, order)
    raise ValueError(words)
