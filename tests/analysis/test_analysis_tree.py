"""Position trees: branching, navigation, editing, chance expansion, JSON save/load."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

import explorer
from explorer.analysis import PositionTree
from explorer.core.errors import IllegalAction, PositionError


@pytest.fixture
def tree():
    game = explorer.load("sjoroveroya", players=2)
    data = {"track": "HSDCCDSHSHCDDCHSHDSC", "pieces": [[0, 0, 0, 1, 1, 5], [0] * 6],
            "hands": ["SSSD", "HHCC"], "to_move": 0}
    return PositionTree(game.state_from_dict(data))


def test_playing_reuses_existing_moves_and_paths_are_notation(tree):
    a = tree.play((), "S@0")
    assert a == ("S@0",)
    assert tree.play((), "S@0") == a and len(tree.root.children) == 1
    b = tree.play((), "D@0")
    assert b == ("D@0",) and [c.move for c in tree.root.children] == ["S@0", "D@0"]
    assert tree.state(a) == tree.root.state.apply("S@0")
    assert tree.node(a).parent is tree.root and tree.node(a).path == a
    assert a in tree and ("H@9",) not in tree


def test_illegal_moves_and_unknown_paths_are_clear_errors(tree):
    with pytest.raises(IllegalAction, match="R"):
        tree.play((), "H@0")
    with pytest.raises(PositionError, match="path"):
        tree.node(("S@0",))


def test_lines_mainline_promote_and_make_main_line(tree):
    main = tree.play_line((), ["S@0", "D@0"])
    side = tree.play_line((), ["D@0", "S@0"])
    assert tree.mainline() == main
    tree.promote(side)
    assert tree.mainline() == side
    tree.make_main_line(main)
    assert tree.mainline() == main
    assert tree.export_text().startswith("S@0 (D@0")


def test_delete_removes_the_subtree_but_not_the_root(tree):
    line = tree.play_line((), ["S@0", "D@0"])
    assert tree.delete(line[:1]) == ()
    assert len(tree) == 1
    with pytest.raises(PositionError, match="root"):
        tree.delete(())


def test_expand_chance_gives_every_outcome_with_its_weight(tree):
    drew = tree.play((), "back@5")
    paths = tree.expand_chance(drew)
    weights = {p[-1]: tree.node(p).weight() for p in paths}
    assert weights == {"draw S": F(18, 76), "draw H": F(19, 76), "draw D": F(20, 76), "draw C": F(19, 76)}
    assert sum(weights.values()) == 1
    second = tree.expand_chance(paths[0])
    assert tree.node(second[0]).weight() == F(18, 76) * F(17, 75)
    with pytest.raises(PositionError, match="not a chance node"):
        tree.expand_chance(())


def test_comments_and_text_export(tree):
    path = tree.play((), "S@0")
    tree.comment(path, "jump")
    tree.comment((), "start")
    tree.play((), "D@0")
    assert tree.export_text() == "{start} S@0 {jump} (D@0)"


def test_json_round_trip_keeps_moves_order_comments_and_weights(tree):
    tree.play_line((), ["S@0", "D@0"])
    drew = tree.play((), "back@5")
    tree.expand_chance(drew)
    tree.comment(drew, "draw two")
    back = PositionTree.from_json(tree.to_json())
    assert back.to_dict() == tree.to_dict()
    assert [n.path for n in back.nodes()] == [n.path for n in tree.nodes()]
    assert back.node((*drew, "draw S")).weight() == F(18, 76)
    assert back.state(drew) == tree.state(drew)
    assert back.export_text() == tree.export_text()


@pytest.mark.parametrize("tamper, field", [
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d["line"][0].update(move="H@0"), "line.0.move"),
    (lambda d: d["line"][0].update(variations=[[{"move": "back@1"}]]), "line.0.variations.0.0.move"),
    (lambda d: d["line"][1].pop("move"), "line.1.move"),
    (lambda d: d.update(line={}), "line"),
    (lambda d: d["line"][0].update(variations="D@0"), "line.0.variations"),
    (lambda d: d["root"]["pieces"].pop(), "pieces"),
])
def test_tampered_files_are_refused_naming_the_field(tree, tamper, field):
    tree.play_line((), ["S@0", "D@0"])
    data = json.loads(tree.to_json())
    tamper(data)
    with pytest.raises(PositionError) as err:
        PositionTree.from_dict(data)
    assert err.value.field == field


def test_saved_lines_are_lists_with_variations_on_the_move_they_replace(tree):
    tree.play_line((), ["S@0", "D@0"])
    tree.play((), "D@0")
    tree.comment(("S@0",), "jump")
    data = tree.to_dict()
    assert data["version"] == 2 and data["line"] == [
        {"move": "S@0", "comment": "jump", "variations": [[{"move": "D@0"}]]}, {"move": "D@0"}]


def test_version_1_files_still_load(tree):
    v1 = {"format": "pirate-rules-explorer/tree", "version": 1, "root": tree.root.state.to_dict(), "comment": "",
          "children": [{"move": "S@0", "comment": "jump", "children": [{"move": "D@0", "children": []}]},
                       {"move": "D@0", "children": []}]}
    back = PositionTree.from_dict(v1)
    assert [n.path for n in back.nodes()] == [(), ("S@0",), ("S@0", "D@0"), ("D@0",)]
    assert back.node(("S@0",)).comment == "jump"
    v1["children"][0]["children"][0]["move"] = "H@0"
    with pytest.raises(PositionError) as err:
        PositionTree.from_dict(v1)
    assert err.value.field == "children.0.children.0.move"


def test_not_json_is_a_position_error():
    with pytest.raises(PositionError, match="JSON"):
        PositionTree.from_json("{not json")


def test_nodes_keep_ids_paths_and_depths_through_delete_and_restore(tree):
    line = tree.play_line((), ["S@0", "D@0"])
    side = tree.play((), "D@0")
    ids = {n.path: n.id for n in tree.nodes()}
    assert sorted(ids.values()) == [0, 1, 2, 3] and tree.by_id(ids[line]).depth == 2
    node = tree.node(line[:1])
    tree.delete(line[:1])
    with pytest.raises(PositionError) as gone:
        tree.by_id(ids[line])
    assert gone.value.field == "id" and len(tree) == 2
    tree.restore(node, 0)
    assert [n.path for n in tree.nodes()] == [(), line[:1], line, side]
    assert tree.by_id(ids[line]).path == line and len(tree) == 4
    assert tree.play((), "H@3" if ("H@3",) in tree else "S@0") == line[:1]   # reused, no new id
    with pytest.raises(PositionError, match="no node True"):
        tree.by_id(True)


def test_long_lines_save_and_load_without_recursion():
    """A 400-move line round-trips even when Python allows only 150 nested calls."""
    import random
    import sys

    game = explorer.load("dead_mans_dice", players=3)
    tree, rng = PositionTree(game.start(seed=0)), random.Random(0)
    path: tuple = ()
    for _ in range(400):
        state = tree.state(path)
        path = tree.play(path, state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        text = tree.to_json()
        back = PositionTree.from_json(text)
    finally:
        sys.setrecursionlimit(limit)
    assert back.mainline() == path and back.to_json() == text
