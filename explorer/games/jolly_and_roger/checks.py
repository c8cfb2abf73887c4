"""The checks behind Jolly & Roger's position loader: one function per kind of mistake.

Each raises `PositionError` naming the data field and the rule the position breaks, so
`position.from_dict` reads as a list of what a position must satisfy. The notation
(`position_text`) maps the fields back to the lines a person wrote.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import OptionError, PositionError

from .data import ALL_COUNTS, CARD_INDEX, CARDS, CARDS_PER_ROUND, PIRATE_COUNTS, PIRATES, SHIPS, VALUE
from .model import STRENGTH, aside_total, early_total, entry_card

KNOWN = ("game", "phase", "round", "splitter", "table", "offers", "hands", "piles", "chests", "removed",
         "pile", "aside", "setup_left", "early")
PIRATES_INDEX = {c: i for i, c in enumerate(PIRATES)}   # E6: chests hold pirate cards only
SEAT = ("Player 1", "Player 2")     # in messages; the notation writes P1, P2


# -- shapes -------------------------------------------------------------------------------
def check_root(game: Any, data: Any) -> Mapping[str, Any]:
    """An object with known fields whose ``game`` block, if any, names this set-up.

    A partial block means the defaults for what it leaves out, as `explorer.load` does:
    ``{"name": "jolly_and_roger", "players": 2, "options": {}}`` is the basic game."""
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be an object, not {type(data).__name__}")
    unknown = sorted(str(k) for k in set(data) - set(KNOWN))
    if unknown:
        raise PositionError(unknown[0], f"unknown field; fields: {', '.join(KNOWN)}")
    if "game" in data:
        check_game(game, data["game"])
    return data


def check_game(game: Any, block: Any) -> None:
    """The ``game`` block must describe `game` (name, players, options; defaults fill gaps)."""
    if not isinstance(block, Mapping) or set(block) - {"name", "players", "options"}:
        raise PositionError("game", f"{block!r} is not a game block like {game.to_dict()!r}")
    options = block.get("options", {})
    if block.get("name", game.name) != game.name or not isinstance(options, Mapping):
        raise PositionError("game", f"the data is for {block!r}, not {game.to_dict()!r}")
    try:
        named = type(game)(block.get("players", game.players), **{str(k): v for k, v in options.items()})
    except OptionError as err:
        raise PositionError("game", f"{err.field}: {err.reason}") from None
    if named != game:
        raise PositionError("game", f"the data is for {named!r}, not {game!r}")


def whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(field, f"{value} is outside {low}..{high}")
    return value


def listed(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise PositionError(field, "must be a list" + (f" of {length} entries" if length is not None else ""))
    return value


def cards(value: Any, field: str, allowed: Mapping[str, int] = CARD_INDEX, keep_order: bool = False
          ) -> tuple[str, ...]:
    """A list of card names (sorted in card order unless the order matters)."""
    for i, card in enumerate(listed(value, field)):
        if not isinstance(card, str) or card not in allowed:
            kinds = "G1..R5, SK, KR, TO" if allowed is CARD_INDEX else "pirate cards G1..R5 (E6)"
            raise PositionError(f"{field}.{i}", f"{card!r} is not a card allowed here ({kinds}; K2, K3)")
    return tuple(value) if keep_order else tuple(sorted(value, key=CARD_INDEX.__getitem__))


def count_map(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, Mapping):
        raise PositionError(field, "must be an object of card counts like {\"G1\": 2}")
    for key in value:
        if key not in CARD_INDEX:
            raise PositionError(f"{field}.{key}", "is not a card (G1..R5, SK, KR, TO; K2, K3)")
    counts = tuple(whole(value.get(c, 0), f"{field}.{c}", 0, 10**6) for c in CARDS)
    for card, n, most in zip(CARDS, counts, ALL_COUNTS, strict=True):
        if n > most:
            raise PositionError(f"{field}.{card}", f"{n} copies of {card}, but the game has {most} (K2, K3)")
    return counts


def _entry_ok(entry: Any, ship: str, opts: Mapping[str, Any]) -> bool:
    if not isinstance(entry, str) or entry not in STRENGTH:
        return False
    card = entry_card(entry)
    if entry in VALUE:
        return entry[0] == ship                            # R9, R10
    if card not in VALUE:                                  # specials: Skeleton, or parrot with V4
        return opts["special_cards"] and (entry == "SK" or opts["specials_as_parrot"])
    return entry[0] == "p" or opts["special_cards"]        # t: needs a Tortuga (V1)


def crew_piles(value: Any, opts: Mapping[str, Any]) -> tuple:
    sides = []
    for p, side in enumerate(listed(value, "piles", 2)):
        if not isinstance(side, Mapping) or set(side) - set(SHIPS):
            raise PositionError(f"piles.{p}", "must be an object with keys G, Y, B, R")
        row = []
        for ship in SHIPS:
            pile = listed(side.get(ship, []), f"piles.{p}.{ship}")
            for i, entry in enumerate(pile):
                if not _entry_ok(entry, ship, opts):
                    raise PositionError(f"piles.{p}.{ship}.{i}", f"{entry!r} cannot lie in a crew pile at {ship} "
                                        "(R9-R12, R28, R33; V1, V4)")
            row.append(tuple(pile))
        sides.append(tuple(row))
    return tuple(sides)


# -- what the set-up decides ---------------------------------------------------------------
def stages(opts: Mapping[str, Any], done: int) -> tuple[int, ...]:
    """Cards still to set aside per setup stage after `done` (S4; S6 sequential: 3 pirates, then 7)."""
    total, early = aside_total(opts), early_total(opts)
    if early and done < early:
        return (early - done, total - early)
    return (total - done,) if done < total else ()


def deck(opts: Mapping[str, Any], phase: str, done: int) -> tuple[int, ...]:
    """The cards in the game: the specials join with V1, after S4's removals in the sequential setup (S6)."""
    if not opts["special_cards"] or (phase == "setup" and done < early_total(opts)):
        return PIRATE_COUNTS
    return ALL_COUNTS


def drawn_so_far(phase: str, round_: int, table: tuple[str, ...], last: int) -> int:
    """Cards revealed by the splitters so far, five a round (T1, R2)."""
    if phase in ("setup", "start"):
        return 0
    if phase == "over":
        return last * CARDS_PER_ROUND
    if phase == "draw":
        return (round_ - 1) * CARDS_PER_ROUND + len(table)
    return round_ * CARDS_PER_ROUND


def pile_size(opts: Mapping[str, Any], phase: str, round_: int, table: tuple[str, ...], last: int) -> int:
    """Cards in the draw pile after setup: what is still to draw, plus the 3 the literal
    variant never reaches (S5, R24, R25, R36, V3)."""
    full = sum(ALL_COUNTS if opts["special_cards"] else PIRATE_COUNTS) - aside_total(opts)
    return full - drawn_so_far(phase, round_, table, last)


def step_words(phase: str, round_: int) -> str:
    return {"start": "before the start player is drawn", "draw": f"round {round_}'s draw",
            "split": f"round {round_}'s split", "choose": f"round {round_}'s choice",
            "place": f"round {round_}'s placing", "over": "the end of the game"}.get(phase, "setup")


def hidden_rules(opts: Mapping[str, Any]) -> str:
    if not opts["special_cards"]:
        return "S4, S5, R24"
    if opts["long_game"]:
        return "S7, R36"
    return "S6, R25, A1" if opts["variant_removal"] == "sequential" else "S6, R25, V3"


# -- what the rules allow --------------------------------------------------------------------
def check_splitter(game: Any, phase: str, round_: int, splitter: int | None) -> None:
    """The start player splits odd rounds, the other player even rounds (S8, V8, R23)."""
    choice = game.options["start_player"]
    if splitter is None or choice == "random":
        return
    first = 0 if choice == "P1" else 1
    expected = (first + round_ - 1) % 2
    if splitter != expected:
        raise PositionError("splitter", f"{SEAT[expected]} holds the flag in round {round_}: {SEAT[first]} splits "
                                        "round 1 (start_player) and the flag passes every round (S8, V8, R23)")


def check_place(splitter: int, offers: tuple, hands: tuple, checked: bool) -> None:
    """The placing step: the chooser uses all cards before the splitter uses any (R6)."""
    chooser = 1 - splitter
    if not (hands[0] or hands[1]):
        raise PositionError("hands", "someone still holds cards while placing; with none left the round is "
                                     "over (T4, T5, R23)")
    if hands[chooser] and not hands[splitter]:
        raise PositionError(f"hands.{splitter}", "the splitter keeps all their cards until the chooser has "
                                                 "used all of theirs (R6)")
    if len(hands[0]) + len(hands[1]) > CARDS_PER_ROUND:
        raise PositionError(f"hands.{chooser}", "at most five cards are used in a round (R2)")
    if not checked:
        return
    for p in (0, 1):
        if len(hands[p]) > 4:
            raise PositionError(f"hands.{p}", "an offer holds at most 4 cards (R3)")
    if not offers:
        return
    if len(offers) != 2 or sorted(len(o) for o in offers) not in ([1, 4], [2, 3]):
        raise PositionError("offers", "two offers of 1-4 cards, five cards in all (R3, R4)")
    mine = [i for i in (0, 1) if _within(hands[splitter], offers[i])
            and (not hands[chooser] or list(hands[splitter]) == list(offers[i]))
            and _within(hands[chooser], offers[1 - i])]
    if not mine:
        raise PositionError("offers", f"the hands must come from the offers: {SEAT[chooser]} took one and "
                                      f"{SEAT[splitter]} got the other, whole until {SEAT[chooser]} is done "
                                      "(R5, R6, R7)")


def _within(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    rest = list(big)
    for card in small:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def played_this_round(splitter: int, offers: tuple, hands: tuple) -> list[list[tuple[int, list[str]]]]:
    """Each way the hands fit the offers: [(player, cards already used this round)] per way."""
    chooser, ways = 1 - splitter, []
    for i in (0, 1):
        mine, theirs = offers[i], offers[1 - i]
        if not (_within(hands[splitter], mine) and _within(hands[chooser], theirs)):
            continue
        if hands[chooser] and list(hands[splitter]) != list(mine):
            continue
        way = []
        for player, offer in ((splitter, mine), (chooser, theirs)):
            rest = list(offer)
            for card in hands[player]:
                rest.remove(card)
            way.append((player, rest))
        ways.append(way)
    return ways


def check_out_of_game(opts: Mapping[str, Any], piles: tuple, removed: tuple[str, ...]) -> None:
    """Only a Kraken (with its victim) or a used Tortuga leaves the game face up (R30-R34, K7)."""
    krakens, tortugas = removed.count("KR"), removed.count("TO")
    if removed and not opts["special_cards"]:
        raise PositionError("removed", "cards leave the game face up only by a Kraken or a Tortuga, which the "
                                       "basic game does not have (R30, R34, V1)")
    if len(removed) > 2 * krakens + tortugas:
        raise PositionError("removed", f"{len(removed)} cards out of the game, but {krakens} Kraken(s) remove at "
                                       "most one card each and Tortugas only themselves (R30, R32, R34)")
    for p in (0, 1):
        if any(e.startswith("t:") for pile in piles[p] for e in pile):
            if tortugas == 0:
                raise PositionError(f"piles.{p}", "a turned card (t:) needs a Tortuga played, out of the game "
                                                  "(R33, R34)")
    turned = sum(any(e.startswith("t:") for pile in piles[p] for e in pile) for p in (0, 1))
    if turned > tortugas:
        raise PositionError("removed", "both players have turned cards, so two Tortugas were played (R33)")


def check_chests(opts: Mapping[str, Any], piles: tuple, chests: tuple) -> None:
    """Basic game: boarding needs your captain there (R18), so you have crew at that ship, and
    crews only grow without a Kraken (R22)."""
    if opts["special_cards"]:
        return
    for p in (0, 1):
        for card in chests[p]:
            if not piles[p][SHIPS.index(card[0])]:
                raise PositionError(f"chests.{p}", f"{card} was boarded at {card[0]} without any crew there: a "
                                                   "captain needs the greater strength (R14, R18)")


def place_of(card: str, where: list[tuple[str, tuple[str, ...]]]) -> str:
    """The field of the last place holding `card` (for a count error)."""
    found = "piles"
    for field, held in where:
        if card in held:
            found = field
    return found
