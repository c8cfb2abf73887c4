"""Helpers for the Pirate Rush tests: scripted play, hand-made positions, chance enumeration."""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer.games.pirate_rush.model import Move, Outcome

PLAIN_GREEN = "T12"


def game(n: int = 3, **options):
    return explorer.load("pirate_rush", players=n, **options)


class Pick:
    """A blind pick of a token the test knows: played as the words the chance node lists for it."""

    def __init__(self, token: int) -> None:
        self.token = token


def pick_words(s, token: int) -> str:
    from explorer.games.pirate_rush.tokens.picks import labels

    task = s.stack[-1]
    return f"{'place' if task[0] == 'place' else 'pick'} {labels(s, task)[token]}"


def play(s, *items):
    for item in items:
        s = s.apply(pick_words(s, item.token) if isinstance(item, Pick) else item)
    return s


def begin(n: int = 3, row: str | None = None, removed: str = "T04 T07 T08 T10", looks: int = 0, **options):
    """A game after S2, S5 and S8 (player 0 starts), at the first draft."""
    g = game(n, setup_investigations=looks, **options)
    row = row or " ".join(str(r) for r in range(3, 4 + n))
    return play(g.new_state(), f"removed {removed}", f"row {row}", "first P1")


def edit(s, **fields):
    data = s.to_dict()
    data.update(fields)
    return s.game.state_from_dict(data)


def table(n: int = 3, loot: dict | None = None, discard: list | None = None, slots: dict | None = None,
          chosen: tuple | None = None, turn_of: int = 0, stack: list | None = None, row: str | None = None,
          removed: str = "T04 T07 T08 T10", **options):
    """A hand-made round-1 position at `turn_of`'s turn (basic game unless told otherwise).

    `loot` maps a player to kinds, `discard` lists the discard's kinds (others stay unseen),
    `slots` maps ``"I2.a"`` to a kind known to player 0 (the ship is at I1).
    """
    options.setdefault("advanced", False)
    s = begin(n, row=row, removed=removed, **options)
    d = s.to_dict()
    kinds = [""] * 40
    pool = list(d["discard"]) + [t for row_ in reversed(d["slots"][1:]) for t in reversed(row_)]
    loot_piles = [[] for _ in range(n)]
    for p, ks in (loot or {}).items():
        for k in ks:
            t = pool.pop(0)
            kinds[t] = k
            loot_piles[p].append(t)
    used = {t for pile in loot_piles for t in pile}
    d["slots"] = [[-1 if t in used else t for t in row_] for row_ in d["slots"]]
    d["discard"] = [t for t in d["discard"] if t not in used]
    for k, t in zip(discard or [], list(d["discard"]), strict=False):
        kinds[t] = k
    known0 = set()
    for place, k in (slots or {}).items():
        j, i = int(place[1]) - 1, "abcde".index(place[3])
        t = d["slots"][j][i]
        kinds[t] = k
        known0.add(t)
    d["kinds"] = kinds
    d["loot"] = loot_piles
    d["known"] = [sorted(set(loot_piles[p]) | (known0 if p == 0 else set())) for p in range(n)]
    d["chosen"] = list(chosen or range(1, n + 1))
    d["row"] = sorted(set(d["row"]) | set(d["chosen"]))
    looks = s.game.options["cabin_boy_looks"] if d["chosen"][turn_of] == 7 else 1   # R44, V20
    d.update(phase="play", round=1, current=turn_of, turn=[0, looks, 0, 0, 0, 0, 0],
             stack=stack or [["turn", turn_of]])
    return s.game.state_from_dict(d)


def tokens_of(s, p: int, kind: str) -> list[int]:
    return [t for t in s.loot[p] if s.kinds[t] == kind]


def leaves(s, stop=lambda s: False, limit: int = 200_000):
    """Every (state, probability) reached by resolving chance nodes from `s` (decisions stop)."""
    out = []
    todo = [(s, Fraction(1))]
    while todo:
        state, p = todo.pop()
        if not state.is_chance or stop(state):
            out.append((state, p))
            continue
        for o, q in state.chance_outcomes():
            todo.append((state._step(o), p * q))
        if len(out) + len(todo) > limit:
            raise RuntimeError("too many leaves")
    return out


def prob(pairs, predicate) -> Fraction:
    return sum((p for s, p in pairs if predicate(s)), Fraction(0))


__all__ = ["Move", "Outcome", "Pick", "begin", "edit", "game", "leaves", "play", "prob", "table", "tokens_of"]
