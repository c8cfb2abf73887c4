"""The rulebook of Liar's Dice: legal actions, chance outcomes, the step, scores and winners.

Every function takes a `LiarsDiceState` (model.py); the state answers the contract from here
(`Game.RULEBOOK`). The working copy of a step and the end of a round are in flow.py.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from explorer.core.chance import sample

from . import flow
from .explain import describe, explain_illegal
from .groups import outcome_group, stage_text
from .model import LIAR, Bid, Liar, LiarsDiceState, Roll

__all__ = ["bid_rank", "chance_outcomes", "describe", "explain_illegal", "legal_actions", "matches", "outcome_group",
           "sample_chance", "scores", "stage_text", "step", "wild_face", "winners"]


def wild_face(game) -> int | None:
    """The face that counts as every face (R6): the highest in the single round (V1), else the
    `wild` option's ('ones': 1, 'highest': the top face, 'none': no wild face)."""
    o = game.options
    if o["single_round"] or o["wild"] == "highest":
        return o["sides"]
    return 1 if o["wild"] == "ones" else None


def bid_rank(game, total: int, quantity: int, face: int) -> int:
    """The order of bids (R2, V3): with 'reset-face' a higher quantity beats any face and at equal
    quantity the higher face wins; with 'reset-quantity' a higher face beats any quantity and at
    equal face the higher quantity wins. `total` is the number of dice in play (R3)."""
    sides = game.options["sides"]
    if game.options["bidding"] == "reset-face":
        return (quantity - 1) * sides + face - 1
    return (face - 1) * total + quantity - 1


@cache
def ordered_bids(game, total: int) -> tuple[Bid, ...]:
    """Every bid with `total` dice in play, lowest first (R2, R3): bid k has rank k."""
    sides = game.options["sides"]
    return tuple(bid for _, bid in sorted((bid_rank(game, total, q, f), Bid(q, f))
                                          for q in range(1, total + 1) for f in range(1, sides + 1)))


def legal_actions(s: LiarsDiceState) -> tuple:
    """Every bid above the standing one, lowest first (R2, R3), then liar once there is a bid (R4, A5)."""
    if s.player is None:
        return ()
    game, total = s.game, sum(s.dice)
    if not s.bids:
        return ordered_bids(game, total)
    _, quantity, face = s.bids[-1]
    return (*ordered_bids(game, total)[bid_rank(game, total, quantity, face) + 1:], LIAR)


@cache
def rolls(sides: int) -> tuple[tuple[Roll, Fraction], ...]:
    """The faces of one die, each with chance 1/sides (C1): built once per number of sides."""
    return tuple((Roll(face), Fraction(1, sides)) for face in range(1, sides + 1))


def chance_outcomes(s: LiarsDiceState) -> tuple[tuple[Roll, Fraction], ...]:
    """One die of the roller's cup, each face 1/sides (C1); empty at a decision."""
    return rolls(s.game.options["sides"]) if s.is_chance else ()


def sample_chance(s: LiarsDiceState, rng: random.Random) -> Roll:
    """One face (C1), drawn as `explorer.core.chance.sample` draws from `chance_outcomes`: with
    every chance 1/sides its ticket is ``rng.randrange(sides)``, the index of the face."""
    if not s.is_chance:
        return sample((), rng)
    outcomes = rolls(s.game.options["sides"])
    return outcomes[rng.randrange(len(outcomes))][0]


def matches(game, cups, face: int) -> int:
    """The dice under all `cups` that count for `face` (R4): that face, and the wild face (R6)
    when the bid is on another face (A3)."""
    wild = wild_face(game)
    return sum(1 for cup in cups for die in cup if die == face or (die == wild and face != wild))


def step(s: LiarsDiceState, action) -> LiarsDiceState:
    """Apply a legal roll (C1), bid (R1, R2) or call (R4, R5)."""
    w = flow.Working(s)
    kind = type(action)
    if kind is Roll:
        w.roll(action.face)
    elif kind is Bid:
        w.bid(action)
    elif kind is Liar:
        bidder, quantity, face = s.bids[-1]
        w.call(bidder, quantity, face, matches(s.game, s.cups, face))
    return w.freeze(action)


def winners(s: LiarsDiceState) -> tuple[tuple[int, ...], ...]:
    """The single round: the one who was right, then the other (E2). The match: the last seat with
    dice, then the others, the later out first (E1, A7)."""
    if s.called:
        return ((1 - s.loser,), (s.loser,))
    survivors = tuple(p for p, d in enumerate(s.dice) if d)
    return (survivors, *((p,) for p in reversed(s.out)))


def scores(s: LiarsDiceState) -> tuple[int, ...]:
    """During a match, the dice each seat still has; at the end, how many groups of the ranking a
    seat is ahead of (the winner of a two-seat game 2, the other 1); the single round scores 0
    until it is over."""
    if s.is_over:
        ranking = winners(s)
        return tuple(next(len(ranking) - i for i, group in enumerate(ranking) if p in group)
                     for p in range(len(s.dice)))
    return (0,) * len(s.dice) if s.game.options["single_round"] else s.dice

