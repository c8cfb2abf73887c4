"""The action notation read back (`Game.parse_action`): ``take I3.b``, ``draft gunner``, ``end``,
``tile gold``, ``pick gold`` ... (the package docstring lists every verb and outcome kind)."""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import IllegalAction

from .model import DECISION_VERBS, OUTCOME_KINDS, Move, Outcome

SEAT_VERBS = frozenset({"first", "call", "gamble", "rogue", "gift", "claim", "challenge", "winner", "starter", "tie"})
PLACE_VERBS = ("take", "look", "anchor", "swap", "trade", "merchant")


def parse_action(game, text: str) -> Any:
    """A `Move` or an `Outcome` from its notation; IllegalAction (T3) for anything else. Seats are
    written ``P1``..``Pn``, never as bare numbers; island words are read in either case (``i3.b``)."""
    if not isinstance(text, str):
        raise IllegalAction("T3", f"an action is written as text, not {type(text).__name__}", text)
    words = text.split()
    if not words:
        raise IllegalAction("T3", "an empty action", text)
    head, arg = words[0].lower(), " ".join(words[1:])
    if head in SEAT_VERBS and is_number(arg[:1]):
        raise IllegalAction("T3", f"{text!r}: seats are written P1..P{game.players} "
                            f"(e.g. '{head} P1' for Player 1), not as numbers", text)
    if head in DECISION_VERBS:
        if head in PLACE_VERBS:
            arg = " ".join(w[:1].upper() + w[1:] if w[:1] in "iI" and is_number(w[1:2]) else w
                           for w in words[1:])
        return Move(head, arg)
    if head in OUTCOME_KINDS and arg:
        return Outcome(head, arg)
    raise IllegalAction("T3", f"{text!r} is not Pirate Rush notation (see the module docstring)", text)
