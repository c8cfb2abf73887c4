"""The notebook widgets where Bokeh and Panel cannot be imported (a JupyterLite/Pyodide kernel):
`import widgets` never loads them, every widget builds, and the chance chart is an HTML bar list
with the same fractions and percentages as the panel's rows. Run in a subprocess with a
sys.meta_path blocker so this test process keeps its own Bokeh."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from widgets.figures import bars_html, chart_title

ROOT = Path(__file__).resolve().parents[2]

BLOCKER = textwrap.dedent("""
    import sys
    BLOCKED = ("bokeh", "panel", "jupyter_bokeh")

    class Blocker:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked for this test")
            return None

    sys.meta_path.insert(0, Blocker())
""")

SCRIPT = BLOCKER + textwrap.dedent("""
    import json
    import explorer, widgets
    from widgets import present_chance
    from widgets.lesson import Lesson
    from widgets.engine import EnginePanel

    loaded_at_import = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    widgets.setup_notebook()
    report = {"loaded_at_import": loaded_at_import, "games": {}}
    for name in explorer.games():
        app = widgets.Explorer(explorer.load(name), seed=3)
        ctl = app.controller
        for _ in range(400):
            if ctl.state.is_chance:
                break
            ctl.play(ctl.state.legal_actions()[0])
        data = present_chance.chance_data(ctl)
        report["games"][name] = {
            "panel": [type(child).__name__ for child in app.chance.children],
            "listed": app.chance.controls.data["rows"],
            "rows": data["rows"], "title": data["title"],
            "editor": type(widgets.PositionEditor(ctl)).__name__,
            "engine": type(EnginePanel(ctl)).__name__,
            "lesson": type(Lesson(name)).__name__,
        }
    lesson = Lesson("dead_mans_dice_odds")
    lesson.answer.value = "1/6"
    lesson.buttons["show"].click()
    report["lesson_chart"] = {"html": lesson.chart.value, "shown": lesson.chart.layout.display}
    from IPython import display as shown_here
    shown = []
    shown_here.display = lambda obj: shown.append(obj.data)
    from fractions import Fraction as F
    from widgets import figures
    figures.show_bars({0: F(1, 6), 1: F(1, 2), 2: F(1, 3)}, "skulls <on> one die")
    figures.show_lines(["S", "1"], {"regular": [F(0), F(1, 6)], "Jolly Roger": [F(1, 6), F(1, 3)]}, "P(stack)")
    figures.show_bars({("standard", "P1"): 0.5}, "win rate", intervals={("standard", "P1"): (0.3, 0.7)})
    report["figures"] = shown
    report["loaded_at_end"] = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    print("REPORT" + json.dumps(report))
""")


@pytest.fixture(scope="module")
def report() -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    line = next(x for x in done.stdout.splitlines() if x.startswith("REPORT"))
    return json.loads(line[len("REPORT"):])


def test_import_widgets_loads_neither_bokeh_nor_panel(report):
    assert report["loaded_at_import"] == []
    assert report["loaded_at_end"] == []


def test_every_notebook_widget_builds_without_bokeh(report):
    import explorer

    assert set(report["games"]) == set(explorer.games())
    for name, game in report["games"].items():
        assert game["panel"] == ["ChanceControls"], name      # the chance list needs no Bokeh
        assert (game["editor"], game["engine"], game["lesson"]) == ("PositionEditor", "EnginePanel", "Lesson"), name


def test_chance_panel_is_one_list_with_the_exact_fractions_without_bokeh(report):
    for name, game in report["games"].items():
        assert game["rows"], f"{name}: no chance node reached"
        assert game["panel"] == ["ChanceControls"], name            # one list, no chart beside it (#30 point 4)
        assert game["listed"] == game["rows"], name
        assert sum(Fraction(r["fraction"]) for r in game["rows"]) == 1, name


def test_lesson_chart_is_a_bar_list_without_bokeh(report):
    chart = report["lesson_chart"]
    assert chart["shown"] is None and "pre-chance-bars" in chart["html"]


def test_notebook_figures_show_the_same_numbers_as_bar_lists_without_bokeh(report):
    bars, lines, rates = report["figures"]
    assert "1/2 (50.0%)" in bars and "1/6 (16.7%)" in bars and "skulls &lt;on&gt; one die" in bars
    assert "<on>" not in bars and "width:100.0%" in bars            # the largest bar is full width
    assert "1 · Jolly Roger" in lines and "1/3 (33.3%)" in lines and "S · regular" in lines
    assert "standard · P1" in rates and "0.500 [0.300, 0.700]" in rates and "width:50.0%" in rates   # out of 1


def test_notebook_figures_are_bokeh_charts_where_bokeh_is(monkeypatch):
    import bokeh.io

    from widgets import figures

    charts = []
    monkeypatch.setattr(bokeh.io, "show", charts.append)
    monkeypatch.setattr(figures, "_BOKEH_READY", True)
    figures.show_bars({0: Fraction(1, 6), 1: Fraction(5, 6)}, "skulls")
    figures.show_lines(["S", "1"], {"regular": [0, Fraction(1, 6)]}, "P(stack)")
    figures.show_bars({("a", "P1"): 0.9}, "rates", intervals={("a", "P1"): (0.7, 1.0)})
    bars, lines, rates = charts
    assert (rates.y_range.start, rates.y_range.end) == (0, 1)      # whiskers to 1 are not cut off
    assert bars.title.text == "skulls" and list(bars.renderers[0].data_source.data["top"]) == [1 / 6, 5 / 6]
    assert lines.title.text == "P(stack)" and list(lines.renderers[0].data_source.data["y"]) == [0.0, 1 / 6]


def test_bars_escape_user_text_and_scale_to_the_largest():
    rows = [{"label": "<b>x</b>", "full": "a 'quoted' <i>", "fraction": "2/3", "percent": "66.7%", "value": 2 / 3},
            {"label": "y & z", "full": "y", "fraction": "1/3", "percent": "33.3%", "value": 1 / 3}]
    text = bars_html(rows, "Roll <it>")
    assert "<b>x</b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text and "y &amp; z" in text
    assert "&#x27;quoted&#x27;" in text and "<i>" not in text and "<it>" not in text
    assert "width:100.0%" in text and "width:50.0%" in text
    assert text.index("2/3") < text.index("1/3")


def test_chart_title_matches_the_bokeh_chart():
    assert chart_title("") == "Exact odds of the next outcome"
    assert chart_title("Roll") == "Exact odds: Roll"
    assert chart_title("x" * 41) == "Exact odds of the next outcome"


EXTRA_SCRIPT = """
import sys
BLOCKED = {blocked!r}

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Blocker())
from explorer.core.extras import MissingExtra
try:
    import {module}
except MissingExtra as err:
    print("EXTRA", err.extra, "|", err)
"""


@pytest.mark.parametrize(("module", "blocked", "extra"), [
    ("widgets.served", ("panel", "bokeh"), "app"),
    ("widgets.served_lesson", ("panel",), "app"),
    ("widgets.table.routes", ("tornado",), "app"),
    ("explorer.games.jolly_and_roger.solver", ("numpy",), "solver"),
    ("explorer.games.jolly_and_roger.solver.specialsolver", ("numpy",), "solver"),
    ("explorer.adapters.pettingzoo", ("pettingzoo",), "rl"),
    ("explorer.adapters.openspiel", ("pyspiel",), "openspiel"),
])
def test_a_missing_extra_is_named(module, blocked, extra):
    script = EXTRA_SCRIPT.format(blocked=blocked, module=module)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"EXTRA {extra} |" in done.stdout
    assert f"pip install 'pirate-rules-explorer[{extra}]'" in done.stdout and blocked[0] in done.stdout
