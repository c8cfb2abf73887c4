"""Every full position one pirate cannot tell apart from the real one, with its exact odds.

`hidden_worlds` is the exact counterpart of `sample_state` (hidden/draws.py): both fill in a view
through `fill_in`, which asks a *chooser* at every hidden choice. `sample_state`'s chooser
draws with a seeded generator; `Enumerate` walks every branch and multiplies the exact
weights. What one choice leaves open:

- which tile of a pile a pending step means (R74: uniform among those that could be it);
- which tile a vague memory is (uniform over the distinct matchings, H2, C7);
- the kinds of tiles others have seen: GROUPED, one branch per multiset a group of tiles
  that lie together and were seen by the same pirates can hold (their order does not
  matter: the pile is face down), weighted by the multivariate hypergeometric odds of
  drawing it from the kinds the viewer has not accounted for (C3, C6);
- island tiles others peeked at (C2: uniform over the in-play tiles the viewer has not seen).

`TooManyWorlds` comes before anything is yielded: as soon as the first branch shows that
its choices open more than `limit` branches, or the walk finds more than `limit` worlds.

Tiles nobody has seen stay unresolved, as in a real position: the chance node that turns
them over draws them exactly. A branch the pending steps rule out (the Gunner decides over a
wound, R37, ...) is dropped and the rest renormalised: the exact form of `sample_state`'s
rejection.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from explorer.core.errors import PositionError, TooManyWorlds

from .checks import fits
from .data import KINDS
from .hidden.draws import board, fill_in
from .hidden.draws import sample_state as sample_state
from .model import FIELDS, make
from .position import pending
from .tokens.stack_view import task_tokens


class Enumerate:
    """A chooser that replays a script of earlier choices and opens the next branch each run."""

    def __init__(self) -> None:
        self.script: list[int] = []
        self.sizes: list[int] = []
        self.step = 0
        self.weight = Fraction(1)

    def start(self) -> None:
        self.step, self.weight = 0, Fraction(1)

    def choose(self, options: list[tuple[Any, Fraction]]) -> Any:
        if not options:
            raise _Dead
        if self.step == len(self.script):
            self.script.append(0)
            self.sizes.append(len(options))
        value, w = options[self.script[self.step]]
        self.step += 1
        self.weight *= w
        return value

    def advance(self) -> bool:
        """Move to the next branch; False when every branch was walked."""
        del self.script[self.step:], self.sizes[self.step:]
        while self.script:
            self.script[-1] += 1
            if self.script[-1] < self.sizes[-1]:
                return True
            self.script.pop()
            self.sizes.pop()
        return False

    def index(self, k: int) -> int:
        return self.choose([(i, Fraction(1, k)) for i in range(k)])

    def matching(self, spots: list[list[int]]) -> list[int]:
        """C7, H2: every way to give each memory its own tile, equally likely."""
        ways: list[list[int]] = [[]]
        for options in spots:
            ways = [[*w, t] for w in ways for t in options if t not in w]
        return self.choose([(w, Fraction(1, len(ways))) for w in ways]) if spots else []

    def kinds(self, groups: list[list[int]], left: dict[str, int]) -> dict[int, str]:
        out: dict[int, str] = {}
        left = dict(left)
        for group in groups:
            options = []
            total = sum(left.values())
            g = len(group)
            for combo in combinations_with_replacement([k for k in KINDS if left[k]], g):
                counts = {k: combo.count(k) for k in set(combo)}
                if any(counts[k] > left[k] for k in counts):
                    continue
                ways = factorial(g) // prod(factorial(c) for c in counts.values())
                p = Fraction(ways * prod(_falling(left[k], c) for k, c in counts.items()), _falling(total, g))
                options.append((combo, p))
            combo = self.choose(options)
            for t, k in zip(sorted(group), combo, strict=True):
                out[t] = k
                left[k] -= 1
        return out


class _Dead(Exception):
    """A branch with no possible choice (no tile fits a reference): it carries no weight."""


def _falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1)) if k else 1


def hidden_worlds(game, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[Any, Fraction]]:
    """Every full state agreeing with `view`, grouped, with exact weights summing to 1."""
    b = board(view, game.players)
    chooser = Enumerate()
    found: dict[Any, list] = {}
    branches = 0
    while True:
        chooser.start()
        try:
            state = fill_in(game, view, b, chooser)
        except _Dead:
            state = None
        branches += 1
        if branches == 1:   # the first branch shows how many ways each hidden choice opens
            estimate = prod(chooser.sizes)
            if estimate > limit:
                raise TooManyWorlds(estimate, limit)
        if state is not None and fits(state):
            entry = found.setdefault(state, [state, Fraction(0)])
            entry[1] += chooser.weight
            if len(found) > limit:
                raise TooManyWorlds(len(found), limit)
        if branches > 4 * limit:
            raise TooManyWorlds(branches, limit)
        if not chooser.advance():
            break
    total = sum(w for _, w in found.values())
    if not found or not total:
        raise PositionError("stack", "no position fits the pending steps (R37, R40, R43, R46, R52)")
    first = next(iter(found.values()))[0]
    if view.get("pending") and pending(first, b.viewer) != view["pending"]:
        raise PositionError("pending", "the pending decision does not match the view's stack")
    for state, w in found.values():
        yield state, w / total


def world_key(state, player: int | None):
    """`state` as one of `player`'s worlds: the OTHER pirates' memories that a view does not
    carry set aside, and the faces nobody then places left unturned.

    A view publishes what each pirate has seen in the island slots (``seen_by``) and that he
    knows his own loot (H1). It does not carry what the others half-remember after a blind move
    (Perdidos, the Gambler, a duel: H2, H7, H10), nor which tiles they still follow in another
    pirate's loot or in the discard (H2, H11, H12): that follows from the whole history, not one
    view, and partly from faces only they saw (`knowledge.see` drops a memory when its owner
    meets a tile of its kind in its zone), so no view can rebuild it. No rule and no chance node
    reads it; only its owner's view and policies do. A face that only such a memory, or nobody,
    still fixes is for `player` one of the faces he has not accounted for (C6): exactly a
    world's unturned tile, which the chance node that turns it draws with the same odds.
    """
    if player is None:
        return state
    named = {t for task in state.stack for t in task_tokens(task)}
    in_slots = {t for row in state.slots for t in row if t >= 0}
    known = tuple(k if p == player else k & (in_slots | set(state.loot[p]))
                  for p, k in enumerate(state.known))
    vague = tuple(v if p == player else () for p, v in enumerate(state.vague))
    placed = set().union(*known) | {t for t, _ in state.vague[player]} | named
    kinds = tuple(k if t in placed else "" for t, k in enumerate(state.kinds))
    if kinds == state.kinds and vague == state.vague and known == state.known:
        return state
    fields = {name: getattr(state, name) for name in FIELDS}
    fields.update(kinds=kinds, known=known, vague=vague)
    return make(state.game, fields)
