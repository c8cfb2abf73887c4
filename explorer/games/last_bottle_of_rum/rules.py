"""The rulebook of The Last Bottle of Rum: legal actions, chance outcomes, the step, scores, winners.

Legal actions come from the waiting task (a forced choice) or the phase (play two cards,
then the main phase, T3-T4). Chance outcomes are exact (rulebook/chance.py). A step applies
one action or outcome to a working copy (rulebook/work.py), then `flow.settle` the rest.
`RumState` (model.py) answers the game contract from these functions (Game.RULEBOOK).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from explorer.core.chance import sample
from explorer.core.errors import IllegalAction

from .data import (
    ACTIONS,
    CAPTAINS,
    CARDS,
    CONST,
    DAMAGE,
    DISTANCE,
    EFFECTS,
    HIDEOUT,
    ICONS,
    MAP_TILE,
    NEIGHBOURS,
    TREASURES,
    WEATHER,
)
from .explain import describe as words
from .explain import explain
from .flow import settle
from .groups import outcome_group, stage_text
from .model import (
    EARN,
    END,
    GHOST,
    GO_ON,
    LEAVE,
    STOP,
    WHIRL,
    Attack,
    ChooseCaptain,
    Claim,
    Discard,
    Exchange,
    KeepBounty,
    Lose,
    Peek,
    Play,
    Repair,
    Reroll,
    RumState,
    Sail,
    Shell,
    Take,
    Trade,
    UseEffect,
    Weather,
)
from .modules import weather as wx
from .modules.bounty import check_turn
from .rulebook import ships as sh
from .rulebook.chance import outcomes, sample_outcome
from .rulebook.choices import FORCED
from .rulebook.effects import affordable, targets
from .rulebook.resolve import MAIN, outcome, play
from .rulebook.work import Work, off_bank

GIVE = tuple("".join(c) for c in combinations_with_replacement(ACTIONS, 3))   # R12, R63: wild ones too
GIVE_COUNTS = {g: tuple(g.count(i) for i in ACTIONS) for g in GIVE}
EXCHANGES = {g: tuple(Exchange(g, i) for i in ICONS) for g in GIVE}
SAILS = tuple(tuple(Sail(c) for c in NEIGHBOURS[cell]) for cell in range(len(NEIGHBOURS)))
REPAIRS = tuple(Repair(k) for k in DAMAGE)
REPAIR_SHELL = Repair("shell")
ATTACKS = {q: Attack(q) for q in (GHOST, *range(CONST["max_players"]))}
PEEKS = tuple(Peek(c) for c in range(len(NEIGHBOURS)))
TAKES = {t: Take(t) for t in TREASURES}
LOSSES = {t: Lose(t) for t in TREASURES}
DISCARDS = {c: Discard(c) for c in CARDS}
_EXCHANGE_CACHE: dict[tuple[int, ...], tuple] = {}
_REPAIR_CACHE: dict[tuple[int, ...], tuple[Repair, ...]] = {}
EFFECT_CARDS = frozenset(c for c, card in CARDS.items() if card.effect in EFFECTS)   # R13: cards with an effect


def exchanges(actions: tuple[int, ...]) -> tuple:
    """R12: every 3-for-1 trade the unused `actions` allow (cached per action count), but none that
    gives back a type it takes ("Sail+Sail+Sail for Sail"): it only loses actions, so it is never
    offered (R12 lets you trade for "an action of your choice"; a trade for one you give away changes
    nothing you could not do without it)."""
    found = _EXCHANGE_CACHE.get(actions)
    if found is None:
        found = tuple(e for give, need in GIVE_COUNTS.items()
                      if all(a >= n for a, n in zip(actions, need, strict=True)) for e in EXCHANGES[give]
                      if e.get not in give)
        _EXCHANGE_CACHE[actions] = found
    return found


def repairs(damage: tuple[int, ...]) -> tuple[Repair, ...]:
    """R43: a repair of each kind of token held (cached per damage counts: a few hundred)."""
    found = _REPAIR_CACHE.get(damage)
    if found is None:
        found = _REPAIR_CACHE[damage] = tuple(REPAIRS[i] for i, n in enumerate(damage) if n)
    return found


# -- the rulebook a `RumState` answers the contract from (`RulesState`, Game.RULEBOOK) -----------
def legal_actions(s: RumState) -> tuple:
    """The decisions open now: the waiting forced choice's, else the phase's (T3, T4)."""
    return tuple(legal(s)) if s._node[0] == "decision" else ()


def chance_outcomes(s: RumState) -> tuple:
    """Every outcome with its exact probability (rulebook/chance.py); "go on" for an automatic step."""
    node = s._node[0]
    if node == "auto":
        return ((GO_ON, Fraction(1)),)
    return outcomes(s) if node == "chance" else ()


def sample_chance(s: RumState, rng: random.Random):
    """Exact fast sampling: a uniform index into what is unseen, or the die's faces."""
    if s._node[0] == "auto":
        return sample(chance_outcomes(s), rng)
    return sample_outcome(s, rng)


def step(s: RumState, item) -> RumState:
    """Apply one action or outcome to a working copy, settle the automatic tasks (T4), and
    check the bounties after every step (V1, D8)."""
    w = Work(s)
    node = s._node[0]
    if node == "chance":
        task = s.pending[0]
        w.pending = s.pending[1:]
        outcome(w, task, item)
    elif node != "auto":            # "go on" leaves `settle` to resolve the waiting automatic steps
        decide(w, s.pending[0] if s.pending else None, item)
    settle(w)
    if w.mods.bounties and check_turn(w):    # nothing completed: nothing new to settle
        settle(w)
    w.update_limit()
    return w.freeze(s, item)


def decide(w: Work, task: tuple | None, item: object) -> None:
    """Apply a decision: a forced choice when `task` is set (rulebook/choices.py), else a
    main-phase or play action (rulebook/resolve.py)."""
    if task is not None:
        w.pending = w.pending[1:]
        FORCED[task[0]](w, task, item)
        return
    if isinstance(item, Play):
        play(w, w.active, item.cards)
        w.phase = "main"
    else:
        MAIN[type(item)](w, w.active, item)
    w.update_limit()


def explain_illegal(s: RumState, action) -> IllegalAction:
    """Why `action` is not legal here (explain.py)."""
    return explain(s, action)


def describe(s: RumState, action) -> str:
    """The action or outcome in plain words (explain.py)."""
    return words(action, s)


def scores(s: RumState) -> tuple[int, ...]:
    """Loot Points (E2)."""
    return tuple(x.loot for x in s.ships)


def winners(s: RumState) -> tuple[tuple[int, ...], ...]:
    """The winner (R1), then the others by Loot."""
    first = (s.winner,) if s.winner >= 0 else ()
    rest = sorted({x.loot for p, x in enumerate(s.ships) if p != s.winner}, reverse=True)
    return (*((first,) if first else ()),
            *(tuple(p for p, x in enumerate(s.ships) if p != s.winner and x.loot == v) for v in rest))


# -- decisions ---------------------------------------------------------------------------------
def legal(s: RumState) -> list:
    if s.pending:
        task = s.pending[0]
        return FORCED_LEGAL[task[0]](s, task)
    if s.phase == "play":
        return wx.plays(s.ships[s.active].hand)
    return main_actions(s)


def can_move(s: RumState) -> bool:
    """R45, R46: with a 1-move limit, 1 move counted from when it began."""
    t = s.turn
    return "k" not in t.flags and (t.limit_from < 0 or t.moves < t.limit_from + 1)


def bank(s: RumState) -> int | None:
    limit = s.game.options["bank_limit"]
    return None if limit is None else limit - sum([x.doubloons for x in s.ships]) - off_bank(s.mods)


def attack_targets(s: RumState, p: int) -> list[int]:
    """R33-R42: opponents this ship may attack now."""
    ship = s.ships[p]
    t = s.turn
    if ship.cell == HIDEOUT or not sh.can_attack(ship) or (ship.doubloons < 1 and not sh.has(ship, "free_attacks")):
        return []
    futile = s.game.options["allow_futile_attacks"]
    attack = t.actions[2] + t.actions[4]     # R34, R63: wild actions used as Attack make up the range
    out = []
    for q, other in enumerate(s.ships):
        if q == p or q in t.attacked or other.cell == HIDEOUT or (sh.tokens(other) >= 5 and not futile):
            continue
        if sh.attack_need(ship, DISTANCE[ship.cell][other.cell]) <= attack:
            out.append(q)
    ghost = s.mods.ghost
    if ghost is not None and GHOST not in t.attacked and ghost.cell >= 0 \
            and sh.attack_need(ship, DISTANCE[ship.cell][ghost.cell]) <= attack:
        out.append(GHOST)     # R36, R81: the Ghost is one more opponent
    return out


def main_actions(s: RumState) -> list:
    p = s.active
    ship = s.ships[p]
    t = s.turn
    sail, earn, attack, rep, wild = t.actions   # R63: a wild action is any of the four when used
    acts: list = []
    if (sail or wild) and can_move(s):
        acts += SAILS[ship.cell]
        if s.mods.maelstrom and wx.whirl_target(s.mods, ship.cell) >= 0:
            acts.append(WHIRL)
    if (earn or wild) and sh.can_gain_doubloons(ship) and bank(s) != 0:
        acts.append(EARN)
    if attack or wild:
        acts += [ATTACKS[q] for q in attack_targets(s, p)]
    if rep or wild:
        acts += repairs(ship.damage)
        if ship.captain == sh.CRABBY and ship.shells < 2:
            acts.append(REPAIR_SHELL)
    if sail + earn + attack + rep + wild >= 3:
        acts += exchanges(t.actions)
    played = t.played
    for card in played:
        if card in EFFECT_CARDS and card not in t.used and not affordable(ship, card):
            acts += targets(s.ships, p, card, s.game.options)
    if ship.captain == sh.MACAW and "m" not in t.flags:
        acts += [PEEKS[c] for c in macaw_cells(s, p)]
    waiting = wx.unresolved(t) if played and not WEATHER.isdisjoint(played) else ()
    if waiting:
        acts += [Weather(c) for c in waiting]     # V13 anytime: carried out before the turn ends (R63)
    else:
        acts.append(END)
    return acts


def macaw_cells(s: RumState, p: int) -> list[int]:
    ship = s.ships[p]
    return [c for c in range(1, 31) if not s.face_up >> c & 1 and c not in ship.peeks
            and DISTANCE[ship.cell][c] <= 2]


def _captains(s, task):
    taken = {x.captain for x in s.ships}
    return [ChooseCaptain(n) for n in CAPTAINS if n not in taken]


def _pickup(s, task):
    ship = s.ships[task[1]]
    tile = s.tiles[task[2]]
    return [*(TAKES[t] for m, t in s.display if MAP_TILE[m] == tile and sh.room_for(ship, t)), LEAVE]


def _trade(s, task):
    aboard = s.ships[task[1]].treasures
    if s.game.options["hideout_trade_mode"] == "all":
        return [Trade(aboard), Trade(())]
    return [Trade(c) for n in range(len(aboard), -1, -1) for c in combinations(aboard, n)]


def _peek(s, task):
    ship = s.ships[task[1]]
    return [*(PEEKS[c] for c in range(1, 31) if not s.face_up >> c & 1 and c not in ship.peeks), STOP]


def _wind(s, task):
    return [*(SAILS[s.ships[task[1]].cell] if can_move(s) else ()), STOP]


def _patch(s, task):
    ship = s.ships[task[1]]
    return [*(Repair(k) for k, n in zip(DAMAGE, ship.damage, strict=True) if n), STOP]


def _hands(s, task):
    return [*(wx.play_of((c,)) for c in s.ships[task[1]].hand), STOP]


def _keep(s, task):
    return [KeepBounty(c) for c in dict.fromkeys(task[2:])]


FORCED_LEGAL = {
    "weather": lambda s, t: [Weather(c) for c in wx.unresolved(s.turn)],
    "maelstrom": lambda s, t: list(wx.PLACES),
    "gale": lambda s, t: list(SAILS[s.ships[t[1]].cell]),
    "bounty_keep": _keep,
    "claim": lambda s, t: [Claim(t[2], True), Claim(t[2], False)],
    "captain": _captains, "pickup": _pickup, "trade": _trade,
    "fire": lambda s, t: [LOSSES[x] for x in dict.fromkeys(s.ships[t[1]].treasures)],
    "bowsprit": lambda s, t: [DISCARDS[c] for c in s.ships[t[1]].hand],
    "shell": lambda s, t: [Shell(True), Shell(False)],
    "grog": lambda s, t: [Reroll(True), Reroll(False)],
    "peek": _peek, "wind": _wind, "patch": _patch, "hands": _hands,
}

__all__ = ["RumState", "UseEffect", "outcome_group", "stage_text"]
