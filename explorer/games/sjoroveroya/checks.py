"""Could this position arise under the rules? The checks every loaded position passes.

A hand-made position is refused with `PositionError` naming the field and the rule it
breaks, never loaded with a warning: a card holding two players' pieces (R31, A4), a
turn out of seat order (S9, R6), draws owed by the wrong player (R20), a moment the
rules would not wait at (a stuck player who has not made the emergency draw, T2/R24;
a reshuffle owed, R26), a game that should already be over (E1, V12). Loading never
runs the flow on: the state is the moment as written.
"""

from __future__ import annotations

from explorer.core.errors import PositionError

from .data import COMPONENTS, GOAL, SUITS, SYMBOLS
from .flow import Config, Work, config, is_stuck, settle
from .model import SjoroveroyaState, text_counts
from .track.moves import occupancy


def _seat(p: int) -> str:
    return f"Player {p + 1}"


def check_cards(s: SjoroveroyaState) -> None:
    """K4, A2: at most 21 cards of a suit in hands, pile, face-up display and discard pile;
    draws since a reshuffle came from the reshuffled pile (R26, C3)."""
    top = text_counts(s.pile_top)
    for i, suit in enumerate(SUITS):
        total = sum(h[i] for h in s.hands) + s.pile[i] + s.discard[i] + top[i]
        if total > COMPONENTS.copies_per_suit:
            raise PositionError(f"cards.{suit}", f"{total} {SYMBOLS[suit]} in hands, pile, face-up display and discard "
                                                 f"pile; the decks hold {COMPONENTS.copies_per_suit} (K4, A2)")
    if s.reshuffled_from is None:
        for p, drawn in enumerate(s.drawn_since):
            if any(drawn):
                raise PositionError(f"drawn_since.{p}", "draws are only counted since a reshuffle, and there "
                                                        "has been none (reshuffled_from is null) (R26, C3)")
        return
    for i, suit in enumerate(SUITS):
        since = sum(d[i] for d in s.drawn_since) + s.pile[i] + top[i]
        if since != s.reshuffled_from[i]:
            raise PositionError("reshuffled_from", f"{s.reshuffled_from[i]} {SYMBOLS[suit]} were reshuffled, but the "
                                                   f"pile, the face-up display and the draws since hold {since} (R26)")


def check_board(s: SjoroveroyaState, cfg: Config) -> None:
    """R31/A4: without V3 no card holds two players' pieces; S5: all at Start before play."""
    if s.phase in ("layout", "deal", "first") and any(any(row) for row in s.pieces):
        raise PositionError("pieces", "before play begins every piece is at Start (S5)")
    if cfg.any_colour:
        return
    o = occupancy(s.pieces)
    for q in range(1, GOAL):
        owners = [p for p, row in enumerate(o.own) if row[q]]
        if len(owners) > 1:
            both = f"{_seat(owners[0])} and {_seat(owners[1])}"
            raise PositionError(f"pieces.{owners[1]}", f"card {q} holds pieces of {both}: no game reaches that "
                                                       "without the V3 option (R31, A4)")


def check_setup(s: SjoroveroyaState, cfg: Config) -> None:
    """S4-S9: the setup phases hold nothing that play puts down."""
    if s.to_move is not None or s.first_player is not None:
        raise PositionError("to_move", "nobody is to move before the starting player is chosen (S9)")
    if s.moves_used or s.turns or any(s.discard) or s.reshuffled_from is not None or s.ended:
        raise PositionError("phase", f"the {s.phase} phase comes before any move, discard or reshuffle (S4-S9)")
    size = cfg.hand_size
    if s.phase == "layout":
        wanted = [0] * cfg.players
    elif s.phase == "first":
        wanted = [size] * cfg.players
    else:
        if s.drawer is None:    # settling a deal with nobody being dealt to would crash (flow.settle)
            raise PositionError("pending.drawer", "missing: the deal phase names the player being dealt to, "
                                                  'e.g. "pending": {"draws": 4, "drawer": 0} (S7)')
        if not 0 <= s.pending <= size:     # 0 only while V6's display is refilled
            raise PositionError("pending.draws", f"{s.pending} cards still to deal, but a hand is {size} cards (S7)")
        wanted = [size if p < s.drawer else size - s.pending if p == s.drawer else 0 for p in range(cfg.players)]
    if s.after:
        raise PositionError("pending.then", f"nothing follows a draw in the {s.phase} phase: it is empty (S7)")
    if s.phase != "deal" and (s.pending or s.drawer is not None):
        raise PositionError("pending", f"no card is owed in the {s.phase} phase (S4, S9)")
    for p, hand in enumerate(s.hands):
        if sum(hand) != wanted[p]:
            raise PositionError(f"hands.{p}", f"holds {sum(hand)} cards; at this point of the deal it holds "
                                              f"{wanted[p]} (S7)")


def check_turn(s: SjoroveroyaState, cfg: Config) -> None:
    """S9, R6, T1-T8, R20, R24, V7, V12: the turn's moment is one the rules stop at."""
    n = cfg.players
    if s.first_player is None or s.to_move is None:
        raise PositionError("to_move", "once play has begun, a player is to move and a player started (S9)")
    if s.to_move != (s.first_player + s.turns) % n:
        raise PositionError("to_move", f"{_seat(s.first_player)} started and {s.turns} turns are done, so it is "
                                       f"{_seat((s.first_player + s.turns) % n)}'s turn, not "
                                       f"{_seat(s.to_move)}'s (R6, S9)")
    if cfg.first_player is not None and s.first_player != cfg.first_player:
        raise PositionError("first_player", f"the first_player option says {_seat(cfg.first_player)} started (S9)")
    cap = None if cfg.turn_cap is None else cfg.turn_cap * n
    if s.phase == "over":
        check_over(s, cap)
        return
    if cap is not None and s.turns >= cap:
        raise PositionError("turns", f"{s.turns} turns reach the cap of {cfg.turn_cap} rounds: the game is over "
                                     "(V12)")
    if s.phase == "discard":
        if s.pending or s.after:
            raise PositionError("pending", "no card is owed while discarding down to the hand limit (V7)")
        return
    check_draws(s, cfg)


def check_over(s: SjoroveroyaState, cap: int | None) -> None:
    if s.pending or s.after or s.drawer is not None:
        raise PositionError("pending", "nothing is owed once the game is over (E2)")
    if s.ended == "turn_cap" and s.turns != cap:
        raise PositionError("turns", f"the turn cap ends the game after exactly {cap} turns, not {s.turns} (V12)")
    home = [p for p, row in enumerate(s.pieces) if all(q == GOAL for q in row)]
    if s.ended == "goal" and home != [s.to_move]:
        raise PositionError("to_move", "the game ends in the turn of the player who brought the sixth piece "
                                       "home (E1)")


def check_draws(s: SjoroveroyaState, cfg: Config) -> None:
    """R20, R24, V1: who owes which draw, and when."""
    player = s.to_move
    if s.moves_used > cfg.moves_per_turn or (s.moves_used == cfg.moves_per_turn and not s.after):
        raise PositionError("moves_used", f"after {s.moves_used} moves the turn is over (R2, T5)")
    if s.after == "" and s.pending:
        raise PositionError("pending.then", "draws owed during play say what follows them: 'move' (R20) or "
                                                "'end' (R24, V1)")
    if s.after == "deal":
        raise PositionError("pending.then", "'deal' belongs to the deal phase (S7)")
    if s.after and s.drawer != player:
        raise PositionError("pending.drawer", f"only {_seat(player)}, whose turn it is, draws now (R20, R24)")
    if s.after and s.pending == 0:
        return      # V6: the display is refilled before the step goes on (check_resting judges it)
    if s.after == "move":
        if cfg.children or s.moves_used < 1 or s.pending > max(COMPONENTS.backward_stop_counts):
            raise PositionError("pending", "a backward move draws 1 or 2 cards after the move (R20)")
    elif s.after == "end":
        if cfg.children:
            if s.pending != COMPONENTS.children_end_draw or (s.moves_used == 0 and any(s.hands[player])):
                raise PositionError("pending", "the children's end-of-turn draw is 1 card after the move, or the "
                                               "whole turn when the hand is empty (V1)")
        else:
            if s.pending > COMPONENTS.emergency_draw or s.moves_used >= cfg.moves_per_turn:
                raise PositionError("pending", "the emergency draw is 1 card with a move still left (R24, A10)")
            if not cfg.emergency_whenever and s.moves_used:
                raise PositionError("pending", "with emergency_draw 'start_of_turn_only' it happens only before the "
                                               "first move (V8)")
            if not stuck(s, cfg):
                raise PositionError("pending", f"{_seat(player)} has a card or a backward move, so there is no "
                                               "emergency draw (R24, T2)")
    elif s.pending == 0 and stuck(s, cfg):
        if s.moves_used and not cfg.emergency_whenever:
            raise PositionError("pending", f"{_seat(player)} is stuck mid-turn, so the turn has already ended "
                                           "(T6, V8)")
        step = "end-of-turn draw (V1)" if cfg.children else "emergency draw (T2, R24)"
        raise PositionError("pending", f"{_seat(player)} has no card and no backward move, so the turn is the "
                                       f"{step}: write that step, not a move")


def stuck(s: SjoroveroyaState, cfg: Config) -> bool:
    p = s.to_move
    return is_stuck(lambda: occupancy(s.pieces), s.pieces[p], s.hands[p], p, cfg)


def check_resting(s: SjoroveroyaState) -> None:
    """The rules stop here: running the flow's automatic steps changes nothing (no reshuffle
    owed, no turn that should already have ended)."""
    w = Work(s)
    settle(w)
    after = w.freeze(s, None)
    if after._key() != s._key():
        said = "; ".join(f"{e.text} ({', '.join(e.rules)})" for e in w.events) or "the position moves on"
        field = "pending" if s.pending or s.after else "phase"
        raise PositionError(field, f"the rules do not stop at this moment, they go on at once: {said}")
    if not s.is_chance and s.phase in ("play", "discard") and not s.legal_actions():
        raise PositionError("phase", f"{_seat(s.to_move)} would have nothing legal to do here (T3, R4)")


def check(s: SjoroveroyaState) -> None:
    """Every check above, in the order a person would fix them."""
    cfg = config(s.game)
    check_board(s, cfg)
    check_cards(s)
    if s.phase in ("layout", "deal", "first"):
        check_setup(s, cfg)
    else:
        check_turn(s, cfg)
    check_resting(s)


__all__ = ["check"]
