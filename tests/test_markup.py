"""`explorer.core.markup.escape`: one helper that makes user text inert in HTML and in Markdown."""

import html
import json
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
