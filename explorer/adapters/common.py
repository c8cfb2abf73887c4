"""What both adapters share: integer ids, returns and the length bound.

Nothing here knows a game: ids come from `Game.action_space` and `Game.chance_space`,
results from `State.winners` (or `State.scores`), the length bound from `Game.max_decisions`,
derived from the game's cap options; a cap the user leaves unset gets the game's
documented adapter value (`Game.LENGTH_CAPS`), so no bound is ever guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.game import Game, State

RETURNS = ("win_shares", "score_difference")
"""What a finished game returns: each player's share of one victory (tied winners split
it, constant-sum), or for two players the final score difference (zero-sum)."""


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
    """The game's derived bound (`Game.max_decisions`), or `requested` decisions when the
    user asks to cut the game sooner; a set-up with no bound needs an explicit `requested`."""
    if isinstance(requested, bool) or not isinstance(requested, int) or requested < 0:
        raise OptionError("decision_limit", f"{requested!r} is not a whole number >= 0 (0: the game's own bound)")
    bound = game.max_decisions()
    if requested:
        return requested if bound is None else min(bound, requested)
    if bound is None:
        caps = ", ".join(type(game).LENGTH_CAPS) or "none"
        raise OptionError("decision_limit", f"{game!r} has no derived length bound (Game.max_decisions() is None): "
                                            f"give the caps it reads a value (its adapter caps: {caps}) or set "
                                            "decision_limit to cut the game after that many decisions")
    return bound


def with_caps(game_class: type[Game], options: dict[str, Any]) -> dict[str, Any]:
    """`options` plus the adapters' value for every length cap left unset (`Game.LENGTH_CAPS`);
    a cap given explicitly, even None, is kept."""
    return {**game_class.LENGTH_CAPS, **options}


def returns_range(game: Game, kind: str) -> tuple[float, float, float]:
    """(min, max, sum) of the returns of `kind` (`RETURNS`) for this set-up."""
    if kind == "win_shares":
        return 0.0, 1.0, 1.0
    if kind != "score_difference":
        raise OptionError("returns", f"{kind!r} is not one of {', '.join(RETURNS)}")
    bound = game.score_difference_bound()
    if game.players != 2 or bound is None:
        raise OptionError("returns", f"score_difference needs two players and a derived score bound "
                                     f"(Game.score_difference_bound); {game!r} lacks one")
    return -float(bound), float(bound), 0.0


def game_returns(state: State, kind: str, cut: bool = False) -> list[float]:
    """The returns of `kind` at `state`: zeros before the end, `win_shares` or the score
    difference (P1 - P2, then its negation) once it is over; a cut game has no result."""
    if kind == "win_shares":
        return win_shares(state, cut)
    if cut or not state.is_over:
        return [0.0, 0.0]
    first, second = state.scores()
    return [float(first - second), float(second - first)]


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
    """Options as framework parameters with their defaults (a length cap's default is its
    adapter value, `Game.LENGTH_CAPS`): a nullable int's None is written -1, a choice among
    values of several types is written as its text."""
    params: dict[str, Any] = {"players": game_class.default_players}
    for spec in game_class.OPTIONS:
        default = game_class.LENGTH_CAPS.get(spec.name, spec.default)
        value = -1 if default is None else default
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
