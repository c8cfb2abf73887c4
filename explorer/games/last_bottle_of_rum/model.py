"""The Last Bottle of Rum: actions, chance outcomes, ship records and the immutable state.

Every action and outcome is a frozen slotted dataclass whose ``str()`` is the notation
`parse_action` reads back (documented in the package docstring). The state is data only: its
rules are the functions of rules.py, reached through its game (`RulesState`).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from explorer.core.rules_state import RulesState

from .data import CAPTAINS, CARDS, DAMAGE, MAPS, TILES, TREASURES, cell_name, parse_cell


# -- decisions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseCaptain:
    """Take a captain's board and ship at setup (S5)."""

    captain: str

    def __str__(self) -> str:
        return f"captain {self.captain}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards face up (R8), or 1 more card through All Hands (E08)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("play", *self.cards))


@dataclass(frozen=True, slots=True)
class Sail:
    """Move your ship to the adjacent cell ``q,r`` (R18)."""

    cell: int

    def __str__(self) -> str:
        return f"sail {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Earn:
    """Use an Earn-doubloons action: +1 doubloon (R30)."""

    def __str__(self) -> str:
        return "earn"


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack player `target` with the skull die (R33-R37)."""

    target: int

    def __str__(self) -> str:
        return "attack ghost" if self.target == GHOST else f"attack P{self.target + 1}"


@dataclass(frozen=True, slots=True)
class Repair:
    """Remove 1 damage token of `kind` (R43), or restore a Shell (``shell``, Crabby Jones)."""

    kind: str

    def __str__(self) -> str:
        return f"repair {self.kind}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Trade 3 unused actions (`give`, icon letters) for 1 action `get` (R12)."""

    give: str
    get: str

    def __str__(self) -> str:
        return f"exchange {self.give}>{self.get}"


@dataclass(frozen=True, slots=True)
class UseEffect:
    """Pay for and use the effect of played card `card` (R13-R16), with its target if any."""

    card: str
    target: int | None = None
    treasure: str | None = None

    def __str__(self) -> str:
        parts = ["effect", self.card]
        if self.target is not None:
            parts.append("ghost" if self.target == GHOST else f"P{self.target + 1}")
        if self.treasure is not None:
            parts.append(self.treasure)
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Peek:
    """Secretly look at the face-down tile on cell ``q,r`` (E05, Madame Macaw)."""

    cell: int

    def __str__(self) -> str:
        return f"peek {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the displayed treasure on your tile aboard (R25, R26)."""

    treasure: str

    def __str__(self) -> str:
        return f"take {self.treasure}"


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the treasure on the island."""

    def __str__(self) -> str:
        return "leave"


@dataclass(frozen=True, slots=True)
class Trade:
    """Trade these treasures for Loot at the Hideout (R23); none is ``keep``."""

    treasures: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("trade", *self.treasures)) if self.treasures else "keep"


@dataclass(frozen=True, slots=True)
class Lose:
    """Remove a treasure your burning cabin cannot hold (R47)."""

    treasure: str

    def __str__(self) -> str:
        return f"lose {self.treasure}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card down to your hand size (R50)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Shell:
    """Crabby Jones spends a Shell to draw 1 damage token fewer (R59, D9), or not."""

    use: bool

    def __str__(self) -> str:
        return "shell" if self.use else "no shell"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Grog Blackwater re-rolls a 0-skull attack die (D9), or accepts the miss."""

    use: bool

    def __str__(self) -> str:
        return "reroll" if self.use else "accept roll"


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop an effect that allows "up to" several steps (E04, E05, E06, E08)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn: played cards to the discard pile, unused actions lost (T5, R17)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Weather:
    """Carry out the mandatory effect of played Weather card `card` (R63-R65, A20)."""

    card: str

    def __str__(self) -> str:
        return f"weather {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceMaelstrom:
    """Put the two Maelstrom tokens on cells `a` and `b` (R65)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"maelstrom {cell_name(self.a)} {cell_name(self.b)}"


@dataclass(frozen=True, slots=True)
class Whirl:
    """Use 1 Sail action to pass from one Maelstrom token to the other, for 1 damage (R66)."""

    def __str__(self) -> str:
        return "sail maelstrom"


@dataclass(frozen=True, slots=True)
class KeepBounty:
    """Keep this one of the two Bounty cards drawn at an Outpost; the other goes back on top (R60)."""

    bounty: str

    def __str__(self) -> str:
        return f"bounty {self.bounty}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Reveal a completed bounty for 1 Loot, or keep it hidden (only when V14 is off)."""

    bounty: str
    use: bool

    def __str__(self) -> str:
        return f"{'claim' if self.use else 'pass'} {self.bounty}"


# -- chance outcomes ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Who starts (S10, C14)."""

    player: int

    def __str__(self) -> str:
        return f"first P{self.player + 1}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """The Action card drawn (C6, C7)."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class TileFace:
    """The identity of a face-down tile when revealed or peeked at (C8)."""

    tile: str

    def __str__(self) -> str:
        return f"tile {self.tile}"


@dataclass(frozen=True, slots=True)
class MapCard:
    """The Map card turned face up for a new pair (S2, R27, C9)."""

    map: str

    def __str__(self) -> str:
        return f"map {self.map}"


@dataclass(frozen=True, slots=True)
class TreasureCard:
    """The Treasure card turned face up for a new pair (S2, R27, C9)."""

    treasure: str

    def __str__(self) -> str:
        return f"treasure {self.treasure}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Skulls shown by the skull die (C1), or the kept result of a modified roll (C12)."""

    skulls: int

    def __str__(self) -> str:
        return f"roll {self.skulls}"


@dataclass(frozen=True, slots=True)
class Token:
    """The damage token drawn from the bag (C3)."""

    kind: str

    def __str__(self) -> str:
        return f"token {self.kind}"


@dataclass(frozen=True, slots=True)
class BountyCard:
    """The Bounty card drawn at an Outpost (C10)."""

    bounty: str

    def __str__(self) -> str:
        return f"reveal {self.bounty}"


@dataclass(frozen=True, slots=True)
class GoOn:
    """The one outcome of a step the rules resolve by themselves (beginning a turn, entering a
    tile, a Kraken): a position written at such a moment waits for it, with probability 1."""

    def __str__(self) -> str:
        return "go on"


EARN, STOP, END, LEAVE, WHIRL, GO_ON = Earn(), Stop(), EndTurn(), Leave(), Whirl(), GoOn()
ROLLS = tuple(Roll(s) for s in range(3))
TOKENS = tuple(Token(k) for k in DAMAGE)
DRAWS = {c: DrawCard(c) for c in CARDS}
FACES = {t: TileFace(t) for t in TILES}


# -- records -----------------------------------------------------------------------------------
class Ship(NamedTuple):
    """One captain's ship and board; all public except `hand` and `peeks`."""

    captain: str
    cell: int
    loot: int
    curse: int
    doubloons: int
    damage: tuple[int, int, int, int, int]   # SAIL FIRE CANNON HULL BOWSPRIT counts
    treasures: tuple[str, ...]
    hand: tuple[str, ...]
    shells: int
    peeks: tuple[int, ...]                    # face-down cells this player has looked at


class Turn(NamedTuple):
    """What the active player has done this turn (reset at T1)."""

    played: tuple[str, ...] = ()
    actions: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)   # unused S D A R and W (wild, R63)
    used: tuple[str, ...] = ()                          # played cards whose effect is used (R15)
    attacked: tuple[int, ...] = ()                      # opponents attacked (R36)
    moves: int = 0
    limit_from: int = -1                                # move count when a 1-move limit began (R46)
    flags: str = ""                                     # c chain shot, g Grog, m Macaw, b Goldrick


class Ghost(NamedTuple):
    """The white ship of the Ghost automa (V3); its token types are hidden from the players (C13)."""

    cell: int = -1
    doubloons: int = 0
    damage: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    treasures: tuple[str, ...] = ()     # oldest first (R77, R82)
    cards: tuple[str, ...] = ()         # the 2 cards of its turn (R72)
    path: tuple[int, ...] = ()          # the cells it sailed through in its last turn (R76), public


class Modules(NamedTuple):
    """The module parts of a position (V1-V3); the defaults mean "module off"."""

    bounty_deck: tuple[str, ...] = ()           # unordered, except the known top card
    bounty_top: str = ""                        # the card put back on top (R60) ...
    bounty_knower: int = -1                     # ... and the player who knows it
    bounties: tuple[tuple[str, ...], ...] = ()  # held face down, per player
    claimed: tuple[tuple[str, ...], ...] = ()   # set aside after scoring, per player (R62)
    maelstrom: tuple[int, ...] = ()             # the two token cells, once placed (R65)
    coins: int = 0                              # bit per cell holding a Ghost-mode coin (S13, R70)
    ghost: Ghost | None = None
    stats: tuple[int, ...] = ()                 # the active player's counters for bounty conditions


NO_DAMAGE = (0, 0, 0, 0, 0)
NO_TURN = Turn()
NO_MODULES = Modules()
GHOST = -1      # the Ghost as an attack target


# -- the state ---------------------------------------------------------------------------------
STATE_FIELDS = ("ships", "tiles", "face_up", "display", "map_deck", "map_discard", "treasure_deck",
                "treasure_discard", "deck", "discard", "active", "phase", "turn", "pending", "winner", "turns",
                "mods")
"""The position's fields, in the order of the key: the one list the state's slots, its equality,
the working copy and `build` (rulebook/work.py) follow."""
field_values = attrgetter(*STATE_FIELDS)
"""The values of a state's (or a working copy's) fields, in `STATE_FIELDS` order."""


class RumState(RulesState):
    """A position of The Last Bottle of Rum. `pending` is the queue of steps still to resolve
    (chance draws, forced choices) in the order the rules resolve them; `_node` is what it waits
    for (`rulebook.work.node_of`). Its rules are the game's `RULEBOOK` (rules.py)."""

    __slots__ = ("_node", *STATE_FIELDS)

    def _key(self) -> tuple:
        return field_values(self)

    @property
    def player(self) -> int | None:
        return self._node[1]

    @property
    def is_chance(self) -> bool:
        return self._node[0] in ("chance", "auto")

    @property
    def is_over(self) -> bool:
        return self._node[0] == "over"

    def legal_actions(self) -> tuple:
        """The rulebook's legal actions, worked out once: `build` leaves ``_legal`` None until
        then (a missing slot's AttributeError would cost a step more than the check)."""
        legal = self._legal
        if legal is None:
            legal = self.game.RULEBOOK.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def cut_off(self) -> str | None:
        """``turn_limit`` when that house rule ended the game before anyone reached 10 Loot (E3)."""
        if self.phase == "over" and self.winner < 0 and self.game.options["turn_limit"] is not None:
            return "turn_limit"
        return None


__all__ = ["CAPTAINS", "MAPS", "TREASURES", "parse_cell"]
