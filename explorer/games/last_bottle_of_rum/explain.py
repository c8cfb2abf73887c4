"""Why an action is not legal here (one `IllegalAction` naming the digest rule it breaks), and
actions in plain words, for pickers and logs (the board places they involve: `board_moves`)."""

from __future__ import annotations

from typing import Any

from explorer.core.errors import IllegalAction

from .data import BOUNTIES, CARDS, DAMAGE, DISTANCE, EFFECTS, HIDEOUT, NEIGHBOURS, TILES, TREASURES, WEATHER, cell_name
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
from .rulebook import ships as sh
from .rulebook.effects import affordable
from .text.names import CARD_NAME, card_words, place_words

ACTIONS = (ChooseCaptain, Play, Sail, Earn, Attack, Repair, Exchange, UseEffect, Peek, Take, Leave, Trade,
           Lose, Discard, Shell, Reroll, Stop, EndTurn, Weather, Whirl, PlaceMaelstrom, KeepBounty, Claim)
WAITING = {"captain": ("S5", "choose a captain"), "pickup": ("R25", "take the treasure or leave it"),
           "trade": ("R23", "trade treasures or keep them"), "fire": ("R47", "lose a treasure to the fire"),
           "bowsprit": ("R50", "discard down to the hand size"), "shell": ("R59", "spend a Shell or not"),
           "grog": ("R58", "re-roll the miss or accept it"), "peek": ("E05", "peek at a tile or stop"),
           "wind": ("E06", "sail or stop"), "patch": ("E04", "repair or stop"),
           "hands": ("E08", "play 1 more card or stop"),
           "weather": ("R63", "carry out a played Weather card's effect"),
           "maelstrom": ("R65", "place both Maelstrom tokens on two different tiles"),
           "gale": ("R63", "sail on with the Gale"), "bounty_keep": ("R60", "keep one of the drawn Bounty cards"),
           "claim": ("V14", "claim the completed bounty or keep it hidden")}


def explain(s, action) -> IllegalAction:
    if not isinstance(action, ACTIONS) and s.is_chance:
        return IllegalAction("C1", f"{action!r} is not a possible outcome of this chance event", action)
    if not isinstance(action, ACTIONS):
        return IllegalAction("T4", f"{action!r} is not an action of The Last Bottle of Rum", action)
    if s.is_over:
        return IllegalAction("R1", "the game is over", action)
    if s.is_chance:
        return IllegalAction("T4", "a chance event must be resolved first", action)
    other = out_of_turn(s, action)
    if other is not None:
        return IllegalAction("R3", f"it is Player {s.player + 1}'s turn to act, not Player {other + 1}'s: "
                                   f"{action} is Player {other + 1}'s move, out of turn", action)
    if s.pending:
        rule, what = WAITING[s.pending[0][0]]
        return IllegalAction(rule, f"Player {s.player + 1} must {what} now", action)
    if s.phase == "play":
        if any(c in WEATHER for c in s.ships[s.active].hand):
            return IllegalAction("R64", "every Weather card in hand must be played now: one with 1 other card, "
                                        "two or more alone", action)
        return IllegalAction("R8", "play exactly 2 cards from your hand first (fewer only with a smaller hand)",
                             action)
    return _main(s, action)


def out_of_turn(s, a) -> int | None:
    """Actions name no actor, so a try that only another seat could make (their cards, their
    ship's tile, their treasure, an attack on the player whose turn it is) is that seat's move
    out of turn (R3, T6); None when the action belongs to nobody else."""
    me = s.player
    others = [q for q in range(len(s.ships)) if q != me]
    ship = s.ships[me]

    def owner(test) -> int | None:
        return next((q for q in others if test(s.ships[q])), None)

    if isinstance(a, (Play, Discard)):
        cards = a.cards if isinstance(a, Play) else (a.card,)
        if cards and not set(cards) <= set(ship.hand):
            return owner(lambda x: set(cards) <= set(x.hand))
    if isinstance(a, Attack) and a.target == me:
        return owner(lambda x: True) if len(others) == 1 else None
    if isinstance(a, UseEffect) and a.target == me and len(others) == 1:
        return others[0]
    if isinstance(a, Sail) and a.cell not in NEIGHBOURS[ship.cell]:
        return owner(lambda x: a.cell in NEIGHBOURS[x.cell])
    if isinstance(a, Lose) and a.treasure not in ship.treasures:
        return owner(lambda x: a.treasure in x.treasures)
    if isinstance(a, Trade) and a.treasures and not set(a.treasures) <= set(ship.treasures):
        return owner(lambda x: set(a.treasures) <= set(x.treasures))
    if isinstance(a, Repair) and a.kind in DAMAGE and not ship.damage[DAMAGE.index(a.kind)]:
        return owner(lambda x: x.damage[DAMAGE.index(a.kind)] > 0)
    return None


def _main(s, a) -> IllegalAction:
    p = s.active
    ship = s.ships[p]
    t = s.turn
    S, D, _A, R, W = t.actions
    S, D, R = S + W, D + W, R + W      # R63: a wild action may be used as any of them

    def no(rule: str, reason: str) -> IllegalAction:
        return IllegalAction(rule, reason, a)

    if isinstance(a, Sail):
        if not S:
            return no("R11", "no unused Sail action (nor a wild one, R63)")
        if "k" in t.flags:
            return no("R63", "becalmed: your ship cannot move this turn")
        if a.cell not in NEIGHBOURS[ship.cell]:
            return no("R18", "a Sail action moves to an adjacent tile only")
        return no("R45", "a torn sail or a heavy treasure allows 1 move this turn (R46)")
    if isinstance(a, Earn):
        if not D:
            return no("R11", "no unused Earn-doubloons action (nor a wild one, R63)")
        if not sh.can_gain_doubloons(ship):
            return no("R31", "a holed hull (or the Leaky Coffer) gains no doubloons")
        return no("R32", "the bank is empty")
    if isinstance(a, Attack):
        return _attack(s, a, no)
    if isinstance(a, Repair):
        if not R:
            return no("R11", "no unused Repair action (nor a wild one, R63)")
        if a.kind == "shell":
            return no("R58", "only Crabby Jones with a spent Shell restores one")
        return no("R43", f"no {a.kind} token on your board" if a.kind in DAMAGE else f"{a.kind!r} is no damage type")
    if isinstance(a, Exchange):
        return no("R12", "trade exactly 3 unused actions you hold for 1 action")
    if isinstance(a, UseEffect):
        return _effect(s, a, no)
    if isinstance(a, Peek):
        return no("R58", "only Madame Macaw, once per turn, at a face-down tile within distance 2")
    if isinstance(a, Play):
        return no("R8", "you already played your cards (more only through All Hands, E08)")
    if isinstance(a, Whirl):
        if not S:
            return no("R11", "no unused Sail action (nor a wild one, R63)")
        if "k" in t.flags:
            return no("R63", "becalmed: your ship cannot move this turn")
        return no("R66", "only a ship on a Maelstrom token can ride to the other one")
    if isinstance(a, Weather):
        return no("R63", f"{a.card} is not a played Weather card still to carry out")
    if isinstance(a, EndTurn):
        return no("R63", "a played Weather card's effect must be carried out first")
    if isinstance(a, (PlaceMaelstrom, KeepBounty, Claim, BountyCard)):
        return no("T4", f"{a} answers a step that is not waiting")
    return no("T4", f"{a} is not possible in the main phase")


def _attack(s, a: Attack, no) -> IllegalAction:
    p = s.active
    ship = s.ships[p]
    if a.target == -1:
        return _attack_ghost(s, a, no)
    if not isinstance(a.target, int) or not 0 <= a.target < len(s.ships) or a.target == p:
        return no("R33", "attack an opponent's ship")
    other = s.ships[a.target]
    if a.target in s.turn.attacked:
        return no("R36", "each opponent at most once per turn")
    if ship.cell == HIDEOUT or other.cell == HIDEOUT:
        return no("R41", "no attack from or against the Pirates' Hideout")
    if not sh.can_attack(ship):
        return no("R42", "broken cannons (or the Cursed Cannonball) forbid attacks")
    if sh.tokens(other) >= 5:
        return no("R40", "a ship with 5 damage tokens is not a target")
    if ship.doubloons < 1 and not sh.has(ship, "free_attacks"):
        return no("R35", "an attack costs 1 doubloon")
    need = sh.attack_need(ship, DISTANCE[ship.cell][other.cell])
    return no("R34", f"this range needs {need} Attack actions, you have {_attacks(s.turn)}")


def _attacks(t) -> str:
    """The Attack actions at hand, wild ones counted (R34, R63)."""
    return f"{t.actions[2]}" + (f" and {t.actions[4]} wild (R63)" if t.actions[4] else "")


def _attack_ghost(s, a: Attack, no) -> IllegalAction:
    """R81: the Ghost is attacked under the normal rules (R33-R42)."""
    ship = s.ships[s.active]
    if s.mods.ghost is None:
        return no("R81", "there is no Ghost in this game (V3)")
    if -1 in s.turn.attacked:
        return no("R36", "the Ghost counts as one opponent: once per turn")
    if ship.cell == HIDEOUT:
        return no("R41", "no attack from the Pirates' Hideout")
    if not sh.can_attack(ship):
        return no("R42", "broken cannons (or the Cursed Cannonball) forbid attacks")
    if ship.doubloons < 1 and not sh.has(ship, "free_attacks"):
        return no("R35", "an attack costs 1 doubloon")
    need = sh.attack_need(ship, DISTANCE[ship.cell][s.mods.ghost.cell])
    return no("R34", f"this range needs {need} Attack actions, you have {_attacks(s.turn)}")


def _effect(s, a: UseEffect, no) -> IllegalAction:
    t = s.turn
    if a.card not in t.played:
        return no("R9", f"{a.card} is not among your played cards")
    if a.card in t.used:
        return no("R15", "each played card's effect once per turn")
    rule = affordable(s.ships[s.active], a.card)
    if rule == "R13":
        return no("R13", "you cannot pay the effect's doubloons")
    if rule == "R16":
        return no("R16", "the Curse would go above 5")
    effect = CARDS[a.card].effect
    return no(effect if effect.startswith("E") else "R13", "no such target for this effect (A19)")


# -- actions in words ----------------------------------------------------------------------------
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
