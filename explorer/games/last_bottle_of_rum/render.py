"""SVG of a position or a player's view: the hex archipelago, ships, display, captain boards.

`board_svg(view)` is pure: it draws exactly what the view's JSON data holds, so a player's
view can never show a hidden card or tile. Clickable places carry ``data-place``: cells
(``cell:q,r``), opponents (``ship:1``), hand cards (``card:AC04``) and treasures.
"""

from __future__ import annotations

import math
from html import escape

from .data import BOUNTIES, CARDS, CELLS, COLOURS, TILES, TREASURES, map_tile
from .describe import card_name

SIZE = 30                     # hex radius in pixels
CX, CY = 250, 245             # board centre
KIND_FILL = {"island": "#e8d49a", "outpost": "#c9b38a", "skull_cave": "#9c8f80", "open_sea": "#7fb7d8"}
DAMAGE_FILL = {"SAIL": "#ecf0f1", "FIRE": "#e67e22", "CANNON": "#34495e", "HULL": "#8e5b3a", "BOWSPRIT": "#95a5a6"}


def _xy(q: int, r: int) -> tuple[float, float]:
    return CX + SIZE * 1.5 * q, CY + SIZE * math.sqrt(3) * (r + q / 2)


def _hex(x: float, y: float, size: float) -> str:
    return " ".join(f"{x + size * math.cos(math.pi / 3 * i):.1f},{y + size * math.sin(math.pi / 3 * i):.1f}"
                    for i in range(6))


def _text(x: float, y: float, text: str, size: int = 10, anchor: str = "middle", weight: str = "normal",
          fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}">{escape(text)}</text>')


def _cells(v: dict) -> list[str]:
    out = []
    face_up = set(v["face_up"])
    treasure_at = {map_tile(m): t for m, t in v["display"]}
    for i, (q, r) in enumerate(CELLS):
        name = f"{q},{r}"
        x, y = _xy(q, r)
        tile = v["tiles"].get(name)
        if i == 0:
            fill, label = "#b03a2e", "Hideout"
        elif name in face_up:
            fill, label = KIND_FILL[TILES[tile].kind], TILES[tile].name
        elif tile:
            fill, label = "#4d6b80", f"({TILES[tile].name})"
        else:
            fill, label = "#2c4a5e", ""
        out.append(f'<polygon data-place="cell:{name}" points="{_hex(x, y, SIZE - 1.5)}" fill="{fill}" '
                   f'stroke="#1b2a35" stroke-width="1.5"><title>{escape(name)} {escape(label)}</title></polygon>')
        if label:
            out.append(_text(x, y - 9, label[:14], 7, fill="#fff" if i == 0 or name not in face_up else "#222"))
        if tile and name in face_up:
            marks = ("●" if TILES[tile].doubloon else "") + ("▲" if TILES[tile].reef else "") \
                + ("⚑" if TILES[tile].kind == "outpost" else "")
            if marks:
                out.append(_text(x, y + 15, marks, 9, fill="#7a5a00"))
        if tile in treasure_at:
            treasure = TREASURES[treasure_at[tile]]
            out.append(f'<circle cx="{x:.1f}" cy="{y + 3:.1f}" r="7" fill="#f1c40f" stroke="#7a5a00"/>')
            out.append(_text(x, y + 6, str(treasure.value), 8, weight="bold"))
    return out


def _ships(v: dict) -> list[str]:
    out = []
    by_cell: dict[str, list[int]] = {}
    for p, ship in enumerate(v["ships"]):
        by_cell.setdefault(ship["cell"], []).append(p)
    for cell, players in by_cell.items():
        q, r = (int(n) for n in cell.split(","))
        x, y = _xy(q, r)
        for k, p in enumerate(players):
            sx = x - 12 + 8 * k
            fill = COLOURS[p][1]
            out.append(f'<path data-place="ship:{p}" d="M{sx - 6:.1f},{y + 6:.1f} L{sx + 6:.1f},{y + 6:.1f} '
                       f'L{sx + 4:.1f},{y + 11:.1f} L{sx - 4:.1f},{y + 11:.1f} Z M{sx:.1f},{y - 2:.1f} '
                       f'L{sx:.1f},{y + 6:.1f} L{sx + 5:.1f},{y + 5:.1f} Z" fill="{fill}" stroke="#111" '
                       f'stroke-width="0.8"><title>Player {p + 1} {escape(v["ships"][p]["captain"])}</title></path>')
    return out


def _board(v: dict, p: int, x: float, y: float) -> list[str]:
    ship = v["ships"][p]
    active = v["active"] == p
    out = [f'<rect x="{x}" y="{y}" width="300" height="78" rx="6" fill="#fdf6e3" stroke="{COLOURS[p][1]}" '
           f'stroke-width="{3 if active else 1.5}"/>',
           _text(x + 8, y + 15, f"Player {p + 1} {ship['captain'] or '(no captain yet)'}"
                 + ("  ◀ to play" if active else ""),
                 11, "start", "bold", COLOURS[p][1]),
           _text(x + 8, y + 30, f"Loot {ship['loot']}/10   Curse {ship['curse']}/5   Doubloons {ship['doubloons']}"
                 + (f"   Shells {ship['shells']}/2" if ship["captain"] == "Crabby Jones" else ""), 9, "start")]
    for i, (kind, n) in enumerate(ship["damage"].items()):
        fill = DAMAGE_FILL[kind]
        out.append(f'<rect data-place="damage:{p}:{kind}" x="{x + 8 + 52 * i}" y="{y + 36}" width="48" height="14" '
                   f'rx="3" fill="{fill}" stroke="#555" opacity="{1 if n else 0.3}"/>')
        out.append(_text(x + 32 + 52 * i, y + 46, f"{kind[:6]} {n}", 7, fill="#000" if kind in ("SAIL", "BOWSPRIT")
                         else "#fff"))
    out.append(_text(x + 8, y + 62, "Aboard:" + ("" if ship["treasures"] else " no treasure"), 8, "start"))
    for i, t in enumerate(ship["treasures"]):
        out.append(f'<text data-place="treasure:{t}" x="{x + 48 + 125 * i}" y="{y + 62}" font-size="8">'
                   f'{escape(TREASURES[t].name)} ({TREASURES[t].value})</text>')
    hand = ship["hand"]
    if isinstance(hand, int):
        out.append(_text(x + 8, y + 74, f"Hand: {hand} cards (hidden)", 8, "start"))
    else:
        out.append(_text(x + 8, y + 74, "Hand:", 8, "start"))
        for i, c in enumerate(hand[:7]):
            out.append(f'<text data-place="card:{c}" x="{x + 36 + 38 * i}" y="{y + 74}" font-size="8">'
                       f'<title>{escape(card_name(c))}'
                       f' {CARDS[c].icons}</title>{c}</text>')
    return out


def _cards_panel(v: dict, x: float, y: float) -> list[str]:
    out = [_text(x, y, "Treasure display", 11, "start", "bold")]
    for i, (m, t) in enumerate(v["display"]):
        treasure = TREASURES[t]
        out.append(f'<rect data-place="treasure:{t}" x="{x}" y="{y + 6 + 22 * i}" width="230" height="19" rx="3" '
                   f'fill="#f9e79f" stroke="#7a5a00"/>')
        out.append(_text(x + 5, y + 19 + 22 * i, f"{treasure.name} ({treasure.value}) on "
                                                 f"{TILES[map_tile(m)].name}", 8, "start"))
    y2 = y + 20 + 22 * len(v["display"])
    deck = v["deck"] if isinstance(v["deck"], int) else len(v["deck"])
    out.append(_text(x, y2, f"Action deck {deck}, discard {len(v['discard'])}", 9, "start"))
    turn = v["turn"]
    if v["phase"] == "main":
        acts = " ".join(f"{k}×{n}" for k, n in turn["actions"].items())
        played = ", ".join(f"{c} {card_name(c)}" for c in turn["played"])
        out.append(_text(x, y2 + 14, f"Played: {played}"[:48], 8, "start"))
        out.append(_text(x, y2 + 26, f"Unused actions: {acts}", 8, "start"))
    return out


def _legend(x: float, y: float) -> list[str]:
    out = [_text(x, y, "Legend", 10, "start", "bold")]
    items = [("#2c4a5e", "face-down tile"), ("#e8d49a", "island"), ("#7fb7d8", "open sea"),
             ("#b03a2e", "Pirates' Hideout"), ("#f1c40f", "treasure (value)"), ("#c9b38a", "⚑ Outpost (V1)")]
    for i, (fill, label) in enumerate(items):
        out.append(f'<rect x="{x}" y="{y + 6 + 14 * i}" width="10" height="10" fill="{fill}"/>')
        out.append(_text(x + 14, y + 15 + 14 * i, label, 8, "start"))
    out.append(_text(x, y + 100, "● doubloon icon  ▲ reef", 8, "start"))
    out.append(_text(x, y + 112, "◎ Maelstrom  ○ coin  white ship: the Ghost", 8, "start"))
    return out


def _tracks(v: dict, x: float, y: float) -> list[str]:
    """The Loot track (0-10, R1) and the Curse track (0-5, R2), a marker per captain."""
    out = [_text(x, y, "Loot", 9, "start", "bold"), _text(x, y + 30, "Curse", 9, "start", "bold")]
    for row, (key, top) in enumerate((("loot", 10), ("curse", 5))):
        y0 = y + 4 + 30 * row
        for k in range(top + 1):
            fill = "#f9e79f" if row == 0 else "#d7bde2"
            out.append(f'<rect x="{x + 36 + 17 * k}" y="{y0 - 12}" width="16" height="18" fill="{fill}" '
                       f'stroke="#555"/>')
            out.append(_text(x + 44 + 17 * k, y0 + 1, str(k), 7, fill="#555"))
        for p, ship in enumerate(v["ships"]):
            k = min(ship[key], top)
            out.append(f'<circle cx="{x + 39 + 17 * k + 2.5 * p:.1f}" cy="{y0 + 3:.1f}" r="3" fill="{COLOURS[p][1]}" '
                       f'stroke="#111" stroke-width="0.5"><title>Player {p + 1} {key} {ship[key]}</title></circle>')
    return out


def _modules_on_board(v: dict) -> list[str]:
    """Ghost-mode coins (S13), the Maelstrom (R65), the Ghost's white ship and its last path (R76)."""
    m = v.get("modules") or {}
    out = []
    for cell in m.get("coins", []):
        x, y = _xy(*(int(n) for n in cell.split(",")))
        out.append(f'<circle data-place="coin:{cell}" cx="{x + 14:.1f}" cy="{y - 2:.1f}" r="4.5" fill="#f4d03f" '
                   f'stroke="#7a5a00"><title>a doubloon lies here (R70)</title></circle>')
    for end, cell in enumerate(m.get("maelstrom", [])):
        x, y = _xy(*(int(n) for n in cell.split(",")))
        out.append(f'<g data-place="maelstrom:{cell}"><circle cx="{x - 14:.1f}" cy="{y - 2:.1f}" r="7" fill="#5dade2" '
                   f'stroke="#1b4f72" stroke-width="1.5"/><circle cx="{x - 14:.1f}" cy="{y - 2:.1f}" r="3.5" '
                   f'fill="none" stroke="#1b4f72"/><title>Maelstrom end {end + 1} (R66)</title></g>')
    ghost = m.get("ghost")
    if ghost and ghost.get("cell"):
        path = ghost.get("path") or []
        if len(path) > 1:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_xy(*(int(n) for n in c.split(","))) for c in path))
            out.append(f'<polyline data-place="ghost-path" points="{points}" fill="none" stroke="#fdfefe" '
                       f'stroke-width="3" stroke-dasharray="6 4" opacity="0.9"><title>the Ghost\'s last path'
                       f'</title></polyline>')
        x, y = _xy(*(int(n) for n in ghost["cell"].split(",")))
        out.append(f'<path data-place="ship:ghost" d="M{x + 2:.1f},{y - 20:.1f} l12,0 l-2,5 l-8,0 Z M{x + 8:.1f},'
                   f'{y - 28:.1f} l0,8 l5,-1 Z" fill="#ffffff" stroke="#555" stroke-width="0.8">'
                   f'<title>the Ghost (white ship)</title></path>')
    return out


def _modules_panel(v: dict, x: float, y: float) -> list[str]:
    """Bounties (V1) and the Ghost's board (V3), as far as the view may show them."""
    m = v.get("modules") or {}
    out = []
    if m.get("bounties"):
        deck = m["bounty_deck"] if isinstance(m["bounty_deck"], int) else len(m["bounty_deck"])
        top = m.get("bounty_top")
        known = f", top {top[0]} (known to Player {top[1] + 1})" if top else ""
        out.append(_text(x, y, f"Bounty deck {deck}" + known,
                         8, "start", "bold"))
        for p, held in enumerate(m["bounties"]):
            shown = f"{held} hidden" if isinstance(held, int) else ", ".join(
                f"{b} {BOUNTIES[b].name}" for b in held) or "none"
            done = ", ".join(m["claimed"][p]) or "-"
            out.append(_text(x, y + 11 + 10 * p, f"Player {p + 1} bounties: {shown}; claimed {done}"[:70], 7, "start"))
        y += 14 + 10 * len(m["bounties"])
    ghost = m.get("ghost")
    if ghost:
        damage = ghost["damage"] if isinstance(ghost["damage"], int) else sum(ghost["damage"].values())
        aboard = ", ".join(TREASURES[t].name for t in ghost["treasures"]) or "no treasure"
        out.append(_text(x, y, f"Ghost: {ghost['doubloons']}/5 doubloons, {damage}/3 face-down tokens", 8,
                         "start", "bold"))
        out.append(_text(x, y + 11, f"Ghost hold: {aboard}"[:70], 7, "start"))
    return out


def board_svg(v: dict) -> str:
    """The whole picture of a view: board, ships, display, legend and one board per captain."""
    n = len(v["ships"])
    height = 500 + 86 * ((n + 1) // 2)
    who = "all-seeing" if v.get("viewer") is None else f"view of Player {v['viewer'] + 1}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="720" height="{height}" viewBox="0 0 720 {height}" '
             f'font-family="Georgia, serif">',
             f'<rect width="720" height="{height}" fill="#d6eaf8"/>',
             _text(10, 20, f"The Last Bottle of Rum — {who}, phase {v['phase']}", 13, "start", "bold"),
             *_cells(v), *_modules_on_board(v), *_ships(v), *_cards_panel(v, 470, 50), *_legend(470, 300),
             *_tracks(v, 470, 420), *_modules_panel(v, 10, 470 - 24 * bool((v.get("modules") or {}).get("ghost"))
                                                     - 12 * len((v.get("modules") or {}).get("bounties") or ()))]
    for p in range(n):
        parts += _board(v, p, 10 + 310 * (p % 2), 500 + 86 * (p // 2))
    if v.get("winner") is not None:
        parts.append(_text(250, 485, f"Player {v['winner'] + 1} wins with {v['ships'][v['winner']]['loot']} Loot!", 14,
                           weight="bold", fill="#b03a2e"))
    parts.append("</svg>")
    return "".join(parts)
