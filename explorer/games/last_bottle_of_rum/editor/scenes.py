"""Small what-if positions from a few facts, for lessons, tests and the position editor.

`scene([ship(...), ship(...)], actions="SA", ...)` builds a main-phase position in which every
card, map and treasure not mentioned sits in its deck, so it is always a valid position.
"""

from __future__ import annotations

from explorer.core.registry import load

from ..data import ACTIONS, BASE_DECK, DAMAGE, FULL_DECK, MAPS, TILES, TREASURES, cell_name

DEFAULT_CAPTAINS = ("Humboldt", "Admiral Narhee", "Madame Macaw", "Von Croakington", "Goldrick Banana")


def ship(captain: str = "", cell: str = "0,0", loot: int = 0, curse: int = 0, doubloons: int = 0,
         damage: dict | None = None, treasures: tuple = (), hand: tuple = (), shells: int = 0,
         peeks: tuple = ()) -> dict:
    """One ship's position data; `damage` maps token types to counts, e.g. ``{"SAIL": 2}``."""
    counts = dict.fromkeys(DAMAGE, 0)
    counts.update(damage or {})
    return {"captain": captain, "cell": cell, "loot": loot, "curse": curse, "doubloons": doubloons,
            "damage": counts, "treasures": list(treasures), "hand": list(hand), "shells": shells,
            "peeks": list(peeks)}


def scene(ships: list[dict], *, active: int = 0, phase: str = "main", played: tuple = (), actions: str = "",
          tiles: dict | None = None, face_up: tuple = (), display: tuple = (), pending: tuple = (),
          discard: tuple = (), used: tuple = (), moves: int = 0, deck: tuple | None = None, flags: str = "",
          modules: dict | None = None, **options):
    """A position of len(ships) captains; `actions` are the unused action letters (``"SDDA"``);
    `modules` is the position's ``"modules"`` object (V1-V3), e.g. ``{"ghost": {"cell": "2,0"}}``."""
    free = [c for c in DEFAULT_CAPTAINS if c not in {s["captain"] for s in ships}]
    for s in ships:
        if not s["captain"]:
            s["captain"] = free.pop(0)          # S5: every captain is someone else's
    game = load("last_bottle_of_rum", players=len(ships), **options)
    tiles = dict(tiles or {})
    if options.get("ghost"):                    # S13: with the Ghost every tile lies face up
        spare = iter(t for t in TILES if t not in tiles.values())
        tiles.update({cell_name(c): next(spare) for c in range(1, 31) if cell_name(c) not in tiles})
        face_up = tuple(tiles)
    modules = dict(modules or {})
    ghost = modules.get("ghost") or {}
    held = {c for s in ships for c in s["hand"]} | set(played) | set(discard) | set(ghost.get("cards", ()))
    aboard = {t for s in ships for t in s["treasures"]} | {t for _, t in display} | set(ghost.get("treasures", ()))
    maps = {m for m, _ in display}
    data = {
        "phase": phase, "active": active, "winner": None, "turns": 0, "ships": ships,
        "tiles": tiles, "face_up": list(face_up), "display": [list(p) for p in display],
        "map_deck": [m for m in MAPS if m not in maps], "map_discard": [],
        "treasure_deck": [t for t in TREASURES if t not in aboard], "treasure_discard": [],
        "deck": list(deck) if deck is not None else [c for c in (FULL_DECK if options.get("weather") else BASE_DECK)
                                                     if c not in held],
        "discard": list(discard),
        "turn": {"played": list(played), "actions": {k: actions.count(k) for k in ACTIONS}, "used": list(used),
                 "attacked": [], "moves": moves, "limit_from": -1, "flags": flags},
        "pending": [list(p) for p in pending],
        "modules": modules,
    }
    return game.state_from_dict(data)
