"""``python -m explorer new-game``: the template makes a registered game in the standard skeleton that
plays, passes the authors' checker, its own tests and the layer test, and has a lesson that loads."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.newgame import NewGameError, create, planned

pytestmark = pytest.mark.slow   # copies the project and runs its tests: the full suite's tier

ROOT = Path(__file__).resolve().parents[1]
SKELETON_FILES = {
    "__init__.py", "data.py", "data.toml", "rules_text.py", "model.py", "rules.py", "flow.py", "explain.py",
    "notation.py", "position.py", "checks.py", "position_text.py", "worlds.py", "spaces.py", "policies.py",
    "thumb.py", "playout.py", "outlook.py", "odds.py", "render.py", "board_moves.py", "groups.py"}


# The guide's example name, or the next free one in a checkout that already holds a game of that name
NAME = next(name for name in ("treasure_dive", *(f"treasure_dive_{k}" for k in range(2, 99)))
            if not (ROOT / "explorer" / "games" / name).exists())

EVERY_GAME_TESTS = ("conftest.py", "toy_games.py", "test_contract.py", "test_layers.py", "test_skeleton.py",
                    "project/test_docs.py", "lessons/test_lessons_coverage.py")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A copy of the project's package, its docs script and the tests that run over every game, with a
    new game made in it by the command."""
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "explorer", root / "explorer", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "tests").mkdir()
    (root / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "make_docs.py", root / "docs")
    shutil.copy(ROOT / "docs" / "architecture.md", root / "docs")
    for name in EVERY_GAME_TESTS:
        (root / "tests" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "tests" / name, root / "tests" / name)
    made = run(root, "-m", "explorer", "new-game", NAME, "--root", str(root))
    assert made.returncode == 0, made.stderr
    assert f"made {NAME}: 27 files" in made.stdout
    return root


def run(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=600)


def test_the_package_has_the_standard_skeleton(project):
    package = project / "explorer" / "games" / NAME
    assert {p.name for p in package.iterdir() if p.is_file()} == SKELETON_FILES
    done = run(project, "-c", "import explorer; print(' '.join(explorer.games()))")
    names = done.stdout.split()
    assert NAME in names and names == sorted(names)           # registered, in order
    assert (project / "docs" / "rules" / f"{NAME}.md").exists()


def test_the_game_plays_passes_the_checker_and_its_lesson_loads(project):
    code = ("import explorer\nfrom explorer.testing import check_game\nfrom explorer.lessons import load_lesson\n"
            f"game = explorer.load('{NAME}', players=3)\n"
            "report = check_game(game, seeds=2, steps=200)\n"
            f"lesson = load_lesson('{NAME}')\n"
            "print(report.ok, len(lesson.steps), game.start(seed=1).legal_actions())\n")
    done = run(project, "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "True 3 (Dive(),)"


def test_its_own_tests_and_the_tests_over_every_game_pass(project):
    """Its own tests, and the contract, layer, skeleton, docs and lesson-coverage tests for it."""
    done = run(project, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(project),
               "-o", "addopts=", "-o", "pythonpath=tests", str(project / "tests"), "-k", NAME)
    assert done.returncode == 0, done.stdout[-3000:]
    passed = int(done.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
    assert passed >= 40 and "failed" not in done.stdout


def test_a_bad_or_taken_name_writes_nothing(tmp_path):
    for bad in ("Liars", "1st", "x", "dice-game", "a_"):
        with pytest.raises(NewGameError, match="is not a game name"):
            create(bad, tmp_path)
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "treasure_dive.md").write_text("mine")
    with pytest.raises(NewGameError, match="exists already"):
        create("treasure_dive", tmp_path)
    mine = (tmp_path / "docs" / "rules" / "treasure_dive.md").read_text()
    assert not (tmp_path / "explorer").exists() and mine == "mine"
    assert len(planned("treasure_dive", tmp_path)) == 26   # and docs/<name>.md, written by docs/make_docs.py
