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


def digest_path(game: str) -> Path:
    """A game's rules digest: the shared one, or for a game whose rules the project wrote itself,
    its docs page (docs/<game>.md, from the package docstring)."""
    digest = SHARED / "rules" / f"{game}.md"
    return digest if digest.exists() else ROOT / "docs" / f"{game}.md"


def digest_ids(game: str) -> list[str]:
    """The S, T, R, E and V IDs a game's digest defines (as the before-stop hook reads them)."""
    text = digest_path(game).read_text(encoding="utf-8")
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


# The quick tier (`make quick`) leaves these out: long random-game properties, exact solvers,
# kernel-against-model replays, interop suites, fuzzing and notebooks. The full suite runs them all.
SLOW_FILES = ("*_properties.py", "*solver*.py", "test_interop_*.py", "test_random_playout.py",
              "test_policy_playout.py", "test_round_playout.py", "*kernel*.py", "test_game_length.py", "test_spaces.py",
              "test_notebooks.py", "test_position_fuzz.py", "*_notation.py", "*_sampling.py",
              "test_pirate_rush_memory.py", "test_pirate_rush_step_paths.py", "test_analysis_rollouts.py",
              "test_dead_mans_dice_round.py", "test_jolly_and_roger_estimate.py", "test_*_worlds.py",
              "test_verdict.py", "test_editor.py", "test_dead_mans_dice_thumb.py", "test_pirate_rush_ui.py",
              "test_*_positions.py", "test_rum_position_text.py", "test_rum_hidden_worlds.py")


def pytest_collection_modifyitems(config, items):
    """Mark the long test files `slow`, so ``-m "not slow"`` is the quick tier."""
    from fnmatch import fnmatch

    for item in items:
        if any(fnmatch(item.path.name, pattern) for pattern in SLOW_FILES):
            item.add_marker(pytest.mark.slow)
