"""Pirate Rush's actions, chance outcomes, route and immutable state.

Loot tiles are 40 physical tokens (0-39) dealt to fixed places at setup. A token's kind
is a chance node resolved the first time anybody sees it (from the multiset of kinds
still unaccounted for), so the state never holds a kind nobody has seen. Island tiles
are resolved the same way from the public in-play multiset (C2).
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.bounds import is_number
from explorer.core.rules_state import RulesState

SLOT_LETTERS = "abcde"


@dataclass(frozen=True, slots=True)
class Move:
    """A decision: ``verb`` plus an argument, e.g. ``take I3.b``, ``draft gunner``, ``end``."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


@dataclass(frozen=True, slots=True)
class Outcome:
    """A chance outcome: ``tile gold``, ``island T05``, ``pick 17``, ``duel win`` ..."""

    kind: str
    arg: str

    def __str__(self) -> str:
        return f"{self.kind} {self.arg}"


DECISION_VERBS = frozenset({
    "first", "look", "draft", "call", "take", "pay", "repair", "steer", "anchor", "end", "prosthetic",
    "trade", "gamble", "rogue", "tavern", "merchant", "swap", "stake", "claim", "challenge", "throw",
    "winner", "spoils", "gift", "tie"})
OUTCOME_KINDS = frozenset({"removed", "row", "starter", "tile", "island", "pick", "place", "duel"})


# -- route (D6, V15) ------------------------------------------------------------------------
def _ladder() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    nxt = ((1, 2), (3, 4), (3, 4), (5, 6), (5, 6), (7,), (7,), ())
    return nxt, (0, 1, 1, 2, 2, 3, 3, 4)


def _zigzag() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    nxt = tuple(tuple(j for j in (i + 1, i + 2) if j < 8) for i in range(8))
    return nxt, tuple(range(8))


ROUTES = {"ladder": _ladder(), "zigzag": _zigzag()}


def reachable(route: str, island: int) -> frozenset[int]:
    """Islands the ship can still reach from `island` (not counting it)."""
    nxt = ROUTES[route][0]
    seen: set[int] = set()
    todo = list(nxt[island])
    while todo:
        j = todo.pop()
        if j not in seen:
            seen.add(j)
            todo.extend(nxt[j])
    return frozenset(seen)


def seat(player: int) -> str:
    """A seat as the notation writes it: ``P1`` for the first player (seats count from 1)."""
    return f"P{player + 1}"


def parse_seat(text: str) -> int:
    """``"P3"`` -> 2; raises ValueError on anything else (a bare number is not a seat)."""
    seat_ = _SEATS.get(text)   # the seats the moves name, read once
    if seat_ is not None:
        return seat_
    if text[:1] not in "Pp" or not is_number(text[1:]) or int(text[1:]) < 1:
        raise ValueError(text)
    return int(text[1:]) - 1


def island_name(island: int) -> str:
    return f"I{island + 1}"


def slot_name(island: int, slot: int) -> str:
    return f"I{island + 1}.{SLOT_LETTERS[slot]}"


def parse_slot(text: str) -> tuple[int, int]:
    """``"I3.b"`` -> ``(2, 1)``; raises ValueError on anything else."""
    place = _SLOTS.get(text)   # the slots the moves name, read once
    if place is not None:
        return place
    island, _, slot = text.partition(".")
    if island[:1] not in "Ii" or len(slot) != 1 or slot not in SLOT_LETTERS:
        raise ValueError(text)
    j = int(island[1:]) - 1
    if not 0 <= j < 8:
        raise ValueError(text)
    return j, SLOT_LETTERS.index(slot)


def parse_island(text: str) -> int:
    if text[:1] not in "Ii":
        raise ValueError(text)
    j = int(text[1:]) - 1
    if not 0 <= j < 8:
        raise ValueError(text)
    return j


_SEATS = {seat(p): p for p in range(5)}
_SLOTS = {slot_name(j, i): (j, i) for j in range(8) for i in range(len(SLOT_LETTERS))}

NO_TURN = (0, 0, 0, 0, 0, 0, 0)   # looks used, looks allowed, loot done, power used, steered, tavern, merchant


class RushState(RulesState):
    """One Pirate Rush position: the whole truth plus each pirate's knowledge. Data only: the
    rules are the modules its game names (`Game.RULEBOOK` rules.py, `Game.POSITION` position.py,
    `Game.MOVES` board_moves.py), which import this module, never the reverse."""

    # The fields below are the position, declared once: `FIELDS` (their order), the slots, `make`,
    # the working copy's `copy_fields`, `to_dict` and `from_dict` follow from them. `_canon` (the
    # key), `_zones` (knowledge.zones) and `_tidy` (knowledge.track) are derived once, on first need.
    phase: str
    stack: tuple
    kinds: tuple[str, ...]
    slots: tuple[tuple[int, ...], ...]
    loot: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    islands: tuple[str, ...]
    flipped: tuple[bool, ...]
    removed: tuple[str, ...]
    row: tuple[int, ...]
    markers: tuple[int, ...]
    chosen: tuple[int, ...]
    prestige: tuple[int, ...]
    prosthetics: tuple[tuple[str, ...], ...]
    resources: tuple[int, ...]
    ship: int
    anchor: int
    round: int
    starter: int
    played: tuple[int, ...]
    current: int
    turn: tuple[int, ...]
    event: str
    known: tuple[frozenset[int], ...]
    vague: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]
    peeked: tuple[frozenset[int], ...]
    ending: str
    visited: tuple[bool, ...]   # the islands the ship has been at (V21: visited ones are not "skipped")

    __slots__ = (*__annotations__, "_canon", "_tidy", "_zones")

    def _key(self) -> tuple:
        """The position without token numbers (tokens/canon.py): tiles are what they are, where they lie."""
        try:
            return self._canon
        except AttributeError:
            key = self.game.POSITION.canonical_key(self)
            object.__setattr__(self, "_canon", key)
            return key

    @property
    def player(self) -> int | None:
        kind, who = self.game.RULEBOOK.node(self)
        return who if kind == "decision" else None

    @property
    def is_chance(self) -> bool:
        stack = self.stack
        return self.phase != "over" and bool(stack) and stack[-1][0] in self.game.RULEBOOK.CHANCES

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> tuple:
        return self.game.RULEBOOK.legal_actions(self)

    def notation(self) -> str:
        """This position in the short notation (position_text.py); `game.position` reads it back."""
        return self.game.POSITION.notation(self)

    def outcome_group(self, outcome) -> tuple[str, ...]:
        """How the chance panel groups `outcome` (groups.py)."""
        return self.game.RULEBOOK.outcome_group(self, outcome)

    def stage_text(self) -> str:
        """The step this position waits for, in words (groups.py)."""
        return self.game.RULEBOOK.stage_text(self)


FIELDS: tuple[str, ...] = tuple(RushState.__annotations__)


def _copier(fields: tuple[str, ...]):
    """``w.phase = s.phase`` ... for every field, compiled once from the declaration: a loop over
    the names with getattr/setattr costs ten times as much on every step."""
    body = "".join(f"    w.{name} = s.{name}\n" for name in fields)
    namespace: dict = {}
    exec(f"def copy_fields(w, s):\n{body}", namespace)
    return namespace["copy_fields"]


copy_fields = _copier(FIELDS)
copy_fields.__doc__ = "Assign every field of state `s` to the working copy `w` (plain copies, FIELDS order)."

_SETTERS = tuple(getattr(RushState, name).__set__ for name in FIELDS)


def make(game, fields, events: tuple = (), trail=None) -> RushState:
    """Build a state from a field mapping or an object with the fields (the constructor-style fast path)."""
    s = object.__new__(RushState)
    setattr_ = object.__setattr__
    setattr_(s, "game", game)
    setattr_(s, "events", events)
    setattr_(s, "_trail", trail)
    if isinstance(fields, dict):
        for name, put in zip(FIELDS, _SETTERS, strict=True):
            put(s, fields[name])
    else:
        for name, put in zip(FIELDS, _SETTERS, strict=True):
            put(s, getattr(fields, name))
    return s

