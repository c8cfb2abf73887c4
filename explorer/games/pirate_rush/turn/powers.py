"""Decisions inside powers and events: Gunner, Quartermaster, Gambler, Rogue, Monkey, Mercader,
Juegos de cubierta, Duelo (R37-R46, R49-R58)."""

from __future__ import annotations

from ..flow import Work
from ..model import Move, parse_seat, parse_slot
from ..tokens.knowledge import blur, forget_kind, reveal
from .actions import paid
from .chance import duel_drawn, loot_add, loot_remove, to_discard
from .table import THROWS, opt


def power_decision(w: Work, task: tuple, a: Move) -> None:
    kind = task[0]
    w.pop()
    if kind == "gunner":
        _, p, t = task
        if a.arg != "none":
            reveal(w, t)
            loot_remove(w, p, t)
            to_discard(w, t)
            w.set("prosthetics", p, tuple(sorted((*w.prosthetics[p], a.arg))))
            w.say(f"The Gunner (Player {p + 1}) shows a wound and swaps it for a {a.arg}",
                  "R37", "R38", "R39", "V11")
    elif kind == "qm":
        _quartermaster(w, task, a)
    elif kind == "gamble_choice":
        _, g, q, t = task
        w.say(f"The Gambler (Player {g + 1}) " + ("keeps the tile he looked at" if a.arg == "keep"
                                             else "takes another tile, blind"), "R42", "C8")
        w.push(("gamble_give", g, q, t) if a.arg == "keep" else ("gamble_other", g, q, t))
    elif kind == "rogue_more":
        _, r, q, looked = task
        if a.arg == "more":
            w.push(("rogue_pick", r, q, looked))
        else:
            w.push(("rogue_next", r, q, (*looked, -1)))
    elif kind == "rogue_keep":
        _, r, q, looked = task
        if a.arg == "keep":
            t = next(x for x in looked if x >= 0 and w.kinds[x] == "copper")
            forget_kind(w, w.loot[q], "copper", parties=(r, q))
            loot_remove(w, q, t)
            loot_add(w, r, t)
            reveal(w, t)
            w.say(f"The Rogue (Player {r + 1}) shows a copper and keeps it", "R43", "H8")
            w.push(("gained", r, t, "rogue"))
    elif kind == "monkey":
        _, p, t = task
        if a.arg != "none":
            q = parse_seat(a.arg)
            reveal(w, t)
            loot_remove(w, p, t)
            loot_add(w, q, t)
            w.say(f"The Monkey (Player {p + 1}) shows a new curse and gives it to Player {q + 1}", "R46", "R73")
    elif kind == "merchant_swap":
        _, p, j, coin = task
        _, i = parse_slot(a.arg)
        t = w.slots[j][i]
        loot_remove(w, p, coin)
        into = coin if opt(w, "mercader_coin_to") == "island_slot" else -1
        w.set("slots", j, tuple(into if k == i else x for k, x in enumerate(w.slots[j])))
        if into < 0:
            to_discard(w, coin)
        loot_add(w, p, t)
        w.say(f"Mercader: Player {p + 1} takes {a.arg}" + (" and leaves the coin in its place" if into >= 0
              else "; the coin goes to the discard pile"), "R53", "R54", "V4", "H5")
        w.push(("gained", p, t, "merchant"))
    elif kind == "stake":
        _, p, rest, stakes = task
        staked = {t for _, t in stakes}
        t = next(x for x in w.loot[p] if w.kinds[x] == a.arg and x not in staked)
        stakes = (*stakes, (p, t))
        w.say(f"Juegos de cubierta: Player {p + 1} puts a tile face down in the centre", "R49", "H11",
              detail=a.arg, to=p)
        w.push(("stake", rest[0], rest[1:], stakes) if rest else ("jdc_reveal", stakes))
    elif kind == "claim":
        _, p, stakes, order = task
        q = parse_seat(a.arg)
        t = dict(stakes)[q]
        loot_remove(w, q, t)
        loot_add(w, p, t)
        w.say(f"Juegos de cubierta: Player {p + 1} picks up Player {q + 1}'s {w.kinds[t]}", "R51", "H11")
        left = tuple(x for x in stakes if x[0] != q)
        w.push(*((("claim", order[0], left, order[1:]),) if order else ()), ("gained", p, t, "jdc"))
    elif kind == "challenge":
        _duel_start(w, task[1], parse_seat(a.arg))
    elif kind == "throw":
        _, who, c, q, first = task[:5]
        draws = task[5] if len(task) > 5 else 0     # drawn throws so far (duel_throw_limit)
        if who == c:
            w.say(f"Player {c + 1} throws in secret", "R57", "C10", detail=a.arg, to=c)
            w.push(("throw", q, c, q, a.arg, draws))
        else:
            beats = {(THROWS[i], THROWS[i - 1]) for i in range(3)}
            w.say(f"Throws: {first} against {a.arg}", "R57", "C10")
            if first == a.arg:
                duel_drawn(w, c, q, draws + 1, ("throw", c, c, q, "", draws + 1))
            else:
                winner = c if (first, a.arg) in beats else q
                w.push(("spoils", winner, q if winner == c else c))
    elif kind == "winner_pick":
        winner = parse_seat(a.arg)
        loser = task[3] if winner == task[2] else task[2]
        w.say(f"The table names Player {winner + 1} the duel's winner", "R57", "V2")
        w.push(("spoils", winner, loser))
    elif kind == "spoils":
        _spoils(w, task[1], task[2], a.arg)
    elif kind == "tie":
        named = parse_seat(a.arg)
        w.say(f"The table names Player {named + 1} the winner of the tie", "E10", "V13")
        w.push(("over", named))


def _duel_start(w: Work, c: int, q: int) -> None:
    mode = opt(w, "duel_mode")
    w.say(f"Duelo: Player {c + 1} challenges Player {q + 1}", "R56", "R57")
    if mode in ("random", "coin"):
        w.push(("duel_rps", c, q))
    elif mode == "choice":
        w.push(("throw", c, c, q, ""))
    else:
        w.push(("winner_pick", c, c, q))


def _spoils(w: Work, winner: int, loser: int, arg: str) -> None:
    """R58, H10: give one own tile (chosen), steal one blind, or nothing."""
    if arg.startswith("give"):
        kind = arg.split()[1]
        t = next(x for x in w.loot[winner] if w.kinds[x] == kind)
        before = w.loot[winner] + w.loot[loser]
        loot_remove(w, winner, t)
        loot_add(w, loser, t)
        blur(w, before, (f"P{winner + 1}", f"P{loser + 1}"), parties=(winner, loser))
        w.say(f"Player {winner + 1} gives Player {loser + 1} a tile", "R58", "H10")
        w.push(("see", t, (loser,)), ("gained", loser, t, "duel"))
    elif arg == "steal":
        w.push(("steal", winner, loser))
    else:
        w.say(f"Player {winner + 1} lets the loser be", "R58")


def _quartermaster(w: Work, task: tuple, a: Move) -> None:
    """R40, R41, H9: trade a just-taken non-negative tile."""
    _, p, t = task
    if a.arg == "none":
        return
    if opt(w, "reveal_paid_tiles"):
        reveal(w, t)
    loot_remove(w, p, t)
    to_discard(w, t)
    if a.arg == "discard":
        w.say(paid(w, f"The Quartermaster (Player {p + 1}) discards", w.kinds[t], "to draw from the discard pile"),
              "R40", "R73", "V9")
        w.push(("qm_draw", p, t if opt(w, "qm_draw_excludes_own") else -1))
        return
    j, i = parse_slot(a.arg)
    new = w.slots[j][i]
    w.set("slots", j, tuple(-1 if k == i else x for k, x in enumerate(w.slots[j])))
    loot_add(w, p, new)
    skipped = opt(w, "qm_islands") == "skipped"
    where = "an island the route skipped" if skipped else "an island the ship can no longer visit"
    w.say(paid(w, f"The Quartermaster (Player {p + 1}) discards", w.kinds[t], f"and takes {a.arg} from {where}"),
          "R40", "R41", *(("A20", "V21") if skipped else ()), "R73")
    w.push(("see", new, (p,)), ("gained", p, new, "trade"))
