"""Liar's Dice's fixed action and outcome spaces and its length bound (for adapters).

The adapters number actions by their notation's sort order (`explorer.core.spaces`); the
mapping to OpenSpiel's own ``liars_dice`` ids is `openspiel_action` (docs/liars_dice.md, V1).
"""

from __future__ import annotations

from functools import cache

from explorer.core.spaces import sorted_space

from .model import LIAR, Bid, Liar, Roll


@cache
def action_space(game) -> tuple:
    """Every bid of 1 to all the dice of the set-up, of every face (R1, R3), and liar (R4)."""
    most, sides = game.players * game.options["dice"], game.options["sides"]
    return sorted_space([*(Bid(q, f) for q in range(1, most + 1) for f in range(1, sides + 1)), LIAR])


@cache
def chance_space(game) -> tuple:
    """Every face of a die (C1)."""
    return sorted_space(Roll(face) for face in range(1, game.options["sides"] + 1))


def max_decisions(game) -> int:
    """Bids strictly rise (R2) and a round ends at the first call (R4), so a round with D dice in
    play holds at most D x sides bids and one call; each call of the match takes one die (R5) until
    one seat is left (E1), so the rounds have all the dice, then one fewer, down to two; the single
    round is one round of all the dice (V1)."""
    n, start, sides = game.players, game.options["dice"], game.options["sides"]
    if game.options["single_round"]:
        return n * start * sides + 1
    return sum(total * sides + 1 for total in range(2, n * start + 1))


def perfect_information(game) -> bool:
    """Every cup is hidden from the other seats (T1): not perfect information."""
    return False


def perfect_recall(game) -> bool:
    """The single round's views hold the seat's own cup and every bid so far (V1): all it has
    seen and done. The match's views forget earlier rounds' bids (R8)."""
    return game.options["single_round"]


def score_difference_bound(game) -> int | None:
    """Two seats end ranked 2 and 1 (rules.scores): a difference of 1, OpenSpiel's +1/-1."""
    return 1 if game.players == 2 else None


def openspiel_action(game, action) -> int:
    """OpenSpiel's ``liars_dice`` id of a decision (its documented mapping, V1): with 'reset-face'
    a bid q x f is (q - 1) x sides + (f - 1), with 'reset-quantity' (f - 1) x total + (q - 1), and
    liar is total x sides, where total is all the dice in play."""
    total, sides = game.players * game.options["dice"], game.options["sides"]
    if isinstance(action, Liar):
        return total * sides
    if game.options["bidding"] == "reset-face":
        return (action.quantity - 1) * sides + action.face - 1
    return (action.face - 1) * total + action.quantity - 1


def openspiel_outcome(outcome: Roll) -> int:
    """OpenSpiel's chance id of a roll: face - 1 (its ``Roll 1`` is id 0)."""
    return outcome.face - 1


def from_openspiel(game, action_id: int, chance: bool):
    """The action or roll an OpenSpiel ``liars_dice`` id stands for (the inverse of the two above)."""
    if chance:
        return Roll(action_id + 1)
    total, sides = game.players * game.options["dice"], game.options["sides"]
    if action_id == total * sides:
        return LIAR
    if game.options["bidding"] == "reset-face":
        return Bid(action_id // sides + 1, action_id % sides + 1)
    return Bid(action_id % total + 1, action_id // total + 1)
