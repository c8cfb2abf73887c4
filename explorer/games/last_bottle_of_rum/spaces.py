"""The Last Bottle of Rum's fixed action and outcome spaces and its length bound (for adapters)."""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, permutations

from explorer.core.spaces import sorted_space

from .data import ACTIONS, BOUNTIES, CAPTAINS, CARDS, CELLS, CONST, DAMAGE, ICONS, MAPS, TREASURES, WEATHER
from .model import (
    DRAWS,
    EARN,
    END,
    FACES,
    GHOST,
    GO_ON,
    LEAVE,
    ROLLS,
    STOP,
    TOKENS,
    WHIRL,
    Attack,
    BountyCard,
    ChooseCaptain,
    Claim,
    Discard,
    Exchange,
    FirstPlayer,
    KeepBounty,
    Lose,
    MapCard,
    Peek,
    Play,
    Repair,
    Reroll,
    Sail,
    Shell,
    Take,
    Trade,
    TreasureCard,
    UseEffect,
    Weather,
)
from .weather import PLACES

MOST_TREASURES = CONST["base_slots"] + 1   # R28: two slots, Archie Stoneshell three


def _orders(items, most: int) -> list[tuple[str, ...]]:
    """Every ordered selection of up to `most` items (hands and holds keep their order)."""
    return [order for size in range(most + 1) for order in permutations(items, size)]


def _effects(cards, seats, treasures) -> list[UseEffect]:
    """A played card's effect, alone, at a captain, or at a captain's treasure (E01-E10)."""
    uses = [UseEffect(card) for card in cards]
    uses += [UseEffect(card, seat) for card in cards for seat in seats]
    uses += [UseEffect(card, seat, treasure) for card in cards for seat in seats for treasure in treasures]
    return uses


def _modules(game) -> list:
    """The module choices of this set-up: keep or claim a bounty (V1: R60-R62, A22); play all
    the Weather cards in hand at once (more than two, R64), carry out a Weather card, place
    the Maelstrom and sail through it (V2: R63-R66); attack the Ghost (V3: R36, R81)."""
    opts = game.options
    acts: list = []
    if opts["bounty_hunt"]:
        bounties = sorted(BOUNTIES)
        acts += [KeepBounty(b) for b in bounties]
        acts += [Claim(b, use) for b in bounties for use in (True, False)]
    if opts["weather"]:
        weather = sorted(WEATHER)   # hands are kept sorted: R64 plays every Weather card held
        forced = [Play(cards) for size in range(CONST["cards_played"] + 1, len(weather) + 1)
                  for cards in combinations(weather, size)]
        acts += [*forced, *(Weather(card) for card in weather), *PLACES, WHIRL]
    if opts["ghost"]:
        acts.append(Attack(GHOST))
    return acts


@cache
def action_space(game) -> tuple:
    """Every choice of the base game: captains (S5), plays of one or two cards (R8, E08),
    sails and peeks at any cell, earn, attack, repair, exchange (R12), effects, treasure
    choices (R23-R26, R47), discards (R50), Shell (R59), re-roll and the turn's end (T5);
    then the choices of the modules switched on (`_modules`)."""
    cards, seats, treasures = sorted(CARDS), range(game.players), sorted(TREASURES)
    plays = [Play(order) for order in _orders(cards, CONST["cards_played"]) if order]
    gives = ["".join(give) for give in combinations_with_replacement(ACTIONS, CONST["exchange_rate"])]
    cells = range(len(CELLS))
    return sorted_space([
        *(ChooseCaptain(name) for name in CAPTAINS), *plays, *(Sail(c) for c in cells), EARN,
        *(Attack(p) for p in seats), *(Repair(kind) for kind in (*DAMAGE, "shell")),
        *(Exchange(give, get) for give in gives for get in ICONS), *_effects(cards, seats, treasures),
        *(Peek(c) for c in cells), *(Take(t) for t in treasures), LEAVE,
        *(Trade(order) for order in _orders(treasures, MOST_TREASURES)), *(Lose(t) for t in treasures),
        *(Discard(card) for card in cards), Shell(True), Shell(False), Reroll(True), Reroll(False), STOP, END,
        *_modules(game)])


@cache
def chance_space(game) -> tuple:
    """Who starts (S10), card draws, tile faces, map and treasure cards, skull-die rolls
    (C1), damage tokens from the bag (C3) and, with Bounty Hunt, the Bounty card revealed at
    an Outpost (V1, C10), and "go on" for a written position waiting on an automatic step.
    The Ghost's cards, repairs and hits use the same draws, tokens and
    rolls (V3, R72-R81)."""
    bounties = [BountyCard(b) for b in sorted(BOUNTIES)] if game.options["bounty_hunt"] else []
    return sorted_space([*(FirstPlayer(p) for p in range(game.players)), *DRAWS.values(), *FACES.values(),
                         *(MapCard(m) for m in MAPS), *(TreasureCard(t) for t in sorted(TREASURES)),
                         *ROLLS, *TOKENS, *bounties, GO_ON])


def max_decisions(game) -> int | None:
    """``turn_limit`` rounds (E3 house rule) of turns bounded card by card and token by token
    (derivation and rule IDs: `length`); None without ``turn_limit`` (E3: no other end)."""
    from .length import max_decisions as bound

    return bound(game)


def perfect_information(game) -> bool:
    """Hands of cards and face-down tiles are hidden (S8, R17)."""
    return False

