"""Forced choices: the decisions a waiting task asks for (captain, pickup, trade, fire, ...).

Each handler cites the digest IDs it applies.
"""

from __future__ import annotations

from ..data import TREASURES
from ..model import (
    ChooseCaptain,
    Claim,
    Discard,
    KeepBounty,
    Leave,
    Lose,
    Peek,
    Play,
    Repair,
    Reroll,
    Sail,
    Shell,
    Stop,
    Take,
    Trade,
    Weather,
)
from ..modules import bounty as bt
from ..modules import weather as wx
from ..text.names import card_words
from . import ships as sh
from .resolve import _remove, _spend, look, move, play, repair
from .work import Work, renew, win_check


def _captain(w: Work, task: tuple, item: ChooseCaptain) -> None:
    """S5: the captain's board, ship and (Crabby Jones) 2 Shells."""
    p = task[1]
    w.set(p, captain=item.captain, shells=2 if item.captain == sh.CRABBY else 0)
    w.say(f"Player {p + 1} takes the ship of {item.captain}", "S5", "S6", "S11")


def _pickup(w: Work, task: tuple, item: Take | Leave) -> None:
    """R25-R29: take the treasure for free; its map is discarded and a new pair appears (R27)."""
    p = task[1]
    if isinstance(item, Leave):
        w.say(f"{w.name(p)} leaves the treasure", task[3])
        return
    pair = next(pr for pr in w.display if pr[1] == item.treasure)
    w.display = tuple(pr for pr in w.display if pr != pair)
    w.map_discard = tuple(sorted((*w.map_discard, pair[0])))
    ship = w.ships[p]
    w.set(p, treasures=(*ship.treasures, item.treasure))
    treasure = TREASURES[item.treasure]
    w.say(f"{w.name(p)} takes {treasure.name} ({treasure.value})", task[3], "R28", "R29")
    if p == w.active:
        bt.bump(w, bt.TAKEN)
    then: list[tuple] = []
    if treasure.ability == "purse":
        w.gain(p, 2, "R29")
    if treasure.ability == "booby_trap":
        then.append(("damage", p, 1, "R29"))
    if p == w.active and w.phase == "main":
        if treasure.ability == "extra_sail":
            _spend(w, "S", -1)
        if treasure.ability == "extra_repair":
            _spend(w, "R", -1)
    ship = w.ships[p]
    if len(ship.hand) > sh.hand_size(ship, w.options):
        then.append(("bowsprit", p))
    then.append(("pair",))
    w.push(*then)


def _trade(w: Work, task: tuple, item: Trade) -> None:
    """R23: trade treasures aboard for Loot on entering the Hideout; they go to the discard (A8)."""
    p = task[1]
    if not item.treasures:
        w.say(f"{w.name(p)} keeps the treasures aboard", "R23")
        return
    ship = w.ships[p]
    kept = tuple(t for t in ship.treasures if t not in item.treasures)
    gained = sum(TREASURES[t].value for t in item.treasures)
    w.set(p, treasures=kept, loot=ship.loot + gained)
    w.treasure_discard = tuple(sorted((*w.treasure_discard, *item.treasures)))
    w.say(f"{w.name(p)} trades {len(item.treasures)} treasure(s) for {gained} Loot", "R23", "E2", "V4")
    win_check(w, p)
    if gained >= 5:
        bt.event(w, p, "B07")


def _lose(w: Work, task: tuple, item: Lose) -> None:
    """R47 (A11): the owner picks the treasure the fire destroys."""
    p = task[1]
    ship = w.ships[p]
    w.set(p, treasures=_remove(ship.treasures, item.treasure))
    w.treasure_discard = tuple(sorted((*w.treasure_discard, item.treasure)))
    w.say(f"{w.name(p)} loses {TREASURES[item.treasure].name} to the fire", "R47", "A11")
    if sh.over_capacity(w.ships[p]):
        w.push(("fire", p))


def _discard(w: Work, task: tuple, item: Discard) -> None:
    """R50 (A12): discard down to the reduced hand size at once."""
    p = task[1]
    ship = w.ships[p]
    w.set(p, hand=_remove(ship.hand, item.card))
    w.discard = tuple(sorted((*w.discard, item.card)))
    w.say(f"{w.name(p)} discards {card_words(item.card)}", "R50", "A12")
    ship = w.ships[p]
    if len(ship.hand) > sh.hand_size(ship, w.options):
        w.push(("bowsprit", p))


def _shell(w: Work, task: tuple, item: Shell) -> None:
    """D9, R59: Crabby Jones may spend 1 Shell per damage event to draw 1 fewer."""
    _, p, n, rule = task
    if item.use:
        w.set(p, shells=w.ships[p].shells - 1)
        w.say(f"{w.name(p)} spends a Shell", "R59", "R58")
        n -= 1
    w.push(*((("token", p, rule),) * n))


def _grog(w: Work, task: tuple, item: Reroll) -> None:
    _, p, target = task
    if item.use:
        w.turn = renew(w.turn, flags=w.turn.flags + "g")
        w.say(f"{w.name(p)} re-rolls the miss", "R58")
        w.push(("roll", p, target, 0))


def _peek_choice(w: Work, task: tuple, item: Peek | Stop) -> None:
    if isinstance(item, Peek):
        look(w, task[1], item.cell, task[2] - 1)


def _wind(w: Work, task: tuple, item: Sail | Stop) -> None:
    """E06: up to 3 free moves under the normal entry rules and limits."""
    if isinstance(item, Sail):
        p = task[1]
        if task[2] > 1:
            w.push(("wind", p, task[2] - 1))
        move(w, p, item.cell)


def _patch(w: Work, task: tuple, item: Repair | Stop) -> None:
    """E04: remove up to 2 tokens."""
    if isinstance(item, Repair):
        repair(w, task[1], item.kind, "E04")
        if task[2] > 1:
            w.push(("patch", task[1], task[2] - 1))


def _hands(w: Work, task: tuple, item: Play | Stop) -> None:
    """E08: play 1 more card from your hand."""
    if isinstance(item, Play):
        play(w, task[1], item.cards)


def _weather(w: Work, task: tuple, item: Weather) -> None:
    wx.resolve(w, task[1], item.card)


def _gale(w: Work, task: tuple, item: Sail) -> None:
    """D7 Gale: exactly 2 moves, or fewer if a limit forbids (normal entry rules)."""
    if task[2] > 1:
        w.push(("gale", task[1], task[2] - 1))
    move(w, task[1], item.cell)


def _keep(w: Work, task: tuple, item: KeepBounty) -> None:
    bt.keep(w, task, item.bounty)


def _claim(w: Work, task: tuple, item: Claim) -> None:
    """V14 off: the owner reveals a completed bounty, or keeps it hidden."""
    if item.use:
        bt.claim(w, task[1], item.bounty)
    else:
        bt.decline(w, task[1], item.bounty)


FORCED = {"weather": _weather, "maelstrom": wx.place, "gale": _gale, "bounty_keep": _keep, "claim": _claim,
          "captain": _captain, "pickup": _pickup, "trade": _trade, "fire": _lose, "bowsprit": _discard,
          "shell": _shell, "grog": _grog, "peek": _peek_choice, "wind": _wind, "patch": _patch,
          "hands": _hands}

