"""Exact odds for teaching Sjørøverøya's luck (C1-C6), pure functions of states and counts."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from math import comb

from explorer.core.errors import PositionError

from .data import GOAL, SUITS, SYMBOLS
from .flow import config, occ
from .model import SjoroveroyaState
from .track.moves import forward_target


def suit_odds(counts: Mapping[str, int] | tuple[int, ...]) -> dict[str, Fraction]:
    """C3: each suit's chance of being the next card drawn from a pile with these counts."""
    values = dict(zip(SUITS, counts, strict=True)) if isinstance(counts, tuple) else dict(counts)
    total = sum(values.values())
    return {s: Fraction(n, total) for s, n in values.items() if n}


UNIFORM = {s: Fraction(1, 4) for s in SUITS}
LETTER = {**{s: s for s in SUITS}, **{sym: s for s, sym in SYMBOLS.items()}}


def forward_landings(state: SjoroveroyaState, origin: int, odds: Mapping[str, Fraction] = UNIFORM,
                     player: int | None = None) -> dict[int, Fraction]:
    """C6: where a forward move from `origin` lands when the card's suit follows `odds` (R16)."""
    cfg = config(state.game)
    mover = state.to_move if player is None else player
    landing: dict[int, Fraction] = {}
    for suit, p in odds.items():
        target, _ = forward_target(state.track, occ(state), mover, origin, suit, cfg.stop_on_own, cfg.mixed_stop)
        landing[target] = landing.get(target, Fraction(0)) + p
    return dict(sorted(landing.items()))


def expected_jump(state: SjoroveroyaState, origin: int, odds: Mapping[str, Fraction] = UNIFORM,
                  player: int | None = None) -> Fraction:
    """C6: the exact expected distance of that forward move (the goal counts as 21)."""
    return sum((p * (q - origin) for q, p in forward_landings(state, origin, odds, player).items()), Fraction(0))


def goal_chance(state: SjoroveroyaState, origin: int, odds: Mapping[str, Fraction] = UNIFORM) -> Fraction:
    return forward_landings(state, origin, odds).get(GOAL, Fraction(0))


def hand_distribution(size: int = 4, deck: tuple[int, ...] = (21, 21, 21, 21)) -> dict[tuple[int, ...], Fraction]:
    """C2: the exact distribution of a dealt hand's suit counts (multivariate hypergeometric)."""
    total = comb(sum(deck), size)
    out = {}
    for counts in product(range(size + 1), repeat=len(deck)):
        if sum(counts) == size:
            ways = 1
            for have, take in zip(deck, counts, strict=True):
                ways *= comb(have, take)
            if ways:
                out[counts] = Fraction(ways, total)
    return out


def sequence_chance(counts: tuple[int, ...], suits: str) -> Fraction:
    """C3/C4: the chance that the next draws from a pile with `counts` come in the order `suits`."""
    left = list(counts)
    p = Fraction(1)
    for s in suits:
        i = SUITS.index(s)
        total = sum(left)
        if not total or not left[i]:
            return Fraction(0)
        p *= Fraction(left[i], total)
        left[i] -= 1
    return p


def next_card(suits: str):
    """A question for `explorer.analysis.odds.view_probability`: the chance, in one full position,
    that the next card drawn is one of `suits` (``"♥♦"``: red). Under V6 the face-up display is
    taken first (R29); otherwise the face-down pile's counts decide (C3)."""
    unknown = [ch for ch in suits if ch not in LETTER and not ch.isspace()]
    if unknown or not isinstance(suits, str):
        raise PositionError("suits", f"{suits!r}: name suits as ♠ ♥ ♦ ♣ or S H D C (K9)")
    wanted = {LETTER[ch] for ch in suits if not ch.isspace()}

    def question(world: SjoroveroyaState) -> Fraction:
        if world.pile_top:
            return Fraction(world.pile_top[0] in wanted)
        total = sum(world.pile)
        return Fraction(sum(n for s, n in zip(SUITS, world.pile, strict=True) if s in wanted), total) if total \
            else Fraction(0)

    return question
