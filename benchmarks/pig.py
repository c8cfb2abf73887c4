"""A minimal Pig-like dice game in the explorer's style, for the benchmark only (not registered).

Two players race to `target`: on a turn a player rolls one d6 (a chance node, exact
1/6 each) and either banks the turn total or rolls again; a 1 loses the turn total.
It shows what the harness costs for the leanest dice game, beside Dead Man's Dice.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from fractions import Fraction

SIXTH = Fraction(1, 6)
ROLL, BANK = "roll", "bank"


class PigState:
    """Immutable: scores, the turn total, who is to move, and whether a die is in the air."""

    __slots__ = ("rolling", "scores", "target", "to_move", "turn_total")

    def __init__(self, scores: tuple[int, int], to_move: int, turn_total: int, rolling: bool, target: int) -> None:
        self.scores, self.to_move, self.turn_total, self.rolling, self.target = (scores, to_move, turn_total,
                                                                                 rolling, target)

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def is_chance(self) -> bool:
        return self.rolling

    def legal_actions(self) -> tuple[str, ...]:
        return (ROLL, BANK) if self.turn_total else (ROLL,)

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        return tuple((face, SIXTH) for face in range(1, 7))

    def sample_chance(self, rng: random.Random) -> int:
        return rng.randrange(1, 7)

    def _step(self, move: str | int) -> PigState:
        if move == ROLL:
            return PigState(self.scores, self.to_move, self.turn_total, True, self.target)
        if move == BANK:
            scores = list(self.scores)
            scores[self.to_move] += self.turn_total
            return PigState((scores[0], scores[1]), 1 - self.to_move, 0, False, self.target)
        if move == 1:
            return PigState(self.scores, 1 - self.to_move, 0, False, self.target)
        return PigState(self.scores, self.to_move, self.turn_total + move, False, self.target)


@dataclass(frozen=True, slots=True)
class FrozenPig:
    """The same game as a frozen dataclass, each step a `dataclasses.replace`: the reference the
    games' own steps are measured against (`playouts.py`: the "x Pig" column)."""

    scores: tuple[int, int]
    to_move: int
    turn_total: int
    rolling: bool
    target: int

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def is_chance(self) -> bool:
        return self.rolling

    def legal_actions(self) -> tuple[str, ...]:
        return (ROLL, BANK) if self.turn_total else (ROLL,)

    def sample_chance(self, rng: random.Random) -> int:
        return rng.randrange(1, 7)

    def _step(self, move: str | int) -> FrozenPig:
        if move == ROLL:
            return replace(self, rolling=True)
        if move == BANK:
            scores = list(self.scores)
            scores[self.to_move] += self.turn_total
            return replace(self, scores=(scores[0], scores[1]), to_move=1 - self.to_move, turn_total=0)
        if move == 1:
            return replace(self, to_move=1 - self.to_move, turn_total=0, rolling=False)
        return replace(self, turn_total=self.turn_total + move, rolling=False)


def measure(seconds: float, target: int = 100, frozen: bool = False) -> tuple[float, float, int]:
    """The same loop as `playouts.measure`: uniform random decisions, exact chance. `frozen`
    measures `FrozenPig`."""
    steps = games = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        state = FrozenPig((0, 0), 0, 0, False, target) if frozen else PigState((0, 0), 0, 0, False, target)
        while not state.is_over:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state._step(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games


if __name__ == "__main__":
    for frozen in (False, True):
        steps, games, n = measure(3.0, frozen=frozen)
        label = "frozen pig" if frozen else "pig (benchmark only)"
        print(f"{label:<22}{2:>8}{'target=100':>34}{steps:>12,.0f}{games:>10.2f}{n:>8}")
