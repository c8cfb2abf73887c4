"""The special-cards game's last placement phase (the final round's splitter), valued directly.

Nothing follows it, so the order of the cards no longer matters for what comes after: the
splitter's best value is the best over its specials' uses (Skeleton on a ship R28; each
Kraken on a non-empty opposing pile, removing its bottom entries in turn R30-R32, or
none with V5; Tortuga turning every own parrot R33; with V4 a special as a parrot) and
its pirate cards' placements (`hands.arrays`, turned when a Tortuga comes after them) of
gold plus the final ship points (E2, E3), a board needing the captain at the end (R18).
"""

from __future__ import annotations

from collections.abc import Iterator

from explorer.core.extras import missing

try:
    import numpy as np
except ImportError as err:  # the solver's extra
    raise missing(err, "solver") from err

from ..data import SHIP_VALUE
from .hands import arrays
from .special import KR, PIRATE, SK, Hand

SHIP_POINTS = np.array(SHIP_VALUE, dtype=np.int64)


def _special_uses(specials: Hand, opposing: tuple, kraken_optional: bool, as_parrot: bool,
                  ) -> Iterator[tuple[tuple[int, ...], bool]]:
    """(strength change per ship in the player's view, whether a Tortuga turns the parrots) of every
    way to use `specials`; `opposing` are the opponent's bottom entries per ship."""
    def walk(i: int, extra: tuple[int, ...], taken: tuple[int, ...], turned: bool):
        if i == len(specials):
            yield extra, turned
            return
        card = specials[i]
        uses: list[tuple[tuple[int, ...], tuple[int, ...], bool]] = []
        if card == SK:
            uses += [(_plus(extra, k, 3), taken, turned) for k in range(4)]
        elif card == KR:
            targets = [k for k in range(4) if len(opposing[k]) > taken[k]]
            uses += [(_plus(extra, k, opposing[k][taken[k]][0]), _plus(taken, k, 1), turned) for k in targets]
            if not targets or kraken_optional:
                uses.append((extra, taken, turned))
        else:
            uses.append((extra, taken, True))
        if as_parrot and card != SK:
            uses += [(_plus(extra, k, 1), taken, turned) for k in range(4)]
        for new_extra, new_taken, new_turned in uses:
            yield from walk(i + 1, new_extra, new_taken, new_turned)

    yield from walk(0, (0, 0, 0, 0), (0, 0, 0, 0), False)


def _plus(vector: tuple[int, ...], k: int, amount: int) -> tuple[int, ...]:
    return tuple(x + amount if j == k else x for j, x in enumerate(vector))


def last_phase(state: tuple, p: int, hand: Hand, kraken_optional: bool, as_parrot: bool) -> int:
    """P1-view value (gold + final ship points) of `p`'s best use of `hand` as the game's last phase."""
    d, bottoms, gains = state
    sign = 1 if p == 0 else -1
    e = np.array(d, dtype=np.int64) * sign
    pirates = tuple(c for c in hand if c < PIRATE)
    specials = tuple(c for c in hand if c >= PIRATE)
    own_gain = np.array([sum(g for _, g in pile) + extra for pile, extra in zip(bottoms[p], gains[p], strict=True)])
    best = None
    uses = dict.fromkeys(_special_uses(specials, bottoms[1 - p], kraken_optional, as_parrot))
    for turned in (False, True):
        extras = [extra for extra, t in uses if t == turned]
        if not extras:
            continue
        add, need, gold = arrays(pirates, turned)
        start = e + np.array(extras) + (own_gain if turned else 0)                  # R33: own parrots turn
        final = start[:, None, :] + add[None, :, :]
        ok = ~np.any(need[None] & (final <= 0), axis=2)
        score = np.where(ok, gold[None, :] + np.sign(final) @ SHIP_POINTS, -(1 << 30))
        top = int(score.max())
        best = top if best is None else max(best, top)
    return sign * best

