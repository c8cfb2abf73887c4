"""A rule-of-thumb pirate: remembers what it saw (its view), takes the best loot it knows of,
and drafts characters by their worth to it. It decides from its own view only."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import Move, parse_seat, parse_slot, seat

WORTH = {"gold": 3.0, "silver": 2.0, "map": 2.0, "flag2": 1.8, "copper": 1.0, "flag1": 1.0, "rum": 0.3,
         "wound": -1.0, "curse": -2.0, None: 0.35}
CHARACTER_WORTH = {"captain": 5, "navigator": 4, "quartermaster": 3, "rogue": 3, "monkey": 3, "gunner": 2,
                   "cabin_boy": 2, "gambler": 1}
RANKS = {"captain": 1, "navigator": 2, "gunner": 3, "quartermaster": 4, "gambler": 5, "rogue": 6,
         "cabin_boy": 7, "monkey": 8}


def _slot_kind(view: dict, place: str) -> str | None:
    j, i = parse_slot(place)
    slot = view["slots"][j][i]
    return slot["kind"] if slot else None


def _best(moves: list[Move], score) -> Move:
    return max(moves, key=score)


class RuleOfThumb:
    """Looks at unknown tiles where the ship is, takes the best tile it knows, steers to loot."""

    name = "rule_of_thumb"
    needs_view = True

    def __init__(self, game: object = None) -> None:
        self.game = game

    def __repr__(self) -> str:
        return "RuleOfThumb()"

    def choose(self, view: dict, legal: Sequence[Move], rng: random.Random) -> Move:
        by: dict[str, list[Move]] = {}
        for a in legal:
            by.setdefault(a.verb, []).append(a)
        task = view["pending"].get("task")
        if task == "turn":
            return self._turn(view, by)
        if task in ("gamble_choice", "rogue_more", "rogue_keep"):
            return self._power(view, task, legal)
        if task == "draft":
            return _best(by["draft"], lambda a: CHARACTER_WORTH[a.arg] + 2 * (RANKS[a.arg] in view["markers"]))
        if task == "call":
            mine = [a for a in legal if a.arg == str(view["viewer"])]
            return mine[0] if mine else legal[0]
        if task == "setup_look":
            unknown = [a for a in legal if "." in a.arg and _slot_kind(view, a.arg) is None]
            return (unknown or list(legal))[0]
        if task == "merchant_swap":
            return _best(list(legal), lambda a: WORTH[_slot_kind(view, a.arg)])
        if task == "stake":
            return min(legal, key=lambda a: WORTH[a.arg])
        if task == "claim":
            stakes = {seat(q): k for q, k in view["pending"].get("stakes", [])}
            return _best(list(legal), lambda a: WORTH[stakes.get(a.arg)])
        if task == "challenge":
            return _best(list(legal), lambda a: view["loot"][parse_seat(a.arg)]["count"])
        if task == "throw":
            return legal[rng.randrange(len(legal))]
        if task == "spoils":
            bad = [a for a in legal if a.arg.startswith("give") and WORTH[a.arg.split()[1]] < 0]
            steal = [a for a in legal if a.arg == "steal"]
            return (bad or steal or [legal[-1]])[0]
        if task == "qm":
            return legal[-1]
        return legal[0]   # first, prosthetic (take one), gift (pass the curse on), winner (self first)

    def _turn(self, view: dict, by: dict[str, list[Move]]) -> Move:
        me = view["viewer"]
        if "look" in by:
            ship = f"I{view['ship'] + 1}."
            unknown = [a for a in by["look"] if "." in a.arg and _slot_kind(view, a.arg) is None]
            here = [a for a in unknown if a.arg.startswith(ship)]
            if here:
                return here[0]
        if "take" in by:
            best = _best(by["take"], lambda a: WORTH[_slot_kind(view, a.arg)])
            low = [a for a in by.get("repair", [])
                   if view["resources"][("structure", "ammunition", "supplies").index(a.arg)] == 0]
            if low:
                return low[0]
            if WORTH[_slot_kind(view, best.arg)] < 0 and "pay" in by and view["prestige"][me] > 1:
                return by["pay"][0]
            return best
        for verb in ("pay", "repair", "steer"):
            if verb in by:
                return by[verb][0]
        if "anchor" in by:
            return _best(by["anchor"], lambda a: self._island_worth(view, a.arg))
        if "rogue" in by:
            return _best(by["rogue"], lambda a: view["loot"][parse_seat(a.arg)]["count"])
        return by["end"][0] if "end" in by else next(iter(by.values()))[0]

    @staticmethod
    def _power(view: dict, task: str, legal: Sequence[Move]) -> Move:
        args = {a.arg: a for a in legal}
        if task == "gamble_choice":
            looked = view["pending"].get("looked_at")
            return args["keep"] if WORTH.get(looked, 0) >= 1 or "other" not in args else args["other"]
        if task == "rogue_more":
            return args["more"]
        return args["keep"]

    @staticmethod
    def _island_worth(view: dict, island: str) -> float:
        j = int(island[1:]) - 1
        return sum(WORTH[s["kind"]] for s in view["slots"][j] if s)
