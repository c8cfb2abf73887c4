"""Summaries of rollouts: win rates with Wilson intervals, mean scores with t intervals,
and paired differences between branches run with common random numbers."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.analysis.stats import mean_interval, wilson
from explorer.core.errors import PositionError


@dataclass(frozen=True, slots=True)
class Outcome:
    """One finished rollout: its index in the run, final scores, the first place, steps."""

    index: int
    scores: tuple[float, ...]
    first: tuple[int, ...]
    steps: int

    def win(self, player: int) -> float:
        """1 for a sole winner, 1/k for each of k players sharing first place, else 0."""
        return 1 / len(self.first) if player in self.first else 0.0

    def to_row(self) -> list:
        return [self.index, list(self.scores), list(self.first), self.steps]

    @classmethod
    def from_row(cls, row: list) -> Outcome:
        return cls(int(row[0]), tuple(float(x) for x in row[1]), tuple(int(x) for x in row[2]), int(row[3]))


@dataclass(frozen=True)
class RolloutResult:
    """Every finished rollout in index order, with summaries per player."""

    players: int
    outcomes: tuple[Outcome, ...]
    requested: int
    interrupted: bool = False
    seed: int = 0

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def wins(self, player: int) -> float:
        return sum(o.win(player) for o in self.outcomes)

    def win_rate(self, player: int) -> float:
        return self.wins(player) / self.games if self.games else float("nan")

    def win_interval(self, player: int) -> tuple[float, float]:
        """95 % Wilson interval of the win rate (shared wins count fractionally)."""
        return wilson(self.wins(player), self.games)

    def mean_score(self, player: int) -> tuple[float, float, float]:
        """(mean, low, high): the mean final score with its 95 % t interval."""
        return mean_interval([o.scores[player] for o in self.outcomes])

    def mean_steps(self) -> float:
        return sum(o.steps for o in self.outcomes) / self.games if self.games else float("nan")

    def table(self) -> list[dict]:
        """One row per player: win rate and mean score with their intervals. ``player`` is the
        seat's index, ``seat`` its name for people ("Player 1" ..)."""
        rows = []
        for p in range(self.players):
            low, high = self.win_interval(p)
            mean, s_low, s_high = self.mean_score(p)
            rows.append({"player": p, "seat": f"Player {p + 1}", "games": self.games, "win_rate": self.win_rate(p),
                         "win_low": low, "win_high": high, "mean_score": mean, "score_low": s_low,
                         "score_high": s_high})
        return rows

    def __str__(self) -> str:
        head = f"{self.games} of {self.requested} games{' (interrupted)' if self.interrupted else ''}"
        lines = [head, f"{'seat':>9} {'win rate':>9} {'95% interval':>17} {'mean score':>11} {'95% interval':>19}"]
        for r in self.table():
            lines.append(f"{r['seat']:>9} {r['win_rate']:>9.3f}   [{r['win_low']:.3f}, {r['win_high']:.3f}]"
                         f" {r['mean_score']:>11.2f}   [{r['score_low']:.2f}, {r['score_high']:.2f}]")
        return "\n".join(lines)


def paired_difference(a: RolloutResult, b: RolloutResult, player: int, measure: str = "win") -> tuple[float, ...]:
    """(mean, low, high) of ``a - b`` for `player`, paired rollout by rollout.

    With common random numbers the same index saw the same seed in both runs, so the
    pairs share their luck and the interval is tighter than comparing two means.
    `measure` is ``"win"`` or ``"score"``.
    """
    if measure not in ("win", "score"):
        raise PositionError("measure", f"{measure!r} is not 'win' or 'score'")
    theirs = {o.index: o for o in b.outcomes}
    if a.seed != b.seed:
        raise PositionError("seed", f"the runs used different seeds ({a.seed} and {b.seed}): "
                                    "the pairs would be unrelated")

    def value(o: Outcome) -> float:
        return o.win(player) if measure == "win" else o.scores[player]

    diffs = [value(o) - value(theirs[o.index]) for o in a.outcomes if o.index in theirs]
    return mean_interval(diffs)
