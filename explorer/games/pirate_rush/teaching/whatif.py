"""Small position editors for what-if questions and teaching: hand a pirate some loot, make it
someone's turn. Each returns a new, validated state (through `state_from_dict`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def give_loot(state, loot: Mapping[int, Sequence[str]], discard: Sequence[str] = ()):
    """Move unseen tiles (discard first, then the last islands' slots) into the named piles with
    the named kinds, each known to its owner; `discard` names kinds for unseen discard tiles."""
    data = state.to_dict()
    kinds = data["kinds"]
    unseen = [t for t in data["discard"] if not kinds[t]]
    unseen += [t for row in reversed(data["slots"]) for t in reversed(row) if t >= 0 and not kinds[t]]
    for p, names in loot.items():
        for kind in names:
            t = unseen.pop(0)
            kinds[t] = kind
            data["discard"] = [x for x in data["discard"] if x != t]
            data["slots"] = [[-1 if x == t else x for x in row] for row in data["slots"]]
            data["loot"][p] = sorted([*data["loot"][p], t])
            data["known"][p] = sorted({*data["known"][p], t})
    free = [t for t in data["discard"] if not kinds[t]]
    for kind, t in zip(discard, free, strict=False):
        kinds[t] = kind
    return state.game.state_from_dict(data)


def at_turn(state, player: int, chosen: Sequence[int] | None = None, **fields):
    """The same table, now at the start of `player`'s turn (other fields as given)."""
    data = state.to_dict()
    if chosen is not None:   # a character not in the row takes the place of an unchosen one (S5: N+3 in all)
        data["chosen"] = list(chosen)
        row = list(data["row"])
        spare = [r for r in row[2:] if r not in chosen]
        for r in chosen:
            if r and r not in row:
                if spare:
                    row.remove(spare.pop())
                row.append(r)
        data["row"] = [1, 2, *sorted(r for r in row if r > 2)]
        data["markers"] = [r for r in data["markers"] if r in data["row"]]
    looks = 2 if data["chosen"][player] == 7 else 1
    data.update(phase="play", stack=[["turn", player]], current=player, turn=[0, looks, 0, 0, 0, 0, 0],
                round=max(1, data["round"]))
    data.update(fields)
    return state.game.state_from_dict(data)
