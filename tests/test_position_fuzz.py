"""Position fuzzing on every game: about 300 random mutations of position data taken along a few
seeded random games in several set-ups must each be refused with one `PositionError` or load a
state that keeps the contract (tests/position_fuzz.py). Never skipped: a crash names the mutation."""

from __future__ import annotations

import pytest
from position_fuzz import fuzz, option_sets, positions_along
from toy_games import DrawGame

import explorer

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

MUTATIONS = 300
pytestmark = pytest.mark.filterwarnings("ignore:.*unreachable")   # mutations make unreachable positions on purpose


def positions(cls, seed: int) -> list:
    """Eight positions along each of two seeded random games, in each of three set-ups."""
    return [state for game in option_sets(cls, seed) for run in range(2)
            for state in positions_along(game, seed * 10 + run)]


@pytest.mark.parametrize("name", explorer.games())
def test_mutated_positions_are_refused_or_keep_the_contract(name):
    cls = type(explorer.load(name))
    found = positions(cls, seed=len(name))
    games = {state.game for state in found}
    report = None
    for game in games:   # each set-up's positions are read by that set-up's loader
        part = fuzz(game, [s for s in found if s.game == game], MUTATIONS // len(games), seed=len(name))
        report = part if report is None else _merge(report, part)
    assert report.tried == MUTATIONS // len(games) * len(games)
    assert report.refused > 0 and report.accepted + report.refused == report.tried, report.line()


def _merge(a, b):
    a.tried += b.tried
    a.refused += b.refused
    a.accepted += b.accepted
    a.unchanged += b.unchanged
    return a


def test_the_fuzzer_catches_a_loader_that_crashes_and_one_that_accepts_nonsense():
    game = DrawGame(2)
    found = positions_along(game, 1)

    class Crashing(DrawGame):
        def state_from_dict(self, data):
            return super().state_from_dict({**data, "hands": [h.upper() for h in data["hands"]]})

    crashing = Crashing(2)
    with pytest.raises(AssertionError, match="raised"):
        fuzz(crashing, [crashing.state_from_dict(s.to_dict()) for s in found], 200, seed=1)
    report = fuzz(crashing, [crashing.state_from_dict(s.to_dict()) for s in found], 200, seed=1, stop=False)
    assert report.crashes and "CRASHED" in report.line()
    clean = fuzz(game, found, 200, seed=1)
    assert clean.refused and clean.accepted and not clean.crashes
