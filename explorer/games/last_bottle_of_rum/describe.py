"""Actions in plain words, for pickers and logs (the board places they involve: `board_moves`)."""

from __future__ import annotations

from typing import Any

from .data import BOUNTIES, CARDS, EFFECTS, TILES, TREASURES, cell_name
from .model import (
    Attack,
    BountyCard,
    ChooseCaptain,
    Claim,
    Discard,
    DrawCard,
    Earn,
    EndTurn,
    Exchange,
    FirstPlayer,
    GoOn,
    KeepBounty,
    Leave,
    Lose,
    MapCard,
    Peek,
    PlaceMaelstrom,
    Play,
    Repair,
    Reroll,
    Roll,
    Sail,
    Shell,
    Stop,
    Take,
    TileFace,
    Token,
    Trade,
    TreasureCard,
    UseEffect,
    Weather,
    Whirl,
)
from .names import CARD_NAME, card_words, place_words

ICON_NAMES = {"S": "Sail", "D": "Earn doubloons", "A": "Attack", "R": "Repair", "W": "Wild"}   # R11, R63


def card_name(card: str) -> str:
    """An Action card's effect name: D5 effect, Kraken or the Weather kind (D7)."""
    c = CARDS[card]
    if c.weather:
        return c.weather.replace("_", " ").title()
    return EFFECTS[c.effect].name if c.effect in EFFECTS else c.effect.title()


def _cards(cards: tuple[str, ...]) -> str:
    return " and ".join(card_words(c, cards) for c in cards) or "no card"


def describe(action: Any, state: Any = None) -> str:
    """One action or outcome in plain words; with the `state` a hex is named as the board shows it."""
    def where(cell: int) -> str:
        if state is None:
            return cell_name(cell)
        return place_words(state.tiles, state.face_up, cell)

    words = {
        ChooseCaptain: lambda a: f"Take the ship of {a.captain}",
        Play: lambda a: f"Play {_cards(a.cards)}",
        Sail: lambda a: f"Sail to {where(a.cell)}",
        Earn: lambda a: "Earn 1 doubloon",
        Attack: lambda a: "Attack the Ghost" if a.target < 0 else f"Attack Player {a.target + 1}",
        Weather: lambda a: f"Carry out the {card_name(a.card)}",
        PlaceMaelstrom: lambda a: f"Open the Maelstrom between {where(a.a)} and {where(a.b)}",
        Whirl: lambda a: "Ride the Maelstrom to its other end (1 damage)",
        KeepBounty: lambda a: f"Keep the bounty {BOUNTIES[a.bounty].name}",
        Claim: lambda a: (f"Claim {BOUNTIES[a.bounty].name} for 1 Loot" if a.use else "Keep the bounty hidden"),
        BountyCard: lambda a: f"Bounty card {BOUNTIES[a.bounty].name}",
        Repair: lambda a: "Restore a Shell" if a.kind == "shell" else f"Repair a {a.kind} token",
        Exchange: lambda a: f"Trade {'+'.join(ICON_NAMES[i] for i in a.give)} for {ICON_NAMES[a.get]}",
        UseEffect: lambda a: f"Use {EFFECTS[CARDS[a.card].effect].name}"
                             + (f" on Player {a.target + 1}" if a.target is not None else "")
                             + (f", taking {TREASURES[a.treasure].name}" if a.treasure else ""),
        Peek: lambda a: f"Look secretly at the tile on {cell_name(a.cell)}",
        Take: lambda a: f"Take {TREASURES[a.treasure].name} ({TREASURES[a.treasure].value})",
        Leave: lambda a: "Leave the treasure",
        Trade: lambda a: ("Trade " + ", ".join(TREASURES[t].name for t in a.treasures) + " for Loot")
        if a.treasures else "Keep the treasures aboard",
        Lose: lambda a: f"Let the fire take {TREASURES[a.treasure].name}",
        Discard: lambda a: f"Discard {CARD_NAME[a.card]}",
        Shell: lambda a: "Spend a Shell" if a.use else "Keep the Shells",
        Reroll: lambda a: "Re-roll the miss" if a.use else "Accept the miss",
        Stop: lambda a: "Stop here",
        EndTurn: lambda a: "End the turn",
        FirstPlayer: lambda a: f"Player {a.player + 1} starts",
        DrawCard: lambda a: f"Draw {CARD_NAME[a.card]}",
        TileFace: lambda a: f"The tile is {TILES[a.tile].name}",
        MapCard: lambda a: f"Map of {TILES['T' + a.map[1:]].name}",
        TreasureCard: lambda a: f"Treasure: {TREASURES[a.treasure].name}",
        Roll: lambda a: f"The die shows {a.skulls} skull{'s' * (a.skulls != 1)}",
        Token: lambda a: f"A {a.kind} token",
        GoOn: lambda a: "Go on: the rules resolve the waiting steps by themselves",
    }
    say = words.get(type(action))
    return say(action) if say else str(action)
