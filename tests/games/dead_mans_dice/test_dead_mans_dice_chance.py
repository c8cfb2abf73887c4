"""Dead Man's Dice options (V IDs) and the digest's worked chance examples (C IDs), exact."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.dead_mans_dice.support import cited, play, table

import explorer
from explorer.core.errors import IllegalAction, OptionError
from explorer.games.dead_mans_dice import odds as an
from explorer.games.dead_mans_dice.data import STACKS, die_code
from explorer.games.dead_mans_dice.rules import topple_chance

F = Fraction
REGULAR, JOLLY = die_code("P1-1"), die_code("P1-J")


def test_V1_broadside_off_and_hit_chance():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"broadside": "off"})
    assert not any(str(a).startswith("broadside") for a in s.legal_actions())
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"],
              options={"broadside_hit_p": "1/2"}).apply("broadside P2")
    assert [(str(o), p) for o, p in s.chance_outcomes()] == [("hit", F(1, 2)), ("miss", F(1, 2))]
    with pytest.raises(OptionError):
        explorer.load("dead_mans_dice", broadside_hit_p="3/2")


def test_V2_wobble_topples_and_returns_dice():
    s = table(["P1-2 P1-J", "P2-1", "P3-1"], ["P1-1=1 P2-2=2 P2-J=3 P3-J=4", "", "P3-2=6"], options={"wobble": True})
    s = play(s, "roll P1-2", "face 4", "topple")
    assert not s.piles[0] and s.to_move == 1 and {"V2", "R36"} <= cited(s)


def test_V3_stray_shot_hits_a_pile_then_the_roll_is_placed():
    s = table(["P1-2 P1-J", "P2-2 P2-J", "P3-1 P3-2 P3-J"], ["P1-1=3", "P2-1=3", ""], options={"stray_shots": True})
    s = play(s, "roll P1-2", "face 4")
    assert dict((str(o), p) for o, p in s.chance_outcomes()) == {"stray none": F(35, 36), "stray P2": F(1, 36)}
    hit = s.apply("stray P2")
    assert "V3" in cited(hit) and hit.player == 1
    s = play(hit, "restart P2-J", "face 2")
    assert s.totals[0] == -7 and s.to_dict()["piles"][:2] == [["P1-1=3", "P1-2=4"], ["P2-J=2"]]


def test_V4_hold_fire_passes_and_all_passing_ends_round():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"hold_fire": True})
    assert "pass" in [str(a) for a in s.legal_actions()]
    s = play(s, "pass", "pass")
    assert s.step == "scored" and s.passes == 0 and "V4" in cited(s)
    with pytest.raises(IllegalAction) as err:
        table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"]).apply("pass")
    assert err.value.rule == "R11"


def test_V5_maroon_ends_round():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"maroon_ends_round": True}), "roll P1-2",
             "face 6")
    assert s.step == "scored" and s.round == 1 and "V5" in cited(s)


def test_V6_jolly_roger_die_unplunderable():
    base = (["P1-2 P1-J", "P2-1 P2-2"], ["P1-1=1", "P2-J=2"])
    assert play(table(*base), "roll P1-2", "face 1").step == "plunder"
    s = play(table(*base, options={"jr_die_unplunderable": True}), "roll P1-2", "face 1")
    assert s.step != "plunder"


def test_V7_final_plunder_off_ends_round_at_last_stack():
    s = play(table(["P1-2", "P2-2 P2-J"], ["P1-1=1 P1-J=S", "P2-1=3"], options={"final_plunder": False}), "roll P1-2",
             "face 2")
    assert s.step == "scored" and s.piles[0][-1] == (1, 2) and "V7" in cited(s)


def test_V8_target_score():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=3"], options={"target_score": 20}),
             "roll P1-J", "face S")
    assert s.is_over and s.winners()[0] == (0,)


def test_V9_tie_rule_shared():
    s = play(table(["P1-J", "P2-2 P2-J"], ["P1-1=2 P1-2=3", "P2-1=6"], totals=[95, 105],
                   options={"tie_rule": "shared"}),
             "roll P1-J", "face 4")
    assert s.is_over and s.winners()[0] == (0, 1) and "V9" in cited(s)


def test_V10_tied_only_reroll_keeps_other_bases():
    s = explorer.load("dead_mans_dice", opening_reroll="tied_only").new_state()
    s = play(s, "open P1-1", "face 2", "open P2-1", "face 2", "open P3-1", "face 5")
    assert s.group == (0, 1) and s.to_dict()["piles"][2] == ["P3-1=5"] and "V10" in cited(s)
    s = play(s, "open P1-2", "face 6", "open P2-2", "face 4")
    assert s.to_move == 1 and s.step == "turn"   # lowest among re-rollers, whatever C shows


def test_V11_optional_placement_may_decline():
    s = play(table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"], options={"optional_placement": True}), "roll P1-2",
             "face 4")
    assert [str(a) for a in s.legal_actions()] == ["stack", "decline"]
    s = s.apply("decline")
    assert s.to_dict()["hands"][0] == ["P1-2", "P1-J"] and s.to_move == 1 and "V11" in cited(s)


def test_C1_regular_die_stack_chances():
    assert an.stack_chance(REGULAR, 3) == F(1, 3) and an.stack_chance(REGULAR, 6) == F(1, 3)
    assert an.stack_chance(REGULAR, 0) == F(1, 2)
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"]).apply("roll P1-2")
    assert sum((p * o.face for o, p in s.chance_outcomes()), F(0)) == F(7, 2)


def test_C2_jolly_roger_die():
    from explorer.games.dead_mans_dice.data import VALUE
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"]).apply("roll P1-J")
    assert sum((p * VALUE[o.face] for o, p in s.chance_outcomes()), F(0)) == F(9, 2)
    assert dict((str(o), p) for o, p in s.chance_outcomes())["face S"] == F(1, 6)
    assert [1 - F(5, 6) ** n for n in range(2, 7)] == [F(11, 36), F(91, 216), F(671, 1296), F(4651, 7776),
                                                       F(31031, 46656)]
    assert an.stack_chance(JOLLY, 2) == F(2, 3)


@pytest.mark.parametrize("n,unique", [(2, F(5, 6)), (3, F(55, 72)), (4, F(25, 36)), (5, F(4895, 7776)),
                                      (6, F(1475, 2592))])
def test_C3_opening_roll_off(n, unique):
    assert an.opening_unique_lowest(n) == unique
    # the same number by the model's own chance nodes, enumerated exactly
    layer = {explorer.load("dead_mans_dice", players=n).new_state(): F(1)}
    resolved = F(0)
    while layer:
        nxt = {}
        for s, q in layer.items():
            if s.step == "turn":
                resolved += q
            elif s.round == 1 and not (s.step == "open" and s.group == tuple(range(n)) and not any(s.piles)
                                       and len(s.history) > 0):
                moves = s.chance_outcomes() if s.is_chance else [(s.legal_actions()[0], F(1))]
                for m, w in moves:
                    t = s._step(m)
                    nxt[t] = nxt.get(t, F(0)) + q * w
        layer = nxt if n <= 4 else {}
    if n <= 4:
        assert resolved == unique
    assert F(1) / unique == {2: F(6, 5), 3: F(72, 55), 4: F(36, 25), 5: F(7776, 4895), 6: F(2592, 1475)}[n]


def test_C3_three_pirate_questions():
    assert F(55, 72) / 3 == F(55, 216)
    assert F(25, 36) + F(11, 36) * F(1, 3) == F(43, 54)
    assert F(1, 6) ** 3 + 3 * F(1, 6) ** 2 * F(5, 6) == F(2, 27)


@pytest.mark.parametrize("top,regular,jolly", [(0, F(1, 2), F(1, 2)), (1, F(1, 2), F(1, 2)), (2, F(1, 2), F(2, 3)),
                                               (3, F(1, 3), F(1, 2)), (4, F(1, 2), F(2, 3)), (5, F(1, 2), F(2, 3)),
                                               (6, F(1, 3), F(1, 3))])
def test_C4_stacking_table(top, regular, jolly):
    assert an.stack_chance(REGULAR, top) == regular and an.stack_chance(JOLLY, top) == jolly
    assert an.stack_chance(REGULAR, None) == 1


def test_C4_two_regular_dice_in_two_turns():
    for top, want in ((3, F(5, 36)), (1, F(2, 9)), (6, F(5, 36))):
        total = F(0)
        for f in range(1, 7):
            if STACKS[f][top]:
                total += F(1, 6) * an.stack_chance(REGULAR, f)
        assert total == want


def test_C5_plunder_opportunity():
    s = table(["P1-2 P1-J", "P2-1 P2-J", "P3-1 P3-J"], ["P1-1=4", "P2-2=3", "P3-2=6"])
    assert an.roll_report(s, die_code("P1-2")).any_plunder == F(1, 3)
    s = table(["P1-2 P1-J", "P2-1 P2-J", "P3-1 P3-J"], ["P1-1=1", "P2-2=3", "P3-2=5"])
    assert an.roll_report(s, die_code("P1-2")).any_plunder == F(1, 6)


def test_C6_broadside_misses():
    s = table(["P1-2 P1-J", "P2-2 P2-J"], ["P1-1=3", "P2-1=3"],
              options={"broadside_hit_p": "1/2"}).apply("broadside P2")
    miss = dict((str(o), p) for o, p in s.chance_outcomes())["miss"]
    assert miss * miss == F(1, 4) and (1 - miss) * 7 == F(7, 2)


def test_C7_topple_table():
    want = [F(1, 36), F(1, 12), F(1, 6), F(5, 18), F(5, 12), F(7, 12), F(13, 18), F(5, 6), F(11, 12), F(35, 36)]
    assert [topple_chance(h) for h in range(5, 15)] == want
    assert topple_chance(4) == 0 and topple_chance(15) == 1
    assert (1 - topple_chance(5)) * (1 - topple_chance(6)) * (1 - topple_chance(7)) == F(1925, 2592)


def test_C8_stray_shot():
    s = table(["P1-2 P1-J", "P2-2 P2-J", "P3-2 P3-J"], ["P1-1=3", "P2-1=3", "P3-1=3"], options={"stray_shots": True})
    s = play(s, "roll P1-2", "face 4")
    assert dict((str(o), p) for o, p in s.chance_outcomes())["stray P2"] == F(1, 72)
    assert F(35, 36) ** 3 == F(42875, 46656)


def test_C9_score_expectations():
    s = table(["P1-J", "P2-1 P2-2 P2-J"], ["P1-1=2 P1-2=3", ""], to_move=0)
    dist = an.score_distribution(s, JOLLY)
    assert dist == {-2: F(1, 2), 8: F(1, 6), 9: F(1, 6), 24: F(1, 6)}
    assert sum((v * p for v, p in dist.items()), F(0)) == F(35, 6)
    values = an.pile_value_distribution((3,), (JOLLY,))
    stacked = {v: p for v, p in values.items() if v != 3}
    assert sum((v * p for v, p in stacked.items()), F(0)) / sum(stacked.values()) == 11


def test_expected_gain_and_round_outcome():
    s = table(["P1-J", "P2-1 P2-2 P2-J"], ["P1-1=2 P1-2=3", ""], to_move=0)
    assert an.expected_gain(s, JOLLY) == F(35, 6) - (-2)
    greedy = explorer.load("dead_mans_dice").policies()["greedy"]
    game = s.game
    policy = greedy(game)
    import random
    rng = random.Random(0)

    def choose(state):
        return policy.choose(state.view(state.player), state.legal_actions(), rng)

    sampled = an.round_outcome(game.start(seed=1), choose, max_nodes=50, samples=200, seed=3)
    assert not sampled.exact and sampled.samples == 200 and all(h > 0 for h in sampled.half_width)
