"""A player turn (T3): Investigate, the Loot action and powers, in any order (R11)."""

from __future__ import annotations

from ..data import RESOURCES
from ..flow import Work, look
from ..model import Move, island_name, parse_island, parse_seat, parse_slot
from ..tokens.knowledge import reveal
from .chance import loot_add, loot_remove, to_discard
from .table import commander, next_islands, opt, supply


def gain_prestige(w: Work, p: int) -> bool:
    """R27: a gain from an empty supply gives nothing."""
    if supply(w) > 0:
        w.set("prestige", p, w.prestige[p] + 1)
        return True
    return False


def paid(w: Work, before: str, kind: str, after: str) -> str:
    """R73, V10: name a tile given up as a cost only when it is shown."""
    return f"{before} a {kind if opt(w, 'reveal_paid_tiles') else 'tile'} {after}"


def _first_of(w: Work, p: int, kind: str) -> int:
    return next(t for t in w.loot[p] if w.kinds[t] == kind)


def turn_action(w: Work, p: int, a: Move) -> None:
    v = a.verb
    if v == "look":
        w.set("turn", 0, w.turn[0] + 1)
        look(w, p, a.arg)
    elif v == "take":
        j, i = parse_slot(a.arg)
        row = w.slots[j]
        t = row[i]
        w.set("slots", j, (*row[:i], -1, *row[i + 1:]))
        loot_add(w, p, t)
        w.set("turn", 2, 1)
        w.say(f"Player {p + 1} takes the tile at {a.arg}", "R19", "R18", "R36", "R71", "H6")
        w.push(("see", t, (p,)), ("gained", p, t, "take"))
    elif v == "pay":
        cmd = commander(w)
        w.set("prestige", p, w.prestige[p] - 1)
        w.set("prestige", cmd, w.prestige[cmd] + 1)
        w.set("turn", 2, 1)
        w.say(f"Player {p + 1} pays a prestige marker to the commander (Player {cmd + 1}) instead of taking loot",
              "R21", "R18", "R23", "A17")
    elif v == "repair":
        c = RESOURCES.index(a.arg)
        w.set("resources", c, w.resources[c] + 1)
        got = gain_prestige(w, p)
        w.set("turn", 2, 1)
        w.say(f"Player {p + 1} repairs the ship's {a.arg}" + (" and gains a marker" if got else
              " (the supply is empty)"), "R24", "R25", "R26", "R27")
    elif v == "steer":
        w.set("turn", 4, 1)
        ahead = next_islands(w)
        w.say(f"Player {p + 1} looks in secret at {', '.join(island_name(j) for j in ahead)}", "R32", "H4",
              "A19", "R34")
        w.push(*[("isee", j, (p,)) for j in ahead])
    elif v == "anchor":
        w.anchor = parse_island(a.arg)
        w.say(f"Player {p + 1} puts the anchor on {a.arg}", "R32", "R33", "R34", "R29")
    elif v == "gamble":
        w.set("turn", 3, 1)
        w.push(("gamble_look", p, parse_seat(a.arg)))
    elif v == "rogue":
        w.set("turn", 3, 1)
        w.push(("rogue_pick", p, parse_seat(a.arg), ()))
    elif v == "tavern":
        t = _first_of(w, p, a.arg)
        loot_remove(w, p, t)
        to_discard(w, t)
        if opt(w, "reveal_paid_tiles"):
            reveal(w, t)
        w.set("turn", 5, 1)
        w.set("turn", 1, w.turn[1] + 2)
        w.say(paid(w, f"Historias de taberna: Player {p + 1} discards", a.arg, "for 2 more Investigate actions"),
              "R48", "R73", "R15")
    elif v == "merchant":
        kind, island = a.arg.split()
        j = parse_island(island)
        t = _first_of(w, p, kind)   # stays in his loot until the exchange (R53)
        if opt(w, "reveal_paid_tiles"):
            reveal(w, t)
        w.set("turn", 6, 1)
        w.say(paid(w, f"Mercader: Player {p + 1} pays", kind, f"to look at every tile of {island}"), "R52", "R73", "H5")
        w.push(*[("see", x, (p,)) for x in w.slots[j] if x >= 0], ("merchant_swap", p, j, t))
    elif v == "end":
        w.pop()
        w.played = (*w.played, p)
        w.current = -1
        w.turn = (0, 0, 0, 0, 0, 0, 0)
        w.say(f"Player {p + 1} ends the turn", "R11", "T3")
        w.push(("call",) if len(w.played) < w.game.players else ("step4",))
