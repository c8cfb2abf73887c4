"""Readable notebook outputs: probabilities as fractions with percentages, outcomes by name.

A learner should read "1/6 (16.7%)" in a small table, not ``Fraction(1, 6)`` in a dict
repr. Every helper returns a `Table`, which shows itself as HTML in Jupyter and as aligned
plain text anywhere else (its ``repr`` is that text, so even the plain view stays readable).

>>> from fractions import Fraction as F
>>> print(odds_table({"steady": F(35, 36), "topple": F(1, 36)}))
outcome  chance  percent
steady    35/36    97.2%
topple     1/36     2.8%
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.core.markup import escape

Number = Fraction | float | int


def fraction_text(x: Number) -> str:
    """An exact number as people write it: ``7/2``, ``3``, ``-1/6``; a float to 3 places."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


def percent(p: Number) -> str:
    """``0.1666..`` -> ``16.7%``."""
    return f"{float(p):.1%}"


def chance(p: Number) -> str:
    """A probability in one phrase: ``1/6 (16.7%)``."""
    return f"{fraction_text(p)} ({percent(p)})"


def value(x: Number) -> str:
    """An exact non-probability (an expected score): ``35/6 ≈ 5.83``; whole numbers alone."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{fraction_text(x)} ≈ {float(x):.2f}"
    return fraction_text(x)


def _cell(x: Any) -> str:
    """One table cell as text: fractions exact, floats short, names as they are."""
    if isinstance(x, Fraction | float | int | bool):
        return fraction_text(x)
    return str(x)


@dataclass(frozen=True)
class Table:
    """A small table with a header row: HTML in Jupyter, aligned text elsewhere."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    right: tuple[bool, ...] = ()

    def _align(self, i: int) -> bool:
        return i < len(self.right) and self.right[i]

    def _repr_html_(self) -> str:
        def cells(tag: str, row: Sequence[str]) -> str:
            return "".join(f"<{tag} style='text-align:{'right' if self._align(i) else 'left'};padding:1px 8px'>"
                           f"{escape(c)}</{tag}>" for i, c in enumerate(row))

        caption = f"<caption style='text-align:left'>{escape(self.caption)}</caption>" if self.caption else ""
        body = "".join(f"<tr>{cells('td', r)}</tr>" for r in self.rows)
        return f"<table>{caption}<thead><tr>{cells('th', self.headers)}</tr></thead><tbody>{body}</tbody></table>"

    def __str__(self) -> str:
        grid = [self.headers, *self.rows]
        widths = [max(len(r[i]) for r in grid) for i in range(len(self.headers))]

        def line(row: Sequence[str]) -> str:
            return "  ".join(c.rjust(w) if self._align(i) else c.ljust(w)
                             for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()

        lines = [self.caption] if self.caption else []
        return "\n".join(lines + [line(r) for r in grid])

    __repr__ = __str__


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str], caption: str = "") -> Table:
    """Any rows of names and numbers; Fractions stay exact (``7/2``), numbers right-aligned."""
    rows = [tuple(r) for r in rows]
    right = tuple(all(isinstance(r[i], Fraction | float | int) for r in rows) and bool(rows)
                  for i in range(len(headers)))
    return Table(tuple(headers), tuple(tuple(_cell(c) for c in r) for r in rows), caption, right)


def odds_table(mapping: Mapping[Any, Number] | Iterable[tuple[Any, Number]], name: str = "outcome",
               caption: str = "", label: Callable[[Any], str] = str) -> Table:
    """Outcome name, exact chance and percent, one row per outcome, in the order given.

    `label` turns a key into its name for people (default `str`, which every game's actions
    and outcomes define in the game's own words)."""
    pairs = list(mapping.items()) if isinstance(mapping, Mapping) else list(mapping)
    rows = tuple((label(k), fraction_text(p), percent(p)) for k, p in pairs)
    return Table((name, "chance", "percent"), rows, caption, (False, True, True))


def chance_table(state: Any, caption: str = "") -> Table:
    """The chance node at `state`: each outcome by the game's name for it, with its odds."""
    return odds_table(state.chance_outcomes(), caption=caption, label=state.describe)
