"""Pirate Rush's fixed action and outcome spaces and its length bound (for adapters)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from explorer.core.spaces import sorted_space

from .data import CHARACTERS, COINS, ISLAND_TILES, KINDS, PROSTHETICS, RESOURCES
from .model import ROUTES, SLOT_LETTERS, Move, Outcome, island_name, seat, slot_name
from .tokens.picks import space_labels
from .turn.table import THROWS

ISLANDS = 8


def _seat_moves(verbs: tuple[str, ...], players: int) -> list[Move]:
    return [Move(verb, seat(p)) for verb in verbs for p in range(players)]


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
    moves += _seat_moves(("first", "call", "gamble", "rogue", "gift", "claim", "challenge", "winner", "tie"), n)
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
    outcomes += [Outcome("starter", seat(p)) for p in range(n)]
    outcomes += [Outcome("tile", kind) for kind in KINDS]
    outcomes += [Outcome("island", tile) for tile in ISLAND_TILES]
    outcomes += [Outcome("pick", words) for words in space_labels()]
    outcomes += [Outcome("place", slot_name(j, i)) for j in range(ISLANDS) for i in range(len(SLOT_LETTERS))]
    outcomes += [Outcome("duel", result) for result in ("win", "lose", "draw")]
    return sorted_space(outcomes)


def turn_decisions() -> int:
    """One player turn's most decisions: the commander's call naming the player (R10); his own
    choices (R11): up to 4 looks (R13, R14: 1, the Cabin boy's 2, R44, and 2 more from
    Historias de taberna, R48), the Loot action (R18), steering: the look ahead and the anchor
    (R32, R34), the power with its follow-ups (Gambler: which tile, R42; Rogue: a second look
    and keeping a copper, R43), the Taberna payment (R48), Mercader's payment and swap (R52,
    R53) and the end; and one question per tile the turn hands out (the Gunner R37, the
    Quartermaster R40 or the Monkey R46): the take (R19), the Quartermaster's new tile (R40),
    Mercader's tile (R53), the Gambler's two (R42) and the Rogue's copper (R43)."""
    call, looks, loot, steer, power, taberna, mercader, end = 1, 4, 1, 2, 3, 1, 2, 1
    gains = 1 + 1 + 1 + 2 + 1
    return call + looks + loot + steer + power + taberna + mercader + end + gains


def rounds(game) -> int:
    """The most islands the ship can visit (T0, R63, E1): the longest route from I1 (D6, V15)."""
    nxt = ROUTES[game.options["route_layout"]][0]
    longest = [1] * ISLANDS
    for j in reversed(range(ISLANDS)):
        longest[j] = 1 + max((longest[k] for k in nxt[j]), default=0)
    return longest[0]


def event_decisions(game) -> int | None:
    """Step 2's most choices (R47): Juegos de cubierta, a stake, a pick and a gift question per
    pirate (R49-R51, R46), or the Duelo: a challenge (R56), the throws (R57: two per throw in
    `choice` mode, up to the house rule `duel_throw_limit`; one verdict in `manual_winner`; none
    when chance decides), the spoils (R58) and one gift question. None: choice-mode throws
    repeat on every draw without the house rule."""
    n, o = game.players, game.options
    if not o["advanced"]:
        return 0
    mode, limit = o["duel_mode"], o["duel_throw_limit"]
    if mode == "choice" and limit is None:
        return None
    throws = 2 * limit if mode == "choice" else int(mode == "manual_winner")
    return max(3 * n, 1 + throws + 2)


def max_decisions(game) -> int | None:
    """Setup: the starting player's choice (S8) and the first looks (S9). Then at most `rounds`
    rounds (T0), each: the draft (R4), step 2's event (`event_decisions`) and one turn per
    pirate (`turn_decisions`). Step 4 (R61-R64, E7 Motín) is chance only. None only when
    choice-mode duels may repeat without end (R57)."""
    n, o = game.players, game.options
    event = event_decisions(game)
    if event is None:
        return None
    setup = int(o["starting_player"] == "choose") + n * o["setup_investigations"]
    tie = int(o["final_tie"] == "manual")   # E10, V13: the table names the winner of a tie
    return setup + rounds(game) * (n + event + n * turn_decisions()) + tie


def perfect_information(game) -> bool:
    """Loot tiles are face down and looks are private (R13, R14)."""
    return False
