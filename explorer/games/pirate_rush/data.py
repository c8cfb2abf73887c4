"""Component data of Pirate Rush, read from ``data.toml`` and validated at import."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

BASES = {"SEED", "SOURCED", "ASSUMED"}
DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True, slots=True)
class Loot:
    kind: str
    spanish: str
    count: int
    points: int
    jdc: int
    prestige: int
    negative: bool
    basis: str


@dataclass(frozen=True, slots=True)
class Character:
    rank: int
    name: str
    spanish: str
    icon: str
    skull: bool
    basis: str


@dataclass(frozen=True, slots=True)
class IslandTile:
    id: str
    event: str
    colour: str
    resource: str
    basis: str


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"pirate_rush/data.toml: {what}")


def _rows(raw: dict, table: str) -> list[dict]:
    rows = raw[table]
    for row in rows:
        _need(row.get("basis") in BASES, f"{table} row {row} has no basis among {sorted(BASES)}")
    return rows


def load(path: Path = DATA_FILE) -> dict:
    """Read and check the data file; a bad row raises `ValueError` naming it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    loot = tuple(Loot(**row) for row in _rows(raw, "loot"))
    _need(sum(t.count for t in loot) == raw["constants"]["loot_tiles"], "loot counts must total 40 (K1)")
    chars = tuple(Character(**row) for row in _rows(raw, "character"))
    _need([c.rank for c in chars] == list(range(1, 9)), "characters ranked 1..8 (K8)")
    islands = tuple(IslandTile(**row) for row in _rows(raw, "island"))
    _need(len(islands) == 12, "12 island tiles (K9)")
    resources = tuple(row["name"] for row in _rows(raw, "resource"))
    for tile in islands:
        _need(tile.colour in ("red", "green") and tile.resource in resources, f"island {tile.id} (D4)")
    prosthetics = tuple((row["kind"], row["count"], row["points"]) for row in _rows(raw, "prosthetic"))
    return {"constants": raw["constants"], "loot": loot, "characters": chars, "islands": islands,
            "resources": resources, "endings": {r["name"]: r["ending"] for r in raw["resource"]},
            "prosthetics": prosthetics}


DATA = load()
C = DATA["constants"]
LOOT = {t.kind: t for t in DATA["loot"]}
KINDS: tuple[str, ...] = tuple(LOOT)
TOTAL = {k: t.count for k, t in LOOT.items()}
COINS = frozenset(k for k, t in LOOT.items() if t.points > 0)
NEGATIVE = frozenset(k for k, t in LOOT.items() if t.negative)
CHARACTERS = {c.rank: c for c in DATA["characters"]}
RANK = {c.name: c.rank for c in DATA["characters"]}
ISLAND_TILES = {t.id: t for t in DATA["islands"]}
RESOURCES: tuple[str, ...] = DATA["resources"]
ENDINGS: dict[str, str] = DATA["endings"]
ENDING_NAMES = {"naufragio": "Naufragio", "desbandados": "Desbandados", "motin": "Motín"}   # E7, as the box names them
PROSTHETICS = {kind: count for kind, count, _ in DATA["prosthetics"]}
MAP_SCORES: tuple[int, ...] = tuple(C["map_scores"])
CAPTAIN, NAVIGATOR, GUNNER, QUARTERMASTER, GAMBLER, ROGUE, CABIN_BOY, MONKEY = range(1, 9)
EVENT_NAMES = {"taberna": "Historias de taberna", "juegos": "Juegos de cubierta", "mercader": "Mercader",
               "perdidos": "Perdidos", "duelo": "Duelo", "revuelta": "Revuelta", "": "no event"}
