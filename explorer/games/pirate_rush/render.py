"""SVG table of a Pirate Rush view: the route, loot slots, the ship, the crew row and the pirates.

`board_svg(view)` is pure and draws only what the view holds, so a player's view never
shows a tile that player has not seen. Every tile, island and character is named in words
with a tooltip giving its points or power and rule IDs; the legend has its own band and the
board scales to its container (explorer.core.svg). Clickable places carry ``data-place``:
islands ``I3``, loot slots ``I3.b``, characters of the crew row (``gunner``), the ship's
resources (``structure``, ``ammunition``, ``supplies``), pirates ``P1``-``P5`` and the
``discard`` pile.
"""

from __future__ import annotations

from explorer.core.svg import legend_band, svg_root, text, title

from .data import CHARACTERS, EVENT_NAMES, ISLAND_TILES, LOOT, RESOURCES

LABEL = {"copper": "copper", "silver": "silver", "gold": "gold", "rum": "rum", "flag1": "flag 1", "flag2": "flag 2",
         "map": "map", "wound": "wound", "curse": "curse"}
FILL = {"copper": "#c87533", "silver": "#c9c9c9", "gold": "#f1c40f", "rum": "#8e5a2b", "flag1": "#222",
        "flag2": "#222", "map": "#f5e6b8", "wound": "#e74c3c", "curse": "#8e44ad"}
INKS = {"flag1": "#fff", "flag2": "#fff", "rum": "#fff", "curse": "#fff", "copper": "#111", "wound": "#111"}
MARKER = {"structure": "#7b4a1e", "ammunition": "#111", "supplies": "#fafafa"}
PLAYER = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd")
POWER = {1: "no power but the highest rank; commands the crew (R2, R31)",
         2: "looks secretly at the islands ahead and steers the ship (R32-R35)",
         3: "may swap a wound he takes for a prosthetic (R37)", 4: "may trade a tile he takes (R40)",
         5: "swaps tiles blind with another pirate (R42)", 6: "looks at and may steal another pirate's tile (R43)",
         7: "investigates twice in his turn (R44)", 8: "never loses prestige; may pass on a curse (R45, R46)"}
TASKS = {"draft": "picks a character from the crew row (R4)", "call": "names who plays next (R10)",
         "turn": "plays a turn: investigate, then take, pay or repair (R13-R24)",
         "choose_start": "chooses the starting player (S8)", "setup_look": "looks at a loot tile (S9)",
         "gunner": "may swap the wound for a prosthetic (R37)", "qm": "may trade the tile just taken (R40)",
         "monkey": "may pass on the curse (R46)", "gamble_choice": "keeps the tile or takes another blind (R42)",
         "rogue_more": "looks at another tile or stops (R43)", "rogue_keep": "keeps or swaps a tile (R43)",
         "claim": "claims the deck games' stakes (R49-R51)", "challenge": "duels (R56-R58)",
         "winner_pick": "chooses the duel's spoils (R58)"}
WIDTH, TILE_W, TILE_H = 1060, 54, 22
ROUTE_TOP, ROW_GAP = 150, 200
LINKS = {"ladder": [(0, 1), (0, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 7),
                    (6, 7)],
         "zigzag": [(i, j) for i in range(8) for j in (i + 1, i + 2) if j < 8]}
ROUNDS = 5      # T0: the ship visits 5 islands along the route D6


def _pos(route: str, j: int) -> tuple[float, float]:
    """Island centre: the ladder by depth (D6), or the zigzag in two rows."""
    if route == "ladder":
        depth = (0, 1, 1, 2, 2, 3, 3, 4)[j]
        row = 0.5 if j in (0, 7) else (j + 1) % 2
        return 95 + depth * 217, ROUTE_TOP + row * ROW_GAP
    return 95 + j * 124, ROUTE_TOP + (j % 2) * ROW_GAP


def tile_tip(kind: str | None, seen: list[int] | None = None) -> str:
    """A loot tile's words: what it scores (D1) and who has seen it."""
    who = f"; seen by {', '.join(f'P{q + 1}' for q in seen)}" if seen else ""
    if kind is None:
        return f"face-down loot tile, unknown to this viewer (R13){who}"
    t = LOOT[kind]
    worth = {"map": "map pieces score as a set: 0/3/6/12 (E3)", "rum": "0 points; breaks ties (E4)"}.get(
        kind, f"{t.prestige} prestige at the end (E3)" if t.prestige else f"{t.points:+d} points (E3, D1)")
    return f"{LABEL[kind]} ({t.spanish}): {worth}{who}"


def _tile(x: float, y: float, kind: str | None, place: str = "", seen: list[int] | None = None,
          empty: bool = False) -> str:
    attr = f' data-place="{place}"' if place else ""
    if empty:
        return (f'<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="3" fill="none" stroke="#555" '
                f'stroke-dasharray="3,2"{attr}><title>empty slot: its tile was taken (R19)</title></rect>')
    fill, label, ink = (FILL[kind], LABEL[kind], INKS.get(kind, "#111")) if kind else ("#3b2a1a", "?", "#f2e6c4")
    return (f'<g{attr}>{title(tile_tip(kind, seen))}<rect x="{x}" y="{y}" width="{TILE_W}" height="{TILE_H}" rx="3" '
            f'fill="{fill}" stroke="#222"/>' + text(x + TILE_W / 2, y + 16, label, 12, "middle", "bold", ink)
            + "</g>")


def _island(view: dict, j: int, route: str) -> list[str]:
    x, y = _pos(route, j)
    info = view["islands"][j]
    tile = ISLAND_TILES.get(info["tile"] or "")
    fill = "#e8d8a8" if tile is None else ("#ef9a9a" if tile.colour == "red" else "#a5d6a7")
    stroke = "#222" if info["flipped"] else "#8d6e63"
    if tile is None:
        tip = f"Island {info['name']}: its island tile is face down (R14, R61)"
    else:
        change = "loses" if tile.colour == "red" else "regains"
        event = f"; event {EVENT_NAMES[tile.event]} (R47-R59)" if tile.event else ""
        tip = f"Island {info['name']}: {tile.colour} {tile.resource}, the ship {change} 1 {tile.resource} (R61){event}"
    out = [f'<g data-place="{info["name"]}">{title(tip)}<circle cx="{x}" cy="{y}" r="40" fill="{fill}" '
           f'stroke="{stroke}" stroke-width="{3 if info["flipped"] else 1.5}"/>',
           text(x, y - 8, info["name"], 15, "middle", "bold")]
    out.append(text(x, y + 11, "?" if tile is None else tile.resource, 11.5, "middle"))
    if tile is not None and tile.event:
        out.append(text(x, y + 56, EVENT_NAMES[tile.event], 12, "middle", fill="#4a148c"))
    out.append("</g>")
    row = view["slots"][j]
    for i, slot in enumerate(row):
        sx = x - 1.5 * (TILE_W + 2) + (i % 3) * (TILE_W + 2)
        sy = y + 64 + (i // 3) * 32
        place = f'{info["name"]}.{"abcde"[i]}'
        if slot is None:
            out.append(_tile(sx, sy, None, place, empty=True))
            continue
        out.append(_tile(sx, sy, slot["kind"], place, slot["seen_by"]))
        for k, q in enumerate(slot["seen_by"][:5]):
            out.append(f'<circle cx="{sx + 5 + k * 8}" cy="{sy + TILE_H + 4}" r="3" fill="{PLAYER[q]}" '
                       f'stroke="#111" stroke-width="0.5"/>')
    if view["ship"] == j:
        out.append(f'<g>{title("The crew ship is here: this round is played at this island (T0, R19)")}'
                   f'<path d="M{x - 22},{y - 48} h44 l-8,12 h-28 z" fill="#6d4c41" stroke="#222"/>'
                   f'<line x1="{x}" y1="{y - 48}" x2="{x}" y2="{y - 70}" stroke="#222" stroke-width="2"/>'
                   f'<path d="M{x},{y - 70} l14,8 l-14,8 z" fill="#fff" stroke="#222"/></g>')
    if view["anchor"] == j:
        out.append(text(x + 50, y - 24, "⚓", 20, "middle", fill="#0d47a1",
                        tip="The anchor: the ship sails here next (R32-R34, R63)"))
    return out


def _crew_panel(view: dict, x: float, y: float) -> list[str]:
    out = [text(x, y, "Crew row (R1-R5)", 15, weight="bold")]
    for k, rank in enumerate(view["row"]):
        cx = x + k * 126
        ch = CHARACTERS[rank]
        holder = view["chosen"].index(rank) if rank in view["chosen"] else None
        stroke = PLAYER[holder] if holder is not None else "#777"
        name = ch.name.replace("_", " ").capitalize()
        tip = f"{name} ({ch.spanish}, rank {rank}): {POWER[rank]}; repairs {ch.icon or 'nothing'} (R25)"
        out.append(f'<g data-place="{ch.name}">{title(tip)}<rect x="{cx}" y="{y + 10}" width="120" height="58" '
                   f'rx="5" fill="#fff8e1" stroke="{stroke}" stroke-width="{3.5 if holder is not None else 1}"/>')
        out.append(text(cx + 8, y + 32, str(rank), 18, weight="bold", fill="#b71c1c"))
        out.append(text(cx + 60, y + 58, name, 13, "middle", "bold"))
        if rank in view["markers"]:
            out.append(f'<circle cx="{cx + 40}" cy="{y + 26}" r="5" fill="#222"><title>a marker lies on this '
                       f'character (R7)</title></circle>')
        if holder is not None:
            out.append(f'<circle cx="{cx + 76}" cy="{y + 26}" r="6" fill="{PLAYER[holder]}" stroke="#111"/>')
            out.append(text(cx + 112, y + 31, f"P{holder + 1}", 13, "end", "bold"))
        out.append("</g>")
    return out


def _ship_panel(view: dict, x: float, y: float) -> list[str]:
    out = [text(x, y, "Ship (R24-R26, R61-R62)", 15, weight="bold")]
    cap = view["game"]["options"]["resources_per_colour"]
    for r, name in enumerate(RESOURCES):
        tip = f"{name}: {view['resources'][r]} of {cap}; losing one the ship has none of ends the game (R62)"
        out.append(f'<g data-place="{name}">{title(tip)}<rect x="{x - 2}" y="{y + 8 + r * 24}" '
                   f'width="{130 + cap * 22}" height="22" fill="none" stroke="none" pointer-events="all"/>')
        out.append(text(x, y + 25 + r * 24, name, 13))
        for k in range(cap):
            filled = k < view["resources"][r]
            out.append(f'<circle cx="{x + 120 + k * 22}" cy="{y + 20 + r * 24}" r="8" '
                       f'fill="{MARKER[name] if filled else "none"}" stroke="#222"/>')
        out.append("</g>")
    return out


def _notes(view: dict, x: float, y: float) -> list[str]:
    """The event in force, the discard pile and what the viewer remembers vaguely."""
    out = []
    if view.get("event"):
        out.append(text(x, y, f"Event this round: {EVENT_NAMES[view['event']]} (R47-R59)", 14, weight="bold",
                        fill="#4a148c"))
        y += 24
    known = ", ".join(LABEL[k] for k in view["discard"]["known"])
    out.append('<g data-place="discard">' + title("Discard pile: the tiles left over at setup and those "
                                                  "traded away, face down; nobody may look at them (S3, R17, R40)")
               + text(x, y, f"Discard pile: {view['discard']['count']} tiles"
                                                 + (f", known: {known}" if known else ""), 14) + "</g>")
    y += 24
    for v in (view.get("vague") or [])[:3]:
        out.append(text(x, y, f"Remembered: a {LABEL[v['kind']]} in {' or '.join(v['zones'])}", 13, fill="#4a148c"))
        y += 20
    return out


def _pirates_panel(view: dict, x: float, y: float) -> list[str]:
    out = [text(x, y, "Pirates", 15, weight="bold")]
    for p, pile in enumerate(view["loot"]):
        py = y + 14 + p * 48
        tag = " (you)" if view["viewer"] == p else ""
        tag += " ★ commander" if view["commander"] == p else ""
        extra = "".join(f" · +{k}" for k in view["prosthetics"][p])
        score = f" · score {view['scores'][p]}" if view["phase"] == "over" and "scores" in view else ""
        tip = f"Player {p + 1}'s loot: {pile['count']} tiles, face down to the others (R17); scored at the end (E3)"
        out.append(f'<g data-place="P{p + 1}">{title(tip)}<rect x="{x}" y="{py}" width="{WIDTH - 2 * x}" height="44" '
                   f'rx="5" fill="#fffdf5" stroke="{PLAYER[p]}" stroke-width="2"/>')
        out.append(f'<circle cx="{x + 14}" cy="{py + 15}" r="6" fill="{PLAYER[p]}" stroke="#111"/>')
        out.append(text(x + 26, py + 20, f"Player {p + 1}{tag}", 14, weight="bold"))
        out.append(text(x + 26, py + 38, f"prestige {view['prestige'][p]}{extra}{score}", 13,
                        tip="Prestige markers: pay with them (R21); +2/-2 at the end (E3)"))
        known = pile["known"]
        for k in range(min(pile["count"], 12)):
            out.append(_tile(x + 270 + k * (TILE_W + 4), py + 11, known[k] if k < len(known) else None))
        if pile["count"] > 12:
            out.append(text(x + 270 + 12 * (TILE_W + 4), py + 27, f"+{pile['count'] - 12}", 13))
        out.append("</g>")
    return out


def _status(view: dict) -> str:
    """Round and step in the game's own words (T0: 5 rounds; a round is every player's turn)."""
    if view["phase"] == "over":
        return "Game over" + (f": special ending, {view['ending']} (R62)" if view.get("ending") else " (E1)")
    if view["phase"] != "play":
        return "Setting up (S2-S9)"
    pending = view.get("pending") or {}
    step = ""
    if pending.get("node") == "decision":
        task = pending.get("task", "")
        step = f" · Player {pending['player'] + 1} {TASKS.get(task, 'decides: ' + task.replace('_', ' '))}"
    return f"Round {max(view['round'], 1)} of {ROUNDS}{step}"


def board_svg(view: dict) -> str:
    route = view["game"]["options"]["route_layout"]
    who = "all-seeing view" if view["viewer"] is None else f"what Player {view['viewer'] + 1} knows"
    parts = [text(20, 30, f"Pirate Rush · {who}", 20, weight="bold"), text(20, 56, _status(view), 15)]
    for a, b in LINKS[route]:
        (x1, y1), (x2, y2) = _pos(route, a), _pos(route, b)
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5d8aa8" stroke-dasharray="6,4"/>')
    for j in range(8):
        parts += _island(view, j, route)
    y = ROUTE_TOP + ROW_GAP + 148
    parts += _crew_panel(view, 20, y)
    parts += _ship_panel(view, 20, y + 100)
    parts += _notes(view, 360, y + 120)
    y += 214
    parts += _pirates_panel(view, 20, y)
    y += 20 + 48 * len(view["loot"])
    legend, legend_h = legend_band(20, y + 24, WIDTH - 40, [
        ("", "Legend:"), ("#3b2a1a", "face-down tile, unknown to this viewer"),
        (PLAYER[0], "dots under a tile: who has seen it"), ("#ef9a9a", "red island: the ship loses that resource"),
        ("#a5d6a7", "green island: regains it (R61)"), ("", "⚓ where the ship sails next"),
        ("", "Loot: copper 1, silver 2, gold 3 points; flags are prestige; wound -1, curse -2 (D1)")])
    height = y + 24 + legend_h
    head = [svg_root(WIDTH, height), f'<rect width="{WIDTH}" height="{height}" fill="#d7ebf5"/>']
    if view["phase"] == "over":
        parts.append(text(WIDTH - 20, 30, "Game over", 16, "end", "bold", "#b71c1c"))
    return "".join([*head, *parts, *legend, "</svg>"])
