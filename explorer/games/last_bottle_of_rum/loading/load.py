"""Reading position data (`game.state_from_dict`): partial, strict, explained.

Partial: a field left out is where the setup rules put it, unseen (S1-S13): cards, maps and
treasures written nowhere are in their decks (S2, S4), or in the discard pile when the deck is
written and the discard pile is not; a hand not written (or written as a
number) is dealt unseen from the deck (S8, S9: never a Kraken); a display not written is
turned up from the decks (S2, S3); ships start in the Hideout with nothing (S6, S7, S11).
Those deals are the position's first steps, chance nodes with their exact odds, so nothing
is decided at load and nothing is advanced past what was written.

Strict: anything the rules could not have left on the table is refused with one
`PositionError` naming the field and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..checks import check_limits, check_node, pairs_shown, read_board, read_display
from ..data import (
    ACTIONS,
    BASE_DECK,
    CAPTAINS,
    CONST,
    DAMAGE,
    FULL_DECK,
    KRAKEN,
    MAPS,
    TREASURES,
)
from ..model import RumState, Ship, Turn
from ..modules.position import in_flight, modules_in
from ..rulebook import ships as sh
from ..rulebook.work import new
from .fields import a_cell as _cell
from .fields import a_list as _list
from .fields import an_object as _dict
from .fields import bad as _bad
from .fields import ids as _ids
from .fields import known as _known
from .fields import whole as _int
from .pending import GHOST_STEPS, SETUP_ONLY, STEPS, step_in

PHASES = ("setup", "start", "play", "main", "over")
KEYS = ("game", "phase", "active", "winner", "turns", "ships", "tiles", "face_up", "display", "map_deck",
        "map_discard", "treasure_deck", "treasure_discard", "deck", "discard", "turn", "pending", "modules")
SHIP_KEYS = ("captain", "cell", "loot", "curse", "doubloons", "damage", "treasures", "hand", "shells", "peeks")
TURN_KEYS = ("played", "actions", "used", "attacked", "moves", "limit_from", "flags")
MAIN_ONLY = frozenset({"next_turn", "effect", "wind", "patch", "hands", "gale", "maelstrom", "weather", "roll",
                       "grog", "peek"})
FLAG_WORDS = {"c": "chain shot", "g": "re-roll used", "m": "peek used", "b": "bonus doubloon taken",
              "k": "becalmed"}
FLAG_LETTERS = {w: k for k, w in FLAG_WORDS.items()}


def check_game(game, block: Any) -> None:
    """A ``game`` block must name this game, its players and options; options it leaves out
    mean their defaults (so ``{"name": ..., "players": 2, "options": {}}`` is the plain game)."""
    block = _dict(block, "game")
    _known(block, ("name", "players", "options"), "game.")
    if block.get("name", game.name) != game.name:
        _bad("game", f"the position is for {block.get('name')!r}, not {game.name}")
    if block.get("players", game.players) != game.players:
        _bad("game", f"the position is for {block.get('players')!r} players, not {game.players}")
    options = _dict(block.get("options", {}), "game.options")
    specs = {s.name: s for s in game.option_specs()}
    for name in options:
        if name not in specs:
            _bad("game", f"{name!r} is not an option of {game.name}")
    for name, spec in specs.items():
        if options.get(name, spec.default) != game.options[name]:
            _bad("game", f"the position is for {name}={options.get(name, spec.default)!r}, "
                         f"not {game.options[name]!r} ({spec.rule})")


def _ship(raw: Any, field: str, game, setup: bool) -> tuple[Ship, int]:
    """One ship, and how many unseen cards its hand is still to be dealt (S8)."""
    data = _dict(raw, field)
    _known(data, SHIP_KEYS, f"{field}.")
    captain = data.get("captain", "")
    if captain == "" and not setup:
        _bad(f"{field}.captain", "every captain is chosen at setup (S5)")
    if not isinstance(captain, str) or (captain != "" and captain not in CAPTAINS):
        _bad(f"{field}.captain", f"{captain!r} is not a captain (D9): {', '.join(CAPTAINS)}")
    damage = _dict(data.get("damage", {}), f"{field}.damage")
    _known(damage, DAMAGE, f"{field}.damage.")
    counts = tuple(_int(damage.get(k, 0), f"{field}.damage.{k}", 0, 25, "K08") for k in DAMAGE)
    if sum(counts) > 5:
        _bad(f"{field}.damage", "more than 5 tokens on one ship (R39)")
    treasures = _ids(data.get("treasures", []), f"{field}.treasures", TREASURES)
    shells = _int(data.get("shells", 2 if captain == sh.CRABBY else 0), f"{field}.shells", 0, 2, "D9")
    if shells and captain != sh.CRABBY:
        _bad(f"{field}.shells", "only Crabby Jones has Shell tokens (S5, D9)")
    hand = data.get("hand", [] if setup else CONST["base_hand_size"] + (captain == sh.HUMBOLDT))
    unseen = 0
    if isinstance(hand, int) and not isinstance(hand, bool):
        unseen, hand = _int(hand, f"{field}.hand", 0, 12), []
    cards = tuple(sorted(_ids(hand, f"{field}.hand", FULL_DECK)))
    if not KRAKEN.isdisjoint(cards):
        _bad(f"{field}.hand", "a Kraken card is never kept in hand: it resolves when drawn (R6, S9)")
    peeks = tuple(sorted({_cell(c, f"{field}.peeks") for c in _list(data.get("peeks", []), f"{field}.peeks")}))
    ship = Ship(captain, _cell(data.get("cell", "0,0"), f"{field}.cell"),
                _int(data.get("loot", 0), f"{field}.loot", 0, 999, "R2"),
                _int(data.get("curse", 0), f"{field}.curse", 0, 5, "R2"),
                _int(data.get("doubloons", game.options["starting_doubloons"]), f"{field}.doubloons", 0, 999, "R32"),
                counts,
                treasures, cards, shells, peeks)
    return ship, unseen


def _flags(raw: Any) -> str:
    """Turn flags as letters (``"cg"``) or public words (``["chain shot", "re-roll used"]``)."""
    if isinstance(raw, str) and set(raw) <= set(FLAG_WORDS) and len(set(raw)) == len(raw):
        return raw
    if isinstance(raw, list) and all(isinstance(w, str) and w in FLAG_LETTERS for w in raw):
        return "".join(FLAG_LETTERS[w] for w in dict.fromkeys(raw))
    return _bad("turn.flags", "letters among c g m b k, or words: " + ", ".join(FLAG_LETTERS))


def _turn(raw: Any, phase: str, n: int, active: int) -> Turn:
    data = _dict(raw, "turn")
    _known(data, TURN_KEYS, "turn.")
    actions = _dict(data.get("actions", {}), "turn.actions")
    _known(actions, tuple(ACTIONS), "turn.actions.")
    played = _ids(data.get("played", []), "turn.played", FULL_DECK)
    used = tuple(sorted(_ids(data.get("used", []), "turn.used", FULL_DECK)))
    if not set(used) <= set(played):
        _bad("turn.used", "only a played card's effect can have been used (R13, R15)")
    attacked = tuple(sorted({_int(x, "turn.attacked", -1, n - 1) for x in _list(data.get("attacked", []),
                                                                                   "turn.attacked")}))
    if active in attacked:
        _bad("turn.attacked", "a captain never attacks their own ship (R33)")
    turn = Turn(played, tuple(_int(actions.get(i, 0), f"turn.actions.{i}") for i in ACTIONS), used, attacked,
                _int(data.get("moves", 0), "turn.moves"), _int(data.get("limit_from", -1), "turn.limit_from", -1),
                _flags(data.get("flags", "")))
    if phase in ("setup", "start", "play", "over") and (turn.played or any(turn.actions)):
        _bad("turn.played", f"cards are played and actions used only after the play, not in the {phase} (T3, T4)")
    return turn


def _once(field: str, groups: list[tuple[str, tuple[str, ...]]], everything, data: Mapping) -> None:
    """Each component in one place; a missing one is blamed on a place left out of `data`, if any."""
    seen: dict[str, str] = {}
    for where, items in groups:
        for x in items:
            if x in seen:
                _bad(where, f"{x} is also in {seen[x]}: every component exists once")
            seen[x] = where
    missing = sorted(set(everything) - set(seen))
    if missing:
        field = next((w.split(".")[0] for w, _ in groups if w.split(".")[0] not in data), field)
        _bad(field, f"{', '.join(missing[:5])} missing: every component must be somewhere (or leave the pile out)")


def _pending(data: Mapping, game, phase: str) -> tuple[tuple, ...]:
    default = [["turn_start"]] if phase == "start" else []
    raw = _list(data.get("pending", default), "pending")
    pending = tuple(step_in(t, f"pending.{i}", game.players, game.rules) for i, t in enumerate(raw))
    for i, task in enumerate(pending):
        kind = task[0]
        if kind in GHOST_STEPS and not game.options["ghost"]:
            _bad(f"pending.{i}", f"'{STEPS[kind].words}' belongs to the Ghost module, which is off (V3)")
        if phase != "setup" and kind in SETUP_ONLY and kind != "setup_tile":
            _bad(f"pending.{i}", f"'{STEPS[kind].words}' happens only at setup, not in the {phase} (S5, S10)")
        if kind in MAIN_ONLY and phase != "main":
            _bad(f"pending.{i}", f"'{STEPS[kind].words}' follows an action or effect of the main phase, not the "
                                 f"{phase} (T4)")
        if kind == "to_play" and phase != "start":
            _bad(f"pending.{i}", f"'{STEPS[kind].words}' ends the start of a turn, not the {phase} (T1-T3)")
    if phase == "start" and not any(t[0] in ("turn_start", "to_play") for t in pending):
        _bad("pending", "the start of a turn always leads on to the play (T1-T3): write its steps or leave "
                        "them out")
    if phase == "over" and pending:
        _bad("pending", "nothing is left to resolve once the game is over (R1)")
    return pending


def from_dict(game, data: Any):
    """Validate (partial) position data and build the state; `PositionError` names the field."""
    data = _dict(data, "position")
    _known(data, KEYS, "")
    if "game" in data:
        check_game(game, data["game"])
    n, opts = game.players, game.options
    phase = data.get("phase", _phase_left_out(data))
    if phase not in PHASES:
        _bad("phase", f"{phase!r} is not one of {', '.join(PHASES)}")
    setup = phase == "setup"
    active = _int(data.get("active", -1 if setup else 0), "active", -1 if setup else 0, n - 1)
    winner = -1 if data.get("winner") is None else _int(data["winner"], "winner", 0, n - 1)
    turns = _int(data.get("turns", 0), "turns", 0, 10**6)
    raw_ships = _list(data.get("ships", [{} for _ in range(n)]), "ships")
    if len(raw_ships) != n:
        _bad("ships", f"{len(raw_ships)} ships for {n} players (S5)")
    read = [_ship(x, f"ships.{i}", game, setup) for i, x in enumerate(raw_ships)]
    ships = tuple(s for s, _ in read)
    for i, s in enumerate(ships):
        if s.captain and s.captain in (x.captain for x in ships[:i]):
            _bad(f"ships.{i}.captain", f"{s.captain} already commands another ship (S5)")
    pending = _pending(data, game, phase)
    tiles, face_up, deals = read_board(data, ships, pending, game, setup)
    display = read_display(data)
    turn = _turn(data.get("turn", {}), phase, n, active)
    if phase in ("play", "main") and turn.limit_from < 0 and sh.limited(ships[active]):
        turn = turn._replace(limit_from=0)      # R45: a limit held at load counts from the turn's start
    mods = modules_in(game, data.get("modules"), tiles, in_flight(pending))
    all_cards = FULL_DECK if opts["weather"] else BASE_DECK
    held = [("turn.played", turn.played), *((f"ships.{i}.hand", s.hand) for i, s in enumerate(ships)),
            ("modules.ghost.cards", mods.ghost.cards if mods.ghost else ())]
    deck, discard = _action_piles(data, held, all_cards)
    unseen = [(i, k) for i, (_, k) in enumerate(read) if k]
    if sum(k for _, k in unseen) > sum(c not in KRAKEN for c in (*deck, *discard)):
        _bad(f"ships.{unseen[0][0]}.hand", "more unseen cards in hand than the deck and discard pile hold (S8)")
    treasure_maps = tuple(t[1] for t in pending if t[0] == "treasure")
    maps_out = (*(m for m, _ in display), *treasure_maps)
    map_discard = _ids(data.get("map_discard", []), "map_discard", MAPS)
    map_deck = _ids(data["map_deck"], "map_deck", MAPS) if "map_deck" in data else tuple(
        m for m in MAPS if m not in (*maps_out, *map_discard))
    _once("map_deck", [("map_deck", map_deck), ("map_discard", map_discard), ("display", tuple(m for m, _ in display)),
                       ("pending", treasure_maps)], MAPS, data)
    aboard = [*((f"ships.{i}.treasures", s.treasures) for i, s in enumerate(ships)),
              ("modules.ghost.treasures", mods.ghost.treasures if mods.ghost else ()),
              ("display", tuple(t for _, t in display))]
    treasure_discard = _ids(data.get("treasure_discard", []), "treasure_discard", TREASURES)
    known = {t for _, group in aboard for t in group} | set(treasure_discard)
    treasure_deck = _ids(data["treasure_deck"], "treasure_deck", TREASURES) if "treasure_deck" in data else tuple(
        t for t in sorted(TREASURES) if t not in known)
    _once("treasure_deck", [("treasure_deck", treasure_deck), ("treasure_discard", treasure_discard), *aboard],
          TREASURES, data)
    check_limits(game, ships, mods, pending, phase, winner, turns, display, data)
    if "display" not in data and not setup:
        coming = sum(t[0] in ("pair", "map", "treasure") for t in pending)
        deals = (*deals, *(("pair",),) * (pairs_shown(game) - coming))   # S2, S3: the display is turned up
    deals = (*(("draw", i, k, 1) for i, k in unseen), *deals)    # S8, S9: unseen hands are dealt first
    state = new(RumState, game, ships=ships, tiles=tiles, face_up=face_up, display=tuple(display),
                map_deck=tuple(sorted(map_deck)), map_discard=tuple(sorted(map_discard)),
                treasure_deck=tuple(sorted(treasure_deck)), treasure_discard=tuple(sorted(treasure_discard)),
                deck=tuple(sorted(deck)), discard=tuple(sorted(discard)), active=active, phase=phase, turn=turn,
                pending=(*deals, *pending), winner=winner, turns=turns, mods=mods)
    check_node(state)
    return state


def _action_piles(data: Mapping, held: list, all_cards) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Action deck and discard pile: the one left out takes every card written nowhere (the
    deck, as set up, S4), both written must hold them all."""
    piles = {k: _ids(data[k], k, all_cards) for k in ("deck", "discard") if k in data}
    written = {c for _, cards in held for c in cards} | {c for cards in piles.values() for c in cards}
    rest = tuple(c for c in all_cards if c not in written)
    deck = piles.get("deck", rest)
    discard = piles.get("discard", () if "deck" not in piles else rest)
    _once("deck", [("deck", deck), ("discard", discard), *held], all_cards, data)
    return deck, discard


def _phase_left_out(data: Mapping) -> str:
    """A position with no phase is at the start of a turn (T1), unless what is written is setup's:
    no one's turn yet, or a setup step waiting (S5, S10, S13)."""
    pending = data.get("pending")
    kinds = {t[0] for t in pending if isinstance(t, list) and t and isinstance(t[0], str)} \
        if isinstance(pending, list) else set()
    return "setup" if data.get("active") == -1 or kinds & SETUP_ONLY else "start"


