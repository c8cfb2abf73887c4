"""A step's goal: what the prompt asks for, as a predicate over the move and the position it leads to.

A prompt that states a goal ("win", "reach the goal", "stack") is answered right by EVERY
legal move that meets it, not only by the one the author had in mind. So a move or outcome
step declares its goal, and the loader plays every legal move there and requires the
accepted moves (`expect`) to be exactly those that meet it (`explorer.lessons.loader`).
A lesson that marks a winning move wrong (Sjørøverøya's ♣ past card 20, Jolly & Roger's
parrot on the tied Red ship: issue #31) then cannot load.

Goals, written in a step as ``goal = {...}`` (every key given must hold):

``wins = "P2"`` or ``wins = ["P1", "P2"]``
    the game is over and exactly these seats share first place (E rules).
``over = true``
    the game (or, for games scored by rounds, the move's events say) is over.
``rule = "R14"`` or ``rule = ["R14", "R18"]``
    the move's events apply each of these rule IDs (stacking is R14 in Dead Man's Dice).
``no_rule = "R17"`` or a list
    the move's events apply none of these rule IDs.
``says = "card 8"`` / ``not_says = "Player 3)"``
    one of the move's events says these words (what the learner reads after the move) /
    none of them does.
``offers = "plunder"``
    the position after the move offers a move of this kind (its notation's first word):
    "stack AND open a plunder".
``move = "sail"``
    the move is of this kind (its notation's first word): "sail to any adjacent tile".
``any = true``
    any legal move will do ("make the third move"): every one is accepted.
``only = true``
    the prompt names one move and asks for exactly that one ("End the turn", "Pass"): the
    prompt is precise, so nothing else is checked, and `expect` holds exactly one move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from explorer.core.game import State

GOAL_KEYS = ("wins", "over", "rule", "no_rule", "says", "not_says", "offers", "move", "any", "only")


@dataclass(frozen=True, slots=True)
class Goal:
    """The goal a prompt states, checkable on the position after a move."""

    wins: tuple[int, ...] = ()       # seat indexes, from 0, sharing first place
    over: bool | None = None
    rules: tuple[str, ...] = ()
    no_rules: tuple[str, ...] = ()
    says: str = ""
    any: bool = False
    only: bool = False
    not_says: str = ""
    offers: str = ""
    move: str = ""

    def met(self, after: State, move: Any = None) -> bool:
        """True when `move`, leading to the position `after` (whose `events` are that move's),
        meets the goal."""
        if self.only:
            raise ValueError("an 'only' goal names its move: there is nothing to check on the position")
        if self.any:
            return True
        if self.move and str(move).split()[:1] != [self.move]:
            return False
        applied = {rule for event in after.events for rule in event.rules}
        if self.wins and not (after.is_over and set(after.winners()[0]) == set(self.wins)):
            return False
        if self.over is not None and after.is_over != self.over:
            return False
        if not set(self.rules) <= applied or applied & set(self.no_rules):
            return False
        if self.says and not any(self.says in event.text for event in after.events):
            return False
        if self.not_says and any(self.not_says in event.text for event in after.events):
            return False
        return not self.offers or (not after.is_over and not after.is_chance and any(
            str(move).split()[0] == self.offers for move in after.legal_actions()))

    def words(self) -> str:
        """The goal in a few words, for a lesson author's error message."""
        parts = []
        if self.any:
            parts.append("any move")
        if self.only:
            parts.append("the one move the prompt names")
        if self.wins:
            parts.append(" and ".join(f"Player {seat + 1}" for seat in self.wins)
                         + (" win" if len(self.wins) > 1 else " wins"))
        if self.over is not None:
            parts.append("the game ends" if self.over else "the game goes on")
        parts += [f"applies {rule}" for rule in self.rules]
        parts += [f"does not apply {rule}" for rule in self.no_rules]
        if self.says:
            parts.append(f"says {self.says!r}")
        if self.not_says:
            parts.append(f"does not say {self.not_says!r}")
        if self.offers:
            parts.append(f"then offers {self.offers!r}")
        if self.move:
            parts.append(f"is a {self.move!r} move")
        return ", ".join(parts)


def moves_at(state: State) -> tuple[Any, ...]:
    """Every choice at `state`: its legal actions, or a chance node's outcomes."""
    if state.is_chance:
        return tuple(outcome for outcome, _ in state.chance_outcomes())
    return tuple(state.legal_actions())


def meeting(goal: Goal, state: State) -> tuple[Any, ...]:
    """The moves (or outcomes) at `state` that meet `goal`, in the game's order."""
    return tuple(move for move in moves_at(state) if goal.met(state.apply(move), move))


def read_goal(raw: Any, seats: int) -> Goal:
    """A `Goal` from a step's ``goal`` table; ValueError with a plain reason otherwise."""
    if not isinstance(raw, Mapping) or not raw:
        raise ValueError("write the goal as a table, e.g. goal = { wins = \"P1\" } or goal = { only = true }")
    unknown = sorted(set(raw) - set(GOAL_KEYS))
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a goal; goals: {', '.join(GOAL_KEYS)}")
    for key in ("over", "any", "only"):
        if key in raw and not isinstance(raw[key], bool):
            raise ValueError(f"{key} is true or false")
    if raw.get("only") and len(raw) > 1:
        raise ValueError("only = true stands alone: the prompt names the move")
    named = raw.get("wins", ())
    wins = []
    for seat in (named,) if isinstance(named, str) else named:
        if not isinstance(seat, str) or not seat.startswith("P") or not seat[1:].isdigit() \
                or not 1 <= int(seat[1:]) <= seats:
            raise ValueError(f"wins names seats P1..P{seats}, not {seat!r}")
        wins.append(int(seat[1:]) - 1)
    for key in ("says", "not_says", "offers", "move"):
        if not isinstance(raw.get(key, ""), str):
            raise ValueError(f"{key} is words, written as text")
    return Goal(tuple(wins), raw.get("over"), _ids(raw.get("rule", ())), _ids(raw.get("no_rule", ())),
                raw.get("says", ""), bool(raw.get("any", False)), bool(raw.get("only", False)),
                raw.get("not_says", ""), raw.get("offers", ""), raw.get("move", ""))


def _ids(value: Any) -> tuple[str, ...]:
    ids = (value,) if isinstance(value, str) else value
    if not isinstance(ids, (list, tuple)) or not all(isinstance(i, str) for i in ids):
        raise ValueError("rule and no_rule are a rule ID or a list of them, e.g. rule = \"R14\"")
    return tuple(ids)
