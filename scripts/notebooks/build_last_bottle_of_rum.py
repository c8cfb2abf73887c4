"""Write notebooks/last_bottle_of_rum.ipynb (without outputs) from the cells below.

Run: ``python notebooks/build_last_bottle_of_rum.py``. Cells follow the digest's teaching order.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from lesson_cells import with_lessons

CELLS: list[tuple[str, str]] = [
    ("md", """# The Last Bottle of Rum — learn it by playing

One bottle of rum is left in the archipelago. Each captain sails from the **Pirates' Hideout**,
explores face-down island tiles, grabs treasure, fights with a **skull die** and flees the **Kraken**.
The first captain to **10 Loot** wins (R1).

Every rule below carries its ID from the rules digest; every probability is exact."""),
    ("code", """from fractions import Fraction

from IPython.display import SVG, display

import explorer
from explorer.games.last_bottle_of_rum import analysis
from explorer.games.last_bottle_of_rum.scenes import scene, ship
from widgets import Explorer
from widgets.show import chance, odds_table, table

game = explorer.load("last_bottle_of_rum", players=2)


def show(state):
    \"\"\"Draw a position (what every captain can see, and more: the teacher's view).\"\"\"
    display(SVG(state._repr_svg_()))


def play(state, *moves):
    \"\"\"Apply moves in notation, printing each event with the rules it applied.\"\"\"
    for move in moves:
        state = state.apply(move)
        for event in state.events:
            print(" ", event)
    return state


def outcomes(state, name="outcome"):
    \"\"\"The chance node's outcomes by name, with their exact odds.\"\"\"
    return odds_table(state.chance_outcomes(), name=name, label=state.describe)"""),
    ("md", """## 1. The board, sailing and exploring (R18–R22)

Two captains start in the Hideout, all 30 tiles face down (S1, S11). Player 1 holds two Full Sail
cards' worth of actions: two **Sail** actions. A Sail action moves one tile (R18); a face-down tile
is revealed as you enter it (R19)."""),
    ("code", """state = scene([ship(), ship()], actions="SS")
display(odds_table(analysis.reveal_chances(state), name="next tile"))   # C8: before the first reveal
assert analysis.reveal_chances(state)["reef"] == Fraction(1, 6)
show(state)"""),
    ("md", """The next tile is uniform over the 30 unseen tiles: a reef with probability 5/30 = **1/6**,
a doubloon icon with 6/30 = **1/5** (C8). We sail east and turn up the Old Wreck (a doubloon icon, R20),
then onward to the Reef Shallows: a reef makes the ship draw a damage token (R21).

**Try it** first in the live explorer, set to this position in the game's notation: sail one tile under
*Legal actions*, turn up a tile in the *Chance* panel (or let chance pick), and step back in the *What-if tree*
to sail elsewhere."""),
    ("code", """Explorer(game.position(\"\"\"
turn: P1
phase: actions
P1 captain: Humboldt
P1 hand: none
P2 captain: Admiral Narhee
P2 hand: none
display: none
actions: S S
\"\"\"))"""),
    ("code", """state = play(state, "sail 1,0", "tile T24")
assert state.ships[0].doubloons == 1
state = play(state, "sail 2,0", "tile T26")
display(outcomes(state, "damage token"))   # the bag: 5 of each type
state = play(state, "token SAIL")
show(state)"""),
    ("md", """## 2. Cards and actions (R4, R8–R12, R17, T1–T6)

Each turn you refill to your hand size (4; R4) and play **exactly two** cards (R8). Every icon on the
top half is one action (R11): **S**ail, **D**oubloons, **A**ttack, **R**epair. Any **three unused actions
trade for one** of your choice (R12)."""),
    ("code", """cards = ("AC04", "AC24", "AC30", "AC61")
state = scene([ship("Von Croakington", damage={"HULL": 1}, hand=cards), ship()], phase="play")
print(", ".join(sorted(str(a) for a in state.legal_actions())))    # the six pairs you may play
state = play(state, "play AC04 AC30")
print("unused actions S D A R:", state.turn.actions)"""),
    ("code", """state = play(state, "sail 1,0", "tile T28")
state = play(state, "exchange DDA>R", "repair HULL")     # three unused actions -> one Repair
assert state.ships[0].damage == (0, 0, 0, 0, 0)
assert state.ships[0].hand == ("AC24", "AC61")           # R17: unplayed cards stay
show(state)"""),
    ("md", """**Your turn.** With unused actions S, D, D, can you trade them for an Attack? Check with the model."""),
    ("code", """quiz = scene([ship(), ship()], actions="SDD")
answer = "exchange SDD>A" in {str(a) for a in quiz.legal_actions()}
assert answer is True
print("Yes: any three unused actions buy one action of your choice (R12).")"""),
    ("md", """## 3. Effects, costs and Curses (R13–R16)

The bottom half of a played card is an effect you may use once (R15) if you pay its cost (R13). A tentacle
icon also costs a **Curse** (R14). Player 1 has 1 doubloon and plays **All Hands** (1 doubloon: play one more
card) and **Smuggler's Deal** (a Curse: gain 3 doubloons)."""),
    ("code", """state = scene([ship(doubloons=1, hand=("AC05",)), ship()], played=("AC43", "AC53"))
state = play(state, "effect AC43", "play AC05")          # a third card
state = play(state, "effect AC53")
assert (state.ships[0].doubloons, state.ships[0].curse) == (3, 1)
show(state)"""),
    ("md", """## 4. Treasures and scoring (R23–R29, R1, E1)

A face-up pair shows **Pearl Bay** holding the **Captain's Logbook** (value 2, hand size +1). Pearl Bay is still
face down at (1,−1). Entering it, you may take the treasure for free if you have room (R25, R28); a new pair
appears at once (R27). Entering the Hideout you may trade everything aboard for Loot (R23)."""),
    ("code", """state = scene([ship(), ship()], actions="SS", display=(("M12", "TR15"),))
state = play(state, "sail 1,-1", "tile T12", "take TR15", "map M03", "treasure TR07")
state = play(state, "sail 0,0", "trade TR15")
assert state.ships[0].loot == 2
show(state)"""),
    ("md", """## 5. Combat (R33–R41, C1–C3)

An attack needs an Attack action (one more per tile between, R34) and 1 doubloon (R35); nobody fights in or
from the Hideout (R41). The attacker rolls the skull die — faces 0, 1, 1, 1, 2, 2 — and the target draws
that many damage tokens from the bag, never passing 5 (R39)."""),
    ("code", """sea = {"1,0": "T28", "2,0": "T29"}
state = scene([ship(cell="1,0", doubloons=2), ship(cell="2,0")], actions="A", tiles=sea, face_up=tuple(sea))
state = play(state, "attack P2")
display(outcomes(state, "skull die"))
hit = 1 - analysis.die()[0]
assert hit == Fraction(5, 6) and analysis.mean(analysis.die()) == Fraction(7, 6)
print("P(at least one damage) =", chance(hit))"""),
    ("code", """state = play(state, "roll 2", "token FIRE", "token HULL")
show(state)
display(odds_table(analysis.tokens_drawn(4), name="tokens drawn", caption="Target at 4 tokens"))
assert analysis.tokens_drawn(4) == {0: Fraction(1, 6), 1: Fraction(5, 6)}"""),
    ("md", """**Your turn.** Full bag, one attack on a healthy ship: what is the chance it gets at least one
SAIL token?"""),
    ("code", """odds = analysis.attack_outcomes()
p_sail = sum(p for drawn, p in odds.items() if "SAIL" in drawn)
assert p_sail == Fraction(2, 9)
print("P(at least one SAIL) =", chance(p_sail), "(C3)")"""),
    ("md", """## 6. Damage effects and repair (R43–R50)

SAIL: one move a turn (R45). FIRE: one treasure slot fewer (R47). CANNON: no attacks (R42). HULL: no
doubloons (R31). BOWSPRIT: hand size −1 (R50). One Repair returns one token to the bag (R43); an effect ends
only with its last token (R44)."""),
    ("code", """state = scene([ship(damage={"SAIL": 2, "HULL": 1}), ship()], actions="RRSSD")
state = play(state, "repair SAIL")
print("still limited:", state.turn.limit_from >= 0)
state = play(state, "repair HULL", "earn")
assert state.ships[0].doubloons == 1"""),
    ("code", """laden = ship(cell="2,0", treasures=("TR07", "TR08"))
state = scene([ship(cell="1,0", doubloons=1), laden], actions="A", tiles=sea, face_up=tuple(sea))
state = play(state, "attack P2", "roll 1", "token FIRE")
print("Player 2 must choose:", ", ".join(state.describe(a) for a in state.legal_actions()))
state = play(state, "lose TR08")
show(state)"""),
    ("md", """## 7. The Kraken (R51–R57, C5, C6)

Curses call the Kraken: when a Kraken card is drawn, or when a captain reaches 5 Curses (R51). It strikes
everyone tied for the most Curses (R52); each victim rolls and loses that many Loot **and** Curses (R53);
missing Loot becomes damage (R54)."""),
    ("code", """first = ship(curse=3, loot=1, hand=("AC01", "AC02", "AC03"))
state = scene([first, ship(curse=3, loot=4), ship(curse=1)], active=2)
state = play(state, "end", "draw AC73")
display(table([(loot, curse, damage, p) for (loot, curse, damage), p in analysis.kraken(1, 3).items()],
              ["Loot after", "Curses after", "damage tokens", "chance"], "A victim with Loot 1, Curse 3"))
assert sum(p for (_, _, dmg), p in analysis.kraken(1, 3).items() if dmg) == Fraction(1, 3)
state = play(state, "roll 2", "token CANNON", "roll 1")
show(state)"""),
    ("code", """state = scene([ship(curse=4, loot=2), ship(curse=2)], played=("AC53",))
state = play(state, "effect AC53")                        # reaching 5 Curses calls the Kraken first (R56)
assert state.pending[0] == ("kraken_roll", 0)"""),
    ("md", """## 8. Captains and treasure modifiers (R58, R59, D4, D9, C12)

Same attack, three captains: Grog Blackwater re-rolls a miss (hit chance 35/36), Admiral Narhee reaches one tile
further, Crabby Jones' Shells soak a token."""),
    ("code", """display(odds_table(analysis.die("grog"), name="skulls", caption="Grog Blackwater's attack"))
assert 1 - analysis.die("grog")[0] == Fraction(35, 36)
far = {"1,0": "T28", "3,-1": "T29"}
narhee = scene([ship("Admiral Narhee", cell="1,0", doubloons=1), ship(cell="3,-1")], actions="A", tiles=far,
               face_up=tuple(far))
assert "attack P2" in {str(a) for a in narhee.legal_actions()}
crabby = 1 - analysis.tokens_drawn(0, shells=1)[0]
assert crabby == Fraction(1, 3)
print("Crabby with a Shell is damaged with probability", chance(crabby))"""),
    ("md", """## 9. Modules (V1–V3)

Three modules change the game the most. Each is an option with its digest name, off by default, and
they combine freely: `explorer.load("last_bottle_of_rum", bounty_hunt=True, weather=True, ghost=True)`."""),
    ("code", """options_game = explorer.load("last_bottle_of_rum", bounty_hunt=True, weather=True, ghost=True)
for spec in options_game.OPTIONS[:3]:
    print(f"{spec.rule}  {spec.name} = {options_game.options[spec.name]}  ({spec.doc})")"""),
    ("md", """### 9a. Bounty Hunt (V1: R60–R62, C10)

Entering an **Outpost** (here the North Outpost at 0,1) draws 2 Bounty cards: keep one face down, put
the other back **on top** of the deck, where only you know it (R60). One bounty per turn (R61).
A given bounty is among the 2 with probability 1/20 + 19/20 · 1/19 = **1/10** (C10)."""),
    ("code", """post = {"1,0": "T28", "0,1": "T21", "1,1": "T22"}
hunt = scene([ship(cell="1,0"), ship()], actions="S", tiles=post, face_up=tuple(post), bounty_hunt=True,
             modules={"bounties": [[], []], "claimed": [[], []]})
state = play(hunt, "sail 0,1")
odds = dict((str(o), p) for o, p in state.chance_outcomes())
assert odds["reveal B11"] == Fraction(1, 20)
state = play(state, "reveal B11", "reveal B14", "bounty B11")
print("Player 1 keeps", ", ".join(state.mods.bounties[0]), "- top card (and who knows it):", state.mods.bounty_top)"""),
    ("md", """The next Outpost visitor draws that known top card for certain. Player 1 keeps **Rich Pirate** (B11:
end a turn with 8 doubloons). When a condition is met the bounty is shown and scores **+1 Loot** (R62)."""),
    ("code", """rich = state.to_dict()
rich["ships"][0]["doubloons"] = 8
rich = play(hunt.game.state_from_dict(rich), "end")
assert rich.ships[0].loot == 1 and rich.mods.claimed[0] == ("B11",)
show(rich)"""),
    ("md", """### 9b. Weather and the Maelstrom (V2: R63–R67)

Weather cards cannot be kept (R64): one is played with one other card, two or more are played alone, and
their effects happen at once (A20). Each gives 1 or 2 **wild actions** (W): each is used as any one of
Sail, Earn doubloons, Attack or Repair, chosen when it is used (R63, D7). Here Player 1 holds a **Storm**
(2 wild actions) and a **Maelstrom** (1): both must be played."""),
    ("code", """wx = {"1,0": "T28", "2,0": "T29", "3,-1": "T30"}
state = scene([ship(cell="1,0", hand=("AC77", "AC79", "AC01", "AC05")), ship(cell="2,0")], phase="play",
              tiles=wx, face_up=tuple(wx), weather=True)
print(", ".join(sorted(str(a) for a in state.legal_actions())))
assert [str(a) for a in state.legal_actions()] == ["play AC77 AC79"]
state = play(state, "play AC77 AC79", "weather AC79", "token SAIL", "token FIRE")
assert state.turn.actions == (0, 0, 0, 0, 3)      # S D A R and W: three wild actions, none used yet"""),
    ("md", """The Storm hit both ships at sea (R63). The Maelstrom now opens between two tiles of Player 1's choice,
never the Hideout (R65). Riding it costs 1 Sail action, counts as 1 move and draws 1 damage token (R66)."""),
    ("code", """state = play(state, "weather AC77", "maelstrom 1,0 3,-1", "sail maelstrom")
assert state.ships[0].cell == 19 and state.turn.actions == (0, 0, 0, 0, 2)   # one wild action rode as a Sail
state = play(state, "token HULL")
show(state)"""),
    ("md", """Two wild actions are left (``actions: W W`` in the notation, "Wild 2" on the board). A holed hull
earns nothing (R31), so Player 1 uses one as a Repair: the event says what the wild action was used as."""),
    ("code", """state = play(state, "repair HULL")
assert state.turn.actions == (0, 0, 0, 0, 1) and state.ships[0].damage[3] == 0
print(state.events[0].text)"""),
    ("md", """**Your turn.** Player 1 holds a Gale (AC85) and three ordinary cards. Which plays are legal (R64)?
Write your answer as a set of notations, then let the model check it."""),
    ("code", """gale = scene([ship(hand=("AC85", "AC01", "AC24", "AC30")), ship()], phase="play", weather=True)
answer = {"play AC01 AC85", "play AC24 AC85", "play AC30 AC85"}     # the Gale plus any one other card
assert answer == {str(a) for a in gale.legal_actions()}
print("correct:", sorted(answer))"""),
    ("md", """### 9c. The Ghost for two players (V3: S13, R68–R82, C11, C15)

With exactly 2 players (R68) every tile lies face up, coins lie on the doubloon tiles, only 2 pairs show
and the white ship waits on the Skull Cave (S13). After both players' turns the Ghost turns the top 2
Action cards and acts on their icons: doubloons, repair, hunt, attack (R71, R72)."""),
    ("code", """isles = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "3,-2": "T23", "2,-2": "T01", "1,-2": "T02",
         "0,-2": "T04", "-1,-1": "T05", "2,-1": "T25", "1,-1": "T24"}
ghost = scene([ship(cell="2,0"), ship(cell="0,-2")], tiles=isles, face_up=tuple(isles), ghost=True,
              display=(("M04", "TR23"), ("M01", "TR07")),
              modules={"ghost": {"cell": "3,-2", "cards": ["AC15"]}}, pending=(("ghost_card",), ("ghost_act",)))
show(ghost)"""),
    ("md", """Its first card is AC15 (Sail + Attack). It reveals AC47 (Doubloons + Attack): 1 doubloon (R73),
**1** move and range **2** (R79). It hunts the most valuable treasure, the Kraken's Eye (4) on
Mermaid Lagoon (T04 at 0,-2), along a shortest path that avoids the Hideout (R75, R76), then fires on
every ship within range 2 (R79)."""),
    ("code", """turn = play(ghost, "draw AC47")
print("Ghost path:", " > ".join(turn.view(None)["modules"]["ghost"]["path"]))
assert turn.mods.ghost.doubloons == 1 and len(turn.mods.ghost.path) == 2
assert [t[:2] for t in turn.pending][:1] == [("token", 0)]
show(turn)"""),
    ("md", """The dashed white line is the Ghost's path. Its range is the number of Attack icons on its 2 cards;
for 2 cards from the 72 standard cards, P(range ≥ 1) = **119/213** (C11). A player's hit puts one
face-down token on it (R81, P(hit) = 5/6); at 3 it sinks and the attacker takes its newest treasure (R82)."""),
    ("code", """reach = analysis.ghost_range()
assert sum(p for r, p in reach.items() if r >= 1) == Fraction(119, 213)
assert analysis.bounty_among_two() == Fraction(1, 10)
assert analysis.ghost_sinks(2) == Fraction(5, 6) and analysis.ghost_sinks(1, attacks=2) == Fraction(25, 36)
assert analysis.ghost_sinks(1, per_skull=True) == Fraction(1, 3)
odds_table(reach, name="Ghost's range")"""),
    ("md", """## A position written down, and a player's own odds

A position can be written in a few lines, as a player reads the table (docs/last_bottle_of_rum.md):
what is not written is where the setup puts it, unseen. Here Madame Macaw (Player 2) has secretly
looked at the tile on 2,0. Player 1 only knows it is one of the 28 tiles still unseen, 5 of them
reefs (C8); Player 2 knows it is the Coral Teeth."""),
    ("code", """from explorer.analysis.odds import view_probability
from explorer.games.last_bottle_of_rum.data import TILES, parse_cell

peeked = explorer.load("last_bottle_of_rum").position(\"\"\"
turn: P1
phase: actions
P1 captain: Humboldt
P1 ship: 1,0
P1 hand: Full Sail SS, Patch Up RR
P2 captain: Madame Macaw
P2 ship: 1,-1
P2 hand: Plunder DD, Sabotage AA
P2 peeked: 2,0 Coral Teeth
board: 1,0 Old Wreck, 1,-1 Open Sea A
display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
deck: Kraken #1, Full Sail SD #1, Chain Shot DD
played: Holy Water RR #1, Spyglass SS
actions: R R
\"\"\")
reef = lambda world: TILES[world.tiles[parse_cell("2,0")]].reef
mine, theirs = view_probability(peeked, 0, reef), view_probability(peeked, 1, reef)
assert (mine.probability, theirs.probability) == (Fraction(5, 28), 1)
print("Player 1:", mine)
print("Player 2:", theirs)
print(peeked.notation())"""),
    ("md", """## A whole game against the rule-of-thumb captain"""),
    ("code", """from explorer.core.play import playout

three = explorer.load("last_bottle_of_rum", players=3)
bot = three.policies()["rule_of_thumb"](three)
end = playout(three.start(seed=7), seed=7, policies=[bot, bot, bot])
print(len(end.history), "steps")
display(table([(n + 1, ", ".join(three.player_name(p) for p in tied), end.scores()[tied[0]])
               for n, tied in enumerate(end.winners())], ["place", "captain", "Loot"]))
assert end.is_over and max(end.scores()) >= 10
show(end)"""),
    ("md", """## What if? Chain Shot or not

Two branches of one position: attack straight away, or first pay 1 doubloon for Chain Shot (E03: roll twice,
keep the better). Compare the exact chance of at least one token."""),
    ("code", """base = scene([ship(cell="1,0", doubloons=2), ship(cell="2,0")], actions="A", played=("AC18",),
             tiles=sea, face_up=tuple(sea))
plain = base.apply("attack P2")
chained = base.apply("effect AC18").apply("attack P2")
p_plain = 1 - dict((str(o), p) for o, p in plain.chance_outcomes())["roll 0"]
p_chain = 1 - dict((str(o), p) for o, p in chained.chance_outcomes())["roll 0"]
assert (p_plain, p_chain) == (Fraction(5, 6), Fraction(35, 36))
table([("attack", p_plain), ("Chain Shot, then attack", p_chain)], ["line", "chance of at least one token"])"""),
    ("md", """**Try it** in the explorer, set to this position in the notation: attack straight away, or play the
Chain Shot effect first, and compare the skull die's odds in the *Chance* panel on the two branches."""),
    ("code", """Explorer(game.position(\"\"\"
turn: P1
phase: actions
P1 captain: Humboldt
P1 ship: 1,0
P1 doubloons: 2
P1 hand: none
P2 captain: Admiral Narhee
P2 ship: 2,0
P2 hand: none
board: 1,0 Open Sea A, 2,0 Open Sea B
display: none
played: Chain Shot AA
actions: A
\"\"\"))"""),
]


def build() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
             for kind, src in CELLS]
    nb.cells = with_lessons(cells, "last_bottle_of_rum", "The Last Bottle of Rum")
    return nb


if __name__ == "__main__":
    path = Path(__file__).with_name("last_bottle_of_rum.ipynb")
    nbformat.write(build(), path)
    print(f"wrote {path}")
