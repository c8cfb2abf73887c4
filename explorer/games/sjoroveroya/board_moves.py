"""Where each Sjørøverøya move is made on the board (issue #30): the element a click plays it on.

A forward move (R7-R16) and a move back (R17-R23) are made on the card the piece lands on (the
goal for a piece that goes home), as chessground moves a piece to its destination; where two
moves land on one card, the menu at it names which piece moves and with which suit. A discard
(V7) is made on the hand card; ending the turn (R5) or passing (V4) on the "End turn" button
the board draws for the player to move.
"""

from __future__ import annotations

from typing import Any

from .data import COMPONENTS, GOAL, START, SYMBOLS
from .flow import config, occ
from .model import Backward, Discard, EndTurn, Forward
from .track.moves import backward_target, forward_target

END = "end"          # the board's "End turn" button (render.board_svg)
SUIT_WORDS = {suit.id: suit.english for suit in COMPONENTS.suits}


def place(q: int) -> str:
    """The data-place of track position q: Start, a track card or the goal."""
    return "start" if q == START else "goal" if q == GOAL else f"card:{q}"


def where(q: int) -> str:
    """A track position as the board labels it."""
    return "Start" if q == START else "the goal" if q == GOAL else f"card {q}"


def _landing(s: Any, action: Any) -> int | None:
    if isinstance(action, Forward):
        cfg = config(s.game)
        return forward_target(s.track, occ(s), s.to_move, action.origin, action.suit, cfg.stop_on_own,
                              cfg.mixed_stop)[0]
    if isinstance(action, Backward):
        found = backward_target(occ(s), s.to_move, action.origin, config(s.game).any_colour)
        return found[0] if found else None
    return None


def action_places(s: Any, action: Any) -> tuple[str, ...]:
    """The places a move involves: the piece's place, where it lands, the card played from hand."""
    if s.phase == "play" and isinstance(action, Forward):
        return (place(action.origin), place(_landing(s, action)), f"P{s.to_move + 1}:suit:{action.suit}")
    if s.phase == "play" and isinstance(action, Backward):
        landing = _landing(s, action)
        return (place(action.origin),) + ((place(landing),) if landing is not None else ())
    if isinstance(action, Discard):
        return (f"P{s.to_move + 1}:suit:{action.suit}",)
    if isinstance(action, EndTurn):
        return (END,)
    return ()


def action_target(s: Any, action: Any) -> str:
    """Where the piece lands for a move, the hand card for a discard, the button to end the turn."""
    if s.phase == "play" and isinstance(action, (Forward, Backward)):
        landing = _landing(s, action)
        return place(landing if landing is not None else action.origin)
    places = action_places(s, action)
    return places[0] if places else ""


def action_menu(s: Any, action: Any) -> tuple[str, ...]:
    """The words that tell moves landing on one card apart: which piece, which suit (R1: only suits count)."""
    if isinstance(action, Forward):
        suit = f"{SYMBOLS[action.suit]} {SUIT_WORDS[action.suit]}"
        return (f"Play {suit}: the piece on {where(action.origin)} to {where(_landing(s, action))}",)
    if isinstance(action, Backward):
        landing = _landing(s, action)
        to = f" to {where(landing)}" if landing is not None else ""
        return (f"Move back: the piece on {where(action.origin)}{to}, then draw",)
    if isinstance(action, Discard):
        return (f"Discard a {SYMBOLS[action.suit]} {SUIT_WORDS[action.suit]} card",)
    if isinstance(action, EndTurn):
        return ("End the turn" if s.moves_used else "Pass",)
    return ()
