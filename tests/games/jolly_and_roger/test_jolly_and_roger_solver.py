"""The exact what-if solver against brute force over the real rules, and its per-candidate answers."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from games.jolly_and_roger.support import GAME, chance_tree, drawing, side

from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS, PIRATE_COUNTS
from explorer.games.jolly_and_roger.solver import Solver, best, splits
from explorer.games.jolly_and_roger.solver.hands import reach
from explorer.games.jolly_and_roger.solver.lastround import LastRound, lookup

pytestmark = pytest.mark.slow


def brute(state) -> int:
    """Minimax over every legal action sequence of the real game, no memo (final round: no chance)."""
    if state.is_over:
        a, b = state.scores()
        return a - b
    values = [brute(state._step(a)) for a in state.legal_actions()]
    return max(values) if state.player == 0 else min(values)


def final_round_positions(count: int, phases: tuple[str, ...], cards_left: int = 5) -> list:
    """Random positions of the last round (random play so far), at most `cards_left` cards still to use."""
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        s = GAME.start(seed=seed)
        while not s.is_over and not (s.round == 8 and s.phase in phases
                                     and (s.phase != "place" or len(s.hands[0] + s.hands[1]) <= cards_left)):
            s = advance(s, rng, steps=1)
        if not s.is_over:
            found.append(s)
        seed += 1
    return found


@pytest.mark.parametrize("state", final_round_positions(24, ("place",), cards_left=3),
                         ids=lambda s: "-".join(s.hands[0] + s.hands[1]))
def test_solver_equals_brute_force_on_final_round_positions(state):
    assert Solver().value(state) == brute(state)


def test_split_table_compares_every_split():
    s = drawing(["G1", "G1", "Y1", "Y1", "R1"], round_=8, splitter=1, p1=side(G=["G2"]), p2=side(R=["R2"]))
    rows = Solver().split_table(s)
    assert len(rows) == len(splits((0, 0, 5, 5, 15))) == 8
    assert Solver().value(s) == min(r["value"] for r in rows)
    assert all(r["value"] == max(r["take_small"], r["take_large"]) for r in rows)


def test_candidates_cover_every_legal_action_and_pick_the_best():
    s = final_round_positions(1, ("split",))[0]
    solver = Solver()
    rows = solver.candidates(s)
    assert [a for a, _ in rows] == list(s.legal_actions())
    assert best(rows, s.player)[1] == solver.value(s)
    assert all(isinstance(v, Fraction) for _, v in rows)


def test_solver_expects_over_the_unseen_pool_at_the_last_draw():
    rng = random.Random(3)
    s = GAME.start(seed=3)
    while not (s.round == 8 and s.phase == "draw"):
        s = advance(s, rng, steps=1)
    solver = Solver()
    value = solver.value(s)
    assert isinstance(value, Fraction) and solver.positions > 0 and value.denominator > 1


def test_last_round_draw_equals_the_real_chance_tree_over_split_values():
    """From the last round's draw (C3) the value is the chance-weighted mean of the split positions,
    each solved on its own. The set-aside cards go back into the pile, so the real game's draw
    from the pile is the players' uniform draw from the unseen cards."""
    s = final_round_positions(1, ("draw",))[0]
    unseen = {c: a + b for c, a, b in zip(CARDS, s.pile, s.aside, strict=True) if a + b}
    s = GAME.state_from_dict({k: v for k, v in s.to_dict().items() if k not in ("pile", "aside")})
    assert not sum(s.aside) and sum(s.pile) == 8 == sum(unseen.values())     # set-aside cards left undecided
    splits_ = chance_tree(s, lambda t: t.phase == "split")
    assert Solver().value(s) == sum((p * Solver().value(t) for t, p in splits_.items()), Fraction(0))


def test_dense_chooser_tables_agree_with_placement_lists():
    """The max-plus tables built card by card give the chooser's value the placement lists give."""
    rng = random.Random(5)
    last = LastRound()
    deck = [i for i, n in enumerate(PIRATE_COUNTS[:20]) for _ in range(n)]
    for _ in range(4):
        table = tuple(sorted(rng.sample(deck, 5)))
        cap = np.array(reach(table)) + 1
        points = np.array([[rng.randint(-c, c) for c in cap] for _ in range(300)])
        for small, large in splits(table):
            for mine, theirs in ((small, large), (large, small)):
                stack, lo = last.chooser_tables(mine, [theirs])
                assert (lookup(stack[0], lo, -points) == last.chooser(-points, mine, theirs)).all()


def test_solver_refuses_what_it_cannot_reach():
    with pytest.raises(ValueError):
        Solver(max_rounds=2).value(GAME.start(seed=1))
