"""What each pirate knows (the digest's Hidden information, H1-H12), kept with perfect memory.

Per player: ``known`` (tokens whose kind and place he can follow exactly) and ``vague``
(token, zones): a kind he saw that is now somewhere in one of the zones (an island
``I5`` after Perdidos, or a loot pile ``P2`` / the discard ``D`` after a blind move).
When a pirate sees a tile of a kind he holds a vague fact about in the same zone, the
vague fact is dropped: he cannot tell the tiles apart, and keeping it could leak.
"""

from __future__ import annotations


def locate(s, token: int) -> tuple[str, str]:
    """(zone, exact place) of a token: ("I3", "I3.b"), ("P2", "P2") or ("D", "D")."""
    for j, row in enumerate(s.slots):
        if token in row:
            return f"I{j + 1}", f"I{j + 1}.{'abcde'[row.index(token)]}"
    for p, pile in enumerate(s.loot):
        if token in pile:
            return f"P{p}", f"P{p}"
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
