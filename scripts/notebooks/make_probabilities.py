"""Write notebooks/probabilities.ipynb (no outputs): the probability tour and its charts.

Run: ``python scripts/notebooks/make_probabilities.py``. Chart cells carry nbval's ignore tag, out of the
reader's sight; the numbers the prose states are checked in tests/project/test_notebook_teaching.py.
"""

from cells import C, M, title, write


def I(source: str):  # noqa: E743 - a chart cell: nbval ignores its output
    return C(source, tags=["nbval-ignore-output"])


cells = [
    title('A probability tour', "Exact distributions from the game models, drawn as charts, and the difference "
          "between an exact answer and a sampled estimate with its confidence interval."),
    C('from fractions import Fraction as F\n'
      '\n'
      'import explorer\n'
      'from explorer.games.dead_mans_dice import odds as an\n'
      'from explorer.games.dead_mans_dice.data import die_code\n'
      'from widgets.figures import show_bars, show_lines\n'
      'from widgets.show import chance, odds_table, table, value'),
    M('## 1. One die, exactly\n'
      "The Jolly Roger die's value: the skull counts 7, so the mean is 9/2, not 7/2."),
    C('from explorer.games.dead_mans_dice.data import VALUE, die_faces\n'
      "jolly = {VALUE[f]: F(1, 6) for f in die_faces(die_code('P1-J'))}\n"
      'mean = sum(v * p for v, p in jolly.items())\n'
      "print('mean value:', value(mean))\n"
      "odds_table(sorted(jolly.items()), name='value')"),
    I("show_bars(dict(sorted(jolly.items())), 'Jolly Roger die: value distribution')"),
    M('## 2. Which die to roll?\n'
      "Player 1's pile is 2, 3 and Player 1 holds only the Jolly Roger die. The distribution of "
      "Player 1's score now after rolling it: a skull doubles the pile (24); a miss leaves "
      'Player 1 holding their own Jolly Roger die, 5 - 7 = -2.'),
    C("game = explorer.load('dead_mans_dice', players=2)\n"
      "s = game.position('step: roll\\nturn: P1\\nP1 pile: 1=2 2=3')\n"
      "dist = an.score_distribution(s, die_code('P1-J'))\n"
      'expected = sum(v * p for v, p in dist.items())\n'
      'print("Player 1\'s expected score now:", value(expected))\n'
      'odds_table(dist, name="Player 1\'s score")'),
    I('show_bars(dist, "Player 1\'s score now after rolling the Jolly Roger die")'),
    M('## 3. Stacking chances on every top\n'
      'An ordinary die against the Jolly Roger die, on every top face.'),
    C("tops = ['S', '1', '2', '3', '4', '5', '6']\n"
      "regular = [an.stack_chance(die_code('P1-1'), t) for t in range(7)]\n"
      "jr = [an.stack_chance(die_code('P1-J'), t) for t in range(7)]\n"
      "table([(t, chance(r), chance(j)) for t, r, j in zip(tops, regular, jr)], ['top', 'regular "
      "die', 'Jolly Roger die'])"),
    I("show_lines(tops, {'regular': regular, 'Jolly Roger': jr}, 'P(stack) by top face')"),
    M("## 4. A pile's round-end value\n"
      'A pile [3] with both regular dice still to roll, once each.'),
    C("values = an.pile_value_distribution((3,), (die_code('P1-1'), die_code('P1-2')))\n"
      "print('expected round-end value:', value(sum(v * p for v, p in values.items())))"),
    I("show_bars(values, 'Round-end value of pile [3] after two rolls')"),
    M('## 5. Exact answer against a sampled estimate\n'
      'The chance a 4-pirate opening needs a re-roll is exactly 11/36. Sampling 2,000 openings '
      'gives an estimate with a 95% confidence interval that should cover it.'),
    C('import math\n'
      'import random\n'
      '\n'
      'exact = 1 - an.opening_unique_lowest(4)\n'
      'rng = random.Random(11)\n'
      'n = 2000\n'
      'hits = 0\n'
      'for _ in range(n):\n'
      '    ranks = [rng.randrange(1, 7) for _ in range(4)]\n'
      '    hits += ranks.count(min(ranks)) > 1\n'
      'estimate = hits / n\n'
      'half = 1.96 * math.sqrt(estimate * (1 - estimate) / n)\n'
      "print(f'exact {exact} = {float(exact):.4f}; sampled {estimate:.4f} ± {half:.4f}')\n"
      "print('the interval covers the exact answer:', abs(estimate - float(exact)) <= half)"),
    M('## 6. A whole round: sampled with a confidence interval\n'
      'From a fresh 3-pirate round with greedy pirates, the tree is too large to enumerate, so '
      'the helper samples it (fixed seed) and reports a 95% interval.'),
    C('from explorer.core.progress import progress_bar\n'
      '\n'
      "g3 = explorer.load('dead_mans_dice', players=3)\n"
      "greedy = g3.policies()['greedy'](g3)\n"
      'rng = random.Random(0)\n'
      '\n'
      'def choose(state):\n'
      '    bar.update()\n'
      '    return greedy.choose(state.view(state.player), state.legal_actions(), rng)\n'
      '\n'
      "with progress_bar(desc='greedy decisions', unit='move') as bar:   # a sign of life: this "
      'cell takes a second or two\n'
      '    outcome = an.round_outcome(g3.start(seed=2), choose, max_nodes=200, samples=100, seed=5)\n'
      "table([(g3.player_name(p), f'{m:+.1f}', f'{m - h:+.1f} to {m + h:+.1f}') for p, (m, h) in "
      'enumerate(zip(outcome.mean, outcome.half_width))],\n'
      "      ['seat', 'mean change of total', '95% interval'], f'{outcome.samples} sampled rounds')"),
    M('If we sampled 100 fresh rounds again and again, 95 of 100 intervals made this way would '
      'cover the true mean. Quadrupling the samples halves the width (it shrinks as 1/√n); 100 '
      'rounds keep this cell to a second or two.'),
    M("## 7. The Last Bottle of Rum's skull die\n"
      'An attack, and the Kraken, roll the skull die: one blank face, three faces with one skull '
      "and two with two skulls. Here is its distribution, read from the game's own die."),
    C('from collections import Counter\n'
      '\n'
      'from explorer.games.last_bottle_of_rum.data import DIE\n'
      '\n'
      'skulls = {k: F(n, len(DIE)) for k, n in sorted(Counter(DIE).items())}\n'
      'mean = sum(k * p for k, p in skulls.items())\n'
      "print('mean skulls:', value(mean))\n"
      "odds_table(skulls, name='skulls')"),
    I("show_bars(skulls, 'The Last Bottle of Rum: skulls on one skull die')"),
]
if __name__ == "__main__":
    write("probabilities", cells)
