"""The chance chart in Bokeh: one bar per outcome, its exact fraction printed above it.

Shared by the notebook (through jupyter_bokeh) and the Panel app; updating the
source re-draws in either.
"""

from __future__ import annotations

from bokeh.models import ColumnDataSource, FactorRange, LabelSet, Range1d
from bokeh.plotting import figure


def chance_figure() -> figure:
    source = ColumnDataSource({"outcome": [], "p": [], "fraction": []}, name="chance_source")
    fig = figure(x_range=FactorRange(), y_range=Range1d(0, 1), height=280, width=420, toolbar_location=None,
                 title="Exact distribution of the next outcome", y_axis_label="probability",
                 name="chance_figure")
    fig.vbar(x="outcome", top="p", width=0.8, source=source, color="#4c72b0")
    fig.add_layout(LabelSet(x="outcome", y="p", text="fraction", source=source, text_align="center",
                            y_offset=3, text_font_size="11px"))
    fig.xaxis.major_label_orientation = 0.8
    fig.xgrid.grid_line_color = None
    return fig


def factors(rows: list[dict]) -> list[str]:
    """Bar names: the outcome's words, made unique by its notation where words repeat."""
    labels = [r["label"] for r in rows]
    return [label if labels.count(label) == 1 else f"{label} ({row['id']})"
            for label, row in zip(labels, rows, strict=True)]


def update_chance_figure(fig: figure, rows: list[dict]) -> None:
    names = factors(rows)
    source = fig.select_one({"name": "chance_source"})
    fig.x_range.factors = names
    source.data = {"outcome": names, "p": [r["value"] for r in rows], "fraction": [r["fraction"] for r in rows]}
    fig.y_range.end = max((r["value"] for r in rows), default=1) * 1.18
