"""`explorer.core.markup.escape`: one helper that makes user text inert in HTML and in Markdown."""

import html
import json
from html.parser import HTMLParser
from pathlib import Path

import markdown_it
import pytest

from explorer.core.markup import escape

CORPUS = json.loads((Path(__file__).parent / "data" / "injections.json").read_text(encoding="utf-8"))
KINDS = {"script tag", "event-handler attribute", "javascript: link", "Markdown link or raw HTML", "SVG", "CSS",
         "Unicode look-alike", "direction mark", "template or control characters"}
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_the_corpus_has_at_least_100_payloads_of_every_kind():
    assert len(CORPUS) >= 100
    assert {item["kind"] for item in CORPUS} == KINDS
    assert len({item["payload"] for item in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("item", CORPUS, ids=lambda item: f"{item['id']}-{item['kind']}")
def test_no_payload_keeps_markup_in_html_or_markdown(item):
    shown = escape(item["payload"])
    assert "<" not in shown and ">" not in shown and '"' not in shown and "'" not in shown
    assert not any(ch in shown for ch in "[]`!*_|~\\")   # no Markdown link, image, code or emphasis
    assert not any(ch in shown for ch in BIDI)
    rendered = markdown_it.MarkdownIt("commonmark", {"linkify": False}).render(shown)
    assert "<a" not in rendered and "<img" not in rendered and "<script" not in rendered.lower()
    assert "<code" not in rendered and "<em" not in rendered and "<strong" not in rendered


def test_text_reads_as_typed_once_unescaped():
    text = "Player 1's [draw] & <b>`x`</b> *dead_mans_dice* #1 a|b ~c~ \\n"
    assert html.unescape(escape(text)) == text


def test_direction_marks_and_controls_are_shown_as_code_points_never_applied():
    assert escape("\u202egnp.exe") == "&lt;U+202E&gt;gnp.exe"
    assert escape("a\x00b\x1b") == "a&lt;U+0000&gt;b&lt;U+001B&gt;"
    assert escape("line 1\nline 2\tend") == "line 1\nline 2\tend"   # line breaks and tabs stay


def test_any_value_is_escaped_as_its_text():
    assert escape(3) == "3"
    assert escape(ValueError("<i>")) == "&lt;i&gt;"


MARKUP = [item["payload"] for item in CORPUS if any(ch in item["payload"] for ch in "<>[`")]


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found += [(tag, name, value or "") for name, value in attrs] or [(tag, "", "")]


def _raw(out, payload):
    """True when markup of `payload` reached `out`: a tag or an attribute the payloads write."""
    parser = _Tags()
    parser.feed(out)
    return any(tag in ("script", "img", "svg", "iframe", "a", "base", "link", "body", "input", "details")
               or name.startswith("on") or name == "data-xss" or "__xss" in value for tag, name, value in parser.found)


def test_the_editor_the_seats_and_the_guard_echo_the_corpus_as_text():
    import explorer
    from widgets import editing
    from widgets.controller import Controller
    from widgets.guard import message_html

    ctl = Controller(explorer.load("dead_mans_dice"))
    for payload in MARKUP:
        for out in (editing.explore(ctl, f"turn: {payload}").message, editing.explore(ctl, payload).message,
                    message_html(payload)):
            assert not _raw(out, payload), (payload, out)


def test_lesson_texts_from_a_file_are_escaped_in_the_header_and_feedback():
    from explorer.lessons.loader import lesson_path, parse_lesson
    from widgets.lesson import LessonPlayer, feedback_html, header_html

    raw = lesson_path("sjoroveroya_odds").read_text(encoding="utf-8")
    for payload in MARKUP[:40]:
        text = json.dumps(payload, ensure_ascii=False)
        head, _, steps = raw.partition("\n[[steps]]")   # the lesson's title and every hint
        head = "\n".join(f"title = {text}" if line.startswith("title = ") else line for line in head.splitlines())
        steps = "\n".join(f"hint = {text}" if line.startswith("hint = ") else line for line in steps.splitlines())
        edited = head + "\n[[steps]]" + steps
        player = LessonPlayer(parse_lesson(edited))
        player.handle({"op": "hint"})
        for out in (header_html(player.progress), feedback_html(player.progress)):
            assert not _raw(out, payload), (payload, out)
