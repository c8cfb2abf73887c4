"""Writing a Sjørøverøya state in the position notation (`position_text`): one canonical text,
which reads back as the same state."""

from __future__ import annotations

from typing import Any

from ..data import COMPONENTS, GOAL, SUITS, SYMBOLS
from ..flow import config
from ..model import Counts, SjoroveroyaState, text_counts

THEN_STEPS = ("draw", "emergency draw", "end-of-turn draw")


# -- writing --------------------------------------------------------------------------------
def _symbols(counts: Counts) -> str:
    return "".join(SYMBOLS[s] * c for s, c in zip(SUITS, counts, strict=True)) or "-"


def _counted(counts: Counts) -> str:
    return " ".join(f"{SYMBOLS[s]}{c}" for s, c in zip(SUITS, counts, strict=True) if c) or "-"


def _place_word(q: int) -> str:
    return "start" if q == 0 else "goal" if q == GOAL else str(q)


def _piece_words(row: tuple[int, ...]) -> str:
    words = []
    for q in sorted(set(row)):
        k = row.count(q)
        words.append(_place_word(q) + (f"×{k}" if k > 1 else ""))
    return " ".join(words)


def _step_word(s: SjoroveroyaState) -> str:
    if s.phase in ("layout", "deal", "discard"):
        return {"layout": "lay out the track", "deal": "deal", "discard": "discard"}[s.phase]
    if s.phase == "first":
        return "choose who starts"
    if s.phase == "over":
        return "game over"
    if s.after == "move":
        return "draw"
    if s.after == "end":
        return "end-of-turn draw" if config(s.game).children else "emergency draw"
    return "move"


def _game_line(game: Any) -> str:
    specs = type(game).OPTIONS
    words = [f"{spec.name}={str(game.options[spec.name]).lower() if isinstance(game.options[spec.name], bool) else game.options[spec.name]}"  # noqa: E501
             for spec in specs if game.options[spec.name] != spec.default]
    return " ".join([f"game: {game.name} players={game.players}", *words])


def write(s: SjoroveroyaState) -> str:
    """The canonical notation of `s`: `read` gives `s` back."""
    out = [_game_line(s.game)]
    if s.track:
        out.append("track: " + " ".join("".join(SYMBOLS[c] for c in s.track[i:i + 4])
                                        for i in range(0, len(s.track), 4)))
    step = _step_word(s)
    out.append(f"step: {step}")
    if s.phase == "deal":
        out += [f"dealing to: P{s.drawer + 1}", f"draws owed: {s.pending}"]
    if s.to_move is not None:
        out.append(f"turn: P{s.to_move + 1}")
        if s.moves_used:
            out.append(f"moves used: {s.moves_used}")
        if s.turns:
            out.append(f"turns played: {s.turns}")
        if s.first_player != (s.to_move - s.turns) % s.game.players:
            out.append(f"first player: P{s.first_player + 1}")
    if step == "draw" or (step in THEN_STEPS and s.pending != 1):
        out.append(f"draws owed: {s.pending}")
    for p in range(s.game.players):
        out.append(f"P{p + 1} pieces: {_piece_words(s.pieces[p])}")
        if s.phase not in ("layout", "deal") or any(s.hands[p]):
            out.append(f"P{p + 1} hand: {_symbols(s.hands[p])}")
    top = text_counts(s.pile_top)
    rest = tuple(COMPONENTS.copies_per_suit - sum(h[i] for h in s.hands) - s.discard[i] - top[i] for i in range(4))
    out.append(f"pile: {sum(s.pile)} cards" if s.pile == rest else f"pile: {_counted(s.pile)}")
    if any(s.discard):
        out.append(f"discard: {_counted(s.discard)}")
    if s.pile_top:
        out.append("face up: " + "".join(SYMBOLS[c] for c in s.pile_top))
    if s.reshuffled_from is not None:
        out.append(f"reshuffled: {_counted(s.reshuffled_from)}")
        out += [f"P{p + 1} drawn since reshuffle: {_symbols(d)}" for p, d in enumerate(s.drawn_since) if any(d)]
    return "\n".join(out) + "\n"
