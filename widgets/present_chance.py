"""The chance panel's data: a chance node's outcomes grouped into at most a dozen bars.

Outcomes group by what a person cares about (`State.outcome_group`: a card by name, a
tile by colour and kind); past `MAX_BARS` groups the least likely fold into one "any
other" bar. A bar that holds several outcomes opens (drill-down) to show them; a bar of
one outcome chooses it. Pure functions of the controller, like `widgets.present`.

Views: the teacher sees the truth (`chance_outcomes`). A player sees only the odds they
may know (`explorer.analysis.odds.next_outcomes`, by the text they would read); where a
game cannot yet list a player's hidden possibilities, the panel says the odds depend on
what the player cannot see, and shows none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from explorer.analysis.odds import next_outcomes, outcome_text, worlds
from explorer.core.errors import PositionError, TooManyWorlds
from explorer.core.game import State
from widgets import present

MAX_BARS = 12          # about a dozen bars at once
SHORT = 38             # characters of a bar's label; the full text is its tooltip
OTHER = "*"            # the drill key of the "any other" bar
PLAYER_WORLDS = 2_000  # hidden possibilities weighed for a player's odds before saying "too many"


@dataclass(frozen=True, slots=True)
class Item:
    """One outcome as a panel lists it: notation (None where a player may not choose it),
    its words, its exact probability and its groups (broadest first)."""

    move: str | None
    text: str
    probability: Fraction
    groups: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: a group of outcomes (or one outcome), its key for drilling and its total."""

    key: str
    label: str
    items: tuple[Item, ...]

    @property
    def probability(self) -> Fraction:
        return sum((i.probability for i in self.items), Fraction(0))


def short(text: str, size: int = SHORT) -> str:
    """A label that fits its bar: cut at a word where it can, with an ellipsis."""
    if len(text) <= size:
        return text
    cut = text[: size - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > size // 2 else cut).rstrip(" ,:;") + "…"


def percent(p: Fraction) -> str:
    """A percentage for reading at a glance (the fraction beside it is the exact value)."""
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 10 or value == 0 else f"{value:.1f}%"


def _bars_at(items: Sequence[Item], depth: int) -> list[Bar]:
    """Group by the label at `depth`; an outcome with no group there stands alone."""
    order: dict[str, list[Item]] = {}
    labels: dict[str, str] = {}
    for item in items:
        if depth < len(item.groups):
            key = label = item.groups[depth]
        else:
            key, label = f"={item.move or item.text}", item.text
        order.setdefault(key, []).append(item)
        labels[key] = label
    return [Bar(key, labels[key], tuple(members)) for key, members in order.items()]


def fold(bars: list[Bar], limit: int = MAX_BARS) -> tuple[list[Bar], list[Bar]]:
    """Keep the `limit - 1` likeliest bars (in their own order), fold the rest into one."""
    if len(bars) <= limit:
        return bars, []
    ranked = sorted(range(len(bars)), key=lambda i: (-bars[i].probability, i))
    keep = set(ranked[: limit - 1])
    return [b for i, b in enumerate(bars) if i in keep], [b for i, b in enumerate(bars) if i not in keep]


def _level(items: Sequence[Item], depth: int) -> tuple[list[Bar], int]:
    """The bars at `depth`; a level of one group says nothing, so it opens by itself."""
    while True:
        bars = _bars_at(items, depth)
        if len(bars) != 1 or len(bars[0].items) == 1 or all(depth >= len(i.groups) for i in items):
            return bars, depth
        depth += 1


def open_level(items: Sequence[Item], steps: Sequence[str]) -> tuple[list[Bar], list[str]]:
    """Follow the drill `steps` from the top: the bars shown there and the crumbs' labels.
    A step that names no group raises `PositionError` (field ``group``), nothing opened."""
    current, depth, crumbs = list(items), 0, []
    for step in steps:
        bars, depth = _level(current, depth)
        shown, rest = fold(bars)
        if step == OTHER and rest:
            current = [i for b in rest for i in b.items]
            crumbs.append(other_label(rest))
            continue
        match = next((b for b in shown if b.key == step and len(b.items) > 1), None)
        if match is None:
            raise PositionError("group", f"no group {step!r} to open here")
        current, depth = list(match.items), depth + 1
        crumbs.append(match.label)
    return _level(current, depth)[0], crumbs


def other_label(rest: Sequence[Bar]) -> str:
    """The folded bar, named by what it holds where that is short ("Any other: Holy Water, Kraken")."""
    count = sum(len(b.items) for b in rest)
    names = ", ".join(b.label for b in rest)
    if len(rest) <= 3 and len(names) <= SHORT - 11:
        return f"Any other: {names}"
    return f"Any other ({count} outcome{'s' if count != 1 else ''})"


def bar_row(bar: Bar) -> dict:
    """A bar as the views draw it: short label, full text as tooltip, fraction and percent."""
    p = bar.probability
    single = bar.items[0] if len(bar.items) == 1 else None
    label = bar.label if not bar.key.startswith("=") else bar.items[0].text
    full = single.text if single is not None else f"{bar.label}: {len(bar.items)} outcomes"
    if single is not None and single.text != label:
        full = f"{label} — {single.text}"
    return {"key": bar.key, "id": single.move if single else None, "label": short(label), "full": full,
            "fraction": str(p), "percent": percent(p), "value": float(p), "count": len(bar.items),
            "group": single is None}


def distinct_part(texts: Sequence[str]) -> list[str]:
    """The texts without the words they all start with ("Player 1 draws a card (Player 1 gets ♥)"
    and the like become "Player 1 gets ♥"), so short labels keep what tells the bars apart."""
    if len(texts) < 2:
        return list(texts)
    first, last = min(texts), max(texts)   # the common prefix of all is theirs
    n = next((i for i, (a, b) in enumerate(zip(first, last, strict=False)) if a != b), min(len(first), len(last)))
    prefix = first[:n]
    cut = (prefix.rfind("(") if "(" in prefix else prefix.rfind(" ")) + 1   # keep the bracket's own words
    if cut < 8 or any(len(t) <= cut for t in texts):
        return list(texts)
    parts = [t[cut:] for t in texts]
    return [p[:-1] if p.endswith(")") and "(" not in p else p for p in parts]


def rows_of(items: Sequence[Item], steps: Sequence[str]) -> tuple[list[dict], list[str]]:
    """The rows (bars) and breadcrumbs at the drill `steps`."""
    bars, crumbs = open_level(items, steps)
    shown, rest = fold(bars)
    rows = [bar_row(b) for b in shown]
    if not rest and not any(r["group"] for r in rows):   # single outcomes that read alike at first
        for row, label in zip(rows, distinct_part([r["full"] for r in rows]), strict=True):
            if label != row["full"]:
                row["label"] = short(label)
    if rest:
        folded = Bar(OTHER, other_label(rest), tuple(i for b in rest for i in b.items))
        rows.append({**bar_row(folded), "label": short(folded.label), "group": True, "id": None,
                     "full": f"{folded.label}: " + "; ".join(b.label for b in rest)})
    return rows, crumbs


# -- items per view ---------------------------------------------------------------------------
def teacher_items(state: State) -> list[Item]:
    """Every outcome of the truth with its groups (the teacher may choose any)."""
    return [Item(str(o), state.describe(o), Fraction(p), tuple(state.outcome_group(o)))
            for o, p in state.chance_outcomes()]


@lru_cache(maxsize=32)
def _player_odds(state: State, viewer: int) -> dict[str, Fraction]:
    """`next_outcomes` once per (position, viewer): every view of one node asks for it."""
    return next_outcomes(state, viewer, limit=PLAYER_WORLDS)


def _texts(world: State, viewer: int) -> dict[str, list[Any]]:
    """A world's outcomes by the text `viewer` would read."""
    found: dict[str, list[Any]] = {}
    for outcome, _ in world.chance_outcomes():
        found.setdefault(outcome_text(world, outcome, viewer), []).append(outcome)
    return found


@lru_cache(maxsize=32)
def _public(state: State, viewer: int) -> bool:
    """True when every world the viewer cannot tell apart has this node's odds, by text (a fair
    die): then choosing an outcome by hand tells the player nothing hidden."""
    def odds(world: State) -> dict[str, Fraction]:
        return {text: sum((p for o, p in world.chance_outcomes() if o in outs), Fraction(0))
                for text, outs in _texts(world, viewer).items()}

    mine = odds(state)
    return all(odds(world) == mine for world, _ in worlds(state, viewer, PLAYER_WORLDS))


def player_items(state: State, viewer: int) -> list[Item] | None:
    """The odds `viewer` may know, by the text they would read; None when the game cannot
    list the viewer's hidden possibilities yet. Outcomes are choosable only at a node whose
    odds are public (the same in every world the viewer cannot tell apart) where a text names
    one outcome, so a button never tells the player something hidden."""
    if not state.game.can("hidden_worlds"):
        return None
    odds = _player_odds(state, viewer)
    truth = _texts(state, viewer) if _public(state, viewer) else {}
    return [Item(str(truth[text][0]) if len(truth.get(text, ())) == 1 else None, text, p)
            for text, p in odds.items()]


def chance_items(state: State, viewer: int | None) -> list[Item] | None:
    """The outcomes the viewer may see here (None: the player's odds cannot be listed yet)."""
    return teacher_items(state) if viewer is None else player_items(state, viewer)


SETUP = "Setting up"   # how `State.stage_text` begins at a set-up step (the contract says so)


def deal_label(state: State) -> str:
    """The one-click button for a chain of chance steps ('' for a lone roll): the whole set-up
    ("Deal the set-up"), or the draws up to the next decision (a hand refilled card by card)."""
    outcomes = state.chance_outcomes()
    if not outcomes or not state._step(outcomes[0][0]).is_chance:
        return ""
    return "Deal the set-up" if state.stage_text().startswith(SETUP) else "Roll to the next decision"


def focus_steps(ctl: Any) -> tuple[str, ...]:
    """The drill steps the viewer just opened here; any other change (node, view) closes them."""
    node, viewer, steps, revision = getattr(ctl, "chance_focus", (None, None, (), -1))
    return tuple(steps) if (node, viewer, revision) == (ctl.node, ctl.viewer, ctl.revision) else ()


def chance_data(ctl: Any) -> dict:
    """At a chance node: the bars the viewer may see, the drill crumbs, and the controls."""
    state, viewer = ctl.state, ctl.viewer
    base = {"active": False, "hidden": False, "rows": [], "crumbs": [], "steps": [], "deal": "", "title": "",
            "note": "Not a chance node.", "path": list(ctl.path), "viewer": viewer}
    if not state.is_chance:
        return base
    deal = deal_label(state)
    try:
        items = chance_items(state, viewer)
    except TooManyWorlds as err:
        return {**base, "active": True, "hidden": True, "deal": deal,
                "note": f"Too many hidden possibilities (more than {err.limit}) to weigh this player's odds "
                        "exactly here."}
    if items is None:
        return {**base, "active": True, "hidden": True, "deal": deal,
                "note": "The odds depend on what this player cannot see."}
    steps = focus_steps(ctl)
    rows, crumbs = rows_of(items, steps)
    count, here = len(items), sum(r["count"] for r in rows)
    bars = f"shown as {len(rows)} bar{'s' if len(rows) != 1 else ''}"
    shown = f"{count} outcome{'s' if count != 1 else ''}, {bars}" if here == count else \
        f"{here} of the {count} outcomes, {bars}"
    note = (f"{shown}; probabilities are exact fractions." if viewer is None else
            f"The odds {present.player_name(ctl.game, viewer)} may know: {shown}, as they would read them.")
    return {**base, "active": True, "rows": rows, "crumbs": crumbs, "steps": list(steps), "deal": deal, "note": note,
            "title": state.stage_text() or "Chance"}
