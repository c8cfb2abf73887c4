"""A table server killed mid-game and started again resumes every table from SQLite where it was."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from table_clients import Client, run

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow      # a server or a kernel of its own


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path, port: int, log: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "widgets.table", "--db", str(db), "--port", str(port),
                             "--bot-delay", "0.05"], cwd=ROOT, stdout=log.open("a"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.2)
    raise TimeoutError(log.read_text())


def kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)       # a crash, not a clean stop: nothing is written on the way out
        proc.wait(10)


def open_table(port: int, body: dict) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/table/api/open", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


async def play_moves(links: dict, moves: int) -> dict:
    teacher = await Client.open(links["teacher"])
    seats = [await Client.open(s["link"]) for s in links["seats"]]
    now = await teacher.table()
    for _ in range(moves):
        mover = next(s["seat"] for s in now["seats"] if s["turn"])
        page = seats[mover]
        mine = await page.wait(lambda m, v=now["version"]: m.get("type") == "table" and m["version"] == v
                               and m["board"]["actions"])
        page.send(op="play", move=mine["board"]["actions"][-1]["id"], version=now["version"])
        now = await teacher.version(now["version"] + 1)
    await asyncio.sleep(0.2)
    last = teacher.last
    for page in (teacher, *seats):
        page.close()
    return last


async def snapshot(links: dict) -> tuple[dict, list[dict]]:
    teacher = await Client.open(links["teacher"])
    seats = [await Client.open(s["link"]) for s in links["seats"]]
    found = (await teacher.table(), [await s.table() for s in seats])
    for page in (teacher, *seats):
        page.close()
    return found


def test_a_server_restart_mid_game_resumes_every_table_from_sqlite(tmp_path):
    db, port, log = tmp_path / "tables.sqlite3", free_port(), tmp_path / "server.log"
    proc = start(db, port, log)
    try:
        games = [{"game": "sjoroveroya", "players": 3}, {"game": "last_bottle_of_rum", "players": 2},
                 {"game": "pirate_rush", "players": 3}]
        tables = [open_table(port, {**g, "seed": 9}) for g in games]
        before = [run(play_moves(links, 4)) for links in tables]
        seen_before = [run(snapshot(links)) for links in tables]
    finally:
        kill(proc)
    proc = start(db, port, log)
    try:
        for links, last, (teacher_before, seats_before) in zip(tables, before, seen_before, strict=True):
            teacher, seats = run(snapshot(links))
            assert (teacher["position"], teacher["steps"], teacher["version"]) == \
                   (last["position"], last["steps"], last["version"])
            assert teacher["position"] == teacher_before["position"]
            for mine, old in zip(seats, seats_before, strict=True):
                assert mine["board"] == old["board"] and mine["log"]["lines"] == old["log"]["lines"]
        after = run(play_moves(tables[0], 1))        # and the resumed table plays on
        assert after["version"] == before[0]["version"] + 1
    finally:
        kill(proc)
