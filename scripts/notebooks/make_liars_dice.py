"""Write notebooks/liars_dice.ipynb (no outputs): one minute of rules on a live board, the guided
lesson, the rules each shown on a board, the odds of a bid, OpenSpiel's single round, and the
notation in an appendix.

Run: ``python scripts/notebooks/make_liars_dice.py``. Sentences that state odds are computed here
from the model (odds.py, C2), so the prose cannot drift from the rules.
"""

from __future__ import annotations

from cells import C, M, guided_lesson, odds_lesson, small, title, write

import explorer
from explorer.games.liars_dice.odds import bid_chance

RAISE = "P1 cup: 3 5\nP2 cup: 2 6\nP3 cup: 1 4\nbids: P1 2x5"
FIVE_THREES = bid_chance(5, 3, (1, 3, 3, 5, 6), 5, 6, 1)


def odds_sentence() -> str:
    """The worked odds of C2 in words, from odds.py."""
    return (f"Holding 1, 3, 3, 5, 6 against one rival's five hidden dice, five threes needs two of those five to "
            f"show a 3 or a one: the chance is {FIVE_THREES.numerator}/{FIVE_THREES.denominator}, about "
            f"{float(FIVE_THREES):.0%}.")


def table_game_sentence() -> str:
    """How long a table of three with two dice each lasts at most, from the model (R2, R5)."""
    game = explorer.load("liars_dice", players=3, dice=2)
    return f"a table of three with two dice each plays at most {game.max_decisions()} bids and calls"


cells = [
    title("Liar's Dice: learn it by playing",
          "Bluff with the dice under your cup: raise the bid on how many dice show a face, or call the last "
          "bidder a liar. You learn the goal and a round in one minute, then play the guided lesson, then see "
          "each rule on a board and the exact odds behind a bid."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, explorer, play, story\n\n"
      "game = explorer.load(\"liars_dice\", players=3, dice=2)"),
    M("## How to play in one minute\n"
      "**The goal.** Be the last player with dice.\n\n"
      "**The setup.** Every player has a cup and the same number of dice (five in the box; two here, for a "
      "short game). Player 1 opens the first round.\n\n"
      "**One round.** Everyone rolls their dice under the cup and looks only at their own. In turn each "
      "player either raises the bid (\"at least three fours among all the cups\") or calls the last bidder a "
      "liar. A raise names more dice, or as many dice of a higher face. Ones are wild: they count for every "
      "other face. At a call the cups are lifted and the dice counted: if the bid holds, the caller loses a "
      "die, otherwise the bidder does. The loser opens the next round; a player without dice is out.\n\n"
      "Below is a new game for three. Roll the dice in the chance panel (or let chance pick them), then bid "
      "from the list of moves or on the bid board.\n\n" + small("S1, S2, T1, T2, R1-R8, E1")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("liars_dice"),
    M("## What beats a bid\n"
      "Player 1 opened with two fives. Every higher bid is on offer: two sixes is the lowest raise, then three "
      "ones, three twos and so on. The board shows each bid as a cell of the bid board, quantity down and face "
      "across; the Liar button doubts the standing bid.\n\n" + small("R2, R3")),
    C(f"raised = game.position({RAISE!r})\nboard(raised, player=1)"),
    M("Player 2 sees only their own cup, a 2 and a 6, and the count of dice under the others. Try a raise or "
      "a call in the explorer below, then step back in the tree to try another.\n\n" + small("T1, R2, R4")),
    C("Explorer(raised)"),
    M("## Lifting the cups\n"
      "Player 3 doubts three fives. The cups show one five and one wild one: two fives in all, so the bid was "
      "a lie and Player 2, who made it, loses a die and opens the next round.\n\n" + small("R4, R5, R6, R8")),
    C(f"called = play(game.position({RAISE!r}), \"bid 3x5\", \"liar\")\nstory(called)\nboard(called)"),
    M("## The odds of a bid\n"
      "From one seat a bid is a question about the hidden dice: each shows a given face with chance one in six, "
      "or two in six when a wild one also counts. " + odds_sentence() + "\n\n" + small("C1, C2")),
    C("from explorer.games.liars_dice.odds import bid_chance\n\n"
      "Ask(\"Holding 3 and 5 against four hidden dice, what is the chance of at least one more five? "
      "(a fraction like 1/6)\",\n    bid_chance(2, 5, (3, 5), 4, 6, 1))"),
    M("The rule of thumb plays by these odds: it calls liar when a bid is more likely false than true, and "
      "otherwise makes the raise most likely to hold. Play a game against it: you sit at Player 1, the "
      "computer plays the other cups.\n\n" + small("C2")),
    C("Explorer(game, seed=4, policies={1: \"rule_of_thumb\", 2: \"rule_of_thumb\"})"),
    M("## The last die\n"
      f"Each call takes exactly one die, and every bid must rise, so {table_game_sentence()}. When only one "
      "player has dice left the game is over; the others rank by how long they lasted. Here Player 2 can end "
      "it: Player 1's two fours need Player 2's die to be a 4 or a one.\n\n" + small("R7, E1")),
    C("last = game.position(\"round: 5\\ndice: 1 1 0\\nP1 cup: 4\\nP2 cup: 2\\nbids: P2 1x4, P1 2x4\\n\"\n"
      "                     \"opener: P2\\nout: P3\\nloser: P2\")\nboard(last)"),
    C("Explorer(last)"),
    M("## OpenSpiel's single round\n"
      "Researchers know this game from OpenSpiel: two players, one die each, the highest face wild, and a "
      "single round. The same rules run here as a house rule; the explorer's OpenSpiel adapter plays exactly "
      "OpenSpiel's game, bid for bid.\n\n" + small("V1, V2, V6, E2")),
    C("one = explorer.load(\"liars_dice\", players=2, single_round=True, dice=1)\nExplorer(one, seed=2)"),
    C("Ask(\"In the single round you hold a 3. What is the chance that 'two threes' is true? (a fraction)\",\n"
      "    bid_chance(2, 3, (3,), 1, 6, 6))"),
    *odds_lesson("liars_dice"),
    M("## House rules\n"
      "The options lesson plays each house rule on a position of its own: bidding a face before a quantity, "
      "the winner opening the next round, no wild face.\n\n" + small("V3, V4, V5")),
    C("Lesson(\"liars_dice_options\")"),
    M("## Appendix: writing a position\n"
      "Any table can be written in a few lines, in the game's words: seats P1, P2, P3; a cup line lists the "
      "faces under that cup; the bids are listed in order, each as its seat and quantity x face. A cup not "
      "written is not rolled yet. Change the text and run the cell to explore your own table.\n\n"
      + small("T1, R1")),
    C("mine = game.position(\"\"\"\nP1 cup: 1 6\nP2 cup: 4 4\nP3 cup: 2 5\nbids: P1 2x4, P2 3x4\n\"\"\")\n"
      "print(mine.notation())\nExplorer(mine)"),
]

if __name__ == "__main__":
    write("liars_dice", cells)
