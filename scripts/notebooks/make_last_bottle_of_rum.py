"""Write notebooks/last_bottle_of_rum.ipynb (no outputs): one minute of rules on a live board, the
guided lesson, sailing, actions, treasure, combat and the Kraken each on a board, a player's own odds
in an appendix. Run: ``python scripts/notebooks/make_last_bottle_of_rum.py``.

The odds the prose states (a reef 1/6, a doubloon icon 1/5, C8) are computed here from the model.
The modules (V1-V3) are taught by the docs and the lesson, not here.
"""

from __future__ import annotations

from cells import C, M, guided_lesson, odds_lesson, small, title, write

import explorer
from explorer.games.last_bottle_of_rum import odds as rum_odds
from widgets.show import fraction_text


def position(text: str, game: str = "game") -> str:
    return f"{game}.position(\"\"\"\n{text.strip()}\n\"\"\")"


SAIL = """turn: P1
phase: actions
P1 captain: Humboldt
P1 hand: none
P2 captain: Admiral Narhee
P2 hand: none
display: none
actions: S S"""
TRADE = SAIL.replace("actions: S S", "actions: S D D")
CHAIN = """turn: P1
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
actions: A"""
PEEKED = """turn: P1
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
actions: R R"""


def reveal_sentence() -> str:
    """C8 from the model: the first tile turned up is uniform over the 30 unseen tiles."""
    odds = rum_odds.reveal_chances(explorer.load("last_bottle_of_rum", players=2).position(SAIL))
    return (f"The first tile you turn up is any of the 30 face-down tiles alike: a reef with chance "
            f"{fraction_text(odds['reef'])}, a doubloon island with chance {fraction_text(odds['doubloon'])}.")


cells = [
    title("The Last Bottle of Rum: learn it by playing",
          "Sail a sea of face-down islands, carry treasure home to the Hideout, fight with the skull die and flee "
          "the Kraken: the first captain to 10 Loot wins. One minute of rules on a live board, then the guided "
          "lesson, then each rule on a board."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, explorer, odds_table, play, story, table\n\n"
      "game = explorer.load(\"last_bottle_of_rum\", players=2)"),
    M("## How to play in one minute\n"
      "**The goal.** Be the first captain to reach 10 Loot.\n\n"
      "**The setup.** Every ship starts in the Pirates' Hideout at the centre of a sea of 30 face-down island "
      "tiles. Face-up pairs of cards show which island holds which treasure. Each captain has a ship with its "
      "own ability and a hand of 4 Action cards.\n\n"
      "**One turn.** Fill your hand up to 4 cards and play exactly two. The top half of each card gives actions: "
      "Sail one tile, earn a Doubloon, Attack, Repair. The bottom half is an effect you may pay for in doubloons "
      "or with a Curse. Sail onto a face-down tile to turn it up; on the island a pair shows, take its treasure "
      "aboard; sail back into the Hideout to trade everything aboard for Loot. Attacks roll the skull die and "
      "give the target damage tokens; Curses call the Kraken, which takes Loot away.\n\n"
      "Below is a new game for two. Choose the captains, play two cards and sail.\n\n"
      + small("R1, S1-S11, R4, R8-R23, R33-R41, R51-R57")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("last_bottle_of_rum"),
    M("## Sailing and exploring\n"
      "A Sail action moves your ship one tile, and a face-down tile is turned up as you enter it. "
      f"{reveal_sentence()} A reef makes your ship draw a damage token; a doubloon island gives a doubloon.\n\n"
      "**Try it.** Player 1 has played a Full Sail, one card's worth of actions: two Sail actions. Sail one tile, "
      "turn up a tile in the chance panel (or let chance pick), and step back in the tree to sail elsewhere.\n\n"
      + small("R18-R22, C8")),
    C(f"sea = {position(SAIL)}\nboard(sea)"),
    C("Explorer(sea)"),
    M("## Actions and the trade of three for one\n"
      "Every icon on the top half of a played card is one action; cards you do not play stay in your hand. At any "
      "time in your turn, any three unused actions trade for one action of your choice.\n\n" + small("R8-R12, R17")),
    C(f"unused = {position(TRADE)}\n"
      "Ask(\"Player 1 has a Sail and two Doubloon actions unused. Can they become an Attack? (yes or no)\",\n"
      "    \"yes\" if \"exchange SDD>A\" in {str(move) for move in unused.legal_actions()} else \"no\")"),
    M("## Treasure and the Hideout\n"
      "Entering the island where a face-up pair shows a treasure, you may take it aboard if you have room, and a "
      "new pair is turned up at once. A treasure aboard carries its bonus or penalty while you sail. Only when "
      "your ship **enters** the Hideout may you trade, and it is all or nothing: every treasure aboard becomes "
      "Loot, its value in points.\n\n" + small("R23-R29")),
    M("## Combat\n"
      "An attack needs an Attack action and 1 doubloon, and each opponent may be attacked at most once a turn; "
      "nobody fights in or from the Hideout. The attacker rolls the skull die: one blank face, three with one "
      "skull, two with two. The target draws that many damage tokens from the bag, and each kind cripples the "
      "ship differently until it is repaired. Chain Shot, played before the attack, rolls the die twice and "
      "keeps the better. **Try it**: attack straight away, or play Chain Shot first, and compare the skull die's "
      "odds in the chance panel on the two branches.\n\n" + small("R33-R41, R36, C1, C2")),
    C(f"chain = {position(CHAIN)}\nExplorer(chain)"),
    M("Here Player 1 attacks without Chain Shot and the die shows two skulls: Player 2 draws two damage tokens, "
      "a Fire token and a Hull token."),
    C("hit = play(chain, \"attack P2\", \"roll 2\", \"token FIRE\", \"token HULL\")\nstory(hit)\nboard(hit)"),
    C("from explorer.games.last_bottle_of_rum import odds\n\n"
      "Ask(\"One attack on a healthy ship, full bag: what is the chance it draws at least one Sail token?\",\n"
      "    sum(p for drawn, p in odds.attack_outcomes().items() if \"SAIL\" in drawn))"),
    M("## The Kraken\n"
      "Curses call the Kraken: when a Kraken card is drawn, or when a captain reaches 5 Curses. It strikes "
      "everyone tied for the most Curses; each victim rolls the skull die and loses that many Loot **and** "
      "Curses, and Loot they do not have becomes damage. For a victim with 1 Loot and 3 Curses:\n\n"
      + small("R51-R57, C5")),
    C("table([(loot, curse, damage, p) for (loot, curse, damage), p in odds.kraken(1, 3).items()],\n"
      "      [\"Loot after\", \"Curses after\", \"damage tokens\", \"chance\"])"),
    M("For whole games against the computer's captains, see [the what-if notebook](what_if.ipynb)."),
    *odds_lesson("last_bottle_of_rum"),
    M("## Appendix: writing a position, and a player's own odds\n"
      "A position can be written in a few lines, as a player reads the table: what is not written is where the "
      "setup puts it, unseen. Here Madame Macaw (Player 2) has secretly looked at the tile two steps east of the "
      "Hideout. Player 1 only knows it is one of the 28 tiles still unseen, 5 of them reefs; Player 2 knows it "
      "is the Coral Teeth, a reef.\n\n" + small("C8, H1")),
    C("from explorer.analysis.odds import view_probability\n"
      "from explorer.games.last_bottle_of_rum.data import TILES, parse_cell\n\n"
      f"peeked = {position(PEEKED)}\n"
      "reef = lambda world: TILES[world.tiles[parse_cell(\"2,0\")]].reef\n"
      "print(\"Player 1:\", view_probability(peeked, 0, reef))\n"
      "print(\"Player 2:\", view_probability(peeked, 1, reef))\n"
      "Explorer(peeked)"),
]

if __name__ == "__main__":
    write("last_bottle_of_rum", cells)
