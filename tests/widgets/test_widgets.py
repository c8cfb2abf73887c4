"""Widget logic without a browser: set the synced traits the browser would set."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import explorer
import widgets
from explorer.core.errors import IllegalAction, PositionError
from widgets import present, present_tree
from widgets.controller import Controller


def click(view: widgets.BoardView | widgets.ActionPicker, **request) -> None:
    """What the browser does: write a fresh request into the synced trait."""
    click.n += 1
    view.request = {**request, "n": click.n}


click.n = 0


@pytest.fixture
def app() -> widgets.Explorer:
    return widgets.Explorer(explorer.load("sjoroveroya", players=3), seed=7)


def first_action(app: widgets.Explorer) -> str:
    return app.picker.data["groups"][0]["actions"][0]["id"]


def to_chance(app: widgets.Explorer, limit: int = 400) -> None:
    """Play the first legal action until a chance node (a draw) comes up."""
    for _ in range(limit):
        if app.controller.state.is_chance:
            return
        click(app.picker, op="play", move=first_action(app))
    raise AssertionError("no chance node reached")


class TestBoard:
    def test_svg_is_the_views_rendering_with_places(self, app):
        state = app.controller.state
        assert app.board.data["svg"] == state.view(None)._repr_svg_()
        places = set(re.findall(r'data-place="([^"]+)"', app.board.data["svg"]))
        for action in app.board.data["actions"]:
            assert set(action["places"]) <= places

    def test_click_on_offered_action_plays_it(self, app):
        action = app.board.data["actions"][0]
        click(app.board, op="play", move=action["id"])
        assert app.controller.path == (action["id"],)
        assert app.board.data["svg"] == app.controller.state.view(None)._repr_svg_()
        assert app.board.data["revision"] == app.controller.revision

    def test_illegal_move_shows_the_rule_and_changes_nothing(self, app):
        before = app.controller.state
        click(app.board, op="play", move="H@19")
        assert app.controller.state is before
        assert re.search(r"\(R\d+\w*\)|\(T\d+\)", app.board.data["error"]), app.board.data["error"]
        with pytest.raises(IllegalAction):
            app.controller.play("H@19")

    def test_nonsense_notation_is_named(self, app):
        click(app.picker, op="play", move="fly away")
        assert "not Sjørøverøya notation" in app.picker.data["error"]

    def test_unknown_request_is_named(self, app):
        click(app.board, op="teleport")
        assert app.board.data["error"].startswith("request.op: unknown request 'teleport'")

    def test_error_clears_on_the_next_good_move(self, app):
        click(app.board, op="teleport")
        click(app.board, op="play", move=app.board.data["actions"][0]["id"])
        assert app.board.data["error"] == ""


class TestPicker:
    def test_groups_by_kind_in_plain_words(self, app):
        state = app.controller.state
        groups = app.picker.data["groups"]
        ids = [a["id"] for g in groups for a in g["actions"]]
        assert ids == [str(a) for a in state.legal_actions()]
        for group in groups:
            for action in group["actions"]:
                assert action["label"] == state.describe(state.game.parse_action(action["id"]))
                assert action["kind"] == group["kind"]

    def test_kind_names(self):
        class EndTurn:
            pass

        assert present.kind_of(EndTurn()) == "End turn"

    def test_three_moves_grow_the_log_with_rule_statements(self, app):
        rules = app.controller.game.rules
        start = len(app.event_log.data["entries"])
        for _ in range(3):
            state = app.controller.state
            if state.is_chance:
                click(app.chance.controls, op="roll")
            else:
                click(app.picker, op="play", move=first_action(app))
        entries = app.event_log.data["entries"]
        assert len(entries) > start
        assert entries[-1]["step"] == 3
        for entry in entries:
            for rule in entry["rules"]:
                assert app.event_log.data["rules"][rule] == rules[rule]


class TestChance:
    def test_distribution_is_exact_and_listed_once(self, app):
        to_chance(app)
        state = app.controller.state
        data = app.chance.controls.data
        assert data["active"] and not data["hidden"]
        assert sum(Fraction(r["fraction"]) for r in data["rows"]) == 1
        assert [Fraction(r["fraction"]) for r in data["rows"]] == [p for _, p in state.chance_outcomes()]
        assert list(app.chance.children) == [app.chance.controls]   # one list, no second chart (#30 point 4)

    def test_choose_records_the_probability(self, app):
        to_chance(app)
        outcome, p = app.controller.state.chance_outcomes()[-1]
        click(app.chance.controls, op="choose", move=str(outcome))
        assert app.controller.node.probability == p
        assert app.controller.path[-1] == str(outcome)

    def test_roll_is_seeded(self):
        paths = []
        for _ in range(2):
            ctl = Controller(explorer.load("sjoroveroya", players=3), seed=11)
            while not ctl.state.is_chance:
                ctl.play(ctl.state.legal_actions()[0])
            ctl.roll()
            paths.append(ctl.path)
        assert paths[0] == paths[1]

    def test_roll_or_choose_off_a_chance_node_is_named(self, app):
        with pytest.raises(PositionError, match="not a chance node"):
            app.controller.roll()
        click(app.chance.controls, op="choose", move="draw H")
        assert app.chance.controls.data["note"] == "Not a chance node."
        assert app.chance.controls.data["rows"] == []


class TestTree:
    def test_back_branch_and_variation(self, app):
        ctl = app.controller
        first, second = (str(a) for a in ctl.state.legal_actions()[:2])
        click(app.board, op="play", move=first)
        click(app.tree, op="back")
        assert ctl.path == ()
        click(app.board, op="play", move=second)
        nodes = present_tree.tree_data(ctl)["nodes"]
        assert [(n["label"], n["parent"]) for n in nodes] == [("start", None), (first, 0), (second, 0)]
        assert app.tree.data["current"] == ctl.node.id == nodes[2]["id"]
        click(app.tree, op="variation", step=-1)
        assert ctl.path == (first,)
        click(app.tree, op="goto", id=nodes[2]["id"])
        click(app.tree, op="promote")
        assert [n["label"] for n in app.tree.data["nodes"]] == ["start", second, first]
        click(app.tree, op="delete")
        assert ctl.path == () and [n["label"] for n in app.tree.data["nodes"]] == ["start", first]

    def test_first_last_forward_and_comment(self, app):
        ctl = app.controller
        for _ in range(3):
            click(app.picker, op="play", move=first_action(app))
        end = ctl.path
        click(app.tree, op="first")
        assert ctl.path == ()
        click(app.tree, op="forward")
        assert ctl.path == end[:1]
        click(app.tree, op="last")
        assert ctl.path == end
        click(app.tree, op="comment", text="a fine move")
        assert app.tree.data["comment"] == "a fine move"
        assert "{a fine move}" in ctl.tree.export_text()

    def test_goto_unknown_node_is_named(self, app):
        click(app.tree, op="goto", at=[0, 4])
        assert app.tree.data["error"] == "at.0: no child 0 at depth 0"
        click(app.tree, op="goto", id=99)
        assert app.tree.data["error"] == "id: no node 99 in the tree"
        with pytest.raises(PositionError, match=r"^path: no move 'H@99'"):
            app.controller.goto(("H@99",))

    def test_root_cannot_be_deleted(self, app):
        click(app.tree, op="delete")
        assert app.tree.data["error"] == "path: the root cannot be deleted"


class TestViewSwitch:
    def test_player_view_hides_what_the_player_may_not_see(self, app):
        ctl = app.controller
        actor = ctl.state.player
        other = (actor + 1) % 3
        app.view_switch.value = other
        assert ctl.viewer == other
        assert app.board.data["svg"] == ctl.state.view(other)._repr_svg_()
        assert app.board.data["actions"] == [] and app.picker.data["groups"] == []
        app.view_switch.value = actor
        assert app.picker.data["groups"]

    def test_hidden_draws_stay_hidden_in_log_tree_and_chance(self, app):
        to_chance(app)
        drawer_state = app.controller.state
        click(app.chance.controls, op="roll")
        node = app.controller.node
        event = next(e for e in node.state.events if e.detail)
        outsider = next(p for p in range(3) if p != event.visible_to)
        app.controller.set_viewer(outsider)
        texts = [e["text"] for e in app.event_log.data["entries"]]
        assert event.detail not in " ".join(texts)
        labels = json.dumps(app.tree.data)
        assert node.move not in labels
        app.controller.goto(node.path[:-1])
        assert drawer_state.is_chance
        rows = app.chance.controls.data["rows"]   # the outsider's own odds: what they would read, no card
        assert [(r["full"], r["fraction"], r["id"]) for r in rows] == [(event.text, "1", None)]
        assert event.detail not in json.dumps(app.chance.controls.data)

    def test_bad_viewer_request_is_named(self, app):
        click(app.board, op="viewer", player="teacher")
        assert app.board.data["error"] == "viewer: 'teacher' is not a seat number or 'all'"
        click(app.board, op="viewer", player="2")
        assert app.controller.viewer == 2

    def test_bad_viewer_is_named(self, app):
        with pytest.raises(PositionError, match=r"^viewer: no player 5"):
            app.controller.set_viewer(5)


class TestEditor:
    def test_bad_json_and_bad_field_are_shown_inline(self, app):
        app.editor.text.value = "{not json"
        assert not app.editor.explore()
        assert "(json): not valid JSON" in app.editor.message.value
        data = app.controller.state.to_dict()
        data["pieces"] = "nowhere"
        app.editor.text.value = json.dumps(data)
        assert not app.editor.explore()
        assert "pieces" in app.editor.message.value and "pre-invalid" in app.editor.message.value

    def test_no_copy_of_hidden_cards_in_a_players_view(self, app):
        assert app.editor.text.value
        app.controller.set_viewer(0)
        shown = app.editor.text.value.splitlines()    # what Player 1 knows: other hands left out
        assert shown and not any(line.startswith(("P2 hand", "P3 hand")) for line in shown)
        assert "left out, unseen: P2 hand, P3 hand" in app.editor.message.value
        app.editor.text.value = ""
        app.editor.take.click()
        assert app.editor.text.value.splitlines() == shown

    def test_explore_from_an_edited_position(self, app):
        data = app.controller.state.to_dict()
        data["moves_used"] = 1
        app.editor.text.value = json.dumps(data)
        assert app.editor.explore()
        assert app.controller.path == () and app.controller.state.to_dict()["moves_used"] == 1
        assert app.controller.state == explorer.state_from_dict(data)


    def test_the_controller_names_the_field_and_keeps_its_tree(self, app):
        ctl = app.controller
        ctl.play(first_action(app))
        tree, path = ctl.tree, ctl.path
        with pytest.raises(PositionError) as bad_json:
            ctl.load_position_text("[1,")
        assert bad_json.value.field == "(json)"
        data = ctl.state.to_dict()
        data["moves_used"] = -1
        with pytest.raises(PositionError) as bad_field:
            ctl.load_position_text(json.dumps(data))
        assert bad_field.value.field == "moves_used"
        assert (ctl.tree, ctl.path) == (tree, path)
        ctl.set_viewer(1)
        with pytest.raises(PositionError, match=r"^viewer: the position editor shows hidden information"):
            ctl.position_text()


def no_event_loop(tick, delay):
    """The scheduler where no asyncio loop runs: it refuses, so Play on plays here and now."""
    raise RuntimeError("no running event loop")


class TestSeats:
    def test_policies_play_on_until_a_person_must_act(self, app):
        ctl = app.controller
        person = ctl.state.player
        for player, choice in enumerate(app.seats.choices):
            if player != person:
                choice.value = "random"
        assert set(ctl.seats) == {0, 1, 2} - {person}
        while ctl.state.player == person:
            click(app.picker, op="play", move=first_action(app))
        handed_over = len(ctl.path)
        ctl.scheduler = no_event_loop   # as in a plain script: Play on plays here and now
        app.seats.play_button.click()
        state = ctl.state
        assert state.is_over or (not state.is_chance and state.player == person)
        assert len(ctl.path) > handed_over

    def test_step_does_nothing_for_a_person(self, app):
        assert app.controller.step() is False and app.controller.path == ()

    def test_unknown_policy_and_seat_are_named(self, app):
        with pytest.raises(PositionError, match=r"^seats: unknown policy 'genius'"):
            app.controller.set_seat(0, "genius")
        with pytest.raises(PositionError, match=r"^seats: no player 3"):
            app.controller.set_seat(3, "random")


class TestComposition:
    @pytest.mark.parametrize("name", explorer.games())
    def test_every_game_plugs_in(self, name):
        game = explorer.load(name)
        app = widgets.Explorer(game)
        assert 'data-place="' in app.board.data["svg"] or app.board.data["svg"]
        state = app.controller.state
        move = state.legal_actions()[0] if not state.is_chance else state.chance_outcomes()[0][0]
        click(app.board, op="play" if not state.is_chance else "choose", move=str(move))
        assert app.controller.path == (str(move),)

    def test_components_share_one_controller(self, app):
        board = widgets.BoardView(app.controller)
        click(board, op="play", move=first_action(app))
        assert app.tree.data["current"] == app.controller.node.id == 1
        assert app.picker.data == widgets.ActionPicker(app.controller).data

    def test_explorer_of_a_state_and_a_mistake(self):
        state = explorer.load("sjoroveroya", players=3).start(seed=3)
        assert widgets.Explorer(state).controller.state is state
        with pytest.raises(PositionError, match=r"^game_or_state: expected a Game or a State, not str"):
            widgets.Explorer("sjoroveroya")
