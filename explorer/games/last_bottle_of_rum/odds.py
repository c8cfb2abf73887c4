"""Exact answers to "what are my odds?": attacks, the Kraken, the next tile, card draws.

Pure functions returning ``{outcome: Fraction}``; they enumerate the same chance nodes the
model plays (C1-C9, C12), so the notebook's numbers are the game's numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from math import comb

from .data import CARDS, DAMAGE, DAMAGE_COUNT, DISTANCE, KRAKEN, TILES
from .rulebook import ships as sh
from .rulebook.chance import BEST_OF_TWO, ONE_DIE, WORST_OF_TWO

Dist = dict


def die(mode: str = "plain") -> Dist:
    """C1, C12: skulls of one roll; ``best_of_two`` (Chain Shot), ``worst_of_two`` (Rabbit's Foot),
    ``grog`` (a 0 re-rolled once)."""
    if mode == "grog":
        table = tuple(ONE_DIE[0] * ONE_DIE[0] if s == 0 else ONE_DIE[s] * (1 + ONE_DIE[0]) for s in range(3))
    else:
        table = {"plain": ONE_DIE, "best_of_two": BEST_OF_TWO, "worst_of_two": WORST_OF_TWO}[mode]
    return {s: p for s, p in enumerate(table) if p}


def mean(dist: Mapping) -> Fraction:
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def combine(a: Mapping, b: Mapping) -> Dist:
    """The distribution of the sum of two independent counts."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def tokens_drawn(on_board: int, mode: str = "plain", shells: int = 0) -> Dist:
    """C2, C12: tokens one attack makes a ship holding `on_board` tokens draw (cap R39, Shell R59)."""
    out: Dist = {}
    for s, p in die(mode).items():
        n = min(max(0, s - (1 if shells and s else 0)), 5 - on_board)
        out[n] = out.get(n, Fraction(0)) + p
    return out


def attacks_in_a_turn(targets: Iterable[int]) -> Dist:
    """C2: total tokens from one attack on each target (their token counts given)."""
    total: Dist = {0: Fraction(1)}
    for k in targets:
        total = combine(total, tokens_drawn(k))
    return total


def bag_draws(bag: tuple[int, ...], n: int) -> Dist:
    """C3: the types of `n` tokens drawn without replacement, as sorted tuples of names."""
    return dict(_bag_draws(tuple(bag), n))


@cache
def _bag_draws(bag: tuple[int, ...], n: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """`bag_draws` kept as items: several attacks meet the same bag contents again and again."""
    out: Dist = {(): Fraction(1)}
    for _ in range(n):
        step: Dist = {}
        for drawn, p in out.items():
            left = list(bag)
            for kind in drawn:
                left[DAMAGE.index(kind)] -= 1
            total = sum(left)
            for i, c in enumerate(left):
                if c:
                    key = tuple(sorted((*drawn, DAMAGE[i]), key=DAMAGE.index))
                    step[key] = step.get(key, Fraction(0)) + p * Fraction(c, total)
        out = step
    return tuple(out.items())


def attack_outcomes(on_board: int = 0, bag: tuple[int, ...] = tuple(DAMAGE_COUNT), mode: str = "plain") -> Dist:
    """C1 + C3: the tokens (by type) one attack makes the target draw."""
    out: Dist = {}
    for n, p in tokens_drawn(on_board, mode).items():
        for drawn, q in bag_draws(bag, n).items():
            out[drawn] = out.get(drawn, Fraction(0)) + p * q
    return out


def several_attacks(on_boards: Iterable[int], bag: tuple[int, ...] = tuple(DAMAGE_COUNT)) -> Dist:
    """C2 + C3: one attack on each target in turn (their token counts given), all drawing from one bag.

    Returns ``{(types drawn by target 1, types drawn by target 2, ...): p}``, each a sorted tuple.
    """
    out: Dist = {((), tuple(bag)): Fraction(1)}
    for k in on_boards:
        step: Dist = {}
        for (drawn, left), p in out.items():
            for n, q in tokens_drawn(k).items():
                for types, r in _bag_draws(left, n):
                    rest = tuple(c - types.count(DAMAGE[i]) for i, c in enumerate(left))
                    key = ((*drawn, types), rest)
                    step[key] = step.get(key, Fraction(0)) + p * q * r
        out = step
    merged: Dist = {}
    for (drawn, _), p in out.items():
        merged[drawn] = merged.get(drawn, Fraction(0)) + p
    return merged


def kraken(loot: int, curse: int, on_board: int = 0, rabbit_foot: bool = False) -> Dist:
    """C5: {(new Loot, new Curse, damage tokens drawn): p} for one Kraken victim (R53, R54, R39)."""
    out: Dist = {}
    for s, p in die("worst_of_two" if rabbit_foot else "plain").items():
        key = (max(0, loot - s), max(0, curse - s), min(max(0, s - loot), 5 - on_board))
        out[key] = out.get(key, Fraction(0)) + p
    return out


def next_reveal(state, player: int | None = None) -> Dist:
    """C8: the tile on a face-down cell, from `player`'s view: uniform over the tiles they have not seen."""
    seen = {t for c, t in enumerate(state.tiles) if t and (state.face_up >> c & 1 or
                                                            (player is not None and c in state.ships[player].peeks))}
    if player is None:
        seen = {t for t in state.tiles if t}
    unseen = sorted(set(TILES) - seen)
    return {t: Fraction(1, len(unseen)) for t in unseen}


def reveal_chances(state, player: int | None = None) -> dict[str, Fraction]:
    """C8: P(reef), P(doubloon icon), P(Outpost) of the next face-down tile."""
    dist = next_reveal(state, player)
    return {"reef": sum((p for t, p in dist.items() if TILES[t].reef), Fraction(0)),
            "doubloon": sum((p for t, p in dist.items() if TILES[t].doubloon), Fraction(0)),
            "outpost": sum((p for t, p in dist.items() if TILES[t].kind == "outpost"), Fraction(0))}


def kraken_in_draws(deck: int, krakens: int, cards: int) -> Fraction:
    """C6, C7: P(at least one Kraken among `cards` cards drawn from a deck of `deck`)."""
    return 1 - Fraction(comb(deck - krakens, cards), comb(deck, cards))


def attack_odds(state, attacker: int, target: int) -> Dist:
    """The tokens by type an attack from `attacker` on `target` makes it draw, now (C2, C3, C12)."""
    a, t = state.ships[attacker], state.ships[target]
    mode = "best_of_two" if "c" in state.turn.flags else ("grog" if a.captain == sh.GROG and
                                                           "g" not in state.turn.flags else "plain")
    bag = tuple(c - sum(s.damage[i] for s in state.ships) for i, c in enumerate(DAMAGE_COUNT))
    out: Dist = {}
    for n, p in tokens_drawn(sh.tokens(t), mode, t.shells if t.captain == sh.CRABBY else 0).items():
        for drawn, q in bag_draws(bag, n).items():
            out[drawn] = out.get(drawn, Fraction(0)) + p * q
    return out


def attack_cost(state, attacker: int, target: int) -> int:
    """R34: Attack actions needed from here."""
    a, t = state.ships[attacker], state.ships[target]
    return sh.attack_need(a, DISTANCE[a.cell][t.cell])


KRAKEN_CARDS = len(KRAKEN)


# -- modules (C10, C11, C15) ------------------------------------------------------------------
STANDARD_CARDS = tuple(c.id for c in CARDS.values() if c.effect.startswith("E"))


def ghost_range(cards: Iterable[str] = STANDARD_CARDS, icon: str = "A") -> Dist:
    """C11: the number of `icon` icons on 2 cards revealed from `cards` (the Ghost's range for "A")."""
    pool = list(cards)
    total = Fraction(1, len(pool) * (len(pool) - 1))
    out: Dist = {}
    for i, a in enumerate(pool):
        for j, b in enumerate(pool):
            if i != j:
                k = CARDS[a].icons.count(icon) + CARDS[b].icons.count(icon)
                out[k] = out.get(k, 0) + total
    return dict(sorted(out.items()))


def bounty_among_two(deck: int = 20) -> Fraction:
    """C10: a given bounty is among the 2 drawn from a `deck`-card Bounty deck."""
    return Fraction(2, deck)


def ghost_sinks(tokens: int, attacks: int = 1, per_skull: bool = False) -> Fraction:
    """C15: the Ghost (holding `tokens` of 3) sinks within `attacks` hits-or-misses, no repair between
    (R81, R82; V7 counts skulls)."""
    states: Dist = {tokens: Fraction(1)}
    sunk = Fraction(0)
    for _ in range(attacks):
        nxt: Dist = {}
        for held, p in states.items():
            for skulls, q in enumerate(ONE_DIE):
                got = held + (skulls if per_skull else min(skulls, 1))
                if got >= 3:
                    sunk += p * q
                else:
                    nxt[got] = nxt.get(got, 0) + p * q
        states = nxt
    return sunk
