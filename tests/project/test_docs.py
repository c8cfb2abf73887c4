"""Every game has a docs page with its notation, position format and options, kept in step with the code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import explorer

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))

from make_docs import page  # noqa: E402


@pytest.mark.parametrize("name", explorer.games())
def test_docs_page_is_up_to_date(name):
    path = ROOT / "docs" / f"{name}.md"
    assert path.exists(), f"run python docs/make_docs.py to write {path.name}"
    assert path.read_text(encoding="utf-8") == page(name), "docs page is stale: run python docs/make_docs.py"
    for spec in type(explorer.load(name)).OPTIONS:
        assert f"`{spec.name}`" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", explorer.games())
def test_docs_page_examples_run_as_doctests(name):
    """Every ``>>>`` example on a game's page (its positions, their odds) runs as written."""
    import doctest

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(ROOT / "docs" / f"{name}.md"), module_relative=False, optionflags=flags,
                              raise_on_error=False, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples on docs/{name}.md failed"
