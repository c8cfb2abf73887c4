"""`check_game`: every check of the contract on seeded random games, each problem said with its fix."""

from __future__ import annotations

import html
import json
import pickle
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from explorer.core import registry
from explorer.core.capabilities import CAPABILITIES, CORE
from explorer.core.errors import ExplorerError, IllegalAction, TooManyWorlds
from explorer.core.events import Event
from explorer.core.game import Game, State
from explorer.core.play import playout as model_playout
from explorer.core.play import replay
from explorer.core.policy import policy_factories
from explorer.testing.fuzz import fuzzed_data, fuzzed_notation

PLACE = re.compile(r'data-place="([^"]+)"')


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to fix: which check found it, what is wrong (and where), and what to do."""

    check: str
    what: str
    fix: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.what}\n    fix: {self.fix}"


@dataclass(frozen=True, slots=True)
class Report:
    """What `check_game` checked (how many things, by check) and the problems it found."""

    game: str
    checked: dict[str, int]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        done = ", ".join(f"{name} {count}" for name, count in self.checked.items())
        head = f"check_game({self.game}): {len(self.problems)} problem(s); checked: {done}"
        return "\n".join([head, *map(str, self.problems)])


class GameCheckFailed(AssertionError):
    """`check_game` found problems; `report` lists them, each with its fix."""

    def __init__(self, report: Report) -> None:
        self.report = report
        super().__init__(str(report))


@dataclass
class Run:
    """One checking run: the set-ups played, their seeded walks, and what was found so far."""

    game: Game
    steps: int
    seeds: int
    interop: bool
    walks: list[list[State]] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)
    found: dict[tuple[str, str], Problem] = field(default_factory=dict)

    def count(self, check: str, n: int = 1) -> None:
        self.checked[check] = self.checked.get(check, 0) + n

    def problem(self, check: str, what: str, fix: str, kind: str | None = None) -> None:
        """Keep the first problem of each kind: one broken rule shows once, not at every step."""
        self.found.setdefault((check, kind or what), Problem(check, what, fix))

    def states(self, every: int = 1) -> Iterator[State]:
        for walk in self.walks:
            yield from walk[::every]


def setups(game: Game) -> list[Game]:
    """The set-up given and the fewest and most players of its game, with the same options."""
    cls = type(game)
    counts = sorted({game.players, cls.min_players, cls.max_players})
    return [game if n == game.players else cls(n, **dict(game.options)) for n in counts]


def walk(game: Game, seed: int, steps: int, run: Run) -> list[State]:
    """A seeded random game from before setup, at most `steps` long; an exception ends it as a problem."""
    rng = random.Random(seed)
    state = game.new_state()
    states = [state]
    try:
        while not state.is_over and len(states) < steps:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
            states.append(state)
    except Exception as err:
        run.problem("walk", f"{type(err).__name__} after {len(states) - 1} steps of seed {seed}: {err}",
                    "a legal action or a sampled outcome must apply; see the traceback of "
                    f"explorer.core.play.replay(game, {[str(h) for h in state.history][-5:]!r} ...)")
    return states


def _written(cls: type, base: type, name: str) -> bool:
    return getattr(cls, name, None) is not getattr(base, name, None)


def check_core(run: Run) -> None:
    game = run.game
    state_cls = type(game.new_state())
    for attr in CORE["Game"]:
        run.count("core")
        if attr != "OPTIONS" and (not _written(type(game), Game, attr) or not getattr(game, attr)):
            run.problem("core", f"Game.{attr} is not written",
                        "every game writes the core names (explorer.core.capabilities.CORE)")
    for attr in CORE["State"]:
        run.count("core")
        if not _written(state_cls, State, attr):
            run.problem("core", f"State.{attr} is not written",
                        "every game writes the core names (explorer.core.capabilities.CORE)")
    for cap in CAPABILITIES.values():
        run.count("capabilities")
        names = [f"Game.{n}" for n in cap.game if not _written(type(game), Game, n)]
        names += [f"State.{n}" for n in cap.state if not _written(state_cls, State, n)]
        declared = game.can(cap.name)
        if declared and names:
            run.problem("capabilities", f"declares {cap.name!r} but does not write {', '.join(names)}",
                        f"write them, or take {cap.name!r} out of CAPABILITIES")
        if not declared and not names:
            run.problem("capabilities", f"writes what {cap.name!r} needs but does not declare it",
                        f"add {cap.name!r} to CAPABILITIES so the explorer offers {cap.unlocks}")


def check_steps(run: Run) -> None:
    """Every node of every walk: whose it is, exact chance, legal actions, notation back and forth."""
    for state in run.states():
        run.count("steps")
        game, n = state.game, state.game.players
        if state.is_over:
            ranking = state.winners()
            if state.player is not None or state.legal_actions() or state.chance_outcomes():
                run.problem("steps", "a finished game still has a player, legal actions or chance outcomes",
                            "when is_over, player is None and legal_actions() and chance_outcomes() are empty")
            if sorted(p for group in ranking for p in group) != list(range(n)):
                run.problem("steps", f"winners() {ranking!r} does not rank every seat once",
                            "winners() lists groups of tied seats, best first, every seat in exactly one")
        elif state.is_chance:
            _check_chance(run, state)
        else:
            legal = state.legal_actions()
            if not isinstance(state.player, int) or not 0 <= state.player < n:
                run.problem("steps", f"player is {state.player!r} at a decision", "player is a seat 0..n-1")
            if not legal or len(set(legal)) != len(legal):
                run.problem("steps", f"legal_actions() is empty or repeats an action: {legal!r}",
                            "a decision lists each legal action once (the game is over when none is left)")
            for action in legal:
                _check_notation(run, game, action)
            if game.can("board"):
                _check_board(run, state, legal)
        if len(state.scores()) != n:
            run.problem("steps", "scores() does not give one number per seat", "return a tuple of n numbers")
        if not all(isinstance(e, Event) and e.text for e in state.events):
            run.problem("steps", "an event is not an Event with text", "events say what happened in words")
        if state.cut_off() is not None and (not state.is_over or state.cut_off() not in game.options):
            run.problem("steps", f"cut_off() is {state.cut_off()!r} here",
                        "cut_off() names the length-cap option that ended the game, and only once it is over")


def _check_board(run: Run, state: State, legal: tuple[Any, ...]) -> None:
    """Every legal action has a target, drawn on the actor's board (``data-place``)."""
    view = state.view(state.player)
    svg = view._repr_svg_() if hasattr(view, "_repr_svg_") else ""
    drawn = {html.unescape(place) for place in PLACE.findall(svg)}
    for action in legal:
        run.count("board")
        target = state.action_target(action)
        if not target:
            run.problem("board", f"{action} has no target on the board",
                        "action_target names the board element (a data-place) a click plays it on", kind="target")
        elif svg and target not in drawn:
            run.problem("board", f"{action}'s target {target!r} is not drawn on the board",
                        "render draws an element with that data-place in the actor's view", kind="drawn")


def _check_chance(run: Run, state: State) -> None:
    outcomes = state.chance_outcomes()
    probs = [p for _, p in outcomes]
    if state.player is not None or state.legal_actions():
        run.problem("chance", "a chance node has a player or legal actions",
                    "at a chance node player is None and legal_actions() is empty")
    if not outcomes or not all(isinstance(p, Fraction) and p > 0 for p in probs):
        run.problem("chance", "chance outcomes are missing or not positive Fractions",
                    "list every outcome with its exact probability as fractions.Fraction")
    elif sum(probs) != 1:
        run.problem("chance", f"chance probabilities sum to {sum(probs)}, not 1",
                    "list every outcome; exact fractions sum to exactly 1")
    if len({o for o, _ in outcomes}) != len(outcomes):
        run.problem("chance", "a chance outcome is listed twice", "merge equal outcomes, adding their odds")
    for outcome, _ in outcomes:
        _check_notation(run, state.game, outcome)
    run.count("chance")


def _check_notation(run: Run, game: Game, action: Any) -> None:
    try:
        back = game.parse_action(str(action))
    except Exception as err:
        back = err
    if back != action:
        run.problem("notation", f"parse_action(str({action!r})) gives {back!r}",
                    "str(action) is the action's notation and parse_action reads it back", kind="action notation")


def check_illegal(run: Run) -> None:
    """Actions legal elsewhere, and junk, are refused with `IllegalAction`, the state untouched."""
    decisions = [s for s in run.states() if not s.is_chance and not s.is_over]
    foreign = list(dict.fromkeys(a for s in decisions for a in s.legal_actions()))
    explains = run.game.can("explain")
    for state in decisions[:: max(1, len(decisions) // 30)]:
        key = state._key()
        tries = [a for a in foreign[:: max(1, len(foreign) // 40)] if a not in state.legal_actions()]
        for action in [*tries, None, 42, ("x",), "not a move at all"]:
            run.count("illegal")
            try:
                state.apply(action)
            except IllegalAction as err:
                if explains and action in tries and not err.rule:
                    run.problem("illegal", f"refusing {action} names no rule",
                                "explain_illegal returns IllegalAction(rule ID, reason in words, action)")
                if not err.reason:
                    run.problem("illegal", f"refusing {action!r} gives no reason", "say why in the game's words")
            except Exception as err:
                run.problem("illegal", f"apply({action!r}) raised {type(err).__name__}: {err}",
                            "an illegal action or unreadable input raises IllegalAction", kind=type(err).__name__)
            else:
                run.problem("illegal", f"apply({action!r}) was accepted though it is not legal here",
                            "apply checks the action against legal_actions() (the State default does)")
            if state._key() != key:
                run.problem("illegal", "a refused action changed the state", "states never change in place")


def check_views(run: Run) -> None:
    """Views are JSON; a view's hidden worlds weigh 1 and hold the truth; a sampled state shows the same view."""
    game = run.game
    for state in run.states(every=max(1, run.steps // 8)):
        for player in [None, *range(state.game.players)]:
            run.count("views")
            try:
                view = state.view(player)
                json.dumps(view)
            except (TypeError, ValueError) as err:
                run.problem("views", f"view({player}) is not JSON data: {err}", "views are dicts of JSON values")
                continue
            if player is None:
                continue
            if game.can("hidden_worlds"):
                _check_worlds(run, state, player, view)
            if game.can("sampling") and not state.is_over:
                drawn = state.game.sample_state(view, random.Random(7))
                if _story_aside(drawn.view(player)) != _story_aside(view):
                    run.problem("views", "sample_state(view) gives a state that shows the player another view",
                                "fill in only what the view hides, from what it leaves unaccounted for")


def _story_aside(view: Any) -> Any:
    return {k: v for k, v in view.items() if k != "events"} if isinstance(view, dict) else view


def _check_worlds(run: Run, state: State, player: int, view: Any) -> None:
    game = state.game
    try:
        worlds = list(game.hidden_worlds(view, limit=2_000))
    except TooManyWorlds:
        return
    if sum((w for _, w in worlds), Fraction(0)) != 1 or not all(isinstance(w, Fraction) for _, w in worlds):
        run.problem("views", "hidden_worlds weights are not exact fractions summing to 1",
                    "weigh each world by its exact probability given the view")
    truth = game.world_key(state, player)
    if truth not in {game.world_key(w, player) for w, _ in worlds}:
        run.problem("views", f"the true position is not among the hidden worlds of player {player}'s view",
                    "hidden_worlds must enumerate every position the view cannot tell apart (or the view "
                    "shows something that is not in it)")


def check_positions(run: Run) -> None:
    """Positions round-trip as data, JSON, pickles and notation; a history replays."""
    game = run.game
    for state in run.states(every=max(1, run.steps // 12)):
        if game.can("position_data"):
            run.count("positions")
            data = state.to_dict()
            if state.game.state_from_dict(json.loads(json.dumps(data))) != state:
                run.problem("positions", "state_from_dict(to_dict()) is not the same position",
                            "to_dict writes every field the position holds, and state_from_dict reads them all")
            if game.name in registry.names() and pickle.loads(pickle.dumps(state)) != state:
                run.problem("positions", "a pickled state comes back different", "pickles go through to_dict")
        if game.can("position_text"):
            run.count("notation")
            text = state.notation()
            if state.game.position(text) != state:
                run.problem("notation", "position(notation()) is not the same position",
                            "notation writes every line the reader needs, and position reads exactly it")
    for states in run.walks:
        last = states[-1]
        run.count("replay")
        try:
            if replay(last.game, [str(h) for h in last.history]) != last:
                run.problem("replay", "replaying a game's history does not reach its position",
                            "history records every step; the step must depend on nothing else")
        except ExplorerError as err:
            run.problem("replay", f"replaying a game's history was refused: {err}", "history must replay")


def check_fuzz(run: Run) -> None:
    """Broken position data and notation give the project's errors only (never a crash)."""
    game = run.game
    rng = random.Random(5)
    for state in run.states(every=max(1, run.steps // 4)):
        inputs: list[tuple[str, Callable[[Any], Any], Any]] = []
        if game.can("position_data"):
            inputs += [("position data", state.game.state_from_dict, d) for d in fuzzed_data(state.to_dict(), rng)]
        if game.can("position_text"):
            inputs += [("notation", state.game.position, t) for t in fuzzed_notation(state.notation(), rng)]
        for what, reader, broken in inputs:
            run.count("fuzz")
            try:
                reader(broken)
            except ExplorerError:
                pass
            except Exception as err:
                shown = json.dumps(broken)[:160] if what == "position data" else repr(broken)[:160]
                run.problem("fuzz", f"{what} {shown} raised {type(err).__name__}: {err}",
                            "check each field's type and range and raise PositionError(field, reason)",
                            kind=f"{what} {type(err).__name__}")


def check_playouts(run: Run) -> None:
    """Random play ends (or a named cap cuts it off); a fast playout plays the model's game."""
    game = run.game
    guard = 20_000
    for setup in setups(game):
        capped = type(setup)(setup.players, **{**dict(setup.options), **{
            k: v for k, v in setup.LENGTH_CAPS.items() if setup.options.get(k) is None}})
        for seed in range(run.seeds):
            run.count("playouts")
            try:
                end = model_playout(capped.start(seed), seed, None, guard)
            except RuntimeError:   # long, which is fine where the rules bound the length (Game.max_decisions)
                if not (capped.can("adapters") and capped.max_decisions() is not None):
                    run.problem("playouts", f"random play of {capped!r} does not end in {guard} steps, and "
                                "max_decisions() sets no bound", "declare a length-cap option in LENGTH_CAPS "
                                "(the adapters set it) and derive max_decisions from it, or check the end rules")
                continue
            if end.cut_off() is not None and end.cut_off() not in capped.options:
                run.problem("playouts", f"cut_off() names {end.cut_off()!r}, not an option", "name the cap option")
            if game.can("playout"):
                _check_fast_playout(run, capped, seed, guard)


def _check_fast_playout(run: Run, game: Game, seed: int, guard: int) -> None:
    factories = policy_factories(game)
    for name in dict.fromkeys(("random", game.evaluator())):
        start = game.start(seed)
        try:
            fast = game.playout(start, random.Random(seed), guard, name, final=True)
        except RuntimeError:
            continue
        if fast is None:
            continue
        seats = [factories[name](game)] * game.players
        model = model_playout(start, random.Random(seed), seats, guard)
        run.count("playouts")
        if fast.state != model or fast.scores != model.scores():
            run.problem("playouts", f"the fast {name!r} playout of seed {seed} ends elsewhere than the model's",
                        "the fast path must run the model's own rules and draw from rng exactly as the model's "
                        "steps do (Game.playout)")


def check_interop(run: Run) -> None:
    """OpenSpiel's `random_sim_test` and PettingZoo's `api_test` through the adapters."""
    game = run.game
    if not (run.interop and game.can("adapters")):
        return
    if game.name not in registry.names() or registry.game_class(game.name) is not type(game):
        run.problem("interop", f"{game.name!r} is not registered", "explorer.core.registry.register(name, module)")
        return
    from explorer.testing.interop import openspiel_problems, pettingzoo_problems

    for check, problems in (("openspiel", openspiel_problems), ("pettingzoo", pettingzoo_problems)):
        for what in problems(game):
            run.count(check)
            if what:
                run.problem(check, what, f"run the {check} check alone to see its traceback "
                                         "(explorer.testing.interop)")


CHECKS: dict[str, Callable[[Run], None]] = {
    "core": check_core, "steps": check_steps, "illegal": check_illegal, "views": check_views,
    "positions": check_positions, "fuzz": check_fuzz, "playouts": check_playouts, "interop": check_interop,
}
"""Every check by name: `check_game(..., only=("steps",))` runs a few."""


def check_game(game: Game, seeds: int = 3, steps: int = 300, *, interop: bool = True,
               only: tuple[str, ...] | None = None, raise_on_failure: bool = True) -> Report:
    """Check `game` (every player count, `seeds` random games of at most `steps` steps each)."""
    run = Run(game, steps, seeds, interop)
    for setup in setups(game):
        for seed in range(seeds):
            run.walks.append(walk(setup, seed, steps, run))
    for name, check in CHECKS.items():
        if only is None or name in only:
            check(run)
    report = Report(game.name, dict(run.checked), tuple(run.found.values()))
    if raise_on_failure and not report.ok:
        raise GameCheckFailed(report)
    return report
