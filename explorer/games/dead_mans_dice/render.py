"""SVG rendering of a Dead Man's Dice view: the dice table, piles, hands and the score pad.

`board_svg(view)` draws only what the view dict holds (nothing is hidden in this game).
Each pirate's pile is a stack of die faces, bottom first (a skull is drawn as a skull),
their hand below it, and the score pad on the right. Places carry ``data-place``
attributes (``pile:B``, ``hand:A1``) for clickable tables.
"""

from __future__ import annotations

from html import escape

from .data import COMPONENTS, die_code, owner, seat_code, seat_name
from .model import STEP_WORDS

DIE, GAP, COL = 30, 4, 104
TOP, PAD_W = 58, 190
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
FILLS = tuple(fill for _, fill in COMPONENTS.colours)
DARK = {"#fafafa", "#f9a825"}


def _text(x: float, y: float, body: str, size: int = 12, anchor: str = "middle", weight: str = "normal",
          fill: str = "#222") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" font-family="sans-serif">{escape(body)}</text>')


def die_svg(x: float, y: float, name: str, face: str | None, place: str = "") -> str:
    """One die: its owner's colour, pips for a number, a skull for S, its name for a die in hand."""
    fill = FILLS[owner(die_code(name))]
    ink = "#111" if fill in DARK else "#fff"
    mark = name.rpartition("-")[2]          # 1, 2 or J: the owner shows by colour
    jolly = mark == "J"
    attr = f' data-place="{place}"' if place else ""
    out = [f'<g{attr}><title>{name}{"=" + face if face else " (in hand)"}</title>',
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{DIE}" height="{DIE}" rx="6" fill="{fill}" stroke="#111" '
           f'stroke-width="{2.5 if jolly else 1}"/>']
    cx, cy = x + DIE / 2, y + DIE / 2
    if face == "S":
        out.append(f'<circle cx="{cx:.0f}" cy="{cy - 3:.0f}" r="8" fill="{ink}"/>')
        out.append(f'<rect x="{cx - 5:.0f}" y="{cy + 3:.0f}" width="10" height="6" fill="{ink}"/>')
        for dx in (-3.5, 3.5):
            out.append(f'<circle cx="{cx + dx:.1f}" cy="{cy - 4:.0f}" r="2.4" fill="{fill}"/>')
    elif face:
        for dx, dy in PIPS[int(face)]:
            out.append(f'<circle cx="{cx + dx * 8:.0f}" cy="{cy + dy * 8:.0f}" r="2.8" fill="{ink}"/>')
    else:
        out.append(_text(cx, cy + 4, mark, 11, weight="bold", fill=ink))
    out.append("</g>")
    return "".join(out)


def board_svg(view: dict) -> str:
    """The whole dice table for one view."""
    n = len(view["hands"])
    tallest = max([len(p) for p in view["piles"]] + [5])
    pile_h = tallest * (DIE + GAP)
    height = TOP + pile_h + 150
    width = n * COL + PAD_W + 40
    actor = view.get("actor")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">',
           f'<rect width="{width}" height="{height}" rx="12" fill="#1f5130"/>',
           _text(16, 26, f"Dead Man's Dice · round {view['round']}", 16, "start", "bold", "#f5e6c8")]
    status = STEP_WORDS.get(view["step"], view["step"])        # the step in players' words
    if view.get("cut_off"):
        status = "game over: cut off by the round limit (house rule), not won"
    out.append(_text(16, 44, f"now: {status}" + (f" · {seat_name(actor)} to act" if actor is not None else ""), 12,
                     "start", fill="#f5e6c8"))
    base = TOP + pile_h
    for p in range(n):
        x = 24 + p * COL
        active = p == view.get("to_move") and view["step"] != "over"
        out.append(f'<g data-place="pile:{seat_code(p)}"><rect x="{x - 8}" y="{TOP - 8}" width="{COL - 12}" '
                   f'height="{pile_h + 14}" rx="8" fill="{"#2f6f45" if active else "#25603a"}" '
                   f'stroke="{"#ffd54f" if active else "#1a4528"}" stroke-width="{3 if active else 1}"/></g>')
        for i, text in enumerate(view["piles"][p]):
            name, face = text.split("=")
            out.append(die_svg(x + 16, base - (i + 1) * (DIE + GAP), name, face, f"pile:{seat_code(p)}"))
        out.append(_text(x + 31, base + 22, seat_code(p), 12, weight="bold", fill="#fff"))
        for i, name in enumerate(view["hands"][p]):
            out.append(die_svg(x + i * (DIE + 2) - 2, base + 34, name, None, f"hand:{name}"))
        out.append(_text(x + 31, base + 84, f"score now {view['score_now'][p]:+d}", 11, fill="#f5e6c8"))
    out += _score_pad(view, n * COL + 24, TOP - 8)
    out += _legend(16, height - 22)
    out.append("</svg>")
    return "".join(out)


def _score_pad(view: dict, x: float, y: float) -> list[str]:
    """K4: the score pad with every total and the target."""
    n = len(view["totals"])
    out = [f'<rect x="{x}" y="{y}" width="{PAD_W}" height="{40 + 20 * n}" rx="4" fill="#fbf3dc" stroke="#8d6e63"/>',
           _text(x + PAD_W / 2, y + 20, f"Score pad (to {view['target_score']})", 13, weight="bold")]
    for p in range(n):
        won = p in view.get("winners", [])
        out.append(f'<rect x="{x + 10}" y="{y + 32 + 20 * p}" width="12" height="12" rx="2" fill="{FILLS[p]}" '
                   'stroke="#111"/>')
        out.append(_text(x + 28, y + 42 + 20 * p, f"{seat_name(p)}{' ★' if won else ''}", 12, "start"))
        out.append(_text(x + PAD_W - 12, y + 42 + 20 * p, str(view["totals"][p]), 12, "end", "bold"))
    return out


def _legend(x: float, y: float) -> list[str]:
    return [_text(x, y - 14, "Legend: piles run bottom to top · thick border: Jolly Roger die · skull: S (rank 1, "
                             "worth 7)", 11, "start", fill="#f5e6c8"),
            _text(x, y, "dice under a name are in that pirate's hand · gold frame: whose turn", 11, "start",
                  fill="#f5e6c8")]
