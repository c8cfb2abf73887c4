"""The chance chart wherever a notebook runs: the Bokeh figure (through jupyter_bokeh) where
Bokeh is installed, else an HTML bar list with the same rows, fractions and percentages.

Bokeh and Panel need numpy, pandas and pillow, which a browser kernel (JupyterLite's Pyodide)
may not have, so nothing here imports Bokeh until a chart is built, and only if it can.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

DEFAULT_TITLE = "Exact odds of the next outcome"


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


def bars_html(rows: list[dict], title: str = "") -> str:
    """One line per row (first on top): label, a bar scaled to the largest value, then the exact
    fraction and percentage; the full text is the line's tooltip. Every word is escaped."""
    top = max((float(r["value"]) for r in rows), default=0.0) or 1.0
    lines = []
    for row in rows:
        width = round(100 * float(row["value"]) / top, 1)
        lines.append(
            f"<div class='pre-chance-bar' role='listitem' title='{escape(str(row['full']), quote=True)}' "
            "style='display:flex;align-items:center;gap:6px;margin:2px 0;font-size:12px'>"
            f"<span class='pre-chance-bar-label' style='flex:0 0 38%;text-align:right;overflow:hidden;"
            f"text-overflow:ellipsis;white-space:nowrap'>{escape(str(row['label']))}</span>"
            "<span style='flex:1 1 auto;background:#eef1f6;height:14px'>"
            f"<span class='pre-chance-bar-fill' style='display:block;height:14px;width:{width}%;background:#4c72b0'>"
            "</span></span>"
            f"<span class='pre-chance-bar-value' style='flex:0 0 auto;white-space:nowrap'>"
            f"{escape(str(row['fraction']))}  ({escape(str(row['percent']))})</span></div>")
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
            self.figure = make()
            self.widget = model(self.figure)

    def update(self, rows: list[dict], title: str = "") -> None:
        if self._update is None:
            self.widget.value = bars_html(rows, title)
        else:
            self._update(self.figure, rows, title)
