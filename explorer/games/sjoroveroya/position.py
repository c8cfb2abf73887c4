"""Sjørøverøya position data: `to_dict`, the validating `from_dict`, and per-player views.

The data is plain JSON. Only ``track`` and ``hands`` are needed when writing a what-if position
by hand; what is left out is where the setup rules put it (S4-S8): pieces stand at Start, cards
not written anywhere are in the face-down draw pile, unseen, so every draw keeps its exact odds
(no track: it is still to be laid out, and the position is the start of setup).
The ``game`` block, when present, must name this game set-up; options it leaves out are the
defaults. This example loads as written:

>>> import explorer
>>> game = explorer.load("sjoroveroya", players=2)
>>> state = game.state_from_dict({
...     "game": {"name": "sjoroveroya", "players": 2, "options": {}},
...     "phase": "play",
...     "track": "HSDCCDSHSHCDDCHSHDSC",
...     "pieces": [[0, 0, 0, 0, 3, 10], [0, 0, 0, 0, 0, 6]],
...     "hands": ["SSSD", "HHC"],
...     "pile": {"S": 18, "H": 19, "D": 20, "C": 20},
...     "pile_top": "",
...     "discard": {"S": 0, "H": 0, "D": 0, "C": 0},
...     "to_move": 0, "first_player": 0, "moves_used": 0, "turns": 0,
...     "pending": {"draws": 0, "drawer": None, "then": ""},
...     "ended": "",
...     "reshuffled_from": None,
...     "drawn_since": [{}, {}]})
>>> state.player, [str(a) for a in state.legal_actions()][:4]
(0, ['S@0', 'D@0', 'S@3', 'D@3'])

Fields:

- ``phase``: ``layout`` | ``deal`` | ``first`` (setup) | ``play`` | ``discard`` (V7) | ``over``; default ``play``
  (``layout`` when there is no track).
- ``track``: the suits of cards 1..20 (fewer, in whole blocks of 4, during layout).
- ``pieces``: per player the six positions: 0 Start, 1-20 track cards, 21 the goal (default all at Start).
- ``hands``: each hand's cards as suit letters (``S H D C`` or ``♠ ♥ ♦ ♣``); needed once dealt (S7).
- ``pile``: suit counts of the face-down pile; default every card not elsewhere (21 per suit in all).
  Written counts may leave cards out of play (a what-if position), never exceed 21 of a suit.
- ``pile_top``: the face-up display in draw order (V6); ``discard``: suit counts of the discard pile.
- ``to_move``, ``first_player`` (seat numbers from 0), ``moves_used`` this turn, ``turns`` completed:
  the player to move is always ``(first_player + turns) % players`` (S9, R6).
- ``pending``: ``draws`` owed to ``drawer``, ``then`` what follows: ``"move"`` (after a backward
  move, R20) or ``"end"`` (the emergency draw R24, or the children's end-of-turn draw V1).
- ``ended``: ``"goal"`` (E1) or ``"turn_cap"`` (V12) exactly when the phase is ``over``.
- ``reshuffled_from``: the pile's public make-up at the last reshuffle (null before any);
  ``drawn_since``: each player's own draws since then (all zero before a reshuffle).

A player's view (`view`) hides the other hands, the pile and the others' ``drawn_since`` suits,
and adds what the table sees: ``hand_sizes``, ``pile_size`` and ``drawn_since_sizes`` (how many
cards each seat drew since the reshuffle: the number each draw produced is public, R26, R29).

A position that no game could reach is refused with `PositionError` naming the field and the
rule (see `checks.py`): it is never moved on to a later moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import OptionError, PositionError
from explorer.core.positions import check_root
from explorer.core.view import View

from .checks import check
from .data import COMPONENTS, GOAL, SUIT_INDEX, SUITS, SYMBOLS
from .flow import config, make
from .model import AFTER_DRAWS, NO_CARDS, PHASES, Counts, SjoroveroyaState, counts_text, text_counts
from .position_notation.write import write as notation
from .render import board_svg

ALL_PHASES = ("layout", "deal", "first", *PHASES[1:])
KNOWN = {"game", "phase", "track", "pieces", "hands", "pile", "pile_top", "discard", "to_move",
         "first_player", "moves_used", "turns", "pending", "ended", "reshuffled_from", "drawn_since"}


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


def check_game(game: Any, block: Any) -> None:
    """The ``game`` block names this set-up. It is partial, as core's `check_root` reads it: a
    missing name is this game's, missing players the default count, missing options the defaults.
    A mistake or a mismatch is one `PositionError` whose field starts ``game``."""
    if not isinstance(block, Mapping):
        raise PositionError("game", f"must be an object like {game.to_dict()!r}, not {type(block).__name__}")
    unknown = sorted(str(k) for k in set(block) - {"name", "players", "options"})
    if unknown:
        raise PositionError(f"game.{unknown[0]}", "unknown field; a set-up has name, players, options")
    name = block.get("name", game.name)
    if name != game.name:
        raise PositionError("game.name", f"the data is for {name!r}, but {game.name!r} is reading it")
    options = block.get("options", {})
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise PositionError("game.options", "must be an object of option values by name")
    try:
        theirs = type(game)(block.get("players"), **options)
    except OptionError as err:
        raise PositionError(f"game.{err.field}", err.reason) from None
    if theirs.players != game.players:
        raise PositionError("game.players", f"the data is for {theirs.players} players, this game has {game.players}")
    for option, value in theirs.options.items():
        if value != game.options[option]:
            rule = next(spec.rule for spec in type(game).OPTIONS if spec.name == option)
            raise PositionError(f"game.options.{option}", f"the data is for {option}={value!r}, this game has "
                                                          f"{game.options[option]!r} ({rule})")


def from_dict(game: Any, data: Mapping[str, Any]) -> SjoroveroyaState:
    """Validate position data and build the state exactly as written; `PositionError` names the
    first bad field and the rule it breaks."""
    if isinstance(data, Mapping) and "game" in data:
        check_game(game, data["game"])
        data = {k: v for k, v in data.items() if k != "game"}
    check_root(game, data, KNOWN)
    n = game.players
    cfg = config(game)
    phase = data.get("phase", "play" if "track" in data else "layout")    # no track: still to be laid (S4)
    if not isinstance(phase, str) or phase not in ALL_PHASES:
        raise PositionError("phase", f"{phase!r} is not one of {', '.join(ALL_PHASES)}")
    if "hands" not in data and phase not in ("layout", "deal"):
        raise PositionError("hands", "missing: once the cards are dealt every hand is written (S7)")
    track = _suits(data.get("track", ""), "track")
    _check_track(track, phase)
    pieces = []
    for i, row in enumerate(_per_player(data.get("pieces", [[0] * COMPONENTS.pieces_per_player] * n), "pieces", n)):
        if not isinstance(row, list) or len(row) != COMPONENTS.pieces_per_player:
            raise PositionError(f"pieces.{i}",
                                f"must list the {COMPONENTS.pieces_per_player} positions of the player's pieces (K7)")
        pieces.append(tuple(sorted(_int(q, f"pieces.{i}.{j}", 0, GOAL) for j, q in enumerate(row))))
    hands = tuple(_counts(h, f"hands.{i}") for i, h in enumerate(_per_player(data.get("hands", [""] * n), "hands", n)))
    discard = _counts(data.get("discard", {}), "discard")
    pile_top = _suits(data.get("pile_top", ""), "pile_top")
    if len(pile_top) > cfg.face_up:
        raise PositionError("pile_top", f"holds {len(pile_top)} cards; at most {cfg.face_up} lie face up (V6)")
    placed = [sum(col) for col in zip(*hands, discard, text_counts(pile_top), strict=True)]
    if "pile" in data:
        pile = _counts(data["pile"], "pile")
    else:
        pile = tuple(max(0, COMPONENTS.copies_per_suit - c) for c in placed)  # type: ignore[assignment]
    playing = phase in ("play", "discard", "over")
    to_move = _player(data.get("to_move", 0 if playing else None), "to_move", n)
    turns = _int(data.get("turns", 0), "turns", 0, 10**6)
    first_default = None if to_move is None else (to_move - turns) % n
    first = _player(data.get("first_player", first_default), "first_player", n)
    moves_used = _int(data.get("moves_used", 0), "moves_used", 0, cfg.moves_per_turn)
    pending = data.get("pending", {})
    if not isinstance(pending, Mapping) or set(pending) - {"draws", "drawer", "then"}:
        raise PositionError("pending", "must be an object with draws, drawer and then")
    draws = _int(pending.get("draws", 0), "pending.draws", 0, COMPONENTS.copies_per_suit * 4)
    drawer = _player(pending.get("drawer"), "pending.drawer", n)
    after = pending.get("then", "")
    if not isinstance(after, str) or after not in AFTER_DRAWS:
        raise PositionError("pending.then", f"{after!r} is not one of {AFTER_DRAWS}")
    if draws and drawer is None:
        raise PositionError("pending.drawer", "draws are owed but no drawer is named")
    if (after or draws) and drawer is None:
        raise PositionError("pending.drawer", "a step is owed but no drawer is named")
    if not (after or draws) and drawer is not None and phase != "deal":
        raise PositionError("pending.drawer", "names a drawer, but no card is owed")
    ended = data.get("ended", "")
    if not isinstance(ended, str) or ended not in ("", "goal", "turn_cap") or (ended != "") != (phase == "over"):
        raise PositionError("ended", "is 'goal' or 'turn_cap' exactly when the phase is 'over' (E1, V12)")
    home = [i for i, row in enumerate(pieces) if all(q == GOAL for q in row)]
    if len(home) > 1:
        raise PositionError(f"pieces.{home[1]}", "only one player can have all six pieces in the goal (E1)")
    if home and ended != "goal":
        raise PositionError(f"pieces.{home[0]}", "all six pieces are in the goal, so the game is over (E1): "
                                                 "set phase 'over' and ended 'goal'")
    if ended == "goal" and not home:
        raise PositionError("ended", "'goal' needs a player with all six pieces in the goal (E1)")
    if playing and to_move is None:
        raise PositionError("to_move", "a player must be named during play")
    if phase == "discard" and (cfg.hand_limit is None or sum(hands[to_move]) <= cfg.hand_limit):
        raise PositionError("phase", "'discard' needs the hand_limit option and a hand over it (V7)")
    reshuffled = data.get("reshuffled_from")
    reshuffled = None if reshuffled is None else _counts(reshuffled, "reshuffled_from")
    since_raw = data.get("drawn_since", [{}] * n)
    since = tuple(_counts(d, f"drawn_since.{i}") for i, d in enumerate(_per_player(since_raw, "drawn_since", n)))
    state = make(SjoroveroyaState, game, track=track, pieces=tuple(pieces), hands=hands, pile=pile,
                 pile_top=pile_top, discard=discard, phase=phase, to_move=to_move, first_player=first,
                 moves_used=moves_used, turns=turns, pending=draws, drawer=drawer, after=after, ended=ended,
                 reshuffled_from=reshuffled, drawn_since=since)
    check(state)
    return state


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
    if player is not None and not (isinstance(player, int) and 0 <= player < s.game.players):
        raise PositionError("player", f"{player!r} is not a player of {s.game.players}")
    open_hands = config(s.game).open_hands
    data = to_dict(s)
    data["viewer"] = player
    data["hand_sizes"] = [sum(h) for h in s.hands]
    data["pile_size"] = sum(s.pile) + len(s.pile_top)
    data["drawn_since_sizes"] = [sum(d) for d in s.drawn_since]   # public: how many each draw produced
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


__all__ = ["NO_CARDS", "check_game", "from_dict", "next_draw", "notation", "to_dict", "view"]
