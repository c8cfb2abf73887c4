"""Dead Man's Dice's playouts (playout.py: the model's rules on one working copy) on hand-written positions that random
play from the start does not reach, and its guard on the generator. The generic comparison
with the model, over every option, is tests/test_random_playout.py."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.errors import PositionError
from explorer.core.play import playout
from explorer.games.dead_mans_dice.model import Broadside, RestartRoll, Shot, StrayShot

pytestmark = pytest.mark.slow

# A broadside or stray shot at P2's pile: P2 restarts (R34) out of turn, then the shooter's turn
# ends or the stray roll lands; the playout must draw for both exactly as the model does.
AT_PILES = {"piles": [["P1-1=3"], ["P2-1=4", "P3-1=5"], ["P3-2=2"]], "to_move": 0}
# The digest's "nothing to restart" case (R34: "if the victim's hand is empty") needs a pile whose
# bottom die is not its owner's: a base is always its owner's roll (R7, R13), so no position
# reached by the rules has it, and position data asking for it is refused.
NOTHING_TO_RESTART = {"piles": [["P1-1=3"], ["P3-1=4"], ["P2-1=2", "P2-2=5", "P2-J=6"]], "to_move": 0}


def same_games(game: explorer.Game, data: dict, seeds: range) -> list[tuple]:
    """Play every seed with the playout and through the model (frozen states); they must agree exactly.
    Returns the model's histories, so a test can check the case it means was played."""
    start = game.state_from_dict(data)
    histories = []
    for seed in seeds:
        fast, slow = random.Random(seed), random.Random(seed)
        end = game.playout(start, fast, 1_000_000, "random", final=True)
        final = playout(start, slow)
        assert end is not None and end.state is not None
        assert end.steps == len(final.history)
        assert end.state.to_dict() == final.to_dict()
        assert (end.scores, end.winners) == (final.scores(), final.winners())
        assert fast.getstate() == slow.getstate()
        histories.append(final.history)
    return histories


@pytest.mark.parametrize("options", [{}, {"broadside_hit_p": "1/2"}], ids=["declared", "hit_p=1/2"])
def test_R34_broadside_victim_restarts_in_playout_and_model(options: dict) -> None:
    game = explorer.load("dead_mans_dice", players=3, round_limit=1, **options)
    histories = same_games(game, AT_PILES, range(40))
    hits = [h for h in histories if h[0] == Broadside(1) and (not options or h[1] == Shot(True))]
    assert hits, "no seed fired at P2"
    assert all(isinstance(h[1 if not options else 2], RestartRoll) for h in hits)


def test_V3_stray_shot_victim_restarts_in_playout_and_model() -> None:
    game = explorer.load("dead_mans_dice", players=3, round_limit=1, stray_shots=True, broadside="off")
    data = {**AT_PILES, "step": "roll", "die": "P1-2"}
    histories = same_games(game, data, range(300))
    assert any(h[1] == StrayShot(1) and isinstance(h[2], RestartRoll) for h in histories), \
        "no seed strayed into P2 (C8: 1/72 a roll)"


def test_R34_a_victim_with_nothing_to_restart_cannot_be_set_up() -> None:
    game = explorer.load("dead_mans_dice", players=3)
    with pytest.raises(PositionError, match=r"P3-1 cannot be the bottom of Player 2's pile.*\(R7, R13\)") as err:
        game.state_from_dict(NOTHING_TO_RESTART)
    assert err.value.field == "piles.1.0"


class _OwnRandrange(random.Random):
    def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().randrange(*args, **kwargs)


def test_other_generators_step_the_model() -> None:
    """The playout draws as `random.Random.randrange` does, below it; with any other it declines (None)."""
    game = explorer.load("dead_mans_dice", players=3, broadside="off")
    start = game.start(2)
    assert game.playout(start, _OwnRandrange(1), 1_000_000, "random") is None
    assert game.playout(start, random.Random(1), 1_000_000, "random") is not None


def test_max_steps_is_a_guard() -> None:
    """The model's own guard: exactly `max_steps` steps may be played, no more."""
    game = explorer.load("dead_mans_dice", players=2, broadside="off")
    start = game.start(4)
    steps = game.playout(start, random.Random(7), 1_000_000, "random").steps
    assert game.playout(start, random.Random(7), steps, "random").steps == steps
    with pytest.raises(RuntimeError, match=f"no end after {steps - 1} steps"):
        game.playout(start, random.Random(7), steps - 1, "random")
