"""The state of The Last Bottle of Rum: legal actions, chance outcomes and the step.

Legal actions come from the waiting task (a forced choice) or the phase (play two cards,
then the main phase, T3-T4). Chance outcomes are exact: cards, tiles, maps and treasures
are uniform over what is unseen, the die follows C1 and C12, tokens follow the bag (C3).
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
from .data import (
    CAPTAINS,
    CARDS,
    CONST,
    DAMAGE,
    DAMAGE_COUNT,
    DIE,
    DISTANCE,
    EFFECTS,
    HIDEOUT,
    ICONS,
    NEIGHBOURS,
    TILES,
)
from .effects import affordable, targets
from .flow import Work, off_bank, settle
from .model import (
    DRAWS,
    EARN,
    END,
    FACES,
    GHOST,
    LEAVE,
    ROLLS,
    STOP,
    TOKENS,
    WHIRL,
    Attack,
    BountyCard,
    ChooseCaptain,
    Claim,
    Discard,
    DrawCard,
    Exchange,
    FirstPlayer,
    KeepBounty,
    Lose,
    MapCard,
    Peek,
    Play,
    Repair,
    Reroll,
    Sail,
    Shell,
    Take,
    Trade,
    TreasureCard,
    UseEffect,
    Weather,
)
from .resolve import decide, outcome

ONE_DIE = (Fraction(1, 6), Fraction(1, 2), Fraction(1, 3))              # C1
BEST_OF_TWO = (Fraction(1, 36), Fraction(5, 12), Fraction(5, 9))       # C12, E03
WORST_OF_TWO = (Fraction(11, 36), Fraction(7, 12), Fraction(1, 9))     # C12, TR06
GIVE = tuple("".join(c) for c in combinations_with_replacement(ICONS, 3))
GIVE_COUNTS = {g: tuple(g.count(i) for i in ICONS) for g in GIVE}
EXCHANGES = {g: tuple(Exchange(g, i) for i in ICONS) for g in GIVE}
ALL_TILES = frozenset(TILES)
SAILS = tuple(tuple(Sail(c) for c in NEIGHBOURS[cell]) for cell in range(len(NEIGHBOURS)))
REPAIRS = tuple(Repair(k) for k in DAMAGE)
REPAIR_SHELL = Repair("shell")
ATTACKS = {q: Attack(q) for q in (GHOST, *range(CONST["max_players"]))}
_EXCHANGE_CACHE: dict[tuple[int, ...], tuple] = {}
EFFECT_CARDS = frozenset(c for c, card in CARDS.items() if card.effect in EFFECTS)   # R13: cards with an effect


def exchanges(actions: tuple[int, ...]) -> tuple:
    """R12: every 3-for-1 trade the unused `actions` allow (cached per action count)."""
    found = _EXCHANGE_CACHE.get(actions)
    if found is None:
        found = tuple(e for give, need in GIVE_COUNTS.items()
                      if all(a >= n for a, n in zip(actions, need, strict=True)) for e in EXCHANGES[give])
        _EXCHANGE_CACHE[actions] = found
    return found


def _dice(table: tuple[Fraction, ...]) -> tuple:
    return tuple((ROLLS[s], p) for s, p in enumerate(table) if p)


class RumState(State):
    """A position of The Last Bottle of Rum. `pending` is the queue of steps still to resolve
    (chance draws, forced choices) in the order the rules resolve them."""

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
        return self._node[0] == "chance"

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
        return outcomes(self) if self._node[0] == "chance" else ()

    def sample_chance(self, rng: random.Random):
        """Exact fast sampling: a uniform index into what is unseen, or the die's faces."""
        return sample_outcome(self, rng)

    def _step(self, item) -> RumState:
        w = Work(self)
        if self._node[0] == "chance":
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

        return describe(action)

    def action_places(self, action) -> tuple[str, ...]:
        """Board places (``data-place`` values) the action involves."""
        from .describe import places

        return places(self, action)

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

    def _repr_svg_(self) -> str:
        return self.view(None)._repr_svg_()


# -- chance ------------------------------------------------------------------------------------
def _bag(s: RumState) -> list[int]:
    counts = list(DAMAGE_COUNT)
    for ship in s.ships:
        for i, n in enumerate(ship.damage):
            counts[i] -= n
    if s.mods.ghost is not None:
        for i, n in enumerate(s.mods.ghost.damage):
            counts[i] -= n
    return counts


def sample_outcome(s, rng: random.Random):
    """One outcome of the chance node `s` (a state or a `Work`) with its exact probability:
    a uniform index into what is unseen (C6-C8), the die's faces (C1), the bag (C3); the
    other nodes through `sample` over `outcomes`."""
    task = s.pending[0]
    kind = task[0]
    if kind == "card" or kind == "ghost_card":
        return DRAWS[s.deck[rng.randrange(len(s.deck))]]
    if kind in ("tile", "peek_tile", "setup_tile"):
        left = sorted(ALL_TILES.difference(s.tiles))
        return FACES[left[rng.randrange(len(left))]]
    if kind == "roll" and task[3] == 0:
        return ROLLS[DIE[rng.randrange(6)]]
    if kind in ("token", "ghost_token"):
        bag = _bag(s)
        ticket = rng.randrange(sum(bag))
        for i, n in enumerate(bag):
            ticket -= n
            if ticket < 0:
                return TOKENS[i]
    return sample(outcomes(s), rng)


def _uniform(items, make) -> tuple:
    p = Fraction(1, len(items))
    return tuple((make(i), p) for i in items)


def outcomes(s: RumState) -> tuple:
    task = s.pending[0]
    kind = task[0]
    if kind == "first":
        return _uniform(range(len(s.ships)), FirstPlayer)
    if kind in ("card", "ghost_card"):
        return _uniform(s.deck, DrawCard)
    if kind == "bounty_draw":
        return bounty_outcomes(s.mods)
    if kind in ("tile", "peek_tile", "setup_tile"):
        return _uniform(sorted(ALL_TILES.difference(s.tiles)), FACES.__getitem__)
    if kind == "map":
        return _uniform(s.map_deck, MapCard)
    if kind == "treasure":
        return _uniform(s.treasure_deck, TreasureCard)
    if kind == "roll":
        return _dice(BEST_OF_TWO if task[3] else ONE_DIE)
    if kind == "kraken_roll":
        return _dice(WORST_OF_TWO if sh.has(s.ships[task[1]], "rabbit_foot") else ONE_DIE)
    if kind == "ghost_repair":
        held = s.mods.ghost.damage
        return tuple((TOKENS[i], Fraction(n, sum(held))) for i, n in enumerate(held) if n)
    if kind in ("token", "ghost_token"):
        bag = _bag(s)
        total = sum(bag)
        return tuple((TOKENS[i], Fraction(n, total)) for i, n in enumerate(bag) if n)
    raise AssertionError(kind)


# -- decisions ---------------------------------------------------------------------------------
def legal(s: RumState) -> list:
    if s.pending:
        task = s.pending[0]
        return FORCED_LEGAL[task[0]](s, task)
    if s.phase == "play":
        return wx.plays(s.ships[s.active].hand)
    return main_actions(s)


def bounty_outcomes(mods) -> tuple:
    """C10: the known top card comes first for certain; otherwise uniform over the deck."""
    if mods.bounty_top:
        return ((BountyCard(mods.bounty_top), Fraction(1)),)
    return _uniform(mods.bounty_deck, BountyCard)


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
    out = []
    for q, other in enumerate(s.ships):
        if q == p or q in t.attacked or other.cell == HIDEOUT or (sh.tokens(other) >= 5 and not futile):
            continue
        if sh.attack_need(ship, DISTANCE[ship.cell][other.cell]) <= t.actions[2]:
            out.append(q)
    ghost = s.mods.ghost
    if ghost is not None and GHOST not in t.attacked and ghost.cell >= 0 \
            and sh.attack_need(ship, DISTANCE[ship.cell][ghost.cell]) <= t.actions[2]:
        out.append(GHOST)     # R36, R81: the Ghost is one more opponent
    return out


def main_actions(s: RumState) -> list:
    p = s.active
    ship = s.ships[p]
    t = s.turn
    sail, earn, attack, rep = t.actions
    acts: list = []
    if sail and can_move(s):
        acts += SAILS[ship.cell]
        if wx.whirl_target(s.mods, ship.cell) >= 0:
            acts.append(WHIRL)
    if earn and sh.can_gain_doubloons(ship) and bank(s) != 0:
        acts.append(EARN)
    if attack:
        acts += [ATTACKS[q] for q in attack_targets(s, p)]
    if rep:
        acts += [REPAIRS[i] for i, n in enumerate(ship.damage) if n]
        if ship.captain == sh.CRABBY and ship.shells < 2:
            acts.append(REPAIR_SHELL)
    if sail + earn + attack + rep >= 3:
        acts += exchanges(t.actions)
    for card in t.played:
        if card in EFFECT_CARDS and card not in t.used and not affordable(ship, card):
            acts += targets(s.ships, p, card, s.game.options)
    if ship.captain == sh.MACAW and "m" not in t.flags:
        acts += [Peek(c) for c in macaw_cells(s, p)]
    waiting = wx.unresolved(t)
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
    from .data import map_tile

    ship = s.ships[task[1]]
    tile = s.tiles[task[2]]
    return [*(Take(t) for m, t in s.display if map_tile(m) == tile and sh.room_for(ship, t)), LEAVE]


def _trade(s, task):
    aboard = s.ships[task[1]].treasures
    if s.game.options["hideout_trade_mode"] == "all":
        return [Trade(aboard), Trade(())]
    return [Trade(c) for n in range(len(aboard), -1, -1) for c in combinations(aboard, n)]


def _peek(s, task):
    ship = s.ships[task[1]]
    return [*(Peek(c) for c in range(1, 31) if not s.face_up >> c & 1 and c not in ship.peeks), STOP]


def _wind(s, task):
    return [*(Sail(c) for c in NEIGHBOURS[s.ships[task[1]].cell] if can_move(s)), STOP]


def _patch(s, task):
    ship = s.ships[task[1]]
    return [*(Repair(k) for k, n in zip(DAMAGE, ship.damage, strict=True) if n), STOP]


def _hands(s, task):
    return [*(Play((c,)) for c in s.ships[task[1]].hand), STOP]


def _keep(s, task):
    return [KeepBounty(c) for c in dict.fromkeys(task[2:])]


FORCED_LEGAL = {
    "weather": lambda s, t: [Weather(c) for c in wx.unresolved(s.turn)],
    "maelstrom": lambda s, t: list(wx.PLACES),
    "gale": lambda s, t: list(SAILS[s.ships[t[1]].cell]),
    "bounty_keep": _keep,
    "claim": lambda s, t: [Claim(t[2], True), Claim(t[2], False)],
    "captain": _captains, "pickup": _pickup, "trade": _trade,
    "fire": lambda s, t: [Lose(x) for x in dict.fromkeys(s.ships[t[1]].treasures)],
    "bowsprit": lambda s, t: [Discard(c) for c in s.ships[t[1]].hand],
    "shell": lambda s, t: [Shell(True), Shell(False)],
    "grog": lambda s, t: [Reroll(True), Reroll(False)],
    "peek": _peek, "wind": _wind, "patch": _patch, "hands": _hands,
}

__all__ = ["RumState", "UseEffect"]
