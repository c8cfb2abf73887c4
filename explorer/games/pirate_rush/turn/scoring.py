"""Final scoring (E3-E10): loot, prosthetics, the prestige bonus and the rum tie-break."""

from __future__ import annotations

from ..data import COINS, LOOT, MAP_SCORES


def loot_value(s, p: int) -> int:
    """E3 (E7 Naufragio: coins score 0); R66, R68, R70 with the V19 values."""
    kinds = [s.kinds[t] for t in s.loot[p] if s.kinds[t]]   # "" only mid-step
    options = s.game.options
    coins = 0 if s.ending == "naufragio" else sum(LOOT[k].points for k in kinds if k in COINS)
    maps = MAP_SCORES[min(kinds.count("map"), len(MAP_SCORES) - 1)]
    return (coins + maps + options["wound_value"] * kinds.count("wound")
            + options["curse_value"] * kinds.count("curse"))


def prestige_total(s, p: int) -> int:
    """E5, R69: markers plus flag values."""
    return s.prestige[p] + sum(LOOT[s.kinds[t]].prestige for t in s.loot[p] if s.kinds[t])


def share(k: int, sign: int, rounding: str) -> int:
    """E6, A11: the 2 points split between k tied players."""
    if rounding == "magnitude":
        return sign * (2 // k)
    return (sign * 2) // k


def prestige_bonus(s) -> list[int]:
    """E6 (E7 Desbandados inverts it)."""
    n = s.game.players
    totals = [prestige_total(s, p) for p in range(n)]
    rounding = s.game.options["prestige_split_rounding"]
    sign = -1 if s.ending == "desbandados" else 1
    top = [p for p in range(n) if totals[p] == max(totals)]
    bottom = [p for p in range(n) if totals[p] == min(totals)]
    bonus = [0] * n
    for p in top:
        bonus[p] += share(len(top), sign, rounding)
    for p in bottom:
        bonus[p] += share(len(bottom), -sign, rounding)
    return bonus


def scores(s) -> tuple[int, ...]:
    """E8: loot + prosthetics (E4) + prestige bonus; provisional before the end."""
    value = s.game.options["prosthetic_value"]
    bonus = prestige_bonus(s)
    return tuple(loot_value(s, p) + value * len(s.prosthetics[p]) + bonus[p] for p in range(s.game.players))


def rum(s, p: int) -> int:
    return sum(1 for t in s.loot[p] if s.kinds[t] == "rum")


def winners(s) -> tuple[tuple[int, ...], ...]:
    """E9, E10: by score, then rum; a remaining tie is shared, or (final_tie "manual", V13) won by
    the pirate the table named, kept in `current` once the game is over."""
    sc = scores(s)
    named = s.current if s.phase == "over" else -1
    keys = {p: (sc[p], rum(s, p), p == named) for p in range(s.game.players)}
    ranking: list[tuple[int, ...]] = []
    for key in sorted(set(keys.values()), reverse=True):
        ranking.append(tuple(p for p in range(s.game.players) if keys[p] == key))
    return tuple(ranking)
