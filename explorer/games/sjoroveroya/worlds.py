"""Hidden worlds for Sjørøverøya: `sample_state` (one full position consistent with a view)
and `hidden_worlds` (every full position one player cannot tell apart, exactly).

What a player cannot see (Hidden information): the opponents' hands (their sizes are
public) and the face-down pile (its size is public). Every card the viewer cannot
account for is ``21 - own hand - discard - face-up display`` per suit (C3).

- Before any reshuffle all hidden cards are exchangeable, so the pile and each hidden
  hand are filled by dealing the unseen cards uniformly at random (card by card, so
  suit counts are multivariate hypergeometric, exactly as the deal and draws make them).
- After a reshuffle (R26, C4) the pile came from the public multiset D; the viewer
  knows its own draws since, and the other draws are exchangeable (C3). The pile is a
  uniform draw from ``D - own draws since``, conditioned (exactly, by counting) on
  fitting inside the unseen cards; the hidden hands are then dealt from what remains.
- The reshuffled cards not in the pile, the face-up display or the viewer's own draws
  were drawn by the others since (R26): a world writes them as the others' draws since,
  or it would not load back (the pile, display and all draws since make up the reshuffle).

Opponents' inference from their own choices is ignored, as in C3. How many of those
draws each opponent made is public (R29), and the view carries it (``drawn_since_sizes``).

`hidden_worlds` is the exact counterpart of `sample_state`, with the same law. Rank never
matters (R1), so a world is one way of splitting the unseen cards, counted per suit, among
those hidden places (the grouping keeps a 2-player position at a few dozen worlds):

- before any reshuffle every unseen card is exchangeable (C2, C3), so the split is
  multivariate hypergeometric: a split's weight is the number of ways to pick its cards,
  ``prod over suits of multinomial(unseen_s; parts)``, over ``multinomial(unseen; sizes)``;
  cards left out of play in a what-if position are one more hidden place, not written;
- after a reshuffle (R26, C4) the pile is a uniform draw from the public reshuffled cards
  less the viewer's own draws since, conditioned on fitting in the unseen cards (weight
  ``prod C(source_s, x_s)``), and the hidden hands are split from what is left as above;
  the reshuffled cards left over were the others' draws since (R26), split among them as
  `others_draw_sizes` says, each split weighed like a deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from typing import Any

from explorer.core.chance import sample_counts
from explorer.core.errors import PositionError, TooManyWorlds
from explorer.core.events import Event

from .data import COMPONENTS, SUITS
from .flow import make
from .model import NO_CARDS, Counts, SjoroveroyaState, text_counts


def _counts(data: Mapping[str, int] | None) -> Counts:
    if data is None:
        return NO_CARDS
    return tuple(int(data.get(s, 0)) for s in SUITS)  # type: ignore[return-value]


def _minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x - y for x, y in zip(a, b, strict=True)]


def deal(pool: list[int], size: int, rng: random.Random) -> Counts:
    """Take `size` cards one by one from the multiset `pool` (changed in place)."""
    taken = [0, 0, 0, 0]
    for _ in range(size):
        ticket = rng.randrange(sum(pool))
        for i, count in enumerate(pool):
            ticket -= count
            if ticket < 0:
                pool[i] -= 1
                taken[i] += 1
                break
    return tuple(taken)  # type: ignore[return-value]


def _share(pool: list[int], size: int, rng: random.Random) -> Counts:
    """`deal`, but a share that is the whole pool (one opponent) takes no draw from `rng`."""
    if size < sum(pool):
        return deal(pool, size, rng)
    whole = tuple(pool)
    pool[:] = [0] * len(pool)
    return whole  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def _tails(source: Counts, caps: Counts, size: int) -> tuple[tuple[int, ...], ...]:
    """``tails[i][r]``: the number of ways to take r cards from suits i.. within `caps`."""
    tails = [tuple(1 if r == 0 else 0 for r in range(size + 1))]
    for i in reversed(range(4)):
        after = tails[0]
        tails.insert(0, tuple(sum(comb(source[i], x) * after[r - x] for x in range(min(caps[i], r) + 1))
                              for r in range(size + 1)))
    return tuple(tails)


def _pile_after_reshuffle(source: Sequence[int], unseen: Sequence[int], size: int, rng: random.Random) -> Counts:
    """A uniform `size`-card draw from `source`, conditioned on fitting in `unseen` (C3, C4).

    Exact: suit by suit, each count is chosen with the number of card sets that extend it.
    """
    source = tuple(source)
    caps = tuple(min(s, u) for s, u in zip(source, unseen, strict=True))
    tails = _tails(source, caps, size)  # type: ignore[arg-type]
    if tails[0][size] == 0:
        raise PositionError("view", "no face-down pile fits both the reshuffled cards and the unseen cards")
    pile, left = [], size
    for i in range(4):
        weights = [comb(source[i], x) * tails[i + 1][left - x] for x in range(min(caps[i], left) + 1)]
        x = sample_counts(weights, rng)
        pile.append(x)
        left -= x
    return tuple(pile)  # type: ignore[return-value]


def sample_state(game: Any, view: Mapping[str, Any], rng: random.Random) -> SjoroveroyaState:
    """A full state the viewer cannot tell from the real one, hidden cards filled in."""
    if view.get("game") != game.to_dict():
        raise PositionError("game", f"the view is of {view.get('game')!r}, not {game.to_dict()!r}")
    viewer = view.get("viewer")
    hands: list[Counts | None] = [None if h is None else text_counts(h) for h in view["hands"]]
    pile_top = view["pile_top"]
    discard = _counts(view["discard"])
    hidden_pile = view["pile_size"] - len(pile_top)
    if viewer is None and "pile" in view:
        pile = _counts(view["pile"])
    else:
        seen = [sum(col) for col in zip(*(h for h in hands if h is not None), discard,
                                        text_counts(pile_top), strict=True)]
        unseen = [COMPONENTS.copies_per_suit - x for x in seen]
        if sum(unseen) < hidden_pile + sum(view["hand_sizes"][i] for i, h in enumerate(hands) if h is None):
            raise PositionError("view", "fewer unseen cards than hidden hands and pile hold")
        since: dict[int, Counts] = {}
        if view["reshuffled_from"] is None:
            pile = deal(unseen, hidden_pile, rng)
        else:
            source = since_source(view)
            pile = _pile_after_reshuffle(source, unseen, hidden_pile, rng)
            unseen = _minus(unseen, pile)
            rest = _minus(source, pile)
            since = {seat: _share(rest, size, rng) for seat, size in others_draw_sizes(view, sum(rest))}
        for i, hand in enumerate(hands):
            if hand is None:
                hands[i] = deal(unseen, view["hand_sizes"][i], rng)
        return world_state(game, view, tuple(hands), pile, since)  # type: ignore[arg-type]
    return world_state(game, view, tuple(hands), pile)  # type: ignore[arg-type]


def since_source(view: Mapping[str, Any]) -> list[int]:
    """R26, C3: the reshuffled cards the viewer cannot place: not drawn by the viewer since,
    not turned face up (V6); the hidden pile and the others' draws since share them."""
    viewer = view.get("viewer")
    mine = _counts(view["drawn_since"][viewer]) if viewer is not None else NO_CARDS
    left = _minus(_minus(_counts(view["reshuffled_from"]), mine), text_counts(view["pile_top"]))
    return [max(0, x) for x in left]


def others_draw_sizes(view: Mapping[str, Any], total: int) -> list[tuple[int, int]]:
    """How many of the `total` hidden draws since the reshuffle each unseen seat made (R26).

    The number each draw produced is public (Hidden information, R29), so the view carries
    every seat's count (``drawn_since_sizes``) and the worlds split exactly as the table did."""
    sizes = view.get("drawn_since_sizes")
    if not isinstance(sizes, list) or len(sizes) != len(view["drawn_since"]):
        raise PositionError("drawn_since_sizes", "must list how many cards each player drew since the "
                                                 "reshuffle, one number per player (R26, R29)")
    seats = [(seat, sizes[seat]) for seat, drawn in enumerate(view["drawn_since"]) if drawn is None]
    if sum(size for _, size in seats) != total:
        raise PositionError("drawn_since_sizes", f"the other players drew {sum(s for _, s in seats)} cards since "
                                                 f"the reshuffle, but {total} reshuffled cards are unaccounted "
                                                 "for (R26)")
    return seats


def world_state(game: Any, view: Mapping[str, Any], hands: tuple[Counts, ...], pile: Counts,
                since: Mapping[int, Counts] | None = None) -> SjoroveroyaState:
    """The full state `view` shows, with its hidden hands, pile and others' draws filled in."""
    return world_builder(game, view)(hands, pile, since)


Filler = Callable[[tuple[Counts, ...], Counts, Mapping[int, Counts] | None], SjoroveroyaState]


def world_builder(game: Any, view: Mapping[str, Any]) -> Filler:
    """Fill in `view`'s hidden hands, pile and others' draws since a reshuffle (R26), many
    times over: the shown parts are read once. Hidden draws not given are zero (right only
    before any reshuffle). The last step's events are kept as the viewer read them, so a
    world's view is the view."""
    shown = tuple(NO_CARDS if d is None else _counts(d) for d in view["drawn_since"])
    pending = view["pending"]
    reshuffled = view["reshuffled_from"]
    events = tuple(Event(text) for text in view.get("events", ()))
    fixed = {"track": view["track"], "pieces": tuple(tuple(p) for p in view["pieces"]), "pile_top": view["pile_top"],
             "discard": _counts(view["discard"]), "phase": view["phase"], "to_move": view["to_move"],
             "first_player": view["first_player"], "moves_used": view["moves_used"], "turns": view["turns"],
             "pending": pending["draws"], "drawer": pending["drawer"], "after": pending["then"],
             "ended": view["ended"], "reshuffled_from": None if reshuffled is None else _counts(reshuffled)}

    def fill(hands: tuple[Counts, ...], pile: Counts, others: Mapping[int, Counts] | None = None) -> SjoroveroyaState:
        since = shown if not others else tuple(others.get(p, d) for p, d in enumerate(shown))
        return make(SjoroveroyaState, game, events, hands=hands, pile=pile, drawn_since=since, **fixed)

    return fill


@lru_cache(maxsize=65536)
def compositions(size: int, caps: tuple[int, ...]) -> tuple[Counts, ...]:
    """Every way to take `size` cards with at most ``caps[i]`` of suit i, in a fixed order."""
    if len(caps) == 1:
        return ((size,),) if size <= caps[0] else ()  # type: ignore[return-value]
    rest = sum(caps[1:])
    return tuple((x, *tail) for x in range(max(0, size - rest), min(caps[0], size) + 1)  # type: ignore[misc]
                 for tail in compositions(size - x, caps[1:]))


def _ways(parts: list[Counts], pool: Counts) -> int:
    """Ways to choose these suit counts for each place from `pool` (the rest left over)."""
    ways = 1
    for i, total in enumerate(pool):
        left = total
        for part in parts:
            ways *= comb(left, part[i])
            left -= part[i]
    return ways


def _splits(pool: Counts, sizes: list[int]) -> Iterator[tuple[list[Counts], int]]:
    """Every split of `pool` into places of `sizes` (the rest left over), with its number of ways."""
    if not sizes:
        yield [], 1
        return
    for first in compositions(sizes[0], pool):
        left = tuple(a - b for a, b in zip(pool, first, strict=True))
        for rest, ways in _splits(left, sizes[1:]):  # type: ignore[arg-type]
            yield [first, *rest], ways * _ways([first], pool)


def _multinomial(total: int, sizes: list[int]) -> int:
    value = factorial(total)
    for n in [*sizes, total - sum(sizes)]:
        value //= factorial(n)
    return value


World = tuple[tuple[Counts, ...], Counts, dict[int, Counts], Fraction]


def _choices(view: Mapping[str, Any], limit: int) -> list[World]:
    """(hands, pile, weight) for every world; stops once there are more than `limit`."""
    viewer = view.get("viewer")
    hands: list[Counts | None] = [None if h is None else text_counts(h) for h in view["hands"]]
    pile_top = view["pile_top"]
    discard = _counts(view["discard"])
    hidden_pile = view["pile_size"] - len(pile_top)
    if viewer is None and "pile" in view:
        return [(tuple(hands), _counts(view["pile"]), {}, Fraction(1))]  # type: ignore[list-item]
    seen = [sum(col) for col in zip(*(h for h in hands if h is not None), discard, text_counts(pile_top),
                                    strict=True)]
    unseen = tuple(COMPONENTS.copies_per_suit - x for x in seen)
    hidden = [i for i, h in enumerate(hands) if h is None]
    sizes = [view["hand_sizes"][i] for i in hidden]
    if min(unseen) < 0 or sum(unseen) < hidden_pile + sum(sizes):
        raise PositionError("view", "fewer unseen cards than hidden hands and pile hold")
    piles: list[tuple[Counts | None, dict[int, Counts], Fraction]] = [(None, {}, Fraction(1))]   # pile hidden too
    if view["reshuffled_from"] is not None:
        source = tuple(since_source(view))
        caps = tuple(min(s, u) for s, u in zip(source, unseen, strict=True))
        found = [(x, _ways([x], source)) for x in compositions(hidden_pile, caps)]
        total = sum(w for _, w in found)
        if not total:
            raise PositionError("view", "no face-down pile fits both the reshuffled cards and the unseen cards")
        piles = [(x, since, weight) for x, w in found for since, weight in _others_since(view, source, x, total, w)]
    out: list[World] = []
    for pile, since, pile_weight in piles:
        pool = unseen if pile is None else tuple(u - x for u, x in zip(unseen, pile, strict=True))
        places = sizes if pile is not None else [hidden_pile, *sizes]
        whole = _multinomial(sum(pool), places)
        for parts, ways in _splits(pool, places):  # type: ignore[arg-type]
            world_pile = parts[0] if pile is None else pile
            dealt = parts[1:] if pile is None else parts
            filled = list(hands)
            for i, hand in zip(hidden, dealt, strict=True):
                filled[i] = hand
            out.append((tuple(filled), world_pile, since, pile_weight * Fraction(ways, whole)))  # type: ignore
            if len(out) > limit:
                return out
    return out


def _others_since(view: Mapping[str, Any], source: Counts, pile: Counts, total: int,
                  ways: int) -> Iterator[tuple[dict[int, Counts], Fraction]]:
    """R26: every split of the reshuffled cards the pile leaves among the others' draws since."""
    rest = tuple(s - x for s, x in zip(source, pile, strict=True))
    seats = others_draw_sizes(view, sum(rest))
    sizes = [size for _, size in seats]
    whole = _multinomial(sum(rest), sizes)
    for parts, split in _splits(rest, sizes):  # type: ignore[arg-type]
        yield {seat: part for (seat, _), part in zip(seats, parts, strict=True)}, Fraction(ways, total) * Fraction(
            split, whole)


def hidden_worlds(game: Any, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[SjoroveroyaState,
                                                                                                Fraction]]:
    """Every full state consistent with `view`, with its exact probability (weights sum to 1);
    `TooManyWorlds` before anything is yielded when there are more than `limit`."""
    if view.get("game") != game.to_dict():
        raise PositionError("game", f"the view is of {view.get('game')!r}, not {game.to_dict()!r}")
    worlds = _choices(view, limit)
    if len(worlds) > limit:
        raise TooManyWorlds(len(worlds), limit)
    fill = world_builder(game, view)
    return ((fill(hands, pile, since), weight) for hands, pile, since, weight in worlds)
