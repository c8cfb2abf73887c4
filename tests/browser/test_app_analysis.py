"""The served app as an analysis board: a 500-move game by link, keys and clicks; save and load
the tree; a link reopened in a fresh page; delete asks and undo restores; Play on stops."""

import json
import re
import time

from playwright.sync_api import expect

import explorer
from explorer.analysis.tree import PositionTree

from .board_steps import (
    WIDTH,
    current_move,
    expect_current,
    link,
    main_line_labels,
    random_line,
    wait_current,
    wait_nodes,
)
from .explorer_steps import SHOTS, click_picker, revision, wait_rerender

APP = "apps/explorer_app.py"


def players_moves(name, players, line):
    """How many steps of `line` are players' moves (not chance outcomes)."""
    state, count = explorer.load(name, players=players).start(seed=0), 0
    for move in line:
        count += not state.is_chance
        state = state.apply(state.game.parse_action(move))
    return count


def open_app(page, url):
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(url)
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=60_000)
    return page.locator("body")


def test_a_500_move_game_by_link_keys_and_clicks(panel_app, page):
    line = random_line("sjoroveroya", 3, 500)
    app = open_app(page, link(panel_app(APP), "sjoroveroya", 3, line))
    wait_nodes(app, 501)
    tree = page.locator(".pre-tree")
    expect_current(app, line[-1])
    moves = players_moves("sjoroveroya", 3, line)     # chance outcomes carry no number
    assert 0 < moves < 500
    expect(tree.locator(".pre-unit:not(.pre-outcome) .pre-num").last).to_have_text(re.compile(rf"^{moves}\. P\d $"))
    expect(tree.locator(".pre-outcome .pre-num")).to_have_count(0)
    expect(page.locator(".pre-log .pre-entry").last).to_have_attribute("data-step", "500")
    expect(page.locator(".pre-log .pre-entry").first).to_contain_text("Start: Sjørøverøya, 3 players, standard rules")

    tree.focus()
    for back in range(1, 21):                 # ← twenty times: one move back each
        before = revision(app)
        page.keyboard.press("ArrowLeft")
        wait_rerender(app, before)
        expect_current(app, line[-1 - back])
    expect(page.locator(".pre-log .pre-entry").last).to_have_attribute("data-step", "480")
    before = revision(app)
    page.keyboard.press("ArrowRight")
    wait_rerender(app, before)
    expect_current(app, line[480])

    middle = tree.locator(".pre-node").nth(250)     # a click on move 250
    before = revision(app)
    middle.click()
    wait_rerender(app, before)
    expect_current(app, line[249])
    expect(page.locator(".pre-log .pre-entry").last).to_have_attribute("data-step", "250")
    tooltip = middle.get_attribute("title")
    assert tooltip and tooltip != line[249]          # the move's events, not just its name

    # A variation at move 250: up/down choose at the fork.
    taken = [m.get_attribute("data-move") for m in page.locator(".pre-picker .pre-action").all()]
    other = next((m for m in taken if m != line[250]), None)
    if other is None:                               # one legal move here: branch one step later
        before = revision(app)
        page.keyboard.press("ArrowRight")
        wait_rerender(app, before)
    click_picker(app, prefer="zzz") if other is None else page.locator(
        f".pre-picker .pre-action[data-move='{other}']").click()
    expect(tree.locator(".pre-variation .pre-node.pre-current")).to_have_count(1)
    variation = current_move(app)
    tree.focus()
    before = revision(app)
    page.keyboard.press("ArrowUp")
    wait_rerender(app, before)
    expect(tree.locator(".pre-variation .pre-node.pre-current")).to_have_count(0)
    before = revision(app)
    page.keyboard.press("ArrowDown")
    wait_rerender(app, before)
    expect_current(app, variation)
    before = revision(app)
    page.keyboard.press("End")
    wait_rerender(app, before)
    before = revision(app)
    page.keyboard.press("Home")
    wait_rerender(app, before)
    expect_current(app, "start")
    before = revision(app)
    page.keyboard.press("End")
    wait_rerender(app, before)
    expect_current(app, line[-1])
    page.screenshot(path=str(SHOTS / "app-500-moves.png"))
    tree.screenshot(path=str(SHOTS / "app-500-moves-tree.png"))
    assert page.errors == []


def settled_url(page, quiet_ms: int = 1000, limit_s: float = 15) -> str:
    """The page's address once it has not changed for `quiet_ms` (it follows the line after a delay)."""
    deadline = time.monotonic() + limit_s
    url, since = page.url, time.monotonic()
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        if page.url != url:
            url, since = page.url, time.monotonic()
        elif (time.monotonic() - since) * 1000 >= quiet_ms:
            return url
    raise AssertionError(f"the address kept changing for {limit_s} s")


def test_a_link_reopened_in_a_fresh_page_restores_the_line(panel_app, page, browser):
    app = open_app(page, panel_app(APP) + "?game=dead_mans_dice&players=3")
    for _ in range(6):
        click_picker(app) if not page.locator(".pre-chance .pre-roll").is_visible() else None
        if page.locator(".pre-chance .pre-roll").is_visible():
            before = revision(app)
            page.locator(".pre-chance .pre-roll").click()
            wait_rerender(app, before)
    played = main_line_labels(app)
    expect(page).to_have_url(re.compile(r"game=dead_mans_dice&players=3&line="))
    address = settled_url(page)   # the address is written 300 ms after the last change
    fresh = browser.new_context(viewport={"width": WIDTH, "height": 900}).new_page()
    try:
        other = open_app(fresh, address)
        wait_nodes(other, len(played))
        assert main_line_labels(other) == played
        expect_current(other, played[-1])
        fresh.screenshot(path=str(SHOTS / "app-link-reopened.png"))
    finally:
        fresh.context.close()


def test_save_and_load_the_tree(panel_app, page, tmp_path):
    line = random_line("dead_mans_dice", 3, 60)
    app = open_app(page, link(panel_app(APP), "dead_mans_dice", 3, line))
    wait_nodes(app, 61)
    tree = page.locator(".pre-tree")
    tree.locator(".pre-node").nth(30).click()
    wait_current(app, tree.locator(".pre-node").nth(30).get_attribute("data-id"))
    click_picker(app, prefer="zzz") if page.locator(".pre-picker .pre-action").count() else None
    tree.locator(".pre-comment").fill("a what-if at move 31")
    tree.locator(".pre-save-comment").click()
    expect(tree.locator(".pre-comment-text", has_text="a what-if at move 31")).to_have_count(1)
    before = main_line_labels(app)
    with page.expect_download() as saved:
        tree.locator(".pre-save").click()
    assert saved.value.suggested_filename == "dead_mans_dice-analysis.json"
    text = saved.value.path().read_text(encoding="utf-8")
    kept = PositionTree.from_json(text)
    assert sorted(n.move for n in kept.nodes() if n.move) == sorted(before[1:])   # the page lists variations in place
    assert any(n.comment == "a what-if at move 31" for n in kept.nodes())

    tree.locator(".pre-node").nth(5).click()          # delete most of it
    wait_current(app, tree.locator(".pre-node").nth(5).get_attribute("data-id"))
    tree.locator(".pre-delete").click()
    tree.locator(".pre-confirm-delete").click()
    wait_nodes(app, 5)
    saved_file = tmp_path / "analysis.json"
    saved_file.write_text(text, encoding="utf-8")
    tree.locator(".pre-file").set_input_files(str(saved_file))
    wait_nodes(app, len(before))
    assert main_line_labels(app) == before
    expect(tree.locator(".pre-comment-text", has_text="a what-if at move 31")).to_have_count(1)
    assert json.loads(text)["format"] == "pirate-rules-explorer/tree"
    tree.screenshot(path=str(SHOTS / "app-loaded-analysis.png"))
    assert page.errors == []


def test_delete_asks_first_and_undo_restores(panel_app, page):
    line = random_line("sjoroveroya", 3, 40)
    app = open_app(page, link(panel_app(APP), "sjoroveroya", 3, line))
    wait_nodes(app, 41)
    tree = page.locator(".pre-tree")
    tree.locator(".pre-node").nth(36).click()
    wait_current(app, tree.locator(".pre-node").nth(36).get_attribute("data-id"))
    tree.locator(".pre-comment").fill("remember me")
    tree.locator(".pre-save-comment").click()
    expect(tree.locator(".pre-comment-text", has_text="remember me")).to_have_count(1)
    tree.locator(".pre-node").nth(31).click()
    wait_current(app, tree.locator(".pre-node").nth(31).get_attribute("data-id"))
    labels = main_line_labels(app)
    tree.locator(".pre-delete").click()
    confirm = tree.locator(".pre-confirm")
    expect(confirm).to_contain_text("Delete 10 moves and 1 comment from here?")
    tree.screenshot(path=str(SHOTS / "app-delete-asks.png"))
    tree.locator(".pre-cancel-delete").click()
    expect(confirm).to_be_hidden()
    wait_nodes(app, 41)                                # cancel: nothing gone
    tree.locator(".pre-delete").click()
    tree.locator(".pre-confirm-delete").click()
    wait_nodes(app, 31)
    expect(tree.locator(".pre-undo")).to_have_attribute("title", re.compile("delete 10 moves and 1 comment"))
    tree.focus()
    page.keyboard.press("Control+z")                   # the keyboard undo
    wait_nodes(app, 41)
    expect_current(app, line[30])
    assert main_line_labels(app) == labels
    expect(tree.locator(".pre-comment-text", has_text="remember me")).to_have_count(1)
    tree.locator(".pre-comment").fill("")              # a comment change is undone by the button too
    tree.locator(".pre-save-comment").click()
    expect(tree.locator(".pre-undo")).to_have_attribute("title", re.compile("undo: comment"))
    tree.locator(".pre-undo").click()
    expect(tree.locator(".pre-undo")).to_have_attribute("title", "nothing to undo")
    assert page.errors == []


def test_play_on_can_be_stopped_and_step_says_why(panel_app, page):
    open_app(page, panel_app(APP) + "?game=dead_mans_dice&players=3")
    seats = page.locator(".pre-seats")
    seats.get_by_role("button", name="Step").click()
    expect(seats.locator(".pre-seats-error")).to_contain_text("every seat is a person: choose a policy in Seats")
    for select in seats.locator("select").all():
        select.select_option("random")
    seats.get_by_role("button", name="Play on").click()
    expect(seats.locator(".pre-playing")).to_be_visible()
    tree = page.locator(".pre-tree")
    for _ in range(120):                              # the tree grows while it plays
        if int(tree.get_attribute("data-nodes")) > 25:
            break
        page.wait_for_timeout(500)
    seats.get_by_role("button", name="Stop").click()
    expect(seats.locator(".pre-playing")).to_have_count(0)
    count = tree.get_attribute("data-nodes")
    page.wait_for_timeout(1500)
    assert tree.get_attribute("data-nodes") == count and int(count) > 25
    page.screenshot(path=str(SHOTS / "app-play-on-stopped.png"), full_page=True)
    assert page.errors == []
