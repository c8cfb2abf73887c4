"""The Last Bottle of Rum's fixed action and outcome spaces and its length bound (for adapters).

The length bound (`max_decisions`)
----------------------------------
The digest's game has no end but 10 Loot (E3), so only the house rule ``turn_limit`` (N
rounds of one turn per captain) bounds it. One turn, with the Ghost's turn that may follow
it, is bounded by counting what every decision uses up. Every figure below is a count of
cards, copies or tokens from the data files, and every step cites the rule it reads.

1. Cards played (R8, R64, E08): two, one more per All Hands used (a played card's effect at
   most once a turn, R15, and 6 All Hands cards, D6), and each Weather card at most once:
   played cards stay out of the deck until the turn ends (R17, R7).
2. Action units (R11, R12): two icons per standard card and the Weather cards' icons,
   +1 Sail and +1 Repair from the Lucky Compass and Carpenter's Toolbox at the play (R29),
   +2 Sail per Full Sail (E01), and +1 each time one of those two treasures is picked up
   in the main phase. A Sail, Earn, Attack or Repair action uses at least one unit
   (R18, R30, R34, R43) and an exchange uses three for one (R12), so the action decisions
   are at most the units.
3. Those pickups: a treasure picked up again in the same turn must have left the ship
   (traded at the Hideout, R23, or lost to a fire, R47), so after the first pickup of each
   of the two, every two pickups need an island entry each plus a Hideout entry, or a new
   FIRE token, which after the turn's first needs a FIRE repair (R44). Moves and repairs
   each use a unit, a free move (Cursed Wind E06, 3; Gale, 2) or a free repair (Patch Up
   E04, 2), so the pickups are at most 2 x (units + free moves + free repairs) + 4.
4. Moves are at most the units plus the free moves (R18, R66); each enters one tile, which
   asks at most one pickup (R25, one displayed pair per island) or one trade (R23).
5. Damage events (each asks Crabby Jones' Shell question at most once, R59): reef and
   Maelstrom entries (R21, R66), one attack per opponent (R36), Sabotage (E10), Storm
   (D7), the Booby-trapped Casket's pickups (D4), the Ghost's fire (R79) and the Kraken's
   shortfalls (R54). Each shortfall lowers its victim's Curse by at least one (R53, R52:
   victims have the most Curses, above 0), and Curses only rise by Curse icons (R14, at
   most 2 with the Haunted Mirror, D4), the Kraken's Eye (T1b) and the Ghost's Haunting
   (R73, D10, once per Ghost turn: it pays out at 5 of its doubloons, 2 cards hold at most
   4 icons). So a Kraken drawn again and again (R6, R7) asks nothing new.
6. Fire losses (R47): a ship's capacity drops only when its first FIRE token arrives, and
   one treasure then fits again; only the active captain repairs. Discards (R50): one per
   card held or drawn (R4 refill, E11). Bounty questions (V14 off): each bounty at most
   once per turn and once per Ghost turn (a kept-hidden bounty is not offered again, R62),
   plus the end-of-turn ones (D8).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations

from explorer.core.spaces import sorted_space

from .data import ACTIONS, BOUNTIES, CAPTAINS, CARDS, CELLS, CONST, DAMAGE, EFFECTS, ICONS, MAPS, TREASURES, WEATHER
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
from .modules.bounty import END_OF_TURN
from .modules.weather import PLACES

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


def perfect_information(game) -> bool:
    """Hands of cards and face-down tiles are hidden (S8, R17)."""
    return False


# -- the length bound (the module notes) --------------------------------------------------------
COPIES = Counter(card.effect for card in CARDS.values())
STANDARD = sum(n for effect, n in COPIES.items() if effect.startswith("E"))
WEATHER_CARDS = [card for card in CARDS.values() if card.effect == "WEATHER"]
HAND_MOST = CONST["base_hand_size"] + 1 + sum(t.ability == "hand_plus" for t in TREASURES.values())  # R4, R5, D4
CURSE_EFFECTS = tuple(e.id for e in EFFECTS.values() if e.curse)   # D5: the Curse-icon effects


@dataclass(frozen=True)
class TurnBudget:
    """What one turn can use (steps 1-4 of the module notes on the length bound)."""

    cards: int          # non-Weather cards played
    weather: int        # Weather cards played
    units: int          # action units, pickup bonuses included
    free_moves: int
    moves: int

    def uses(self, effect: str) -> int:
        """How often a card effect can be used in one turn (R15: once per played card)."""
        return min(self.cards, COPIES[effect])


def budget(game) -> TurnBudget:
    weather = len(WEATHER_CARDS) if game.options["weather"] else 0
    cards = CONST["cards_played"] + COPIES["E08"]
    uses = TurnBudget(cards, weather, 0, 0, 0).uses
    icons = 2 * cards + (sum(len(c.icons) for c in WEATHER_CARDS) if weather else 0)
    base = icons + 2 + 2 * uses("E01")
    gales = sum(c.weather == "gale" for c in WEATHER_CARDS) if weather else 0
    free_moves = 3 * uses("E06") + 2 * gales
    free_repairs = 2 * uses("E04")
    pickups = 2 * (base + free_moves + free_repairs) + 4
    units = base + pickups
    return TurnBudget(cards, weather, units, free_moves, units + free_moves)


def damage_events(game, b: TurnBudget) -> int:
    """Step 5: the damage events of one turn and the Ghost's turn after it."""
    n, o = game.players, game.options
    storms = n * sum(c.weather == "storm" for c in WEATHER_CARDS) if o["weather"] else 0
    curses = 5 * n + 2 * sum(b.uses(e) for e in CURSE_EFFECTS) + 1 + (n if o["ghost"] else 0)
    ghost_fire = n if o["ghost"] else 0
    return 2 * b.moves + (n - 1) + b.uses("E10") + storms + (b.moves + 1) + curses + ghost_fire


def turn_decisions(game) -> int:
    """Every decision one turn (and the Ghost's turn after it) can ask, by kind."""
    n, o = game.players, game.options
    b = budget(game)
    own = 1 + b.units + b.cards + 1 + 1                          # play (R8), actions, effects, Macaw's peek, end
    effects = 2 * b.uses("E04") + 2 * b.uses("E05") + 3 * b.uses("E06") + b.uses("E08")
    weather = b.weather + sum(c.weather == "maelstrom" for c in WEATHER_CARDS) + 2 * sum(
        c.weather == "gale" for c in WEATHER_CARDS) if b.weather else 0
    tiles = (b.moves + 1) + b.moves                              # pickups (R25, R26), trades (R23)
    bounty = (1 + (0 if o["bounty_auto_claim"] else 2 * len(BOUNTIES) + len(END_OF_TURN))) if o["bounty_hunt"] else 0
    fire = (n - 1) + 1 + b.units + 2 * b.uses("E04")
    discards = STANDARD + len(WEATHER_CARDS) + HAND_MOST + 2 * b.uses("E11")
    grog = n
    return own + effects + weather + tiles + bounty + damage_events(game, b) + fire + discards + grog


def max_decisions(game) -> int | None:
    """Setup's captain choices (S5), then ``turn_limit`` rounds of one turn per captain (E3,
    T6), each within `turn_decisions`; None without ``turn_limit`` (E3: no other end)."""
    rounds = game.options["turn_limit"]
    if rounds is None:
        return None
    n = game.players
    return n + rounds * n * turn_decisions(game)
