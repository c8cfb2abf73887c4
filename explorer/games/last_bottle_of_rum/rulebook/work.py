"""The working copy of a step: the mutable `Work` every rule writes on, and `build`.

A step copies the state into a `Work`, applies one action or outcome (rulebook/resolve.py,
rulebook/choices.py), then `flow.settle` resolves the automatic tasks; `freeze` builds the
next immutable state. Every part of the rules imports this module, never `flow`, which
imports them all.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any, TypeVar

from explorer.core.events import Event
from explorer.core.trail import extend

from ..data import CAPTAINS, CONST, DISTANCE, KRAKEN, SAIL
from ..model import NO_MODULES, STATE_FIELDS, Ghost, Modules, RumState, Ship, Turn, field_values
from ..text.names import place_words
from . import ships as sh
from .chance import bag

R = TypeVar("R", bound=tuple)
_FIELD_INDEX: dict[type, dict[str, int]] = {
    cls: {name: i for i, name in enumerate(cls._fields)} for cls in (Ship, Turn, Ghost, Modules)}


def renew(record: R, **changes: Any) -> R:
    """`record._replace(**changes)` for the records of model.py, through tuple's constructor
    (the rules' hot path: `_replace` costs about twice as much)."""
    values = list(record)
    index = _FIELD_INDEX[type(record)]
    for name, value in changes.items():
        values[index[name]] = value
    return _new_tuple(type(record), values)


SHIP_FIELD = _FIELD_INDEX[Ship]
_new_tuple = tuple.__new__
CURSE_MAX = CONST["curse_max"]
SEAT_NAMES = tuple({captain: f"Player {p + 1} ({captain or 'no captain'})" for captain in ("", *CAPTAINS)}
                   for p in range(CONST["max_players"]))
"""`Work.name` of each seat and captain, written once: nearly every event names a player."""
LIMIT_PHASES = frozenset({"main", "play", "start"})
MAX_DAMAGE = CONST["max_damage"]
LOOT_TO_WIN = CONST["loot_to_win"]
CHANCE = frozenset({"first", "card", "tile", "peek_tile", "map", "treasure", "roll", "kraken_roll", "token",
                    "setup_tile", "ghost_card", "ghost_token", "ghost_repair", "bounty_draw"})
_CITED: dict[tuple[str, ...], tuple[str, ...]] = {}   # the rules an event cites, each once (`Work.say`)
_new = object.__new__
_EVENT_FIELDS = ("text", "rules", "detail", "visible_to")
if tuple(f.name for f in dataclass_fields(Event)) != _EVENT_FIELDS:      # `Work.say` sets each of them
    raise TypeError(f"Work.say builds an Event from {_EVENT_FIELDS}, not {[f.name for f in dataclass_fields(Event)]}")
_event_text, _event_rules, _event_detail, _event_visible_to = (getattr(Event, name).__set__ for name in _EVENT_FIELDS)
DECISION = frozenset({"captain", "pickup", "trade", "fire", "bowsprit", "shell", "grog", "peek", "wind",
                      "patch", "hands", "weather", "maelstrom", "gale", "bounty_keep", "claim"})


class Work:
    """Mutable copy of a state's fields (`STATE_FIELDS`) for one step (playout.py: for a whole
    playout); never escapes `_step` or the playout."""

    __slots__ = ("events", "game", "options", *STATE_FIELDS)

    def __init__(self, s: Any) -> None:
        self.game = s.game
        self.options = s.game.options
        _copy_fields(self, s)
        self.ships = list(s.ships)
        self.events: list[Event] = []

    def values(self) -> tuple:
        """The fields' values in `STATE_FIELDS` order, as a state holds them."""
        values = field_values(self)
        return (tuple(values[0]), *values[1:])   # ships, the one list

    # -- small helpers ------------------------------------------------------------------------
    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        """One event citing `rules` (each once, in order); built slot by slot, as the frozen
        dataclass's own `__init__` does at twice the cost (every step says something)."""
        cited = _CITED.get(rules)
        if cited is None:
            cited = _CITED[rules] = tuple(dict.fromkeys(rules))
        event = _new(Event)
        _event_text(event, text)
        _event_rules(event, cited)
        _event_detail(event, detail)
        _event_visible_to(event, visible_to)
        self.events.append(event)

    def push(self, *tasks: tuple) -> None:
        """Resolve `tasks` next, before what was already pending."""
        self.pending = tasks + self.pending

    def ship(self, p: int) -> Ship:
        return self.ships[p]

    def set(self, p: int, **changes) -> None:
        """Change fields of ship `p` (`renew`'s constructor path, inlined: the hottest call)."""
        values = list(self.ships[p])
        for field, value in changes.items():
            values[SHIP_FIELD[field]] = value
        self.ships[p] = _new_tuple(Ship, values)

    def place(self, cell: int) -> str:
        """A hex in the words of the board at this moment (`names.place_words`)."""
        return place_words(self.tiles, self.face_up, cell)

    def name(self, p: int) -> str:
        """A seat in words, "Player 2 (Grog Blackwater)" (`SEAT_NAMES`); p < 0 is the Ghost."""
        if p < 0:
            return "the Ghost"
        captain = self.ships[p].captain
        found = SEAT_NAMES[p].get(captain)
        return found if found is not None else f"Player {p + 1} ({captain or 'no captain'})"

    def bank(self) -> int | None:
        """R32: doubloons left in the bank (None: unlimited, V11)."""
        limit = self.options["bank_limit"]
        return None if limit is None else limit - sum([s.doubloons for s in self.ships]) - off_bank(self.mods)

    def gain(self, p: int, amount: int, rule: str) -> int:
        """Give `p` up to `amount` doubloons from the bank, unless its hull is holed (R31, R32)."""
        ship = self.ships[p]
        if amount <= 0:
            return 0
        if not sh.can_gain_doubloons(ship):
            self.say(f"{self.name(p)} cannot gain doubloons", "R31", rule)
            return 0
        bank = self.bank()
        got = amount if bank is None else min(amount, bank)
        self.set(p, doubloons=ship.doubloons + got)
        self.say(f"{self.name(p)} gains {got} doubloon{'s' * (got != 1)}", rule, *(("R32",) if got < amount else ()))
        return got

    def bag(self) -> list[int]:
        """C3: the tokens in the bag now (`chance.bag`)."""
        return bag(self)

    def update_limit(self) -> None:
        """R45, R46: a 1-move limit counts from the moment it is gained."""
        active = self.active
        if active < 0 or self.phase not in LIMIT_PHASES:
            return
        turn = self.turn
        ship = self.ships[active]
        if ship.damage[SAIL] > 0 or (ship.treasures and sh.has(ship, "heavy")):   # `sh.limited`, inlined
            if turn.limit_from < 0:
                self.turn = renew(turn, limit_from=turn.moves)
        elif turn.limit_from >= 0:
            self.turn = renew(turn, limit_from=-1)

    def can_move(self, p: int) -> bool:
        return "k" not in self.turn.flags and (self.turn.limit_from < 0 or self.turn.moves < self.turn.limit_from + 1)

    def freeze(self, s: Any, item: object) -> Any:
        """The next immutable state: these fields, `s`'s trail extended by `item`, the events."""
        return _freeze(self, s, item)


def build(cls: type, game, trail, events: tuple, values: tuple) -> Any:
    """The constructor-style fast path for a new state from its fields' `values` in `STATE_FIELDS`
    order (no copying, no validation): filled in as an `_Open` state, then made a `cls`."""
    s = _new(_Open)
    s.game, s._trail, s.events = game, trail, events
    _fill(s, values)
    s._node = node_of(values[_PHASE], values[_PENDING], values[_ACTIVE])
    s._legal = None
    s.__class__ = cls
    return s


def new(cls: type, game, **fields: Any) -> Any:
    """A new state of `game` from its fields by name (`DEFAULTS` for those left out), no trail."""
    return build(cls, game, None, (), tuple(fields[n] if n in fields else DEFAULTS[n] for n in STATE_FIELDS))


def replace(s: Any, **changes: Any) -> Any:
    """`s` with some fields changed, no trail and no events (a hidden world, worlds.py)."""
    return build(type(s), s.game, None, (), tuple(changes.get(n, v) for n, v in zip(STATE_FIELDS, field_values(s),
                                                                                   strict=True)))


def off_bank(mods: Modules) -> int:
    """R32: doubloons out of the bank but not on a ship: Ghost-mode coins on tiles and the Ghost's own."""
    return mods.coins.bit_count() + (mods.ghost.doubloons if mods.ghost is not None else 0)


def node_of(phase: str, pending: tuple, active: int) -> tuple[str, int | None]:
    """("over"|"chance"|"decision"|"auto", who decides). "auto" is a step the rules resolve by
    themselves waiting in a written position: a chance node with the one outcome "go on"."""
    if phase == "over":
        return ("over", None)
    if pending:
        kind = pending[0][0]
        if kind in CHANCE:
            return ("chance", None)
        return ("decision", pending[0][1]) if kind in DECISION else ("auto", None)
    return ("decision", active)


def only_krakens(cards: tuple[str, ...]) -> bool:
    """R6 + R7 leave a gap: a discard pile of Krakens alone would be reshuffled and drawn
    for ever (each Kraken drawn goes back to the discard). The draw ends there instead."""
    return all(card in KRAKEN for card in cards)


def win_check(w: Work, p: int) -> None:
    """R1, E1: 10 Loot wins at once."""
    if w.ships[p].loot >= LOOT_TO_WIN:
        w.phase, w.winner, w.pending = "over", p, ()
        w.say(f"{w.name(p)} reaches {w.ships[p].loot} Loot and wins", "R1", "E1", "A35")


def distance(w: Work, a: int, b: int) -> int:
    """Hex distance between two ships; b < 0 is the Ghost (R34)."""
    return DISTANCE[w.ships[a].cell][w.mods.ghost.cell if b < 0 else w.ships[b].cell]


# -- the fields' copy and freeze, written out from STATE_FIELDS ----------------------------------
def _written_out(name: str, lines: list[str], **names: Any) -> Any:
    """The function `name` with one line per state field, written out from `STATE_FIELDS` as
    dataclasses and namedtuple write theirs: a loop over the fields would cost every step about a
    tenth more, and the fields stay declared once."""
    namespace: dict[str, Any] = dict(names)
    exec("\n".join(lines) + "\n", namespace)
    return namespace[name]


class _Open(RumState):
    """A state under construction: `RumState`'s very layout (no slot of its own) with ordinary
    attribute stores, which cost a fifth of calling each slot's descriptor. `freeze` and `build`
    fill one in, then turn it into a `RumState` (``__class__`` assignment between equal layouts),
    which refuses every change from then on."""

    __slots__ = ()
    __setattr__ = object.__setattr__


_copy_fields = _written_out("copy", ["def copy(w, s):", *(f"    w.{f} = s.{f}" for f in STATE_FIELDS)])
_fill = _written_out("fill", ["def fill(s, values):", f"    ({', '.join(f's.{f}' for f in STATE_FIELDS)},) = values"])
_freeze = _written_out(
    "freeze", ["def freeze(w, s, item):", "    n = new(Open)", "    n.game = s.game",
               "    n._trail = extend(s._trail, item)", "    n.events = tuple(w.events)",
               *(f"    n.{f} = tuple(w.ships)" if f == "ships" else f"    n.{f} = w.{f}" for f in STATE_FIELDS),
               "    n._node = node_of(w.phase, w.pending, w.active)", "    n._legal = None",
               "    n.__class__ = type(s)", "    return n"],
    new=object.__new__, Open=_Open, extend=extend, node_of=node_of)
_PHASE, _PENDING, _ACTIVE = (STATE_FIELDS.index(name) for name in ("phase", "pending", "active"))
DEFAULTS = {"turns": 0, "mods": NO_MODULES}
"""The fields a new position may leave out (`new`)."""
