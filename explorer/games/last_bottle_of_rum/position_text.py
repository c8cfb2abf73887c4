r"""A position of The Last Bottle of Rum in a few lines, written as a player reads the table.

Four positions first, each loaded as written and asked one question from a player's own
view: the answer weighs every hidden possibility that player cannot rule out
(`explorer.analysis.odds`, exact fractions).

**The start of a turn.** Player 1 (Humboldt, hand size 5) begins a turn holding 2 cards, so
the refill (T2) draws 3. Player 1 cannot see Player 2's 2 cards nor the deck, but knows a Kraken
is never kept in hand (R6): all 4 Krakens are in the 72-card deck.

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.last_bottle_of_rum.text.names import CARD_NAME
>>> game = explorer.load("last_bottle_of_rum")
>>> start = game.position('''
...     turn: P1
...     phase: start of turn
...     P1 captain: Humboldt
...     P1 hand: Full Sail SS, Patch Up RR
...     P2 captain: Madame Macaw
...     P2 ship: 1,0
...     P2 hand: Plunder DD, Sabotage AA
...     board: 1,0 Old Wreck
...     display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
... ''')
>>> start.chance_outcomes()            # the step 'begin the turn' waits: the rules go on by themselves
((GoOn(), Fraction(1, 1)),)
>>> def first_card_is_a_kraken(world):
...     drawn = world.apply("go on")   # T1, then the refill's first draw (C6)
...     return sum(p for card, p in drawn.chance_outcomes() if CARD_NAME[card.card].startswith("Kraken"))
>>> print(view_probability(start, 0, first_card_is_a_kraken))
1/18 (5.6%), exact from Player 1's view

**A step in the middle of a turn.** Grog Blackwater has paid for an attack on Archie
Stoneshell; the skull die is about to be rolled (R37, C1). Only the 5-card deck is written:
the cards written nowhere else are in the discard pile.

>>> fight = game.position('''
...     turn: P1
...     phase: actions
...     step: roll the skull die [P1, P2, one roll]
...     P1 captain: Grog Blackwater
...     P1 ship: 1,0
...     P1 hand: Holy Water RR #2
...     P2 captain: Archie Stoneshell
...     P2 ship: 2,0
...     P2 damage: FIRE
...     P2 treasures: Gold Ingot, Ruby Ring
...     P2 hand: Plunder DD, Sabotage AA
...     board: 1,0 Open Sea A, 2,0 Turtle Island
...     display: Pearl Necklace on Pearl Bay, Giant Idol on Parrot Cay, Jade Idol on Coconut Isle
...     deck: Patch Up RR, Fresh Orders SS, Holy Water RR #1, Kraken #1, Kraken #2
...     played: Chain Shot AA, Full Sail SD #1
...     actions: S D A
...     attacked: P2
... ''')
>>> for what, p in next_outcomes(fight, 1).items():
...     print(p, what)
1/2 Player 1 (Grog Blackwater) rolls 1 skull at Player 2 (Archie Stoneshell)
1/3 Player 1 (Grog Blackwater) rolls 2 skulls at Player 2 (Archie Stoneshell)
1/6 Player 1 (Grog Blackwater) rolls 0 skulls at Player 2 (Archie Stoneshell)

**A hidden-information moment.** Madame Macaw (Player 2) has secretly looked at the
face-down tiles on 2,-1 and 2,0. Player 2 knows both; Player 1 knows only that each is one of
the 28 tiles still unseen, 5 of them reefs (C8).

>>> peeked = game.position('''
...     turn: P1
...     phase: actions
...     P1 captain: Humboldt
...     P1 ship: 1,0
...     P1 hand: Full Sail SS, Patch Up RR
...     P2 captain: Madame Macaw
...     P2 ship: 1,-1
...     P2 hand: Plunder DD, Sabotage AA
...     P2 peeked: 2,-1 Whale Bones, 2,0 Coral Teeth
...     board: 1,0 Old Wreck, 1,-1 Open Sea A
...     display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
...     deck: Kraken #1, Full Sail SD #1, Chain Shot DD
...     played: Holy Water RR #1, Spyglass SS
...     actions: R R
... ''')
>>> from explorer.games.last_bottle_of_rum.data import TILES, parse_cell
>>> def reef_ahead(world):
...     return TILES[world.tiles[parse_cell("2,0")]].reef
>>> print(view_probability(peeked, 0, reef_ahead))
5/28 (17.9%), exact from Player 1's view
>>> print(view_probability(peeked, 1, reef_ahead))
1 (100.0%), exact from Player 2's view

With the Ghost (V3) a hit puts a damage token face down on its board: everyone sees how many,
nobody which (C13). Player 1 holds 2 of the 5 SAIL tokens, so the Ghost's token is a SAIL with
3/23 from any player's view. (The tiles not written are laid face up first, S13: the position's
first steps are ``lay a tile face up``.)

>>> haunted = explorer.load("last_bottle_of_rum", ghost=True).position('''
...     turn: P1
...     phase: actions
...     P1 captain: Humboldt
...     P1 damage: SAIL, SAIL
...     P1 hand: Full Sail SS, Patch Up RR
...     P2 captain: Madame Macaw
...     P2 hand: Plunder DD, Sabotage AA
...     display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay
...     deck: Kraken #1, Full Sail SD #1, Chain Shot DD
...     played: Holy Water RR #1, Spyglass SS
...     ghost ship: 2,1
...     ghost damage: FIRE
... ''')
>>> print(view_probability(haunted, 0, lambda world: world.mods.ghost.damage[0] == 1))
3/23 (13.0%), exact from Player 1's view

The lines
---------
One ``key: value`` per line, in any order; keys are not case-sensitive; blank lines and lines
starting with ``#`` are skipped. Seats are ``P1``, ``P2``, ...; cells are axial ``q,r`` with the
Hideout at ``0,0`` (table D1); lists are separated by commas (``1,0 Old Wreck, 2,0 Turtle
Island``: a cell has no space after its comma).

- ``game: last_bottle_of_rum players=2 weather=true`` -- optional; when written it must be the
  game reading it (options left out mean their defaults).
- ``turn: P1`` -- whose turn it is (T6); P1 when not written.
- ``phase:`` -- ``setup``, ``start of turn``, ``play two cards`` (T3), ``actions`` (T4: using the
  played cards' actions and effects) or ``game over``; ``start of turn`` when not written.
- ``step:`` and ``then:`` -- what is waiting to be resolved, first the step, then the others
  separated by ``;``, each in the words below with its values in brackets. A position at the
  start of a turn waits on ``begin the turn``. A step the rules resolve by themselves waits for
  the one outcome ``go on`` (probability 1), so nothing is resolved at load.
- ``turns played: 12`` -- turns completed (only the ``turn_limit`` house rule reads it);
  ``winner: P2`` -- in a game over.
- For each seat, ``P1 captain: Humboldt`` (required after setup, S5), ``P1 ship: 1,0`` (default
  the Hideout, S11; a ship is only on the Hideout or a face-up tile, R19), ``P1 loot``, ``P1
  curse``, ``P1 doubloons`` (default 0, or the ``starting_doubloons`` option), ``P1 shells``
  (Crabby Jones: 2 at setup), ``P1 damage: FIRE, FIRE, HULL`` (tokens SAIL FIRE CANNON HULL
  BOWSPRIT, K08), ``P1 treasures: Gold Ingot``, ``P1 hand: Full Sail SD, Plunder DD`` or ``P1
  hand: 3 unseen``, ``P1 peeked: 2,-1 Whale Bones`` (face-down tiles the captain looked at,
  with what they saw), and with Bounty Hunt ``P1 bounties`` and ``P1 claimed``.
- ``board: 1,0 Old Wreck, 2,0 Turtle Island`` -- the face-up tiles (all 30 with the Ghost, S13).
- ``display: Gold Ingot on Pearl Bay`` -- the face-up pairs, each a treasure on the island its
  map shows (S2).
- ``deck``, ``discard``, ``map discard``, ``treasure discard`` (and ``map deck``, ``treasure
  deck``) -- the piles. Cards written nowhere are in the deck; when the deck is written and the
  discard pile is not, they are in the discard pile.
- The turn so far (T4): ``played: Chain Shot AA, Full Sail SD #1``; ``actions: S D A W`` (unused
  actions: S Sail, D Earn doubloons, A Attack, R Repair, R11; W a Weather card's wild action,
  R63, D7: unused it is written ``W``, and once used as one of the four it is gone like any used
  action, the events saying which it was used as); ``used:`` the played cards whose
  effect was used (R15); ``attacked: P2, ghost`` (R36); ``moves: 2`` and ``move limit from: 1``
  (the move count when a 1-move limit began, R45, R46); ``this turn:`` any of ``chain shot``
  (E03), ``re-roll used`` (Grog), ``peek used`` (Madame Macaw), ``bonus doubloon taken``
  (Goldrick Banana), ``becalmed`` (D7).
- Modules: ``bounty top: No Mercy (known to P1)`` (R60), ``bounty counters:`` (the turn's
  counts for bounty conditions, D8), ``maelstrom: 1,0, 2,-2`` (R65), ``coins: 2,1`` (S13,
  R70), ``ghost ship``, ``ghost doubloons``, ``ghost damage``, ``ghost treasures``, ``ghost
  cards``, ``ghost path`` (V3).

Components are written by what is printed on them (`text/names.py`): an Action card by its effect
and its icons (``Full Sail SD``), or ``Kraken``, or its weather (``Storm``); identical copies
carry ``#1``, ``#2``..., and a name written without its number takes the first copy not written
elsewhere. Maps are named by their island; tiles, treasures and bounties by their own names.

What is not written is where the setup puts it, unseen, with its exact odds: unwritten cards,
maps, treasures and bounties are in their decks (S2, S4); a hand not written (or ``3 unseen``)
is dealt from the deck as the first step (S8, never a Kraken, S9); a display not written is
turned up from the decks (S2, S3); with the Ghost, tiles not written are laid face up (S13).
Those deals are chance steps of the position, so their odds are exact and nothing is decided
at load.

The steps, in the words a player would use (the values in brackets are seats, cells, cards,
counts and rule IDs, in the order `state.notation()` writes them; a card draw says ``up to the
hand size`` and ``in play`` or ``at setup``, an attack roll ``one roll`` or ``chain shot``, a
tile entry ``sailed in`` or ``just revealed``):

- a draw, a roll or a flip: ``draw for the first player`` (S10), ``draw an action card`` (R4),
  ``turn the tile face up`` (R19), ``look at the tile`` (E05), ``turn up a map`` and ``turn up
  its treasure`` (R27), ``roll the skull die`` (R37), ``roll for the Kraken`` (R53), ``draw a
  damage token`` (R37), ``lay a tile face up`` (S13), ``turn up a Ghost card`` (R72), ``draw a
  token for the Ghost`` (R81), ``repair the Ghost`` (R74), ``draw a bounty card`` (R60);
- a player's choice: ``choose a captain`` (S5), ``take or leave the treasure`` (R25), ``trade
  at the Hideout or keep`` (R23), ``lose a treasure to the fire`` (R47), ``discard down to the
  hand size`` (R50), ``spend a shell or not`` (R59), ``re-roll the miss or accept it`` (R58),
  ``peek at a tile or stop`` (E05), ``sail with the Cursed Wind or stop`` (E06), ``patch up or
  stop`` (E04), ``play one more card or stop`` (E08), ``carry out the weather`` (R63), ``place
  the maelstrom`` (R65), ``sail with the gale`` (R63), ``keep a bounty card`` (R60), ``claim the
  bounty or keep it hidden`` (V14);
- what the rules do by themselves (``go on``): ``begin the turn`` (T1), ``refill the hand``
  (R4), ``go on to play`` (T3), ``reveal a new pair`` (R27), ``enter the tile`` (R18), ``take
  damage`` (R37), ``gain curses`` (R14), ``the Kraken strikes`` (R51), ``the effect resolves``
  (R13), ``pass the turn`` (T6), ``choose the first player`` (S10), ``the Ghost's turn`` (R71),
  ``the Ghost counts its icons`` (R72), ``the Ghost hunts`` (R76), ``the Ghost fires`` (R79),
  ``the Ghost ends its turn`` (R80).

Mistakes raise one `PositionError` whose ``field`` is the line's key as written and whose
reason names the line, what is wrong and the rule it breaks:

>>> game.position("turn: P1\nP1 captain: Humboldt\nP2 captain: Madame Macaw\nP1 ship: 2,0")
Traceback (most recent call last):
...
explorer.core.errors.PositionError: P1 ship: line 4: a ship stands only on the Hideout or a face-up tile: ...(R19)

``state.notation()`` writes the canonical text (the lines above that differ from the
defaults, in a fixed order), and ``game.position(state.notation()) == state``.
"""

from __future__ import annotations

from .text.read import read
from .text.write import write

__all__ = ["read", "write"]
