"""The served app (`panel serve apps/explorer_app.py`): pick a game, play, branch, and
check that a player's view keeps the other hands out of the page; edit a position."""

import json
import re

from playwright.sync_api import expect

import explorer

from .explorer_steps import SHOTS, click_board, click_picker, current_label, revision, wait_rerender

HAND_CARDS = ".pre-board svg rect[data-place*=':suit:']"  # P2:suit:H, display:suit:S


def played_path(app):
    """The moves of the current line, read from the teacher's event log (one per step)."""
    steps = app.locator(".pre-log .pre-entry").evaluate_all(
        "es => es.map(e => [e.dataset.step, e.querySelector('.pre-move').textContent])")
    return [move for step, move in dict(steps).items() if step != "0"]


def test_play_branch_and_hide_cards(panel_app, page):
    page.goto(panel_app("apps/explorer_app.py"))
    app = page.locator("body")
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    page.locator(".pre-game select").select_option(label="Sjørøverøya")   # titles, not module names
    players = explorer.load("sjoroveroya").players   # a game switch resets the count to the game's default

    # Hovering a place highlights the places of every action that involves it.
    page.locator(".pre-board [data-place='start']").hover()
    expect(page.locator(".pre-board .pre-hl").first).to_be_attached()
    highlighted = set(page.locator(".pre-board .pre-hl").evaluate_all("es => es.map(e => e.dataset.place)"))
    state = explorer.load("sjoroveroya", players=players).start(seed=0)
    involved = {p for a in state.legal_actions() if "start" in state.action_places(a) for p in state.action_places(a)}
    assert highlighted == involved

    # Play a turn: the board, then the picker, until the turn passes to the next player.
    status = page.locator(".pre-board .pre-status")
    first_player = status.text_content()
    click_board(app)
    for _ in range(6):
        if status.text_content() != first_player:
            break
        click_picker(app, prefer="End turn")
    assert status.text_content() != first_player
    expect(page.locator(".pre-log .pre-entry").nth(2)).to_be_attached()

    # Branch: back one move, play another action, see the variation; then go back to it.
    tree = page.locator(".pre-tree")
    line_before = tree.locator(".pre-node").count()
    before = revision(app)
    tree.locator(".pre-back").click()
    wait_rerender(app, before)
    taken = tree.locator(".pre-node").nth(line_before - 1).text_content()
    moves = page.locator(".pre-picker .pre-action").evaluate_all("bs => bs.map(b => b.dataset.move)")
    other = next(m for m in moves if m != taken)
    before = revision(app)
    page.locator(f".pre-picker .pre-action[data-move='{other}']").click()
    wait_rerender(app, before)
    expect(tree.locator(".pre-variation .pre-node.pre-current")).to_have_text(other)
    before = revision(app)
    tree.locator(".pre-first").click()
    wait_rerender(app, before)
    expect(tree.locator(".pre-node.pre-current")).to_have_text("start")
    before = revision(app)
    tree.locator(".pre-last").click()
    wait_rerender(app, before)
    current = tree.locator(".pre-node.pre-current")
    expect(current).not_to_have_text("start")
    expect(page.locator(".pre-log .pre-entry .pre-move").last).to_have_text(current.text_content())

    # The same position, replayed here, says how many hand cards each view may show.
    path = played_path(app)
    state = explorer.load("sjoroveroya", players=players).start(seed=0)
    for move in path:
        state = state.apply(move)
    hands, shown = state.to_dict()["hands"], len(state.to_dict()["pile_top"])
    expect(page.locator(HAND_CARDS)).to_have_count(sum(map(len, hands)) + shown)
    viewer = 1
    before = revision(app)
    page.locator(".pre-view-switch button", has_text=f"Player {viewer + 1}'s view").click()
    wait_rerender(app, before)
    expect(page.locator(".pre-board svg")).to_contain_text("hand hidden")
    expect(page.locator(HAND_CARDS)).to_have_count(len(hands[viewer]) + shown)
    expect(page.locator(".pre-board svg text", has_text="hand hidden")).to_have_count(players - 1)
    html = page.content()
    for event in (e for s in _steps(path, players) for e in s.events):
        if event.detail and event.visible_to != viewer:
            assert event.detail not in html
    page.locator(".pre-board").screenshot(path=str(SHOTS / "app-player-view.png"))
    assert page.errors == []


def _steps(path, players):
    state = explorer.load("sjoroveroya", players=players).start(seed=0)
    for move in path:
        state = state.apply(move)
        yield state


def test_position_editor_names_bad_fields_and_explores_an_edit(panel_app, page):
    """Open the editor, see bad JSON and a bad field named inline with nothing changed, then explore an edit."""
    page.goto(panel_app("apps/explorer_app.py"))
    app = page.locator("body")
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=30_000)
    expect(page.locator(".pre-game select")).to_have_value("Dead Man's Dice")
    click_picker(app)
    tree = page.locator(".pre-tree")
    played = current_label(app)
    assert played != "start"

    text = page.locator(".pre-editor-text textarea")
    expect(text).to_be_visible()      # the editor is open from the start (#30 point 11)
    opened_with = text.input_value()  # filled when the app opened: the start position, in the notation
    start = explorer.load("dead_mans_dice", players=3).start(seed=0)
    assert opened_with == start.notation()
    page.get_by_role("button", name="Copy current position").click()
    expect(text).not_to_have_value(opened_with)  # the server's copy has arrived
    assert text.input_value() == start.apply(played).notation()
    data = start.apply(played).to_dict()    # JSON is still read
    assert data["totals"] == [0, 0, 0]
    message = page.locator(".pre-editor-message")
    apply = page.get_by_role("button", name="Explore from here")
    before = revision(app)

    text.fill("{not json")
    apply.click()
    expect(message.locator(".pre-invalid")).to_contain_text("(json): not valid JSON")
    data["totals"][1] = "x"
    text.fill(json.dumps(data))
    apply.click()
    expect(message.locator(".pre-invalid")).to_contain_text("totals.1: must be a whole number, not 'x'")
    assert revision(app) == before and current_label(app) == played

    score_42 = page.locator(".pre-board svg text", has_text=re.compile(r"^42$"))
    expect(score_42).to_have_count(0)
    data["totals"][1] = 42
    text.fill(json.dumps(data, indent=1))
    apply.click()
    wait_rerender(app, before)
    expect(message.locator(".pre-ok")).to_have_text("Exploring from the edited position.")
    expect(score_42).to_have_count(1)
    expect(tree.locator(".pre-node")).to_have_count(1)
    expect(tree.locator(".pre-node.pre-current")).to_have_text("start")
    page.locator(".pre-editor").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "app-position-editor.png"), full_page=True)
    assert page.errors == []
