"""The explorer as an analysis board, without a browser: deltas whose size does not grow with
the game, undo, saving and loading an analysis, move numbers and seats, the log's start line,
Step / Play on that explain themselves and stop."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random

import pytest

import explorer
import widgets
from explorer.analysis.tree import PositionTree
from explorer.core.errors import PositionError
from widgets import present, present_tree
from widgets.changes import removal_words
from widgets.components import Source
from widgets.controller import UNDO_DEPTH, Controller


def request(view, **req):
    request.n += 1
    view.request = {**req, "n": request.n}


request.n = 0


def random_line(state, moves, seed=0):
    rng, line = random.Random(seed), []
    while len(line) < moves and not state.is_over:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        line.append(str(action))
        state = state.apply(action)
    return line


@pytest.fixture
def app():
    return widgets.Explorer(explorer.load("sjoroveroya", players=3), seed=7)


@pytest.fixture
def deep():
    """A controller 300 moves into a random 3-player Sjørøverøya game."""
    ctl = Controller(explorer.load("sjoroveroya", players=3), seed=0)
    ctl.play_line(random_line(ctl.state, 300))
    return ctl


def playable(state, avoid=()):
    """A move or outcome here that is not in `avoid` (so playing it makes a variation)."""
    options = [o for o, _ in state.chance_outcomes()] if state.is_chance else state.legal_actions()
    return next(str(m) for m in reversed(options) if str(m) not in avoid)


def variation(ctl):
    """Play a move that starts a new variation here."""
    ctl.play(playable(ctl.state, {c.move for c in ctl.node.children}))


class TestDeltas:
    def test_a_move_sends_one_new_node_and_one_steps_log_lines(self, deep):
        tree, log = Source("tree", deep), Source("log", deep)
        assert len(tree.full()["nodes"]) == 301 and len(log.full()["entries"]) > 300
        deep.back()
        tree.update(), log.update()
        move = playable(deep.state)
        deep.play(move)
        sent_tree, sent_log = tree.update(), log.update()
        assert [n["label"] for n in sent_tree["nodes"]] == [move] and sent_tree["current"] == deep.node.id
        assert sent_log["keep"] == 299 and {e["step"] for e in sent_log["entries"]} == {300}
        assert sent_tree["base"] == sent_tree["seq"] - 1 and sent_log["base"] == sent_log["seq"] - 1

    def test_back_and_forward_send_only_the_marker(self, deep):
        tree, log = Source("tree", deep), Source("log", deep)
        tree.full(), log.full()
        deep.back()
        back_tree, back_log = tree.update(), log.update()
        assert back_tree["nodes"] == [] and back_log == {**back_log, "keep": 299, "entries": []}
        deep.forward()
        assert tree.update()["nodes"] == [] and {e["step"] for e in log.update()["entries"]} == {300}

    def test_a_far_jump_sends_the_steps_after_the_fork(self, deep):
        log = Source("log", deep)
        log.full()
        deep.goto(deep.path[:100])
        variation(deep)                       # a variation at move 101
        sent = log.update()
        assert sent["keep"] == 100 and {e["step"] for e in sent["entries"]} == {101}
        deep.goto(deep.tree.mainline())       # the main line's end: back to the fork, then 200 steps
        sent = log.update()
        assert sent["keep"] == 100 and min(e["step"] for e in sent["entries"]) == 101

    def test_the_delta_does_not_grow_with_the_game(self):
        sizes = []
        for depth in (20, 300):
            ctl = Controller(explorer.load("dead_mans_dice", players=3), seed=0)
            line = random_line(ctl.state, depth + 1)
            ctl.play_line(line[:depth])
            tree, log = Source("tree", ctl), Source("log", ctl)
            tree.full(), log.full()
            ctl.play(line[depth])
            tree_sent, log_sent = tree.update(), log.update()
            sizes.append((len(tree_sent["nodes"]), len(json.dumps(log_sent["entries"]))))
        assert sizes[0][0] == sizes[1][0] == 1
        assert sizes[1][1] < 3 * max(sizes[0][1], 200)

    @pytest.mark.parametrize("op", ["promote", "main_line", "delete", "undo", "viewer"])
    def test_shape_changes_send_everything(self, deep, op):
        tree = Source("tree", deep)
        tree.full()
        deep.goto(deep.path[:10])
        variation(deep)
        tree.update()
        deep.handle({"op": "delete"} if op == "undo" else {"op": op, "player": "all"})
        if op == "undo":
            tree.update()
            deep.handle({"op": "undo"})
        sent = tree.update()
        assert sent["base"] is None and len(sent["nodes"]) == len(deep.tree)

    def test_a_view_that_missed_a_message_gets_everything_on_asking(self, app):
        request(app.picker, op="play", move=app.picker.data["groups"][0]["actions"][0]["id"])
        request(app.tree, op="sync")
        assert app.tree.data["base"] is None and len(app.tree.data["nodes"]) == 2
        request(app.event_log, op="sync")
        assert app.event_log.data["base"] is None and app.event_log.data["keep"] == -1

    def test_node_addresses_are_kept_not_walked(self, deep):
        for node in deep.tree.nodes():
            walked, each = [], node
            while each.parent is not None:
                walked.append(each.move)
                each = each.parent
            assert node.path == tuple(reversed(walked)) and node.depth == len(walked)
            assert deep.tree.by_id(node.id) is node


class TestTreeAndLog:
    def test_moves_have_numbers_seats_and_tooltips(self, app):
        ctl = app.controller
        actor = ctl.state.player
        move = str(ctl.state.legal_actions()[0])
        ctl.play(move)
        record = app.tree.data["nodes"][-1]
        assert record["n"] == 1 and record["who"] == f"P{actor + 1}" and record["label"] == move
        event = ctl.state.events[0]
        assert event.text in record["tip"] and all(rule in record["tip"] for rule in event.rules)

    def test_chance_edges_name_no_seat_and_show_their_probability(self, app):
        ctl = app.controller
        while not ctl.state.is_chance:
            ctl.play(ctl.state.legal_actions()[0])
        ctl.roll()
        record = present_tree.node_record(ctl.node, None)
        assert record["who"] == "" and record["chance"] and f"probability {ctl.node.probability}" in record["tip"]

    def test_chance_outcomes_are_not_numbered_moves_and_moves_count_only_moves(self):
        ctl = Controller(explorer.load("dead_mans_dice", players=3))
        for _ in range(12):
            ctl.roll() if ctl.state.is_chance else ctl.play(ctl.state.legal_actions()[0])
        full = present_tree.tree_data(ctl)["nodes"]
        outcomes = [r for r in full if r["chance"]]
        moves = [r for r in full if not r["chance"] and r["parent"] is not None]
        assert outcomes and moves and all(r["label"].startswith("face") for r in outcomes)
        assert [r["n"] for r in moves] == list(range(1, len(moves) + 1))     # 1, 2, 3: outcomes take no number
        feed = present_tree.TreeFeed(ctl)
        feed.full()
        for _ in range(4):                    # the deltas number on from the full message
            ctl.roll() if ctl.state.is_chance else ctl.play(ctl.state.legal_actions()[0])
            (record,) = feed.update()["nodes"]
            assert record == present_tree.node_record(ctl.node, None)

    def test_up_and_down_choose_on_the_fork_node_itself(self):
        ctl = Controller(explorer.load("sjoroveroya", players=2))
        first, second, third = (str(a) for a in ctl.state.legal_actions()[:3])
        for move in (first, second, third):
            ctl.play(move)
            ctl.back()
        assert ctl.path == () and len(ctl.node.children) == 3
        ctl.handle({"op": "variation", "step": 1})       # on the fork: into its first variation
        assert ctl.path == (second,)
        ctl.handle({"op": "variation", "step": 1})       # on a move of the fork: the next sibling
        assert ctl.path == (third,)
        ctl.goto(())
        ctl.handle({"op": "variation", "step": -1})      # on the fork, up: its last line
        assert ctl.path == (third,)
        ctl.handle({"op": "variation", "step": -1})
        assert ctl.path == (second,)

    @pytest.mark.parametrize("name", explorer.games())
    def test_every_games_log_opens_with_a_start_line_then_the_roots_events(self, name):
        game = explorer.load(name)
        ctl = Controller(game)
        entries = present_tree.log_data(ctl)["entries"]
        assert entries[0]["text"].startswith(f"Start: {game.title}, {game.players} players, standard rules")
        assert [e["text"] for e in entries[1:]] == [e.for_player(None) for e in ctl.state.events]

    def test_the_start_line_names_changed_options(self):
        game = explorer.load("dead_mans_dice", players=3, target_score=50)
        assert present_tree.start_text(game) == "Start: Dead Man's Dice, 3 players, options: target score = 50"

    def test_seats_are_player_1_to_n_in_widgets(self, app):
        assert [label for label, _ in present.viewer_options(app.controller)][1:] == [
            "Player 1's view", "Player 2's view", "Player 3's view"]
        assert [c.description for c in app.seats.choices] == ["Player 1", "Player 2", "Player 3"]
        assert present.status(app.controller.state, None).startswith(f"Player {app.controller.state.player + 1} to act")


class TestUndo:
    def test_delete_counts_what_it_removes_and_undo_puts_it_back(self, deep):
        end = deep.path
        deep.goto(end[:295])
        deep.comment("keep this")
        fork = next(d for d in range(291, 300) if len(deep.tree.state(end[:d]).legal_actions() or "ab") > 1)
        deep.goto(end[:fork])
        variation(deep)
        deep.goto(end[:290])
        before = deep.tree.to_json()
        deep.handle({"op": "delete"})     # moves 290..300 of the main line, a variation, one comment
        assert deep.undo_label == "delete " + removal_words(12, 1) == "delete 12 moves and 1 comment"
        assert len(deep.tree) == 290 and deep.path == end[:289]
        deep.handle({"op": "undo"})
        assert deep.tree.to_json() == before and deep.path == end[:290] and deep.undo_label == "comment"
        assert deep.tree.by_id(deep.node.id) is deep.node

    def test_promote_main_line_and_comment_undo(self, app):
        ctl = app.controller
        first, second = (str(a) for a in ctl.state.legal_actions()[:2])
        ctl.play(first)
        ctl.back()
        ctl.play(second)
        ctl.play(str(ctl.state.legal_actions()[0]))
        original = ctl.tree.to_json()
        for op in ("promote", "main_line"):
            ctl.handle({"op": op})
            assert ctl.tree.mainline()[0] == second
            ctl.handle({"op": "undo"})
            assert ctl.tree.to_json() == original
        ctl.handle({"op": "comment", "text": "why not?"})
        ctl.handle({"op": "undo"})
        assert ctl.node.comment == "" and ctl.tree.to_json() == original

    def test_nothing_to_undo_is_named_and_the_stack_is_bounded(self, app):
        ctl = app.controller
        request(app.tree, op="undo")
        assert app.tree.data["error"] == "undo: nothing to undo"
        for i in range(UNDO_DEPTH + 5):
            ctl.comment(f"note {i}")
        for _ in range(UNDO_DEPTH):
            ctl.undo()
        assert ctl.node.comment == "note 4"
        with pytest.raises(PositionError, match="nothing to undo"):
            ctl.undo()


class TestSaveAndLoad:
    def test_save_offers_the_tree_as_json_and_load_brings_it_back(self, deep):
        deep.goto(deep.path[:50])
        deep.comment("the turning point")
        variation(deep)
        tree = Source("tree", deep)
        tree.full()
        deep.handle({"op": "save"})
        sent = tree.update()
        name, text = sent["download"]["name"], sent["download"]["text"]
        assert name == "sjoroveroya-analysis.json" and text == deep.analysis_text()
        saved = deep.tree.to_dict()
        deep.load_position(deep.tree.root.state.to_dict())       # a fresh tree: the analysis is gone
        assert len(deep.tree) == 1
        deep.handle({"op": "load_analysis", "text": text})
        assert deep.error == "" and deep.tree.to_dict() == saved
        assert deep.path == deep.tree.mainline()
        deep.undo()
        assert len(deep.tree) == 1

    def test_a_file_of_another_game_or_not_json_is_named_and_changes_nothing(self, app):
        ctl = app.controller
        other = PositionTree(explorer.load("sjoroveroya", players=2).start(seed=0)).to_json()
        request(app.tree, op="load_analysis", text=other)
        assert app.tree.data["error"].startswith("root.game: the file is an analysis of Sjørøverøya (2 players")
        request(app.tree, op="load_analysis", text="{oops")
        assert app.tree.data["error"].startswith("(json): not valid JSON")
        assert len(ctl.tree) == 1 and ctl.undo_label == ""

    def test_a_players_view_may_not_save_hidden_cards(self, app):
        app.controller.set_viewer(1)
        request(app.tree, op="save")
        assert app.tree.data["error"].startswith("viewer: a saved analysis holds every hidden card")
        assert "download" not in app.tree.data

    def test_a_bad_line_names_the_move(self):
        ctl = Controller(explorer.load("sjoroveroya", players=3))
        with pytest.raises(PositionError) as err:
            ctl.play_line([str(ctl.state.legal_actions()[0]), "H@99"])
        assert err.value.field == "line.1" and "move 2 'H@99'" in str(err.value)


def no_event_loop(tick, delay):
    """The scheduler where no asyncio loop runs (a plain script): it refuses, so Play on plays here."""
    raise RuntimeError("no running event loop")


class TestSeats:
    def test_step_and_play_on_say_why_when_every_seat_is_a_person(self, app):
        app.seats.step_button.click()
        assert app.controller.error == "seats: every seat is a person: choose a policy in Seats"
        assert "every seat is a person" in app.seats.message.value
        app.seats.play_button.click()
        assert "choose a policy in Seats" in app.board.data["error"] and app.controller.path == ()

    def test_a_persons_turn_is_named(self, app):
        ctl = app.controller
        other = (ctl.state.player + 1) % 3
        app.seats.choices[other].value = "random"
        app.seats.step_button.click()
        assert ctl.error == (f"seats: Player {ctl.state.player + 1} is a person: make their move, "
                             "or choose a policy for them in Seats")

    def test_play_on_runs_on_the_event_loop_updates_the_views_and_stops(self, app):
        ctl = app.controller
        for choice in app.seats.choices:
            choice.value = "random"
        seen = []
        ctl.observe(lambda change: seen.append(len(ctl.path)), "revision")

        async def run():
            app.seats.play_button.click()
            assert ctl.playing and app.seats.stop_button.disabled is False
            await asyncio.sleep(0.3)
            app.seats.stop_button.click()
            stopped_at = len(ctl.path)
            await asyncio.sleep(0.1)
            return stopped_at

        ctl.play_delay = 0.001
        # a thread of its own: the session's browser tests may leave Playwright's loop running here
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            stopped_at = pool.submit(asyncio.run, run()).result()
        assert not ctl.playing and app.seats.play_button.disabled is False
        assert stopped_at > 3 and len(ctl.path) == stopped_at      # it played, then stopped for good
        assert len(set(seen)) > 3                                  # views saw each step as it came
        assert "Playing on" not in app.seats.message.value

    def test_play_on_without_an_event_loop_plays_here_and_now(self, app):
        ctl = app.controller
        ctl.scheduler = no_event_loop
        for choice in app.seats.choices:
            choice.value = "rule_of_thumb"
        ctl.start_play_on(max_steps=40)
        assert len(ctl.path) == 40 and not ctl.playing
