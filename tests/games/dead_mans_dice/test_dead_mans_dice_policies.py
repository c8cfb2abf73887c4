"""Dead Man's Dice policies (the issue's random, greedy and cautious pirates) are distinct players."""

from __future__ import annotations

import explorer
from explorer.games.dead_mans_dice.model import Broadside


def game_of(policy: str, seed: int, players: int = 3):
    game = explorer.load("dead_mans_dice", players=players)
    seat = game.policies()[policy](game)
    return explorer.playout(game.start(seed=seed), seed=seed, policies=[seat] * players)


def test_greedy_and_cautious_play_different_games():
    differ = sum(game_of("greedy", s).history != game_of("cautious", s).history for s in range(6))
    assert differ >= 5


def test_cautious_never_fires_a_broadside_and_both_finish_by_the_target():
    for seed in range(4):
        final = game_of("cautious", seed)
        assert not any(isinstance(a, Broadside) for a in final.history)
        assert final.is_over and max(final.scores()) >= 100
