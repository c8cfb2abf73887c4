"""The injection corpus (tests/data/injections.json) through every field the served app echoes:
URL parameters, comments, the position editor, Load analysis and lesson files. In Chromium no
payload runs script (each one sets ``window.__xss`` if it runs) or leaves an element of its own
in the page (its ``data-xss`` attribute, a link to ``javascript:`` or ``example.invalid``, its
script or style), and every refused input shows its message."""

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

import explorer
from explorer.analysis.tree import PositionTree
from explorer.lessons.loader import lesson_path

from .board_steps import random_line
from .explorer_steps import SHOTS

pytestmark = pytest.mark.browser

APP = "apps/explorer_app.py"
CORPUS = json.loads((Path(__file__).resolve().parents[1] / "data" / "injections.json").read_text(encoding="utf-8"))
PAYLOADS = [item["payload"] for item in CORPUS]

# Every element of the page, shadow roots included, that a payload could have put there.
INJECTED = """() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      for (const a of el.attributes) {
        if (a.name === "data-xss" || /__xss|example\\.invalid/.test(a.value)) found.push(`${el.tagName} ${a.name}`);
      }
      const text = el.tagName === "SCRIPT" || el.tagName === "STYLE" ? el.textContent : "";
      if (/__xss|\\*\\{display:none\\}|\\.pre-board\\{visibility/.test(text)) found.push(el.tagName);
      if (el.tagName === "BASE" || el.tagName === "IFRAME") found.push(el.tagName);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return {ran: window.__xss === undefined ? null : window.__xss, found};
}"""


def assert_inert(page, what):
    state = page.evaluate(INJECTED)
    assert state == {"ran": None, "found": []}, what
    assert page.errors == [], what


def open_app(page, url):
    page.goto(url)
    expect(page.locator(".pre-board svg [data-place]").first).to_be_attached(timeout=60_000)


def _link_of(i, payload):
    """Payload `i` in one of the link's arguments, in turn: the game, an option, the line, the players."""
    value = quote(payload, safe="")
    return ["?game=" + value, "?game=last_bottle_of_rum&opt.weather=" + value,
            "?game=sjoroveroya&line=" + value, "?game=dead_mans_dice&players=" + value][i % 4]


def test_no_link_argument_runs_script_and_each_shows_its_message(panel_app, page):
    url = panel_app(APP)
    message = page.locator(".pre-app-message")
    for i, payload in enumerate(PAYLOADS):
        open_app(page, url + _link_of(i, payload))
        expect(message).to_contain_text("link: ")
        assert_inert(page, f"link {i}: {payload!r}")
    page.screenshot(path=str(SHOTS / "injections-link.png"))


def test_no_comment_runs_script_and_each_reads_as_typed(panel_app, page):
    open_app(page, panel_app(APP))
    tree = page.locator(".pre-tree")
    for i, payload in enumerate(PAYLOADS):
        tree.locator(".pre-comment").fill(f"#{i}# {payload}")
        tree.locator(".pre-save-comment").click()
        expect(tree.locator(".pre-comment")).to_have_value(f"#{i}# {payload}")
        expect(page.locator(".pre-tree")).to_contain_text(f"#{i}# ")   # the root's comment, drawn as text
        assert_inert(page, f"comment {i}: {payload!r}")
    page.screenshot(path=str(SHOTS / "injections-comment.png"))


def test_no_edited_position_runs_script_and_each_is_named_at_its_line(panel_app, page):
    open_app(page, panel_app(APP))
    text = page.locator(".pre-editor-text textarea")   # the editor is open from the start
    apply = page.get_by_role("button", name="Explore from here")
    message = page.locator(".pre-editor-message")
    for i, payload in enumerate(PAYLOADS):
        text.fill(f"id{i}: 1\n{payload}")
        apply.click()
        expect(message).to_contain_text(f"id{i}: 1")
        expect(message.locator(".pre-invalid")).to_contain_text(f'Line 1, "id{i}": unknown key')
        assert_inert(page, f"editor {i}: {payload!r}")
    page.screenshot(path=str(SHOTS / "injections-editor.png"))


def _saved(line, comments):
    tree = PositionTree(explorer.load("dead_mans_dice", players=3).start(seed=0))
    path: tuple = ()
    tree.comment(path, comments[0])
    for move, comment in zip(line, comments[1:], strict=False):
        path = tree.play(path, move)
        tree.comment(path, comment)
    return tree.to_json()


def test_no_loaded_analysis_runs_script_in_comments_or_moves(panel_app, page, tmp_path):
    open_app(page, panel_app(APP))
    tree = page.locator(".pre-tree")
    line = random_line("dead_mans_dice", 3, len(PAYLOADS) - 1)   # the root's comment and one per move
    good = tmp_path / "commented.json"
    good.write_text(_saved(line, PAYLOADS), encoding="utf-8")
    tree.locator(".pre-file").set_input_files(str(good))
    expect(tree).to_have_attribute("data-nodes", str(len(line) + 1), timeout=30_000)
    expect(tree.locator(".pre-comment-text").nth(3)).not_to_be_empty()
    assert_inert(page, "a tree whose comments are the payloads")
    for i, payload in enumerate(PAYLOADS):
        data = json.loads(_saved(line[:4], ["", "", "", "", ""]))
        at = i % 4
        data["line"][at]["move"] = payload
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(json.dumps(data), encoding="utf-8")
        tree.locator(".pre-file").set_input_files(str(bad))
        expect(tree.locator(".pre-error")).to_contain_text(f"line.{at}.move: ")   # differs from the last file's
        assert_inert(page, f"analysis move {i}: {payload!r}")
    page.screenshot(path=str(SHOTS / "injections-analysis.png"))


def _toml(text):
    return json.dumps(text, ensure_ascii=False)   # a TOML basic string (JSON's escapes are TOML's)


def _lesson(title, prompt):
    raw = lesson_path("sjoroveroya_odds").read_text(encoding="utf-8")
    head, _, rest = raw.partition("\n[[steps]]")
    head = "\n".join(f"title = {_toml(title)}" if ln.startswith("title = ") else ln for ln in head.splitlines())
    step_lines = rest.splitlines()
    first_prompt = next(i for i, ln in enumerate(step_lines) if ln.startswith("prompt = "))
    step_lines[first_prompt] = f"prompt = {_toml(prompt)}"
    return head + "\n[[steps]]" + "\n".join(step_lines)


def _bad_lesson(rule):
    raw = lesson_path("sjoroveroya_odds").read_text(encoding="utf-8")
    head, _, rest = raw.partition("\nrules = ")
    return head + f"\nrules = [{_toml(rule)}]\n" + rest.partition("\n")[2]


def test_no_lesson_file_runs_script_in_its_texts_or_its_mistakes(panel_app, page, tmp_path):
    open_app(page, panel_app(APP))
    page.locator(".pre-mode").get_by_text("Learn").click()
    opener = page.locator(".pre-lesson-file input[type=file]")
    expect(opener).to_be_attached(timeout=30_000)
    header, message = page.locator(".pre-lesson-header"), page.locator(".pre-lesson-message")
    for i in range(0, len(PAYLOADS), 2):
        title, prompt = PAYLOADS[i], PAYLOADS[(i + 1) % len(PAYLOADS)]
        path = tmp_path / f"lesson{i}.toml"
        path.write_text(_lesson(f"L{i} {title}", prompt), encoding="utf-8")
        opener.set_input_files(str(path))
        expect(header.locator("h2")).to_contain_text(f"L{i} ", timeout=30_000)
        assert_inert(page, f"lesson texts {i}: {title!r}, {prompt!r}")
    for i, payload in enumerate(PAYLOADS):
        path = tmp_path / f"bad{i}.toml"
        path.write_text(_bad_lesson(payload), encoding="utf-8")
        opener.set_input_files(str(path))
        expect(message).to_contain_text(f"lesson bad{i}.toml: steps.1.rules: ")
        assert_inert(page, f"lesson rule {i}: {payload!r}")
    page.screenshot(path=str(SHOTS / "injections-lesson.png"))


CRAFTED = {   # issue #25's links that gave a blank page or ran script, and what the page now says
    "?game=dead_mans_dice&players=%C2%B2": "link: players: '²' is not a number of players",
    "?game=dead_mans_dice&players=" + "9" * 5000: "link: players: a link argument of 5,000 characters",
    "?game=dead_mans_dice&players=0": "link: players: Dead Man's Dice is for 2-6 players, not 0",
    "?game=last_bottle_of_rum&opt.weather=" + "9" * 5000: "link: opt.weather: a link argument of 5,000 characters",
    "?game=last_bottle_of_rum&opt.weather=" + "%5B" * 5000: "link: opt.weather: a link argument of 5,000 characters",
    "?game=last_bottle_of_rum&opt.weather=" + "%5B" * 300: "link: opt.weather: nested 300 levels deep; at most 200",
    "?game=dead_mans_dice&line=foo%20P1": "link: line.0: move 1 'foo P1': illegal foo P1: 'foo P1' is not",
    "?game=sjoroveroya&x=%C2%B2": "link: x: a value this server cannot keep in the page's address",
    '?game="><script>window.__xss=3</script>': "link: game: no game named '\"><script>window.__xss=3</script>'",
}


def test_the_issues_crafted_links_each_show_their_message_over_a_board(panel_app, page):
    url = panel_app(APP)
    for query, shown in CRAFTED.items():
        open_app(page, url + query)   # a board, never a blank page
        expect(page.locator(".pre-app-message")).to_contain_text(shown)
        assert_inert(page, query[:80])
