"""What each pirate knows (the digest's Hidden information, H1-H12), kept with perfect memory.

Per player: ``known`` (tokens whose kind and place he can follow exactly) and ``vague``
(token, zones): a kind he saw that is now somewhere in one of the zones (an island
``I5`` after Perdidos, or a loot pile ``P2`` / the discard ``D`` after a blind move).
When a pirate sees a tile of a kind he holds a vague fact about in the same zone, the
vague fact is dropped: he cannot tell the tiles apart, and keeping it could leak.
After every step `track` revises the vague facts whose zones tiles have left, so that
each stays true of the real position (the public log says where every tile went).
"""

from __future__ import annotations


def locate(s, token: int) -> tuple[str, str]:
    """(zone, exact place) of a token: ("I3", "I3.b"), ("P2", "P2") or ("D", "D")."""
    for j, row in enumerate(s.slots):
        if token in row:
            return f"I{j + 1}", f"I{j + 1}.{'abcde'[row.index(token)]}"
    for p, pile in enumerate(s.loot):
        if token in pile:
            return f"P{p + 1}", f"P{p + 1}"
    return "D", "D"


def _set(seq: tuple, i: int, value) -> tuple:
    return (*seq[:i], value, *seq[i + 1:])


def see(w, token: int, viewers) -> None:
    """H2, H6: `viewers` now know this (resolved) token exactly."""
    zone = None
    kind = w.kinds[token]
    for p in viewers:
        vague = w.vague[p]
        if vague:
            if zone is None:
                zone = locate(w, token)[0]
            kept = tuple(e for e in vague if e[0] != token and not (w.kinds[e[0]] == kind and zone in e[1]))
            if kept != vague:
                w.vague = _set(w.vague, p, kept)
        if token not in w.known[p]:
            w.known = _set(w.known, p, w.known[p] | {token})


def reveal(w, token: int) -> None:
    """R73, H8, H11: shown to everyone."""
    see(w, token, range(w.game.players))


def blur(w, tokens, zones: tuple[str, ...], parties=()) -> None:
    """A blind move inside `zones`: who is not a party loses track of these tokens' places."""
    tokens = frozenset(tokens)
    zone_set = set(zones)
    for p in range(w.game.players):
        if p in parties:
            continue
        lost = w.known[p] & tokens
        vague = w.vague[p]
        if not lost and not any(zone_set & set(e[1]) for e in vague):
            continue
        merged = []
        for t, z in vague:
            if zone_set & set(z):
                z = tuple(sorted(zone_set | set(z)))
            merged.append((t, z))
        merged += [(t, tuple(sorted(zone_set))) for t in lost]
        w.vague = _set(w.vague, p, tuple(sorted(merged)))
        w.known = _set(w.known, p, w.known[p] - lost)


def forget_kind(w, pile: tuple[int, ...], kind: str, parties=()) -> None:
    """A shown tile of `kind` left `pile`: others can no longer tell which of its `kind` went."""
    for p in range(w.game.players):
        if p in parties:
            continue
        lost = frozenset(t for t in pile if t in w.known[p] and w.kinds[t] == kind)
        if lost:
            w.known = _set(w.known, p, w.known[p] - lost)


def knows_any(w, tokens, islands: tuple[str, ...]) -> bool:
    """Does anybody know (or half-know) anything a shuffle of these tokens would scramble?"""
    tokens = set(tokens)
    zones = set(islands)
    return any(w.known[p] & tokens or any(zones & set(z) for _, z in w.vague[p])
               for p in range(w.game.players))


ISLAND_ZONES = tuple(f"I{j + 1}" for j in range(8))
PILE_ZONES = tuple(f"P{p + 1}" for p in range(5))
PLACES = {**{z: ("I", j) for j, z in enumerate(ISLAND_ZONES)}, **{z: ("P", p) for p, z in enumerate(PILE_ZONES)},
          "D": ("D", 0)}   # zone -> (shelf, index): where `_hides_unknown` looks


def _zones_of(s) -> dict[int, str]:
    """token -> zone ("I3", "P2" or "D") for every loot token."""
    out = dict.fromkeys(s.discard, "D")
    for zone, row in zip(ISLAND_ZONES, s.slots, strict=True):
        for t in row:
            if t >= 0:
                out[t] = zone
    for p, pile in enumerate(s.loot):
        zone = PILE_ZONES[p]
        for t in pile:
            out[t] = zone
    return out


def zones(s) -> dict[int, str]:
    """`_zones_of(s)`, worked out once per state (a final state never changes; read only)."""
    try:
        return s._zones
    except AttributeError:
        out = _zones_of(s)
        object.__setattr__(s, "_zones", out)
        return out


def _moved_zones(before, w, old: dict[int, str]) -> tuple[dict[int, str], set[int]]:
    """`_zones_of(w)` from `before`'s (`old`), and the tokens of every place the step changed: every
    token lies in exactly one place (position.py checks it), so only those can have moved. A step
    changes a few places; the others are the same objects as before it."""
    new = dict(old)
    changed: set[int] = set()
    for zone, row_b, row in zip(ISLAND_ZONES, before.slots, w.slots, strict=True):
        if row is not row_b:
            changed.update(row_b)
            changed.update(row)
            for t in row:
                if t >= 0:
                    new[t] = zone
    for zone, pile_b, pile in zip(PILE_ZONES, before.loot, w.loot, strict=False):
        if pile is not pile_b:
            changed.update(pile_b)
            changed.update(pile)
            for t in pile:
                new[t] = zone
    if w.discard is not before.discard:
        changed.update(before.discard)
        changed.update(w.discard)
        for t in w.discard:
            new[t] = "D"
    changed.discard(-1)
    return new, changed


def track(before, w) -> None:
    """Keep every vague fact true after a step (H2, H7-H12): revise it when tiles leave its zones.

    A tile `x` that left zone A for zone B, for a pirate remembering "a `k` somewhere in zones Z"
    with A in Z: if he already knew `x` exactly, it was not his tile and nothing changes; if he has
    now seen `x` and it is a `k`, he cannot tell whether his tile left, so the fact is dropped
    (`see` has dropped it already when `x` was his tile); if he has seen `x` and it is not a `k`,
    nothing changes; if he did not see it, his tile may have gone with it: Z widens to Z + B.
    Then a zone where he can place no unidentified tile any more is taken out of Z.

    `w` is the finished step (no field changes after this), so it is marked tidy: its facts are
    pruned against its own tiles. From a tidy state, a pirate whose facts and known tiles the
    step left as they were, with no tile moved, keeps his facts: pruning them again changes nothing.
    """
    w._tidy = True
    if not any(w.vague):
        return
    old = zones(before)
    same_places = before.slots is w.slots and before.loot is w.loot and before.discard is w.discard
    if same_places:
        w._zones = new = old
        moved = []
    else:
        new, changed = _moved_zones(before, w, old)
        w._zones = new
        moved = [(x, old[x], new[x]) for x in changed if old[x] != new[x]]
    tidy = getattr(before, "_tidy", False)
    for p in range(w.game.players):
        facts = w.vague[p]
        if not facts or (tidy and not moved and facts is before.vague[p] and w.known[p] is before.known[p]):
            continue
        revised = []
        for t, zones_ in facts:
            z = set(zones_)
            gone = False
            for x, a, b in moved:
                if a not in zones_ or x in before.known[p]:
                    continue
                if x in w.known[p]:
                    gone = gone or (x != t and w.kinds[x] == w.kinds[t])
                else:
                    z.add(b)
            if not gone:
                revised.append((t, z))
        w.vague = _set(w.vague, p, _prune(w, p, revised))


def _prune(w, p: int, facts) -> tuple:
    """Drop the zones of each fact where `p` has no unidentified tile left to put it.

    A fact left with no zone could only come from a hand-made position that was already
    wrong; it is dropped rather than kept false.
    """
    known = w.known[p]
    named: set[str] = set()
    for _, z in facts:
        named.update(z)
    open_zones = {zone for zone in named if _hides_unknown(w, zone, known)}   # only the zones facts name
    out = []
    for t, z in facts:
        z = tuple(sorted(z & open_zones))
        if z:
            out.append((t, z))
    return tuple(sorted(out))


def _hides_unknown(w, zone: str, known: frozenset[int]) -> bool:
    """Does `zone` hold a tile outside `known` (the zones of `_zones_of`; any other name holds none)?"""
    where = PLACES.get(zone)
    if where is None:
        return False
    shelf, i = where
    if shelf == "I":
        return any(t >= 0 and t not in known for t in w.slots[i])
    if shelf == "P":
        return i < len(w.loot) and any(t not in known for t in w.loot[i])
    return any(t not in known for t in w.discard)
