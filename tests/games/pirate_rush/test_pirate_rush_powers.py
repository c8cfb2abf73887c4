"""Pirate Rush character powers: R37-R46, with the chance examples C8, C9, C13."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.pirate_rush.support import Pick, leaves, pick_words, play, table, tokens_of

from explorer.core.errors import IllegalAction
from explorer.games.pirate_rush.model import Move, Outcome


def test_R31_captain_commands():
    s = table(3, chosen=(3, 1, 2), turn_of=0, stack=[["call"]])
    assert s.player == 1


def test_R37_R38_R39_gunner_swaps_a_taken_wound_for_a_prosthetic():
    s = table(3, chosen=(3, 1, 2), turn_of=0)
    s = play(s, "take I1.a", "tile wound")
    assert s.stack[-1][0] == "gunner" and {str(a) for a in s.legal_actions()} == {
        "prosthetic peg", "prosthetic hook", "prosthetic none"}
    t = play(s, "prosthetic peg")
    assert t.prosthetics[0] == ("peg",) and not t.loot[0] and t.loot and t.kinds[t.discard[0]] in ("wound", "")
    assert all(t.slots[0][0] not in pile for pile in t.loot)
    w = next(x for x in t.discard if t.kinds[x] == "wound")
    assert all(w in k for k in t.known)                       # A45: shown, to the discard
    d = t.to_dict()
    d["prosthetics"] = [["hook", "peg"], [], []]
    full = t.game.state_from_dict(d)
    d = full.to_dict()
    d["turn"] = [0, 1, 0, 0, 0, 0, 0]
    again = play(full.game.state_from_dict(d), "take I1.b", "tile wound")
    assert again.stack[-1][0] == "turn" and len(again.loot[0]) == 1     # R38: wound stays


@pytest.mark.parametrize("trigger,expect", [("own_take", False), ("any_gain_this_round", True)])
def test_V11_gunner_trigger_option(trigger, expect):
    s = table(3, loot={1: ["wound"]}, chosen=(3, 6, 1), turn_of=1, gunner_trigger=trigger, row="3 4 6 7")
    d = s.to_dict()
    d["stack"] = [["turn", 1], ["spoils", 1, 0]]
    s = s.game.state_from_dict(d)
    s = play(s, "spoils give wound")
    assert (s.stack[-1][0] == "gunner") == expect


def _qm(discard, **options):
    """4 players: the discard pile is exactly 8 tiles (S3)."""
    s = table(4, discard=discard, chosen=(4, 1, 2, 3), turn_of=0, row="3 4 5 6 7", **options)
    return play(s, "take I1.a", "tile rum")


def test_R40_R41_C13_quartermaster_trades_from_the_discard():
    s = _qm(["copper", "copper", "rum", "wound", "curse", "map", "map", "gold"])
    assert "trade discard" in {str(a) for a in s.legal_actions()}
    t = play(s, "trade discard")
    by_kind: dict = {}
    for o, p in t.chance_outcomes():
        k = o.arg.split(" #")[0]      # a pick is named by the kind of tile picked
        by_kind[k] = by_kind.get(k, 0) + p
    assert by_kind["gold"] == Fraction(1, 8)
    assert sum(p for k, p in by_kind.items() if k not in ("wound", "curse")) == Fraction(3, 4)
    assert sum(p for k, p in by_kind.items() if k in ("copper", "silver", "gold")) == Fraction(3, 8)
    u = play(t, Pick(next(x for x in t.discard if t.kinds[x] == 'gold')))
    assert any(u.kinds[x] == "gold" for x in u.loot[0])


def test_C13_V9_quartermaster_may_redraw_his_own_tile():
    s = _qm(["copper"] * 8, qm_draw_excludes_own=False)
    t = play(s, "trade discard")
    own = s.loot[0][0]
    assert dict((o.arg, p) for o, p in t.chance_outcomes())[pick_words(t, own)[5:]] == Fraction(1, 9)


def test_R41_quartermaster_takes_from_an_island_left_behind():
    s = _qm(["copper"] * 8)
    assert not any(a.arg.startswith("I") for a in s.legal_actions() if a.verb == "trade")   # round 1: none
    d = s.to_dict()
    d["ship"] = 3                                   # at I4: I1, I2/I3 and I5 are behind or skipped
    s = s.game.state_from_dict(d)
    trades = {a.arg[:2] for a in s.legal_actions() if a.verb == "trade" and a.arg.startswith("I")}
    assert trades == {"I1", "I2", "I3", "I5"}
    t = play(s, "trade I5.a", "tile gold")
    assert t.kinds[t.loot[0][0]] == "gold" and t.slots[4][0] == -1


def test_R42_C8_gambler_looks_takes_and_gives_blind():
    s = table(3, loot={0: ["rum"], 1: ["gold", "rum", "curse", "map"]}, chosen=(5, 1, 2), row="3 5 6 8")
    s = play(s, "gamble P2")
    looks = s.chance_outcomes()
    assert all(p == Fraction(1, 4) for _, p in looks)
    gold = tokens_of(s, 1, "gold")[0]
    assert dict((o.arg, p) for o, p in looks)["gold"] == Fraction(1, 4) and gold in s.loot[1]

    def strategy(st):  # keep the looked-at tile if it is gold, else take another
        if st.stack and st.stack[-1][0] == "gamble_choice":
            return True
        return False

    total_gold = total_curse = Fraction(0)
    for state, p in leaves(s, stop=strategy):
        choice = "gamble keep" if state.kinds[state.stack[-1][3]] == "gold" else "gamble other"
        for end, q in leaves(state.apply(choice)):
            got = [t for t in end.loot[0] if t in s.loot[1]]
            total_gold += p * q * (end.kinds[got[0]] == "gold")
            total_curse += p * q * (end.kinds[got[0]] == "curse")
    assert total_gold == Fraction(1, 2) and total_curse == Fraction(1, 6)


def test_V8_gambler_needs_own_loot():
    s = table(3, loot={1: ["gold"]}, chosen=(5, 1, 2), row="3 5 6 8")
    assert "gamble P2" not in {str(a) for a in s.legal_actions()}
    t = table(3, loot={1: ["gold"]}, chosen=(5, 1, 2), row="3 5 6 8", gambler_needs_own_loot=False)
    t = play(t, "gamble P2", Pick(t.loot[1][0]), "gamble keep")
    assert t.kinds[t.loot[0][0]] == "gold" and not t.loot[1]


def test_R43_C9_rogue_looks_at_up_to_two_and_keeps_a_copper():
    s = table(3, loot={1: ["copper", "copper", "silver", "rum", "wound"]}, chosen=(6, 1, 2), row="3 5 6 8")
    s = play(s, "rogue P2")
    coppers = set(tokens_of(s, 1, "copper"))
    assert len(coppers) == 2
    single = sum(p for o, p in s.chance_outcomes() if o.arg.startswith("copper"))
    assert single == Fraction(2, 5)
    both = at_least = Fraction(0)
    for o, p in s.chance_outcomes():
        t = play(s, o, "rogue more")
        for o2, q in t.chance_outcomes():
            hits = o.arg.startswith("copper") + o2.arg.startswith("copper")
            both += p * q * (hits == 2)
            at_least += p * q * (hits >= 1)
    assert at_least == Fraction(7, 10) and both == Fraction(1, 10)
    c = min(coppers)
    t = play(s, Pick(c), "rogue stop", "rogue keep")
    assert len(t.loot[0]) == 1 and t.kinds[t.loot[0][0]] == "copper" and all(t.loot[0][0] in k for k in t.known)


def test_R44_cabin_boy_investigates_twice():
    s = table(3, chosen=(7, 1, 2), row="3 5 6 7")
    s = play(s, "look I2.a", "tile rum", "look I2.b", "tile rum")
    assert not any(a.verb == "look" for a in s.legal_actions())


def test_R45_V12_monkey_loses_no_prestige_but_may_pay():
    s = table(3, chosen=(8, 1, 2), row="3 5 6 8")
    assert "pay" in {str(a) for a in s.legal_actions()}
    t = table(3, chosen=(8, 1, 2), row="3 5 6 8", monkey_may_pay=False)
    with pytest.raises(IllegalAction) as err:
        t.apply("pay")
    assert err.value.rule == "R45"


def test_R46_monkey_passes_on_a_new_curse():
    s = table(3, loot={0: ["curse"]}, chosen=(8, 1, 2), row="3 5 6 8")
    s = play(s, "take I1.a", "tile curse")
    assert s.stack[-1][0] == "monkey"
    new = s.stack[-1][2]
    t = play(s, "gift P3")
    assert new in t.loot[2] and len(t.loot[0]) == 1 and all(new in k for k in t.known)
    assert Move("gift", "2") not in t.legal_actions()


def test_R30_own_loot_is_always_known():
    s = table(3, loot={0: ["gold", "rum"]}, chosen=(1, 2, 3))
    assert s.view(0)["loot"][0]["known"] == ["gold", "rum"] and s.view(1)["loot"][0]["known"] == []


def test_outcome_notation_round_trips():
    assert str(Outcome("pick", "3")) == "pick 3"
