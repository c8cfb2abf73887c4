"""Pirate Rush's rulebook: whose node it is, the legal actions, the chance outcomes, the step,
the scores and winners, and why an action is illegal (the `Game.RULEBOOK` a `RushState` asks).

The state's ``stack`` holds pending tasks (top last). A task is a decision (``turn``,
``draft``, ``stake`` ...), a chance node (``see`` of an unresolved tile, ``pick``,
``place`` ...) or automatic (run by `settle` before any state is returned).

`step` copies the state's fields into a `flow.Work` (the next state, mutable until frozen),
runs the chosen action or outcome, then `settle` runs automatic tasks until the next
decision or chance node, `track` revises what each pirate remembers, and `freeze` hands
the `Work` back as the new immutable state.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from explorer.core.chance import sample, sample_counts, uniform
from explorer.core.errors import IllegalAction
from explorer.core.events import Event

from .data import ISLAND_TILES, KINDS, RANK
from .explain import describe, explain
from .explain import places as action_places
from .flow import AUTO, Work, look
from .groups import outcome_group, stage_text
from .model import Move, Outcome, parse_seat, seat
from .tokens.knowledge import track
from .tokens.picks import candidates, labels, outcomes
from .turn.actions import turn_action
from .turn.chance import apply_outcome, auto_chance
from .turn.events import run_event_task
from .turn.moves import decision_actions
from .turn.powers import power_decision
from .turn.scoring import scores, winners
from .turn.table import (
    CHANCES,
    DECISIONS,
    PICKS,
    THROWS,
    commander,
    islands_left,
    looks_allowed,
    node,
    opt,
    players,
    unaccounted,
)

__all__ = ["CHANCES", "DECISIONS", "PICKS", "THROWS", "action_places", "chance_outcomes", "describe",
           "explain_illegal", "legal_actions", "node", "outcome_group", "sample_chance", "scores", "settle",
           "stage_text", "step", "winners"]


# outcomes drawn often, made once (an Outcome is an immutable value): a first sight, an island
# tile seen, a duel throw (coin: win/lose; else win/lose/draw), in `chance_outcomes`' order
TILE = {k: Outcome("tile", k) for k in KINDS}
ISLAND = {t: Outcome("island", t) for t in ISLAND_TILES}
DUEL = {True: (Outcome("duel", "win"), Outcome("duel", "lose")),
        False: tuple(Outcome("duel", w) for w in ("win", "lose", "draw"))}


# -- chance ---------------------------------------------------------------------------
def chance_outcomes(s) -> tuple:
    if s.phase == "over" or not s.stack or s.stack[-1][0] not in CHANCES:
        return ()
    task = s.stack[-1]
    kind = task[0]
    if kind == "removed":   # S2, C1: the 4 set aside are among the tiles not already dealt to an island
        dealt = {t for t in s.islands if t}
        return _uniform_sets("removed", tuple(sorted(set(ISLAND_TILES) - dealt)), 4)
    if kind == "row":
        return _uniform_sets("row", tuple(map(str, range(3, 9))), players(s) + 1)
    if kind == "starter":
        return uniform([Outcome("starter", seat(p)) for p in range(players(s))])
    if kind == "see":
        left = unaccounted(s)
        total = sum(left.values())
        return tuple((Outcome("tile", k), Fraction(c, total)) for k, c in left.items() if c)
    if kind == "isee":
        return uniform([Outcome("island", t) for t in islands_left(s)])
    if kind in PICKS:   # R74: uniform over the tiles, named in words (tokens/picks.py)
        return outcomes(s, task)
    if kind == "duel_rps":
        return uniform(DUEL[opt(s, "duel_mode") == "coin"])
    raise AssertionError(kind)


@lru_cache(maxsize=64)
def _uniform_sets(kind: str, items: tuple[str, ...], k: int) -> tuple:
    """The uniform outcomes naming each `k` of `items` (S2 the tiles set aside, S5 the row): the
    same for every game of a set-up, so worked out once (outcomes and Fractions are immutable)."""
    return uniform([Outcome(kind, " ".join(c)) for c in combinations(items, k)])


def sample_chance(s, rng: random.Random):
    """Exact and fast: integer draws weighted by counts, no Fraction arithmetic."""
    task = s.stack[-1]
    if task[0] == "see":
        return TILE[KINDS[sample_counts(tuple(unaccounted(s).values()), rng)]]
    if task[0] in PICKS:   # one uniform draw over the tiles (as ever), named in words
        tokens = candidates(s, task)
        t = tokens[rng.randrange(len(tokens))]
        return Outcome("place" if task[0] == "place" else "pick", labels(s, task)[t])
    if task[0] == "isee":   # one uniform draw over the tiles left, as `chance_outcomes` lists them
        left = islands_left(s)
        return ISLAND[left[rng.randrange(len(left))]]
    if task[0] == "duel_rps":
        throws = DUEL[opt(s, "duel_mode") == "coin"]
        return throws[rng.randrange(len(throws))]
    outcomes_ = chance_outcomes(s)
    return outcomes_[rng.randrange(len(outcomes_))][0] if task[0] != "see" else sample(outcomes_, rng)


# -- decisions ------------------------------------------------------------------------
def legal_actions(s) -> tuple:
    stack = s.stack
    if s.phase == "over" or not stack or stack[-1][0] in CHANCES:   # `node` is no decision
        return ()
    return tuple(decision_actions(s, stack[-1]))


def explain_illegal(s, action) -> IllegalAction:
    return explain(s, action)


# -- the step -------------------------------------------------------------------------
def step(s, action):
    w = Work(s)
    task = w.stack[-1]
    if isinstance(action, Outcome):
        apply_outcome(w, task, action)
    else:
        decide(w, task, action)
    settle(w)
    track(s, w)
    return w.freeze(s, action)


def settle(w: Work) -> None:
    """Run automatic tasks until a decision or a real chance node is on top."""
    while w.phase != "over" and w.stack:
        task = w.stack[-1]
        kind = task[0]
        if kind in DECISIONS:
            return
        if kind in CHANCES:
            if not auto_chance(w, task):
                return
            continue
        w.pop()
        if kind in AUTO:
            AUTO[kind](w, task)
        else:
            run_event_task(w, task)


def decide(w: Work, task: tuple, a: Move) -> None:
    kind = task[0]
    if kind == "turn":   # most decisions are a turn's (the tasks below are each other's alternatives)
        turn_action(w, task[1], a)
    elif kind == "choose_start":
        w.pop()
        w.starter = parse_seat(a.arg)
        w.say(f"Player {w.starter + 1} is chosen to start", "S8")
    elif kind == "setup_look":
        w.pop()
        _, p, left = task
        if left > 1:
            w.push(("setup_look", p, left - 1))
        look(w, p, a.arg)
        w.events[-1] = Event(w.events[-1].text + " (setup)", ("S9", *w.events[-1].rules))
    elif kind == "draft":
        w.pop()
        p, rank = task[1], RANK[a.arg]
        w.set("chosen", p, rank)
        took = rank in w.markers
        if took:
            w.markers = tuple(r for r in w.markers if r != rank)
            w.set("prestige", p, w.prestige[p] + 1)
        w.say(f"Player {p + 1} takes the {a.arg}" + (" and its prestige marker" if took else ""), "R4", "R5")
    elif kind == "call":
        w.pop()
        p = parse_seat(a.arg)
        w.current = p
        w.turn = (0, looks_allowed(w, p), 0, 0, 0, 0, 0)
        w.say(f"Commander (Player {commander(w) + 1}) names Player {p + 1}", "R10", "R2", "T3")
        w.push(("turn", p))
    else:
        power_decision(w, task, a)
