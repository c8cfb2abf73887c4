"""SVG rendering of a Sjørøverøya view: the track, pieces, hands, pile and discard pile.

`board_svg(view)` draws only what the view dict holds, so a player's view never shows
a hidden card. Places carry ``data-place`` attributes (``start``, ``card:3``,
``goal``) for clickable boards.
"""

from __future__ import annotations

from html import escape

from .data import COMPONENTS, GOAL, SUITS, SYMBOLS

CARD_W, CARD_H, GAP, BLOCK_GAP = 36, 56, 3, 10
LEFT, TOP = 84, 96
RED_SUITS = {s.id for s in COMPONENTS.suits if s.colour == "red"}
FILLS = tuple(fill for _, fill in COMPONENTS.colours)
NAMES = tuple(f"Player {p + 1}" for p in range(len(COMPONENTS.colours)))   # seats, not colours


def card_x(q: int) -> float:
    """Left edge of track card q (1-20)."""
    return LEFT + (q - 1) * (CARD_W + GAP) + ((q - 1) // 4) * BLOCK_GAP


GOAL_X = card_x(20) + CARD_W + 16
WIDTH = GOAL_X + 70
SHOWN_WIDTH = 840


def _suit_colour(s: str) -> str:
    return "#c1121f" if s in RED_SUITS else "#1b1b1b"


def _text(x: float, y: float, body: str, size: int = 12, anchor: str = "start", weight: str = "normal",
          fill: str = "#222") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(body)}</text>')


def _pieces(cx: float, bottom: float, counts: list[tuple[int, int]]) -> list[str]:
    """A column of player discs above a place; a number on a disc counts several pieces."""
    out = []
    y = bottom - 9
    for player, n in counts:
        out.append(f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="8.5" fill="{FILLS[player]}" stroke="#111" '
                   f'stroke-width="1" data-player="{player}"><title>{NAMES[player]}: {n}</title></circle>')
        if n > 1:
            out.append(_text(cx, y + 4, str(n), 11, "middle", "bold", "#fff"))
        y -= 19
    return out


def _occupants(pieces: list[list[int]], q: int) -> list[tuple[int, int]]:
    return [(p, row.count(q)) for p, row in enumerate(pieces) if q in row]


def _hand(x: float, y: float, hand: str, owner: str) -> list[str]:
    out = []
    for i, s in enumerate(hand[:16]):
        cx = x + i * 17
        out.append(f'<rect x="{cx:.0f}" y="{y:.0f}" width="15" height="21" rx="2" fill="#fff" stroke="#888" '
                   f'data-place="{owner}:suit:{s}"/>')
        out.append(_text(cx + 7.5, y + 15, SYMBOLS[s], 12, "middle", fill=_suit_colour(s)))
    if len(hand) > 16:
        out.append(_text(x + 16 * 17 + 4, y + 15, f"+{len(hand) - 16}", 11))
    return out


def _status(view: dict) -> str:
    names = NAMES
    phase = view["phase"]
    if phase == "over":
        if view["ended"] == "goal":
            winner = next(i for i, row in enumerate(view["pieces"]) if all(q == GOAL for q in row))
            return f"Game over: {names[winner]} wins (E1)"
        return "Game over: turn cap reached (V12)"
    if phase in ("layout", "deal", "first"):
        return {"layout": "Setup: laying out the track (S4)", "deal": "Setup: dealing (S7)",
                "first": "Setup: choosing who starts (S9)"}[phase]
    who = names[view["to_move"]]
    if view["pending"]["draws"]:
        return f"{names[view['pending']['drawer']]} draws {view['pending']['draws']} card(s)"
    if phase == "discard":
        return f"{who} discards down to the hand limit (V7)"
    return f"{who} to move: move {view['moves_used'] + 1} of the turn"


def board_svg(view: dict) -> str:
    """The whole table as one SVG string."""
    n = len(view["pieces"])
    height = TOP + CARD_H + 40 + 34 * n + 70
    viewer = view.get("viewer")
    title = "Sjørøverøya" + ("" if viewer is None else f" — {NAMES[viewer]}'s view")
    scale = min(1.0, SHOWN_WIDTH / WIDTH)   # fit a notebook's output area; the drawing keeps its coordinates
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH * scale:.0f}" height="{height * scale:.0f}" '
           f'viewBox="0 0 {WIDTH:.0f} {height}" font-family="DejaVu Sans, Arial, sans-serif" class="sjoroveroya">',
           '<rect width="100%" height="100%" fill="#f4ecd8"/>',
           _text(12, 22, title, 16, weight="bold"), _text(12, 42, _status(view), 13)]
    pieces = view["pieces"]
    track = view["track"]
    # Start
    out.append(f'<rect x="8" y="{TOP}" width="{LEFT - 16}" height="{CARD_H}" rx="6" fill="#e0d4b4" '
               f'stroke="#8a7a55" data-place="start"/>')
    out.append(_text(LEFT / 2 - 4, TOP + CARD_H - 6, "Start", 11, "middle"))
    for i, (player, count) in enumerate(_occupants(pieces, 0)):   # a 2x2 grid inside the Start box
        out += _pieces(LEFT / 2 - 14 + 20 * (i % 2), TOP + 18 + 19 * (i // 2), [(player, count)])
    # Track cards by block
    for q in range(1, 21):
        x = card_x(q)
        if q <= len(track):
            s = track[q - 1]
            rank = COMPONENTS.block_ranks[(q - 1) // 4]
            out.append(f'<rect x="{x:.0f}" y="{TOP}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fffdf7" '
                       f'stroke="#555" data-place="card:{q}"><title>card {q}: {rank}{SYMBOLS[s]}</title></rect>')
            out.append(_text(x + 4, TOP + 13, rank, 10, fill=_suit_colour(s)))
            out.append(_text(x + CARD_W / 2, TOP + 38, SYMBOLS[s], 22, "middle", fill=_suit_colour(s)))
        else:
            out.append(f'<rect x="{x:.0f}" y="{TOP}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#b9a27a" '
                       f'stroke="#555" data-place="card:{q}"/>')
        out.append(_text(x + CARD_W / 2, TOP + CARD_H + 13, str(q), 9, "middle", fill="#666"))
        out += _pieces(x + CARD_W / 2, TOP - 2, _occupants(pieces, q))
    # Goal (the joker)
    out.append(f'<rect x="{GOAL_X:.0f}" y="{TOP}" width="54" height="{CARD_H}" rx="6" fill="#ffe8a3" '
               f'stroke="#a07800" data-place="goal"/>')
    out.append(_text(GOAL_X + 27, TOP + 24, "🃏", 18, "middle"))
    out.append(_text(GOAL_X + 27, TOP + CARD_H - 8, "Goal", 11, "middle"))
    out += _pieces(GOAL_X + 27, TOP - 2, _occupants(pieces, GOAL))
    # Players
    y = TOP + CARD_H + 36
    hands, sizes, scores = view["hands"], view["hand_sizes"], view.get("scores", [])
    for p in range(n):
        marker = "▶ " if view["phase"] in ("play", "discard") and view["to_move"] == p else ""
        out.append(f'<circle cx="20" cy="{y - 4}" r="7" fill="{FILLS[p]}" stroke="#111"/>')
        home = pieces[p].count(GOAL)
        line = f"{marker}{NAMES[p]}: {sizes[p]} card{'s' if sizes[p] != 1 else ''}, {home}/6 home"
        if scores and len(track) == 20:
            line += f", moves left {36 - scores[p]}" if view["game"]["options"]["ranking_metric"] == \
                "min_forward_moves" else f", progress {scores[p]}"
        out.append(_text(34, y, line, 12, weight="bold" if marker else "normal"))
        if hands[p] is not None:
            out += _hand(330, y - 15, hands[p], f"P{p + 1}")
        else:
            out.append(_text(330, y, "hand hidden", 11, fill="#777"))
        y += 34
    # Pile, discard pile, display, odds
    discard = "".join(f"{SYMBOLS[s]}{c} " for s, c in view["discard"].items() if c) or "empty"
    out.append(_text(12, y + 2, f"Draw pile: {view['pile_size']} cards   Discard pile: {discard}", 12))
    if view["pile_top"]:
        out.append(_text(12, y + 22, "Face up (V6):", 11))
        out += _hand(100, y + 8, view["pile_top"], "display")
    odds = view.get("next_draw", {})
    if odds:
        who = "" if viewer is None else f" ({NAMES[viewer]}'s odds)"
        shown = "  ".join(f"{SYMBOLS[s]} {p}" for s, p in odds.items())
        out.append(_text(12, y + 44, f"Next card from the pile{who}: {shown}", 11, fill="#333"))
    out.append(_text(WIDTH - 12, height - 10, "discs: pieces (number = how many) · ♥♦ red suits, ♠♣ black",
                     10, "end", fill="#555"))
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["SUITS", "board_svg"]
