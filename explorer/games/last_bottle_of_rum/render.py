"""SVG of a position or a player's view: the hex archipelago, ships, display, captain boards.

`board_svg(view)` is pure: it draws exactly what the view's JSON data holds, so a player's
view can never show a hidden card or tile. Every tile, card, treasure and damage token is
shown by its name with a tooltip giving its effect and rule IDs; the legend has its own band
and the board scales to its container (explorer.core.svg). Clickable places carry
``data-place``: cells (``cell:q,r``), opponents (``ship:1``), hand and played cards
(``card:AC04``), treasures and damage tokens.
"""

from __future__ import annotations

import math

from explorer.core.svg import INK, MUTED, button, ink_on, legend_band, svg_root, text, text_width, title, wrap

from .data import BOUNTIES, CAPTAINS, CARDS, CELLS, COLOURS, DATA, EFFECTS, TILES, TREASURES, map_tile
from .explain import card_name
from .groups import STAGES
from .text.names import card_words

SIZE = 44                     # hex radius
CX, CY = 270, 310             # board centre
WIDTH, PANEL_X = 1000, 530
BOARD_W = 470
KIND_FILL = {"island": "#e8d49a", "outpost": "#c9b38a", "skull_cave": "#b3a89b", "open_sea": "#a9d3ea"}
KIND_WORDS = {"island": "island", "outpost": "Outpost", "skull_cave": "Skull Cave", "open_sea": "open sea"}
DAMAGE = {d["id"]: d["effect"] for d in DATA["damage"]}
DAMAGE_FILL = {"SAIL": "#ecf0f1", "FIRE": "#e67e22", "CANNON": "#34495e", "HULL": "#8e5b3a", "BOWSPRIT": "#95a5a6"}
ICON_WORDS = {"S": "Sail", "D": "Earn doubloons", "A": "Attack", "R": "Repair", "W": "Wild"}   # R11, R63
WILD_TIP = "a wild action: used as any one of Sail, Earn doubloons, Attack or Repair when it is used (R63, D7)"


def _xy(q: int, r: int) -> tuple[float, float]:
    return CX + SIZE * 1.5 * q, CY + SIZE * math.sqrt(3) * (r + q / 2)


def _hex(x: float, y: float, size: float) -> str:
    return " ".join(f"{x + size * math.cos(math.pi / 3 * i):.1f},{y + size * math.sin(math.pi / 3 * i):.1f}"
                    for i in range(6))


def _cell_xy(cell: str) -> tuple[float, float]:
    q, r = (int(n) for n in cell.split(","))
    return _xy(q, r)


# -- tooltips: a component's effect and the rules it carries ----------------------------
def tile_tip(tile: str, cell: str) -> str:
    t = TILES[tile]
    marks = [KIND_WORDS[t.kind]] + (["doubloon icon: +1 doubloon when revealed (R20)"] if t.doubloon else []) \
        + (["reef: damages a ship that enters (R21)"] if t.reef else []) \
        + (["draw a bounty here (V1, R60)"] if t.kind == "outpost" else [])
    return f"{t.name} at {cell}: {'; '.join(marks)} (R19)"


def card_tip(card: str) -> str:
    c = CARDS[card]
    icons = ", ".join(ICON_WORDS[i] for i in c.icons) or "no actions"
    if c.effect == "KRAKEN":
        return "Kraken: resolved as soon as it is drawn, then replaced (R6, R51-R54)"
    if c.weather:
        n = len(c.icons)
        return (f"{card_name(card)} (Weather): must be played, its effect happens at once (V2, R64); "
                f"{n} wild action{'s' * (n > 1)} (W), each used as any one of Sail, Earn doubloons, Attack or "
                f"Repair when it is used (R63, D7)")
    e = EFFECTS[c.effect]
    cost = f"costs {e.doubloons} doubloon{'s' if e.doubloons != 1 else ''}" if e.doubloons else "free"
    curse = ", +1 Curse" if e.curse else ""
    does = f": {e.text}" if e.text else ""
    return f"{e.name}: actions {icons} (R9-R11); effect{does} ({cost}{curse}, once per turn, R13-R16, D5)"


def treasure_tip(t: str) -> str:
    tr = TREASURES[t]
    ability = tr.ability.replace("_", " ") if tr.ability else "no effect while aboard"
    return (f"{tr.name}: worth {tr.value} Loot at the Hideout (R23); takes {tr.slots} slot"
            f"{'s' if tr.slots > 1 else ''}; aboard: {ability} (R25, D4)")


def _short(card: str, among: tuple[str, ...] | list[str] = ()) -> str:
    """A card chip's words: its name and action icons as the notation writes them (``Full Sail SD``);
    a Weather card's name and its wild actions, one W each (``Storm WW``, R63, D7). With a copy of
    the same card `among` the others, its number too (``Holy Water RR #2``), as moves name it."""
    return card_words(card, among)


# -- the map -------------------------------------------------------------------------
def _cells(v: dict) -> list[str]:
    out = []
    face_up = set(v["face_up"])
    treasure_at = {map_tile(m): t for m, t in v["display"]}
    for i, (q, r) in enumerate(CELLS):
        name = f"{q},{r}"
        x, y = _xy(q, r)
        tile = v["tiles"].get(name)
        if i == 0:
            fill, label, tip = "#b03a2e", "Pirates' Hideout", "Pirates' Hideout: trade treasures for Loot (R23)"
        elif name in face_up:
            fill, label, tip = KIND_FILL[TILES[tile].kind], TILES[tile].name, tile_tip(tile, name)
        elif tile:
            fill, label, tip = "#4d6b80", f"({TILES[tile].name})", "seen secretly, still face down: " \
                + tile_tip(tile, name)
        else:
            fill, label, tip = "#2c4a5e", "", f"face-down tile at {name}: sail here to reveal it (R19)"
        out.append(f'<polygon data-place="cell:{name}" points="{_hex(x, y, SIZE - 1.5)}" fill="{fill}" '
                   f'stroke="#1b2a35" stroke-width="1.5">{title(tip)}</polygon>')
        light = i == 0 or name not in face_up
        for k, line in enumerate(wrap(label, 11) if label else []):
            out.append(text(x, y - 6 + 14 * k, line, 11.5, "middle", "bold" if i == 0 else "normal",
                            "#fff" if light else INK, tip=tip))
        # the coordinates a move names ("Sail to 1,0"), at the foot of every hex
        out.append(text(x, y + 36, name, 12, "middle", fill="#dfe9f0" if light else "#4a3b10", tip=tip))
        if tile and name in face_up:
            marks = ("●" if TILES[tile].doubloon else "") + ("▲" if TILES[tile].reef else "") \
                + ("⚑" if TILES[tile].kind == "outpost" else "")
            if marks:
                out.append(text(x - 12, y - 20, marks, 13, "middle", fill="#5a4200", tip=tip))
        if tile in treasure_at:
            t = treasure_at[tile]
            out.append(f'<g data-place="treasure:{t}">{title(treasure_tip(t))}<circle cx="{x + 14:.1f}" '
                       f'cy="{y - 24:.1f}" r="10" fill="#f1c40f" stroke="#7a5a00"/>'
                       f'{text(x + 14, y - 19.5, str(TREASURES[t].value), 13, "middle", "bold")}</g>')
    return out


def _ships(v: dict) -> list[str]:
    out = []
    by_cell: dict[str, list[int]] = {}
    for p, ship in enumerate(v["ships"]):
        by_cell.setdefault(ship["cell"], []).append(p)
    for cell, players in by_cell.items():
        x, y = _cell_xy(cell)
        for k, p in enumerate(players):
            sx = x - 7 * (len(players) - 1) + 14 * k
            fill = COLOURS[p][1]
            captain = v["ships"][p]["captain"]
            ability = f"{captain}: {CAPTAINS[captain].ability}" if captain in CAPTAINS else "no captain yet"
            tip = f"Player {p + 1}'s ship, {ability} (R58)"
            out.append(f'<path data-place="ship:{p}" d="M{sx - 7:.1f},{y + 22:.1f} L{sx + 7:.1f},{y + 22:.1f} '
                       f'L{sx + 5:.1f},{y + 28:.1f} L{sx - 5:.1f},{y + 28:.1f} Z M{sx:.1f},{y + 12:.1f} '
                       f'L{sx:.1f},{y + 22:.1f} L{sx + 6:.1f},{y + 20:.1f} Z" fill="{fill}" stroke="#111" '
                       f'stroke-width="0.9">{title(tip)}</path>')
    return out


def _modules_on_board(v: dict) -> list[str]:
    """Ghost-mode coins (S13), the Maelstrom (R65), the Ghost's white ship and its last path (R76)."""
    m = v.get("modules") or {}
    out = []
    for cell in m.get("coins", []):
        x, y = _cell_xy(cell)
        out.append(f'<circle data-place="coin:{cell}" cx="{x + 24:.1f}" cy="{y + 16:.1f}" r="5.5" fill="#f4d03f" '
                   f'stroke="#7a5a00"><title>a doubloon lies here (R70)</title></circle>')
    for end, cell in enumerate(m.get("maelstrom", [])):
        x, y = _cell_xy(cell)
        out.append(f'<g data-place="maelstrom:{cell}"><circle cx="{x - 24:.1f}" cy="{y + 16:.1f}" r="8" '
                   f'fill="#5dade2" stroke="#1b4f72" stroke-width="1.5"/><circle cx="{x - 24:.1f}" cy="{y + 16:.1f}" '
                   f'r="4" fill="none" stroke="#1b4f72"/><title>Maelstrom end {end + 1} (R66)</title></g>')
    ghost = m.get("ghost")
    if ghost and ghost.get("cell"):
        path = ghost.get("path") or []
        if len(path) > 1:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_cell_xy(c) for c in path))
            out.append(f'<polyline data-place="ghost-path" points="{points}" fill="none" stroke="#fdfefe" '
                       f'stroke-width="3" stroke-dasharray="6 4" opacity="0.9"><title>the Ghost\'s last path (R76)'
                       f'</title></polyline>')
        x, y = _cell_xy(ghost["cell"])
        out.append(f'<path data-place="ship:ghost" d="M{x + 18:.1f},{y + 30:.1f} l14,0 l-2,6 l-10,0 Z M{x + 25:.1f},'
                   f'{y + 20:.1f} l0,10 l6,-1 Z" fill="#ffffff" stroke="#555" stroke-width="0.9">'
                   f'<title>the Ghost (white ship, R71-R80)</title></path>')
    return out


# -- the side panel -------------------------------------------------------------------
def _chip(x: float, y: float, w: float, words: str, tip: str, place: str, fill: str = "#fff8e1") -> str:
    return (f'<g data-place="{place}">{title(tip)}<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="22" rx="4" '
            f'fill="{fill}" stroke="#7a5a00"/>{text(x + 6, y + 16, words, 13)}</g>')


def _flow(x: float, y: float, width: float, items: list[tuple[str, str, str]], fill: str = "#fff8e1"
          ) -> tuple[list[str], float]:
    """(words, tooltip, place) chips flowed left to right in rows; returns the pieces and the next y."""
    out, cx = [], x
    for words, tip, place in items:
        w = text_width(words, 13) + 14
        if cx > x and cx + w > x + width:
            cx, y = x, y + 26
        out.append(_chip(cx, y, w, words, tip, place, fill))
        cx += w + 6
    return out, y + (26 if items else 0)


def _panel(v: dict, x: float, y: float) -> list[str]:
    """Treasure display, decks, the cards in play and the Loot and Curse tracks."""
    out = [text(x, y, "Treasure display (R25-R27)", 15, weight="bold")]
    y += 10
    for m, t in v["display"]:
        tr = TREASURES[t]
        out.append(_chip(x, y, 460, f"{tr.name} ({tr.value}) on {TILES[map_tile(m)].name}", treasure_tip(t),
                         f"treasure:{t}", "#f9e79f"))
        y += 26
    deck = v["deck"] if isinstance(v["deck"], int) else len(v["deck"])
    out.append(text(x, y + 16, f"Action deck {deck} cards · discard pile {len(v['discard'])}", 13))
    y += 30
    turn = v["turn"]
    if v["phase"] == "main" and turn["played"]:
        out.append(text(x, y + 14, "Played this turn:", 13, weight="bold"))
        chips, y = _flow(x + 128, y, 332, [(_short(c, turn["played"]), card_tip(c), f"card:{c}")
                                                   for c in turn["played"]])
        wild = f"; W is {WILD_TIP}" if turn["actions"].get("W") else ""
        out.append(text(x, y + 16, "Unused:", 13, weight="bold", tip="One action per icon; 3 unused trade for "
                                                                    f"1 of your choice (R11, R12){wild}"))
        acts, y = _flow(x + 64, y, 396, [(f"{ICON_WORDS[k]} {n}", _act_tip(k), f"act:{k}")
                                         for k, n in turn["actions"].items() if k != "W" or n], "#e8f4fb")
        out += chips + acts
        y += 4
    out += _tracks(v, x, y + 8)
    out += _modules_panel(v, x, y + 100)
    return out


def _act_tip(kind: str) -> str:
    if kind == "D":
        return "Earn doubloons: click to take 1 doubloon from the bank (R11, R30)"
    if kind == "W":
        return WILD_TIP
    return f"{ICON_WORDS[kind]} actions not used yet this turn (R11)"


CONTROL_WORDS = {"peek": "Stop looking", "wind": "Stop sailing", "patch": "Stop repairing", "hands": "Stop playing"}
ASK_WORDS = {"grog": ("Re-roll the miss", "Accept the miss", "Grog Blackwater may re-roll a 0-skull attack die (D9)"),
             "claim": ("Claim it for 1 Loot", "Keep it hidden", "A completed bounty: reveal it for 1 Loot or keep it "
                       "hidden (R62, V14)")}


def controls(v: dict) -> list[tuple[str, str, str]]:
    """The moves made on no hex, ship or card, as (words, place, tooltip) buttons for the step the view
    is at: choosing a captain (S5), keeping a bounty (R60), a yes/no question, stopping an "up to"
    effect (E04-E08), the 3-for-1 exchange (R12) and ending the turn."""
    task = (v.get("pending") or [None])[0]
    kind = task[0] if task else None
    if kind == "captain":
        taken = {ship["captain"] for ship in v["ships"]}
        return [(name, f"captain:{name}", f"{name}: {c.ability} (S5, R58)") for name, c in CAPTAINS.items()
                if name not in taken]
    if kind == "bounty_keep":
        return [(f"Keep {BOUNTIES[b].name}", f"bounty:{b}", f"{BOUNTIES[b].name}: {BOUNTIES[b].condition} (R60)")
                for b in dict.fromkeys(task[2:]) if b in BOUNTIES]
    if kind in ASK_WORDS:
        yes, no, tip = ASK_WORDS[kind]
        return [(f"{yes} ▸", "ask:yes", tip), (f"{no} ▸", "ask:no", tip)]
    if kind in CONTROL_WORDS:
        return [(f"{CONTROL_WORDS[kind]} ▸", "stop", "Stop here: the effect allows up to its number of steps")]
    if task is not None or v["phase"] != "main" or v.get("active", -1) < 0:
        return []
    out = []
    if sum(v["turn"]["actions"].values()) >= 3:
        out.append(("Trade 3 for 1 ▸", "exchange", "Trade 3 unused actions for 1 action of your choice (R12)"))
    out.append(("End turn ▸", "end", "End the turn (T4)"))
    return out


def _controls(v: dict, x: float, y: float, width: float) -> tuple[list[str], float]:
    """The control buttons flowed in rows from (x, y); returns the pieces and the height used."""
    out, cx, cy = [], x, y
    for words, place, tip in controls(v):
        w = text_width(words, 13) + 26
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + 32
        out.append(button(cx, cy, words, place, tip, size=13))
        cx += w + 8
    return out, (cy - y + 32) if out else 0


def _tracks(v: dict, x: float, y: float) -> list[str]:
    """The Loot track (0-10, R1) and the Curse track (0-5, R2), a marker per captain."""
    out = []
    for row, (key, top, word) in enumerate((("loot", 10, "Loot"), ("curse", 5, "Curse"))):
        y0 = y + 40 * row
        out.append(text(x, y0 + 18, word, 14, weight="bold",
                        tip="Loot: first to 10 wins (R1)" if row == 0 else "Curse: at 5 the Kraken attacks (R2, R51)"))
        for k in range(top + 1):
            fill = "#f9e79f" if row == 0 else "#e3d0ec"
            out.append(f'<rect x="{x + 56 + 30 * k}" y="{y0}" width="28" height="26" fill="{fill}" stroke="#666"/>')
            out.append(text(x + 70 + 30 * k, y0 + 13, str(k), 12, "middle", fill=MUTED))
        for p, ship in enumerate(v["ships"]):
            k = min(ship[key], top)
            out.append(f'<circle cx="{x + 61 + 30 * k + 4.5 * p:.1f}" cy="{y0 + 21:.1f}" r="4" '
                       f'fill="{COLOURS[p][1]}" stroke="#111" stroke-width="0.6"><title>Player {p + 1}: {word} '
                       f'{ship[key]}</title></circle>')
    return out


def _modules_panel(v: dict, x: float, y: float) -> list[str]:
    """Bounties (V1) and the Ghost's board (V3), as far as the view may show them."""
    m = v.get("modules") or {}
    lines: list[tuple[str, str]] = []
    if m.get("bounties"):
        deck = m["bounty_deck"] if isinstance(m["bounty_deck"], int) else len(m["bounty_deck"])
        top = m.get("bounty_top")
        if top and top[0] in BOUNTIES:
            known = f", top: {BOUNTIES[top[0]].name} (known to Player {top[1] + 1})"
        else:       # another player's view: only who knows the card put back on top (R60)
            known = f", top card known to Player {top[1] + 1} only (R60)" if top else ""
        lines.append((f"Bounty deck {deck}{known} (V1)", "bold"))
        for p, held in enumerate(m["bounties"]):
            shown = f"{held} hidden" if isinstance(held, int) else ", ".join(BOUNTIES[b].name for b in held) or "none"
            done = ", ".join(BOUNTIES[b].name for b in m["claimed"][p]) or "none"
            lines.append((f"Player {p + 1} bounties: {shown}; claimed: {done}", "normal"))
    ghost = m.get("ghost")
    if ghost:
        damage = ghost["damage"] if isinstance(ghost["damage"], int) else sum(ghost["damage"].values())
        aboard = ", ".join(TREASURES[t].name for t in ghost["treasures"]) or "no treasure"
        lines.append((f"Ghost: {ghost['doubloons']}/5 doubloons, {damage}/3 face-down tokens (V3)", "bold"))
        lines.append((f"Ghost's hold: {aboard}", "normal"))
    out = []
    for words, weight in lines:
        for line in wrap(words, 62):
            out.append(text(x, y, line, 13, weight=weight))
            y += 18
    return out


# -- captain boards -----------------------------------------------------------------
def _board(v: dict, p: int, x: float, y: float, height: float = 0) -> tuple[list[str], float]:
    """One captain board from y; returns its pieces and the height its contents need (treasures and
    hand flow onto more rows when they do not fit one); `height` draws the frame that tall."""
    ship = v["ships"][p]
    active = v["active"] == p
    captain = ship["captain"]
    ability = f"{captain}: {CAPTAINS[captain].ability} (R58)" if captain in CAPTAINS else "no captain yet (S3)"
    out = [text(x + 10, y + 22, f"Player {p + 1} · {captain or '(no captain yet)'}" + ("  ◀ to play" if active else ""),
                15, weight="bold", tip=ability),
           text(x + 10, y + 42, f"Loot {ship['loot']}/10 · Curse {ship['curse']}/5 · Doubloons {ship['doubloons']}",
                13)]
    if captain == "Crabby Jones":     # D9: Shells are spent against damage and restored by Repair
        out.append(_chip(x + BOARD_W - 112, y + 28, 102, f"Shells {ship['shells']}/2",
                         "Crabby Jones's Shells: spend one to draw 1 damage token fewer; Repair restores one (D9)",
                         f"shells:{p}", "#e8f4fb"))
    for i, (kind, n) in enumerate(ship["damage"].items()):
        # a token aboard is drawn in its colour; an empty space stays white with dark words (no pale-on-pale)
        fill, ink = (DAMAGE_FILL[kind], ink_on(DAMAGE_FILL[kind])) if n else ("#fff", MUTED)
        cx = x + 10 + 91 * i
        out.append(f'<g data-place="damage:{p}:{kind}">'
                   f'{title(f"{kind.title()} damage x{n}: {DAMAGE[kind]} (R28-R33, D11)")}'
                   f'<rect x="{cx}" y="{y + 50}" width="87" height="22" rx="4" fill="{fill}" '
                   f'stroke="{"#555" if n else "#aaa"}" stroke-dasharray="{"none" if n else "3 2"}"/>'
                   f'{text(cx + 43.5, y + 66, f"{kind.title()} {n}", 12, "middle", fill=ink)}</g>')
    out.append(text(x + 10, y + 94, "Aboard:", 13, weight="bold"))
    chips, below = _flow(x + 72, y + 78, BOARD_W - 82, [(f"{TREASURES[t].name} ({TREASURES[t].value})",
                                                     treasure_tip(t), f"treasure:{t}") for t in ship["treasures"]],
                     "#f9e79f")
    out += chips if ship["treasures"] else [text(x + 72, y + 94, "no treasure", 13, fill=MUTED)]
    hand = ship["hand"]
    top = max(below, y + 104)
    out.append(text(x + 10, top + 16, "Hand:", 13, weight="bold"))
    if isinstance(hand, int) or not hand:
        words = "no cards" if not hand else f"{hand} card{'s' if hand != 1 else ''} (hidden)"
        out.append(text(x + 72, top + 16, words, 13, fill=MUTED))
        below = top + 26
    else:
        chips, below = _flow(x + 72, top, BOARD_W - 82, [(_short(c, hand), card_tip(c), f"card:{c}")
                                                                 for c in hand])
        out += chips
        below = max(below, top + 26)
    frame = (f'<rect x="{x}" y="{y}" width="{BOARD_W}" height="{max(height, below - y + 6):.0f}" rx="6" '
             f'fill="#fdf6e3" stroke="{COLOURS[p][1]}" stroke-width="{3.5 if active else 1.5}"/>')
    return [frame, *out], below - y + 6


def _status(v: dict) -> str:
    """The turn and the step in the game's words (STAGES), and whose turn it is."""
    if v.get("winner") is not None:
        return f"Game over: Player {v['winner'] + 1} wins with {v['ships'][v['winner']]['loot']} Loot (R1)"
    stage = STAGES.get(v["phase"], v["phase"])
    if v["phase"] == "setup":
        return stage
    who = f"Player {v['active'] + 1}'s turn · " if v.get("active", -1) >= 0 else ""
    return f"Turn {v.get('turns', 0) + 1} · {who}{stage}"


def board_svg(v: dict) -> str:
    """The whole picture of a view: board, ships, display, one board per captain, then the legend."""
    n = len(v["ships"])
    buttons, buttons_h = _controls(v, PANEL_X, 70, WIDTH - PANEL_X - 20)
    boards_y = CY + round(5.2 * SIZE) + 14
    rows = [max(_board(v, p, 0, 0)[1] for p in range(k, min(k + 2, n))) for k in range(0, n, 2)]
    top_legend = boards_y + sum(rows) + 10 * len(rows) + 14
    legend, legend_h = legend_band(20, top_legend, WIDTH - 40, [
        ("", "Legend:"), ("#2c4a5e", "face-down tile"), ("#4d6b80", "(name): seen secretly"), ("#e8d49a", "island"),
        ("#a9d3ea", "open sea"), ("#c9b38a", "⚑ Outpost"), ("#b03a2e", "Pirates' Hideout"),
        ("#f1c40f", "treasure (its Loot value)"), ("", "● doubloon icon · ▲ reef"),
        ("", "Icons: S Sail, D Earn doubloons, A Attack, R Repair, W wild (any one of them, R63)"),
        ("", "◎ Maelstrom · white ship: the Ghost")])
    height = top_legend + legend_h + 4
    who = "all-seeing view" if v.get("viewer") is None else f"Player {v['viewer'] + 1}'s view"
    parts = [svg_root(WIDTH, height, font="DejaVu Sans, Verdana, sans-serif"),
             f'<rect width="{WIDTH}" height="{height}" fill="#e4f0f8"/>',
             text(20, 32, f"The Last Bottle of Rum · {who}", 20, weight="bold"),
             text(20, 58, _status(v), 15),
             *_cells(v), *_modules_on_board(v), *_ships(v), *buttons, *_panel(v, PANEL_X, 96 + buttons_h)]
    for p in range(n):
        row = p // 2
        parts += _board(v, p, 20 + (BOARD_W + 20) * (p % 2), boards_y + sum(rows[:row]) + 10 * row, rows[row])[0]
    parts += legend
    parts.append("</svg>")
    return "".join(parts)

