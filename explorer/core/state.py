"""The position half of the game contract: an immutable `State` value.

A `State` is a value: equal by position (what decides the future of the game), hashable,
never changed in place; `apply` returns a new one. Each node is either a decision (``player``
names who acts, ``legal_actions()`` lists the choices), a chance node (``chance_outcomes()``
lists exact probabilities) or over. The core names (explorer.core.capabilities.CORE) are the
ones every game writes; the rest have their defaults here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from explorer.core.capabilities import MissingCapability
from explorer.core.chance import sample
from explorer.core.errors import IllegalAction
from explorer.core.events import Event
from explorer.core.positions import read_setup
from explorer.core.trail import steps as trail_steps

if TYPE_CHECKING:
    from explorer.core.game import Game


class State:
    """An immutable game position plus the trail of steps that led to it.

    Equality and hashing use `_key()`, the position alone: two move orders reaching
    the same position give equal states. `history` and `events` ride along.
    """

    __slots__ = ("_hash", "_trail", "events", "game")

    game: Game
    events: tuple[Event, ...]

    # -- to implement -----------------------------------------------------------------
    @property
    def player(self) -> int | None:
        """Who decides now; None at chance nodes and when the game is over."""
        raise NotImplementedError

    @property
    def is_chance(self) -> bool:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions of `player`; empty at chance nodes and when over."""
        raise NotImplementedError

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """Every outcome of this chance node with its exact probability; empty elsewhere."""
        raise NotImplementedError

    def _step(self, action: Any) -> State:
        """Apply an action or outcome known to be legal (the unchecked, fast path)."""
        raise NotImplementedError

    def _key(self) -> tuple:
        """The position: everything that decides what can happen next."""
        raise NotImplementedError

    def scores(self) -> tuple[int | Fraction, ...]:
        """One number per player, higher is better (see `Game.score_name`).

        During play: what each player would score if the game were judged now, so a
        search cut off before the end can compare positions. The default, for a game without
        scores: at the end, how many groups of the ranking a seat is ahead of; 0 during play."""
        n = self.game.players
        if not self.is_over:
            return (0,) * n
        ranking = self.winners()
        return tuple(next((len(ranking) - i for i, group in enumerate(ranking) if p in group), 0)
                     for p in range(n))

    def winners(self) -> tuple[tuple[int, ...], ...]:
        """When over, the ranking as groups of tied players, best first; else ``()``."""
        raise NotImplementedError

    def view(self, player: int | None = None) -> dict:
        """JSON data of what `player` may know; ``None`` gives the whole truth."""
        raise NotImplementedError

    def to_dict(self) -> dict:
        """JSON position data; ``game.state_from_dict(s.to_dict()) == s`` (capability
        ``position_data``)."""
        raise MissingCapability(self.game.title, "position_data")

    def cut_off(self) -> str | None:
        """When the game ended because a length cap (a house-rule option) cut it short, the
        option's name; None otherwise. A cut-off game is ranked by its standing, not won by
        the rules: its events and every display say so."""
        return None

    def notation(self) -> str:
        """This position in the game's short notation (`Game.position` reads it back; capability
        ``position_text``)."""
        raise MissingCapability(self.game.title, "position_text")

    # -- provided (games may refine) ---------------------------------------------------
    def explain_illegal(self, action: Any) -> IllegalAction:
        """The error for an action that is not legal here, naming the rule it breaks (capability
        ``explain``); the default names the legal actions instead."""
        legal = self.legal_actions() if not self.is_chance else [o for o, _ in self.chance_outcomes()]
        shown = ", ".join(legal_names(legal)) or "none: the game is over"
        return IllegalAction("", f"not possible here; possible: {shown}", action)

    def describe(self, action: Any) -> str:
        """The action or outcome in plain words, for pickers and logs."""
        return str(action)

    def action_places(self, action: Any) -> tuple[str, ...]:
        """The board places (``data-place`` values of the rendering) an action involves,
        so clicking a piece or space can offer the actions that involve it."""
        return ()

    def action_target(self, action: Any) -> str:
        """The one board element (a ``data-place`` of the rendering) that a click plays `action` on:
        the die you roll, the card you play, the hex you sail to. The board view knows no rules: it
        is given each legal action's target, as chessground is given each piece's destinations.
        A complete game names one for every legal action; the first of `action_places` by default."""
        places = self.action_places(action)
        return places[0] if places else ""

    def action_menu(self, action: Any) -> tuple[str, ...]:
        """The words that tell `action` apart from the others at its target, one per menu level
        (``("Give Sail, Sail, Attack", "Get Repair")``): where one element has several meanings a
        small menu at it offers the first words, then the next. ``()``: `describe` is the one entry."""
        return ()

    def outcome_group(self, outcome: Any) -> tuple[str, ...]:
        """The groups a chance outcome falls in, broadest first, in the game's own words
        (``("Full Sail",)``, ``("2 green tiles", "Supplies, Structure")``): a chance panel shows
        one bar per group and opens a group on demand, so a 76-card draw stays readable.
        ``()`` leaves the outcome on its own, named by `describe`."""
        return ()

    def stage_text(self) -> str:
        """What the position waits for, in the game's own words ("Setting up: dealing the
        Action cards"), for status lines; never an internal phase name. '' when unsaid.
        Set-up steps begin with "Setting up" (a chance panel then offers to deal them all)."""
        return ""

    def apply(self, action: Any) -> State:
        """Apply an action (or chance outcome, or its notation) and return the new state.

        Raises `IllegalAction` naming the rule when it is not allowed here; `self`
        is never changed.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if self.is_chance:
            if not any(outcome == action for outcome, _ in self.chance_outcomes()):
                raise self.explain_illegal(action)
        elif action not in self.legal_actions():
            raise self.explain_illegal(action)
        return self._step(action)

    def observation_string(self, player: int | None = None) -> str:
        """`view(player)` as canonical JSON text (sorted keys): equal knowledge, equal text."""
        return json.dumps(self.view(player), sort_keys=True, separators=(",", ":"))

    def sample_chance(self, rng: random.Random) -> Any:
        """One outcome of this chance node, chosen with its exact probability."""
        return sample(self.chance_outcomes(), rng)

    @property
    def history(self) -> tuple[Any, ...]:
        """Every action and outcome applied since the state this one was loaded or made from."""
        return trail_steps(self._trail)   # flat chunks, never a deep chain (explorer.core.trail)

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and self.game == other.game  # type: ignore[attr-defined]
                and self._key() == other._key())  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = hash((self.game, self._key()))
            object.__setattr__(self, "_hash", value)
            return value

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict) -> State:
        """Immutable: a copy is the same value, so deep-copying frameworks pay nothing."""
        return self

    def __reduce__(self) -> tuple:
        """Pickled as its `to_dict` data, rebuilt (and validated) by `explorer.state_from_dict`."""
        return (_state_from_dict, (self.to_dict(),))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __repr__(self) -> str:
        return f"{self.game!r}.state_from_dict({self.to_dict()!r})"

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)



def _state_from_dict(data: Mapping[str, Any]) -> State:
    """Pickled states come back through the validating loader of the game their data names."""
    return read_setup(data["game"]).state_from_dict(data)


def outcome_probability(state: State, outcome: Any) -> Fraction:
    """The exact probability of `outcome` at chance node `state` (0 if impossible)."""
    return sum((p for o, p in state.chance_outcomes() if o == outcome), Fraction(0))


def legal_names(actions: Sequence[Any]) -> list[str]:
    """Notation of each action, for messages and pickers."""
    return [str(a) for a in actions]
