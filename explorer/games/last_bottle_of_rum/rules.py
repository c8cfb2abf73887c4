"""The state of The Last Bottle of Rum: legal actions, chance outcomes and the step.

Legal actions come from the waiting task (a forced choice) or the phase (play two cards,
then the main phase, T3-T4). Chance outcomes are exact (chance.py).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

from explorer.core.chance import sample
from explorer.core.errors import IllegalAction
from explorer.core.game import State

from . import ships as sh
from . import weather as wx
from .bounty import check_turn
from .chance import outcomes, sample_outcome
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
)
from .effects import affordable, targets
from .flow import Work, off_bank, settle
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
    Repair,
    Reroll,
    Sail,
    Shell,
    Take,
    Trade,
    UseEffect,
    Weather,
)
from .resolve import decide, outcome

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


class RumState(State):
    """A position of The Last Bottle of Rum. `pending` is the queue of steps still to resolve
    (chance draws, forced choices) in the order the rules resolve them."""
    from .groups import outcome_group, stage_text  # the chance panel's groups, the step in words

    __slots__ = ("_legal", "_node", "active", "deck", "discard", "display", "face_up", "map_deck",
                 "map_discard", "mods", "pending", "phase", "ships", "tiles", "treasure_deck", "treasure_discard",
                 "turn", "turns", "winner")

    def _key(self) -> tuple:
        return (self.ships, self.tiles, self.face_up, self.display, self.map_deck, self.map_discard,
                self.treasure_deck, self.treasure_discard, self.deck, self.discard, self.active,
                self.phase, self.turn, self.pending, self.winner, self.turns, self.mods)

    # -- node ------------------------------------------------------------------------------------
    @property
    def player(self) -> int | None:
        return self._node[1]

    @property
    def is_chance(self) -> bool:
        return self._node[0] in ("chance", "auto")

    @property
    def is_over(self) -> bool:
        return self._node[0] == "over"

    def legal_actions(self) -> tuple:
        try:
            return self._legal
        except AttributeError:
            value = tuple(legal(self)) if self._node[0] == "decision" else ()
            object.__setattr__(self, "_legal", value)
            return value

    def chance_outcomes(self) -> tuple:
        node = self._node[0]
        if node == "auto":
            return ((GO_ON, Fraction(1)),)
        return outcomes(self) if node == "chance" else ()

    def sample_chance(self, rng: random.Random):
        """Exact fast sampling: a uniform index into what is unseen, or the die's faces."""
        if self._node[0] == "auto":
            return sample(self.chance_outcomes(), rng)
        return sample_outcome(self, rng)

    def _step(self, item) -> RumState:
        w = Work(self)
        if self._node[0] == "auto":
            pass                        # "go on": `settle` resolves the waiting automatic steps
        elif self._node[0] == "chance":
            task = self.pending[0]
            w.pending = self.pending[1:]
            outcome(w, task, item)
        else:
            decide(w, self.pending[0] if self.pending else None, item)
        settle(w)
        if w.mods.bounties:
            check_turn(w)
            settle(w)
        w.update_limit()
        return w.freeze(self, item)

    def describe(self, action) -> str:
        """The action or outcome in plain words."""
        from .describe import describe

        return describe(action, self)

    def action_places(self, action) -> tuple[str, ...]:
        """Board places (``data-place`` values) the action involves, the element it is made on first."""
        from .board_moves import action_places

        return action_places(self, action)

    def action_target(self, action) -> str:
        from .board_moves import action_target

        return action_target(self, action)

    def action_menu(self, action) -> tuple[str, ...]:
        from .board_moves import action_menu

        return action_menu(self, action)

    def explain_illegal(self, action) -> IllegalAction:
        from .illegal import explain

        return explain(self, action)

    # -- scores and views --------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Loot Points (E2)."""
        return tuple(s.loot for s in self.ships)

    def winners(self) -> tuple[tuple[int, ...], ...]:
        """The winner (R1), then the others by Loot."""
        if not self.is_over:
            return ()
        first = (self.winner,) if self.winner >= 0 else ()
        rest = sorted({s.loot for p, s in enumerate(self.ships) if p != self.winner}, reverse=True)
        return (*((first,) if first else ()),
                *(tuple(p for p, s in enumerate(self.ships) if p != self.winner and s.loot == v) for v in rest))

    def view(self, player: int | None = None):
        from .position import view

        return view(self, player)

    def to_dict(self) -> dict:
        from .position import to_dict

        return to_dict(self)

    def notation(self) -> str:
        """This position in the short notation (`game.position` reads it back)."""
        from .position_text import write

        return write(self)

    def cut_off(self) -> str | None:
        """``turn_limit`` when that house rule ended the game before anyone reached 10 Loot (E3)."""
        if self.phase == "over" and self.winner < 0 and self.game.options["turn_limit"] is not None:
            return "turn_limit"
        return None

    def _repr_svg_(self) -> str:
        return self.view(None)._repr_svg_()


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
    return None if limit is None else limit - sum(x.doubloons for x in s.ships) - off_bank(s.mods)


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
        acts += [REPAIRS[i] for i, n in enumerate(ship.damage) if n]
        if ship.captain == sh.CRABBY and ship.shells < 2:
            acts.append(REPAIR_SHELL)
    if sail + earn + attack + rep + wild >= 3:
        acts += exchanges(t.actions)
    for card in t.played:
        if card in EFFECT_CARDS and card not in t.used and not affordable(ship, card):
            acts += targets(s.ships, p, card, s.game.options)
    if ship.captain == sh.MACAW and "m" not in t.flags:
        acts += [PEEKS[c] for c in macaw_cells(s, p)]
    waiting = wx.unresolved(t) if t.played else ()
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

__all__ = ["RumState", "UseEffect"]
