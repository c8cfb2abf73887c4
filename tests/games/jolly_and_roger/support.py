"""Shared builders for the Jolly & Roger tests: hand-made positions in the documented format."""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer.games.jolly_and_roger.position import from_dict

GAME = explorer.load("jolly_and_roger")
SPECIAL = explorer.load("jolly_and_roger", special_cards=True)


def loose(game, data):
    """A hand-made what-if position read on the engines' unchecked path: its cards are conserved,
    but it need not be reachable in play (a rule test needs only the cards that matter, a solver
    test a small unseen pool). Positions users write go through `game.state_from_dict`."""
    return from_dict(game, data, checked=False)


def side(**piles) -> dict:
    return {ship: list(piles.get(ship, [])) for ship in "GYBR"}


def placing(p1=None, p2=None, hand=(), other=("G1",), chooser=0, game=GAME, chests=((), ()), round_=1,
            removed=()):
    """A placement position: `chooser` holds `hand`, the splitter still holds `other`."""
    hands = [list(hand), list(other)] if chooser == 0 else [list(other), list(hand)]
    return loose(game, {
        "phase": "place", "round": round_, "splitter": 1 - chooser, "offers": [list(hand), list(other)],
        "hands": hands, "piles": [p1 or side(), p2 or side()], "chests": [list(c) for c in chests],
        "removed": list(removed)})


def drawing(table=(), game=GAME, round_=1, splitter=0, p1=None, p2=None, aside=None):
    data = {"phase": "draw" if len(table) < 5 else "split", "round": round_, "splitter": splitter,
            "table": list(table), "piles": [p1 or side(), p2 or side()]}
    if aside is not None:
        data["aside"] = aside
    return loose(game, data)


def chance_tree(state, stop) -> dict:
    """Exact distribution over the states where `stop(state)` holds, merging equal states."""
    frontier = {state: Fraction(1)}
    done: dict = {}
    while frontier:
        nxt: dict = {}
        for s, p in frontier.items():
            if stop(s) or not s.is_chance:
                done[s] = done.get(s, 0) + p
                continue
            for outcome, q in s.chance_outcomes():
                child = s._step(outcome)
                nxt[child] = nxt.get(child, 0) + p * q
        frontier = nxt
    return done
