"""The engine's verdicts in people's words (pure): the panel's table, the eval bar, and each move's
verdict for the board's data (`board_verdicts`, the contract with the board view: #30 point 3).

Units are named once above the table ("vs best, points" once read as game points), and a move
level with the best in win chance but lower in mean score says so. `widgets.engine` runs the
analysis and puts these on screen."""

from __future__ import annotations

import html
import math

from explorer.analysis.verdict import Row, Verdict
from explorer.core.game import Game, State

TABLE = "class='pre-engine-table' style='border-collapse:collapse;font-size:12px;line-height:1.3;text-align:left'"
FIGURE = "style='white-space:nowrap;padding:1px 6px'"
# The units, said once above the table: "vs best, points" once read as game points (#30 point 3).
UNITS = ("Win chance in %, with its 95% interval · mean score in game points · behind the best: "
         "percentage points of win chance")
OFF = "<div class='pre-engine-off'>The engine is off: switch it on for every move's chances.</div>"


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
        table = (f"<div class='pre-engine-units' style='font-size:12px;color:#444'>{UNITS}</div>"
                 f"<table {TABLE}><tr><th>Move</th><th>Win chance</th><th>Mean score</th>"
                 f"<th>Behind the best</th></tr>{body}</table>")
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


def error_html(message: str) -> str:
    return f"<div class='pre-engine-error'>The engine stopped: {esc(message)}</div>"
