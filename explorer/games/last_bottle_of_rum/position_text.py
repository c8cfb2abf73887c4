r"""A position of The Last Bottle of Rum in a few lines, written as a player reads the table.

Three positions first, each loaded as written and asked one question from a player's own
view: the answer weighs every hidden possibility that player cannot rule out
(`explorer.analysis.odds`, exact fractions).

**The start of a turn.** Player 1 (Humboldt, hand size 5) begins a turn holding 2 cards, so
the refill (T2) draws 3. Player 1 cannot see Player 2's 2 cards nor the deck, but knows a Kraken
is never kept in hand (R6): all 4 Krakens are in the 72-card deck.

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.last_bottle_of_rum.names import CARD_NAME
>>> game = explorer.load("last_bottle_of_rum")
>>> start = game.position('''
...     turn: P1
...     phase: start of turn
...     P1 captain: Humboldt
...     P1 hand: Full Sail SS, Patch Up RR
...     P2 captain: Madame Macaw
...     P2 ship: 1,0
...     P2 hand: Plunder DD, Sabotage AA
...     board: 1,0 Old Wreck
...     display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
... ''')
>>> start.chance_outcomes()            # the step 'begin the turn' waits: the rules go on by themselves
((GoOn(), Fraction(1, 1)),)
>>> def first_card_is_a_kraken(world):
...     drawn = world.apply("go on")   # T1, then the refill's first draw (C6)
...     return sum(p for card, p in drawn.chance_outcomes() if CARD_NAME[card.card].startswith("Kraken"))
>>> print(view_probability(start, 0, first_card_is_a_kraken))
1/18 (5.6%), exact from P1's view

**A step in the middle of a turn.** Grog Blackwater has paid for an attack on Archie
Stoneshell; the skull die is about to be rolled (R37, C1). Only the 5-card deck is written:
the cards written nowhere else are in the discard pile.

>>> fight = game.position('''
...     turn: P1
...     phase: actions
...     step: roll the skull die [P1, P2, 0]
...     P1 captain: Grog Blackwater
...     P1 ship: 1,0
...     P1 hand: Holy Water RR #2
...     P2 captain: Archie Stoneshell
...     P2 ship: 2,0
...     P2 damage: FIRE
...     P2 treasures: Gold Ingot, Ruby Ring
...     P2 hand: Plunder DD, Sabotage AA
...     board: 1,0 Open Sea A, 2,0 Turtle Island
...     display: Pearl Necklace on Pearl Bay, Giant Idol on Parrot Cay, Jade Idol on Coconut Isle
...     deck: Patch Up RR, Fresh Orders SS, Holy Water RR #1, Kraken #1, Kraken #2
...     played: Chain Shot AA, Full Sail SD #1
...     actions: S D A
...     attacked: P2
... ''')
>>> for what, p in next_outcomes(fight, 1).items():
...     print(p, what)
1/2 Player 1 (Grog Blackwater) rolls 1 skull at Player 2 (Archie Stoneshell)
1/3 Player 1 (Grog Blackwater) rolls 2 skulls at Player 2 (Archie Stoneshell)
1/6 Player 1 (Grog Blackwater) rolls 0 skulls at Player 2 (Archie Stoneshell)

**A hidden-information moment.** Madame Macaw (Player 2) has secretly looked at the
face-down tiles on 2,-1 and 2,0. Player 2 knows both; Player 1 knows only that each is one of
the 28 tiles still unseen, 5 of them reefs (C8).

>>> peeked = game.position('''
...     turn: P1
...     phase: actions
...     P1 captain: Humboldt
...     P1 ship: 1,0
...     P1 hand: Full Sail SS, Patch Up RR
...     P2 captain: Madame Macaw
...     P2 ship: 1,-1
...     P2 hand: Plunder DD, Sabotage AA
...     P2 peeked: 2,-1 Whale Bones, 2,0 Coral Teeth
...     board: 1,0 Old Wreck, 1,-1 Open Sea A
...     display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
...     deck: Kraken #1, Full Sail SD #1, Chain Shot DD
...     played: Holy Water RR #1, Spyglass SS
...     actions: R R
... ''')
>>> from explorer.games.last_bottle_of_rum.data import TILES, parse_cell
>>> def reef_ahead(world):
...     return TILES[world.tiles[parse_cell("2,0")]].reef
>>> print(view_probability(peeked, 0, reef_ahead))
5/28 (17.9%), exact from P1's view
>>> print(view_probability(peeked, 1, reef_ahead))
1 (100.0%), exact from P2's view

The lines
---------
One ``key: value`` per line, in any order; keys are not case-sensitive; blank lines and lines
starting with ``#`` are skipped. Seats are ``P1``, ``P2``, ...; cells are axial ``q,r`` with the
Hideout at ``0,0`` (table D1); lists are separated by commas (``1,0 Old Wreck, 2,0 Turtle
Island``: a cell has no space after its comma).

- ``game: last_bottle_of_rum players=2 weather=true`` -- optional; when written it must be the
  game reading it (options left out mean their defaults).
- ``turn: P1`` -- whose turn it is (T6); P1 when not written.
- ``phase:`` -- ``setup``, ``start of turn``, ``play two cards`` (T3), ``actions`` (T4: using the
  played cards' actions and effects) or ``game over``; ``start of turn`` when not written.
- ``step:`` and ``then:`` -- what is waiting to be resolved, first the step, then the others
  separated by ``;``, each in the words below with its values in brackets. A position at the
  start of a turn waits on ``begin the turn``. A step the rules resolve by themselves waits for
  the one outcome ``go on`` (probability 1), so nothing is resolved at load.
- ``turns played: 12`` -- turns completed (only the ``turn_limit`` house rule reads it);
  ``winner: P2`` -- in a game over.
- For each seat, ``P1 captain: Humboldt`` (required after setup, S5), ``P1 ship: 1,0`` (default
  the Hideout, S11; a ship is only on the Hideout or a face-up tile, R19), ``P1 loot``, ``P1
  curse``, ``P1 doubloons`` (default 0, or the ``starting_doubloons`` option), ``P1 shells``
  (Crabby Jones: 2 at setup), ``P1 damage: FIRE, FIRE, HULL`` (tokens SAIL FIRE CANNON HULL
  BOWSPRIT, K08), ``P1 treasures: Gold Ingot``, ``P1 hand: Full Sail SD, Plunder DD`` or ``P1
  hand: 3 unseen``, ``P1 peeked: 2,-1 Whale Bones`` (face-down tiles the captain looked at,
  with what they saw), and with Bounty Hunt ``P1 bounties`` and ``P1 claimed``.
- ``board: 1,0 Old Wreck, 2,0 Turtle Island`` -- the face-up tiles (all 30 with the Ghost, S13).
- ``display: Gold Ingot on Pearl Bay`` -- the face-up pairs, each a treasure on the island its
  map shows (S2).
- ``deck``, ``discard``, ``map discard``, ``treasure discard`` (and ``map deck``, ``treasure
  deck``) -- the piles. Cards written nowhere are in the deck; when the deck is written and the
  discard pile is not, they are in the discard pile.
- The turn so far (T4): ``played: Chain Shot AA, Full Sail SD #1``; ``actions: S D A`` (unused
  actions: S Sail, D Earn doubloons, A Attack, R Repair, R11); ``used:`` the played cards whose
  effect was used (R15); ``attacked: P2, ghost`` (R36); ``moves: 2`` and ``move limit from: 1``
  (the move count when a 1-move limit began, R45, R46); ``this turn:`` any of ``chain shot``
  (E03), ``re-roll used`` (Grog), ``peek used`` (Madame Macaw), ``bonus doubloon taken``
  (Goldrick Banana), ``becalmed`` (D7).
- Modules: ``bounty top: No Mercy (known to P1)`` (R60), ``bounty counters:`` (the turn's
  counts for bounty conditions, D8), ``maelstrom: 1,0, 2,-2`` (R65), ``coins: 2,1`` (S13,
  R70), ``ghost ship``, ``ghost doubloons``, ``ghost damage``, ``ghost treasures``, ``ghost
  cards``, ``ghost path`` (V3).

Components are written by what is printed on them (`names.py`): an Action card by its effect
and its icons (``Full Sail SD``), or ``Kraken``, or its weather (``Storm``); identical copies
carry ``#1``, ``#2``..., and a name written without its number takes the first copy not written
elsewhere. Maps are named by their island; tiles, treasures and bounties by their own names.

What is not written is where the setup puts it, unseen, with its exact odds: unwritten cards,
maps, treasures and bounties are in their decks (S2, S4); a hand not written (or ``3 unseen``)
is dealt from the deck as the first step (S8, never a Kraken, S9); a display not written is
turned up from the decks (S2, S3); with the Ghost, tiles not written are laid face up (S13).
Those deals are chance steps of the position, so their odds are exact and nothing is decided
at load.

The steps, in the words a player would use (the values in brackets are seats, cells, counts
and rule IDs, in the order `state.notation()` writes them):

- a draw, a roll or a flip: ``draw for the first player`` (S10), ``draw an action card`` (R4),
  ``turn the tile face up`` (R19), ``look at the tile`` (E05), ``turn up a map`` and ``turn up
  its treasure`` (R27), ``roll the skull die`` (R37), ``roll for the Kraken`` (R53), ``draw a
  damage token`` (R37), ``lay a tile face up`` (S13), ``turn up a Ghost card`` (R72), ``draw a
  token for the Ghost`` (R81), ``repair the Ghost`` (R74), ``draw a bounty card`` (R60);
- a player's choice: ``choose a captain`` (S5), ``take or leave the treasure`` (R25), ``trade
  at the Hideout or keep`` (R23), ``lose a treasure to the fire`` (R47), ``discard down to the
  hand size`` (R50), ``spend a shell or not`` (R59), ``re-roll the miss or accept it`` (R58),
  ``peek at a tile or stop`` (E05), ``sail with the Cursed Wind or stop`` (E06), ``patch up or
  stop`` (E04), ``play one more card or stop`` (E08), ``carry out the weather`` (R63), ``place
  the maelstrom`` (R65), ``sail with the gale`` (R63), ``keep a bounty card`` (R60), ``claim the
  bounty or keep it hidden`` (V14);
- what the rules do by themselves (``go on``): ``begin the turn`` (T1), ``refill the hand``
  (R4), ``go on to play`` (T3), ``reveal a new pair`` (R27), ``enter the tile`` (R18), ``take
  damage`` (R37), ``gain curses`` (R14), ``the Kraken strikes`` (R51), ``the effect resolves``
  (R13), ``pass the turn`` (T6), ``choose the first player`` (S10), ``the Ghost's turn`` (R71),
  ``the Ghost counts its icons`` (R72), ``the Ghost hunts`` (R76), ``the Ghost fires`` (R79),
  ``the Ghost ends its turn`` (R80).

Mistakes raise one `PositionError` whose ``field`` is the line's key as written and whose
reason names the line, what is wrong and the rule it breaks:

>>> game.position("turn: P1\nP1 captain: Humboldt\nP2 captain: Madame Macaw\nP1 ship: 2,0")
Traceback (most recent call last):
...
explorer.core.errors.PositionError: P1 ship: line 4: a ship stands only on the Hideout or a face-up tile: ...(R19)

``state.notation()`` writes the canonical text (the lines above that differ from the
defaults, in a fixed order), and ``game.position(state.notation()) == state``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from explorer.core.errors import PositionError

from .data import DAMAGE, HIDEOUT, ICONS, cell_name
from .load import FLAG_WORDS, check_game
from .names import BOUNTY_NAME, CARD_BASES, CARD_NAME, COPIES_OF, MAP_NAME, TILE_NAME, TREASURE_NAME, find
from .ships import CRABBY
from .steps import PHASE_BY_WORDS, PHASE_WORDS, step_words, words_step

SPLIT = re.compile(r"\s*;\s*|,\s+")
SEAT = re.compile(r"^p(\d+) (.+)$")
SHIP_LINES = {"captain": "captain", "ship": "cell", "loot": "loot", "curse": "curse", "doubloons": "doubloons",
              "damage": "damage", "treasures": "treasures", "hand": "hand", "shells": "shells", "peeked": "peeks"}
CARD_PILES = {"discard": "discard", "deck": "deck", "played": "turn.played", "used": "turn.used",
              "ghost cards": "modules.ghost.cards"}
PILES = {"map discard": ("map_discard", "map"), "map deck": ("map_deck", "map"),
         "treasure discard": ("treasure_discard", "treasure"), "treasure deck": ("treasure_deck", "treasure"),
         "ghost treasures": ("modules.ghost.treasures", "treasure"), "bounty deck": ("modules.bounty_deck", "bounty")}


# -- reading -----------------------------------------------------------------------------------
class _Reader:
    """One text being read: the data it becomes and which line wrote each field."""

    def __init__(self, game) -> None:
        self.game = game
        self.data: dict[str, Any] = {}
        self.where: dict[str, tuple[str, int]] = {}     # data path -> (key as written, line number)
        self.cards: list[tuple] = []        # (path, its list, index, written name, line number, key)
        self.line = (0, "")

    def fail(self, reason: str, rule: str = "") -> None:
        n, key = self.line
        raise PositionError(key, f"line {n}: {reason}" + (f" ({rule})" if rule else ""))

    def put(self, path: str, value: Any) -> None:
        """Set the data field at dotted `path` (lists and objects made on the way)."""
        self.where[path] = (self.line[1], self.line[0])
        parts = path.split(".")
        node: Any = self.data
        for i, part in enumerate(parts[:-1]):
            if part.isdigit():
                part_i = int(part)
                while len(node) <= part_i:
                    node.append({})
                node = node[part_i]
            else:
                node = node.setdefault(part, [] if parts[i + 1].isdigit() else {})
        node[parts[-1]] = value

    def seat(self, text: str, ghost: bool = False) -> int:
        low = text.strip().lower()
        if ghost and low == "ghost":
            return -1
        if low[:1] == "p" and low[1:].isdigit() and 1 <= int(low[1:]) <= self.game.players:
            return int(low[1:]) - 1
        return self.fail(f"{text.strip()!r} is not a seat P1..P{self.game.players}" + (" or ghost" if ghost else ""))

    def number(self, text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            return self.fail(f"{text.strip()!r} is not a whole number")

    def items(self, text: str) -> list[str]:
        text = text.strip()
        return [] if text.lower() in ("", "none") else [x for x in SPLIT.split(text) if x]

    def named(self, kind: str, text: str) -> str:
        found = find(kind, text)
        return found if found is not None else self.fail(f"{text!r} is not a {kind} of this game")

    def card_list(self, path: str, text: str) -> list:
        """Cards by name; plain names of copied cards are settled once every line is read."""
        out: list = []
        for name in self.items(text):
            out.append(None)
            self.cards.append((path, out, len(out) - 1, name, *self.line))
        self.put(path, out)
        return out

    def settle_cards(self) -> None:
        """Named copies first, then each plain name takes the first copy not written elsewhere."""
        taken: set[str] = set()
        plain = []
        for _path, out, i, name, n, key in self.cards:
            found = find("card", name)
            if found is None and " ".join(name.split()).lower() in CARD_BASES:
                plain.append((out, i, name, n, key))
                continue
            if found is None:
                raise PositionError(key, f"line {n}: {name!r} is not an Action card (an effect and its icons, "
                                         "e.g. 'Full Sail SD', or 'Kraken', 'Storm')")
            out[i] = found
            taken.add(found)
        for out, i, name, n, key in plain:
            free = [c for c in COPIES_OF[CARD_BASES[" ".join(name.split()).lower()]] if c not in taken]
            if not free:
                raise PositionError(key, f"line {n}: every copy of {name!r} is already written elsewhere (K09)")
            out[i] = free[0]
            taken.add(free[0])


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _game_line(r: _Reader, text: str) -> None:
    words = text.split()
    block: dict[str, Any] = {"name": words[0] if words else "", "options": {}}
    for word in words[1:]:
        name, eq, value = word.partition("=")
        if not eq:
            r.fail(f"{word!r}: options are written name=value")
        if name == "players":
            block["players"] = _value(value)
        else:
            block["options"][name] = _value(value)
    try:
        check_game(r.game, block)
    except PositionError as err:
        r.fail(err.reason)


def _ship_line(r: _Reader, p: int, what: str, text: str) -> None:
    base = f"ships.{p}."
    field = SHIP_LINES[what]
    if what == "captain":
        r.put(base + field, text.strip())
    elif what == "ship":
        r.put(base + field, text.strip())
    elif what in ("loot", "curse", "doubloons", "shells"):
        r.put(base + field, r.number(text))
    elif what == "damage":
        counts = dict.fromkeys(DAMAGE, 0)
        for token in r.items(text):
            kind = token.upper()
            if kind not in counts:
                r.fail(f"{token!r} is not a damage token: {', '.join(DAMAGE)}", "K08")
            counts[kind] += 1
        r.put(base + field, counts)
    elif what == "treasures":
        r.put(base + field, [r.named("treasure", t) for t in r.items(text)])
    elif what == "hand":
        match = re.fullmatch(r"(\d+) unseen", text.strip().lower())
        if match:
            r.put(base + field, int(match.group(1)))
        else:
            r.card_list(base + field, text)
    else:       # peeked: "2,-1 Whale Bones"
        cells = []
        for entry in r.items(text):
            cell, _, tile = entry.partition(" ")
            cells.append(cell)
            if tile:
                r.put(f"tiles.{cell}", r.named("tile", tile))
        r.put(base + field, cells)


def _board_line(r: _Reader, text: str) -> None:
    for entry in r.items(text):
        cell, _, tile = entry.partition(" ")
        r.put(f"tiles.{cell}", r.named("tile", tile) if tile else r.fail(f"{entry!r}: write the cell and its tile"))
        r.data.setdefault("face_up", []).append(cell)
    r.data.setdefault("face_up", [])
    r.data.setdefault("tiles", {})
    r.where["face_up"] = r.where["tiles"] = (r.line[1], r.line[0])


def _display_line(r: _Reader, text: str) -> None:
    pairs = []
    for entry in r.items(text):
        treasure, on, island = entry.rpartition(" on ")
        if not on:
            r.fail(f"{entry!r}: a pair is written 'treasure on island' (S2)")
        pairs.append([r.named("map", island), r.named("treasure", treasure)])
    r.put("display", pairs)


def _actions_line(r: _Reader, text: str) -> None:
    letters = "" if text.strip().lower() == "none" else "".join(text.split()).upper()
    if not set(letters) <= set(ICONS):
        r.fail("unused actions are letters: S Sail, D Earn doubloons, A Attack, R Repair", "R11")
    r.put("turn.actions", {i: letters.count(i) for i in ICONS})


def _bounty_top(r: _Reader, text: str) -> None:
    match = re.fullmatch(r"(.+?) \(known to (p\d+)\)", text.strip(), re.IGNORECASE)
    if not match:
        r.fail("write the card put back on top and who knows it: 'No Mercy (known to P1)' (R60)")
    r.put("modules.bounty_top", [r.named("bounty", match.group(1)), r.seat(match.group(2))])


SIMPLE: dict[str, Callable[[_Reader, str], None]] = {
    "game": _game_line,
    "turn": lambda r, t: r.put("active", r.seat(t)),
    "winner": lambda r, t: r.put("winner", r.seat(t)),
    "turns played": lambda r, t: r.put("turns", r.number(t)),
    "board": _board_line,
    "display": _display_line,
    "actions": _actions_line,
    "attacked": lambda r, t: r.put("turn.attacked", [r.seat(x, ghost=True) for x in r.items(t)]),
    "moves": lambda r, t: r.put("turn.moves", r.number(t)),
    "move limit from": lambda r, t: r.put("turn.limit_from", r.number(t)),
    "this turn": lambda r, t: r.put("turn.flags", [x.lower() for x in r.items(t)]),
    "maelstrom": lambda r, t: r.put("modules.maelstrom", r.items(t)),
    "coins": lambda r, t: r.put("modules.coins", r.items(t)),
    "ghost ship": lambda r, t: r.put("modules.ghost.cell", t.strip()),
    "ghost doubloons": lambda r, t: r.put("modules.ghost.doubloons", r.number(t)),
    "ghost path": lambda r, t: r.put("modules.ghost.path", r.items(t)),
    "ghost damage": lambda r, t: r.put("modules.ghost.damage", {k: [x.upper() for x in r.items(t)].count(k)
                                                                for k in DAMAGE}),
    "bounty top": _bounty_top,
    "bounty counters": lambda r, t: r.put("modules.stats", [r.number(x) for x in t.split() if x.lower() != "none"]),
}


def read(game, text: str):
    """The state a written position stands for (see the module docstring)."""
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is written as text, not {type(text).__name__}")
    r = _Reader(game)
    seen: dict[str, int] = {}
    steps: list[tuple[str, int, str]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        low = " ".join(key.split()).lower()
        r.line = (n, key)
        if not colon:
            r.fail("write 'key: value'")
        if low in seen:
            r.fail(f"written twice (first on line {seen[low]})")
        seen[low] = n
        _line(r, low, value.strip(), steps)
    r.settle_cards()
    if steps:
        pending = []
        for key, n, written in steps:
            r.line = (n, key)
            for part in [x for x in written.split(";") if x.strip()] if key.lower() == "then" else [written]:
                try:
                    pending.append(words_step(part))
                except PositionError as err:
                    r.fail(err.reason)
                r.where[f"pending.{len(pending) - 1}"] = (key, n)
        r.data["pending"] = pending
        r.where.setdefault("pending", (steps[0][0], steps[0][1]))
    try:
        return game.state_from_dict(r.data)
    except PositionError as err:
        raise _as_line(r, err) from None


def _line(r: _Reader, low: str, value: str, steps: list) -> None:
    if low == "phase":
        phase = PHASE_BY_WORDS.get(value.lower())
        if phase is None:
            r.fail(f"{value!r} is not a phase: {', '.join(PHASE_BY_WORDS)}")
        r.put("phase", phase)
    elif low in ("step", "then"):
        if value.lower() != "none":
            steps.append((r.line[1], r.line[0], value))
    elif low in SIMPLE:
        SIMPLE[low](r, value)
    elif low in CARD_PILES:
        r.card_list(CARD_PILES[low], value)
    elif low in PILES:
        path, kind = PILES[low]
        r.put(path, [r.named(kind, x) for x in r.items(value)])
    elif SEAT.match(low):
        seat, what = SEAT.match(low).groups()
        p = r.seat(f"p{seat}")
        if what in SHIP_LINES:
            _ship_line(r, p, what, value)
        elif what in ("bounties", "claimed"):
            rows = r.data.setdefault("modules", {}).setdefault(what, [[] for _ in range(r.game.players)])
            rows[p] = [r.named("bounty", x) for x in r.items(value)]
            r.where[f"modules.{what}.{p}"] = (r.line[1], r.line[0])
        else:
            r.fail(f"a seat's lines are: {', '.join([*SHIP_LINES, 'bounties', 'claimed'])}")
    else:
        r.fail("not a line of this game's positions; see docs/last_bottle_of_rum.md")


def _as_line(r: _Reader, err: PositionError) -> PositionError:
    """The loader's error, told by the line that wrote the field (or the missing line's key)."""
    field = err.field
    best = max((p for p in r.where if field == p or field.startswith(p + ".")), key=len, default=None)
    if best is None and field.startswith("ships."):
        p, _, rest = field[6:].partition(".")
        what = next((k for k, v in SHIP_LINES.items() if rest.startswith(v)), "ship") if p.isdigit() else "ship"
        return PositionError(f"P{int(p) + 1} {what}" if p.isdigit() else "ship", f"(not written) {err.reason}")
    if best is None:
        key = {"active": "turn", "turns": "turns played", "face_up": "board", "tiles": "board",
               "pending": "step", "map_deck": "map discard", "treasure_deck": "treasure discard"}.get(
            field.split(".")[0], field.split(".")[0].replace("_", " "))
        return PositionError(key, f"(not written) {err.reason}")
    key, n = r.where[best]
    return PositionError(key, f"line {n}: {err.reason}")


# -- writing -----------------------------------------------------------------------------------
def _cards(cards) -> str:
    return ", ".join(CARD_NAME[c] for c in cards) or "none"


def _seat(p: int) -> str:
    return "ghost" if p < 0 else f"P{p + 1}"


def write(s) -> str:
    """The canonical text of a position: what differs from the set-up's defaults, in a fixed order."""
    game, opts = s.game, s.game.options
    changed = [f"{spec.name}={str(opts[spec.name]).lower() if isinstance(opts[spec.name], bool) else opts[spec.name]}"
               for spec in game.option_specs() if opts[spec.name] != spec.default]
    lines = [" ".join([f"game: {game.name}", f"players={game.players}", *changed])]
    if s.active >= 0:
        lines.append(f"turn: {_seat(s.active)}")
    lines.append(f"phase: {PHASE_WORDS[s.phase]}")
    pending = list(s.pending)
    unseen: dict[int, int] = {}
    while pending and pending[0][0] == "draw" and pending[0][3] == 1 and pending[0][2] > 0 and s.phase != "setup" \
            and not s.ships[pending[0][1]].hand and pending[0][1] not in unseen:
        _, p, k, _ = pending.pop(0)
        unseen[p] = k
    if pending:
        lines.append(f"step: {step_words(pending[0])}")
    if pending[1:]:
        lines.append("then: " + "; ".join(step_words(t) for t in pending[1:]))
    if s.turns:
        lines.append(f"turns played: {s.turns}")
    if s.winner >= 0:
        lines.append(f"winner: {_seat(s.winner)}")
    for p, ship in enumerate(s.ships):
        lines += _ship_lines(s, p, ship, unseen.get(p))
    lines += _table_lines(s)
    return "\n".join(lines)


def _ship_lines(s, p: int, ship, unseen: int | None) -> list[str]:
    seat = _seat(p)
    out = []
    if ship.captain:
        out.append(f"{seat} captain: {ship.captain}")
    if ship.cell != HIDEOUT:
        out.append(f"{seat} ship: {cell_name(ship.cell)}")
    for what, value, default in (("loot", ship.loot, 0), ("curse", ship.curse, 0),
                                 ("doubloons", ship.doubloons, s.game.options["starting_doubloons"]),
                                 ("shells", ship.shells, 2 if ship.captain == CRABBY else 0)):
        if value != default:
            out.append(f"{seat} {what}: {value}")
    if any(ship.damage):
        out.append(f"{seat} damage: " + ", ".join(k for k, n in zip(DAMAGE, ship.damage, strict=True)
                                                   for _ in range(n)))
    if ship.treasures:
        out.append(f"{seat} treasures: " + ", ".join(TREASURE_NAME[t] for t in ship.treasures))
    out.append(f"{seat} hand: " + (f"{unseen} unseen" if unseen else _cards(ship.hand)))
    if ship.peeks:
        out.append(f"{seat} peeked: " + ", ".join(
            cell_name(c) + (f" {TILE_NAME[s.tiles[c]]}" if s.tiles[c] and not s.face_up >> c & 1 else "")
            for c in ship.peeks))
    m = s.mods
    if m.bounties:
        out.append(f"{seat} bounties: " + (", ".join(BOUNTY_NAME[b] for b in m.bounties[p]) or "none"))
        if m.claimed[p]:
            out.append(f"{seat} claimed: " + ", ".join(BOUNTY_NAME[b] for b in m.claimed[p]))
    return out


def _table_lines(s) -> list[str]:
    up = [c for c in range(1, 31) if s.face_up >> c & 1]
    out = []
    if up:
        out.append("board: " + ", ".join(f"{cell_name(c)} {TILE_NAME[s.tiles[c]]}" for c in up))
    out.append("display: " + (", ".join(f"{TREASURE_NAME[t]} on {MAP_NAME[m]}" for m, t in s.display) or "none"))
    for key, items, names in (("map discard", s.map_discard, MAP_NAME),
                              ("treasure discard", s.treasure_discard, TREASURE_NAME)):
        if items:
            out.append(f"{key}: " + ", ".join(names[x] for x in items))
    if s.discard and len(s.deck) < len(s.discard):
        out.append(f"deck: {_cards(s.deck)}")              # the shorter pile: the discard takes the rest
    elif s.discard:
        out.append(f"discard: {_cards(s.discard)}")
    t = s.turn
    if t.played:
        out.append(f"played: {_cards(t.played)}")
    if any(t.actions):
        out.append("actions: " + " ".join(i for i, n in zip(ICONS, t.actions, strict=True) for _ in range(n)))
    if t.used:
        out.append(f"used: {_cards(t.used)}")
    if t.attacked:
        out.append("attacked: " + ", ".join(_seat(q) for q in t.attacked))
    if t.moves:
        out.append(f"moves: {t.moves}")
    if t.limit_from >= 0:
        out.append(f"move limit from: {t.limit_from}")
    if t.flags:
        out.append("this turn: " + ", ".join(FLAG_WORDS[f] for f in t.flags))
    return out + _module_lines(s)


def _module_lines(s) -> list[str]:
    m, out = s.mods, []
    if m.bounty_top:
        out.append(f"bounty top: {BOUNTY_NAME[m.bounty_top]} (known to {_seat(m.bounty_knower)})")
    if any(m.stats) or (m.bounties and not m.stats):
        out.append("bounty counters: " + (" ".join(str(x) for x in m.stats) or "none"))
    if m.maelstrom:
        out.append("maelstrom: " + ", ".join(cell_name(c) for c in m.maelstrom))
    if m.coins:
        out.append("coins: " + ", ".join(cell_name(c) for c in range(1, 31) if m.coins >> c & 1))
    g = m.ghost
    if g is not None:
        if g.cell >= 0:
            out.append(f"ghost ship: {cell_name(g.cell)}")
        if g.doubloons:
            out.append(f"ghost doubloons: {g.doubloons}")
        if any(g.damage):
            out.append("ghost damage: " + ", ".join(k for k, n in zip(DAMAGE, g.damage, strict=True) for _ in range(n)))
        if g.treasures:
            out.append("ghost treasures: " + ", ".join(TREASURE_NAME[t] for t in g.treasures))
        if g.cards:
            out.append(f"ghost cards: {_cards(g.cards)}")
        if g.path:
            out.append("ghost path: " + ", ".join(cell_name(c) for c in g.path))
    return out

