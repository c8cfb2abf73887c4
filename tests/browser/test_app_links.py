"""The served app's address keeps what is on screen, and nothing is lost without asking (issue
#30, 6-8): a link after "Explore from here" plus a side variation reopens the same tree at the same
node; a game switch and Free play <-> Learn keep each game's analysis; New game can be undone;
the tree numbers moves, not chance outcomes, and ↑/↓ choose on the fork node itself."""

import json
import re

from playwright.sync_api import expect

import explorer

from .board_steps import WIDTH, main_line_labels, tree_marks, wait_nodes
from .explorer_steps import SHOTS, click_picker, current_label, revision, wait_rerender
from .test_app_analysis import settled_url

APP = "apps/explorer_app.py"


def open_app(page, url):
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(url)
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=60_000)
    return page.locator("body")


def step(app, times=1):
    """Play on: roll at a chance node, else the first listed move."""
    for _ in range(times):
        roll = app.locator(".pre-chance .pre-roll")
        if roll.count() and roll.is_visible():
            before = revision(app)
            roll.click()
            wait_rerender(app, before)
        else:
            click_picker(app, prefer="zzz")


def key(app, name):
    before = revision(app)
    app.page.locator(".pre-tree").focus()
    app.page.keyboard.press(name)
    wait_rerender(app, before)


def snapshot(app):
    """What the tree shows: every label in order, the comments, the current node's label."""
    tree = app.locator(".pre-tree")
    return (main_line_labels(app), tree.locator(".pre-comment-text").all_text_contents(), current_label(app),
            tree.get_attribute("data-nodes"))


def explore_an_edited_position(page, app):
    """Open the editor, copy the position, give Player 2 a score of 42 (JSON) and explore from it."""
    editor_text = page.locator(".pre-editor-text textarea")
    if not editor_text.is_visible():
        page.locator(".pre-editor .card-header").click()
    expect(editor_text).to_be_visible()
    page.get_by_role("button", name="Copy current position").click()
    data = explorer.load("dead_mans_dice", players=3).start(seed=0).apply(current_label(app)).to_dict()
    data["totals"][1] = 42
    before = revision(app)
    editor_text.fill(json.dumps(data))
    page.get_by_role("button", name="Explore from here").click()
    wait_rerender(app, before)
    expect(page.locator(".pre-editor-message .pre-ok")).to_have_text("Exploring from the edited position.")
    expect(app.locator(".pre-tree .pre-node")).to_have_count(1)


def test_a_link_after_explore_from_here_and_a_side_variation_reopens_the_same_tree_and_node(panel_app, page,
                                                                                            browser):
    app = open_app(page, panel_app(APP) + "?game=dead_mans_dice&players=3")
    click_picker(app, prefer="zzz")
    explore_an_edited_position(page, app)
    expect(page).to_have_url(re.compile(r"&tree=[A-Za-z0-9_-]+&at=0$"), timeout=5_000)   # at once, no move needed
    step(app, 8)
    for _ in range(3):
        key(app, "ArrowLeft")
    taken = current_label(app)
    step(app)                                  # the main line's move is there: a second one makes a variation
    key(app, "ArrowLeft")
    actions = [m.get_attribute("data-move") for m in page.locator(".pre-picker .pre-action").all()]
    main = app.locator(".pre-tree .pre-node.pre-current")
    other = next(m for m in actions if m != taken.strip()) if actions else None
    if other is None:                          # a chance node: choose another outcome
        key(app, "ArrowRight")
        other_choice = page.locator(".pre-chance .pre-choose").nth(1)
        before = revision(app)
        other_choice.click()
        wait_rerender(app, before)
    else:
        before = revision(app)
        page.locator(f".pre-picker .pre-action[data-move='{other}']").click()
        wait_rerender(app, before)
    step(app, 2)
    expect(app.locator(".pre-tree .pre-variation .pre-node.pre-current")).to_have_count(1)
    tree = app.locator(".pre-tree")
    tree.locator(".pre-comment").fill("a side line <b>bold?</b>")
    tree.locator(".pre-save-comment").click()
    expect(tree.locator(".pre-comment-text", has_text="a side line <b>bold?</b>")).to_have_count(1)
    key(app, "ArrowLeft")                      # the node shown is inside the variation, not its end
    shown = snapshot(app)
    assert main.count() == 1 and len(shown[0]) == int(shown[3])
    address = settled_url(page)
    assert "&tree=" in address and "&line=" not in address and len(address) < 8_000
    score_42 = page.locator(".pre-board svg text", has_text=re.compile(r"^42$"))
    expect(score_42).to_have_count(1)

    page.reload()                              # a reload keeps it ...
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=60_000)
    wait_nodes(app, shown[3])
    assert snapshot(app) == shown
    expect(app.locator(".pre-tree .pre-variation .pre-node.pre-current")).to_have_count(1)
    expect(score_42).to_have_count(1)

    fresh = browser.new_context(viewport={"width": WIDTH, "height": 900}).new_page()
    try:                                       # ... and so does the link sent elsewhere
        other_app = open_app(fresh, address)
        wait_nodes(other_app, shown[3])
        assert snapshot(other_app) == shown
        expect(fresh.locator(".pre-board svg text", has_text=re.compile(r"^42$"))).to_have_count(1)
        fresh.screenshot(path=str(SHOTS / "app-link-tree-reopened.png"))
        step(other_app)                        # every later move updates the address
        expect(fresh).not_to_have_url(address, timeout=5_000)
        assert fresh.evaluate("window.__xss") is None
    finally:
        fresh.context.close()
    assert page.errors == []


def test_a_game_switch_a_mode_switch_and_new_game_keep_or_bring_back_the_analysis(panel_app, page):
    app = open_app(page, panel_app(APP) + "?game=dead_mans_dice&players=3")
    step(app, 6)
    tree = app.locator(".pre-tree")
    tree.locator(".pre-comment").fill("keep me")
    tree.locator(".pre-save-comment").click()
    expect(tree.locator(".pre-comment-text", has_text="keep me")).to_have_count(1)
    key(app, "ArrowLeft")
    dice = snapshot(app)
    dice_address = settled_url(page)

    page.locator(".pre-game select").select_option(label="The Last Bottle of Rum")
    expect(app.locator(".pre-tree")).to_have_attribute("data-nodes", "1", timeout=30_000)
    step(app, 2)                               # the captains chosen at the set-up (S5)
    rum = snapshot(app)
    assert len(rum[0]) == 3
    page.locator(".pre-game select").select_option(label="Dead Man's Dice")
    wait_nodes(app, dice[3], timeout=30_000)
    assert snapshot(app) == dice
    assert settled_url(page) == dice_address   # the address is this game's again

    page.locator(".pre-mode").get_by_role("button", name="Learn").click()
    expect(page.locator(".pre-lesson-list .pre-lesson-list-item").first).to_be_visible(timeout=30_000)
    page.screenshot(path=str(SHOTS / "app-learn-list.png"))
    page.locator(".pre-mode").get_by_role("button", name="Free play").click()
    wait_nodes(app, dice[3], timeout=30_000)
    assert snapshot(app) == dice

    page.locator(".pre-game select").select_option(label="The Last Bottle of Rum")
    wait_nodes(app, rum[3], timeout=30_000)
    assert snapshot(app) == rum                # Free play comes back with the captains chosen
    page.locator(".pre-game select").select_option(label="Dead Man's Dice")
    wait_nodes(app, dice[3], timeout=30_000)

    page.locator(".pre-new-game").click()      # New game: the analysis goes aside, one click brings it back
    wait_nodes(app, 1, timeout=30_000)
    bar = page.locator(".pre-app-undo")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("New game: the earlier Dead Man's Dice analysis (6 moves and 1 comment) was put aside.")
    box = bar.bounding_box()
    assert box and box["y"] + box["height"] <= 900     # in view without scrolling
    page.screenshot(path=str(SHOTS / "app-new-game-undo.png"))
    bar.get_by_role("button", name="Bring it back").click()
    wait_nodes(app, dice[3], timeout=30_000)
    assert snapshot(app) == dice
    expect(bar).to_be_hidden()
    assert page.errors == []


def test_the_tree_numbers_moves_not_outcomes_with_its_spaces_and_arrows_choose_on_the_fork(panel_app, page):
    app = open_app(page, panel_app(APP) + "?game=dead_mans_dice&players=3")
    step(app, 4)
    key(app, "Home")
    step(app)                                  # the main line's first move again: nothing new
    key(app, "ArrowLeft")
    actions = [m.get_attribute("data-move") for m in page.locator(".pre-picker .pre-action").all()]
    first = main_line_labels(app)[1]
    other = next(m for m in actions if m != first)
    before = revision(app)
    page.locator(f".pre-picker .pre-action[data-move='{other}']").click()
    wait_rerender(app, before)
    step(app, 2)                               # the variation goes on: an outcome, then a move
    moves = app.locator(".pre-tree .pre-moves")
    text = re.sub(r"\s+", " ", moves.evaluate("el => el.innerText"))
    assert re.search(r"\d\.\S", text) is None and re.search(r"\)\S", text) is None, text
    assert re.search(r"\(\s*1\. P1 ", text), text                     # the variation starts with its move number
    assert not app.locator(".pre-outcome .pre-num").count()          # outcomes carry no number
    assert re.search(r"\d\. (P\d )?face", text) is None, text
    moves.screenshot(path=str(SHOTS / "app-tree-outcomes.png"))

    key(app, "Home")                           # the fork node itself: ↓ goes into the variation, ↑ back
    assert current_label(app) == "start"
    key(app, "ArrowDown")
    assert current_label(app) == other
    expect(app.locator(".pre-tree .pre-variation .pre-node.pre-current")).to_have_count(1)
    key(app, "ArrowUp")
    assert current_label(app) == first
    key(app, "Home")
    key(app, "ArrowUp")
    assert current_label(app) == other
    assert tree_marks(app)[1] is not None and page.errors == []
