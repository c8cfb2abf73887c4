"""The action notation read back (`Game.parse_action`): ``bid 2x3`` (also ``2x3`` and OpenSpiel's
``2-3``), ``liar``, and the chance outcome ``roll 4``."""

from __future__ import annotations

import re

from explorer.core.bounds import preview
from explorer.core.errors import IllegalAction

from .model import LIAR, Bid, Roll

_BID = re.compile(r"(?:bid\s+)?(\d{1,4})\s*[x-]\s*(\d{1,3})", re.ASCII)
_ROLL = re.compile(r"roll\s+(\d{1,3})", re.ASCII)


def parse(game, text) -> object:
    """Read an action or roll; `IllegalAction` (T2) for anything that is not the notation."""
    if not isinstance(text, str):
        raise IllegalAction("T2", f"an action is written as text, not {type(text).__name__}", text)
    words = " ".join(text.split()).lower()
    sides = game.options["sides"]
    most = game.players * game.options["dice"]
    if words == "liar":
        return LIAR
    bid = _BID.fullmatch(words)
    if bid and 1 <= int(bid[1]) <= most and 1 <= int(bid[2]) <= sides:
        return Bid(int(bid[1]), int(bid[2]))
    roll = _ROLL.fullmatch(words)
    if roll and 1 <= int(roll[1]) <= sides:
        return Roll(int(roll[1]))
    raise IllegalAction("T2", f"{preview(text)} is not Liar's Dice notation for this set-up: bid 2x3 "
                              f"(1 to {most} dice, faces 1 to {sides}), liar, roll 4", text)
