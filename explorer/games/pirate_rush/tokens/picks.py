"""Blind picks and shuffles named in words, not token numbers (R74, C7-C13).

A blind pick from a pile (the Gambler's, the Rogue's, a duel steal, the Quartermaster's
draw, Motín) is written ``pick gold``: the kind of tile picked, or ``unseen`` for a tile
nobody has seen. Tiles of one kind that differ in who can follow them (or in what a pending
step says of them) are told apart by ``#2``, ``#3`` in a fixed order; tiles that differ in
nothing are one outcome whose odds count them all (``pick unseen`` from 5 of 16 unseen
discard tiles: 5/16). A Perdidos shuffle step (C7) is written ``place I5.c``: the tile now
at I5.c goes into the first slot still to fill.
"""

from __future__ import annotations

from fractions import Fraction

from ..data import KINDS
from ..model import Outcome, parse_slot, slot_name
from .canon import signature, stack_refs

MAX_GROUPS = 40


def candidates(s, task: tuple) -> list[int]:
    """The tokens a pick or shuffle step chooses among, uniformly (R74)."""
    kind = task[0]
    if kind in ("gamble_look", "rogue_pick", "steal"):
        return sorted(set(s.loot[task[2]]) - set(task[3] if kind == "rogue_pick" else ()))
    if kind == "gamble_other":
        return sorted(set(s.loot[task[2]]) - {task[3]})
    if kind == "gamble_give":
        return sorted(s.loot[task[1]])
    if kind == "qm_draw":
        return sorted(set(s.discard) - {task[2]})
    if kind == "place":
        return sorted(s.slots[j][i] for j, i in task[1])
    if kind == "motin":
        return sorted(s.loot[task[1]])
    raise AssertionError(kind)


def labels(s, task: tuple) -> dict[int, str]:
    """token -> the words of its outcome (tokens that differ in nothing share one). Read only: the
    last answer is kept for the same fields (a draw names its pick, then the step reads it back)."""
    fields = (s.game, task, s.stack, s.kinds, s.known, s.vague, s.loot, s.discard, s.slots)
    last = _last[0]
    if last is not None and all(a is b for a, b in zip(last, fields, strict=True)):
        return _last[1]
    out = _labels(s, task)
    _last[:] = [fields, out]
    return out


# the fields `labels` last read (held, so none is freed and its id reused) and its answer
_last: list = [None, None]


def _labels(s, task: tuple) -> dict[int, str]:
    tokens = candidates(s, task)
    if task[0] == "place":
        return {t: _slot_of(s, t) for t in tokens}
    refs = stack_refs(s.stack)
    sigs = {t: signature(s, t, refs) for t in tokens}
    groups: dict[str, list[tuple]] = {}
    out = {}
    for t in sorted(tokens, key=sigs.__getitem__):
        kind = s.kinds[t] or "unseen"
        sig = sigs[t]
        seen = groups.setdefault(kind, [])
        if sig not in seen:
            seen.append(sig)
        k = seen.index(sig) + 1
        out[t] = kind if k == 1 else f"{kind} #{k}"
    return out


def _slot_of(s, t: int) -> str:
    for j, row in enumerate(s.slots):
        if t in row:
            return slot_name(j, row.index(t))
    raise AssertionError(t)


def outcomes(s, task: tuple) -> tuple[tuple[Outcome, Fraction], ...]:
    named = labels(s, task)
    verb = "place" if task[0] == "place" else "pick"
    counts: dict[str, int] = {}
    for t in sorted(named):
        counts[named[t]] = counts.get(named[t], 0) + 1
    total = len(named)
    return tuple((Outcome(verb, label), Fraction(c, total)) for label, c in counts.items())


def token(s, task: tuple, label: str) -> int:
    """The token an outcome's words stand for (the first of identical ones: they are alike)."""
    if task[0] == "place":
        j, i = parse_slot(label)
        return s.slots[j][i]
    named = labels(s, task)
    return min(t for t, words in named.items() if words == label)


def space_labels() -> list[str]:
    """Every pick's words a game can list (for the adapters' fixed chance space)."""
    words = [*KINDS, "unseen"]
    return [*words, *(f"{w} #{k}" for w in words for k in range(2, MAX_GROUPS + 1))]
