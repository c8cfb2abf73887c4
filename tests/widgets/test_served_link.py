"""The served app's address keeps everything on screen (issue #30, 6): the line, the node shown,
side variations with comments, a position from the editor; a packed tree is bounded (no zip bomb)
and checked move by move; an analysis too long for a link gets the game alone and a note."""

import base64
import json
import random
import zlib
from urllib.parse import parse_qs, urlsplit

import pytest

import explorer
from explorer.analysis.tree import PositionTree
from explorer.core.errors import PositionError
from widgets import served_link
from widgets.controller import Controller


def args_of(query):
    """A query as Panel hands it to the app: name -> list of bytes."""
    return {k: [v.encode() for v in vs] for k, vs in parse_qs(urlsplit(query).query).items()}


def reopened(query, seed=0):
    """A fresh controller that opened `query`, as the app does."""
    link = served_link.parse(args_of(query), list(explorer.games()))
    game = explorer.load(link.game, link.players, **link.options)
    ctl = Controller(game, seed)
    served_link.open_link(ctl, link, game.start(seed=seed))
    return ctl


def play(ctl, count, pick=0):
    for _ in range(count):
        if ctl.state.is_chance:
            ctl.roll()
        else:
            moves = ctl.state.legal_actions()
            ctl.play(str(moves[min(pick, len(moves) - 1)]))


def same_tree(a, b):
    return a.tree.to_dict() == b.tree.to_dict() and a.path == b.path


def test_a_single_line_stays_readable_and_keeps_the_node_shown():
    ctl = Controller(explorer.load("dead_mans_dice", players=3))
    play(ctl, 8)
    ctl.goto(ctl.path[:3])
    kept = served_link.address(ctl.tree, ctl.node, True)
    assert "&line=" in kept.query and kept.query.endswith("&at=3") and "tree=" not in kept.query
    again = reopened(kept.query)
    assert same_tree(again, ctl) and len(again.tree) == 9


def test_a_side_variation_with_a_comment_goes_round_the_address_to_the_same_node():
    ctl = Controller(explorer.load("sjoroveroya", players=3))
    play(ctl, 10)
    ctl.goto(ctl.path[:6])
    play(ctl, 4, pick=1)                      # a side variation from move 6
    ctl.comment("<b>what if</b> ~ & = ?")     # a comment with the separators and markup in it
    assert len(ctl.node.parent.children) == 1 and ctl.path not in [ctl.tree.mainline()]
    kept = served_link.address(ctl.tree, ctl.node, True)
    assert "&tree=" in kept.query and "&line=" not in kept.query and kept.note == ""
    again = reopened(kept.query)
    assert same_tree(again, ctl)
    assert again.node.comment == "<b>what if</b> ~ & = ?"


def test_explore_from_here_puts_the_edited_position_in_the_link():
    ctl = Controller(explorer.load("dead_mans_dice", players=3))
    play(ctl, 5)
    text = ctl.position_text()
    ctl.load_position_text(text)
    play(ctl, 3)
    kept = served_link.address(ctl.tree, ctl.node, ctl.tree.root.state == ctl.game.start(seed=0))
    assert "&tree=" in kept.query
    again = reopened(kept.query)
    assert again.tree.root.state == ctl.tree.root.state and same_tree(again, ctl)


def test_a_line_past_the_plain_limit_is_packed_and_reopens(monkeypatch):
    monkeypatch.setattr(served_link, "PLAIN_LINK", 200)
    ctl = Controller(explorer.load("dead_mans_dice", players=3))
    play(ctl, 60)
    plain = served_link.query_of(ctl.game, ctl.path)
    kept = served_link.address(ctl.tree, ctl.node, True)
    assert len(plain) > 200 and "&tree=" in kept.query and len(kept.query) < len(plain)
    assert same_tree(reopened(kept.query), ctl)


def test_an_analysis_too_long_for_a_link_keeps_the_game_and_says_save_it(monkeypatch):
    monkeypatch.setattr(served_link, "MAX_LINK", 300)
    ctl = Controller(explorer.load("dead_mans_dice", players=3))
    play(ctl, 200)
    kept = served_link.address(ctl.tree, ctl.node, True)
    assert kept.query == "?game=dead_mans_dice&players=3"
    assert "too long for a link" in kept.note and "Save analysis" in kept.note


def test_a_long_game_fits_a_link_packed():
    """The issue's case: a Dead Man's Dice line whose readable link passes 64 KB."""
    ctl = Controller(explorer.load("dead_mans_dice", players=3))
    rng = random.Random(0)
    for _ in range(5_500):                    # random play: long games, each draw named
        state = ctl.state
        ctl.play(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    assert len(ctl.path) == 5_500
    plain = served_link.query_of(ctl.game, ctl.path)
    kept = served_link.address(ctl.tree, ctl.node, True)
    assert len(plain) > 2 * served_link.MAX_LINK
    assert len(kept.query) <= served_link.MAX_LINK and "&tree=" in kept.query and kept.note == ""


def packed(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def link(**args):
    return served_link.parse({k: [v.encode()] for k, v in args.items()}, list(explorer.games()))


def test_a_zip_bomb_is_refused_without_unpacking_it():
    bomb = packed(b"[" + b"0," * 50_000_000 + b"0]")        # 100 MB of JSON in about 100 KB
    assert len(bomb) < served_link.MAX_LINE_TEXT
    with pytest.raises(PositionError) as err:
        link(game="dead_mans_dice", tree=bomb)
    assert err.value.field == "tree" and "unpacks to more than 20,000,000 bytes" in str(err.value)


@pytest.mark.parametrize(("tree", "words"), [
    ("<script>", "letters, digits"),
    (packed(b'{"line": []}')[:-6], "cut short"),
    ("AAAA" + packed(b"{}")[4:], "damaged"),
    (packed(b"\xff\xfe"), "UTF-8"),
    (packed(b"[1, 2]"), "a JSON object"),
    (packed(b"{" * 5_000), "nested 5,000 levels"),
    (packed(b'{"n": ' + b"9" * 5000 + b"}"), "5,000 digits"),
], ids=["markup", "truncated", "damaged", "not-utf8", "a-list", "deep", "long-number"])
def test_a_packed_tree_that_is_not_one_is_named(tree, words):
    with pytest.raises(PositionError) as err:
        link(game="dead_mans_dice", tree=tree)
    assert err.value.field == "tree" and words in str(err.value)


def test_a_tampered_tree_names_its_move_and_another_games_tree_is_refused():
    game = explorer.load("dead_mans_dice", players=3)
    start = game.start(seed=0)
    bad = {"version": 2, "line": [{"move": "sail 5,5"}]}
    with pytest.raises(PositionError) as err:
        served_link.open_tree(link(game="dead_mans_dice", tree=packed(json.dumps(bad).encode())), start)
    assert err.value.field == "line.0.move"
    other = PositionTree(explorer.load("sjoroveroya", players=2).start(seed=0))
    with pytest.raises(PositionError) as err:
        served_link.open_tree(link(game="dead_mans_dice", tree=served_link.pack(other, False)), start)
    assert err.value.field == "tree" and "Sjørøverøya" in str(err.value)


@pytest.mark.parametrize(("args", "field"), [
    ({"line": "roll", "tree": packed(b"{}")}, "tree"),
    ({"line": "a~b", "at": "3"}, "at"),
    ({"at": "²"}, "at"),
    ({"at": "9" * 40}, "at"),
])
def test_a_bad_position_number_or_both_forms_are_named(args, field):
    with pytest.raises(PositionError) as err:
        link(game="dead_mans_dice", **args)
    assert err.value.field == field


def test_a_position_number_past_the_tree_is_named():
    tree = PositionTree(explorer.load("dead_mans_dice", players=3).start(seed=0))
    with pytest.raises(PositionError) as err:
        served_link.open_tree(link(game="dead_mans_dice", tree=served_link.pack(tree, True), at="7"),
                              tree.root.state)
    assert err.value.field == "at" and "1 positions" in str(err.value)
