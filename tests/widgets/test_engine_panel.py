"""The engine panel (widgets/engine.py) without a browser: its text, its switch, its analysis
(on the shared worker pool) cancelled on every move, and a player's view that shows nothing hidden."""

from __future__ import annotations

import re
import time

from pool_jobs import Ticking, wait_for
from toy_games import DiceGame, DrawGame

import explorer
from explorer.analysis.verdict import refine
from widgets.controller import Controller
from widgets.engine import OFF, EnginePanel, EngineRunner, verdict_html


def ticking():
    return Ticking()       # picklable: the panel's analysis runs in a worker process



def second_player_state(total: int = 7):
    return DiceGame(players=2).state_from_dict({"totals": [total, 0], "to_move": 1, "dice_left": 0})


class TestText:
    def test_exact_decision_table(self):
        state = second_player_state()
        text = verdict_html(next(refine(state, None, exact_seconds=30)), state.game)
        assert "Player 2 to move: each move's chances for Player 2" in text
        assert "teacher's view: the truth" in text
        assert "★ two" in text and "50.0% exact" in text and "0.0% exact" in text
        assert text.index("★ two") < text.index(">one<")          # best first
        assert "solved" in text

    def test_sampled_decision_table_has_intervals_and_gaps(self):
        state = DiceGame(players=2).new_state()
        v = next(refine(state, None, exact_limit=0, first_seconds=40, clock=ticking()))
        text = verdict_html(v, state.game)
        assert re.search(r"\d+% \(\d+%–\d+%\)", text)                  # win chance with its interval
        assert re.search(r"[+-]\d+ \([+-]\d+ to [+-]\d+\)", text)       # paired gap to the best
        assert "round 1" in text and "refining" in text
        assert "sampled: games played on by the random" in text

    def test_chance_table_names_every_seat(self):
        state = DiceGame(players=2).new_state().apply("one")
        text = verdict_html(next(refine(state, 0, exact_seconds=30)), state.game)
        assert "What each outcome is worth" in text
        assert "Player 1 wins" in text and "Player 2 wins" in text and "die 6" in text
        assert "from Player 1's view" in text

    def test_seats_are_numbered_from_one_in_every_game(self):
        """Pirate Rush's own player_name says 'Player 0'; the panel says 'Player 1'."""
        game = explorer.load("pirate_rush")
        state = game.start(seed=1)
        v = next(refine(state, 0, exact_limit=0, first_seconds=0.0))
        text = verdict_html(v, game)
        assert "from Player 1's view" in text and "Player 0" not in text.split("<table")[0]


class TestRunner:
    def test_off_by_default_and_one_click_on(self):
        panel = EnginePanel(Controller(second_player_state()))
        assert panel.output.value == OFF and panel.switch.value is False
        panel.switch.value = True
        wait_for(lambda: "data-done='true'" in panel.output.value)
        assert "★ two" in panel.output.value
        panel.switch.value = False
        assert panel.output.value == OFF

    def test_refines_in_rounds(self):
        published: list[str] = []
        ctl = Controller(DiceGame(players=2).new_state())
        runner = EngineRunner(ctl, published.append, exact_limit=0, first_seconds=20, round_seconds=20,
                              max_games=200, clock=ticking())
        runner.set_enabled(True)
        wait_for(lambda: any("data-done='true'" in t for t in published))
        rounds = [int(m) for t in published for m in re.findall(r"data-round='(\d+)'", t)]
        assert rounds[0] == 1 and len(rounds) >= 5 and rounds == sorted(rounds)
        assert published[0].startswith("<div class='pre-engine-thinking'>")

    def test_a_move_cancels_the_run(self):
        """Playing a move cancels the old node's analysis: its job ends, and nothing it computed
        reaches the panel after the move."""
        published: list[tuple[int, str]] = []
        ctl = Controller(DiceGame(players=2).new_state())
        runner = EngineRunner(ctl, lambda text: published.append((ctl.revision, text)), exact_limit=0,
                              first_seconds=0.05, round_seconds=0.05, max_games=10**9)
        runner.set_enabled(True)
        wait_for(lambda: any("data-round" in t for _, t in published))
        old_job = runner.job
        ctl.play("two")                      # now a chance node: rows are dice faces, not moves
        assert old_job.cancelled and old_job.wait(5)
        wait_for(lambda: "die 6" in published[-1][1])
        after = [t for rev, t in published if rev == ctl.revision]
        assert after[0].startswith("<div class='pre-engine-thinking'>")
        assert not any("★ one" in t or "★ two" in t for t in after)
        job = runner.job
        runner.stop()
        assert job.cancelled and job.wait(5)

    def test_a_click_is_not_blocked(self):
        """A move while a slow run is busy returns at once (the run is in a worker process)."""
        ctl = Controller(explorer.load("dead_mans_dice").start(seed=1))
        runner = EngineRunner(ctl, lambda _t: None, exact_limit=0)
        runner.set_enabled(True)
        time.sleep(0.3)
        started = time.monotonic()
        ctl.play(ctl.state.legal_actions()[0])
        assert time.monotonic() - started < 1.0     # a behaviour bound, far from any CPU budget
        runner.stop()

    def test_errors_show_in_the_panel(self):
        published: list[str] = []
        ctl = Controller(DiceGame(players=2).new_state())
        runner = EngineRunner(ctl, published.append, exact_limit=0, first_seconds="soon")   # a bad option
        runner.set_enabled(True)
        wait_for(lambda: any("pre-engine-error" in t for t in published))
        assert "The engine stopped" in published[-1]


class TestHidden:
    def test_players_view_shows_the_same_for_positions_it_sees_alike(self):
        """P1 sees only their own card: two deals that differ in P2's card give P1's panel the same text."""
        game = DrawGame(players=2, reds=2, blacks=2)
        a = game.state_from_dict({"hands": ["R", "R"], "pile": "BB", "to_move": 0, "stage": "choose"})
        b = game.state_from_dict({"hands": ["R", "B"], "pile": "RB", "to_move": 0, "stage": "choose"})
        texts = []
        for state in (a, b):
            v = list(refine(state, 0, exact_limit=0, first_seconds=30, max_games=60, clock=ticking()))[-1]
            texts.append(verdict_html(v, game))
        assert texts[0] == texts[1]
        assert "from Player 1's view: hidden cards sampled" in texts[0]

    def test_panel_states_the_view(self):
        game = DrawGame(players=2, reds=2, blacks=2)
        a = game.state_from_dict({"hands": ["R", "R"], "pile": "BB", "to_move": 0, "stage": "choose"})
        ctl = Controller(a)
        panel = EnginePanel(ctl)
        ctl.set_viewer(1)
        panel.switch.value = True
        wait_for(lambda: "data-round" in panel.output.value)
        assert "from Player 2's view: hidden cards sampled" in panel.output.value
        ctl.set_viewer(None)
        wait_for(lambda: "teacher's view: the truth" in panel.output.value)
        panel.switch.value = False


def test_served_pane_without_a_session():
    import panel as pn

    from widgets.engine import engine_pane

    ctl = Controller(second_player_state())
    pane = engine_pane(ctl)
    switch, output = pane.objects
    assert isinstance(switch, pn.widgets.Toggle) and output.object == OFF
    switch.value = True
    wait_for(lambda: "data-done='true'" in output.object)
    assert "★ two" in output.object
    job = pane.runner.job
    switch.value = False
    assert output.object == OFF
    assert job is None or job.wait(5)


def test_a_closed_page_cancels_its_session_on_the_pool():
    """The served pane keys its analyses by the page's session and, when Bokeh destroys that
    session (the tab closed), every job of it is cancelled on the pool."""
    import weakref
    from types import SimpleNamespace

    import panel as pn
    from bokeh.document import Document

    from explorer.analysis.pool import JobPool
    from widgets.engine import engine_pane

    class Context:                                  # the little of Bokeh's session context used
        id = "tab-7"
        request = SimpleNamespace(arguments={}, cookies={}, headers={})

    context, doc = Context(), Document()
    doc._session_context = weakref.ref(context)
    pool = JobPool(1)
    try:
        pn.state.curdoc = doc                      # as inside a served session
        try:
            pane = engine_pane(Controller(DiceGame(players=2).new_state()), service=pool, exact_limit=0,
                               max_games=10**9)
            pane.objects[0].value = True
        finally:
            pn.state.curdoc = None
        job = pane.runner.job
        assert job.session == "page-tab-7" and not job.ended.is_set()
        for callback in list(doc.session_destroyed_callbacks):
            callback(context)
        assert job.cancelled and job.wait(5)
    finally:
        pool.close()
