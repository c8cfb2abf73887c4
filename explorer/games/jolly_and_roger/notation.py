"""The action notation read back (`JollyAndRoger.parse_action`): the words `str(action)` writes
(model.py), listed in the package docstring; anything else raises `IllegalAction`."""

from __future__ import annotations

from typing import Any

from explorer.core.errors import IllegalAction

from .data import CARD_INDEX, SHIPS
from .model import Aside, Board, Crew, Draw, FirstPlayer, Kraken, Parrot, Skeleton, Split, Take, Tortuga


def parse_action(text: str) -> Any:
    """Read one action or chance outcome in the notation; `IllegalAction` (R7) for anything else."""
    if not isinstance(text, str):
        raise IllegalAction("R7", f"an action is written as text, not {type(text).__name__}", text)
    try:
        return _parse(text.replace("|", " | ").split())
    except (ValueError, IndexError, KeyError):
        raise IllegalAction("R7", f"{text!r} is not Jolly & Roger notation: split G1 Y2 | B3 G1 R5, "
                                  "take R5, crew G3, parrot G3 B, board G3, skeleton R, kraken B, tortuga, "
                                  "aside G3, draw G3, first P1", text) from None


def _card(word: str) -> str:
    card = word.upper()
    if card not in CARD_INDEX:
        raise ValueError(word)
    return card


def _ship(word: str) -> str:
    ship = word.upper()
    if ship not in SHIPS:
        raise ValueError(word)
    return ship


def _sorted(words: list[str]) -> tuple[str, ...]:
    if not words:
        raise ValueError(words)
    return tuple(sorted((_card(w) for w in words), key=CARD_INDEX.__getitem__))


def _parse(words: list[str]) -> Any:
    head, rest = words[0].lower(), words[1:]
    if head == "split":
        bar = rest.index("|")
        left, right = _sorted(rest[:bar]), _sorted(rest[bar + 1:])
        return Split(left, right) if len(left) <= len(right) else Split(right, left)
    if head == "take":
        return Take(_sorted(rest))
    if head == "tortuga" and not rest:
        return Tortuga()
    if head in ("aside", "draw") and len(rest) == 1:
        return (Aside if head == "aside" else Draw)(_card(rest[0]))
    if head == "first" and len(rest) == 1 and rest[0].upper() in ("P1", "P2"):
        return FirstPlayer(int(rest[0][1]) - 1)
    if head in ("crew", "board") and len(rest) in (1, 2):
        card = _card(rest[0])
        ship = _ship(rest[1]) if len(rest) == 2 else card[0]
        if ship not in SHIPS:
            raise ValueError(rest)
        return (Crew if head == "crew" else Board)(card, ship)
    if head == "parrot" and len(rest) == 2:
        return Parrot(_card(rest[0]), _ship(rest[1]))
    if head == "skeleton" and len(rest) == 1:
        return Skeleton(_ship(rest[0]))
    if head == "kraken" and len(rest) == 1:
        return Kraken(None if rest[0].lower() == "none" else _ship(rest[0]))
    raise ValueError(words)
