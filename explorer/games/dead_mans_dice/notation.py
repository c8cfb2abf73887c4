"""Dead Man's Dice's action notation read back (`Game.parse_action`): the words of the package
docstring (``roll P1-J``, ``broadside P2``, ``face S`` ..) to actions and outcomes (T1)."""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import preview
from explorer.core.errors import IllegalAction

from .data import DICE_PER_PIRATE, die_code, face_code, pirate_code
from .model import (
    DECLINE,
    END_TURN,
    FACES,
    HIT,
    MISS,
    NEXT_ROUND,
    NO_STRAY,
    PASS,
    STACK,
    STEADY,
    TOPPLE,
    Broadside,
    OpeningRoll,
    Overboard,
    Plunder,
    RestartRoll,
    Roll,
    StrayShot,
)


def parse_action(text: str, players: int) -> Any:
    """An action or outcome from its notation (case-insensitive) at a table of `players`."""
    if not isinstance(text, str):
        raise IllegalAction("T1", f"an action is written as text, not {type(text).__name__}", text)
    try:
        return _parse(text.split(), players)
    except (ValueError, IndexError, KeyError):   # KeyError: an unknown word before a seat ("foo P1")
        raise IllegalAction("T1", f"{preview(text)} is not Dead Man's Dice notation: roll P1-1, broadside P2, "
                                  "plunder P3, end, open P1-1, restart P2-2, pass, stack, decline, next round, "
                                  "overboard P1, face S, stray none, steady, topple, hit, miss", text) from None


_WORDS = {"next round": NEXT_ROUND, "end": END_TURN, "pass": PASS, "stack": STACK, "decline": DECLINE, "steady": STEADY,
          "topple": TOPPLE, "hit": HIT, "miss": MISS}
_DIE_ACTIONS = {"open": OpeningRoll, "roll": Roll, "restart": RestartRoll}
_PIRATE_ACTIONS = {"broadside": Broadside, "plunder": Plunder, "overboard": Overboard}


def _parse(words: list[str], players: int) -> Any:
    head = words[0].lower()
    whole = " ".join(words).lower()
    if whole in _WORDS:
        return _WORDS[whole]
    if len(words) != 2:
        raise ValueError(words)
    if head in _DIE_ACTIONS:
        die = die_code(words[1])
        if die >= DICE_PER_PIRATE * players:
            raise ValueError(words)
        return _DIE_ACTIONS[head](die)
    if head == "face":
        return FACES[face_code(words[1])]
    if head == "stray" and words[1].lower() == "none":
        return NO_STRAY
    seat = pirate_code(words[1])
    if not 0 <= seat < players:
        raise ValueError(words)
    if head == "stray":
        return StrayShot(seat)
    return _PIRATE_ACTIONS[head](seat)


__all__ = ["parse_action"]
