"""Every pending step of a Pirate Rush position in the words a player would use.

A position's ``stack`` holds pending steps under short internal names; people never see
them. This table gives each one its public phrase (what a player would say: "choose a
character", "adjust the ship and end the round", "Perdidos shuffles the islands ahead")
and the rule that says whose move it is, so errors, the short notation and the docs
speak the game's language. `ARGS` lists what each step carries, for the notation.
"""

from __future__ import annotations

# internal step -> (public phrase, rule that orders it)
STEPS: dict[str, tuple[str, str]] = {
    "removed": ("set aside 4 island tiles", "S2"),
    "row": ("draw the crew row", "S5"),
    "starter": ("draw the starting player", "S8"),
    "choose_start": ("choose the starting player", "S8"),
    "setup_looks": ("setup investigations", "S9"),
    "setup_look": ("setup investigation", "S9"),
    "round": ("start the round", "T1"),
    "draft": ("choose a character", "R4"),
    "markers": ("markers on the unchosen characters", "R6"),
    "flip": ("flip the island", "R8"),
    "call": ("name the next player", "R10"),
    "turn": ("turn", "R10"),
    "step4": ("adjust the ship and end the round", "T4"),
    "over": ("final scoring", "E8"),
    "see": ("see a tile", "H2"),
    "isee": ("see an island tile", "H3"),
    "gained": ("react to a new tile", "R37"),
    "gunner": ("Gunner: swap the wound", "R37"),
    "qm": ("Quartermaster: trade the tile", "R40"),
    "qm_draw": ("Quartermaster draws from the discard pile", "R40"),
    "monkey": ("Monkey: pass on the curse", "R46"),
    "gamble_look": ("Gambler looks at a random tile", "R42"),
    "gamble_choice": ("Gambler: keep it or take another", "R42"),
    "gamble_other": ("Gambler takes another tile", "R42"),
    "gamble_give": ("Gambler gives a tile", "R42"),
    "rogue_pick": ("Rogue looks at a random tile", "R43"),
    "rogue_next": ("Rogue after a look", "R43"),
    "rogue_more": ("Rogue: look again", "R43"),
    "rogue_keep": ("Rogue: keep the copper", "R43"),
    "merchant_swap": ("Mercader: take a tile", "R53"),
    "jdc_start": ("Juegos de cubierta", "R49"),
    "stake": ("Juegos de cubierta: stake", "R49"),
    "jdc_reveal": ("Juegos de cubierta: reveal", "R50"),
    "claim": ("Juegos de cubierta: pick up", "R51"),
    "perdidos": ("Perdidos", "R55"),
    "place": ("Perdidos shuffles", "R55"),
    "duel_start": ("Duelo", "R56"),
    "challenge": ("Duelo: challenge", "R56"),
    "throw": ("Duelo: throw", "R57"),
    "duel_rps": ("Duelo: the throws decide", "R57"),
    "winner_pick": ("Duelo: the table names the winner", "R57"),
    "spoils": ("Duelo: spoils", "R58"),
    "steal": ("Duelo: steal", "R58"),
    "motin": ("Motín", "E7"),
    "tie": ("the table breaks the tie", "E10"),
}
BY_PHRASE = {phrase.lower(): name for name, (phrase, _) in STEPS.items()}

# what each step carries after its name, in order: seat, seats, count, island, tile, tiles
# (a tile or "-" for none), stakes ((seat, tile) pairs), places (island slots), word; "unit" is
# an empty argument written as nothing; "count?" may be left out
ARGS: dict[str, tuple[str, ...]] = {
    "setup_look": ("seat", "count"), "draft": ("seat",), "turn": ("seat",), "see": ("tile", "seats"),
    "isee": ("island", "seats"), "gained": ("seat", "tile", "word"), "gunner": ("seat", "tile"),
    "qm": ("seat", "tile"), "monkey": ("seat", "tile"), "qm_draw": ("seat", "tile"),
    "gamble_look": ("seat", "seat"), "gamble_choice": ("seat", "seat", "tile"),
    "gamble_other": ("seat", "seat", "tile"), "gamble_give": ("seat", "seat", "tile"),
    "rogue_pick": ("seat", "seat", "tiles"), "rogue_next": ("seat", "seat", "tiles"),
    "rogue_more": ("seat", "seat", "tiles"), "rogue_keep": ("seat", "seat", "tiles"),
    "merchant_swap": ("seat", "island", "tile"), "stake": ("seat", "seats", "stakes"),
    "jdc_reveal": ("stakes",), "claim": ("seat", "stakes", "seats"), "challenge": ("seat",),
    "throw": ("seat", "seat", "seat", "word", "count?"), "duel_rps": ("seat", "seat", "count?"),
    "winner_pick": ("seat", "seat", "seat"), "spoils": ("seat", "seat"), "steal": ("seat", "seat"),
    "motin": ("seat", "seats"), "tie": ("seats",), "over": ("seat?",), "place": ("places", "unit"),
}


def phrase(task_name: str) -> str:
    return STEPS.get(task_name, (task_name, ""))[0]


def rule(task_name: str) -> str:
    return STEPS.get(task_name, ("", "T3"))[1]
