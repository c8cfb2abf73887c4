"""SVG table of a Jolly & Roger view: four ships, both crews, captains, chests and offers.

`board_svg(view)` draws only what the view dict holds, so a player's view never shows a
hidden card. Clickable places carry ``data-place`` (``ship:B``, ``pile:0:B``, ``card:G3``,
``offer:1``, ``chest:0``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from .data import COMPONENTS, SHIPS, SPECIAL_NAMES

FILL = {s.id: s.fill for s in COMPONENTS.ships}
SHIP_NAME = {s.id: s.colour.capitalize() for s in COMPONENTS.ships}
SPECIAL_FILL = "#3b3b46"
CAPTAIN = ("#161616", "#fafafa")      # P1 black, P2 white (K5)
COL_W, CARD_W, CARD_H, LEFT = 150, 124, 17, 24
SHIP_Y, MAX_SHOWN = 250, 7
WIDTH, HEIGHT = 840, 600


def _text(x: float, y: float, body: str, size: int = 12, anchor: str = "start", weight: str = "normal",
          fill: str = "#222") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" font-family="sans-serif" '
            f'font-weight="{weight}" fill="{fill}">{escape(body)}</text>')


def _card_fill(card: str) -> str:
    return FILL.get(card[0], SPECIAL_FILL) if card[0] in FILL and card[1:].isdigit() else SPECIAL_FILL


def _label(entry: str) -> tuple[str, str, str]:
    """(text, fill, text colour) of a crew-pile entry or card."""
    if entry.startswith("p:"):
        return f"parrot ({entry[2:]}) 1", "#d9f0d3", "#1d4d1a"
    if entry.startswith("t:"):
        return f"{entry[2:]} turned {entry[3:]}", _card_fill(entry[2:]), "#fff"
    if entry in SPECIAL_NAMES:
        return SPECIAL_NAMES[entry] + (" 3" if entry == "SK" else ""), SPECIAL_FILL, "#fff"
    return f"{entry}  strength {entry[1:]}", _card_fill(entry), "#fff"


def _chip(x: float, y: float, entry: str, place: str, w: int = CARD_W) -> str:
    text, fill, ink = _label(entry)
    return (f'<g data-place="{place}"><rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{CARD_H - 2}" rx="3" '
            f'fill="{fill}" stroke="#333" stroke-width="0.6"/>{_text(x + 5, y + 12, text, 11, fill=ink)}</g>')


def _pile(x: float, y0: float, pile: list[str], player: int, ship: str, up: bool) -> list[str]:
    """A crew pile fanned away from the ship; the bottom (first placed) card sits nearest it."""
    out = [f'<rect x="{x - 3:.0f}" y="{(y0 - MAX_SHOWN * CARD_H - 4) if up else y0 - 2:.0f}" width="{CARD_W + 6}" '
           f'height="{MAX_SHOWN * CARD_H + 6}" fill="none" stroke="#c9b48a" stroke-dasharray="3 3" '
           f'data-place="pile:{player}:{ship}"/>']
    shown = pile[:MAX_SHOWN - 1] + ([f"+{len(pile) - MAX_SHOWN + 1} more"] if len(pile) > MAX_SHOWN else
                                    pile[MAX_SHOWN - 1:])
    for i, entry in enumerate(shown):
        y = y0 - (i + 1) * CARD_H if up else y0 + i * CARD_H
        if entry.startswith("+"):
            out.append(_text(x + CARD_W / 2, y + 12, entry, 11, "middle"))
        else:
            out.append(_chip(x, y, entry, f"pile:{player}:{ship}"))
    return out


def _ship(x: float, ship: str, value: int, captain: int | None, strengths: list[list[int]]) -> list[str]:
    i = SHIPS.index(ship)
    hull = (f'<path d="M{x:.0f},{SHIP_Y} h{CARD_W} l-14,34 h-{CARD_W - 28} z" fill="{FILL[ship]}" '
            f'stroke="#3b2a14" stroke-width="1.5" data-place="ship:{ship}"><title>{SHIP_NAME[ship]} ship, '
            f'{value} points</title></path>')
    out = [hull, _text(x + CARD_W / 2, SHIP_Y + 22, f"{SHIP_NAME[ship]}  {value}", 13, "middle", "bold", "#fff")]
    out.append(_text(x + CARD_W / 2, SHIP_Y - 8, f"P2 strength {strengths[1][i]}", 11, "middle"))
    out.append(_text(x + CARD_W / 2, SHIP_Y + 50, f"P1 strength {strengths[0][i]}", 11, "middle"))
    if captain is not None:
        cx = x + CARD_W - 6
        out.append(f'<circle cx="{cx:.0f}" cy="{SHIP_Y - 4}" r="9" fill="{CAPTAIN[captain]}" stroke="#111" '
                   f'data-place="ship:{ship}"><title>Player {captain + 1} captain</title></circle>')
        out.append(_text(cx, SHIP_Y, f"{captain + 1}", 10, "middle", "bold", CAPTAIN[1 - captain]))
    return out


def _row(x: float, y: float, title: str, cards: list[str], place: str) -> list[str]:
    out = [_text(x, y + 12, title, 12, weight="bold")]
    for i, card in enumerate(cards):
        out.append(_chip(x + 150 + i * 84, y, card, f"{place}:{card}" if place.endswith("card") else place, 80))
    return out


def board_svg(view: dict[str, Any]) -> str:
    """The table as an SVG string: ships in ascending order, Player 2's crews above, Player 1's below."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4ead2"/>']
    splitter = view["splitter"]
    who = f"Player {splitter + 1} splits" if splitter is not None else "setup"
    seat = "all-seeing view" if view["seat"] is None else f"view of Player {view['seat'] + 1}"
    parts.append(_text(LEFT, 24, f"Jolly & Roger: round {view['round']} of {view['rounds']}, {who}, "
                                 f"phase {view['phase']} ({seat})", 15, weight="bold"))
    for i, ship in enumerate(SHIPS):
        x = LEFT + i * COL_W
        parts += _pile(x, SHIP_Y - 16, view["piles"][1][ship], 1, ship, up=True)
        parts += _pile(x, SHIP_Y + 58, view["piles"][0][ship], 0, ship, up=False)
        parts += _ship(x, ship, view["ship_values"][ship], view["captains"][i], view["strengths"])
    parts += _chests(view)
    parts += _bottom(view)
    parts.append("</svg>")
    return "".join(parts)


def _chests(view: dict[str, Any]) -> list[str]:
    x = LEFT + 4 * COL_W + 6
    out = []
    for player, y in ((1, 50), (0, 300)):
        chest, gold, score = view["chests"][player], view["gold"][player], view["scores"][player]
        out.append(f'<rect x="{x}" y="{y}" width="190" height="150" rx="8" fill="#8a5a2b" stroke="#4a2f12" '
                   f'data-place="chest:{player}"/>')
        head = f"Player {player + 1} chest: " + ("hidden" if gold is None else f"{gold} gold")
        out.append(_text(x + 10, y + 20, head, 13, weight="bold", fill="#fff"))
        body = "" if chest is None else " ".join(chest) or "empty"
        for j in range(0, len(body), 26):
            out.append(_text(x + 10, y + 40 + j // 26 * 15, body[j:j + 26], 11, fill="#ffe9b0"))
        if score is not None:
            out.append(_text(x + 10, y + 140, f"score now {score}", 12, weight="bold", fill="#fff"))
    return out


def _bottom(view: dict[str, Any]) -> list[str]:
    y = 470
    out: list[str] = []
    if view["table"]:
        out += _row(LEFT, y, "Drawn cards", view["table"], "card")
        y += 22
    for i, offer in enumerate(view["offers"] if view["phase"] == "choose" else []):
        out += _row(LEFT, y, f"Offer {i + 1}", offer, f"offer:{i}")
        y += 22
    for p, hand in enumerate(view["hands"]):
        if hand:
            out += _row(LEFT, y, f"Player {p + 1} still to use", hand, f"P{p + 1}:card")
            y += 22
    unseen = sum(view["unseen"].values())
    info = f"Unseen cards: {unseen} (draw pile {view['pile_size']}, set aside {view['aside_size']})"
    if view["removed"]:
        info += f"; out of the game: {' '.join(view['removed'])}"
    if view.get("aside") and view["phase"] == "over":
        info += f"; set aside were: {' '.join(c for c, n in view['aside'].items() for _ in range(n))}"
    if view["winners"]:
        info += "; result: " + ("draw" if len(view["winners"]) == 1 else f"Player {view['winners'][0][0] + 1} wins")
    out.append(_text(LEFT, HEIGHT - 34, info, 11))
    legend = ("Legend: coloured card = crew at its own ship (strength = value); green chip = parrot (strength 1); "
              "turned = Tortuga; black/white disc = Player 1/Player 2 captain; chest gold = boarded cards")
    out.append(_text(LEFT, HEIGHT - 14, legend, 10, fill="#555"))
    return out
