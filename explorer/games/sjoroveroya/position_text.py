"""Sjørøverøya positions in a few lines you can type from a photo of the table.

Write the track, whose turn it is and what each player has; what you leave out is where the
setup puts it (S5-S8). Read it with ``game.position(text)``; ``state.notation()`` writes any
state back in the same form. Three moments, each with a question a player could ask from
their own seat, answered exactly over everything that player cannot see:

**A turn start** (T1). The first turn of a 2-player game: P1 holds ♠♠♠♦. Given only what P1
has seen, the chance that the next card of the draw pile is a ♠ is 18 in the 80 cards P1
cannot see (C3):

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.sjoroveroya.odds import next_card, sequence_chance
>>> game = explorer.load("sjoroveroya", players=2)
>>> start = game.position('''
... track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
... turn: P1
... P1 hand: ♠♠♠♦
... P2 hand: ♥♥♣♦
... ''')
>>> start.player, [str(a) for a in start.legal_actions()][:2]
(0, ['S@0', 'D@0'])
>>> view_probability(start, 0, next_card("♠")).probability
Fraction(9, 40)

**A step in the middle of a turn** (R20). P1 has just stepped back from card 12 onto card 7,
where two of P1's pieces stood, and now draws two cards. What P1 will see drawn first, by P1's
own odds, and the chance both cards are ♠ (C3):

>>> drawing = game.position('''
... track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
... step: draw
... draws owed: 2
... turn: P1
... moves used: 1
... P1 pieces: start×3 7×3
... P1 hand: ♠♠♠♦
... P2 hand: ♥♥♣♦
... ''')
>>> for seen, p in next_outcomes(drawing, 0).items():
...     print(p, seen)
21/80 Player 1 draws a card (Player 1 gets ♥)
21/80 Player 1 draws a card (Player 1 gets ♣)
1/4 Player 1 draws a card (Player 1 gets ♦)
9/40 Player 1 draws a card (Player 1 gets ♠)
>>> view_probability(drawing, 0, lambda world: sequence_chance(world.pile, "SS")).probability
Fraction(153, 3160)

**Hidden information** (Hidden information, C3). Five turns in, P2 has watched twelve cards
played (the discard pile is public) and holds ♠♥; P1's three cards are hidden from P2. Given
what P2 has seen, the chance that the next card is red (♥ or ♦), and the teacher's answer,
who also sees P1's hand:

>>> table = game.position('''
... game: sjoroveroya players=2
... track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
... turn: P2
... turns played: 5
... P1 pieces: start×2 3 8 10 15
... P1 hand: ♦♦♣
... P2 pieces: start×3 2 7 9
... P2 hand: ♠♥
... discard: ♥5 ♦3 ♠3 ♣1
... ''')
>>> view_probability(table, 1, next_card("♥♦")).probability
Fraction(33, 70)
>>> view_probability(table, None, next_card("♥♦")).probability
Fraction(31, 67)
>>> print(table.notation())
game: sjoroveroya players=2
track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
step: move
turn: P2
turns played: 5
P1 pieces: start×2 3 8 10 15
P1 hand: ♦♦♣
P2 pieces: start×3 2 7 9
P2 hand: ♠♥
pile: 67 cards
discard: ♠3 ♥5 ♦3 ♣1
<BLANKLINE>
>>> game.position(table.notation()) == table
True

The lines
---------

One ``key: value`` per line, in any order; keys are not case-sensitive; blank lines and
``# comments`` are skipped. Seats are ``P1``..``Pn``; suits ``♠ ♥ ♦ ♣`` (or ``S H D C``).

- ``game: sjoroveroya players=3 open_hands=true``: optional; when written it must match the game
  that reads it (options left out are the defaults). Without it the reading game's set-up applies.
- ``track: ♥♠♦♣ ♣♦♠♥ ...``: the suits of track cards 1-20, block by block (S4). Not written: the
  track is still to be laid out (the position is the start of setup).
- ``step:``: the moment of the turn, in the words below. Default ``move``.
- ``turn: P2``: whose turn it is (default P1). ``moves used: 2``: moves made this turn (R2; default 0).
  ``turns played: 7``: turns finished by everyone (default 0; the turn cap V12 counts them).
  ``first player: P1``: who started (S9); default whoever makes ``turn`` follow in seat order (R6).
- ``P1 pieces: start×4 3 10``: places of P1's pieces: ``start``, track cards ``1``-``20``, ``goal``;
  ``×N`` for several. Pieces not listed stand at Start (S5).
- ``P1 hand: ♠♠♦`` (or ``-`` for none): every hand is written once the cards are dealt (S7).
- ``pile: 62 cards``: the face-down pile. Not written (or written as a count, which is then
  checked): every card not in a hand, the discard pile or the face-up display, unseen, so each
  draw has its exact odds. Written by suit (``pile: ♠3 ♥1``) the cards left over are out of play.
- ``discard: ♠2 ♥1`` (or ``♠♠♥``): the discard pile, public (default empty).
- ``face up: ♥♠♦``: the open display in draw order (V6, ``open_hands=true``). Not written: the
  display is turned up from the pile first, card by card, each with its exact odds.
- ``reshuffled: ♠20 ♥18 ♦19 ♣17``: the pile's public make-up when the discard pile was last
  shuffled into it (R26), and ``P1 drawn since reshuffle: ♥♣``: each player's draws since, which
  is what a player's odds are built from (C3). Default: no reshuffle yet.

The steps (``step:``):

- ``move``: the player to move chooses a move or ends the turn (T3, T7). With ``moves used: 0``
  it is the start of a turn.
- ``draw`` with ``draws owed: 1`` or ``2``: cards owed after a backward move (R20).
- ``emergency draw``: the player has no card and no backward move; one card, then the turn ends
  (T2, T6, R24). A stuck player's turn is this step: ``move`` is refused for it.
- ``end-of-turn draw``: the children's variant draws one card after its move (V1).
- ``discard``: discarding down to the hand limit at the end of a turn (V7).
- ``game over``: a player has all six pieces home (E1), or the turn cap cut the game off (V12).
- setup: ``lay out the track`` (some blocks laid), ``deal`` with ``dealing to: P2`` and
  ``draws owed: 3``, ``choose who starts`` (S4, S7, S9).

A position that no game could reach is refused: `PositionError` names the line's key as you
wrote it, the line number, what is wrong and the rule:

>>> game.position('''
... track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
... P1 pieces: 5
... P1 hand: ♠
... P2 Pieces: 5
... P2 hand: ♥
... ''')
Traceback (most recent call last):
...
explorer.core.errors.PositionError: P2 Pieces: line 5: card 5 holds pieces of Player 1 and Player 2: ... (R31, A4)

A stuck player is at the emergency draw, which has not happened yet; loading never moves on:

>>> stuck = game.position('''
... track: ♥♠♦♣ ♣♦♠♥ ♠♥♣♦ ♦♣♥♠ ♥♦♠♣
... step: emergency draw
... P1 pieces: 12×6
... P1 hand: -
... P2 hand: ♥
... ''')
>>> stuck.is_chance, stuck.hands[0], sum(p for _, p in stuck.chance_outcomes())
(True, (0, 0, 0, 0), Fraction(1, 1))
>>> game.position(stuck.notation().replace("emergency draw", "move"))
Traceback (most recent call last):
...
explorer.core.errors.PositionError: step: line 3: Player 1 has no card and no backward move, so the turn is the
emergency draw (T2, R24): write that step, not a move
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from .data import GOAL, SUITS
from .flow import config
from .model import NO_CARDS, SjoroveroyaState
from .position import from_dict
from .position_notation.lines import NONE_WORDS, SEAT, Line, cards, game_line, number, pieces, seat, split_lines, suits
from .position_notation.write import write

STEPS = {"lay out the track": "layout", "deal": "deal", "choose who starts": "first", "move": "play",
         "draw": "play", "emergency draw": "play", "end-of-turn draw": "play", "discard": "discard",
         "game over": "over"}
THEN = {"draw": "move", "emergency draw": "end", "end-of-turn draw": "end"}


# -- reading --------------------------------------------------------------------------------
def read(game: Any, text: str) -> SjoroveroyaState:
    """The state a notation text describes, exactly as written (see the module docstring)."""
    n = game.players
    lines = split_lines(text, n)
    if "game" in lines:
        game_line(lines["game"], game)
    data: dict[str, Any] = {}
    track = suits(lines["track"]) if "track" in lines else ""
    step_line = lines.get("step")
    step = " ".join(step_line.value.lower().split()) if step_line else ("move" if track else "lay out the track")
    if step not in STEPS:
        raise step_line.error(f"{step_line.value!r} is not a step; steps: {', '.join(STEPS)} (T1-T8)")  # type: ignore
    phase = STEPS[step]
    data["phase"], data["track"] = phase, track
    data["pieces"] = [pieces(lines[f"p{p + 1} pieces"]) if f"p{p + 1} pieces" in lines else [0] * 6
                      for p in range(n)]
    hands = []
    for p in range(n):
        line = lines.get(f"p{p + 1} hand")
        if line is None and phase not in ("layout", "deal"):
            raise PositionError(f"P{p + 1} hand", "not written: once the cards are dealt (S7) every hand is "
                                                  "written, its cards like ♠♥♥ or - for none")
        hands.append(NO_CARDS if line is None else cards(line))
    data["hands"] = ["".join(s * c for s, c in zip(SUITS, h, strict=True)) for h in hands]
    for key, field in (("discard", "discard"), ("reshuffled", "reshuffled_from")):
        if key in lines:
            data[field] = dict(zip(SUITS, cards(lines[key]), strict=True))
    if "face up" in lines:      # V6: the open display, in draw order
        line = lines["face up"]
        data["pile_top"] = "" if line.value.lower() in NONE_WORDS else suits(line, "the face-up cards (V6)")
    data["drawn_since"] = [dict(zip(SUITS, cards(lines[f"p{p + 1} drawn since reshuffle"]), strict=True))
                           if f"p{p + 1} drawn since reshuffle" in lines else {} for p in range(n)]
    _turn_fields(data, lines, step, game)
    pile_count = None
    if "pile" in lines:
        value = lines["pile"].value.lower()
        if re.fullmatch(r"\d+( cards?)?", value):
            pile_count = number(lines["pile"], 0, 84, "K4")
        else:
            data["pile"] = dict(zip(SUITS, cards(lines["pile"]), strict=True))
    try:
        state = from_dict(game, data)
    except PositionError as err:
        raise _where(err, lines) from None
    if pile_count is not None and sum(state.pile) != pile_count:
        raise lines["pile"].error(f"{pile_count} cards written, but {sum(state.pile)} are not in a hand, the "
                                  "discard pile or the face-up display (K4, S8)")
    return state


def _turn_fields(data: dict[str, Any], lines: Mapping[str, Line], step: str, game: Any) -> None:
    """turn, moves used, turns played, first player and the draws owed, from their lines."""
    n = game.players
    cfg = config(game)
    if "turn" in lines:
        data["to_move"] = seat(lines["turn"], n)
    elif data["phase"] not in ("layout", "deal", "first"):
        data["to_move"] = 0
    else:
        data["to_move"] = None
    if "moves used" in lines:
        data["moves_used"] = number(lines["moves used"], 0, cfg.moves_per_turn, "R2")
    if "turns played" in lines:
        data["turns"] = number(lines["turns played"], 0, 10**6, "R6")
    if "first player" in lines:
        data["first_player"] = seat(lines["first player"], n)
    owed = number(lines["draws owed"], 0, 84, "R20, R24") if "draws owed" in lines else None
    if step == "deal":
        if "dealing to" not in lines:
            raise PositionError("dealing to", "not written: while dealing, say whose hand is being dealt (S7)")
        drawer = seat(lines["dealing to"], n)
        data["pending"] = {"draws": cfg.hand_size if owed is None else owed, "drawer": drawer, "then": ""}
    elif step in THEN:
        if owed is None and step == "draw":
            raise PositionError("draws owed", "not written: a backward move draws 1 or 2 cards (R20)")
        data["pending"] = {"draws": 1 if owed is None else owed, "drawer": data["to_move"], "then": THEN[step]}
    elif owed:
        raise lines["draws owed"].error(f"no card is owed at the step {step!r}: write the draw step "
                                        "(draw, emergency draw, end-of-turn draw, deal)")
    elif "dealing to" in lines:
        raise lines["dealing to"].error("cards are dealt only at the step 'deal' (S7)")
    if data["phase"] == "over":
        home = any(all(q == GOAL for q in row) for row in data["pieces"])
        data["ended"] = "goal" if home else "turn_cap"


FIELD_KEYS = {"to_move": "turn", "moves_used": "moves used", "turns": "turns played", "first_player": "first player",
              "pile_top": "face up", "reshuffled_from": "reshuffled", "phase": "step", "ended": "step",
              "pending": "step", "pending.then": "step", "pending.draws": "draws owed",
              "pending.drawer": "dealing to", "track": "track", "game": "game", "discard": "discard", "pile": "pile"}


def _where(err: PositionError, lines: Mapping[str, Line]) -> PositionError:
    """The data error, told against the line (or the key that was not written) it comes from."""
    parts = err.field.split(".")
    if parts[0] in ("hands", "pieces", "drawn_since") and len(parts) > 1 and is_number(parts[1]):
        word = {"hands": "hand", "pieces": "pieces", "drawn_since": "drawn since reshuffle"}[parts[0]]
        key = f"p{int(parts[1]) + 1} {word}"
    elif parts[0] == "cards":
        key = next((k for k in ("pile", "discard", "face up") if k in lines), "pile")
    else:
        key = FIELD_KEYS.get(err.field) or FIELD_KEYS.get(parts[0]) or ("step" if parts[0] == "pieces" else parts[0])
        if parts[0] == "pieces":
            key = next((k for k in lines if k.endswith(" pieces")), "step")
    line = lines.get(key)
    if line is not None:
        return line.error(err.reason)
    shown = key.replace("p", "P", 1) if SEAT.match(key.split(" ")[0]) else key
    return PositionError(shown, f"(not written) {err.reason}")


__all__ = ["read", "write"]
