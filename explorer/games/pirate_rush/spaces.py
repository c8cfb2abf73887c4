"""Pirate Rush's fixed action and outcome spaces and its length bound (for adapters)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from explorer.core.spaces import sorted_space

from .data import CHARACTERS, COINS, ISLAND_TILES, KINDS, PROSTHETICS, RESOURCES, C
from .model import SLOT_LETTERS, Move, Outcome, island_name, slot_name
from .rules import THROWS

ISLANDS = 8


def _seat_moves(verbs: tuple[str, ...], players: int) -> list[Move]:
    return [Move(verb, str(p)) for verb in verbs for p in range(players)]


@cache
def action_space(game) -> tuple:
    """Every move of the basic and advanced game: looks and takes at any slot (R13, R19),
    looks at islands, the draft (R5), calls, powers (R38-R45), events (R46-R55) and duels."""
    n = game.players
    slots = [slot_name(j, i) for j in range(ISLANDS) for i in range(len(SLOT_LETTERS))]
    islands = [island_name(j) for j in range(ISLANDS)]
    moves = [Move("look", x) for x in (*slots, *islands)]
    moves += [Move(verb, x) for verb in ("take", "trade", "swap") for x in slots]
    moves += [Move("anchor", x) for x in islands]
    moves += _seat_moves(("first", "call", "gamble", "rogue", "gift", "claim", "challenge", "winner"), n)
    moves += [Move("draft", c.name) for c in CHARACTERS.values()]
    moves += [Move("repair", colour) for colour in RESOURCES]
    moves += [Move("prosthetic", kind) for kind in (*PROSTHETICS, "none")]
    moves += [Move(verb, kind) for verb in ("tavern", "stake") for kind in KINDS]
    moves += [Move("merchant", f"{kind} {x}") for kind in sorted(COINS) for x in islands]
    moves += [Move("spoils", f"give {kind}") for kind in KINDS]
    moves += [Move("throw", t) for t in THROWS]
    words = {"trade": ("discard", "none"), "gamble": ("keep", "other"), "rogue": ("more", "stop", "keep", "leave"),
             "gift": ("none",), "spoils": ("steal", "none")}
    moves += [Move(verb, word) for verb, options in words.items() for word in options]
    moves += [Move("pay"), Move("steer"), Move("end")]
    return sorted_space(moves)


@cache
def chance_space(game) -> tuple:
    """The four island tiles set aside (S2), the character row (S5), the starter, a loot
    tile's kind the first time it is seen (C2), an island tile, a picked token and a duel."""
    n = game.players
    outcomes = [Outcome("removed", " ".join(c)) for c in combinations(sorted(ISLAND_TILES), 4)]
    outcomes += [Outcome("row", " ".join(map(str, c))) for c in combinations(range(3, 9), n + 1)]
    outcomes += [Outcome("starter", str(p)) for p in range(n)]
    outcomes += [Outcome("tile", kind) for kind in KINDS]
    outcomes += [Outcome("island", tile) for tile in ISLAND_TILES]
    outcomes += [Outcome("pick", str(token)) for token in range(C["loot_tiles"])]
    outcomes += [Outcome("duel", result) for result in ("win", "lose", "draw")]
    return sorted_space(outcomes)


def max_decisions(game) -> int | None:
    """Not derived yet: the route is finite (D6), but no bound on one turn's power and event
    choices is proved here."""
    return None


def perfect_information(game) -> bool:
    """Loot tiles are face down and looks are private (R13, R14)."""
    return False
