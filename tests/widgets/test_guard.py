"""Every entry point shows its message on the page (issue #25 point 3): a mistake in its own words,
escaped; a bug as a short reference on the page with the full traceback in the server log."""

import logging
import re

import panel as pn
import pytest

import explorer
from explorer.core.errors import PositionError
from widgets.controller import Controller
from widgets.guard import guarded

PAYLOAD = "<img src=x onerror=window.__xss=1>"


def test_a_mistake_is_shown_escaped_and_a_bug_as_a_reference_with_the_traceback_logged(caplog):
    shown = []

    @guarded("the test", shown.append, prefix="link: ")
    def fails(err):
        raise err

    fails(PositionError("game", f"no game named {PAYLOAD}"))
    assert shown[-1].startswith('<span class="pre-error"') and "link: game: no game named &lt;img" in shown[-1]
    assert "<img" not in shown[-1]
    with caplog.at_level(logging.ERROR, logger="pirate_rules_explorer"):
        fails(KeyError("ship"))
    ref = re.search(r"reference ([0-9a-f]{8})", shown[-1]).group(1)
    assert "Something went wrong in the test" in shown[-1] and "pre-unexpected" in shown[-1]
    (record,) = caplog.records
    assert ref in record.getMessage() and record.exc_info[0] is KeyError


def test_a_request_that_hits_a_bug_shows_a_reference_in_the_views(caplog, monkeypatch):
    ctl = Controller(explorer.load("sjoroveroya"))
    monkeypatch.setattr(ctl, "first", lambda: {}["x"])
    with caplog.at_level(logging.ERROR, logger="pirate_rules_explorer"):
        ctl.handle({"op": "first"})
    assert re.fullmatch(r"Something went wrong in the 'first' request \(reference [0-9a-f]{8}\); "
                        r"the details are in the server log\.", ctl.error)
    assert "KeyError" in caplog.text


def _app(args, monkeypatch):
    from widgets.served import app

    monkeypatch.setattr(pn.state, "_session_args", {}, raising=False)
    monkeypatch.setattr(type(pn.state), "session_args", property(lambda self: args))
    return app()


@pytest.mark.parametrize(("args", "shown"), [
    ({"game": [b'"><script>window.__xss=3</script>']}, "link: game: no game named &#x27;&quot;&gt;&lt;script&gt;"),
    ({"game": [b"last_bottle_of_rum"], "opt.weather": [b"<script>window.__xss=4</script>"]}, "link: options.weather"),
    ({"game": [b"sjoroveroya"], "line": [b"<script>window.__xss=5</script>"]}, "link: line.0: move 1"),
    ({"game": [b"dead_mans_dice"], "line": [b"foo P1"]}, "link: line.0: move 1 &#x27;foo P1&#x27;"),
    ({"game": [b"dead_mans_dice"], "players": ["²".encode()]}, "link: players: &#x27;²&#x27; is not a number"),
    ({"game": [b"dead_mans_dice"], "players": [b"0"]}, "link: players: Dead Man&#x27;s Dice is for 2-6 players"),
    ({"game": [b"dead_mans_dice"], "players": [b"9" * 5000]}, "link: players: a link argument of 5,000 characters"),
    ({"game": [b"last_bottle_of_rum"], "opt.weather": [b"9" * 5000]}, "link: opt.weather: a link argument"),
    ({"game": [b"last_bottle_of_rum"], "opt.weather": [b"[" * 5000]}, "link: opt.weather: a link argument"),
    ({"game": [b"last_bottle_of_rum"], "opt.weather": [b"[" * 1000]}, "link: opt.weather: nested 1,000 levels"),
], ids=["game-script", "option-script", "line-script", "line-foo-P1", "players-superscript", "players-0",
        "players-5000-digits", "option-5000-digits", "option-nested-5000", "option-nested-1000"])
def test_every_bad_link_shows_its_message_escaped_on_the_page(args, shown, monkeypatch):
    page = _app(args, monkeypatch)
    message = page.objects[2].object
    assert shown in message and "<script" not in message
    assert page.objects[3].objects, "the page shows a board even when the link is refused"


def test_a_lesson_file_with_a_mistake_or_markup_says_so_on_the_page():
    from widgets.served_lesson import learn_view

    view = learn_view("sjoroveroya")
    opener = next(o for o in view.objects[2].objects if isinstance(o, pn.widgets.FileInput))
    message = view.objects[3]
    opener.filename = "<b>x</b>.toml"
    opener.value = b"title = 1"
    assert "lesson &lt;b&gt;x&lt;/b&gt;.toml: title: missing" in message.object and "<b>x" not in message.object
    opener.value = b"\xff\xfe"
    assert "is not UTF-8 text (byte 0)" in message.object
    assert [o.css_classes for o in view.holder.objects] == [["pre-lesson-list"]]   # no lesson opened: the list


@pytest.mark.parametrize(("args", "unreadable"), [
    ({"players": ["²".encode()]}, "players"), ({"x": [b"9" * 5000]}, "x"), ({"opt.weather": [b"[" * 5000]}, None),
    ({"game": [b"sjoroveroya"], "players": [b"3"]}, None),
], ids=["superscript", "5000-digits", "deep-brackets", "plain"])
def test_an_address_panel_cannot_read_is_served_without_a_synced_location(args, unreadable):
    """Panel's Location reads '²' and 5,000 digits with int() and fails in the page's set-up."""
    from widgets.served import unreadable_argument

    assert unreadable_argument(args) == unreadable


def test_a_link_with_such_a_value_says_so_and_does_not_keep_the_address(monkeypatch):
    page = _app({"game": [b"sjoroveroya"], "x": ["²".encode()]}, monkeypatch)
    assert "link: x: a value this server cannot keep in the page&#x27;s address" in page.objects[2].object
    assert page.keeps_address is False and page.objects[3].objects
