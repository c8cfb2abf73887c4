"""Position data of The Last Bottle of Rum: `to_dict`, the validating loader (loading/load.py), views.

The data is JSON; cells are ``"q,r"`` strings, components their data-table IDs (Action cards
``AC01``-``AC86``, treasures ``TR01``-``TR24``, maps ``M01``-``M20``, tiles ``T01``-``T30``,
bounties ``B01``-``B20``; their printed names are in `text/names.py`). Every field is optional: what
is left out is where the setup puts it, unseen, exactly as in the notation (position_text.py).
This example leaves out the map and treasure decks, the discard pile, Player 2's hand (dealt
unseen, 4 cards, as its first step) and the modules:

>>> import json, explorer
>>> game = explorer.load("last_bottle_of_rum")
>>> state = game.state_from_dict(json.loads('''
... {"game": {"name": "last_bottle_of_rum", "players": 2, "options": {}},
...  "phase": "main", "active": 0, "winner": null, "turns": 12,
...  "ships": [{"captain": "Humboldt", "cell": "1,0", "loot": 2, "curse": 1, "doubloons": 3,
...             "damage": {"FIRE": 1}, "treasures": ["TR15"], "hand": ["AC04", "AC24"], "peeks": ["2,-1"]},
...            {"captain": "Madame Macaw", "cell": "0,0"}],
...  "tiles": {"1,0": "T24", "2,-1": "T10"},
...  "face_up": ["1,0"],
...  "display": [["M12", "TR07"], ["M01", "TR18"], ["M02", "TR23"]],
...  "deck": ["AC01", "AC30", "AC73"],
...  "turn": {"played": ["AC05", "AC61"], "actions": {"S": 1, "D": 2}, "used": [], "attacked": [],
...           "moves": 1, "limit_from": -1, "flags": ""},
...  "pending": []}'''))
>>> state.pending, len(state.discard)
((('draw', 1, 4, 1),), 69)

- ``phase``: ``setup``, ``start`` (start of turn, T1-T2), ``play`` (play two cards, T3),
  ``main`` (actions and effects, T4) or ``over``; ``start`` when left out.
- ``active``: the seat whose turn it is, from 0 (``P1`` is 0); ``winner``: a seat or null;
  ``turns``: turns completed (read by the ``turn_limit`` house rule).
- ``ships``: one object per seat with ``captain``, ``cell``, ``loot``, ``curse``, ``doubloons``,
  ``damage`` (counts by token type, K08), ``treasures``, ``hand`` (a list, or a number of
  unseen cards to deal), ``shells`` (Crabby Jones) and ``peeks`` (face-down cells looked at).
- ``tiles``: the tiles whose identity is known (face up, or peeked: a face-down tile nobody
  looked at is dealt when revealed, C8); ``face_up``: the revealed cells.
- ``display``: the face-up pairs ``[map, treasure]``; ``map_deck``, ``map_discard``,
  ``treasure_deck``, ``treasure_discard``, ``deck``, ``discard``: the piles (unordered; a deck
  left out takes the components written nowhere, a discard pile left out beside a written deck
  takes the Action cards).
- ``turn``: ``played`` cards, unused ``actions`` by icon (S Sail, D Earn doubloons, A Attack,
  R Repair, W a Weather card's wild action: unused until it is used as one of the four, R63,
  D7), ``used`` effects, ``attacked`` seats (-1 the Ghost), ``moves``, ``limit_from``
  (the move count when a 1-move limit began, -1 none; R45, R46) and ``flags``, letters for
  what was used this turn: ``c`` chain shot (E03), ``g`` re-roll used (Grog), ``m`` peek used
  (Madame Macaw), ``b`` bonus doubloon taken (Goldrick Banana), ``k`` becalmed (D7); the
  words themselves (``["chain shot", "becalmed"]``) are read too.
- ``pending``: the steps waiting, first first, each ``[kind, values...]``; `loading/pending.py` gives
  each kind its public words (``roll`` is "roll the skull die", ``pickup`` "take or leave
  the treasure", ``turn_start`` "begin the turn", ...; the full list is in the notation's
  section above) and the values it takes (seats from 0, cells, counts, rule IDs).
- ``modules``: the module parts (V1-V3), see `modules/position.py`.

Anything the rules could not have left on the table is refused with a `PositionError` naming
the field and the rule.
"""

from __future__ import annotations

from explorer.core.view import View

from .data import ACTIONS, DAMAGE, cell_name
from .loading.load import from_dict
from .loading.pending import step_out
from .model import Ship
from .modules.position import hide_modules, modules_out
from .position_text import write
from .render import board_svg


def _ship_out(ship: Ship) -> dict:
    return {"captain": ship.captain, "cell": cell_name(ship.cell), "loot": ship.loot, "curse": ship.curse,
            "doubloons": ship.doubloons, "damage": dict(zip(DAMAGE, ship.damage, strict=True)),
            "treasures": list(ship.treasures), "hand": list(ship.hand), "shells": ship.shells,
            "peeks": [cell_name(c) for c in ship.peeks]}


def to_dict(s) -> dict:
    t = s.turn
    return {
        "game": s.game.to_dict(), "phase": s.phase, "active": s.active,
        "winner": None if s.winner < 0 else s.winner, "turns": s.turns,
        "ships": [_ship_out(x) for x in s.ships],
        "tiles": {cell_name(c): tile for c, tile in enumerate(s.tiles) if tile},
        "face_up": [cell_name(c) for c in range(1, 31) if s.face_up >> c & 1],
        "display": [list(pair) for pair in s.display],
        "map_deck": list(s.map_deck), "map_discard": list(s.map_discard),
        "treasure_deck": list(s.treasure_deck), "treasure_discard": list(s.treasure_discard),
        "deck": list(s.deck), "discard": list(s.discard),
        "turn": {"played": list(t.played), "actions": dict(zip(ACTIONS, t.actions, strict=True)),
                 "used": list(t.used), "attacked": list(t.attacked), "moves": t.moves,
                 "limit_from": t.limit_from, "flags": t.flags},
        "pending": [step_out(task) for task in s.pending],
        "modules": modules_out(s.mods),
    }


# -- views --------------------------------------------------------------------------------------
def view(s, player: int | None) -> View:
    """What `player` may know (Hidden information table); None is the whole truth."""
    data = to_dict(s)
    data["viewer"] = player
    if player is not None:
        for i, ship in enumerate(data["ships"]):
            if i != player:
                ship["hand"] = len(ship["hand"])
        mine = set(s.ships[player].peeks)
        data["tiles"] = {cell_name(c): t for c, t in enumerate(s.tiles) if t and (s.face_up >> c & 1 or c in mine)}
        for key in ("deck", "map_deck", "treasure_deck"):
            data[key] = len(data[key])
        hide_modules(data, player)
    return View(data, board_svg)


def notation(s) -> str:
    """The position in the short notation (position_text.py; `game.position` reads it back)."""
    return write(s)


__all__ = ["from_dict", "notation", "to_dict", "view"]
