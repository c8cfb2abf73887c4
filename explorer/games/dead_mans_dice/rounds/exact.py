"""The exact outcome of the rest of a round as an absorbing Markov chain (pure, no UI).

With a policy fixed for every seat, the round is a Markov chain over positions: a
chance node moves by its faces' probabilities, a decision by the policy. A marooned
die goes back to hand and a broadside sends a pile back to the hands, so positions
recur and the chain has cycles; depth-limited recursion cannot give exact answers.
Instead `exact_round`

1. enumerates the reachable positions of this round (equal positions merged; the
   totals are zeroed, because within a round they only matter once it is scored),
2. writes one linear equation per position, x = sum P(x, y) y + c(x), where c(x)
   holds the probability of each round ending reached from x in one step and the
   walk-the-plank charges (E6) paid on the way,
3. solves it exactly over `fractions.Fraction` by sparse Gaussian elimination,
   leaves of the graph first, a self-loop p divided out as 1 / (1 - p).

Feasible sizes (measured on one core, default options): a 2-pirate position with a
die or two left per pirate has 6-300 positions and takes milliseconds; a fresh
2-pirate round (opening included) has 3,790 positions under greedy or cautious play
and takes 3-4 s. Uniformly random play (broadsides sink piles, so hands refill) and
any fresh 3-pirate round pass 200,000 positions: `max_states` stops the enumeration
and `odds.round_outcome` falls back to sampling.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..model import DeadMansDiceState, replace

State = DeadMansDiceState
Policy = Callable[[State], Any]


@dataclass(frozen=True, slots=True)
class ExactRound:
    """The exact rest of a round.

    `outcomes` maps (the pirate whose turn ended the round, every pirate's round score
    E5) to its probability; `mean` is the expected change of every total, round score
    plus walk-the-plank charges (E6); `states` is how many positions were enumerated.
    """

    outcomes: dict[tuple[int, tuple[int, ...]], Fraction]
    mean: tuple[Fraction, ...]
    states: int

    def ender(self) -> dict[int, Fraction]:
        """P(each pirate's turn ends the round)."""
        out: dict[int, Fraction] = {}
        for (p, _), q in self.outcomes.items():
            out[p] = out.get(p, Fraction(0)) + q
        return dict(sorted(out.items()))

    def score(self, p: int) -> dict[int, Fraction]:
        """The exact distribution of pirate p's round score."""
        out: dict[int, Fraction] = {}
        for (_, scores), q in self.outcomes.items():
            out[scores[p]] = out.get(scores[p], Fraction(0)) + q
        return dict(sorted(out.items()))

    def difference(self, p: int, o: int) -> dict[int, Fraction]:
        """The exact distribution of p's round score minus o's."""
        out: dict[int, Fraction] = {}
        for (_, scores), q in self.outcomes.items():
            d = scores[p] - scores[o]
            out[d] = out.get(d, Fraction(0)) + q
        return dict(sorted(out.items()))


class NeverEnds(ValueError):
    """Under this policy some reachable positions never lead to the round's end."""


def _zeroed(s: State) -> State:
    return replace(s, totals=(0,) * len(s.totals))


def _moves(s: State, choose: Policy) -> Any:
    if s.is_chance:
        return s.chance_outcomes()
    chosen = choose(s)
    if isinstance(chosen, Mapping):          # a mixed policy: {action: probability}
        return tuple(chosen.items())
    return ((chosen, Fraction(1)),)


def exact_round(state: State, choose: Policy, max_states: int = 50_000) -> ExactRound | None:
    """The exact distribution of the rest of this round, `choose` deciding for every seat.

    `choose(state)` returns an action, or a mapping {action: probability} for a mixed
    policy; it must not depend on the totals (they are zeroed, see the module notes).
    Returns None when more than `max_states` positions are reachable; raises
    `NeverEnds` if the policy can keep the round going forever with certainty.
    """
    n, r0 = state.game.players, state.round
    if state.round_over:
        raise ValueError("the round is already over")
    start = _zeroed(state)
    index: dict[State, int] = {start: 0}
    rows: dict[int, dict[int, Fraction]] = {}
    consts: dict[int, dict[Hashable, Fraction]] = {}
    order: list[int] = []                     # post-order: leaves of the graph first
    stack: list[tuple[State, Any]] = [(start, None)]
    while stack:
        s, pending = stack[-1]
        if pending is None:
            i = index[s]
            row: dict[int, Fraction] = {}
            const: dict[Hashable, Fraction] = {}
            rows[i], consts[i] = row, const
            pending = []
            for move, w in _moves(s, choose):
                t = s._step(move)
                if t.round != r0 or t.round_over:
                    key = ("end", s.to_move, t.totals)
                    const[key] = const.get(key, Fraction(0)) + w
                    continue
                if any(t.totals):                # a walk-the-plank charge (E6) on the way
                    for p, paid in enumerate(t.totals):
                        const[("paid", p)] = const.get(("paid", p), Fraction(0)) + w * paid
                    t = _zeroed(t)
                j = index.get(t)
                if j is None:
                    if len(index) >= max_states:
                        return None
                    j = index[t] = len(index)
                    pending.append(t)
                row[j] = row.get(j, Fraction(0)) + w
            stack[-1] = (s, pending)
            continue
        if pending:
            stack.append((pending.pop(), None))
        else:
            stack.pop()
            order.append(index[s])
    const = _solve(rows, consts, order)
    outcomes: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    mean = [Fraction(0)] * n
    for key, q in const.items():
        if key[0] == "paid":
            mean[key[1]] += q
        else:
            _, ender, scores = key
            outcomes[(ender, scores)] = q
            for p in range(n):
                mean[p] += q * scores[p]
    return ExactRound(dict(sorted(outcomes.items())), tuple(mean), len(index))


def _solve(rows: dict[int, dict[int, Fraction]], consts: dict[int, dict[Hashable, Fraction]],
           order: list[int]) -> dict[Hashable, Fraction]:
    """Gaussian elimination of every variable but 0; returns the solved constant of x0."""
    users: dict[int, set[int]] = {i: set() for i in rows}
    for i, row in rows.items():
        for j in row:
            users[j].add(i)
    for v in order:
        row, const = rows[v], consts[v]
        loop = row.pop(v, Fraction(0))
        users[v].discard(v)
        if loop:
            if loop == 1:
                raise NeverEnds("under this policy the round can loop forever without ending")
            scale = 1 / (1 - loop)
            for j in row:
                row[j] *= scale
            for k in const:
                const[k] *= scale
        if v == 0:
            break
        for u in users[v]:
            c = rows[u].pop(v)
            target, target_const = rows[u], consts[u]
            for j, q in row.items():
                target[j] = target.get(j, Fraction(0)) + c * q
                users[j].add(u)
            for k, q in const.items():
                target_const[k] = target_const.get(k, Fraction(0)) + c * q
        for j in row:
            users[j].discard(v)
        rows[v], consts[v], users[v] = {}, {}, set()
    if rows[0]:
        raise NeverEnds("under this policy the round can loop forever without ending")
    return consts[0]


__all__ = ["ExactRound", "NeverEnds", "exact_round"]
