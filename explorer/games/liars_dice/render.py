"""SVG of a Liar's Dice view: each seat's cup (its dice shown only to its owner, or once the cups
are lifted), dice counts, the round's bids, and the bid board: one cell per quantity and face
(``data-place="bid-3-4"``) and a Liar button (``data-place="liar"``)."""

from __future__ import annotations

from explorer.core.markup import escape
from explorer.core.svg import INK, MUTED, PAPER, button, svg_root, text, title

CELL_W, CELL_H, DIE = 34, 20, 22


def _die(x: float, y: float, face: int | None, highlight: bool = False) -> str:
    fill = "#fffdf7" if face is not None else "#6b4f2a"
    stroke = "#b8860b" if highlight else INK
    body = text(x + DIE / 2, y + DIE - 6, str(face), 13, "middle", "bold") if face is not None else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{DIE}" height="{DIE}" rx="4" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="1.5"/>{body}')


def _bid_words(text_bid: str) -> tuple[int, int, int]:
    seat, bid = text_bid.split()
    q, f = bid.split("x")
    return int(seat[1:]) - 1, int(q), int(f)


def render(view: dict) -> str:
    game = view["game"]
    players, sides = game["players"], game["options"]["sides"]
    dice, cups, rolled = view["dice"], view["cups"], view["rolled"]
    bids = [_bid_words(b) for b in view["bids"]]
    total = sum(dice)
    left = 40 + DIE * max(max(dice), 1) * 1.15 + 150
    width = max(left + 60 + CELL_W * sides + 20, 520)
    rows = 0 if view["called"] or sum(1 for d in dice if d) <= 1 else total
    height = max(90 + 46 * players, 150 + CELL_H * rows) + 50
    out = [svg_root(width, height), f'<rect width="{width:.0f}" height="{height:.0f}" fill="{PAPER}"/>',
           text(16, 26, f"Liar's Dice: round {view['round']}", 18, weight="bold")]
    last = bids[-1] if bids else None
    status = f"Standing bid: {last[1]} x {last[2]} by P{last[0] + 1}" if last else "No bid yet"
    out.append(text(16, 48, status, 14, fill=MUTED))
    for seat in range(players):
        y = 70 + 46 * seat
        mover = view["to_move"] == f"P{seat + 1}"
        name = f"Player {seat + 1}" + (" (to bid)" if mover else "") + (" (out)" if not dice[seat] else "")
        tip = f"Player {seat + 1}: {dice[seat]} dice under the cup (T1, R5)"
        out.append(f'<g data-place="cup-P{seat + 1}">{title(tip)}')
        out.append(text(16, y + 16, name, 14, weight="bold" if mover else "normal"))
        out.append(text(16, y + 34, f"{dice[seat]} dice", 13, fill=MUTED))
        cup = cups[seat]
        for k in range(rolled[seat]):
            face = cup[k] if cup is not None else None
            highlight = last is not None and face in (last[2],)
            out.append(_die(150 + k * DIE * 1.15, y + 4, face, highlight))
        out.append("</g>")
    if rows:
        x0, y0 = left + 40, 70
        out.append(text(x0, y0 - 6, "Bids (quantity x face)", 13, fill=MUTED))
        made = {(q, f) for _, q, f in bids}
        for f in range(1, sides + 1):
            out.append(text(x0 + CELL_W * (f - 0.5), y0 + 12, str(f), 13, "middle", "bold"))
        for q in range(1, total + 1):
            y = y0 + CELL_H * q
            out.append(text(x0 - 6, y + 14, str(q), 12, "end"))
            for f in range(1, sides + 1):
                fill = "#e9c46a" if (q, f) in made else "#fff3c4"
                tip = f"Bid {q} x {f}: at least {q} dice show {f} (R1, R2)"
                out.append(f'<g data-place="bid-{q}-{f}"><title>{escape(tip)}</title><rect '
                           f'x="{x0 + CELL_W * (f - 1):.1f}" y="{y:.1f}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                           f'fill="{fill}" stroke="#8a6d00"/></g>')
        out.append(button(16, height - 44, "Liar!", "liar",
                          "Call liar on the standing bid: the cups are lifted (R4, R5)"))
    else:
        out.append(text(16, height - 24, " ".join(view.get("events", [])[-1:]) or "The game is over", 13))
    out.append(text(width - 16, height - 12, "brown dice: hidden under a cup", 12, "end", fill=MUTED))
    out.append("</svg>")
    return "".join(out)
