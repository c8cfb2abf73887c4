"""Each game's lessons together (the teaching lesson, its options lesson for the house rules and
its odds lesson for the chance lab) cover the digest's whole "Teaching order" section: every S,
T, R, E and V ID the section names (ranges such as R44–R46 included) is cited by some step.

A name in that pattern that is no rule of the game (Sjørøverøya's example track "T0") cannot be
cited; those are listed here by hand, so a new one is noticed rather than skipped."""

from __future__ import annotations

import re

import pytest
from conftest import digest_path

import explorer
from explorer.lessons import lesson_names, load_lesson

NOT_RULES = {"sjoroveroya": {"T0"}}  # T0: the example track's name, not a rule
# Components the teaching order names (Rum's tiles T12, T24, T26): the game lists them with its
# rules, but a step cites rules, never a tile (issue #31: its statements gave the answer away).
COMPONENTS = {"last_bottle_of_rum": {"T12", "T24", "T26"}}
RANGE = re.compile(r"\b([STREV])(\d+)(?:\s*[–-]\s*\1?(\d+))?\b")


def teaching_order(game: str) -> str:
    """The digest's "## Teaching order" section, up to the next level-2 heading."""
    text = digest_path(game).read_text(encoding="utf-8")
    start = text.index("## Teaching order")
    end = text.find("\n## ", start + 1)
    return text[start: end if end >= 0 else len(text)]


def named_ids(section: str) -> set[str]:
    """The S/T/R/E/V IDs a section names, ranges expanded ("R44–R46" is R44, R45 and R46)."""
    ids = set()
    for letter, first, last in RANGE.findall(section):
        for number in range(int(first), int(last or first) + 1):
            ids.add(f"{letter}{number}")
    return ids


def test_named_ids_expand_ranges_and_keep_singles():
    assert named_ids("(R37–R46, C8) and V1, E7; S2-S4") == {
        *(f"R{n}" for n in range(37, 47)), "V1", "E7", "S2", "S3", "S4"}


@pytest.mark.parametrize("game", tuple(explorer.games()))
def test_lesson_cites_every_id_of_the_teaching_order(game):
    lesson = load_lesson(game)
    named = named_ids(teaching_order(game))
    assert named - set(lesson.game.rules) == NOT_RULES.get(game, set())
    cited = {rule for name in lesson_names(game) for step in load_lesson(name).steps for rule in step.rules}
    missing = sorted(named - NOT_RULES.get(game, set()) - COMPONENTS.get(game, set()) - cited,
                     key=lambda i: (i[0], int(i[1:])))
    for tile in COMPONENTS.get(game, set()):
        assert lesson.game.rules[tile].startswith("Tile "), tile
    assert not missing, f"{game}: teaching-order IDs no step cites: {missing}"
