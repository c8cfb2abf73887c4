"""The chance chart wherever a notebook runs: the Bokeh figure (through jupyter_bokeh) where
Bokeh is installed, else an HTML bar list with the same rows, fractions and percentages.

Bokeh and Panel need numpy, pandas and pillow, which a browser kernel (JupyterLite's Pyodide)
may not have, so nothing here imports Bokeh until a chart is built, and only if it can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as W

DEFAULT_TITLE = "Exact odds of the next outcome"


_BOKEH_READY = False


def load_bokehjs(again: bool = False) -> None:
    """Put BokehJS (from the installed package: offline, no CDN) into the notebook's page before the
    kernel's first Bokeh chart (or `again`, for `setup_notebook`): jupyter_bokeh's views cannot be
    made without it, so a notebook opened on its own (no start_here run first) showed a JavaScript
    error box instead."""
    global _BOKEH_READY
    if _BOKEH_READY and not again:
        return
    from IPython import get_ipython

    if get_ipython() is None:       # a script or a test: no page to load it into
        return
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE

    output_notebook(INLINE, hide_banner=True)
    _BOKEH_READY = True


def bokeh_widgets() -> tuple[Any, Any, Any] | None:
    """(BokehModel, chance_figure, update_chance_figure), or None where Bokeh or jupyter_bokeh is absent."""
    try:
        from jupyter_bokeh import BokehModel

        from widgets.chart import chance_figure, update_chance_figure
    except ImportError:
        return None
    return BokehModel, chance_figure, update_chance_figure


def chart_title(title: str) -> str:
    """The chart's own heading, as the Bokeh chart words it (a long step title is left to the panel)."""
    return DEFAULT_TITLE if len(title) > 40 or not title else f"Exact odds: {title}"


LINE = "display:flex;align-items:center;gap:6px;margin:2px 0;font-size:12px"
BAR = "flex:1 1 auto;background:#eef1f6;height:14px"
FILL = "display:block;height:14px;width:{width}%;background:#4c72b0"


def _bar_line(label: str, width: float, text: str, *, css: str, label_style: str, tooltip: str = "") -> str:
    """One bar of a list: its label, the bar `width`% full, and its text; every word escaped."""
    title = f" title='{escape(tooltip, quote=True)}'" if tooltip else ""
    return (f"<div class='{css}' role='listitem'{title} style='{LINE}'>"
            f"<span{_class(css, 'label')} style='{label_style}'>{escape(label)}</span>"
            f"<span style='{BAR}'><span{_class(css, 'fill')} style='{FILL.format(width=width)}'></span></span>"
            f"<span{_class(css, 'value')} style='flex:0 0 auto;white-space:nowrap'>{escape(text)}</span></div>")


def _class(css: str, part: str) -> str:
    """The chance chart names its bar's parts (its tests and the lite test find them); others don't."""
    return f" class='{css}-{part}'" if css == "pre-chance-bar" else ""


def bars_html(rows: list[dict], title: str = "") -> str:
    """One line per row (first on top): label, a bar scaled to the largest value, then the exact
    fraction and percentage; the full text is the line's tooltip. Every word is escaped."""
    top = max((float(r["value"]) for r in rows), default=0.0) or 1.0
    lines = [_bar_line(str(row["label"]), round(100 * float(row["value"]) / top, 1),
                       f"{row['fraction']}  ({row['percent']})", css="pre-chance-bar", tooltip=str(row["full"]),
                       label_style="flex:0 0 38%;text-align:right;overflow:hidden;text-overflow:ellipsis;"
                                   "white-space:nowrap")
             for row in rows]
    heading = escape(chart_title(title))
    return (f"<div class='pre-chance-bars' role='list' aria-label='{heading}' style='max-width:640px'>"
            f"<div class='pre-chance-bars-title' style='font-weight:bold;margin-bottom:4px'>{heading}</div>"
            + "".join(lines) + "</div>")


class ChanceChart:
    """The chart a notebook panel shows: `.widget` to place, `.figure` (None without Bokeh), and
    `update(rows, title)` to redraw both kinds alike."""

    def __init__(self) -> None:
        bokeh = bokeh_widgets()
        if bokeh is None:
            self.figure = None
            self._update = None
            self.widget: W.Widget = W.HTML(bars_html([]))
            self.widget.add_class("pre-chance-bars-box")
        else:
            model, make, self._update = bokeh
            load_bokehjs()
            self.figure = make()
            self.widget = model(self.figure)

    def update(self, rows: list[dict], title: str = "") -> None:
        if self._update is None:
            self.widget.value = bars_html(rows, title)
        else:
            self._update(self.figure, rows, title)


# --- notebook figures: a Bokeh chart where Bokeh is, the same numbers as a bar list where not ---

def _label(key: Any) -> str:
    return " · ".join(str(k) for k in key) if isinstance(key, tuple) else str(key)


def _number_text(value: Any) -> str:
    """A Fraction as itself and its percentage; any other number to three places."""
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.1%})"
    return f"{float(value):.3f}"


def bar_list_html(title: str, rows: Sequence[tuple[str, float, str]], scale: float | None = None) -> str:
    """A titled list of (label, value, text) lines, each bar scaled to `scale` (by default the largest
    value); escaped."""
    top = scale or max((value for _, value, _ in rows), default=0.0) or 1.0
    lines = "".join(_bar_line(label, round(100 * value / top, 1), text, css="pre-figure-bar",
                              label_style="flex:0 0 30%;text-align:right") for label, value, text in rows)
    return (f"<div class='pre-figure' role='list' aria-label='{escape(title)}' style='max-width:640px'>"
            f"<div style='font-weight:bold;margin-bottom:4px'>{escape(title)}</div>{lines}</div>")


def _bokeh_show() -> Any | None:
    """Bokeh's `show`, with BokehJS in the page, or None where Bokeh is absent."""
    try:
        from bokeh.io import show
    except ImportError:
        return None
    load_bokehjs()
    return show


def _display_html(markup: str) -> None:
    from IPython.display import HTML, display

    display(HTML(markup))


def show_bars(values: Mapping[Any, Any], title: str, *,
              intervals: Mapping[Any, tuple[float, float]] | None = None, y_label: str = "") -> None:
    """Show a distribution or a set of rates as bars (with whiskers for `intervals`): a Bokeh figure
    in a notebook with Bokeh, the same numbers as a bar list in a browser kernel without it."""
    show = _bokeh_show()
    if show is None:
        rows = [(_label(k), float(v), _number_text(v) + (
            f" [{intervals[k][0]:.3f}, {intervals[k][1]:.3f}]" if intervals else "")) for k, v in values.items()]
        _display_html(bar_list_html(title, rows, scale=1.0 if intervals else None))   # rates: out of 1
        return
    from bokeh.models import ColumnDataSource, FactorRange, Whisker
    from bokeh.plotting import figure

    keys = list(values)
    grouped = all(isinstance(k, tuple) for k in keys)
    xs = keys if grouped else [str(k) for k in keys]
    data: dict[str, list] = {"x": xs, "top": [float(v) for v in values.values()]}
    if intervals:
        data |= {"low": [intervals[k][0] for k in keys], "high": [intervals[k][1] for k in keys]}
    source = ColumnDataSource(data)
    scale = {"y_range": (0, 1)} if intervals else {}       # rates with their intervals: out of 1
    chart = figure(x_range=FactorRange(*xs) if grouped else xs, height=280, width=560, title=title, **scale)
    chart.vbar(x="x", top="top", width=0.8, source=source, fill_alpha=0.7)
    if intervals:
        chart.add_layout(Whisker(source=source, base="x", lower="low", upper="high"))
    chart.yaxis.axis_label = y_label
    show(chart)


def show_lines(xs: Sequence[str], series: Mapping[str, Sequence[Any]], title: str) -> None:
    """Show several series over the same labels: Bokeh lines, or one bar per label and series."""
    show = _bokeh_show()
    if show is None:
        rows = [(f"{x} · {name}", float(ys[i]), _number_text(ys[i]))
                for i, x in enumerate(xs) for name, ys in series.items()]
        _display_html(bar_list_html(title, rows))
        return
    from bokeh.palettes import Category10
    from bokeh.plotting import figure

    chart = figure(x_range=list(xs), height=250, width=480, title=title)
    for (name, ys), colour in zip(series.items(), Category10[10], strict=False):
        chart.line(list(xs), [float(y) for y in ys], legend_label=name, line_width=2, color=colour)
    show(chart)
