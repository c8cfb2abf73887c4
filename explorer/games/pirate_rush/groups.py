"""How a chance panel groups this game's outcomes, and the phase a position is in, in words.

The set-up's four island tiles set aside (S2) have 495 outcomes: grouped by how many green
tiles they hold, then by their resources, so a learner sees the colour-and-kind odds
first. A loot tile or an island tile is named by its kind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import ISLAND_TILES
from .explain import island_tile, kind_words
from .model import Outcome

STAGES = {"setup": "Setting up (S2-S9)", "over": "Game over"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def removed_groups(tiles: list[str]) -> tuple[str, ...]:
    """Four set-aside island tiles (S2, C1): by green tiles, then resources, then the tiles."""
    greens = sum(ISLAND_TILES[t].colour == "green" for t in tiles)
    resources = Counter(ISLAND_TILES[t].resource for t in tiles)
    mix = ", ".join(f"{n} {r}" for r, n in sorted(resources.items(), key=lambda kv: (-kv[1], kv[0])))
    return (_count(greens, "green tile") if greens else "No green tile", mix, ", ".join(tiles))


def outcome_group(s: Any, outcome: Any) -> tuple[str, ...]:
    if not isinstance(outcome, Outcome):
        return ()
    if outcome.kind == "removed":
        return removed_groups(outcome.arg.split())
    if outcome.kind == "starter":   # S8: seats as the whole explorer names them
        return (f"Player {int(outcome.arg) + 1} starts",)
    if outcome.kind == "tile":
        words = kind_words(outcome.arg)
        return (words[:1].upper() + words[1:],)
    if outcome.kind == "island":
        tile = ISLAND_TILES[outcome.arg]
        return (f"{tile.colour.capitalize()} {tile.resource}", island_tile(outcome.arg))
    return ()


def stage_text(s: Any) -> str:
    if s.phase == "play":
        return f"Round {s.round}: playing at the ship's island (T1-T4)"
    return STAGES.get(s.phase, "")
