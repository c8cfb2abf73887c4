"""SVG rendering of a Dead Man's Dice view: the dice table, piles, hands and the score pad.

`board_svg(view)` draws only what the view dict holds (nothing is hidden in this game).
Each pirate's pile is a stack of die faces, bottom first (a skull is drawn as a skull),
their hand below it, and the score pad on the right; the legend has its own band below.
The board scales to its container (explorer.core.svg). Places carry ``data-place``
attributes (``pile:P2``, ``hand:P1-J``) for clickable tables.
"""

from __future__ import annotations

from explorer.core.svg import button, ink_on, legend_band, svg_root, text, title

from .data import COMPONENTS, die_code, owner, seat_code, seat_name
from .model import STEP_WORDS

DIE, GAP, COL = 36, 5, 128
TOP, PAD_W, MIN_W = 92, 230, 720
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
FILLS = tuple(fill for _, fill in COMPONENTS.colours)
CREAM = "#fff6de"          # light text on the green table: contrast > 9:1
KIND = {"1": "regular die", "2": "regular die", "J": "Jolly Roger die"}
ASKS = {"open": "choose a die for the opening roll (R7)", "turn": "roll a die from hand or fire a broadside (R11, R30)",
        "plunder": "plunder an opponent's top die or stop (R20-R25)",
        "restart": "choose a die to restart the pile (R34)"}      # what the acting pirate is asked, in words


def die_tip(name: str, face: str | None) -> str:
    """A die's tooltip: whose it is, what it is, what it shows and the rules behind that (R1-R3)."""
    mark = name.rpartition("-")[2]
    who = f"{seat_name(owner(die_code(name)))}'s {KIND[mark]} ({name})"
    if face is None:
        rolls = "rolls S, 2-6; S counts rank 1 and scores 7 (R3)" if mark == "J" else "rolls 1-6 (R2)"
        return f"{who}: in hand, {rolls}; may be rolled any turn (R11, R12)"
    if face == "S":
        return f"{who} showing the skull S: rank 1 when stacking, worth 7 at scoring, never plundered (R3, R16, R23)"
    return f"{who} showing {face}: rank and value {face} (R2); only a pile's top die can be touched (R5)"


def die_svg(x: float, y: float, name: str, face: str | None, place: str = "") -> str:
    """One die: its owner's colour, pips for a number, a skull for S, its mark for a die in hand."""
    fill = FILLS[owner(die_code(name))]
    ink = ink_on(fill)                      # pips and marks: whichever of black or white contrasts more
    mark = name.rpartition("-")[2]          # 1, 2 or J: the owner shows by colour
    jolly = mark == "J"
    attr = f' data-place="{place}"' if place else ""
    out = [f'<g{attr}>{title(die_tip(name, face))}',
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{DIE}" height="{DIE}" rx="7" fill="{fill}" stroke="#111" '
           f'stroke-width="{3 if jolly else 1.2}"/>']
    cx, cy = x + DIE / 2, y + DIE / 2
    if face == "S":
        out.append(f'<circle cx="{cx:.0f}" cy="{cy - 3:.0f}" r="9.5" fill="{ink}"/>')
        out.append(f'<rect x="{cx - 6:.0f}" y="{cy + 4:.0f}" width="12" height="7" fill="{ink}"/>')
        for dx in (-4, 4):
            out.append(f'<circle cx="{cx + dx:.1f}" cy="{cy - 4:.0f}" r="2.8" fill="{fill}"/>')
    elif face:
        for dx, dy in PIPS[int(face)]:
            out.append(f'<circle cx="{cx + dx * 9.5:.0f}" cy="{cy + dy * 9.5:.0f}" r="3.3" fill="{ink}"/>')
    else:
        out.append(text(cx, cy + 6, "JR" if jolly else mark, 16, "middle", "bold", ink))
    out.append("</g>")
    return "".join(out)


def _status(view: dict) -> str:
    """The step in players' words (STEP_WORDS) and who acts."""
    actor = view.get("actor")
    status = STEP_WORDS.get(view["step"], view["step"])
    if view.get("cut_off"):
        return "Game over: cut off by the round limit (house rule), not won"
    if view["step"] == "over":
        won = ", ".join(seat_name(p) for p in view.get("winners", []))
        return f"Game over: {won} won (E2)" if won else "Game over"
    if actor is not None:
        return f"{seat_name(actor)} to act: {ASKS.get(view['step'], status)}"
    if view.get("die"):                       # a die in the air: say whose and which
        mark = view["die"].rpartition("-")[2]
        return f"{seat_name(owner(die_code(view['die'])))}'s {KIND[mark]} is rolling"
    return status[:1].upper() + status[1:]


def board_svg(view: dict) -> str:
    """The whole dice table for one view."""
    n = len(view["hands"])
    tallest = max([len(p) for p in view["piles"]] + [5])
    pile_h = tallest * (DIE + GAP)
    width = max(MIN_W, n * COL + PAD_W + 60)
    base = TOP + pile_h
    legend, legend_h = legend_band(20, base + 150, width - 40, [
        ("", "Piles run bottom to top; only the top die counts for stacking and plunder (R5)."),
        ("", "Thick border: Jolly Roger die (JR)."), ("", "Skull: S, rank 1, worth 7 (R3)."),
        ("", "Dice under a name are in that pirate's hand."), ("#ffd54f", "gold frame: whose turn")], 13, ink=CREAM)
    height = base + 150 + legend_h
    out = [svg_root(width, height, max_width=min(1100, round(width * 1.3))),
           f'<rect width="{width}" height="{height}" rx="12" fill="#1f5130"/>',
           text(20, 34, f"Dead Man's Dice · Round {view['round']} · first to {view['target_score']} points wins",
                20, weight="bold", fill=CREAM),
           text(20, 62, _status(view), 16, fill=CREAM)]
    for p in range(n):
        x = 28 + p * COL
        active = p == view.get("to_move") and view["step"] != "over"
        pile_tip = f"{seat_name(p)}'s pile (R4, R5)"
        out.append(f'<g data-place="pile:{seat_code(p)}"><rect x="{x - 8}" y="{TOP - 8}" width="{COL - 14}" '
                   f'height="{pile_h + 14}" rx="8" fill="{"#2f6f45" if active else "#25603a"}" '
                   f'stroke="{"#ffd54f" if active else "#173d24"}" stroke-width="{3 if active else 1}">'
                   f'{title(pile_tip)}</rect></g>')
        mid = x + (COL - 30) / 2
        for i, entry in enumerate(view["piles"][p]):
            name, face = entry.split("=")
            out.append(die_svg(mid - DIE / 2, base - (i + 1) * (DIE + GAP), name, face, f"pile:{seat_code(p)}"))
        out.append(text(mid, base + 28, seat_name(p), 15, "middle", "bold", "#fff"))
        hand = view["hands"][p]
        left = mid - (len(hand) * (DIE + 3) - 3) / 2
        for i, name in enumerate(hand):
            out.append(die_svg(left + i * (DIE + 3), base + 40, name, None, f"hand:{name}"))
        out.append(text(mid, base + 100, f"pile scores {view['score_now'][p]:+d}", 13, "middle", fill=CREAM,
                        tip="What this pile would score if the round ended now (E1)"))
    out += _score_pad(view, n * COL + 40, TOP - 8)
    out += _buttons(view, n * COL + 40, TOP + 50 + 26 * n)
    out += legend
    out.append("</svg>")
    return "".join(out)


def _buttons(view: dict, x: float, y: float) -> list[str]:
    """The moves made on no die or pile, as buttons under the score pad, at the step they belong to."""
    step, options = view["step"], view["game"]["options"]
    items = []
    if step == "plunder":
        items.append(("Stop plundering ▸", "end", "Stop plundering: the turn ends (R25)"))
    if step == "turn" and options.get("hold_fire") and view["piles"][view["to_move"]]:
        items.append(("Hold fire ▸", "pass", "Neither roll nor fire this turn (V4)"))
    if step == "place":
        items += [("Stack the die ▸", "stack", "Stack the rolled die on your pile (V11)"),
                  ("Decline the die ▸", "decline", "Leave the rolled die off your pile (V11)")]
    if step == "scored":
        items.append(("Next round ▸", "next", "Gather the dice and open the next round (E9, R6)"))
    return [button(x, y + 36 * i, words, place, tip, width=PAD_W) for i, (words, place, tip) in enumerate(items)]


def _score_pad(view: dict, x: float, y: float) -> list[str]:
    """K4: the score pad with every total and the target."""
    n = len(view["totals"])
    out = [f'<rect x="{x}" y="{y}" width="{PAD_W}" height="{48 + 26 * n}" rx="5" fill="#fbf3dc" stroke="#8d6e63">'
           f'{title("Running totals; the first to reach the target wins (E2)")}</rect>',
           text(x + PAD_W / 2, y + 26, f"Score pad (to {view['target_score']})", 16, "middle", "bold")]
    for p in range(n):
        won = p in view.get("winners", [])
        row = y + 54 + 26 * p
        out.append(f'<rect x="{x + 12}" y="{row - 13}" width="15" height="15" rx="2" fill="{FILLS[p]}" '
                   'stroke="#111"/>')
        out.append(text(x + 34, row, f"{seat_name(p)}{' ★' if won else ''}", 15))
        out.append(text(x + PAD_W - 14, row, str(view["totals"][p]), 15, "end", "bold"))
    return out
