"""Could this position arise under the rules? The checks behind `state_from_dict` and the notation.

Each check raises `PositionError` naming the JSON field at fault and the rule broken. What
the position implies (``after``, ``stacked``, ``winners``) is derived here, so a loaded
position is exactly the one play would have reached, never advanced past what was written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import OptionError, PositionError

from .data import COMPONENTS, FACE_NAMES, STACKS, die_name, owner, seat_name
from .flow import capped, config, plunder_targets, won_by_rules
from .model import STEP_WORDS

IN_THE_AIR = ("open_roll", "roll", "stray", "place")     # steps with the active pirate's die rolled
PLAY = ("turn", "roll", "stray", "place", "wobble", "plunder", "hit", "restart", "restart_roll")


def need(ok: bool, field: str, why: str) -> None:
    if not ok:
        raise PositionError(field, why)


def check_position(game: Any, f: dict) -> tuple[str, bool, tuple[int, ...]]:
    """Check the position's fields against the rules; return (after, stacked, winners)."""
    cfg = config(game)
    step, p, piles, hands = f["step"], f["to_move"], f["piles"], f["hands"]
    check_piles(piles)
    need(cfg.round_limit is None or f["round"] <= cfg.round_limit, "round",
         f"round {f['round']} is past the round limit {cfg.round_limit}: no round opens after it (house rule "
         "round_limit, E9)")
    _check_opening(game, f)
    _check_air(cfg, f)
    if step in PLAY:
        _check_hands(cfg, step, p, hands)
    stacked = step in ("plunder", "wobble")
    after = ("place" if f["die"] is not None else "end") if step in ("restart", "restart_roll") else ""
    _check_turn_step(cfg, f)
    winners = _check_end(cfg, f)
    return after, stacked, winners


def check_piles(piles: Any) -> None:
    """A base is rolled by the pile's owner (R7, R13, R34); every die above fits the one below, as a
    stacked roll (R14-R17) or a plunder (R22) must: a plunder fits as a stack does."""
    for p, pile in enumerate(piles):
        if pile:
            need(owner(pile[0][0]) == p, f"piles.{p}.0", f"{die_name(pile[0][0])} cannot be the bottom of "
                 f"{seat_name(p)}'s pile: a pile's first die is its owner's own roll (R7, R13)")
        for i in range(1, len(pile)):
            (_, below), (die, face) = pile[i - 1], pile[i]
            need(STACKS[face][below], f"piles.{p}.{i}", f"{die_name(die)}={FACE_NAMES[face]} cannot sit on "
                 f"{FACE_NAMES[below]}: it neither matches, is one higher nor makes 7 (R14, R17)")


def _check_opening(game: Any, f: dict) -> None:
    """T0, R6-R9, V10: in the opening every pile holds at most its base; the roll-off group goes in
    seat order, so the opener is the first of the group without a base."""
    cfg, step, group, piles, p = config(game), f["step"], f["group"], f["piles"], f["to_move"]
    if step not in ("open", "open_roll"):
        need(not group, "group", "only the round opening has a roll-off group (T0)")
        return
    need(len(set(group)) == len(group) and list(group) == sorted(group), "group",
         "the roll-off group lists each pirate once, in seat order (R7)")
    if cfg.reroll_all:
        need(list(group) == list(range(cfg.players)), "group", "every pirate opens and every tie is rolled "
             "again by all (R9, V10 opening_reroll = all)")
    else:
        need(len(group) >= 2 or len(group) == cfg.players, "group", "a roll-off group is everyone or the tied "
             "pirates (V10)")
    for q, pile in enumerate(piles):
        need(len(pile) <= 1, f"piles.{q}", "in the round opening a pile holds its base alone (R7)")
    need(all(piles[q] for q in range(cfg.players) if q not in group), "group",
         "a pirate outside the roll-off keeps the opening base (V10)")
    waiting = [q for q in group if not piles[q]]
    need(bool(waiting), "to_move", "every pirate of the roll-off has a base: the opening is settled (R8)")
    for q in group:
        need(not piles[q] or q < waiting[0], f"piles.{q}", "the opening goes round the roll-off in seat order: "
             f"{seat_name(q)} cannot have a base while {seat_name(waiting[0])} has none (R7)")
    need(p == waiting[0], "to_move", f"{seat_name(waiting[0])} opens next in the roll-off, not {seat_name(p)} (R7)")
    need(f["turns"] == 0 and f["passes"] == 0, "turns" if f["turns"] else "passes",
         "no turn has been played in the round opening (T0)")


def _check_air(cfg: Any, f: dict) -> None:
    """T2, R34: a die in the air, its face, the broadside target and the victim's die, each only at
    the step that has them."""
    step, p, hands = f["step"], f["to_move"], f["hands"]
    word = STEP_WORDS[step]
    die, face, target, restart_die = f["die"], f["face"], f["target"], f["restart_die"]
    restart = step in ("restart", "restart_roll")
    if step in IN_THE_AIR:
        need(die is not None, "die", f"at the step '{word}' a rolled die is in the air: write which (T2)")
    elif not restart:
        need(die is None, "die", f"no die is in the air at the step '{word}' (T2)")
    if die is not None:
        need(die in hands[p], "die", f"{die_name(die)} is not in {seat_name(p)}'s hand: the active pirate rolls "
             "a die from hand (R11, R12)")
    if step in ("stray", "place") or (restart and die is not None):
        need(face is not None, "face", f"the step '{word}' waits with the rolled face known (T2)")
    else:
        need(face is None, "face", f"no rolled face waits at the step '{word}' (T2)")
    if step in ("hit", "restart", "restart_roll"):
        need(target is not None and target != p, "target", "a broadside or stray shot names an opponent (R35)")
    else:
        need(target is None, "target", f"no broadside target or victim at the step '{word}' (R30)")
    if step == "restart_roll":
        need(restart_die is not None and restart_die in hands[target], "restart_die",
             f"{seat_name(target)} rolls a new base from hand (R34)")
    else:
        need(restart_die is None, "restart_die", f"no restart die is rolling at the step '{word}' (R34)")
    need(f["passes"] == 0 or (cfg.hold_fire and step == "turn"), "passes",
         "passes count only under hold_fire (V4), up to the next roll or broadside")


def _check_hands(cfg: Any, step: str, p: int, hands: Any) -> None:
    """R28: an empty hand ends the round at the end of the turn it empties in, so during a turn only
    the active pirate, after stacking the last die, may hold none (V7 off: not even then)."""
    for q, hand in enumerate(hands):
        if hand:
            continue
        if q == p and step in ("plunder", "wobble"):
            need(cfg.final_plunder or step == "wobble", f"hands.{q}", f"{seat_name(q)} stacked the last die: "
                 "without final plunder the round ends at once (V7, R28)")
            continue
        raise PositionError(f"hands.{q}", f"{seat_name(q)}'s hand is empty: the round would be over (R28, E1)")


def _check_turn_step(cfg: Any, f: dict) -> None:
    """T1-T4 and the options each step belongs to."""
    step, p, piles, target, face = f["step"], f["to_move"], f["piles"], f["target"], f["face"]
    if step == "place":
        need(cfg.optional_placement, "step", "a rolled die that fits is stacked at once: 'place' needs V11 "
             "optional_placement (R18)")
        need(bool(piles[p]) and STACKS[face][piles[p][-1][1]], "face", f"{FACE_NAMES[face]} must fit "
             f"{seat_name(p)}'s top to be stacked or declined (R14, V11)")
    if step == "stray":
        need(cfg.stray, "step", "a stray-shot check needs V3 stray_shots")
        need(any(piles[q] for q in range(cfg.players) if q != p), "piles", "a stray shot needs an opponent's "
             "pile to hit (V3, C8)")
    if step == "wobble":
        need(cfg.wobble, "step", "a steadiness check needs V2 wobble")
        need(len(piles[p]) > COMPONENTS.steady_height, "piles", f"a pile is checked from "
             f"{COMPONENTS.steady_height + 1} dice on (V2, C7)")
    if step == "plunder":
        need(bool(piles[p]) and bool(plunder_targets(cfg, piles, p)), "step", f"{seat_name(p)} has no opponent's "
             "top die to take, so the turn would have ended (R22, R25)")
    if step == "hit":
        need(cfg.broadside and 0 < cfg.hit_p < 1, "step", "a broadside waits to hit or miss only with V1 "
             "broadside_hit_p strictly between 0 and 1 (C6)")
        need(bool(piles[target]), "target", f"{seat_name(target)}'s pile is empty: nothing to fire at (R35)")
    if step in ("restart", "restart_roll"):
        need((cfg.broadside and cfg.hit_p > 0) or cfg.stray, "step", "a restart follows a hit broadside or stray "
             "shot (R34, V1, V3)")
        need(not piles[target], "target", f"{seat_name(target)}'s pile was sunk: it is empty until the restart (R33)")


def _check_end(cfg: Any, f: dict) -> tuple[int, ...]:
    """E1, E7-E9: a scored round had something end it and did not end the game; a finished game was
    won by the rules (or cut off by the round limit) and its winners lead the totals."""
    step, totals, hands = f["step"], f["totals"], f["hands"]
    best = max(totals)
    leaders = tuple(q for q, t in enumerate(totals) if t == best)
    if step in ("scored", "over"):
        need(f["turns"] == 0 and f["rolloffs"] == 0, "turns" if f["turns"] else "rolloffs",
             "the counters start again with each round (R29, R9)")
    if step == "scored":
        need(any(not h for h in hands) or cfg.hold_fire or cfg.maroon_ends_round or cfg.round_turn_limit is not None,
             "step", "no hand is empty, so the round cannot have ended (R28, E1)")
        need(not won_by_rules(cfg, totals), "step", f"{seat_name(leaders[0])} leads with {best} of "
             f"{cfg.target}: the game is over, not a round scored (E7)")
        need(not capped(cfg, f["round"]), "step", f"round {f['round']} is the last under the round limit "
             f"{cfg.round_limit} (house rule): the game is over")
        need(f["to_move"] == 0, "to_move", "Player 1 opens the next round (R7)")
    if step != "over":
        return ()
    need(won_by_rules(cfg, totals) or capped(cfg, f["round"]), "step", f"the highest total is {best}: nobody has "
         f"won yet ({cfg.target} to win, a tie plays on) (E7, E8)")
    return leaders


def check_game(game: Any, block: Any) -> None:
    """The ``game`` block must name this game set-up; a partial block means its defaults."""
    if not isinstance(block, Mapping):
        raise PositionError("game", f"must be an object naming the game set-up, not {block!r}")
    extra = sorted(set(block) - {"name", "players", "options"})
    if extra:
        raise PositionError("game", f"unknown entry {extra[0]!r}: a game block has name, players, options")
    name = block.get("name", game.name)
    if name != game.name:
        raise PositionError("game", f"the data is for the game {name!r}, not {game.name!r}")
    players, options = block.get("players", game.players), block.get("options", {})
    if not isinstance(options, Mapping):
        raise PositionError("game", f"options must be an object, not {options!r}")
    try:
        other = type(game)(players, **{str(k): v for k, v in options.items()})
    except OptionError as err:
        raise PositionError("game", f"the data's set-up is not valid ({err.field}: {err.reason}) (S1, S4)") from None
    if other.players != game.players:
        raise PositionError("game", f"the data is for {other.players} pirates, this game has {game.players} (S1)")
    for key, value in game.options.items():
        if other.options[key] != value:
            raise PositionError("game", f"the data was saved with {key} = {other.options[key]!r}, this game "
                                        f"has {key} = {value!r} (S4)")


def game_block(game: Any, text: str) -> dict[str, Any]:
    """The notation's ``game: dead_mans_dice players=3 option=value ...`` as a ``game`` block."""
    words = text.split()
    block: dict[str, Any] = {"name": words[0] if words else "", "options": {}}
    specs = {spec.name: spec for spec in type(game).OPTIONS}
    for word in words[1:]:
        name, sep, value = word.partition("=")
        if not sep:
            raise PositionError("game", f"{word!r}: write players=N and option=value")
        if name == "players":
            if not is_number(value):
                raise PositionError("game", f"players={value!r} is not a whole number")
            block["players"] = int(value)
        elif name in specs:
            block["options"][name] = _option(specs[name], value)
        else:
            raise PositionError("game", f"unknown option {name!r}; options: {', '.join(specs)}")
    return block


def _option(spec: Any, value: str) -> Any:
    """An option's value as written (true/false, a whole number, none, a choice or a fraction)."""
    low = value.lower()
    if spec.nullable and low == "none":
        return None
    kind = spec.kind or type(spec.default)
    if spec.choices or kind is str:
        return value
    if kind is bool and low in ("true", "on", "yes", "false", "off", "no"):
        return low in ("true", "on", "yes")
    if kind is int and is_number(value.lstrip("-")):
        return int(value)
    raise PositionError("game", f"{spec.name}={value!r}: write {'true or false' if kind is bool else 'a whole number'}")
