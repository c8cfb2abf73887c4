"""Pirate Rush position data: `to_dict`, the validating `from_dict`, and per-player views.

Format (tokens are the 40 loot tiles 0-39). Every field may be left out: it is then where the setup
rules put it (`defaults`): the table before setup, or from ``"round": 1`` on the round's first
draft, with ``current`` and ``turn`` following a ``turn`` step, and each pirate following his own
loot (H1). For a position a person writes, the short notation above is easier: it names tiles by
what they are.

Fields (each may be left out, see above):

- ``phase`` setup | play | over; ``round`` 0 (setup) .. ; ``stack`` the pending steps, bottom
  first, each ``[name, details...]`` (turn/tasks.py lists each step's public words and details);
- ``kinds`` 40 kinds, ``""`` for a tile nobody has seen; ``slots`` 8 islands x N slots, a token
  or -1 (empty); ``loot`` each pirate's tokens; ``discard`` the discard pile's tokens;
- ``islands`` the tile at I1..I8 (``""`` not yet seen by anybody), ``flipped``, ``removed``
  (S2); ``row``, ``markers`` (ranks), ``chosen`` (a rank per pirate, 0 none), ``prestige``,
  ``prosthetics``, ``resources`` (structure, ammunition, supplies), ``ship``, ``anchor`` (-1
  none), ``starter``, ``played``, ``current`` (-1 none), ``turn`` (looks used, looks allowed,
  loot done, power used, steered, tavern used, merchant used), ``event``, ``ending``;
- ``visited`` 8 booleans, the islands the ship has been at (V21; left out, and by `to_dict`,
  when it is the lowest-numbered voyage of one island a round through the face-up islands);
- ``known`` the tokens each pirate follows, ``vague`` his ``[token, zones]`` memories (zones
  ``I4``, ``P2`` for Player 2's loot, ``D`` the discard), ``peeked`` the islands he looked at.

>>> import explorer
>>> game = explorer.load("pirate_rush", players=3, advanced=False)
>>> data = {"game": {"name": "pirate_rush", "players": 3, "options": {"advanced": False}},
...         "round": 1, "row": [1, 2, 3, 5, 6, 8], "markers": [5, 6, 8], "chosen": [2, 1, 3],
...         "stack": [["turn", 1]], "kinds": ["gold"] + [""] * 39, "known": [[0], [], []]}
>>> state = game.state_from_dict(data)
>>> print(state.notation())
game: pirate_rush players=3 advanced=false
round: 1
row: captain, navigator, gunner, gambler, rogue, monkey
markers: gambler, rogue, monkey
step: turn (P2)
P1 character: navigator
P2 character: captain
P3 character: gunner
I1: gold seen by P1, unseen, unseen
>>> game.state_from_dict(state.to_dict()) == state
True

A view (`state.view(p)`) shows no token numbers: its ``stack`` lists the pending tasks with
each tile named by its public place, ``{"place": "I3.b"}`` or ``{"zone": "P2", "kind": "gold",
"ref": 0}``, the kind given only to a pirate who may know it (tokens/stack_view.py), so that
`game.sample_state(view, rng)` can rebuild the tasks at any decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError as PE
from explorer.core.view import View

from .checks import check_game, check_stack
from .data import ISLAND_TILES, KINDS, PROSTHETICS, TOTAL
from .flow import Work, new_fields
from .model import FIELDS, NO_TURN, island_name, make, slot_name
from .render import board_svg
from .rules import settle
from .text.writer import default_stack, turn_default
from .text.writer import notation as notation  # the state's `notation()` (Game.POSITION)
from .tokens.canon import canonical_key as canonical_key  # the state's equality (Game.POSITION)
from .tokens.stack_view import public_stack
from .turn.table import CHANCES, DECISIONS, commander, default_visited, is_path, node

AUTO_TASKS = {"setup_looks", "round", "markers", "flip", "step4", "over", "gained", "rogue_next", "jdc_start",
              "jdc_reveal", "perdidos", "duel_start"}
EVENTS = {"", "taberna", "juegos", "mercader", "perdidos", "duelo", "revuelta"}


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [_plain(v) for v in items]
    return value


def to_dict(s) -> dict:
    data = {"game": s.game.to_dict()}
    for name in FIELDS:
        data[name] = _plain(getattr(s, name))
    if s.visited == default_visited(s.game.options["route_layout"], s.ship, s.flipped, s.round):
        del data["visited"]      # V21: the voyage the ship and flips imply is left unsaid, as in the notation
    return data


# -- validation -----------------------------------------------------------------------
def _int(v: Any, field: str, low: int, high: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise PE(field, f"must be a whole number {low}..{high}, not {v!r}")
    return v


def _list(v: Any, field: str, length: int | None = None) -> list:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise PE(field, f"must be a list{'' if length is None else f' of {length}'}, not {v!r}")
    return v


def _ints(v: Any, field: str, low: int, high: int, length: int | None = None) -> tuple[int, ...]:
    return tuple(_int(x, f"{field}.{i}", low, high) for i, x in enumerate(_list(v, field, length)))


def _choice(v: Any, field: str, allowed) -> Any:
    if not isinstance(v, (str, bool)) or v not in allowed:
        raise PE(field, f"{v!r} is not one of {sorted(map(str, allowed))}")
    return v


def _task(v: Any, field: str) -> tuple:
    if not isinstance(v, list) or not v or not isinstance(v[0], str):
        raise PE(field, f"a task is a list starting with its name, not {v!r}")
    if v[0] not in DECISIONS | CHANCES | AUTO_TASKS | {"choose_start"}:
        raise PE(field, f"unknown task {v[0]!r}")

    def freeze(x: Any, f: str) -> Any:
        if isinstance(x, list):
            return tuple(freeze(y, f"{f}.{i}") for i, y in enumerate(x))
        if isinstance(x, bool) or not isinstance(x, (int, str)):
            raise PE(f, f"task arguments are numbers, text or lists, not {x!r}")
        return x

    return freeze(v, field)


def check_visited(game, ship: int, visited, flipped, field: str) -> None:
    """V21, D6: the islands visited are one voyage from I1 to the ship, and (unless `flipped` is
    None) every flipped island is among them (R8 flips the island the ship is at)."""
    route = game.options["route_layout"]
    if not is_path(route, ship, visited):
        raise PE(field, f"the islands visited must be one voyage along the {route} route from I1 to the "
                 f"ship at {island_name(ship)}, not {', '.join(island_name(j) for j in range(8) if visited[j])}")
    wrong = [island_name(j) for j in range(8) if flipped is not None and flipped[j] and not visited[j]]
    if wrong:
        raise PE(field, f"{', '.join(wrong)} is face up, so the ship has visited it (R8)")


def _bool(v: Any, field: str) -> bool:
    if not isinstance(v, bool):
        raise PE(field, f"must be true or false, not {v!r}")
    return v


def defaults(game, data: Mapping[str, Any]) -> dict:
    """The fields a partial position leaves out, as the setup rules and its step put them: the
    table before setup (S1-S4, S7), in play from round 1, the round's first draft when no step
    is given, the turn just named (R10), and every pirate following his own loot (H1)."""

    n = game.players
    out = {k: _plain(v) for k, v in new_fields(game).items()}
    round_ = data.get("round", 0)
    if isinstance(round_, int) and round_ >= 1:
        out["phase"] = "play"
        chosen = data.get("chosen", [0] * n)
        starter = data.get("starter", 0)
        if "stack" not in data and isinstance(starter, int) and isinstance(chosen, list):
            out["stack"] = _plain(default_stack(round_, game, chosen, (), starter, ("draft", starter % n)))
    stack = data.get("stack", out["stack"])
    if isinstance(stack, list) and stack and isinstance(stack[-1], list) and stack[-1][:1] == ["turn"]:
        chosen = data.get("chosen", [0] * n)
        if len(stack[-1]) > 1 and isinstance(stack[-1][1], int) and isinstance(chosen, list) and \
                0 <= stack[-1][1] < len(chosen):
            current, turn = turn_default(chosen, (tuple(stack[-1]),), game.options)
            out["current"], out["turn"] = current, list(turn)
    out["visited"] = _default_visited(game, data)
    if "loot" in data and isinstance(data["loot"], list) and "known" not in data:
        out["known"] = [pile if isinstance(pile, list) else [] for pile in data["loot"]]
    return out


def _default_visited(game, data: Mapping[str, Any]) -> list[bool]:
    """V21: the voyage a position leaves unsaid (rules.default_visited), I1 alone if its ship or
    flips are not yet readable (their own checks then name the field)."""
    ship, flipped, rounds = data.get("ship", 0), data.get("flipped", [False] * 8), data.get("round", 0)
    if not (isinstance(ship, int) and 0 <= ship < 8 and isinstance(flipped, list) and len(flipped) == 8
            and isinstance(rounds, int)):
        return [True] + [False] * 7
    return list(default_visited(game.options["route_layout"], ship, flipped, rounds))


def _fields(game, data: Mapping[str, Any]) -> dict:
    n = game.players
    get = {**defaults(game, data), **{k: data[k] for k in FIELDS if k in data}}
    f: dict[str, Any] = {}
    f["phase"] = _choice(get["phase"], "phase", {"setup", "play", "over"})
    f["stack"] = tuple(_task(t, f"stack.{i}") for i, t in enumerate(_list(get["stack"], "stack")))
    f["kinds"] = tuple(_choice(k, f"kinds.{i}", {"", *KINDS})
                       for i, k in enumerate(_list(get["kinds"], "kinds", 40)))
    f["slots"] = tuple(_ints(r, f"slots.{j}", -1, 39, n) for j, r in enumerate(_list(get["slots"], "slots", 8)))
    f["loot"] = tuple(tuple(sorted(_ints(p, f"loot.{i}", 0, 39))) for i, p in enumerate(_list(get["loot"], "loot", n)))
    f["discard"] = tuple(sorted(_ints(get["discard"], "discard", 0, 39)))
    f["islands"] = tuple(_choice(t, f"islands.{j}", {"", *ISLAND_TILES})
                         for j, t in enumerate(_list(get["islands"], "islands", 8)))
    f["flipped"] = tuple(_bool(b, f"flipped.{j}") for j, b in enumerate(_list(get["flipped"], "flipped", 8)))
    f["removed"] = tuple(_choice(t, f"removed.{i}", set(ISLAND_TILES))
                         for i, t in enumerate(_list(get["removed"], "removed")))
    f["row"] = _ints(get["row"], "row", 1, 8)
    f["markers"] = tuple(sorted(_ints(get["markers"], "markers", 1, 8)))
    f["chosen"] = _ints(get["chosen"], "chosen", 0, 8, n)
    f["prestige"] = _ints(get["prestige"], "prestige", 0, 10**6, n)
    f["prosthetics"] = tuple(tuple(sorted(_choice(k, f"prosthetics.{p}.{i}", set(PROSTHETICS))
                                          for i, k in enumerate(_list(row, f"prosthetics.{p}"))))
                             for p, row in enumerate(_list(get["prosthetics"], "prosthetics", n)))
    f["resources"] = _ints(get["resources"], "resources", 0, game.options["resources_per_colour"], 3)
    f["ship"] = _int(get["ship"], "ship", 0, 7)
    f["anchor"] = _int(get["anchor"], "anchor", -1, 7)
    f["round"] = _int(get["round"], "round", 0, 8)
    f["starter"] = _int(get["starter"], "starter", 0, n - 1)
    f["played"] = _ints(get["played"], "played", 0, n - 1)
    f["current"] = _int(get["current"], "current", -1, n - 1)
    f["turn"] = _ints(get["turn"], "turn", 0, 99, len(NO_TURN))
    f["event"] = _choice(get["event"], "event", EVENTS)
    f["ending"] = _choice(get["ending"], "ending", {"", "naufragio", "desbandados", "motin"})
    f["known"] = tuple(frozenset(_ints(k, f"known.{p}", 0, 39)) for p, k in enumerate(_list(get["known"], "known", n)))
    vague = []
    for p, entries in enumerate(_list(get["vague"], "vague", n)):
        row = []
        for i, e in enumerate(_list(entries, f"vague.{p}")):
            e = _list(e, f"vague.{p}.{i}", 2)
            zones = tuple(_choice(z, f"vague.{p}.{i}.1", {*(island_name(j) for j in range(8)),
                                                          *(f"P{q + 1}" for q in range(n)), "D"})
                          for z in _list(e[1], f"vague.{p}.{i}.1"))
            row.append((_int(e[0], f"vague.{p}.{i}.0", 0, 39), zones))
        vague.append(tuple(sorted(row)))
    f["vague"] = tuple(vague)
    f["peeked"] = tuple(frozenset(_ints(k, f"peeked.{p}", 0, 7))
                        for p, k in enumerate(_list(get["peeked"], "peeked", n)))
    f["visited"] = tuple(_bool(b, f"visited.{j}") for j, b in enumerate(_list(get["visited"], "visited", 8)))
    check_visited(game, f["ship"], f["visited"], None, "visited")   # data may flip what it likes (tests, what-ifs)
    return f


def _check(game, f: dict) -> None:
    """Cross-field invariants: every tile in exactly one place (K1), kinds within the counts."""
    places = [t for row in f["slots"] for t in row if t >= 0]
    places += [t for p in f["loot"] for t in p] + list(f["discard"])
    if sorted(places) != list(range(40)):
        missing = sorted(set(range(40)) - set(places)) or sorted({t for t in places if places.count(t) > 1})
        raise PE("slots", f"every loot tile must lie in exactly one place; check tokens {missing[:5]} (K1)")
    for kind in KINDS:
        if f["kinds"].count(kind) > TOTAL[kind]:
            raise PE("kinds", f"more than {TOTAL[kind]} {kind} tiles (D1)")
    being_seen = {task[1] for task in f["stack"] if task[0] == "see" and len(task) > 1}
    for p, pile in enumerate(f["loot"]):
        for t in pile:
            if not f["kinds"][t] and t not in being_seen:
                raise PE(f"loot.{p}", f"token {t} is in a loot pile, so its owner has seen it (H1)")
    for p, known in enumerate(f["known"]):
        if any(not f["kinds"][t] for t in known):
            raise PE(f"known.{p}", "a known tile must have a kind")
    row, n = f["row"], game.players
    if (f["round"] or row) and (row[:2] != (1, 2) or len(set(row)) != len(row) or len(row) != n + 3
                                or list(row[2:]) != sorted(row[2:])):
        raise PE("row", f"from the first round the row is the Captain, the Navigator and {n + 1} other "
                 "characters in rank order (S5)")
    if f["markers"] and not row:
        raise PE("row", "missing: the markers lie on characters of the crew row (S5, S6)")
    if any(r not in row for r in f["markers"]) or len(set(f["markers"])) != len(f["markers"]):
        raise PE("markers", "at most one marker lies on each character of the row (R6, A39)")
    chosen = [r for r in f["chosen"] if r]
    if len(set(chosen)) != len(chosen) or any(r not in f["row"] for r in chosen):
        raise PE("chosen", "each character is chosen at most once, from the row (R4)")
    if len(set(f["islands"]) - {""}) != len([t for t in f["islands"] if t]) or set(f["islands"]) & set(f["removed"]):
        raise PE("islands", "island tiles are distinct and not among the removed ones (S2)")
    if len(f["removed"]) not in (0, 4):
        raise PE("removed", "4 island tiles are removed at setup (S2)")
    if game.options["prestige_supply"] == 24 and sum(f["prestige"]) + len(f["markers"]) > 24:
        raise PE("prestige", "more than 24 prestige markers (R72)")
    used = [k for row in f["prosthetics"] for k in row]
    for kind, count in PROSTHETICS.items():
        if used.count(kind) > count or any(row.count(kind) > 1 for row in f["prosthetics"]):
            raise PE("prosthetics", f"too many {kind}s (R38, K2)")
    if f["phase"] != "over" and not f["stack"]:
        raise PE("stack", "a game that is not over needs a pending task")
    if (f["phase"] == "setup") != (f["round"] == 0) and f["phase"] != "over":
        raise PE("phase", f"the setup is round 0 and play starts at round 1, not {f['phase']} in round "
                 f"{f['round']} (T0)")
    check_stack(game, f)


def from_dict(game, data: Mapping[str, Any]):
    if not isinstance(data, Mapping):
        raise PE("(root)", f"position data must be a JSON object, not {type(data).__name__}")
    extra = sorted(set(data) - set(FIELDS) - {"game"})
    if extra:
        raise PE(extra[0], "unknown field")
    if "game" in data:
        check_game(game, data["game"])
    f = _fields(game, data)
    _check(game, f)
    state = make(game, f)
    if f["stack"] and f["stack"][-1][0] in AUTO_TASKS:
        # a hand-made position may end on an automatic task: run it

        work = Work(state)
        settle(work)
        state = work.freeze(None, None)
    return state


# -- views ----------------------------------------------------------------------------
def _kind(s, viewer: int | None, t: int) -> str | None:
    if viewer is None:
        return s.kinds[t] or None
    return s.kinds[t] if t in s.known[viewer] else None


def pending(s, viewer: int | None) -> dict:
    """The public part of what happens next, plus the actor's own private detail."""
    kind, who = node(s)
    if kind != "decision":
        return {"node": kind}
    task = s.stack[-1]
    out: dict = {"node": "decision", "task": task[0], "player": who}
    if viewer in (None, who):
        if task[0] == "gamble_choice":
            out["looked_at"] = s.kinds[task[3]]
        elif task[0] in ("rogue_more", "rogue_keep"):
            out["looked_at"] = [s.kinds[t] for t in task[3] if t >= 0]
        elif task[0] in ("gunner", "qm", "monkey"):
            out["tile"] = s.kinds[task[2]]
    if task[0] == "claim":
        out["stakes"] = [[q, s.kinds[t]] for q, t in task[2]]
    return out


def view(s, player: int | None = None) -> View:
    n = s.game.players
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n):
        raise PE("player", f"{player!r} is not a player of {n}")
    see_island = (lambda j: True) if player is None else (lambda j: s.flipped[j] or j in s.peeked[player])
    data: dict[str, Any] = {
        "game": s.game.to_dict(), "viewer": player, "phase": s.phase, "round": s.round, "ship": s.ship,
        "anchor": s.anchor, "resources": list(s.resources), "removed": list(s.removed), "row": list(s.row),
        "markers": list(s.markers), "chosen": list(s.chosen), "prestige": list(s.prestige),
        "prosthetics": [list(p) for p in s.prosthetics], "commander": commander(s), "current": s.current,
        "starter": s.starter, "played": list(s.played), "event": s.event, "ending": s.ending,
        "turn": list(s.turn), "visited": list(s.visited),
        "islands": [{"name": island_name(j), "tile": (s.islands[j] or None) if see_island(j) else None,
                     "flipped": s.flipped[j], "seen_by": [q for q in range(n) if j in s.peeked[q]]}
                    for j in range(8)],
        "slots": [[None if t < 0 else {"place": slot_name(j, i), "kind": _kind(s, player, t),
                                       "seen_by": [q for q in range(n) if t in s.known[q]]}
                   for i, t in enumerate(row)] for j, row in enumerate(s.slots)],
        "loot": [{"count": len(pile), "known": sorted(k for k in (_kind(s, player, t) for t in pile) if k)}
                 for pile in s.loot],
        "discard": {"count": len(s.discard),
                    "known": sorted(k for k in (_kind(s, player, t) for t in s.discard) if k)},
        "vague": ([] if player is None else     # in a fixed order that says nothing of token numbers
                  sorted(({"kind": s.kinds[t], "zones": list(z)} for t, z in s.vague[player]),
                         key=lambda fact: (fact["kind"], fact["zones"]))),
        "pending": pending(s, player),
        "stack": public_stack(s, player),
    }
    if s.phase == "over" or player is None:
        data["scores"] = list(s.scores())
    if player is None:
        data["unresolved"] = sum(1 for k in s.kinds if not k)
    return View(data, board_svg)

