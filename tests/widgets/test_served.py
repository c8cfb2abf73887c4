"""The served app's Panel components, without a browser: the same requests, the same controller."""

from __future__ import annotations

import html
import json

import pytest

import explorer
import widgets
from explorer.core.game import Game
from widgets import present, served, served_link
from widgets.components import VIEWS
from widgets.controller import Controller, policy_factories


def panes(layout, kind):
    return [obj for obj in layout.select(served.PANES[kind])]


def test_panel_views_share_the_esm_files_and_the_controller():
    layout = served.explorer_layout(explorer.load("sjoroveroya", players=3))
    ctl = layout.controller
    board, = panes(layout, "board")
    picker, = panes(layout, "picker")
    for name, (esm, _) in VIEWS.items():
        assert served.PANES[name]._esm == esm
    assert str(widgets.BoardView._esm) == VIEWS["board"][0].read_text()
    move = picker.data["groups"][0]["actions"][0]["id"]
    board.request = {"op": "play", "move": move, "n": 1}
    assert ctl.path == (move,)
    assert picker.data == widgets.ActionPicker(ctl).data
    tree, = panes(layout, "tree")
    tree.request = {"op": "back", "n": 2}
    assert ctl.path == () and tree.data["current"] == 0 and tree.data["base"] == tree.data["seq"] - 1


def test_view_switch_and_seats():
    layout = served.explorer_layout(explorer.load("sjoroveroya", players=3))
    ctl = layout.controller
    switch = layout.select(served.pn.widgets.RadioButtonGroup)[0]
    switch.value = "1"
    assert ctl.viewer == 1
    switch.value = "all"
    assert ctl.viewer is None
    seat_choices = layout.select(served.pn.widgets.Select)
    for choice in seat_choices:
        choice.value = "random"
    assert ctl.seats == {0: "random", 1: "random", 2: "random"}
    step = next(b for b in layout.select(served.pn.widgets.Button) if b.label == "Step")
    step.clicks += 1
    assert len(ctl.path) == 1


def test_app_picks_a_game_and_names_a_bad_player_count():
    page = served.app()
    holder = page.objects[3]
    assert holder.objects[0].controller.game == explorer.load(explorer.games()[0], players=3)
    players = page.objects[1].objects[1]
    players.value = 9
    page.objects[1].objects[2].clicks += 1
    assert page.objects[2].object.startswith('<span class="pre-error"')
    assert ">players: Dead Man&#x27;s Dice is for 2-6 players, not 9<" in page.objects[2].object


class _NoPolicies(Game):
    name = "no_policies"

    def policies(self):
        raise ImportError("No module named 'missing_policies'")


def test_a_game_whose_policies_fail_to_import_fails_loudly():
    """A broken policy module is a bug in the game: it is not hidden behind a fallback."""
    with pytest.raises(ImportError, match="missing_policies"):
        policy_factories(_NoPolicies(1))


def test_seats_offer_the_games_policies_and_the_search_bot():
    import explorer

    factories, note = policy_factories(explorer.load("sjoroveroya", players=3))
    assert {"random", "rule_of_thumb", "search (ISMCTS)"} <= set(factories) and note == ""
    bot = factories["search (ISMCTS)"](explorer.load("sjoroveroya", players=3))
    assert bot.needs_view


def test_explore_names_an_unknown_game():
    note = widgets.explore("treasure_island")
    assert "no game named 'treasure_island'" in html.unescape(note.value)   # as the page shows it
    assert isinstance(widgets.explore("sjoroveroya", players=3).controller, Controller)


def editor_parts(layout):
    """The served editor's text box, message pane and buttons, found as a user would: by label."""
    text, = layout.select(served.pn.widgets.TextAreaInput)
    message, = [p for p in layout.select(served.pn.pane.HTML) if "pre-editor-message" in p.css_classes]
    buttons = {b.label: b for b in layout.select(served.pn.widgets.Button)}
    return text, message, buttons["Copy current position"], buttons["Explore from here"]


class TestServedEditor:
    """The served app's position editor: the notebook editor's logic (`widgets.editing`) behind Panel widgets."""

    @pytest.fixture
    def layout(self):
        layout = served.explorer_layout(explorer.load("dead_mans_dice", players=3))
        ctl = layout.controller
        ctl.play(ctl.state.legal_actions()[0])
        return layout

    def test_bad_json_and_bad_field_are_named_inline_and_change_nothing(self, layout):
        ctl = layout.controller
        text, message, _, apply = editor_parts(layout)
        tree, path, revision = ctl.tree, ctl.path, ctl.revision
        text.value = "{not json"
        apply.clicks += 1
        assert message.object.startswith('<span class="pre-invalid"') and "(json): not valid JSON" in message.object
        data = ctl.tree.root.state.to_dict()
        data["totals"][1] = "x"
        text.value = json.dumps(data)
        apply.clicks += 1
        assert "totals.1: must be a whole number" in message.object and "pre-invalid" in message.object
        assert (ctl.tree, ctl.path, ctl.revision) == (tree, path, revision)

    def test_a_valid_edit_explores_from_the_edited_position(self, layout):
        ctl = layout.controller
        text, message, take, apply = editor_parts(layout)
        board, = panes(layout, "board")
        take.clicks += 1
        assert text.value == ctl.state.notation() and ctl.path != ()   # the copy is the notation
        data = ctl.state.to_dict()                                      # JSON is still read
        data["totals"][1] = 42
        assert ">42</text>" not in board.data["svg"]
        text.value = json.dumps(data)
        apply.clicks += 1
        assert "pre-ok" in message.object
        assert ctl.path == () and ctl.tree.root.children == []
        assert ctl.state == explorer.state_from_dict(data) and ctl.state.to_dict()["totals"] == [0, 42, 0]
        assert board.data == present.board_data(ctl) and ">42</text>" in board.data["svg"]

    def test_a_players_view_shows_what_the_player_knows(self, layout):
        ctl = layout.controller
        text, message, take, _ = editor_parts(layout)
        assert text.value == ctl.tree.root.state.notation()
        ctl.set_viewer(2)   # Dead Man's Dice hides nothing: Player 3 knows every line
        assert text.value == ctl.state.notation() and "Player 3's view: only what Player 3 knows" in message.object
        text.value = ""
        take.clicks += 1
        assert text.value == ctl.state.notation()
        ctl.set_viewer(None)
        take.clicks += 1
        assert text.value == ctl.state.notation() and message.object == ""


class TestLink:
    """The served app's address: game, players, options and the current line."""

    @pytest.mark.parametrize("name", explorer.games())
    def test_no_notation_holds_the_line_separator(self, name):
        game = explorer.load(name)
        notations = {str(a) for a in game.action_space()} | {str(c) for c in game.chance_space()}
        assert notations and not any(served_link.SEPARATOR in n for n in notations)

    def test_a_line_with_options_goes_round_the_address(self):
        from urllib.parse import parse_qs, urlsplit

        game = explorer.load("last_bottle_of_rum", players=2, weather=True)
        ctl = Controller(game)
        for _ in range(12):
            ctl.step() if ctl.state.is_chance else ctl.play(ctl.state.legal_actions()[-1])
        query = served_link.query_of(game, ctl.path)
        assert query.startswith("?game=last_bottle_of_rum&players=2&opt.weather=true&line=")
        args = {k: [v.encode() for v in vs] for k, vs in parse_qs(urlsplit(query).query).items()}
        link = served_link.parse(args, explorer.games())
        assert (link.game, link.players, link.options, link.line) == ("last_bottle_of_rum", 2, {"weather": True},
                                                                     ctl.path)
        again = Controller(explorer.load(link.game, link.players, **link.options))
        again.play_line(list(link.line))
        assert again.state == ctl.state

    @pytest.mark.parametrize("args, field", [({"game": [b"chess"]}, "game"),
                                             ({"game": [b"sjoroveroya"], "players": [b"many"]}, "players")])
    def test_a_bad_address_is_named(self, args, field):
        with pytest.raises(explorer.PositionError) as err:
            served_link.parse(args, explorer.games())
        assert err.value.field == field
        assert served_link.parse({}, explorer.games()) is None

    def test_the_address_follows_the_line_but_not_each_step_of_play_on(self):
        from panel.io.location import Location

        ctl = Controller(explorer.load("dead_mans_dice", players=3))
        location = Location()
        served.keep_address(ctl, location, start=ctl.tree.root.state)
        assert location.search == "?game=dead_mans_dice&players=3"
        ctl.play(str(ctl.state.legal_actions()[0]))
        assert location.search == served_link.query_of(ctl.game, ctl.path) and "&line=" in location.search
        ctl.playing = True
        ctl.back()
        assert "&line=" in location.search and "&at=" not in location.search
        ctl.playing = False
        assert location.search == served_link.query_of(ctl.game, ctl.tree.mainline(), 0)
        assert location.search.endswith("&at=0")     # the line is kept, the node shown is the start


def test_served_play_on_steps_on_a_periodic_callback_and_stops():
    layout = served.explorer_layout(explorer.load("dead_mans_dice", players=3))
    ctl = layout.controller
    ticks = []
    ctl.scheduler = lambda tick, delay: (ticks.append(tick), lambda: ticks.append("stopped"))[1]
    for choice in layout.select(served.pn.widgets.Select):
        choice.value = "random"
    buttons = {b.label: b for b in layout.select(served.pn.widgets.Button)}
    buttons["Play on"].clicks += 1
    assert ctl.playing and not buttons["Stop"].disabled and buttons["Play on"].disabled
    message, = [p for p in layout.select(served.pn.pane.HTML) if "pre-seats-message" in p.css_classes]
    assert "Playing on" in message.object
    for _ in range(5):
        assert ticks[0]()
    assert len(ctl.path) == 6
    buttons["Stop"].clicks += 1
    assert not ctl.playing and ticks[-1] == "stopped" and ticks[0]() is False and len(ctl.path) == 6
    assert buttons["Stop"].disabled and message.object == ""


def test_served_step_says_why_when_every_seat_is_a_person():
    layout = served.explorer_layout(explorer.load("sjoroveroya", players=3))
    step = next(b for b in layout.select(served.pn.widgets.Button) if b.label == "Step")
    step.clicks += 1
    message, = [p for p in layout.select(served.pn.pane.HTML) if "pre-seats-message" in p.css_classes]
    assert "every seat is a person: choose a policy in Seats" in message.object
    assert [s.label for s in layout.select(served.pn.widgets.Select)] == ["Player 1", "Player 2", "Player 3"]


def test_a_layout_the_page_drops_stops_its_engine_and_play_on():
    layout = served.explorer_layout(explorer.load("dead_mans_dice", players=3))
    ctl = layout.controller
    ctl.scheduler = lambda tick, delay: (lambda: None)
    for choice in layout.select(served.pn.widgets.Select):
        choice.value = "random"
    layout.engine.set_enabled(True)
    ctl.start_play_on()
    assert layout.engine.enabled and ctl.playing
    served.close_layout(layout)
    assert not layout.engine.enabled and not ctl.playing
