"""What both adapters share: integer ids, win shares and the decision limit.

Nothing here knows a game: ids come from `Game.action_space` and `Game.chance_space`,
results from `State.winners`, the length bound from `Game.max_decisions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.game import Game, State

DEFAULT_DECISION_LIMIT = 1000
"""Decisions after which a game with no bound of its own (`Game.max_decisions` is None)
is cut short: a cut game has no winner, every player gets an equal share."""


@dataclass(frozen=True)
class Ids:
    """A set-up's actions and chance outcomes numbered by their sorted position."""

    actions: tuple[Any, ...]
    outcomes: tuple[Any, ...]
    action_id: dict[Any, int]
    outcome_id: dict[Any, int]


@cache
def ids(game: Game) -> Ids:
    actions, outcomes = game.action_space(), game.chance_space()
    return Ids(actions, outcomes, {a: i for i, a in enumerate(actions)}, {o: i for i, o in enumerate(outcomes)})


def legal_ids(state: State) -> list[int]:
    """The sorted ids of the legal actions at a decision."""
    table = ids(state.game).action_id
    return sorted(table[action] for action in state.legal_actions())


def chance_ids(state: State) -> list[tuple[int, Fraction]]:
    """The chance node's outcomes as (id, exact probability), sorted by id."""
    table = ids(state.game).outcome_id
    return sorted((table[outcome], p) for outcome, p in state.chance_outcomes())


def decision_limit(game: Game, requested: int = 0) -> int:
    """The game's own bound when it has one, else `requested` (or the default) decisions."""
    if isinstance(requested, bool) or not isinstance(requested, int) or requested < 0:
        raise OptionError("decision_limit", f"{requested!r} is not a whole number >= 0 (0: the game's own bound)")
    bound = game.max_decisions()
    if bound is not None:
        return bound if requested == 0 else min(bound, requested)
    return requested or DEFAULT_DECISION_LIMIT


def win_shares(state: State, cut: bool = False) -> list[float]:
    """Each player's share of one victory: tied winners split it, a cut game splits it evenly.

    So returns lie in [0, 1] and always sum to 1 (a constant-sum game)."""
    n = state.game.players
    if cut or not state.is_over:
        return [1.0 / n] * n if cut else [0.0] * n
    best = state.winners()[0]
    return [1.0 / len(best) if p in best else 0.0 for p in range(n)]


def _mixed(spec) -> bool:
    """Choices of several types (``24`` or ``"unlimited"``): a framework parameter has one type."""
    return len({type(choice) for choice in spec.choices}) > 1


def option_params(game_class: type[Game]) -> dict[str, Any]:
    """Options as framework parameters: a nullable int's None is written -1, a choice among
    values of several types is written as its text."""
    params: dict[str, Any] = {"players": game_class.default_players}
    for spec in game_class.OPTIONS:
        value = -1 if spec.default is None else spec.default
        params[spec.name] = str(value) if _mixed(spec) else value
    return params


def load_from_params(game_class: type[Game], params: dict[str, Any]) -> Game:
    """The game named by framework parameters (the inverse of `option_params`); a bad value
    raises the game's own `OptionError` naming the option."""
    defaults = option_params(game_class)
    options = {}
    for spec in game_class.OPTIONS:
        value = params.get(spec.name, defaults[spec.name])
        if _mixed(spec):
            value = {str(choice): choice for choice in spec.choices}.get(value, value)
        options[spec.name] = None if spec.nullable and value == -1 else value
    return game_class(params.get("players", game_class.default_players), **options)
