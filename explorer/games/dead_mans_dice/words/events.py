"""The most frequent events of a step, each made once per distinct set of values and kept: a
roll, a face, a stack, a plunder, a turn's end, an opening. `flow.Work.tell` reports them; a
playout keeping no events (playout.py) never asks. The other events are worded where they
happen (flow.py, rules.py)."""

from __future__ import annotations

from functools import cache, lru_cache

from explorer.core.events import Event

from ..data import COMPONENTS, DICE_PER_PIRATE, JOLLY, RANK, SKULL, die_showing, die_words, face_words, seat_name


@cache
def rolls(p: int, die: int) -> Event:
    """R11/R12/T2: the active pirate rolls a die from hand."""
    return Event(f"{seat_name(p)} rolls {die_words(die, p)}", ("R11", "R12", "T2"))


@cache
def opening_roll(p: int, die: int) -> Event:
    """R7/T0: a pirate rolls the die that will open a pile."""
    return Event(f"{seat_name(p)} rolls {die_words(die, p)} to open a pile", ("R7", "T0"))


@cache
def restart_roll(v: int, die: int) -> Event:
    """R34: a broadside victim rolls a new base."""
    return Event(f"{seat_name(v)} rolls {die_words(die, v)} to restart", ("R34",))


@cache
def ends_turn(p: int) -> Event:
    """R25/T5: the pirate stops plundering."""
    return Event(f"{seat_name(p)} ends the turn", ("R25", "T5"))


@cache
def shows(die: int, face: int) -> Event:
    """C1/C2 with R2/R3: the face a rolled die shows (a Jolly Roger die's skull is C2)."""
    jolly = die % DICE_PER_PIRATE == JOLLY
    return Event(f"{die_words(die)} shows {face_words(face)}",
                 ("C2" if face == SKULL or jolly else "C1", "R3" if jolly else "R2"))


@cache
def opens(p: int, die: int, face: int) -> Event:
    """R7/A9/R3: the opening die becomes the base of the pirate's pile."""
    return Event(f"{seat_name(p)} opens with {die_showing(die, face, p)}"
                 f"{' (a skull counts as 1)' if face == SKULL else ''}", ("R7", "A9", "R3"))


@cache
def goes_first(p: int, low: int) -> Event:
    """R8/T0: the lowest opening die starts the round."""
    return Event(f"{seat_name(p)} has the lowest opening die ({low}) and goes first", ("R8", "T0"))


@cache
def fires(p: int, target: int) -> Event:
    """R30/V1: a declared broadside."""
    return Event(f"{seat_name(p)} fires a broadside at {seat_name(target)}", ("R30", "V1"))


@cache
def marooned(p: int, face: int, top: int) -> Event:
    """R19/R14: the rolled face fits nowhere; the die goes back to hand."""
    return Event(f"{seat_name(p)} is marooned: {face_words(face)} does not fit on {face_words(top)}, so the die "
                 "goes back to hand", ("R19", "R14"))


@cache
def stacks(p: int, die: int, face: int, top: int | None) -> Event:
    """R13-R18: the rolled die goes on the roller's pile, with the rule that lets it."""
    if top is None:
        rules = ("R13", "R27")
    elif face == SKULL:
        rules = ("R15", "R18")
    else:
        rules = ("R14", "R16" if top == SKULL else "R18")
    return Event(f"{seat_name(p)} stacks {die_showing(die, face, p)} {why_it_fits(face, top)}", rules)


def why_it_fits(face: int, top: int | None) -> str:
    """R13-R16 in words: a new base, a skull, or how the face relates to the top."""
    if top is None:
        return "as the new base"
    if face == SKULL:
        return "(a skull always fits)"
    kind = "matches" if face == RANK[top] else ("is one higher than" if face == RANK[top] + 1 else "makes 7 with")
    return f"({face_words(face)} {kind} {face_words(top)})"


@cache
def plunders(p: int, die: int, face: int, o: int, top: int) -> Event:
    """R21/R22/R24/R26: the opponent's top die moves onto the plunderer's pile."""
    kind = "one higher than" if face == RANK[top] + 1 else "making 7 with"
    return Event(f"{seat_name(p)} plunders {die_showing(die, face)} from {seat_name(o)} ({kind} {face_words(top)})",
                 ("R21", "R22", "R24", "R26"))


@lru_cache(maxsize=4096)
def sunk(shooter: int, target: int, dice: tuple[int, ...], rules: tuple[str, ...]) -> Event:
    """R31/R33/E6: the pile sinks, its dice go home and the shooter walks the plank."""
    return Event(f"{seat_name(target)}'s pile ({', '.join(die_words(d) for d in dice)}) is sunk; the dice go back "
                 f"to their owners. {seat_name(shooter)} walks the plank: -{COMPONENTS.plank}",
                 ("R31", "R33", "E6", *rules))


@cache
def restarts(v: int, die: int, face: int) -> Event:
    """R34/A24: the victim's new base."""
    return Event(f"{seat_name(v)} restarts with {die_showing(die, face, v)} as the new base", ("R34", "A24"))


@lru_cache(maxsize=4096)
def scored(p: int, score: int, doubled: bool, keelhauled: bool, total: int) -> Event:
    """E5/E2: a pirate's round score, doubled under a skull top (E3), keelhauled (E4)."""
    notes = "".join([" (skull on top: doubled)" if doubled else "",
                     " (keelhauled: Jolly Roger die still in hand, -7)" if keelhauled else ""])
    return Event(f"{seat_name(p)} scores {score:+d}{notes}, total {total}",
                 ("E5", "E2", *(("E3",) if doubled else ()), *(("E4",) if keelhauled else ())))
