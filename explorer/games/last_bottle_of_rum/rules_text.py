"""`RULES`: every digest ID of The Last Bottle of Rum in one line, in the project's own words.

The effect table (E01-E12) and the island tiles (T01-T30) share the digest's ID style, so
their lines are built from the data file.
"""

from __future__ import annotations

from .data import BOUNTIES, EFFECTS, TILES

_LINES = """
S1|The Hideout sits in the centre; all 30 island tiles lie face down around it in random order.
S2|Three Map + Treasure pairs are turned face up; each treasure lies on the island its map shows.
S3|With 4 or 5 players a fourth pair is shown (2 with the Ghost module).
S4|The Action deck is shuffled; without the Weather module its 10 Weather cards stay out (76 cards).
S5|Each player takes a captain's board, ship and tokens; Crabby Jones also takes 2 Shells.
S6|Every captain starts at 0 Loot and 0 Curses.
S7|All 25 damage tokens go into the bag; captains start with 0 doubloons (V10).
S8|Everyone draws 4 Action cards, Humboldt 5.
S9|A Kraken dealt at setup goes back into the deck, which is reshuffled, and a replacement is drawn.
S10|The first player is chosen at random (or by the first_player option).
S11|All ships start in the Pirates' Hideout.
S12|Weather module: the two Maelstrom tokens start off the board.
S13|Ghost module: tiles dealt face up, a coin on each doubloon-icon tile, 2 pairs, white ship on the Skull Cave.
T1|Start of turn: take a new treasure on your tile if there is room, then suffer start-of-turn penalties.
T2|Refill your hand to your hand size; Krakens drawn resolve at once and are replaced.
T3|Play exactly two cards from your hand face up.
T4|Use actions, exchanges and paid effects in any order; reveals, pickups and trades happen at once.
T5|End of turn: played cards are discarded, unused actions are lost, the rest of the hand stays.
T6|Play passes clockwise to the next captain.
R1|Reaching 10 or more Loot wins at once.
R2|Loot never drops below 0; Curses stay between 0 and 5.
R3|Turns go clockwise.
R4|At the start of your turn you must draw up to your hand size (4).
R5|Humboldt's hand size is 5.
R6|A Kraken card drawn in play attacks at once, is discarded and replaced; it never counts as a hand card.
R7|An empty Action deck is refilled by shuffling the discard pile.
R8|You play exactly two cards (fewer only if your hand is smaller); more only through effects.
R9|Actions and effects of your played cards may be used in any order.
R10|Using actions and effects is optional.
R11|Each action icon gives one Sail, Earn-doubloons, Attack or Repair action.
R12|Any 3 unused actions may be traded for 1 action of your choice, as often as you can.
R13|A played card's effect is used only by paying its full doubloon cost to the bank.
R14|An effect with a tentacle icon also costs 1 Curse.
R15|Each played card's effect can be used once per turn.
R16|A Curse-icon effect is forbidden if it would take you above 5 Curses.
R17|Played cards go to the discard pile at the end of the turn; unplayed cards stay in hand.
R18|A Sail action moves your ship to an adjacent tile, the Hideout included.
R19|Moving onto a face-down tile turns it face up; you never pass a tile unrevealed.
R20|Revealing a tile with a doubloon icon earns 1 doubloon, once.
R21|Entering a reef tile draws 1 damage token.
R22|Any number of ships may share a tile.
R23|Entering the Hideout you may trade all treasures aboard for their Loot value.
R24|A displayed pair's treasure lies on its map's island, even if that tile is still face down.
R25|Entering a treasure's island you may take it for free if you have room.
R26|A pair appearing on your own tile can be taken at the start of your turn or by entering again.
R27|A taken treasure's map is discarded and a new pair is shown at once; empty decks reshuffle.
R28|A ship has 2 treasure slots (Archie 3); a bulky treasure fills 2.
R29|A treasure's bonus or penalty applies while aboard; pickup effects happen once.
R30|Each Earn-doubloons action gives 1 doubloon.
R31|A ship with a HULL token gains no doubloons from any source, but keeps its own.
R32|The bank holds 34 doubloons; a gain is cut to what is left.
R33|One Attack action reaches a ship on your tile or an adjacent one.
R34|Each tile between you and the target costs one more Attack action; range bonuses cut that.
R35|Each attack also costs 1 doubloon.
R36|Each opponent can be attacked at most once per turn.
R37|The attacker rolls the skull die; the target draws one damage token per skull.
R38|Tokens go on their type's space; more of one type change nothing more.
R39|A ship never holds more than 5 damage tokens; extra draws are skipped.
R40|A ship with 5 tokens cannot be attacked or targeted (V6 allows a futile attack).
R41|Nobody attacks from or into the Pirates' Hideout.
R42|A ship with a CANNON token cannot attack.
R43|A Repair action returns one token of your choice to the bag.
R44|A damage effect ends when the last token of its type leaves.
R45|SAIL: at most 1 move per turn, by any means.
R46|A movement limit gained mid-turn still allows 1 more move that turn.
R47|FIRE: one treasure slot fewer; treasures that no longer fit are discarded, owner's choice.
R48|CANNON blocks attacks only; other effects against players remain allowed.
R49|HULL: no doubloon gains.
R50|BOWSPRIT: hand size 1 smaller (never below 2); discard down at once.
R51|The Kraken attacks when its card is drawn or when a captain reaches 5 Curses.
R52|The Kraken attacks every captain tied for the most Curses; nobody if all are at 0.
R53|Each victim rolls the die and loses that many Loot and Curses.
R54|Missing Loot is taken as damage tokens instead.
R55|Staying at 5 Curses calls no new Kraken; further Curse gains at 5 are lost.
R56|A Kraken called by a Curse cost resolves before the paid effect; one drawn mid-refill before the refill goes on.
R57|Only at setup does a Kraken card simply go back into the deck.
R58|Each captain has a unique ability (table D9).
R59|Before Crabby Jones draws damage he may spend a Shell to draw one fewer.
R60|Bounty Hunt: entering an Outpost draws 2 Bounty cards; keep 1 face down, the other goes back on top, known to you.
R61|Bounty Hunt: at most 1 Bounty card per turn; a second Outpost visit gives nothing.
R62|Bounty Hunt: a bounty whose condition is met is shown for +1 Loot and set aside; one event may complete several.
R63|Weather: a card gives 1 or 2 wild actions (each any one of S, D, A, R when used) and a mandatory effect this turn.
R64|Weather: cards never kept; 1 in hand is played with 1 other, 2+ alone; one drawn mid-turn is played at once.
R65|Weather: a Maelstrom card puts (or moves) both Maelstrom tokens on two different tiles, never the Hideout.
R66|Weather: on one Maelstrom token, 1 Sail action takes you to the other for 1 move and 1 damage draw.
R67|Weather: the Maelstrom tokens stay until the game ends.
R68|Ghost: the automa plays only in 2-player games.
R69|Ghost: no tile is ever face down.
R70|Ghost: a coin on a tile goes to the first player ship entering it (not a holed hull, never the Ghost).
R71|Ghost: it takes a turn after both players have had theirs.
R72|Ghost: it turns the top 2 Action cards (a Kraken resolves, is replaced) and acts: doubloons, repair, hunt, fire.
R73|Ghost: 1 doubloon per D icon; at 5 its power Haunting strikes and its doubloons go back to the bank.
R74|Ghost: each R icon removes 1 of its face-down damage tokens.
R75|Ghost: it hunts the most valuable treasure on an island or a ship outside the Hideout; ties: nearest, lowest TR id.
R76|Ghost: 1 tile per S icon, shortest path, never the Hideout, ending in range of most players; then E NE NW W SW SE.
R77|Ghost: reaching its target it takes it (3 slots, the oldest is discarded) and hunts on with the moves left.
R78|Ghost: it never scores, reefs never hurt it, and it ignores Maelstroms and Outposts.
R79|Ghost: at the end of its turn every player ship within range R (its Attack icons) outside the Hideout draws 1 token.
R80|Ghost: its 2 cards then go to the discard pile.
R81|Ghost: players may attack it normally; each hit gives it 1 face-down token from the bag.
R82|Ghost: 3 tokens sink it: the last attacker takes its newest treasure if there is room; back to the Skull Cave.
E1|The game ends the moment a captain has 10 Loot; that captain wins.
E2|Loot comes only from trades and bounties, minus Kraken losses; nothing else scores.
E3|There is no other end; decks reshuffle; events resolve one at a time, so nobody ties.
E4|The Ghost never wins and has no score.
V1|bounty_hunt: the Bounty Hunt module (off).
V2|weather: the Weather module with the Maelstrom (off).
V3|ghost: the Ghost automa for 2 players (off).
V4|hideout_trade_mode: trade all treasures, or any subset.
V5|reef_damage: reefs hurt on every entry, or only on reveal.
V6|allow_futile_attacks: may a ship at 5 damage be attacked.
V7|ghost_damage_per_skull: the Ghost takes 1 token per skull instead of 1 per hit (off).
V8|ghost_may_stop_early: the Ghost may stop short of its moves to stay in range (off).
V9|ghost_loses_all_treasures_on_sinking: a sinking Ghost loses every treasure (off).
V10|starting_doubloons: doubloons each captain starts with (0).
V11|bank_limit: 34 doubloons, or unlimited.
V12|hideout_protects_from_kraken: may the Hideout shelter ships from the Kraken.
V13|weather_timing: Weather effects at once ('immediate') or any time before the turn ends ('anytime').
V14|bounty_auto_claim: completed bounties are claimed automatically (on) or when the owner chooses.
V15|min_hand_size: the smallest hand size damage can leave (2).
"""

RULES: dict[str, str] = dict(line.split("|", 1) for line in _LINES.strip().splitlines())
for _effect in EFFECTS.values():
    _cost = " + ".join(filter(None, [f"{_effect.doubloons} doubloons" if _effect.doubloons else "",
                                     "1 Curse" if _effect.curse else ""]))
    RULES[_effect.id] = f"Card effect {_effect.name} (costs {_cost}), table D5."
for _tile in TILES.values():
    _marks = ", ".join(filter(None, ["doubloon icon" if _tile.doubloon else "", "reef" if _tile.reef else ""]))
    RULES[_tile.id] = f"Tile {_tile.name}: {_tile.kind.replace('_', ' ')}{', ' + _marks if _marks else ''} (D2)."
for _bounty in BOUNTIES.values():
    RULES[_bounty.id] = f"Bounty {_bounty.name}: {_bounty.condition} (D8)."
