"""The names people read on the components, for the position notation: each card, tile, map,
treasure and bounty by what is printed on it, and back.

An Action card is its effect and its action icons, e.g. ``Full Sail SD`` (S Sail, D Earn
doubloons, A Attack, R Repair); a Kraken is ``Kraken``; a Weather card its weather, e.g.
``Storm``. Where the deck holds identical copies, ``#1``, ``#2``... tell them apart; a name
written without its number means the first copy not written elsewhere. A Map card is named
by the island it shows, a tile, treasure or bounty by its own name. The data-table IDs
(``AC04``, ``TR15``, ``T24``, ``M12``, ``B05``) are read too, and captains by their names or
the digest's other spellings (``Humbolt``, ``Krabby Jones``), in any case.
"""

from __future__ import annotations

from collections import Counter

from ..data import BOUNTIES, CAPTAINS, CARDS, EFFECTS, HIDEOUT, MAPS, TILES, TREASURES, cell_name, map_tile


def _base(card_id: str) -> str:
    card = CARDS[card_id]
    if card.effect == "KRAKEN":
        return "Kraken"
    if card.effect == "WEATHER":
        return card.weather.replace("_", " ").title()   # people's words: "Trade Wind", not "Trade_wind"
    return f"{EFFECTS[card.effect].name} {card.icons}"


CARD_BASE = {c: _base(c) for c in CARDS}
_COPIES = Counter(CARD_BASE.values())
_SEEN: Counter = Counter()
CARD_NAME: dict[str, str] = {}
for _c in CARDS:
    _SEEN[CARD_BASE[_c]] += 1
    CARD_NAME[_c] = CARD_BASE[_c] + (f" #{_SEEN[CARD_BASE[_c]]}" if _COPIES[CARD_BASE[_c]] > 1 else "")
COPIES_OF = {base: [c for c in CARDS if CARD_BASE[c] == base] for base in _COPIES}

def card_words(card: str, among: tuple[str, ...] | list[str] = ()) -> str:
    """A card as its chip on the board names it: ``Full Sail SD``, a Weather card with its wild actions
    (``Storm WW``); with another copy of it `among` the cards beside it, its number (``Holy Water RR #2``)."""
    base = CARD_BASE[card]
    twin = bool(among) and any(c != card and CARD_BASE[c] == base for c in among)
    words = CARD_NAME[card] if twin else base
    return f"{words} {CARDS[card].icons}" if CARDS[card].weather else words


def place_words(tiles: tuple[str, ...], face_up: int, cell: int, coordinates: bool = False) -> str:
    """A hex as the board shows it: ``the Pirates' Hideout``, the name of a face-up tile, or
    ``the face-down tile at 1,-1`` by the coordinates printed on it (its name would tell what lies
    there, R19). With `coordinates`, a named hex is followed by them too: ``Pearl Bay (2,0)``."""
    if cell == HIDEOUT:
        name = "the Pirates' Hideout"
    elif tiles[cell] and face_up >> cell & 1:
        name = TILES[tiles[cell]].name
    else:
        return f"the face-down tile at {cell_name(cell)}"
    return f"{name} ({cell_name(cell)})" if coordinates else name


TREASURE_NAME = {t: x.name for t, x in TREASURES.items()}
TILE_NAME = {t: x.name for t, x in TILES.items()}
MAP_NAME = {m: TILES[map_tile(m)].name for m in MAPS}
BOUNTY_NAME = {b: x.name for b, x in BOUNTIES.items()}


def _lookup(names: dict[str, str]) -> dict[str, str]:
    """Lower-case name or ID -> ID."""
    return {**{v.lower(): k for k, v in names.items()}, **{k.lower(): k for k in names}}


CAPTAIN_NAMES = {**{c.name.lower(): c.name for c in CAPTAINS.values()},
                 **{c.alias.lower(): c.name for c in CAPTAINS.values() if c.alias}}
FIND = {"captain": CAPTAIN_NAMES, "treasure": _lookup(TREASURE_NAME), "tile": _lookup(TILE_NAME),
        "map": _lookup(MAP_NAME), "bounty": _lookup(BOUNTY_NAME), "card": _lookup(CARD_NAME)}
CARD_BASES = {base.lower(): base for base in COPIES_OF}


def find(kind: str, text: str) -> str | None:
    """The ID a written name (or ID) stands for, or None."""
    return FIND[kind].get(" ".join(text.split()).lower())
