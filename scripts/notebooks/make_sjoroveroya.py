"""Write notebooks/sjoroveroya.ipynb (no outputs): the teaching notebook in the digest's teaching order."""

from pathlib import Path

import nbformat as nbf
from lesson_cells import with_lessons

M, C = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    M("# Sjørøverøya (Pirate Island): learn it by playing\n\n"
      "A race for the treasure played with two ordinary decks of cards: each player leads six pirates along a "
      "track of 20 face-up cards to the joker. Every step below states a rule in plain words (with its ID from the "
      "rules digest), builds a small live position, plays a move, draws the board, and shows the exact odds behind "
      "the luck. Positions are plain data (`state.to_dict()`), so you can change any of them and run the cell again."),
    C("from fractions import Fraction as F\n"
      "from IPython.display import SVG, display\n\n"
      "import explorer\n"
      "from explorer.games.sjoroveroya import T0\n"
      "from explorer.games.sjoroveroya.odds import (expected_jump, forward_landings, goal_chance,\n"
      "                                             hand_distribution, sequence_chance, suit_odds)\n"
      "from explorer.games.sjoroveroya.rules import moves_left\n"
      "from widgets import Explorer\n"
      "from widgets.show import chance, odds_table, table\n\n"
      "game = explorer.load('sjoroveroya', players=2)\n\n"
      "def position(pieces=None, hands=('SHDC', 'SHDC'), players=2, to_move=0, options=None, **fields):\n"
      "    \"\"\"A position on the example track T0; pieces not listed stand at Start.\"\"\"\n"
      "    rows = [list((pieces or {}).get(p, [])) for p in range(players)]\n"
      "    rows = [row + [0] * (6 - len(row)) for row in rows]\n"
      "    g = explorer.load('sjoroveroya', players=players, **(options or {}))\n"
      "    return g.state_from_dict({'track': T0, 'pieces': rows, 'hands': list(hands), 'to_move': to_move, **fields})\n\n"
      "def show(state, player=None):\n"
      "    display(SVG(state._repr_svg_() if player is None else state.view(player)._repr_svg_()))\n\n"
      "def story(state):\n"
      "    for event in state.events:\n"
      "        print(event)\n\n"
      "def draws(state):\n"
      "    \"\"\"The next card's odds at a draw, each suit by its name.\"\"\"\n"
      "    return odds_table(state.chance_outcomes(), name='next card', label=state.describe)\n\n"
      "def places(state):\n"
      "    \"\"\"The ranking (E1-E4) as places and seats.\"\"\"\n"
      "    return table([(n + 1, ', '.join(game.player_name(p) for p in tied), state.scores()[tied[0]])\n"
      "                  for n, tied in enumerate(state.winners())], ['place', 'seat', 'progress (36 = all home)'])"),
    M("## 1. Track and setup (S1-S9, R30)\n"
      "Two to four players (**S1**). Deck 1's aces to fives make the track (**S3**): five blocks of four, aces first, "
      "each block in random order (**S4**), then the joker as the goal. The other 84 cards (21 of each suit: rank never "
      "matters, **R1**) are shuffled (**S6**); everyone gets four (**S7**); the rest is the draw pile (**S8**). All "
      "pieces start at Start (**S5**, **R30**). Setup luck is made of chance nodes: here is a whole seeded setup."),
    C("state = game.start(seed=7)\nshow(state)\nprint('draw pile:', sum(state.pile), 'cards; hands:', [sum(h) for h in state.hands])\n"
      "assert sum(state.pile) == 76"),
    M("Every block of the track holds each suit once. **Which suits are in block 3?** All four, always. "
      "The example track **T0** used below is `HSDCCDSHSHCDDCHSHDSC` (♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣)."),
    C("print(T0[8:12])\nassert sorted(T0[8:12]) == sorted('SHDC')"),
    M("## 2. Forward moves (R7-R9, R16)\n"
      "To move forward, play a card from your hand (**R7**); it goes on the discard pile (**R8**). The piece jumps "
      "to the **next track card of that suit** (**R9**). Player 1 at Start plays ♦ and lands on card 3."),
    C("s = position(hands=['DS', 'C']).apply('D@0')\nstory(s)\nshow(s)\nassert 3 in s.pieces[0]"),
    C("s = position(pieces={0: [1]}, hands=['HS', 'C']).apply('H@1')\nstory(s)\nassert 8 in s.pieces[0]"),
    M("From Start, the four suits land on cards 1, 2, 3 and 4 in some order, whatever the layout: with a random card "
      "the **expected jump is exactly 5/2** (**C6**)."),
    C("empty = position()\nprint('expected jump from Start:', expected_jump(empty, 0))\n"
      "display(odds_table(forward_landings(empty, 0), name='lands on card'))\nassert expected_jump(empty, 0) == F(5, 2)"),
    M("## 3. Skipping opponents, stacking on your own (R10-R12, R31)\n"
      "A card with an opponent on it is passed over, and the piece goes on to the next card of that suit (**R11**). "
      "Your own pieces never block you: you stop on them and stack (**R10**). A move has no length limit (**R12**). "
      "So a card never holds two colours (**R31**)."),
    C("s = position(pieces={1: [2]}, hands=['SH', 'C']).apply('S@0')   # Player 2 on card 2: Player 1's ♠ goes on to 7\n"
      "story(s)\nassert 7 in s.pieces[0]"),
    M("**Try it.** The live explorer below starts from that position, written in the game's notation: Player 2 on card 2, "
      "Player 1 at Start holding ♠♥. Play ♠ from Start under *Legal actions* and watch it skip card 2; then click the "
      "first position in the *What-if tree* and try ♥ instead. Both lines stay in the tree."),
    C("Explorer(game.position(\"\"\"\n"
      "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n"
      "P1 hand: ♠♥\n"
      "P2 pieces: start×5 2\n"
      "P2 hand: ♣\n"
      "\"\"\"))"),
    C("s = position(pieces={0: [4]}, hands=['CH', 'C']).apply('C@0')   # Player 1 already on 4: stack there\n"
      "story(s)\nshow(s)\nassert s.pieces[0].count(4) == 2"),
    M("In Cartagena, the board game this comes from, Player 1 would go on to card 5: the option `forward_stop_on_own=False` "
      "(**V2**) plays that way."),
    C("cartagena = position(pieces={0: [4]}, hands=['CH', 'C'], options={'forward_stop_on_own': False}).apply('C@0')\n"
      "assert 5 in cartagena.pieces[0]"),
    M("## 4. Into the goal (R13-R15)\n"
      "If no card of the played suit is left ahead where the piece may stop, it enters the goal (**R13**). Any suit "
      "can do it; no special card is needed (**R14**). The goal holds everyone (**R15**)."),
    C("s = position(players=3, pieces={0: [3], 1: [6, 12], 2: [13, 18]}, hands=['DS', 'C', 'C']).apply('D@3')\n"
      "story(s)\nshow(s)\nassert 21 in s.pieces[0]"),
    C("print('♣ from 19 stops on card', max(position(pieces={0: [19]}, hands=['CS', 'C']).apply('C@19').pieces[0]))\n"
      "s = position(players=2, pieces={0: [3], 1: [6, 12, 13, 18]})\n"
      "print('from card 3: E[jump] =', expected_jump(s, 3), ' P(goal) =', goal_chance(s, 3))\n"
      "assert expected_jump(s, 3) == 7 and goal_chance(s, 3) == F(1, 4)"),
    M("## 5. Backward moves and drawing (R17-R23)\n"
      "Moving back is free (**R21**) and is how you get cards. The piece steps back to the **nearest** card behind it "
      "where you have **one or two** pieces (**R18**), passing empty cards, opponents' cards and your stacks of three "
      "(**R19**); you draw as many cards as you had there (**R20**). Never back to Start (**R22**); pieces in the goal "
      "never move (**R23**). Player 1 on 3 and 10, Player 2 on 6: Player 1 steps back 10 → 3 and draws one card."),
    C("s = position(pieces={0: [3, 10], 1: [6]}, hands=['', 'C']).apply('back@10')\nstory(s)\n"
      "display(draws(s))\nshow(s)"),
    M("**Try it.** The same table, live: step back from 10, then pick the card Player 1 draws in the *Chance* panel "
      "(or let chance pick it). Then go back in the tree and look for a step back from 3: there is none, since "
      "no card of Player 1's lies behind it and Start does not count (**R22**)."),
    C("Explorer(game.position(\"\"\"\n"
      "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n"
      "P1 pieces: start×4 3 10\n"
      "P1 hand: -\n"
      "P2 pieces: start×5 6\n"
      "P2 hand: ♣\n"
      "\"\"\"))"),
    C("s = position(pieces={0: [7, 7, 12]}, hands=['S', 'C']).apply('back@12')\nprint('cards owed:', s.pending)\n"
      "assert s.pending == 2 and s.pieces[0].count(7) == 3"),
    C("try:\n    position(pieces={0: [10]}, hands=['S', 'C']).apply('back@10')\n"
      "except explorer.IllegalAction as err:\n    print(err)\n    assert err.rule == 'R22'"),
    M("**Your turn.** Player 1 has pieces on 2, 5, 5, 5 and 9, Player 2 one on 7. Where does `back@9` land, and how many cards "
      "does Player 1 draw? Put your answer in `my_answer` as `(card, cards drawn)` and run the check."),
    C("my_answer = None   # e.g. (5, 3)\n"
      "s = position(pieces={0: [2, 5, 5, 5, 9], 1: [7]}, hands=['S', 'C'])\n"
      "after = s.apply('back@9')\n"
      "truth = (2, after.pending)\n"
      "print('not answered yet' if my_answer is None else 'right!' if my_answer == truth else 'not quite: try again')"),
    M("## 6. The turn (T1-T8, R2-R6)\n"
      "A turn has up to **three moves** (**R2**), forward and backward in any mix, even with the same piece (**R3**). "
      "You must make at least one (**R4**); after that you may stop and lose the rest (**R5**). Then the next player in "
      "seat order goes (**R6**, **T8**)."),
    C("s = position(hands=['SHDC', 'SH'])\n"
      "try:\n    s.apply('end')\nexcept explorer.IllegalAction as err:\n    print(err)\n"
      "s = s.apply('S@0').apply('H@0').apply('D@0')\nstory(s)\nassert s.to_move == 1"),
    M("## 7. Running dry (R24-R29, C3, C4)\n"
      "With no card and no backward move, you make an **emergency draw** of one card and your turn ends (**R24**, "
      "**R25**), at the start of the turn (**T2**) or mid-turn (**T6**). A draw from an empty pile first shuffles the "
      "discard pile into a new pile (**R26**); with no card anywhere, nothing is drawn (**R27**). Hands have no limit "
      "(**R28**) and drawn cards are secret: others see only how many (**R29**)."),
    M("Positions can also be written in the game's short notation (`game.position(text)`, see docs/sjoroveroya.md): "
      "a few `key: value` lines, seats `P1`, `P2`. Here Player 1 has six pieces on card 12 and no card: the turn is "
      "the emergency draw, written as that step. Loading never plays it for you; the draw is the next chance node."),
    C("s = game.position(\"\"\"\n"
      "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n"
      "step: emergency draw\n"
      "P1 pieces: 12×6\n"
      "P1 hand: -\n"
      "P2 hand: ♠♥\n"
      "\"\"\")\nprint(s.notation())\ndisplay(draws(s))\n"
      "story(s.apply('draw H'))"),
    C("try:   # the same table written as an ordinary move is refused, naming the step and the rule\n"
      "    game.position(s.notation().replace('emergency draw', 'move'))\n"
      "except explorer.PositionError as err:\n    print(err)"),
    C("s = position(pieces={0: [7, 7, 12]}, hands=['S', 'C'], pile={'H': 1}, discard={'S': 2, 'D': 1, 'H': 1})\n"
      "s = s.apply('back@12').apply('draw H')   # the last pile card; the second card needs a reshuffle\nstory(s)\n"
      "display(draws(s))   # after the reshuffle"),
    M("What can Player 1 know about the next card? Player 1 holds ♠♠♠♦ at the start of a two-player game: Player 1 cannot see 80 "
      "cards (♠18 ♥21 ♦20 ♣21), so P(♠) = 18/80 = 9/40, and both of two drawn cards are ♠ with 153/3160 (**C3**). "
      "Each player's view carries these odds; Player 2's view of the same moment hides Player 1's hand."),
    C("s = position(hands=['SSSD', 'HHCC'], pile={'S': 18, 'H': 19, 'D': 20, 'C': 19})\n"
      "red = s.view(0)\ndisplay(odds_table({suit: F(p) for suit, p in red['next_draw'].items()}, name='next card',\n"
      "                   caption=\"Player 1's view\"))\n"
      "print(\"Player 2 sees Player 1's hand as:\", s.view(1)['hands'][0] or 'hidden')\n"
      "assert F(red['next_draw']['S']) == F(9, 40)\n"
      "assert sequence_chance((18, 21, 20, 21), 'SS') == F(153, 3160)\nshow(s, player=1)"),
    M("The same odds from any seat, over everything that seat cannot see (`hidden_worlds`, exact): given what "
      "Player 1 has seen, the chance the next card is red (♥ or ♦), and what Player 2, who cannot see Player 1's "
      "hand, would say."),
    C("from explorer.analysis.odds import view_probability\nfrom explorer.games.sjoroveroya.odds import next_card\n"
      "print('Player 1:', view_probability(s, 0, next_card('♥♦')))\n"
      "print('Player 2:', view_probability(s, 1, next_card('♥♦')))\n"
      "assert view_probability(s, 0, next_card('♥♦')).probability == F(41, 80)"),
    M("**Your turn.** The discard pile [2♠, 9♠, K♦, 6♥] is reshuffled. What is the chance the first two cards drawn "
      "are both ♠? (**C4**)"),
    C("my_answer = None   # a Fraction, e.g. F(1, 4)\ntruth = sequence_chance((2, 1, 1, 0), 'SS')\n"
      "print('not answered yet' if my_answer is None else 'right!' if my_answer == truth else 'not quite: try again')"),
    M("## 8. Winning and places (E1-E5)\n"
      "The first player with all six pieces in the goal wins at once, even mid-turn (**E1**); nothing happens after "
      "(**E2**). Second place goes to the fewest **moves left**: for each piece, the fewest forward moves to the goal "
      "with the board frozen, summed (**E3**); later places the same way, ties shared (**E4**). There are no points "
      "(**E5**). Pieces on 20, 13 and 5 with three at Start: 1 + 2 + 4 + 3×6 = **25** moves left."),
    C("s = position(pieces={0: [20, 13, 5]})\nprint('moves left:', moves_left(s, 0))\nassert moves_left(s, 0) == 25\n"
      "crowded = position(pieces={0: [20, 13, 5], 1: [14, 15, 16]})\n"
      "print('with Player 2 on 14-16:', moves_left(crowded, 0), '(skips shorten the way)')"),
    C("s = position(pieces={0: [21, 21, 21, 21, 21, 17]}, hands=['HH', 'S']).apply('H@17')\nstory(s)\n"
      "display(places(s))\nshow(s)\nassert s.winners()[0] == (0,)"),
    M("## 9. The children's variant and house rules (V1-V12)\n"
      "In the children's variant (**V1**) each turn is one forward move, then you draw a card, so the hand stays at "
      "four. Cartagena's own rules are options too: `backward_counts_any_colour` (**V3**), `allow_pass` (**V4**), "
      "`start_hand_size` (**V5**), `open_hands` (**V6**) and more."),
    C("kids = position(hands=['SHDC', 'SHDC'], options={'variant': 'children'})\n"
      "print('legal:', ', '.join(kids.describe(a) for a in kids.legal_actions()))\nk = kids.apply('S@0').apply('draw H')\nstory(k)\n"
      "assert sum(k.hands[0]) == 4"),
    C("for spec in type(game).OPTIONS:\n    print(f'{spec.rule:>4} {spec.name:<28} default {spec.default!r:<22} {spec.doc}')"),
    M("## 10. Chance lab (C1, C2, C6)\n"
      "* Layouts: 24⁵ equally likely; no two neighbouring cards share a suit with probability (3/4)⁴ = **81/256**.\n"
      "* A dealt hand holds all four suits with probability **343/3403**.\n"
      "* With the pile ♠21 ♥21 ♦18 ♣20, a piece at Start on T0 expects to land on card **197/80**."),
    C("print('no neighbours alike:', chance(F(3, 4) ** 4))\nhands = hand_distribution(4)\nprint('all four suits:', chance(hands[(1, 1, 1, 1)]))\n"
      "assert hands[(1, 1, 1, 1)] == F(343, 3403)\n"
      "landing = expected_jump(position(), 0, suit_odds((21, 21, 18, 20)))\nprint('E[landing] =', landing)\n"
      "assert landing == F(197, 80)"),
    M("## A full game against a policy\n"
      "Three players: Player 1 plays the rule-of-thumb pirate (it jumps far, keeps a reserve of cards for the endgame, and "
      "steps back to draw), Player 2 and Player 3 play at random. Fixed seed, so the game is the same every time."),
    C("three = explorer.load('sjoroveroya', players=3)\nsmart = three.policies()['rule_of_thumb'](three)\n"
      "final = explorer.playout(three.start(seed=11), seed=11, policies={0: smart})\n"
      "print(len(final.history), 'steps')\ndisplay(places(final))\nshow(final)"),
    M("## What if? Two candidate moves compared\n"
      "Player 1 holds ♥♦ with pieces on 1 and 8; Player 2 has one piece on 10. Is ♥ from card 8 (to 15, skipping "
      "Player 2) better than ♦ from card 1 (to 3)? First the exact count: the moves left after each (**E3**)."),
    C("base = game.position(\"\"\"\n"
      "track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣\n"
      "P1 pieces: start×4 1 8\n"
      "P1 hand: ♥♦\n"
      "P2 pieces: start×5 10\n"
      "P2 hand: ♠♣\n"
      "\"\"\")\n"
      "branches = {move: base.apply(move) for move in ('H@8', 'D@1')}\n"
      "table([(base.describe(base.game.parse_action(m)), moves_left(s, 0)) for m, s in branches.items()],\n"
      "      ['move', \"Player 1's moves left (E3)\"])"),
    M("By this count ♥ from 8 is one move better. **Try it** before reading on: play both moves in the explorer, "
      "then play on from each for a few turns (Player 2 too) and see where the pieces end up."),
    C("Explorer(base)"),
    M("Now by playing the game out. `compare` plays the same number of games from each branch with **the same seeds "
      "on both branches** (common random numbers): game *i* after ♥ and game *i* after ♦ see the same shuffles and "
      "make their choices with the same coin flips, so most of the luck cancels when we subtract. Both seats play "
      "the game's default evaluator (`game.evaluator()`), the rule-of-thumb pirate, which plays like people do: jump "
      "far, keep a reserve of cards, step back to draw. A game takes about 300 steps, so we play only 20 pairs "
      "(a few seconds; the bar shows progress) and look at the **difference** with its 95% interval."),
    C("from explorer.analysis.results import paired_difference\n"
      "from explorer.analysis.rollouts import compare\n\n"
      "print('both seats play:', game.evaluator())\n"
      "runs = compare(branches, n=20, seed=1)\n"
      "rows = []\n"
      "for measure, words in (('win', 'wins (1 = win, 0 = loss)'), ('score', 'progress at the end (36 = all home)')):\n"
      "    mean, low, high = paired_difference(runs['H@8'], runs['D@1'], 0, measure)\n"
      "    rows.append((f'Player 1 {words}', round(mean, 2), f'{low:+.2f} to {high:+.2f}'))\n"
      "display(table([(base.describe(base.game.parse_action(m)), r.games, f'{r.win_rate(0):.0%}') for m, r in runs.items()],\n"
      "              ['move', 'games', 'Player 1 wins']))\n"
      "table(rows, ['♥ from 8 minus ♦ from 1', 'mean difference', '95% interval'])"),
    M("**Reading the interval.** The interval is built so that, over many repeats of this experiment with fresh "
      "seeds, 95 of 100 such intervals would cover the true difference between the two moves (for these players). "
      "An interval that contains 0 says that 20 games cannot tell the moves apart; it still rules out differences "
      "larger than its ends. The progress difference (how far Player 1 got, 36 when all six are home) uses more of "
      "each game than a win or a loss, so its interval is narrower: when it lies wholly below 0, ♦ from 1 left "
      "Player 1 further along in these pairs of games. Pairing is what makes 20 games worth reading: two separate win rates of 20 games each "
      "would each be about ±20 points wide, and their difference wider still. With more games (`n=200`, about a "
      "minute) the interval narrows roughly as 1/√n.\n\n"
      "**Why can the move with fewer moves left win less often?** *Moves left* is a snapshot: it freezes the board "
      "and assumes you always hold the suit you need. The real game runs on cards, and the only way to get cards is "
      "to step back onto your own pieces (**R18**, **R20**). ♥ from 8 leaves Player 1 with pieces far apart, on 1 "
      "and 15: the next card costs a step from 15 all the way back to 1. ♦ from 1 keeps them close, on 3 and 8: a "
      "card costs a step of five. A runner alone at the front is fast now and expensive later; the count of moves "
      "sees the first half of that and not the second. And one move is small against the luck of a game of "
      "about 300 steps (draws included), which is why the sample, not the count, has the last word, and why it "
      "needs its interval."),
    C("for move, s in branches.items():   # Player 1's next card: step back from the front piece (R18, R20)\n"
      "    front = max(s.pieces[0])\n"
      "    back = s.apply(f'back@{front}')\n"
      "    print(f'after {move}: back from card {front} to card {max(back.pieces[0])}, '\n"
      "          f'{front - max(back.pieces[0])} cards of track for {back.pending} card')"),
]
nb = nbf.v4.new_notebook(cells=with_lessons(cells, "sjoroveroya", "Sjørøverøya"), metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                "language": "python"}})
Path(__file__).with_name("sjoroveroya.ipynb").write_text(nbf.writes(nb), encoding="utf-8")
