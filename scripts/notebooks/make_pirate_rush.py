"""Write notebooks/pirate_rush.ipynb (no outputs): one minute of rules on a live board, the guided
lesson, memory and deduction on boards seen through two pirates' eyes, the notation in an appendix.

Run: ``python scripts/notebooks/make_pirate_rush.py``. The odds the prose states (the Gambler's
swap, R42/C8; the Rogue's look, R43/C9) are computed here from the model, so the words cannot drift from the rules.
"""

from __future__ import annotations

from fractions import Fraction

from cells import C, M, guided_lesson, odds_lesson, small, title, write

import explorer
from explorer.games.pirate_rush.teaching.whatif import at_turn, give_loot

DRAFT = ("round: 1\nremoved: red ammunition, red structure, red structure, red supplies\n"
         "row: captain, navigator, gunner, gambler, rogue, monkey\n")
MARKED = "markers: gambler, rogue\nstep: choose a character (P1)"
LOOT = {0: ["map", "map", "map", "wound", "rum"], 1: ["gold", "silver", "curse", "flag2"],
        2: ["copper", "copper", "map", "rum"]}


def basic() -> explorer.core.game.Game:
    return explorer.load("pirate_rush", players=3, advanced=False, setup_investigations=0)


def gambler_gold() -> Fraction:
    """C8: the Gambler's chance to end with the gold of {gold, rum, curse, map}, from the model."""
    start = basic().position(DRAFT + "step: choose a character (P1)")
    gb = at_turn(give_loot(start, {0: ["rum"], 1: ["gold", "rum", "curse", "map"]}), 0, chosen=(5, 1, 2))
    gb = gb.apply("gamble P2")
    p_gold = Fraction(0)
    for look, p in gb.chance_outcomes():
        if look.arg == "gold":
            p_gold += p
        else:
            other = gb.apply(look).apply("gamble other")
            p_gold += p * sum(q for o, q in other.chance_outcomes() if o.arg.startswith("gold"))
    return p_gold


def rogue_copper() -> Fraction:
    """C9: the Rogue's first look finds a copper among {copper, copper, silver, rum, wound}."""
    start = basic().position(DRAFT + "step: choose a character (P1)")
    rg = at_turn(give_loot(start, {1: ["copper", "copper", "silver", "rum", "wound"]}), 0, chosen=(6, 1, 2))
    return sum(p for o, p in rg.apply("rogue P2").chance_outcomes() if o.arg.startswith("copper"))


POSITION = ("round: 1\nrow: captain, navigator, gunner, gambler, rogue, monkey\nmarkers: gambler, rogue, monkey\n"
            "step: turn (P2)\nP1 character: navigator\nP2 character: captain\nP3 character: gunner\n"
            "I1: gold seen by P1, copper seen by P2, unseen\n")

cells = [
    title("Pirate Rush: learn it by playing",
          "A game of memory and deduction for 3 to 5 pirates: loot lies face down beside the islands, you peek in "
          "secret, and the best pirate is the one who remembers where the gold is. One minute of rules on a live "
          "board, then the guided lesson, then the characters and the scoring, each on a board."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, explorer, play, story, table\n\n"
      "game = explorer.load(\"pirate_rush\", players=3, advanced=False)"),
    M("## How to play in one minute\n"
      "**The goal.** Have the highest score after five rounds. Coins score 1, 2 or 3, a set of map pieces "
      "scores more the bigger it is, wounds and curses cost points; at the end the pirate with the most "
      "prestige gains 2 points and the one with the least loses 2. Ties are broken by rum.\n\n"
      "**The setup.** A ship sails a route of eight islands, one island a round. Beside each island lie face-down "
      "loot tiles, one per pirate. Before the first round every pirate peeks at a tile in secret.\n\n"
      "**One round.** Everyone takes a character from a row: the Captain commands, the Navigator steers, the others "
      "have a power each. The Captain names who plays next. In your turn you may peek at any face-down tile, "
      "you must loot (take one tile of the island where the ship is, or pay one prestige marker to the Captain "
      "instead), and you may use your character's power. Then the ship sails on.\n\n"
      "Below is a new game for three, basic rules. Deal it out with the chance panel, draft a character, and "
      "play a turn. Switch the view to one pirate to see only what that pirate knows.\n\n"
      + small("S2-S9, T0, R1-R6, R10-R22, E3-E9")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("pirate_rush"),
    M("## What each pirate knows\n"
      "Which tile a pirate peeks at is public; what the pirate sees is not. Player 1 has seen a gold beside the "
      "first island and Player 2 has seen a copper there. The same table twice: as Player 1 sees it, then as "
      "Player 2 sees it.\n\n" + small("R13-R17, H2")),
    C(f"seen = game.position({POSITION!r})\nboard(seen, 0)"),
    C("board(seen, 1)"),
    M("**Try it.** The same table live: switch the view between Player 1 and Player 2 and compare what each "
      "knows about the first island's tiles; then play Player 2's turn. Player 2 commands, so Player 2 may not "
      "pay a marker and must take a tile.\n\n" + small("R18-R22")),
    C("Explorer(seen)"),
    M("## The draft and the markers\n"
      "From the starting player on, each pirate takes one character and any prestige marker lying on it. Of the "
      "three characters left over, each one **that has no marker** gains one; a character never holds more than "
      "one. Here the Gambler and the Rogue already hold a marker, so after the draft only the Monkey gains one.\n\n"
      + small("R4-R6")),
    C(f"drafted = play(game.position({DRAFT + MARKED!r}),\n"
      "               \"draft captain\", \"draft navigator\", \"draft gunner\")\n"
      "story(drafted, last=1)\nboard(drafted)"),
    M("## Two powers that take loot\n"
      "**The Gambler swaps.** The Gambler picks a pirate with loot and looks at one of that pirate's tiles at "
      "random, then takes either that tile or another one chosen blind. At the same moment the other pirate takes "
      f"one of the Gambler's tiles, also blind. Against a pirate holding a gold, a rum, a curse and a map, the "
      f"Gambler who keeps a gold he sees and otherwise takes another tile ends with the gold with chance "
      f"{gambler_gold()}.\n\n"
      "**The Rogue steals a copper.** The Rogue picks a pirate with loot and looks at one or two of that pirate's "
      "tiles, at random, one at a time. If she finds a copper she may show it to everyone and keep it; the tiles "
      "she looked at go back otherwise. Against two coppers, a silver, a rum and a wound, her first look finds a "
      f"copper with chance {rogue_copper()}.\n\n" + small("R42, C8, R43, C9")),
    M("## Scoring\n"
      "Coins score 1 (copper), 2 (silver) or 3 (gold); map pieces score 0, 3, 6 or 12 for 1, 2, 3 or 4 or more; "
      "a wound costs 1 and a curse 2. The pirate with the most prestige (markers and flags) gains 2 and the "
      "one with the least loses 2. When two pirates tie for most or least they get 1 each; when three or more "
      "tie, the 2 points do not split and nobody gets any. The highest score wins; a tie goes to the pirate "
      "with more rum, and if that ties too the place is shared.\n\n" + small("E3-E10, V5")),
    C("from explorer.games.pirate_rush.turn.scoring import prestige_bonus, scores\n"
      "from explorer.games.pirate_rush.teaching.whatif import give_loot\n\n"
      f"start = game.position({DRAFT + 'step: choose a character (P1)'!r})\n"
      f"loot = {LOOT!r}\n"
      "final = give_loot(start, loot)\n"
      "table([(f\"Player {p + 1}\", \", \".join(loot[p]), b, v)\n"
      "       for p, (b, v) in enumerate(zip(prestige_bonus(final), scores(final)))],\n"
      "      [\"pirate\", \"loot\", \"prestige bonus\", \"score\"])"),
    C("more = give_loot(start, {**loot, 2: loot[2] + [\"copper\", \"silver\"]})\n"
      "Ask(\"Player 3 gets one more copper and a silver. What does Player 3 score now?\", scores(more)[2])"),
    M("The advanced game adds island events and the ship's supplies; the guided lesson plays them, and "
      "[the what-if notebook](what_if.ipynb) plays whole games against the computer's pirates."),
    *odds_lesson("pirate_rush"),
    M("## Appendix: writing a position\n"
      "Any moment can be written in a few lines: the round, the character row and its markers, whose step it is, "
      "each pirate's character, and each island's tiles with who has seen them. What is not written is where the "
      "setup puts it, unseen. Change the text and run the cell to explore your own table.\n\n" + small("S2-S9")),
    C(f"mine = game.position(\"\"\"\n{POSITION}\"\"\")\nprint(mine.notation())\nExplorer(mine)"),
]

if __name__ == "__main__":
    write("pirate_rush", cells)
