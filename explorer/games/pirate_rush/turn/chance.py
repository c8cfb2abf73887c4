"""Chance outcomes: resolving a tile when first seen, blind picks, shuffles, the duel (C1-C13)."""

from __future__ import annotations

from ..data import CHARACTERS
from ..model import Outcome, island_name, parse_seat, slot_name
from ..tokens.knowledge import blur, see
from ..tokens.picks import token
from .table import opt, order_key


def loot_remove(w, p: int, t: int) -> None:
    w.set("loot", p, tuple(x for x in w.loot[p] if x != t))


def loot_add(w, p: int, t: int) -> None:
    w.set("loot", p, tuple(sorted(w.loot[p] + (t,))))


def to_discard(w, t: int) -> None:
    w.discard = tuple(sorted((*w.discard, t)))


def where(w, t: int) -> str:
    for j, row in enumerate(w.slots):
        if t in row:
            return slot_name(j, row.index(t))
    for p, pile in enumerate(w.loot):
        if t in pile:
            return f"Player {p + 1}'s loot"
    return "the discard pile"


def _seen(w, t: int, viewers) -> None:
    see(w, t, viewers)
    for p in viewers:
        w.say(f"Player {p + 1} sees a tile ({where(w, t)})", "H2", "H6", detail=w.kinds[t], to=p)


def _peek(w, j: int, viewers) -> None:
    for p in viewers:
        w.set("peeked", p, w.peeked[p] | {j})
        w.say(f"Player {p + 1} sees the island tile of {island_name(j)}", "H3", "H4", detail=w.islands[j], to=p)


def auto_chance(w, task: tuple) -> bool:
    """Chance tasks that need no draw (already resolved, one candidate): run them, return True."""
    kind = task[0]
    if kind == "see" and w.kinds[task[1]]:
        w.pop()
        _seen(w, task[1], task[2])
        return True
    if kind == "isee" and w.islands[task[1]]:
        w.pop()
        _peek(w, task[1], task[2])
        return True
    if kind == "gamble_give" and not w.loot[task[1]]:
        w.pop()
        exchange(w, task[1], task[2], task[3], -1)
        return True
    if kind == "motin" and (not task[2] or not w.loot[task[1]]):
        w.pop()
        return True
    if kind == "place" and len(task[1]) == 1:
        w.pop()
        _place(w, task, w.slots[task[1][0][0]][task[1][0][1]])
        return True
    return False


def exchange(w, g: int, q: int, got: int, gave: int) -> None:
    """R42 step 3, H7: one tile each way at the same time; others lose track of both piles."""
    before = w.loot[g] + w.loot[q]
    loot_remove(w, q, got)
    loot_add(w, g, got)
    tasks: list[tuple] = [("gained", g, got, "gamble")]
    if gave >= 0:
        loot_remove(w, g, gave)
        loot_add(w, q, gave)
        tasks = [("see", gave, (q,)), *tasks, ("gained", q, gave, "gamble")]
    blur(w, before, (f"P{g + 1}", f"P{q + 1}"), parties=(g, q))
    w.say(f"The Gambler (Player {g + 1}) and Player {q + 1} swap one tile each, blind", "R42", "H7", "R74")
    w.push(*tasks)


def _place(w, task: tuple, t: int) -> None:
    """One Fisher-Yates step: token `t` (from a later slot) swaps into the first slot left."""
    (j, i), rest = task[1][0], task[1][1:]
    old = w.slots[j][i]
    for jj, ii in task[1]:
        if w.slots[jj][ii] == t:
            w.set("slots", jj, tuple(old if k == ii else x for k, x in enumerate(w.slots[jj])))
            break
    w.set("slots", j, tuple(t if k == i else x for k, x in enumerate(w.slots[j])))
    if len(rest) > 1:
        w.push(("place", rest, ()))


def apply_outcome(w, task: tuple, o: Outcome) -> None:
    kind = task[0]
    t = token(w, task, o.arg) if o.kind in ("pick", "place") else -1   # the words name a tile (tokens/picks.py)
    w.pop()
    if kind == "removed":
        w.removed = tuple(o.arg.split())
        w.say(f"Island tiles out of the game (shown to all): {o.arg}", "S2", "C1")
    elif kind == "row":
        skulls = {int(x) for x in w.game.options["skull_characters"].split(",") if x}
        w.row = (1, 2, *map(int, o.arg.split()))
        w.markers = tuple(r for r in w.row if r in skulls)
        names = ", ".join(CHARACTERS[r].name for r in w.row)
        w.say(f"Crew row: {names}; markers on skull characters", "S5", "S6", "S7", "C4")
    elif kind == "starter":
        w.starter = parse_seat(o.arg)
        w.say(f"Player {w.starter + 1} starts (at random)", "S8", "C5")
    elif kind == "see":
        w.set("kinds", task[1], o.arg)
        _seen(w, task[1], task[2])
    elif kind == "isee":
        w.set("islands", task[1], o.arg)
        _peek(w, task[1], task[2])
    elif kind == "place":
        _place(w, task, t)
    elif kind == "duel_rps":
        c, q = task[1], task[2]
        if o.arg == "draw":
            draws = (task[3] if len(task) > 3 else 0) + 1
            duel_drawn(w, c, q, draws, ("duel_rps", c, q, draws))
        else:
            winner, loser = (c, q) if o.arg == "win" else (q, c)
            w.say(f"Player {winner + 1} wins the duel", "R57", "C10")
            w.push(("spoils", winner, loser))
    else:
        _pick(w, task, t)


def duel_drawn(w, c: int, q: int, draws: int, again: tuple) -> None:
    """R57: a drawn throw is thrown again (`again`); under the house rule `duel_throw_limit`
    the duel goes to the higher-ranked duellist (R3) once that many throws were drawn."""
    limit = opt(w, "duel_throw_limit")
    if limit is None or draws < limit:
        w.say("The duel is a draw: throw again", "R57", "C10")
        w.push(again)
        return
    winner = min((c, q), key=lambda p: order_key(w, p))
    w.say(f"{draws} drawn throws: Player {winner + 1}, the higher-ranked duellist, wins the duel (throw limit, "
          "house rule)", "R57", "R3")
    w.push(("spoils", winner, q if winner == c else c))


def _pick(w, task: tuple, t: int) -> None:
    """R74: the blind picks (Gambler, Rogue, duel steal, Quartermaster draw, Motín)."""
    kind = task[0]
    if kind == "gamble_look":
        g, q = task[1], task[2]
        w.say(f"The Gambler (Player {g + 1}) looks at a random tile of Player {q + 1}", "R42", "C8", "H7")
        w.push(("see", t, (g,)), ("gamble_choice", g, q, t))
    elif kind == "gamble_other":
        w.push(("see", t, (task[1],)), ("gamble_give", task[1], task[2], t))
    elif kind == "gamble_give":
        exchange(w, task[1], task[2], task[3], t)
    elif kind == "rogue_pick":
        r, q = task[1], task[2]
        w.say(f"The Rogue (Player {r + 1}) looks at a random tile of Player {q + 1}", "R43", "C9", "H8")
        w.push(("see", t, (r,)), ("rogue_next", r, q, (*task[3], t)))
    elif kind == "steal":
        winner, loser = task[1], task[2]
        before = w.loot[winner] + w.loot[loser]
        loot_remove(w, loser, t)
        loot_add(w, winner, t)
        blur(w, before, (f"P{winner + 1}", f"P{loser + 1}"), parties=(winner, loser))
        w.say(f"Player {winner + 1} steals a random tile from Player {loser + 1}", "R58", "C11", "H10")
        w.push(("see", t, (winner, loser)), ("gained", winner, t, "duel"))
    elif kind == "qm_draw":
        p = task[1]
        before = tuple(x for x in w.discard if x != task[2])   # the excluded tile stays put (V9)
        w.discard = tuple(x for x in w.discard if x != t)
        loot_add(w, p, t)
        blur(w, before, ("D", f"P{p + 1}"), parties=(p,))
        w.say(f"The Quartermaster (Player {p + 1}) draws a random tile from the discard pile", "R40", "C13", "H9")
        w.push(("see", t, (p,)), ("gained", p, t, "trade"))
    elif kind == "motin":
        cmd, stealer = task[1], task[2][0]
        before = w.loot[cmd] + w.loot[stealer]
        loot_remove(w, cmd, t)
        loot_add(w, stealer, t)
        blur(w, before, (f"P{cmd + 1}", f"P{stealer + 1}"), parties=(cmd, stealer))
        w.say(f"Motín: Player {stealer + 1} steals a random tile from the commander (Player {cmd + 1})", "E7", "C12")
        w.push(("see", t, (stealer,)), ("motin", cmd, task[2][1:]))
