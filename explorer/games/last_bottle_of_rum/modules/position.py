"""Position data of the modules (V1-V3): the ``"modules"`` object of `to_dict`, validated.

Format (every field optional; missing ones take a fresh game's values, and bounty cards written
nowhere are in the Bounty deck)::

    "modules": {"bounty_deck": ["B01", ...],          # unordered; includes the known top card
                "bounty_top": ["B07", 1],             # the card put back on top and who knows it, or null
                "bounties": [["B03"], []], "claimed": [[], ["B12"]],   # held face down / set aside
                "maelstrom": ["1,0", "2,-2"],         # [] until a Maelstrom card is played
                "coins": ["2,1"],                     # Ghost-mode coins still lying on tiles
                "ghost": {"cell": "3,-1", "doubloons": 2, "damage": {"SAIL": 1, ...},
                          "treasures": ["TR07"], "cards": [], "path": ["2,1", "3,-1"]},   # null: no Ghost
                "stats": [0, ...]}                    # the active player's bounty counters (13)

In a player's view the Bounty deck is a count, other players' bounties are counts, the top
card is shown only to the player who knows it (the others see ``["?", knower]``), and the
Ghost's damage is a count (C13).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError

from ..data import BOUNTIES, DAMAGE, FULL_DECK, HIDEOUT, TILES, TREASURES, cell_name, parse_cell
from ..model import Ghost, Modules
from .ghost import skull_cave

FIELDS = ("bounty_deck", "bounty_top", "bounties", "claimed", "maelstrom", "coins", "ghost", "stats")


def modules_out(m: Modules) -> dict:
    g = m.ghost
    return {
        "bounty_deck": list(m.bounty_deck),
        "bounty_top": [m.bounty_top, m.bounty_knower] if m.bounty_top else None,
        "bounties": [list(b) for b in m.bounties], "claimed": [list(b) for b in m.claimed],
        "maelstrom": [cell_name(c) for c in m.maelstrom],
        "coins": [cell_name(c) for c in range(1, 31) if m.coins >> c & 1],
        "ghost": None if g is None else {
            "cell": cell_name(g.cell) if g.cell >= 0 else None, "doubloons": g.doubloons,
            "damage": dict(zip(DAMAGE, g.damage, strict=True)), "treasures": list(g.treasures),
            "cards": list(g.cards), "path": [cell_name(c) for c in g.path]},
        "stats": list(m.stats),
    }


def _bad(field: str, reason: str):
    raise PositionError(f"modules.{field}", reason)


def _cells(raw: Any, field: str) -> tuple[int, ...]:
    if not isinstance(raw, list):
        _bad(field, "must be a list of cells 'q,r'")
    out = []
    for x in raw:
        try:
            cell = parse_cell(x)
        except (TypeError, ValueError, KeyError, AttributeError):
            _bad(field, f"{x!r} is not a board cell 'q,r' (D1)")
        if cell == HIDEOUT:
            _bad(field, "nothing of a module lies on the Hideout (R65, S13)")
        out.append(cell)
    return tuple(out)


def _bounty_list(raw: Any, field: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(b, str) and b in BOUNTIES for b in raw):
        _bad(field, "must be a list of bounty ids B01-B20")
    return tuple(sorted(raw))


def _rows(raw: Any, field: str, n: int) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or len(raw) != n:
        _bad(field, f"must hold one list per player ({n})")
    return tuple(_bounty_list(r, f"{field}.{i}") for i, r in enumerate(raw))


def _count(raw: Any, field: str, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= high:
        _bad(field, f"must be a whole number 0..{high}")
    return raw


def _ghost(raw: Any, tiles) -> Ghost:
    if not isinstance(raw, Mapping):
        _bad("ghost", "the Ghost module needs a ghost object (V3)")
    unknown = set(raw) - {"cell", "doubloons", "damage", "treasures", "cards", "path"}
    if unknown:
        _bad(f"ghost.{sorted(unknown)[0]}", "unknown field")
    cell = raw.get("cell")
    where = skull_cave(tuple(tiles)) if cell is None else _cells([cell], "ghost.cell")[0]
    damage = raw.get("damage", dict.fromkeys(DAMAGE, 0))
    if not isinstance(damage, Mapping) or set(damage) != set(DAMAGE):
        _bad("ghost.damage", f"needs exactly {', '.join(DAMAGE)}")
    counts = tuple(_count(damage[k], f"ghost.damage.{k}", 2) for k in DAMAGE)
    if sum(counts) >= 3:
        _bad("ghost.damage", "the Ghost sinks at 3 tokens (R82)")
    treasures = raw.get("treasures", [])
    if not isinstance(treasures, list) or len(treasures) > 3 \
            or not all(isinstance(t, str) and t in TREASURES for t in treasures):
        _bad("ghost.treasures", "up to 3 treasure ids (D10)")
    cards = raw.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 2 or not all(c in FULL_DECK for c in cards):
        _bad("ghost.cards", "up to 2 Action card ids (R72)")
    path = _cells(raw.get("path", []), "ghost.path")
    return Ghost(where, _count(raw.get("doubloons", 0), "ghost.doubloons", 4), counts, tuple(treasures),
                 tuple(cards), path)


def in_flight(pending: tuple) -> list[str]:
    """Bounty cards drawn at an Outpost and not yet kept or returned (R60)."""
    out: list[str] = []
    for task in pending:
        if task[0] in ("bounty_draw", "bounty_keep"):
            out += [x for x in dict.fromkeys(task[2:]) if x]
    return out


def modules_in(game, raw: Any, tiles, flight: list[str] | tuple = ()) -> Modules:
    """Validate the modules object against the options in force (V1-V3); `flight` are the Bounty
    cards held by pending steps."""
    opts, n = game.options, game.players
    raw = {} if raw is None else raw
    if not isinstance(raw, Mapping):
        raise PositionError("modules", "must be an object")
    for key in raw:
        if key not in FIELDS:
            _bad(key, "unknown field")
    bounty = opts["bounty_hunt"]
    if not bounty and any(raw.get(k) for k in ("bounty_deck", "bounty_top", "bounties", "claimed")):
        _bad("bounties", "the Bounty Hunt module is off (V1)")
    m = Modules()
    if bounty:
        held = _rows(raw.get("bounties", [[] for _ in range(n)]), "bounties", n)
        claimed = _rows(raw.get("claimed", [[] for _ in range(n)]), "claimed", n)
        placed = {b for r in (*held, *claimed) for b in r} | set(flight)
        deck = _bounty_list(raw.get("bounty_deck", [b for b in sorted(BOUNTIES) if b not in placed]), "bounty_deck")
        every = [*deck, *(b for r in held for b in r), *(b for r in claimed for b in r), *flight]
        if sorted(every) != sorted(BOUNTIES):
            _bad("bounty_deck", "every bounty card B01-B20 must be in exactly one place (K05)")
        top, knower = "", -1
        if raw.get("bounty_top") is not None:
            pair = raw["bounty_top"]
            if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in deck:
                _bad("bounty_top", "[card in the Bounty deck, player] or null")
            top, knower = pair[0], _count(pair[1], "bounty_top.1", n - 1)
        m = m._replace(bounty_deck=deck, bounty_top=top, bounty_knower=knower, bounties=held, claimed=claimed)
    maelstrom = _cells(raw.get("maelstrom", []), "maelstrom")
    if maelstrom and (not opts["weather"] or len(maelstrom) != 2 or maelstrom[0] == maelstrom[1]):
        _bad("maelstrom", "two different cells, and only with the Weather module (R65)")
    coins = 0
    for c in _cells(raw.get("coins", []), "coins"):
        if not tiles[c] or not TILES[tiles[c]].doubloon:
            _bad("coins", f"a coin lies only on a laid tile with a doubloon icon, not on {cell_name(c)} (S13, R70)")
        coins |= 1 << c
    if coins and not opts["ghost"]:
        _bad("coins", "coins lie on tiles only in the Ghost module (S13)")
    ghost = None
    if opts["ghost"]:
        ghost = _ghost(raw.get("ghost", {}), tiles)
    elif raw.get("ghost") is not None:
        _bad("ghost", "the Ghost module is off (V3)")
    stats = raw.get("stats", [0] * 13 if bounty else [])
    if not isinstance(stats, list) or (stats and (len(stats) != 13 or not bounty)) or \
            not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in stats):
        _bad("stats", "13 whole numbers (Bounty Hunt only) or []")
    return m._replace(maelstrom=maelstrom, coins=coins, ghost=ghost, stats=tuple(stats))


def hide_modules(data: dict, player: int) -> None:
    """Hidden information: bounties (held or just drawn), the Bounty deck, its top card, the Ghost's
    token types."""
    m = data.get("modules")
    if not m:
        return
    for task in data["pending"]:
        if task[0] in ("bounty_draw", "bounty_keep") and task[1] != player:
            task[2:] = ["?" if x else x for x in task[2:]]
    m["bounty_deck"] = len(m["bounty_deck"])
    if m["bounty_top"] is not None and m["bounty_top"][1] != player:
        m["bounty_top"] = ["?", m["bounty_top"][1]]       # who put a card back on top is public
    m["bounties"] = [b if i == player else len(b) for i, b in enumerate(m["bounties"])]
    if m["ghost"] is not None:
        m["ghost"]["damage"] = sum(m["ghost"]["damage"].values())
