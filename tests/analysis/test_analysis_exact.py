"""The enumerator and expectimax against hand-worked distributions (toy dice, digest C3)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from toy_games import DiceGame

import explorer
from explorer.analysis import action_values, chance_distribution, distribution, expectation, probability
from explorer.core.errors import IllegalAction, PositionError


def after(state, *moves):
    for m in moves:
        state = state.apply(m)
    return state


def test_two_dice_sum_is_the_triangle():
    start = after(DiceGame(1).new_state(), "two")
    dist = distribution(start, lambda s: s.totals[0])
    assert dist == {t: F(6 - abs(t - 7), 36) for t in range(2, 13)}
    assert next(iter(dist)) == 7                        # largest first
    assert expectation(dist) == 7
    assert probability(dist, lambda t: t >= 10) == F(1, 6)


def test_depth_stops_after_that_many_steps():
    start = after(DiceGame(1).new_state(), "two")
    assert distribution(start, lambda s: s.totals[0], depth=1) == {k: F(1, 6) for k in range(1, 7)}


def test_until_stops_where_the_condition_holds():
    start = after(DiceGame(1).new_state(), "two")
    dist = distribution(start, lambda s: s.totals[0] >= 4, until=lambda s: s.totals[0] >= 4)
    assert dist == {True: F(1, 2) + F(1, 2) * F(1, 6) + F(1, 6) * F(3, 6) + F(1, 6) * F(4, 6) + F(1, 6) * F(5, 6),
                    False: F(1, 6) * F(2, 6) + F(1, 6) * F(1, 6)}


def test_decisions_follow_the_rule_or_random_or_stop():
    game = DiceGame(2)
    start = game.new_state()
    assert distribution(start, lambda s: s.totals) == {(0, 0): 1}           # a decision ends the walk
    both_one = distribution(start, lambda s: s.winners()[0], decide=lambda s: "one")
    assert both_one == {(0,): F(15, 36), (1,): F(15, 36), (0, 1): F(6, 36)}
    mixed = distribution(start, lambda s: len(s.history), decide="random")
    assert sum(mixed.values()) == 1
    assert set(mixed) == {4, 5, 6}    # 1+1, 1+2 or 2+1, 2+2 dice, plus two decisions


def test_a_rule_that_plays_an_illegal_move_names_the_rule():
    with pytest.raises(IllegalAction, match="D1"):
        distribution(DiceGame(1).new_state(), lambda s: 0, decide=lambda s: "three")


def test_bad_arguments_are_position_errors():
    start = DiceGame(1).new_state()
    with pytest.raises(PositionError, match="decide"):
        distribution(start, lambda s: 0, decide="greedy")
    with pytest.raises(PositionError, match="depth"):
        distribution(start, lambda s: 0, depth=-1)
    with pytest.raises(PositionError, match="limit"):
        distribution(start, lambda s: s.totals, decide="random", limit=5)
    with pytest.raises(PositionError, match="not a chance node"):
        chance_distribution(start)


def test_memoisation_merges_equal_states():
    calls = []
    start = after(DiceGame(1).new_state(), "two")
    distribution(start, lambda s: calls.append(s) or s.totals[0])
    assert len(calls) == 11    # one per distinct final total, not 36 paths


def test_expectimax_values_each_action_exactly():
    values = action_values(DiceGame(1).new_state(), depth=3)
    assert values == {"one": (F(7, 2),), "two": (F(7),)}
    short = action_values(DiceGame(1).new_state(), depth=2)
    assert short["two"] == (F(7, 2),)     # only one die seen within two steps
    with pytest.raises(PositionError, match="depth"):
        action_values(DiceGame(1).new_state(), depth=0)
    with pytest.raises(PositionError, match="decision"):
        action_values(after(DiceGame(1).new_state(), "one"), depth=1)


def test_expectimax_second_player_answers_the_first():
    game = DiceGame(2)
    values = action_values(game.new_state(), depth=8, value=lambda s: tuple(
        F(1, len(s.winners()[0])) if s.is_over and p in s.winners()[0] else F(0) for p in range(2)))
    # the second player always rolls two dice, so rolling two is the first player's best chance
    assert values["two"][0] > values["one"][0]
    assert values["two"][0] + values["two"][1] == 1


# -- Sjørøverøya, digest C3 ---------------------------------------------------------------
def c3_position(pile=None):
    game = explorer.load("sjoroveroya", players=2)
    data = {"track": "HSDCCDSHSHCDDCHSHDSC", "pieces": [[0, 0, 0, 1, 1, 5], [0] * 6],
            "hands": ["SSSD", ""], "to_move": 0}
    if pile is not None:
        data["pile"] = pile
    return game.state_from_dict(data)


def test_c3_two_spades_when_drawing_two():
    s = c3_position()
    # 80 unseen cards (♠18 ♥21 ♦20 ♣21); back from card 5 onto card 1 with 2 own pieces draws 2
    drew = s.apply("back@5")
    assert drew.is_chance and drew.pending == 2
    dist = distribution(drew, lambda t: t.hands[0][0] - 3, until=lambda t: not t.pending)
    assert dist[2] == F(153, 3160)
    assert 1 - dist[0] == F(1269, 3160)
    chance = chance_distribution(drew)
    assert chance == {"draw S": F(18, 80), "draw H": F(21, 80), "draw D": F(20, 80), "draw C": F(21, 80)}


def test_c3_omniscient_pile_of_three():
    s = c3_position(pile={"H": 2, "S": 1})
    drew = s.apply("back@5")
    assert chance_distribution(drew) == {"draw S": F(1, 3), "draw H": F(2, 3)}


# -- decide= policies: exact probabilities(view, legal) ---------------------------------
class Mixed:
    """Rolls one die a third of the time, two dice otherwise; says so exactly."""

    name = "mixed"
    needs_view = True

    def __init__(self, game=None):
        self.views = []

    def choose(self, view, legal, rng):
        return "one" if rng.random() < 1 / 3 else "two"

    def probabilities(self, view, legal):
        self.views.append(view)
        return {"one": F(1, 3), "two": F(2, 3)}


class ChoosesOnly:
    name = "chooser"
    needs_view = False

    def choose(self, view, legal, rng):
        return legal[0]


class Broken(Mixed):
    def __init__(self, answer):
        super().__init__()
        self.answer = answer

    def probabilities(self, view, legal):
        return self.answer


def test_a_policy_object_is_followed_through_its_exact_probabilities():
    start = DiceGame(1).new_state()
    policy = Mixed()
    dist = distribution(start, lambda s: s.totals[0], decide=policy)
    assert dist[1] == F(1, 3) * F(1, 6) and dist[7] == F(2, 3) * F(6, 36) and dist[6] == F(1, 18) + F(2, 3) * F(5, 36)
    assert sum(dist.values()) == 1
    assert policy.views == [start.view(0)]        # it was shown its seat's view, once per distinct decision


def test_random_by_name_object_or_class_is_the_uniform_random_policy():
    from explorer.core.policy import RandomPolicy

    start = DiceGame(2).new_state()
    winners = lambda s: s.winners()[0]   # noqa: E731
    expected = distribution(start, winners, decide="random")
    assert distribution(start, winners, decide=RandomPolicy()) == expected
    assert distribution(start, winners, decide=RandomPolicy) == expected
    assert distribution(start, winners, decide={0: "random", 1: RandomPolicy()}) == expected
    assert RandomPolicy().probabilities(None, ("a", "b", "c")) == {"a": F(1, 3), "b": F(1, 3), "c": F(1, 3)}


def test_a_seat_mapping_follows_the_named_seats_and_stops_at_the_others():
    start = DiceGame(2).new_state()
    dist = distribution(start, lambda s: (s.totals, s.player), decide={0: Mixed()})
    assert all(player == 1 for _, player in dist)          # every walk stops at Player 2's decision
    assert sum(dist.values()) == 1 and dist[((1, 0), 1)] == F(1, 18)
    both = distribution(start, lambda s: s.winners()[0], decide={0: Mixed(), 1: "random"})
    assert sum(both.values()) == 1 and both != distribution(start, lambda s: s.winners()[0], decide="random")


@pytest.mark.parametrize("decide, words", [
    (ChoosesOnly(), "no exact probabilities"),
    ({0: ChoosesOnly()}, "Player 1"),
    ("rule_of_thumb", "unknown policy 'rule_of_thumb'"),
    ({2: "random"}, "not a seat"),
    ({"0": "random"}, "not a seat"),
    (42, "neither"),
    (object(), "neither"),
], ids=["policy-without-probabilities", "seat-without-probabilities", "unknown-name", "seat-out-of-range",
        "seat-as-text", "number", "object"])
def test_a_policy_that_cannot_be_followed_exactly_is_one_decide_error(decide, words):
    with pytest.raises(PositionError) as err:
        distribution(DiceGame(2).new_state(), lambda s: 0, decide=decide)
    assert err.value.field == "decide" and words in err.value.reason, err.value.reason


@pytest.mark.parametrize("answer, words", [
    ({"one": F(1, 2)}, "summing to 1"), ({"one": 0.5, "two": 0.5}, "exact fractions"),
    ({"one": F(1, 2), "three": F(1, 2)}, "not a legal action"), ({"one": F(3, 2), "two": F(-1, 2)}, "summing to 1"),
], ids=["short", "floats", "illegal", "negative"])
def test_a_policy_giving_bad_probabilities_is_refused(answer, words):
    with pytest.raises(PositionError) as err:
        distribution(DiceGame(1).new_state(), lambda s: 0, decide=Broken(answer))
    assert err.value.field == "decide" and words in err.value.reason


def test_sjoroveroya_random_policy_by_name_matches_random_and_rule_of_thumb_is_refused():
    game = explorer.load("sjoroveroya", players=2)
    start = game.start(seed=2)
    quantity = lambda s: (s.to_move, s.hands)   # noqa: E731
    expected = distribution(start, quantity, depth=3, decide="random")
    assert len(expected) > 1 and sum(expected.values()) == 1
    assert distribution(start, quantity, depth=3, decide={0: "random", 1: "random"}) == expected
    assert distribution(start, quantity, depth=3, decide=game.policies()["random"](game)) == expected
    stops = distribution(start, quantity, depth=3, decide={1 - start.player: "random"})
    assert stops == {quantity(start): 1}       # the actor is not named: the walk ends at once
    with pytest.raises(PositionError) as err:
        distribution(start, quantity, depth=3, decide="rule_of_thumb")
    assert err.value.field == "decide" and "'rule_of_thumb'" in err.value.reason
