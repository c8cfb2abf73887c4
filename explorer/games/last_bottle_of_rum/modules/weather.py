"""Module V2, Weather: cards forced into play (R64), their mandatory effects (D7, R63) and
the Maelstrom (R65-R67).

Each Weather card gives 1 or 2 wild actions (R63, D7; ``W`` in the card data and the turn's
actions): each is used as any one of Sail, Earn doubloons, Attack or Repair when it is used
(resolve._spend uses an icon's own actions first), or given in a 3-for-1 exchange (R12).
"""

from __future__ import annotations

from itertools import combinations

from ..data import ACTIONS, CARDS, HIDEOUT, NEIGHBOURS, WEATHER
from ..model import PlaceMaelstrom, Play, Sail
from ..rulebook.work import Work, renew
from ..text.names import card_words

PLACES = tuple(PlaceMaelstrom(a, b) for a, b in combinations(range(1, 31), 2))   # R65: any two, not the Hideout


_PLAYS: dict[tuple[str, ...], Play] = {}


def play_of(cards: tuple[str, ...]) -> Play:
    """The `Play` of these cards, made once (there are at most a few thousand)."""
    found = _PLAYS.get(cards)
    if found is None:
        found = _PLAYS[cards] = Play(cards)
    return found


def plays(hand: tuple[str, ...]) -> list[Play]:
    """T3, R8, R64: every Weather card in hand must be played; with 2 or more, only they are."""
    if WEATHER.isdisjoint(hand):
        return [_PLAYS.get(c) or play_of(c) for c in combinations(hand, min(2, len(hand)))]
    weather = tuple(c for c in hand if c in WEATHER)
    if len(weather) >= 2:
        return [play_of(weather)]
    others = [c for c in hand if c not in WEATHER]
    return [play_of(tuple(sorted((weather[0], c)))) for c in others] or [play_of(weather)]


def unresolved(turn) -> tuple[str, ...]:
    """Played Weather cards whose effect is still to be carried out (R63)."""
    if WEATHER.isdisjoint(turn.played):
        return ()
    return tuple(c for c in turn.played if c in WEATHER and c not in turn.used)


def after_play(w: Work, p: int) -> None:
    """A20 / V13 `immediate`: the effects resolve at once, in the order the player chooses."""
    if w.options["weather_timing"] == "immediate" and unresolved(w.turn):
        w.push(("weather", p))


def play_drawn(w: Work, p: int, card: str) -> None:
    """R64: a Weather card drawn mid-turn is played at once as an extra card."""
    actions = list(w.turn.actions)
    for icon in CARDS[card].icons:
        actions[ACTIONS.index(icon)] += 1     # R63: its wild actions
    w.turn = renew(w.turn, played=(*w.turn.played, card), actions=tuple(actions))
    w.say(f"{w.name(p)} draws {card_words(card)}, a Weather card, and must play it at once", "R64", "A20")
    after_play(w, p)


def resolve(w: Work, p: int, card: str) -> None:
    """D7: carry out the mandatory effect of `card` (R63)."""
    kind = CARDS[card].weather
    w.turn = renew(w.turn, used=tuple(sorted((*w.turn.used, card))))
    if w.options["weather_timing"] == "immediate":
        w.push(("weather", p))
    if kind == "maelstrom":
        w.say(f"{w.name(p)} plays a Maelstrom", "R65", "A21", "V2")
        w.push(("maelstrom", p))
    elif kind == "storm":
        n = len(w.ships)
        hit = [q for q in ((p + i) % n for i in range(n)) if w.ships[q].cell != HIDEOUT]
        w.say("A Storm lashes every ship at sea", "R63", "V2")
        w.push(*(("damage", q, 1, "R63") for q in hit))
    elif kind == "trade_wind":
        w.say("A Trade Wind fills every purse", "R63", "V2")
        w.gain(p, 2, "R63")
        for q in range(len(w.ships)):
            if q != p:
                w.gain(q, 1, "R63")
    elif kind == "becalmed":
        w.turn = renew(w.turn, flags=w.turn.flags.replace("k", "") + "k")
        w.say(f"{w.name(p)} is becalmed: no move this turn", "R63", "V2")
    elif kind == "gale":
        w.say(f"A Gale drives {w.name(p)} 2 tiles", "R63", "V2")
        w.push(("gale", p, 2))


def place(w: Work, task: tuple, item: PlaceMaelstrom) -> None:
    """R65: both tokens go on two different tiles (moved if already placed)."""
    w.mods = renew(w.mods, maelstrom=(item.a, item.b))
    w.say(f"The Maelstrom opens between {w.place(item.a)} and {w.place(item.b)}", "R65", "R67")


def gale_sails(w_or_s, task: tuple) -> list[Sail]:
    return [Sail(c) for c in NEIGHBOURS[w_or_s.ships[task[1]].cell]]


def whirl_target(mods, cell: int) -> int:
    """R66: the other end of the Maelstrom from `cell`, or -1."""
    if len(mods.maelstrom) == 2 and cell in mods.maelstrom:
        a, b = mods.maelstrom
        return b if cell == a else a
    return -1
