"""`explorer.testing.check_game`, the authors' checker: it passes the toy games, and it finds each
kind of mistake a game's author makes, saying what to fix (the checker is checked here; the
registered games are checked by tests/test_contract.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from toy_games import DiceGame, DiceState, DrawGame

from explorer.core.errors import IllegalAction
from explorer.core.game import State
from explorer.testing import GameCheckFailed, check_game


@pytest.mark.parametrize("game", [DiceGame(2), DrawGame(2), DrawGame(3, reds=3, blacks=4)], ids=str)
def test_the_toy_games_pass(game):
    report = check_game(game, seeds=2, steps=120, interop=False)
    assert report.ok and report.checked["steps"] > 20 and report.checked["fuzz"] > 200


def problems(game, **kwargs) -> str:
    with pytest.raises(GameCheckFailed) as err:
        check_game(game, seeds=1, steps=80, interop=False, **kwargs)
    return str(err.value)


class Unfair(DiceState):
    __slots__ = ()

    def chance_outcomes(self):
        return tuple((o, p * Fraction(5, 6)) for o, p in super().chance_outcomes())

    def _step(self, action):
        s = super()._step(action)
        return Unfair(s.game, s.totals, s.to_move, s.dice_left, s._trail)


class UnfairGame(DiceGame):
    name = "toy_unfair"

    def new_state(self):
        return Unfair(self, (0,) * self.players, 0, 0)


def test_chance_that_does_not_sum_to_one_is_found():
    text = problems(UnfairGame(2), only=("steps",))
    assert "[chance] chance probabilities sum to 5/6, not 1" in text and "fix: list every outcome" in text


class OnlyTwo(DiceState):
    """The toy dice where the second player must roll two dice: "one" is legal only for the first."""

    __slots__ = ()

    def legal_actions(self):
        legal = super().legal_actions()
        return legal if self.to_move == 0 else legal[1:]

    def _step(self, action):
        s = super()._step(action)
        return type(self)(s.game, s.totals, s.to_move, s.dice_left, s._trail)


class Lax(OnlyTwo):
    __slots__ = ()

    def apply(self, action):
        return self._step(action) if action in ("one", "two") else State.apply(self, action)


class LaxGame(DiceGame):
    name = "toy_lax"

    def new_state(self):
        return Lax(self, (0,) * self.players, 0, 0)

    def state_from_dict(self, data):
        s = super().state_from_dict(data)
        return Lax(self, s.totals, s.to_move, s.dice_left)


def test_an_illegal_action_that_is_accepted_is_found():
    assert "apply('one') was accepted though it is not legal here" in problems(LaxGame(2), only=("illegal",))


class Crashing(DiceGame):
    name = "toy_crashing"

    def state_from_dict(self, data):
        return super().state_from_dict({**data, "totals": [int(t) for t in data["totals"]]})


def test_a_loader_that_crashes_on_bad_data_is_found():
    text = problems(Crashing(2), only=("fuzz",))
    assert "[fuzz] position data" in text and "raised" in text and "PositionError(field, reason)" in text


class Forgetful(DiceGame):
    name = "toy_forgetful"
    CAPABILITIES = DiceGame.CAPABILITIES | {"adapters"}


def test_a_declared_capability_that_is_not_written_is_found():
    text = problems(Forgetful(2), only=("core",))
    assert "declares 'adapters' but does not write Game.action_space, Game.chance_space, Game.max_decisions" in text


class Silent(DiceGame):
    name = "toy_silent"
    CAPABILITIES = DiceGame.CAPABILITIES - {"sampling"}


def test_a_capability_written_but_not_declared_is_found():
    assert "writes what 'sampling' needs but does not declare it" in problems(Silent(2), only=("core",))


class NoRule(OnlyTwo):
    __slots__ = ()

    def explain_illegal(self, action):
        return IllegalAction("", "no", action)


class NoRuleGame(DiceGame):
    name = "toy_no_rule"

    def new_state(self):
        return NoRule(self, (0,) * self.players, 0, 0)


def test_a_refusal_that_names_no_rule_is_found_where_the_game_explains():
    text = problems(NoRuleGame(2), only=("illegal",))
    assert "names no rule" in text and "explain_illegal returns IllegalAction(rule ID" in text
