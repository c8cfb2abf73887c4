"""Dead Man's Dice's actions, chance outcomes and immutable state.

Dice are ints ``3p + k`` (k = 0, 1 regular, 2 Jolly Roger), faces are ints (0 is the
skull, 1-6 numbers), so a hand is a sorted tuple of dice and a pile a tuple of
``(die, face)`` pairs, bottom first.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.game import State
from explorer.core.rules_state import RulesState

from .data import FACE_NAMES, die_name, seat_code


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


# -- the state -------------------------------------------------------------------------
class DeadMansDiceState(RulesState):
    """A position of Dead Man's Dice. Build it with `Game.new_state`, `start` or `state_from_dict`.

    Fields: ``hands`` (sorted dice per pirate), ``piles`` (``(die, face)`` bottom first),
    ``totals``, ``round``, ``step`` (what the position waits for), ``to_move`` (the
    active pirate, or the next opener), ``group`` (pirates still in the opening
    roll-off), ``die`` (the die in the air), ``face`` (a rolled face awaiting
    placement), ``target`` (broadside target or restart victim), ``after`` (what follows
    a restart: ``"end"`` or ``"place"``), ``passes`` (V4), ``stacked`` (a die was stacked
    this turn), ``winners_`` (set when over), ``restart_die`` (the victim's die in the air),
    ``turns`` and ``rolloffs`` (turns ended and tied roll-offs this round, counted only under
    the house rules ``round_turn_limit`` and ``rolloff_limit``, else 0).
    """
    __slots__ = ("after", "die", "face", "group", "hands", "passes", "piles", "restart_die", "rolloffs",
                 "round", "stacked", "step", "target", "to_move", "totals", "turns", "winners_")

    hands: tuple[tuple[int, ...], ...]
    piles: tuple[Pile, ...]
    totals: tuple[int, ...]
    round: int
    step: str
    to_move: int | None
    group: tuple[int, ...]
    die: int | None
    face: int | None
    target: int | None
    after: str
    passes: int
    stacked: bool
    winners_: tuple[int, ...]
    restart_die: int | None
    turns: int
    rolloffs: int

    def _key(self) -> tuple:
        return (self.hands, self.piles, self.totals, self.round, self.step, self.to_move, self.group,
                self.die, self.face, self.target, self.after, self.passes, self.stacked, self.winners_,
                self.restart_die, self.turns, self.rolloffs)

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

    def notation(self) -> str:
        """This position in the short notation (position_text.py; `game.position` reads it)."""
        return self.game.write_position(self)

    def outcome_group(self, outcome: object) -> tuple[str, ...]:
        """The chance panel's group of an outcome (groups.py, through the rules)."""
        return self.game.RULEBOOK.outcome_group(self, outcome)

    def stage_text(self) -> str:
        """The step this position waits for, in words (groups.py, through the rules)."""
        return self.game.RULEBOOK.stage_text(self)

    def score_now(self) -> tuple[int, ...]:
        """Each pirate's round score if the round ended now (E5; an explorer aid, not a rule)."""
        return self.game.RULEBOOK.round_scores(self)



_SLOTS = {name: getattr(DeadMansDiceState, name) for name in DeadMansDiceState.__slots__}
FIELDS = ("hands", "piles", "totals", "round", "step", "to_move", "group", "die", "face", "target",
          "after", "passes", "stacked", "winners_", "restart_die", "turns", "rolloffs")
_SETTERS = tuple(_SLOTS[name].__set__ for name in FIELDS)
_set_game = State.game.__set__  # type: ignore[attr-defined]
_set_trail = State._trail.__set__  # type: ignore[attr-defined]
_set_events = State.events.__set__  # type: ignore[attr-defined]


def build(game, trail, events, hands, piles, totals, round_, step, to_move, group, die, face, target,
          after, passes, stacked, winners_, restart_die, turns=0, rolloffs=0) -> DeadMansDiceState:
    """Make a state from its position fields without checks (the fast path)."""
    s = DeadMansDiceState.__new__(DeadMansDiceState)
    _set_game(s, game)
    _set_trail(s, trail)
    _set_events(s, events)
    for setter, value in zip(_SETTERS, (hands, piles, totals, round_, step, to_move, group, die, face, target,
                                        after, passes, stacked, winners_, restart_die, turns, rolloffs),
                             strict=True):
        setter(s, value)
    return s
