"""Pirate Rush island events: R47-R60, with C7 (Perdidos), C10 and C11 (Duelo)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.pirate_rush.support import leaves, play, table, tokens_of

from explorer.core.errors import IllegalAction
from explorer.games.pirate_rush.odds import tile_distribution
from explorer.games.pirate_rush.turn.table import commander


def flip(n=4, loot=None, chosen=None, tile="T05", **options):
    """A hand-made advanced position right before the ship's island (I1) is flipped."""
    s = table(n, loot=loot, chosen=chosen or tuple(range(1, n + 1)), advanced=True,
              stack=[["call"], ["flip"]], **options)
    d = s.to_dict()
    d["current"], d["turn"] = -1, [0, 0, 0, 0, 0, 0, 0]
    d["islands"][0] = tile
    s = s.game.state_from_dict(d)
    from explorer.games.pirate_rush.flow import Work
    from explorer.games.pirate_rush.rules import settle

    w = Work(s)
    settle(w)
    return w.freeze(None, None)


def test_R47_R48_taberna_pays_a_non_negative_tile_for_two_looks():
    s = flip(loot={0: ["rum", "wound"]}, tile="T01")
    assert s.event == "taberna"
    s = play(s, "call P1")
    assert "tavern rum" in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        s.apply("tavern wound")
    assert err.value.rule == "R48"
    t = play(s, "tavern rum")
    paid = (set(s.loot[0]) - set(t.loot[0])).pop()
    assert t.turn[1] == 3 and paid in t.discard and all(paid in k for k in t.known)     # R73
    assert "tavern rum" not in {str(a) for a in t.legal_actions()}


def test_R49_R50_R51_R3_juegos_de_cubierta():
    s = flip(loot={0: ["gold"], 1: ["copper"], 2: ["copper"], 3: []}, tile="T02", chosen=(4, 3, 2, 1))
    assert s.stack[-1][:2] == ("stake", 0)
    s = play(s, "stake gold", "stake copper", "stake copper")
    # player 1 (rank 3) and player 2 (rank 2) tie at copper: the lower-ranked player 1 is "lowest" (R3)
    assert s.prestige == (2, 0, 1, 1)
    assert s.player == 1 and {str(a) for a in s.legal_actions()} == {"claim P1", "claim P2", "claim P3"}
    s = play(s, "claim P1", "claim P2", "claim P3")
    assert [s.kinds[x] for x in s.loot[1]] == ["gold"] and all(
        set(s.known[p]) >= {x for pile in s.loot for x in pile} for p in range(4))


def test_R49_fewer_than_two_staking_pirates_means_nothing():
    s = flip(loot={0: ["gold"]}, tile="T02")
    assert s.stack[-1] == ("call",)


def test_R45_monkey_loses_nothing_at_juegos():
    s = flip(loot={0: ["gold"], 1: ["curse"]}, tile="T02", chosen=(1, 8, 2, 3), row="3 4 5 6 8")
    s = play(s, "stake gold", "stake curse")
    assert s.prestige[1] == 1


def test_R52_R53_R54_V4_mercader_pays_a_coin_to_see_and_swap():
    s = play(flip(loot={0: ["silver", "rum"]}, tile="T05"), "call P1")
    assert {str(a) for a in s.legal_actions() if a.verb == "merchant"} >= {"merchant silver I4"}
    with pytest.raises(IllegalAction) as err:
        s.apply("merchant rum I4")
    assert err.value.rule == "R52"
    s = play(s, "merchant silver I4", "tile gold", "tile rum", "tile rum", "tile map")
    assert s.stack[-1][0] == "merchant_swap" and all(t in s.known[0] for t in s.slots[3])
    coin = tokens_of(s, 0, "silver")[0]
    t = play(s, "swap I4.a")
    assert t.slots[3][0] == coin and all(coin in k for k in t.known)       # H5: the coin's slot is public
    assert any(t.kinds[x] == "gold" for x in t.loot[0])
    d = play(flip(loot={0: ["silver"]}, tile="T05", mercader_coin_to="discard"), "call P1", "merchant silver I4",
             "tile gold", "tile rum", "tile rum", "tile map", "swap I4.a")
    assert d.slots[3][0] == -1 and coin in d.discard


def test_R55_C7_perdidos_shuffles_islands_ahead_and_blurs_knowledge():
    s = table(4, advanced=True, stack=[["call"], ["flip"]], slots={"I5.a": "gold", "I2.a": "silver", "I3.b": "rum"})
    d = s.to_dict()
    d["islands"][0], d["current"] = "T06", -1
    s = s.game.state_from_dict(d)
    from explorer.games.pirate_rush.flow import Work
    from explorer.games.pirate_rush.rules import settle

    w = Work(s)
    settle(w)
    s = w.freeze(None, None)
    assert s.is_chance and s.stack[-1][0] == "place"
    gold = d["slots"][4][0]
    assert all(p == Fraction(1, 4) for _, p in s.chance_outcomes())
    assert dict((o.arg, p) for o, p in s.chance_outcomes())["I5.a"] == Fraction(1, 4)   # the gold's slot
    stay = prob_identity(s)
    assert stay == Fraction(1, 24)
    assert (gold, ("I5",)) in s.vague[0] and gold not in s.known[0]
    assert tile_distribution(s, 0, "I5.a")["gold"] == Fraction(10, 37)


def prob_identity(s) -> Fraction:
    before = s.slots[4]
    return sum((p for st, p in leaves(s, stop=lambda st: st.stack[-1][0] != "place" or st.stack[-1][1][0][0] != 4)
                if st.slots[4] == before), Fraction(0))


@pytest.mark.parametrize("scope,islands", [("ahead", 7), ("ahead_and_current", 8), ("pooled_ahead", 7)])
def test_V3_perdidos_scope(scope, islands):
    s = table(4, advanced=True, stack=[["call"], ["flip"]], perdidos_scope=scope,
              slots={f"I{j}.a": "rum" for j in range(1, 9)})
    d = s.to_dict()
    d["islands"][0], d["current"] = "T06", -1
    s = s.game.state_from_dict(d)
    from explorer.games.pirate_rush.flow import Work
    from explorer.games.pirate_rush.rules import settle

    w = Work(s)
    settle(w)
    s = w.freeze(None, None)
    assert sum(1 for t, _ in s.vague[0]) == islands


def test_R56_R57_R58_C10_C11_duel():
    s = table(4, loot={0: ["gold", "copper", "rum"]}, advanced=True, stack=[["call"]])
    d = s.to_dict()
    d["prestige"], d["current"], d["stack"] = [1, 3, 1, 2], -1, [["call"], ["duel_start"]]
    s = s.game.state_from_dict(d)             # the pending event runs as the position loads
    assert s.player == 2            # players 0 and 2 tie on 1 marker: the lower-ranked (2) challenges (R3)
    s = play(s, "challenge P1")
    outs = dict((o.arg, p) for o, p in s.chance_outcomes())
    assert outs == {"win": Fraction(1, 3), "lose": Fraction(1, 3), "draw": Fraction(1, 3)}
    assert outs["win"] / (outs["win"] + outs["lose"]) == Fraction(1, 2)
    assert outs["win"] + outs["lose"] == Fraction(2, 3)
    two = play(s, "duel draw")
    assert outs["draw"] * (1 - dict((o.arg, p) for o, p in two.chance_outcomes())["draw"]) == Fraction(2, 9)
    w = play(s, "duel win")
    assert w.player == 2 and {str(a) for a in w.legal_actions()} == {"spoils steal", "spoils none"}
    st = play(w, "spoils steal")
    gold = tokens_of(st, 0, "gold")[0]
    assert dict((o.arg, p) for o, p in st.chance_outcomes())["gold"] == Fraction(1, 3) and gold in st.loot[0]


@pytest.mark.parametrize("mode", ["coin", "choice", "manual_winner"])
def test_V2_duel_modes(mode):
    s = table(4, loot={0: ["gold"]}, advanced=True, stack=[["call"], ["challenge", 3]], duel_mode=mode)
    s = play(s, "challenge P1")
    if mode == "coin":
        assert [p for _, p in s.chance_outcomes()] == [Fraction(1, 2)] * 2
    elif mode == "choice":
        s = play(s, "throw rock")
        assert s.player == 0 and "rock" not in str(s.view(0))
        s = play(s, "throw scissors")
        assert s.stack[-1][:2] == ("spoils", 3)
    else:
        s = play(s, "winner P1")
        assert s.stack[-1][:3] == ("spoils", 0, 3)


def test_R59_R60_revuelta_lowest_rank_commands():
    s = flip(tile="T03", chosen=(1, 2, 3, 6))
    assert commander(s) == 3 and s.player == 3
    s = play(s, "call P1")
    with pytest.raises(IllegalAction):
        play(s, "take I1.a", "tile rum", "end", "call P4", "pay")
    s = play(s, "take I1.a", "tile rum", "end", "call P2", "take I1.b", "tile rum", "steer", "island T01",
             "island T02", "anchor I2", "end", "call P3", "take I1.c", "tile rum", "end", "call P4",
             "take I1.d", "tile rum", "end")
    assert s.starter == 0 and s.ship == 1            # left of the revolt leader (player 3)
