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
    typed = given.strip()
    try:
        action = state.game.parse_action(typed)
    except ExplorerError:   # not the game's notation: no rule was broken
        return replace(progress, tries=tries, feedback=Feedback("unreadable", unreadable_text(step, typed)))
    try:
        after = state.apply(action)
    except IllegalAction as err:
        statement = state.game.rules.get(err.rule, "")
        return replace(progress, tries=tries, feedback=Feedback(
            "illegal", f"{typed} is not allowed here: {err.reason}.", ((err.rule, statement),)))
    except ExplorerError as err:
        return replace(progress, tries=tries, feedback=Feedback("unreadable", f"{typed!r} is not a move here: {err}"))
    expected = {state.game.parse_action(text) for text in step.expect}
    if action in expected:
        return replace(progress, state=after, done=True, tries=tries,
                       feedback=Feedback("right", step.right, step.rule_statements(), events_of(after)))
    said = "; ".join(text for text, _ in events_of(after))
    text = f"{step.wrong} (That move: {said}.)" if said else step.wrong
    return replace(progress, tries=tries, feedback=Feedback("wrong", text, step.rule_statements(), events_of(after)))


def unreadable_text(step: Step, typed: str) -> str:
    """What was wrong with a mistyped move, in the game's words, with an example of a right
    form (#30 point 9). The example is a move of the same kind when there is one, and never
    one the step expects while another would show the form: it must not give the answer away."""
    state = step.state
    choices = [o for o, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
    expected = {state.game.parse_action(text) for text in step.expect}
    kind = typed.split()[0] if typed.split() else ""
    same = [move for move in choices if str(move).split()[:1] == [kind]]
    what = "outcome" if state.is_chance else "move"
    article = "an" if state.is_chance else "a"
    if same:
        others = [move for move in same if move not in expected]
        if not others:   # every such move is right here: an example would be the answer
            return (f"{typed!r} cannot be read as a {kind!r} {what} here: the {what}s in the list show how "
                    "each is written; click one or type it as shown.")
        return f"{typed!r} cannot be read as a {kind!r} {what} here: write it like {_shown(state, others[0])}, " \
               f"or click {article} {what} in the list."
    pool = [move for move in choices if move not in expected] or choices
    if not pool:
        return f"{typed!r} is not {article} {what} of {state.game.title}."
    return (f"{typed!r} is not {article} {what} of {state.game.title}: {what}s here are written like "
            f"{_shown(state, pool[0])}, or click one in the list.")


def _shown(state: State, move: object) -> str:
    said = state.describe(move)
    return f"{str(move)!r}" + (f" ({said})" if said != str(move) else "")


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
