"""Exact questions about Dead Man's Dice positions (pure, no UI).

- `roll_report`: what rolling a given die now does, face by face (stack, marooned,
  which plunders it opens), with the exact totals (C1, C2, C4, C5);
- `expected_gain`: the exact expected change of the roller's standing after the best
  play of the rest of the turn (expectimax over the real model, C9);
- `score_distribution`: the exact distribution of the roller's score now after a roll;
- `pile_value_distribution`: a pile's round-end value after rolling dice onto it;
- `round_outcome`: a whole round's outcome, exactly (the round as a Markov chain with
  cycles, solved over Fractions in `rounds.exact`) when few positions are reachable,
  else by seeded sampling with a normal confidence interval (95% by default).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.core.chance import sample

from .data import COMPONENTS, FACE_NAMES, RANK, SKULL, STACKS, VALUE, die_faces, stack_chance
from .flow import config, plunderable
from .model import DeadMansDiceState, Plunder, Roll
from .rounds.exact import ExactRound, exact_round

State = DeadMansDiceState


@dataclass(frozen=True, slots=True)
class FaceResult:
    """One face of a roll: its chance, whether it stacks, and whom it lets the roller plunder."""

    face: str
    probability: Fraction
    stacks: bool
    plunders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RollReport:
    """C4/C5 for one die rolled now by the active pirate."""

    die: int
    faces: tuple[FaceResult, ...]
    stack: Fraction
    marooned: Fraction
    any_plunder: Fraction
    plunder_by_opponent: dict[int, Fraction]


def roll_report(state: State, die: int) -> RollReport:
    """C1/C2/C4/C5: face by face, what rolling `die` now does for the active pirate."""
    p = state.to_move
    cfg = config(state.game)
    pile = state.piles[p]
    top = pile[-1][1] if pile else None
    rows, opened = [], {}
    for f in die_faces(die):
        fits = top is None or STACKS[f][top]
        takes = tuple(o for o, q in enumerate(state.piles) if fits and o != p and q
                      and plunderable(cfg, q[-1][0], q[-1][1], f))
        rows.append(FaceResult(FACE_NAMES[f], Fraction(1, 6), fits, takes))
        for o in takes:
            opened[o] = opened.get(o, Fraction(0)) + Fraction(1, 6)
    stack = sum((r.probability for r in rows if r.stacks), Fraction(0))
    plunder = sum((r.probability for r in rows if r.plunders), Fraction(0))
    return RollReport(die, tuple(rows), stack, 1 - stack, plunder, opened)


def standing(state: State, p: int, round_: int) -> Fraction:
    """Total plus score now while the round lasts; the total alone once it is scored."""
    if state.round == round_ and not state.round_over:
        return Fraction(state.totals[p] + state.score_now()[p])
    return Fraction(state.totals[p])


def _turn_value(state: State, p: int, round_: int, turn_start: int) -> Fraction:
    """Expectimax over the rest of p's turn: chance averaged, p's own choices maximised."""
    if state.round_over or state.round != round_ or state.to_move != p or (
            len(state.history) > turn_start and state.step == "turn"):
        return standing(state, p, round_)
    if state.is_chance:
        return sum((q * _turn_value(state._step(o), p, round_, turn_start) for o, q in state.chance_outcomes()),
                   Fraction(0))
    if state.player != p:
        return standing(state, p, round_)
    return max(_turn_value(state._step(a), p, round_, turn_start) for a in state.legal_actions())


def expected_gain(state: State, die: int) -> Fraction:
    """C9: E[change of the roller's total + score now] after rolling `die` and playing the turn out best."""
    p = state.to_move
    before = standing(state, p, state.round)
    start = len(state.history) + 1
    return _turn_value(state._step(Roll(die)), p, state.round, start) - before


def die_advice(state: State) -> dict[int, tuple[Fraction, Fraction]]:
    """For each die in the active hand: (P(stack), expected gain of the best play after it)."""
    p = state.to_move
    pile = state.piles[p]
    top = pile[-1][1] if pile else None
    return {d: (stack_chance(d, top), expected_gain(state, d)) for d in state.hands[p]}


def score_distribution(state: State, die: int, plunder_best: bool = True) -> dict[int, Fraction]:
    """The exact distribution of the roller's score now after rolling `die` (and its best plunders)."""
    p = state.to_move
    out: dict[int, Fraction] = {}
    for face, q in state._step(Roll(die)).chance_outcomes():
        after = state._step(Roll(die))._step(face)
        while plunder_best and after.step == "plunder" and after.to_move == p:
            after = _best_plunder(after, p)
        if after.round == state.round and not after.round_over:
            value = after.score_now()[p] + after.totals[p] - state.totals[p]
        else:   # the round was scored: its E5 score is the score now it ended with
            value = after.totals[p] - state.totals[p]
        out[value] = out.get(value, Fraction(0)) + q
    return dict(sorted(out.items()))


def _best_plunder(state: State, p: int) -> State:
    r0 = state.round
    return max((state._step(a) for a in state.legal_actions()), key=lambda s: (standing(s, p, r0), -len(s.piles[p])))


def pile_value(pile: tuple[int, ...]) -> int:
    """E2/E3 for a pile of faces (bottom first): the sum, doubled under a skull top."""
    value = sum(VALUE[f] for f in pile)
    return value * COMPONENTS.multiplier if pile and pile[-1] == SKULL else value


def pile_value_distribution(pile: tuple[int, ...], dice: tuple[int, ...]) -> dict[int, Fraction]:
    """Round-end pile value when `dice` are rolled onto `pile` in order, once each (marooned: not added)."""
    dist = {pile: Fraction(1)}
    for die in dice:
        nxt: dict[tuple[int, ...], Fraction] = {}
        for faces, q in dist.items():
            for f in die_faces(die):
                grown = (*faces, f) if not faces or STACKS[f][faces[-1]] else faces
                nxt[grown] = nxt.get(grown, Fraction(0)) + q / 6
        dist = nxt
    out: dict[int, Fraction] = {}
    for faces, q in dist.items():
        out[pile_value(faces)] = out.get(pile_value(faces), Fraction(0)) + q
    return dict(sorted(out.items()))


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """Mean change of every total over the rest of a round, exact or sampled.

    Sampled: `half_width` is the normal-approximation interval half-width at `z`
    (1.96: 95%, 2.576: 99%). Exact: `half_width` is 0 and `distribution` holds the
    exact `ExactRound` (who ends the round, every pirate's round score, and states).
    """

    exact: bool
    mean: tuple[Fraction | float, ...]
    half_width: tuple[float, ...]
    samples: int
    distribution: ExactRound | None = None


def round_outcome(state: State, choose: Callable[[State], Any], max_nodes: int = 20_000, samples: int = 2_000,
                  seed: int = 0, z: float = 1.96) -> RoundOutcome:
    """The change of every total over the rest of this round, `choose` deciding for everyone.

    Exact (`rounds.exact.exact_round`: the round as a Markov chain, solved over
    Fractions) when at most `max_nodes` positions are reachable; otherwise sampled
    from `seed`, with a normal interval of half-width z standard errors.
    """
    exact = exact_round(state, choose, max_nodes)
    if exact is not None:
        return RoundOutcome(True, exact.mean, (0.0,) * len(exact.mean), 0, exact)
    return _sampled(state, choose, samples, seed, z)


def _sampled(state: State, choose: Callable[[State], Any], samples: int, seed: int, z: float) -> RoundOutcome:
    rng = random.Random(seed)
    n, r0 = state.game.players, state.round
    sums, squares = [0.0] * n, [0.0] * n
    for _ in range(samples):
        s = state
        while s.round == r0 and not s.round_over:
            move = sample(s.chance_outcomes(), rng) if s.is_chance else choose(s)
            s = s._step(sample(tuple(move.items()), rng) if isinstance(move, Mapping) else move)
        for p in range(n):
            x = s.totals[p] - state.totals[p]
            sums[p] += x
            squares[p] += x * x
    means = tuple(t / samples for t in sums)
    spread = tuple(math.sqrt(max(0.0, sq / samples - m * m) / samples) * z for sq, m in zip(squares, means,
                                                                                               strict=True))
    return RoundOutcome(False, means, spread, samples)


def opening_unique_lowest(n: int) -> Fraction:
    """C3: P(one opening attempt of n pirates has a unique lowest rank)."""
    return Fraction(n, 6) * sum(Fraction(j, 6) ** (n - 1) for j in range(6))


def plunder_choice(state: State) -> Plunder | None:
    """The plunder that raises the active pirate's score now the most (None: stop)."""
    p, r0 = state.to_move, state.round
    best, best_value = None, standing(state, p, r0)
    for a in state.legal_actions():
        if isinstance(a, Plunder):         # standing: a final plunder (V7) ends and scores the round
            value = standing(state._step(a), p, r0)
            if value > best_value:
                best, best_value = a, value
    return best


__all__ = ["RANK", "ExactRound", "FaceResult", "RollReport", "RoundOutcome", "die_advice", "expected_gain",
           "opening_unique_lowest", "pile_value", "pile_value_distribution", "plunder_choice", "roll_report",
           "round_outcome", "score_distribution", "stack_chance", "standing"]
