"""Pirate Rush options V20 `cabin_boy_looks` (R44, A47) and V21 `qm_islands` (R41, A20)."""

from __future__ import annotations

import random

import pytest
from games.pirate_rush.support import game as rush_game
from games.pirate_rush.support import play, table

from explorer.core.errors import PositionError
from explorer.games.pirate_rush.turn.table import is_path


def _looks_left(s) -> int:
    return sum(1 for a in s.legal_actions() if a.verb == "look")


def test_R44_A47_V20_cabin_boy_looks_twice_in_all_by_default():
    s = table(3, chosen=(7, 1, 2), row="3 5 6 7")
    assert s.game.options["cabin_boy_looks"] == 2 and s.turn[1] == 2
    s = play(s, "look I2.a", "tile rum", "look I2.b", "tile rum")
    assert _looks_left(s) == 0


def test_R44_A47_V20_cabin_boy_looks_three_times_with_his_power_on_top():
    s = table(3, chosen=(7, 1, 2), row="3 5 6 7", cabin_boy_looks=3)
    assert s.turn[1] == 3
    s = play(s, "look I2.a", "tile rum", "look I2.b", "tile rum")
    assert _looks_left(s) > 0
    s = play(s, "look I2.c", "tile gold")
    assert _looks_left(s) == 0 and "3 of 3 looks" in s.notation()


def test_R11_V20_other_characters_still_look_once():
    s = table(3, chosen=(3, 1, 2), row="3 5 6 7", cabin_boy_looks=3)
    assert s.turn[1] == 1


def test_V20_notation_reads_the_cabin_boys_looks_back():
    s = table(3, chosen=(7, 1, 2), row="3 5 6 7", cabin_boy_looks=3)
    assert s.game.position(s.notation()) == s
    assert "turn:" not in s.notation()            # a turn just named: the default, three looks


def _qm_at(ship: int, visited: list[bool] | None = None, **options):
    s = table(4, discard=["copper"] * 8, chosen=(4, 1, 2, 3), turn_of=0, row="3 4 5 6 7", **options)
    s = play(s, "take I1.a", "tile rum")
    d = s.to_dict()
    d["ship"], d["round"] = ship, 1 + (0, 1, 1, 2, 2, 3, 3, 4)[ship]   # the round the ladder reaches it (D6)
    if visited is not None:
        d["visited"] = visited
    return s.game.state_from_dict(d)


def _trade_islands(s) -> set[str]:
    return {a.arg[:2] for a in s.legal_actions() if a.verb == "trade" and a.arg.startswith("I")}


VOYAGE_I1_I3_I4 = [True, False, True, True, False, False, False, False]


def test_R41_A20_V21_passed_by_default_counts_visited_and_skipped_islands():
    s = _qm_at(3, VOYAGE_I1_I3_I4)
    assert s.game.options["qm_islands"] == "passed"
    assert _trade_islands(s) == {"I1", "I2", "I3", "I5"}


def test_R41_A20_V21_skipped_leaves_the_visited_islands_out():
    s = _qm_at(3, VOYAGE_I1_I3_I4, qm_islands="skipped")
    assert _trade_islands(s) == {"I2", "I5"}         # one island a round from the second (A20)
    t = play(s, "trade I2.a", "tile gold")
    assert any(t.kinds[x] == "gold" for x in t.loot[0])


def test_R41_A20_V21_skipped_offers_nothing_in_round_one():
    s = _qm_at(0, qm_islands="skipped")
    assert _trade_islands(s) == set() and "trade discard" in {str(a) for a in s.legal_actions()}


def test_V21_sailing_records_the_voyage():
    game = table(3).game
    rng = random.Random(4)
    s = game.new_state()
    seen = 0
    while not s.is_over:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
        assert s.visited[s.ship] and is_path("ladder", s.ship, s.visited)
        seen = max(seen, sum(s.visited))
    assert seen >= 2


def test_V21_voyage_in_the_notation_round_trips():
    s = _qm_at(3, VOYAGE_I1_I3_I4, qm_islands="skipped")
    text = s.notation()
    assert "visited: I1, I3, I4" in text and s.game.position(text) == s
    default = _qm_at(3)                               # unsaid: the lowest-numbered voyage, I1 I2 I4
    assert "visited" not in default.notation() and default.visited == (True, True, False, True) + (False,) * 4


@pytest.mark.parametrize("visited", [[True, True, True, True] + [False] * 4, [False, False, True, True] + [False] * 4])
def test_V21_a_voyage_that_is_not_one_is_refused(visited):
    s = _qm_at(0)
    d = s.to_dict()
    d["ship"], d["round"], d["visited"] = 3, 3, visited
    before = s.to_dict()
    with pytest.raises(PositionError) as err:
        s.game.state_from_dict(d)
    assert err.value.field == "visited" and "voyage" in str(err.value)
    assert s.to_dict() == before
    with pytest.raises(PositionError) as err:
        s.game.position(_qm_at(3).notation() + "\nvisited: I1, I2, I3, I4")
    assert err.value.field == "visited"


def test_R41_A20_V21_a_trade_from_a_visited_island_is_refused_and_says_why():
    from explorer.core.errors import IllegalAction

    s = _qm_at(3, VOYAGE_I1_I3_I4, qm_islands="skipped")
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply("trade I3.a")
    assert err.value.rule == "R41" and "V21" in str(err.value) and "skipped" in str(err.value)
    assert s.to_dict() == before
    told = play(s, "trade I5.a").events
    assert any({"R41", "A20", "V21"} <= set(e.rules) and "route skipped" in e.text for e in told)


ROW = "row: captain, navigator, gunner, gambler, rogue, monkey"


@pytest.mark.parametrize(("round_", "voyage"), [(3, (0, 1, 2)), (2, (0, 2))])
def test_V21_D6_an_unsaid_zigzag_voyage_visits_one_island_a_round(round_, voyage):
    zigzag = rush_game(3, advanced=False, route_layout="zigzag")
    s = zigzag.position(f"round: {round_}\nship: I3\n{ROW}")
    assert tuple(j for j in range(8) if s.visited[j]) == voyage and "visited" not in s.notation()


def test_V21_T0_a_written_voyage_has_one_island_a_round():
    zigzag = rush_game(3, advanced=False, route_layout="zigzag")
    with pytest.raises(PositionError) as err:
        zigzag.position(f"round: 3\nship: I3\nvisited: I1, I3\n{ROW}")
    assert err.value.field == "visited" and "one a round" in str(err.value)
