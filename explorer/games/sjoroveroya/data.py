"""Component data of Sjørøverøya, read from ``data.toml`` and validated at import."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

BASES = {"SEED", "SOURCED", "ASSUMED"}


@dataclass(frozen=True, slots=True)
class Suit:
    id: str
    symbol: str
    norwegian: str
    english: str
    colour: str
    basis: str


@dataclass(frozen=True, slots=True)
class Components:
    suits: tuple[Suit, ...]
    min_players: int
    max_players: int
    pieces_per_player: int
    start_hand: int
    moves_per_turn: int
    children_moves_per_turn: int
    track_blocks: int
    track_length: int
    backward_stop_counts: tuple[int, ...]
    emergency_draw: int
    children_end_draw: int
    face_up_cards: int
    copies_per_suit: int
    block_ranks: tuple[str, ...]
    example_tracks: dict[str, str]
    colours: tuple[tuple[str, str], ...]


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise ValueError(f"sjoroveroya/data.toml: {what}")


DATA_FILE = Path(__file__).with_name("data.toml")


def load(path: Path = DATA_FILE) -> Components:
    """Read and check the data file; a bad row raises `ValueError` naming it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    suits = tuple(Suit(**row) for row in raw["suits"])
    _need(len(suits) == 4 and len({s.id for s in suits}) == 4, "four distinct suits (K9)")
    for table in (raw["suits"], raw["draw_deck"], raw["example_tracks"], raw["player_colours"]):
        for row in table:
            _need(row.get("basis") in BASES, f"row {row} has no basis among {sorted(BASES)}")
    c = raw["constants"]
    copies = sum(len(row["ranks"]) * row["copies_per_suit"] for row in raw["draw_deck"])
    _need(copies == 21, f"the draw deck has {copies} cards per suit, not 21 (K4)")
    ids = "".join(s.id for s in suits)
    tracks = {row["name"]: row["suits"] for row in raw["example_tracks"]}
    for name, track in tracks.items():
        _need(len(track) == c["track_length"], f"example track {name} has {len(track)} cards")
        for b in range(c["track_blocks"]):
            _need(sorted(track[4 * b:4 * b + 4]) == sorted(ids), f"example track {name} block {b + 1} (S4)")
    return Components(
        suits=suits, min_players=c["min_players"], max_players=c["max_players"],
        pieces_per_player=c["pieces_per_player"], start_hand=c["start_hand"],
        moves_per_turn=c["moves_per_turn"], children_moves_per_turn=c["children_moves_per_turn"],
        track_blocks=c["track_blocks"], track_length=c["track_length"],
        backward_stop_counts=tuple(c["backward_stop_counts"]), emergency_draw=c["emergency_draw"],
        children_end_draw=c["children_end_draw"], face_up_cards=c["cartagena_face_up_cards"],
        copies_per_suit=copies, block_ranks=tuple(raw["track"]["block_ranks"]), example_tracks=tracks,
        colours=tuple((row["name"], row["fill"]) for row in raw["player_colours"]),
    )


COMPONENTS = load()
SUITS = "".join(s.id for s in COMPONENTS.suits)          # "SHDC": index order of counts
SYMBOLS = {s.id: s.symbol for s in COMPONENTS.suits}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
START = 0
GOAL = COMPONENTS.track_length + 1
T0 = COMPONENTS.example_tracks["T0"]
