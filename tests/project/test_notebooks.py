"""The notebooks: stored without outputs, run top to bottom with nothing on stderr, and every
output a learner reads is in people's words (no `Fraction(...)` or dataclass reprs)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RAW_REPR = re.compile(r"Fraction\(|\b[A-Z][A-Za-z]+\([a-z_]+=")
WIDGET = "application/vnd.jupyter.widget-view+json"


def _execute(path: Path, monkeypatch, extra: str = "") -> tuple[nbformat.NotebookNode, float]:
    nb = nbformat.read(path, as_version=4)
    if extra:
        nb.cells.append(nbformat.v4.new_code_cell(extra))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("SHARED_DIR", os.environ.get("SHARED_DIR", "/work/shared"))
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb, time.perf_counter() - start


def shown_text(output: nbformat.NotebookNode) -> str:
    """What a learner reads of one output: a stream's text, an error, or the richest form
    Jupyter renders (a live widget shows itself, not its plain-text fallback)."""
    if output.output_type == "stream":
        return output.text
    if output.output_type == "error":
        return f"{output.ename}: {output.evalue}"
    data = output.get("data", {})
    if WIDGET in data:
        return ""
    shown = [data[m] for m in ("text/html", "image/svg+xml") if m in data]
    return "\n".join(shown) if shown else data.get("text/plain", "")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: strip outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_test_markers_are_tags_not_comments(path):
    """nbval's markers live in the cell's tags, out of the learner's sight."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        assert "NBVAL_" not in cell.source, f"{path.name}: use the cell tag, not {cell.source[:60]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_runs_clean_and_reads_in_words(path, monkeypatch):
    nb, seconds = _execute(path, monkeypatch)
    print(f"\n{path.name}: Run All {seconds:.1f} s")
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            assert output.output_type != "error", f"{path.name} cell {index}: {shown_text(output)}"
            assert not (output.output_type == "stream" and output.name == "stderr"), output.text
            found = RAW_REPR.search(shown_text(output))
            assert found is None, f"{path.name} cell {index} shows a raw repr: {shown_text(output)[:300]!r}"


def test_raw_repr_check_catches_reprs():
    """The check itself: it flags what the learner must not see and passes readable text."""
    from fractions import Fraction

    from widgets.show import odds_table

    assert RAW_REPR.search(str({"steady": Fraction(1, 6)}))
    assert RAW_REPR.search("(Roll(skulls=0), 1/6)") and RAW_REPR.search("Token(kind='SAIL')")
    assert RAW_REPR.search(odds_table({"steady": Fraction(35, 36)})._repr_html_()) is None
    assert shown_text(nbformat.v4.new_output("display_data", {WIDGET: {}, "text/plain": "Explorer(children=()"})) == ""


def test_start_here_runs_clean_and_plays(monkeypatch):
    nb, _ = _execute(ROOT / "notebooks" / "start_here.ipynb", monkeypatch, extra=(
        "move = controller.state.legal_actions()[0]\n"
        "board.request = {'op': 'play', 'move': str(move), 'n': 1}\n"
        "print(len(controller.path), tree.data['current'] == controller.node.id, controller.path[-1] == str(move))"))
    assert nb.cells[-1].outputs[0].text.strip() == "2 True True"
