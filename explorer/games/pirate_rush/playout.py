"""The rule of thumb's evaluator kernel (`Game.playout`): every seat on the rule of thumb.

Nine tenths of a model playout with the rule of thumb went into building the deciding
pirate's view (the board, the public stack, provisional scores) to read a dozen facts from
it. The kernel reads those facts from the state itself (`state_facts`, with the pirate's own
knowledge: a tile's kind only when its token is in `known[me]`, as the view shows it) and
hands them to the same decisions the model's policy makes (thumb.py). It steps the model
itself (rules.step, the model's `legal_actions` and `sample_chance`), so it is no second
rulebook: every set-up and option is covered, and the generator is consumed exactly as
`explorer.core.play.advance` consumes it (the duel throw's `randrange` is the only
draw the policy makes; chance nodes draw through `sample_chance`).
"""

from __future__ import annotations

import random

from explorer.core.game import PlayoutEnd

from .model import Move, RushState, make, seat
from .rules import step
from .thumb import Facts, choose, forced
from .turn.moves import decision_actions
from .turn.table import LOOK_SLOT, node


def state_facts(s: RushState, me: int) -> Facts:
    """The facts `view_facts(s.view(me))` gives (policies.py), read from the state directly."""
    kinds, slots, known = s.kinds, s.slots, s.known[me]

    def kind_at(j: int, i: int) -> str | None:
        t = slots[j][i]
        return None if t < 0 or t not in known else kinds[t]

    def island_kinds(j: int) -> list:
        return [kinds[t] if t in known else None for t in slots[j] if t >= 0]

    task = s.stack[-1]
    looked_at = kinds[task[3]] if task[0] == "gamble_choice" else None
    stakes = {seat(q): kinds[t] for q, t in task[2]} if task[0] == "claim" else {}
    return Facts(task[0], me, s.ship, kind_at, island_kinds, s.markers, s.resources, s.prestige,
                 [len(pile) for pile in s.loot], looked_at, stakes)


def _look_here(s: RushState, me: int) -> Move | None:
    """The rule of thumb's first wish in a turn (thumb._turn): investigate an unknown tile where
    the ship is. While looks remain (R13: `turn[0] < turn[1]`) a turn's moves open with a look
    at every face-down slot, island by island (turn.moves.turn_moves, turn.table.look_targets), so its
    pick is the first such slot at the ship, found without listing the turn's moves."""
    used, allowed = s.turn[0], s.turn[1]
    if used >= allowed:
        return None
    known = s.known[me]
    for i, t in enumerate(s.slots[s.ship]):
        if t >= 0 and t not in known:
            return LOOK_SLOT[s.ship, i]
    return None


def playout(game, state: RushState, rng: random.Random, max_steps: int, policy: str, until: str,
            final: bool) -> PlayoutEnd | None:
    """Play `state` to the end with every seat on the rule of thumb (`Game.playout`); None for other
    policies and for a round's horizon (a round passes on more than the totals)."""
    if policy != "rule_of_thumb" or until != "end":
        return None
    s, steps = state, 0
    while s.phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        kind, who = node(s)
        if kind == "chance":
            action = s.sample_chance(rng)
        else:
            task = s.stack[-1]
            action = _look_here(s, who) if task[0] == "turn" else None
            if action is None:
                legal = decision_actions(s, task)   # rules.legal_actions' list, not copied to a tuple
                action = forced(task[0], legal) or choose(state_facts(s, who), legal, rng)
        s = step(s, action)
        steps += 1
    end = make(game, s) if final else None   # the final position, its history left behind
    return PlayoutEnd(s.scores(), s.winners(), steps, end)
