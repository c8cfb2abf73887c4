"""Derived ship figures: hand size, treasure room, movement limit, what a ship may do.

Pure functions of a `Ship` (and the options in force), so the rules read like the digest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..data import BOWSPRIT, CANNON, CONST, FIRE, HULL, SAIL, TREASURES
from ..model import Ship

HUMBOLDT, ARCHIE, CRABBY, CROAKINGTON = "Humboldt", "Archie Stoneshell", "Crabby Jones", "Von Croakington"
GROG, NARHEE, MACAW, GOLDRICK = "Grog Blackwater", "Admiral Narhee", "Madame Macaw", "Goldrick Banana"


def abilities(ship: Ship) -> set[str]:
    """The treasure abilities aboard (D4), e.g. ``{"heavy", "range"}``."""
    return {ABILITY[t] for t in ship.treasures}


BASE_HAND_SIZE = CONST["base_hand_size"]
ABILITY = {t: x.ability for t, x in TREASURES.items()}
HAND_CHANGE = {t: (x.ability == "hand_plus") - (x.ability == "hand_minus") for t, x in TREASURES.items()}
SLOTS = {t: x.slots for t, x in TREASURES.items()}
BASE_SLOTS = CONST["base_slots"]


def has(ship: Ship, ability: str) -> bool:
    for t in ship.treasures:
        if ABILITY[t] == ability:
            return True
    return False


def hand_size(ship: Ship, options: Mapping[str, Any]) -> int:
    """R4, R5, R50, D4: base 4 (Humboldt 5), Logbook +1, Parrot -1, BOWSPRIT -1, never below V15."""
    size = BASE_HAND_SIZE + (ship.captain == HUMBOLDT)
    for t in ship.treasures:
        size += HAND_CHANGE[t]
    size -= ship.damage[BOWSPRIT] > 0
    return max(options["min_hand_size"], size)


def capacity(captain: str, fire: int) -> int:
    """R28, R47: 2 treasure slots (Archie 3), one fewer with a FIRE token (`fire` of them)."""
    return BASE_SLOTS + (captain == ARCHIE) - (fire > 0)


def slots(ship: Ship) -> int:
    return capacity(ship.captain, ship.damage[FIRE])


def used_slots(ship: Ship) -> int:
    return sum(SLOTS[t] for t in ship.treasures)


def room_for(ship: Ship, treasure: str) -> bool:
    """R28: a treasure needs free slots for its size (bulky ones fill 2)."""
    return used_slots(ship) + TREASURES[treasure].slots <= slots(ship)


def over_capacity(ship: Ship) -> bool:
    return used_slots(ship) > slots(ship)


def limited(ship: Ship) -> bool:
    """R45, D4: a torn sail or a heavy treasure allows 1 move per turn."""
    return ship.damage[SAIL] > 0 or has(ship, "heavy")


def can_attack(ship: Ship) -> bool:
    """R42, D4: broken cannons or the Cursed Cannonball forbid attacks."""
    return ship.damage[CANNON] == 0 and not has(ship, "no_attack")


def can_gain_doubloons(ship: Ship) -> bool:
    """R31, D4: a holed hull or the Leaky Coffer blocks every doubloon gain."""
    return ship.damage[HULL] == 0 and not has(ship, "no_doubloons")


def range_bonus(ship: Ship) -> int:
    """R34, D9, D4: Narhee and the Brass Spyglass each reduce the Attack actions needed by 1."""
    return (ship.captain == NARHEE) + has(ship, "range")


def attack_need(ship: Ship, distance: int) -> int:
    """R34 (A3): Attack actions needed = max(1, distance - range bonuses)."""
    return max(1, distance - range_bonus(ship))


def curse_cost(ship: Ship) -> int:
    """R14, D4: a Curse icon costs 1 Curse (2 with the Haunted Mirror)."""
    return 2 if has(ship, "double_curse") else 1


def tokens(ship: Ship) -> int:
    return sum(ship.damage)
