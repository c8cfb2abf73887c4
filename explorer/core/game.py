"""The game contract: an immutable `Game` description (here) and immutable `State` values
(explorer.core.state).

Every game subclasses both. The core names every game writes are listed in
`explorer.core.capabilities.CORE`; everything else is an optional capability the game declares
in `Game.CAPABILITIES`, with its default here or on `State`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType, ModuleType
from typing import Any, ClassVar

from explorer.core.bounds import READERS, bounded_reader
from explorer.core.capabilities import MissingCapability, check_declared
from explorer.core.errors import OptionError
from explorer.core.registry import load
from explorer.core.state import State, _state_from_dict, legal_names, outcome_probability

__all__ = ["Game", "OptionSpec", "PlayoutEnd", "State", "_state_from_dict", "legal_names", "nothing_hidden",
           "outcome_probability"]

_MISSING = object()


@dataclass(frozen=True, slots=True)
class PlayoutEnd:
    """How a kernel playout ended: final scores, ranking and steps played (see
    `Game.playout`); `state` is the final State when it was asked for."""

    scores: tuple[int | Fraction, ...]
    winners: tuple[tuple[int, ...], ...]
    steps: int
    state: State | None = None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One named switch of a game: a digest variant (``rule``) or house rule.

    `choices` lists the allowed values when the option is an enumeration; otherwise
    `kind` is the type the value must have (``None`` allowed when `nullable`).
    """

    name: str
    default: Any
    doc: str
    rule: str = ""
    kind: type | None = None
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    minimum: int | None = None

    def validate(self, value: Any) -> Any:
        """Return `value` if allowed, else raise `OptionError` naming the option."""
        field = f"options.{self.name}"
        if value is None and self.nullable:
            return None
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(field, f"{value!r} is not one of {allowed} ({self.rule or 'option'})")
            return value
        kind = self.kind or type(self.default)
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            null = " or None" if self.nullable else ""
            raise OptionError(field, f"{value!r} is not of type {kind.__name__}{null} ({self.rule or 'option'})")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(field, f"{value!r} is below the minimum {self.minimum} ({self.rule or 'option'})")
        return value

    def describe(self) -> dict:
        """JSON description for option pickers and docs."""
        return {"name": self.name, "default": self.default, "doc": self.doc, "rule": self.rule,
                "choices": list(self.choices), "nullable": self.nullable,
                "kind": (self.kind or type(self.default)).__name__}


class Game:
    """An immutable description of one game set-up: players and options.

    Subclasses set the core constants (`name`, `title`, `OPTIONS`, `RULES`), implement
    `new_state` and `parse_action`, and declare in `CAPABILITIES` which optional parts
    (explorer.core.capabilities) they implement. Equal games (same name, players, options)
    compare equal.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_players: ClassVar[int] = 2
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = ()
    RULES: ClassVar[Mapping[str, str]] = MappingProxyType({})
    score_name: ClassVar[str] = "score"
    LENGTH_CAPS: ClassVar[Mapping[str, int]] = MappingProxyType({})
    """Nullable cap options (a turn or round limit, a house rule) and the value the adapters
    (explorer/adapters) give each one the user leaves unset, so that `max_decisions` is
    derived from a cap instead of guessed. Play through the model keeps the option defaults."""

    CAPABILITIES: ClassVar[frozenset[str]] = frozenset()
    """The optional parts of the contract this game implements (explorer.core.capabilities):
    what the explorer offers for it follows from this set, never from trying a method."""
    RULEBOOK: ClassVar[ModuleType | None] = None
    """The module of rule functions a `RulesState` answers the contract from (legal_actions,
    chance_outcomes, step, ...); None for a game whose State class answers it itself."""
    POSITION: ClassVar[ModuleType | None] = None
    """The module with a `RulesState`'s position data: ``view(state, player)``, ``to_dict(state)``."""
    MOVES: ClassVar[ModuleType | None] = None
    """The module naming where each action is made on the board (action_places, action_target,
    action_menu); None: the rulebook's `action_places`, else nothing."""

    __slots__ = ("_hash", "_key", "_options", "_players")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's public readers refuse oversized text and deep nesting in words (`bounds`)."""
        super().__init_subclass__(**kwargs)
        check_declared(cls.CAPABILITIES)
        for name, field, limit, what in READERS:
            if name in cls.__dict__:
                setattr(cls, name, bounded_reader(cls.__dict__[name], field, limit, what))

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError("players", f"{players!r} is not a whole number")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                "players", f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}")
        specs = {spec.name: spec for spec in self.OPTIONS}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            raise OptionError(f"options.{unknown[0]}",
                              f"unknown option for {self.name}; allowed: {', '.join(specs) or 'none'}")
        values = tuple((name, spec.validate(options.get(name, spec.default))) for name, spec in specs.items())
        object.__setattr__(self, "_players", players)
        object.__setattr__(self, "_options", MappingProxyType(dict(values)))
        object.__setattr__(self, "_key", (self.name, players, values))
        object.__setattr__(self, "_hash", hash(self._key))   # caches keyed by the game hash it on every step
        self._check_options()

    def _check_options(self) -> None:
        """Hook for checks across options or against the player count."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    @property
    def players(self) -> int:
        return self._players

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option with its value in force (defaults included)."""
        return self._options

    @property
    def rules(self) -> Mapping[str, str]:
        """Rule ID -> one-line statement, in the project's own words."""
        return self.RULES

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return cls.OPTIONS

    @classmethod
    def can(cls, capability: str) -> bool:
        """Whether this game offers `capability` (a name from explorer.core.capabilities)."""
        return capability in cls.CAPABILITIES

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict) -> Game:
        """Immutable: a copy is the same value (frameworks that deep-copy states stay cheap)."""
        return self

    def __reduce__(self) -> tuple:
        """Frameworks that pickle (OpenSpiel's Python states) get `to_dict` data, rebuilt by
        the validating loader."""
        return (_game_from_dict, (self.to_dict(),))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Game) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        specs = {spec.name: spec for spec in self.OPTIONS}
        changed = "".join(f", {k}={v!r}" for k, v in self._options.items() if v != specs[k].default)
        return f"explorer.load({self.name!r}, players={self._players}{changed})"

    def to_dict(self) -> dict:
        """JSON data naming this set-up; `explorer.load(**data)` rebuilds it."""
        return {"name": self.name, "players": self._players, "options": dict(self._options)}

    # -- to implement -----------------------------------------------------------------
    def new_state(self) -> State:
        """The state before setup: setup shuffles and deals are its first chance nodes."""
        raise NotImplementedError

    # -- optional capabilities (explorer.core.capabilities), each default in one place ---
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Validate position data and build the state; `PositionError` names a bad field
        (capability ``position_data``)."""
        raise MissingCapability(self.title, "position_data")

    def parse_action(self, text: str) -> Any:
        """Read an action or chance outcome from its notation (`str(action)`)."""
        raise NotImplementedError

    def position(self, text: str) -> State:
        """Read a position written in the game's short notation (see docs/<game>.md).

        The notation is a few ``key: value`` lines in the game's own words, seats written
        ``P1``..``Pn``. It is partial: whatever is not written is where the setup rules put
        it, unseen, so its chance nodes keep their exact probabilities. A mistake raises
        `PositionError` naming the line's key (its ``field``) and the rule it breaks;
        ``game.position(state.notation()) == state`` (capability ``position_text``)."""
        raise MissingCapability(self.title, "position_text")

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[State, Fraction]]:
        """Every full state consistent with `view` (one player's knowledge), each with its
        exact probability given that knowledge; the weights sum to 1.

        The exact counterpart of `sample_state`: the same distribution, enumerated. Worlds
        are grouped (a shuffled pile is a multiset, so one world per way of splitting the
        unseen components among the hidden places), which keeps small hidden parts fast.
        Raises `TooManyWorlds` before yielding when there would be more than `limit`
        (capability ``hidden_worlds``)."""
        raise MissingCapability(self.title, "hidden_worlds")

    def world_key(self, state: State, player: int | None) -> State:
        """What one world stands for, seen from `player`: a state that compares equal for all
        states the player's odds cannot tell apart and whose differences no rule reads.

        `hidden_worlds` fills in what a view implies. A game whose positions also carry what
        the OTHER players privately remember in ways no view can rebuild (memories that no
        rule reads, only their owners' views and policies) sets those aside here, on the truth
        and on every world alike, and must keep the player's own view unchanged. The default,
        for games whose views imply everything hidden, is the state itself."""
        return state

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with `view` (one player's knowledge), hidden parts filled
        in from what is unaccounted for with their exact probabilities (for fair search bots;
        capability ``sampling``)."""
        raise MissingCapability(self.title, "sampling")

    def search_settings(self) -> dict[str, Any]:
        """Settings for the generic search bot (`explorer.analysis.ISMCTS`) that suit this
        game: a budget of at most about a second a move, and the rule of thumb as its prior
        when the game has one. Games tune them (see benchmarks/ismcts_strength.py)."""
        settings: dict[str, Any] = {"iterations": 40, "rollout_steps": 40}
        if "rule_of_thumb" in self.policies():
            settings["prior"] = "rule_of_thumb"
        return settings

    def player_name(self, player: int) -> str:
        """How the game's own events and board name a seat; widgets use it too."""
        return f"Player {player + 1}"

    def policies(self) -> Mapping[str, Any]:
        """Named policy factories: ``{"random": ..., "rule_of_thumb": ...}``."""
        from explorer.core.policy import RandomPolicy

        return {"random": RandomPolicy}

    def win_chances(self, state: State) -> tuple[float, ...] | None:
        """A cheap estimate of each seat's chance of winning from `state` (a model fitted on how
        games between rule-of-thumb players end; a game's `outlook.py`), summing to 1, for a
        search that cuts its rollouts off before the end (`explorer.analysis.ISMCTS`); None when
        the game has none, and the search then judges the lead in `scores`. An estimate, not
        odds: exact odds come from `explorer.analysis`."""
        return None

    def evaluator(self) -> str:
        """The policy (a name from `policies()`) that what-if rollouts, comparisons and balance
        studies seat every player the caller does not name on: one that plays like people.

        Not uniform random: in three of the five games random play does not end (random
        broadsides sink every Dead Man's Dice total, a random Sjørøverøya endgame walks back
        and forth, random Rum captains never reach 10 Loot), and where it ends it answers
        "who wins if nobody tries", not the question a person asks. The default is the game's
        ``"rule_of_thumb"`` when it has one, else ``"random"``; ``"random"`` stays available
        by name."""
        return "rule_of_thumb" if "rule_of_thumb" in self.policies() else "random"

    def playout(self, state: State, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> PlayoutEnd | None:
        """Play `state` on with every seat on the named `policy` (a name from `policies()`) on the
        game's fast path (capability ``playout``): to the end (``until="end"``) or to where the
        current round has been scored (``until="round"``: past there only the totals carry over,
        so a search judges it by `win_chances`). None when the game has no fast path for that
        policy, set-up or horizon: callers then step the model.

        A fast path is never a second rulebook: it runs the model's own rule code (on a mutable
        working copy) and consumes `rng` exactly as stepping the model with that policy does
        (`explorer.core.play.advance`): the same `legal_actions()` order, the same calls the
        policy's `choose` makes (for ``"random"`` one ``legal[rng.randrange(len(legal))]`` a
        decision), each chance node through `sample_chance`; so a seed reaches the same final
        state either way, which the tests check. Raises `RuntimeError` when `max_steps` pass
        without an end. `final` asks for the final `State` (its history empty); ``until="round"``
        always gives it."""
        if until not in ("end", "round"):
            raise OptionError("until", f"{until!r} is not 'end' or 'round'")
        return None

    # -- spaces for adapters (OpenSpiel, PettingZoo; see explorer/adapters) -------------
    def action_space(self) -> tuple[Any, ...]:
        """Every decision action this set-up can ever offer, sorted by notation
        (`explorer.core.spaces.sorted_space`): an action's index is its stable integer id."""
        raise MissingCapability(self.title, "adapters")

    def chance_space(self) -> tuple[Any, ...]:
        """Every chance outcome this set-up can ever list, sorted by notation (stable ids)."""
        raise MissingCapability(self.title, "adapters")

    def max_decisions(self) -> int | None:
        """An upper bound on the decisions (chance steps not counted) of one game, derived
        from the options (usually a turn or round cap); None when the rules set no bound."""
        raise MissingCapability(self.title, "adapters")

    def perfect_information(self) -> bool:
        """True when every player's view is the whole position (nothing hidden but the
        future, which chance nodes decide). A game that does not say counts as hiding
        something: views are then treated as partial."""
        return False

    def perfect_recall(self) -> bool:
        """True when each player's view holds everything that player has seen and done so far (a
        perfect-recall information state), so adapters may offer the view as one (OpenSpiel's
        ``information_state_string``). A game that does not say may let views forget."""
        return False

    def score_difference_bound(self) -> int | None:
        """The largest final score difference between two players, when the rules bound it
        (adapters that return score differences need it); None when not derived."""
        return None

    # -- provided -----------------------------------------------------------------------
    def start(self, seed: int | None = None) -> State:
        """Resolve the setup chance nodes with a seeded generator; return the first decision."""
        rng = random.Random(seed)
        state = self.new_state()
        while state.is_chance:
            state = state._step(state.sample_chance(rng))
        return state


def _game_from_dict(data: Mapping[str, Any]) -> Game:
    return load(data["name"], data["players"], **data["options"])


def nothing_hidden(game: Game) -> bool:
    """Whether every view is the whole position (`Game.perfect_information`)."""
    return bool(game.perfect_information())
