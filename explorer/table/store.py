"""Tables kept in SQLite (the standard library's): the set-up once, the moves as an append-only record.

A table is its game, seats and switches (one row each, the switches updated in place) plus the
record of its moves, which triggers keep append-only: no move is ever changed or removed. A
server that starts again reads every table back and replays its record, each move checked, so
every table resumes where it was. The file is `default_path()` unless one is given.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from explorer.core.errors import ExplorerError, PositionError
from explorer.table.table import Seat, Step, Table, rebuild

ENV = "PIRATE_TABLES_DB"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, title TEXT NOT NULL,
    teacher_token TEXT NOT NULL UNIQUE, created REAL NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0, show_odds INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE,
    player TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, move TEXT NOT NULL, seat INTEGER,
    by TEXT NOT NULL, version INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, n));
CREATE TRIGGER IF NOT EXISTS moves_append_only_update BEFORE UPDATE ON moves
    BEGIN SELECT RAISE(ABORT, 'the record of moves is append-only'); END;
CREATE TRIGGER IF NOT EXISTS moves_append_only_delete BEFORE DELETE ON moves
    BEGIN SELECT RAISE(ABORT, 'the record of moves is append-only'); END;
"""


def default_path() -> Path:
    """``$PIRATE_TABLES_DB``, else ``tables.sqlite3`` in the user's data folder
    (``$XDG_DATA_HOME/pirate-rules-explorer``, ``~/.local/share/pirate-rules-explorer``)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "pirate-rules-explorer" / "tables.sqlite3"


@dataclass(frozen=True, slots=True)
class Stored:
    """A table read back: its current value and every step of its record, with events."""

    table: Table
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Broken:
    """A table whose record no longer replays (the error names the step); it is left as stored."""

    id: str
    error: str


class Store:
    """One SQLite file of tables. Use it from one thread (the server's event loop)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        where = default_path() if path is None else path
        if str(where) != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(where)
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.db.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode = WAL")     # readers (exports, tests) never block a move
            self.db.execute("PRAGMA synchronous = NORMAL")   # a committed move survives the server's crash
        found = self.db.execute("PRAGMA user_version").fetchone()[0]
        if found not in (0, SCHEMA_VERSION):
            raise PositionError("store", f"{self.path} holds tables of schema {found}, not {SCHEMA_VERSION}")
        with self.db:
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self.db.close()

    # -- writing ------------------------------------------------------------------------------
    def create(self, table: Table, steps: Iterable[Step] = ()) -> None:
        """Keep a new table with the steps of its set-up, in one transaction."""
        with self.db:
            self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (table.id, json.dumps(table.game.to_dict()), table.seed, table.title,
                             table.teacher_token, table.created, int(table.paused), int(table.show_odds)))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                                [(table.id, s.index, s.token, s.player, s.name) for s in table.seats])
            self._append(table.id, steps)

    def append(self, table_id: str, steps: Iterable[Step]) -> None:
        """Add steps at the end of the record, in one transaction; a number already taken fails."""
        with self.db:
            self._append(table_id, steps)

    def _append(self, table_id: str, steps: Iterable[Step]) -> None:
        self.db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [(table_id, s.n, s.move, s.seat, s.by, s.version, s.at) for s in steps])

    def save_switches(self, table: Table) -> None:
        """The table's pause and "show everyone" switches and who plays each seat."""
        with self.db:
            self.db.execute("UPDATE tables SET paused = ?, show_odds = ? WHERE id = ?",
                            (int(table.paused), int(table.show_odds), table.id))
            self.db.executemany("UPDATE seats SET player = ? WHERE table_id = ? AND seat = ?",
                                [(s.player, table.id, s.index) for s in table.seats])

    # -- reading ------------------------------------------------------------------------------
    def moves(self, table_id: str) -> list[tuple]:
        """The record of one table: (n, move, seat, by, version, at) rows in order."""
        return self.db.execute("SELECT n, move, seat, by, version, at FROM moves WHERE table_id = ? ORDER BY n",
                               (table_id,)).fetchall()

    def ids(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM tables ORDER BY created, id")]

    def load(self, table_id: str) -> Stored:
        """One table as it was left, its record replayed and checked; `PositionError` if it cannot be."""
        import explorer

        row = self.db.execute("SELECT game, seed, title, teacher_token, created, paused, show_odds FROM tables "
                              "WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise PositionError("table", f"no table {table_id!r} in {self.path}")
        game_data, seed, title, teacher, created, paused, show_odds = row
        data = json.loads(game_data)
        game = explorer.load(data["name"], data["players"], **data["options"])
        seats = tuple(Seat(i, token, player, name) for i, token, player, name in self.db.execute(
            "SELECT seat, token, player, name FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))
        record = self.moves(table_id)
        if [r[0] for r in record] != list(range(len(record))):
            raise PositionError("moves", f"table {table_id}: the record has gaps")
        state, events = rebuild(game, [r[1] for r in record])
        steps = tuple(Step(n, move, seat, by, version, ev, at)
                      for (n, move, seat, by, version, at), ev in zip(record, events, strict=True))
        version = max((s.version for s in steps), default=0)
        table = Table(table_id, game, seed, title, seats, teacher, state, len(steps), version,
                      bool(paused), bool(show_odds), created)
        return Stored(table, steps)

    def load_all(self) -> tuple[list[Stored], list[Broken]]:
        """Every table in the file; one that no longer replays is reported, not fatal."""
        found, broken = [], []
        for table_id in self.ids():
            try:
                found.append(self.load(table_id))
            except (ExplorerError, KeyError, ValueError, TypeError) as err:
                broken.append(Broken(table_id, str(err)))
        return found, broken

