"""Checks of Pirate Rush position data beyond each field's type: the ``game`` block, and the
pending steps (their details by kind, turn/tasks.ARGS, what the phase allows, and the kinds a pending power
implies: `fits`), behind `from_dict`, the notation and the hidden worlds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError as PE

from .data import COINS, KINDS, NEGATIVE
from .model import make, seat
from .tokens.picks import candidates
from .tokens.stack_view import task_tokens
from .turn.table import PICKS
from .turn.tasks import ARGS, phrase, rule

SETUP_STEPS = {"removed", "row", "starter", "choose_start", "setup_looks", "setup_look", "round"}
NEEDS_CREW = {"call", "turn", "step4"}
ALLOWED = {"gunner": frozenset({"wound"}), "monkey": frozenset({"curse"}),
           "qm": frozenset(KINDS) - NEGATIVE, "merchant_swap": COINS}


def check_game(game, block: Any) -> None:
    """The ``game`` block names this game, its players and options; what it leaves out is the
    default (``{"name": "pirate_rush", "players": 4, "options": {}}`` is the default game)."""
    if not isinstance(block, Mapping) or block.get("name") != game.name:
        named = block.get("name") if isinstance(block, Mapping) else block
        raise PE("game", f"the data is for {named!r}, not {game.name!r}")
    unknown = sorted(set(block) - {"name", "players", "options"})
    if unknown:
        raise PE(f"game.{unknown[0]}", "unknown field; a game block has name, players and options")
    if block.get("players", game.players) != game.players:
        raise PE("game.players", f"the data is for {block['players']!r} players, the game has {game.players}")
    options = block.get("options", {})
    if not isinstance(options, Mapping):
        raise PE("game.options", f"options are an object, not {options!r}")
    specs = {spec.name: spec for spec in game.OPTIONS}
    for name, value in options.items():
        if name not in specs:
            raise PE(f"game.options.{name}", f"no option of {game.name}; options: {', '.join(specs)}")
        if value != game.options[name] or type(value) is not type(game.options[name]):
            raise PE(f"game.options.{name}", f"the data has {value!r}, the game has {game.options[name]!r} "
                     f"({specs[name].rule})")


def _is_int(v: Any, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _arg_ok(kind: str, v: Any, n: int) -> bool:
    """One detail of a pending step, by its shape (steps.ARGS)."""
    kind = kind.rstrip("?")
    if kind == "seat":
        return _is_int(v, 0, n - 1)
    if kind == "seats":
        return isinstance(v, tuple) and all(_is_int(x, 0, n - 1) for x in v)
    if kind == "count":
        return _is_int(v, 0, 99)
    if kind == "island":
        return _is_int(v, 0, 7)
    if kind == "tile":
        return _is_int(v, -1, 39)
    if kind == "tiles":
        return isinstance(v, tuple) and all(_is_int(x, -1, 39) for x in v)
    if kind == "stakes":
        return isinstance(v, tuple) and all(isinstance(x, tuple) and len(x) == 2 and _is_int(x[0], 0, n - 1)
                                            and _is_int(x[1], 0, 39) for x in v)
    if kind == "places":
        return isinstance(v, tuple) and bool(v) and all(isinstance(x, tuple) and len(x) == 2 and _is_int(x[0], 0, 7)
                                                        and _is_int(x[1], 0, n - 1) for x in v)
    if kind == "word":
        return isinstance(v, str)
    return v == ()


def check_stack(game, f: dict) -> None:
    """Each pending step has the details its kind takes (steps.ARGS) and can follow the phase."""
    n = game.players
    for k, task in enumerate(f["stack"]):
        kinds = ARGS.get(task[0], ())
        required = [x for x in kinds if not x.endswith("?")]
        args = task[1:]
        if not len(required) <= len(args) <= len(kinds) or not all(
                _arg_ok(kind, v, n) for kind, v in zip(kinds, args, strict=False)):
            raise PE(f"stack.{k}", f"'{phrase(task[0])}' takes {', '.join(kinds) or 'nothing'}, "
                     f"not {list(args)!r} ({rule(task[0])})")
        if task[0] == "place" and any(f["slots"][j][i] < 0 for j, i in task[1]):
            raise PE(f"stack.{k}", "a shuffle moves tiles between occupied slots (R55)")
        for t in task_tokens(task):
            if t >= 0 and not any(t in row for row in (*f["slots"], *f["loot"], f["discard"])):
                raise PE(f"stack.{k}", "names a tile that lies nowhere (K1)")
        if task[0].startswith(("gamble_", "rogue_")) and any(
                t >= 0 and t not in f["loot"][task[2]] for t in task_tokens(task)):
            raise PE(f"stack.{k}", f"'{phrase(task[0])}' looks at tiles of Player {task[2] + 1}'s loot only "
                     f"({rule(task[0])})")
        if task[0] in ("rogue_next", "rogue_more", "rogue_keep") and not any(t >= 0 for t in task[3]):
            raise PE(f"stack.{k}", f"'{phrase(task[0])}' comes after the Rogue looked at a tile (R43)")
        if task[0] in ("gamble_choice", "gamble_other", "gamble_give") and task[3] < 0:
            raise PE(f"stack.{k}", f"'{phrase(task[0])}' comes after the Gambler looked at a tile (R42)")
        if task[0] in ("gunner", "qm", "monkey", "merchant_swap") and task_tokens(task)[0] not in f["loot"][task[1]]:
            raise PE(f"stack.{k}", f"'{phrase(task[0])}' is about a tile of Player {task[1] + 1}'s own loot "
                     f"({rule(task[0])})")
    if not fits(make(game, f)):
        raise PE("stack", "a pending power is about the wrong kind of tile: the Gunner's a wound (R37), the "
                 "Quartermaster's a non-negative tile (R40), the Rogue keeps a copper (R43), the Monkey passes "
                 "a curse (R46), Mercader is paid with a coin (R52)")
    if f["phase"] != "over" and f["stack"] and f["stack"][-1][0] in PICKS:
        if not candidates(make(game, f), f["stack"][-1]):
            raise PE("stack", f"'{phrase(f['stack'][-1][0])}' picks among no tile (R74)")
    if f["phase"] != "over" and f["stack"]:
        problem = step_problem(f["stack"], f["round"], f["chosen"], f["played"], n)
        if problem:
            raise PE("stack", f"{problem[0]} ({problem[1]})")


def fits(s) -> bool:
    """The kinds the pending tasks imply (R37, R40, R43, R46, R52)."""
    for task in s.stack:
        if task[0] in ALLOWED and s.kinds[task_tokens(task)[0]] not in ALLOWED[task[0]]:
            return False
        if task[0] == "rogue_keep" and not any(s.kinds[t] == "copper" for t in task_tokens(task)):
            return False
    return True


def step_problem(stack: tuple, round_: int, chosen, played, n: int) -> tuple[str, str] | None:
    """Why the top step cannot follow the phase (reason, rule), or None (both position forms)."""
    top = stack[-1]
    name = top[0]

    class _Bad(Exception):
        pass

    def bad(reason: str, rule: str):
        return _Bad(reason, rule)

    try:
        _step_rules(name, top, round_, chosen, played, n, bad)
    except _Bad as err:
        return err.args[0], err.args[1]
    return None


def _step_rules(name, top, round_, chosen, played, n, bad) -> None:
    if name in SETUP_STEPS - {"round"} and round_:
        raise bad(f"'{phrase(name)}' belongs to the setup, before round 1", "S1")
    if name not in SETUP_STEPS and not round_ and name != "see" and name != "isee":
        raise bad(f"'{phrase(name)}' happens in a round: write the round (round: 1 ..)", "T0")
    if name == "draft" and chosen[top[1]]:
        raise bad(f"{seat(top[1])} already has a character this round", "R4")
    if name in NEEDS_CREW and not all(chosen):
        raise bad(f"'{phrase(name)}' comes after every player has chosen a character", "T1")
    if name == "turn" and top[1] in played:
        raise bad(f"{seat(top[1])} has already played this round", "R10")
    if name == "call" and len(played) >= n:
        raise bad("every player has played: the round ends (adjust the ship and end the round)", "R10")
    if name == "step4" and len(played) < n:
        raise bad("the round ends only after every player's turn", "T4")
    if name == "setup_look" and not 1 <= top[2] <= 3:
        raise bad("a pirate has 1 to 3 setup investigations left", "S9")
    if round_ and any(chosen) and name in ("removed", "row"):
        raise bad("the setup is over", "S1")
    if name == "call" and not 0 <= min(chosen):
        raise bad("the commander is the holder of the highest-ranked character", "R2")
