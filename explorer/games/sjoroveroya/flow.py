"""Sjørøverøya's turn flow: the automatic consequences of every step.

A step copies the state into a mutable `Work` scratchpad, applies the action, then
`settle` runs every automatic consequence (draws owed, reshuffles, the end of a
turn, emergency draws) until the next decision, chance node or the end, and the
scratchpad is frozen into a new state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from explorer.core.events import Event

from .data import COMPONENTS, GOAL, SUIT_INDEX, SUITS, SYMBOLS
from .model import FIELDS, SjoroveroyaState
from .rulebook.working import Config as Config
from .rulebook.working import _freeze, _thaw, thawed
from .rulebook.working import build as build
from .rulebook.working import config as config
from .rulebook.working import make as make
from .rulebook.working import thawed_list as thawed_list
from .rulebook.working import waiting as waiting
from .track.moves import Occupancy, lowest_stop, occupancy


def player_name(player: int) -> str:
    """Seats are "Player 1" .. "Player N" in events, errors and the board (the project's rule)."""
    return f"Player {player + 1}"


def occ(s: SjoroveroyaState) -> Occupancy:
    try:
        return s._occupancy
    except AttributeError:
        value = occupancy(s.pieces)
        object.__setattr__(s, "_occupancy", value)
        return value


def is_stuck(board: Callable[[], Occupancy], pieces: Sequence[int], hand: Any, player: int, cfg: Config) -> bool:
    """T2/R24: no card in hand and no legal backward move. `board` gives the occupancy, asked
    for only when the hand is empty (a step copies it only then)."""
    if any(hand):
        return False
    if cfg.children:
        return True
    lowest = lowest_stop(board(), player, cfg.any_colour)
    return all(p <= lowest or p == GOAL for p in pieces)


# -- the chance node a state waits for (where `settle` stops) ------------------------------------
def chance_kind(s: SjoroveroyaState) -> str | None:
    """Which chance event the state waits for, if any: layout, reveal, draw or first (worked
    out by `waiting` when the state was built)."""
    return s._kind


# -- the scratchpad ------------------------------------------------------------------------
EVENT_MEMORY = 50_000    # events kept by `Work.say` for reuse; forgotten all at once past it
_EVENTS: dict[tuple[str, tuple[str, ...], str, int | None], Event] = {}


class Work:
    """A mutable copy of a state's fields, used inside one step only.

    `loud` says whether the steps write the event log: the model's steps do; a playout
    (playout.py's `Quiet`, one copy for a whole game) keeps no events, so its steps skip
    building their text. The rules are the same either way: only the `say` calls sit under
    ``if w.loud``. `occ` is the board's occupancy, kept up to date by `move_piece`.
    """

    loud: ClassVar[bool] = True

    __slots__ = ("_occ", "cfg", "events", "source", *FIELDS)

    def __init__(self, s: SjoroveroyaState) -> None:
        self.cfg = s._cfg
        self.source = s
        self._occ: Occupancy | None = None
        self.events: list[Event] = []
        _thaw(self, s)

    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        """Log an event. Events are immutable values and the same ones recur all game ("Player
        2's turn"), so each is made once and shared: looking one up costs far less than making it."""
        key = (text, rules, detail, visible_to)
        event = _EVENTS.get(key)
        if event is None:
            if len(_EVENTS) >= EVENT_MEMORY:
                _EVENTS.clear()
            event = _EVENTS[key] = Event(text, rules, detail, visible_to)
        self.events.append(event)

    @property
    def occ(self) -> Occupancy:
        """The board's occupancy, kept up to date by `move_piece`: the source state's, copied
        the first time a step asks (a draw or an end of turn with cards in hand never does)."""
        o = self._occ
        if o is None:
            o = occ(self.source)
            o = self._occ = Occupancy([row.copy() for row in o.own], o.total.copy())
        return o

    def occupancy(self) -> Occupancy:
        return self.occ

    def move_piece(self, player: int, origin: int, target: int) -> None:
        """One of `player`'s pieces goes from `origin` to `target` (R9, R18), the occupancy with it."""
        o = self.occ
        rows = self.pieces
        if rows.__class__ is tuple:              # the first writes of the step (a playout's are lists)
            rows = self.pieces = list(rows)
        pieces = rows[player]
        if pieces.__class__ is tuple:
            pieces = rows[player] = list(pieces)
        pieces[pieces.index(origin)] = target
        own = o.own[player]
        own[origin] -= 1
        own[target] += 1
        total = o.total
        total[origin] -= 1
        total[target] += 1

    def freeze(self, parent: SjoroveroyaState, trail: Any) -> SjoroveroyaState:
        """The new state; it inherits the occupancy (this copy's, or the parent's when no piece moved)."""
        return _freeze(self, parent, trail, tuple(self.events))


# -- automatic consequences ------------------------------------------------------------------
def draw_card(w: Work, suit: int, reason: str | None = None) -> None:
    """Give the drawer one card of `suit` (R29: only the count is public); `reason` defaults
    to `draw_reason`'s, read only when the event is written."""
    who = w.drawer
    hands = w.hands
    if hands.__class__ is tuple:                 # the first writes of the step (a playout's are lists)
        hands = w.hands = list(hands)
    hand = hands[who]
    if hand.__class__ is tuple:
        hand = hands[who] = list(hand)
    hand[suit] += 1
    if w.reshuffled_from is not None:    # only draws from a public multiset tell a player anything (C3)
        since = w.drawn_since = thawed(w.drawn_since)
        since[who][suit] += 1
    w.pending -= 1
    if w.loud:
        w.events.append(draw_event(who, reason or draw_reason(w), suit))
    if w.cfg.reshuffle_immediate and not any(w.pile) and not w.pile_top and any(w.discard):
        reshuffle(w, "V9")


REASON_RULES = {
    "is dealt a card": ("S7",),
    "draws a card": ("R20", "R29"),
    "makes the emergency draw": ("R24", "R25"),
    "draws the end-of-turn card": ("V1",),
    "takes the top face-up card": ("V6", "R29"),
}


@lru_cache(maxsize=EVENT_MEMORY)
def draw_event(who: int, reason: str, suit: int) -> Event:
    """The event of a card drawn for `reason` (its rules in `REASON_RULES`), made once."""
    return Event(f"{player_name(who)} {reason}", REASON_RULES[reason],
                 detail=f"{player_name(who)} gets {SYMBOLS[SUITS[suit]]}", visible_to=who)


def draw_reason(w: Work) -> str:
    if w.phase == "deal":
        return "is dealt a card"
    if w.after == "move":
        return "draws a card"
    return "draws the end-of-turn card" if w.cfg.children else "makes the emergency draw"


def reshuffle(w: Work, rule: str) -> None:
    """R26: the whole discard pile becomes the new face-down pile (its composition is public)."""
    n = sum(w.discard)
    w.pile = w.discard
    w.discard = [0, 0, 0, 0]
    w.reshuffled_from = tuple(w.pile)
    w.drawn_since = [[0, 0, 0, 0] for _ in w.hands]
    if w.loud:
        w.say(f"The discard pile ({n} cards) is shuffled into a new draw pile", "R26", rule)


def settle(w: Work) -> None:
    """Run every automatic consequence until a decision, a chance node or the end."""
    cfg = w.cfg
    if w.phase == "play" and not w.pending and not w.after and not cfg.face_up:
        return                                       # mid-turn with nothing owed (most steps): the loop's own exit
    while w.phase not in ("over", "layout"):
        if cfg.face_up and len(w.pile_top) < cfg.face_up and any(w.pile):
            return                                   # a reveal (V6) is a chance node
        if w.pending:
            if w.pile_top:                           # V6: draws take the open display in order
                suit = SUIT_INDEX[w.pile_top[0]]
                w.pile_top = w.pile_top[1:]
                draw_card(w, suit)
                continue
            if any(w.pile):
                return                               # a draw is a chance node
            if any(w.discard):
                reshuffle(w, "A12")                  # R26 on demand (A12)
                continue
            if w.loud:
                w.say(f"No card is left to draw for {player_name(w.drawer)}", "R27", "A11")
            w.pending = 0
        if w.phase == "deal":
            if w.drawer < cfg.players - 1:
                w.drawer += 1
                w.pending = cfg.hand_size
                continue
            w.drawer = None
            w.phase = "first"
            continue
        if w.phase == "first":
            if cfg.first_player is None:
                return                               # S9: a chance node
            start_play(w, cfg.first_player)
            continue
        if w.after:
            after, w.after, w.drawer = w.after, "", None
            if after == "move":
                post_move(w)
            else:
                end_turn(w)
            continue
        return


def start_play(w: Work, player: int) -> None:
    w.phase = "play"
    w.first_player = player
    if w.loud:
        w.say(f"{player_name(player)} starts; play goes round in seat order", "S9", "R6")
    begin_turn(w, player)


def begin_turn(w: Work, player: int) -> None:
    """T1/T2: a fresh turn, ending at once in the emergency draw when stuck."""
    cfg = w.cfg
    w.to_move = player
    w.moves_used = 0
    if cfg.turn_cap is not None and w.turns >= cfg.turn_cap * cfg.players:
        w.phase = "over"
        w.ended = "turn_cap"
        if w.loud:
            metric = {"min_forward_moves": "moves left", "pieces_not_in_goal": "pieces not yet home",
                      "cards_to_goal": "cards to the goal"}[cfg.metric]   # V10
            rounds = f"{cfg.turn_cap} round{'s' * (cfg.turn_cap != 1)}"
            w.say(f"The house-rule turn cap ({rounds}) cuts the game off: nobody "
                  f"won by the rules; everyone is ranked by {metric}", "V12")
        return
    if cfg.children and not any(w.hands[player]):
        if w.loud:
            w.say(f"{player_name(player)} has no card: the turn is only the end-of-turn draw", "V1")
        w.pending, w.drawer, w.after = COMPONENTS.children_end_draw, player, "end"
        return
    hand = w.hands[player]
    if not any(hand) and is_stuck(w.occupancy, w.pieces[player], hand, player, cfg):   # T2: only an empty hand
        if w.loud:
            w.say(f"{player_name(player)} has no card and no backward move: emergency draw, then the turn "
                  "ends", "T2", "R24", "R25")
        w.pending, w.drawer, w.after = COMPONENTS.emergency_draw, player, "end"


def post_move(w: Work) -> None:
    """T5/T6: after a move resolves, end the turn at the limit or when stuck."""
    cfg = w.cfg
    player = w.to_move
    if w.moves_used >= cfg.moves_per_turn:
        if w.loud:
            w.say(f"{player_name(player)} has used all {cfg.moves_per_turn} moves", "T5", "R2")
        end_turn(w)
    elif not any(hand := w.hands[player]) and is_stuck(w.occupancy, w.pieces[player], hand, player, cfg):
        if cfg.emergency_whenever:
            if w.loud:
                w.say(f"{player_name(player)} is stuck mid-turn: emergency draw, then the turn ends",
                      "T6", "R24", "A10")
            w.pending, w.drawer, w.after = COMPONENTS.emergency_draw, player, "end"
        else:
            if w.loud:
                w.say(f"{player_name(player)} is stuck mid-turn: the turn ends", "T6", "V8")
            end_turn(w)


def end_turn(w: Work) -> None:
    """T8 (and V7's discard down first): the next player in seat order takes a turn."""
    cfg = w.cfg
    player = w.to_move
    if cfg.hand_limit is not None and sum(w.hands[player]) > cfg.hand_limit:
        w.phase = "discard"
        if w.loud:
            w.say(f"{player_name(player)} holds {sum(w.hands[player])} cards: discard down to {cfg.hand_limit}",
                  "V7")
        return
    w.phase = "play"
    w.turns += 1
    nxt = (player + 1) % cfg.players
    if w.loud:
        w.events.append(turn_event(nxt))
    begin_turn(w, nxt)


@lru_cache(maxsize=16)
def turn_event(player: int) -> Event:
    """T8, R6, T1: the next player's turn begins (an event made once per seat)."""
    return Event(f"{player_name(player)}'s turn", ("T8", "R6", "T1"))
