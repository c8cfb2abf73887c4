"""Readable boards for all five games (issue #16): scalable SVG, text >= 11 px at 1,100 px, names not IDs.

The browser half (overlaps, clipping, screenshots) is tests/browser/test_boards.py.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from board_checks import (
    CASES,
    MIN_PX,
    boards,
    min_width,
    smallest_px,
    states,
    texts,
    tooltips,
    view_box,
    visible_words,
)

import explorer

GAMES = explorer.games()
# internal IDs a learner must never have to decode on a board
IDS = {"last_bottle_of_rum": re.compile(r"\b(?:AC|TR|T|M|B)\d{2}\b"),
       "pirate_rush": re.compile(r"\b(?:Cu|Ag|Au|F1|F2)\b"),
       "jolly_and_roger": re.compile(r"\b(?:[GYB][1-5]|SK|KR|TO)\b"),
       "dead_mans_dice": re.compile(r"\bP\d-[12J]=[1-6S]\b"),
       "sjoroveroya": re.compile(r"\b[SHDC]{2,}\b"),
       "liars_dice": re.compile(r"\bbid-\d+-\d+\b")}


@pytest.fixture(scope="module", params=sorted(CASES))
def drawn(request):
    return CASES[request.param][0], boards(request.param)


def test_boards_scale_to_their_container(drawn):
    _, svgs = drawn
    for key, svg in svgs.items():
        root = ET.fromstring(svg)
        w, h = view_box(root)
        assert root.get("width") == "100%" and root.get("height") is None, key
        assert 500 <= w <= 1100 and h > 0, (key, w)
        assert "max-width" in root.get("style", ""), key


def test_no_text_below_11_px_at_1100_px(drawn):
    _, svgs = drawn
    for key, svg in svgs.items():
        px, words = smallest_px(svg)
        assert px >= MIN_PX, (key, round(px, 1), words)


def test_in_a_narrow_output_a_board_scrolls_rather_than_shrinking_its_text_below_9_px(drawn):
    _, svgs = drawn
    for key, svg in svgs.items():
        root = ET.fromstring(svg)
        floor = min_width(root)
        assert 0 < floor <= view_box(root)[0], key
        assert min(size for size, _ in texts(root)) * floor / view_box(root)[0] >= 9, key


def test_cards_and_tiles_are_named_never_by_internal_id(drawn):
    name, svgs = drawn
    for key, svg in svgs.items():
        seen = IDS[name].findall(visible_words(svg)) if name in IDS else []   # a new game names its own codes here
        assert not seen, (key, seen[:5])


def test_named_pieces_carry_tooltips_with_rule_ids(drawn):
    _, svgs = drawn
    for key, svg in svgs.items():
        tips = tooltips(svg)
        assert len(tips) >= 5 and any(re.search(r"\b[RSTEVK]\d+\b", t) for t in tips), key


def test_round_is_counted_from_one_in_the_games_words():
    for name in GAMES:
        for state in states(name)[:1]:
            words = visible_words(state._repr_svg_())
            assert "round 0" not in words.lower(), name


@pytest.mark.parametrize("name", GAMES)
def test_seats_are_named_player_n(name):
    state = states(name)[1]
    words = visible_words(state._repr_svg_())
    assert "Player 1" in words or "P1" in words
    assert not re.search(r"\bP0\b|Player 0\b", words), name


def test_every_clickable_component_has_a_tooltip_citing_its_rules(drawn):
    """Board Game Arena's habit: whatever a learner can point at explains itself, with the rule IDs."""
    _, svgs = drawn
    for key, svg in svgs.items():
        for element in ET.fromstring(svg).iter():
            place = element.get("data-place")
            if place:
                tips = [t.text or "" for t in element.iter("{http://www.w3.org/2000/svg}title")]
                assert tips, (key, place)
                assert any(re.search(r"\b[RSTEVKD]\d+", t) for t in tips), (key, place, tips[0])


def _contrast(a: str, b: str) -> float:
    from explorer.core.svg import _luminance

    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_words_on_coloured_pieces_keep_wcag_contrast():
    """Words drawn on a ship, card, die, disc or token colour read at 4.5:1 or better (WCAG AA)."""
    from explorer.core.svg import ink_on
    from explorer.games.dead_mans_dice.render import FILLS as DICE
    from explorer.games.jolly_and_roger.render import FILL as SHIPS
    from explorer.games.last_bottle_of_rum.render import DAMAGE_FILL
    from explorer.games.sjoroveroya.render import FILLS as DISCS

    for fill in [*DICE, *SHIPS.values(), *DAMAGE_FILL.values(), *DISCS]:
        assert _contrast(ink_on(fill), fill) >= 4.5, fill
