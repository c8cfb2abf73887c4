"""Why an action is illegal here (an `IllegalAction` naming the rule), and actions in words.

The rulebook (`rules.py`) answers the contract's `explain_illegal` and `describe` with these;
each error cites the digest's rule (../shared/rules/sjoroveroya.md).
"""

from __future__ import annotations

from typing import Any

from explorer.core.errors import IllegalAction

from .data import GOAL, START, SYMBOLS
from .flow import chance_kind, config, occ, player_name
from .model import (
    Backward,
    Discard,
    Draw,
    EndTurn,
    FirstPlayer,
    Forward,
    Layout,
    Reveal,
    SjoroveroyaState,
)
from .track.moves import backward_target, forward_target


def pretty_suits(text: str) -> str:
    return "".join(SYMBOLS[c] for c in text)


def place_name(q: int) -> str:
    return "Start" if q == START else "the goal" if q == GOAL else f"card {q}"


# -- errors ---------------------------------------------------------------------------------
DECISIONS = (Forward, Backward, EndTurn, Discard)
OUTCOMES = (Layout, FirstPlayer, Draw, Reveal)
CHANCE_RULES = {"layout": "S4", "draw": "R20", "reveal": "V6", "first": "S9"}


def explain_illegal(s: SjoroveroyaState, action: Any) -> IllegalAction:
    """Why `action` is not allowed here, naming the rule (the first that applies)."""
    if s.phase == "over":
        return IllegalAction("E2" if s.ended == "goal" else "V12", "the game is over", action)
    kind = chance_kind(s)
    if kind is not None:
        rule = CHANCE_RULES[kind]
        if kind == "draw" and s.phase == "deal":
            rule = "S7"
        elif kind == "draw" and s.after == "end":
            rule = "V1" if config(s.game).children else "R24"
        if isinstance(action, OUTCOMES):
            return IllegalAction("C3" if kind in ("draw", "reveal") else rule,
                                 f"{action} cannot happen here (probability 0); the chance event is a {kind}",
                                 action)
        return IllegalAction(rule, f"a chance event ({kind}) must be resolved first", action)
    if isinstance(action, OUTCOMES):
        return IllegalAction("T3", f"{player_name(s.to_move)} must decide now; this is not a chance node",
                             action)
    if not isinstance(action, DECISIONS):
        return IllegalAction("T3", f"{action!r} is not a Sjørøverøya action", action)
    cfg = config(s.game)
    player = s.to_move
    name = player_name(player)
    if s.phase == "discard":
        if isinstance(action, Discard):
            return IllegalAction("V7", f"{name} holds no {SYMBOLS[action.suit]} to discard", action)
        return IllegalAction("V7", f"{name} must first discard down to {cfg.hand_limit} cards", action)
    if isinstance(action, Discard):
        reason = "there is no hand limit (R28)" if cfg.hand_limit is None else "discarding is only at the end of a turn"
        return IllegalAction("V7", reason, action)
    if isinstance(action, EndTurn):
        return IllegalAction("R4", f"{name} must make at least one move before ending the turn", action)
    error = _for_mover(s, action, cfg)
    other = _another_could(s, action, cfg)
    if other is not None:    # actions name no actor: a move another seat could make is out of turn (R6)
        return IllegalAction("R6", f"it is {name}'s turn, not {player_name(other)}'s (turns go round in seat "
                                   f"order), and {name} cannot make this move: {error.reason}", action)
    return error


def _another_could(s: SjoroveroyaState, action: Forward | Backward, cfg: Any) -> int | None:
    """The first other seat that, by what everyone sees (its pieces, its hand size), could make
    this move on its own turn."""
    for q in range(s.game.players):
        if q == s.to_move or action.origin not in s.pieces[q] or action.origin == GOAL:
            continue
        if isinstance(action, Forward) and any(s.hands[q]):
            return q
        if isinstance(action, Backward) and not cfg.children and backward_target(occ(s), q, action.origin,
                                                                                  cfg.any_colour):
            return q
    return None


def _for_mover(s: SjoroveroyaState, action: Forward | Backward, cfg: Any) -> IllegalAction:
    """Why the player to move cannot make this forward or backward move."""
    player = s.to_move
    name = player_name(player)
    own = s.pieces[player]
    if action.origin == GOAL:
        return IllegalAction("R23", "a piece in the goal never moves again", action)
    if action.origin not in own:
        rule = "R7" if isinstance(action, Forward) else "R17"
        return IllegalAction(rule, f"{name} has no piece on {place_name(action.origin)}", action)
    if isinstance(action, Forward):
        return IllegalAction("R7", f"{name} holds no {SYMBOLS[action.suit]} to play", action)
    if cfg.children:
        return IllegalAction("V1", "the children's variant has forward moves only", action)
    if action.origin == START:
        return IllegalAction("R17", "a piece at Start has nothing behind it", action)
    return IllegalAction("R22", f"no card behind card {action.origin} holds one or two of {name}'s pieces, "
                                "and no piece may go back to Start", action)


# -- words and places -----------------------------------------------------------------------
def describe(s: SjoroveroyaState, action: Any) -> str:
    """Plain words for an action here, with where the piece would go."""
    if isinstance(action, Forward) and s.phase == "play" and action.origin in s.pieces[s.to_move]:
        cfg = config(s.game)
        target, _ = forward_target(s.track, occ(s), s.to_move, action.origin, action.suit,
                                   cfg.stop_on_own, cfg.mixed_stop)
        return f"Play {SYMBOLS[action.suit]}: {place_name(action.origin)} → {place_name(target)}"
    if isinstance(action, Backward) and s.phase == "play" and action.origin in s.pieces[s.to_move]:
        found = backward_target(occ(s), s.to_move, action.origin, config(s.game).any_colour)
        if found:
            return f"Back: card {action.origin} → card {found[0]}, draw {found[1]}"
    if isinstance(action, EndTurn):
        return "End the turn" if s.moves_used else "Pass"
    if isinstance(action, Discard):
        return f"Discard {SYMBOLS[action.suit]}"
    if isinstance(action, (Draw, Reveal)):
        return f"{type(action).__name__} {SYMBOLS[action.suit]}"
    if isinstance(action, Layout):
        return f"Block {action.block}: {pretty_suits(action.order)}"
    if isinstance(action, FirstPlayer):
        return f"{player_name(action.player)} starts"
    return str(action)
