"""Automatic tasks of powers and events: triggers on gaining a tile, Juegos de cubierta,
Perdidos, Duelo (R37, R40, R46, R49-R51, R55, R56)."""

from __future__ import annotations

from ..data import GUNNER, LOOT, MONKEY, NEGATIVE, QUARTERMASTER
from ..flow import Work
from ..model import island_name
from ..tokens.knowledge import blur, knows_any, reveal
from .table import depth, opt, order_key, players, prosthetics_open, supply


def _gained(w: Work, task: tuple) -> None:
    """R37 (V11), R40, R46 (A31): powers that trigger when a pirate receives a tile."""
    _, p, t, source = task
    if t not in w.loot[p]:
        return
    kind = w.kinds[t]
    rank = w.chosen[p]
    if rank == MONKEY and kind == "curse" and w.phase == "play":
        w.push(("monkey", p, t))
    elif rank == GUNNER and kind == "wound" and prosthetics_open(w, p):
        trigger = opt(w, "gunner_trigger")
        own_turn = w.current == p
        if (trigger == "own_take" and source == "take" and own_turn) or (
                trigger == "any_gain_own_turn" and own_turn) or trigger == "any_gain_this_round":
            w.push(("gunner", p, t))
    elif rank == QUARTERMASTER and source == "take" and w.current == p and kind not in NEGATIVE:
        w.push(("qm", p, t))


def _rogue_next(w: Work, task: tuple) -> None:
    """R43: after a look the Rogue may look once more, then keep a copper she saw."""
    _, r, q, looked = task
    seen = [t for t in looked if t >= 0]
    if -1 not in looked and len(seen) == 1 and len(w.loot[q]) > 1:
        w.push(("rogue_more", r, q, looked))
    elif any(w.kinds[t] == "copper" for t in seen):
        w.push(("rogue_keep", r, q, looked))


def _lower_ranked_first(w: Work, ps: list[int]) -> list[int]:
    return sorted(ps, key=lambda p: order_key(w, p), reverse=True)


def _jdc_start(w: Work, task: tuple) -> None:
    """R49: everyone with loot stakes one tile face down; fewer than 2 pirates: nothing."""
    n = players(w)
    takers = tuple(p for p in ((w.starter + i) % n for i in range(n)) if w.loot[p])
    if len(takers) < 2:
        w.say("Juegos de cubierta: fewer than two pirates hold loot, nothing happens", "R49", "A41")
        return
    w.push(("stake", takers[0], takers[1:], ()))


def _jdc_reveal(w: Work, task: tuple) -> None:
    """R50, R51, R3: reveal; lowest loses a marker, highest gains one; lowest picks first."""
    stakes = task[1]
    for _, t in stakes:
        reveal(w, t)
    value = {p: LOOT[w.kinds[t]].jdc for p, t in stakes}
    ps = [p for p, _ in stakes]
    high = min(ps, key=lambda p: (-value[p], order_key(w, p)))
    low = min(ps, key=lambda p: (value[p], tuple(-x for x in order_key(w, p))))
    shown = ", ".join(f"Player {p + 1}: {w.kinds[t]}" for p, t in stakes)
    w.say(f"Juegos de cubierta reveals {shown}", "R49", "R50", "H11", "R3", "A26")
    if w.prestige[low] > 0 and w.chosen[low] != MONKEY:
        w.set("prestige", low, w.prestige[low] - 1)
        w.say(f"Player {low + 1} (lowest) loses a prestige marker", "R50")
    else:
        w.say(f"Player {low + 1} (lowest) loses nothing", "R50", "R45")
    if supply(w) > 0:
        w.set("prestige", high, w.prestige[high] + 1)
    w.say(f"Player {high + 1} (highest) gains a prestige marker", "R50", "R27")
    k = ps.index(low)
    order = ps[k:] + ps[:k]
    w.push(("claim", order[0], stakes, tuple(order[1:])))


def _perdidos(w: Work, task: tuple) -> None:
    """R55, C7, H2: shuffle the tiles of the islands ahead (V3 scope); knowledge turns vague."""
    here = depth(w, w.ship)
    scope = opt(w, "perdidos_scope")
    ahead = [j for j in range(8) if depth(w, j) > here]
    if scope == "ahead_and_current":
        ahead = [w.ship, *ahead]
    groups = [ahead] if scope == "pooled_ahead" else [[j] for j in ahead]
    for group in groups:
        slots = tuple((j, i) for j in group for i, t in enumerate(w.slots[j]) if t >= 0)
        tokens = tuple(w.slots[j][i] for j, i in slots)
        zones = tuple(island_name(j) for j in group)
        if len(tokens) < 2:
            continue
        if not knows_any(w, tokens, zones):
            continue   # nobody could tell the shuffle happened: the same distribution (C6)
        blur(w, tokens, zones)
        w.push(("place", slots, ()))
    w.say(f"Perdidos: the loot of {', '.join(island_name(j) for j in ahead) or 'no island'} is shuffled",
          "R55", "C7", "V3", "A25")


def _duel_start(w: Work, task: tuple) -> None:
    """R56, A12, A13: the pirate with the fewest markers (lower rank on ties) must challenge."""
    c = min(range(players(w)), key=lambda p: (w.prestige[p], tuple(-x for x in order_key(w, p))))
    w.say(f"Duelo: Player {c + 1} has the fewest prestige markers and must challenge", "R56", "A12", "A13")
    w.push(("challenge", c))


TASKS = {"gained": _gained, "rogue_next": _rogue_next, "jdc_start": _jdc_start, "jdc_reveal": _jdc_reveal,
         "perdidos": _perdidos, "duel_start": _duel_start}


def run_event_task(w: Work, task: tuple) -> None:
    TASKS[task[0]](w, task)
