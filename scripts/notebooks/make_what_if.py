"""Write notebooks/what_if.ipynb (no outputs). Run: ``python scripts/notebooks/make_what_if.py``."""

from cells import C, M, title, write

cells = [
    title('What if? Position trees, exact odds and paired rollouts',
          'An analysis board for dice-and-cards pirate games: whole games against the computer, a tree of '
          'variations (like a chess analysis board), exact distributions where the tree of chance is '
          'small, seeded rollouts with confidence intervals where it is not, and a small balance study. '
          'Everything here works the same for every game.'),
    C('import json\n'
      'import tempfile\n'
      'from pathlib import Path\n'
      '\n'
      'import explorer\n'
      'from explorer.analysis import (PositionTree, action_values, after_moves, '
      'chance_distribution, compare,\n'
      '                               distribution, expectation, format_table, option_effect, '
      'paired_difference,\n'
      '                               seat_advantage)\n'
      'from widgets.show import chance, odds_table, table, value\n'
      '\n'
      'explorer.games()'),
    M('## Exact odds at a draw or roll, in every game\n'
      '\n'
      'Every random event (a draw, a roll, a shuffle) lists each outcome with its exact probability.\n'
      'Here is the first one after the set-up of each game.'),
    C('rows = []\n'
      'for name in explorer.games():\n'
      '    game = explorer.load(name)\n'
      '    state = game.start(seed=1)\n'
      '    while not state.is_chance and not state.is_over:\n'
      '        state = state.apply(state.legal_actions()[0])\n'
      '    if state.is_chance:\n'
      '        odds = chance_distribution(state)\n'
      '        first = ", ".join(f"{k} {chance(p)}" for k, p in list(odds.items())[:2])\n'
      '        rows.append((game.title, len(odds), first + (", ..." if len(odds) > 2 else ""), '
      'sum(odds.values())))\n'
      'table(rows, ["game", "outcomes", "the first of them", "total"])'),
    M('## Whole games against the computer\n'
      '\n'
      "One seeded game of each, every seat played by the game's rule of thumb (the same game "
      'every time you run it). Play against it in any explorer: the Seats panel below the board '
      'hands a seat to the computer.'),
    C('rows = []\n'
      'for name, players in (("sjoroveroya", 3), ("dead_mans_dice", 3), ("jolly_and_roger", 2),\n'
      '                      ("last_bottle_of_rum", 3), ("pirate_rush", 4)):\n'
      '    game = explorer.load(name, players=players)\n'
      '    bot = game.policies()[game.evaluator()]\n'
      '    end = explorer.playout(game.start(seed=7), seed=7, policies={p: bot(game) for p in '
      'range(players)})\n'
      '    rows.append((game.title, players, len(end.history), ", ".join(game.player_name(p) for '
      'p in end.winners()[0]),\n'
      '                 ", ".join(map(str, end.scores()))))\n'
      'table(rows, ["game", "players", "steps", "winner", "final scores"])'),
    M('## A position to think about (Sjørøverøya)\n'
      '\n'
      'Red (Player 1) holds ♠♠♠♦; Blue (Player 2) holds ♥♥♣♣. Red can jump forward, or step the\n'
      "piece on card 5 back onto card 1, where two of Red's pieces stand, and draw two cards (R20).\n"
      'To keep this page quick, the game here ends after 20 rounds (a house rule, V12) and ranks '
      'everyone\n'
      'by their standing: the rollouts below ask which move leaves Red better placed after 20 rounds.'),
    C('game = explorer.load("sjoroveroya", players=2, turn_cap=20)\n'
      'position = game.position("""\n'
      'track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n'
      'P1 pieces: start×3 1×2 5\n'
      'P1 hand: ♠♠♠♦\n'
      'P2 pieces: start×4 2 3\n'
      'P2 hand: ♥♥♣♣\n'
      '""")\n'
      'print("Red\'s moves:", ", ".join(str(a) for a in position.legal_actions()))'),
    M('## Build a tree and branch two candidate moves\n'
      '\n'
      'Paths are tuples of move notations. Playing a move that exists reuses its node; the\n'
      'first child is the main line, the others are variations.'),
    C('tree = PositionTree(position)\n'
      'jump = tree.play((), "S@1")\n'
      'back = tree.play((), "back@5")\n'
      'tree.comment(jump, "jump with a spade")\n'
      'tree.comment(back, "step back and draw two")\n'
      'draws = tree.expand_chance(back)                 # every first card, with its exact weight\n'
      'for path in draws:\n'
      '    print(" > ".join(path), chance(tree.node(path).weight()))'),
    M('## Exact evaluation where the tree is small\n'
      '\n'
      'The enumerator follows every chance outcome (memoising equal positions) and returns the\n'
      'exact distribution of any quantity. Here: how many spades Red holds after both draws.'),
    C('after_back = tree.state(back)\n'
      'spades = distribution(after_back, lambda s: s.hands[0][0], until=lambda s: not s.pending)\n'
      'print("expected spades:", value(expectation(spades)))\n'
      'odds_table(spades, name="spades in Red\'s hand")'),
    M("A small-horizon expectimax gives each legal action's exact expected score vector,\n"
      'looking a few steps ahead (chance averaged, each player maximising their own score).'),
    C('values = action_values(position, depth=3)\n'
      'table([(move, *vector) for move, vector in values.items()],\n'
      '      ["move"] + [game.player_name(p) + "\'s expected score" for p in range(game.players)])'),
    M('## Paired rollouts where the tree is too big\n'
      '\n'
      'The two branches are played out with the same seeds (common random numbers), so the\n'
      'difference between them is measured pair by pair. Win rates carry Wilson intervals,\n'
      'mean scores t intervals. The bars show how far each branch has got.\n'
      '\n'
      "Who plays the rollouts? Every seat we do not name plays the game's *evaluator*,\n"
      "`game.evaluator()`: a policy that plays like people (here Sjørøverøya's rule of thumb, which\n"
      'jumps as far as it can and steps back to draw when its hand runs low). Not uniform random:\n'
      'random players tell what a move is worth if nobody tries to win afterwards, which is not the\n'
      'question, and in three of the five games random play does not even end (random broadsides sink\n'
      "every Dead Man's Dice total, a random Sjørøverøya endgame walks back and forth, random Rum\n"
      'captains never reach 10 Loot). `policies="random"` still asks for it by name. The evaluator\n'
      'costs more per game than random play (`benchmarks/analysis.py` measures both), so this page\n'
      'plays 30 pairs: the intervals say how much that settles (95 of 100 intervals made this '
      'way cover the true\n'
      'value), and a larger `n` sharpens them, roughly as 1/√n.'),
    C('print("unnamed seats play:", game.evaluator())\n'
      'runs = compare(after_moves(position, ["S@1", "back@5"]), n=30, seed=7, workers=2)\n'
      'for move, result in runs.items():\n'
      '    print(move)\n'
      '    print(result)\n'
      'diff, low, high = paired_difference(runs["S@1"], runs["back@5"], player=0)\n'
      'print(f"Red\'s (Player 1\'s) win rate, jump minus step back: {diff:+.3f}  (95% interval '
      '{low:+.3f} to {high:+.3f})")'),
    M('## Save the tree and load it back\n'
      '\n'
      "The file holds the root position and every move's notation; loading replays and checks\n"
      'each move, so a tampered file is refused with the field that is wrong.'),
    C('folder = Path(tempfile.mkdtemp())\n'
      '(folder / "what_if.json").write_text(tree.to_json(indent=1), encoding="utf-8")\n'
      'loaded = PositionTree.from_json((folder / "what_if.json").read_text(encoding="utf-8"))\n'
      'print(loaded.export_text())'),
    C('broken = json.loads(tree.to_json())\n'
      'broken["line"][0]["move"] = "H@0"\n'
      'try:\n'
      '    PositionTree.from_dict(broken)\n'
      'except explorer.PositionError as err:\n'
      '    print("refused:", err)'),
    M('## A search bot that plays fair\n'
      '\n'
      '`ISMCTS` is an information-set Monte Carlo tree search: at each move it fills in what it\n'
      'cannot see by drawing it (hidden cards drawn with their exact odds), so\n'
      'it never peeks. Each game gives it settings that suit it (a budget\n'
      "of at most about a second a move, and the game's rule of thumb as a *prior*: the bot plays that\n"
      'move unless its search finds one clearly better). It is a policy like any other, so it can sit\n'
      "in a rollout, a seat of the explorer, or here, choosing Player 1's first split in Jolly & Roger\n"
      "from Player 1's view only. In Dead Man's Dice and Rum, whose games are long and chancy, it\n"
      'tries every move in the same sampled worlds with the same dice and judges what it is worth\n'
      "twenty steps on (Rum) or at the end of the round (Dead Man's Dice) by a fitted outlook, "
      'so two moves are compared pair by pair. Whole matches\n'
      'take minutes: `benchmarks/ismcts_strength.py` plays 200 games against each opponent.'),
    C('import random\n'
      '\n'
      'from explorer.analysis import ISMCTS\n'
      'from explorer.core.play import choose\n'
      '\n'
      'jolly = explorer.load("jolly_and_roger")\n'
      'first = jolly.start(seed=3)\n'
      'bot = ISMCTS(jolly, **jolly.search_settings())\n'
      'print("search settings:", ", ".join(f"{k} {v}" for k, v in jolly.search_settings().items()))\n'
      'thumb = jolly.policies()[jolly.evaluator()](jolly)\n'
      'print(jolly.player_name(first.player), "has", len(first.legal_actions()), "ways to split")\n'
      'print("the search bot plays:  ", first.describe(choose(first, bot, random.Random(3))))\n'
      'print("the rule of thumb plays:", first.describe(choose(first, thumb, random.Random(3))))'),
    M('## A small balance study\n'
      '\n'
      "Does the seat matter, and does the children's variant (V1) change it? Every seat plays the\n"
      'evaluator, and each option value is played with the same seeds. 30 games per value keep this\n'
      'page quick, so the intervals are wide: read them before the bars. The same call scales out with\n'
      '`backend="dask"` (a local cluster, or `address=` an existing scheduler) for millions of games.'),
    C('study = option_effect("sjoroveroya", 3, "variant", ["standard", "children"], n=30, seed=1,\n'
      '                      fixed={"turn_cap": 10}, workers=2)\n'
      'print(format_table(study, ["value", "seat", "games", "win_rate", "win_low", "win_high", '
      '"mean_score"]))'),
    C('from widgets.figures import show_bars\n'
      '\n'
      'show_bars({(r["value"], r["seat"]): r["win_rate"] for r in study},\n'
      '          "Win rate by seat (95% Wilson intervals), 3 players, 10 rounds, 30 games each",\n'
      '          intervals={(r["value"], r["seat"]): (r["win_low"], r["win_high"]) for r in '
      'study}, y_label="win rate")\n', tags=['nbval-ignore-output']),
]
if __name__ == "__main__":
    write("what_if", cells)
