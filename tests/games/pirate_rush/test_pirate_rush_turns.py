"""Pirate Rush player turns: R10-R36 (commander's order, investigate, loot action, steering)."""

from __future__ import annotations

import pytest
from games.pirate_rush.support import begin, play, table

from explorer.core.errors import IllegalAction
from explorer.games.pirate_rush.turn.table import commander, supply, unvisitable


def round_one(n=3, advanced=True, tile="T12", row=None, **options):
    s = begin(n, row=row, advanced=advanced, **options)
    names = ("captain", "navigator", "gunner", "quartermaster", "gambler")[:n]
    s = play(s, *[f"draft {c}" for c in names])
    return play(s, f"island {tile}") if advanced else s


def rule_of(s, action) -> str:
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    return err.value.rule


def test_R10_commander_names_each_player_once():
    s = round_one()
    assert s.player == commander(s) == 0
    s = play(s, "call P3")
    assert s.player == 2
    s = play(s, "take I1.a", "tile rum", "end")
    assert s.player == 0 and rule_of(s, "call P3") == "R10"


def test_R11_R12_actions_in_any_order_and_investigate_optional():
    s = play(round_one(), "call P3")
    a = play(s, "take I1.a", "tile rum", "look I5.b", "tile gold", "end")
    b = play(s, "look I5.b", "tile gold", "take I1.a", "tile rum", "end")
    assert a.known[2] == b.known[2] and a.loot == b.loot
    c = play(s, "take I1.a", "tile rum", "end")          # R12: no look is fine
    assert c.played == (2,)
    assert rule_of(play(s, "look I5.b", "tile gold"), "look I5.c") == "R11"


def test_R13_R14_R15_R16_investigate_loot_or_island_anywhere():
    s = play(round_one(), "call P3", "look I8.c", "tile map")
    assert s.kinds[s.slots[7][2]] == "map" and s.slots[7][2] in s.known[2]
    t = play(round_one(), "call P3", "look I6")
    assert t.is_chance and t.stack[-1][0] == "isee"
    t = play(t, "island T05")
    assert 5 in t.peeked[2] and not t.flipped[5]
    u = play(round_one(), "call P2", "look I4.a", "tile gold")
    u = play(u, "take I1.a", "tile rum", "steer", "island T01", "island T02", "anchor I2", "end", "call P3",
             "look I4.a")       # R16: a second pirate looks at the same tile
    assert u.stack[-1][0] == "turn" and u.slots[3][0] in u.known[2]


def test_R17_no_looking_into_loot_piles_or_the_discard():
    s = play(round_one(), "call P3")
    assert rule_of(s, "look P1") in ("R14", "R17")
    assert rule_of(s, "look D.a") == "R17"


def test_R18_R19_R20_take_exactly_one_tile_from_the_ship_island():
    s = play(round_one(), "call P3")
    assert rule_of(s, "take I2.a") == "R20"
    s = play(s, "take I1.b", "tile silver")
    assert s.slots[0][1] == -1 and s.kinds[s.loot[2][0]] == "silver"
    assert rule_of(s, "take I1.a") == "R18" and rule_of(s, "pay") == "R18"
    assert rule_of(play(round_one(), "call P3"), "end") == "R18"


def test_R21_R22_R23_pay_the_commander_not_as_commander():
    s = play(round_one(), "call P3", "pay")
    assert s.prestige == (2, 1, 0)
    assert rule_of(play(round_one(), "call P1"), "pay") == "R22"
    poor = table(3, loot={2: ["flag2"]}, chosen=(1, 2, 3), turn_of=2)
    poor = play(poor.game.state_from_dict({**poor.to_dict(), "prestige": [1, 1, 0]}))
    assert rule_of(poor, "pay") == "R21"     # R23: a flag is no marker


def test_R24_R25_R26_R27_repair_by_icon_when_missing():
    s = round_one()
    d = s.to_dict()
    d["resources"] = [2, 0, 1]
    s = s.game.state_from_dict(d)
    cap = play(s, "call P1")
    assert {str(a) for a in cap.legal_actions() if a.verb == "repair"} == {"repair ammunition"}   # R25
    assert rule_of(cap, "repair structure") == "R25"
    cap = play(cap, "repair ammunition")
    assert cap.resources == (2, 1, 1) and cap.prestige[0] == 2
    nav = play(s, "call P2")
    assert rule_of(nav, "repair structure") == "R26"
    d = s.to_dict()
    d["prestige"], d["markers"] = [12, 11, 1], []
    full = s.game.state_from_dict(d)
    assert supply(full) == 0
    assert play(full, "call P1", "repair ammunition").prestige[0] == 12      # R27


def test_R28_no_loot_action_possible_is_skipped():
    s = play(round_one(), "call P1")
    d = s.to_dict()
    d["slots"][0] = [-1, -1, -1]
    d["discard"] = d["discard"] + [t for t in s.slots[0]]
    s = s.game.state_from_dict(d)
    assert "end" in {str(a) for a in s.legal_actions()}


def test_R29_R32_R33_navigator_must_look_then_anchor_ahead():
    s = play(round_one(), "call P2", "take I1.a", "tile rum")
    assert rule_of(s, "end") == "R34" and rule_of(s, "anchor I2") == "R32"
    s = play(s, "steer", "island T01", "island T02")
    assert s.peeked[1] == {1, 2}
    assert rule_of(s, "anchor I4") == "R33"
    s = play(s, "anchor I3")
    assert s.anchor == 2 and "end" in {str(a) for a in s.legal_actions()}


def test_R34_V7_commander_steers_without_a_navigator():
    s = play(begin(3, row="3 4 5 6"), "draft captain", "draft gunner", "draft quartermaster", "island T12",
             "call P1", "take I1.a", "tile rum")
    assert "anchor I2" in {str(a) for a in s.legal_actions()} and "steer" not in {str(a) for a in s.legal_actions()}
    p = play(begin(3, row="3 4 5 6", navigator_fallback_peek=True), "draft captain", "draft gunner",
             "draft quartermaster", "island T12", "call P1")
    assert "steer" in {str(a) for a in p.legal_actions()}


def test_R35_R63_R64_last_island_nobody_steers_and_the_start_moves_left():
    s = play(round_one(), "call P2", "take I1.a", "tile rum", "steer", "island T01", "island T02", "anchor I3",
             "end", "call P1", "take I1.b", "tile rum", "end", "call P3", "take I1.c", "tile rum", "end")
    assert s.ship == 2 and s.starter == 1 and s.round == 2       # R63, R64
    d = s.to_dict()
    d["ship"] = 7
    last = s.game.state_from_dict(d)
    from explorer.games.pirate_rush.turn.table import steerer

    assert steerer(last) == -1


def test_R36_R41_tiles_left_behind_stay_and_skipped_islands_are_unvisitable():
    s = play(round_one(), "call P2", "take I1.a", "tile rum", "steer", "island T01", "island T02", "anchor I3",
             "end", "call P1", "take I1.b", "tile rum", "end", "call P3", "take I1.c", "tile rum", "end")
    assert s.slots[1] == s.slots[1] and all(t >= 0 for t in s.slots[1])     # I2 skipped, still full
    assert unvisitable(s) == [0, 1]
