"""SVG table of a Jolly & Roger view: four ships, both crews, captains, chests and offers.

`board_svg(view)` draws only what the view dict holds, so a player's view never shows a
hidden card. Every card is shown by its name ("Green pirate 4", "Kraken") with a tooltip
giving what it does and the rules behind it; the legend has its own band. The board scales
to its container (explorer.core.svg). Clickable places carry ``data-place`` (``ship:B``,
``pile:0:B``, ``card:G3``, ``offer:1``, ``chest:0``).
"""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.svg import INK, MUTED, ink_on, legend_band, svg_root, text, title, wrap

from .data import COMPONENTS, SHIPS, SPECIAL_NAMES

FILL = {s.id: s.fill for s in COMPONENTS.ships}
SHIP_NAME = {s.id: s.colour.capitalize() for s in COMPONENTS.ships}
SPECIAL_FILL = "#3b3b46"
PARROT = ("#d9f0d3", "#1d4d1a")
CAPTAIN = ("#161616", "#fafafa")      # P1 black, P2 white (K5)
COL_W, CARD_W, CARD_H, LEFT = 172, 150, 23, 24
TOP, MAX_SHOWN = 84, 7
PILE_H = MAX_SHOWN * CARD_H
SHIP_Y = TOP + PILE_H + 34
P1_Y = SHIP_Y + 78
CHEST_X, CHEST_W, CHEST_H = LEFT + 4 * COL_W + 10, 262, 170
WIDTH = CHEST_X + CHEST_W + 20
PHASE_WORDS = {"setup": "setting up (S4-S8)", "start": "setting up (S4-S8)", "draw": "drawing 5 cards (T1)",
               "split": "splits the 5 cards into two sets (T2)", "choose": "chooses one of the two sets (T3)",
               "place": "uses the cards of their set one at a time (T4, T5)", "over": "Game over (E1-E5)"}
SPECIAL_TIPS = {"SK": "Skeleton: crew at any ship with strength 3; no gold, never boarded (R28, R29)",
                "KR": "Kraken: removes the bottom card of one of the opponent's crew piles, and itself, "
                      "from the game (R30-R32)",
                "TO": "Tortuga: turns every one of your parrots to its pirate side, at its printed value (R33)"}


def card_name(card: str) -> str:
    """A card as players say it: 'Green pirate 4', or the special card's name."""
    if card in SPECIAL_NAMES:
        return SPECIAL_NAMES[card]
    return f"{SHIP_NAME[card[0]]} pirate {card[1:]}"


def card_tip(card: str) -> str:
    """What a card in hand or on offer can do, with its rule IDs."""
    if card in SPECIAL_TIPS:
        return SPECIAL_TIPS[card]
    ship = SHIP_NAME[card[0]]
    return (f"{card_name(card)}: crew at the {ship} ship with strength {card[1:]} (R9), or parrot side up at any "
            f"ship with strength 1 (R11), or boarded at the {ship} ship for {card[1:]} gold while your captain "
            f"is there (R18, R19)")


def _card_fill(card: str) -> str:
    return FILL.get(card[0], SPECIAL_FILL) if card[0] in FILL and is_number(card[1:]) else SPECIAL_FILL


def _label(entry: str) -> tuple[str, str, str, str]:
    """(words, fill, text colour, tooltip) of a crew-pile entry or card."""
    if entry.startswith("p:"):
        card = entry[2:]
        return (f"Parrot, {SHIP_NAME[card[0]]} {card[1:]}", *PARROT,
                f"{card_name(card)} played parrot side up: strength 1 at this ship (R11)")
    if entry.startswith("t:"):
        card = entry[2:]
        return (f"{card_name(card)} ↻", _card_fill(card), "#fff",
                f"{card_name(card)}, a parrot turned to its pirate side by Tortuga: strength {card[1:]} "
                f"at any ship (R33)")
    if entry in SPECIAL_NAMES:
        return card_name(entry), SPECIAL_FILL, "#fff", SPECIAL_TIPS[entry]
    return (card_name(entry), _card_fill(entry), "#fff",
            f"{card_name(entry)}: crew at its own ship, strength {entry[1:]} (R9)")


def _chip(x: float, y: float, entry: str, place: str, w: int = CARD_W, tip: str = "") -> str:
    words, fill, ink, own_tip = _label(entry)
    ink = ink_on(fill) if fill in FILL.values() else ink       # white on yellow or green reads below 4.5:1
    return (f'<g data-place="{place}">{title(tip or own_tip)}<rect x="{x:.0f}" y="{y:.0f}" width="{w}" '
            f'height="{CARD_H - 3}" rx="4" fill="{fill}" stroke="#333" stroke-width="0.6"/>'
            f'{text(x + 7, y + 15, words, 13, fill=ink)}</g>')


def _pile(x: float, y0: float, pile: list[str], player: int, ship: str, up: bool) -> list[str]:
    """A crew pile fanned away from the ship; the bottom (first placed) card sits nearest it."""
    top = (y0 - PILE_H - 4) if up else y0 - 2
    out = [f'<rect x="{x - 3:.0f}" y="{top:.0f}" width="{CARD_W + 6}" height="{PILE_H + 4}" fill="none" '
           f'stroke="#b49a66" stroke-dasharray="3 3" data-place="pile:{player}:{ship}"><title>Player {player + 1}\'s '
           f'crew at the {SHIP_NAME[ship]} ship, bottom card nearest the ship (R9, R11, R30)</title></rect>']
    shown = pile[:MAX_SHOWN - 1] + ([f"+{len(pile) - MAX_SHOWN + 1} more"] if len(pile) > MAX_SHOWN else
                                    pile[MAX_SHOWN - 1:])
    for i, entry in enumerate(shown):
        y = y0 - (i + 1) * CARD_H if up else y0 + i * CARD_H
        if entry.startswith("+"):
            out.append(text(x + CARD_W / 2, y + 15, entry, 13, "middle", fill=MUTED))
        else:
            out.append(_chip(x, y, entry, f"pile:{player}:{ship}"))
    return out


def _ship(x: float, ship: str, value: int, captain: int | None, strengths: list[list[int]]) -> list[str]:
    i = SHIPS.index(ship)
    ink = "#111" if ship == "Y" else "#fff"
    hull = (f'<path d="M{x:.0f},{SHIP_Y} h{CARD_W} l-16,38 h-{CARD_W - 32} z" fill="{FILL[ship]}" '
            f'stroke="#3b2a14" stroke-width="1.5" data-place="ship:{ship}"><title>{SHIP_NAME[ship]} ship, '
            f'worth {value} points to its captain at the end (K1, E1)</title></path>')
    out = [hull, text(x + CARD_W / 2, SHIP_Y + 25, f"{SHIP_NAME[ship]}  {value}", 17, "middle", "bold", ink)]
    out.append(text(x + CARD_W / 2 - 14, SHIP_Y - 10, f"Player 2 strength {strengths[1][i]}", 13, "middle",
                    tip="Player 2's total strength at this ship (R9, R11, R14)"))
    out.append(text(x + CARD_W / 2 - 14, SHIP_Y + 58, f"Player 1 strength {strengths[0][i]}", 13, "middle",
                    tip="Player 1's total strength at this ship (R9, R11, R14)"))
    if captain is not None:
        cx = x + CARD_W + 2
        mark = text(cx, SHIP_Y + 7, f"P{captain + 1}", 12, "middle", "bold", CAPTAIN[1 - captain])
        out.append(f'<g data-place="ship:{ship}"><title>Player {captain + 1}\'s captain: the majority at this '
                   f'ship (R14-R16)</title><circle cx="{cx:.0f}" cy="{SHIP_Y + 2}" r="14" fill="{CAPTAIN[captain]}" '
                   f'stroke="#111"/>{mark}</g>')
    return out


def _row(x: float, y: float, heading: str, cards: list[str], place: str) -> list[str]:
    out = [text(x, y + 15, heading, 14, weight="bold")]
    for i, card in enumerate(cards):
        out.append(_chip(x + 180 + i * 146, y, card, f"{place}:{card}" if place.endswith("card") else place, 140,
                         card_tip(card)))
    return out


def _status(view: dict[str, Any]) -> str:
    """Round and phase in the game's words: who does what now."""
    phase = view["phase"]
    if phase == "over":
        return f"Round {view['round']} of {view['rounds']} · {PHASE_WORDS['over']}"
    actor = view["to_move"] if phase in ("split", "choose", "place") else None
    who = f"Player {actor + 1} " if actor is not None else ""
    return f"Round {view['round']} of {view['rounds']} · {who}{PHASE_WORDS.get(phase, phase)}"


def board_svg(view: dict[str, Any]) -> str:
    """The table as an SVG string: ships in ascending order, Player 2's crews above, Player 1's below."""
    bottom, y = _bottom(view, P1_Y + PILE_H + 24)
    legend, legend_h = legend_band(LEFT, y + 26, WIDTH - 2 * LEFT, [
        (FILL["G"], "pirate side: strength = its number (R9)"), (PARROT[0], "parrot side: strength 1 (R11)"),
        ("", "↻ turned by Tortuga (R33)"), (CAPTAIN[0], "Player 1's captain"),
        (CAPTAIN[1], "Player 2's captain (R14)"), ("#8a5a2b", "chest: boarded cards, gold (R19)")])
    height = y + 26 + legend_h
    seat = "all-seeing view" if view["seat"] is None else f"Player {view['seat'] + 1}'s view"
    parts = [svg_root(WIDTH, height), f'<rect width="{WIDTH}" height="{height}" fill="#f4ead2"/>',
             text(LEFT, 32, f"Jolly & Roger · {seat}", 20, weight="bold"),
             text(LEFT, 58, _status(view), 16)]
    for i, ship in enumerate(SHIPS):
        x = LEFT + i * COL_W
        parts += _pile(x, TOP + PILE_H, view["piles"][1][ship], 1, ship, up=True)
        parts += _pile(x, P1_Y, view["piles"][0][ship], 0, ship, up=False)
        parts += _ship(x, ship, view["ship_values"][ship], view["captains"][i], view["strengths"])
    parts += _chests(view)
    parts += bottom
    parts += legend
    parts.append("</svg>")
    return "".join(parts)


def _chest_lines(chest: list[str]) -> list[str]:
    """Boarded cards grouped by colour: 'Green: 4, 2' (names, never card codes)."""
    if not chest:
        return ["empty"]
    lines = []
    for ship in SHIPS:
        values = [c[1:] for c in chest if c[0] == ship]
        if values:
            lines.append(f"{SHIP_NAME[ship]} pirates: {', '.join(values)}")
    return lines


def _chests(view: dict[str, Any]) -> list[str]:
    out = []
    for player, y in ((1, TOP - 4), (0, P1_Y - 10)):
        chest, gold, score = view["chests"][player], view["gold"][player], view["scores"][player]
        out.append(f'<rect x="{CHEST_X}" y="{y}" width="{CHEST_W}" height="{CHEST_H}" rx="8" fill="#8a5a2b" '
                   f'stroke="#4a2f12" data-place="chest:{player}"><title>Player {player + 1}\'s treasure chest: '
                   f'boarded cards score their gold (R19, E1)</title></rect>')
        head = f"Player {player + 1}'s chest: " + ("hidden" if gold is None else f"{gold} gold")
        out.append(text(CHEST_X + 12, y + 24, head, 15, weight="bold", fill="#fff"))
        lines = ["hidden (V7)"] if chest is None else _chest_lines(chest)
        for j, line in enumerate(lines[:5]):
            out.append(text(CHEST_X + 12, y + 50 + j * 19, line, 13, fill="#ffefc4"))
        if score is not None:
            out.append(text(CHEST_X + 12, y + CHEST_H - 14, f"score now {score}", 14, weight="bold", fill="#fff",
                            tip="Ships captained plus chest gold, if the game ended now (E1-E3)"))
    return out


def _bottom(view: dict[str, Any], y: float) -> tuple[list[str], float]:
    """Drawn cards, offers, cards still to use and the unseen count, top-down from y; returns the next y."""
    out: list[str] = []
    if view["table"]:
        out += _row(LEFT, y, "Drawn cards", view["table"], "card")
        y += 28
    for i, offer in enumerate(view["offers"] if view["phase"] == "choose" else []):
        out += _row(LEFT, y, f"Set {i + 1} on offer", offer, f"offer:{i}")
        y += 28
    for p, hand in enumerate(view["hands"]):
        if hand:
            out += _row(LEFT, y, f"Player {p + 1} still to use", hand, f"P{p + 1}:card")
            y += 28
    unseen = sum(view["unseen"].values())
    info = [f"Unseen cards: {unseen} (draw pile {view['pile_size']}, set aside {view['aside_size']})"]
    if view["removed"]:
        info.append("Out of the game: " + ", ".join(card_name(c) for c in view["removed"]))
    if view.get("aside") and view["phase"] == "over":
        info.append("Set aside were: " + ", ".join(card_name(c) for c, n in view["aside"].items() for _ in range(n)))
    if view["winners"]:
        info.append("Result: " + ("draw" if len(view["winners"]) == 1 else f"Player {view['winners'][0][0] + 1} wins"))
    for line in wrap(" · ".join(info), 120):
        out.append(text(LEFT, y + 16, line, 14, fill=INK))
        y += 22
    return out, y
