"""The served app's Panel components, without a browser: the same requests, the same controller."""

from __future__ import annotations

import pytest

import explorer
import widgets
from explorer.core.game import Game
from widgets import served
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
    assert ctl.path == () and tree.data["at"] == []


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
    step = next(b for b in layout.select(served.pn.widgets.Button) if b.name == "Step")
    step.clicks += 1
    assert len(ctl.path) == 1


def test_app_picks_a_game_and_names_a_bad_player_count():
    page = served.app()
    holder = page.objects[3]
    assert holder.objects[0].controller.game == explorer.load(explorer.games()[0], players=3)
    players = page.objects[1].objects[1]
    players.value = 9
    page.objects[1].objects[2].clicks += 1
    assert page.objects[2].object.startswith("**players: ")


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
    assert "no game named 'treasure_island'" in note.value
    assert isinstance(widgets.explore("sjoroveroya", players=3).controller, Controller)
