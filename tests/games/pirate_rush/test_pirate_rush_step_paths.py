"""Pirate Rush's fast step paths: the next state built in place, knowledge revised only where
a step can change it (H2, H7-H12), and loaded positions stepping exactly like played ones."""

from __future__ import annotations

import random

import pytest
from games.pirate_rush.support import game, play, table

from explorer.core.play import advance
from explorer.games.pirate_rush import model
from explorer.games.pirate_rush.flow import Work
from explorer.games.pirate_rush.model import FIELDS, RushState

pytestmark = pytest.mark.slow


def test_a_step_returns_a_new_immutable_state_and_leaves_the_old_one_as_it_was():
    s = advance(game(4).start(3), 3, steps=40)
    before = s.to_dict()
    action = s.sample_chance(random.Random(0)) if s.is_chance else s.legal_actions()[0]
    t = s._step(action)
    assert type(t) is RushState and t is not s and s.to_dict() == before
    assert isinstance(t.events, tuple) and t.events and t.history == (*s.history, action)
    with pytest.raises(AttributeError):
        t.phase = "over"


def test_the_work_copy_takes_every_position_field_once():
    """The step's field copy is compiled from the declaration for speed: it must name exactly model.FIELDS."""
    s = advance(game(3).start(5), 5, steps=25)
    w = Work(s)
    assert all(getattr(w, name) is getattr(s, name) for name in FIELDS)
    copied = model.copy_fields.__code__.co_names
    assert sorted(copied) == sorted(FIELDS)
    assert len(copied) == len(FIELDS)


def test_H2_a_loaded_fact_keeps_no_zone_where_no_unidentified_tile_lies():
    s = table(3)
    d = s.to_dict()
    token = d["slots"][1][0]
    d["kinds"][token] = "gold"
    d["vague"] = [[[token, ["I2", "P2"]]], [], []]     # player 1 holds no tile: P2 cannot hide it
    s = s.game.state_from_dict(d)
    assert s.vague[0] == ((token, ("I2", "P2")),)
    t = play(s, "look I3.a")                              # moves no tile, teaches nothing yet
    assert t.vague[0] == ((token, ("I2",)),)
    assert play(t, "tile rum").vague[0] == ((token, ("I2",)),)


@pytest.mark.parametrize("players,options", [(4, {}), (5, {"perdidos_scope": "pooled_ahead"}),
                                             (3, {"duel_mode": "coin", "reveal_paid_tiles": False})])
def test_H7_H12_a_loaded_position_steps_exactly_like_the_played_one(players, options):
    g = game(players, **options)
    rng = random.Random(players)
    remembered = revised = 0
    for seed in range(3):
        s = g.start(seed)
        while not s.is_over:
            action = s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions())
            played = s._step(action)
            loaded = g.state_from_dict(s.to_dict())._step(action)
            assert played == loaded and played.events == loaded.events
            assert all(played.view(p) == loaded.view(p) for p in range(players))
            remembered += any(s.vague)
            revised += played.vague != s.vague
            s = played
    assert remembered > 100 and revised > 5      # both paths ran: facts kept and facts revised
