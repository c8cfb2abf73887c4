"""The chance chart in Bokeh: one horizontal bar per group of outcomes (at most about a
dozen, `widgets.present_chance`), its exact fraction and percentage printed after it.

Horizontal bars keep long labels readable on the axis, one row each, so neither labels
nor fractions can overlap; the full text is in the hover tooltip. Shared by the notebook
(through jupyter_bokeh) and the Panel app; updating the source re-draws in either.
"""

from __future__ import annotations

from bokeh.models import ColumnDataSource, FactorRange, HoverTool, LabelSet, Range1d
from bokeh.plotting import figure

ROW = 26        # pixels per bar: room for the 11px fraction text with space to spare
FRAME = 70      # title and axis


def chance_figure() -> figure:
    source = ColumnDataSource({"outcome": [], "p": [], "text": [], "full": [], "fraction": [], "percent": []},
                              name="chance_source")
    # As wide as its column (a notebook's half-width column, the app's left one), never wider.
    fig = figure(y_range=FactorRange(), x_range=Range1d(0, 1), height=FRAME + ROW, sizing_mode="stretch_width",
                 min_width=320, max_width=640, toolbar_location=None, title="Exact odds of the next outcome",
                 x_axis_label="probability", name="chance_figure")
    bars = fig.hbar(y="outcome", right="p", height=0.7, source=source, color="#4c72b0")
    fig.add_layout(LabelSet(x="p", y="outcome", text="text", source=source, x_offset=4, y_offset=-6,
                            text_font_size="11px"))
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[("", "@full"), ("probability", "@fraction (@percent)")]))
    fig.ygrid.grid_line_color = None
    fig.yaxis.major_label_text_font_size = "11px"
    return fig


def factors(rows: list[dict]) -> list[str]:
    """Bar names: the short labels, made unique by a count where labels repeat."""
    seen: dict[str, int] = {}
    names = []
    for row in rows:
        seen[row["label"]] = seen.get(row["label"], 0) + 1
        names.append(row["label"] if seen[row["label"]] == 1 else f"{row['label']} ({seen[row['label']]})")
    return names


def update_chance_figure(fig: figure, rows: list[dict], title: str = "") -> None:
    """Show `rows` (first on top), with room after the longest bar for its fraction."""
    names = factors(rows)
    source = fig.select_one({"name": "chance_source"})
    fig.y_range.factors = names[::-1]   # a categorical y axis counts upwards: first row on top
    source.data = {"outcome": names, "p": [r["value"] for r in rows],
                   "text": [f"{r['fraction']}  ({r['percent']})" for r in rows],
                   "full": [r["full"] for r in rows], "fraction": [r["fraction"] for r in rows],
                   "percent": [r["percent"] for r in rows]}
    fig.x_range.end = max((r["value"] for r in rows), default=1) * 1.5
    fig.height = FRAME + ROW * max(1, len(rows))
    # The step's words head the panel; the chart says only what a bar is (a long title is cut).
    fig.title.text = "Exact odds of the next outcome" if len(title) > 40 or not title else f"Exact odds: {title}"
