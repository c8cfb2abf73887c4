"""`sample_state`: a full Pirate Rush position agreeing with one pirate's view, at any decision,
chance node or the end (where every loot pile has been shown for the final count, E3, E9).

The viewer's located tiles keep their kinds; each vague fact goes to an unidentified tile of
its zones; the pending tasks come back from the view's public stack (`stack_view`), each tile
reference drawn among the tiles of its pile that could be the one meant (R74: a blind pick is
uniform); tiles somebody else has seen, or that lie in a loot pile, get kinds drawn from the
multiset the viewer has not accounted for, all exchangeable for him (C6). Island tiles others
peeked at are drawn from the unseen in-play tiles (C2).

Pending tasks carry facts the rules imply even where the viewer cannot see the tile: the
Gunner decides over a wound (R37), the Monkey over a curse (R46), the Quartermaster over a
non-negative tile (R40), Mercader was paid with a coin (R52) and the Rogue keeps a copper she
saw (R43). A draw that breaks one is thrown away and drawn again: rejection sampling, so an
accepted draw has the exact conditional odds of the draw above.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from explorer.core.errors import PositionError

from ..checks import fits
from ..data import ISLAND_TILES, KINDS, TOTAL
from ..model import FIELDS, NO_TURN, island_name, make, parse_island, parse_slot
from ..position import pending
from ..tokens.stack_view import LOOKS, private_stack, task_tokens

TRIES = 2000



@dataclass(frozen=True)
class Board:
    """What every draw from one view shares: the new token numbering and the viewer's facts."""

    viewer: int | None
    slots: tuple[tuple[int, ...], ...]
    loot: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    zones: dict[str, tuple[int, ...]]      # "P2" / "D" -> its tokens
    kinds: tuple[str, ...]                 # "" where the viewer cannot name the tile
    facts: tuple[tuple[str, tuple[str, ...]], ...]
    seen_by: tuple[frozenset[int], ...]    # public: slots each pirate has seen, his own loot


def board(view: Mapping[str, Any], n: int) -> Board:
    """Number the 40 tiles: island slots first, then each loot pile, then the discard."""
    places: list[tuple[str, str | None]] = []       # (zone, kind shown) per new token
    slots = []
    for j, row in enumerate(view["slots"]):
        out = []
        for slot in row:
            out.append(-1 if slot is None else len(places))
            if slot is not None:
                places.append((island_name(j), slot["kind"]))
        slots.append(tuple(out))
    zones: dict[str, tuple[int, ...]] = {}
    piles = [(f"P{p + 1}", pile) for p, pile in enumerate(view["loot"])] + [("D", view["discard"])]
    for zone, pile in piles:
        known = list(pile["known"])
        zones[zone] = tuple(range(len(places), len(places) + pile["count"]))
        places += [(zone, known[k] if k < len(known) else None) for k in range(pile["count"])]
    if len(places) != 40:
        raise PositionError("slots", "the view does not account for all 40 loot tiles")
    seen_by = [set(zones[f"P{p + 1}"]) for p in range(n)]
    if view["phase"] == "over" and all(len(pile["known"]) == pile["count"] for pile in view["loot"]):
        shown = {t for p in range(n) for t in zones[f"P{p + 1}"]}   # E3, E9: counted in the open
        seen_by = [group | shown for group in seen_by]
    for j, row in enumerate(view["slots"]):
        for i, slot in enumerate(row):
            for q in slot["seen_by"] if slot else ():
                seen_by[q].add(slots[j][i])
    return Board(view["viewer"], tuple(slots), tuple(zones[f"P{p + 1}"] for p in range(n)), zones["D"], zones,
                 tuple(k or "" for _, k in places), tuple((f["kind"], tuple(f["zones"])) for f in view["vague"]),
                 tuple(frozenset(s) for s in seen_by))


def sample_state(game, view: Mapping[str, Any], rng: random.Random):
    """A full state agreeing with `view`: the viewer's facts kept, the rest drawn (worlds.py
    enumerates the same draws exactly)."""
    node = (view.get("pending") or {}).get("node")
    if node not in ("decision", "chance", "over"):
        raise PositionError("pending", f"sample_state works at a decision, chance or final node, not at {node!r}")
    if "stack" not in view:
        raise PositionError("stack", "missing: the view must list the pending tasks")
    b = board(view, game.players)
    chooser = RngChooser(rng)
    for _ in range(TRIES):
        state = fill_in(game, view, b, chooser)
        if fits(state):
            if pending(state, b.viewer) != view["pending"]:
                raise PositionError("pending", "the pending decision does not match the view's stack")
            return state
    raise PositionError("stack", "no position fits the pending tasks (R37, R40, R43, R46, R52)")


class _Randrange:
    """`private_stack` draws a hidden first throw with ``randrange(3)``: through the chooser."""

    def __init__(self, chooser) -> None:
        self.randrange = chooser.index


def fill_in(game, view: Mapping[str, Any], b: Board, chooser):
    """One full state for `view`, every hidden choice asked of `chooser` (see worlds.py)."""
    n = game.players
    kinds = list(b.kinds)
    mine = frozenset(t for t, k in enumerate(b.kinds) if k)
    chosen: dict[Any, int] = {}

    def pick(ref: Mapping[str, Any], any_tile: bool) -> int:
        if "place" in ref:
            j, i = parse_slot(ref["place"])
            if b.slots[j][i] < 0:
                raise PositionError("stack", f"{ref['place']} is empty")
            return b.slots[j][i]
        key = ref.get("ref")
        if key not in chosen:
            tokens = b.zones.get(ref.get("zone"), ())
            taken = set(chosen.values())
            if ref.get("kind"):
                options = [t for t in tokens if t in mine and kinds[t] == ref["kind"] and t not in taken]
            else:
                options = [t for t in tokens if (any_tile or t not in mine) and t not in taken]
            if not options:
                raise PositionError("stack", f"no tile of {ref.get('zone')!r} fits {dict(ref)}")
            chosen[key] = options[chooser.index(len(options))]
        return chosen[key]

    stack = private_stack(view["stack"], b.viewer, pick, _Randrange(chooser))
    seen_by = [set(s) for s in b.seen_by]
    for task in stack:
        if task[0] in LOOKS:          # the looker saw the tiles he looked at (H7, H8)
            seen_by[task[1]].update(task_tokens(task))
    public = {t for j, row in enumerate(view["slots"]) for i, slot in enumerate(row)
              if slot and slot["seen_by"] for t in (b.slots[j][i],)}
    unturned = {task[1] for task in stack if task[0] == "see"} - mine - public
    for group in seen_by:             # a tile a pending step is about to show: nobody has seen it yet
        group -= unturned
    spots = [[t for z in zones for t in _zone(b, z) if not kinds[t]] for _, zones in b.facts]
    vague = []
    for (kind, zones), t in zip(b.facts, chooser.matching(spots), strict=True):
        kinds[t] = kind
        vague.append((t, zones))
    named = {t for group in seen_by for t in group} | (set(chosen.values()) - unturned)
    todo = sorted(t for t in named if not kinds[t])
    left = dict(TOTAL)
    for k in kinds:
        if k:
            left[k] -= 1
    for t, k in chooser.kinds(_groups(b, todo, seen_by, set(chosen.values())), left).items():
        kinds[t] = k
    islands, peeked = _islands(view, n, chooser)
    fields = {name: view[name] for name in ("phase", "ship", "anchor", "round", "starter", "current", "event",
                                            "ending")}
    fields.update({
        "stack": stack, "kinds": tuple(kinds), "slots": b.slots, "loot": b.loot, "discard": b.discard,
        "islands": islands, "flipped": tuple(i["flipped"] for i in view["islands"]),
        "removed": tuple(view["removed"]), "row": tuple(view["row"]), "markers": tuple(view["markers"]),
        "chosen": tuple(view["chosen"]), "prestige": tuple(view["prestige"]),
        "prosthetics": tuple(tuple(p) for p in view["prosthetics"]), "resources": tuple(view["resources"]),
        "played": tuple(view["played"]), "turn": tuple(view.get("turn", NO_TURN)),
        "known": tuple(mine if p == b.viewer else frozenset(seen_by[p]) for p in range(n)),
        "vague": tuple(tuple(sorted(vague)) if p == b.viewer else () for p in range(n)), "peeked": peeked,
        "visited": tuple(view["visited"]),
    })
    assert set(fields) == set(FIELDS)
    return make(game, fields)


def _groups(b: Board, tokens: list[int], seen_by, referenced: set[int]) -> list[list[int]]:
    """Tiles whose kinds are exchangeable for the viewer: same pile, seen by the same pirates,
    named by no pending step. A slot tile is its own group (its place tells it apart)."""
    zone_of = {t: z for z, ts in b.zones.items() for t in ts}
    groups: dict[Any, list[int]] = {}
    for t in tokens:
        who = frozenset(p for p, group in enumerate(seen_by) if t in group)
        key = (zone_of[t], who) if t in zone_of and t not in referenced else ("own", t)
        groups.setdefault(key, []).append(t)
    return list(groups.values())


def _zone(b: Board, zone: str) -> tuple[int, ...]:
    """The tokens in a zone: ``I3`` (its occupied slots), ``P2`` or ``D``."""
    if zone in b.zones:
        return b.zones[zone]
    return tuple(t for t in b.slots[parse_island(zone)] if t >= 0)


def _match(spots: list[list[int]], rng: random.Random) -> list[int]:
    """One distinct token per vague fact, each among its own spots (facts may share zones).

    Independent uniform draws, redrawn on a clash; a randomized search if clashes persist.
    """
    for _ in range(50):
        if not all(spots):
            break
        picks = [options[rng.randrange(len(options))] for options in spots]
        if len(set(picks)) == len(picks):
            return picks
    orders = [rng.sample(options, len(options)) for options in spots]

    def extend(k: int, used: list[int]) -> list[int] | None:
        if k == len(orders):
            return used
        for t in orders[k]:
            if t not in used:
                found = extend(k + 1, [*used, t])
                if found is not None:
                    return found
        return None

    found = extend(0, [])
    if found is None:
        raise PositionError("vague", "the remembered tiles do not fit the zones they are remembered in")
    return found


def _islands(view: Mapping[str, Any], n: int, chooser) -> tuple[tuple[str, ...], tuple]:
    """C2: island tiles other pirates peeked at, drawn from the in-play tiles the viewer has not seen."""
    tiles = [i["tile"] or "" for i in view["islands"]]
    unseen = [t for t in ISLAND_TILES if t not in view["removed"] and t not in tiles]
    peeked = [set() for _ in range(n)]
    for j, info in enumerate(view["islands"]):
        for q in info["seen_by"]:
            peeked[q].add(j)
            if not tiles[j]:
                tiles[j] = unseen.pop(chooser.index(len(unseen)))
    return tuple(tiles), tuple(frozenset(p) for p in peeked)


class RngChooser:
    """`sample_state`'s chooser: seeded draws (the calls `sample_state` always made)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def index(self, k: int) -> int:
        return self.rng.randrange(k)

    def kinds(self, groups: list[list[int]], left: dict[str, int]) -> dict[int, str]:
        pool = [k for k in KINDS for _ in range(left[k])]
        tokens = sorted(t for g in groups for t in g)
        if len(pool) < len(tokens):
            raise PositionError("kinds", "the view names more tiles of some kind than the game has (D1)")
        return dict(zip(tokens, self.rng.sample(pool, len(tokens)), strict=True))


    def matching(self, spots: list[list[int]]) -> list[int]:
        return _match(spots, self.rng)
