"""Shared test set-up: Hypothesis profiles, digest access, and nbval's no-warning check."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

ID_LINE = re.compile(r"^\s*(?:#+ *)?(?:- *)?(?:\*\*)?(?:\| *)?((?:R|S|T|E|V)[0-9]+)\b", re.M)


def rules_page(game: str) -> Path:
    """A game's rules with their IDs: the shared digest of the five pirate games; for a game added
    since (docs/new_game.md), its own rules page, docs/rules/<game>.md, or the rules in its package
    docstring, which docs/make_docs.py writes into docs/<game>.md."""
    for page in (SHARED / "rules" / f"{game}.md", ROOT / "docs" / "rules" / f"{game}.md"):
        if page.exists():
            return page
    return ROOT / "docs" / f"{game}.md"


def digest_ids(game: str) -> list[str]:
    """The S, T, R, E and V IDs a game's digest defines (as the before-stop hook reads them)."""
    text = rules_page(game).read_text(encoding="utf-8")
    return sorted(set(ID_LINE.findall(text)), key=lambda i: (i[0], int(i[1:])))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """nbval cells: fail on any stderr output (warnings) as well as on errors."""
    outcome = yield
    outputs = getattr(item, "test_outputs", None)
    if outcome.excinfo is None and outputs:
        for out in outputs:
            if out.get("output_type") == "stream" and out.get("name") == "stderr":
                text = out.get("text", "")
                raise AssertionError(f"notebook cell wrote to stderr (a warning?):\n{text}")
