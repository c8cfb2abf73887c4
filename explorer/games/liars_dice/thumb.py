"""The rule of thumb's decisions as pure functions (the one source of its play, for the policy
and the playouts alike).

From its own view a seat works out, for the standing bid and for each raise, the exact chance
that it is true (odds.py). It calls liar when the standing bid is less likely true than not;
otherwise it makes the raise most likely to be true, the lowest such raise on a tie.
"""

from __future__ import annotations

from fractions import Fraction

from .model import LIAR, Bid
from .odds import bid_chance

DOUBT = Fraction(1, 2)
"""Call liar when the standing bid is true with less than this chance."""


def decide(own: tuple[int, ...], unseen: int, sides: int, wild: int | None, standing: tuple[int, int] | None,
           legal: tuple) -> object:
    """The rule of thumb's action among `legal` (lowest bid first, liar last)."""
    if standing is not None and bid_chance(*standing, own, unseen, sides, wild) < DOUBT:
        return LIAR
    best, best_p = None, Fraction(-1)
    for action in legal:
        if isinstance(action, Bid):
            p = bid_chance(action.quantity, action.face, own, unseen, sides, wild)
            if p > best_p:
                best, best_p = action, p
    return best if best is not None else LIAR


def decide_from_view(game, view: dict, legal: tuple) -> object:
    """`decide` on a player's view (`state.view(player)`)."""
    seat = int(view["to_move"][1:]) - 1
    own = tuple(view["cups"][seat])
    unseen = sum(view["rolled"]) - len(own)
    last = view["bids"][-1].split()[1].split("x") if view["bids"] else None
    standing = (int(last[0]), int(last[1])) if last else None
    return decide(own, unseen, game.options["sides"], game.RULEBOOK.wild_face(game), standing, tuple(legal))
