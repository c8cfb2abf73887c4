"""Writes notebooks/jolly_and_roger.ipynb (no outputs): run ``python notebooks/build_jolly_and_roger.py``."""

from pathlib import Path

import nbformat as nbf
from lesson_cells import with_lessons

CELLS = [
    ("md", """# Jolly & Roger: the rules, played out

Two pirates share out loot. Each round one of them, the **splitter**, turns up five cards and
splits them into two offers; the other, the **chooser**, takes one offer. Cards go to crews
at four merchant ships or, where you hold the ship, into your treasure chest. After eight
rounds you score your chest gold plus every ship your captain holds.

Rule IDs (S, T, R, E, V, C) are those of the rules digest. Every position below is a live
model state, written the way the table looks (`game.position`: one `key: value` a line, seats
`P1` and `P2`, crews bottom card first, `p:` a parrot); every probability is exact."""),
    ("code", """from fractions import Fraction
from IPython.display import SVG, display

import explorer
from explorer.analysis.odds import view_probability
from explorer.core.errors import IllegalAction
from explorer.games.jolly_and_roger import odds
from widgets import Explorer
from widgets.show import chance

game = explorer.load("jolly_and_roger")
show = lambda state, seat=None: display(SVG(state.view(seat)._repr_svg_()))


def refused(state, action):
    try:
        state.apply(action)
    except IllegalAction as err:
        return f"refused ({err.rule}): {err.reason}\""""),
    ("md", """## 1. Table and cards (S1-S5, C1)

Four ships lie in ascending value: Green 3, Yellow 5, Blue 7, Red 9 (S1). The 43 pirate cards
come in 20 types, four colours of values 1-5. Three are set aside unseen (S4); the other 40
are the draw pile (S5). Player 1's view shows only how many cards are unseen, never which."""),
    ("code", """start = game.start(seed=1)
show(start, 0)
view = start.view(0)
assert view["aside_size"] == 3 and "aside" not in view
print("unseen by Player 1:", sum(view["unseen"].values()), "cards")"""),
    ("md", """How likely is it that the single R5 was set aside? Walk the three exact set-aside chance
nodes (C1):"""),
    ("code", """def setup_distribution(state):
    layer = {state: Fraction(1)}
    while any(s.phase == "setup" for s in layer):
        nxt = {}
        for s, p in layer.items():
            for outcome, q in s.chance_outcomes():
                child = s._step(outcome)
                nxt[child] = nxt.get(child, 0) + p * q
        layer = nxt
    return layer

setups = setup_distribution(game.new_state())
p_r5 = sum(p for s, p in setups.items() if s.aside[19])
assert p_r5 == Fraction(3, 43)
print(len(setups), "possible set-aside sets; P(R5 set aside) =", chance(p_r5))"""),
    ("md", """## 2. Split and choose (T1-T3, R2-R5)

Player 1 draws G1, G1, Y2, B3, R5. Any split into two offers of 1-4 cards is allowed (R3); since
the two G1 are identical there are **11** different splits, not 15."""),
    ("code", """drawn = game.position('''
    round: 1
    step: split
    splitter: P1
    table: G1 G1 Y2 B3 R5
''')
splits = drawn.legal_actions()
assert len(splits) == 11
print(*splits, sep="\\n")"""),
    ("md", """**Try it.** The explorer below is set to this position: make a split under *Legal actions*, then play
the chooser's side too. Back in the *What-if tree*, try a different split and compare."""),
    ("code", """Explorer(drawn)"""),
    ("code", """from explorer.games.jolly_and_roger import Split
print(refused(drawn, Split((), ("G1", "G1", "Y2", "B3", "R5"))))   # an empty offer"""),
    ("code", """chosen = drawn.apply("split Y2 R5 | G1 G1 B3").apply("take Y2 R5")
assert chosen.hands == (("G1", "G1", "B3"), ("Y2", "R5")) and chosen.player == 1
print(chosen.events[0])"""),
    ("md", """## 3. Crew and parrots (R9-R13)

A card joins your crew face up at the ship of its colour, adding its value (R9). Face down,
as a **parrot**, it goes to any ship for strength 1 (R11). Player 2 (the chooser) places first."""),
    ("code", """placed = chosen.apply("crew R5").apply("parrot Y2 B")
assert placed.strengths[1] == (0, 0, 1, 5)
print(refused(chosen, "crew R5 B"))   # R5 pirate side at Blue
show(placed)"""),
    ("md", """## 4. Majority, captains and ties (R14-R17)

Round 3. Blue: Player 1 has B3, Player 2 has B2, so Player 1's captain stands there. Player 2
(the chooser) adds a parrot: 3:3, a tie, and the captain leaves (R16). Player 2 adds B4: 3:7,
Player 2's captain arrives (R14, R15)."""),
    ("code", """blue = game.position('''
    round: 3
    step: place
    offers: B2 Y1 B4 | G1 R3      # Player 2 took B2 Y1 B4 and has played B2
    P2 hand: Y1 B4
    P1 hand: G1 R3
    P1 green: G2 G4
    P1 yellow: Y3
    P1 blue: B3
    P1 red: R1 R2
    P2 green: G3
    P2 yellow: Y4 Y2
    P2 blue: B2
    P2 red: R4
''')
tie = blue.apply("parrot Y1 B")
after = tie.apply("crew B4")
assert blue.captains()[2] == 0 and tie.captains()[2] is None and after.captains()[2] == 1
for event in tie.events + after.events:
    print(event)"""),
    ("md", """**Try it.** The same round 3 table, live: play the parrot and B4 in the other order, or hold B4 back,
and watch Blue's captain in the board."""),
    ("code", """Explorer(blue)"""),
    ("md", """## 5. Boarding (R18-R21)

Holding a ship, you may tuck a card of its colour under your chest: gold equal to its value,
no strength (R19). Without your captain there it is refused (R18)."""),
    ("code", """green = game.position('''
    round: 2
    step: place
    offers: G5 Y3 B2 | R1 R3      # Player 1 chose G5 Y3 B2 and has played B2
    P1 hand: G5 Y3
    P2 hand: R1 R3
    P1 green: G4
    P1 blue: B1 B2
    P2 green: G2
    P2 yellow: Y1
    P2 red: R2
''')
boarded = green.apply("board G5")
assert boarded.gold(0) == 5 and boarded.strengths[0][0] == 4
print(refused(boarded, "board Y3"))"""),
    ("md", """## 6. Order inside a phase (R6-R8, A7)

Player 1 holds B5 and B1 against Player 2's Blue [B4]. B5 as crew first takes Blue, then B1
may board.
The other order is refused. How many ways are there to use the two cards?"""),
    ("code", """order = game.position('''
    round: 2
    step: place
    P1 hand: B5 B1
    P2 hand: G1 G4 Y1
    P1 green: G2
    P1 red: R1
    P2 green: G3
    P2 yellow: Y2
    P2 blue: B4
''')
assert order.apply("crew B5").apply("board B1").chests[0] == ("B1",)
print(refused(order, "board B1"))

def endings(state):
    if state.player != 0:
        return [state]
    return [end for action in state.legal_actions() for end in endings(state._step(action))]

ends = endings(order)
distinct = {(tuple(tuple(sorted(p)) for p in s.piles[0]), s.chests[0]) for s in ends}
assert (len(ends), len(distinct)) == (51, 26)
print(len(ends), "sequences,", len(distinct), "different end states")"""),
    ("md", """## 7. Round end and game end (R22-R24, E1-E5)

The flag alternates (R23); after round 8 the game is scored: chest gold plus ships held
(E2, E3). A tied ship scores for nobody, and equal totals are a draw (E5). Here both players
follow the rule of thumb for a whole game; its final position, in the notation:"""),
    ("code", """from explorer.core.play import playout
from explorer.games.jolly_and_roger.policies import Greedy

final = playout(game.start(seed=7), seed=7, policies=(Greedy(game), Greedy(game)))
print(final.notation())
assert final.captains()[1] is None and final.scores() == (20, 20) and final.winners() == ((0, 1),)
print("Player 1 {} and Player 2 {} gold".format(*final.scores()), "- a draw; Yellow is tied and scores for nobody")
show(final)"""),
    ("md", """## 8. Chance and card counting (C3)

After two rounds the players have seen G2 Y4 R1 B5 G3 R5 R3 Y1 B1 G1. The next five cards are a
uniform draw from the 33 unseen cards (the pile and the set-aside cards alike)."""),
    ("code", """pool = odds.full_deck()
for card in "G2 Y4 R1 B5 G3 R5 R3 Y1 B1 G1".split():
    pool[card] -= 1
draw = odds.draw_distribution(pool, 5)
p_red = odds.probability(draw, lambda cards: any(c[0] == "R" for c in cards))
assert p_red == Fraction(5794, 9889)
print("P(at least one red card in round 3) =", chance(p_red))"""),
    ("md", """The same question asked of a position, from Player 1's seat: the three set-aside cards are
not written, so every way they may lie is weighed exactly (`view_probability`)."""),
    ("code", """round_three = game.position('''
    round: 3
    step: draw
    P1 green: G2 G3 G1
    P1 blue: B5
    P1 red: p:Y4
    P2 yellow: Y1
    P2 blue: B1
    P2 red: R1 R3
    P2 chest: R5
''')
seen_by_p1 = view_probability(round_three, 0, lambda world: odds.next_round_any(world, lambda card: card[0] == "R"))
assert seen_by_p1.probability == p_red
print(seen_by_p1)"""),
    ("md", """**Your turn.** What is the chance that the R4 never turns up this game? (Three of the 33
unseen cards will never be drawn.) Write your answer as a fraction and check it:"""),
    ("code", """your_answer = Fraction(1, 11)
assert your_answer == Fraction(3, sum(pool.values()))
print("right:", your_answer)"""),
    ("md", """## 9. The expert game: Skeleton, Kraken, Tortuga (V1, R25-R35)

A **Kraken** removes the bottom card of one of the opponent's piles (R30). A **Tortuga** turns
all your parrots face up (R33). A **Skeleton** is strength 3 at any ship (R28)."""),
    ("code", """expert = explorer.load("jolly_and_roger", special_cards=True)
kraken = expert.position('''
    game: jolly_and_roger players=2 special_cards=true
    round: 3
    step: place
    P2 hand: KR TO SK
    P1 hand: G1 G3
    P1 green: G1 G2
    P1 blue: B2 p:Y1 B4
    P1 red: R1
    P2 yellow: Y2 Y3
    P2 blue: B5 p:R5
''')
hit = kraken.apply("kraken B")
assert hit.strengths[0][2] == 5 and hit.captains()[2] == 1 and hit.removed == ("B2", "KR")
turned = hit.apply("tortuga")
assert turned.piles[1][2] == ("B5", "t:R5") and turned.strengths[1][2] == 10
show(turned.apply("skeleton R"))"""),
    ("code", """p_krakens = odds.kraken_all_in_play()
assert p_krakens == Fraction(1976, 3243)
print("P(all three Krakens come into play) =", chance(p_krakens))"""),
    ("md", """## 10. A full game, then an exact what-if

Player 1 plays the greedy rule of thumb, Player 2 the solver-backed policy (perfect in the last
round).
The solver needs numpy; in a browser kernel without it (the JupyterLite site) the rule of thumb
plays Player 2 instead and the exact table is left out."""),
    ("code", """from explorer.core.extras import MissingExtra

try:                        # the solver's extra brings numpy
    from explorer.games.jolly_and_roger.policies import SolverPolicy
    from explorer.games.jolly_and_roger.solver import Solver, best
    second = SolverPolicy(game)
except MissingExtra as err:
    Solver, second = None, Greedy(game)
    print(f"{err}: the rule of thumb plays Player 2 here")

end = playout(game.start(seed=7), seed=7, policies=(Greedy(game), second))
print(end.events[-1])
show(end)"""),
    ("md", """**What-if.** Take the last round of that game at the split. For each of the splitter's
offers the solver gives the exact expected final score difference (Player 1 minus Player 2) when the
chooser takes either offer and both then play perfectly."""),
    ("code", """late = game.start(seed=7)
from explorer.core.play import advance
import random
rng = random.Random(7)
while not (late.round == 8 and late.phase == "split"):
    late = advance(late, rng, steps=1, policies=(Greedy(game), second))
show(late)
rows = Solver().split_table(late) if Solver else []
for row in sorted(rows, key=lambda r: r["value"]):
    print(f"{str(row['split']):32} take small {str(row['take_small']):>6}  take large {str(row['take_large']):>6}"
          f"  -> {row['value']}")"""),
    ("code", """if Solver:
    splitter = late.splitter
    top = best([(r["split"], r["value"]) for r in rows], splitter)
    print(f"Best for {game.player_name(splitter)}: {top[0]} with final difference {top[1]} "
          "(Player 1 minus Player 2)")
    assert top[1] == Solver().value(late)"""),
    ("md", """**Try it.** The same split, live: split the last five cards one way, take an offer as the chooser,
and play the round out; step back in the tree to try the best split above."""),
    ("code", """Explorer(late)"""),
    ("md", """The chooser always takes the offer better for them, so the splitter's best split is the one
whose *worse* offer (for the splitter) is best: the value shown after the arrow. The table
makes it visible which cards the splitter must not hand over together."""),
]


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cells = [nbf.v4.new_markdown_cell(src) if kind == "md" else nbf.v4.new_code_cell(src) for kind, src in CELLS]
    nb.cells = with_lessons(cells, "jolly_and_roger", "Jolly & Roger")
    return nb


if __name__ == "__main__":
    path = Path(__file__).with_name("jolly_and_roger.ipynb")
    nbf.write(build(), path)
    print("wrote", path)
