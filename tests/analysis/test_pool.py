"""The engine's worker pool (explorer.analysis.pool) and its event-loop twin
(explorer.analysis.cooperative): caps per pool and per session, the round-robin queue,
cancellation on a node change and on a closed session, the same figures as the in-process
engine, and the cooperative mode that never starts a thread or a process."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import os
import random
import re
import signal
import threading
import time

import pytest
from pool_jobs import busy, counting, endless, failing, niceness, wait_for
from toy_games import DiceGame

import explorer
from explorer.analysis import cooperative
from explorer.analysis.cooperative import LoopRunner, engine_service
from explorer.analysis.pool import JobPool
from explorer.analysis.pool_worker import portable, restore, verdict_job
from explorer.analysis.verdict import refine
from explorer.core.errors import PositionError
from widgets.controller import Controller
from widgets.engine import EngineRunner


@pytest.fixture
def make_pool():
    pools: list[JobPool] = []

    def make(*args, **kwargs) -> JobPool:
        pools.append(JobPool(*args, **kwargs))
        return pools[-1]

    yield make
    for pool in pools:
        pool.close()


def watch_running(pool: JobPool, jobs) -> list[list]:
    """Samples of which jobs run, taken until every job has ended."""
    seen = []
    while not all(job.ended.is_set() for job in jobs):
        seen.append([(job.session, job.id) for job in pool.running()])
        time.sleep(0.002)
    return seen


class TestCaps:
    def test_no_more_slices_at_once_than_workers(self, make_pool):
        pool = make_pool(2, per_session=4, slice_seconds=0.02)
        got: list = []
        jobs = [pool.submit(f"page-{i}", busy, (0.3,), on_value=got.append) for i in range(5)]
        seen = watch_running(pool, jobs)
        assert max(len(s) for s in seen) == 2
        assert len(got) == 5 and len({pid for _, pid, _ in got}) <= 2      # two processes did it all
        assert os.getpid() not in {pid for _, pid, _ in got}              # never this interpreter

    def test_one_session_gets_no_more_than_its_cap(self, make_pool):
        pool = make_pool(2, per_session=1, slice_seconds=0.02)
        mine = [pool.submit("greedy", busy, (0.2,)) for _ in range(3)]
        other = pool.submit("modest", busy, (0.2,))
        seen = watch_running(pool, [*mine, other])
        assert max(sum(1 for session, _ in s if session == "greedy") for s in seen) == 1
        assert any(len(s) == 2 for s in seen)           # the other session used the second worker

    @pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities on this platform")
    def test_workers_run_below_the_servers_priority(self, make_pool):
        """Where cores are short, the server's clicks go before the searches."""
        got: list = []
        assert make_pool(1).submit("A", niceness, (), on_value=got.append).wait(10)
        assert got[0] > os.nice(0)

    def test_bad_settings_name_the_field(self):
        for kwargs, field in (({"workers": 0}, "workers"), ({"per_session": True}, "per_session"),
                              ({"slice_seconds": "soon"}, "slice_seconds")):
            with pytest.raises(PositionError, match=field):
                JobPool(**kwargs)


class TestFairQueue:
    def test_round_robin_between_sessions_then_between_a_sessions_jobs(self, make_pool):
        """One worker, a slice per result: session A (two jobs) gets no more turns than B or C."""
        pool = make_pool(1, slice_seconds=0)
        order: list[str] = []
        with pool.hold():
            jobs = [pool.submit(session, counting, (label, 2), on_value=lambda v: order.append(f"{v[0]}{v[1]}"))
                    for session, label in (("A", "a"), ("A", "x"), ("B", "b"), ("C", "c"))]
        for job in jobs:
            assert job.wait(30)
        assert order == ["a0", "b0", "c0", "x0", "b1", "c1", "a1", "x1"]

    def test_a_late_session_is_served_before_a_busy_one_goes_again(self, make_pool):
        pool = make_pool(1, slice_seconds=0)
        order: list[str] = []
        first = pool.submit("A", counting, ("a", 50), on_value=lambda v: order.append(v[0]))
        wait_for(lambda: len(order) >= 3)
        before = len(order)
        late = pool.submit("B", counting, ("b", 1), on_value=lambda v: order.append(v[0]))
        assert late.wait(30)
        assert order.index("b") <= before + 1         # at most A's slice in progress comes first
        first.cancel()


class TestCancel:
    def test_a_queued_job_never_runs(self, make_pool):
        pool = make_pool(1, slice_seconds=0.05)
        got: list = []
        running = pool.submit("A", busy, (0.3,), on_value=got.append)
        queued = pool.submit("B", counting, ("b", 3), on_value=got.append)
        queued.cancel()
        assert queued.ended.is_set() and running.wait(30)
        assert [v[0] for v in got] == ["ran in"]

    def test_a_running_job_is_told_to_stop_and_nothing_after_reaches_the_caller(self, make_pool):
        pool = make_pool(1, slice_seconds=5)
        got: list = []
        job = pool.submit("A", endless, (), on_value=got.append)
        wait_for(lambda: len(got) >= 3)
        job.cancel()
        delivered = len(got)
        assert job.wait(5)                 # the worker stopped it: the slice ended well before 5 s
        time.sleep(0.2)
        assert len(got) == delivered and not pool.running()
        after = pool.submit("A", counting, ("next", 1), on_value=got.append)
        assert after.wait(10) and got[-1] == ("next", 0)

    def test_node_change_cancels_the_old_analysis(self, make_pool):
        pool = make_pool(1)
        published: list[tuple[int, str]] = []
        ctl = Controller(DiceGame(players=2).new_state())
        runner = EngineRunner(ctl, lambda text: published.append((ctl.revision, text)), service=pool,
                              session="page-1", exact_limit=0, first_seconds=0.05, round_seconds=0.05,
                              max_games=10**9)
        runner.set_enabled(True)
        wait_for(lambda: any("data-round" in t for _, t in published))
        old = runner.job
        ctl.play("two")
        assert old.cancelled and old.wait(5)
        wait_for(lambda: "die 6" in published[-1][1])
        assert [job.id for job in pool.running()] in ([], [runner.job.id])
        assert not any("★" in t for rev, t in published if rev == ctl.revision)
        runner.stop()

    def test_a_closed_session_stops_all_its_jobs_and_no_other(self, make_pool):
        pool = make_pool(2, per_session=2, slice_seconds=0.05)
        gone = [pool.submit("closed", endless, ()) for _ in range(3)]
        kept = pool.submit("open", counting, ("kept", 40))
        time.sleep(0.1)
        pool.close_session("closed")
        assert all(job.wait(5) and job.cancelled for job in gone)
        assert kept.wait(30) and not kept.cancelled

    def test_a_failing_job_says_why_and_the_pool_goes_on(self, make_pool):
        pool = make_pool(1)
        errors: list[str] = []
        job = pool.submit("A", failing, (), on_error=errors.append)
        assert job.wait(10) and errors == ["ValueError: the job's own mistake"]
        assert pool.submit("A", counting, ("ok", 1)).wait(10)

    def test_a_worker_that_dies_fails_its_jobs_and_is_replaced(self, make_pool):
        pool = make_pool(1, slice_seconds=5)
        got: list = []
        errors: list[str] = []
        job = pool.submit("A", endless, (), on_value=got.append, on_error=errors.append)
        wait_for(lambda: got)
        os.kill(pool._workers[0].process.pid, signal.SIGKILL)      # the worker this test's pool started
        assert job.wait(10) and "worker stopped" in errors[0]
        assert pool.submit("A", counting, ("again", 1)).wait(20)


SEEDED = dict(max_games=40, seed=7, exact_limit=0)


def positions():
    dice = explorer.load("dead_mans_dice").start(seed=2)
    jolly = explorer.load("jolly_and_roger").start(seed=3)
    return [(dice, None), (dice, 0), (jolly.apply(jolly.legal_actions()[0]), 1)]


class TestSameFigures:
    def test_a_state_travels_whole(self):
        for state, _ in positions():
            assert restore(portable(state)) == state

    @pytest.mark.parametrize("name", explorer.games())
    def test_a_rebuilt_state_gives_the_same_verdict_deep_in_a_game(self, name):
        """What a worker rebuilds (class, options, `to_dict` data) plays the same games as the
        state itself, 40 random steps in, in the teacher's and a player's view."""
        state, rng = explorer.load(name).start(seed=5), random.Random(1)
        for _ in range(40):
            if state.is_over:
                break
            state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        rebuilt = restore(portable(state))
        for viewer in (None, 0):
            here = list(refine(state, viewer, max_games=20, seed=3, exact_limit=0))[-1]
            assert list(refine(rebuilt, viewer, max_games=20, seed=3, exact_limit=0))[-1].rows == here.rows

    @pytest.mark.parametrize("index", range(3))
    def test_pool_gives_the_in_process_verdict(self, make_pool, index):
        state, viewer = positions()[index]
        pool = make_pool(1, slice_seconds=0.01)      # many pauses: a paused run is the same run
        got: list = []
        job = pool.submit("A", verdict_job, (portable(state), viewer, SEEDED, 60.0), on_value=got.append)
        assert job.wait(60)
        here = list(refine(state, viewer, **SEEDED))[-1]
        assert got[-1].done and got[-1].rows == here.rows and got[-1].kind == here.kind


class TestCooperative:
    @pytest.fixture
    def no_threads(self, monkeypatch):
        """Starting a thread or a process fails the test."""
        def refuse(*_args, **_kwargs):
            raise AssertionError("cooperative mode started a thread or a process")

        monkeypatch.setattr(threading.Thread, "start", refuse)
        import multiprocessing.process

        monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)

    def test_forced_by_the_environment_and_on_pyodide(self, monkeypatch):
        monkeypatch.setenv(cooperative.ENV, "cooperative")
        assert isinstance(engine_service(), LoopRunner)
        monkeypatch.delenv(cooperative.ENV)
        monkeypatch.setattr(cooperative.sys, "platform", "emscripten")
        assert isinstance(engine_service(), LoopRunner)

    def test_a_pool_that_cannot_start_falls_back_to_the_loop(self, monkeypatch):
        import explorer.analysis.pool as pool_module

        monkeypatch.delenv(cooperative.ENV, raising=False)
        monkeypatch.setattr(pool_module, "_SHARED", None)
        def no_start() -> None:
            raise RuntimeError("can't start new thread")       # what Pyodide says

        monkeypatch.setattr(pool_module, "JobPool", no_start)
        assert isinstance(engine_service(), LoopRunner)

    def test_the_panel_refines_on_the_loop_without_a_thread(self, monkeypatch, no_threads):
        """Forced cooperative mode: slices on the loop (other tasks run between them), no thread
        and no process started, and the in-process engine's figures at the end."""
        monkeypatch.setenv(cooperative.ENV, "cooperative")
        state = explorer.load("dead_mans_dice").start(seed=2)
        settings = {**SEEDED, "max_games": 400}

        async def scenario() -> list[str]:
            events: list[str] = []
            runner = EngineRunner(Controller(state), events.append, **settings)

            async def heartbeat() -> None:          # another task of the same loop
                while not any("data-done='true'" in t for t in events):
                    events.append("beat")
                    await asyncio.sleep(0)

            runner.set_enabled(True)
            await asyncio.wait_for(heartbeat(), 60)
            return events

        events = asyncio.run(scenario())
        published = [e for e in events if e != "beat"]
        assert published[0].startswith("<div class='pre-engine-thinking'>")
        first, last = events.index(published[0]), events.index(published[-1])
        assert events[first:last].count("beat") >= 3        # the loop went on between slices
        from widgets.engine import verdict_html
        here = list(refine(state, None, **settings))[-1]
        rounds = int(re.search(r"data-round='(\d+)'", published[-1]).group(1))   # the pace is the machine's
        assert published[-1] == verdict_html(dataclasses.replace(here, round=rounds), state.game)   # the figures

    def test_a_move_cancels_the_loop_task(self, monkeypatch, no_threads):
        monkeypatch.setenv(cooperative.ENV, "cooperative")

        async def scenario() -> tuple:
            published: list[tuple[int, str]] = []
            ctl = Controller(DiceGame(players=2).new_state())
            runner = EngineRunner(ctl, lambda t: published.append((ctl.revision, t)), exact_limit=0,
                                  first_seconds=0.02, round_seconds=0.02, max_games=10**9)
            runner.set_enabled(True)
            while not any("data-round" in t for _, t in published):
                await asyncio.sleep(0.01)
            old = runner.job
            ctl.play("two")
            while not old.ended.is_set():
                await asyncio.sleep(0.01)
            while "die 6" not in published[-1][1]:
                await asyncio.sleep(0.01)
            runner.close()
            await asyncio.sleep(0.05)
            return old, runner.job, published, ctl.revision

        old, last, published, revision = asyncio.run(scenario())
        assert old.cancelled and last is None
        assert not any("★" in t for rev, t in published if rev == revision)

    def test_round_robin_between_sessions_on_the_loop(self, no_threads):
        async def scenario() -> list[str]:
            runner, order = LoopRunner(slice_seconds=0, rest_seconds=0), []
            jobs = [runner.submit(session, counting, (label, 2), on_value=lambda v: order.append(f"{v[0]}{v[1]}"))
                    for session, label in (("A", "a"), ("A", "x"), ("B", "b"), ("C", "c"))]
            while not all(job.ended.is_set() for job in jobs):
                await asyncio.sleep(0.001)
            return order

        assert asyncio.run(scenario()) == ["a0", "b0", "c0", "x0", "b1", "c1", "a1", "x1"]

    def test_the_loop_gets_a_turn_between_any_two_slices(self, no_threads):
        """However many jobs wait, one slice runs at a time and then the loop's other tasks (the
        page) run: never two slices back to back."""
        async def scenario() -> list[str]:
            runner, events = LoopRunner(slice_seconds=0), []
            jobs = [runner.submit(f"page-{i}", counting, (f"s{i}", 5), on_value=lambda v: events.append("slice"))
                    for i in range(6)]
            while not all(job.ended.is_set() for job in jobs):
                events.append("page")
                await asyncio.sleep(0)
            return events

        events = asyncio.run(scenario())
        assert events.count("slice") == 30
        assert all(a != b for a, b in itertools.pairwise(events) if a == "slice")

    def test_without_a_running_loop_the_panel_says_so(self, monkeypatch, no_threads):
        monkeypatch.setenv(cooperative.ENV, "cooperative")
        published: list[str] = []
        EngineRunner(Controller(DiceGame(players=2).new_state()), published.append).set_enabled(True)
        assert "The engine stopped" in published[-1] and "needs a running event loop" in published[-1]

    def test_session_close_and_errors_on_the_loop(self, no_threads):
        async def scenario() -> tuple:
            runner = LoopRunner(slice_seconds=0)
            errors: list[str] = []
            gone = runner.submit("closed", endless, ())
            failed = runner.submit("open", failing, (), on_error=errors.append)
            await asyncio.sleep(0.05)
            runner.close_session("closed")
            await asyncio.sleep(0.05)
            return gone, failed, errors

        gone, failed, errors = asyncio.run(scenario())
        assert gone.cancelled and gone.ended.is_set() and failed.ended.is_set()
        assert errors == ["ValueError: the job's own mistake"]
