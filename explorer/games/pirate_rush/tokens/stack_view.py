"""The pending-task stack as one pirate may see it, and back again (H2, H7, H8, H11, C10).

Tasks name loot tiles by token (0-39), and token numbers are no public fact, so a view names
each tile by its public place: an island slot ``{"place": "I3.b"}``, or a tile of a loot pile
or the discard ``{"zone": "P2", "kind": "gold", "ref": 0}`` (zone ``"D"`` is the discard;
``ref`` numbers the distinct tiles the stack names, so two mentions of one tile stay one).
The kind is given only to a viewer who can follow that tile and may know it is the one meant:

- a tile the Gambler looked at (R42, H7) or the Rogue looked at (R43, H8): the looker and the
  target; for anyone else it is *some* tile of the target's loot, perhaps one he knows;
- a Juegos de cubierta stake before the reveal (R49, H11): its owner;
- any other tile (just taken, paid, received; R19, R37, R40, R46, R53): whoever follows it.

The first throw of a chosen duel (R57, C10) is shown only to the pirate who threw it.
`private_stack` turns a viewed stack back into tasks, given a function that picks a token
for each reference (`explorer.games.pirate_rush.sampling` draws them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from explorer.core.errors import PositionError

from ..turn.table import THROWS
from .knowledge import locate

# task name -> (argument index, shape): one token, a tuple of tokens, or (player, token) pairs
TOKEN_ARG = {
    "see": (1, "one"), "gamble_choice": (3, "one"), "gamble_other": (3, "one"), "gamble_give": (3, "one"),
    "rogue_pick": (3, "many"), "rogue_next": (3, "many"), "rogue_more": (3, "many"), "rogue_keep": (3, "many"),
    "gained": (2, "one"), "gunner": (2, "one"), "qm": (2, "one"), "monkey": (2, "one"), "qm_draw": (2, "one"),
    "merchant_swap": (3, "one"), "stake": (3, "pairs"), "jdc_reveal": (1, "pairs"), "claim": (2, "pairs"),
}
LOOKS = frozenset({"gamble_choice", "gamble_other", "gamble_give", "rogue_pick", "rogue_next", "rogue_more",
                   "rogue_keep"})
SECRET_STAKES = frozenset({"stake", "jdc_reveal"})

Pick = Callable[[Mapping[str, Any], bool], int]


def _parties(task: tuple, owner: int | None = None) -> tuple[int, ...] | None:
    """Who may know which tile a reference means (None: whoever can follow the tile)."""
    if task[0] in LOOKS:
        return (task[1], task[2])
    if task[0] in SECRET_STAKES:
        return (owner,)
    return None


def task_tokens(task: tuple) -> tuple[int, ...]:
    """The tokens a task names (none for most tasks)."""
    spec = TOKEN_ARG.get(task[0])
    if not spec:
        return ()
    i, shape = spec
    tokens = (task[i],) if shape == "one" else task[i] if shape == "many" else tuple(t for _, t in task[i])
    return tuple(t for t in tokens if t >= 0)


# -- to the view ----------------------------------------------------------------------
def public_stack(s, viewer: int | None) -> list:
    """The stack (bottom first) with tile references as public places."""
    refs: dict[int, int] = {}
    return [_public_task(s, task, viewer, refs) for task in s.stack]


def _plain(x: Any) -> Any:
    return [_plain(y) for y in x] if isinstance(x, tuple) else x


def _public_task(s, task: tuple, viewer: int | None, refs: dict[int, int]) -> list:
    out = _plain(task)
    spec = TOKEN_ARG.get(task[0])
    if spec:
        i, shape = spec
        if shape == "one":
            out[i] = _ref(s, task[i], viewer, _parties(task), refs)
        elif shape == "many":
            out[i] = [_ref(s, t, viewer, _parties(task), refs) for t in task[i]]
        else:
            out[i] = [[q, _ref(s, t, viewer, _parties(task, q), refs)] for q, t in task[i]]
    if task[0] == "throw" and task[4] and viewer not in (None, task[2]):
        out[4] = None
    return out


def _ref(s, t: int, viewer: int | None, parties, refs: dict[int, int]) -> Any:
    if t < 0:
        return t
    zone, place = locate(s, t)
    if zone.startswith("I"):
        return {"place": place}
    if viewer is None:
        kind = s.kinds[t] or None
    else:
        kind = s.kinds[t] if t in s.known[viewer] and (parties is None or viewer in parties) else None
    return {"zone": zone, "kind": kind, "ref": refs.setdefault(t, len(refs))}


# -- back to tasks --------------------------------------------------------------------
def private_stack(stack: Any, viewer: int | None, pick: Pick, rng: random.Random) -> tuple:
    """Tasks from a viewed stack; ``pick(ref, any_tile)`` gives the token of a pile reference.

    ``any_tile`` is True when the viewer may not know which tile is meant (he is no party to
    a look or a stake), so the tile may be one he knows; otherwise an unnamed tile is one
    he cannot follow. A hidden first throw is drawn uniformly (C10).
    """
    if not isinstance(stack, list):
        raise PositionError("stack", f"must be the list of pending tasks, not {stack!r}")
    return tuple(_private_task(task, f"stack.{k}", viewer, pick, rng) for k, task in enumerate(stack))


def _private_task(task: Any, field: str, viewer: int | None, pick: Pick, rng: random.Random) -> tuple:
    if not isinstance(task, list) or not task or not isinstance(task[0], str):
        raise PositionError(field, f"a task is a list starting with its name, not {task!r}")
    kind = task[0]
    out = list(task)
    spec = TOKEN_ARG.get(kind)
    try:
        if spec:
            i, shape = spec
            hidden = viewer not in (_parties(task) or (viewer,))
            if shape == "one":
                out[i] = _token(task[i], hidden, pick)
            elif shape == "many":
                out[i] = tuple(_token(r, hidden, pick) for r in task[i])
            else:
                out[i] = tuple((q, _token(r, kind in SECRET_STAKES and viewer != q, pick)) for q, r in task[i])
        if kind == "throw" and out[4] is None:
            out[4] = THROWS[rng.randrange(3)]
    except PositionError:
        raise
    except (IndexError, TypeError, ValueError) as err:
        raise PositionError(field, f"malformed task {task!r}") from err
    return _freeze(out)


def _token(ref: Any, any_tile: bool, pick: Pick) -> int:
    if isinstance(ref, int) and ref < 0:
        return ref
    if not isinstance(ref, Mapping):
        raise TypeError(ref)
    return pick(ref, any_tile)


def _freeze(x: Any) -> Any:
    return tuple(_freeze(y) for y in x) if isinstance(x, (list, tuple)) else x
