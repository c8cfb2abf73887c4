"""Component data of Jolly & Roger, read from ``data.toml`` and validated at import."""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path

BASES = {"SEED", "SOURCED", "ASSUMED"}
DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True, slots=True)
class Ship:
    id: str
    colour: str
    fill: str
    value: int
    basis: str


@dataclass(frozen=True, slots=True)
class Components:
    ships: tuple[Ship, ...]
    pirate_copies: dict[str, tuple[int, ...]]
    special_copies: dict[str, int]
    special_names: dict[str, str]
    skeleton_strength: int
    cards_per_round: int
    removed_basic: int
    removed_special: int
    rounds: int
    long_rounds: int
    parrot_strength: int


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"jolly_and_roger/data.toml: {what}")


def load(path: Path = DATA_FILE) -> Components:
    """Read and check the data file; a bad row raises `ValueError` naming it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    for table in ("ships", "pirates", "specials"):
        for row in raw[table]:
            _need(row.get("basis") in BASES, f"{table} row {row} has no basis among {sorted(BASES)}")
    ships = tuple(Ship(**row) for row in raw["ships"])
    _need([s.id for s in ships] == ["G", "Y", "B", "R"], "four ships G Y B R in ascending order (K1, S1)")
    _need(all(a.value < b.value for a, b in itertools.pairwise(ships)), "ship values ascend (S1)")
    pirates = {row["ship"]: tuple(row["copies"]) for row in raw["pirates"]}
    _need(sorted(pirates) == sorted(s.id for s in ships), "one pirate row per ship colour (K2)")
    _need(all(len(c) == 5 and min(c) >= 0 for c in pirates.values()), "copies of values 1-5 (K2)")
    specials = {row["id"]: row["copies"] for row in raw["specials"]}
    _need(sorted(specials) == ["KR", "SK", "TO"], "specials SK, KR, TO (K3)")
    c = raw["constants"]
    total = sum(sum(v) for v in pirates.values())
    _need(total + sum(specials.values()) == c["long_rounds"] * c["cards_per_round"],
          "all cards make exactly the long game's rounds (R36)")
    _need(total - c["removed_basic"] == c["rounds"] * c["cards_per_round"], "43 - 3 = 40 cards (S4, S5)")
    skeleton = next(row["strength"] for row in raw["specials"] if row["id"] == "SK")
    return Components(
        ships=ships, pirate_copies=pirates, special_copies=specials,
        special_names={row["id"]: row["name"] for row in raw["specials"]}, skeleton_strength=skeleton,
        cards_per_round=c["cards_per_round"], removed_basic=c["removed_basic"],
        removed_special=c["removed_special"], rounds=c["rounds"], long_rounds=c["long_rounds"],
        parrot_strength=c["parrot_strength"],
    )


COMPONENTS = load()
SHIPS = tuple(s.id for s in COMPONENTS.ships)                 # "G", "Y", "B", "R"
SHIP_INDEX = {s: i for i, s in enumerate(SHIPS)}
SHIP_VALUE = tuple(s.value for s in COMPONENTS.ships)         # 3, 5, 7, 9 (K1, A3)
PIRATES = tuple(f"{s}{v}" for s in SHIPS for v in range(1, 6))   # G1 .. R5: the 20 types
SPECIALS = ("SK", "KR", "TO")
CARDS = PIRATES + SPECIALS                                    # index order of every count tuple
CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
PIRATE_COUNTS = (*tuple(COMPONENTS.pirate_copies[s][v] for s in SHIPS for v in range(5)), 0, 0, 0)
SPECIAL_COUNTS = (0,) * 20 + tuple(COMPONENTS.special_copies[k] for k in SPECIALS)
ALL_COUNTS = tuple(a + b for a, b in zip(PIRATE_COUNTS, SPECIAL_COUNTS, strict=True))
VALUE = {c: int(c[1]) for c in PIRATES}                       # strength = gold = printed value (A2)
COLOUR = {c: c[0] for c in PIRATES}
SPECIAL_NAMES = COMPONENTS.special_names
CARDS_PER_ROUND = COMPONENTS.cards_per_round
