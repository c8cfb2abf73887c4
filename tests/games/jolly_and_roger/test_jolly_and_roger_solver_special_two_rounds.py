"""Two special-cards rounds (V1) from round 7's split: the batched final round (`specialbatch`)
against the card-by-card search of `specialsolver` start by start, and the split's answers per
candidate against fresh solvers. Positions keep seven unseen cards, among them a Kraken and a
Tortuga, so round 8 has at most 21 tables and both specials' reduced states (R30, R33) occur."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from games.jolly_and_roger.support import SPECIAL, loose

from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS, SPECIALS
from explorer.games.jolly_and_roger.solver import Solver, best
from explorer.games.jolly_and_roger.solver.lastround import LastRound
from explorer.games.jolly_and_roger.solver.special import KR, TO, context, draws, reduce, start_state
from explorer.games.jolly_and_roger.solver.specialbatch import final_values
from explorer.games.jolly_and_roger.solver.specialsolver import SpecialSolver

pytestmark = pytest.mark.slow


def round_7_split(seed: int, keep_specials: tuple[str, ...] = ("KR", "TO"), unseen: int = 7):
    """Round 7's split of a random-play game with `unseen` hidden cards left, all in the pile:
    the first seed from `seed` whose hidden cards hold `keep_specials`; the other hidden cards
    are taken out of play (removed)."""
    while True:
        rng = random.Random(seed)
        s = SPECIAL.start(seed=seed)
        while not (s.round == 7 and s.phase == "split"):
            s = advance(s, rng, steps=1)
        hidden = [c for c, a, b in zip(CARDS, s.pile, s.aside, strict=True) for _ in range(a + b)]
        if all(c in hidden for c in keep_specials):
            break
        seed += 1
    rest = [c for c in hidden if c not in SPECIALS]
    rng.shuffle(rest)
    keep = sorted([*keep_specials, *rest[:unseen - len(keep_specials)]], key=CARDS.index)
    removed = list(hidden)
    for c in keep:
        removed.remove(c)
    data = {**s.to_dict(), "removed": [*s.removed, *removed], "pile": {c: keep.count(c) for c in set(keep)},
            "aside": {}, "early": 0}
    return loose(SPECIAL, data)


class Collect(SpecialSolver):
    """Round 7's search with the last round's draw left out: records the reduced round-8 starts."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.starts: dict = {}

    def draw(self, state, table, unseen, early, splitter):
        if not table:
            start = reduce(state, context(((), ()), (), unseen, 5))
            self.starts.setdefault((unseen, early, splitter), {})[start] = None
            return 0
        return super().draw(state, table, unseen, early, splitter)


@pytest.mark.parametrize("seed", [5, 40])
def test_batched_final_round_equals_the_search_at_every_sampled_start(seed):
    s = round_7_split(seed)
    collect = Collect(SPECIAL)
    collect._future(s, start_state(s), 1)
    ((unseen, early, splitter), found), = collect.starts.items()
    starts = sorted(found, key=repr)[::max(1, len(found) // 8)]
    assert unseen[KR] and unseen[TO] and len(starts) >= 8
    nums, den = final_values(starts, (), unseen, early, splitter, LastRound(), False, False)
    search = SpecialSolver(SPECIAL)
    tables, total = list(draws(unseen, 5, early)[0]), sum(w for _, w in draws(unseen, 5, early)[0])
    assert total == den and any(KR in t for t, _ in tables) and any(TO in t for t, _ in tables)
    for start, num in zip(starts, nums, strict=True):
        expected = sum((w * Fraction(search.split(start, t, unseen, early, 0, splitter)) for t, w in tables),
                       Fraction(0)) / den
        assert Fraction(int(num), den) == expected


def test_two_rounds_from_round_7_split_match_fresh_solvers_per_candidate():
    """Six unseen cards (a Kraken and a Tortuga among them): a split's takes (one with a special
    offered), each solved from its own position by a fresh solver, match the split table; the
    split's value is the splitter's best of the chooser's best (T2, T3)."""
    s = round_7_split(5, unseen=6)
    solver = Solver()
    rows = solver.split_table(s)
    assert len(rows) == len(s.legal_actions()) and all(isinstance(r["value"], Fraction) for r in rows)
    row = max(rows, key=lambda r: len(r["split"].small) + sum(c in ("KR", "TO") for c in r["split"].small))
    after = s._step(row["split"])
    assert [row["take_small"], row["take_large"]] == [Solver().value(after._step(t)) for t in after.legal_actions()]
    assert solver.value(s) == best([(r["split"], r["value"]) for r in rows], s.splitter)[1]


def test_final_round_tables_shared_out_to_processes_give_the_same_exact_values(monkeypatch):
    """The final round's special tables (C3) valued in two worker processes: the same exact
    value as in the calling process, and a pool really started."""
    from explorer.games.jolly_and_roger.solver import specialbatch

    started = []

    class Pool(specialbatch.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            started.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    s = round_7_split(40, unseen=6)
    alone = Solver(workers=1).value(s)
    monkeypatch.setattr(specialbatch, "PARALLEL_TABLES", 2)
    monkeypatch.setattr(specialbatch, "ProcessPoolExecutor", Pool)
    assert Solver(workers=1).value(s) == alone and not started
    assert Solver(workers=2).value(s) == alone and started and set(started) == {2}


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_solver_rejects_a_bad_worker_count(workers):
    with pytest.raises(ValueError, match="workers"):
        Solver(workers=workers)


def test_positions_count_each_final_round_start_at_each_of_its_tables():
    """C3: one round-7 split reaches final-round starts over six unseen cards (6 five-card tables
    at most); `positions` counts the memo and every (start, table) the batch valued."""
    s = round_7_split(5, unseen=6)
    solver = Solver(workers=1)
    solver.value(s)
    (special,) = solver._special.values()
    starts = [k for k in special._memo if k[0] == "draw"]
    unseen = starts[0][3]
    tables = sum(1 for _, w in draws(unseen, 5, 0)[0] if w)
    assert 1 < tables <= 6 and special._batched == len(starts) * tables
    assert solver.positions == len(special._memo) + len(starts) * tables
