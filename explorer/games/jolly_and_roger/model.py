"""Jolly & Roger's actions, chance outcomes and immutable state.

Cards are written colour+value (``G3``) or ``SK`` / ``KR`` / ``TO``; a multiset of cards
(draw pile, set-aside cards) is a 23-tuple of counts in `CARDS` order. A crew-pile entry
is the digest's face notation: ``G3`` pirate side on its own ship, ``p:G3`` parrot side,
``t:G3`` turned by a Tortuga, ``SK`` a Skeleton, ``p:SK`` a special played parrot side (V4).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from explorer.core.rules_state import RulesState

from .data import CARDS, COMPONENTS, PIRATES, SHIPS, SPECIALS, VALUE

Counts = tuple[int, ...]
Pile = tuple[str, ...]
NO_CARDS: Counts = (0,) * len(CARDS)

# strength of every crew-pile entry (R9, R11, R12, R28, R33, V4)
STRENGTH: dict[str, int] = {c: VALUE[c] for c in PIRATES}
STRENGTH.update({f"p:{c}": COMPONENTS.parrot_strength for c in CARDS})
STRENGTH.update({f"t:{c}": VALUE[c] for c in PIRATES})
STRENGTH["SK"] = COMPONENTS.skeleton_strength
PARROT_SIDE = {c: f"p:{c}" for c in CARDS}    # a card's crew-pile entry parrot side up (R11, V4), made once


def entry_card(entry: str) -> str:
    """The card behind a crew-pile entry: ``p:G3`` -> ``G3``."""
    return entry[2:] if entry[1] == ":" else entry


# -- decisions -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Split:
    """The splitter's two offers (T2, R3): `small` (1 or 2 cards) and `large` (4 or 3)."""

    small: tuple[str, ...]
    large: tuple[str, ...]

    def __str__(self) -> str:
        return f"split {' '.join(self.small)} | {' '.join(self.large)}"


@dataclass(frozen=True, slots=True, order=True)
class Take:
    """The chooser takes one offer (T3, R5); the splitter gets the other."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"take {' '.join(self.cards)}"


@dataclass(frozen=True, slots=True, order=True)
class Crew:
    """Add a pirate card face up to your crew at `ship` (R9; legal only on its own colour, R10)."""

    card: str
    ship: str

    def __str__(self) -> str:
        return f"crew {self.card}" if self.ship == self.card[0] else f"crew {self.card} {self.ship}"


@dataclass(frozen=True, slots=True, order=True)
class Parrot:
    """Add a card parrot side up to your crew at any `ship` (R11; specials only with V4)."""

    card: str
    ship: str

    def __str__(self) -> str:
        return f"parrot {self.card} {self.ship}"


@dataclass(frozen=True, slots=True, order=True)
class Board:
    """Tuck a pirate card under your chest via `ship` of its colour where your captain stands (R18-R19)."""

    card: str
    ship: str

    def __str__(self) -> str:
        return f"board {self.card}" if self.ship == self.card[0] else f"board {self.card} {self.ship}"


@dataclass(frozen=True, slots=True, order=True)
class Skeleton:
    """Add a Skeleton to your crew at any `ship`, strength 3 (R28)."""

    ship: str

    def __str__(self) -> str:
        return f"skeleton {self.ship}"


@dataclass(frozen=True, slots=True, order=True)
class Kraken:
    """Remove the bottom card of the opponent's pile at `ship` (R30); ``None`` discards it (R32, V5)."""

    ship: str | None

    def __str__(self) -> str:
        return f"kraken {self.ship or 'none'}"


@dataclass(frozen=True, slots=True, order=True)
class Tortuga:
    """Turn all your parrots to their pirate side (R33)."""

    def __str__(self) -> str:
        return "tortuga"


def split_of(small: tuple[str, ...], large: tuple[str, ...]) -> Split:
    """`Split(small, large)` set through its slots instead of the frozen dataclass's checked
    `__init__`: every table never seen before makes its 15 splits (rules.splits)."""
    split = _new(Split)
    _set_small(split, small)
    _set_large(split, large)
    return split


def take_of(cards: tuple[str, ...]) -> Take:
    """`Take(cards)` set through its slot, as `split_of`: every choice offers two."""
    take = _new(Take)
    _set_cards(take, cards)
    return take


_new, _set_small, _set_large, _set_cards = object.__new__, Split.small.__set__, Split.large.__set__, Take.cards.__set__


# -- chance outcomes -------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class Aside:
    """The next card set aside unseen at setup (S4, S6, C1, C2)."""

    card: str

    def __str__(self) -> str:
        return f"aside {self.card}"


@dataclass(frozen=True, slots=True, order=True)
class Draw:
    """The next card the splitter draws face up (T1, R2, C3)."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True, order=True)
class FirstPlayer:
    """Who holds the flag in round 1 when `start_player` is random (S8, V8, C5)."""

    player: int

    def __str__(self) -> str:
        return f"first P{self.player + 1}"


Placement = Crew | Parrot | Board | Skeleton | Kraken | Tortuga
Action = Split | Take | Placement
Outcome = Aside | Draw | FirstPlayer

ASIDE = {c: Aside(c) for c in CARDS}
DRAW = {c: Draw(c) for c in CARDS}
TORTUGA = Tortuga()
CREW = {c: Crew(c, c[0]) for c in PIRATES}
BOARD = {c: Board(c, c[0]) for c in PIRATES}
PARROT = {(c, s): Parrot(c, s) for c in CARDS for s in SHIPS}
SKELETON = {s: Skeleton(s) for s in SHIPS}
KRAKEN = {s: Kraken(s) for s in (*SHIPS, None)}
FIRST = (FirstPlayer(0), FirstPlayer(1))
PARROTS = {c: tuple(PARROT[c, s] for s in SHIPS) for c in CARDS}
PIRATE_USES = {c: (CREW[c], *PARROTS[c]) for c in PIRATES}   # crew, then parrot on each ship (R9, R11)
SKELETONS = tuple(SKELETON[s] for s in SHIPS)
SPECIAL_SET = frozenset(SPECIALS)
PHASES = ("setup", "start", "draw", "split", "choose", "place", "over")


NAMES = ("Player 1", "Player 2")   # seats in words; "P1"/"P2" only in the notation
SHIP_NAMES = {"G": "Green", "Y": "Yellow", "B": "Blue", "R": "Red"}


def rounds(game) -> int:
    """8 rounds, or 10 in the long game (R24, R36)."""
    return COMPONENTS.long_rounds if game.options["long_game"] else COMPONENTS.rounds


# -- the state -------------------------------------------------------------------------
class Fields:
    """The state's fields, declared once: `FIELDS` (the slots, in this order), the position's
    key (`KEY_FIELDS`: all but the derived ``strengths``), `build` and the working copy
    (flow.Work) follow from it.

    ``phase``; ``round`` (1-based); ``splitter`` (flag holder, None before S8);
    ``pile`` and ``aside`` card counts (hidden, the truth); ``setup_left`` cards still to
    set aside per setup stage (after setup: set-aside cards a partial position left undecided
    among ``pile``, see `undecided`); ``early`` how many of ``aside`` were the S4 pirate removals;
    ``table`` the drawn cards; ``offers`` (small, large) after the split; ``hands`` the
    cards each player must still use this round; ``to_move`` who places; ``piles`` 2 x 4
    crew piles bottom->top; ``chests``; ``removed`` the face-up out-of-game cards (K7);
    ``strengths`` (derived from ``piles``).
    """

    __slots__ = ()

    phase: str
    round: int
    splitter: int | None
    pile: Counts
    aside: Counts
    setup_left: tuple[int, ...]
    early: int
    table: tuple[str, ...]
    offers: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    to_move: int | None
    piles: tuple[tuple[Pile, ...], tuple[Pile, ...]]
    chests: tuple[tuple[str, ...], tuple[str, ...]]
    removed: tuple[str, ...]
    strengths: tuple[tuple[int, ...], tuple[int, ...]]


FIELDS: tuple[str, ...] = tuple(Fields.__annotations__)
KEY_FIELDS = FIELDS[:-1]
_FIELD_SET = frozenset(FIELDS)
_key_of = attrgetter(*KEY_FIELDS)


class JollyState(RulesState, Fields):
    """A position of Jolly & Roger (its fields: `Fields`). Build it with `Game.new_state`,
    `start` or `state_from_dict`. The rules are the game's (`JollyAndRoger.RULEBOOK`); the
    chance panel's groups and the short notation are reached through the game as well."""

    __slots__ = FIELDS

    def _key(self) -> tuple:
        return _key_of(self)

    def legal_actions(self) -> tuple:
        """The rulebook's legal actions, worked out once per state (every constructor sets
        ``_legal`` to None, so no exception is raised and caught on the first call)."""
        legal = self._legal
        if legal is None:
            legal = self.game.RULEBOOK.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    @property
    def player(self) -> int | None:
        return self.to_move if self.phase in ("split", "choose", "place") else None

    @property
    def is_chance(self) -> bool:
        return self.phase in ("setup", "start", "draw")

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def chooser(self) -> int | None:
        return None if self.splitter is None else 1 - self.splitter

    def captains(self) -> tuple[int | None, ...]:
        """Who has a captain on each ship: strictly greater strength, nobody on a tie (R14-R16)."""
        (a0, a1, a2, a3), (b0, b1, b2, b3) = self.strengths
        return (0 if a0 > b0 else 1 if b0 > a0 else None, 0 if a1 > b1 else 1 if b1 > a1 else None,
                0 if a2 > b2 else 1 if b2 > a2 else None, 0 if a3 > b3 else 1 if b3 > a3 else None)

    def gold(self, player: int) -> int:
        """Chest gold: the printed values of the boarded cards (E2, A2)."""
        return sum(VALUE[c] for c in self.chests[player])


def fields_of(s: JollyState) -> dict:
    """The state's fields by name (`FIELDS`), as `build` takes them."""
    return dict(zip(FIELDS, _fields_of(s), strict=True))


_fields_of = attrgetter(*FIELDS)


def build(game, trail=None, events: tuple = (), **fields) -> JollyState:
    """The constructor-style fast path: every field of `FIELDS` by name, no checks (callers
    validate)."""
    if fields.keys() != _FIELD_SET:
        raise TypeError(f"build takes the fields {FIELDS}; missing {sorted(_FIELD_SET - fields.keys())}, "
                        f"unknown {sorted(fields.keys() - _FIELD_SET)}")
    s = object.__new__(JollyState)
    setter = object.__setattr__
    setter(s, "game", game)
    for name in FIELDS:
        setter(s, name, fields[name])
    setter(s, "_trail", trail)
    setter(s, "events", events)
    setter(s, "_legal", None)
    return s


def aside_total(opts) -> int:
    """Cards out of the game unseen once setup is done: 3 (S4), 10 (S6 sequential, A1),
    7 (literal, V3) or none (long game, S7)."""
    if not opts["special_cards"]:
        return COMPONENTS.removed_basic
    if opts["long_game"]:
        return 0
    if opts["variant_removal"] == "sequential":
        return COMPONENTS.removed_basic + COMPONENTS.removed_special
    return COMPONENTS.removed_special


def early_total(opts) -> int:
    """How many set-aside cards are the S4 pirate removals made before the specials join (S6, C3)."""
    sequential = opts["special_cards"] and not opts["long_game"] and opts["variant_removal"] == "sequential"
    return COMPONENTS.removed_basic if sequential else 0


def undecided(s: JollyState) -> tuple[int, int]:
    """(S4 removals, all set-aside cards) not yet told apart from the draw pile.

    A partial position that does not write the set-aside cards keeps them undecided among
    ``pile`` (``setup_left`` outside the setup phase): each draw then comes from what the setup
    leaves in the pile, with the exact C3 odds, and nobody ever learns which cards they are (A20).
    """
    if s.phase == "setup" or not s.setup_left:
        return 0, 0
    return (s.setup_left[0] if len(s.setup_left) == 2 else 0), sum(s.setup_left)


def pile_strength(pile: Pile) -> int:
    """A player's strength at one ship: the sum of its entries' strengths (R12)."""
    return sum(STRENGTH[e] for e in pile)
