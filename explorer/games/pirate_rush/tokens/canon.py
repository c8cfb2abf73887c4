"""A Pirate Rush position without token numbers: what equality and hashing compare.

Loot tiles are 40 physical tokens, but a token's number is no fact of the game: two
tables that differ only in which copper is called 7 and which 12 are the same position.
So is a table that differs only in which of two identical island tiles (two plain red
structure tiles, D4) lies where. `canonical_key` renumbers the tokens by where they lie
(island slots in order; then each loot pile and the discard, sorted by what the tile is,
who can follow it, who remembers it vaguely and where the pending steps name it) and
names island tiles by what they show, so the short notation (`position_text`), which
names tiles only by what they are, reads back a state equal to the one it was written from.
"""

from __future__ import annotations

from ..data import ISLAND_TILES
from .stack_view import TOKEN_ARG


def tile_face(tile_id: str) -> tuple[str, str, str]:
    """An island tile as the table sees it: (colour, resource, event)."""
    if not tile_id:
        return ("", "", "")
    tile = ISLAND_TILES[tile_id]
    return (tile.colour, tile.resource, tile.event)


def stack_refs(stack: tuple) -> dict[int, tuple[tuple[int, int], ...]]:
    """token -> the (task index, position) places where pending tasks name it."""
    refs: dict[int, list[tuple[int, int]]] = {}
    for k, task in enumerate(stack):
        for pos, t in enumerate(_tokens(task)):
            if t >= 0:
                refs.setdefault(t, []).append((k, pos))
    return {t: tuple(v) for t, v in refs.items()}


def _tokens(task: tuple) -> tuple[int, ...]:
    spec = TOKEN_ARG.get(task[0])
    if not spec:
        return ()
    i, shape = spec
    if shape == "one":
        return (task[i],)
    if shape == "many":
        return tuple(task[i])
    return tuple(t for _, t in task[i])


def signature(s, t: int, refs: dict) -> tuple:
    """What tells token `t` apart from the tiles lying with it."""
    n = s.game.players
    return (s.kinds[t], tuple(p for p in range(n) if t in s.known[p]),
            tuple((p, z) for p in range(n) for x, z in s.vague[p] if x == t), refs.get(t, ()))


def renumbering(s) -> dict[int, int]:
    """old token -> canonical token: slots in order, then each pile and the discard by signature."""
    refs = stack_refs(s.stack)
    order = [t for row in s.slots for t in row if t >= 0]
    for pile in (*s.loot, s.discard):
        order += sorted(pile, key=lambda t: signature(s, t, refs))
    return {old: new for new, old in enumerate(order)}


def _map_task(task: tuple, new: dict[int, int]) -> tuple:
    spec = TOKEN_ARG.get(task[0])
    if not spec:
        return task
    i, shape = spec
    arg = task[i]
    if shape == "one":
        mapped = new.get(arg, arg)
    elif shape == "many":
        mapped = tuple(new.get(t, t) for t in arg)
    else:
        mapped = tuple((q, new.get(t, t)) for q, t in arg)
    return (*task[:i], mapped, *task[i + 1:])


def canonical_key(s) -> tuple:
    """The position with tokens renumbered (`renumbering`) and island tiles named by face."""
    new = renumbering(s)
    kinds = [""] * len(s.kinds)
    for old, t in new.items():
        kinds[t] = s.kinds[old]
    return (
        s.phase, tuple(_map_task(task, new) for task in s.stack), tuple(kinds),
        tuple(tuple(new[t] if t >= 0 else t for t in row) for row in s.slots),
        tuple(tuple(sorted(new[t] for t in pile)) for pile in s.loot), tuple(sorted(new[t] for t in s.discard)),
        tuple(tile_face(t) for t in s.islands), s.flipped, tuple(sorted(tile_face(t) for t in s.removed)),
        s.row, s.markers, s.chosen, s.prestige, s.prosthetics, s.resources, s.ship, s.anchor, s.round,
        s.starter, tuple(sorted(s.played)), s.current, s.turn, s.event,
        tuple(frozenset(new[t] for t in k) for k in s.known),
        tuple(tuple(sorted((new[t], z) for t, z in v)) for v in s.vague), s.peeked, s.ending, s.visited)
