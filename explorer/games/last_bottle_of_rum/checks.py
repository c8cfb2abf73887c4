"""What the table as a whole must hold: the board and its ships, the counts the rules bound, the
end of the game, and a waiting step the rules would still ask (S1, S13, R1, R19, R28, R32, K08)."""

from __future__ import annotations

from collections.abc import Mapping

from .data import CELLS, CONST, DAMAGE, MAPS, TILES, TREASURES
from .flow import STILL_NEEDED
from .loading.fields import a_cell as _cell
from .loading.fields import a_list as _list
from .loading.fields import an_object as _dict
from .loading.fields import bad as _bad
from .loading.pending import STEPS
from .rulebook import ships as sh
from .rulebook.work import DECISION, Work, node_of, off_bank


def pairs_shown(game) -> int:
    if game.options["ghost"]:
        return CONST["pairs_ghost"]
    return CONST["pairs_large"] if game.players >= 4 else CONST["pairs_small"]


def read_display(data: Mapping) -> list[tuple[str, str]]:
    display = []
    for i, pair in enumerate(_list(data.get("display", []), "display")):
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(x, str) for x in pair) \
                or pair[0] not in MAPS or pair[1] not in TREASURES:
            _bad(f"display.{i}", "a pair is [map, treasure] (S2)")
        display.append((pair[0], pair[1]))
    return display


def read_board(data: Mapping, ships, pending, game, setup: bool) -> tuple[tuple[str, ...], int, tuple]:
    """Tiles, the face-up cells and, in the Ghost module, the tiles still to lay face up (S13)."""
    tiles = ["" for _ in CELLS]
    for key, tile in _dict(data.get("tiles", {}), "tiles").items():
        cell = _cell(key, "tiles")
        if cell == 0 or not isinstance(tile, str) or tile not in TILES:
            _bad(f"tiles.{key}", f"{tile!r} is not an island tile on an island cell (S1, D2)")
        if tile in tiles:
            _bad(f"tiles.{key}", f"{tile} lies on two cells (S1)")
        tiles[cell] = tile
    face_up = 1
    for c in _list(data.get("face_up", []), "face_up"):
        cell = _cell(c, "face_up")
        if cell and not tiles[cell]:
            _bad("face_up", f"cell {c} is face up but 'tiles' does not say which tile lies there (R19)")
        face_up |= 1 << cell
    peeked = {c for s in ships for c in s.peeks}
    for i, s in enumerate(ships):
        for c in s.peeks:
            if not tiles[c] and not any(t[0] == "peek_tile" and t[2] == c for t in pending):
                _bad(f"ships.{i}.peeks", f"the tile on {CELLS[c]} was looked at, so 'tiles' must name it (E05)")
    laid = {t[1] for t in pending if t[0] == "setup_tile"}
    deals: tuple = ()
    if game.options["ghost"] and not setup:
        missing = [c for c in range(1, 31) if not tiles[c] and c not in laid]
        deals = tuple(("setup_tile", c) for c in missing)          # S13: every tile lies face up
        laid |= set(missing)
        for c in range(1, 31):
            if tiles[c] and not face_up >> c & 1:
                _bad("face_up", f"with the Ghost every tile lies face up (S13); {CELLS[c]} does not")
    for c in range(1, 31):
        if tiles[c] and not face_up >> c & 1 and c not in peeked:
            _bad(f"tiles.{CELLS[c][0]},{CELLS[c][1]}", "a face-down tile nobody has looked at is still unknown: "
                                                       "leave it out (C8)")
    for i, s in enumerate(ships):
        moving = any(t[0] == "tile" and t[1] == i and t[2] == s.cell for t in pending)
        if s.cell and not face_up >> s.cell & 1 and not moving and s.cell not in laid:
            _bad(f"ships.{i}.cell", "a ship stands only on the Hideout or a face-up tile: entering a face-down "
                                    "tile turns it face up (R19)")
    return tuple(tiles), face_up, deals


def check_limits(game, ships, mods, pending, phase, winner, turns, display, data) -> None:
    """Counts the rules bound: tokens, doubloons, slots, pairs, Loot and the end (K08, R1, R28, R32)."""
    n, opts = game.players, game.options
    ghost_damage = mods.ghost.damage if mods.ghost else (0,) * 5
    for i, k in enumerate(DAMAGE):
        if sum(s.damage[i] for s in ships) + ghost_damage[i] > 5:
            _bad("ships", f"more than 5 {k} tokens in play (K08)")
    bank = opts["bank_limit"]
    if bank is not None and sum(s.doubloons for s in ships) + off_bank(mods) > bank:
        _bad("ships", f"more doubloons than the bank's {bank} (R32)")
    for i, s in enumerate(ships):
        if sh.over_capacity(s) and ("fire", i) not in pending:
            _bad(f"ships.{i}.treasures", "more treasure than the captain board's slots hold (R28, R47)")
    coming = sum(t[0] in ("pair", "map", "treasure") for t in pending)
    if len(display) + coming > pairs_shown(game):
        _bad("display", f"at most {pairs_shown(game)} pairs lie face up in this set-up (S2, S3, S13)")
    limit = opts["turn_limit"]
    capped = limit is not None and turns >= limit * n
    if phase == "over":
        if winner < 0 and not capped:
            _bad("winner", "a game ends only when a captain reaches 10 Loot (R1, E1, E3)")
        if winner >= 0 and ships[winner].loot < CONST["loot_to_win"]:
            _bad("winner", "the winner is the captain with 10 Loot or more (R1)")
        return
    if winner >= 0:
        _bad("winner", "a game with a winner is over (R1): write phase over")
    rich = [i for i, s in enumerate(ships) if s.loot >= CONST["loot_to_win"]]
    if rich:
        _bad(f"ships.{rich[0]}.loot", "10 Loot ends the game at once (R1, E1)")
    if capped:
        _bad("turns", f"the house rule turn_limit={limit} ends the game after {limit * n} turns")


def check_node(state) -> None:
    """The step the position waits on must be one the rules would still ask (as `settle` keeps)."""
    if not state.pending:
        if state.phase == "setup":
            _bad("pending", "setup goes on until the first turn begins (S1-S10)")
        return
    task = state.pending[0]
    check = STILL_NEEDED.get(task[0])
    words = STEPS[task[0]].words
    if check is not None and not check(Work(state), task):
        _bad("pending.0", f"'{words}' cannot happen in this position ({STEPS[task[0]].rule})")
    if task[0] in DECISION and not state.legal_actions():
        _bad("pending.0", f"'{words}' leaves no choice here ({STEPS[task[0]].rule})")
    if node_of(state.phase, state.pending, state.active)[0] == "chance" and not state.chance_outcomes():
        _bad("pending.0", f"'{words}' has nothing to draw here ({STEPS[task[0]].rule})")
