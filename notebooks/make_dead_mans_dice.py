"""Write notebooks/dead_mans_dice.ipynb (no outputs): the teaching notebook in the digest's order."""

from pathlib import Path

import nbformat as nbf
from lesson_cells import with_lessons

M, C = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    M("# Dead Man's Dice: learn it by playing\n\nEach pirate owns three dice and races to pile them all up. "
      "Every step below states a rule (with its ID from the rules digest), builds a small live position, "
      "plays a move and shows the exact odds behind the luck."),
    C("from fractions import Fraction as F\nfrom IPython.display import SVG, display\n\nimport explorer\n"
      "from explorer.games.dead_mans_dice import analysis as an\nfrom explorer.games.dead_mans_dice.data import die_code, die_name\n"
      "from widgets import Explorer\nfrom widgets.show import chance, odds_table, value\nfrom widgets.show import table as tabulate\n\n"
      "game = explorer.load('dead_mans_dice', players=3)\n\n"
      "def table(hands, piles, **fields):\n"
      "    return game.state_from_dict({'hands': [h.split() for h in hands], 'piles': [p.split() for p in piles], **fields})\n\n"
      "def show(state):\n    display(SVG(state._repr_svg_()))\n\n"
      "def outcomes(state):\n    \"\"\"The chance node's outcomes by name, with their exact odds.\"\"\"\n"
      "    return odds_table(state.chance_outcomes(), label=state.describe)"),
    M("## Writing a position\nA table is a few lines in the game's words: seats P1, P2, P3; a die is its owner's seat "
      "and mark (P1-1, P1-2, and P1-J for the Jolly Roger die); a pile is written bottom first as die=face. What is "
      "not written is where the set-up puts it: a die in no pile is in its owner's hand. Nothing at this table is "
      "hidden, so a pirate's odds are the dice's own."),
    C("from explorer.analysis.odds import view_probability\n\n"
      "s = game.position('step: roll\\nturn: P1\\nP1 pile: 1=3\\nP2 pile: J=S\\nP3 pile: 2=2 J=5')\n"
      "print(s.notation())\nshow(s)"),
    C("odds = view_probability(s, 0, lambda t: an.roll_report(t, die_code('P1-J')).stack)\nprint('P1-J stacks:', odds)\n"
      "assert odds.probability == F(1, 2)"),
    M("**Try it.** The same table, live. Roll P1-J under *Legal actions*, then choose the face in the *Chance* panel: "
      "a skull, 1, 2 or 3 stacks on Player 1's 3 (half the faces, as computed above); 5 or 6 maroons the die. Step back "
      "in the *What-if tree* to try another face."),
    C("Explorer(s)"),
    M("## 1. The dice (R1-R3, C1-C2)\nPlayer 1 has two regular dice (P1-1, P1-2) and a Jolly Roger die (P1-J) whose 1 "
      "is a skull: "
      "**rank 1, worth 7**. Rolling is a chance node with six outcomes of exactly 1/6."),
    C("s = table(['P1-2 P1-J', 'P2-1 P2-2 P2-J', 'P3-1 P3-2 P3-J'], ['P1-1=3', '', ''])\nroll = s.apply('roll P1-J')\n"
      "outcomes(roll)"),
    C("assert dict((str(o), p) for o, p in roll.chance_outcomes())['face S'] == F(1, 6)"),
    M("## 2. The opening (R6-R10, C3)\nEveryone rolls one die as a base; the strictly lowest rank starts. "
      "Player 1 rolls 4, Player 2 a skull (rank 1), Player 3 a 2: **Player 2 goes first**."),
    C("s = game.new_state()\nfor move in ['open P1-1', 'face 4', 'open P2-J', 'face S', 'open P3-2', 'face 2']:\n"
      "    s = s.apply(move)\nprint(s.events[-1])\nassert s.to_move == 1\nshow(s)"),
    C("tie = game.new_state()\nfor move in ['open P1-1', 'face 2', 'open P2-1', 'face 2', 'open P3-1', 'face 5']:\n"
      "    tie = tie.apply(move)\nprint(tie.events[-1])\n"
      "print('P(unique lowest, 3 pirates) =', an.opening_unique_lowest(3))\nassert an.opening_unique_lowest(3) == F(55, 72)"),
    M("## 3. Stacking (R13-R18, C4)\nA number fits on top t if it **matches**, is **one higher**, or **makes 7**. "
      "A skull always fits; on a skull (rank 1) a 1, 2 or 6 fits. On Player 1's 3 a regular die fits with 3 or 4."),
    C("s = table(['P1-2 P1-J', 'P2-1 P2-2 P2-J', 'P3-1 P3-2 P3-J'], ['P1-1=3', '', ''])\n"
      "report = an.roll_report(s, die_code('P1-2'))\nprint('P1-2 stacks with', chance(report.stack))\n"
      "tabulate([(r.face, 'stacks' if r.stacks else 'marooned', r.probability) for r in report.faces], ['face', 'on 3', 'chance'])"),
    C("assert report.stack == F(1, 3) and an.stack_chance(die_code('P1-J'), 3) == F(1, 2)"),
    M("**Your turn:** what is the chance a regular die fits on a skull top? Guess, then check."),
    C("print('a regular die on a skull:', chance(an.stack_chance(die_code('P1-1'), 0)))"),
    M("## 4. Marooned and the race (R19, R28, E1)\nA die that does not fit goes back to hand and the turn ends. "
      "When a hand is empty at the end of a turn the round ends."),
    C("s = table(['P1-2 P1-J', 'P2-1 P2-2 P2-J', 'P3-1 P3-2 P3-J'], ['P1-1=3', '', '']).apply('roll P1-2').apply('face 5')\n"
      "print(s.events[-1]); assert s.to_move == 1"),
    C("s = table(['P1-J', 'P2-1 P2-2 P2-J', 'P3-1 P3-2 P3-J'], ['P1-1=2 P1-2=3', '', ''])\ns = s.apply('roll P1-J').apply('face S')\n"
      "print(*s.events, sep='\\n')\nassert s.step == 'scored'\nprint(s.notation())"),
    M("## 5. Plunder (R20-R27, C5)\nAfter a stack, take opponents' top dice that are one higher than your top or make 7. "
      "Player 1's pile is [1]; Player 2 has [4, 3], Player 3 has [2, 5]. Player 1 rolls a 2 and plunders "
      "3, 4, 5, then 2. **Try it** first in the explorer (the table is written in the notation): roll P1-2, pick face "
      "2 in the *Chance* panel, then find the plunders in *Legal actions*. Which order takes all four?"),
    C("Explorer(game.position('step: roll\\nturn: P1\\nP1 pile: 1=1\\nP2 pile: J=4 2=3\\nP2 hand: 1\\n'\n"
      "                       'P3 pile: 1=2 J=5\\nP3 hand: 2'))"),
    C("s = table(['P1-2 P1-J', 'P2-1', 'P3-2'], ['P1-1=1', 'P2-J=4 P2-2=3', 'P3-1=2 P3-J=5'])\n"
      "for move in ['roll P1-2', 'face 2', 'plunder P2', 'plunder P2', 'plunder P3', 'plunder P3']:\n    s = s.apply(move)\n"
      "show(s)\nassert [f for _, f in s.piles[0]] == [1, 2, 3, 4, 5, 2]"),
    C("try:\n    table(['P1-2 P1-J', 'P2-1 P2-2', 'P3-1 P3-2 P3-J'], ['P1-1=1', 'P2-J=S', '']).apply('roll P1-2').apply('face 2').apply('plunder P2')\n"
      "except explorer.IllegalAction as err:\n    print(err)"),
    M("## 6. Jolly Roger scoring (R23, E2-E5)\nA pile [2, 3, S] is worth (2+3+7)×2 = 24. A pirate still holding their "
      "own Jolly Roger die loses 7 (keelhauled)."),
    C("s = game.position('step: round scored\\nP1 pile: 1=2 2=3 J=S\\nP1 total: 24\\nP2 pile: J=S\\nP2 total: 14\\n"
      "P3 total: -7')\ntabulate([(game.player_name(p), v) for p, v in enumerate(s.score_now())], ['seat', 'score now'])"),
    C("assert s.score_now() == (24, 14, -7)"),
    M("## 7. Game flow (E6-E9)\nAfter scoring, the highest total at or above 100 wins; a tie for the lead means an extra round."),
    C("two = explorer.load('dead_mans_dice', players=2)\n"
      "s = two.state_from_dict({'hands': [['P1-J'], ['P2-2', 'P2-J']], 'piles': [['P1-1=2', 'P1-2=3'], ['P2-1=6']], 'totals': [95, 105]})\n"
      "s = s.apply('roll P1-J').apply('face 4')\nprint(s.events[-2]); print(s.events[-1])\n"
      "assert s.totals == (104, 104) and s.step == 'scored'\ns = s.apply('next round')\nassert s.round == 2"),
    M("## 8. Broadside (R30-R35, C6)\nInstead of rolling, fire at a pile: the shooter pays 7, the dice go home, "
      "the victim restarts at once."),
    C("s = table(['P1-2 P1-J', 'P2-2', 'P3-1 P3-J'], ['P1-1=3', 'P2-1=3 P3-2=4 P2-J=S', ''])\ns = s.apply('broadside P2')\n"
      "print(*s.events, sep='\\n')\nassert s.totals[0] == -7 and s.player == 1\ns = s.apply('restart P2-J').apply('face 5')\nshow(s)"),
    M("## 9. Overboard and wobble (R36-R37, V2, C7)\nWith `wobble` on, a pile that reaches 5 dice topples with "
      "probability P(2d6 ≤ 2) = 1/36."),
    C("w = explorer.load('dead_mans_dice', players=3, wobble=True)\n"
      "s = w.state_from_dict({'hands': [['P1-2', 'P1-J'], ['P2-1'], ['P3-1']], 'piles': [['P1-1=1', 'P2-2=2', 'P2-J=3', 'P3-J=4'], [], ['P3-2=6']]})\n"
      "s = s.apply('roll P1-2').apply('face 4')\noutcomes(s)"),
    C("assert dict((str(o), p) for o, p in s.chance_outcomes())['topple'] == F(1, 36)\n"
      "s = s.apply('topple')\nprint(*s.events, sep='\\n')"),
    M("## 10. Options (V3-V11)\nThe same seed with `maroon_ends_round` on and off: the literal reading makes rounds short."),
    C("import random\n\ndef round_length(**options):\n"
      "    g = explorer.load('dead_mans_dice', players=3, broadside='off', **options)\n"
      "    s, rng, steps = g.start(seed=4), random.Random(4), 0\n    while not s.round_over:\n"
      "        legal = s.legal_actions()\n"
      "        s = s.apply(s.sample_chance(rng) if s.is_chance else legal[rng.randrange(len(legal))])\n"
      "        steps += 1\n    return steps\n\n"
      "tabulate([('as printed (off)', round_length()), ('literal (on)', round_length(maroon_ends_round=True))],\n"
      "      ['maroon_ends_round', 'steps in the round'])"),
    M("## A full game against the greedy pirate\nYou are Player 1 (random here, to keep "
      "the page fixed); Players 2 and 3 play greedy."),
    C("pol = game.policies()\nfinal = explorer.playout(game.start(seed=7), seed=7, policies={1: pol['greedy'](game), 2: pol['greedy'](game)})\n"
      "print('rounds:', final.round, '; winner:', ', '.join(game.player_name(p) for p in final.winners()[0]))\n"
      "display(tabulate([(game.player_name(p), t) for p, t in enumerate(final.totals)], ['seat', 'total']))\nshow(final)"),
    M("## What if? Roll the regular die or the Jolly Roger?\nPlayer 1's pile is [4]; Player 2's top is 3. The exact expected gain of each choice:"),
    C("s = table(['P1-2 P1-J', 'P2-1 P2-J', 'P3-1 P3-J'], ['P1-1=4', 'P2-2=3', 'P3-2=6'])\n"
      "tabulate([(die_name(d), chance(p), value(g)) for d, (p, g) in an.die_advice(s).items()],\n"
      "      ['roll', 'chance it stacks', 'expected gain'])"),
    M("The Jolly Roger stacks more often and gains more here. **Try it**: play both in the explorer, face by face, "
      "and watch the score change in the board."),
    C("Explorer(s)"),
]
nb = nbf.v4.new_notebook()
nb.cells = with_lessons(cells, "dead_mans_dice", "Dead Man's Dice")
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, Path(__file__).with_name("dead_mans_dice.ipynb"))
