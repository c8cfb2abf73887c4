"""SVG rendering of a Sjørøverøya view: the track, pieces, hands, pile and discard pile.

`board_svg(view)` draws only what the view dict holds, so a player's view never shows
a hidden card. Every card carries a tooltip (its suit in words and what it does, with rule
IDs), the legend has its own band and the board scales to its container
(explorer.core.svg). Places carry ``data-place`` attributes (``start``, ``card:3``,
``goal``, ``P2:suit:H``, ``display:suit:S``) for clickable boards.
"""

from __future__ import annotations

from explorer.core.svg import INK, MUTED, button_row, ink_on, legend_band, svg_root, text, title

from .data import COMPONENTS, GOAL, SUITS, SYMBOLS

CARD_W, CARD_H, GAP, BLOCK_GAP = 38, 58, 3, 10
LEFT = 86
RED_SUITS = {s.id for s in COMPONENTS.suits if s.colour == "red"}
SUIT_WORDS = {s.id: s.english for s in COMPONENTS.suits}
FILLS = tuple(fill for _, fill in COMPONENTS.colours)
NAMES = tuple(f"Player {p + 1}" for p in range(len(COMPONENTS.colours)))   # seats, not colours
HAND_X, HAND_CARD = 480, 24


def card_x(q: int) -> float:
    """Left edge of track card q (1-20)."""
    return LEFT + (q - 1) * (CARD_W + GAP) + ((q - 1) // 4) * BLOCK_GAP


GOAL_X = card_x(20) + CARD_W + 14
WIDTH = GOAL_X + 74


def _suit_colour(s: str) -> str:
    return "#c1121f" if s in RED_SUITS else "#1b1b1b"


def hand_tip(s: str) -> str:
    """What a card in hand does: its suit only, never its rank (R1)."""
    return (f"{SUIT_WORDS[s]} {SYMBOLS[s]}: play it to move a piece forward to the next {SUIT_WORDS[s]} card "
            f"free of opponents, or into the goal if there is none (R1, R7-R13)")


def _pieces(cx: float, bottom: float, counts: list[tuple[int, int]]) -> list[str]:
    """A column of player discs above a place; a number on a disc counts several pieces."""
    out = []
    y = bottom - 10
    for player, n in counts:
        out.append(f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="10" fill="{FILLS[player]}" stroke="#111" '
                   f'stroke-width="1" data-player="{player}"><title>{NAMES[player]}: {n} piece'
                   f'{"s" if n != 1 else ""}</title></circle>')
        if n > 1:
            out.append(text(cx, y + 4.5, str(n), 12, "middle", "bold", ink_on(FILLS[player])))
        y -= 22
    return out


def _occupants(pieces: list[list[int]], q: int) -> list[tuple[int, int]]:
    return [(p, row.count(q)) for p, row in enumerate(pieces) if q in row]


def _hand(x: float, y: float, hand: str, owner: str, limit: int = 20) -> list[str]:
    """Small face-up cards, each showing its suit (the rank never matters, R1)."""
    out = []
    for i, s in enumerate(hand[:limit]):
        cx = x + i * (HAND_CARD + 2)
        out.append(f'<rect x="{cx:.0f}" y="{y:.0f}" width="{HAND_CARD}" height="30" rx="3" fill="#fff" '
                   f'stroke="#888" data-place="{owner}:suit:{s}">{title(hand_tip(s))}</rect>')
        out.append(text(cx + HAND_CARD / 2, y + 21, SYMBOLS[s], 17, "middle", fill=_suit_colour(s),
                        tip=hand_tip(s)))
    if len(hand) > limit:
        out.append(text(x + limit * (HAND_CARD + 2) + 4, y + 21, f"+{len(hand) - limit}", 13))
    return out


def _status(view: dict) -> str:
    """Turn, whose move and which step, in the players' words with the rule that applies."""
    phase = view["phase"]
    if phase == "over":
        if view["ended"] == "goal":
            winner = next(i for i, row in enumerate(view["pieces"]) if all(q == GOAL for q in row))
            return f"Game over: {NAMES[winner]} has all 6 pieces home and wins (E1)"
        return "Game over: turn cap reached (V12)"
    if phase in ("layout", "deal", "first"):
        return {"layout": "Setting up: laying out the track (S4)", "deal": "Setting up: dealing the hands (S7)",
                "first": "Setting up: choosing who starts (S9)"}[phase]
    turn = f"Turn {view['turns'] + 1} · " if "turns" in view else ""
    who = NAMES[view["to_move"]]
    if view["pending"]["draws"]:
        n = view["pending"]["draws"]
        return f"{turn}{NAMES[view['pending']['drawer']]} draws {n} card{'s' if n != 1 else ''} (R20, R24)"
    if phase == "discard":
        return f"{turn}{who} discards down to the hand limit (V7)"
    return f"{turn}{who} to move: move {view['moves_used'] + 1} of at most 3 this turn (R2)"


def track_top(view: dict) -> int:
    """The track's top edge: just below the status line, with room for the tallest column of discs
    standing on a card or the goal now (one disc per player there), so no empty band sits above it."""
    pieces = view["pieces"]
    tallest = max([1, *(len(_occupants(pieces, q)) for q in [*range(1, 21), GOAL])])
    return 90 + 22 * (tallest - 1)


def _track(view: dict) -> list[str]:
    pieces, track = view["pieces"], view["track"]
    top = track_top(view)
    out = [f'<rect x="8" y="{top}" width="{LEFT - 16}" height="{CARD_H}" rx="6" fill="#e0d4b4" '
           f'stroke="#8a7a55" data-place="start"><title>Start: pieces here can only move forward (R30)</title></rect>',
           text(LEFT / 2 - 4, top + CARD_H + 16, "Start", 13, "middle")]
    for i, (player, count) in enumerate(_occupants(pieces, 0)):   # a 2x2 grid inside the Start box
        out += _pieces(LEFT / 2 - 15 + 22 * (i % 2), top + 26 + 23 * (i // 2), [(player, count)])
    for q in range(1, 21):
        x = card_x(q)
        if q <= len(track):
            s = track[q - 1]
            rank = COMPONENTS.block_ranks[(q - 1) // 4]
            tip = (f"Track card {q}: {rank} of {SUIT_WORDS[s]} {SYMBOLS[s]}; only the suit counts (R1). A forward "
                   f"move with a {SUIT_WORDS[s]} card can stop here if no opponent is on it (R9-R11)")
            out.append(f'<rect x="{x:.0f}" y="{top}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fffdf7" '
                       f'stroke="#555" data-place="card:{q}"><title>{tip}</title></rect>')
            out.append(text(x + 4, top + 15, rank, 12, fill=_suit_colour(s), tip=tip))
            out.append(text(x + CARD_W / 2, top + 44, SYMBOLS[s], 24, "middle", fill=_suit_colour(s), tip=tip))
        else:
            out.append(f'<rect x="{x:.0f}" y="{top}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#b9a27a" '
                       f'stroke="#555" data-place="card:{q}"><title>Track card {q}: not laid yet (S4)</title></rect>')
        out.append(text(x + CARD_W / 2, top + CARD_H + 16, str(q), 12, "middle", fill=MUTED))
        out += _pieces(x + CARD_W / 2, top - 3, _occupants(pieces, q))
    out.append(f'<rect x="{GOAL_X:.0f}" y="{top}" width="60" height="{CARD_H}" rx="6" fill="#ffe8a3" '
               f'stroke="#a07800" data-place="goal"><title>Goal (the joker): a piece with no stop ahead enters it; '
               f'all 6 home wins (R13-R15, E1)</title></rect>')
    out.append(text(GOAL_X + 30, top + 38, "🃏", 24, "middle"))
    out.append(text(GOAL_X + 30, top + CARD_H + 16, "Goal", 13, "middle"))
    out += _pieces(GOAL_X + 30, top - 3, _occupants(pieces, GOAL))
    return out


def _end_button(view: dict) -> list[str]:
    """The "End turn" (or "Pass") button of the player to move, once ending is allowed (R4, R5, V4)."""
    if view["phase"] != "play" or view["pending"]["draws"]:
        return []
    passing = view["game"]["options"].get("allow_pass") and not view["moves_used"]
    if not view["moves_used"] and not passing:
        return []
    words = "Pass" if passing else "End turn"
    tip = "Pass: make no move this turn (V4)" if passing else "End the turn now, leaving the moves left unused (R5)"
    return button_row(WIDTH - 14, 38, [(f"{words} ▸", "end", tip)])


def board_svg(view: dict) -> str:
    """The whole table as one SVG string."""
    n = len(view["pieces"])
    viewer = view.get("viewer")
    out = [text(14, 30, "Sjørøverøya" + ("" if viewer is None else f" · {NAMES[viewer]}'s view"), 20, weight="bold"),
           text(14, 56, _status(view), 15), *_end_button(view)]
    out += _track(view)
    pieces, track = view["pieces"], view["track"]
    y = track_top(view) + CARD_H + 54
    hands, sizes, scores = view["hands"], view["hand_sizes"], view.get("scores", [])
    for p in range(n):
        marker = "▶ " if view["phase"] in ("play", "discard") and view["to_move"] == p else ""
        out.append(f'<circle cx="22" cy="{y - 5}" r="9" fill="{FILLS[p]}" stroke="#111"/>')
        home = pieces[p].count(GOAL)
        line = f"{marker}{NAMES[p]}: {sizes[p]} card{'s' if sizes[p] != 1 else ''}, {home}/6 home"
        if scores and len(track) == 20:
            line += f", moves left {36 - scores[p]}" if view["game"]["options"]["ranking_metric"] == \
                "min_forward_moves" else f", progress {scores[p]}"
        out.append(text(38, y, line, 15, weight="bold" if marker else "normal"))
        if hands[p]:
            out += _hand(HAND_X, y - 21, hands[p], f"P{p + 1}")
        elif hands[p] is not None:
            out.append(text(HAND_X, y, "no cards in hand", 14, fill=MUTED))
        else:
            out.append(text(HAND_X, y, "hand hidden (R29)", 14, fill=MUTED))
        y += 40
    discard = "  ".join(f"{SYMBOLS[s]} {c}" for s, c in view["discard"].items() if c) or "empty"
    out.append(text(14, y + 4, f"Draw pile: {view['pile_size']} cards · Discard pile: {discard}", 15,
                    tip="Played cards go face up on the discard pile (R8); it is reshuffled when the pile runs "
                        "out (R26)"))
    y += 10
    if view["pile_top"]:
        out.append(text(14, y + 26, "Face up (V6):", 14))
        out += _hand(120, y + 6, view["pile_top"], "display")
        y += 40
    odds = view.get("next_draw", {})
    if odds:
        who = "" if viewer is None else f" ({NAMES[viewer]}'s odds)"
        shown = "   ".join(f"{SYMBOLS[s]} {p}" for s, p in odds.items())
        out.append(text(14, y + 22, f"Next card from the pile{who}: {shown}", 14, fill=INK))
        y += 26
    legend, legend_h = legend_band(14, y + 34, WIDTH - 28, [
        (FILLS[0], "disc: a player's pieces (number = how many)"), ("", "♥ ♦ red suits · ♠ ♣ black suits"),
        ("", "Only a card's suit matters, never its rank (R1)"), ("", "▶ whose turn")])
    height = y + 34 + legend_h
    head = [svg_root(WIDTH, height, extra=' class="sjoroveroya"'),
            f'<rect width="{WIDTH:.0f}" height="{height:.0f}" fill="#f4ecd8"/>']
    return "\n".join([*head, *out, *legend, "</svg>"])


__all__ = ["SUITS", "board_svg"]
