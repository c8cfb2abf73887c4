"""Seeded hostile and careless inputs for every public reader, and the outcome class of each.

Each boundary turns a valid text (a move, a position, a saved tree, a lesson, a link) into
mutants: a nasty fragment inserted or swapped in (digits Python refuses, 5,000 digits, deep
brackets, control and direction characters, injection payloads), a span cut or doubled, lines
shuffled. `outcome` runs one reader and names what happened: ``accepted``, the project error's
kind (``PositionError``, ``IllegalAction``, ``LessonError``, ...) or ``other:<exception>``, which
is a bug. Used by tests/test_boundary_fuzz.py and benchmarks/boundary_fuzz.py.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import explorer
from explorer.analysis.tree import PositionTree
from explorer.core.errors import ExplorerError
from explorer.core.game import Game, State
from explorer.lessons.loader import DATA, parse_lesson

INJECTIONS = json.loads((Path(__file__).parent / "data" / "injections.json").read_text(encoding="utf-8"))
NASTY: tuple[str, ...] = (
    "²", "٣", "①", "Ⅻ", "-1", "0", "P0", "P99", "P²", "+7", "1e9", "0x10", "9" * 5000, "9" * 31, "-" + "9" * 4400,
    "[" * 3000, "{" * 3000, "]", "}", "[[1]]", "{a = 1}", '"', "'", "\\", ":", "~", "\x00", "\x1b[31m", "\u202e",
    "\u2066", "\ufeff", "\ufffd", "NaN", "Infinity", "null", "true", "", " ", "\n", "\t",
    "\r\n", "a" * 600, "🏴‍☠️", "İ", "ß", "Ｐ１", "p1", "P1", "P2", "none", "end", "=", "#", "[steps]", "[[steps]]",
)


def fragments(rng: random.Random) -> str:
    """One nasty fragment: mostly from `NASTY`, sometimes an injection payload or random characters."""
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(NASTY)
    if roll < 0.85:
        return rng.choice(INJECTIONS)["payload"]
    codes = [rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x3000))) for _ in range(rng.randrange(1, 12))]
    return "".join(map(chr, codes))


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three random edits of `text`: insert, replace a word or a number, cut, double, shuffle lines."""
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(7)
        at = rng.randrange(len(text) + 1)
        if kind == 0:
            text = text[:at] + fragments(rng) + text[at:]
        elif kind == 1 and text:
            end = min(len(text), at + rng.randrange(1, 12))
            text = text[:at] + fragments(rng) + text[end:]
        elif kind == 2:
            words = text.split(" ")
            words[rng.randrange(len(words))] = fragments(rng)
            text = " ".join(words)
        elif kind == 3 and text:
            end = min(len(text), at + rng.randrange(1, 40))
            text = text[:at] + text[end:]
        elif kind == 4 and text:
            end = min(len(text), at + rng.randrange(1, 40))
            text = text[:end] + text[at:end] + text[end:]
        elif kind == 5:
            lines = text.split("\n")
            rng.shuffle(lines)
            text = "\n".join(lines)
        else:
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + rng.choice(("²", "٣", "9" * 5000, "0", "99", "-1")) + text[i + 1:]
    return text


def outcome(read: Callable[[], Any]) -> str:
    """What reading did: ``accepted``, the project error's class name, or ``other:<name>`` (a bug)."""
    try:
        read()
    except ExplorerError as err:
        return type(err).__name__
    except Exception as err:   # the finding the fuzz is for
        return f"other:{type(err).__name__}: {str(err)[:80]}"
    return "accepted"


# -- valid material to mutate --------------------------------------------------------------------
def states_along(game: Game, seed: int, steps: int = 80) -> list[State]:
    """States of one seeded random game, start to `steps` steps later."""
    rng = random.Random(seed)
    state, seen = game.new_state(), []
    for _ in range(steps):
        if state.is_over:
            break
        seen.append(state)
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(list(state.legal_actions())))
    return seen


def _notation(state: State) -> str:
    try:
        return state.notation()
    except NotImplementedError:
        return json.dumps(state.to_dict())


def _moves(state: State) -> list[str]:
    moves = [str(o) for o, _ in state.chance_outcomes()] if state.is_chance else [str(a) for a in state.legal_actions()]
    return moves or ["end"]


def _line(game: Game, seed: int, steps: int) -> list[str]:
    states = states_along(game, seed, steps + 1)
    return [str(_step(a, b)) for a, b in itertools.pairwise(states)]


def _step(before: State, after: State) -> Any:
    """The move that leads from `before` to `after` (replayed: the generator keeps no log)."""
    options = [o for o, _ in before.chance_outcomes()] if before.is_chance else list(before.legal_actions())
    return next(o for o in options if before.apply(o) == after)


# -- the boundaries: name -> (inputs, reader) ------------------------------------------------------
def boundaries(seed: int = 0) -> dict[str, tuple[Callable[[random.Random], Any], Callable[[Any], Any]]]:
    """Every public reader with a generator of its inputs (seeded per call)."""
    found: dict[str, tuple[Callable[[random.Random], Any], Callable[[Any], Any]]] = {}
    for name in explorer.games():
        game = explorer.load(name)
        states = states_along(game, seed)
        moves = [(s, m) for s in states[:: max(1, len(states) // 12)] for m in _moves(s)]
        texts = [_notation(s) for s in states[:: max(1, len(states) // 6)]]
        found[f"{name}.parse_action"] = (lambda rng, m=moves: _mutated_move(rng.choice(m), rng), _read_move)
        found[f"{name}.position"] = (lambda rng, t=texts: mutate_text(rng.choice(t), rng),
                                     lambda text, g=game: g.position(text))
        datas = [s.to_dict() for s in states[:: max(1, len(states) // 6)]]
        found[f"{name}.state_from_dict"] = (lambda rng, d=datas: _mutated_data(rng.choice(d), rng),
                                            explorer.state_from_dict)
    trees = _trees(seed)
    found["PositionTree.from_json"] = (lambda rng: mutate_text(rng.choice(trees), rng), PositionTree.from_json)
    lessons = [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*_odds.toml"))]
    found["lesson loader"] = (lambda rng: mutate_text(rng.choice(lessons), rng), parse_lesson)
    links = _links(seed)
    found["app link"] = (lambda rng: mutate_link(rng.choice(links), rng), read_link)
    return found


def _mutated_move(at: tuple[State, str], rng: random.Random) -> tuple[State, str]:
    return at[0], mutate_text(at[1], rng)


def _read_move(at: tuple[State, str]) -> Any:
    """Read the move, then play it where it came from (a notation can read well and be illegal)."""
    state, text = at
    state.game.parse_action(text)
    return state.apply(text)


def _mutated_data(data: dict, rng: random.Random) -> Any:
    """Position data with one change, sometimes through its JSON text (read back when it still is JSON)."""
    if rng.random() < 0.5:
        from position_fuzz import mutate  # tests/ is on the path of the suite and of the benchmark

        return mutate(data, rng)[0]
    text = mutate_text(json.dumps(data), rng)
    try:
        return explorer.core.bounds.read_json(text)
    except ExplorerError:
        return text   # not JSON any more: the reader is handed the text itself


def _trees(seed: int) -> list[str]:
    texts = []
    for name in explorer.games():
        game = explorer.load(name)
        tree = PositionTree(game.new_state())
        path: tuple = ()
        for move in _line(game, seed, 12):
            path = tree.play(path, move)
        tree.comment(path, "a what-if")
        texts.append(tree.to_json())
    return texts


def _links(seed: int) -> list[dict[str, str]]:
    from widgets.served_link import SEPARATOR, pack

    links = []
    for name in explorer.games():
        game = explorer.load(name)
        links.append({"game": name, "players": str(game.players), "line": SEPARATOR.join(_line(game, seed, 10))})
        tree = PositionTree(game.new_state())       # a packed analysis with a comment and its root
        path = tree.play_line((), _line(game, seed, 10))
        tree.comment(path, "a what-if")
        links.append({"game": name, "players": str(game.players), "tree": pack(tree, False), "at": "4"})
        spec = next(iter(game.option_specs()), None)
        if spec is not None:
            links.append({"game": name, f"opt.{spec.name}": json.dumps(spec.default)})
    return links


def mutate_link(args: dict[str, str], rng: random.Random) -> dict[str, str]:
    """A link's arguments with one argument's text mutated, added or replaced by a payload."""
    args = dict(args)
    key = rng.choice([*args, "players", "opt.weather", "opt.x", "line", "game", "tree", "at"])
    args[key] = mutate_text(args.get(key, ""), rng) if rng.random() < 0.7 else fragments(rng)
    return args


def read_link(args: dict[str, str]) -> Any:
    """What the served app does with a link before it draws: read it, set the game up, play its line."""
    from widgets.controller import Controller
    from widgets.served_link import open_link, parse

    link = parse({k: [v.encode("utf-8", "surrogatepass")] for k, v in args.items()}, list(explorer.games()))
    if link is None:
        return None
    controller = Controller(explorer.load(link.game, link.players, **link.options))
    open_link(controller, link, None)
    return controller


def run(boundary: str, count: int, seed: int = 0,
        table: dict | None = None) -> Iterator[tuple[str, Any]]:
    """(outcome, input) for `count` inputs of one boundary."""
    make, read = (table or boundaries(seed))[boundary]
    rng = random.Random(f"{seed}:{boundary}")
    for _ in range(count):
        value = make(rng)
        yield outcome(lambda v=value: read(v)), value
