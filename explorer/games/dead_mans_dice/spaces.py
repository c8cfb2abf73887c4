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
    NEXT_ROUND,
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
    (R30, R21), end (R25), pass (V4), stack or decline (V11), and the next round (E9). The referee event
    ``overboard`` (R37) is never a player's choice, so it has no id."""
    n = game.players
    dice = range(DICE_PER_PIRATE * n)
    seats = range(n)
    return sorted_space([*(OpeningRoll(d) for d in dice), *(Roll(d) for d in dice), *(RestartRoll(d) for d in dice),
                         *(Broadside(p) for p in seats), *(Plunder(p) for p in seats),
                         END_TURN, PASS, STACK, DECLINE, NEXT_ROUND])


@cache
def chance_space(game) -> tuple:
    """Every face (R2, R3), stray shot (V3), steadiness (V2) and broadside hit (V1)."""
    strays = [NO_STRAY, *(StrayShot(p) for p in range(game.players))]
    return sorted_space([*FACES, *strays, STEADY, TOPPLE, HIT, MISS])


def turn_decisions(players: int) -> int:
    """The most decisions one turn can hold: its roll, broadside or pass (T1, R11, R30, V4);
    a stray shot's victim restarting (V3, R34) or a broadside victim's restart (R31, R34),
    never both; stacking or declining the rolled die (V11); one plunder per die in an
    opponent's pile, every die of the table but the one just stacked (R21, R24: 3n - 1),
    since plundered dice only join the plunderer's pile; and ending the turn (R25): 3n + 3."""
    return DICE_PER_PIRATE * players + 3


def max_decisions(game) -> int | None:
    """Rounds x (opening + turns), plus one ``next round`` (E9) between each two rounds: the
    scored round is a position of its own (T6). The guard ``round_limit`` ends the game after that round
    (E7, extra rounds E8 included); a round opens with at most ``rolloff_limit`` + 1 roll-offs
    of one die per pirate (R7, R9) and ends after at most ``round_turn_limit`` turns (house
    rule; R28 alone would not end it, R29), each within `turn_decisions`. Without any one of
    the three caps a run of decisions has no end: ties re-roll (R9, C3), a marooned die goes
    back to hand (R19) and a sunk pile's dice too (R33), and rounds repeat (E9): None."""
    o = game.options
    rounds, rolloffs, turns = o["round_limit"], o["rolloff_limit"], o["round_turn_limit"]
    if rounds is None or rolloffs is None or turns is None:
        return None
    n = game.players
    return rounds * ((rolloffs + 1) * n + turns * turn_decisions(n)) + rounds - 1


def perfect_information(game) -> bool:
    """Every pile and hand is on the table (R4): nothing is hidden."""
    return True
