"""Dead Man's Dice's turn flow: what every step changes, and its automatic consequences.

A step copies the state into a mutable `Work` scratchpad, applies the action or
outcome, runs the automatic consequences (placement, the end of a turn, round
scoring, the next opening) up to the next decision or chance node, and freezes the
scratchpad into a new state. Every consequence reports an `Event` citing its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.core.events import Event

from .data import (
    COMPONENTS,
    DICE_PER_PIRATE,
    PLUNDERS,
    RANK,
    SKULL,
    STACKS,
    VALUE,
    die_words,
    is_jolly,
    seat_name,
)
from .model import FIELDS, LISTS, DeadMansDiceState, build, field_function, values
from .words.events import goes_first, marooned, plunders, restarts, scored, stacks, sunk

pirate_name = seat_name     # how events name a pirate: ``Player 1`` .. ``Player 6`` (colours are only swatches)


@dataclass(frozen=True, slots=True)
class Config:
    """The options of one game, read once: the hot path never looks them up by name."""

    players: int
    broadside: bool
    hit_p: Fraction
    wobble: bool
    stray: bool
    hold_fire: bool
    maroon_ends_round: bool
    jr_unplunderable: bool
    final_plunder: bool
    target: int
    tie_shared: bool
    reroll_all: bool
    optional_placement: bool
    round_limit: int | None
    round_turn_limit: int | None
    rolloff_limit: int | None
    takes: tuple[frozenset[tuple[int, int]], ...] = ()   # [my top face]: the (die, face) tops I may plunder


@lru_cache(maxsize=256)
def config(game: Any) -> Config:
    o = game.options
    dice = range(DICE_PER_PIRATE * game.players)
    jr_off = o["jr_die_unplunderable"]
    takes = tuple(frozenset((d, f) for d in dice for f in range(7) if PLUNDERS[f][top] and not (jr_off and is_jolly(d)))
                  for top in range(7))     # R22/R23, V6: `plunderable` as a table, for the hot path
    return Config(takes=takes, players=game.players, broadside=o["broadside"] == "declared",
                  hit_p=Fraction(o["broadside_hit_p"]), wobble=o["wobble"], stray=o["stray_shots"],
                  hold_fire=o["hold_fire"], maroon_ends_round=o["maroon_ends_round"],
                  jr_unplunderable=o["jr_die_unplunderable"], final_plunder=o["final_plunder"],
                  target=o["target_score"], tie_shared=o["tie_rule"] == "shared",
                  reroll_all=o["opening_reroll"] == "all", optional_placement=o["optional_placement"],
                  round_limit=o["round_limit"], round_turn_limit=o["round_turn_limit"],
                  rolloff_limit=o["rolloff_limit"])


def plunderable(cfg: Config, die: int, face: int, my_top: int) -> bool:
    """R22/R23, and V6 (a Jolly Roger die is never taken)."""
    return PLUNDERS[face][my_top] and not (cfg.jr_unplunderable and is_jolly(die))


def plunder_targets(cfg: Config, piles: Any, p: int) -> list[int]:
    """Opponents whose top die `p` may take now (R21-R24)."""
    mine = piles[p]
    if not mine:
        return []
    takes = cfg.takes[mine[-1][1]]     # plunderable(cfg, die, face, top) for every top (die, face)
    return [o for o, pile in enumerate(piles) if o != p and pile and pile[-1] in takes]


# -- the scratchpad ------------------------------------------------------------------------
class Work:
    """A mutable copy of a state's fields (model.FIELDS; hands and piles as lists), used inside one
    step, or kept through a whole playout (playout.py)."""

    __slots__ = (*FIELDS, "cfg", "events", "game")

    def __init__(self, s: DeadMansDiceState) -> None:
        self.game = s.game
        self.cfg = config(s.game)
        _load(self, s)
        self.events: list[Event] = []

    def say(self, text: str | Callable[[], str], *rules: str) -> None:
        """Report an event citing `rules`; `text` may be a function giving the words, so that a
        playout keeping no events (playout.py) never builds them."""
        self.events.append(_event(text() if callable(text) else text, rules))

    def tell(self, event: Callable[..., Event], *values: Any) -> None:
        """Report a frequent event, made once per set of `values` by a maker of words.events."""
        self.events.append(event(*values))

    def freeze(self, parent: DeadMansDiceState, trail: Any) -> DeadMansDiceState:
        return build(parent.game, trail, tuple(self.events), _frozen(self))

    def take_from_hand(self, p: int, die: int) -> None:
        hand = self.hands[p]
        i = hand.index(die)     # a die is in its owner's hand once (R1)
        self.hands[p] = hand[:i] + hand[i + 1:]

    def add_to_pile(self, p: int, die: int, face: int) -> None:
        self.piles[p] = (*self.piles[p], (die, face))

    def charge(self, p: int, amount: int) -> None:
        totals = list(self.totals)
        totals[p] -= amount
        self.totals = tuple(totals)


_event = lru_cache(maxsize=4096)(Event)     # events are values: the same words and rules, one Event
_load = field_function(   # a state's fields into a working copy, hands and piles as lists
    "load", f"def load(w, s):\n    ({', '.join(f'w.{n}' for n in FIELDS)},) = values(s)\n"
    + "".join(f"    w.{n} = list(w.{n})\n" for n in LISTS), values=values)
_frozen = field_function(  # a working copy's fields as a state holds them (FIELDS order)
    "frozen", "def frozen(w):\n    return ("
    + ", ".join(f"tuple(w.{n})" if n in LISTS else f"w.{n}" for n in FIELDS) + ",)\n")


def return_pile(w: Work, p: int) -> list[int]:
    """R33: every die of `p`'s pile goes back to its owner's hand; the pile is empty."""
    dice = [d for d, _ in w.piles[p]]
    hands = w.hands
    for d in dice:
        o = d // DICE_PER_PIRATE     # owner(d), R1
        hands[o] = tuple(sorted((*hands[o], d)))
    w.piles[p] = ()
    return dice


# -- the round opening (T0) ---------------------------------------------------------------
def next_opener(w: Work) -> None:
    """Ask the next pirate of the roll-off group without a base, or settle the roll-off (R8, R9,
    V10); with the house rule `rolloff_limit`, a tie after that many roll-offs goes to the
    tied pirate first in seat order."""
    for p in w.group:
        if not w.piles[p]:
            w.to_move, w.step = p, "open"
            return
    ranks = {p: RANK[w.piles[p][0][1]] for p in w.group}
    low = min(ranks.values())
    tied = tuple(p for p in w.group if ranks[p] == low)
    if len(tied) == 1:
        w.to_move, w.step, w.group, w.stacked, w.passes = tied[0], "turn", (), False, 0
        w.tell(goes_first, tied[0], low)
        return
    names = ", ".join(seat_name(p) for p in tied)
    if w.cfg.rolloff_limit is not None:
        if w.rolloffs >= w.cfg.rolloff_limit:
            w.to_move, w.step, w.group, w.stacked, w.passes = tied[0], "turn", (), False, 0
            w.say(lambda: f"Tie at {low} ({names}) after {w.rolloffs} roll-off(s): {pirate_name(tied[0])}, first "
                  "in seat order, goes first (roll-off limit, house rule)", "R9", "R8")
            return
        w.rolloffs += 1
    if w.cfg.reroll_all:
        w.group = tuple(range(w.cfg.players))
        w.say(lambda: f"Tie at {low} ({names}): every pirate takes back the opening die and rolls again", "R9", "V10")
    else:
        w.group = tied
        w.say(lambda: f"Tie at {low} ({names}): only the tied pirates roll again", "V10", "R9")
    for p in w.group:
        return_pile(w, p)
    w.to_move, w.step = w.group[0], "open"


def new_round(w: Work) -> None:
    """E9/R6: all dice back to hand, empty piles, a new opening."""
    for p in range(w.cfg.players):
        return_pile(w, p)
    w.round += 1
    w.turns = w.rolloffs = 0
    w.group = tuple(range(w.cfg.players))
    w.die = w.face = w.target = w.restart_die = None
    w.after, w.passes, w.stacked = "", 0, False
    w.say(lambda: f"Round {w.round} begins: every pirate rolls one die to open a pile", "E9", "R6", "T0")
    next_opener(w)


# -- the end of a turn and of a round (T5, T6) ---------------------------------------------
def round_score(cfg: Config, hand: tuple[int, ...], pile: Any, p: int) -> tuple[int, bool, bool]:
    """E2-E5: pile value, x2 under a skull top, -7 when the own Jolly Roger is in hand."""
    value = sum(VALUE[f] for _, f in pile)
    doubled = bool(pile) and pile[-1][1] == SKULL
    keelhauled = any(is_jolly(d) for d in hand)      # only p's own dice are ever in p's hand
    return value * (COMPONENTS.multiplier if doubled else 1) - (COMPONENTS.keelhaul if keelhauled else 0), \
        doubled, keelhauled


def end_round(w: Work, why: str, *rules: str) -> None:
    """T6: score the round (E2-E6), then end the game (E7, E8) or open the next round (E9)."""
    w.say(lambda: f"The round ends: {why}", *rules)
    totals = list(w.totals)
    for p in range(w.cfg.players):
        score, doubled, keelhauled = round_score(w.cfg, w.hands[p], w.piles[p], p)
        totals[p] += score
        w.tell(scored, p, score, doubled, keelhauled, totals[p])     # E5, E2 (E3, E4)
    w.totals = tuple(totals)
    w.die = w.face = w.target = w.restart_die = None
    w.stacked = False
    w.turns = w.rolloffs = w.passes = 0
    w.after = ""
    best = max(totals)
    leaders = tuple(p for p in range(w.cfg.players) if totals[p] == best)
    if won_by_rules(w.cfg, totals):
        w.step, w.to_move, w.winners_ = "over", None, leaders
        names = " and ".join(pirate_name(p) for p in leaders)
        w.say(lambda: f"{names} {'wins' if len(leaders) == 1 else 'share the victory'} with {best} doubloons",
              "E7", *(("E8", "V9") if len(leaders) > 1 else ()))
        return
    if capped(w.cfg, w.round):
        w.step, w.to_move, w.winners_ = "over", None, leaders
        names = " and ".join(pirate_name(p) for p in leaders)
        limit = f"{w.cfg.round_limit} round{'s' * (w.cfg.round_limit != 1)}"
        w.say(lambda: f"The game is cut off by the house-rule limit of {limit} after "
              f"round {w.round}: nobody has won by the rules; on the totals {names} "
              f"{'leads' if len(leaders) == 1 else 'lead'} with {best} doubloons")
        return
    if best >= w.cfg.target:
        w.say(lambda: f"Tie for the lead at {best}: an extra round is played", "E8", "V9")
    w.step, w.to_move, w.group = "scored", 0, ()
    w.say(lambda: f"Round {w.round} is scored; the next round opens when the dice are gathered", "T6", "E9")


def won_by_rules(cfg: Config, totals: tuple[int, ...]) -> bool:
    """E7/E8: a total reached the target and the lead is clear (or shared under V9)."""
    best = max(totals)
    return best >= cfg.target and (cfg.tie_shared or totals.count(best) == 1)


def capped(cfg: Config, round_: int) -> bool:
    """The house rule `round_limit`: no round is opened after this one."""
    return cfg.round_limit is not None and round_ >= cfg.round_limit


def end_turn(w: Work) -> None:
    """T5/R28: an empty hand ends the round, and so does the house rule `round_turn_limit`
    (R29 has none); otherwise the next pirate clockwise plays (R10)."""
    w.stacked = False
    w.die = w.face = w.target = w.restart_die = None
    w.after = ""
    if not all(w.hands):
        empty = w.hands.index(())
        end_round(w, f"{pirate_name(empty)} has an empty hand (pistol empty)", "R28", "E1")
        return
    if w.cfg.round_turn_limit is not None:
        w.turns += 1
        if w.turns >= w.cfg.round_turn_limit:
            end_round(w, f"{w.turns} turns have been played (round turn limit, house rule)", "R29", "E1")
            return
    w.to_move = (w.to_move + 1) % w.cfg.players
    w.step = "turn"


# -- placing dice (T2-T4) ---------------------------------------------------------------------
def resolve_roll(w: Work) -> None:
    """R13-R19: stack the rolled die if it fits, else the pirate is marooned."""
    p, face = w.to_move, w.face
    pile = w.piles[p]
    if not pile or STACKS[face][pile[-1][1]]:
        if w.cfg.optional_placement and pile:
            w.step = "place"
            return
        stack(w)
        return
    w.die = w.face = None
    w.tell(marooned, p, face, pile[-1][1])
    if w.cfg.maroon_ends_round:
        end_round(w, f"{pirate_name(p)} was marooned", "V5", "E1")
    else:
        end_turn(w)


def stack(w: Work) -> None:
    """R13/R14/R15/R18: the rolled die goes on top of the roller's own pile."""
    p, die, face = w.to_move, w.die, w.face
    pile = w.piles[p]
    w.tell(stacks, p, die, face, pile[-1][1] if pile else None)     # R13-R18 (words.events)
    w.take_from_hand(p, die)
    w.add_to_pile(p, die, face)
    w.die = w.face = None
    w.stacked = True
    grown(w)


def grown(w: Work) -> None:
    """After a die joins the active pile: V2's steadiness check, then plunder or the turn's end."""
    h = len(w.piles[w.to_move])
    if w.cfg.wobble and h > COMPONENTS.steady_height:
        w.step = "wobble"
        return
    stood(w)


def stood(w: Work) -> None:
    """T4: plunder if possible (R20, R25); V7 off ends the round once the hand is empty."""
    p = w.to_move
    if not w.hands[p] and not w.cfg.final_plunder:
        end_round(w, f"{pirate_name(p)} stacked the last die (no final plunder)", "V7", "R28", "E1")
        return
    if plunder_targets(w.cfg, w.piles, p):
        w.step = "plunder"
        return
    end_turn(w)


def plunder(w: Work, o: int) -> None:
    """R21: the opponent's top die moves, face unchanged, onto the plunderer's pile."""
    p = w.to_move
    die, face = w.piles[o][-1]
    top = w.piles[p][-1][1]
    w.piles[o] = w.piles[o][:-1]
    w.add_to_pile(p, die, face)
    w.tell(plunders, p, die, face, o, top)     # R21, R22, R24, R26
    grown(w)


# -- broadsides, stray shots and toppling (R30-R37) ------------------------------------------
def sink(w: Work, shooter: int, target: int, *rules: str) -> None:
    """R31/R33/R34: the shooter walks the plank (-7), the pile sinks, the victim restarts."""
    w.charge(shooter, COMPONENTS.plank)
    w.tell(sunk, shooter, target, tuple(return_pile(w, target)), rules)     # R31, R33, E6
    w.target = target
    w.step = "restart"


def topple(w: Work, p: int, why: str, *rules: str) -> None:
    """R36: the pile falls overboard; its dice go back to their owners (R33), no doubloons lost."""
    dice = return_pile(w, p)
    w.say(lambda: f"{pirate_name(p)}'s pile falls overboard {why}: {', '.join(die_words(d, p) for d in dice)} go back "
          "to their owners' hands", "R36", "R33", *rules)


def restarted(w: Work, face: int) -> None:
    """R34: the victim's new base; then the shooter's turn ends, or the stray-shot roll is placed."""
    v, die = w.target, w.restart_die
    w.take_from_hand(v, die)
    w.add_to_pile(v, die, face)
    w.tell(restarts, v, die, face)     # R34, A24
    w.target = w.restart_die = None
    after, w.after = w.after, ""
    if after == "place":
        w.step = "roll"
        resolve_roll(w)
    else:
        end_turn(w)


__all__ = ["Config", "Work", "capped", "config", "end_round", "end_turn", "grown", "new_round", "next_opener",
           "pirate_name", "plunder", "plunder_targets", "resolve_roll", "restarted", "round_score", "sink",
           "stack", "stood", "topple", "won_by_rules"]
