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

from explorer.core.view import View

from .data import DAMAGE, ICONS, cell_name
from .model import Ship
from .modules import hide_modules, modules_out
from .steps import step_out


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
        "pending": [step_out(task) for task in s.pending],
        "modules": modules_out(s.mods),
    }


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
