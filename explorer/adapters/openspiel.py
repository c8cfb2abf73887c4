"""OpenSpiel face of every game (extra ``openspiel``): importing this module registers
each game with pyspiel as ``python_<name>``.

    >>> import pyspiel, explorer.adapters.openspiel
    >>> game = pyspiel.load_game("python_sjoroveroya", {"players": 3, "turn_cap": 5})

Parameters are the game's options (a nullable option's None is written -1; a length cap the
user leaves unset takes its documented adapter value, `Game.LENGTH_CAPS`), plus ``players``,
``decision_limit`` (0: the game's own derived bound, `Game.max_decisions`, which is also
``max_game_length``; N: cut the game after N decisions, everyone sharing the result; a
set-up left without a bound, a cap switched off, needs N) and ``returns``
(``win_shares``: each player's share of one victory, constant-sum; ``score_difference``:
for two players, P1's final score minus P2's and its negation, zero-sum).
Action ids index `Game.action_space()`, chance ids `Game.chance_space()`; probabilities are
the exact fractions as floats.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from explorer.core.extras import missing

try:
    import pyspiel
except ImportError as err:  # the openspiel extra
    raise missing(err, "openspiel") from err

from explorer.core.errors import PositionError
from explorer.core.game import Game, State
from explorer.games import game_class, names

from .common import (
    chance_ids,
    decision_limit,
    game_returns,
    ids,
    legal_ids,
    load_from_params,
    option_params,
    returns_range,
)

PREFIX = "python_"


class ExplorerObserver:
    """A player's observation string: their `view` as canonical JSON (no tensor); also their
    information state where the views have perfect recall (`Game.perfect_recall`)."""

    def __init__(self, iig_obs_type: Any = None, recall: bool = False) -> None:
        self.tensor = None
        self.dict: dict = {}
        self._supported = iig_obs_type is None or (
            iig_obs_type.public_info and (recall or not iig_obs_type.perfect_recall)
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER)

    def set_from(self, state: ExplorerState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: ExplorerState, player: int) -> str | None:
        """The view, or None for an observation type other than a player's own view."""
        return state.model.observation_string(player) if self._supported else None


class ExplorerGame(pyspiel.Game):
    """A pyspiel game wrapping one set-up of one of our games (subclassed per game)."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.NAME)
        params = params or {}
        values = _unescape({**spiel_params(cls), **params})
        model = load_from_params(cls, values)
        table = ids(model)
        self.model = model
        self.limit = decision_limit(model, values["decision_limit"])
        self.returns_kind = values["returns"]
        low, high, total = returns_range(model, self.returns_kind)
        info = pyspiel.GameInfo(num_distinct_actions=len(table.actions), max_chance_outcomes=len(table.outcomes),
                                num_players=model.players, min_utility=low, max_utility=high, utility_sum=total,
                                max_game_length=self.limit)
        self._start = model.new_state()
        kind = game_type(cls, zero_sum=self.returns_kind == "score_difference", recall=model.perfect_recall())
        super().__init__(kind, info, _escape(_unescape(params)))

    def new_initial_state(self) -> ExplorerState:
        """The start (built once: states are immutable, and OpenSpiel clones through here)."""
        return ExplorerState(self, self._start)

    def state_at(self, model: State) -> ExplorerState:
        """An OpenSpiel state at any position of this set-up (a what-if position from
        `state_from_dict`, a state from a playout), for OpenSpiel's search algorithms."""
        if not isinstance(model, State) or model.game != self.model:
            raise PositionError("game", f"the position is not one of {self.model!r}")
        return ExplorerState(self, model)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ExplorerObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ExplorerObserver(iig_obs_type, self.model.perfect_recall())


class ExplorerState(pyspiel.State):
    """An OpenSpiel state holding one immutable model state (copies share it)."""

    def __init__(self, game: ExplorerGame, model: State) -> None:
        super().__init__(game)
        self.model = model
        self.decisions = 0
        self.limit = game.limit
        self.returns_kind = game.returns_kind

    @property
    def cut(self) -> bool:
        """True when the decision limit ended a game its rules had not ended."""
        return not self.model.is_over and self.decisions >= self.limit

    def current_player(self) -> int:
        if self.model.is_over or self.cut:
            return pyspiel.PlayerId.TERMINAL
        if self.model.is_chance:
            return pyspiel.PlayerId.CHANCE
        return self.model.player

    def _legal_actions(self, player: int) -> list[int]:
        return legal_ids(self.model) if player == self.model.player and not self.cut else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, p in chance_ids(self.model)]

    def _apply_action(self, action: int) -> None:
        table = ids(self.model.game)
        space = table.outcomes if self.model.is_chance else table.actions
        if not 0 <= action < len(space):
            kind = "a chance outcome" if self.model.is_chance else "an action"
            raise PositionError("action", f"{action} is not {kind} id of {self.model.game.name}: "
                                          f"ids run from 0 to {len(space) - 1}")
        if self.model.is_chance:
            self.model = self.model.apply(table.outcomes[action])
        else:
            self.model = self.model.apply(table.actions[action])
            self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        table = ids(self.model.game)
        return str(table.outcomes[action] if player == pyspiel.PlayerId.CHANCE else table.actions[action])

    def is_terminal(self) -> bool:
        return self.model.is_over or self.cut

    def returns(self) -> list[float]:
        return game_returns(self.model, self.returns_kind, self.cut)

    def __str__(self) -> str:
        """The whole position (`repr` rebuilds it), plus the decision count when it can cut."""
        return f"{self.model!r}\ndecisions: {self.decisions}/{self.limit}"


def game_type(cls: type[Game], zero_sum: bool = False, recall: bool = False) -> pyspiel.GameType:
    """The registered type (constant-sum win shares); `zero_sum` for score-difference returns;
    `recall` when the views are information states (`Game.perfect_recall`)."""
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=PREFIX + cls.name, long_name=f"Python {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.PERFECT_INFORMATION if cls().perfect_information()
        else information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=recall, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=spiel_params(cls))


TEXT = "text:"


def _needs_escape(text: str) -> bool:
    """Text a game string would misread: a number (``1``) or one holding ``, = ( )``."""
    try:
        float(text)
    except ValueError:
        return any(c in text for c in ",=()")
    return True


def spiel_params(cls: type[Game]) -> dict[str, Any]:
    """Our parameters as OpenSpiel declares them. Text that a game string would misread
    (``broadside_hit_p=1``, ``skull_characters=5,7``) is written ``text:`` + URL-quoted text."""
    return _escape({**option_params(cls), "decision_limit": 0, "returns": "win_shares"})


def _escape(params: dict[str, Any]) -> dict[str, Any]:
    return {k: TEXT + quote(v, safe="") if isinstance(v, str) and _needs_escape(v) else v
            for k, v in params.items()}


def _unescape(params: dict[str, Any]) -> dict[str, Any]:
    return {k: unquote(v[len(TEXT):]) if isinstance(v, str) and v.startswith(TEXT) else v
            for k, v in params.items()}


def register() -> tuple[str, ...]:
    """Register every game not yet known to pyspiel; return all our short names."""
    known = {t.short_name for t in pyspiel.registered_games()}
    for name in names():
        if PREFIX + name not in known:
            cls = type(f"{game_class(name).__name__}SpielGame", (ExplorerGame,), {"NAME": name})
            pyspiel.register_game(game_type(game_class(name)), cls)
    return tuple(PREFIX + name for name in names())


SHORT_NAMES = register()
