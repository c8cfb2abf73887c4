"""Reading the action notation back (the inverse of each action's ``str``, `Game.parse_action`;
the notation is listed in the package docstring)."""

from __future__ import annotations

from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import IllegalAction

from .data import ACTIONS, BOUNTIES, CAPTAINS, CARDS, DAMAGE, ICONS, MAPS, TILES, TREASURES, parse_cell
from .model import (
    EARN,
    END,
    GHOST,
    GO_ON,
    LEAVE,
    STOP,
    WHIRL,
    Attack,
    BountyCard,
    ChooseCaptain,
    Claim,
    Discard,
    DrawCard,
    Exchange,
    FirstPlayer,
    KeepBounty,
    Lose,
    MapCard,
    Peek,
    PlaceMaelstrom,
    Play,
    Repair,
    Reroll,
    Roll,
    Sail,
    Shell,
    Take,
    TileFace,
    Token,
    Trade,
    TreasureCard,
    UseEffect,
    Weather,
)

SIMPLE = {"earn": EARN, "end": END, "leave": LEAVE, "stop": STOP, "keep": Trade(()), "shell": Shell(True),
          "no shell": Shell(False), "reroll": Reroll(True), "accept roll": Reroll(False),
          "sail maelstrom": WHIRL, "attack ghost": Attack(GHOST), "go on": GO_ON}


def _card(word: str) -> str:
    word = word.upper()
    if word not in CARDS:
        raise KeyError(word)
    return word


def _known(word: str, table) -> str:
    word = word.upper()
    if word not in table:
        raise KeyError(word)
    return word


def _player(word: str) -> int:
    """A seat as written, ``P1``.. (from 1), as its index."""
    if word[:1].upper() != "P" or not is_number(word[1:]) or int(word[1:]) < 1:
        raise ValueError(word)
    return int(word[1:]) - 1


def parse_action(text: Any) -> Any:
    """`Game.parse_action`: the action or outcome `text` writes; `IllegalAction` (T4) for text
    that is not this game's notation."""
    if not isinstance(text, str):
        raise IllegalAction("T4", f"an action is written as text, not {type(text).__name__}", text)
    try:
        return parse(text)
    except (ValueError, IndexError, KeyError):
        raise IllegalAction("T4", f"{text!r} is not Last Bottle of Rum notation (see the module docstring): "
                                  "play AC04 AC30, sail 1,-1, attack P2, effect AC43, end, ...", text) from None


def parse(text: str) -> Any:
    clean = " ".join(text.split())
    if clean.lower() in SIMPLE:
        return SIMPLE[clean.lower()]
    head, _, rest = clean.partition(" ")
    head = head.lower()
    words = rest.split()
    if head == "captain" and rest in CAPTAINS:
        return ChooseCaptain(rest)
    if head == "play":
        return Play(tuple(_card(w) for w in words))
    if head == "trade":
        if not words:
            raise ValueError(text)
        return Trade(tuple(_known(w, TREASURES) for w in words))
    if len(words) == 1:
        return _one(head, words[0])
    if head == "maelstrom" and len(words) == 2:
        return PlaceMaelstrom(parse_cell(words[0]), parse_cell(words[1]))
    if head == "effect" and 2 <= len(words) <= 3:
        treasure = _known(words[2], TREASURES) if len(words) == 3 else None
        return UseEffect(_card(words[0]), _player(words[1]), treasure)
    raise ValueError(text)


def _one(head: str, word: str) -> Any:
    if head == "sail":
        return Sail(parse_cell(word))
    if head == "peek":
        return Peek(parse_cell(word))
    if head == "attack":
        return Attack(_player(word))
    if head == "repair":
        kind = word.upper() if word.lower() != "shell" else "shell"
        if kind not in DAMAGE and kind != "shell":
            raise KeyError(word)
        return Repair(kind)
    if head == "exchange":
        give, get = word.upper().split(">")
        if len(give) != 3 or len(get) != 1 or any(c not in ACTIONS for c in give) or get not in ICONS:
            raise ValueError(word)      # R12, R63: a wild action may be given, never got
        return Exchange("".join(sorted(give, key=ACTIONS.index)), get)
    if head == "effect":
        return UseEffect(_card(word))
    simple = {"take": (Take, TREASURES), "lose": (Lose, TREASURES), "discard": (Discard, CARDS),
              "draw": (DrawCard, CARDS), "tile": (TileFace, TILES), "map": (MapCard, MAPS),
              "treasure": (TreasureCard, TREASURES)}
    if head in simple:
        cls, table = simple[head]
        return cls(_known(word, table))
    if head == "first":
        return FirstPlayer(_player(word))
    if head == "weather":
        return Weather(_card(word))
    if head in ("bounty", "reveal", "claim", "pass"):
        bounty = _known(word, BOUNTIES)
        return {"bounty": KeepBounty, "reveal": BountyCard}[head](bounty) if head in ("bounty", "reveal") \
            else Claim(bounty, head == "claim")
    if head == "roll" and word in ("0", "1", "2"):
        return Roll(int(word))
    if head == "token":
        return Token(_known(word, DAMAGE))
    raise ValueError(word)
