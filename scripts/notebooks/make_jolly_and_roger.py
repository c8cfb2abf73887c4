"""Write notebooks/jolly_and_roger.ipynb (no outputs): one minute of rules on a live board, the guided
lesson, each rule on a board, the solver's exact last round, the notation in an appendix.

Run: ``python scripts/notebooks/make_jolly_and_roger.py``. The expert game's special cards (V1) are
taught by the lesson and the docs, not here; whole games are in what_if.ipynb.
"""

from __future__ import annotations

from cells import C, M, guided_lesson, odds_lesson, small, title, write


def position(text: str) -> str:
    return f"game.position(\"\"\"\n{text.strip()}\n\"\"\")"


DRAWN = "round: 1\nstep: split\nsplitter: P1\ntable: G1 G1 Y2 B3 R5"
BLUE = """round: 3
step: place
offers: B2 Y1 B4 | G1 R3
P2 hand: Y1 B4
P1 hand: G1 R3
P1 green: G2 G4
P1 yellow: Y3
P1 blue: B3
P1 red: R1 R2
P2 green: G3
P2 yellow: Y4 Y2
P2 blue: B2
P2 red: R4"""
GREEN = """round: 2
step: place
offers: G5 Y3 B2 | R1 R3
P1 hand: G5 Y3
P2 hand: R1 R3
P1 green: G4
P1 blue: B1 B2
P2 green: G2
P2 yellow: Y1
P2 red: R2"""
ROUND_THREE = """round: 3
step: draw
P1 green: G2 G3 G1
P1 blue: B5
P1 red: p:Y4
P2 yellow: Y1
P2 blue: B1
P2 red: R1 R3
P2 chest: R5"""

cells = [
    title("Jolly & Roger: learn it by playing",
          "Two pirates share out loot: one splits five cards into two offers, the other chooses. The cards crew "
          "four merchant ships, and a pirate whose captain holds a ship may board it for gold. One minute of "
          "rules on a live board, then the guided lesson, then each rule on a board."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, chance, explorer, play, refused, story\n\n"
      "game = explorer.load(\"jolly_and_roger\")"),
    M("## How to play in one minute\n"
      "**The goal.** After eight rounds, have more gold than your rival: the gold of the cards under your "
      "treasure chest, plus the value of every ship where your captain stands (Green 3, Yellow 5, Blue 7, "
      "Red 9).\n\n"
      "**The setup.** Four merchant ships lie between the two players. The pirate cards come in four colours, "
      "values 1 to 5; three are set aside unseen and the rest are the draw pile.\n\n"
      "**One round.** The splitter turns up five cards and splits them into two offers. The chooser takes one "
      "offer, the splitter gets the other, and every card you receive is used this round: the chooser plays all "
      "of theirs first. A card is used in one of three ways: as **crew**, face up at the ship of its colour, "
      "adding its value to your strength there; as a **parrot**, face down at any ship, adding 1; or to "
      "**board** a ship of its colour where your captain stands, tucked under your chest for its value in gold. "
      "Whoever is stronger at a ship has their captain on it; a tie means no captain. The roles swap each round.\n\n"
      "Below is a new game. Split the first five cards, choose as the other player, and place the cards.\n\n"
      + small("S1-S5, T1-T3, R2-R20, E1-E3")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("jolly_and_roger"),
    M("## Split and choose\n"
      "Player 1 turns up Green 1, Green 1, Yellow 2, Blue 3 and Red 5. Any split into two offers of one to four "
      "cards is allowed. **Try it**: make a split, then play the chooser's side too; back in the tree, try a "
      "different split and compare.\n\n" + small("T1-T3, R2-R5")),
    C(f"drawn = {position(DRAWN)}\nExplorer(drawn)"),
    C("Ask(\"How many different splits does Player 1 have? (The two Green 1 cards are alike.)\",\n"
      "    len(drawn.legal_actions()), why=\"Splitting five different cards would give 15; two alike leave 11.\")"),
    M("## Crew and parrots\n"
      "Player 2 took Yellow 2 and Red 5, and places first: Red 5 as crew at the Red ship (strength 5), Yellow 2 as "
      "a parrot at the Blue ship (strength 1). A card face up at a ship of another colour is refused.\n\n"
      + small("R6, R9-R12")),
    C("chosen = play(drawn, \"split Y2 R5 | G1 G1 B3\", \"take Y2 R5\")\n"
      "print(refused(chosen, \"crew R5 B\"))\nboard(play(chosen, \"crew R5\", \"parrot Y2 B\"))"),
    M("## Majority, captains and ties\n"
      "Round 3 at the Blue ship: Player 1 has Blue 3 and Player 2 has Blue 2, so Player 1's captain stands there. "
      "Player 2 adds a parrot: 3 against 3, a tie, and the captain leaves. Then Player 2 adds Blue 4: 3 against "
      "7, and Player 2's captain arrives. **Try it**: play the two cards in the other order, or the Yellow 1 "
      "somewhere else, and watch the Blue ship on the board.\n\n" + small("R14-R17")),
    C(f"Explorer({position(BLUE)})"),
    M("## Boarding\n"
      "Only where your captain stands may you board: tuck a card of that ship's colour under your chest, for gold "
      "equal to its value and no strength. Player 1 holds the Green ship and boards it with Green 5; the Yellow "
      "ship is Player 2's, so Yellow 3 may not board it. A parrot cannot board either.\n\n" + small("R18-R20")),
    C(f"green = {position(GREEN)}\nboarded = play(green, \"board G5\")\n"
      "print(refused(boarded, \"board Y3\"))\nboard(boarded)"),
    M("## Counting cards\n"
      "After two rounds ten cards have been seen. The next five are drawn from the 33 unseen cards, and three of "
      "those were set aside at the start and will never be drawn. From Player 1's seat, the chance that round "
      "3 brings at least one red card:\n\n" + small("C3")),
    C("from explorer.analysis.odds import view_probability\nfrom explorer.games.jolly_and_roger import odds\n\n"
      f"round_three = {position(ROUND_THREE)}\n"
      "print(view_probability(round_three, 0,\n"
      "                       lambda world: odds.next_round_any(world, lambda card: card[0] == \"R\")))"),
    C("from fractions import Fraction\n\nunseen = odds.full_deck()\n"
      "for card in \"G2 Y4 R1 B5 G3 R5 R3 Y1 B1 G1\".split():\n    unseen[card] -= 1\n"
      "Ask(\"The Red 4 has not been seen. What is the chance it never turns up this game?\",\n"
      "    Fraction(3, sum(unseen.values())),\n"
      "    why=\"Three of the 33 unseen cards are the ones set aside.\")"),
    M("## The last round, exactly\n"
      "In the last round the solver plays perfectly. Take a game at its last split: for each way to split, the "
      "table gives the exact final difference (Player 1 minus Player 2) when the chooser takes the offer better "
      "for them and both then play perfectly. The splitter's best split is the one whose worse offer is best. "
      "The solver needs numpy; in a browser kernel without it the rule of thumb plays instead and the table is "
      "left out.\n\n" + small("E1-E5")),
    C("import random\n\nfrom explorer.core.extras import MissingExtra\nfrom explorer.core.play import advance\n"
      "from explorer.games.jolly_and_roger.policies import Greedy\n\n"
      "try:                        # the solver's extra brings numpy\n"
      "    from explorer.games.jolly_and_roger.policies import SolverPolicy\n"
      "    from explorer.games.jolly_and_roger.solver import Solver\n"
      "    second = SolverPolicy(game)\n"
      "except MissingExtra as err:\n"
      "    Solver, second = None, Greedy(game)\n"
      "    print(f\"{err}: the rule of thumb plays Player 2 here\")\n\n"
      "late, rng = game.start(seed=7), random.Random(7)\n"
      "while not (late.round == 8 and late.phase == \"split\"):\n"
      "    late = advance(late, rng, steps=1, policies=(Greedy(game), second))\n"
      "rows = sorted(Solver().split_table(late), key=lambda r: r[\"value\"]) if Solver else []\n"
      "for row in rows[:6]:\n"
      "    print(f\"{row['split']}: final difference {row['value']}\")\n"
      "Explorer(late)"),
    M("For whole games against the computer, see [the what-if notebook](what_if.ipynb)."),
    *odds_lesson("jolly_and_roger"),
    M("## Appendix: writing a position\n"
      "Any table can be written in a few lines: the round and step, who splits, the cards on the table, each "
      "player's hand, crews (bottom card first; p: for a parrot) and chest. What is not written is where the "
      "setup puts it, unseen. Change the text and run the cell to explore your own table.\n\n" + small("S1-S5")),
    C(f"mine = {position(GREEN)}\nprint(mine.notation())\nExplorer(mine)"),
]

if __name__ == "__main__":
    write("jolly_and_roger", cells)
