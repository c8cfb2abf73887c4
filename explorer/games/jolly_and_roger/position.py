"""Jolly & Roger position data: `to_dict`, the validating `from_dict`, views and `sample_state`.

The same position as the notation, as JSON for tools; every field may be left out, and
what is left out is where the setup puts it (the flag by round, S8/R23; unseen cards in the
draw pile or set aside, C1-C3). This one is round 1's choice: Player 1 split the five cards.

>>> import explorer
>>> game = explorer.load("jolly_and_roger")
>>> state = game.state_from_dict({
...     "game": {"name": "jolly_and_roger", "players": 2, "options": {}},
...     "phase": "choose",                           # setup | start | draw | split | choose | place | over
...     "round": 1, "splitter": 0,                   # seats 0 (Player 1) and 1 (Player 2)
...     "table": ["G1", "G1", "Y2", "B3", "R5"],     # cards drawn this round (T1)
...     "offers": [["R5"], ["G1", "G1", "Y2", "B3"]],  # the split: two offers (T2)
...     "hands": [[], []],                           # cards each player must still use (R7)
...     "piles": [{"G": [], "Y": [], "B": [], "R": []},   # Player 1's crews, bottom card first
...               {"G": [], "Y": [], "B": [], "R": []}],  # Player 2's crews
...     "chests": [[], []],                          # boarded cards (E2)
...     "removed": [],                               # face-up out-of-game cards (K7)
... })
>>> state.player, [str(a) for a in state.legal_actions()]
(1, ['take R5', 'take G1 G1 Y2 B3'])

Fields:

- ``phase``, ``round``, ``splitter``: the step (``setup`` ``start`` ``draw`` ``split`` ``choose``
  ``place`` ``over``), the round and the flag holder (0 or 1; null before S8 decides).
- ``table``, ``offers``, ``hands``: this round's cards (T1-T5). While placing, ``offers`` may be
  left out; written, they must fit the hands and the cards already used.
- ``piles``: per player an object ``{"G": [...], "Y": [...], "B": [...], "R": [...]}``, bottom
  first. Entries: ``G3`` pirate side (own colour only), ``p:G3`` parrot, ``t:G3`` turned by a
  Tortuga, ``SK`` Skeleton, ``p:KR`` a special as parrot (V4).
- ``chests`` (pirate cards only), ``removed`` (Kraken victims, used Krakens and Tortugas).
- ``pile`` and ``aside``: hidden card counts like ``{"G2": 3}``, the truth a teacher may write
  (one fixes the other). Left out, the set-aside cards stay undecided among the unseen
  cards and each draw has the players' odds (C3). ``setup_left`` (cards still to set
  aside per setup stage) and ``early`` (S4 removals among the set-aside cards) follow from
  them and, written, must agree.

Every card is counted once over all places (43 pirate cards, plus 7 specials with V1), and
a position must be one play can reach: the round and step fix how many cards were drawn,
all of them face up somewhere, and how many are in the pile and set aside (S4-S7, R24).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.view import View

from .checks import (
    PIRATES_INDEX,
    SEAT,
    cards,
    check_chests,
    check_out_of_game,
    check_place,
    check_root,
    check_splitter,
    count_map,
    crew_piles,
    deck,
    drawn_so_far,
    hidden_rules,
    listed,
    pile_size,
    place_of,
    played_this_round,
    stages,
    step_words,
    whole,
)
from .data import CARD_INDEX, CARDS, CARDS_PER_ROUND, PIRATES, SHIP_VALUE, SHIPS, VALUE
from .model import (
    NO_CARDS,
    PHASES,
    JollyState,
    aside_total,
    build,
    early_total,
    entry_card,
    pile_strength,
    undecided,
)
from .position_text import write as notation
from .render import board_svg
from .rules import rounds, scores, winners


def _counts_dict(counts) -> dict[str, int]:
    return {c: n for c, n in zip(CARDS, counts, strict=True) if n}


def to_dict(s: JollyState) -> dict:
    early, pending = undecided(s)
    data = {
        "game": s.game.to_dict(), "phase": s.phase, "round": s.round, "splitter": s.splitter,
        "table": list(s.table), "offers": [list(o) for o in s.offers], "hands": [list(h) for h in s.hands],
        "piles": [{ship: list(pile) for ship, pile in zip(SHIPS, side, strict=True)} for side in s.piles],
        "chests": [list(c) for c in s.chests], "removed": list(s.removed),
        "pile": _counts_dict(s.pile), "aside": _counts_dict(s.aside),
        "setup_left": list(s.setup_left), "early": s.early + early,
    }
    if pending:         # the set-aside cards were never written: they stay unwritten
        for key in ("pile", "aside", "setup_left"):
            del data[key]
    return data


def from_dict(game: Any, data: Mapping[str, Any], checked: bool = True) -> JollyState:
    """Validate position data and build the state; `PositionError` names the first bad field.

    ``checked=False`` is the engines' path (solver tests build small what-if pools with it): the
    fields are read and the cards conserved, but not whether the position could arise in play."""
    check_root(game, data)
    opts, last = game.options, rounds(game)
    phase = data.get("phase") if "phase" in data else _guess_phase(game, data)
    if not isinstance(phase, str) or phase not in PHASES:
        raise PositionError("phase", f"{phase!r} is not one of {', '.join(PHASES)}")
    round_ = whole(data.get("round", 1), "round", 1, last)
    splitter = data.get("splitter", _default_splitter(game, phase, round_))
    if splitter is not None:
        splitter = whole(splitter, "splitter", 0, 1)
    elif phase not in ("setup", "start"):
        raise PositionError("splitter", f"someone holds the flag in phase {phase}: write who (S8, V8, R23)")
    table = cards(data.get("table", []), "table")
    offers = tuple(sorted((cards(o, f"offers.{i}") for i, o in enumerate(listed(data.get("offers", []), "offers"))),
                          key=len))
    hands = tuple(cards(h, f"hands.{i}") for i, h in enumerate(listed(data.get("hands", [[], []]), "hands", 2)))
    piles = crew_piles(data.get("piles", [{}, {}]), opts)
    chests = tuple(cards(c, f"chests.{i}", PIRATES_INDEX)
                   for i, c in enumerate(listed(data.get("chests", [[], []]), "chests", 2)))
    removed = cards(data.get("removed", []), "removed", keep_order=True)
    _check_phase(game, phase, round_, splitter, table, offers, hands, piles, chests, removed, checked)
    where = [("table", table), *((f"hands.{p}", hands[p]) for p in (0, 1)),
             *((f"piles.{p}.{ship}", tuple(entry_card(e) for e in piles[p][i]))
               for p in (0, 1) for i, ship in enumerate(SHIPS)),
             *((f"chests.{p}", chests[p]) for p in (0, 1)), ("removed", removed)]
    if checked:
        check_splitter(game, phase, round_, splitter)
        check_out_of_game(opts, piles, removed)
        check_chests(opts, piles, chests)
        if phase == "place" and offers:
            _check_played(splitter, offers, hands, where)
    pile, aside, setup_left, early = _hidden(game, data, phase, round_, table, where, checked)
    strengths = tuple(tuple(pile_strength(p) for p in side) for side in piles)
    to_move = _to_move(phase, splitter, hands)
    return build(game, phase=phase, round=round_, splitter=splitter, pile=pile, aside=aside, setup_left=setup_left,
                 early=early, table=table, offers=offers, hands=hands, to_move=to_move, piles=piles, chests=chests,
                 removed=removed, strengths=strengths)


def _default_splitter(game: Any, phase: str, round_: int) -> int | None:
    """Unwritten, the flag is where the set-up puts it: the start player in odd rounds (S8, R23)."""
    choice = game.options["start_player"]
    if phase in ("setup", "start") or choice == "random":
        return None
    return ((0 if choice == "P1" else 1) + round_ - 1) % 2


def _check_played(splitter: int, offers: tuple, hands: tuple, where: list) -> None:
    """Cards already used from an offer lie in the player's crews or chest, or out of the game (R7-R8)."""
    problem = ""
    for way in played_this_round(splitter, offers, hands):
        out = [c for field, held in where if field == "removed" for c in held]
        problem = ""
        for player, used in way:
            rest = [c for field, held in where if field.startswith((f"piles.{player}", f"chests.{player}"))
                    for c in held]
            for card in used:
                if card in rest:
                    rest.remove(card)
                elif card in out:
                    out.remove(card)
                else:
                    problem = problem or (f"{SEAT[player]} has used {card} from their offer, but it is not in "
                                          "their crews, chest or out of the game (R7, R9-R11, R19)")
        if not problem:
            return
    raise PositionError("offers", problem)


def _hidden(game: Any, data: Mapping[str, Any], phase: str, round_: int, table: tuple[str, ...], where: list,
            checked: bool) -> tuple:
    """Draw pile, set-aside cards, setup stages left and S4 removals (S4-S7, C1-C3).

    Written or not, the unseen cards are the game's cards not lying anywhere else. Unwritten
    (neither ``pile`` nor ``aside``), the set-aside cards stay undecided among the pile."""
    opts, last = game.options, rounds(game)
    given = {f: count_map(data[f], f) for f in ("pile", "aside") if f in data}
    done = sum(given["aside"]) if "aside" in given else 0
    in_game = deck(opts, phase, done)
    used = [0] * len(CARDS)
    for field, held in where:
        for card in held:
            i = CARD_INDEX[card]
            used[i] += 1
            if used[i] > in_game[i]:
                extra = "" if in_game[i] else " (the specials are used only with special_cards, V1)"
                raise PositionError(place_of(card, where[:where.index((field, held)) + 1]),
                                    f"more copies of {card} than the game has{extra} (K2, K3, E6)")
    unseen = tuple(d - u for d, u in zip(in_game, used, strict=True))
    total, early_all, rules = aside_total(opts), early_total(opts), hidden_rules(opts)
    if checked and phase != "setup":
        for field in ("pile", "aside"):
            size = pile_size(opts, phase, round_, table, last) if field == "pile" else total
            if field in given and sum(given[field]) != size:
                what = "in the draw pile" if field == "pile" else "set aside unseen"
                raise PositionError(field, f"{sum(given[field])} cards {what}, but at {step_words(phase, round_)} "
                                           f"there are exactly {size} ({rules})")
        seen, drawn = sum(len(h) for _, h in where), drawn_so_far(phase, round_, table, last)
        if seen != drawn:
            raise PositionError("round", f"{drawn} cards have been drawn by {step_words(phase, round_)}, but "
                                         f"{seen} are written; a drawn card lies face up somewhere: on the table, "
                                         "in a hand, a crew, a chest or out of the game (T1, R2, R7, R13)")
    if not given:
        if phase == "setup" or not total:
            return unseen, NO_CARDS, stages(opts, 0) if phase == "setup" else (), 0
        return unseen, NO_CARDS, stages(opts, 0), 0                   # undecided: see model.undecided
    field, counts = next(iter(given.items()))
    rest = tuple(u - c for u, c in zip(unseen, counts, strict=True))
    if min(rest) < 0 or (len(given) == 2 and given["aside"] != rest):
        raise PositionError(field, "cards are not conserved: the draw pile and the set-aside cards are exactly "
                                   "the cards lying nowhere else (E6)")
    pile, aside = (counts, rest) if field == "pile" else (rest, counts)
    done = sum(aside)
    pirates = sum(aside[:len(PIRATES)])
    if phase == "setup":
        if checked and done >= total:
            raise PositionError("aside", f"setup sets {total} cards aside; with {done} it is over ({rules})")
        left, early = stages(opts, done), min(done, early_all)
    else:
        left, early = (), early_all
    if not checked:
        early = whole(data.get("early", early), "early", 0, 10)
        left = tuple(whole(n, f"setup_left.{i}", 0, 10)
                     for i, n in enumerate(listed(data.get("setup_left", list(left)), "setup_left")))
    elif "setup_left" in data and data["setup_left"] != list(left):
        raise PositionError("setup_left", f"{data['setup_left']!r}, but with {done} set aside the setup has "
                                          f"{list(left)} still to set aside ({rules})")
    if early > pirates:
        raise PositionError("early", f"{early} S4 removals, but only {pirates} pirate cards are set aside "
                                     "(S4, S6, C3)")
    if checked and "early" in data and data["early"] != early:
        raise PositionError("early", f"{data['early']!r}, but the setup makes {early} S4 removals by now (S4, S6)")
    return pile, aside, left, early


def _guess_phase(game: Any, data: Mapping[str, Any]) -> str:
    """A hand-made position without a phase: read it off the cards lying out."""
    hands = data.get("hands", [])
    if isinstance(hands, list) and any(h for h in hands if isinstance(h, list)):
        return "place"
    if data.get("offers"):
        return "choose"
    table = data.get("table", [])
    if isinstance(table, list) and len(table) == CARDS_PER_ROUND:
        return "split"
    if game.options["start_player"] == "random" and "splitter" not in data and data.get("round", 1) == 1 \
            and not table:
        return "start"
    return "draw"


def _to_move(phase: str, splitter: int | None, hands: tuple) -> int | None:
    if phase == "split":
        return splitter
    if phase == "choose":
        return 1 - splitter
    if phase == "place":
        return 1 - splitter if hands[1 - splitter] else splitter
    return None


def _check_phase(game, phase, round_, splitter, table, offers, hands, piles, chests, removed, checked) -> None:
    """The fields that must agree with the step (T1-T6, S4-S8)."""
    opts = game.options
    if phase in ("setup", "start"):
        if phase == "setup" and opts["long_game"]:
            raise PositionError("phase", "the long game sets nothing aside, so it has no setup step (S7)")
        if phase == "start" and opts["start_player"] != "random":
            raise PositionError("phase", "the start player is only drawn at random with start_player='random' (V8)")
        if round_ != 1 or splitter is not None:
            raise PositionError("round" if round_ != 1 else "splitter",
                                "before round 1 nobody holds the flag yet (S8)")
        if table or offers or any(hands) or any(e for side in piles for e in side) or any(chests) or removed:
            raise PositionError("table" if table else "piles", "no card is drawn or played before round 1 (S1-S8)")
        return
    if len(table) > CARDS_PER_ROUND or (phase == "draw" and len(table) == CARDS_PER_ROUND) or (
            phase in ("split", "choose") and len(table) != CARDS_PER_ROUND) or (
            table and phase not in ("draw", "split", "choose")):
        raise PositionError("table", f"{len(table)} drawn cards do not fit the {phase} step: the splitter draws "
                                     "five, splits them and the chooser takes an offer (T1-T3, R2)")
    if phase == "choose":
        if len(offers) != 2 or any(not o for o in offers):
            raise PositionError("offers", "two offers, neither empty: a split with an empty set is not allowed (R4)")
        if sorted(len(o) for o in offers) not in ([1, 4], [2, 3]) or sorted(
                (*offers[0], *offers[1]), key=CARD_INDEX.get) != list(table):
            raise PositionError("offers", "two offers of 1-4 cards that together are the drawn cards (R3, R4)")
    elif phase != "place" and offers:
        raise PositionError("offers", f"no offers lie out in the {phase} step (T2-T5)")
    if phase == "place":
        check_place(splitter, offers, hands, checked)
    elif any(hands):
        raise PositionError(f"hands.{0 if hands[0] else 1}", f"nobody holds cards in the {phase} step (T4, R7)")
    if phase == "over" and round_ != rounds(game):
        raise PositionError("round", f"the game ends after round {rounds(game)} (R24, E1)")


# -- views -------------------------------------------------------------------------------
def view(s: JollyState, player: int | None = None) -> View:
    """What `player` may know (Hidden information): everything but the pile and set-aside cards."""
    caps = s.captains()
    gold = [s.gold(0), s.gold(1)]
    chests: list[Any] = [list(c) for c in s.chests]
    total = list(scores(s))
    if player is not None and s.game.options["chest_visibility"] == "owner_only":   # V7, A17
        chests[1 - player] = gold[1 - player] = total[1 - player] = None
    unseen = tuple(a + b for a, b in zip(s.pile, s.aside, strict=True))
    early, pending = undecided(s)     # a partial position's undecided set-aside cards: same knowledge
    data: dict[str, Any] = {
        "game": s.game.to_dict(), "seat": player, "phase": s.phase, "round": s.round, "rounds": rounds(s.game),
        "splitter": s.splitter, "to_move": s.player, "table": list(s.table),
        "offers": [list(o) for o in s.offers], "hands": [list(h) for h in s.hands],
        "piles": [{ship: list(p) for ship, p in zip(SHIPS, side, strict=True)} for side in s.piles],
        "strengths": [list(x) for x in s.strengths], "captains": list(caps),
        "ship_values": dict(zip(SHIPS, SHIP_VALUE, strict=True)), "chests": chests, "gold": gold,
        "scores": total, "removed": list(s.removed), "unseen": _counts_dict(unseen),
        "pile_size": sum(s.pile) - pending, "aside_size": sum(s.aside) + pending, "early": s.early + early,
        "setup_left": list(s.setup_left) if s.phase == "setup" else [],
        "winners": [list(g) for g in winners(s)] if s.is_over else [],
        "legal": [str(a) for a in s.legal_actions()],
    }
    if not pending and (player is None or (s.is_over and s.game.options["reveal_removed_at_end"])):  # V9, A20
        data["aside"] = _counts_dict(s.aside)
    if player is None and not pending:      # undecided set-aside cards: even the teacher cannot say
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
    return from_dict(game, data, checked=False)     # the view came from a position; only hidden cards move


def _missing_chest(game: Any, seen: Mapping[str, Any], unseen: list[str]) -> list[str]:
    cards_in_game = list(deck(game.options, seen["phase"], seen["aside_size"]))
    gone = [*seen["table"], *seen["removed"], *unseen, *(c for h in seen["hands"] for c in h),
            *(c for ch in seen["chests"] if ch is not None for c in ch),
            *(entry_card(e) for side in seen["piles"] for pile in side.values() for e in pile)]
    for card in gone:
        cards_in_game[CARD_INDEX[card]] -= 1
    return [c for c, n in zip(CARDS, cards_in_game, strict=True) for _ in range(n)]


__all__ = ["NO_CARDS", "from_dict", "notation", "sample_state", "to_dict", "view"]
