"""Reading lesson files (TOML) and validating every step against the game's own rules.

A lesson that loads is one a learner can finish: every position is built, every expected
move is legal where it is expected, every rule ID is the game's, every answer is computed
from its position. A mistake is ONE `LessonError` naming the file, the step and the field
(``steps.3.expect``); steps are numbered from 1, as the learner sees them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import explorer
from explorer.core.bounds import read_toml
from explorer.core.errors import ExplorerError, IllegalAction, PositionError
from explorer.core.game import Game, State
from explorer.lessons.answers import parse_probability
from explorer.lessons.goals import Goal, meeting, moves_at, read_goal
from explorer.lessons.model import Lesson, Question, Step

DATA = Path(__file__).parent / "data"
LESSON_KEYS = {"title", "summary", "game", "steps"}
GAME_KEYS = {"name", "players", "options"}
STEP_KEYS = {"title", "prompt", "do", "expect", "rules", "right", "wrong", "hint", "position", "data", "start",
             "chance", "outcome", "outcomes", "tolerance", "players", "options", "moves", "goal"}
START_KEYS = {"seed", "moves", "after"}
DEFAULT_TOLERANCE = "0.5%"
DEFAULT_RIGHT = "Right."
DEFAULT_WRONG = "Not this time: read the prompt again, or ask for a hint."


class LessonError(PositionError):
    """A lesson file that cannot be played: `source` is the file, `field` the dotted place
    in it (``steps.3.expect``), `reason` why in plain words."""

    def __init__(self, source: str, field: str, reason: str) -> None:
        super().__init__(field, reason)
        self.source = source
        self.args = (f"lesson {source}: {field}: {reason}",)


def lesson_names(game: str | None = None) -> tuple[str, ...]:
    """The lessons shipped with the package (file stems), of one game when `game` is given."""
    names = sorted(path.stem for path in DATA.glob("*.toml"))
    return tuple(n for n in names if game is None or n == game or n.startswith(f"{game}_"))


def lesson_path(name_or_path: str | Path) -> Path:
    """A shipped lesson's file by name (``"sjoroveroya"``), or the path given."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        return path
    if str(name_or_path) in lesson_names():
        return DATA / f"{name_or_path}.toml"
    raise PositionError("lesson", f"no lesson named {str(name_or_path)!r}; shipped lessons: "
                                  f"{', '.join(lesson_names())}")


def load_lesson(name_or_path: str | Path) -> Lesson:
    """Read and validate a lesson by shipped name or file path."""
    path = lesson_path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise LessonError(path.name, "(file)", f"cannot be read: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise LessonError(path.name, "(file)", f"is not UTF-8 text (byte {err.start})") from None
    return parse_lesson(text, path.name)


def parse_lesson(text: str, source: str = "(text)") -> Lesson:
    """Build a `Lesson` from TOML text; `source` names it in errors."""
    try:
        raw = read_toml(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(source, "(toml)", f"not valid TOML: {err}") from None
    except PositionError as err:   # too big, too deep, a number TOML cannot read
        raise LessonError(source, err.field, err.reason) from None
    try:
        return _Reader(source).lesson(raw)
    except RecursionError:   # bounded by read_toml's depth; kept so no input escapes as one
        raise LessonError(source, "(toml)", "nested too deeply") from None


class _Reader:
    """Validation of one file; every error names `source`."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, reason: str) -> LessonError:
        return LessonError(self.source, field, reason)

    def known(self, table: Mapping[str, Any], allowed: set[str], field: str) -> None:
        unknown = sorted(set(table) - allowed)
        if unknown:
            where = f"{field}.{unknown[0]}" if field else unknown[0]
            raise self.fail(where, f"unknown key; allowed: {', '.join(sorted(allowed))}")

    def text(self, table: Mapping[str, Any], key: str, field: str, default: str | None = None) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{field}.{key}" if field else key, "missing: write it as text")
        return value.strip()

    def lesson(self, raw: Mapping[str, Any]) -> Lesson:
        self.known(raw, LESSON_KEYS, "")
        title = self.text(raw, "title", "")
        game = self.game(raw.get("game"))
        steps_raw = raw.get("steps")
        if not isinstance(steps_raw, list) or not steps_raw:
            raise self.fail("steps", "a lesson needs at least one [[steps]] table")
        steps: list[Step] = []
        for number, step in enumerate(steps_raw, start=1):
            steps.append(self.step(game, step, number, steps))
        return Lesson(title, str(raw.get("summary", "")).strip(), game, tuple(steps), self.source)

    def game(self, raw: Any, field: str = "game") -> Game:
        if not isinstance(raw, Mapping):
            raise self.fail(field, 'missing: write [game] with name = "...", players = N')
        self.known(raw, GAME_KEYS, field)
        options = raw.get("options", {})
        if not isinstance(options, Mapping):
            raise self.fail(f"{field}.options", "must be a table of option = value")
        try:
            return explorer.load(raw.get("name"), raw.get("players"), **options)
        except ExplorerError as err:
            raise self.fail(f"{field}.{getattr(err, 'field', 'name')}", getattr(err, "reason", str(err))) from None

    # -- one step -------------------------------------------------------------------------------
    def step(self, lesson_game: Game, raw: Any, number: int, earlier: list[Step]) -> Step:
        at = f"steps.{number}"
        if not isinstance(raw, Mapping):
            raise self.fail(at, "a step is a [[steps]] table")
        self.known(raw, STEP_KEYS, at)
        game = self.step_game(lesson_game, raw, at)
        state = self.played(self.position(game, raw, at, earlier), raw.get("moves", []), f"{at}.moves")
        task = raw.get("do")
        if task not in ("move", "outcome", "answer"):
            raise self.fail(f"{at}.do", f'{task!r} is not one of "move", "outcome", "answer"')
        expect: tuple[str, ...] = ()
        question = None
        goal = None
        if task == "answer":
            if "goal" in raw:
                raise self.fail(f"{at}.goal", "an answer step asks a chance question, not for a move")
            if "expect" in raw:
                raise self.fail(f"{at}.expect", "an answer step computes its answer: name a chance question instead")
            question = self.question(state, raw, at)
        else:
            for key in ("chance", "outcome", "outcomes", "tolerance"):
                if key in raw:
                    raise self.fail(f"{at}.{key}", f'only an answer step asks a chance question, not do = "{task}"')
            goal = self.goal(game, raw, at)
            expect = self.expected(state, raw, task, at, goal)
        rules = self.rules(game, raw.get("rules"), at)
        title = self.text(raw, "title", at)
        for step in earlier:   # titles name steps (start.after), so each is used once
            if step.title == title:
                raise self.fail(f"{at}.title", f"{title!r} is already the title of step {step.number}")
        return Step(number, title, state, self.text(raw, "prompt", at), task, expect, question,
                    rules, self.text(raw, "right", at, DEFAULT_RIGHT), self.text(raw, "wrong", at, DEFAULT_WRONG),
                    self.text(raw, "hint", at), goal)

    def step_game(self, lesson_game: Game, raw: Mapping[str, Any], at: str) -> Game:
        """The lesson's game, or a variant of it when the step sets players or options."""
        if "players" not in raw and "options" not in raw:
            return lesson_game
        options = {**lesson_game.options, **raw.get("options", {})} if isinstance(raw.get("options", {}), Mapping) \
            else raw["options"]
        spec = {"name": lesson_game.name, "players": raw.get("players", lesson_game.players), "options": options}
        return self.game(spec, at)

    def position(self, game: Game, raw: Mapping[str, Any], at: str, earlier: list[Step]) -> State:
        given = [key for key in ("position", "data", "start") if key in raw]
        if "moves" in raw and "start" in raw:
            raise self.fail(f"{at}.moves", "with start, write the moves inside it: start = {..., moves = [...]}")
        if len(given) != 1:
            raise self.fail(f"{at}.start", "give exactly one of position, data or start "
                                           f"(found {', '.join(given) or 'none'})")
        key = given[0]
        value = raw[key]
        try:
            if key == "position":
                if not isinstance(value, str):
                    raise self.fail(f"{at}.position", "write the position as text in the game's notation")
                return game.position(value)
            if key == "data":
                if not isinstance(value, Mapping):
                    raise self.fail(f"{at}.data", "write the position data as a table")
                return game.state_from_dict(value)
        except LessonError:
            raise
        except IllegalAction as err:
            raise self.fail(f"{at}.{key}", f"{err.reason} ({err.rule})") from None
        except PositionError as err:
            raise self.fail(f"{at}.{key}.{err.field}", err.reason) from None
        return self.start(game, value, at, earlier)

    def start(self, game: Game, value: Any, at: str, earlier: list[Step]) -> State:
        field = f"{at}.start"
        if not isinstance(value, Mapping):
            raise self.fail(field, "write start = {seed = N, moves = [...]} or {after = STEP, moves = [...]}")
        self.known(value, START_KEYS, field)
        if ("seed" in value) == ("after" in value):
            raise self.fail(field, "give exactly one of seed (the game's seeded start) or after (an earlier step)")
        if "after" in value:
            step = self.earlier_step(value["after"], earlier, f"{field}.after")
            state = step.after()
            if state.game != game:
                raise self.fail(f"{field}.after", f"step {step.number} is played with other players or options")
        else:
            seed = value["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise self.fail(f"{field}.seed", f"{seed!r} is not a whole number")
            state = game.start(seed=seed)
        return self.played(state, value.get("moves", []), f"{field}.moves")

    def earlier_step(self, after: Any, earlier: list[Step], field: str) -> Step:
        """An earlier step named by its number (from 1) or its title (which survives inserted steps)."""
        if isinstance(after, str):
            for step in earlier:
                if step.title == after.strip():
                    return step
            raise self.fail(field, f"no earlier step is titled {after!r}")
        if isinstance(after, bool) or not isinstance(after, int) or not 1 <= after <= len(earlier):
            raise self.fail(field, f"{after!r} is not an earlier step (1..{len(earlier)})")
        return earlier[after - 1]

    def played(self, state: State, moves: Any, field: str) -> State:
        """`state` after `moves` (actions and outcomes in notation), each checked."""
        if not isinstance(moves, list):
            raise self.fail(field, "write the moves as a list of notation texts")
        for i, move in enumerate(moves, start=1):
            state = self.play(state, move, f"{field}.{i}")
        return state

    def play(self, state: State, move: Any, field: str) -> State:
        if not isinstance(move, str):
            raise self.fail(field, f"{move!r} is not a move in notation")
        try:
            return state.apply(move)
        except IllegalAction as err:
            raise self.fail(field, f"{move!r} is not legal here: {err.reason} ({err.rule})") from None
        except ExplorerError as err:
            raise self.fail(field, f"{move!r} cannot be read: {err}") from None

    def goal(self, game: Game, raw: Mapping[str, Any], at: str) -> Goal | None:
        if "goal" not in raw:
            return None
        try:
            goal = read_goal(raw["goal"], game.players)
        except ValueError as err:
            raise self.fail(f"{at}.goal", str(err)) from None
        for rule in (*goal.rules, *goal.no_rules):
            if rule not in game.rules:
                raise self.fail(f"{at}.goal", f"{rule!r} is not a rule ID of {game.title}")
        return goal

    def expected(self, state: State, raw: Mapping[str, Any], task: str, at: str,
                 goal: Goal | None = None) -> tuple[str, ...]:
        field = f"{at}.expect"
        if state.is_over:
            raise self.fail(f"{at}.do", "the game is over at this position: nothing to do")
        if task == "move" and state.is_chance:
            raise self.fail(f"{at}.do", 'this position is a chance node: use do = "outcome"')
        if task == "outcome" and not state.is_chance:
            raise self.fail(f"{at}.do", f'this position is a decision of {state.game.player_name(state.player)}: '
                                        'use do = "move"')
        expect = raw.get("expect")
        if expect is None and goal is not None and not goal.only:
            expect = [str(move) for move in meeting(goal, state)]
            if not expect:
                raise self.fail(f"{at}.goal", f"no move here meets the goal ({goal.words()})")
        if not isinstance(expect, list) or not expect:
            raise self.fail(field, "list the expected moves, e.g. expect = [\"...\"]")
        for move in expect:
            self.play(state, move, field)
        if goal is not None:
            self.check_goal(state, goal, tuple(expect), at)
        return tuple(expect)

    def check_goal(self, state: State, goal: Goal, expect: tuple[str, ...], at: str) -> None:
        """Every legal move that meets the goal is expected, and only those (issue #31: a
        winning move marked wrong); an `only` goal expects the one move its prompt names."""
        field = f"{at}.expect"
        if goal.only:
            if len(expect) != 1:
                raise self.fail(field, "with goal = { only = true } the prompt names one move: expect one")
            return
        listed = {state.game.parse_action(text): text for text in expect}
        if len(listed) != len(expect):
            raise self.fail(field, "a move is listed twice")
        for move, text in listed.items():
            if not goal.met(state.apply(move), move):
                raise self.fail(field, f"{text!r} does not meet the goal ({goal.words()})")
        for move in moves_at(state):
            if move not in listed and goal.met(state.apply(move), move):
                raise self.fail(field, f"{str(move)!r} also meets the goal ({goal.words()}) but is not expected: "
                                       "list it, or make the prompt and its goal precise")

    def question(self, state: State, raw: Mapping[str, Any], at: str) -> Question:
        kind = raw.get("chance")
        if kind not in ("outcome", "outcomes"):
            raise self.fail(f"{at}.chance", f'{kind!r} is not a chance question: use "outcome" (with outcome = '
                                            '"...") or "outcomes" (with outcomes = [...])')
        if not state.is_chance:
            raise self.fail(f"{at}.chance", "this position is not a chance node: there are no odds to ask about")
        if kind == "outcome":
            key, listed = "outcome", [raw.get("outcome")]
            if "outcomes" in raw:
                raise self.fail(f"{at}.outcomes", 'chance = "outcome" asks about one outcome = "..."')
        else:
            key, listed = "outcomes", raw.get("outcomes")
            if "outcome" in raw:
                raise self.fail(f"{at}.outcome", 'chance = "outcomes" asks about a list outcomes = [...]')
            if not isinstance(listed, list) or not listed:
                raise self.fail(f"{at}.outcomes", "list the outcomes whose total chance is asked")
        possible = [outcome for outcome, _ in state.chance_outcomes()]
        for text in listed:
            if not isinstance(text, str):
                raise self.fail(f"{at}.{key}", f"{text!r} is not an outcome in notation")
            try:
                outcome = state.game.parse_action(text)
            except ExplorerError as err:
                raise self.fail(f"{at}.{key}", f"{text!r} cannot be read: {err}") from None
            if outcome not in possible:
                raise self.fail(f"{at}.{key}", f"{text!r} is not an outcome of this chance node")
        if len(set(listed)) != len(listed):
            raise self.fail(f"{at}.{key}", "an outcome is listed twice")
        tolerance_text = raw.get("tolerance", DEFAULT_TOLERANCE)
        try:
            tolerance = parse_probability(tolerance_text, f"{at}.tolerance")
        except PositionError as err:
            raise self.fail(err.field, err.reason) from None
        return Question(kind, tuple(listed), Fraction(tolerance))

    def rules(self, game: Game, rules: Any, at: str) -> tuple[str, ...]:
        if not isinstance(rules, list) or not rules:
            raise self.fail(f"{at}.rules", "cite the digest rule IDs the step teaches, e.g. rules = [\"R7\"]")
        for rule in rules:
            if not isinstance(rule, str):
                raise self.fail(f"{at}.rules", f"{rule!r} is not a rule ID: write it as text, e.g. \"R7\"")
            if rule not in game.rules:
                raise self.fail(f"{at}.rules", f"{rule!r} is not a rule ID of {game.title}")
        return tuple(rules)
