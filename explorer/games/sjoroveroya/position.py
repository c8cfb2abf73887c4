"""Sjørøverøya position data: `to_dict`, the validating `from_dict`, and per-player views.

Format (every field JSON; only ``track``, ``pieces`` and ``hands`` are required when
writing a what-if position by hand):

```json
{"game": {"name": "sjoroveroya", "players": 2, "options": {}},
 "phase": "play",                  // layout | deal | first | play | discard | over
 "track": "HSDCCDSHSHCDDCHSHDSC",  // suits of cards 1..20 (fewer, in blocks of 4, during layout)
 "pieces": [[0, 0, 0, 0, 3, 10], [0, 0, 0, 0, 0, 6]],   // 0 Start, 1-20 cards, 21 goal
 "hands": ["SSSD", "HHC"],         // each hand's cards as suit letters
 "pile": {"S": 18, "H": 19, "D": 20, "C": 20},  // default: every card not elsewhere
 "pile_top": "",                   // face-up display in draw order (V6)
 "discard": {"S": 0, "H": 0, "D": 0, "C": 0},
 "to_move": 0, "first_player": 0, "moves_used": 0, "turns": 0,
 "pending": {"draws": 0, "drawer": null, "then": ""},    // then: "", "move" or "end"
 "ended": "",                      // "", "goal" or "turn_cap" (phase "over")
 "reshuffled_from": null,          // pile composition at the last reshuffle (public)
 "drawn_since": [{"S": 0, ...}, ...]}   // each player's own draws since then
```

Counts per suit may total less than 21 in a what-if position (cards left out), never more.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.positions import check_root
from explorer.core.view import View

from .data import COMPONENTS, GOAL, SUIT_INDEX, SUITS, SYMBOLS
from .flow import Work, config, settle
from .model import AFTER_DRAWS, NO_CARDS, PHASES, Counts, SjoroveroyaState, counts_text, text_counts
from .moves import occupancy

ALL_PHASES = ("layout", "deal", "first", *PHASES[1:])
KNOWN = {"game", "phase", "track", "pieces", "hands", "pile", "pile_top", "discard", "to_move",
         "first_player", "moves_used", "turns", "pending", "ended", "reshuffled_from", "drawn_since"}


class UnreachablePosition(UserWarning):
    """A hand-made position that no game from the setup can reach (A4: a mixed card)."""


def _counts_dict(counts: Counts) -> dict[str, int]:
    return dict(zip(SUITS, counts, strict=True))


def to_dict(s: SjoroveroyaState) -> dict:
    return {
        "game": s.game.to_dict(), "phase": s.phase, "track": s.track,
        "pieces": [list(p) for p in s.pieces], "hands": [counts_text(h) for h in s.hands],
        "pile": _counts_dict(s.pile), "pile_top": s.pile_top, "discard": _counts_dict(s.discard),
        "to_move": s.to_move, "first_player": s.first_player, "moves_used": s.moves_used,
        "turns": s.turns, "pending": {"draws": s.pending, "drawer": s.drawer, "then": s.after},
        "ended": s.ended,
        "reshuffled_from": None if s.reshuffled_from is None else _counts_dict(s.reshuffled_from),
        "drawn_since": [_counts_dict(d) for d in s.drawn_since],
    }


# -- validation helpers -------------------------------------------------------------------
def _int(value: Any, field: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        raise PositionError(field, f"{value} is outside {low}..{high if high is not None else '∞'}")
    return value


def _suits(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise PositionError(field, f"must be a string of suit letters S H D C, not {type(value).__name__}")
    text = "".join(value.split())
    for ch in text:
        if ch not in SUIT_INDEX and ch not in SYMBOLS.values():
            raise PositionError(field, f"{ch!r} is not a suit (S H D C or ♠ ♥ ♦ ♣; K9, A1)")
    back = {sym: s for s, sym in SYMBOLS.items()}
    return "".join(back.get(ch, ch) for ch in text)


def _counts(value: Any, field: str) -> Counts:
    if isinstance(value, str):
        return text_counts(_suits(value, field))
    if not isinstance(value, Mapping):
        raise PositionError(field, "must be an object of suit counts like {'S': 1, 'H': 0, 'D': 2, 'C': 0}")
    for key in value:
        if key not in SUIT_INDEX:
            raise PositionError(f"{field}.{key}", "is not a suit (S H D C)")
    return tuple(_int(value.get(s, 0), f"{field}.{s}", 0, COMPONENTS.copies_per_suit) for s in SUITS)  # type: ignore


def _player(value: Any, field: str, n: int, nullable: bool = True) -> int | None:
    if value is None and nullable:
        return None
    return _int(value, field, 0, n - 1)


def _per_player(value: Any, field: str, n: int) -> list:
    if not isinstance(value, list) or len(value) != n:
        raise PositionError(field, f"must be a list with one entry per player ({n})")
    return value


def _check_track(track: str, phase: str) -> None:
    blocks = COMPONENTS.track_blocks
    if phase == "layout":
        if len(track) % 4 or len(track) >= 4 * blocks:
            raise PositionError("track", "during layout it holds whole blocks of 4, fewer than 20 cards (S4)")
    elif len(track) != 4 * blocks:
        raise PositionError("track", f"must list the suits of all 20 track cards, not {len(track)} (K3, S4)")
    for b in range(len(track) // 4):
        if sorted(track[4 * b:4 * b + 4]) != sorted(SUITS):
            raise PositionError("track", f"block {b + 1} (cards {4 * b + 1}-{4 * b + 4}) must hold each suit once (S4)")


def from_dict(game: Any, data: Mapping[str, Any]) -> SjoroveroyaState:
    """Validate position data and build the state; `PositionError` names the first bad field."""
    check_root(game, data, KNOWN)
    n = game.players
    cfg = config(game)
    for required in ("track", "pieces", "hands"):
        if required not in data:
            raise PositionError(required, "missing (required)")
    phase = data.get("phase", "play")
    if phase not in ALL_PHASES:
        raise PositionError("phase", f"{phase!r} is not one of {', '.join(ALL_PHASES)}")
    track = _suits(data["track"], "track")
    _check_track(track, phase)
    pieces = []
    for i, row in enumerate(_per_player(data["pieces"], "pieces", n)):
        if not isinstance(row, list) or len(row) != COMPONENTS.pieces_per_player:
            raise PositionError(f"pieces.{i}",
                                f"must list the {COMPONENTS.pieces_per_player} positions of the player's pieces (K7)")
        pieces.append(tuple(sorted(_int(q, f"pieces.{i}.{j}", 0, GOAL) for j, q in enumerate(row))))
    if len(track) < 4 * COMPONENTS.track_blocks and any(any(row) for row in pieces):
        raise PositionError("pieces", "before the track is laid every piece is at Start (S5)")
    hands = tuple(_counts(h, f"hands.{i}") for i, h in enumerate(_per_player(data["hands"], "hands", n)))
    discard = _counts(data.get("discard", {}), "discard")
    pile_top = _suits(data.get("pile_top", ""), "pile_top")
    if len(pile_top) > cfg.face_up:
        raise PositionError("pile_top", f"holds {len(pile_top)} cards; at most {cfg.face_up} lie face up (V6)")
    placed = [sum(col) for col in zip(*hands, discard, text_counts(pile_top), strict=True)]
    if "pile" in data:
        pile = _counts(data["pile"], "pile")
    else:
        pile = tuple(max(0, COMPONENTS.copies_per_suit - c) for c in placed)  # type: ignore[assignment]
    for i, s in enumerate(SUITS):
        total = placed[i] + pile[i]
        if total > COMPONENTS.copies_per_suit:
            raise PositionError(f"cards.{s}", f"{total} {SYMBOLS[s]} in hands, pile and discard pile; "
                                              f"the deck has {COMPONENTS.copies_per_suit} (K4)")
    to_move = _player(data.get("to_move", 0 if phase in ("play", "discard") else None), "to_move", n)
    first = _player(data.get("first_player", to_move), "first_player", n)
    moves_used = _int(data.get("moves_used", 0), "moves_used", 0, cfg.moves_per_turn)
    turns = _int(data.get("turns", 0), "turns", 0)
    pending = data.get("pending", {})
    if not isinstance(pending, Mapping) or set(pending) - {"draws", "drawer", "then"}:
        raise PositionError("pending", "must be an object with draws, drawer and then")
    draws = _int(pending.get("draws", 0), "pending.draws", 0, 2 * COMPONENTS.start_hand + 84)
    drawer = _player(pending.get("drawer"), "pending.drawer", n)
    after = pending.get("then", "")
    if after not in AFTER_DRAWS:
        raise PositionError("pending.then", f"{after!r} is not one of {AFTER_DRAWS}")
    if draws and drawer is None:
        raise PositionError("pending.drawer", "draws are owed but no drawer is named")
    ended = data.get("ended", "")
    if ended not in ("", "goal", "turn_cap") or (ended != "") != (phase == "over"):
        raise PositionError("ended", "is 'goal' or 'turn_cap' exactly when the phase is 'over' (E1, V12)")
    home = [i for i, row in enumerate(pieces) if all(q == GOAL for q in row)]
    if len(home) > 1:
        raise PositionError(f"pieces.{home[1]}", "only one player can have all six pieces in the goal (E1)")
    if home and ended != "goal":
        raise PositionError(f"pieces.{home[0]}", "all six pieces are in the goal, so the game is over (E1): "
                                                 "set phase 'over' and ended 'goal'")
    if ended == "goal" and not home:
        raise PositionError("ended", "'goal' needs a player with all six pieces in the goal (E1)")
    if phase in ("play", "discard") and to_move is None:
        raise PositionError("to_move", "a player must be named during play")
    if phase == "play" and moves_used == cfg.moves_per_turn and not after:
        raise PositionError("moves_used", f"after {moves_used} moves the turn is over (R2, T5)")
    if phase == "discard" and (cfg.hand_limit is None or sum(hands[to_move]) <= cfg.hand_limit):
        raise PositionError("phase", "'discard' needs the hand_limit option and a hand over it (V7)")
    reshuffled = data.get("reshuffled_from")
    reshuffled = None if reshuffled is None else _counts(reshuffled, "reshuffled_from")
    since_raw = data.get("drawn_since", [{}] * n)
    since = tuple(_counts(d, f"drawn_since.{i}") for i, d in enumerate(_per_player(since_raw, "drawn_since", n)))
    if not cfg.any_colour:
        o = occupancy(tuple(pieces))
        mixed = [q for q in range(1, GOAL) if o.total[q] and max(row[q] for row in o.own) != o.total[q]]
        if mixed:
            warnings.warn(f"card {mixed[0]} holds two players' pieces: unreachable without V3 (R31, A4)",
                          UnreachablePosition, stacklevel=3)
    from .flow import build

    state = build(SjoroveroyaState, game, None, (), track, tuple(pieces), hands, pile, pile_top, discard,
                  phase, to_move, first, moves_used, turns, draws, drawer, after, ended, reshuffled, since)
    return _settled(state)


def _settled(state: SjoroveroyaState) -> SjoroveroyaState:
    """Run automatic consequences a hand-made position owes (a stuck player's emergency draw)."""
    w = Work(state)
    if w.phase == "play" and not w.pending and not w.after and w.moves_used == 0:
        from .flow import begin_turn

        begin_turn(w, w.to_move)
    settle(w)
    frozen = w.freeze(state, None)
    return frozen if frozen._key() != state._key() else state


# -- views --------------------------------------------------------------------------------
def next_draw(s: SjoroveroyaState, player: int | None) -> dict[str, str]:
    """C3: the suit odds of the next card from the face-down pile, as `player` may know them."""
    if player is None:
        counts = s.pile
    elif s.reshuffled_from is not None:
        mine = s.drawn_since[player]
        counts = tuple(max(0, d - m) for d, m in zip(s.reshuffled_from, mine, strict=True))
    else:
        seen = [h + d + t for h, d, t in zip(s.hands[player], s.discard, text_counts(s.pile_top), strict=True)]
        counts = tuple(COMPONENTS.copies_per_suit - x for x in seen)
    total = sum(counts)
    return {suit: str(Fraction(c, total)) for suit, c in zip(SUITS, counts, strict=True) if total and c}


def view(s: SjoroveroyaState, player: int | None) -> View:
    """What `player` may know (Hidden information); None is the teacher's whole truth."""
    from .render import board_svg

    if player is not None and not (isinstance(player, int) and 0 <= player < s.game.players):
        raise PositionError("player", f"{player!r} is not a player of {s.game.players}")
    open_hands = config(s.game).open_hands
    data = to_dict(s)
    data["viewer"] = player
    data["hand_sizes"] = [sum(h) for h in s.hands]
    data["pile_size"] = sum(s.pile) + len(s.pile_top)
    data["next_draw"] = next_draw(s, player)
    data["scores"] = list(s.scores())
    data["events"] = [e.for_player(player) for e in s.events]
    if player is not None:
        if not open_hands:
            data["hands"] = [h if i == player else None for i, h in enumerate(data["hands"])]
        del data["pile"]
        data["drawn_since"] = [d if i == player else None for i, d in enumerate(data["drawn_since"])]
        if s.pending and s.drawer != player:
            data["pending"] = {**data["pending"]}
    return View(data, board_svg)


__all__ = ["NO_CARDS", "UnreachablePosition", "from_dict", "next_draw", "to_dict", "view"]
