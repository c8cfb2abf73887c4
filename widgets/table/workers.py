"""The hub's background work: bots thinking and odds being weighed in worker threads.

A worker gets an immutable snapshot of the table and nothing else; its result is used only if the
table is still at the version it was given (a bot's move goes through `explorer.table.play` like a
person's). Mixed into `widgets.table.hub.Hub`, whose tables, runtimes and executor it uses.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from explorer.table import table as tables
from explorer.table.table import PERSON
from widgets.table import messages

log = logging.getLogger(__name__)


class Workers:
    """Bots and odds for `Hub` (which sets `tables`, `runtime`, `executor`, `tasks`, `bot_delay`)."""

    tables: dict
    runtime: Any
    executor: Any
    tasks: set
    bot_delay: float
    clock: Any

    def _apply(self, result: Any, notice: str = "") -> None:
        raise NotImplementedError

    def _broadcast(self, table_id: str) -> None:
        raise NotImplementedError

    # -- bots and odds -----------------------------------------------------------------------
    def _schedule(self, table_id: str) -> None:
        """If a bot is to move at this table, let it think after `bot_delay` seconds."""
        table, runtime = self.tables[table_id], self.runtime[table_id]
        state = table.state
        if runtime.thinking or table.paused or state.is_over or state.is_chance or runtime.stuck == table.version:
            return
        if not table.seats[state.player].is_bot:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:              # no loop yet (the server has not started): `start` does it
            return
        runtime.thinking = True
        loop.call_later(self.bot_delay, lambda: self._task(loop, self._bot_turn(table_id, table.version)))

    def _task(self, loop: asyncio.AbstractEventLoop, work: Any) -> None:
        """Run `work` on the loop, held until it is done (a task nobody holds may be collected)."""
        task = loop.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot_turn(self, table_id: str, version: int) -> None:
        runtime = self.runtime[table_id]
        try:
            table = self.tables[table_id]
            if table.version != version or table.paused or table.state.is_over or table.state.is_chance:
                return
            seat = table.state.player
            name = table.seats[seat].player
            if name == PERSON:
                return
            policy = runtime.bots.get((seat, name))
            if policy is None:
                policy = runtime.bots[(seat, name)] = tables.make_bot(table.game, name)
            move = await asyncio.get_running_loop().run_in_executor(self.executor, tables.choose_bot_move,
                                                                    table, policy)
            current = self.tables[table_id]
            if (current.version, current.paused, current.seats[seat].player) == (version, False, name):
                self._apply(tables.play(current, seat, move, version, self.clock, by=name))
        except Exception as err:          # a bot that cannot move says so and waits for a change
            log.exception("bot at table %s", table_id)
            runtime.stuck = version
            runtime.notice = f"The bot could not move: {err}"
            self._broadcast(table_id)
        finally:
            runtime.thinking = False
            self._schedule(table_id)

    def _weigh_odds(self, table_id: str) -> None:
        """In "show everyone" mode at a held draw: weigh each page's odds in a worker, then show them."""
        table, runtime = self.tables[table_id], self.runtime[table_id]
        if not table.holding or runtime.odds_version == table.version:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            runtime.odds = {None: messages.teacher_odds(table) or {},
                            **{s.index: messages.odds_for(table, s.index) or {} for s in table.seats}}
            runtime.odds_version = table.version
            return
        version = table.version

        def weigh() -> dict:
            found: dict[int | None, dict] = {None: messages.teacher_odds(table) or {}}
            for seat in table.seats:
                found[seat.index] = messages.odds_for(table, seat.index) or {}
            return found

        async def run() -> None:
            try:
                found = await loop.run_in_executor(self.executor, weigh)
            except Exception as err:
                log.exception("odds at table %s", table_id)
                found = {key: {"rows": [], "note": f"The odds could not be weighed: {err}"}
                         for key in [None, *range(len(table.seats))]}
            if self.tables[table_id].version == version:
                runtime.odds, runtime.odds_version = found, version
                self._broadcast(table_id)

        self._task(loop, run())
