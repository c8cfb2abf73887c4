"""Write a Jolly & Roger position the way the table looks, one ``key: value`` a line.

Three positions, each read with ``game.position(text)`` and asked what one player can
work out from their own seat (`explorer.analysis.odds`, exact fractions).

**A turn start.** Round 3 is about to begin: Player 1 holds the flag and will draw five
cards. Ten cards came out in rounds 1 and 2 (the digest's C3 example); the three cards set
aside at setup are not written, so they stay unseen, as at a real table.

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.jolly_and_roger.odds import next_round_any
>>> game = explorer.load("jolly_and_roger")
>>> start = game.position('''
...     game: jolly_and_roger players=2
...     round: 3
...     step: draw            # nothing drawn yet this round
...     splitter: P1          # the flag: P1 splits odd rounds (S8, R23)
...     P1 green: G2 G3 G1    # crews, bottom card first
...     P1 blue: B5
...     P1 red: p:Y4          # Y4 parrot side up: strength 1
...     P2 yellow: Y1
...     P2 blue: B1
...     P2 red: R1 R3
...     P2 chest: R5          # boarded while P2's captain stood on Red
... ''')
>>> start.player is None and start.is_chance      # the draw is chance, no one decides
True

What are the odds, for Player 1, that round 3's five cards hold at least one red card?

>>> red = view_probability(start, 0, lambda world: next_round_any(world, lambda card: card[0] == "R"))
>>> red.probability
Fraction(5794, 9889)

**A mid-turn step.** Round 4: Player 2 has drawn two of the five cards and draws the next.
Which card comes next, as Player 1 sees it?

>>> drawing = game.position('''
...     round: 4
...     step: draw
...     splitter: P2
...     table: G4 R2          # drawn so far this round
...     P1 green: G2 G3 G1
...     P1 blue: B5 B2
...     P1 red: p:Y4
...     P1 chest: G5
...     P2 yellow: Y1 Y2 p:G1
...     P2 blue: B1
...     P2 red: R1 R3
...     P2 chest: R5 B4
... ''')
>>> odds = next_outcomes(drawing, 0)
>>> odds["Player 2 draws R4 face up"], sum(odds.values())
(Fraction(1, 26), Fraction(1, 1))

**A hidden-information moment.** The expert game (V1), last round, nothing drawn yet. Ten
cards lie set aside unseen (S6), three of them pirate cards removed before the special
cards joined (C2, C3). Player 2 splits. Which odds can Player 2 give that the last five
cards hold a special card, or a card of value 5?

>>> expert = explorer.load("jolly_and_roger", special_cards=True)
>>> last = expert.position('''
...     game: jolly_and_roger players=2 special_cards=true
...     round: 8
...     step: draw
...     splitter: P2
...     P1 green: G1 G2 G4 p:Y1
...     P1 yellow: Y3 SK Y2
...     P1 blue: B1 B2 p:R1
...     P1 red: R2 R3
...     P1 chest: G5 Y4
...     P2 green: G1 G3
...     P2 yellow: Y1 Y2 Y4 t:G1
...     P2 blue: B3 p:Y1 B1
...     P2 red: R4 p:G2 R1
...     P2 chest: G3 R5 B5
...     out of game: G4 KR KR TO B4 KR
... ''')
>>> special = view_probability(last, 1, lambda world: next_round_any(world, lambda card: card in ("SK", "KR", "TO")))
>>> special.probability, special.exact
(Fraction(15, 22), True)
>>> five = view_probability(last, 1, lambda world: next_round_any(world, lambda card: card[1:] == "5"))
>>> five.probability
Fraction(475, 858)

The lines
---------
- ``game: jolly_and_roger players=2 special_cards=true ...`` (optional, first): the set-up.
  Written, it must be the game reading it; options left out are their defaults.
- ``round: 3``: the round, 1-8 (1-10 in the long game, V2).
- ``step:`` where the round stands: ``setup`` (cards being set aside, S4/S6), ``start player``
  (drawn at random, V8), ``draw`` (the splitter turns up cards, T1), ``split`` (T2),
  ``choose`` (T3), ``place`` (T4, T5) or ``game over`` (E1). Left out, it is read off the
  cards: hands mean ``place``, offers ``choose``, five drawn cards ``split``, else ``draw``.
  The end of a round is the next round's ``draw`` with nothing drawn yet: the flag has
  passed (R23). No effect ever waits: each card, Kraken and Tortuga included, resolves
  fully when used (R8).
- ``splitter: P1``: who holds the pirate flag. Left out, the start player splits the odd
  rounds and the other player the even ones (S8, R23).
- ``table: G1 G1 Y2 B3 R5``: the cards drawn this round (draw, split and choose steps).
- ``offers: R5 | G1 G1 Y2 B3``: the two offers (choose step; while placing they may be
  left out, and written they must fit the hands). An empty offer is written ``-``
  (``offers: - | G1 G1 Y2 B3 R5``) and refused by R4.
- ``P1 hand: G2 Y1``: cards a player still has to use this round (place step).
- ``P1 green:``, ``P1 yellow:``, ``P1 blue:``, ``P1 red:`` (and ``P2 ...``): a crew, bottom
  card first. ``G3`` pirate side (its own ship only), ``p:G3`` parrot side, ``t:G3`` turned
  by a Tortuga, ``SK`` a Skeleton, ``p:KR`` a special played as a parrot (V4).
- ``P1 chest: G5``: boarded cards (E2).
- ``out of game: B2 KR``: face-up cards out of the game: Kraken victims, used specials (K7).
- ``set aside: G1 R4 Y2``: the cards set aside unseen, for a teacher who knows them. Left
  out, they are undecided: any of the unseen cards may be among them, in the proportions
  the setup gives (C1-C3), and every draw has exactly those odds.

Cards not written anywhere are unseen: in the draw pile or set aside. Every drawn card lies
face up somewhere, so the round and step fix how many cards are written: a position that
could not arise is refused with a `PositionError` naming the line, e.g.

>>> try:
...     game.position("round: 2\\nP1 green: G1")
... except explorer.PositionError as err:
...     print(err.field, "|", err.reason)
round | line 1: 5 cards have been drawn by round 2's draw, but 1 are written; a drawn card lies face up
somewhere: on the table, in a hand, a crew, a chest or out of the game (T1, R2, R7, R13)

``state.notation()`` writes the canonical text, which reads back to the same position:

>>> print(drawing.notation())
game: jolly_and_roger players=2
round: 4
step: draw
splitter: P2
table: G4 R2
P1 green: G2 G3 G1
P1 blue: B5 B2
P1 red: p:Y4
P2 yellow: Y1 Y2 p:G1
P2 blue: B1
P2 red: R1 R3
P1 chest: G5
P2 chest: B4 R5
>>> game.position(drawing.notation()) == drawing
True
"""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from .checks import check_game
from .data import CARDS, SHIPS
from .model import JollyState, undecided

COLOURS = {"G": "green", "Y": "yellow", "B": "blue", "R": "red"}
STEPS = {"setup": "setup", "start": "start player", "draw": "draw", "split": "split", "choose": "choose",
         "place": "place", "over": "game over"}
PHASE_OF = {word: phase for phase, word in STEPS.items()}
SEATS = ("P1", "P2")
KEYS = ("game", "round", "step", "splitter", "table", "offers", *(f"{s} hand" for s in ("p1", "p2")),
        *(f"{s} {COLOURS[ship]}" for s in ("p1", "p2") for ship in SHIPS), *(f"{s} chest" for s in ("p1", "p2")),
        "out of game", "set aside")


# -- reading -----------------------------------------------------------------------------
def read(game: Any, text: Any) -> JollyState:
    """The position `text` describes; `PositionError` names the line's key and the rule broken."""
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is text, not {type(text).__name__}")
    lines = _lines(text)
    data: dict[str, Any] = {}
    for key, (number, written, value) in lines.items():
        try:
            _read_line(game, key, value, data)
        except PositionError as err:
            raise PositionError(written, f"line {number}: {err.reason}") from None
    try:
        return game.state_from_dict(data)
    except PositionError as err:
        key = _key_of(err.field, lines)
        where = f"line {lines[key][0]}" if key in lines else "not written, so the setup's default"
        raise PositionError(lines[key][1] if key in lines else _shown((key,))[0], f"{where}: {err.reason}") from None


def _lines(text: str) -> dict[str, tuple[int, str, str]]:
    """key -> (line number, key as written, value), comments and blank lines dropped."""
    found: dict[str, tuple[int, str, str]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        written, colon, value = line.partition(":")
        written = " ".join(written.split())
        key = written.lower()
        if not colon or not written:
            raise PositionError(f"line {number}", f"line {number}: {line!r} is not 'key: value'")
        if key not in KEYS:
            raise PositionError(written, f"line {number}: unknown key; the keys are: {', '.join(_shown(KEYS))}")
        if key in found:
            raise PositionError(written, f"line {number}: written twice (first on line {found[key][0]})")
        found[key] = (number, written, value.strip())
    return found


def _shown(keys: tuple[str, ...]) -> list[str]:
    return [k.replace("p1", "P1").replace("p2", "P2") for k in keys]


def _words(value: str) -> list[str]:
    """Card names of a list line; ``-`` (or nothing) is an empty list."""
    words = value.split()
    return [] if words in ([], ["-"]) else words


def _card(word: str) -> str:
    word = word.upper()
    return f"{word[0].lower()}:{word[2:]}" if word[1:2] == ":" else word


def _read_line(game: Any, key: str, value: str, data: dict[str, Any]) -> None:
    if key == "game":
        data["game"] = _game_block(game, value)
    elif key == "round":
        if not is_number(value):
            raise PositionError(key, f"{value!r} is not a round number (R24)")
        data["round"] = int(value)
    elif key == "step":
        word = " ".join(value.lower().split())
        if word not in PHASE_OF:
            raise PositionError(key, f"{value!r} is not a step; steps: {', '.join(STEPS.values())} (T1-T6)")
        data["phase"] = PHASE_OF[word]
    elif key == "splitter":
        if value.upper() not in SEATS:
            raise PositionError(key, f"{value!r} is not a seat: P1 or P2 holds the flag (S8)")
        data["splitter"] = SEATS.index(value.upper())
    elif key == "offers":
        sides = value.split("|")
        if len(sides) != 2:
            raise PositionError(key, "two offers separated by |, e.g. 'R5 | G1 G1 Y2 B3' (T2, R3)")
        data["offers"] = [[_card(w) for w in _words(side)] for side in sides]
    elif key in ("table", "out of game", "set aside"):
        cards = [_card(w) for w in _words(value)]
        if key == "set aside":
            data["aside"] = _counts(cards)
        else:
            data["removed" if key == "out of game" else "table"] = cards
    else:
        seat, place = SEATS.index(key[:2].upper()), key[3:]
        cards = [_card(w) for w in _words(value)]
        if place in ("hand", "chest"):
            field = "hands" if place == "hand" else "chests"
            data.setdefault(field, [[], []])[seat] = cards
        else:
            ship = next(s for s, name in COLOURS.items() if name == place)
            data.setdefault("piles", [{}, {}])[seat][ship] = cards


def _counts(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _game_block(game: Any, value: str) -> dict[str, Any]:
    words = value.split()
    block: dict[str, Any] = {"name": words[0] if words else "", "options": {}}
    for word in words[1:]:
        name, eq, raw = word.partition("=")
        if not eq:
            raise PositionError("game", f"{word!r} is not name=value (e.g. special_cards=true)")
        parsed: Any = {"true": True, "false": False}.get(raw.lower(), int(raw) if is_number(raw) else raw)
        if name == "players":
            block["players"] = parsed
        else:
            block["options"][name] = parsed
    check_game(game, block)
    return block


def _key_of(field: str, lines: dict[str, tuple[int, str, str]]) -> str:
    """The notation key behind a position-data field (``hands.1`` -> ``P2 hand``)."""
    parts = field.split(".")
    head = parts[0]
    simple = {"game": "game", "phase": "step", "round": "round", "splitter": "splitter", "table": "table",
              "offers": "offers", "removed": "out of game", "pile": "set aside", "aside": "set aside",
              "early": "set aside", "setup_left": "set aside"}
    if head in simple:
        return simple[head]
    if head in ("hands", "chests", "piles"):
        seats = [int(parts[1])] if len(parts) > 1 and parts[1] in ("0", "1") else [0, 1]
        if head == "piles" and len(parts) > 2 and parts[2] in COLOURS:
            return f"p{seats[0] + 1} {COLOURS[parts[2]]}"
        place = {"hands": ["hand"], "chests": ["chest"], "piles": list(COLOURS.values())}[head]
        keys = [f"p{s + 1} {p}" for s in seats for p in place]
        return next((k for k in keys if k in lines), keys[0])
    return "round"


# -- writing -----------------------------------------------------------------------------
def write(s: JollyState) -> str:
    """The canonical text of `s`: only what is there, in a fixed order."""
    out = [f"game: {_game_line(s.game)}", f"round: {s.round}", f"step: {STEPS[s.phase]}"]
    if s.splitter is not None:
        out.append(f"splitter: {SEATS[s.splitter]}")
    if s.table:
        out.append(f"table: {' '.join(s.table)}")
    if s.offers:
        out.append("offers: " + " | ".join(" ".join(o) or "-" for o in s.offers))
    out += [f"{SEATS[p]} hand: {' '.join(s.hands[p])}" for p in (0, 1) if s.hands[p]]
    out += [f"{SEATS[p]} {COLOURS[ship]}: {' '.join(pile)}" for p in (0, 1)
            for ship, pile in zip(SHIPS, s.piles[p], strict=True) if pile]
    out += [f"{SEATS[p]} chest: {' '.join(s.chests[p])}" for p in (0, 1) if s.chests[p]]
    if s.removed:
        out.append(f"out of game: {' '.join(s.removed)}")
    if sum(s.aside) and not undecided(s)[1]:
        out.append("set aside: " + " ".join(c for c, n in zip(CARDS, s.aside, strict=True) for _ in range(n)))
    return "\n".join(out)


def _game_line(game: Any) -> str:
    specs = {spec.name: spec for spec in type(game).OPTIONS}
    words = [game.name, f"players={game.players}"]
    for name, value in game.options.items():
        if value != specs[name].default:
            words.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}")
    return " ".join(words)
