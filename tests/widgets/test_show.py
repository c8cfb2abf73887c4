"""widgets.show: the notebooks' readable outputs (fractions with percentages, outcomes by name)."""

from __future__ import annotations

import re
from fractions import Fraction as F

import explorer
from widgets.show import chance, chance_table, fraction_text, odds_table, percent, table, value

RAW_REPR = re.compile(r"Fraction\(|\b[A-Z][A-Za-z]+\([a-z_]+=")


def test_odds_table_names_each_outcome_with_fraction_and_percent():
    t = odds_table({"steady": F(35, 36), "topple": F(1, 36)}, name="pile")
    assert t.headers == ("pile", "chance", "percent")
    assert t.rows == (("steady", "35/36", "97.2%"), ("topple", "1/36", "2.8%"))
    html = t._repr_html_()
    assert "<th style='text-align:left;padding:1px 8px'>pile</th>" in html and "97.2%" in html
    assert RAW_REPR.search(html) is None and RAW_REPR.search(repr(t)) is None


def test_plain_view_is_the_aligned_text_not_a_dataclass_repr():
    t = odds_table([(1, F(1, 4)), (20, F(3, 4))], name="card")
    assert repr(t) == str(t) == "card  chance  percent\n1        1/4    25.0%\n20       3/4    75.0%"


def test_names_are_escaped_in_html():
    html = odds_table({"<b>Player 1</b>'s draw": F(1, 2)})._repr_html_()
    assert "<b>Player 1" not in html and "&lt;b&gt;Player 1&lt;/b&gt;&#x27;s draw" in html


def test_chance_table_names_outcomes_in_the_games_words():
    game = explorer.load("dead_mans_dice", players=2)
    state = game.position("step: roll\nturn: P1\nP1 pile: 1=3").apply("roll P1-J")
    t = chance_table(state, caption="P1-J")
    assert [r[0] for r in t.rows] == [state.describe(o) for o, _ in state.chance_outcomes()]
    assert {r[1] for r in t.rows} == {"1/6"} and t.caption == "P1-J"
    assert RAW_REPR.search(str(t)) is None


def test_table_keeps_fractions_exact_and_right_aligns_numbers():
    t = table([("P1-2", F(1, 2), F(7, 2)), ("P1-J", F(2, 3), 11)], ["roll", "stacks", "gain"])
    assert t.rows == (("P1-2", "1/2", "7/2"), ("P1-J", "2/3", "11"))
    assert t.right == (False, True, True)


def test_number_words():
    assert fraction_text(F(6, 2)) == "3" and fraction_text(F(-1, 6)) == "-1/6" and fraction_text(True) == "yes"
    assert percent(F(1, 3)) == "33.3%" and chance(F(1, 6)) == "1/6 (16.7%)"
    assert value(F(35, 6)) == "35/6 ≈ 5.83" and value(F(4)) == "4"
