"""The table server over its real websocket (issue #29): seats kept, moves checked, races, bots,
the teacher's switches, the what-if and the analysis file; a restart is in test_table_restart.py."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import urllib.error
import urllib.request

import pytest
from table_clients import Client, run

import explorer
from explorer.analysis.tree import PositionTree
from widgets.table.local import LocalTables


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    with LocalTables(db, bot_delay=0.05) as tables:
        yield tables


def open_table(server, name="sjoroveroya", players=("person", "person", "person"), seed=7, **kw):
    return server.open(explorer.load(name, len(players), **kw.pop("options", {})), list(players), seed=seed, **kw)


def record_length(server, links) -> int:
    with sqlite3.connect(server.hub.store.path) as db:
        return db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (links["table"],)).fetchone()[0]


def test_a_page_that_reconnects_gets_its_seat_back(server):
    links = open_table(server)

    async def go():
        teacher = await Client.open(links["teacher"])
        first = await Client.open(links["seats"][1]["link"])
        hello = await first.table()
        assert hello["you"] == 1 and hello["you_label"] == "Player 2" and "rules" in hello
        await teacher.wait(lambda m: m.get("type") == "table" and m["seats"][1]["here"])
        first.close()
        await teacher.wait(lambda m: m.get("type") == "table" and not m["seats"][1]["here"])
        again = await Client.open(links["seats"][1]["link"])
        back = await again.table()
        assert back["you"] == 1 and back["version"] == hello["version"]
        assert back["board"]["svg"] == hello["board"]["svg"]
        assert back["log"]["from"] == 0 and back["log"]["lines"] == hello["log"]["lines"]
        await teacher.wait(lambda m: m.get("type") == "table" and m["seats"][1]["here"])
        again.send(op="sync")                       # a page that lost track asks for everything again
        whole = await again.wait(lambda m: m.get("type") == "table" and m is not back and m["log"]["from"] == 0)
        assert whole["log"]["lines"] == hello["log"]["lines"]
        teacher.send(op="pause", paused=True)       # and then gets only what is new
        after = await again.wait(lambda m: m.get("type") == "table" and m["paused"])
        assert after["log"] == {"from": len(hello["log"]["lines"]), "lines": []}   # "from" counts lines
        teacher.send(op="pause", paused=False)
        again.close()
        teacher.close()

    run(go())


def test_a_move_out_of_turn_or_forged_is_refused_and_changes_nothing(server):
    links = open_table(server)
    before = server.table(links)
    mover = before.state.player
    other = (mover + 1) % 3
    legal = str(before.state.legal_actions()[0])
    count = record_length(server, links)

    async def go():
        page = await Client.open(links["seats"][other]["link"])
        hello = await page.table()
        assert hello["board"]["actions"] == [] and hello["picker"]["groups"] == []
        forged = [{"op": "play", "move": legal, "version": hello["version"]},                 # not its turn
                  {"op": "play", "move": legal, "version": hello["version"], "seat": mover},  # a seat it is not
                  {"op": "pause", "paused": True},                                             # the teacher's
                  {"op": "seat", "seat": mover, "player": "random"},
                  {"op": "roll"}, {"op": "take_back"}, {"op": "hack"}, {"nothing": 1}]
        for request in forged:
            page.send(**request)
        page.conn.write_message("not json")
        page.conn.write_message("[" * 5000)
        expected = len(forged) + 2
        await page.wait(lambda m: sum(x.get("type") == "refused" for x in page.messages) >= expected)
        refusals = [m for m in page.messages if m.get("type") == "refused"]
        assert len(refusals) == expected
        assert [r.get("field") for r in refusals[2:]] == ["op", "op", "op", "seat", "op", "request", "request",
                                                          "request"]
        assert refusals[0]["field"] == "turn" and "not Player" in refusals[0]["reason"]
        assert refusals[1]["field"] == "turn"
        page.close()

    run(go())
    after = server.table(links)
    assert after is before                     # the very same value: nothing changed
    assert record_length(server, links) == count


def test_an_illegal_or_stale_move_from_the_seat_to_move_is_refused_with_its_rule(server):
    links = open_table(server)
    before = server.table(links)
    mover = before.state.player

    async def go():
        page = await Client.open(links["seats"][mover]["link"])
        hello = await page.table()
        assert hello["board"]["actions"]
        page.send(op="play", move="draw H", version=hello["version"])      # a draw is chance's, not a move
        illegal = await page.wait(lambda m: m.get("type") == "refused")
        assert illegal["rule"] and illegal["reason"]
        page.send(op="play", move=hello["board"]["actions"][0]["id"], version=hello["version"] - 1)
        stale = await page.wait(lambda m: m.get("type") == "refused" and m is not illegal)
        assert stale["field"] == "version"
        page.close()

    run(go())
    assert server.table(links) is before


def test_two_racing_clicks_make_one_move(server):
    links = open_table(server)
    before = server.table(links)
    mover = before.state.player
    count = record_length(server, links)

    async def go():
        one = await Client.open(links["seats"][mover]["link"])
        two = await Client.open(links["seats"][mover]["link"])      # the same seat on a phone and a laptop
        hello = await one.table()
        await two.table()
        ids = [a["id"] for a in hello["board"]["actions"]]
        # the same click twice from one page, and a different move from the other page, at once
        one.send(op="play", move=ids[0], version=hello["version"])
        one.send(op="play", move=ids[0], version=hello["version"])
        two.send(op="play", move=ids[-1], version=hello["version"])
        await one.version(hello["version"] + 1)
        refusals = lambda: [m for c in (one, two) for m in c.messages if m.get("type") == "refused"]  # noqa: E731
        for _ in range(200):                   # whichever came first moved; the others were late
            if len(refusals()) >= 2:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        assert len(refusals()) == 2 and all(r["field"] == "version" for r in refusals())
        one.close()
        two.close()

    run(go())
    after = server.table(links)
    assert after.version == before.version + 1
    with sqlite3.connect(server.hub.store.path) as db:
        moves = db.execute("SELECT seat FROM moves WHERE table_id = ? AND n >= ?", (links["table"], count)).fetchall()
    assert [seat for (seat,) in moves if seat is not None] == [mover]     # one move by a seat, then draws


def test_bots_play_their_seats_and_a_seat_can_be_handed_to_a_bot_and_taken_back(server):
    links = open_table(server, players=("person", "rule_of_thumb", "random"), seed=11)

    async def go():
        teacher = await Client.open(links["teacher"])
        person = await Client.open(links["seats"][0]["link"])
        msg = await person.wait(lambda m: m.get("type") == "table" and m["board"]["actions"])
        for _ in range(3):      # the person moves; the bots answer until it is the person's turn again
            person.send(op="play", move=msg["board"]["actions"][0]["id"], version=msg["version"])
            msg = await person.wait(lambda m, v=msg["version"]: m.get("type") == "table" and m["version"] > v
                                    and (m["board"]["actions"] or m["over"]))
        by = {line["who"] for line in msg["log"]["lines"]} | {line["who"] for m in person.messages
                                                             if m.get("type") == "table" for line in m["log"]["lines"]}
        assert {"P2", "P3"} <= by
        person.close()
        teacher.send(op="seat", seat=0, player="rule_of_thumb")        # Player 1 left: a bot plays for them
        moved = await teacher.wait(lambda m: m.get("type") == "table" and m["version"] > msg["version"] + 2,
                                   timeout=20)
        assert moved["seats"][0]["bot"]
        back = await Client.open(links["seats"][0]["link"])
        seen = await back.table()
        assert seen["board"]["actions"] == [] and seen["seats"][0]["bot"]
        back.send(op="take_back")
        mine = await back.wait(lambda m: m.get("type") == "table" and not m["seats"][0]["bot"])
        assert "took their seat back" in mine["notice"]
        back.close()
        teacher.close()

    run(go())


def test_the_teacher_pauses_and_resumes_and_shows_everyone_the_odds(server):
    links = open_table(server, name="dead_mans_dice", players=("person", "person"), seed=3)

    async def go():
        teacher = await Client.open(links["teacher"])
        seat = await Client.open(links["seats"][0]["link"])
        other = await Client.open(links["seats"][1]["link"])
        t = await teacher.table()
        mover = seat if t["seats"][0]["turn"] else other
        teacher.send(op="pause", paused=True)
        paused = await mover.wait(lambda m: m.get("type") == "table" and m["paused"])
        assert paused["board"]["actions"] == [] and "Paused" in paused["board"]["status"]
        mover.send(op="play", move="anything", version=paused["version"])
        refused = await mover.wait(lambda m: m.get("type") == "refused")
        assert refused["field"] == "table" and "paused" in refused["reason"]
        teacher.send(op="pause", paused=False)
        teacher.send(op="show_odds", on=True)
        ready = await mover.wait(lambda m: m.get("type") == "table" and m["show_odds"] and m["board"]["actions"])
        mover.send(op="play", move=ready["board"]["actions"][0]["id"], version=ready["version"])
        held = await teacher.wait(lambda m: m.get("type") == "table" and m["holding"] and m["odds"]
                                  and m["odds"].get("seats"))
        assert held["odds"]["truth"]["rows"]
        for page in (seat, other):
            mine = await page.wait(lambda m: m.get("type") == "table" and m["holding"] and m["odds"]["rows"])
            assert "own view" in mine["odds"]["note"] and all(r["id"] is None for r in mine["odds"]["rows"])
        teacher.send(op="roll")
        rolled = await teacher.wait(lambda m: m.get("type") == "table" and m["version"] > held["version"])
        assert rolled["log"]["lines"]
        teacher.send(op="show_odds", on=False)
        off = await teacher.wait(lambda m: m.get("type") == "table" and not m["show_odds"])
        assert not off["holding"]
        for page in (teacher, seat, other):
            page.close()

    run(go())


def test_the_teachers_what_if_and_analysis_file_leave_the_table_unchanged(server):
    links = open_table(server, players=("person", "rule_of_thumb", "rule_of_thumb"), seed=5)

    async def go():
        person = await Client.open(links["seats"][0]["link"])
        msg = await person.wait(lambda m: m.get("type") == "table" and m["board"]["actions"])
        person.send(op="play", move=msg["board"]["actions"][0]["id"], version=msg["version"])
        await person.wait(lambda m: m.get("type") == "table" and m["version"] > msg["version"]
                          and m["board"]["actions"], timeout=20)
        person.close()

    run(go())
    before = server.table(links)
    board = server.whatif(links)
    ctl = board.controller
    assert ctl.state == before.state                       # the what-if opens at the live position
    for _ in range(4):                                     # the teacher's own analysis moves on
        if ctl.state.is_chance:
            ctl.roll()
        else:
            ctl.play(ctl.state.legal_actions()[-1])
    assert ctl.state != before.state
    assert server.table(links) is before                   # the table did not move
    with urllib.request.urlopen(links["export"]) as answer:
        assert "attachment" in answer.headers["Content-Disposition"]
        tree = PositionTree.from_json(answer.read().decode())
    assert tree.state(tree.mainline()) == before.state
    with pytest.raises(urllib.error.HTTPError) as refused:       # a seat's token opens no analysis file
        urllib.request.urlopen(links["seats"][0]["link"].replace("/seat/", "/export/") + ".json")
    assert refused.value.code == 404


def test_opening_a_table_over_http_names_what_is_wrong(server):
    def post(body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(f"{server.url}/table/api/open", json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    status, links = post({"game": "pirate_rush", "players": 3, "seats": ["person", "rule_of_thumb", "random"],
                          "names": ["<b>Anna</b>"], "title": "Class 4b"})
    assert status == 200 and links["seats"][0]["label"] == "<b>Anna</b> (Player 1)" and links["title"] == "Class 4b"
    assert post({"game": "chess"}) [0] == 400
    assert post({"game": "pirate_rush", "players": 9})[1]["field"] == "players"
    assert post({"game": "sjoroveroya", "players": 2, "seats": ["person", "wizard"]})[1]["field"] == "seats.1"
    assert post({"game": "sjoroveroya", "options": {"open_hands": "yes"}})[1]["field"] == "options.open_hands"
    with urllib.request.urlopen(links["seats"][1]["qr"]) as answer:
        assert answer.headers["Content-Type"] == "image/svg+xml" and b"<svg" in answer.read()
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{server.url}/table/seat/not-a-real-token-at-all")
