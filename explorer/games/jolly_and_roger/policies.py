"""Policies that decide from their own view only: a greedy rule of thumb and the solver-backed one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import SHIP_INDEX, SHIP_VALUE, SHIPS, VALUE
from .model import STRENGTH, Board, Crew, Kraken, Parrot, Skeleton, Split, Take

SPECIAL_WORTH = {"SK": 3, "KR": 3, "TO": 2}


def offer_worth(cards: Sequence[str]) -> int:
    """A rough worth of an offer: printed values, specials at a fixed guess."""
    return sum(VALUE.get(c, SPECIAL_WORTH.get(c, 0)) for c in cards)


def _outlook(mine: list[int], theirs: list[int], gold: int) -> float:
    """Gold plus the ships I would hold now, with a small bonus for a safer margin."""
    total = float(gold)
    for i, value in enumerate(SHIP_VALUE):
        diff = mine[i] - theirs[i]
        total += value * ((diff > 0) - (diff < 0)) + 0.1 * max(-3, min(3, diff))
    return total


def _after(view: dict, action: Any) -> float:
    """The outlook after one placement by the player to move (specials judged by effect)."""
    me = view["to_move"]
    mine, theirs = list(view["strengths"][me]), list(view["strengths"][1 - me])
    gold = 0
    if isinstance(action, Board):
        gold = VALUE[action.card] + (2 if view["round"] == view["rounds"] else 0)
    elif isinstance(action, Crew):
        mine[SHIP_INDEX[action.ship]] += VALUE[action.card]
    elif isinstance(action, Parrot):
        mine[SHIP_INDEX[action.ship]] += 1
    elif isinstance(action, Skeleton):
        mine[SHIP_INDEX[action.ship]] += STRENGTH["SK"]
    elif isinstance(action, Kraken) and action.ship is not None:
        pile = view["piles"][1 - me][action.ship]
        theirs[SHIP_INDEX[action.ship]] -= STRENGTH[pile[0]]
    else:   # Tortuga: every own parrot shows its value
        for i, ship in enumerate(SHIPS):
            mine[i] += sum(VALUE[e[2:]] - 1 for e in view["piles"][me][ship] if e[:2] == "p:" and e[2:] in VALUE)
    return _outlook(mine, theirs, gold)


class Greedy:
    """Rule of thumb: split to make the better offer as small as possible, take the richer
    offer, and play each card where it gains the most gold or ship value right now."""

    name = "greedy"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, Split):
            return min(legal, key=lambda s: (abs(offer_worth(s.small) - offer_worth(s.large)), rng.random()))
        if isinstance(first, Take):
            return max(legal, key=lambda t: (offer_worth(t.cards), rng.random()))
        return max(legal, key=lambda a: (_after(view, a), rng.random()))

    def __repr__(self) -> str:
        return "Greedy()"


class SolverPolicy:
    """Perfect play in the last `horizon` rounds (at most two; with the special cards the last round,
    where the exact solver is fast), greedy before."""

    name = "solver"
    needs_view = True

    def __init__(self, game: Any = None, horizon: int = 1) -> None:
        self.game = game
        self.horizon = horizon
        self.fallback = Greedy(game)

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        from .solver import Solver, supported

        horizon = 1 if self.game is not None and self.game.options["special_cards"] else self.horizon
        if self.game is None or not supported(self.game) or view["rounds"] - view["round"] >= horizon:
            return self.fallback.choose(view, legal, rng)
        state = self.game.sample_state(view, rng)     # hidden cards do not matter: the solver uses the pool
        ranked = Solver().candidates(state)
        sign = 1 if view["to_move"] == 0 else -1
        return max(ranked, key=lambda row: sign * row[1])[0]

    def __repr__(self) -> str:
        return f"SolverPolicy(horizon={self.horizon})"
