"""Playing a lesson: an immutable `Progress` and pure functions from one to the next.

`attempt` judges a move, an outcome or an answer; `hint`, `show_me`, `next_step` and
`back` move the learner along. Every function returns a new `Progress` (a lesson can be
replayed, tested and branched like a game), and a learner's mistake is feedback, never
an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from explorer.core.errors import ExplorerError, IllegalAction, PositionError
from explorer.core.game import State
from explorer.lessons.answers import parse_probability, percent, within
from explorer.lessons.model import Lesson, Step

Verdict = Literal["right", "wrong", "illegal", "unreadable", "hint", "shown"]


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact answer of an answer step and the whole distribution behind it."""

    exact: Fraction
    rows: tuple[tuple[str, str, Fraction, bool], ...]   # (notation, words, probability, asked about)

    @property
    def percent(self) -> str:
        return percent(self.exact, 2)


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told: the verdict, the words, and the rules behind them."""

    verdict: Verdict
    text: str
    rules: tuple[tuple[str, str], ...] = ()
    events: tuple[tuple[str, tuple[str, ...]], ...] = ()
    odds: Odds | None = None


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a learner is: the step, the position on the board, and the last feedback.

    `state` is the step's position until the step is done, then the position after the
    expected move; `done` marks the step solved (by the learner or by "show me")."""

    lesson: Lesson
    index: int
    state: State
    done: bool = False
    feedback: Feedback | None = None
    tries: int = 0

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def label(self) -> str:
        return f"step {self.index + 1} of {len(self.lesson.steps)}"

    @property
    def finished(self) -> bool:
        return self.done and self.index == len(self.lesson.steps) - 1


def begin(lesson: Lesson, index: int = 0) -> Progress:
    """The learner at step `index` (from 0), nothing tried yet."""
    if not 0 <= index < len(lesson.steps):
        raise PositionError("step", f"no step {index + 1} in a lesson of {len(lesson.steps)} steps")
    return Progress(lesson, index, lesson.steps[index].state)


def next_step(progress: Progress) -> Progress:
    """The following step (the last step stays where it is)."""
    return begin(progress.lesson, min(progress.index + 1, len(progress.lesson.steps) - 1))


def back(progress: Progress) -> Progress:
    """The previous step, fresh."""
    return begin(progress.lesson, max(progress.index - 1, 0))


def hint(progress: Progress) -> Progress:
    """The step's hint, with the rules it rests on."""
    step = progress.step
    return replace(progress, feedback=Feedback("hint", step.hint, step.rule_statements()))


def show_me(progress: Progress) -> Progress:
    """Play the expected move (or reveal the exact answer); the step counts as done."""
    step = progress.step
    if step.task == "answer":
        odds = odds_of(step)
        text = f"The exact chance is {odds.exact} ({odds.percent})."
        return replace(progress, done=True, feedback=Feedback("shown", text, step.rule_statements(), odds=odds))
    after = step.after()
    text = f"The move is {step.state.describe(step.state.game.parse_action(step.expect[0]))}. {step.right}"
    return replace(progress, state=after, done=True,
                   feedback=Feedback("shown", text, step.rule_statements(), events_of(after)))


def attempt(progress: Progress, given: str) -> Progress:
    """Judge the learner's move, outcome (notation) or answer (a probability as text)."""
    step = progress.step
    if progress.done:
        return progress
    tries = progress.tries + 1
    if step.task == "answer":
        return _answer(progress, given, tries)
    state = step.state
    try:
        action = state.game.parse_action(given.strip())
        after = state.apply(action)
    except IllegalAction as err:
        statement = state.game.rules.get(err.rule, "")
        return replace(progress, tries=tries, feedback=Feedback(
            "illegal", f"{given.strip()} is not allowed here: {err.reason} ({err.rule}).", ((err.rule, statement),)))
    except (ExplorerError, NotImplementedError) as err:
        return replace(progress, tries=tries, feedback=Feedback("unreadable", f"{given.strip()!r} is not a move "
                                                                              f"here: {err}"))
    expected = {state.game.parse_action(text) for text in step.expect}
    if action in expected:
        return replace(progress, state=after, done=True, tries=tries,
                       feedback=Feedback("right", step.right, step.rule_statements(), events_of(after)))
    said = "; ".join(text for text, _ in events_of(after))
    text = f"{step.wrong} (That move: {said}.)" if said else step.wrong
    return replace(progress, tries=tries, feedback=Feedback("wrong", text, step.rule_statements(), events_of(after)))


def _answer(progress: Progress, given: str, tries: int) -> Progress:
    step = progress.step
    try:
        guess = parse_probability(given)
    except PositionError as err:
        return replace(progress, tries=tries, feedback=Feedback("unreadable", err.reason))
    odds = odds_of(step)
    assert step.question is not None
    if within(guess, odds.exact, step.question.tolerance):
        text = f"{step.right} The exact chance is {odds.exact} ({odds.percent}); you said {given.strip()}."
        return replace(progress, done=True, tries=tries,
                       feedback=Feedback("right", text, step.rule_statements(), odds=odds))
    direction = "high" if guess > odds.exact else "low"
    text = f"{step.wrong} {given.strip()} is too {direction} (right within ±{percent(step.question.tolerance, 2)})."
    return replace(progress, tries=tries, feedback=Feedback("wrong", text, step.rule_statements()))


def odds_of(step: Step) -> Odds:
    """The exact answer of an answer step with every outcome of its chance node."""
    assert step.question is not None
    asked = {step.game.parse_action(text) for text in step.question.outcomes}
    rows = tuple((str(o), step.state.describe(o), Fraction(p), o in asked) for o, p in step.state.chance_outcomes())
    return Odds(step.question.exact(step.state), rows)


def events_of(state: State) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The last step's events in words, each with the rule IDs it applied."""
    return tuple((event.text, tuple(event.rules)) for event in state.events)
