"""After a reshuffle (R26) with 3 or 4 players, every view's worlds hold the truth: the view
carries how many cards each seat drew since (public, R29), so the reshuffled cards the viewer
cannot place are split among the opponents' draws exactly as the table drew them."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.errors import PositionError, TooManyWorlds

LIMIT = 400          # views with more worlds take the sampled check
SAMPLES = 12


def after_reshuffle(players: int, seed: int, count: int = 25) -> list:
    """The first `count` positions after the first reshuffle of a seeded random game."""
    state = explorer.load("sjoroveroya", players=players).start(seed=seed)
    rng = random.Random(seed)
    out: list = []
    while len(out) < count and not state.is_over:
        moves = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else moves[rng.randrange(len(moves))])
        if state.reshuffled_from is not None:
            out.append(state)
    return out


def test_R26_R29_the_view_shows_each_seats_draws_since_the_reshuffle_not_their_suits():
    states = after_reshuffle(3, 1)
    assert states, "the seeded game reaches a reshuffle"
    state = states[-1]
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert view["drawn_since_sizes"] == [sum(d) for d in state.drawn_since]
        for seat, drawn in enumerate(view["drawn_since"]):
            assert (drawn is None) == (viewer is not None and seat != viewer)


@pytest.mark.parametrize("players,seed", [(p, s) for p in (3, 4) for s in range(3)],
                         ids=[f"R26-{p}p-seed{s}" for p in (3, 4) for s in range(3)])
def test_R26_the_truth_is_among_the_worlds_of_every_view_after_a_reshuffle(players, seed):
    states = after_reshuffle(players, seed)
    assert len(states) == 25
    listed = sampled = 0
    for state in states:
        game = state.game
        for viewer in range(players):
            view = state.view(viewer)
            try:
                worlds = dict(game.hidden_worlds(view, limit=LIMIT))
            except TooManyWorlds:
                sampled += 1
                rng = random.Random(seed * 100 + viewer)
                for _ in range(SAMPLES):
                    world = game.sample_state(view, rng)
                    assert world.view(viewer) == view
                    assert game.state_from_dict(world.to_dict()) == world
                    assert [sum(d) for d in world.drawn_since] == [sum(d) for d in state.drawn_since]
                continue
            listed += 1
            assert state in worlds
            assert sum(worlds.values()) == 1 and all(w > 0 for w in worlds.values())
            for world in worlds:
                assert world.view(viewer) == view
                assert game.state_from_dict(world.to_dict()) == world
    assert listed > 0


def test_R26_a_view_whose_draw_counts_do_not_add_up_is_refused():
    state = after_reshuffle(3, 0)[-1]
    view = dict(state.view(0))
    sizes = list(view["drawn_since_sizes"])
    sizes[1] += 1
    with pytest.raises(PositionError) as err:
        state.game.hidden_worlds({**view, "drawn_since_sizes": sizes})
    assert err.value.field == "drawn_since_sizes"
