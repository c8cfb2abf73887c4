"""Applying one chance outcome or decision to a `Work` copy (the rules' transitions).

Each handler cites the digest IDs it applies, in its docstring and in its events.
"""

from __future__ import annotations

from functools import cache

from ..data import (
    ACTIONS,
    CARDS,
    CELLS,
    DAMAGE,
    EFFECTS,
    FIRE,
    HIDEOUT,
    KRAKEN,
    TILES,
    TREASURES,
    WEATHER,
    WILD,
    map_tile,
)
from ..model import (
    Attack,
    Discard,
    DrawCard,
    Earn,
    EndTurn,
    Exchange,
    FirstPlayer,
    MapCard,
    Peek,
    Repair,
    Roll,
    Sail,
    TileFace,
    Token,
    TreasureCard,
    Turn,
    UseEffect,
    Weather,
    Whirl,
)
from ..modules import bounty as bt
from ..modules import ghost as gh
from ..modules import weather as wx
from ..text.names import card_words
from . import ships as sh
from .effects import resolve_effect
from .work import Work, distance, renew

ICON_INDEX = {icon: i for i, icon in enumerate(ACTIONS)}
WILD_AT = ICON_INDEX[WILD]
CARD_ACTIONS = {c: tuple(card.icons.count(icon) for icon in ACTIONS) for c, card in CARDS.items()}   # R11, R63
ICON_NAMES = {"S": "Sail", "D": "Earn doubloons", "A": "Attack", "R": "Repair"}


def _remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


# -- chance outcomes -------------------------------------------------------------------------
def outcome(w: Work, task: tuple, item: object) -> None:
    kind = task[0]
    if kind == "first":
        w.active = item.player
        w.say(f"Player {item.player + 1} starts", "S10", "C14")
        w.push(("turn_start",))
    elif kind == "card":
        _card(w, task, item.card)
    elif kind == "tile":
        _, p, cell = task
        w.tiles = (*w.tiles[:cell], item.tile, *w.tiles[cell + 1:])
        _reveal(w, p, cell)
    elif kind == "peek_tile":
        _, p, cell, left = task
        w.tiles = (*w.tiles[:cell], item.tile, *w.tiles[cell + 1:])
        _remember(w, p, cell, left)
    elif kind == "map":
        w.map_deck = _remove(w.map_deck, item.map)
        w.push(("treasure", item.map))
    elif kind == "treasure":
        w.treasure_deck = _remove(w.treasure_deck, item.treasure)
        w.display = (*w.display, (task[1], item.treasure))
        tile = TILES[map_tile(task[1])]
        w.say(f"New pair: {TREASURES[item.treasure].name} ({TREASURES[item.treasure].value}) on {tile.name}",
              "S2", "R24", "R27")
    elif kind == "roll":
        _attack_roll(w, task, item.skulls)
    elif kind == "kraken_roll":
        _kraken_roll(w, task[1], item.skulls)
    elif kind == "token":
        _token(w, task[1], item.kind, task[2])
    elif kind == "setup_tile":
        gh.deal(w, task[1], item.tile)
    elif kind == "ghost_card":
        gh.card(w, item.card)
    elif kind == "ghost_token":
        gh.token(w, task[1], item.kind)
    elif kind == "ghost_repair":
        gh.repaired(w, item.kind)
    elif kind == "bounty_draw":
        bt.drawn(w, task, item.bounty)


def _card(w: Work, task: tuple, card: str) -> None:
    """C6: one card drawn. A Kraken resolves at once (R6, R56), or at setup goes back (S9, R57)."""
    _, p, n, setup = task
    if card in KRAKEN:
        if setup:
            w.say(f"{w.name(p)} draws a Kraken at setup: it goes back and the deck is reshuffled", "S9", "R57")
        else:
            w.deck = _remove(w.deck, card)
            w.discard = tuple(sorted((*w.discard, card)))
            w.say(f"{w.name(p)} draws a Kraken card!", "R6", "R51", "A15")
            w.push(("kraken",), ("draw", p, n, setup))
            return
        w.push(("draw", p, n, setup))
        return
    w.deck = _remove(w.deck, card)
    if card in WEATHER and not setup and w.phase == "main" and p == w.active:
        wx.play_drawn(w, p, card)
        w.push(("draw", p, n - 1 if n > 0 else n, setup))
        return
    ship = w.ships[p]
    w.set(p, hand=tuple(sorted((*ship.hand, card))))
    w.say(f"{w.name(p)} draws a card", "T2", "R4", detail=card_words(card), visible_to=p)
    w.push(("draw", p, n - 1 if n > 0 else n, setup))


def _reveal(w: Work, p: int, cell: int) -> None:
    """R19: the tile turns face up and the ship enters it."""
    w.face_up |= 1 << cell
    if p == w.active:
        bt.bump(w, bt.REVEALED)
    tile = TILES[w.tiles[cell]]
    extra = ("R20",) * tile.doubloon + ("R21",) * tile.reef
    w.say(f"{w.name(p)} reveals {tile.name}", "R19", "C8", *extra)
    w.push(("enter", p, cell, 1))


def _remember(w: Work, p: int, cell: int, left: int) -> None:
    ship = w.ships[p]
    w.set(p, peeks=tuple(sorted({*ship.peeks, cell})))
    w.say(f"{w.name(p)} secretly looks at {w.place(cell)}", "E05" if left >= 0 else "R58",
          detail=TILES[w.tiles[cell]].name, visible_to=p)
    if left > 0:
        w.push(("peek", p, left))


def _attack_roll(w: Work, task: tuple, skulls: int) -> None:
    """R37: 0 misses, 1 or 2 skulls make the target draw that many tokens; Grog may re-roll a 0 (D9)."""
    _, p, target, mode = task
    w.say(f"{w.name(p)} rolls {skulls} skull{'s' * (skulls != 1)} at {w.name(target)}", "R37", "C1",
          *(("E03", "C12") if mode == 1 else ()))
    if skulls == 0:
        if w.ships[p].captain == sh.GROG and "g" not in w.turn.flags:
            w.push(("grog", p, target))
        return
    if target < 0:
        gh.hit(w, p, skulls)
        return
    w.push(("damage", target, skulls, "R37"))


def _kraken_roll(w: Work, p: int, skulls: int) -> None:
    """R53, R54: lose Loot and Curse by the skulls; a Loot shortfall is drawn as damage."""
    ship = w.ships[p]
    shortfall = max(0, skulls - ship.loot)
    w.set(p, loot=max(0, ship.loot - skulls), curse=max(0, ship.curse - skulls))
    w.say(f"The Kraken rolls {skulls} against {w.name(p)}: Loot {ship.loot} -> {max(0, ship.loot - skulls)}, "
          f"Curse {ship.curse} -> {max(0, ship.curse - skulls)}", "R53", "C5",
          *(("TR06", "C12") if sh.has(ship, "rabbit_foot") else ()))
    if skulls == 0:
        bt.event(w, p, "B10")
    if shortfall:
        w.say(f"{w.name(p)} lacks {shortfall} Loot and draws damage instead", "R54")
        w.push(("damage", p, shortfall, "R54"))


def _token(w: Work, p: int, kind: str, rule: str) -> None:
    """R38: the token goes on its space and acts at once (R45-R50)."""
    i = DAMAGE.index(kind)
    ship = w.ships[p]
    damage = (*ship.damage[:i], ship.damage[i] + 1, *ship.damage[i + 1:])
    w.set(p, damage=damage)
    w.say(f"{w.name(p)} draws a {kind} token", rule, "R38", "C3")
    bt.note_hit(w, p, rule)
    bt.note_damage(w, p)
    ship = w.ships[p]
    if p == w.active:
        w.update_limit()
    if i == FIRE and sh.over_capacity(ship):
        w.push(("fire", p))
    if len(ship.hand) > sh.hand_size(ship, w.options):
        w.push(("bowsprit", p))


# -- decisions --------------------------------------------------------------------------------
def play(w: Work, p: int, cards: tuple[str, ...]) -> None:
    """R8, R11: played cards give one action per icon; TR01/TR03 add theirs (A34)."""
    ship = w.ships[p]
    hand = ship.hand
    for c in cards:
        hand = _remove(hand, c)
    gain, words, rules = _played(cards)
    actions = [a + g for a, g in zip(w.turn.actions, gain, strict=True)]
    if w.phase == "play" and ship.treasures:
        actions[0] += sh.has(ship, "extra_sail")
        actions[3] += sh.has(ship, "extra_repair")
    w.set(p, hand=hand)
    w.turn = renew(w.turn, played=w.turn.played + cards, actions=tuple(actions))
    w.say(f"{w.name(p)} plays {words}", *rules)
    wx.after_play(w, p)


@cache
def _played(cards: tuple[str, ...]) -> tuple[tuple[int, ...], str, tuple[str, ...]]:
    """What playing `cards` gives (actions per icon, R11), its words and the rules it cites (R64 for
    Weather), worked out once per set of cards: every turn plays one."""
    gain = [0] * len(ACTIONS)
    for c in cards:
        for i, n in enumerate(CARD_ACTIONS[c]):
            gain[i] += n
    words = " + ".join(card_words(c, cards) for c in cards) or "no card"
    return tuple(gain), words, ("T3", "R8", "R11", *(("R64",) if not WEATHER.isdisjoint(cards) else ()))


def _spend(w: Work, icon: str, n: int = 1) -> None:
    """Use `n` unused actions of one icon (R11): that icon's first, then wild ones used as it
    (R63, D7: a wild action takes its type when used; the icon's own first keeps the most choice
    open). The turn is rebuilt with its constructor."""
    t = w.turn
    actions = list(t.actions)
    i = ICON_INDEX[icon]
    own = min(n, actions[i])
    actions[i] -= own
    if own < n:
        actions[WILD_AT] -= n - own
        wild = n - own
        w.say(f"{w.name(w.active)} uses {wild} wild action{'s' * (wild > 1)} as {ICON_NAMES[icon]}", "R63", "D7")
    w.turn = Turn(t.played, tuple(actions), t.used, t.attacked, t.moves, t.limit_from, t.flags)


def move(w: Work, p: int, cell: int) -> None:
    """R18, R19: move to an adjacent cell, revealing a face-down tile (C8)."""
    w.set(p, cell=cell)
    if p == w.active:
        t = w.turn
        w.turn = Turn(t.played, t.actions, t.used, t.attacked, t.moves + 1, t.limit_from, t.flags)
    if cell == HIDEOUT or w.face_up >> cell & 1:
        w.say(f"{w.name(p)} sails to {w.place(cell)}", "R18")
        w.push(("enter", p, cell, 0))
    elif w.tiles[cell]:
        _reveal(w, p, cell)
    else:
        w.push(("tile", p, cell))


def _sail(w: Work, p: int, item: Sail) -> None:
    _spend(w, "S")
    move(w, p, item.cell)


def _earn(w: Work, p: int, item: Earn) -> None:
    """R30: +1 doubloon; Goldrick Banana +1 more once per turn (D9)."""
    _spend(w, "D")
    w.gain(p, 1, "R30")
    if w.ships[p].captain == sh.GOLDRICK and "b" not in w.turn.flags:
        w.turn = renew(w.turn, flags=w.turn.flags + "b")
        w.gain(p, 1, "R58")


def _attack(w: Work, p: int, item: Attack) -> None:
    """R33-R36: pay the Attack actions and 1 doubloon, then roll (E03 keeps the better of two)."""
    ship = w.ships[p]
    need = sh.attack_need(ship, distance(w, p, item.target))
    _spend(w, "A", need)
    cost = 0 if sh.has(ship, "free_attacks") else 1
    w.set(p, doubloons=ship.doubloons - cost)
    bt.bump(w, bt.SPENT, cost)
    if w.mods.stats:
        stats = w.mods.stats
        w.mods = renew(w.mods, stats=(*stats[:bt.BURST], 0, *stats[bt.BURST + 1:]))
    chain = "c" in w.turn.flags
    w.turn = renew(w.turn, attacked=tuple(sorted((*w.turn.attacked, item.target))),
                             flags=w.turn.flags.replace("c", ""))
    w.say(f"{w.name(p)} attacks {w.name(item.target)} ({need} Attack action{'s' * (need > 1)}, "
          f"{cost} doubloon)", "R33", "R34", "R35", "R36")
    w.push(("roll", p, item.target, int(chain)))


def _repair(w: Work, p: int, item: Repair) -> None:
    _spend(w, "R")
    repair(w, p, item.kind, "R43")


def repair(w: Work, p: int, kind: str, rule: str) -> None:
    """R43, R44: a token back to the bag; Crabby Jones may restore a Shell instead (D9)."""
    ship = w.ships[p]
    if kind == "shell":
        w.set(p, shells=ship.shells + 1)
        w.say(f"{w.name(p)} restores a Shell", rule, "R58")
        return
    i = DAMAGE.index(kind)
    w.set(p, damage=(*ship.damage[:i], ship.damage[i] - 1, *ship.damage[i + 1:]))
    w.say(f"{w.name(p)} repairs a {kind} token", rule, *(("R44",) if ship.damage[i] == 1 else ()))


def _exchange(w: Work, p: int, item: Exchange) -> None:
    """R12 (A16): 3 unused actions for 1 of your choice."""
    t = w.turn
    actions = list(t.actions)
    for icon in item.give:
        actions[ICON_INDEX[icon]] -= 1
    actions[ICON_INDEX[item.get]] += 1
    w.turn = Turn(t.played, tuple(actions), t.used, t.attacked, t.moves, t.limit_from, t.flags)
    w.say(f"{w.name(p)} trades {item.give} for {item.get}", "R12", "A16")


def _peek(w: Work, p: int, item: Peek) -> None:
    """D9: Madame Macaw looks at 1 face-down tile within distance 2, once per turn."""
    w.turn = renew(w.turn, flags=w.turn.flags + "m")
    look(w, p, item.cell, -1)


def look(w: Work, p: int, cell: int, left: int) -> None:
    if w.tiles[cell]:
        _remember(w, p, cell, left)
    else:
        w.push(("peek_tile", p, cell, left))


def _end(w: Work, p: int, item: EndTurn) -> None:
    w.push(("next_turn",))


def _effect(w: Work, p: int, item: UseEffect) -> None:
    """R13-R16: pay doubloons (and Curse, whose Kraken resolves first, R56), then the effect."""
    effect = EFFECTS[CARDS[item.card].effect]
    ship = w.ships[p]
    w.turn = renew(w.turn, used=tuple(sorted((*w.turn.used, item.card))))
    w.set(p, doubloons=ship.doubloons - effect.doubloons)
    bt.bump(w, bt.SPENT, effect.doubloons)
    bt.bump(w, bt.CURSED, int(effect.curse))
    w.say(f"{w.name(p)} uses {effect.name}", "R13", "R15", effect.id)
    if effect.curse:
        w.push(("curse", p, sh.curse_cost(ship), "R14"), ("effect", p, item))
    else:
        resolve_effect(w, p, item)


def _weather(w: Work, p: int, item: Weather) -> None:
    """V13 `anytime`: a played Weather card's effect, carried out when the player chooses (R63)."""
    wx.resolve(w, p, item.card)


def _whirl(w: Work, p: int, item: Whirl) -> None:
    """R66: 1 Sail action to the other Maelstrom token, 1 move, 1 damage draw."""
    _spend(w, "S")
    other = wx.whirl_target(w.mods, w.ships[p].cell)
    w.say(f"{w.name(p)} rides the Maelstrom to {w.place(other)}", "R66", "A21")
    w.push(("damage", p, 1, "R66"))
    move(w, p, other)


MAIN = {Weather: _weather, Whirl: _whirl,
        Sail: _sail, Earn: _earn, Attack: _attack, Repair: _repair, Exchange: _exchange, Peek: _peek,
        EndTurn: _end, UseEffect: _effect}


__all__ = ["CELLS", "Discard", "DrawCard", "FirstPlayer", "MapCard", "Roll", "TileFace", "Token",
           "TreasureCard"]
