"""Every game package has the same top-level files, those of the template (explorer/newgame/skeleton),
which docs/architecture.md lists; the rest of a game lives in subpackages named for what they hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import explorer

ROOT = Path(__file__).resolve().parents[1]
SKELETON = {p.name.removesuffix(".tmpl") for p in (ROOT / "explorer" / "newgame" / "skeleton" / "game").glob("*.tmpl")}


def top_level(name: str) -> set[str]:
    folder = ROOT / "explorer" / "games" / name
    return {p.name for p in folder.iterdir() if p.is_file() and p.suffix in (".py", ".toml")}


def test_the_architecture_page_lists_the_skeleton():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    listed = {name for cell in re.findall(r"^\| `([^|]+)` \|", page, re.M)
              for name in re.findall(r"[a-z_]+\.(?:py|toml)", cell)}
    assert listed == SKELETON


@pytest.mark.parametrize("name", explorer.games())
def test_a_game_package_has_exactly_the_skeleton_files(name):
    files = top_level(name)
    assert not SKELETON - files, f"missing: {sorted(SKELETON - files)}"
    assert not files - SKELETON, f"beyond the skeleton (move into a subpackage): {sorted(files - SKELETON)}"


@pytest.mark.parametrize("name", explorer.games())
def test_subpackages_are_packages(name):
    for folder in (ROOT / "explorer" / "games" / name).iterdir():
        if folder.is_dir() and folder.name != "__pycache__":
            assert (folder / "__init__.py").exists(), folder
