"""The README's examples run as doctests (they are the first thing a user types)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


def test_explorer_module_docstring_runs():
    import explorer

    result = doctest.testmod(explorer)
    assert result.attempted >= 1 and result.failed == 0
