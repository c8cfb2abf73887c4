"""`hidden_worlds` for Sjørøverøya: exact, consistent with the view, the same law as
`sample_state` (Hidden information, C2-C4), and the player's-view odds built on it."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest
from games.sjoroveroya.support import play, position

import explorer
from explorer.analysis.odds import next_outcomes, view_probability
from explorer.core.errors import PositionError, TooManyWorlds
from explorer.games.sjoroveroya.odds import next_card, sequence_chance

pytestmark = pytest.mark.slow


def after_reshuffle():
    """Player 1 has stepped back and the discard pile was shuffled into the pile mid-draw (R26)."""
    state = position(pieces={0: [7, 7, 12]}, hands=["C", "CC"], pile={"H": 1}, discard={"S": 2, "D": 1, "H": 1})
    return play(state, "back@12", "draw H")


def steps(state, count, seed):
    """`count` random steps on from `state` (chance with its odds, decisions uniformly)."""
    rng = random.Random(seed)
    for _ in range(count):
        moves = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else moves[rng.randrange(len(moves))])
    return state


def positions():
    game3 = explorer.load("sjoroveroya", players=3)
    mid = steps(game3.start(seed=2), 40, seed=2)
    opened = explorer.load("sjoroveroya", players=2, open_hands=True).start(seed=5)
    return {"start-2p": explorer.load("sjoroveroya", players=2).start(seed=3), "mid-3p": mid,
            "C4-reshuffled": after_reshuffle(), "V6-open": opened}


@pytest.mark.parametrize("name", ["start-2p", "mid-3p", "C4-reshuffled", "V6-open"])
def test_worlds_weigh_to_one_and_each_shows_the_same_view(name):
    state = positions()[name]
    game = state.game
    for player in range(game.players):
        view = state.view(player)
        worlds = list(game.hidden_worlds(view))
        assert sum(w for _, w in worlds) == 1 and all(w > 0 for _, w in worlds)
        assert len({world for world, _ in worlds}) == len(worlds)            # grouped: no world twice
        assert state in {world for world, _ in worlds}                        # the truth is one of them
        for world, _ in worlds:
            assert world.view(player) == view


def test_the_teacher_sees_one_world_the_position_itself():
    state = positions()["mid-3p"]
    assert list(state.game.hidden_worlds(state.view(None))) == [(state, F(1))]


@pytest.mark.parametrize("name,player", [("start-2p", 0), ("mid-3p", 1), ("C4-reshuffled", 1)])
def test_worlds_have_the_law_of_sample_state(name, player):
    """2,000 seeded samples: every world's frequency within 4 standard errors of its weight."""
    state = positions()[name]
    game, view = state.game, state.view(player)
    exact = dict(game.hidden_worlds(view))
    rng = random.Random(17)
    n = 2000
    seen = Counter(game.sample_state(view, rng) for _ in range(n))
    assert set(seen) <= set(exact)
    for world, p in exact.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[world] / n - float(p)) <= 4 * se + 1e-9


def test_too_many_worlds_is_raised_before_any_is_given():
    state = explorer.load("sjoroveroya", players=3).start(seed=1)
    with pytest.raises(TooManyWorlds):
        state.game.hidden_worlds(state.view(0), limit=1000)
    assert len(list(state.game.hidden_worlds(state.view(0), limit=1225))) == 35 ** 2   # two hidden 4-card hands


def test_a_view_of_another_game_is_refused():
    state = positions()["start-2p"]
    with pytest.raises(PositionError) as err:
        explorer.load("sjoroveroya", players=3).hidden_worlds(state.view(0))
    assert err.value.field == "game"


# -- player's-view odds (C3, C4) -------------------------------------------------------------
def test_C3_first_draw_odds_from_a_players_view():
    state = position(hands=["SSSD", "HHCC"], pile={"S": 18, "H": 19, "D": 20, "C": 19})
    assert view_probability(state, 0, next_card("♠")).probability == F(18, 80)
    assert view_probability(state, 0, next_card("♥")).probability == F(21, 80)
    assert view_probability(state, 0, next_card("♥♦")).probability == F(41, 80)     # red
    drawing = play(position(pieces={0: [7, 7, 12]}, hands=["SSSD", "HHCC"],
                            pile={"S": 18, "H": 19, "D": 20, "C": 19}), "back@12")
    both = view_probability(drawing, 0, lambda world: sequence_chance(world.pile, "SS"))
    assert both.exact and both.probability == F(153, 3160)


def test_C3_the_drawers_view_tells_suits_apart_the_opponents_does_not():
    drawing = play(position(pieces={0: [3, 10]}, hands=["SSSD", "HHCC"]), "back@10")
    mine = next_outcomes(drawing, 0)
    assert mine["Player 1 draws a card (Player 1 gets ♠)"] == F(18, 80) and sum(mine.values()) == 1
    assert next_outcomes(drawing, 1) == {"Player 1 draws a card": F(1)}


def test_C4_after_a_reshuffle_the_odds_follow_the_public_reshuffled_pile():
    state = after_reshuffle()                                                    # reshuffled ♠♠♥♦
    assert all(view_probability(state, p, next_card("♠")).probability == F(1, 2) for p in (None, 0, 1))
    drew = state.apply("draw S")                                                 # Player 1 takes a ♠
    assert drew.drawn_since[0] == (1, 0, 0, 0)
    assert view_probability(drew, 0, next_card("♠")).probability == F(1, 3)      # Player 1 knows it
    assert view_probability(drew, 1, next_card("♠")).probability == F(1, 2)      # Player 2 does not
    assert view_probability(drew, None, next_card("♠")).probability == F(1, 3)


@pytest.mark.parametrize("viewer", [0, 1])
def test_R26_worlds_after_a_reshuffle_write_the_others_draws_and_load_back(viewer):
    """The reshuffled cards are the pile plus every draw since (R26): a world must give the
    opponent's hidden draws since, or it is no position (`state_from_dict` refuses it)."""
    truth = after_reshuffle().apply("draw S")                       # Player 1 drew ♠ since (hidden from Player 2)
    game, view = truth.game, truth.view(viewer)
    worlds = dict(game.hidden_worlds(view))
    assert truth in worlds and sum(worlds.values()) == 1
    samples = [game.sample_state(view, random.Random(k)) for k in range(30)]
    for world in [*worlds, *samples]:
        assert game.state_from_dict(world.to_dict()) == world
        assert sum(map(sum, world.drawn_since)) + sum(world.pile) == sum(truth.reshuffled_from)
    assert set(samples) <= set(worlds)


def test_next_card_names_suits_in_the_games_words():
    with pytest.raises(PositionError) as err:
        next_card("red")
    assert err.value.field == "suits"
