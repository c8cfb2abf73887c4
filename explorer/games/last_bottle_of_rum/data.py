"""Component data of The Last Bottle of Rum, read from ``data.toml`` and validated at import.

The digest (tables D1-D13) fixes most values only as assumptions, so every number the
rules use lives in the data file, where a user who owns the box can correct it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

BASES = {"SEED", "SOURCED", "ASSUMED"}
DATA_FILE = Path(__file__).with_name("data.toml")
ICONS = "SDAR"   # Sail, Earn doubloons, Attack, Repair (R11)
WILD = "W"       # R63, D7: a Weather card's action of your choice, used as any one of ICONS when used
ACTIONS = ICONS + WILD   # the unused actions of a turn, counted in this order (Turn.actions)


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    kind: str
    doubloon: bool
    reef: bool
    basis: str


@dataclass(frozen=True, slots=True)
class Treasure:
    id: str
    name: str
    value: int
    slots: int
    ability: str
    basis: str


@dataclass(frozen=True, slots=True)
class Effect:
    id: str
    name: str
    doubloons: int
    curse: bool
    basis: str
    text: str = ""          # what the effect does, in a line (D5), for tooltips


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    effect: str          # E01..E12, "KRAKEN" or "WEATHER"
    icons: str           # e.g. "SA"
    basis: str
    weather: str = ""    # D7: the mandatory effect of a Weather card


@dataclass(frozen=True, slots=True)
class Bounty:
    id: str
    name: str
    condition: str
    basis: str


@dataclass(frozen=True, slots=True)
class Captain:
    id: str
    name: str
    alias: str
    ability: str
    basis: str


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"last_bottle_of_rum/data.toml: {what}")


def _rows(raw: dict, table: str) -> list[dict]:
    rows = raw[table]
    for row in rows:
        _need(row.get("basis") in BASES, f"{table} row {row} has no basis among {sorted(BASES)}")
    return rows


def _cards(raw: dict) -> tuple[Card, ...]:
    cards = []
    for row in _rows(raw, "cards"):
        allowed = WILD if row["effect"] == "WEATHER" else ICONS     # R63, D7: Weather actions are wild
        _need(all(ch in allowed for ch in row["icons"]), f"card icons {row['icons']!r} (D6, D7)")
        for n in range(row["first"], row["last"] + 1):
            cards.append(Card(f"AC{n:02d}", row["effect"], row["icons"], row["basis"], row.get("weather", "")))
    _need([c.id for c in cards] == [f"AC{n:02d}" for n in range(1, 87)], "cards AC01-AC86 once each (K09)")
    return tuple(cards)


def _check(tiles, treasures, effects, cards, captains, damage) -> None:
    _need(len(tiles) == 30, f"{len(tiles)} island tiles, not 30 (K01)")
    _need(sum(t.doubloon for t in tiles) == 6 and sum(t.reef for t in tiles) == 5, "6 icons, 5 reefs (D2)")
    _need(len(treasures) == 24, "24 treasure cards (K04)")
    _need(sum(t.value for t in treasures) == 52, "treasure values total 52 (D4)")
    _need(all(t.slots in (1, 2) for t in treasures), "treasures fill 1 or 2 slots (R28)")
    _need(len(effects) == 12, "12 effects (D5)")
    standard = [c for c in cards if c.effect.startswith("E")]
    _need(len(standard) == 72 and all(len(c.icons) == 2 for c in standard), "72 two-icon cards (D6)")
    _need(sum(c.effect == "KRAKEN" for c in cards) == 4, "4 Kraken cards (A33)")
    _need({c.effect for c in standard} <= {e.id for e in effects}, "every card effect is defined")
    _need(len(captains) == 8, "8 captains (K07)")
    weather = [c for c in cards if c.effect == "WEATHER"]
    _need(len(weather) == 10 and all(c.weather and c.icons for c in weather), "10 Weather cards with effects (D7)")
    _need(all(len(c.icons) in (1, 2) for c in weather), "a Weather card gives 1 or 2 wild actions (R63, D7)")
    _need(sum(d["count"] for d in damage) == 25, "25 damage tokens (K08)")


def load(path: Path = DATA_FILE) -> dict:
    """Read and check the data file; a bad row raises `ValueError` naming it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    tiles = tuple(Tile(**row) for row in _rows(raw, "tiles"))
    treasures = tuple(Treasure(**row) for row in _rows(raw, "treasures"))
    effects = tuple(Effect(**row) for row in _rows(raw, "effects"))
    captains = tuple(Captain(**row) for row in _rows(raw, "captains"))
    damage = _rows(raw, "damage")
    cards = _cards(raw)
    bounties = tuple(Bounty(**row) for row in _rows(raw, "bounties"))
    _need([b.id for b in bounties] == [f"B{n:02d}" for n in range(1, 21)], "bounties B01-B20 once each (K05)")
    _check(tiles, treasures, effects, cards, captains, damage)
    board = raw["board"]
    cells = [tuple(board["hideout"])] + [tuple(c) for c in board["cells"]]
    _need(len(set(cells)) == 31, "31 distinct board cells (D1)")
    return {"constants": raw["constants"], "tiles": tiles, "treasures": treasures, "effects": effects,
            "captains": captains, "cards": cards, "bounties": bounties, "damage": damage, "cells": tuple(cells),
            "directions": tuple(tuple(d) for d in board["directions"]),
            "colours": tuple((c["name"], c["fill"]) for c in raw["colours"])}


DATA = load()
CONST = DATA["constants"]
TILES = {t.id: t for t in DATA["tiles"]}
TREASURES = {t.id: t for t in DATA["treasures"]}
EFFECTS = {e.id: e for e in DATA["effects"]}
CARDS = {c.id: c for c in DATA["cards"]}
CAPTAINS = {c.name: c for c in DATA["captains"]}
DAMAGE = tuple(d["id"] for d in DATA["damage"])                 # SAIL FIRE CANNON HULL BOWSPRIT
DAMAGE_COUNT = tuple(d["count"] for d in DATA["damage"])
SAIL, FIRE, CANNON, HULL, BOWSPRIT = range(5)
BASE_DECK = tuple(c.id for c in DATA["cards"] if c.effect != "WEATHER")   # 76 cards (S4, A33)
FULL_DECK = tuple(c.id for c in DATA["cards"])                             # 86 cards with Weather (V2)
WEATHER = frozenset(c.id for c in DATA["cards"] if c.effect == "WEATHER")
BOUNTIES = {b.id: b for b in DATA["bounties"]}
OUTPOSTS = frozenset(t.id for t in DATA["tiles"] if t.kind == "outpost")
SKULL_CAVE = next(t.id for t in DATA["tiles"] if t.kind == "skull_cave")
KRAKEN = frozenset(c.id for c in DATA["cards"] if c.effect == "KRAKEN")
MAPS = tuple(f"M{n:02d}" for n in range(1, 21))                # D3: Mnn shows tile Tnn
COLOURS = DATA["colours"]
DIE = tuple(CONST["die"])
CURSE_MAX_VALUE = CONST["curse_max"]


MAP_TILE = {m: "T" + m[1:] for m in MAPS}   # D3: the island each Map card shows


def map_tile(map_id: str) -> str:
    """The island a map card shows (D3)."""
    return "T" + map_id[1:]


# -- the board (D1) -------------------------------------------------------------------------
CELLS: tuple[tuple[int, int], ...] = DATA["cells"]   # index 0 is the Hideout
CELL_INDEX = {c: i for i, c in enumerate(CELLS)}
HIDEOUT = 0


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DISTANCE = tuple(tuple(hex_distance(a, b) for b in CELLS) for a in CELLS)
NEIGHBOURS = tuple(
    tuple(CELL_INDEX[(c[0] + d[0], c[1] + d[1])] for d in DATA["directions"]
          if (c[0] + d[0], c[1] + d[1]) in CELL_INDEX)
    for c in CELLS)


def cell_name(index: int) -> str:
    q, r = CELLS[index]
    return f"{q},{r}"


def parse_cell(text: str) -> int:
    q, r = (int(x) for x in text.split(","))
    return CELL_INDEX[(q, r)]
