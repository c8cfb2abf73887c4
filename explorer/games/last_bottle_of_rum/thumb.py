"""The rule of thumb's choices as pure functions of a `Sight`: the one source of its play.

`policies.RuleOfThumb` builds its `Sight` from the player's view (`sight_of_view`), the
rule-of-thumb playout (playout.py) from its working copy of the position (`sight_of_state`,
the same hidden-information filter as the view: face-up tiles and the player's own peeks).
Both then ask `pick`, so a seed plays the same game either way. The maxims score every legal
action; the best wins, random among equals (one ``rng.random()`` per legal action, in order).
The tables below are the maxims' constant parts, computed once instead of per action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from .data import CARDS, CELLS, DISTANCE, FIRE, TILES, TREASURES, cell_name, map_tile
from .model import Attack, Earn, EndTurn, Exchange, Leave, Play, Repair, Sail, Stop, Take, Trade, UseEffect
from .rulebook.ships import SLOTS, capacity

GOOD_EFFECTS = frozenset({"E01", "E04", "E09", "E12", "E03"})
BOARD = range(1, 31)                       # the 30 island cells around the Hideout (D1)
ISLAND_BITS = sum(1 << c for c in BOARD)   # the face-up bits a view lists (the Hideout is not a tile)


def _card_value(card: str) -> int:
    """A played card is worth its icons: skulls most, then doubloons, anchors, rum (R8); a wild
    action (R63, D7) as much as the best of them, since it can be used as a Sail."""
    icons = CARDS[card].icons
    return (icons.count("S") + icons.count("W")) * 3 + icons.count("D") * 2 + icons.count("A") + icons.count("R")


CARD_VALUE = {c: _card_value(c) for c in CARDS}
TAKE_VALUE = {t: 100 - 20 * (info.ability in ("heavy", "kraken_eye", "no_doubloons")) for t, info in TREASURES.items()}
GOOD_CARDS = frozenset(c for c, info in CARDS.items() if info.effect in GOOD_EFFECTS)
TREASURE_VALUE = {t: info.value for t, info in TREASURES.items()}
CELL_OF = {cell_name(c): c for c in range(len(CELLS))}   # the view's "q,r" names (parse_cell, as a table)
REEFS = frozenset(t for t, info in TILES.items() if info.reef)


class Sight(NamedTuple):
    """What the rule of thumb reads of the deciding player's view, as plain values."""

    viewer: int
    cell: int                                 # the viewer's ship
    curse: int
    treasures: tuple[str, ...]                # the viewer's treasures aboard
    loads: tuple[tuple[int, int], ...]        # every ship's (treasures aboard, damage tokens): public
    tiles: tuple[str, ...]                    # per cell, the tile the viewer has seen ("" unseen)
    face_up: int                              # bit c: island cell c is face up
    maps: tuple[str, ...]                     # the map cards on display whose treasure fits aboard (R24, R28)


_new_sight = tuple.__new__       # NamedTuple's constructor without its keyword handling (hot path)


def sight_of_view(v: dict) -> Sight:
    """The `Sight` of a player's view (`state.view(player)`)."""
    p = v["viewer"]
    me = v["ships"][p]
    tiles = [""] * len(CELLS)
    for name, tile in v["tiles"].items():
        tiles[CELL_OF[name]] = tile
    aboard = tuple(me["treasures"])
    free = free_slots(me["captain"], me["damage"]["FIRE"], aboard)
    return Sight(p, CELL_OF[me["cell"]], me["curse"], aboard,
                 tuple([(len(s["treasures"]), sum(s["damage"].values())) for s in v["ships"]]), tuple(tiles),
                 sum([1 << CELL_OF[c] for c in v["face_up"]]),
                 maps_of(tuple([(m, t) for m, t in v["display"]]), free))


def sight_of_state(s: Any, p: int) -> Sight:
    """The `Sight` of player `p` in a position (a state or the kernel's `Work`): the tiles the
    view shows them, face up or peeked at (Hidden information table)."""
    ships = s.ships
    me = ships[p]
    up = s.face_up
    return _new_sight(Sight, (p, me.cell, me.curse, me.treasures,
                              tuple([(len(x.treasures), sum(x.damage)) for x in ships]),
                              visible(s.tiles, up, me.peeks), up & ISLAND_BITS,
                              maps_of(s.display, free_slots(me.captain, me.damage[FIRE], me.treasures))))


@lru_cache(maxsize=4096)
def visible(tiles: tuple[str, ...], up: int, peeks: tuple[int, ...]) -> tuple[str, ...]:
    """The tiles a player sees: face up, or face down but peeked at (E05, Madame Macaw)."""
    return tuple([t if t and (up >> c & 1 or c in peeks) else "" for c, t in enumerate(tiles)])


def free_slots(captain: str, fire: int, aboard: tuple[str, ...]) -> int:
    """Treasure slots left (R28, R47: `ships.capacity` less what is aboard)."""
    return capacity(captain, fire) - sum([SLOTS[t] for t in aboard])


@lru_cache(maxsize=4096)
def maps_of(display: tuple[tuple[str, str], ...], free: int) -> tuple[str, ...]:
    """The map cards of the display's pairs (R24) whose treasure fits in `free` slots (R28):
    an island whose treasure cannot come aboard is no goal."""
    return tuple(m for m, t in display if SLOTS[t] <= free)


@lru_cache(maxsize=16384)
def nearest(goal: tuple[int, ...]) -> tuple[int, ...]:
    """Per cell, the hex distance to the closest cell of `goal` (D1). Hex distance is symmetric,
    so the goal cells' own rows are the columns wanted: a minimum per cell across them."""
    return tuple(map(min, zip(*[DISTANCE[g] for g in goal], strict=True)))


def goal_of(s: Sight) -> tuple[int, ...]:
    """Where the captain heads: home with a worthwhile cargo, or with any cargo when no
    displayed treasure fits aboard (R23, R28), else to a displayed map's island it has seen
    whose treasure fits (R24), else to unexplored water (R19), else home."""
    aboard = sum(TREASURE_VALUE[t] for t in s.treasures)
    if aboard >= 3 or (aboard and (len(s.treasures) >= 2 or not s.maps)):
        return (0,)
    return _heading(s.tiles, s.maps, s.face_up)


@lru_cache(maxsize=4096)
def _heading(tiles: tuple[str, ...], maps: tuple[str, ...], face_up: int) -> tuple[int, ...]:
    # Each island tile lies on one cell at most (C8 draws from the unplaced ones): `index` finds it.
    goal = tuple([tiles.index(tile) for tile in map(map_tile, maps) if tile in tiles])
    return goal or _unexplored(face_up)


@lru_cache(maxsize=4096)
def _unexplored(face_up: int) -> tuple[int, ...]:
    """The face-down island cells (R19), else the Hideout."""
    return tuple(c for c in BOARD if not face_up >> c & 1) or (0,)


def sail_gain(s: Sight, near: tuple[int, ...], cell: int) -> int:
    """Ten a step closer to the goal; a seen reef costs 6 (R21: a damage token on every entry)."""
    return 10 * (near[s.cell] - near[cell]) - (6 if s.tiles[cell] in REEFS else 0)


def score(s: Sight, a: Any, near: tuple[int, ...] | None = None) -> int:
    """The maxims' worth of action `a` (`near`: `nearest(goal_of(s))`, computed when None)."""
    rule = scorer(type(a))
    if rule is SAIL and near is not None:
        return 40 + sail_gain(s, near, a.cell)
    return rule(s, a)


RULES: dict[type, Callable[[Any, Any], int]] = {}   # `scorer`'s answers, read first by `pick`


def scorer(kind: type) -> Callable[[Sight, Any], int]:
    """The maxim for an action type, in the maxims' order of precedence (a subclass takes its
    first matching base's); a Sail's (`SAIL`) needs the goal, which `pick` and `score` supply."""
    known = RULES.get(kind)
    if known is not None:
        return known
    for base, rule in PRECEDENCE:
        if issubclass(kind, base):
            RULES[kind] = rule
            return rule
    RULES[kind] = OTHER
    return OTHER


def _attack(s: Sight, a: Attack) -> int:
    if a.target < 0:
        return 47        # R81, R82: sinking the Ghost wins back its newest treasure
    held, damage = s.loads[a.target]
    return 45 + 5 * held - 8 * damage


def _effect(s: Sight, a: UseEffect) -> int:
    return 38 if a.card in GOOD_CARDS and s.curse < 3 else 5


def _other(s: Sight | None, a: Any) -> int:
    return 20            # peeks, discards, losses, captains, weather...: no maxim


OTHER = _other


def _sail(s: Sight, a: Any) -> int:
    return 40 + sail_gain(s, nearest(goal_of(s)), a.cell)


SAIL = _sail
PLAY_WORTH: dict[Any, int] = {}     # a Play's worth by its cards (plays are made once each, weather.play_of)


def _play(s: Sight | None, a: Play) -> int:
    worth = PLAY_WORTH.get(a.cards)
    if worth is None:
        worth = PLAY_WORTH[a.cards] = sum([CARD_VALUE[c] for c in a.cards])
    return worth


def _exchange(s: Sight | None, a: Exchange) -> int:
    """R12: a trade that changes something; giving a wild action (R63) never does (it already
    is any action)."""
    return 2 if a.get in a.give or "W" in a.give else 10
PRECEDENCE: tuple[tuple[type | tuple[type, ...], Callable[[Sight, Any], int]], ...] = (
    (Take, lambda s, a: TAKE_VALUE[a.treasure]),                 # R25, less for a hindering treasure
    (Trade, lambda s, a: 100 + len(a.treasures)),                 # R23: Loot, the more the better
    (Leave, lambda s, a: 50),                                     # R25: not taking it
    (Play, _play),                                                # R8: the pair with the richest icons
    (Sail, SAIL),                                                 # R18: towards the goal
    (Attack, _attack),                                            # R33-R37: a laden, sound prey
    (Repair, lambda s, a: 42),                                    # R43
    (Earn, lambda s, a: 30),                                      # R30
    (UseEffect, _effect),                                         # R13: a helpful effect while lightly cursed
    (Exchange, _exchange),                                        # R12: a 3-for-1 that changes something
    ((EndTurn, Stop), lambda s, a: 1),                            # T5: only when nothing else is left
)
# The maxims that never read the sight (every one but a Sail's, an Attack's and an effect's).
BLIND = frozenset(rule for _, rule in PRECEDENCE if rule not in (SAIL, _attack, _effect)) | {OTHER}


def pick(see: Callable[[], Sight], legal: Sequence[Any], rng: random.Random) -> int:
    """The index of the best-scored legal action; ties go to the larger ``rng.random()`` (one
    draw per action, in the legal order), then to the later action, as ``max`` of
    ``(score, draw, index)`` keys would. `see()` gives the deciding player's `Sight`; it is
    called only when an action's maxim reads it (not for a lone action, plays, trades...)."""
    draw = rng.random
    if len(legal) == 1:
        draw()
        return 0
    sight = near = None
    top, luck, best = -1.0e9, 0.0, -1
    rules = RULES
    for i, a in enumerate(legal):
        kind = type(a)
        rule = rules.get(kind) or scorer(kind)
        if rule is SAIL:                 # the commonest choice: `sail_gain` inlined
            if near is None:
                sight = sight or see()
                near, here, tiles = nearest(goal_of(sight)), sight.cell, sight.tiles
            cell = a.cell
            value = 40 + 10 * (near[here] - near[cell]) - (6 if tiles[cell] in REEFS else 0)
        elif rule is _exchange:          # the commonest action of all: inlined too
            value = 2 if a.get in a.give or "W" in a.give else 10
        elif rule in BLIND:
            value = rule(None, a)
        else:
            sight = sight or see()
            value = rule(sight, a)
        chance = draw()
        if value > top or (value == top and chance >= luck):
            top, luck, best = value, chance, i
    return best
