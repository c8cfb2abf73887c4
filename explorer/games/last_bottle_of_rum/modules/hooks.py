"""The modules' hooks into the base game's flow (V1-V3), kept apart so the base stays small."""

from __future__ import annotations

from ..rulebook import ships as sh
from ..rulebook.work import Work, renew
from . import ghost, weather
from .bounty import REEFS, bump, visit


def modules_enter(w: Work, p: int, cell: int, tile) -> None:
    """R70 (A29) Ghost-mode coins; R60 Outposts; reef entries counted for B13."""
    if w.mods.coins >> cell & 1:
        if sh.can_gain_doubloons(w.ships[p]):
            w.mods = renew(w.mods, coins=w.mods.coins & ~(1 << cell))
            w.set(p, doubloons=w.ships[p].doubloons + 1)
            w.say(f"{w.name(p)} picks up the coin lying on {tile.name}", "R70", "S13")
        else:
            w.say(f"{w.name(p)}'s holed hull cannot take the coin: it stays", "R70", "A29", "R31")
    if w.mods.bounties:
        if tile.reef and p == w.active:
            bump(w, REEFS)
        if tile.kind == "outpost":
            visit(w, p, tile.id)


MODULE_STEPS = {"ghost_turn": ghost.turn, "ghost_act": ghost.act, "ghost_hunt": ghost.hunt,   # V3: the Ghost's
                "ghost_fire": ghost.fire, "ghost_end": ghost.end}                          # automatic steps
MODULE_STILL_NEEDED = {   # when a module's waiting step still asks something (flow.STILL_NEEDED)
    "ghost_card": ghost.refill_deck,
    "ghost_token": lambda w, t: w.mods.ghost is not None and any(w.bag()),
    "ghost_repair": lambda w, t: w.mods.ghost is not None and sum(w.mods.ghost.damage) > 0,
    "bounty_draw": lambda w, t: bool(w.mods.bounty_deck),
    "weather": lambda w, t: bool(weather.unresolved(w.turn)),
    "gale": lambda w, t: t[2] > 0 and w.can_move(t[1]),
    "claim": lambda w, t: t[2] in w.mods.bounties[t[1]],
}
