"""Component data of Liar's Dice, read from ``data.toml`` and validated at import."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from explorer.core.bounds import is_number

DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True, slots=True)
class Components:
    min_players: int
    max_players: int
    dice: int
    sides: int
    single_round_dice: int


def _load() -> Components:
    raw = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    values = Components(*(raw[name] for name in Components.__slots__))
    if not all(isinstance(v, int) and v >= 1 for v in (values.dice, values.sides, values.single_round_dice)):
        raise ValueError("liars_dice/data.toml: dice and sides must be whole numbers >= 1")
    if not 2 <= values.min_players <= values.max_players:
        raise ValueError("liars_dice/data.toml: players must run from 2 up")
    return values


COMPONENTS = _load()


def seat_code(text: str) -> int:
    """``"P2"`` -> 1; `ValueError` for anything else."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] != "P" or not is_number(text[1:]):
        raise ValueError(text)
    return int(text[1:]) - 1
