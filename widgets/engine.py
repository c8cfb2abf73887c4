"""The engine panel: a live verdict for every move at the current node, refined while you look.

`EngineRunner` submits `explorer.analysis.verdict.refine` for the controller's current node and
viewer to the engine service (worker processes shared by the whole server or kernel,
`explorer.analysis.pool`; or slices on the event loop where no process can start,
`explorer.analysis.cooperative`), publishes each snapshot as HTML, and cancels the analysis the
moment the node or the view changes, so a click never waits for it and never competes with a
search in the same interpreter. The notebook's `EnginePanel` (ipywidgets) and the served app's
`engine_pane` (Panel) differ only in how they put that HTML on screen: from the kernel's loop,
from the session's next tick. Off by default: it costs CPU; one click switches it on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from explorer.analysis.cooperative import engine_service
from explorer.analysis.pool_worker import portable, verdict_job
from explorer.core.game import Game, State
from widgets.components import controller_of
from widgets.controller import Controller
from widgets.present_engine import (  # noqa: F401  (the panel's text, also read from here)
    OFF,
    UNITS,
    board_verdicts,
    error_html,
    eval_bar_html,
    even_but_worse,
    gap_text,
    thinking_html,
    verdict_html,
    win_text,
)

MAX_SECONDS = 60.0        # a node left on screen stops refining after this (the figures stay)


# -- the runner (shared by the notebook and the served app) ---------------------------------------
class EngineRunner:
    """Keeps one analysis for the controller's current node and view on the engine service (the
    shared process pool, `explorer.analysis.pool`, or the event loop where no process can start,
    `explorer.analysis.cooperative`); any change of node or view cancels it and submits the next.
    `session` is the key the pool shares its workers fairly by (one per served page)."""

    def __init__(self, controller: Controller, publish: Callable[[str], None], *,
                 max_seconds: float = MAX_SECONDS, session: str = "notebook", service: Any = None,
                 on_verdicts: Callable[[dict, int], None] | None = None, **options: Any) -> None:
        self.controller = controller
        self.publish = publish
        # each snapshot's `board_verdicts` ({} when off or moved on) and the revision they are for
        self.on_verdicts = on_verdicts
        self.max_seconds = max_seconds
        self.session = session
        self.service = service
        self.options = options
        self.enabled = False
        self._lock = threading.RLock()
        self._generation = 0
        self.job: Any = None
        controller.observe(self.restart, "revision")
        controller.observe(self.restart, "viewer")

    def set_enabled(self, on: bool) -> None:
        self.enabled = bool(on)
        self.restart()

    def stop(self) -> None:
        with self._lock:
            self._generation += 1
            self._drop()

    def close(self) -> None:
        """The page closed: this runner's job and every other job of its session end."""
        self.stop()
        if self.service is not None:
            self.service.close_session(self.session)

    def _drop(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def restart(self, _change: Any = None) -> None:
        """Cancel the analysis in progress; submit one for the current node if switched on."""
        state, viewer, revision = self.controller.state, self.controller.viewer, self.controller.revision
        with self._lock:
            self._generation += 1
            self._drop()
            generation = self._generation
            self.publish(thinking_html(state, viewer) if self.enabled else OFF)
            self._mark({}, revision)
            if not self.enabled:
                return
            try:
                self.service = self.service or engine_service()
                self.job = self.service.submit(
                    self.session, verdict_job, (portable(state), viewer, self.options, self.max_seconds),
                    on_value=lambda v: self._deliver(generation, verdict_html(v, state.game),
                                                     board_verdicts(v, state.game), revision),
                    on_error=lambda text: self._deliver(generation, error_html(text), {}, revision))
            except Exception as err:   # shown in the panel: a failing engine must not break the explorer
                self.publish(error_html(str(err)))

    def _mark(self, marks: dict, revision: int) -> None:
        if self.on_verdicts is not None:
            self.on_verdicts(marks, revision)

    def _deliver(self, generation: int, text: str, marks: dict | None = None, revision: int = -1) -> None:
        with self._lock:
            if generation == self._generation:      # an old node's figures never reach the page
                self.publish(text)
                self._mark(marks or {}, revision)


# -- the notebook component ---------------------------------------------------------------------------
class EnginePanel(W.VBox):
    """The engine's verdict at the current node, refining on the kernel's worker pool while you look."""

    def __init__(self, source: Controller | Game | State, views: Sequence[Any] = (), **options: Any) -> None:
        self.controller = controller_of(source)
        self.views = list(views)      # the board and the moves: each move's verdict goes into their data
        self.switch = W.ToggleButton(value=False, description="Engine", icon="microchip",
                                     tooltip="Every move's chances at this node (uses the CPU while on)")
        self.switch.add_class("pre-engine-switch")
        self.output = W.HTML(OFF)
        self.output.add_class("pre-engine-output")
        self._loop = running_loop()            # the kernel's: widget changes are sent from it
        self.runner = EngineRunner(self.controller, self._show, on_verdicts=self._mark, **options)
        self.switch.observe(lambda change: self.runner.set_enabled(change["new"]), "value")
        super().__init__([self.switch, self.output])
        self.add_class("pre-engine")

    def _show(self, text: str) -> None:
        self._on_loop(setattr, self.output, "value", text)

    def _mark(self, marks: dict, revision: int) -> None:
        if self.views:
            self._on_loop(with_verdicts, self.views, marks, revision, self.controller)

    def _on_loop(self, change: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is not None and loop.is_running() and running_loop() is not loop:
            loop.call_soon_threadsafe(change, *args)   # from the pool's reader
        else:
            change(*args)


def with_verdicts(views: Sequence[Any], marks: dict, revision: int, controller: Controller) -> None:
    """Put the engine's verdicts into the views' data (`view.data`: a widget or a Panel pane: the
    board and the moves), only while the controller is still at the revision they were made for:
    a late snapshot of the node just left never lands on the next one."""
    if controller.revision != revision:
        return
    for view in views:
        data = view.data or {}
        if data.get("verdicts", {}) != marks:
            view.data = {**data, "verdicts": marks}


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# -- the served app's pane --------------------------------------------------------------------------
def engine_pane(controller: Controller, views: Sequence[Any] = (), **options: Any) -> Any:
    """The same panel for `panel serve`: a Toggle and an HTML pane. Snapshots from the pool's
    reader reach the page through the session's next tick (Bokeh's one thread-safe entry); the
    session's id is its key in the pool's fair queue, and a closed session's jobs are cancelled."""
    import panel as pn

    switch = pn.widgets.Toggle(label="Engine", value=False, css_classes=["pre-engine-switch"], width=120)
    output = pn.pane.HTML(OFF, css_classes=["pre-engine-output"], sizing_mode="stretch_width")
    doc = pn.state.curdoc if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None else None

    def show(text: str) -> None:
        if doc is None:
            output.object = text
        else:
            doc.add_next_tick_callback(lambda: setattr(output, "object", text))

    def mark(marks: dict, revision: int) -> None:
        if not views:
            return
        if doc is None:
            with_verdicts(views, marks, revision, controller)
        else:
            doc.add_next_tick_callback(lambda: with_verdicts(views, marks, revision, controller))

    session = f"page-{doc.session_context.id}" if doc is not None else "notebook"
    runner = EngineRunner(controller, show, session=session, on_verdicts=mark, **options)
    switch.param.watch(lambda event: runner.set_enabled(event.new), "value")
    if doc is not None:
        pn.state.on_session_destroyed(lambda _context: runner.close())
    pane = pn.Column(switch, output, sizing_mode="stretch_width", css_classes=["pre-engine"])
    pane.runner = runner
    pane.switch = switch
    return pane
