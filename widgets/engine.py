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
import html
import math
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from explorer.analysis.cooperative import engine_service
from explorer.analysis.pool_worker import portable, verdict_job
from explorer.analysis.verdict import Row, Verdict
from explorer.core.game import Game, State
from widgets.components import controller_of
from widgets.controller import Controller

MAX_SECONDS = 60.0        # a node left on screen stops refining after this (the figures stay)
TABLE = "class='pre-engine-table' style='border-collapse:collapse;font-size:12px;line-height:1.35'"
FIGURE = "style='white-space:nowrap;padding:1px 6px'"
OFF = "<div class='pre-engine-off'>The engine is off: switch it on for every move's chances.</div>"


# -- presentation (pure) ---------------------------------------------------------------------------
def esc(text: str) -> str:
    """Text content escaped (apostrophes stay readable: "Player 2's view")."""
    return html.escape(text, quote=False)


def percent(x: float) -> str:
    return f"{100 * x:.0f}%" if not math.isnan(x) else "–"


def number(x: float) -> str:
    return "–" if math.isnan(x) or math.isinf(x) else f"{x:.1f}"


def win_text(w: tuple[float, float, float], exact: bool) -> str:
    """'41% (35–47%)', or '41.3% exact'."""
    if exact:
        return f"{100 * w[0]:.1f}% exact"
    return f"{percent(w[0])} ({percent(w[1])}–{percent(w[2])})"


def score_text(s: tuple[float, float, float], exact: bool) -> str:
    if exact:
        return f"{s[0]:.2f} exact"
    if math.isinf(s[1]) or math.isnan(s[1]):
        return f"{number(s[0])} (one game)"
    return f"{number(s[0])} ({number(s[1])}–{number(s[2])})"


def gap_text(row: Row) -> str:
    """The paired gap in win chance to the best move, in percentage points; 'best' for the best itself."""
    if row.best:
        return "best"
    mean, low, high = row.behind
    if row.exact:
        return f"{100 * mean:+.1f}"
    if math.isinf(low) or math.isnan(low):
        return f"{100 * mean:+.0f}"
    return f"{100 * mean:+.0f} ({100 * low:+.0f} to {100 * high:+.0f})"


def score_gap(row: Row, best: Row | None, focus: int) -> float:
    """How many game points lower this move's mean score is than the best move's (0 for the best)."""
    if best is None or row.best:
        return 0.0
    gap = best.scores[focus][0] - row.scores[focus][0]
    return 0.0 if math.isnan(gap) or math.isinf(gap) else gap


def even_but_worse(row: Row, best: Row | None, focus: int) -> str:
    """'' unless the move is level with the best in win chance (the gap rounds to 0 points) but its
    mean score is lower: then say so, in game points, so "+0" never hides an 11-point worse move."""
    if row.best or best is None:
        return ""
    digits = 1 if row.exact else 0
    level = round(100 * row.behind[0], digits) == 0
    lower = score_gap(row, best, focus)
    if not level or round(lower, 1) <= 0:
        return ""
    return f"level in win chance, but {lower:.1f} game points lower in mean score"


def behind_cell(row: Row, best: Row | None, focus: int) -> str:
    note = even_but_worse(row, best, focus)
    return esc(gap_text(row)) + (f"<div class='pre-engine-level'>{esc(note)}</div>" if note else "")


def progress_text(v: Verdict) -> str:
    if v.exact:
        return "solved"
    games = min((r.games for r in v.rows), default=0)
    state = "done" if v.done else "refining"
    unfinished = sum(r.unfinished for r in v.rows)
    left_out = f"; {unfinished} games that did not end were left out" if unfinished else ""
    return f"round {v.round}, {games} games a choice, {state}{left_out}"


def seat(game: Game, player: int) -> str:
    return Game.player_name(game, player)


def verdict_html(v: Verdict, game: Game) -> str:
    """One snapshot as a small table in people's words: moves as the game describes them,
    seats as "Player N", the view and the method stated above the figures."""
    head = f"<div class='pre-engine-basis'>{esc(v.basis)}</div>"
    if v.kind == "over":
        return head + "<div class='pre-engine-note'>The game is over.</div>"
    method = f"<div class='pre-engine-method'>{esc(v.method)} · {progress_text(v)}</div>"
    if v.kind == "chance":
        players = range(game.players)
        cols = "".join(f"<th>{seat(game, p)} wins</th>" for p in players)
        body = "".join(
            f"<tr class='pre-engine-row'><td>{esc(r.label)}</td>"
            + "".join(f"<td {FIGURE}>{win_text(r.wins[p], r.exact)}</td>" for p in players) + "</tr>"
            for r in v.rows)
        title = "What each outcome is worth"
        table = f"<table {TABLE}><tr><th>Outcome</th>{cols}</tr>{body}</table>"
    elif v.kind == "hidden":
        mover = seat(game, v.mover) if v.mover is not None else "another player"
        title = f"{seat(game, v.focus)}'s chances while {mover} chooses ({mover}'s options are hidden from you)"
        body = "".join(f"<tr class='pre-engine-row'><td {FIGURE}>{win_text(r.wins[v.focus], r.exact)}</td>"
                       f"<td {FIGURE}>{score_text(r.scores[v.focus], r.exact)}</td></tr>" for r in v.rows)
        table = f"<table {TABLE}><tr><th>Win chance</th><th>Mean score</th></tr>{body}</table>"
    else:
        title = f"{seat(game, v.focus)} to move: each move's chances for {seat(game, v.focus)}"
        rows = sorted(v.rows, key=lambda r: (-r.wins[v.focus][0], -r.scores[v.focus][0]))
        best = v.best()
        body = "".join(
            f"<tr class='pre-engine-row{' pre-engine-best' if r.best else ''}'"
            f" data-move='{html.escape(r.notation, quote=True)}'>"
            f"<td>{'★ ' if r.best else ''}{esc(r.label)}</td>"
            f"<td {FIGURE}>{win_text(r.wins[v.focus], r.exact)}</td>"
            f"<td {FIGURE}>{score_text(r.scores[v.focus], r.exact)}</td>"
            f"<td {FIGURE}>{behind_cell(r, best, v.focus)}</td></tr>" for r in rows)
        table = (f"<table {TABLE}><tr><th>Move</th><th>Win chance, % (95% interval)</th>"
                 f"<th>Mean score, game points (95%)</th>"
                 f"<th>Behind the best: win chance, percentage points</th></tr>{body}</table>")
    return (f"<div class='pre-engine-verdict' data-round='{v.round}' data-done='{str(v.done).lower()}'>"
            f"{eval_bar_html(v, game)}{head}<div class='pre-engine-title'><b>{esc(title)}</b></div>"
            f"<div class='pre-engine-table-box' style='overflow-x:auto;max-width:100%'>{table}</div>{method}</div>")


# -- on the board: each move's verdict and the eval bar -------------------------------------------
SEAT_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")


def seat_chances(v: Verdict) -> tuple[tuple[float, float, float], ...] | None:
    """Each seat's win chance (mean, low, high) at this node: after the best move at a decision
    (its player will choose it), None where the engine has no such figure (chance, hidden, over)."""
    best = v.best()
    if v.kind != "decision" or best is None or any(math.isnan(w[0]) for w in best.wins):
        return None
    return best.wins


def eval_bar_html(v: Verdict, game: Game) -> str:
    """One bar split among the seats by their win chance (after the best move), each part labelled
    with its seat and percentage; '' where there is no such figure."""
    chances = seat_chances(v)
    if chances is None:
        return ""
    total = sum(max(0.0, w[0]) for w in chances) or 1.0
    parts, legend = [], []
    for p, w in enumerate(chances):
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        share = 100 * max(0.0, w[0]) / total
        figure = win_text(w, v.exact)
        tip = html.escape(f"{seat(game, p)}: win chance {figure}", quote=True)
        parts.append(f"<span class='pre-eval-part' data-seat='{p}' title='{tip}' "
                     f"style='width:{share:.1f}%;background:{colour}'></span>")
        legend.append(f"<span class='pre-eval-seat' style='white-space:nowrap'><span style='display:inline-block;"
                      f"width:9px;height:9px;background:{colour};margin-right:3px'></span>"
                      f"{esc(seat(game, p))} {esc(percent(w[0]) if not v.exact else f'{100 * w[0]:.1f}%')}</span>")
    return ("<div class='pre-eval' role='img' aria-label='Each seat&#39;s win chance'>"
            "<div class='pre-eval-caption' style='font-size:12px;color:#444'>Win chance of each seat, "
            "if the best move is played</div>"
            "<div class='pre-eval-bar' style='display:flex;height:14px;border:1px solid #999;border-radius:2px;"
            f"overflow:hidden;margin:2px 0'>{''.join(parts)}</div>"
            f"<div class='pre-eval-legend' style='display:flex;flex-wrap:wrap;gap:10px;font-size:12px'>"
            f"{''.join(legend)}</div></div>")


def board_verdicts(v: Verdict, game: Game) -> dict[str, dict]:
    """The contract with the board view: {action id: {"text", "title", "best"}} for every move the
    engine judged at a decision (action id = the move's notation, as the board's actions carry it);
    {} elsewhere. "text" is short, for the move itself; "title" says it in full, units named."""
    if v.kind != "decision" or v.focus is None:
        return {}
    best, who = v.best(), seat(game, v.focus)
    marks = {}
    for r in v.rows:
        wins = r.wins[v.focus]
        if math.isnan(wins[0]):
            continue
        text = f"{100 * wins[0]:.1f}%" if r.exact else percent(wins[0])
        if not r.exact and not (math.isinf(wins[1]) or math.isnan(wins[1])):
            text += f" ({percent(wins[1])}–{percent(wins[2])})"
        title = f"{r.label}: {who}'s win chance {win_text(wins, r.exact)}"
        title += "; the best move" if r.best else f"; {gap_text(r)} percentage points of win chance behind the best"
        note = even_but_worse(r, best, v.focus)
        if note:
            title += f" ({note})"
        marks[r.notation] = {"text": ("★ " if r.best else "") + text, "title": title, "best": r.best}
    return marks


def thinking_html(state: State, viewer: int | None) -> str:
    who = "the truth" if viewer is None else f"{seat(state.game, viewer)}'s view"
    return f"<div class='pre-engine-thinking'>Thinking (from {who})…</div>"


# -- the runner (shared by the notebook and the served app) ---------------------------------------
def error_html(message: str) -> str:
    return f"<div class='pre-engine-error'>The engine stopped: {esc(message)}</div>"


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

    def __init__(self, source: Controller | Game | State, board: Any = None, **options: Any) -> None:
        self.controller = controller_of(source)
        self.board = board            # a BoardView: each move's verdict goes into its data
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
        if self.board is not None:
            self._on_loop(with_verdicts, self.board, marks, revision)

    def _on_loop(self, change: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is not None and loop.is_running() and running_loop() is not loop:
            loop.call_soon_threadsafe(change, *args)   # from the pool's reader
        else:
            change(*args)


def with_verdicts(board: Any, marks: dict, revision: int) -> None:
    """Put the engine's verdicts into a board's data (`board.data`: a widget or a Panel pane), only
    while the board still shows the revision they were made for: a late snapshot of the node just
    left never lands on the next one."""
    data = board.data or {}
    if data.get("revision") == revision and data.get("verdicts", {}) != marks:
        board.data = {**data, "verdicts": marks}


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


# -- the served app's pane --------------------------------------------------------------------------
def engine_pane(controller: Controller, board: Any = None, **options: Any) -> Any:
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
        if board is None:
            return
        if doc is None:
            with_verdicts(board, marks, revision)
        else:
            doc.add_next_tick_callback(lambda: with_verdicts(board, marks, revision))

    session = f"page-{doc.session_context.id}" if doc is not None else "notebook"
    runner = EngineRunner(controller, show, session=session, on_verdicts=mark, **options)
    switch.param.watch(lambda event: runner.set_enabled(event.new), "value")
    if doc is not None:
        pn.state.on_session_destroyed(lambda _context: runner.close())
    pane = pn.Column(switch, output, sizing_mode="stretch_width", css_classes=["pre-engine"])
    pane.runner = runner
    return pane
