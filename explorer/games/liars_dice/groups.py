"""How a chance panel groups outcomes (a roll's faces stand on their own), and what a position waits for."""

from __future__ import annotations

from .model import LiarsDiceState


def outcome_group(s: LiarsDiceState, outcome) -> tuple[str, ...]:
    """A roll has at most a handful of faces: each stands on its own (no groups)."""
    return ()


def stage_text(s: LiarsDiceState) -> str:
    """What the position waits for, in the game's words."""
    game = s.game
    if s.is_over:
        return "The round is over" if s.called else "The game is over"
    if s.is_chance:
        seat = s.roller
        rolled, count = len(s.cups[seat]), s.dice[seat]
        return f"Round {s.round}: {game.player_name(seat)} rolls die {rolled + 1} of {count} under the cup"
    if not s.bids:
        return f"Round {s.round}: {game.player_name(s.player)} opens the bidding"
    return f"Round {s.round}: {game.player_name(s.player)} raises or calls liar"
