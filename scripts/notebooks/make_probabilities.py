"""Write notebooks/probabilities.ipynb (no outputs): the probability tour and its charts."""

from pathlib import Path

import nbformat as nbf

M, C = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell


def I(source):  # noqa: E743 - a chart cell: nbval ignores its output, by tag, out of the learner's sight
    return nbf.v4.new_code_cell(source, metadata={"tags": ["nbval-ignore-output"]})


cells = [
    M("# A probability tour\n\nExact distributions from the game models, drawn as charts, and the difference "
      "between an exact answer and a sampled estimate with its confidence interval."),
    C("from fractions import Fraction as F\n\nimport explorer\nfrom explorer.games.dead_mans_dice import analysis as an\n"
      "from explorer.games.dead_mans_dice.data import die_code\nfrom widgets.figures import show_bars, show_lines\n"
      "from widgets.show import chance, odds_table, table, value"),
    M("## 1. One die, exactly\nThe Jolly Roger die's value: the skull counts 7, so the mean is 9/2, not 7/2."),
    C("from explorer.games.dead_mans_dice.data import VALUE, die_faces\n"
      "jolly = {VALUE[f]: F(1, 6) for f in die_faces(die_code('AJ'))}\nmean = sum(v * p for v, p in jolly.items())\n"
      "assert mean == F(9, 2)\nprint('mean value:', value(mean))\nodds_table(sorted(jolly.items()), name='value')"),
    I("show_bars(dict(sorted(jolly.items())), 'Jolly Roger die: value distribution')"),
    M("## 2. Which die to roll?\nA's pile is [2, 3] and A holds only AJ. The distribution of A's score now after "
      "rolling it: a skull doubles the pile (24); a miss leaves A keelhauled (-2)."),
    C("game = explorer.load('dead_mans_dice', players=2)\n"
      "s = game.state_from_dict({'hands': [['AJ'], ['B1', 'B2', 'BJ']], 'piles': [['A1=2', 'A2=3'], []]})\n"
      "dist = an.score_distribution(s, die_code('AJ'))\nexpected = sum(v * p for v, p in dist.items())\n"
      "assert expected == F(35, 6)\nprint(\"A's expected score now:\", value(expected))\nodds_table(dist, name=\"A's score\")"),
    I("show_bars(dist, \"A's score now after rolling AJ\")"),
    M("## 3. Stacking chances on every top\nRegular die against Jolly Roger die (C4)."),
    C("tops = ['S', '1', '2', '3', '4', '5', '6']\nregular = [an.stack_chance(die_code('A1'), t) for t in range(7)]\n"
      "jr = [an.stack_chance(die_code('AJ'), t) for t in range(7)]\nassert regular[3] == F(1, 3) and jr[2] == F(2, 3)\n"
      "table([(t, chance(r), chance(j)) for t, r, j in zip(tops, regular, jr)], ['top', 'regular die', 'Jolly Roger die'])"),
    I("show_lines(tops, {'regular': regular, 'Jolly Roger': jr}, 'P(stack) by top face')"),
    M("## 4. A pile's round-end value\nA pile [3] with both regular dice still to roll, once each."),
    C("values = an.pile_value_distribution((3,), (die_code('A1'), die_code('A2')))\n"
      "assert sum(values.values()) == 1\nprint('expected round-end value:', value(sum(v * p for v, p in values.items())))"),
    I("show_bars(values, 'Round-end value of pile [3] after two rolls')"),
    M("## 5. Exact answer against a sampled estimate\nThe chance a 4-pirate opening needs a re-roll is exactly 11/36. "
      "Sampling 2,000 openings gives an estimate with a 95% confidence interval that should cover it."),
    C("import math\nimport random\n\nexact = 1 - an.opening_unique_lowest(4)\nrng = random.Random(11)\nn = 2000\n"
      "hits = 0\nfor _ in range(n):\n    ranks = [rng.randrange(1, 7) for _ in range(4)]\n    hits += ranks.count(min(ranks)) > 1\n"
      "estimate = hits / n\nhalf = 1.96 * math.sqrt(estimate * (1 - estimate) / n)\n"
      "print(f'exact {exact} = {float(exact):.4f}; sampled {estimate:.4f} ± {half:.4f}')\nassert exact == F(11, 36)\n"
      "assert abs(estimate - float(exact)) <= half"),
    M("## 6. A whole round: sampled with a confidence interval\nFrom a fresh 3-pirate round with greedy pirates, "
      "the tree is too large to enumerate, so the helper samples it (fixed seed) and reports a 95% interval."),
    C("from explorer.core.progress import progress_bar\n\ng3 = explorer.load('dead_mans_dice', players=3)\ngreedy = g3.policies()['greedy'](g3)\nrng = random.Random(0)\n\n"
      "def choose(state):\n    bar.update()\n    return greedy.choose(state.view(state.player), state.legal_actions(), rng)\n\n"
      "with progress_bar(desc='greedy decisions', unit='move') as bar:   # a sign of life: this cell takes a second or two\n"
      "    outcome = an.round_outcome(g3.start(seed=2), choose, max_nodes=200, samples=100, seed=5)\n"
      "assert not outcome.exact\n"
      "table([(g3.player_name(p), f'{m:+.1f}', f'{m - h:+.1f} to {m + h:+.1f}') for p, (m, h) in enumerate(zip(outcome.mean, outcome.half_width))],\n"
      "      ['seat', 'mean change of total', '95% interval'], f'{outcome.samples} sampled rounds')"),
    M("If we sampled 100 fresh rounds again and again, 95 of 100 intervals made this way would cover the true mean. "
      "Quadrupling the samples halves the width (it shrinks as 1/√n); 100 rounds keep this cell to a second or two."),
    M("## 7. The Last Bottle of Rum's skull die\nIts skull die has one blank face, three faces with one skull and two "
      "with two skulls. That game is not in the explorer yet, so here is its distribution alone."),
    C("skulls = {0: F(1, 6), 1: F(3, 6), 2: F(2, 6)}\nmean = sum(k * p for k, p in skulls.items())\n"
      "assert sum(skulls.values()) == 1 and mean == F(7, 6)\nprint('mean skulls:', value(mean))\nodds_table(skulls, name='skulls')"),
    I("show_bars(skulls, 'The Last Bottle of Rum: skulls on one skull die')"),
]
nb = nbf.v4.new_notebook()
nb.cells = cells
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbf.write(nb, Path(__file__).with_name("probabilities.ipynb"))
