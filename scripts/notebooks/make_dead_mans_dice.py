"""Write notebooks/dead_mans_dice.ipynb (no outputs): one minute of rules on a live board, the guided
lesson, a few rules each shown on a board, and the notation in an appendix.

Run: ``python scripts/notebooks/make_dead_mans_dice.py``. Sentences that state odds or faces are
computed here from the model (R3, R14, R17), so the prose cannot drift from the rules.
"""

from __future__ import annotations

from cells import C, M, guided_lesson, odds_lesson, small, title, write

import explorer
from explorer.games.dead_mans_dice import odds as an
from explorer.games.dead_mans_dice.data import die_code

FACE_WORDS = {"S": "a skull"}
TRY_IT = "step: roll\nturn: P1\nP1 pile: 1=3\nP2 pile: J=S\nP3 pile: 2=2 J=5"


def faces_in_words(faces: list[str]) -> str:
    """['S', '3', '4'] -> 'a skull, 3 or 4'."""
    words = [FACE_WORDS.get(f, f) for f in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def try_it_sentence() -> str:
    """What the Jolly Roger die does on Player 1's 3, from the model (R3: no 1; R14, R17)."""
    game = explorer.load("dead_mans_dice", players=3)
    report = an.roll_report(game.position(TRY_IT), die_code("P1-J"))
    stack = [f.face for f in report.faces if f.stacks]
    miss = [f.face for f in report.faces if not f.stacks]
    return (f"{faces_in_words(stack).capitalize()} stacks on Player 1's 3; {faces_in_words(miss)} maroons the die "
            f"and it goes back to the hand.")


cells = [
    title("Dead Man's Dice: learn it by playing",
          "Press your luck with three dice: stack them on your pile, plunder your rivals' tops, and know when a "
          "broadside is worth its price. You learn the goal and a turn in one minute, then play the guided "
          "lesson, then see each rule on a board."),
    C("from widgets.teach import Ask, Explorer, Lesson, board, chance, explorer, play, story, table, value\n\n"
      "game = explorer.load(\"dead_mans_dice\", players=3)"),
    M("## How to play in one minute\n"
      "**The goal.** Score 100 doubloons before anyone else. A game is a few rounds; at the end of each round "
      "every pirate scores their pile.\n\n"
      "**The setup.** Every pirate holds three dice of one colour: two ordinary dice and a Jolly Roger die, "
      "whose 1 is a skull worth 7. To open a round, everyone rolls one die to start a pile; the lowest roll "
      "goes first.\n\n"
      "**One turn.** Roll one die from your hand. It stacks on your pile if it matches your top die, is one "
      "higher, or makes 7 with it; a skull always stacks. After a stack you may plunder: take a rival's top "
      "die that would stack on yours. A die that does not fit goes back to your hand and your turn is over. "
      "The round ends when someone's hand is empty: a pile scores the sum of its faces, doubled with a skull "
      "on top, and a pirate still holding their own Jolly Roger die loses 7.\n\n"
      "Below is a new game for three. Roll the opening dice in the list of moves, pick each face in the chance "
      "panel (or let chance pick it), and play a few turns.\n\n" + small("S2, S3, R6-R10, R13-R19, R20-R23, E1-E6")),
    C("Explorer(game, seed=1)"),
    *guided_lesson("dead_mans_dice"),
    M("## Which faces stack\n"
      "Player 1's pile has a 3 on top. An ordinary die stacks with a 3 (it matches) or a 4 (one higher); a 4 "
      "also makes 7. Nothing else fits: a 2 is one lower, and one lower never fits unless it makes 7.\n\n"
      + small("R13-R17")),
    C(f"start = game.position({TRY_IT!r})\nboard(start)"),
    M(f"**Try it.** Roll Player 1's Jolly Roger die in the explorer below, then choose its face in the chance "
      f"panel. The die has no 1: its faces are a skull, 2, 3, 4, 5 and 6. {try_it_sentence()} Step back in the "
      f"tree to try another face.\n\n" + small("R3, R14, R17")),
    C("Explorer(start)"),
    M("On a skull a die counts as a 1, so a 1 (matching), a 2 (one higher) or a 6 (makes 7) fits on it."),
    C("from explorer.games.dead_mans_dice.odds import die_advice, stack_chance\n"
      "from explorer.games.dead_mans_dice.data import die_code, die_name\n\n"
      "Ask(\"What is the chance an ordinary die stacks on a skull? (a fraction like 1/6)\",\n"
      "    stack_chance(die_code(\"P1-1\"), 0))"),
    M("## Plunder\n"
      "Player 1's pile is a single 1. Player 2's pile ends 4, 3 and Player 3's ends 2, 5. If Player 1 rolls a "
      "2, the 2 stacks, and then the plundering starts: a 3 fits on the 2, a 4 on the 3, a 5 on the 4, and a 2 "
      "makes 7 with the 5. Try it: roll Player 1's second ordinary die, choose the face 2, then look for the "
      "plunders in the list of moves. Which order takes all four dice?\n\n" + small("R20-R27")),
    C("Explorer(game.position(\"step: roll\\nturn: P1\\nP1 pile: 1=1\\nP2 pile: J=4 2=3\\nP2 hand: 1\\n\"\n"
      "                       \"P3 pile: 1=2 J=5\\nP3 hand: 2\"))"),
    M("## Scoring a round\n"
      "Player 1's pile 2, 3 and a skull on top is worth (2 + 3 + 7) × 2 = 24. Player 3 still holds their own "
      "Jolly Roger die and loses 7.\n\n" + small("E2-E5")),
    C("scored = game.position(\"step: round scored\\nP1 pile: 1=2 2=3 J=S\\nP1 total: 24\\nP2 pile: J=S\\n\"\n"
      "                       \"P2 total: 14\\nP3 total: -7\")\nboard(scored)"),
    M("## The broadside\n"
      "Instead of rolling, you may fire a broadside at a rival's pile. It costs you 7 doubloons; every die in "
      "that pile goes home to its owner, and the victim starts a new pile at once with a roll. Here Player 2's "
      "pile is tall and Player 1 fires at it.\n\n" + small("R30-R35")),
    C("fired = play(game.position(\"step: roll\\nturn: P1\\nP1 pile: 1=3\\nP2 pile: 1=3 P3-2=4 J=S\\nP2 hand: 2\\n\"\n"
      "                          \"P3 hand: 1 J\"), \"broadside P2\")\nstory(fired)\nboard(fired)"),
    M("## Which die to roll?\n"
      "Player 1's top is a 4 and Player 2's top is a 3. The table gives each die's exact chance to stack and "
      "the doubloons it is expected to gain.\n\n" + small("R3, R14")),
    C("choice = game.position(\"step: roll\\nturn: P1\\nP1 pile: 1=4\\nP2 pile: 2=3\\nP3 pile: 2=6\")\n"
      "table([(die_name(d), chance(p), value(g)) for d, (p, g) in die_advice(choice).items()],\n"
      "      [\"roll\", \"chance it stacks\", \"expected gain\"])"),
    M("The Jolly Roger die stacks more often and gains more here. Play both in the explorer, face by face, "
      "and watch the score on the board. For whole games against the computer's pirates, see "
      "[the what-if notebook](what_if.ipynb)."),
    *odds_lesson("dead_mans_dice"),
    M("## Appendix: writing a position\n"
      "Any table can be written in a few lines, in the game's words: seats P1, P2, P3; a pile is written "
      "bottom first, each die as its mark (1 and 2 for the ordinary dice, J for the Jolly Roger die) and its "
      "face; a die of another pirate carries its owner's seat in front. A die written nowhere is in its "
      "owner's hand. Change the text and run the cell to explore your own table.\n\n" + small("S2, R1")),
    C("mine = game.position(\"\"\"\nstep: roll\nturn: P1\nP1 pile: 1=3\nP2 pile: J=S\nP3 pile: 2=2 J=5\n\"\"\")\n"
      "print(mine.notation())\nExplorer(mine)"),
]

if __name__ == "__main__":
    write("dead_mans_dice", cells)
