"""Write notebooks/sjoroveroya.ipynb (no outputs): one minute of rules on a live board, the guided
lesson, then each rule in one paragraph and one board, in the rulebook's teaching order; the
notation in an appendix. Run: ``python scripts/notebooks/make_sjoroveroya.py``.

House rules (V1-V12), full games and paired rollouts live in what_if.ipynb and the docs, not here.
"""

from __future__ import annotations

from cells import C, M, guided_lesson, odds_lesson, small, title, write

TRACK = "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n"


def position(*lines: str) -> str:
    """A position cell's text on the example track, one notation line an argument."""
    return f"game.position(\"\"\"\n{TRACK}{''.join(line + chr(10) for line in lines)}\"\"\")"


cells = [
    title("Sjørøverøya (Pirate Island): learn it by playing",
          "A race for the treasure played with two ordinary decks of cards: each player leads six pirates along a "
          "track of 20 face-up cards to the joker. One minute of rules on a live board, then the guided lesson, "
          "then each rule with a board to try it on."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, explorer, odds_table, play, refused, story\n\n"
      "game = explorer.load(\"sjoroveroya\", players=2)"),
    M("## How to play in one minute\n"
      "**The goal.** Be the first to bring all six of your pirates from Start to the treasure at the end of the "
      "track.\n\n"
      "**The setup.** Twenty cards from the first deck, the aces to fives, make the track; the joker at its end is "
      "the treasure. The second deck, shuffled, is the draw pile, and every player gets four cards. The suits are "
      "all that matter.\n\n"
      "**One turn.** Make up to three moves. *Forward*: play a card and move one pirate to the next card of that "
      "suit ahead of it where no opponent stands. *Back*: move one pirate back to the nearest card behind it where "
      "you have one or two pirates, and draw that many cards.\n\n"
      "Below is a new game for two. Play a few turns: click a move in the list, or a card on the board.\n\n"
      + small("S1-S9, R2-R13, R17-R21, E1")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("sjoroveroya"),
    M("## Moving forward\n"
      "Play a card from your hand; it goes on the discard pile. Your pirate jumps to the next track card of that "
      "suit. Player 1 at Start plays ♦ and lands on card 3.\n\n" + small("R7-R9")),
    C(f"s = play({position('P1 hand: ♦♠', 'P2 hand: ♣')}, \"D@0\")\nstory(s)\nboard(s)"),
    M("## Skipping opponents, stacking on your own\n"
      "A card with an opponent on it is passed over: the pirate goes on to the next card of that suit. Your own "
      "pirates never block you: you stop on them and share the card. So a card never holds two colours.\n\n"
      "**Try it.** Player 2 stands on card 2 and Player 1 holds ♠ and ♥. Play ♠ from Start and watch it skip "
      "card 2; then click the first position in the tree and try ♥ instead. Both lines stay in the tree.\n\n"
      + small("R10-R12, R31")),
    C(f"Explorer({position('P1 hand: ♠♥', 'P2 pieces: start×5 2', 'P2 hand: ♣')})"),
    M("## Into the treasure\n"
      "If no card of the played suit is left ahead where the pirate may stop, it reaches the treasure. Any suit "
      "can do it, and the treasure holds everyone. Here Player 1 plays ♦ from card 3: both ♦ cards ahead are "
      "taken by opponents, so the pirate goes home.\n\n" + small("R13-R15")),
    C("three = explorer.load(\"sjoroveroya\", players=3)\n"
      f"s = play(three.position(\"\"\"\n{TRACK}P1 pieces: start×5 3\nP1 hand: ♦♠\nP2 pieces: start×4 6 12\n"
      "P2 hand: ♣\nP3 pieces: start×4 13 18\nP3 hand: ♣\n\"\"\"), \"D@3\")\nstory(s)\nboard(s)"),
    M("## Moving back and drawing\n"
      "Moving back is free, and it is how you get cards. The pirate steps back to the **nearest** card behind it "
      "where you have **one or two** pirates, passing empty cards, opponents' cards and your stacks of three; you "
      "draw as many cards as you had there. Never back to Start, and a pirate at the treasure never moves.\n\n"
      "**Try it.** Player 1 has pirates on cards 3 and 10. Step back from 10, then pick the card Player 1 draws in "
      "the chance panel (or let chance pick it). Then go back in the tree and look for a step back from 3: there "
      "is none, since no card of Player 1's lies behind it and Start does not count.\n\n" + small("R17-R23")),
    C(f"Explorer({position('P1 pieces: start×4 3 10', 'P1 hand: -', 'P2 pieces: start×5 6', 'P2 hand: ♣')})"),
    M("A pirate with none of its own behind it cannot step back at all: Start does not count."),
    C(f"print(refused({position('P1 pieces: start×5 10', 'P1 hand: ♠', 'P2 hand: ♣')}, \"back@10\"))"),
    M("Player 1 has pirates on cards 2, 5, 5, 5 and 9; Player 2 stands on 7. Player 1 steps back from 9."),
    C(f"before = {position('P1 pieces: start 2 5×3 9', 'P1 hand: ♠', 'P2 pieces: start×5 7', 'P2 hand: ♣')}\n"
      "board(before)"),
    C("Ask(\"How many cards does Player 1 draw?\", play(before, \"back@9\").pending,\n"
      "    why=\"Card 5 holds three of Player 1's pirates, so the step passes it and stops on card 2, where one "
      "stands.\")"),
    M("## The turn\n"
      "A turn has up to **three moves**, forward and back in any mix, even with the same pirate. You must make at "
      "least one; after that you may stop. Then the next player goes. With no card and no step back, you draw "
      "one card and your turn ends. An empty draw pile is refilled by shuffling the discard pile. Hands have no "
      "limit, and drawn cards are secret: the others see only how many you hold.\n\n" + small("R2-R6, R24-R29")),
    M("## What can you know about the next card?\n"
      "Player 1 holds ♠♠♠♦ at the start of a game for two and cannot see the other 80 cards: 18 spades, 21 hearts, "
      "20 diamonds and 21 clubs. So the next card is a spade with chance 18/80 = 9/40. Player 2, who cannot see "
      "Player 1's hand, sees different odds.\n\n" + small("C3, H1")),
    C(f"odds = {position('P1 hand: ♠♠♠♦', 'P2 hand: ♥♥♣♣', 'pile: ♠18 ♥19 ♦20 ♣19')}\n"
      "odds_table(odds.view(0)[\"next_draw\"], name=\"next card\", caption=\"Player 1's view\")"),
    C("from explorer.games.sjoroveroya.odds import sequence_chance\n\n"
      "Ask(\"The discard pile is 2♠, 9♠, K♦ and 6♥; it is shuffled into a new draw pile. What is the chance the \"\n"
      "    \"first two cards drawn are both ♠?\", sequence_chance((2, 1, 1, 0), \"SS\"),\n"
      "    why=\"The first is a spade with 2 chances in 4, the second with 1 in 3.\")"),
    M("## Winning and places\n"
      "The first player with all six pirates at the treasure wins at once, even in the middle of a turn. The others "
      "are placed by how many forward moves each still needs, fewest first; ties share a place. There are no "
      "points.\n\n" + small("E1-E5")),
    C(f"s = play({position('P1 pieces: goal×5 17', 'P1 hand: ♥♥', 'P2 hand: ♠')}, \"H@17\")\n"
      "story(s)\nboard(s)"),
    M("House rules (the children's variant, Cartagena's own rules), whole games against the computer and two "
      "moves compared by playing them out are in [the what-if notebook](what_if.ipynb)."),
    *odds_lesson("sjoroveroya"),
    M("## Appendix: writing a position\n"
      "Any table can be written in a few lines: the track by suits, each player's pirates (start, a track card "
      "1-20 or goal, with ×N for several) and hand, and whose turn it is. What is not written is where the setup "
      "puts it. Change the text and run the cell to explore your own table.\n\n" + small("S1-S9, R30")),
    C(f"mine = {position('P1 pieces: start×4 1 8', 'P1 hand: ♥♦', 'P2 pieces: start×5 10', 'P2 hand: ♠♣')}\n"
      "print(mine.notation())\nExplorer(mine)"),
]

if __name__ == "__main__":
    write("sjoroveroya", cells)
