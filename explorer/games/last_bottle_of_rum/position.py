"""Position data of The Last Bottle of Rum: `to_dict`, the validating `from_dict`, views.

Format (all JSON; cells are ``"q,r"`` strings, cards ``AC01``-``AC76``, treasures ``TR01``-``TR24``,
maps ``M01``-``M20``, tiles ``T01``-``T30``)::

    {"game": {"name": "last_bottle_of_rum", "players": 2, "options": {}},
     "phase": "main",            # setup | start | play | main | over
     "active": 0, "winner": null, "turns": 12,   # turns completed (for the turn_limit house rule)
     "ships": [{"captain": "Humboldt", "cell": "1,0", "loot": 2, "curse": 1, "doubloons": 3,
                "damage": {"SAIL": 0, "FIRE": 1, "CANNON": 0, "HULL": 0, "BOWSPRIT": 0},
                "treasures": ["TR15"], "hand": ["AC04", "AC24"], "shells": 0, "peeks": ["2,-1"]}, ...],
     "tiles": {"1,0": "T24", "2,-1": "T10"},   # tiles whose identity is fixed (face up or peeked)
     "face_up": ["1,0"],                       # revealed island cells (the Hideout always is)
     "display": [["M12", "TR15"]],             # face-up pairs: map, treasure
     "map_deck": [...], "map_discard": [...], "treasure_deck": [...], "treasure_discard": [...],
     "deck": [...], "discard": [...],          # Action cards (the deck is an unordered multiset)
     "turn": {"played": [], "actions": {"S": 0, "D": 0, "A": 0, "R": 0}, "used": [], "attacked": [],
              "moves": 0, "limit_from": -1, "flags": ""},
     "pending": [["pickup", 0, "1,0", "R25"]],   # steps still to resolve, first first
     "modules": {...}}           # optional; the module parts, see `modules.py` (V1-V3)

A tile not named in ``tiles`` is face down and not yet dealt: it is drawn from the unused
tiles when revealed (C8). Every card, map and treasure must appear exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.view import View

from .data import BASE_DECK, CAPTAINS, CELLS, DAMAGE, FULL_DECK, ICONS, MAPS, TILES, TREASURES, cell_name, parse_cell
from .flow import AUTOMATIC, CHANCE, DECISION, build, off_bank
from .model import Ship, Turn, UseEffect
from .modules import hide_modules, in_flight, modules_in, modules_out
from .notation import parse
from .ships import limited

PHASES = ("setup", "start", "play", "main", "over")
KEYS = ("game", "phase", "active", "winner", "turns", "ships", "tiles", "face_up", "display", "map_deck", "map_discard",
        "treasure_deck", "treasure_discard", "deck", "discard", "turn", "pending", "modules")
SHIP_KEYS = ("captain", "cell", "loot", "curse", "doubloons", "damage", "treasures", "hand", "shells", "peeks")
TASKS = CHANCE | DECISION | frozenset(AUTOMATIC) | {"peek_tile"}
NO_PLAYER = {"pair", "map", "treasure", "kraken", "first", "first_player", "turn_start", "to_play", "next_turn",
             "setup_tile", "ghost_turn", "ghost_card", "ghost_act", "ghost_hunt", "ghost_fire", "ghost_end",
             "ghost_repair"}
CELL_TASKS = ("enter", "pickup", "tile", "peek_tile")


def _task_out(task: tuple) -> list:
    out: list = []
    for i, x in enumerate(task):
        if isinstance(x, UseEffect):
            out.append(str(x))
        elif (isinstance(x, int) and i == 2 and task[0] in CELL_TASKS) or (i == 1 and task[0] == "setup_tile"):
            out.append(cell_name(x))
        else:
            out.append(x)
    return out


def _ship_out(ship: Ship) -> dict:
    return {"captain": ship.captain, "cell": cell_name(ship.cell), "loot": ship.loot, "curse": ship.curse,
            "doubloons": ship.doubloons, "damage": dict(zip(DAMAGE, ship.damage, strict=True)),
            "treasures": list(ship.treasures), "hand": list(ship.hand), "shells": ship.shells,
            "peeks": [cell_name(c) for c in ship.peeks]}


def to_dict(s) -> dict:
    t = s.turn
    return {
        "game": s.game.to_dict(), "phase": s.phase, "active": s.active,
        "winner": None if s.winner < 0 else s.winner, "turns": s.turns,
        "ships": [_ship_out(x) for x in s.ships],
        "tiles": {cell_name(c): tile for c, tile in enumerate(s.tiles) if tile},
        "face_up": [cell_name(c) for c in range(1, 31) if s.face_up >> c & 1],
        "display": [list(pair) for pair in s.display],
        "map_deck": list(s.map_deck), "map_discard": list(s.map_discard),
        "treasure_deck": list(s.treasure_deck), "treasure_discard": list(s.treasure_discard),
        "deck": list(s.deck), "discard": list(s.discard),
        "turn": {"played": list(t.played), "actions": dict(zip(ICONS, t.actions, strict=True)),
                 "used": list(t.used), "attacked": list(t.attacked), "moves": t.moves,
                 "limit_from": t.limit_from, "flags": t.flags},
        "pending": [_task_out(task) for task in s.pending],
        "modules": modules_out(s.mods),
    }


# -- validation ---------------------------------------------------------------------------------
def _int(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        raise PositionError(field, f"{value} is outside {low}..{high}")
    return value


def _list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    return value


def _ids(value: Any, field: str, table) -> tuple[str, ...]:
    items = _list(value, field)
    for i, x in enumerate(items):
        if not isinstance(x, str) or x not in table:
            raise PositionError(f"{field}.{i}", f"{x!r} is not a known id")
    return tuple(items)


def _cell(value: Any, field: str) -> int:
    try:
        return parse_cell(value)
    except (TypeError, ValueError, KeyError, AttributeError):
        raise PositionError(field, f"{value!r} is not a board cell 'q,r' (D1)") from None


def _dict(value: Any, field: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise PositionError(field, f"must be an object, not {type(value).__name__}")
    return value


def _ship(data: Any, field: str, game) -> Ship:
    data = _dict(data, field)
    for key in data:
        if key not in SHIP_KEYS:
            raise PositionError(f"{field}.{key}", "unknown field")
    for key in SHIP_KEYS:
        if key not in data:
            raise PositionError(f"{field}.{key}", "missing")
    captain = data["captain"]
    if captain != "" and captain not in CAPTAINS:
        raise PositionError(f"{field}.captain", f"{captain!r} is not a captain (D9)")
    damage = _dict(data["damage"], f"{field}.damage")
    if set(damage) != set(DAMAGE):
        raise PositionError(f"{field}.damage", f"needs exactly {', '.join(DAMAGE)}")
    counts = tuple(_int(damage[k], f"{field}.damage.{k}", 0, 5) for k in DAMAGE)
    if sum(counts) > 5:
        raise PositionError(f"{field}.damage", "more than 5 tokens on one ship (R39)")
    return Ship(captain, _cell(data["cell"], f"{field}.cell"), _int(data["loot"], f"{field}.loot"),
                _int(data["curse"], f"{field}.curse", 0, 5), _int(data["doubloons"], f"{field}.doubloons"), counts,
                _ids(data["treasures"], f"{field}.treasures", TREASURES),
                tuple(sorted(_ids(data["hand"], f"{field}.hand", FULL_DECK))),
                _int(data["shells"], f"{field}.shells", 0, 2),
                tuple(sorted({_cell(c, f"{field}.peeks") for c in _list(data["peeks"], f"{field}.peeks")})))


def _task(raw: Any, field: str) -> tuple:
    items = _list(raw, field)
    if not items or items[0] not in TASKS:
        raise PositionError(field, f"{raw!r} is not a pending step")
    kind = items[0]
    out: list = [kind]
    for i, x in enumerate(items[1:], 1):
        if isinstance(x, str) and x.startswith("effect "):
            item = parse(x)
            out.append(item)
        elif isinstance(x, str) and (i == 2 or kind == "setup_tile") and "," in x:
            out.append(_cell(x, f"{field}.{i}"))
        elif isinstance(x, (int, str)) and not isinstance(x, bool):
            out.append(x)
        else:
            raise PositionError(f"{field}.{i}", f"{x!r} is not allowed in a pending step")
    return tuple(out)


def _turn(data: Any) -> Turn:
    data = _dict(data, "turn")
    try:
        actions = _dict(data["actions"], "turn.actions")
        return Turn(_ids(data["played"], "turn.played", FULL_DECK),
                    tuple(_int(actions[i], f"turn.actions.{i}") for i in ICONS),
                    tuple(sorted(_ids(data["used"], "turn.used", FULL_DECK))),
                    tuple(sorted(_int(x, "turn.attacked", -1, 4) for x in _list(data["attacked"], "turn.attacked"))),
                    _int(data["moves"], "turn.moves"), _int(data["limit_from"], "turn.limit_from", -1),
                    data["flags"] if isinstance(data["flags"], str) and set(data["flags"]) <= set("cgmbk") else
                    _bad("turn.flags", "letters among c g m b k"))
    except KeyError as err:
        raise PositionError(f"turn.{err.args[0]}", "missing") from None


def _bad(field: str, reason: str):
    raise PositionError(field, reason)


def _once(field: str, groups: list[tuple[str, tuple[str, ...]]], everything) -> None:
    seen: dict[str, str] = {}
    for where, items in groups:
        for x in items:
            if x in seen:
                raise PositionError(where, f"{x} is also in {seen[x]}: every component exists once")
            seen[x] = where
    missing = sorted(set(everything) - set(seen))
    if missing:
        raise PositionError(field, f"{', '.join(missing[:5])} missing: every component must be somewhere")


def from_dict(game, data: Any):
    """Validate position data and build the state; `PositionError` names the bad field."""
    from .rules import RumState

    data = _dict(data, "position")
    for key in data:
        if key not in KEYS:
            raise PositionError(key, "unknown field")
    for key in KEYS[1:-1]:
        if key not in data:
            raise PositionError(key, "missing")
    n = game.players
    phase = data["phase"] if data["phase"] in PHASES else _bad("phase", f"one of {', '.join(PHASES)}")
    active = _int(data["active"], "active", -1, n - 1)
    winner = -1 if data["winner"] is None else _int(data["winner"], "winner", 0, n - 1)
    turns = _int(data["turns"], "turns")
    raw_ships = _list(data["ships"], "ships")
    if len(raw_ships) != n:
        raise PositionError("ships", f"{len(raw_ships)} ships for {n} players")
    ships = tuple(_ship(x, f"ships.{i}", game) for i, x in enumerate(raw_ships))
    tiles = ["" for _ in CELLS]
    for key, tile in _dict(data["tiles"], "tiles").items():
        cell = _cell(key, "tiles")
        if cell == 0 or tile not in TILES:
            raise PositionError(f"tiles.{key}", f"{tile!r} is not an island tile on an island cell")
        tiles[cell] = tile
    if len(set(filter(None, tiles))) != len(list(filter(None, tiles))):
        raise PositionError("tiles", "a tile lies on two cells")
    face_up = 1
    for c in _list(data["face_up"], "face_up"):
        cell = _cell(c, "face_up")
        if not tiles[cell] and cell:
            raise PositionError("face_up", f"cell {c} is face up but has no tile in 'tiles'")
        face_up |= 1 << cell
    display = []
    for i, pair in enumerate(_list(data["display"], "display")):
        pair = _list(pair, f"display.{i}")
        if len(pair) != 2 or pair[0] not in MAPS or pair[1] not in TREASURES:
            raise PositionError(f"display.{i}", "a pair is [map, treasure]")
        display.append(tuple(pair))
    decks = {k: _ids(data[k], k, MAPS if k.startswith("map") else TREASURES)
             for k in ("map_deck", "map_discard", "treasure_deck", "treasure_discard")}
    all_cards = FULL_DECK if game.options["weather"] else BASE_DECK
    deck, discard = _ids(data["deck"], "deck", all_cards), _ids(data["discard"], "discard", all_cards)
    turn = _turn(data["turn"])
    if phase in ("play", "main") and 0 <= active and turn.limit_from < 0 and limited(ships[active]):
        turn = turn._replace(limit_from=0)      # R45: a limit held at load counts from the turn's start
    pending = tuple(_task(t, f"pending.{i}") for i, t in enumerate(_list(data["pending"], "pending")))
    mods = modules_in(game, data.get("modules"), tiles, in_flight(pending))
    for i, task in enumerate(pending):
        if task[0] not in NO_PLAYER and (len(task) < 2 or not isinstance(task[1], int) or not 0 <= task[1] < n):
            raise PositionError(f"pending.{i}", f"{task[0]} needs a player 0..{n - 1} second")
    _once("deck", [("deck", deck), ("discard", discard), ("turn.played", turn.played),
                   *((f"ships.{i}.hand", s.hand) for i, s in enumerate(ships)),
                   ("modules.ghost.cards", mods.ghost.cards if mods.ghost else ())], all_cards)
    _once("map_deck", [("map_deck", decks["map_deck"]), ("map_discard", decks["map_discard"]),
                       ("display", tuple(m for m, _ in display)),
                       ("pending", tuple(t[1] for t in pending if t[0] == "treasure"))], MAPS)
    _once("treasure_deck", [("treasure_deck", decks["treasure_deck"]),
                            ("treasure_discard", decks["treasure_discard"]),
                            ("display", tuple(t for _, t in display)),
                            *((f"ships.{i}.treasures", s.treasures) for i, s in enumerate(ships)),
                            ("modules.ghost.treasures", mods.ghost.treasures if mods.ghost else ())], TREASURES)
    ghost_damage = mods.ghost.damage if mods.ghost else (0,) * 5
    for i, k in enumerate(DAMAGE):
        if sum(s.damage[i] for s in ships) + ghost_damage[i] > 5:
            raise PositionError("ships", f"more than 5 {k} tokens in play (K08)")
    bank = game.options["bank_limit"]
    if bank is not None and sum(s.doubloons for s in ships) + off_bank(mods) > bank:
        raise PositionError("ships", f"more doubloons than the bank's {bank} (R32)")
    return build(RumState, game, None, (), ships, tuple(tiles), face_up, tuple(display),
                 tuple(sorted(decks["map_deck"])), tuple(sorted(decks["map_discard"])),
                 tuple(sorted(decks["treasure_deck"])), tuple(sorted(decks["treasure_discard"])),
                 tuple(sorted(deck)), tuple(sorted(discard)), active, phase, turn, pending, winner, turns, mods)


# -- views --------------------------------------------------------------------------------------
def view(s, player: int | None) -> View:
    """What `player` may know (Hidden information table); None is the whole truth."""
    from .render import board_svg

    data = to_dict(s)
    data["viewer"] = player
    if player is not None:
        for i, ship in enumerate(data["ships"]):
            if i != player:
                ship["hand"] = len(ship["hand"])
        mine = set(s.ships[player].peeks)
        data["tiles"] = {cell_name(c): t for c, t in enumerate(s.tiles) if t and (s.face_up >> c & 1 or c in mine)}
        for key in ("deck", "map_deck", "treasure_deck"):
            data[key] = len(data[key])
        hide_modules(data, player)
    return View(data, board_svg)


def sample_state(game, seen: Mapping[str, Any], rng: random.Random):
    """A full state consistent with `seen`: unseen cards dealt at random to the hidden hands and
    the deck, others' peeked tiles drawn from the unseen tiles (C6, C8)."""
    data = {k: v for k, v in seen.items() if k != "viewer"}
    data["ships"] = [dict(x) for x in seen["ships"]]
    me = seen.get("viewer")
    known = set(seen["discard"]) | set(seen["turn"]["played"])
    if me is not None:
        known |= set(seen["ships"][me]["hand"])
    ghost = (seen.get("modules") or {}).get("ghost")
    if ghost:
        known |= set(ghost["cards"])
    unseen = [c for c in (FULL_DECK if game.options["weather"] else BASE_DECK) if c not in known]
    rng.shuffle(unseen)
    for ship in data["ships"]:
        if isinstance(ship["hand"], int):
            ship["hand"], unseen = sorted(unseen[:ship["hand"]]), unseen[ship["hand"]:]
    data["deck"] = sorted(unseen)
    tiles = dict(seen["tiles"])
    free = sorted(set(TILES) - set(tiles.values()))
    rng.shuffle(free)
    for ship in data["ships"]:
        for cell in ship["peeks"]:
            if cell not in tiles:
                tiles[cell] = free.pop()
    data["tiles"] = tiles
    if "modules" in seen:
        from .modules import sample_modules

        data["pending"] = [list(t) for t in seen["pending"]]
        sample_modules(data, me, rng)
    for deck, discard, table, shown in (("map_deck", "map_discard", MAPS, 0), ("treasure_deck", "treasure_discard",
                                                                               TREASURES, 1)):
        used = set(seen[discard]) | {pair[shown] for pair in seen["display"]}
        if not shown:       # a map turned up whose treasure is still to come (S2, R27)
            used |= {t[1] for t in seen["pending"] if t[0] == "treasure"}
        if shown:
            used |= {t for ship in seen["ships"] for t in ship["treasures"]}
            used |= set(ghost["treasures"]) if ghost else set()
        data[deck] = sorted(set(table) - used)
    return from_dict(game, data)
