"""Verdicts: what every choice at a node is worth, exact where small, else sampled in rounds.

At a decision node each legal move gets the win probability and mean final score of every
player (the engine panel shows the mover's), with 95 % intervals. A small subtree is solved
exactly (every later choice made by its player to maximise their own chance of winning,
chance averaged exactly); otherwise the game's evaluator plays rollouts, the same seeds for
every move (common random numbers), refined in rounds by the generator `refine`. The rollouts
run on the game's kernel for its evaluator (`Game.playout`) where it has one: the same
games as stepping the model, in a fraction of the time, which puts the first snapshot within
about `first_seconds` in every game.

Knowledge: in a player's view the engine sees only `state.view(player)`; every rollout
starts from `Game.sample_state(view, rng)`, so hidden cards are filled in, never read.
In the teacher's view (no viewer) it plays from the truth. At a chance node each outcome
group (`State.outcome_group`, as the chance panel groups) gets what it is worth.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from explorer.analysis.results import Outcome
from explorer.analysis.rollouts import derive_seed, resolve_policy
from explorer.analysis.stats import mean_interval, wilson
from explorer.analysis.verdict_play import Cancel, batch_here, batch_in_pool, batch_size, outcome_vector
from explorer.core.errors import ExplorerError, PositionError, TooManyWorlds
from explorer.core.game import Game, State, nothing_hidden

Interval = tuple[float, float, float]          # (mean, low, high)


@dataclass(frozen=True)
class Knowledge:
    """What the engine may read: the game and either one player's view or the whole truth.

    Two positions that differ only in what `viewer` cannot see give equal `Knowledge`."""

    game: Game
    viewer: int | None
    view: Mapping[str, Any] | None = field(compare=False, default=None)
    truth: State | None = None
    view_text: str = ""           # the view as canonical JSON: the comparable form

    @property
    def basis(self) -> str:
        """The view the verdict uses, in words for the panel."""
        if self.viewer is None:
            return "teacher's view: the truth"
        name = Game.player_name(self.game, self.viewer)   # "Player 1".., whatever a game's override says
        if nothing_hidden(self.game):
            return f"from {name}'s view: nothing is hidden"
        return f"from {name}'s view: hidden cards sampled"


def knowledge(state: State, viewer: int | None) -> Knowledge:
    """The engine's input at `state` for `viewer` (None: the teacher, who sees the truth)."""
    game = state.game
    if viewer is None:
        return Knowledge(game, None, None, state, "")
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < game.players:
        raise PositionError("viewer", f"no player {viewer!r} in a {game.players}-player game")
    return Knowledge(game, viewer, state.view(viewer), None, state.observation_string(viewer))


def world(know: Knowledge, rng: random.Random) -> State:
    """A full state to play from: the truth for the teacher, else one consistent with the view."""
    if know.truth is not None:
        return know.truth
    return know.game.sample_state(know.view, rng)


# -- results -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One choice (a move, or an outcome group at a chance node) and what it is worth.

    `wins[p]` and `scores[p]` are (mean, low, high) for player p; exact rows have low = high.
    `behind` is the paired difference of the focus player's win chance from the best row's
    (0 for the best itself); `games` is 0 for an exact row."""

    label: str
    notation: str
    wins: tuple[Interval, ...]
    scores: tuple[Interval, ...]
    games: int
    exact: bool
    best: bool = False
    behind: Interval = (0.0, 0.0, 0.0)
    unfinished: int = 0           # rollouts that met the step cap: left out of the figures, counted


@dataclass(frozen=True)
class Verdict:
    """One snapshot: every row at the node, for `focus` (the mover, or the viewer at chance)."""

    kind: str                     # "decision", "chance", "hidden" (the mover's options are hidden) or "over"
    focus: int | None
    basis: str
    method: str                   # how the figures were made, in words
    rows: tuple[Row, ...]
    round: int
    done: bool
    mover: int | None = None      # who decides here (public even when their options are not)

    @property
    def exact(self) -> bool:
        return bool(self.rows) and all(r.exact for r in self.rows)

    def best(self) -> Row | None:
        return next((r for r in self.rows if r.best), None)


# -- exact -----------------------------------------------------------------------------------
MAX_DEPTH = 150          # steps below the node: deeper subtrees are sampled, never solved
MAX_WORLDS = 200         # hidden worlds an exact verdict may average; more are sampled


class _Budget(ExplorerError):
    """The subtree is larger than the exact budget (or meets a decision it must not solve)."""


@dataclass
class _Walk:
    """The exact walk's memo and limits: states, depth, wall time; `decisions` says whether
    later decisions may be solved (not when several hidden worlds are averaged)."""

    limit: int
    decisions: bool
    stop_at: float
    clock: Any
    memo: dict = field(default_factory=dict)


def _solve(state: State, walk: _Walk, depth: int = 0) -> tuple[Fraction, ...]:
    """Expectimax to the end: chance averaged, each decision maximising its player's win share."""
    hit = walk.memo.get(state)
    if hit is not None:
        return hit
    if len(walk.memo) >= walk.limit or depth > MAX_DEPTH or walk.clock() > walk.stop_at:
        raise _Budget("more than the exact budget")
    if state.is_over:
        result = outcome_vector(state)
    elif state.is_chance:
        parts = [(p, _solve(state._step(o), walk, depth + 1)) for o, p in state.chance_outcomes()]
        result = tuple(sum((p * v[i] for p, v in parts), Fraction(0)) for i in range(len(parts[0][1])))
    else:
        if not walk.decisions:
            raise _Budget("a later decision with hidden information")
        me = state.player
        result = max((_solve(state._step(a), walk, depth + 1) for a in state.legal_actions()),
                     key=lambda v: v[me])
    walk.memo[state] = result
    return result


def _exact_rows(players: int, choices: list[tuple[str, str, list[tuple[State, Fraction]]]],
                walk: _Walk) -> list[Row] | None:
    """Exact rows when every choice's subtree fits the walk's budget, else None.

    `choices` are (label, notation, [(state after, weight)]) over the hidden worlds."""
    rows = []
    try:
        for label, notation, afters in choices:
            total = sum((w for _, w in afters), Fraction(0))
            vec = [Fraction(0)] * (2 * players)
            for after, weight in afters:
                for i, x in enumerate(_solve(after, walk)):
                    vec[i] += weight * x / total
            rows.append(Row(label, notation, tuple((float(v),) * 3 for v in vec[:players]),
                            tuple((float(v),) * 3 for v in vec[players:]), 0, True))
    except (_Budget, RecursionError):
        return None
    return rows


# -- the choices at a node -------------------------------------------------------------------
def _group(state: State, outcome: Any) -> str:
    groups = state.outcome_group(outcome)
    return groups[0] if groups else state.describe(outcome)


def _moves(w: State) -> tuple[str, ...]:
    return tuple(str(a) for a in w.legal_actions())


def _node_kind(know: Knowledge, probes: list[State]) -> str:
    """What the node is, judged from the known worlds only."""
    first = probes[0]
    if first.is_over:
        return "over"
    if first.is_chance:
        return "chance"
    if len({_moves(w) for w in probes}) > 1:
        return "hidden"   # the mover's options depend on what the viewer cannot see
    return "decision"


def _exact_worlds(know: Knowledge, limit: int) -> list[tuple[State, Fraction]] | None:
    if know.truth is not None:
        return [(know.truth, Fraction(1))]
    if not know.game.can("hidden_worlds"):
        return None
    try:
        return list(know.game.hidden_worlds(know.view, limit=limit))
    except TooManyWorlds:
        return None


def _choices_in(w: State, kind: str) -> dict[str, list[tuple[str, State, Fraction]]]:
    """{notation or group: [(label, state after, weight)]} in one world."""
    if kind == "decision":
        return {str(a): [(w.describe(a), w._step(a), Fraction(1))] for a in w.legal_actions()}
    if kind == "chance":
        found: dict[str, list] = {}
        for o, p in w.chance_outcomes():
            g = _group(w, o)
            found.setdefault(g, []).append((g, w._step(o), p))
        return found
    return {"position": [("before the hidden choice", w, Fraction(1))]}


# -- sampled ---------------------------------------------------------------------------------
def _pick(options: list[tuple[str, State, Fraction]], rng: random.Random) -> State:
    """One outcome of a group with its probability within the group."""
    total = sum(p for _, _, p in options)
    x = Fraction(rng.random()) * total
    for _, after, p in options:
        if x < p:
            return after
        x -= p
    return options[-1][1]


@dataclass
class _Tally:
    label: str
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    unfinished: int = 0


def _summary(t: _Tally, players: int) -> tuple[tuple[Interval, ...], tuple[Interval, ...]]:
    games = list(t.outcomes.values())
    n = len(games)
    wins = []
    for p in range(players):
        share = sum(o.win(p) for o in games)
        low, high = wilson(share, n)
        wins.append((share / n if n else float("nan"), low, high))
    return tuple(wins), tuple(mean_interval([o.scores[p] for o in games]) for p in range(players))


def _rank(rows: list[Row], focus: int, tallies: Mapping[str, _Tally] | None) -> tuple[Row, ...]:
    """Mark the best row for `focus` and give every row its paired gap to it."""
    if not rows:
        return ()
    def key(r: Row) -> tuple[float, float]:
        win, score = r.wins[focus][0], r.scores[focus][0]
        return (-1.0 if math.isnan(win) else win, -math.inf if math.isnan(score) else score)

    best = max(rows, key=key)
    out = []
    for r in rows:
        if r is best:
            gap = (0.0, 0.0, 0.0)
        elif tallies is None:
            d = r.wins[focus][0] - best.wins[focus][0]
            gap = (d, d, d)
        else:
            mine, top = tallies[r.notation].outcomes, tallies[best.notation].outcomes
            gap = mean_interval([mine[i].win(focus) - top[i].win(focus) for i in mine if i in top])
        out.append(Row(r.label, r.notation, r.wins, r.scores, r.games, r.exact, r is best, gap, r.unfinished))
    return tuple(out)


def refine(state: State, viewer: int | None = None, *, seed: int = 0, cancel: Cancel | None = None,
           first_seconds: float = 0.5, round_seconds: float = 2.0, max_games: int = 2000,
           exact_limit: int = 20_000, exact_seconds: float = 0.25, max_steps: int = 5_000,
           workers: int = 0, kernel: bool = True, clock: Any = time.monotonic) -> Iterator[Verdict]:
    """Successive verdicts at `state` as `viewer` knows it: one exact snapshot when the subtree
    fits `exact_limit` states and `exact_seconds`, else sampled rounds, the first after about `first_seconds`
    (at least one game per choice), later ones every `round_seconds`, until `max_games`
    games per choice or `cancel`. The last snapshot has ``done=True`` unless cancelled.
    A rollout that has not ended after `max_steps` steps is left out and counted (`Row.unfinished`).
    `workers` > 0 plays the rollouts on that many processes (the same games: same seeds), so
    they run beside the caller's thread instead of competing with it; 0 plays them here.
    Every seat plays the evaluator, so a game's fast kernel plays each rollout
    (`Game.playout`, the same games as stepping the model, only sooner); `kernel=False`
    steps the model instead, which only a check of a kernel needs."""
    for snapshot in refine_steps(state, viewer, seed=seed, cancel=cancel, first_seconds=first_seconds,
                                 round_seconds=round_seconds, max_games=max_games, exact_limit=exact_limit,
                                 exact_seconds=exact_seconds, max_steps=max_steps, workers=workers,
                                 kernel=kernel, clock=clock):
        if snapshot is not None:
            yield snapshot


def refine_steps(state: State, viewer: int | None = None, *, seed: int = 0, cancel: Cancel | None = None,
                 first_seconds: float = 0.5, round_seconds: float = 2.0, max_games: int = 2000,
                 exact_limit: int = 20_000, exact_seconds: float = 0.25, max_steps: int = 5_000,
                 workers: int = 0, kernel: bool = True, clock: Any = time.monotonic) -> Iterator[Verdict | None]:
    """`refine`, with a None between two batches of rollouts: a point where a caller that shares
    its thread (an event loop, a worker serving several analyses) may pause the run and resume
    it later (`explorer.analysis.pool`). The snapshots are `refine`'s, in the same order."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise PositionError("workers", f"{workers!r} is not a number of processes (0 plays in this thread)")
    know = knowledge(state, viewer)
    yield from _refine(know, seed, cancel or Cancel(), first_seconds, round_seconds, max_games,
                       exact_limit, exact_seconds, max_steps, workers, kernel, clock)


def _refine(know: Knowledge, seed: int, cancel: Cancel, first_seconds: float, round_seconds: float,
            max_games: int, exact_limit: int, exact_seconds: float, max_steps: int, workers: int,
            kernel: bool, clock: Any) -> Iterator[Verdict | None]:
    game, players = know.game, know.game.players
    started = clock()
    probe_rng = random.Random(derive_seed(seed, -1))
    probes = [world(know, probe_rng) for _ in range(1 if know.truth is not None else 8)]
    kind = _node_kind(know, probes)
    if kind == "over":
        yield Verdict("over", None, know.basis, "the game is over", (), 0, True)
        return
    focus = probes[0].player if kind == "decision" else know.viewer
    if focus is None:
        focus = 0 if kind == "chance" else probes[0].player
    if kind == "hidden":
        focus = know.viewer if know.viewer is not None else 0
    seats = dict.fromkeys(range(players), resolve_policy(game, game.evaluator()))

    worlds = _exact_worlds(know, min(exact_limit, MAX_WORLDS)) if exact_limit > 0 else None
    if worlds is not None:
        by_key: dict[str, tuple[str, list[tuple[State, Fraction]]]] = {}
        for w, weight in worlds:
            for key, options in _choices_in(w, kind).items():
                _, afters = by_key.setdefault(key, (options[0][0], []))
                afters.extend((after, weight * p) for _, after, p in options)
        # several hidden worlds: later decisions would be solved knowing the cards, so then
        # only subtrees without decisions are exact
        walk = _Walk(exact_limit, len(worlds) == 1, started + exact_seconds, clock)
        rows = _exact_rows(players, [(label, key, afters) for key, (label, afters) in by_key.items()], walk)
        if rows is not None:
            method = "exact: every later choice made to win, chance averaged exactly"
            yield Verdict(kind, focus, know.basis, method, _rank(rows, focus, None), 1, True, probes[0].player)
            return

    name = game.evaluator().replace("_", " ")
    method = f"sampled: games played on by the {name}, the same luck for every choice"
    if workers:
        method += f" ({workers} processes)"
    play = batch_in_pool(workers, game.evaluator(), kernel) if workers else batch_here(seats, kernel)
    tallies: dict[str, _Tally] = {}
    index, round_no = 0, 0
    deadline, mark = started + first_seconds, clock()
    while not cancel.cancelled:
        indices = range(index, min(index + batch_size(workers, round_no), max_games))
        jobs = [(i, derive_seed(seed + 1, i), _jobs(know, kind, seed, i)) for i in indices]
        results = play(jobs, players, max_steps, cancel)
        if results is None or cancel.cancelled:
            return
        for i, key, label, outcome in results:
            tally = tallies.setdefault(key, _Tally(label))
            if outcome is None:
                tally.unfinished += 1
            else:
                tally.outcomes[i] = outcome
        index += len(indices)
        full = index >= max_games
        now = clock()
        spent, mark = now - mark, now
        # a snapshot is due when the next batch, as long as this one, would end past the
        # deadline: a batch of long games (8 Rum moves) never makes the first one late
        if not (now + spent >= deadline or full):
            yield None          # between two batches: a caller sharing its thread may pause here
            continue
        round_no += 1
        rows = [Row(t.label, key, *_summary(t, players), len(t.outcomes), False, unfinished=t.unfinished)
                for key, t in tallies.items()]
        yield Verdict(kind, focus, know.basis, method, _rank(rows, focus, tallies), round_no, full,
                      probes[0].player)
        if full:
            return
        mark = clock()
        deadline = mark + round_seconds


def _jobs(know: Knowledge, kind: str, seed: int, index: int) -> list[tuple[str, str, State]]:
    """Rollout `index`'s starts, one per choice, all from one world (common random numbers)."""
    rng = random.Random(derive_seed(seed, index))
    w = world(know, rng)
    return [(key, options[0][0], options[0][1] if len(options) == 1 else _pick(options, rng))
            for key, options in _choices_in(w, kind).items()]
