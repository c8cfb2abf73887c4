"""SVG table of a Pirate Rush view: the route, loot slots, the ship, the crew row and the pirates.

`board_svg(view)` is pure and draws only what the view holds, so a player's view never
shows a tile that player has not seen. Clickable places carry ``data-place``: islands
``I3``, loot slots ``I3.b``, characters of the crew row (``gunner``), the ship's resources
(``structure``, ``ammunition``, ``supplies``), pirates ``P0``-``P4`` and the ``discard`` pile.
"""

from __future__ import annotations

from html import escape

from .data import CHARACTERS, EVENT_NAMES, ISLAND_TILES, RESOURCES

ABBR = {"copper": "Cu", "silver": "Ag", "gold": "Au", "rum": "Rum", "flag1": "F1", "flag2": "F2",
        "map": "Map", "wound": "W", "curse": "X"}
FILL = {"copper": "#c87533", "silver": "#c0c0c0", "gold": "#f1c40f", "rum": "#8e5a2b", "flag1": "#222",
        "flag2": "#222", "map": "#f5e6b8", "wound": "#e74c3c", "curse": "#8e44ad"}
INK = {"flag1": "#fff", "flag2": "#fff", "rum": "#fff", "curse": "#fff"}
MARKER = {"structure": "#7b4a1e", "ammunition": "#111", "supplies": "#fafafa"}
PLAYER = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
LADDER = {0: (70, 200), 1: (190, 110), 2: (190, 290), 3: (310, 110), 4: (310, 290), 5: (430, 110),
          6: (430, 290), 7: (550, 200)}
LINKS = {"ladder": [(0, 1), (0, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 7),
                    (6, 7)],
         "zigzag": [(i, j) for i in range(8) for j in (i + 1, i + 2) if j < 8]}


def _pos(route: str, j: int) -> tuple[int, int]:
    return LADDER[j] if route == "ladder" else (50 + j * 72, 130 if j % 2 == 0 else 270)


def _text(x: float, y: float, text: str, size: int = 11, fill: str = "#222", anchor: str = "middle",
          weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="sans-serif">{escape(str(text))}</text>')


def _tile(x: float, y: float, kind: str | None, place: str = "", empty: bool = False) -> str:
    attr = f' data-place="{place}"' if place else ""
    if empty:
        return (f'<rect x="{x}" y="{y}" width="22" height="18" rx="3" fill="none" stroke="#555" '
                f'stroke-dasharray="3,2"{attr}/>')
    fill, label, ink = (FILL[kind], ABBR[kind], INK.get(kind, "#222")) if kind else ("#3b2a1a", "?", "#e8d8a8")
    return (f'<g{attr}><rect x="{x}" y="{y}" width="22" height="18" rx="3" fill="{fill}" stroke="#222"/>'
            + _text(x + 11, y + 13, label, 9, ink, weight="bold") + "</g>")


def _island(view: dict, j: int, route: str) -> list[str]:
    x, y = _pos(route, j)
    info = view["islands"][j]
    tile = ISLAND_TILES.get(info["tile"] or "")
    fill = "#e8d8a8" if tile is None else ("#e57373" if tile.colour == "red" else "#81c784")
    stroke = "#222" if info["flipped"] else "#8d6e63"
    out = [f'<g data-place="{info["name"]}"><circle cx="{x}" cy="{y}" r="27" fill="{fill}" stroke="{stroke}" '
           f'stroke-width="{3 if info["flipped"] else 1.5}"/>',
           _text(x, y - 6, info["name"], 12, weight="bold")]
    if tile is None:
        out.append(_text(x, y + 10, "?", 12))
    else:
        out.append(_text(x, y + 8, tile.resource[:5], 9))
        if tile.event:
            out.append(_text(x, y + 19, EVENT_NAMES[tile.event][:12], 8, "#4a148c"))
    out.append("</g>")
    row = view["slots"][j]
    left = x - len(row) * 12
    for i, slot in enumerate(row):
        place = f'{info["name"]}.{"abcde"[i]}'
        if slot is None:
            out.append(_tile(left + i * 24, y + 32, None, place, empty=True))
        else:
            out.append(_tile(left + i * 24, y + 32, slot["kind"], place))
            for k, q in enumerate(slot["seen_by"][:5]):
                out.append(f'<circle cx="{left + i * 24 + 3 + k * 4}" cy="{y + 54}" r="2" fill="{PLAYER[q]}"/>')
    if view["ship"] == j:
        out.append(f'<path d="M{x - 22},{y - 40} h44 l-8,12 h-28 z" fill="#6d4c41" stroke="#222"/>'
                   f'<line x1="{x}" y1="{y - 40}" x2="{x}" y2="{y - 62}" stroke="#222" stroke-width="2"/>'
                   f'<path d="M{x},{y - 62} l14,8 l-14,8 z" fill="#fff" stroke="#222"/>')
    if view["anchor"] == j:
        out.append(_text(x + 30, y - 22, "⚓", 18, "#0d47a1"))
    return out


def _ship_panel(view: dict, x: int, y: int) -> list[str]:
    out = [_text(x, y, "Ship", 13, anchor="start", weight="bold")]
    cap = view["game"]["options"]["resources_per_colour"]
    for r, name in enumerate(RESOURCES):
        out.append(f'<g data-place="{name}"><rect x="{x - 2}" y="{y + 8 + r * 18}" width="{91 + cap * 16}" '
                   f'height="16" fill="none" stroke="none" pointer-events="all"/>')
        out.append(_text(x, y + 20 + r * 18, name, 10, anchor="start"))
        for k in range(cap):
            filled = k < view["resources"][r]
            out.append(f'<circle cx="{x + 85 + k * 16}" cy="{y + 16 + r * 18}" r="6" '
                       f'fill="{MARKER[name] if filled else "none"}" stroke="#222"/>')
        out.append("</g>")
    return out


def _crew_panel(view: dict, x: int, y: int) -> list[str]:
    out = [_text(x, y, "Crew row", 13, anchor="start", weight="bold")]
    for k, rank in enumerate(view["row"]):
        cx = x + k * 37
        holder = view["chosen"].index(rank) if rank in view["chosen"] else None
        stroke = PLAYER[holder] if holder is not None else "#555"
        out.append(f'<g data-place="{CHARACTERS[rank].name}"><rect x="{cx}" y="{y + 8}" width="35" height="44" '
                   f'rx="4" fill="#fff8e1" stroke="{stroke}" stroke-width="{3 if holder is not None else 1}"/>')
        out.append(_text(cx + 17, y + 24, rank, 13, "#b71c1c", weight="bold"))
        out.append(_text(cx + 17, y + 38, CHARACTERS[rank].name[:6], 7))
        if rank in view["markers"]:
            out.append(f'<circle cx="{cx + 30}" cy="{y + 14}" r="4" fill="#222"/>')
        if holder is not None:
            out.append(_text(cx + 17, y + 49, f"P{holder + 1}", 8, PLAYER[holder], weight="bold"))
        out.append("</g>")
    return out


def _pirates_panel(view: dict, x: int, y: int) -> list[str]:
    out = [_text(x, y, "Pirates", 13, anchor="start", weight="bold")]
    for p, pile in enumerate(view["loot"]):
        py = y + 18 + p * 40
        tag = " (you)" if view["viewer"] == p else ""
        tag += " ★ commander" if view["commander"] == p else ""
        out.append(f'<g data-place="P{p + 1}"><rect x="{x}" y="{py - 12}" width="290" height="36" rx="4" '
                   f'fill="#fffdf5" stroke="{PLAYER[p]}"/>')
        out.append(_text(x + 6, py + 2, f"P{p + 1}{tag}", 11, PLAYER[p], "start", "bold"))
        extra = "".join(f" +{k}" for k in view["prosthetics"][p])
        score = f" · score {view['scores'][p]}" if view["phase"] == "over" and "scores" in view else ""
        out.append(_text(x + 284, py + 2, f"prestige {view['prestige'][p]}{extra}{score}", 10, anchor="end"))
        known = pile["known"]
        for k in range(min(pile["count"], 11)):
            out.append(_tile(x + 6 + k * 25, py + 6, known[k] if k < len(known) else None)
                       .replace('height="18"', 'height="15"').replace('y="' + str(py + 6 + 13), 'y="' + str(py + 17)))
        out.append("</g>")
    return out


def _legend(x: int, y: int) -> list[str]:
    out = [_text(x, y, "Legend", 11, anchor="start", weight="bold")]
    for k, kind in enumerate(ABBR):
        out.append(_tile(x + k * 62, y + 6, kind))
        out.append(_text(x + 25 + k * 62, y + 19, kind, 8, anchor="start"))
    out.append(_tile(x, y + 30, None))
    out.append(_text(x + 26, y + 43, "face down, unknown to this viewer · coloured dots: who has seen it · "
                     "red/green island: loses/regains that resource", 9, anchor="start"))
    return out


def board_svg(view: dict) -> str:
    route = view["game"]["options"]["route_layout"]
    who = "the whole truth" if view["viewer"] is None else f"what Player {view['viewer'] + 1} knows"
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="940" height="470" viewBox="0 0 940 470">',
             '<rect width="940" height="470" fill="#cfe8f3"/>',
             _text(20, 24, f"Pirate Rush — round {view['round']} — {who}", 15, anchor="start", weight="bold")]
    for a, b in LINKS[route]:
        (x1, y1), (x2, y2) = _pos(route, a), _pos(route, b)
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5d8aa8" stroke-dasharray="6,4"/>')
    for j in range(8):
        parts += _island(view, j, route)
    parts += _ship_panel(view, 630, 40)
    parts += _crew_panel(view, 630, 120)
    parts += _pirates_panel(view, 630, 200)
    parts.append('<g data-place="discard">'
                 + _text(20, 380, f"Discard pile: {view['discard']['count']} tiles"
                         + (f", known: {', '.join(view['discard']['known'])}" if view['discard']['known'] else ""),
                         10, anchor="start") + "</g>")
    if view.get("vague"):
        vague = "; ".join(f"a {v['kind']} in {' or '.join(v['zones'])}" for v in view["vague"][:4])
        parts.append(_text(20, 366, f"Remembered: {vague}", 10, "#4a148c", "start"))
    if view["phase"] == "over":
        parts.append(_text(20, 44, "Game over", 12, "#b71c1c", "start", "bold"))
    if view["ending"]:
        parts.append(_text(300, 24, f"Special ending: {view['ending']}", 13, "#b71c1c", "start", "bold"))
    parts += _legend(20, 400)
    parts.append("</svg>")
    return "".join(parts)
