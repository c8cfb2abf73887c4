"""The start notebook: stored without outputs, and it runs top to bottom with nothing on stderr."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: strip outputs"


def test_start_here_runs_clean_and_plays(monkeypatch):
    path = ROOT / "notebooks" / "start_here.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "move = controller.state.legal_actions()[0]\n"
        "board.request = {'op': 'play', 'move': str(move), 'n': 1}\n"
        "print(len(controller.path), tree.data['at'])"))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            assert output.output_type != "error"
            assert not (output.output_type == "stream" and output.name == "stderr"), output.text
    assert nb.cells[-1].outputs[0].text.strip() == "2 [0, 0]"
