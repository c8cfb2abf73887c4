"""What a player cannot see, filled in: `sample_state` draws one full position consistent with a
view, `hidden_worlds` lists every one with its exact probability (the same distribution).

The hidden parts of a view (`position.view`) and how they are filled (C6, C8, C10, C13):

- Action cards nobody can see go to the other players' hands (their sizes are public) and the
  deck, uniformly over every split the rules allow: a Kraken is never in a hand (R6, S9) and a
  Weather card only in the hand of the player about to play or of one yet to take a first turn
  (R64, S8);
- the tiles others have peeked at are distinct tiles among those the viewer has not seen (C8);
- with Bounty Hunt, bounty cards the viewer has not seen go to the others' hidden bounties, the
  cards they are drawing, and the Bounty deck (C10);
- with the Ghost, its face-down tokens are drawn from what the bag may hold (C13).

A world is one way of splitting the unseen components among the hidden places (the deck is a
multiset), so a view with two hidden cards in one hand has C(unseen, 2) worlds, not more.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, perm, prod
from typing import Any

from explorer.core.chance import sample
from explorer.core.errors import TooManyWorlds

from .data import (
    BASE_DECK,
    BOUNTIES,
    DAMAGE,
    DAMAGE_COUNT,
    FULL_DECK,
    KRAKEN,
    MAPS,
    TILES,
    TREASURES,
    WEATHER,
    parse_cell,
)
from .loading.load import from_dict
from .rulebook.work import replace


def _hand_slots(game, seen: Mapping[str, Any]) -> tuple[list[tuple[int, int, bool]], list[str]]:
    """The hidden hands as (player, size, may hold Weather), restricted ones first, and the unseen cards."""
    me = seen.get("viewer")
    known = set(seen["discard"]) | set(seen["turn"]["played"])
    for ship in seen["ships"]:
        if isinstance(ship["hand"], list):
            known |= set(ship["hand"])
    ghost = (seen.get("modules") or {}).get("ghost")
    if ghost:
        known |= set(ghost["cards"])
    unseen = [c for c in (FULL_DECK if game.options["weather"] else BASE_DECK) if c not in known]
    slots = [(p, ship["hand"], _may_hold_weather(seen, p))
             for p, ship in enumerate(seen["ships"]) if isinstance(ship["hand"], int) and p != me]
    return sorted(slots, key=lambda s: s[2]), unseen


def _may_hold_weather(seen: Mapping[str, Any], p: int) -> bool:
    """R64: Weather cards in hand are all played at the play, so only the player about to play
    and a player yet to take a first turn (dealt at setup, S8) can hold one."""
    n, active, turns = len(seen["ships"]), seen["active"], seen["turns"]
    if p == active:
        return seen["phase"] in ("setup", "start", "play")
    return active < 0 or not (turns >= n or (active - p) % n <= turns)


def _card_splits(slots, unseen: list[str]) -> tuple[int, Iterator[tuple[tuple[str, ...], ...]]]:
    """How many ways the unseen cards fill the hidden hands, and each way (hands in `slots` order)."""
    plain = [c for c in unseen if c not in KRAKEN and c not in WEATHER]
    weather = [c for c in unseen if c in WEATHER]
    count, used = 1, 0
    for _, size, storm in slots:
        pool = len(plain) + (len(weather) if storm else 0) - used
        count *= comb(pool, size) if pool >= 0 else 0
        used += size

    def ways(i: int, taken: frozenset) -> Iterator[tuple[tuple[str, ...], ...]]:
        if i == len(slots):
            yield ()
            return
        _, size, storm = slots[i]
        pool = [c for c in (plain + weather if storm else plain) if c not in taken]
        for hand in combinations(pool, size):
            for rest in ways(i + 1, taken | set(hand)):
                yield (hand, *rest)

    return count, ways(0, frozenset())


def _tile_slots(seen: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """Cells others have peeked at that the viewer cannot see, and the tiles that may lie there."""
    tiles = seen["tiles"]
    cells = sorted({c for ship in seen["ships"] for c in ship["peeks"] if c not in tiles})
    return cells, sorted(set(TILES) - set(tiles.values()))


def _bounty_slots(seen: Mapping[str, Any]) -> tuple[list[int], list[str], int]:
    """Hidden bounty holdings (sizes, in seat order, then each '?' being drawn) and the unseen cards."""
    m = seen.get("modules") or {}
    if not isinstance(m.get("bounty_deck"), int) or not m.get("bounties"):
        return [], [], 0
    known = {b for r in m["claimed"] for b in r} | {b for r in m["bounties"] if isinstance(r, list) for b in r}
    flight = [t for t in seen["pending"] if t[0] in ("bounty_draw", "bounty_keep")]
    known |= {x for t in flight for x in t[2:] if x and x != "?"}
    top = m["bounty_top"][0] if m.get("bounty_top") else None
    unseen = [b for b in sorted(BOUNTIES) if b not in known and b != top]
    sizes = [r for r in m["bounties"] if isinstance(r, int)]
    marks = sum(x == "?" for t in flight for x in t[2:]) + (top == "?")     # the last: a top card unseen
    return sizes, unseen, marks


def _ghost_types(seen: Mapping[str, Any]) -> list[tuple[tuple[int, ...], Fraction]]:
    """C13: the Ghost's hidden token types, each count vector with its hypergeometric weight."""
    ghost = (seen.get("modules") or {}).get("ghost")
    if ghost is None or not isinstance(ghost["damage"], int):
        return [((), Fraction(1))]
    bag = [DAMAGE_COUNT[i] - sum(s["damage"][k] for s in seen["ships"]) for i, k in enumerate(DAMAGE)]
    k, total = ghost["damage"], sum(bag)
    out = []
    for counts in product(*(range(min(n, k) + 1) for n in bag)):
        if sum(counts) == k:
            out.append((counts, Fraction(prod(comb(n, c) for n, c in zip(bag, counts, strict=True)), comb(total, k))))
    return out


def _fill(game, seen, hands, peeked, bounties, ghost_counts):
    """The position data of one world, read by the validating loader."""
    data = {k: v for k, v in seen.items() if k != "viewer"}
    data["ships"] = [dict(x) for x in seen["ships"]]
    slots, unseen = _hand_slots(game, seen)
    for (p, _, _), hand in zip(slots, hands, strict=True):
        data["ships"][p]["hand"] = sorted(hand)
    dealt = {c for h in hands for c in h}
    data["deck"] = sorted(c for c in unseen if c not in dealt)
    cells, _ = _tile_slots(seen)
    data["tiles"] = {**seen["tiles"], **dict(zip(cells, peeked, strict=True))}
    data["pending"] = [list(t) for t in seen["pending"]]
    m = seen.get("modules")
    if m:
        m = data["modules"] = dict(m)
        if isinstance(m.get("bounty_deck"), int):
            _, pool, _ = _bounty_slots(seen)
            held, marks = bounties
            rows, i = [], 0
            for r in seen["modules"]["bounties"]:
                if isinstance(r, int):
                    r, i = sorted(held[i]), i + 1
                rows.append(r)
            drawn = iter(marks)
            for t in data["pending"]:
                if t[0] in ("bounty_draw", "bounty_keep"):
                    t[2:] = [next(drawn) if x == "?" else x for x in t[2:]]
            used = {b for h in held for b in h} | set(marks)
            top = m["bounty_top"][0] if m.get("bounty_top") else None
            if top == "?":                  # R60: someone else knows the top card; it is one of the unseen
                top = marks[-1]
                m["bounty_top"] = [top, m["bounty_top"][1]]
            m["bounties"] = rows if rows else []
            m["bounty_deck"] = sorted([*(b for b in pool if b not in used), *([top] if top else [])])
        if m.get("ghost") is not None and isinstance(m["ghost"]["damage"], int):
            m["ghost"] = {**m["ghost"], "damage": dict(zip(DAMAGE, ghost_counts, strict=True))}
    for deck, discard, table, shown in (("map_deck", "map_discard", MAPS, 0),
                                        ("treasure_deck", "treasure_discard", TREASURES, 1)):
        used = set(seen[discard]) | {pair[shown] for pair in seen["display"]}
        if not shown:       # a map turned up whose treasure is still to come (S2, R27)
            used |= {t[1] for t in seen["pending"] if t[0] == "treasure"}
        else:
            used |= {t for ship in seen["ships"] for t in ship["treasures"]}
            ghost = (seen.get("modules") or {}).get("ghost")
            used |= set(ghost["treasures"]) if ghost else set()
        data[deck] = sorted(set(table) - used)
    return from_dict(game, data)


def _bounty_ways(sizes: list[int], pool: list[str], marks: int):
    count = 1
    left = len(pool)
    for size in sizes:
        count *= comb(left, size)
        left -= size
    count *= perm(left, marks)

    def ways(i: int, taken: frozenset):
        if i == len(sizes):
            for drawn in permutations([b for b in pool if b not in taken], marks):
                yield (), drawn
            return
        for held in combinations([b for b in pool if b not in taken], sizes[i]):
            for rest, drawn in ways(i + 1, taken | set(held)):
                yield (held, *rest), drawn

    return count, ways(0, frozenset())


def hidden_worlds(game, seen: Mapping[str, Any], limit: int = 100_000):
    """Every full state consistent with `seen`, with its exact probability (module docstring)."""
    slots, unseen = _hand_slots(game, seen)
    card_count, card_ways = _card_splits(slots, unseen)
    cells, free = _tile_slots(seen)
    tile_count = perm(len(free), len(cells))
    sizes, pool, marks = _bounty_slots(seen)
    bounty_count, bounty_ways = _bounty_ways(sizes, pool, marks)
    ghosts = _ghost_types(seen)
    count = card_count * tile_count * bounty_count * len(ghosts)
    if count > limit:
        raise TooManyWorlds(count, limit)
    if count == 0:
        return
    share = Fraction(1, card_count * tile_count * bounty_count)
    bounty_list = list(bounty_ways)
    tile_list = list(permutations(free, len(cells)))
    simple = len(bounty_list) == 1 and len(ghosts) == 1
    first = None
    for hands in card_ways:
        for peeked in tile_list:
            for held in bounty_list:
                for counts, weight in ghosts:
                    if first is None or not simple:
                        world = first = _fill(game, seen, hands, peeked, held, counts)
                    else:
                        world = _variant(first, slots, unseen, hands, cells, peeked)
                    yield world, share * weight


def _variant(first, slots, unseen: list[str], hands, cells: list[str], peeked):
    """`first` with other hidden hands, deck and peeked tiles: a world differing from a validated
    one only in how the same unseen components are split (no need to validate it again)."""
    ships = list(first.ships)
    for (p, _, _), hand in zip(slots, hands, strict=True):
        ships[p] = ships[p]._replace(hand=tuple(sorted(hand)))
    dealt = {c for h in hands for c in h}
    deck = tuple(sorted(c for c in unseen if c not in dealt))
    tiles = list(first.tiles)
    for cell, tile in zip(cells, peeked, strict=True):
        tiles[parse_cell(cell)] = tile
    return replace(first, ships=tuple(ships), tiles=tuple(tiles), deck=deck)


def sample_state(game, seen: Mapping[str, Any], rng: random.Random):
    """One world drawn with its probability in `hidden_worlds` (the same rules, sampled)."""
    slots, unseen = _hand_slots(game, seen)
    plain = [c for c in unseen if c not in KRAKEN and c not in WEATHER]
    weather = [c for c in unseen if c in WEATHER]
    rng.shuffle(plain)
    hands = []
    for _, size, storm in slots:
        if storm:
            plain = plain + weather
            rng.shuffle(plain)
            weather = []
        hands.append(tuple(plain[:size]))
        plain = plain[size:]
    cells, free = _tile_slots(seen)
    peeked = tuple(rng.sample(free, len(cells)))
    sizes, pool, marks = _bounty_slots(seen)
    pool = list(pool)
    rng.shuffle(pool)
    held = []
    for size in sizes:
        held.append(tuple(pool[:size]))
        pool = pool[size:]
    drawn = tuple(pool[:marks])
    ghosts = _ghost_types(seen)
    counts = sample(ghosts, rng)
    return _fill(game, seen, tuple(hands), peeked, (tuple(held), drawn), counts)
