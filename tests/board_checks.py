"""Sampling board positions and reading a board SVG's texts, for the board tests (issue #16)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import explorer

NS = "{http://www.w3.org/2000/svg}"
SHOWN_WIDTH = 1100       # px: the app's output width
MIN_PX = 11
# per game: how many random steps to a mid-game position, and options that keep random play short
MID = {"dead_mans_dice": (25, {"players": 4}), "jolly_and_roger": (14, {}),
       "last_bottle_of_rum": (60, {"players": 4}), "pirate_rush": (40, {"players": 5}),
       "sjoroveroya": (45, {"players": 4}), "liars_dice": (30, {"players": 4})}
# boards with the optional modules too: case name -> (game, steps, options)
MODULES = {"last_bottle_of_rum-modules": ("last_bottle_of_rum", 50, {"players": 2, "ghost": True,
                                                                     "bounty_hunt": True, "weather": True}),
           "jolly_and_roger-specials": ("jolly_and_roger", 40, {"special_cards": True}),
           "pirate_rush-advanced": ("pirate_rush", 40, {"players": 4, "advanced": True}),
           "dead_mans_dice-six": ("dead_mans_dice", 30, {"players": 6}),
           "sjoroveroya-two": ("sjoroveroya", 30, {"players": 2})}
# a game added since (python -m explorer new-game) is drawn at its default set-up, 4 random steps in
CASES = {**{name: (name, *MID.get(name, (4, {}))) for name in explorer.games()}, **MODULES}


def states(case: str, seed: int = 3) -> list:
    """The start, a mid-game position and a later one of a seeded random game."""
    name, steps, options = CASES[case]
    game = explorer.load(name, **options)
    rng = random.Random(seed)
    state = game.new_state()
    found = [state]
    for k in range(1, 3 * steps + 1):
        if state.is_over:
            break
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if k in (steps, 3 * steps):
            found.append(state)
    return found


def mid_state(case: str, seed: int = 3):
    return states(case, seed)[1]


def boards(case: str) -> dict[str, str]:
    """Every sampled position as the all-seeing board and as each seat's view, by a readable id."""
    out = {}
    name = case
    for k, state in enumerate(states(case)):
        out[f"{name}-{k}-all"] = state._repr_svg_()
        for p in range(state.game.players):
            out[f"{name}-{k}-P{p + 1}"] = state.view(p)._repr_svg_()
    return out


def view_box(root: ET.Element) -> tuple[float, float]:
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    return w, h


def max_width(root: ET.Element) -> float:
    found = re.search(r"max-width:\s*(\d+)px", root.get("style", ""))
    return float(found.group(1)) if found else float("inf")


def min_width(root: ET.Element) -> float:
    found = re.search(r"min-width:\s*(\d+)px", root.get("style", ""))
    return float(found.group(1)) if found else 0.0


def texts(root: ET.Element) -> list[tuple[float, str]]:
    """(font size, visible words) of every <text>, the size inherited from the nearest ancestor that sets it."""
    out = []

    def visit(node: ET.Element, size: float) -> None:
        size = float(node.get("font-size", size))
        if node.tag == NS + "text":
            words = node.text or ""
            for child in node:
                if child.tag != NS + "title":
                    words += "".join(child.itertext())
                words += child.tail or ""
            out.append((size, words.strip()))
        for child in node:
            visit(child, size)

    visit(root, 16.0)
    return out


def smallest_px(svg: str) -> tuple[float, str]:
    """The smallest text as drawn at the app's width (or the board's max-width if narrower), and its words."""
    root = ET.fromstring(svg)
    width, _ = view_box(root)
    shown = min(SHOWN_WIDTH, max_width(root))
    return min(((size * shown / width, words) for size, words in texts(root)), default=(99.0, ""))


def visible_words(svg: str) -> str:
    """All the words a reader sees (tooltips left out)."""
    return "\n".join(words for _, words in texts(ET.fromstring(svg)))


def tooltips(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(NS + "title")]
