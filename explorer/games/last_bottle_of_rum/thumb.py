"""The rule of thumb's choices as pure functions of a `Sight`: the one source of its play.

`policies.RuleOfThumb` builds its `Sight` from the player's view (`sight_of_view`), the
evaluator kernel (thumb_kernel.py) from its working copy of the position (`sight_of_state`,
the same hidden-information filter as the view: face-up tiles and the player's own peeks).
Both then ask `pick`, so a seed plays the same game either way. The maxims score every legal
action; the best wins, random among equals (one ``rng.random()`` per legal action, in order).
The tables below are the maxims' constant parts, computed once instead of per action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from .data import CARDS, CELLS, DISTANCE, TILES, TREASURES, map_tile, parse_cell
from .model import Attack, Earn, EndTurn, Exchange, Leave, Play, Repair, Sail, Stop, Take, Trade, UseEffect

GOOD_EFFECTS = frozenset({"E01", "E04", "E09", "E12", "E03"})
BOARD = range(1, 31)                       # the 30 island cells around the Hideout (D1)
ISLAND_BITS = sum(1 << c for c in BOARD)   # the face-up bits a view lists (the Hideout is not a tile)


def _card_value(card: str) -> int:
    """A played card is worth its icons: skulls most, then doubloons, anchors, rum (R8)."""
    icons = CARDS[card].icons
    return icons.count("S") * 3 + icons.count("D") * 2 + icons.count("A") + icons.count("R")


CARD_VALUE = {c: _card_value(c) for c in CARDS}
TAKE_VALUE = {t: 100 - 20 * (info.ability in ("heavy", "kraken_eye", "no_doubloons")) for t, info in TREASURES.items()}
GOOD_CARDS = frozenset(c for c, info in CARDS.items() if info.effect in GOOD_EFFECTS)
TREASURE_VALUE = {t: info.value for t, info in TREASURES.items()}
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
    maps: tuple[str, ...]                     # the map cards on display (R24)


def sight_of_view(v: dict) -> Sight:
    """The `Sight` of a player's view (`state.view(player)`)."""
    p = v["viewer"]
    me = v["ships"][p]
    tiles = [""] * len(CELLS)
    for name, tile in v["tiles"].items():
        tiles[parse_cell(name)] = tile
    return Sight(p, parse_cell(me["cell"]), me["curse"], tuple(me["treasures"]),
                 tuple((len(s["treasures"]), sum(s["damage"].values())) for s in v["ships"]), tuple(tiles),
                 sum(1 << parse_cell(c) for c in v["face_up"]), tuple(m for m, _ in v["display"]))


def sight_of_state(s: Any, p: int) -> Sight:
    """The `Sight` of player `p` in a position (a state or the kernel's `Work`): the tiles the
    view shows them, face up or peeked at (Hidden information table)."""
    ships = s.ships
    me = ships[p]
    up, mine = s.face_up, me.peeks
    tiles = tuple(t if t and (up >> c & 1 or c in mine) else "" for c, t in enumerate(s.tiles))
    return Sight(p, me.cell, me.curse, me.treasures, tuple((len(x.treasures), sum(x.damage)) for x in ships),
                 tiles, up & ISLAND_BITS, tuple(m for m, _ in s.display))


@lru_cache(maxsize=4096)
def nearest(goal: tuple[int, ...]) -> tuple[int, ...]:
    """Per cell, the hex distance to the closest cell of `goal` (D1)."""
    return tuple(min(row[g] for g in goal) for row in DISTANCE)


def goal_of(s: Sight) -> tuple[int, ...]:
    """Where the captain heads: home with a worthwhile cargo (R23), else to a displayed map's
    island it has seen (R24), else to unexplored water (R18), else home."""
    aboard = sum(TREASURE_VALUE[t] for t in s.treasures)
    if aboard >= 3 or (aboard and len(s.treasures) >= 2):
        return (0,)
    places = {t: c for c, t in enumerate(s.tiles) if t}
    goal = tuple(places[map_tile(m)] for m in s.maps if map_tile(m) in places)
    if goal:
        return goal
    return tuple(c for c in BOARD if not s.face_up >> c & 1) or (0,)


def sail_gain(s: Sight, near: tuple[int, ...], cell: int) -> int:
    """Ten a step closer to the goal; a seen reef costs 6 (R20)."""
    return 10 * (near[s.cell] - near[cell]) - (6 if s.tiles[cell] in REEFS else 0)


def score(s: Sight, a: Any, near: tuple[int, ...] | None = None) -> int:
    """The maxims' worth of action `a` (`near`: `nearest(goal_of(s))`, computed when None)."""
    if isinstance(a, Take):
        return TAKE_VALUE[a.treasure]
    if isinstance(a, Trade):
        return 100 + len(a.treasures)
    if isinstance(a, Leave):
        return 50
    if isinstance(a, Play):
        return sum(CARD_VALUE[c] for c in a.cards)
    if isinstance(a, Sail):
        return 40 + sail_gain(s, nearest(goal_of(s)) if near is None else near, a.cell)
    if isinstance(a, Attack) and a.target < 0:
        return 47        # R81, R82: sinking the Ghost wins back its newest treasure
    if isinstance(a, Attack):
        held, damage = s.loads[a.target]
        return 45 + 5 * held - 8 * damage
    if isinstance(a, Repair):
        return 42
    if isinstance(a, Earn):
        return 30
    if isinstance(a, UseEffect):
        return 38 if a.card in GOOD_CARDS and s.curse < 3 else 5
    if isinstance(a, Exchange):
        return 2 if a.get in a.give else 10
    if isinstance(a, (EndTurn, Stop)):
        return 1
    return 20


def pick(sight: Sight | None, legal: Sequence[Any], rng: random.Random) -> int:
    """The index of the best-scored legal action; ties go to the larger ``rng.random()`` (one
    draw per action, in the legal order). `sight` is only read when there is a choice."""
    draw = rng.random
    if len(legal) == 1:
        draw()
        return 0
    near = nearest(goal_of(sight)) if any(isinstance(a, Sail) for a in legal) else None
    best = max((score(sight, a, near), draw(), i) for i, a in enumerate(legal))
    return best[2]

