"""The exact solver in the special-cards game (V1: Skeleton R28, Kraken R30-R32, Tortuga R33-R34)
against brute force over the real rules, the sequential set-up's chance (C2, C3), and its
per-candidate answers."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from games.jolly_and_roger.support import SPECIAL, loose
from test_jolly_and_roger_solver import brute
from test_jolly_and_roger_solver_two_rounds import brute as brute_with_chance
from test_jolly_and_roger_solver_two_rounds import small_two_round_position

import explorer
from explorer.core.errors import PositionError
from explorer.core.play import advance
from explorer.games.jolly_and_roger.data import CARDS, PIRATES, SPECIALS
from explorer.games.jolly_and_roger.odds import next_round_no_special
from explorer.games.jolly_and_roger.solver import Solver, best
from explorer.games.jolly_and_roger.solver.special import draws

pytestmark = pytest.mark.slow

KRAKEN_OPTIONAL = explorer.load("jolly_and_roger", special_cards=True, kraken_optional=True)
AS_PARROT = explorer.load("jolly_and_roger", special_cards=True, specials_as_parrot=True)


def with_special(cards) -> bool:
    return any(c in SPECIALS for c in cards)


def final_round(count: int, phase: str, game=SPECIAL, cards_left: int = 3, seed: int = 0, special: bool = True) -> list:
    """Random-play positions of the last round in `phase` (with a special card still to use)."""
    found = []
    while len(found) < count:
        rng = random.Random(seed)
        s = game.start(seed=seed)
        while not s.is_over and not (s.round == 8 and s.phase == phase and (
                phase != "place" or len(s.hands[0] + s.hands[1]) <= cards_left)):
            s = advance(s, rng, steps=1)
        cards = s.hands[0] + s.hands[1] if phase == "place" else s.table
        if not s.is_over and (with_special(cards) or not special):
            found.append(s)
        seed += 1
    return found


def label(s) -> str:
    return "-".join(s.hands[0] + ("/",) + s.hands[1])


@pytest.mark.parametrize("state", final_round(24, "place"), ids=label)
def test_special_solver_equals_brute_force_on_final_round_positions(state):
    assert Solver().value(state) == brute(state)


@pytest.mark.parametrize("state", final_round(6, "place", KRAKEN_OPTIONAL, seed=100)
                         + final_round(6, "place", AS_PARROT, seed=200), ids=label)
def test_special_solver_follows_the_kraken_and_parrot_options(state):
    """V5 lets a Kraken go without effect (A13), V4 plays a special parrot side (A12)."""
    assert Solver().value(state) == brute(state)


def test_special_split_table_equals_brute_force_for_every_offer():
    """A whole last round from its split: every take is checked against brute force (with a
    transposition table), and the split's value is the splitter's best of the chooser's best."""
    s = final_round(1, "split", seed=3)[0]
    solver = Solver()
    rows = solver.split_table(s)
    for row in rows:
        after = s._step(row["split"])
        takes = [brute_with_chance(after._step(t), {}) for t in after.legal_actions()]
        assert [row["take_small"], row["take_large"]] == takes
    assert solver.value(s) == best([(r["split"], r["value"]) for r in rows], s.splitter)[1]


def test_special_candidates_cover_every_legal_action_and_pick_the_best():
    s = final_round(1, "place", cards_left=4, seed=7)[0]
    solver = Solver()
    rows = solver.candidates(s)
    assert [a for a, _ in rows] == list(s.legal_actions())
    assert best(rows, s.player)[1] == solver.value(s)
    assert all(isinstance(v, Fraction) for _, v in rows)


def test_special_two_rounds_from_round_7_last_card_equal_its_candidates():
    """Round 7's last card, then round 8's draw: the two-round value is the splitter's best of
    its candidates, each a round-8 draw position solved by its own solver."""
    s = small_two_round_position(1, 5, SPECIAL)
    assert s.round == 7 and sum(s.pile) == 5 and s.hands[s.splitter] == ("KR",)
    values = [Solver().value(s._step(a)) for a in s.legal_actions()]
    assert Solver().value(s) == (max(values) if s.player == 0 else min(values))


def test_special_two_rounds_from_round_7_last_card_equal_brute_force():
    """Round 7's last card is a Tortuga (R33): against brute force over the real rules with chance (C3)."""
    s = small_two_round_position(4, 5, SPECIAL)
    assert s.hands[s.splitter] == ("TO",)
    assert Solver().value(s) == brute_with_chance(s, {})


# -- chance with the sequential set-up (C2, C3) ----------------------------------------
def test_draw_weights_keep_the_early_removals_among_the_pirate_cards():
    unseen = (*(1 if c in ("G1", "G2", "Y3", "B4", "R5", "R1", "Y1") else 0 for c in PIRATES), 1, 1, 1)
    found, den = draws(unseen, 5, 3)
    rows = list(found)
    assert sum(w for _, w in rows) == den
    no_special = sum(w for cards, w in rows if max(cards) < 20)
    counts = dict(zip(CARDS, unseen, strict=True))
    assert Fraction(no_special, den) == next_round_no_special(counts, early=3)


def counts(cards) -> dict[str, int]:
    return {c: cards.count(c) for c in set(cards)}


def test_special_draw_value_averages_over_every_hidden_set_aside():
    """Round 8's draw with eight unseen cards of which three are the S4 removals: the solver's
    value equals the average over every choice of those three among the unseen pirate cards
    (card by card, C3), each leaving the other five as the split's table."""
    seed, hidden = 11, []
    while sum(c in SPECIALS for c in hidden) < 2:
        s = final_round(1, "draw", seed=seed, special=False)[0]
        hidden = sorted((c for c, a, b in zip(CARDS, s.pile, s.aside, strict=True) for _ in range(a + b)),
                        key=CARDS.index)
        seed += 1
    pirates = [c for c in hidden if c in PIRATES]
    keep = pirates[:3] + [c for c in hidden if c in SPECIALS][:2] + pirates[3:6]
    rest = list(hidden)
    for c in keep:
        rest.remove(c)
    data = {**s.to_dict(), "removed": [*s.removed, *rest], "pile": counts(keep[3:]), "aside": counts(keep[:3]),
            "early": 3}
    state = loose(SPECIAL, data)
    assert sum(state.pile) + sum(state.aside) == 8 and state.early == 3 and with_special(keep)
    values = []
    for early in combinations([i for i, c in enumerate(keep) if c in PIRATES], 3):
        table = sorted((c for i, c in enumerate(keep) if i not in early), key=CARDS.index)
        split = loose(SPECIAL, {**data, "phase": "split", "table": table, "pile": {},
                                         "aside": counts([keep[i] for i in early])})
        values.append(Solver().value(split))
    assert len(values) == 20
    assert Solver().value(state) == sum(values, Fraction(0)) / len(values)


def test_more_early_removals_than_set_aside_pirate_cards_is_a_position_error():
    s = final_round(1, "draw", seed=11, special=False)[0]
    unseen = {c: a + b for c, a, b in zip(CARDS, s.pile, s.aside, strict=True) if a + b}
    data = {**s.to_dict(), "pile": unseen, "aside": {}, "early": 3}
    assert loose(SPECIAL, {**data, "early": 0}).early == 0
    with pytest.raises(PositionError) as err:
        loose(SPECIAL, data)
    assert err.value.field == "early"


def test_special_solver_refuses_what_it_cannot_reach():
    with pytest.raises(ValueError):
        Solver().value(SPECIAL.start(seed=1))
    with pytest.raises(ValueError):
        Solver(max_rounds=3)


@pytest.mark.parametrize("drawn", [0, 4], ids=["T1-C3-round-7-draw", "T1-C3-round-7-last-card-to-draw"])
def test_special_solver_refuses_round_7_before_its_five_cards_at_once(drawn):
    """From round 7's draw two special rounds would mean one search per possible draw (C3): the
    solver says so at once, names how many, and leaves the position untouched."""
    rng = random.Random(3)
    s = SPECIAL.start(seed=3)
    while not (s.round == 7 and s.phase in ("draw", "split") and len(s.table) == drawn):
        s = advance(s, rng, steps=1)
    before = s.to_dict()
    unseen = tuple(a + b for a, b in zip(s.pile, s.aside, strict=True))
    count = sum(1 for _, w in draws(unseen, 5 - drawn, s.early)[0] if w)
    with pytest.raises(ValueError, match=rf"T1/C3: .*round 7's split.* {count:,} possible draws.*estimate\(\)"):
        Solver().value(s)
    assert s.to_dict() == before and count > 1
