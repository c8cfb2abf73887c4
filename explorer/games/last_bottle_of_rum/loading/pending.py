"""The steps still to resolve (a position's ``pending`` queue): their public names, their shapes,
and the check that each written step is one the rules could have left waiting.

A step is a tuple ``(kind, args...)``; `STEPS` gives each kind the words a player would use
("roll the skull die", "take or leave the treasure", ...) and the kinds of its arguments, so
the position data and the notation both read and write them in those words and refuse any
step whose arguments could not arise (PositionError naming the step and the rule).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from ..data import BOUNTIES, FULL_DECK, MAPS, cell_name, parse_cell
from ..model import UseEffect
from ..notation import parse
from ..text.names import BOUNTY_NAME, CARD_NAME, MAP_NAME, TREASURE_NAME, find


class StepKind(NamedTuple):
    words: str      # what a player would say
    args: str       # one letter per argument, see ARG_WORDS
    rule: str       # the rule that leaves this step waiting
    flag: tuple[str, str] = ("0", "1")     # the words of a 0/1 value ("f")
    minus: str = "-1"                      # the words of -1 for a count ("s")


DRAW_FLAG = ("in play", "at setup")        # S9: a Kraken drawn at setup goes back
SETTLED = "bounties settled"               # V14: the end-of-turn bounty questions were asked


ARG_WORDS = {
    "p": "a seat P1..Pn", "t": "a seat or the Ghost (ghost)", "c": "a board cell q,r", "n": "a whole number",
    "s": "a whole number, or -1 for 'up to the hand size'", "f": "0 or 1", "r": "a rule ID",
    "e": "a played card (and 'on P2', 'taking' a treasure)", "m": "a Map card", "b": "a Bounty card",
    "o": "a Bounty card or nothing ('-')",
}

STEPS: dict[str, StepKind] = {
    # chance steps (a draw, a roll, a flip)
    "first": StepKind("draw for the first player", "", "S10"),
    "card": StepKind("draw an action card", "psf", "R4", DRAW_FLAG, "up to the hand size"),
    "tile": StepKind("turn the tile face up", "pc", "R19"),
    "peek_tile": StepKind("look at the tile", "pcs", "E05", minus="Madame Macaw's look"),
    "map": StepKind("turn up a map", "", "R27"),
    "treasure": StepKind("turn up its treasure", "m", "R27"),
    "roll": StepKind("roll the skull die", "ptf", "R37", ("one roll", "chain shot")),
    "kraken_roll": StepKind("roll for the Kraken", "p", "R53"),
    "token": StepKind("draw a damage token", "pr", "R37"),
    "setup_tile": StepKind("lay a tile face up", "c", "S13"),
    "ghost_card": StepKind("turn up a Ghost card", "", "R72"),
    "ghost_token": StepKind("draw a token for the Ghost", "p", "R81"),
    "ghost_repair": StepKind("repair the Ghost", "", "R74"),
    "bounty_draw": StepKind("draw a bounty card", "po", "R60"),
    # a player's forced choice
    "captain": StepKind("choose a captain", "p", "S5"),
    "pickup": StepKind("take or leave the treasure", "pcr", "R25"),
    "trade": StepKind("trade at the Hideout or keep", "p", "R23"),
    "fire": StepKind("lose a treasure to the fire", "p", "R47"),
    "bowsprit": StepKind("discard down to the hand size", "p", "R50"),
    "shell": StepKind("spend a shell or not", "pnr", "R59"),
    "grog": StepKind("re-roll the miss or accept it", "pt", "R58"),
    "peek": StepKind("peek at a tile or stop", "pn", "E05"),
    "wind": StepKind("sail with the Cursed Wind or stop", "pn", "E06"),
    "patch": StepKind("patch up or stop", "pn", "E04"),
    "hands": StepKind("play one more card or stop", "p", "E08"),
    "weather": StepKind("carry out the weather", "p", "R63"),
    "maelstrom": StepKind("place the maelstrom", "p", "R65"),
    "gale": StepKind("sail with the gale", "pn", "R63"),
    "bounty_keep": StepKind("keep a bounty card", "pbb", "R60"),
    "claim": StepKind("claim the bounty or keep it hidden", "pb", "V14"),
    # what the rules do by themselves (a one-outcome step: "go on")
    "draw": StepKind("refill the hand", "psf", "R4", DRAW_FLAG, "up to the hand size"),
    "pair": StepKind("reveal a new pair", "", "R27"),
    "enter": StepKind("enter the tile", "pcf", "R18", ("sailed in", "just revealed")),
    "damage": StepKind("take damage", "pnr", "R37"),
    "curse": StepKind("gain curses", "pnr", "R14"),
    "kraken": StepKind("the Kraken strikes", "", "R51"),
    "effect": StepKind("the effect resolves", "pe", "R13"),
    "turn_start": StepKind("begin the turn", "", "T1"),
    "to_play": StepKind("go on to play", "", "T3"),
    "next_turn": StepKind("pass the turn", "", "T6"),
    "first_player": StepKind("choose the first player", "", "S10"),
    "ghost_turn": StepKind("the Ghost's turn", "", "R71"),
    "ghost_act": StepKind("the Ghost counts its icons", "", "R72"),
    "ghost_hunt": StepKind("the Ghost hunts", "nn", "R76"),
    "ghost_fire": StepKind("the Ghost fires", "n", "R79"),
    "ghost_end": StepKind("the Ghost ends its turn", "", "R80"),
}
BY_WORDS = {k.words.lower(): name for name, k in STEPS.items()}
SETUP_ONLY = frozenset({"first", "first_player", "captain", "setup_tile"})
TURN_START = frozenset({"turn_start", "to_play"})
GHOST_STEPS = frozenset({"setup_tile", "ghost_card", "ghost_token", "ghost_repair", "ghost_turn", "ghost_act",
                         "ghost_hunt", "ghost_fire", "ghost_end"})
PHASE_WORDS = {"setup": "setup", "start": "start of turn", "play": "play two cards", "main": "actions",
               "over": "game over"}
PHASE_BY_WORDS = {v: k for k, v in PHASE_WORDS.items()}


def _arg(letter: str, x: Any, field: str, n: int, rules) -> Any:
    """One argument of a step from position data, checked against its kind."""
    whole = isinstance(x, int) and not isinstance(x, bool)
    if letter == "p" and whole and 0 <= x < n:
        return x
    if letter == "t" and whole and -1 <= x < n:
        return x
    if letter == "n" and whole and 0 <= x <= 99:
        return x
    if letter == "s" and whole and -1 <= x <= 99:
        return x
    if letter == "f" and whole and x in (0, 1):
        return x
    if letter == "r" and isinstance(x, str) and x in rules:
        return x
    if letter == "m" and isinstance(x, str) and x in MAPS:
        return x
    if letter == "b" and isinstance(x, str) and x in BOUNTIES:
        return x
    if letter == "o" and isinstance(x, str) and (x == "" or x in BOUNTIES):
        return x
    if letter == "c" and isinstance(x, str):
        try:
            return parse_cell(x)
        except (ValueError, KeyError):
            pass
    if letter == "e" and isinstance(x, str):
        try:
            item = parse(x)
        except (ValueError, KeyError, IndexError):
            item = None
        if isinstance(item, UseEffect) and item.card in FULL_DECK and (item.target is None or -1 <= item.target < n):
            return item
    raise PositionError(field, f"{x!r} is not {ARG_WORDS[letter]}")


def step_in(raw: Any, field: str, n: int, rules) -> tuple:
    """A pending step from position data ``[kind, args...]`` (kinds: `STEPS`)."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str) or raw[0] not in STEPS:
        raise PositionError(field, f"{raw!r} is not a step the rules leave waiting")
    kind = raw[0]
    shape = STEPS[kind].args
    args = raw[1:]
    if kind == "next_turn" and args == [1]:
        return (kind, 1)            # V14: the bounty questions of this turn's end were asked
    if len(args) != len(shape):
        raise PositionError(field, f"'{STEPS[kind].words}' takes {len(shape)} values "
                                   f"({', '.join(ARG_WORDS[a] for a in shape) or 'none'}), not {len(args)}")
    return (kind, *(_arg(a, x, f"{field}.{i + 1}", n, rules) for i, (a, x) in enumerate(zip(shape, args,
                                                                                          strict=True))))


def step_out(task: tuple) -> list:
    """A pending step as position data: cells as ``q,r``, effects as their notation."""
    kind = task[0]
    shape = STEPS[kind].args
    out: list = [kind]
    for letter, x in zip(shape, task[1:], strict=False):
        out.append(cell_name(x) if letter == "c" else str(x) if letter == "e" else x)
    out += list(task[1 + len(shape):])
    return out


# -- the notation's words for a step -------------------------------------------------------------
def _word(letter: str, x: Any, kind: StepKind | None = None) -> str:
    if kind is not None and letter == "f" and x in (0, 1):
        return kind.flag[x]
    if kind is not None and letter == "s" and x == -1:
        return kind.minus
    if letter in "pt":
        return "ghost" if x == -1 else f"P{x + 1}"
    if letter == "c":
        return cell_name(x)
    if letter == "o" and not x:
        return "-"
    if letter in "bo":
        return BOUNTY_NAME.get(x, x)
    if letter == "m":
        return MAP_NAME.get(x, x)
    if letter == "e":                  # "Boarding Party SA on P2 taking Brass Spyglass"
        return (CARD_NAME[x.card] + (f" on {_word('t', x.target)}" if x.target is not None else "")
                + (f" taking {TREASURE_NAME[x.treasure]}" if x.treasure else ""))
    return str(x)


def step_words(task: tuple) -> str:
    """``roll the skull die [P1, P2, 0]``: the step's public name and its values."""
    if task == ("next_turn", 1):
        return f"{STEPS['next_turn'].words} [{SETTLED}]"
    kind = STEPS[task[0]]
    values = [_word(a, x, kind) for a, x in zip(kind.args, task[1:], strict=False)] + [str(x) for x in
                                                                                 task[1 + len(kind.args):]]
    return kind.words + (f" [{', '.join(values)}]" if values else "")


def _unword(letter: str, text: str, kind: StepKind) -> Any:
    """The position-data value of one written value (seats P1.. become 0..)."""
    low = text.strip().lower()
    if letter == "f" and low in (kind.flag[0].lower(), kind.flag[1].lower()):
        return (kind.flag[0].lower(), kind.flag[1].lower()).index(low)
    if letter == "s" and low == kind.minus.lower():
        return -1
    if letter in "pt":
        if letter == "t" and low == "ghost":
            return -1
        if low[:1] == "p" and is_number(low[1:]):
            return int(low[1:]) - 1
        return text
    if letter in "nsf":
        try:
            return int(low)
        except ValueError:
            return text
    if letter == "o" and low == "-":
        return ""
    if letter in "bo":
        return find("bounty", text) or text
    if letter == "m":
        return find("map", text) or text
    if letter == "e":
        return _effect_words(text)
    return text.strip() if letter == "c" else text.strip().upper()


def _effect_words(text: str) -> str:
    """``Boarding Party SA on P2 taking Brass Spyglass`` as the action notation ``effect AC39 P2 TR05``."""
    rest, taking, treasure = text.strip().rpartition(" taking ")
    card_text, on, target = (rest if taking else text.strip()).rpartition(" on ")
    card = find("card", card_text if on else (rest if taking else text.strip()))
    if card is None:
        return text
    words = ["effect", card, *([target.strip().upper()] if on else [])]
    if taking:
        words.append(find("treasure", treasure) or treasure)
    return " ".join(words)


def words_step(text: str) -> list:
    """Position data ``[kind, args...]`` for a step written as `step_words` writes it;
    `PositionError` (field ``step``) when no step has that name."""
    text = " ".join(text.split())
    name, _, rest = text.partition(" [")
    kind = BY_WORDS.get(name.lower())
    if kind is None:
        raise PositionError("step", f"{name!r} is not a step; steps: {', '.join(sorted(BY_WORDS))}")
    if not rest:
        return [kind]
    if not rest.endswith("]"):
        raise PositionError("step", f"{text!r}: the values end with ']'")
    values = [v for v in rest[:-1].split(", ")]
    shape = STEPS[kind].args
    if kind == "next_turn" and [v.lower() for v in values] == [SETTLED]:
        return [kind, 1]
    step = STEPS[kind]
    return [kind, *(_unword(shape[i] if i < len(shape) else "n", v, step) for i, v in enumerate(values))]
