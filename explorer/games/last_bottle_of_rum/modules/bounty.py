"""Module V1, Bounty Hunt: Outpost draws (R60, R61), the 20 conditions (D8) and claims (R62).

The active player's per-turn counters live in `Modules.stats` (indices below); a condition
is checked after every step, at the end of the turn (B06, B11, B16, B19) and at its event
(B07 trade, B10 Kraken roll, B17 Hideout entry).
"""

from __future__ import annotations

from ..data import BOUNTIES, DISTANCE, TREASURES
from ..model import GHOST
from ..rulebook import ships as sh
from ..rulebook.work import Work, renew, win_check

DEALT, BURST, HITS, LONG, REVEALED, PEAK, CURSED, REEFS, SPENT, OUTPOSTS, TAKEN, DREW, DECLINED = range(13)
NO_STATS = (0,) * 13
END_OF_TURN = ("B06", "B11", "B16", "B19")


def on(w: Work) -> bool:
    return bool(w.mods.bounties)


def fresh_stats(w: Work) -> None:
    """T1: counters start afresh each turn; PEAK remembers the damage held (B09)."""
    if on(w):
        stats = list(NO_STATS)
        stats[PEAK] = sh.tokens(w.ships[w.active])
        w.mods = renew(w.mods, stats=tuple(stats))


def bump(w: Work, index: int, amount: int = 1, *, bit: int = -1) -> None:
    """Add to one counter (or set a bit) of the active player's turn."""
    if not w.mods.stats:            # no counters: the module is off (V1) or no turn runs
        return
    stats = list(w.mods.stats)
    stats[index] = stats[index] | (1 << bit) if bit >= 0 else stats[index] + amount
    w.mods = renew(w.mods, stats=tuple(stats))


def note_hit(w: Work, target: int, rule: str) -> None:
    """A damage token drawn because of the active player's attack or effect (B01, B03-B05)."""
    if not w.mods.bounties or rule not in ("R37", "E10", "R81") or target == w.active:
        return
    bump(w, DEALT)
    bump(w, BURST)
    bump(w, HITS, bit=5 if target == GHOST else target)
    cell = w.mods.ghost.cell if target == GHOST else w.ships[target].cell
    if DISTANCE[w.ships[w.active].cell][cell] >= 3:
        bump(w, LONG)


def note_damage(w: Work, p: int) -> None:
    if w.mods.stats and p == w.active:
        stats = list(w.mods.stats)
        stats[PEAK] = max(stats[PEAK], sh.tokens(w.ships[p]))
        w.mods = renew(w.mods, stats=tuple(stats))


TURN_MET = {   # D8: the per-turn conditions, from the counters `st` and the turn record
    "B01": lambda w, st, ship: st[DEALT] >= 3, "B02": lambda w, st, ship: len(w.turn.played) >= 4,
    "B03": lambda w, st, ship: st[BURST] >= 2, "B04": lambda w, st, ship: st[HITS].bit_count() >= 2,
    "B05": lambda w, st, ship: st[LONG] > 0, "B08": lambda w, st, ship: st[REVEALED] >= 3,
    "B09": lambda w, st, ship: st[PEAK] >= 2 and sh.tokens(ship) == 0,
    "B12": lambda w, st, ship: st[CURSED] >= 2, "B13": lambda w, st, ship: st[REEFS] >= 2,
    "B14": lambda w, st, ship: w.turn.moves >= 5, "B15": lambda w, st, ship: st[SPENT] >= 5,
    "B18": lambda w, st, ship: st[OUTPOSTS] == 3, "B20": lambda w, st, ship: st[TAKEN] >= 2,
}


def _turn_met(w: Work, b: str, p: int) -> bool:
    """D8: bounty `b`'s per-turn condition (`TURN_MET`) for player `p`; the others never here."""
    met = TURN_MET.get(b)
    return met is not None and met(w, w.mods.stats, w.ships[p])


def end_met(w: Work, b: str, p: int) -> bool:
    """D8: the end-of-turn conditions B06, B11, B16, B19."""
    ship = w.ships[p]
    return {"B06": sum(TREASURES[t].value for t in ship.treasures) >= 6, "B11": ship.doubloons >= 8,
            "B16": sh.tokens(ship) >= 4, "B19": ship.curse == 4}.get(b, False)


def declined(w: Work, b: str) -> bool:
    """V14 off: the owner kept `b` hidden when it was last offered this turn (bounty ids are
    unique, so one bit per bounty serves every owner)."""
    return bool(w.mods.stats) and bool(w.mods.stats[DECLINED] >> int(b[1:]) & 1)


def check_turn(w: Work) -> bool:
    """After each step: the active player's per-turn bounties (R62). True when one was completed
    (claimed or offered): only then has anything changed that `flow.settle` must see to."""
    p = w.active
    if not on(w) or p < 0 or not w.mods.stats or w.phase == "over":
        return False
    done = False
    for b in w.mods.bounties[p]:
        if not declined(w, b) and _turn_met(w, b, p):
            complete(w, p, b)
            done = True
    return done


def check_end(w: Work) -> list[tuple]:
    """T5: bounties judged at the end of a turn; returns the questions for the owner (V14 off)."""
    p = w.active
    asks: list[tuple] = []
    if on(w) and p >= 0:
        for b in w.mods.bounties[p]:
            if b in END_OF_TURN and end_met(w, b, p):
                if w.options["bounty_auto_claim"]:
                    claim(w, p, b)
                else:
                    asks.append(("claim", p, b))
    return asks


def event(w: Work, p: int, b: str) -> None:
    """An event condition (B07, B10, B17) happened to `p`; a bounty its owner kept hidden this
    turn is not offered again (V14 off)."""
    if on(w) and p >= 0 and b in w.mods.bounties[p] and not declined(w, b):
        complete(w, p, b)


def complete(w: Work, p: int, b: str) -> None:
    """R62 / V14: claim at once, or let the owner choose."""
    if w.options["bounty_auto_claim"]:
        claim(w, p, b)
    else:
        w.push(("claim", p, b))


def claim(w: Work, p: int, b: str) -> None:
    """R62: reveal the bounty, +1 Loot, set it aside; 10 Loot wins at once (E1)."""
    m = w.mods
    if b not in m.bounties[p] or w.phase == "over":
        return
    held = tuple(x for x in m.bounties[p] if x != b)
    done = tuple(sorted((*m.claimed[p], b)))
    w.mods = m._replace(bounties=_set(m.bounties, p, held), claimed=_set(m.claimed, p, done))
    ship = w.ships[p]
    w.set(p, loot=ship.loot + 1)
    w.say(f"{w.name(p)} completes the bounty {BOUNTIES[b].name} ({b}): +1 Loot", "R62", "V14", "E2", b)
    win_check(w, p)


def decline(w: Work, p: int, b: str) -> None:
    """V14 off: the owner keeps a completed bounty hidden; it is not offered again this turn,
    whoever's turn it is (a Lucky Devil, B10, may come true at every Kraken roll)."""
    w.say(f"{w.name(p)} keeps a bounty hidden", "V14")
    if w.mods.stats:
        bump(w, DECLINED, bit=int(b[1:]))


def _set(rows: tuple, p: int, row: tuple) -> tuple:
    return (*rows[:p], row, *rows[p + 1:])


# -- Outposts ------------------------------------------------------------------------------------
def visit(w: Work, p: int, tile: str) -> None:
    """R60, R61 (A22): entering an Outpost draws 2 Bounty cards, once per turn."""
    if not on(w) or p != w.active:
        return
    bump(w, OUTPOSTS, bit=0 if tile == "T21" else 1)
    if w.mods.stats[DREW]:
        w.say(f"{w.name(p)} already took a bounty this turn", "R61")
        return
    if not w.mods.bounty_deck:
        w.say("The Bounty deck is empty", "R60")
        return
    bump(w, DREW)
    w.say(f"{w.name(p)} visits an Outpost and draws Bounty cards", "R60", "V1")
    w.push(("bounty_draw", p, ""))


def drawn(w: Work, task: tuple, card: str) -> None:
    """C10: one Bounty card drawn; after 2 (or the last card) the player keeps one."""
    _, p, first = task
    m = w.mods
    deck = list(m.bounty_deck)
    deck.remove(card)
    top = (m.bounty_top, m.bounty_knower) if card != m.bounty_top else ("", -1)
    w.mods = m._replace(bounty_deck=tuple(deck), bounty_top=top[0], bounty_knower=top[1])
    w.say(f"{w.name(p)} draws a Bounty card", "R60", "C10", detail=BOUNTIES[card].name, visible_to=p)
    if not first and deck:
        w.push(("bounty_draw", p, card))
    else:
        w.push(("bounty_keep", p, first, card) if first else ("bounty_keep", p, card, card))


def keep(w: Work, task: tuple, card: str) -> None:
    """R60: keep one face down; the other goes back on top, known to this player."""
    _, p, a, b = task
    other = b if card == a else a
    m = w.mods
    held = tuple(sorted((*m.bounties[p], card)))
    m = m._replace(bounties=_set(m.bounties, p, held))
    if other != card:
        m = m._replace(bounty_deck=tuple(sorted((*m.bounty_deck, other))), bounty_top=other, bounty_knower=p)
    w.mods = m
    w.say(f"{w.name(p)} keeps a bounty and puts the other back on top", "R60", detail=f"keeps {BOUNTIES[card].name}",
          visible_to=p)
