"""Exact odds for teaching: the chance that a bid is true, seen from one seat (C2).

A seat sees its own cup; every other die is an independent roll (C1). A die counts for face f
when it shows f, or the wild face for another face (R6, A3): with probability
p = (1 + 1) / sides when a wild face helps, else 1 / sides. The bid "q x f" is true when the
seat's own counting dice plus the unseen ones reach q: a binomial tail over the unseen dice.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb


def die_chance(sides: int, wild: int | None, face: int) -> Fraction:
    """The chance that one unseen die counts for `face` (C1, R6)."""
    helps = wild is not None and face != wild
    return Fraction(2 if helps else 1, sides)


def at_least(n: int, need: int, p: Fraction) -> Fraction:
    """P(Binomial(n, p) >= need), exactly."""
    if need <= 0:
        return Fraction(1)
    return sum((comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1)), Fraction(0))


def bid_chance(quantity: int, face: int, own: tuple[int, ...], unseen: int, sides: int,
               wild: int | None) -> Fraction:
    """The chance that "at least `quantity` x `face`" is true for a seat holding `own` with
    `unseen` dice under the other cups (C2)."""
    mine = sum(1 for d in own if d == face or (d == wild and face != wild))
    return at_least(unseen, quantity - mine, die_chance(sides, wild, face))


def view_bid_chance(game, view: dict, quantity: int, face: int) -> Fraction:
    """`bid_chance` from a player's view (`state.view(player)`): what the chance panel shows."""
    seat = int(view["viewer"][1:]) - 1
    own = tuple(view["cups"][seat])
    unseen = sum(view["rolled"]) - len(own)
    return bid_chance(quantity, face, own, unseen, game.options["sides"], game.RULEBOOK.wild_face(game))
