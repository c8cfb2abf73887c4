"""The lesson cells every game notebook carries: the guided lesson after the introduction
(the digest's teaching order, played move by move) and the "guess the odds" lesson at the end.
The notebook generators call `with_lessons`, so a regenerated notebook keeps them."""

from __future__ import annotations

import nbformat as nbf


def with_lessons(cells: list, game: str, title: str) -> list:
    """`cells` with the two lessons of `game` placed: after the first two cells, and last."""
    guided = [nbf.v4.new_markdown_cell(
        f"### Learn it by doing\n"
        f"The guided lesson below walks {title} in the rulebook's teaching order on a live board: make "
        f"each move, answer each odds question, ask for a hint or let it show you, with the rules behind "
        f"every answer. The sections after it teach the same rules in prose, with positions to change."),
        nbf.v4.new_code_cell(f'from widgets.lesson import Lesson\n\nLesson("{game}")')]
    odds = [nbf.v4.new_markdown_cell(
        "### Guess the odds\nA few chance moments of the game: guess first, then see the exact answer and "
        "its chart."),
        nbf.v4.new_code_cell(f'Lesson("{game}_odds")')]
    return [*cells[:2], *guided, *cells[2:], *odds]
