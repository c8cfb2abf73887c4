"""Sjørøverøya's fixed action and outcome spaces and its length bound (for adapters)."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from explorer.core.spaces import sorted_space

from .data import COMPONENTS, SUITS
from .model import BACKWARD, DISCARD, DRAW, END_TURN, FORWARD, REVEAL, FirstPlayer, Layout

TOTAL_CARDS = COMPONENTS.copies_per_suit * len(SUITS)


@cache
def action_space(game) -> tuple:
    """Forward from Start or a track card with any suit (R7), backward from a track card
    (R17), end (R5, V4) and discard a suit (V7)."""
    return sorted_space([*FORWARD.values(), *BACKWARD.values(), END_TURN, *DISCARD.values()])


@cache
def chance_space(game) -> tuple:
    """Every block's suit order (S4), who starts (S9), a draw (C2) and a reveal (V6)."""
    layouts = [Layout(block, "".join(order)) for block in range(1, COMPONENTS.track_blocks + 1)
               for order in permutations(SUITS)]
    firsts = [FirstPlayer(p) for p in range(game.players)]
    return sorted_space([*layouts, *firsts, *DRAW, *REVEAL])


def max_decisions(game) -> int | None:
    """With a turn cap of N rounds (V12): N x players turns, each at most the moves of a turn
    (T5), one ``end`` and, under a hand limit (V7), discards of every card above the limit.
    Without a cap a game may go back and forth for ever (R17): no bound."""
    cap = game.options["turn_cap"]
    if cap is None:
        return None
    moves = COMPONENTS.children_moves_per_turn if game.options["variant"] == "children" \
        else COMPONENTS.moves_per_turn
    limit = game.options["hand_limit"]
    discards = 0 if limit is None else max(0, TOTAL_CARDS - limit)
    return cap * game.players * (moves + 1 + discards)


def perfect_information(game) -> bool:
    """Hands are hidden (S7), and even open hands (V6) leave what each player drew since
    unseen by the others: never perfect information."""
    return False
