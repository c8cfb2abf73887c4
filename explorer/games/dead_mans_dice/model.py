"""Dead Man's Dice's actions, chance outcomes and immutable state.

Dice are ints ``3p + k`` (k = 0, 1 regular, 2 Jolly Roger), faces are ints (0 is the
skull, 1-6 numbers), so a hand is a sorted tuple of dice and a pile a tuple of
``(die, face)`` pairs, bottom first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.core.game import State
from explorer.core.rules_state import RulesState

from .data import COMPONENTS, DICE_PER_PIRATE, FACE_NAMES, die_name, seat_code

MAX_PLAYERS = COMPONENTS.max_players


# -- decisions -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """Roll `die` as the base of your pile in the round opening (R7)."""

    die: int

    def __str__(self) -> str:
        return f"open {die_name(self.die)}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll `die` from your hand on your turn (R11, R12)."""

    die: int

    def __str__(self) -> str:
        return f"roll {die_name(self.die)}"


@dataclass(frozen=True, slots=True)
class Broadside:
    """Fire at `target`'s pile instead of rolling (R30-R35)."""

    target: int

    def __str__(self) -> str:
        return f"broadside {seat_code(self.target)}"


@dataclass(frozen=True, slots=True)
class Plunder:
    """Take `opponent`'s top die onto your pile (R20-R24)."""

    opponent: int

    def __str__(self) -> str:
        return f"plunder {seat_code(self.opponent)}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop plundering; the turn ends (R25)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class RestartRoll:
    """A broadside victim rolls `die` as a new base, out of turn (R34, A24)."""

    die: int

    def __str__(self) -> str:
        return f"restart {die_name(self.die)}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Neither roll nor fire (V4 `hold_fire` only)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Place:
    """Stack the rolled die (`True`) or decline it (V11 `optional_placement` only)."""

    stack: bool

    def __str__(self) -> str:
        return "stack" if self.stack else "decline"


@dataclass(frozen=True, slots=True)
class NextRound:
    """The round is scored and looked at; gather the dice and open the next round (E9, R6)."""

    def __str__(self) -> str:
        return "next round"


@dataclass(frozen=True, slots=True)
class Overboard:
    """Referee/what-if event: `pirate`'s pile topples (R36, R37)."""

    pirate: int

    def __str__(self) -> str:
        return f"overboard {seat_code(self.pirate)}"


# -- chance outcomes -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Face:
    """The face a rolled die shows (C1, C2); 0 is the skull."""

    face: int

    def __str__(self) -> str:
        return f"face {FACE_NAMES[self.face]}"


@dataclass(frozen=True, slots=True)
class StrayShot:
    """V3: the roll hits `target`'s pile (None: no stray shot) (C8)."""

    target: int | None

    def __str__(self) -> str:
        return "stray none" if self.target is None else f"stray {seat_code(self.target)}"


@dataclass(frozen=True, slots=True)
class Steadiness:
    """V2: the pile stands or topples after growing (C7)."""

    topples: bool

    def __str__(self) -> str:
        return "topple" if self.topples else "steady"


@dataclass(frozen=True, slots=True)
class Shot:
    """V1 with `broadside_hit_p` < 1: the broadside hits or misses (C6)."""

    hit: bool

    def __str__(self) -> str:
        return "hit" if self.hit else "miss"


Action = OpeningRoll | Roll | Broadside | Plunder | EndTurn | RestartRoll | Pass | Place | NextRound | Overboard
Outcome = Face | StrayShot | Steadiness | Shot

# Each action once per die or seat (equal to any other instance): legal_actions hands these out.
_DICE = range(DICE_PER_PIRATE * MAX_PLAYERS)
ROLLS, OPENS, RESTARTS = (tuple(kind(d) for d in _DICE) for kind in (Roll, OpeningRoll, RestartRoll))
BROADSIDES, PLUNDER_FROM = (tuple(kind(p) for p in range(MAX_PLAYERS)) for kind in (Broadside, Plunder))

END_TURN = EndTurn()
NEXT_ROUND = NextRound()
PASS = Pass()
STACK, DECLINE = Place(True), Place(False)
FACES = tuple(Face(f) for f in range(7))
STEADY, TOPPLE = Steadiness(False), Steadiness(True)
HIT, MISS = Shot(True), Shot(False)
NO_STRAY = StrayShot(None)

# Steps: what the state waits for. Decisions: open, turn, place, plunder, restart, and scored
# (a round's end, scored, before the next opens). Chance: open_roll, roll, stray, wobble, hit,
# restart_roll. Then over.
DECISION_STEPS = frozenset({"open", "turn", "place", "plunder", "restart", "scored"})
CHANCE_STEPS = frozenset({"open_roll", "roll", "stray", "wobble", "hit", "restart_roll"})
STEPS = (*sorted(DECISION_STEPS), *sorted(CHANCE_STEPS), "over")

# Each step in the words players use (the notation's ``step:`` line, messages, the board).
STEP_WORDS = {"open": "open", "open_roll": "opening die rolling", "turn": "roll", "roll": "die rolling",
              "stray": "stray shot check", "place": "stack or decline", "wobble": "steadiness check",
              "plunder": "plunder", "hit": "broadside hit or miss", "restart": "restart",
              "restart_roll": "restart die rolling", "scored": "round scored", "over": "game over"}

Pile = tuple[tuple[int, int], ...]


# -- the state's fields, declared once ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Field:
    """One position field: the state's slot and key follow from the table below, and so do the
    position data's fields (position.py) and the working copy of a step (flow.Work)."""

    name: str       # the state's attribute
    data: str       # its key in position data (to_dict, from_dict)
    kind: str       # how position data writes it: "value", "list", "hands", "piles", "die", "face"
    setup: Any      # its value at set-up (S1-S5, T0); PER_PIRATE: one per pirate, given by new_state
    doc: str


PER_PIRATE = object()
STATE_FIELDS = (
    Field("round", "round", "value", 1, "the round, from 1"),
    Field("step", "step", "value", "open", "what the position waits for (STEPS)"),
    Field("to_move", "to_move", "value", 0, "the active pirate, or the next opener; None when over"),
    Field("hands", "hands", "hands", PER_PIRATE, "sorted dice per pirate"),
    Field("piles", "piles", "piles", PER_PIRATE, "(die, face) pairs per pirate, bottom first"),
    Field("totals", "totals", "list", PER_PIRATE, "doubloons per pirate"),
    Field("group", "group", "list", PER_PIRATE, "pirates still in the opening roll-off"),
    Field("die", "die", "die", None, "the die in the air"),
    Field("face", "face", "face", None, "a rolled face awaiting placement"),
    Field("target", "target", "value", None, "the broadside target or restart victim"),
    Field("restart_die", "restart_die", "die", None, "the victim's die in the air"),
    Field("after", "after", "value", "", 'what follows a restart: "end" or "place"'),
    Field("passes", "passes", "value", 0, "passes in a row (V4)"),
    Field("stacked", "stacked", "value", False, "a die was stacked this turn"),
    Field("winners_", "winners", "list", (), "set when over"),
    Field("turns", "turns", "value", 0, "turns ended this round (house rule round_turn_limit, else 0)"),
    Field("rolloffs", "rolloffs", "value", 0, "tied roll-offs this round (house rule rolloff_limit, else 0)"),
)
FIELDS = tuple(f.name for f in STATE_FIELDS)
LISTS = ("hands", "piles")     # the fields a working copy (flow.Work) keeps as lists


def field_function(name: str, source: str, **env: Any) -> Any:
    """The function `name` defined by `source`, code written out once per field of FIELDS, as
    `collections.namedtuple` writes its own: straight-line code, as fast as fields spelled out by
    hand, from the one declaration above."""
    namespace = dict(env)
    exec(source, namespace)     # the source is built here from FIELDS, never from input
    return namespace[name]


values = field_function("values", f"def values(s):\n    return ({', '.join(f's.{n}' for n in FIELDS)},)\n")
values.__doc__ = "The fields of a state or working copy, in FIELDS order."


# -- the state -------------------------------------------------------------------------
class DeadMansDiceState(RulesState):
    """A position of Dead Man's Dice. Build it with `Game.new_state`, `start` or `state_from_dict`.

    Its fields, each an immutable value, are declared once in STATE_FIELDS (``hands``, ``piles``,
    ``totals``, ``step`` ...); equal fields are an equal position (`_key`)."""

    __slots__ = FIELDS
    _key = values     # the position alone: equal fields, equal states

    @property
    def player(self) -> int | None:
        step = self.step
        if step == "restart":
            return self.target
        return self.to_move if step in DECISION_STEPS else None

    @property
    def is_over(self) -> bool:
        return self.step == "over"

    @property
    def is_chance(self) -> bool:
        return self.step in CHANCE_STEPS

    def apply(self, action):  # type: ignore[override]
        """As `State.apply`, plus the referee event `overboard X` at any decision (R37)."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if isinstance(action, Overboard):
            problem = self.game.RULEBOOK.overboard_problem(self, action)
            if problem is not None:
                raise problem
            return self._step(action)
        return State.apply(self, action)

    @property
    def round_over(self) -> bool:
        """The round has been scored (T6): the step is ``scored`` or the game is over."""
        return self.step in ("scored", "over")

    def scores(self) -> tuple[int, ...]:
        """Totals (R39); during a round, plus each pile's score if the round ended now (E5),
        so a search cut off mid-round still sees what the dice on the table are worth."""
        if self.step in ("scored", "over"):
            return self.totals
        return tuple(t + s for t, s in zip(self.totals, self.game.RULEBOOK.round_scores(self), strict=True))

    def cut_off(self) -> str | None:
        """``"round_limit"`` when that house rule ended the game before anyone won by E7/E8."""
        return self.game.RULEBOOK.cut_off(self)

    def score_now(self) -> tuple[int, ...]:
        """Each pirate's round score if the round ended now (E5; an explorer aid, not a rule)."""
        return self.game.RULEBOOK.round_scores(self)


class _Unfrozen(DeadMansDiceState):
    """The state's own layout without its guard against change: `build` fills one of these with
    plain attribute stores and then makes it a `DeadMansDiceState`, which is 5x faster than a slot
    descriptor call per field (the state is never seen before it is frozen)."""

    __slots__ = ()
    __setattr__ = object.__setattr__


build = field_function(
    "build",
    "def build(game, trail, events, fields):\n"
    "    s = new(Unfrozen)\n    s.game = game\n    s._trail = trail\n    s.events = events\n"
    f"    ({', '.join(f's.{n}' for n in FIELDS)},) = fields\n"
    "    s.__class__ = State\n    return s\n",
    new=object.__new__, Unfrozen=_Unfrozen, State=DeadMansDiceState)
build.__doc__ = "Make a state from its field values in FIELDS order, without checks (the fast path)."


def make(game: Any, **fields: Any) -> DeadMansDiceState:
    """A state from named fields, the others at their set-up values (no checks)."""
    return build(game, None, (), tuple(fields[f.name] if f.name in fields else _setup(f) for f in STATE_FIELDS))


def replace(s: DeadMansDiceState, **fields: Any) -> DeadMansDiceState:
    """`s` with some fields changed (no checks), without its history or events."""
    return build(s.game, None, (), tuple(fields.get(name, value) for name, value in zip(FIELDS, values(s),
                                                                                        strict=True)))


def _setup(f: Field) -> Any:
    if f.setup is PER_PIRATE:
        raise TypeError(f"{f.name} is one value per pirate: give it")
    return f.setup
