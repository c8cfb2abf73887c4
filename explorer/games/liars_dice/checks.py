"""Could this position arise? The checks behind `state_from_dict` and the position notation.

Each check raises `PositionError` naming the field and the rule the position would break.
"""

from __future__ import annotations

from explorer.core.errors import PositionError

from .model import BidRecord


def check(game, dice, cups, bids, opener, out, loser, called, round_) -> None:
    """Every field read, the position as a whole (seat counts, the deal, the bids, the round)."""
    o, n = game.options, game.players
    start = o["dice"]
    if len(dice) != n or any(not 0 <= d <= start for d in dice):
        raise PositionError("dice", f"one count per seat ({n}), each 0 to {start} (S1, R5)")
    if sum(1 for d in dice if d) < 1:
        raise PositionError("dice", "somebody must have dice (E1)")
    if o["single_round"] and any(d != start for d in dice):
        raise PositionError("dice", f"in the single round every cup holds {start} dice (V1)")
    if len(cups) != n:
        raise PositionError("cups", f"one cup per seat ({n})")
    for seat, cup in enumerate(cups):
        if len(cup) > dice[seat] or any(not 1 <= f <= o["sides"] for f in cup):
            raise PositionError(f"cups.{seat}", f"at most {dice[seat]} dice showing 1 to {o['sides']} (T1, C1)")
    rolling = next((p for p in range(n) if len(cups[p]) < dice[p]), None)
    if rolling is not None and any(cups[p] for p in range(rolling + 1, n)):
        raise PositionError("cups", "the cups are rolled in seat order, Player 1's first (C1)")
    over = called or sum(1 for d in dice if d) <= 1
    if not dice[opener] and not over:
        raise PositionError("opener", "the opener must have dice (R8)")
    if sorted(out) != [p for p in range(n) if not dice[p]] or len(set(out)) != len(out):
        raise PositionError("out", "out are exactly the seats without dice (R7)")
    if bids and rolling is not None:
        raise PositionError("bids", "bidding starts once every cup is rolled (T2)")
    if over and not called and (bids or any(cups)):
        raise PositionError("cups", "the match is over: no cups are rolled (E1)")
    _check_bids(game, dice, bids, opener, called)
    if o["single_round"]:
        _check_single(game, dice, cups, bids, out, loser, called, round_)
        return
    if called:
        raise PositionError("called", "only the single round ends at a call (V1, E2)")
    lost = n * start - sum(dice)
    expected = lost + (0 if over else 1)
    if round_ != expected:
        raise PositionError("round", f"{lost} dice lost means round {expected} (R5, R8)")
    if (loser is None) != (lost == 0):
        raise PositionError("loser", "the loser of the last call is named once a die was lost (R5)")
    if loser is not None and not over and o["next_opener"] == "loser":
        n_seat = loser if dice[loser] else next((loser + k) % n for k in range(1, n) if dice[(loser + k) % n])
        if opener != n_seat:
            raise PositionError("opener", "the loser of the last call opens, or the next seat with dice (R8)")


def _check_bids(game, dice, bids: tuple[BidRecord, ...], opener: int, called: bool) -> None:
    from_rules = game.RULEBOOK
    total, sides, n = sum(dice), game.options["sides"], game.players
    seat, floor = opener, -1
    for k, (bidder, quantity, face) in enumerate(bids):
        if bidder != seat:
            raise PositionError(f"bids.{k}", f"{game.player_name(seat)} bids here, in seat order from the opener "
                                             "(T2)")
        if not (1 <= quantity <= total and 1 <= face <= sides):
            raise PositionError(f"bids.{k}", f"a bid counts 1 to {total} dice of a face 1 to {sides} (R1, R3)")
        rank = from_rules.bid_rank(game, total, quantity, face)
        if rank <= floor:
            raise PositionError(f"bids.{k}", "each bid must raise the one before (R2)")
        floor = rank
        seat = next((seat + j) % n for j in range(1, n + 1) if dice[(seat + j) % n])
    if called and not bids:
        raise PositionError("called", "liar is called on a bid (R4)")


def _check_single(game, dice, cups, bids, out, loser, called, round_) -> None:
    if round_ != 1 or out:
        raise PositionError("round", "the single round is round 1, nobody out (V1)")
    if called != (loser is not None):
        raise PositionError("loser", "the loser is named exactly when liar has been called (E2)")
    if called:
        bidder, quantity, face = bids[-1]
        count = game.RULEBOOK.matches(game, cups, face)
        caller = 1 - bidder
        if loser != (caller if count >= quantity else bidder):
            raise PositionError("loser", "the caller loses when the bid stands, else the bidder (R5)")
