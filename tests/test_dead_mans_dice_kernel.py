"""Dead Man's Dice's random-playout kernel (kernel.py) on hand-written positions that random
play from the start does not reach, and its guard on the generator. The generic comparison
with the model, over every option, is tests/test_random_playout.py."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.play import playout
from explorer.games.dead_mans_dice.model import Broadside, Shot, StrayShot

# B's pile holds only C's die and B's own dice are all in C's pile: sinking B leaves B with
# nothing to restart with (R34), so the shooter's turn ends and B's empty hand ends the round
# (R28). Only a what-if position gets here.
NOTHING_TO_RESTART = {"hands": [["A2", "AJ"], [], ["C2", "CJ"]],
                      "piles": [["A1=3"], ["C1=4"], ["B1=2", "B2=5", "BJ=6"]], "to_move": 0}


def same_games(game: explorer.Game, data: dict, seeds: range) -> list[tuple]:
    """Play every seed with the kernel and through the model; they must agree exactly.
    Returns the model's histories, so a test can check the case it means was played."""
    start = game.state_from_dict(data)
    histories = []
    for seed in seeds:
        fast, slow = random.Random(seed), random.Random(seed)
        end = game.random_playout(start, fast, 1_000_000, final=True)
        final = playout(start, slow)
        assert end is not None and end.state is not None
        assert end.steps == len(final.history)
        assert end.state.to_dict() == final.to_dict()
        assert (end.scores, end.winners) == (final.scores(), final.winners())
        assert fast.getstate() == slow.getstate()
        histories.append(final.history)
    return histories


@pytest.mark.parametrize("options", [{}, {"broadside_hit_p": "1/2"}], ids=["declared", "hit_p=1/2"])
def test_broadside_victim_with_nothing_to_restart(options: dict) -> None:
    game = explorer.load("dead_mans_dice", players=3, round_limit=1, **options)
    histories = same_games(game, NOTHING_TO_RESTART, range(40))
    hits = [h for h in histories if h[0] == Broadside(1) and (len(h) < 2 or h[1] == Shot(True))]
    assert hits, "no seed fired at B"
    assert all(len(h) == (1 if not options else 2) for h in hits)     # the round, and game, ends at once


def test_stray_shot_into_a_pile_with_nothing_to_restart() -> None:
    game = explorer.load("dead_mans_dice", players=3, round_limit=1, stray_shots=True, broadside="off")
    data = {**NOTHING_TO_RESTART, "step": "roll", "die": "A2"}
    histories = same_games(game, data, range(300))
    assert any(h[1] == StrayShot(1) for h in histories), "no seed strayed into B (C8: 1/72 a roll)"


class _OwnRandrange(random.Random):
    def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().randrange(*args, **kwargs)


def test_other_generators_step_the_model() -> None:
    """The kernel inlines `random.Random.randrange`; with any other it declines (None)."""
    game = explorer.load("dead_mans_dice", players=3, broadside="off")
    start = game.start(2)
    assert game.random_playout(start, _OwnRandrange(1), 1_000_000) is None
    assert game.random_playout(start, random.Random(1), 1_000_000) is not None


def test_max_steps_is_a_guard() -> None:
    """The model's own guard: exactly `max_steps` steps may be played, no more."""
    game = explorer.load("dead_mans_dice", players=2, broadside="off")
    start = game.start(4)
    steps = game.random_playout(start, random.Random(7), 1_000_000).steps
    assert game.random_playout(start, random.Random(7), steps).steps == steps
    with pytest.raises(RuntimeError, match=f"no end after {steps - 1} steps"):
        game.random_playout(start, random.Random(7), steps - 1)
