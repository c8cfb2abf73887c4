"""Where each action is made on the board (render.py): a bid at its cell of the bid board, liar at
the Liar button. A roll is no click: the chance panel deals it."""

from __future__ import annotations

from .model import Bid, Liar, LiarsDiceState


def action_places(s: LiarsDiceState, action) -> tuple[str, ...]:
    if isinstance(action, Bid):
        return (f"bid-{action.quantity}-{action.face}",)
    if isinstance(action, Liar):
        return ("liar",)
    return ()


def action_target(s: LiarsDiceState, action) -> str:
    places = action_places(s, action)
    return places[0] if places else ""
