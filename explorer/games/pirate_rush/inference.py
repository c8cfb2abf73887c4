"""Exact inference from one pirate's knowledge, and filling in a full state from a view.

`tile_distribution(state, viewer, place)` answers "given what `viewer` knows, what is the
face-down tile at `place`?" exactly, by the exchangeability of every tile the viewer has
not identified (C6): the kinds he knows are taken out of the 40, the rest are equally
likely anywhere he cannot see; a tile he remembers only by island (after Perdidos, C7)
is equally likely in each slot of that island he cannot place otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError

from .data import ISLAND_TILES, KINDS, TOTAL
from .model import FIELDS, NO_TURN, island_name, make, parse_island, parse_slot
from .rules import unaccounted


def _left_for(s, viewer: int) -> dict[str, int]:
    """Kinds `viewer` has not located exactly nor remembers vaguely (his unseen multiset)."""
    left = dict(TOTAL)
    for t in s.known[viewer]:
        left[s.kinds[t]] -= 1
    for t, _ in s.vague[viewer]:
        left[s.kinds[t]] -= 1
    return left


def _spread(left: dict[str, int], mass: Fraction, out: dict[str, Fraction]) -> None:
    total = sum(left.values())
    if total and mass:
        for k, c in left.items():
            if c:
                out[k] = out.get(k, Fraction(0)) + mass * Fraction(c, total)


def tile_distribution(s, viewer: int | None, place: str) -> dict[str, Fraction]:
    """Exact distribution of the tile at ``I3.b`` (or a random tile of ``P2`` / ``D``) for `viewer`.

    ``viewer=None`` gives the teacher's truth: the kind if anybody has seen the tile, else the
    chance node that would resolve it. Vague pile facts (after a blind swap) are not used.
    """
    if place.startswith("I"):
        j, i = parse_slot(place)
        t = s.slots[j][i]
        if t < 0:
            raise PositionError("place", f"{place} is empty")
        tokens = [t]
    else:
        tokens = list(s.discard) if place == "D" else list(s.loot[int(place[1:])])
        if not tokens:
            raise PositionError("place", f"{place} holds no tile")
    out: dict[str, Fraction] = {}
    share = Fraction(1, len(tokens))
    if viewer is None:
        for t in tokens:
            if s.kinds[t]:
                out[s.kinds[t]] = out.get(s.kinds[t], Fraction(0)) + share
            else:
                _spread(unaccounted(s), share, out)
        return out
    left = _left_for(s, viewer)
    if not place.startswith("I"):
        for v, zones in s.vague[viewer]:
            if not zones[0].startswith("I"):
                left[s.kinds[v]] += 1   # pile-or-pile facts: counted as unidentified
    for t in tokens:
        if t in s.known[viewer]:
            out[s.kinds[t]] = out.get(s.kinds[t], Fraction(0)) + share
            continue
        rest = share
        if place.startswith("I"):
            for v, zones in s.vague[viewer]:
                if island_name(j) in zones:
                    free = [x for z in zones for x in s.slots[parse_island(z)]
                            if x >= 0 and x not in s.known[viewer]]
                    p = share / len(free)
                    out[s.kinds[v]] = out.get(s.kinds[v], Fraction(0)) + p
                    rest -= p
        _spread(left, rest, out)
    return {k: out[k] for k in KINDS if k in out}


def island_distribution(s, viewer: int | None, island: int) -> dict[str, Fraction]:
    """C2: the island tile at `island` for `viewer`: uniform over in-play tiles he has not seen."""
    if s.islands[island] and (viewer is None or s.flipped[island] or island in s.peeked[viewer]):
        return {s.islands[island]: Fraction(1)}
    seen = {s.islands[j] for j in range(8) if s.islands[j] and (
        s.flipped[j] or (viewer is not None and j in s.peeked[viewer]))}
    unseen = [t for t in ISLAND_TILES if t not in s.removed and t not in seen]
    return {t: Fraction(1, len(unseen)) for t in unseen}


def what_is(s, viewer: int, place: str) -> dict[str, Any]:
    """The viewer's exact belief beside the teacher's truth, for a notebook table."""
    return {"place": place, "viewer": tile_distribution(s, viewer, place), "truth": tile_distribution(s, None, place)}


# -- sample_state ---------------------------------------------------------------------
def _stack_for(view: Mapping[str, Any], n: int) -> tuple:
    task = view["pending"].get("task")
    if task == "turn":
        return (("turn", view["pending"]["player"]),)
    if task == "call":
        return (("call",),)
    if task == "draft":
        order = [(view["starter"] + i) % n for i in range(n)]
        todo = [p for p in order if not view["chosen"][p]]
        tail = [("markers",), *((("flip",),) if view["game"]["options"]["advanced"] else ()), ("call",)]
        return tuple(reversed([("draft", p) for p in todo] + tail))
    raise PositionError("pending", f"sample_state works at a draft, call or turn decision, not {task!r}")


def sample_state(game, view: Mapping[str, Any], rng: random.Random):
    """A full state agreeing with `view`: the viewer's facts kept, the hidden rest drawn exactly."""
    n = game.players
    viewer = view["viewer"]
    places: list[tuple[str, str | None]] = []       # (zone, kind shown) per new token
    slots = []
    for j, row in enumerate(view["slots"]):
        out = []
        for slot in row:
            if slot is None:
                out.append(-1)
            else:
                out.append(len(places))
                places.append((island_name(j), slot["kind"]))
        slots.append(tuple(out))
    loot = []
    for p, pile in enumerate(view["loot"]):
        known = list(pile["known"])
        loot.append(tuple(range(len(places), len(places) + pile["count"])))
        places += [(f"P{p}", known[k] if k < len(known) else None) for k in range(pile["count"])]
    known_d = list(view["discard"]["known"])
    discard = tuple(range(len(places), len(places) + view["discard"]["count"]))
    places += [("D", known_d[k] if k < len(known_d) else None) for k in range(view["discard"]["count"])]
    if len(places) != 40:
        raise PositionError("slots", "the view does not account for all 40 loot tiles")
    kinds = [k or "" for _, k in places]
    mine = {t for t, k in enumerate(kinds) if k}
    facts = [(fact["kind"], tuple(fact["zones"])) for fact in view["vague"]]
    spots = [[t for t, (z, _) in enumerate(places) if z in zones and not kinds[t]] for _, zones in facts]
    vague = []
    for (kind, zones), t in zip(facts, _match(spots, rng), strict=True):
        kinds[t] = kind
        vague.append((t, zones))
    left = dict(TOTAL)
    for k in kinds:
        if k:
            left[k] -= 1
    seen_by: list[set[int]] = [set() for _ in range(n)]
    for j, row in enumerate(view["slots"]):
        for i, slot in enumerate(row):
            for q in slot["seen_by"] if slot else ():
                seen_by[q].add(slots[j][i])
    for p in range(n):
        seen_by[p] |= set(loot[p])
    must = sorted({t for group in seen_by for t in group if not kinds[t]})
    for t in must:
        pool = [k for k in KINDS for _ in range(left[k])]
        kinds[t] = pool[rng.randrange(len(pool))]
        left[kinds[t]] -= 1
    islands, peeked = _islands(view, n, rng)
    fields = {name: view[name] for name in ("phase", "ship", "anchor", "round", "starter", "current", "event",
                                            "ending") if name in view}
    fields.update({
        "stack": _stack_for(view, n), "kinds": tuple(kinds), "slots": tuple(slots), "loot": tuple(loot),
        "discard": discard, "islands": islands, "flipped": tuple(i["flipped"] for i in view["islands"]),
        "removed": tuple(view["removed"]), "row": tuple(view["row"]), "markers": tuple(view["markers"]),
        "chosen": tuple(view["chosen"]), "prestige": tuple(view["prestige"]),
        "prosthetics": tuple(tuple(p) for p in view["prosthetics"]), "resources": tuple(view["resources"]),
        "played": tuple(view["played"]), "turn": tuple(view.get("turn", NO_TURN)),
        "known": tuple(frozenset(mine if p == viewer else seen_by[p]) for p in range(n)),
        "vague": tuple(tuple(sorted(vague)) if p == viewer else () for p in range(n)), "peeked": peeked,
    })
    assert set(fields) == set(FIELDS)
    return make(game, fields)


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


def _islands(view: Mapping[str, Any], n: int, rng: random.Random) -> tuple[tuple[str, ...], tuple]:
    tiles = [i["tile"] or "" for i in view["islands"]]
    unseen = [t for t in ISLAND_TILES if t not in view["removed"] and t not in tiles]
    peeked = [set() for _ in range(n)]
    for j, info in enumerate(view["islands"]):
        for q in info["seen_by"]:
            peeked[q].add(j)
            if not tiles[j]:
                tiles[j] = unseen.pop(rng.randrange(len(unseen)))
    return tuple(tiles), tuple(frozenset(p) for p in peeked)

