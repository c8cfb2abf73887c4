"""A rule-of-thumb pirate: remembers what it saw (its view), takes the best loot it knows of,
and drafts characters by their worth to it. It decides from its own view only; the decisions
themselves are thumb.py's, which the evaluator kernel (playout.py) reads too."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import Move, seat
from .thumb import CHARACTER_WORTH, RANKS, WORTH, Facts, choose

__all__ = ["CHARACTER_WORTH", "RANKS", "WORTH", "RuleOfThumb", "view_facts"]


def view_facts(view: dict) -> Facts:
    """The facts the rule of thumb reads, from the deciding pirate's view."""
    slots = view["slots"]
    pending = view["pending"]

    def kind_at(j: int, i: int) -> str | None:
        slot = slots[j][i]
        return slot["kind"] if slot else None

    def island_kinds(j: int) -> list:
        return [s["kind"] for s in slots[j] if s]

    stakes = {seat(q): k for q, k in pending.get("stakes", [])}
    return Facts(pending.get("task"), view["viewer"], view["ship"], kind_at, island_kinds, view["markers"],
                 view["resources"], view["prestige"], [pile["count"] for pile in view["loot"]],
                 pending.get("looked_at"), stakes)


class RuleOfThumb:
    """Looks at unknown tiles where the ship is, takes the best tile it knows, steers to loot."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def __repr__(self) -> str:
        return "RuleOfThumb()"

    def choose(self, view: dict, legal: Sequence[Move], rng: random.Random) -> Move:
        return choose(view_facts(view), legal, rng)
