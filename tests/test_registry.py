"""`explorer.games` is both the list of games (called) and the package of game packages."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import explorer


def test_calling_explorer_games_lists_the_names():
    shipped = {"dead_mans_dice", "jolly_and_roger", "last_bottle_of_rum", "liars_dice", "pirate_rush", "sjoroveroya"}
    assert shipped <= set(explorer.games()) and explorer.games() == tuple(sorted(explorer.games()))
    assert all(explorer.load(name).name == name for name in explorer.games())


@pytest.mark.parametrize("name", explorer.games())
def test_each_game_package_imports_by_its_module_path(name):
    pkg = importlib.import_module(f"explorer.games.{name}")
    assert pkg.GAME is type(explorer.load(name))
    assert getattr(explorer.games, name) is pkg


def test_import_as_works_in_a_fresh_interpreter_before_and_after_import_explorer():
    code = ("import explorer.games.sjoroveroya as pkg\n"
            "import explorer\n"
            "from explorer.games import dead_mans_dice\n"
            "assert pkg.GAME.name == 'sjoroveroya' and dead_mans_dice.GAME.name == 'dead_mans_dice'\n"
            "print(','.join(explorer.games()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().split(",") == list(explorer.games())
