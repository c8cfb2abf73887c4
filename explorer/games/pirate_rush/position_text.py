"""A Pirate Rush position in a few lines a person can write from a photo of the table.

Three moments, each read from the notation and asked one question from a player's own seat
(`explorer.analysis.odds`: every hidden possibility that player cannot rule out, weighed
exactly). First, the start of Player 2's turn: Player 1 saw a gold at I1.a, Player 2 looked at
I1.b. What is the chance, for Player 1, that I1.b is gold too?

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.pirate_rush.odds import island_distribution, tile_distribution
>>> basic = explorer.load("pirate_rush", players=3, advanced=False)
>>> start = basic.position('''
... game: pirate_rush players=3 advanced=false
... round: 1
... row: captain, navigator, gunner, gambler, rogue, monkey
... markers: gambler, rogue, monkey
... step: turn (P2)
... P1 character: navigator
... P2 character: captain
... P3 character: gunner
... I1: gold seen by P1, copper seen by P2, unseen
... ''')
>>> basic.player_name(start.player)
'Player 2'
>>> print(view_probability(start, 0, lambda world: tile_distribution(world, None, "I1.b").get("gold", 0)))
1/39 (2.6%), exact from Player 1's view

Player 1 knows where one of the two golds is, so 39 tiles could be the other. Second, a step in
the middle of a turn (advanced game): Player 1, the Navigator, has taken his loot and must look
ahead before he anchors; Player 3 peeked at I4 earlier. The chance I4 is green, for each of them:

>>> advanced = explorer.load("pirate_rush", players=3)
>>> steering = advanced.position('''
... game: pirate_rush players=3
... round: 1
... removed: Historias de taberna, Mercader, red structure, red ammunition
... row: captain, navigator, gunner, gambler, rogue, monkey
... markers: rogue, monkey
... step: turn (P1)
... turn: P1, 1 of 1 looks, loot done
... P1 character: navigator
... P2 character: captain
... P3 character: gambler
... P3 prestige: 2
... P1 loot: rum
... I1: empty, rum, unseen
... I1 tile: red structure, face up
... I4 tile: Duelo, seen by P3
... ''')
>>> [str(a) for a in steering.legal_actions()]
['steer']
>>> def green(world):
...     return sum(p for tile, p in island_distribution(world, None, 3).items()
...                if tile in ("T01", "T05", "T12"))
>>> print(view_probability(steering, 0, green))
1/7 (14.3%), exact from Player 1's view
>>> print(view_probability(steering, 2, green))
0 (0.0%), exact from Player 3's view

Two of the three green tiles were set aside (S2) and I1 is face up, so one green hides among 7
tiles for Player 1; Player 3 saw Duelo, a red tile. Third, a hidden-information moment: the
Rogue (Player 3) looks at a random tile of Player 2, who holds three; she saw one of them (a
copper) before he took it. What may she see?

>>> rogue = basic.position('''
... game: pirate_rush players=3 advanced=false
... round: 2
... ship: I2
... row: captain, navigator, gunner, quartermaster, rogue, monkey
... markers: gunner, quartermaster, monkey
... step: Rogue looks at a random tile (P3, P2, none)
... turn: P3, 0 of 1 looks, loot done, power used
... P1 character: captain
... P2 character: navigator
... P3 character: rogue
... P1 loot: wound
... P2 loot: copper seen by P2 P3, rum, silver
... P3 loot: gold
... I1: empty, empty, empty
... I2: unseen, unseen, empty
... ''')
>>> odds = next_outcomes(rogue, 2)
>>> odds["The Rogue (Player 3) looks at a random tile of Player 2; Player 3 sees a tile (Player 2's loot) (copper)"]
Fraction(26, 57)

The copper she saw is 1 of 3, and each of the other two is a copper with the odds of the 38
tiles she has not placed, 7 of them copper: 1/3 + 2/3 · 7/38 = 26/57.

Writing a position
------------------

One ``key: value`` per line, in any order; keys in any case; blank lines and ``# comments``
are ignored (``#2`` right after a tile is not a comment: see below). Seats are ``P1``..``Pn``;
islands ``I1``..``I8`` and their loot slots ``I3.b``. Whatever a position leaves out is where
the setup rules put it, unseen: every island holds one face-down tile per player (S3), the
other loot tiles lie in the discard pile unseen (so a tile's odds are the 40-tile multiset's,
C3, C6), each player has 1 prestige marker (S7) and nothing else.

- ``game: pirate_rush players=3 advanced=false`` (optional, first): when present it must match
  the game reading it; options left out are the defaults.
- ``round: 2`` (0, the default, is the setup); ``ship: I3`` (default I1); ``anchor: I5``;
  ``visited: I1, I3, I5`` the ship's voyage so far, one island a round (V21; default: the
  lowest-numbered such voyage through the face-up islands);
  ``resources: structure 2, ammunition 1, supplies 2`` (default: full, A9).
- ``removed: Revuelta, red structure, Duelo, green ammunition``: the 4 island tiles set aside
  at setup (S2), public; needed in the advanced game from round 1. An island tile is written
  by its event, or by its colour and resource when it has none (D4).
- ``row: captain, navigator, gunner, gambler, rogue, monkey`` (S5); ``markers: gambler`` the
  characters carrying a prestige marker (default: the skull characters of the row, S6;
  ``markers: none``).
- ``P2 character: gunner``, ``P2 prestige: 3``, ``P2 prosthetics: peg leg, hook``,
  ``P2 loot: gold, rum seen by P1 P2``: his face-down loot (he follows it himself, H1).
- ``I3: gold seen by P1, unseen, empty``: the slots of island 3 in order (a, b, c, ...);
  ``I3: empty`` for an island taken bare.
- ``I3 tile: Mercader, face up, seen by P2``: an island tile as flipped or peeked at (R8, R14,
  R32). A tile written with nobody seeing it is a fixed deal only the teacher knows: the set-
  aside tiles are then drawn among the others (S2).
- ``discard: wound seen by P1 P2 P3``: the discard tiles somebody knows; the rest are unseen.
- ``starts: P2`` the round's starting player (R4, R64); ``played: P1 P3`` (R10).
- ``step: turn (P2)``: what happens now, in the words below; ``then: name the next player /
  ...`` the steps still pending under it, only where they differ from what the rules put there.
- ``turn: P2, 1 of 2 looks, loot done, power used, steered, taberna used, mercader used``: the
  turn under way (default: a turn just named, R10: nothing done, one look, two for the Cabin boy,
  three with ``cabin_boy_looks=3``, V20).
- ``event: Mercader`` this round's event (default: the flipped island's); ``ending: Motín``.

A loot tile is ``copper``, ``silver``, ``gold``, ``rum``, ``flag1``, ``flag2``, ``map``,
``wound``, ``curse`` or ``unseen`` (nobody has seen it yet), then ``seen by P1 P3`` (who can
follow it; ``seen by nobody`` for a known kind nobody can place any more) and ``remembered by P2
in I4 I5`` (a pirate who knows such a tile is in one of those places, after a shuffle or a
blind swap, H2, H7). A pending step names a tile by its slot (``I3.b``) or by its pile and words
(``P2 gold``, ``discard unseen``), with ``#2``, ``#3`` to tell apart tiles written alike.

The steps, in a player's words: ``set aside 4 island tiles``, ``draw the crew row``, ``choose the
starting player (P1)``, ``setup investigation (P2, 2)``, ``choose a character (P3)``, ``flip the
island``, ``name the next player``, ``turn (P2)``, ``adjust the ship and end the round`` (step 4,
T4), ``start the round``, ``Juegos de cubierta``, ``Perdidos``, ``Duelo``, ``Gunner: swap the
wound``, ``Quartermaster: trade the tile``, ``Gambler: keep it or take another``, ``Rogue: look
again``, ``Monkey: pass on the curse``, ``Mercader: take a tile``, ``Duelo: throw``, ``the table
breaks the tie``, ``game over`` and the rest listed in ``turn/tasks.py``. A step the game runs by
itself (step 4, the flip, an event waiting to resolve) runs as soon as the position is read, and
the state's ``events`` say what it did: loading never skips anything silently. A mistake is one
`explorer.PositionError` whose ``field`` is the line's key as written and whose reason names the
line, what is wrong and the rule:

>>> basic.position("round: 1\\nrow: captain, navigator, gunner, gambler, rogue, monkey\\nstep: turn (P4)")
Traceback (most recent call last):
...
explorer.core.errors.PositionError: step: line 3: P4 is no seat of a 3-player game (seats P1..P3)
>>> basic.position(start.notation().replace("I1: gold", "I1: gold, gold"))
Traceback (most recent call last):
...
explorer.core.errors.PositionError: I1: line 9: an island has 3 slots (one per player), not 4 (S3)

``state.notation()`` writes the canonical text, and ``game.position(state.notation()) == state``:
a state is equal to another when the same tiles lie in the same places known to the same pirates,
whatever internal numbers they carry.

>>> basic.position(start.notation()) == start
True

What-if helpers
---------------

Python functions take a seat's index (0 for Player 1), as ``state.player`` and ``view(p)`` do.

- ``whatif.give_loot(state, {1: ["gold", "map"]})``: hand Player 2 tiles of these kinds (taken
  from the unseen ones), known to him.
- ``whatif.at_turn(state, 2, chosen=(1, 3, 2))``: the same table at the start of Player 3's turn,
  characters by rank (1 Captain ... 8 Monkey); other position-data fields as keywords.
- ``inference.tile_distribution(state, viewer, "I3.b")`` (or ``"P2"``, ``"D"`` for a random tile
  of a pile): the exact kind a pirate should expect there; ``island_distribution(state, viewer,
  j)`` for island tile ``j`` (0 for I1); ``what_is`` puts a pirate's belief beside the truth.

>>> from explorer.games.pirate_rush.teaching.whatif import at_turn, give_loot
>>> richer = give_loot(start, {1: ["gold", "map"]})
>>> richer.view(1)["loot"][1]
{'count': 2, 'known': ['gold', 'map']}
>>> basic.player_name(at_turn(richer, 2).player)
'Player 3'
>>> tile_distribution(richer, 0, "I1.b")["gold"]
Fraction(1, 39)
>>> tile_distribution(richer, 1, "I1.b")      # Player 2 looked at I1.b
{'copper': Fraction(1, 1)}

A tie after the rum count (E10) is a shared win by default; with ``final_tie="manual"`` (V13)
the game waits for the table's word: a decision ``tie P1`` / ``tie P2`` names the winner.
"""

from __future__ import annotations

from .text.reader import read
from .text.writer import notation

__all__ = ["notation", "position"]


def position(game, text: str):
    """Read the short notation (see the module docstring) into a validated state."""
    return read(game, text)
