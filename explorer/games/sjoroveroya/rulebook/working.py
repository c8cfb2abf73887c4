"""How a state's fields are copied into Sjørøverøya's working copy (`flow.Work`) and frozen
back, and how a state is built: written out once from `model.FIELDS` as straight-line code.

Also the game's options read once (`Config`) and the chance node a position waits at
(`waiting`), which every build works out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from explorer.core.events import Event

from ..data import COMPONENTS
from ..model import FIELDS, SjoroveroyaState


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, read once: the hot path never looks them up by name."""

    players: int
    children: bool
    moves_per_turn: int
    stop_on_own: bool
    any_colour: bool
    allow_pass: bool
    hand_size: int
    open_hands: bool
    face_up: int
    hand_limit: int | None
    emergency_whenever: bool
    reshuffle_immediate: bool
    metric: str
    mixed_stop: bool
    turn_cap: int | None
    first_player: int | None


@lru_cache(maxsize=256)
def config(game: Any) -> Config:
    o = game.options
    children = o["variant"] == "children"
    return Config(
        players=game.players, children=children,
        moves_per_turn=COMPONENTS.children_moves_per_turn if children else COMPONENTS.moves_per_turn,
        stop_on_own=o["forward_stop_on_own"], any_colour=o["backward_counts_any_colour"],
        allow_pass=o["allow_pass"], hand_size=o["start_hand_size"], open_hands=o["open_hands"],
        face_up=COMPONENTS.face_up_cards if o["open_hands"] else 0, hand_limit=o["hand_limit"],
        emergency_whenever=o["emergency_draw"] == "whenever_stuck",
        reshuffle_immediate=o["reshuffle_timing"] == "immediate", metric=o["ranking_metric"],
        mixed_stop=o["mixed_card_forward"] == "stop", turn_cap=o["turn_cap"],
        first_player=o["first_player"],
    )



def waiting(x: Any, cfg: Config) -> str | None:
    """`chance_kind` of a state or a working copy (`Work`): the nodes where `settle` stops."""
    phase = x.phase
    if phase == "play" and not x.pending and not cfg.face_up:   # mid-turn: a decision (most steps)
        return None
    if phase == "over" or phase == "discard":
        return None
    if phase == "layout":
        return "layout"
    if cfg.face_up and len(x.pile_top) < cfg.face_up and any(x.pile):
        return "reveal"
    if x.pending and not x.pile_top and any(x.pile):
        return "draw"
    if phase == "first":
        return "first"
    return None


# How the working copy holds the fields the steps change in place (the others are kept as they
# are): the state's tuples until the first write, then per player rows (`thawed`; `pieces` and
# `hands` a list of the rows, each a tuple until its own first write) or one list of suit counts
# (`thawed_list`): most steps move no piece, or change no hand, pile or discard pile, or change
# one player's only. `pieces` is written back sorted.
THAWED = {"pieces": "sorted rows on write", "hands": "rows on write", "drawn_since": "rows on write",
          "pile": "list on write", "discard": "list on write"}
_THAW = {"sorted rows on write": "s.{0}", "rows on write": "s.{0}", "list on write": "s.{0}"}
_FREEZE = {"sorted rows on write": "w.{0} if w.{0}.__class__ is tuple else "
                                   "tuple([r if r.__class__ is tuple else tuple(sorted(r)) for r in w.{0}])",
           "rows on write": "w.{0} if w.{0}.__class__ is tuple else tuple(map(tuple, w.{0}))",
           "list on write": "w.{0} if w.{0}.__class__ is tuple else tuple(w.{0})"}


def thawed(rows: Any) -> list[list[int]]:
    """A field copied on write (`THAWED`), as per player lists: the state's tuples the first time."""
    return [list(r) for r in rows] if rows.__class__ is tuple else rows


def thawed_list(counts: Any) -> list[int]:
    """A list of suit counts copied on write (`THAWED`): the state's tuple the first time."""
    return list(counts) if counts.__class__ is tuple else counts


_OPEN: dict[type, type] = {}


def opened(cls: type) -> type:
    """A twin of the state class `cls` with the same slots and plain attribute assignment: a
    state is filled in as the twin, then becomes a `cls` (``__class__`` is assigned, which
    the identical layout allows). Each ``object.__setattr__`` on an immutable state costs
    several times a plain assignment, and a state has over twenty slots to fill per step."""
    twin = _OPEN.get(cls)
    if twin is None:
        twin = _OPEN[cls] = type(f"Open{cls.__name__}", (cls,), {"__slots__": (), "__setattr__": object.__setattr__})
    return twin


def _compile() -> tuple[Any, Any, Any]:
    """`Work`'s copy of a state's fields, its `freeze` into a state and `build`, written out once
    from `FIELDS` (as `dataclasses` writes its methods): straight-line code, as fast as
    hand-written. Both builds also work out the state's config, chance node (`waiting`),
    `player`, `is_chance` and `is_over`, read on every step."""
    thaw = "".join(f"    w.{f} = {_THAW[THAWED[f]].format(f) if f in THAWED else f's.{f}'}\n" for f in FIELDS)
    frozen = "".join(f"    s.{f} = {_FREEZE[THAWED[f]].format(f) if f in THAWED else f'w.{f}'}\n" for f in FIELDS)
    sets = "".join(f"    s.{f} = {f}\n" for f in FIELDS)
    start = ("    twin = _OPEN.get(cls) or _opened(cls)\n    s = twin.__new__(twin)\n"
             "    s.game = game\n    s._trail = trail\n    s.events = events\n")
    inherit = ("    o = w._occ\n    if o is None:\n        o = getattr(parent, '_occupancy', None)\n"
               "    if o is not None:\n        s._occupancy = o\n")
    derived = ("    s._cfg = cfg\n    s._kind = kind = _waiting(s, cfg)\n    s.is_over = over = s.phase == 'over'\n"
               "    s.is_chance = kind is not None\n    s.player = None if over or kind is not None else s.to_move\n"
               "    s.__class__ = cls\n    return s\n")
    source = (f"def thaw(w, s):\n{thaw}\n"
              f"def freeze(w, parent, trail, events):\n    cls = parent.__class__\n    game = parent.game\n{start}"
              f"{frozen}{inherit}    cfg = w.cfg\n{derived}\n"
              f"def build(cls, game, trail, events, {', '.join(FIELDS)}):\n{start}{sets}    cfg = _config(game)\n"
              f"{derived}")
    namespace: dict[str, Any] = {"_OPEN": _OPEN, "_opened": opened, "_waiting": waiting, "_config": config}
    exec(source, namespace)
    return namespace["thaw"], namespace["freeze"], namespace["build"]


_thaw, _freeze, _build = _compile()


def build(cls: type, game: Any, trail: Any, events: tuple[Event, ...], *values: Any) -> SjoroveroyaState:
    """Make a state from its position fields (in `FIELDS` order) without checks."""
    return _build(cls, game, trail, events, *values)


def make(cls: type, game: Any, events: tuple[Event, ...] = (), **fields: Any) -> SjoroveroyaState:
    """`build` with every one of `FIELDS` named, for the states made from data (no history)."""
    if fields.keys() != set(FIELDS):
        raise TypeError(f"a state's fields are {FIELDS}, not {tuple(fields)}")
    return build(cls, game, None, events, *(fields[name] for name in FIELDS))
