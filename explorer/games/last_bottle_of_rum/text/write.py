"""Writing the short position notation: the canonical text of a position (position_text.py)."""

from __future__ import annotations

from ..data import ACTIONS, DAMAGE, HIDEOUT, cell_name
from ..loading.load import FLAG_WORDS
from ..loading.pending import PHASE_WORDS, step_words
from ..rulebook.ships import CRABBY
from .names import BOUNTY_NAME, CARD_NAME, MAP_NAME, TILE_NAME, TREASURE_NAME


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
        out.append("actions: " + " ".join(i for i, n in zip(ACTIONS, t.actions, strict=True) for _ in range(n)))
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
