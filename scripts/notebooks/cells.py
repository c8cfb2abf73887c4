"""The pieces every notebook generator shares: markdown and code cells, the two lesson cells,
and writing a notebook without outputs into ``notebooks/`` (the generators live outside it, so a
teacher opening the folder sees notebooks only)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import nbformat as nbf

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MINUTES = "{minutes}"          # the title's placeholder, filled with `reading_minutes` when written
WORDS_A_MINUTE = 200
LESSON_STEP, BOARD_TO_TRY, FIRST_BOARD, ANSWER_BOX = 1 / 3, 1.0, 2.0, 0.5   # minutes of play each


def M(text: str) -> nbf.NotebookNode:
    """A markdown cell."""
    return nbf.v4.new_markdown_cell(text)


def C(source: str, tags: list[str] | None = None) -> nbf.NotebookNode:
    """A code cell; `tags` carry nbval's markers out of the reader's sight."""
    cell = nbf.v4.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def title(name: str, teaches: str, minutes: int | None = None) -> nbf.NotebookNode:
    """The first cell: what the notebook teaches and about how long it takes (`minutes`, or,
    left out, the estimate `reading_minutes` makes when the notebook is written)."""
    shown = MINUTES if minutes is None else str(minutes)
    return M(f"# {name}\n\n{teaches}\n\n*About {shown} minutes to read and play.*")


def lesson_steps(cells: list) -> int:
    """The steps of every lesson the notebook embeds."""
    from explorer.lessons import load_lesson

    names = [m for c in cells if c.cell_type == "code" for m in re.findall(r'Lesson\("(\w+)"\)', c.source)]
    return sum(len(load_lesson(name).steps) for name in names)


def reading_minutes(cells: list) -> int:
    """About how long the notebook takes: its words (prose and code alike) at 200 a minute, plus a
    third of a minute a lesson step, two minutes on the first live board, one on each other board to
    try, half a minute an answer box."""
    words = sum(len(re.findall(r"\w+", c.source)) for c in cells)
    code = [c.source for c in cells if c.cell_type == "code"]
    boards = sum(s.count("Explorer(") + s.count("widgets.explore(") for s in code)
    asks = sum(s.count("Ask(") for s in code)
    play = (lesson_steps(cells) * LESSON_STEP + (FIRST_BOARD + (boards - 1) * BOARD_TO_TRY if boards else 0)
            + asks * ANSWER_BOX)
    return math.ceil(words / WORDS_A_MINUTE + play)


def guided_lesson(game: str) -> list[nbf.NotebookNode]:
    """The guided lesson, played move by move on a live board, right after the one-minute section."""
    return [M("## Learn it by doing\nThe guided lesson below plays the game step by step on a live board: make each "
              "move, answer each question, ask for a hint when you are stuck. Every answer comes with the rule "
              "behind it."),
            C(f'Lesson("{game}")')]


def odds_lesson(game: str) -> list[nbf.NotebookNode]:
    """The "guess the odds" lesson that closes every game notebook."""
    return [M("## Guess the odds\nA few chance moments of the game: guess first, then see the exact answer."),
            C(f'Lesson("{game}_odds")')]


def small(text: str) -> str:
    """Rule IDs in small print under a paragraph."""
    return f"<small>Rules: {text}</small>"


def render(name: str, cells: list) -> str:
    """The notebook's text: no outputs, the Python 3 kernel, cell ids fixed by name and place (so a
    regenerated notebook is byte for byte the same, and a test can tell a stale one)."""
    for index, cell in enumerate(cells):
        cell.id = f"{name[:40]}-{index}"
    if MINUTES in cells[0].source:
        cells = [M(cells[0].source.replace(MINUTES, str(reading_minutes(cells)))), *cells[1:]]
        cells[0].id = f"{name[:40]}-0"
    nb = nbf.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    return nbf.writes(nb)


def write(name: str, cells: list) -> Path:
    """Write ``notebooks/<name>.ipynb`` (see `render`)."""
    path = NOTEBOOKS / f"{name}.ipynb"
    path.write_text(render(name, cells), encoding="utf-8")
    return path
