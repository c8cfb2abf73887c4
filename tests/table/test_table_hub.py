"""The hub without a socket: a table left half-drawn by a crash is drawn on when the server starts again."""

from __future__ import annotations

from dataclasses import replace

from table_clients import run

import explorer
from explorer.table import table as tables
from explorer.table.store import Store
from widgets.table.hub import Hub


def test_a_draw_left_unmade_by_a_crash_is_made_when_the_server_starts_again(tmp_path):
    path = tmp_path / "tables.sqlite3"
    hub = Hub(Store(path))
    table = hub.open(explorer.load("dead_mans_dice", 2), ["person", "person"], seed=4)
    hub._apply(tables.set_show_odds(table, True))
    table = hub.tables[table.id]
    hub._apply(tables.play(table, table.state.player, str(table.state.legal_actions()[0]), table.version))
    held = hub.tables[table.id]
    assert held.holding
    hub.store.save_switches(replace(held, show_odds=False))    # the switch was kept, then the server died
    hub.store.close()

    async def restart() -> Hub:
        again = Hub(Store(path))
        again.start()
        return again

    again = run(restart())
    resumed = again.tables[table.id]
    assert not resumed.show_odds and not resumed.state.is_chance
    assert again.store.load(table.id).table.state == resumed.state      # and the draws are in the record
