"""Where each Dead Man's Dice move is made on the board (issue #30): the element a click plays it on.

A roll (R7, R11, R34) is made on the die in hand, a broadside (R30) and a plunder (R20-R25) on
the pile they hit; stopping the plunder (R25), holding fire (V4), stacking or declining a rolled
die (V11) and opening the next round (E9) on the buttons the board draws at that step.
"""

from __future__ import annotations

from typing import Any

from .data import die_name, is_jolly, seat_code, seat_name
from .model import Broadside, EndTurn, NextRound, OpeningRoll, Overboard, Pass, Place, Plunder, RestartRoll, Roll

BUTTONS = {"end": "end", "pass": "pass", "stack": "stack", "decline": "decline", "next round": "next"}


def action_places(s: Any, action: Any) -> tuple[str, ...]:
    """Places on the dice table an action involves: the die rolled, the pile hit, or its button."""
    if isinstance(action, (Roll, OpeningRoll, RestartRoll)):
        return (f"hand:{die_name(action.die)}",)
    if isinstance(action, (Broadside, Plunder, Overboard)):
        who = action.target if isinstance(action, Broadside) else \
            action.opponent if isinstance(action, Plunder) else action.pirate
        return (f"pile:{seat_code(who)}",)
    if isinstance(action, (EndTurn, Pass, Place, NextRound)):
        return (BUTTONS[str(action)],)
    return ()


def action_target(s: Any, action: Any) -> str:
    places = action_places(s, action)
    return places[0] if places else ""


def action_menu(s: Any, action: Any) -> tuple[str, ...]:
    """A pile can be hit by a broadside or plundered, never both at one step: one meaning per element."""
    if isinstance(action, Broadside):
        return (f"Fire a broadside at {seat_name(action.target)}'s pile",)
    if isinstance(action, Plunder):
        return (f"Plunder the top die of {seat_name(action.opponent)}'s pile",)
    if isinstance(action, (Roll, OpeningRoll, RestartRoll)):
        return (f"Roll the {'Jolly Roger die' if is_jolly(action.die) else 'regular die'}",)
    return ()
