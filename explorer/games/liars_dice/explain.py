"""Why an action is illegal here (an `IllegalAction` naming the rule it breaks), and actions in words."""

from __future__ import annotations

from explorer.core.bounds import preview
from explorer.core.errors import IllegalAction

from .flow import quantity_words
from .model import LIAR, Bid, Liar, LiarsDiceState, Roll


def explain_illegal(s: LiarsDiceState, action) -> IllegalAction:
    """The rule `action` breaks at `s` (it is known not to be legal)."""
    shown = preview(str(action))
    game = s.game
    sides = game.options["sides"]
    if s.is_over:
        return IllegalAction("E2" if s.called else "E1", "the game is over", action)
    if s.is_chance:
        if isinstance(action, Roll):
            return IllegalAction("C1", f"a die shows 1 to {sides}, not {action.face}", action)
        return IllegalAction("T1", f"{shown}: the cups are being rolled; the next step is a roll", action)
    if isinstance(action, Roll):
        return IllegalAction("T1", "every cup has been rolled: it is a bid or a call now", action)
    if isinstance(action, Liar):
        return IllegalAction("R4", "liar doubts the standing bid, and nobody has bid yet this round", action)
    if not isinstance(action, Bid):
        return IllegalAction("T2", f"{shown} is not a bid (bid 2x3) or liar", action)
    total = sum(s.dice)
    if not 1 <= action.face <= sides:
        return IllegalAction("R1", f"a bid names a face from 1 to {sides}, not {action.face}", action)
    if not 1 <= action.quantity <= total:
        return IllegalAction("R3", f"a bid counts 1 to {total} dice (the dice in play), not {action.quantity}",
                             action)
    last = s.bids[-1]
    rule = "V3" if game.options["bidding"] == "reset-quantity" else "R2"
    how = ("a higher face, or the same face with more dice" if rule == "V3"
           else "more dice, or as many dice of a higher face")
    return IllegalAction(rule, f"{quantity_words(action.quantity, action.face)} does not raise "
                               f"{quantity_words(last[1], last[2])}: a raise is {how}", action)


def describe(s: LiarsDiceState, action) -> str:
    """The action or outcome in plain words, for pickers and logs."""
    if isinstance(action, Bid):
        return f"Bid {quantity_words(action.quantity, action.face)}"
    if action is LIAR or isinstance(action, Liar):
        if s.bids:
            _, q, f = s.bids[-1]
            return f"Call liar on {quantity_words(q, f)}"
        return "Call liar"
    if isinstance(action, Roll):
        return f"A die shows {action.face}"
    return str(action)
