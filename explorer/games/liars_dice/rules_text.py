"""RULES: the project's one-line statement of each rule of Liar's Dice, keyed by the IDs of its
rules page (docs/liars_dice.md: S setup, T turn, R rules, E end, V options, C chance, A decisions)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "S1": "Two to six players each take a cup and the same number of dice (five; option dice).",
    "S2": "Player 1 opens the first round.",
    "T1": "A round begins with every player who has dice rolling all of them under the cup; each sees only their own.",
    "T2": "From the opener, in seat order among the players with dice, each either raises the bid or calls liar.",
    "R1": "A bid names a quantity and a face: at least that many dice under all the cups show that face.",
    "R2": "A raise is higher: more dice of any face, or as many dice of a higher face (option bidding).",
    "R3": "A bid counts from 1 up to all the dice in play; the opener must bid.",
    "R4": "Calling liar doubts the standing bid: all cups are lifted and the dice counting for its face are counted.",
    "R5": "If at least the bid quantity counts, the caller was wrong, else the bidder; the wrong one loses a die.",
    "R6": "A wild face counts as every face (ones by default; option wild); a bid on the wild face counts it alone.",
    "R7": "A player with no dice left is out of the game and is skipped.",
    "R8": "The loser of the call opens the next round, or the next player with dice if the loser is out (option).",
    "E1": "The last player with dice wins; the others rank by how long they kept dice.",
    "E2": "In the single round the first call ends the game: who was right wins (+1), the other loses (-1).",
    "V1": "single_round: OpenSpiel's liars_dice, one round for two players with the highest face wild.",
    "V2": "dice: the dice each player starts with (OpenSpiel's numdice in the single round).",
    "V3": "bidding: 'reset-face' (more dice, or a higher face) or 'reset-quantity' (a higher face, or more dice).",
    "V4": "next_opener: the loser of the call opens the next round ('loser') or the winner ('winner').",
    "V5": "wild: the wild face of the match: 'ones', 'highest' or 'none'.",
    "V6": "sides: the faces of each die (OpenSpiel's dice_sides).",
    "C1": "Each die shows each face with chance 1/sides, rolled one die at a time, Player 1's cup first.",
    "C2": "From one seat a bid is true with the binomial chance that the unseen dice make up what its own cup lacks.",
    "C3": "A cup of k dice shows a given multiset of faces with chance (orders of it) / sides**k.",
    "A1": "The pirate tables' rules vary: we play ones wild, as most pirate sets print; highest and none are options.",
    "A2": "Who opens after a call is unsettled: the loser opens; the winner is an option.",
    "A3": "A bid on the wild face counts only the wild dice; it needs no halving as some tables play.",
    "A4": "No exact ('spot on') call: liar is the only challenge.",
    "A5": "Liar needs a standing bid, so the opener of a round must bid.",
    "A6": "The order of dice under a cup is no part of the position: a cup is its multiset of faces.",
    "A7": "Players out of the match rank by when they went out, the later out higher.",
}
