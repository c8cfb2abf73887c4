"""Lesson values: a `Lesson` is a game set-up plus `Step`s, each a position, a prompt and what
the learner must do there. Immutable, like the states they hold; `explorer.lessons.loader`
builds them from TOML and validates every step against the game itself."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from explorer.core.game import Game, State
from explorer.lessons.goals import Goal

Task = Literal["move", "outcome", "answer"]


@dataclass(frozen=True, slots=True)
class Question:
    """The named chance question of an answer step, computed from the position, never typed.

    ``kind`` is ``"outcome"`` (the chance of one outcome at this chance node) or ``"outcomes"``
    (the chance that the outcome is any one of a group); `outcomes` holds their notation."""

    kind: str
    outcomes: tuple[str, ...]
    tolerance: Fraction

    def exact(self, state: State) -> Fraction:
        """The exact answer at `state` (the loader has checked every outcome is listed there)."""
        wanted = {state.game.parse_action(text) for text in self.outcomes}
        return sum((Fraction(p) for outcome, p in state.chance_outcomes() if outcome in wanted), Fraction(0))


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to learn: where (`state`), what is asked (`prompt`), what counts as right."""

    number: int
    title: str
    state: State
    prompt: str
    task: Task
    expect: tuple[str, ...]
    question: Question | None
    rules: tuple[str, ...]
    right: str
    wrong: str
    hint: str
    goal: Goal | None = None   # what the prompt asks for; `expect` is every move that meets it

    @property
    def game(self) -> Game:
        return self.state.game

    def exact(self) -> Fraction | None:
        """The exact answer of an answer step; None for move and outcome steps."""
        return self.question.exact(self.state) if self.question else None

    def after(self) -> State:
        """The position once the step is done: its first expected move or outcome played."""
        return self.state.apply(self.expect[0]) if self.expect else self.state

    def rule_statements(self) -> tuple[tuple[str, str], ...]:
        """Each cited rule ID with the game's own statement of it."""
        return tuple((rule, self.game.rules[rule]) for rule in self.rules)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A titled walk through `steps` on one game set-up; `source` names the file it came from."""

    title: str
    summary: str
    game: Game
    steps: tuple[Step, ...]
    source: str
    meta: Any = None

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return f"<Lesson {self.title!r}: {self.game.name}, {len(self.steps)} steps, from {self.source}>"
