"""The rule of thumb's decisions (thumb.py) against the model's exact analysis.

thumb.py computes the greedy pirate's die advice (C9: the exact expected gain of each die
with the rest of the turn played best) on a reduced, cached key instead of by expectimax
over the model (`analysis.expected_gain`); its plunder choice replaces `analysis.plunder_choice`.
Here both must agree exactly, gain by gain, over positions from seeded games under the
options that change a turn (V2, V3, V6, V7, V11) and hand-written corner positions; and the
policies must play the games the analysis-driven pirates played before thumb.py existed.
"""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.core.play import advance, playout
from explorer.games.dead_mans_dice import thumb
from explorer.games.dead_mans_dice.model import (
    END_TURN,
    Broadside,
    OpeningRoll,
    Pass,
    Place,
    Plunder,
    RestartRoll,
    Roll,
)
from explorer.games.dead_mans_dice.odds import die_advice, plunder_choice
from explorer.games.dead_mans_dice.thumb import setup

pytestmark = pytest.mark.slow

OPTIONS = [
    pytest.param(2, {}, id="C9-2p-defaults"),
    pytest.param(3, {}, id="C9-3p-defaults"),
    pytest.param(4, {"wobble": True}, id="V2-wobble-4p"),
    pytest.param(3, {"stray_shots": True}, id="V3-stray-3p"),
    pytest.param(5, {"wobble": True, "stray_shots": True}, id="V2-V3-5p"),
    pytest.param(3, {"jr_die_unplunderable": True, "final_plunder": False}, id="V6-V7-3p"),
    pytest.param(2, {"optional_placement": True, "hold_fire": True}, id="V11-V4-2p"),
    pytest.param(6, {"broadside_hit_p": "1/2"}, id="V1-6p"),
]


class AnalysisGreedy:
    """The greedy pirate as it was written on the model's exact analysis (die_advice,
    plunder_choice), kept here as the reference thumb.py must reproduce."""

    needs_view = True
    name = "analysis_greedy"
    cautious = False

    def __init__(self, game: explorer.Game) -> None:
        self.game = game

    def choose(self, view: dict, legal: list, rng: random.Random) -> object:
        state = self.game.sample_state(view, rng)
        first = legal[0]
        if isinstance(first, (OpeningRoll, RestartRoll)):
            return legal[0] if self.cautious else legal[-1]
        if isinstance(first, Place) or len(legal) == 1:
            return first
        if state.step == "plunder":
            return plunder_choice(state) or END_TURN
        advice = die_advice(state)
        if self.cautious:
            pile = state.piles[state.to_move]
            if any(isinstance(a, Pass) for a in legal) and pile and pile[-1][1] == 0:
                return next(a for a in legal if isinstance(a, Pass))
            return Roll(max(advice, key=lambda d: (advice[d][0], advice[d][1])))
        die, (_, gain) = max(advice.items(), key=lambda item: (item[1][1], item[1][0]))
        now = state.score_now()
        shots = [a for a in legal if isinstance(a, Broadside)]
        if shots:
            target = max(shots, key=lambda a: now[a.target])
            if now[target.target] - 7 > gain + 14:
                return target
        return Roll(die)


class AnalysisCautious(AnalysisGreedy):
    name = "analysis_cautious"
    cautious = True


def decision_positions(game: explorer.Game, seeds: range) -> list[explorer.State]:
    """Every decision of greedy games and of random ones (random play reaches odd piles)."""
    seats = [game.policies()["greedy"](game)] * game.players
    found = []
    for seed in seeds:
        for policies in (seats, None):
            state = game.start(seed)
            rng = random.Random(seed)
            for _ in range(400 if policies else 120):
                if state.is_over:
                    break
                if not state.is_chance:
                    found.append(state)
                state = advance(state, rng, policies)
    return found


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_C9_gains_and_plunders_equal_the_models_exact_analysis(players: int, options: dict) -> None:
    game = explorer.load("dead_mans_dice", players=players, **options)
    c = setup(game)
    turns = plunders = 0
    for state in decision_positions(game, range(2)):
        hands, piles = thumb.to_plain(state)
        p = state.to_move
        if state.step == "turn":
            advice = die_advice(state)
            assert thumb.turn_gains(c, p, hands, piles) == [advice[d] for d in state.hands[p]], state.notation()
            turns += 1
        elif state.step == "plunder":
            legal = state.legal_actions()
            prey = [a.opponent for a in legal if isinstance(a, Plunder)]
            assert legal[thumb.plunder_choice(c, p, hands, piles, prey)] == (plunder_choice(state) or END_TURN)
            plunders += 1
    assert turns >= 100 and plunders >= 5


CORNERS = [
    # V3/C8: a stray shot at the pile holding the roller's own Jolly Roger die brings it home (E4)
    pytest.param({"stray_shots": True}, "step: roll\nturn: P1\nP1 pile: 1=3\nP2 pile: 1=5, P1-J=6\nP3 pile: 1=6",
                 id="V3-own-jolly-in-a-stray-target"),
    # V2/C7: a tall pile wobbles after each die, and a topple sends the own Jolly Roger die home
    pytest.param({"wobble": True}, "step: roll\nturn: P1\nP1 pile: 1=1, P2-J=2, P3-J=3, J=4\n"
                 "P2 pile: 1=5\nP3 pile: 1=3", id="V2-tall-pile"),
    # V6: a Jolly Roger die showing a number stops a plunder chain
    pytest.param({"jr_die_unplunderable": True}, "step: roll\nturn: P1\nP1 pile: 1=2\nP2 pile: 1=4, J=4, P1-2=3\n"
                 "P3 pile: 1=1", id="V6-jolly-stops-the-chain"),
    # R23: a skull stops a chain; E3 doubles a skull top
    pytest.param({}, "step: roll\nturn: P2\nP1 pile: 1=3, J=S, P3-J=2, P2-1=3\nP2 pile: 2=1\nP3 pile: 1=5",
                 id="R23-E3-skull-in-the-chain"),
    # V7 off: the last die ends the round before any plunder; V11: a fitting die may be declined
    pytest.param({"final_plunder": False, "optional_placement": True}, "step: roll\nturn: P1\n"
                 "P1 pile: 1=3, J=S\nP2 pile: 1=2\nP3 pile: 1=1", id="V7-V11-last-die"),
]


@pytest.mark.parametrize(("options", "text"), CORNERS)
def test_C9_gains_on_corner_positions(options: dict, text: str) -> None:
    game = explorer.load("dead_mans_dice", players=3, **options)
    state = game.position(text)
    advice = die_advice(state)
    hands, piles = thumb.to_plain(state)
    assert thumb.turn_gains(setup(game), state.to_move, hands, piles) == [advice[d] for d in state.hands[state.to_move]]


@pytest.mark.parametrize(("players", "options"), OPTIONS[:2] + OPTIONS[4:6])
@pytest.mark.parametrize(("name", "reference"), [("greedy", AnalysisGreedy), ("cautious", AnalysisCautious)])
def test_policies_play_the_games_of_the_analysis_pirates(players: int, options: dict, name: str,
                                                         reference: type) -> None:
    game = explorer.load("dead_mans_dice", players=players, **options)
    for seed in range(2):
        start = game.start(seed)
        ours = playout(start, seed, [game.policies()[name](game)] * players)
        theirs = playout(start, seed, [reference(game)] * players)
        assert ours.history == theirs.history
