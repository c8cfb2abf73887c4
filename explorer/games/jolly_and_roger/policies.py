"""Policies that decide from their own view only: the rule of thumb (its decisions are thumb.py's)
and the solver-backed one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .data import SHIPS
from .model import Split, Take
from .thumb import choose_placement, choose_split, choose_take


class Greedy:
    """Rule of thumb: split to make the better offer as small as possible, take the richer
    offer, and play each card where it gains the most gold or ship value right now."""

    name = "greedy"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        """The rule of thumb's decision (thumb.py) from the mover's view."""
        first = legal[0]
        if isinstance(first, Split):
            return choose_split(legal, rng)
        if isinstance(first, Take):
            return choose_take(legal, rng)
        me = view["to_move"]
        strengths, piles = view["strengths"], view["piles"]
        return choose_placement(legal, strengths[me], strengths[1 - me], [piles[me][s] for s in SHIPS],
                                [piles[1 - me][s] for s in SHIPS], view["round"] == view["rounds"], rng)

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
