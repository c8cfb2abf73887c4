"""The host's form in the served app (issue #29): the Live table mode opens a table with a person or a
bot per seat, escapes every name and title, and gives each seat a link and a QR code."""

from __future__ import annotations

import html

import pytest

from explorer.table.store import Store
from widgets.table import routes
from widgets.table.hub import Hub


@pytest.fixture
def hub(tmp_path, monkeypatch):
    tables = Hub(Store(tmp_path / "tables.sqlite3"))
    monkeypatch.setattr(routes, "_hub", tables)      # this process's tables, in a file of the test's own
    return tables


def host_of(app):
    row = app.objects[1].objects
    mode = next(w for w in row if "pre-mode" in w.css_classes)
    mode.value = "Live table"
    return app.objects[3].objects[0]


def widget(layout, css):
    """The first widget in `layout` (searched through) carrying the CSS class `css`."""
    stack = [layout]
    while stack:
        item = stack.pop(0)
        if css in (getattr(item, "css_classes", None) or []):
            return item
        stack.extend(getattr(item, "objects", []) or [])
    raise LookupError(css)


def test_the_live_table_mode_opens_a_table_with_escaped_names_and_a_qr_code_per_seat(hub):
    from widgets.served import app

    host = host_of(app())
    widget(host, "pre-host-game").value = "sjoroveroya"
    widget(host, "pre-host-players").value = 3
    widget(host, "pre-host-seat-2").value = "rule_of_thumb"
    widget(host, "pre-host-name-0").value = "<img src=x onerror=alert(1)>"
    widget(host, "pre-host-title").value = "Class <b>4b</b>"
    widget(host, "pre-host-open").clicks += 1
    (table,) = hub.tables.values()
    assert [s.player for s in table.seats] == ["person", "person", "rule_of_thumb"]
    assert table.title == "Class <b>4b</b>" and table.seats[0].name == "<img src=x onerror=alert(1)>"
    shown = widget(host, "pre-host-links").object
    assert "<img src=x" not in shown and "&lt;img src=x onerror=alert(1)&gt; (Player 1)" in shown
    assert "<b>4b</b>" not in shown and "Class &lt;b&gt;4b&lt;/b&gt;" in shown
    links = html.unescape(shown)   # tokens may hold _ (escaped as &#95;): read them as the page does
    for seat in table.seats:
        assert f"/table/seat/{seat.token}" in links
    assert f"/table/teacher/{table.teacher_token}" in links


def test_a_bad_option_names_itself_and_opens_nothing(hub):
    from widgets.served import app

    host = host_of(app())
    widget(host, "pre-host-game").value = "sjoroveroya"
    options = widget(host, "pre-host-open")
    start_size = next(w for w in _all(host) if (getattr(w, "label", "") or "").startswith("start hand size"))
    start_size.value = "lots"
    options.clicks += 1
    assert hub.tables == {}
    assert "options.start_hand_size" in html.unescape(widget(host, "pre-host-message").object)


def _all(layout):
    stack = [layout]
    while stack:
        item = stack.pop(0)
        yield item
        stack.extend(getattr(item, "objects", []) or [])


def test_each_seat_and_the_teacher_get_a_qr_code_of_their_link(hub):
    from widgets.table.host import host_view

    host = host_view(hub, first="pirate_rush", players=3, base="http://192.168.1.5:5006")
    widget(host, "pre-host-open").clicks += 1
    (table,) = hub.tables.values()
    shown = html.unescape(widget(host, "pre-host-links").object)   # the text and links the page shows
    assert shown.count("<svg") == 4 and "localhost" not in shown
    assert f'href="http://192.168.1.5:5006/table/seat/{table.seats[0].token}"' in shown


def test_V20_V21_pirate_rush_lists_its_new_options_and_opens_a_table_with_them(hub):
    from widgets.served import app

    host = host_of(app())
    widget(host, "pre-host-game").value = "pirate_rush"
    labels = {(getattr(w, "label", "") or ""): w for w in _all(host)}
    assert "cabin boy looks (V20)" in labels and "qm islands (V21)" in labels
    labels["cabin boy looks (V20)"].value = 3
    labels["qm islands (V21)"].value = "skipped"
    widget(host, "pre-host-open").clicks += 1
    (table,) = hub.tables.values()
    assert table.game.options["cabin_boy_looks"] == 3 and table.game.options["qm_islands"] == "skipped"
