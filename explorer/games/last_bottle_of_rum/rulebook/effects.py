"""The twelve card effects (table D5): who they may target and what they do.

`targets` lists the legal uses of one played card's effect; `resolve_effect` applies
one after its cost is paid (R13-R16). Player-targeting effects are not attacks (A19).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..data import CARDS, CURSE_MAX_VALUE, DISTANCE, EFFECTS, HIDEOUT, TREASURES
from ..model import Ship, UseEffect
from ..modules.bounty import TAKEN, bump
from . import ships as sh
from .work import Work, renew

UNTARGETED = {card: UseEffect(card) for card in CARDS}   # the use of an effect without a target
EFFECT_OF = {c: EFFECTS[card.effect] for c, card in CARDS.items() if card.effect in EFFECTS}


def affordable(ship: Ship, card: str) -> str:
    """Empty if `ship` may pay for `card`'s effect, else the rule that forbids it (R13, R16)."""
    effect = EFFECT_OF[card]
    if ship.doubloons < effect.doubloons:
        return "R13"
    if effect.curse and ship.curse + sh.curse_cost(ship) > CURSE_MAX_VALUE:
        return "R16"
    return ""


def targets(ships: Sequence[Ship], p: int, card: str, options) -> list[UseEffect]:
    """Every legal use of `card`'s effect by player `p` (A19: never from or into the Hideout)."""
    effect = CARDS[card].effect
    me = ships[p]
    if effect not in ("E02", "E07", "E10"):
        return [UNTARGETED[card]]
    if me.cell == HIDEOUT:
        return []
    uses = []
    for t, other in enumerate(ships):
        if t == p or other.cell == HIDEOUT:
            continue
        d = DISTANCE[me.cell][other.cell]
        if effect == "E02" and d <= 1:
            uses.append(UseEffect(card, t))
        elif effect == "E10" and d <= 2 and (sh.tokens(other) < 5 or options["allow_futile_attacks"]):
            uses.append(UseEffect(card, t))
        elif effect == "E07" and d == 0:
            uses += [UseEffect(card, t, tr) for tr in other.treasures if sh.room_for(me, tr)]
    return uses


def resolve_effect(w: Work, p: int, item: UseEffect) -> None:
    """Apply the effect of `item.card` (D5), citing its E ID."""
    effect = CARDS[item.card].effect
    ship = w.ships[p]
    if effect == "E01":
        a = w.turn.actions
        w.turn = renew(w.turn, actions=(a[0] + 2, *a[1:]))
        w.say(f"{w.name(p)} gains 2 Sail actions", "E01")
    elif effect == "E02":
        victim = w.ships[item.target]
        taken = min(2, victim.doubloons)
        w.set(item.target, doubloons=victim.doubloons - taken)
        w.say(f"{w.name(p)} plunders {taken} doubloon(s) from {w.name(item.target)}", "E02", "A19")
        if sh.can_gain_doubloons(ship):
            w.set(p, doubloons=w.ships[p].doubloons + taken)
        else:
            w.say("They sink through the holed hull to the bank", "R31", "E02")
    elif effect == "E03":
        w.turn = renew(w.turn, flags=w.turn.flags.replace("c", "") + "c")
        w.say(f"{w.name(p)} loads chain shot: the next attack rolls twice", "E03")
    elif effect == "E04":
        w.push(("patch", p, 2))
    elif effect == "E05":
        w.push(("peek", p, 2))
    elif effect == "E06":
        w.push(("wind", p, 3))
    elif effect == "E07":
        _board(w, p, item)
    elif effect == "E08":
        w.push(("hands", p))
    elif effect == "E09":
        w.gain(p, 3, "E09")
    elif effect == "E10":
        w.say(f"{w.name(p)} sabotages {w.name(item.target)}", "E10", "A19")
        w.push(("damage", item.target, 1, "E10"))
    elif effect == "E11":
        w.push(("draw", p, 2, 0))
    elif effect == "E12":
        w.set(p, curse=max(0, ship.curse - 1))
        w.say(f"{w.name(p)} Curse {ship.curse} -> {max(0, ship.curse - 1)}", "E12", "R2")


def _board(w: Work, p: int, item: UseEffect) -> None:
    """E07: take a treasure from a ship on your tile, if it is still there and you have room."""
    victim = w.ships[item.target]
    me = w.ships[p]
    if item.treasure not in victim.treasures or me.cell != victim.cell or not sh.room_for(me, item.treasure):
        w.say(f"{w.name(p)}'s boarding party finds nothing to take", "E07")
        return
    w.set(item.target, treasures=tuple(t for t in victim.treasures if t != item.treasure))
    w.set(p, treasures=(*me.treasures, item.treasure))
    w.say(f"{w.name(p)} boards {w.name(item.target)} and takes {TREASURES[item.treasure].name}", "E07", "R29")
    if p == w.active:
        bump(w, TAKEN)
    if p == w.active:
        w.update_limit()


def effect_task(w: Work, task: tuple) -> None:
    """("effect", p, item): the paid effect, after any Kraken its Curse called (R56)."""
    resolve_effect(w, task[1], task[2])
