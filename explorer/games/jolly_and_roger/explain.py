"""Why an action is illegal here, naming the rule it breaks (`IllegalAction`), and
Jolly & Roger's moves and chance outcomes in plain words, as the board names the cards
(``Green pirate 4``, ``Kraken``), for the action list, pickers and lessons; the notation
(``crew G4``) stays the moves' id."""

from __future__ import annotations

from typing import Any

from explorer.core.errors import IllegalAction

from .data import SHIP_INDEX, VALUE
from .model import (
    NAMES,
    SHIP_NAMES,
    Aside,
    Board,
    Crew,
    Draw,
    FirstPlayer,
    JollyState,
    Kraken,
    Parrot,
    Skeleton,
    Split,
    Take,
    Tortuga,
)
from .render import SHIP_NAME, card_name

PLACEMENTS = (Crew, Parrot, Board, Skeleton, Kraken, Tortuga)
ACTIONS = (Split, Take, *PLACEMENTS)
OUTCOMES = (Aside, Draw, FirstPlayer)


# -- illegal actions -------------------------------------------------------------------
PHASE_RULE = {"setup": "S4", "start": "S8", "draw": "T1", "split": "T2", "choose": "T3", "place": "T4",
              "over": "E1"}


def explain_illegal(s: JollyState, action) -> IllegalAction:
    phase = s.phase
    if not isinstance(action, ACTIONS + OUTCOMES):
        return IllegalAction(PHASE_RULE[phase], f"{action!r} is not a Jolly & Roger action", action)
    if phase == "over":
        return IllegalAction("E1", "the game is over after the last round", action)
    if s.is_chance:
        if isinstance(action, OUTCOMES):
            return IllegalAction(PHASE_RULE[phase], f"{action} cannot happen now (only the cards still in "
                                 "the pile can come up)", action)
        return IllegalAction(PHASE_RULE[phase], "cards are being set aside or drawn; no one decides now", action)
    if phase == "split":
        if not isinstance(action, Split):
            return IllegalAction("T2", f"{NAMES[s.splitter]} must first split the five cards", action)
        if sorted((*action.small, *action.large)) != sorted(s.table):
            return IllegalAction("R4", "a split must use each drawn card exactly once", action)
        return IllegalAction("R3", "each offer must hold 1 to 4 cards", action)
    if phase == "choose":
        if not isinstance(action, Take):
            return IllegalAction("T3", f"{NAMES[s.to_move]} must first take one of the two offers", action)
        return IllegalAction("R5", "the chooser must take exactly one of the two offers as laid out", action)
    return explain_placement(s, action)


def explain_placement(s: JollyState, action) -> IllegalAction:
    """Why a card cannot be used this way now, naming the rule (R6-R35)."""
    p = s.to_move
    role = "the chooser, first" if p != s.splitter else "the splitter, after the chooser"
    if not isinstance(action, (Crew, Parrot, Board, Skeleton, Kraken, Tortuga)):
        return IllegalAction("R6", f"it is {NAMES[p]}'s turn to place cards ({role}); the split and the "
                                   "choice are done", action)
    card = {Skeleton: "SK", Kraken: "KR", Tortuga: "TO"}.get(type(action)) or action.card
    if card not in s.hands[p] and card in s.hands[1 - p]:     # an out-of-turn try by the waiting splitter
        return IllegalAction("R6", f"it is {NAMES[p]}'s turn ({role}): {NAMES[1 - p]} uses {card} only once "
                                   f"{NAMES[p]} has used all their cards", action)
    if card not in s.hands[p]:
        return IllegalAction("R7", f"it is {NAMES[p]}'s turn ({role}) and they hold no {card} to use "
                                   f"(hand: {' '.join(s.hands[p])})", action)
    ship = getattr(action, "ship", None)
    if ship is not None and ship not in SHIP_INDEX:
        return IllegalAction("S1", f"{ship!r} is not a ship (G, Y, B, R)", action)
    if isinstance(action, Crew):
        if card not in VALUE:
            return IllegalAction("R35", "a special card has no pirate side to add as crew", action)
        return IllegalAction("R10", f"{card} shows its pirate side only on the {card[0]} ship", action)
    if isinstance(action, Parrot):
        return IllegalAction("R35", "special cards are used only for their own effect (V4 allows parrots)", action)
    if isinstance(action, Board):
        if card not in VALUE:
            return IllegalAction("R29", "special cards have no gold value and cannot be boarded", action)
        if ship != card[0]:
            return IllegalAction("R20", f"only a card of the ship's colour can board it ({card} is not {ship})",
                                 action)
        return IllegalAction("R18", f"{NAMES[p]} has no captain on {SHIP_NAMES[ship]}, so cannot board it", action)
    if isinstance(action, Kraken):
        if ship is None:
            return IllegalAction("R30", "the opponent has a crew pile to hit, so the Kraken must pick one "
                                 "(A13; V5 makes it optional)", action)
        return IllegalAction("R31", f"the opponent has no crew pile on {SHIP_NAMES[ship]} to hit", action)
    return IllegalAction("R7", "not a legal use of the card now", action)


# -- in words --------------------------------------------------------------------------
def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(card_name(c) for c in cards)


def describe(s: Any, action: Any) -> str:
    """One move or outcome in words, with the rule it follows."""
    if isinstance(action, Split):
        return f"Split: offer {_cards(action.small)} against {_cards(action.large)} (T2)"
    if isinstance(action, Take):
        return f"Take {_cards(action.cards)} (T3)"
    if isinstance(action, Crew):
        return f"Crew {card_name(action.card)} at the {SHIP_NAME[action.ship]} ship (R9)"
    if isinstance(action, Parrot):
        return f"Play {card_name(action.card)} parrot side up at the {SHIP_NAME[action.ship]} ship (R11)"
    if isinstance(action, Board):
        return f"Board {card_name(action.card)} at the {SHIP_NAME[action.ship]} ship for {action.card[1:]} gold (R18)"
    if isinstance(action, Skeleton):
        return f"Skeleton at the {SHIP_NAME[action.ship]} ship (R28)"
    if isinstance(action, Kraken):
        if action.ship is None:
            return "Discard the Kraken without effect (R32)"
        return f"Kraken at the {SHIP_NAME[action.ship]} ship: the opponent's bottom card there leaves the game (R30)"
    if isinstance(action, Tortuga):
        return "Tortuga: turn your parrots to their pirate side (R33)"
    if isinstance(action, Draw):
        return f"Draw {card_name(action.card)}"
    if isinstance(action, Aside):
        return f"Set aside {card_name(action.card)}"
    if isinstance(action, FirstPlayer):
        return f"Player {action.player + 1} holds the flag first"
    return str(action)
