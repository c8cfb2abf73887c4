"""Where each Last Bottle of Rum move is made on the board (issue #30): the element a click plays it on.

The hex you sail to (R18), look at (R59, E05) or open the Maelstrom from (R65); the ship you
attack (R33); the card you play (R8), use (R13), carry out (R63) or discard (R50); the treasure
you take, leave (R25) or lose to fire (R47); the damage token you repair (R43); the Hideout
where you trade (R23); your Shells (D9). The 3-for-1 exchange (R12) is one control, the
"Trade 3 for 1" button: its menu asks the three unused actions to give, then the one to get.
Ending the turn, stopping an "up to" effect and the yes/no questions (Grog's re-roll, a bounty
claim) are buttons the board draws at that step (`render.controls`). Hexes are labelled with the
coordinates moves name ("Sail to 1,0").
"""

from __future__ import annotations

from typing import Any

from .data import BOUNTIES, CAPTAINS, CARDS, EFFECTS, MAP_TILE, TREASURES, cell_name
from .explain import ICON_NAMES, card_name, describe
from .model import (
    Attack,
    ChooseCaptain,
    Claim,
    Discard,
    Earn,
    EndTurn,
    Exchange,
    KeepBounty,
    Leave,
    Lose,
    Peek,
    PlaceMaelstrom,
    Play,
    Repair,
    Reroll,
    Sail,
    Shell,
    Stop,
    Take,
    Trade,
    UseEffect,
    Weather,
    Whirl,
)
from .text.names import card_words, place_words

GHOST = -1
HIDEOUT_CELL = "cell:0,0"


def ship_place(target: int) -> str:
    return "ship:ghost" if target == GHOST else f"ship:{target}"


def _cards_beside(s: Any, card: str) -> tuple[str, ...]:
    """The cards drawn beside `card` (its hand or the played row), so copies are named as their chips."""
    p = s.player
    if p is None:
        return ()
    hand = tuple(s.ships[p].hand)
    return hand if card in hand else tuple(s.turn.played)


def _card(s: Any, card: str) -> str:
    return card_words(card, _cards_beside(s, card))


def _pickup_treasure(s: Any) -> str | None:
    """The treasure a waiting pickup (R25) is about: the first one shown for the island the ship is on."""
    task = s.pending[0] if s.pending else None
    if not task or task[0] != "pickup":
        return None
    tile = s.tiles[task[2]]
    return next((t for m, t in s.display if MAP_TILE[m] == tile), None)


def action_places(s: Any, action: Any) -> tuple[str, ...]:
    """The ``data-place`` values an action involves, its element first."""
    p = s.player
    if isinstance(action, (Sail, Peek)):
        return (f"cell:{cell_name(action.cell)}",)
    if isinstance(action, Attack):
        return (ship_place(action.target),)
    if isinstance(action, PlaceMaelstrom):
        return (f"cell:{cell_name(action.a)}", f"cell:{cell_name(action.b)}")
    if isinstance(action, Whirl):
        return (f"maelstrom:{cell_name(s.ships[p].cell)}",)
    if isinstance(action, (Weather, Discard)):
        return (f"card:{action.card}",)
    if isinstance(action, UseEffect):
        out = [f"card:{action.card}"]
        if action.target is not None:
            out.append(ship_place(action.target))
        if action.treasure:
            out.append(f"treasure:{action.treasure}")
        return tuple(out)
    if isinstance(action, Play):
        return tuple(f"card:{c}" for c in action.cards)
    if isinstance(action, (Take, Lose)):
        return (f"treasure:{action.treasure}",)
    if isinstance(action, Leave):
        found = _pickup_treasure(s)
        return (f"treasure:{found}",) if found else ()
    if isinstance(action, Trade):
        return (HIDEOUT_CELL, *(f"treasure:{t}" for t in action.treasures))
    if isinstance(action, Repair) and p is not None:
        return (f"shells:{p}",) if action.kind == "shell" else (f"damage:{p}:{action.kind}",)
    if isinstance(action, Shell) and p is not None:
        return (f"shells:{p}",)
    if isinstance(action, ChooseCaptain):
        return (f"captain:{action.captain}",)
    if isinstance(action, Earn):
        return ("act:D",)
    if isinstance(action, Exchange):
        return ("exchange",)
    if isinstance(action, EndTurn):
        return ("end",)
    if isinstance(action, Stop):
        return ("stop",)
    if isinstance(action, (Reroll, Claim)):
        return ("ask:yes" if action.use else "ask:no",)
    if isinstance(action, KeepBounty):
        return (f"bounty:{action.bounty}",)
    return ()


def action_target(s: Any, action: Any) -> str:
    places = action_places(s, action)
    return places[0] if places else ""


def _tile_words(s: Any, cell: int) -> str:
    return place_words(s.tiles, s.face_up, cell, coordinates=True)


def _effect_words(s: Any, a: UseEffect) -> tuple[str, ...]:
    name = EFFECTS[CARDS[a.card].effect].name
    extra = []
    if a.target is not None:
        extra.append("on the Ghost" if a.target == GHOST else f"on Player {a.target + 1}")
    if a.treasure:
        extra.append(f"taking {TREASURES[a.treasure].name}")
    head = f"Use {name}"
    if not extra:
        return (head,)
    return (f"{head} …", f"{head} " + ", ".join(extra))


def action_menu(s: Any, action: Any) -> tuple[str, ...]:
    """Words at the element, level by level; cards and tiles named as the board names them."""
    if isinstance(action, Exchange):       # R12: first the three unused actions to give, then the one to get
        give = ", ".join(ICON_NAMES[i] for i in action.give)
        return (f"Give {give}", f"Get {ICON_NAMES[action.get]}")
    if isinstance(action, Play):
        first = _card(s, action.cards[0])
        if len(action.cards) == 1:
            return (f"Play {first}",)
        rest = " and ".join(_card(s, c) for c in action.cards[1:])
        return (f"Play {first} with another card", f"Play {first} with {rest}")
    if isinstance(action, Sail):
        return (f"Sail to {_tile_words(s, action.cell)}",)
    if isinstance(action, Peek):
        return (f"Look secretly at {_tile_words(s, action.cell)}",)
    if isinstance(action, PlaceMaelstrom):
        return ("Open the Maelstrom from here …", f"Open the Maelstrom to {_tile_words(s, action.b)}")
    if isinstance(action, UseEffect):
        return _effect_words(s, action)
    if isinstance(action, Weather):
        return (f"Carry out {card_name(action.card)}",)
    if isinstance(action, Discard):
        return (f"Discard {_card(s, action.card)}",)
    if isinstance(action, Take):
        return (f"Take {TREASURES[action.treasure].name} ({TREASURES[action.treasure].value} Loot)",)
    if isinstance(action, Lose):
        return (f"Let the fire take {TREASURES[action.treasure].name}",)
    if isinstance(action, Trade):
        if not action.treasures:
            return ("Keep the treasures aboard",)
        worth = sum(TREASURES[t].value for t in action.treasures)
        return ("Trade " + ", ".join(TREASURES[t].name for t in action.treasures) + f" for {worth} Loot",)
    if isinstance(action, ChooseCaptain):
        return (f"Take the ship of {action.captain}: {CAPTAINS[action.captain].ability}",)
    if isinstance(action, KeepBounty):
        return (f"Keep the bounty {BOUNTIES[action.bounty].name}",)
    if isinstance(action, Claim):
        return (f"Claim {BOUNTIES[action.bounty].name} for 1 Loot" if action.use else "Keep the bounty hidden",)
    words = describe(action, s)
    return (words,) if words else ()
