"""Component data of Dead Man's Dice, read from ``data.toml`` and validated at import.

Faces are small ints: 1-6 are numbers and ``SKULL`` (0) is the Jolly Roger face, so
rank and value are table look-ups on the hot path.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from explorer.core.bounds import is_number

BASES = {"SEED", "SOURCED", "ASSUMED"}
DATA_FILE = Path(__file__).with_name("data.toml")
SKULL = 0
FACE_NAMES = ("S", "1", "2", "3", "4", "5", "6")


@dataclass(frozen=True, slots=True)
class DieKind:
    suffix: str
    kind: str
    faces: tuple[int, ...]
    basis: str


@dataclass(frozen=True, slots=True)
class Components:
    min_players: int
    max_players: int
    dice: tuple[DieKind, ...]
    rank: tuple[int, ...]            # by face code
    value: tuple[int, ...]
    plunderable: tuple[bool, ...]
    multiplier: int
    keelhaul: int
    plank: int
    target: int
    topple_margin: int
    steady_height: int
    stray_shot: tuple[int, int]
    colours: tuple[tuple[str, str], ...]


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"dead_mans_dice/data.toml: {what}")


def face_code(text: str) -> int:
    """``"S"`` -> 0, ``"4"`` -> 4; `ValueError` for anything else."""
    return FACE_NAMES.index(text.strip().upper())


def _load() -> Components:
    raw = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    for section in ("dice", "faces", "colours"):
        for row in raw[section]:
            _need(row.get("basis") in BASES, f"{section} row {row} needs a basis in {sorted(BASES)}")
    dice = tuple(DieKind(r["suffix"], r["kind"], tuple(face_code(f) for f in r["faces"]), r["basis"])
                 for r in raw["dice"])
    _need([d.kind for d in dice].count("jolly_roger") == 1 and len(dice) == 3, "K1/K2: 2 regular + 1 Jolly Roger")
    _need(all(len(d.faces) == 6 for d in dice), "every die has six faces")
    _need(dice[2].kind == "jolly_roger", "the Jolly Roger die is listed last (suffix J)")
    rows = {face_code(r["face"]): r for r in raw["faces"]}
    _need(sorted(rows) == list(range(7)), "faces S and 1-6 each listed once")
    _need(rows[SKULL]["rank"] == 1 and not rows[SKULL]["plunderable"], "R3/R23: S has rank 1, never plundered")
    c = raw["constants"]
    colours = tuple((r["name"], r["fill"]) for r in raw["colours"])
    _need(len(colours) >= raw["max_players"], "one colour per seat")
    return Components(
        min_players=raw["min_players"], max_players=raw["max_players"], dice=dice,
        rank=tuple(rows[f]["rank"] for f in range(7)), value=tuple(rows[f]["value"] for f in range(7)),
        plunderable=tuple(rows[f]["plunderable"] for f in range(7)),
        multiplier=c["jolly_roger_multiplier"], keelhaul=c["keelhaul_penalty"], plank=c["plank_penalty"],
        target=c["target_score"], topple_margin=c["topple_margin"], steady_height=c["steady_height"],
        stray_shot=(c["stray_shot_numerator"], c["stray_shot_denominator"]), colours=colours)


COMPONENTS = _load()
RANK = COMPONENTS.rank
VALUE = COMPONENTS.value
PLUNDERABLE = COMPONENTS.plunderable
DICE_PER_PIRATE = len(COMPONENTS.dice)
JOLLY = DICE_PER_PIRATE - 1          # the kind index of the Jolly Roger die
LEGACY_LETTERS = "ABCDEF"            # seats as the digest's examples letter them, still read


def seat_code(p: int) -> str:
    """Seat 0 -> ``P1``: the compact seat name of the notation and tight board spots."""
    return f"P{p + 1}"


def seat_name(p: int) -> str:
    """Seat 0 -> ``Player 1``: how events, errors and status lines name a pirate."""
    return _SEAT_NAMES[p] if 0 <= p < len(_SEAT_NAMES) else f"Player {p + 1}"


_SEAT_NAMES = tuple(f"Player {p + 1}" for p in range(8))


def owner(die: int) -> int:
    """R1: die ``3p + k`` belongs to pirate p for the whole game."""
    return die // DICE_PER_PIRATE


def is_jolly(die: int) -> bool:
    return die % DICE_PER_PIRATE == JOLLY


def die_faces(die: int) -> tuple[int, ...]:
    return COMPONENTS.dice[die % DICE_PER_PIRATE].faces


def die_kind(die: int) -> str:
    """The die's own mark: ``1`` and ``2`` for the regular dice, ``J`` for the Jolly Roger die."""
    return COMPONENTS.dice[die % DICE_PER_PIRATE].suffix


def die_name(die: int) -> str:
    """Die 0 -> ``P1-1``, 2 -> ``P1-J``, 4 -> ``P2-2``: owner's seat and the die's mark."""
    return f"{seat_code(owner(die))}-{die_kind(die)}"


def face_words(face: int) -> str:
    """A face as prose says it: ``the skull`` for S (R3), else its number."""
    return "the skull" if face == SKULL else FACE_NAMES[face]


_KIND_WORDS = tuple("Jolly Roger die" if d.kind == "jolly_roger" else f"regular die {d.suffix}"
                    for d in COMPONENTS.dice)


def die_kind_words(die: int) -> str:
    """Which of its owner's dice it is (R1): ``Jolly Roger die``, ``regular die 2``."""
    return _KIND_WORDS[die % DICE_PER_PIRATE]


@lru_cache(maxsize=1024)
def die_words(die: int, mover: int | None = None) -> str:
    """A die as events and errors say it (R1): ``Player 1's Jolly Roger die``,
    ``Player 2's regular die 1``, or ``their regular die 1`` in a sentence about its owner
    (``mover``); the notation keeps the short ``P2-1``."""
    whose = "their" if owner(die) == mover else f"{seat_name(owner(die))}'s"
    return f"{whose} {die_kind_words(die)}"


@lru_cache(maxsize=4096)
def die_showing(die: int, face: int, mover: int | None = None) -> str:
    """A rolled die in prose: ``Player 1's regular die 2 showing 5``."""
    return f"{die_words(die, mover)} showing {face_words(face)}"


def kind_code(owner_seat: int, kind: str) -> int:
    """Seat and mark (``1``, ``2``, ``J``) -> die; `ValueError` for an unknown mark."""
    suffixes = [d.suffix for d in COMPONENTS.dice]
    return owner_seat * DICE_PER_PIRATE + suffixes.index(kind.strip().upper())


def die_code(text: str) -> int:
    """``"P2-2"`` -> 4 (the digest's ``"B2"`` is read too, for saved games); `ValueError` else."""
    text = text.strip().upper()
    if "-" in text:
        seat, _, kind = text.partition("-")
        if len(kind) != 1:
            raise ValueError(text)
        return kind_code(pirate_code(seat), kind)
    if len(text) != 2 or text[0] not in LEGACY_LETTERS:
        raise ValueError(text)
    return kind_code(LEGACY_LETTERS.index(text[0]), text[1])


def pirate_code(text: str) -> int:
    """``"P2"`` (or the digest's letter ``"B"``) -> seat 1; `ValueError` for anything else."""
    text = text.strip().upper()
    if len(text) >= 2 and text[0] == "P" and is_number(text[1:]) and text[1] != "0":
        return int(text[1:]) - 1
    if len(text) != 1 or text not in LEGACY_LETTERS:
        raise ValueError(text)
    return LEGACY_LETTERS.index(text)


def can_stack(face: int, top: int) -> bool:
    """R14-R17: match, exactly one higher, or a total of 7; a skull always fits (R15)."""
    if face == SKULL:
        return True
    t = RANK[top]
    return face == t or face == t + 1 or face + t == 7


def can_plunder(face: int, top: int) -> bool:
    """R22/R23: one higher or a total of 7 (no match); a skull is never taken."""
    if not PLUNDERABLE[face]:
        return False
    t = RANK[top]
    return face == t + 1 or face + t == 7


STACKS = tuple(tuple(can_stack(f, t) for t in range(7)) for f in range(7))       # [face][top]
PLUNDERS = tuple(tuple(can_plunder(f, t) for t in range(7)) for f in range(7))   # [face][top]


def stack_chance(die: int, top: int | None) -> Fraction:
    """C4: P(the die can be stacked on a top face; None: an empty pile), from the stacking matrix."""
    if top is None:
        return Fraction(1)
    return Fraction(sum(1 for f in die_faces(die) if STACKS[f][top]), 6)
