"""A rule-of-thumb captain: explore, grab reachable treasure, bring it home, shoot when it pays.

It decides from its own view only (``needs_view = True``), so it never peeks at hidden tiles
or other hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import CARDS, DISTANCE, TILES, TREASURES, map_tile, parse_cell
from .model import Attack, Earn, EndTurn, Exchange, Leave, Play, Repair, Sail, Stop, Take, Trade, UseEffect

GOOD_EFFECTS = {"E01", "E04", "E09", "E12", "E03"}


class RuleOfThumb:
    """Greedy by a few pirate maxims; random among equals."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def __repr__(self) -> str:
        return "RuleOfThumb()"

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        scored = [(self._score(view, a), rng.random(), i) for i, a in enumerate(legal)]
        return legal[max(scored)[2]]

    def _score(self, v: dict, a: Any) -> float:
        me = v["ships"][v["viewer"]]
        aboard = sum(TREASURES[t].value for t in me["treasures"])
        if isinstance(a, Take):
            return 100 - (20 * (TREASURES[a.treasure].ability in ("heavy", "kraken_eye", "no_doubloons")))
        if isinstance(a, Trade):
            return 100 + len(a.treasures)
        if isinstance(a, Leave):
            return 50
        if isinstance(a, Play):
            return sum(_card_value(c) for c in a.cards)
        if isinstance(a, Sail):
            return 40 + self._sail_gain(v, me, a.cell, aboard)
        if isinstance(a, Attack) and a.target < 0:
            return 47        # R81, R82: sinking the Ghost wins back its newest treasure
        if isinstance(a, Attack):
            target = v["ships"][a.target]
            return 45 + 5 * len(target["treasures"]) - 8 * sum(target["damage"].values())
        if isinstance(a, Repair):
            return 42
        if isinstance(a, Earn):
            return 30
        if isinstance(a, UseEffect):
            return 38 if CARDS[a.card].effect in GOOD_EFFECTS and me["curse"] < 3 else 5
        if isinstance(a, Exchange):
            return 2 if a.get in a.give else 10
        if isinstance(a, (EndTurn, Stop)):
            return 1
        return 20

    def _sail_gain(self, v: dict, me: dict, cell: int, aboard: int) -> float:
        here = parse_cell(me["cell"])
        if aboard >= 3 or (aboard and len(me["treasures"]) >= 2):
            goal = [0]
        else:
            places = {t: c for c, t in v["tiles"].items()}
            goal = [parse_cell(places[map_tile(m)]) for m, _ in v["display"] if map_tile(m) in places]
            if not goal:
                face_up = set(v["face_up"])
                goal = [c for c in range(1, 31) if f"{c}" and _name(c) not in face_up] or [0]
        best_now = min(DISTANCE[here][g] for g in goal)
        best_next = min(DISTANCE[cell][g] for g in goal)
        reef = v["tiles"].get(_name(cell))
        penalty = 6 if reef and TILES[reef].reef else 0
        return 10 * (best_now - best_next) - penalty


def _name(cell: int) -> str:
    from .data import cell_name

    return cell_name(cell)


def _card_value(card: str) -> float:
    info = CARDS[card]
    return info.icons.count("S") * 3 + info.icons.count("D") * 2 + info.icons.count("A") + info.icons.count("R")
