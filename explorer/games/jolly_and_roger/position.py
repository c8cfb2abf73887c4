"""Jolly & Roger position data: `to_dict`, the validating `from_dict`, views and `sample_state`.

Format (JSON; only ``piles`` is required in a hand-made what-if position):

```json
{"game": {"name": "jolly_and_roger", "players": 2, "options": {}},
 "phase": "split",          // setup | start | draw | split | choose | place | over
 "round": 3, "splitter": 0, // players are 0 (P1) and 1 (P2); null before S8 decides
 "table": ["G1", "G1", "Y2", "B3", "R5"],          // cards drawn this round (T1)
 "offers": [["R5"], ["G1", "G1", "Y2", "B3"]],     // after the split: small, large (T2)
 "hands": [[], []],                                // cards each player must still use (R7)
 "piles": [{"G": ["G3", "p:Y1"], "Y": [], "B": ["t:R5"], "R": ["SK"]},   // P1's crews, bottom first
           {"G": [], "Y": ["Y4"], "B": [], "R": []}],                    // P2's crews
 "chests": [["G5"], []],    // boarded cards (E2)
 "removed": ["B2", "KR"],   // face-up out-of-game cards (K7): Kraken victims, used specials
 "pile": {"G2": 3, ...},    // hidden draw pile (default: every card not elsewhere or aside)
 "aside": {"R4": 1, ...},   // hidden set-aside cards (default: none)
 "setup_left": [],          // cards still to set aside per setup stage (S4, S6)
 "early": 3}                // how many set-aside cards were the S4 pirate removals
```

Crew entries: ``G3`` pirate side (own colour only), ``p:G3`` parrot, ``t:G3`` turned by a
Tortuga, ``SK`` Skeleton, ``p:KR`` a special as parrot (V4). Counts of every card over all
places equal the game's deck (43 pirate cards, plus 7 specials with V1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.positions import check_root
from explorer.core.view import View

from .data import ALL_COUNTS, CARD_INDEX, CARDS, CARDS_PER_ROUND, PIRATE_COUNTS, PIRATES, SHIP_VALUE, SHIPS, VALUE
from .model import NO_CARDS, PHASES, STRENGTH, JollyState, build, entry_card, pile_strength
from .rules import rounds, scores, winners

KNOWN = {"game", "phase", "round", "splitter", "table", "offers", "hands", "piles", "chests", "removed",
         "pile", "aside", "setup_left", "early"}


def _counts_dict(counts) -> dict[str, int]:
    return {c: n for c, n in zip(CARDS, counts, strict=True) if n}


def to_dict(s: JollyState) -> dict:
    return {
        "game": s.game.to_dict(), "phase": s.phase, "round": s.round, "splitter": s.splitter,
        "table": list(s.table), "offers": [list(o) for o in s.offers], "hands": [list(h) for h in s.hands],
        "piles": [{ship: list(pile) for ship, pile in zip(SHIPS, side, strict=True)} for side in s.piles],
        "chests": [list(c) for c in s.chests], "removed": list(s.removed),
        "pile": _counts_dict(s.pile), "aside": _counts_dict(s.aside),
        "setup_left": list(s.setup_left), "early": s.early,
    }


# -- validation helpers -------------------------------------------------------------------
def _int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PositionError(field, f"{value} is outside {low}..{high}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise PositionError(field, "must be a list" + (f" of {length} entries" if length is not None else ""))
    return value


def _cards(value: Any, field: str, allowed=CARD_INDEX) -> tuple[str, ...]:
    for i, card in enumerate(_list(value, field)):
        if not isinstance(card, str) or card not in allowed:
            kinds = "G1..R5, SK, KR, TO" if allowed is CARD_INDEX else "G1..R5"
            raise PositionError(f"{field}.{i}", f"{card!r} is not a card allowed here ({kinds})")
    return tuple(sorted(value, key=CARD_INDEX.__getitem__))


def _count_map(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, Mapping):
        raise PositionError(field, "must be an object of card counts like {\"G1\": 2}")
    for key in value:
        if key not in CARD_INDEX:
            raise PositionError(f"{field}.{key}", "is not a card (G1..R5, SK, KR, TO)")
    return tuple(_int(value.get(c, 0), f"{field}.{c}", 0, ALL_COUNTS[i]) for i, c in enumerate(CARDS))


def _entry_ok(entry: Any, ship: str, opts: Mapping[str, Any]) -> bool:
    if not isinstance(entry, str) or entry not in STRENGTH:
        return False
    card = entry_card(entry)
    if entry in VALUE:
        return entry[0] == ship                            # R9, R10
    if card not in VALUE:                                  # specials: Skeleton, or parrot with V4
        return opts["special_cards"] and (entry == "SK" or opts["specials_as_parrot"])
    return entry[0] == "p" or opts["special_cards"]        # t: needs a Tortuga (V1)


def _piles(value: Any, opts: Mapping[str, Any]) -> tuple:
    sides = []
    for p, side in enumerate(_list(value, "piles", 2)):
        if not isinstance(side, Mapping) or set(side) - set(SHIPS):
            raise PositionError(f"piles.{p}", "must be an object with keys G, Y, B, R")
        row = []
        for ship in SHIPS:
            pile = _list(side.get(ship, []), f"piles.{p}.{ship}")
            for i, entry in enumerate(pile):
                if not _entry_ok(entry, ship, opts):
                    raise PositionError(f"piles.{p}.{ship}.{i}", f"{entry!r} cannot lie in a crew pile at {ship} "
                                        "(R9-R12, R28, R33; V1, V4)")
            row.append(tuple(pile))
        sides.append(tuple(row))
    return tuple(sides)


def _deck(opts: Mapping[str, Any], setup_left: tuple[int, ...]) -> tuple[int, ...]:
    """The cards in the game now: specials join with V1, after S4 in the sequential setup (S6)."""
    if not opts["special_cards"] or (len(setup_left) == 2):
        return PIRATE_COUNTS
    return ALL_COUNTS


def from_dict(game: Any, data: Mapping[str, Any]) -> JollyState:
    """Validate position data and build the state; `PositionError` names the first bad field."""
    check_root(game, data, KNOWN)
    opts, last = game.options, rounds(game)
    if "piles" not in data:
        raise PositionError("piles", "missing (required)")
    phase = data.get("phase") if "phase" in data else _guess_phase(data)
    if not isinstance(phase, str) or phase not in PHASES:
        raise PositionError("phase", f"{phase!r} is not one of {', '.join(PHASES)}")
    round_ = _int(data.get("round", 1), "round", 1, last)
    splitter = data.get("splitter", None if phase in ("setup", "start") else 0)
    if splitter is not None:
        splitter = _int(splitter, "splitter", 0, 1)
    elif phase not in ("setup", "start"):
        raise PositionError("splitter", f"someone holds the flag in phase {phase} (S8, R23)")
    table = _cards(data.get("table", []), "table")
    offers = tuple(_cards(o, f"offers.{i}") for i, o in enumerate(_list(data.get("offers", []), "offers")))
    hands = tuple(_cards(h, f"hands.{i}") for i, h in enumerate(_list(data.get("hands", [[], []]), "hands", 2)))
    piles = _piles(data["piles"], opts)
    chests = tuple(_cards(c, f"chests.{i}", PIRATES_INDEX)
                   for i, c in enumerate(_list(data.get("chests", [[], []]), "chests", 2)))
    removed = tuple(_list(data.get("removed", []), "removed"))
    for i, card in enumerate(removed):
        if not isinstance(card, str) or card not in CARD_INDEX:
            raise PositionError(f"removed.{i}", f"{card!r} is not a card")
    setup_left = tuple(_int(n, f"setup_left.{i}", 0, 10)
                       for i, n in enumerate(_list(data.get("setup_left", []), "setup_left")))
    early = _int(data.get("early", 0), "early", 0, 10)
    _check_phase(game, phase, round_, splitter, table, offers, hands, setup_left)
    deck = _deck(opts, setup_left)
    used = [0] * len(CARDS)
    for cards in (table, *hands, *chests, removed, *(entry_card(e) for side in piles for pile in side for e in pile)):
        for card in ((cards,) if isinstance(cards, str) else cards):
            used[CARD_INDEX[card]] += 1
    unseen = tuple(d - u for d, u in zip(deck, used, strict=True))
    if min(unseen) < 0:
        raise PositionError("piles", f"more copies of {CARDS[unseen.index(min(unseen))]} than the game has (K2, K3)")
    pile, aside = _hidden(data, unseen)
    if early > sum(aside[:len(PIRATES)]):
        raise PositionError("early", f"{early} S4 removals, but only {sum(aside[:len(PIRATES)])} pirate cards are "
                                     "set aside (S4, S6)")
    needed = (last - round_) * CARDS_PER_ROUND + (CARDS_PER_ROUND - len(table) if phase == "draw" else 0)
    if phase == "setup":
        needed = 0
    if sum(pile) < needed:
        raise PositionError("pile", f"{sum(pile)} cards cannot fill the {needed} draws still to come (R24)")
    strengths = tuple(tuple(pile_strength(p) for p in side) for side in piles)
    to_move = _to_move(phase, splitter, hands)
    return build(game, phase, round_, splitter, pile, aside, setup_left, early, table, offers, hands, to_move,
                 piles, chests, removed, strengths, None, ())


def _hidden(data: Mapping[str, Any], unseen: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pile and set-aside counts: together exactly the cards not elsewhere (conservation, E6)."""
    given = {f: _count_map(data[f], f) for f in ("pile", "aside") if f in data}
    if not given:
        return unseen, NO_CARDS
    field, counts = next(iter(given.items()))
    rest = tuple(u - c for u, c in zip(unseen, counts, strict=True))
    if min(rest) < 0 or (len(given) == 2 and given["aside"] != rest):
        raise PositionError(field, "cards are not conserved: pile and set-aside cards must be exactly the cards "
                                   "not elsewhere")
    return (counts, rest) if field == "pile" else (rest, counts)


def _guess_phase(data: Mapping[str, Any]) -> str:
    """A hand-made position without a phase: read it off the cards lying out."""
    if any(h for h in data.get("hands", []) if isinstance(h, list)):
        return "place"
    if data.get("offers"):
        return "choose"
    table = data.get("table", [])
    return "split" if isinstance(table, list) and len(table) == CARDS_PER_ROUND else "draw"


PIRATES_INDEX = {c: i for i, c in enumerate(PIRATES)}   # E6: chests hold pirate cards only


def _to_move(phase: str, splitter: int | None, hands: tuple) -> int | None:
    if phase == "split":
        return splitter
    if phase == "choose":
        return 1 - splitter
    if phase == "place":
        return 1 - splitter if hands[1 - splitter] else splitter
    return None


def _check_phase(game, phase, round_, splitter, table, offers, hands, setup_left) -> None:
    """The fields that must agree with the phase (T1-T6, S4-S8)."""
    opts = game.options
    if phase == "setup" and not setup_left:
        raise PositionError("setup_left", "setup needs cards still to set aside (S4, S6)")
    if phase != "setup" and any(setup_left):
        raise PositionError("setup_left", "setup is over: no cards are still to set aside")
    if phase == "start" and opts["start_player"] != "random":
        raise PositionError("phase", "the start player is only drawn at random with start_player='random' (V8)")
    if len(table) > CARDS_PER_ROUND or ((phase == "split") != (len(table) == CARDS_PER_ROUND) and phase in (
            "draw", "split")) or (table and phase not in ("draw", "split", "choose")):
        raise PositionError("table", f"{len(table)} drawn cards do not fit phase {phase} (T1, R2)")
    if phase == "choose":
        sizes = sorted(len(o) for o in offers)
        if sizes not in ([1, 4], [2, 3]) or sorted((*offers[0], *offers[1]), key=CARD_INDEX.get) != list(table):
            raise PositionError("offers", "two offers of 1-4 cards that together are the table (R3, R4)")
    elif phase != "place" and offers:
        raise PositionError("offers", f"no offers lie out in phase {phase}")
    if phase == "place":
        if len(offers) != 2 or not (hands[0] or hands[1]):
            raise PositionError("hands", "placing needs the two offers and cards in hand (T4, T5)")
        if hands[1 - splitter] and not hands[splitter]:
            raise PositionError("hands", "the splitter holds cards until the chooser has used all (R6)")
        if splitter is not None and len(hands[splitter]) + len(hands[1 - splitter]) > CARDS_PER_ROUND:
            raise PositionError("hands", "at most five cards are used in a round (R2)")
    elif any(hands):
        raise PositionError("hands", f"nobody holds cards in phase {phase} (R7)")
    if phase == "over" and round_ != rounds(game):
        raise PositionError("round", f"the game ends after round {rounds(game)} (R24, E1)")


# -- views -------------------------------------------------------------------------------
def view(s: JollyState, player: int | None = None) -> View:
    """What `player` may know (Hidden information): everything but the pile and set-aside cards."""
    from .render import board_svg

    caps = s.captains()
    gold = [s.gold(0), s.gold(1)]
    chests: list[Any] = [list(c) for c in s.chests]
    total = list(scores(s))
    if player is not None and s.game.options["chest_visibility"] == "owner_only":   # V7, A17
        chests[1 - player] = gold[1 - player] = total[1 - player] = None
    unseen = tuple(a + b for a, b in zip(s.pile, s.aside, strict=True))
    data: dict[str, Any] = {
        "game": s.game.to_dict(), "seat": player, "phase": s.phase, "round": s.round, "rounds": rounds(s.game),
        "splitter": s.splitter, "to_move": s.player, "table": list(s.table),
        "offers": [list(o) for o in s.offers], "hands": [list(h) for h in s.hands],
        "piles": [{ship: list(p) for ship, p in zip(SHIPS, side, strict=True)} for side in s.piles],
        "strengths": [list(x) for x in s.strengths], "captains": list(caps),
        "ship_values": dict(zip(SHIPS, SHIP_VALUE, strict=True)), "chests": chests, "gold": gold,
        "scores": total, "removed": list(s.removed), "unseen": _counts_dict(unseen),
        "pile_size": sum(s.pile), "aside_size": sum(s.aside), "early": s.early, "setup_left": list(s.setup_left),
        "winners": [list(g) for g in winners(s)] if s.is_over else [],
        "legal": [str(a) for a in s.legal_actions()],
    }
    if player is None or (s.is_over and s.game.options["reveal_removed_at_end"]):   # V9, A20
        data["aside"] = _counts_dict(s.aside)
    if player is None:
        data["pile"] = _counts_dict(s.pile)
    return View(data, board_svg)


def sample_state(game: Any, seen: Mapping[str, Any], rng: random.Random) -> JollyState:
    """A full state consistent with a view: the unseen cards dealt to pile and set-aside exactly.

    Sequential variant (C3): the S4 removals are a uniform subset of the unseen pirate cards,
    the rest of the set-aside cards a uniform subset of what remains; otherwise one uniform split.
    """
    unseen = [c for c, n in seen["unseen"].items() for _ in range(n)]
    chests = [list(c) if c is not None else None for c in seen["chests"]]
    if None in chests:          # V7 hides the opponent's chest; the deck tells what it holds
        chests[chests.index(None)] = _missing_chest(game, seen, unseen)
    early = seen["early"] if game.options["special_cards"] and game.options["variant_removal"] == "sequential" else 0
    pirates = [c for c in unseen if c in VALUE]
    rng.shuffle(pirates)
    first = pirates[:early]
    rest = list(unseen)
    for card in first:
        rest.remove(card)
    rng.shuffle(rest)
    aside = first + rest[:seen["aside_size"] - early]
    counts = [0] * len(CARDS)
    for card in aside:
        counts[CARD_INDEX[card]] += 1
    data = {key: seen[key] for key in ("phase", "round", "splitter", "table", "offers", "hands", "piles",
                                       "removed", "setup_left", "early")}
    data.update(chests=chests, aside=_counts_dict(counts))
    return from_dict(game, data)


def _missing_chest(game: Any, seen: Mapping[str, Any], unseen: list[str]) -> list[str]:
    deck = list(_deck(game.options, tuple(seen["setup_left"])))
    gone = [*seen["table"], *seen["removed"], *unseen, *(c for h in seen["hands"] for c in h),
            *(c for ch in seen["chests"] if ch is not None for c in ch),
            *(entry_card(e) for side in seen["piles"] for pile in side.values() for e in pile)]
    for card in gone:
        deck[CARD_INDEX[card]] -= 1
    return [c for c, n in zip(CARDS, deck, strict=True) for _ in range(n)]


__all__ = ["NO_CARDS", "from_dict", "sample_state", "to_dict", "view"]
