"""Write notebooks/interop.ipynb (no outputs): our games under OpenSpiel and PettingZoo.

Run: ``python scripts/notebooks/make_interop.py``.
"""

from cells import C, M, title, write

cells = [
    title("Our games in OpenSpiel and PettingZoo", "Every game also runs under two research frameworks (optional "
      "extras `openspiel` and `rl`), so their algorithms and agents play our rules unchanged. The adapters add no "
      "rules: actions are numbered by each game's fixed, sorted action space, chance nodes keep their exact "
      "probabilities, and a game's result is a share of one victory (tied winners split it)."),
    M("## OpenSpiel\n\nImporting `explorer.adapters.openspiel` registers each game as `python_<name>`; options are "
      "game parameters (a nullable option's `None` is written `-1`). The game length OpenSpiel sees is derived "
      "from the rules and the game's caps: a cap you leave unset takes the game's documented adapter value."),
    C("import pyspiel\nimport explorer.adapters.openspiel  # registers python_<name> for every game\n\n"
      "game = pyspiel.load_game('python_sjoroveroya', {'players': 3, 'turn_cap': 4})\n"
      "print(game.get_type().short_name, game.get_type().information)\n"
      "print('actions:', game.num_distinct_actions(), 'chance outcomes:', game.max_chance_outcomes(),\n"
      "      'max decisions (4 rounds x 3 players x 4):', game.max_game_length())\n"
      "state = game.new_initial_state()\nfor action, p in state.chance_outcomes()[:3]:\n"
      "    print(state.action_to_string(pyspiel.PlayerId.CHANCE, action), round(p, 4))"),
    M("OpenSpiel's own MCTS bot (random rollouts) takes seat A in Dead Man's Dice against our rule-of-thumb "
      "policy. Every chance node is resolved with its exact probability."),
    C("import random\n\nimport numpy as np\nfrom open_spiel.python.algorithms import mcts\n\n"
      "from explorer.core.play import choose\n\n"
      "game = pyspiel.load_game('python_dead_mans_dice', {'players': 2, 'round_limit': 1, 'target_score': 20,\n"
      "                                                   'decision_limit': 150})\n"
      "bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,\n"
      "                   evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),\n"
      "                   random_state=np.random.RandomState(4))\n"
      "ours = game.model.policies()['rule_of_thumb'](game.model)\nrng = random.Random(5)\n"
      "state = game.new_initial_state()\nwhile not state.is_terminal():\n    if state.is_chance_node():\n"
      "        outcomes, weights = zip(*state.chance_outcomes())\n"
      "        state.apply_action(rng.choices(outcomes, weights)[0])\n"
      "    elif state.current_player() == 0:\n        state.apply_action(bot.step(state))\n    else:\n"
      "        state.apply_action(game.model.action_space().index(choose(state.model, ours, rng)))\n"
      "print('returns (MCTS, rule of thumb):', state.returns())\n"
      "print('scores:', state.model.scores(), 'decisions:', state.decisions)"),
    M("### OpenSpiel's solver on Jolly & Roger's last round\n\nWith `returns='score_difference'` a two-player "
      "game returns P1's final score minus P2's, so OpenSpiel's `expectiminimax` computes the same quantity as "
      "our exact solver. Here a seeded game is played to round 8, where the chooser has placed all cards and "
      "the splitter places the last ones. Once the round's cards are drawn nothing hidden matters, so the two "
      "values are equal (before the draw ours is the average of OpenSpiel's over the unseen cards; see "
      "`docs/interop.md`)."),
    C("from open_spiel.python.algorithms.minimax import expectiminimax\n\n"
      "from tqdm.auto import tqdm\n\nimport explorer\nfrom explorer.games.jolly_and_roger.solver import Solver\n\n"
      "jolly = pyspiel.load_game('python_jolly_and_roger', {'returns': 'score_difference'})\n"
      "rng = random.Random(2)\nposition = explorer.load('jolly_and_roger').start(seed=2)\n"
      "with tqdm(desc='random play to round 8', unit='step') as bar:   # a few seconds\n"
      "    while not (position.round == 8 and position.phase == 'place' and position.to_move == position.splitter):\n"
      "        legal = position.legal_actions()\n"
      "        position = position.apply(position.sample_chance(rng) if position.is_chance\n"
      "                                  else legal[rng.randrange(len(legal))])\n"
      "        bar.update()\n"
      "value, best = expectiminimax(jolly.state_at(position), 100, None, 0)\n"
      "print(position.game.player_name(position.splitter), 'holds', ' '.join(position.hands[position.splitter]))\n"
      "print('OpenSpiel:', value, 'best', jolly.state_at(position).action_to_string(position.player, best))\n"
      "print('ours:', Solver().value(position))"),
    M("## PettingZoo\n\n`env(name, **options)` is the wrapped AEC environment. Observations are dicts: "
      "`observation` (the acting player's view as JSON bytes) and `action_mask` over the action ids; "
      "`reset(seed)` seeds the chance nodes."),
    C("from explorer.adapters.pettingzoo import decode_observation, env\n\ntable = env('pirate_rush', players=3)\n"
      "table.reset(seed=1)\nagent_rng = np.random.default_rng(1)\nfirst = table.observe(table.agent_selection)\n"
      "print(table.agent_selection, 'may choose', int(first['action_mask'].sum()), 'actions; view starts',\n"
      "      decode_observation(first['observation'])[:60])\ntotals = dict.fromkeys(table.possible_agents, 0.0)\n"
      "for agent in table.agent_iter():\n    observation, reward, terminated, truncated, info = table.last()\n"
      "    totals[agent] += reward\n    mask = observation['action_mask']\n"
      "    table.step(None if terminated or truncated else int(agent_rng.choice(np.flatnonzero(mask))))\n"
      "print('rewards:', totals)\n"
      "print('winners:', table.unwrapped.state.winners()[0], 'scores:', table.unwrapped.state.scores())"),
]
if __name__ == "__main__":
    write("interop", cells)
