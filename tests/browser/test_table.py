"""The live table in Chromium (issue #29): a whole 3-player game at three seats in three browser
contexts, every websocket message each seat's page received searched for what the other seats
hold; the host's form in the served app; the teacher's page."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import sys
import time
import urllib.request

import pytest
from playwright.sync_api import expect

import explorer
from explorer.core.play import choose

from .conftest import SHOTS, _pythonpath, free_port, start_server, stop, wait_http
from .explorer_steps import play_on_board

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`panel serve` of the explorer and the table app, with the table pages, tables in a temp file."""
    tmp = tmp_path_factory.mktemp("table-app")
    port = free_port()
    db = tmp / "tables.sqlite3"
    proc = start_server([sys.executable, "-m", "panel", "serve", str(ROOT_APPS / "explorer_app.py"),
                         str(ROOT_APPS / "table_app.py"), "--plugins", "widgets.table.routes", "--port", str(port),
                         "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"],
                        tmp / "panel.log", cwd=ROOT_APPS.parent,
                        env={"PYTHONPATH": _pythonpath(), "PIRATE_TABLES_DB": str(db),
                             "PIRATE_TABLE_BOT_DELAY": "0.1"})
    try:
        wait_http(f"http://127.0.0.1:{port}/table_app", proc)
        yield {"url": f"http://127.0.0.1:{port}", "db": db}
    finally:
        stop(proc)


from .conftest import ROOT  # noqa: E402

ROOT_APPS = ROOT / "apps"


def open_table(served, body: dict) -> dict:
    request = urllib.request.Request(f"{served['url']}/table/api/open", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


class Record:
    """The table's truth, read from its SQLite record: the position after each version."""

    def __init__(self, db, table_id: str, game: explorer.Game) -> None:
        self.db, self.table_id = db, table_id
        self.state = game.new_state()
        self.rows: list[tuple] = []
        self.by_version: dict[int, explorer.State] = {}
        self.steps: list[tuple[int, explorer.State]] = []

    def read(self) -> explorer.State:
        with sqlite3.connect(self.db) as db:
            rows = db.execute("SELECT n, move, version FROM moves WHERE table_id = ? AND n >= ? ORDER BY n",
                              (self.table_id, len(self.rows))).fetchall()
        for n, move, version in rows:
            self.state = self.state.apply(move)
            self.rows.append((n, move, version))
            self.by_version[version] = self.state
            self.steps.append((version, self.state))
        return self.state

    @property
    def version(self) -> int:
        return self.rows[-1][2] if self.rows else 0


def hidden_from(record: Record, seat: int, version: int) -> list[str]:
    """What seat `seat` may not know at `version`, written as the server would write it if it
    leaked: the others' hand cards as the board draws them, their hand lines in the notation,
    the whole truth's odds of the next card, every draw's notation and every private detail."""
    state = record.by_version[version]
    found = []
    hands = state.to_dict()["hands"]
    for other in range(state.game.players):
        if other != seat and hands[other]:
            found.append(f'data-place=\\"P{other + 1}:suit:')            # as JSON writes the SVG's quotes
            hand_line = re.search(rf"^P{other + 1} hand: .*$", state.notation(), re.M).group(0)
            found.append(hand_line)
    truth_odds = re.search(r"Next card from the pile: [^<]*", state.view(None)._repr_svg_())
    if truth_odds and truth_odds.group(0) not in state.view(seat)._repr_svg_():
        found.append(truth_odds.group(0).strip())
    for v, step_state in record.steps:
        if v > version:
            break
        for event in step_state.events:
            if event.detail and event.visible_to != seat:
                found.append(event.detail)
    found += [f'"move":"{move}"' for _, move, v in record.rows if v <= version]
    return found


def test_a_whole_three_player_game_at_three_seats_leaks_nothing(served, browser):
    links = open_table(served, {"game": "sjoroveroya", "players": 3, "seed": 2024,
                                "title": "Three seats", "names": ["Ann", "Bo", "Cy"]})
    game = explorer.load("sjoroveroya", 3)
    record = Record(served["db"], links["table"], game)
    frames: dict[int | None, list[str]] = {0: [], 1: [], 2: [], None: []}
    contexts, pages = [], {}
    for seat, link in [(s["seat"], s["link"]) for s in links["seats"]] + [(None, links["teacher"])]:
        ctx = browser.new_context(viewport={"width": 1200, "height": 900})
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))
        page.on("websocket", lambda ws, s=seat: ws.on("framereceived", lambda payload, s=s: frames[s].append(payload)))
        page.goto(link)
        contexts.append(ctx)
        pages[seat] = page
    for seat in range(3):
        expect(pages[seat].locator(".pre-you")).to_have_text(f"You are {['Ann', 'Bo', 'Cy'][seat]} (Player {seat + 1})")
    rng = random.Random(1)
    policy = game.policies()["rule_of_thumb"](game)
    moves = 0
    started = time.monotonic()
    while True:
        state = record.read()
        if state.is_over:
            break
        assert time.monotonic() - started < 600, "the game took too long"
        mover = state.player
        page = pages[mover]
        version = record.version
        move = choose(state, policy, rng)
        ready = page.locator(f'body[data-version="{version}"][data-turn="yours"]')
        expect(ready).to_have_count(1, timeout=15_000)
        target = state.action_target(move)
        if moves % 4 == 3 and target:          # now and then on the board: its element (and its menu)
            play_on_board(page, str(move), target)
        else:
            page.locator(f'.pre-picker-box button.pre-action[data-move="{move}"]').click()
        deadline = time.monotonic() + 15
        while record.version == version:
            assert time.monotonic() < deadline, f"move {move} of Player {mover + 1} was not made"
            time.sleep(0.02)
            record.read()
        moves += 1
    for seat, page in pages.items():
        expect(page.locator(".pre-banner")).to_contain_text("Game over", timeout=15_000)
        page.screenshot(path=str(SHOTS / f"table-{'teacher' if seat is None else f'seat-{seat + 1}'}.png"),
                        full_page=True)
    # every message each seat received: none holds what another seat holds
    checked = 0
    for seat in range(3):
        assert len(frames[seat]) > moves
        for payload in frames[seat]:
            data = json.loads(payload)
            if data.get("type") != "table":
                continue
            for secret in hidden_from(record, seat, data["version"]):
                assert secret not in payload, f"Player {seat + 1}'s page was sent {secret!r}"
                checked += 1
    assert checked > 1000
    teacher_text = "".join(frames[None])       # the search has teeth: the teacher was sent all of it
    assert 'data-place=\\"P2:suit:' in teacher_text and '"move":"draw' in teacher_text
    assert any(f"Player {p} gets" in teacher_text for p in (1, 2, 3))
    for page in pages.values():
        assert page.errors == []
    for ctx in contexts:
        ctx.close()


def test_the_host_opens_a_table_in_the_served_app_and_the_teacher_runs_it(served, page):
    page.goto(f"{served['url']}/explorer_app")
    page.locator(".pre-mode").get_by_text("Live table").click()
    host = page.locator(".pre-host")
    expect(host).to_be_visible(timeout=30_000)
    host.locator(".pre-host-game select").select_option(label="Dead Man's Dice")
    expect(host.locator(".pre-host-seat-1")).to_be_visible()
    host.locator(".pre-host-seat-1 select").select_option(label="bot: rule of thumb")
    host.locator(".pre-host-name-0 input").fill("<i>Ann</i>")
    host.locator(".pre-host-name-0 input").press("Tab")
    host.locator(".pre-host-title input").fill("Friday <script>x</script>")
    host.locator(".pre-host-title input").press("Tab")
    host.locator(".pre-host-open button").click()
    cards = host.locator(".pre-host-links .pre-seat-card")
    expect(cards).to_have_count(3, timeout=15_000)        # 3 players, as the explorer's own form had it
    expect(cards.first).to_contain_text("<i>Ann</i> (Player 1)")       # the name as typed, as text
    assert host.locator(".pre-host-links i", has_text="Ann").count() == 0
    assert host.locator(".pre-host-links script").count() == 0
    expect(cards.first.locator("svg")).to_be_visible()                   # the QR code
    seat_link = cards.first.locator("a").get_attribute("href")
    teacher_link = host.locator(".pre-teacher-card a").get_attribute("href")
    page.screenshot(path=str(SHOTS / "table-host.png"), full_page=True)

    ctx = page.context.browser.new_context(viewport={"width": 1000, "height": 900})
    seat = ctx.new_page()
    seat.goto(seat_link)
    expect(seat.locator(".pre-you")).to_have_text("You are <i>Ann</i> (Player 1)")
    expect(seat.locator(".pre-title")).to_have_text("Friday <script>x</script> (Dead Man's Dice)")
    seat.reload()                                                       # a reload gets the seat back
    expect(seat.locator(".pre-you")).to_have_text("You are <i>Ann</i> (Player 1)")
    expect(seat.locator(".pre-connection")).to_have_text("Connected")
    teacher = ctx.new_page()
    teacher.goto(teacher_link)
    expect(teacher.locator(".pre-seat-table tbody tr")).to_have_count(3)
    teacher.locator(".pre-pause").click()
    expect(seat.locator(".pre-banner")).to_have_text("Paused by the teacher")
    expect(seat.locator(".pre-picker-box button.pre-action")).to_have_count(0)
    teacher.locator(".pre-pause").click()
    expect(seat.locator(".pre-banner")).to_be_hidden()
    teacher.locator(".pre-show-odds").check()
    # play until a draw is held: the seat's page shows its odds, the teacher rolls
    for _ in range(30):
        if teacher.locator(".pre-roll").is_enabled():
            break
        button = seat.locator(".pre-picker-box button.pre-action").first
        if button.count():
            button.click()
        teacher.wait_for_timeout(300)
    expect(teacher.locator(".pre-roll")).to_be_enabled()
    expect(seat.locator(".pre-odds .pre-bar").first).to_be_visible(timeout=15_000)
    expect(seat.locator(".pre-odds")).to_contain_text("own view")
    expect(teacher.locator(".pre-odds")).to_contain_text("The true odds")
    seat.screenshot(path=str(SHOTS / "table-seat-odds.png"), full_page=True)
    teacher.screenshot(path=str(SHOTS / "table-teacher-odds.png"), full_page=True)
    before = teacher.locator("body").get_attribute("data-steps")
    teacher.locator(".pre-roll").click()
    expect(teacher.locator("body")).not_to_have_attribute("data-steps", before)
    teacher.locator(".pre-show-odds").uncheck()              # off: the held draws are made at once
    expect(teacher.locator(".pre-roll")).to_be_disabled()
    # the what-if board: the explorer at the live position, in the teacher's own tab (the bot has
    # moved by now, if it was its turn: the table waits for a person)
    teacher.wait_for_timeout(1500)
    steps = teacher.locator("body").get_attribute("data-steps")
    whatif = teacher.locator(".pre-whatif").get_attribute("href")
    board = ctx.new_page()
    board.goto(f"{served['url']}{whatif}" if whatif.startswith("/") else whatif)
    expect(board.locator(".pre-board-pane")).to_be_visible(timeout=30_000)
    expect(board.get_by_text("the table is not touched")).to_be_visible()
    board.locator(".pre-picker .pre-action").first.click()
    board.wait_for_timeout(500)
    assert teacher.locator("body").get_attribute("data-steps") == steps       # the table did not move
    board.screenshot(path=str(SHOTS / "table-whatif.png"), full_page=True)
    ctx.close()
