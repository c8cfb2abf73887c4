"""Dead Man's Dice's fixed action and outcome spaces and its length bound (for adapters)."""

from __future__ import annotations

from functools import cache

from explorer.core.spaces import sorted_space

from .data import DICE_PER_PIRATE
from .model import (
    DECLINE,
    END_TURN,
    FACES,
    HIT,
    MISS,
    NO_STRAY,
    PASS,
    STACK,
    STEADY,
    TOPPLE,
    Broadside,
    OpeningRoll,
    Plunder,
    RestartRoll,
    Roll,
    StrayShot,
)


@cache
def action_space(game) -> tuple:
    """Open, roll or restart with any die (R7, R11, R34), broadside or plunder any pirate
    (R30, R21), end (R25), pass (V4), stack or decline (V11). The referee event
    ``overboard`` (R37) is never a player's choice, so it has no id."""
    n = game.players
    dice = range(DICE_PER_PIRATE * n)
    seats = range(n)
    return sorted_space([*(OpeningRoll(d) for d in dice), *(Roll(d) for d in dice), *(RestartRoll(d) for d in dice),
                         *(Broadside(p) for p in seats), *(Plunder(p) for p in seats),
                         END_TURN, PASS, STACK, DECLINE])


@cache
def chance_space(game) -> tuple:
    """Every face (R2, R3), stray shot (V3), steadiness (V2) and broadside hit (V1)."""
    strays = [NO_STRAY, *(StrayShot(p) for p in range(game.players))]
    return sorted_space([*FACES, *strays, STEADY, TOPPLE, HIT, MISS])


def max_decisions(game) -> int | None:
    """No bound: the opening roll-off repeats on every tie (R9, C3) and a marooned die goes
    back to hand (R19), so even a capped round (``round_limit``) may last for ever."""
    return None


def perfect_information(game) -> bool:
    """Every pile and hand is on the table (R4): nothing is hidden."""
    return True
