"""The words of the short notation: seats, tiles, island tiles, characters and pending steps.

`position_text` reads and writes whole positions with these. A loot tile is written as what
it is and who can follow it (``gold``, ``gold seen by P1 P3``, ``unseen``, ``rum remembered by
P2 in I4 I5``), never by a token number; a pending step is written in public words with its
seats, places and tiles (``turn (P2)``, ``Gambler: keep it or take another (P1, P3, P3 gold #2)``).
"""

from __future__ import annotations

from collections.abc import Callable

from explorer.core.bounds import is_number

from ..data import CHARACTERS, EVENT_NAMES, ISLAND_TILES, KINDS, RANK
from ..model import island_name, parse_island, parse_seat, parse_slot, seat, slot_name
from ..turn.tasks import ARGS, BY_PHRASE, STEPS, phrase

UNSEEN = "unseen"
PROSTHETIC_NAMES = {"peg": "peg leg", "hook": "hook"}
PROSTHETIC_READ = {"peg leg": "peg", "peg": "peg", "hook": "hook"}


class Bad(ValueError):
    """A malformed value; the reader turns it into a `PositionError` naming its line."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def seats_text(players) -> str:
    """Seats in the order given (sets: sort them first), ``nobody`` for none."""
    return " ".join(seat(p) for p in players) or "nobody"


def read_seat(text: str, n: int) -> int:
    try:
        p = parse_seat(text.strip())
    except ValueError:
        raise Bad(f"{text.strip()!r} is not a seat: write P1..P{n}") from None
    if p >= n:
        raise Bad(f"{text.strip()} is no seat of a {n}-player game (seats P1..P{n})")
    return p


def read_seats(text: str, n: int) -> tuple[int, ...]:
    text = text.strip()
    if text.lower() in ("", "nobody", "none"):
        return ()
    if text.lower() == "all":
        return tuple(range(n))
    return tuple(read_seat(w, n) for w in text.replace(",", " ").split())


# -- characters and island tiles ------------------------------------------------------------
def character_name(rank: int) -> str:
    return CHARACTERS[rank].name.replace("_", " ")


def read_character(text: str) -> int:
    name = text.strip().lower().replace(" ", "_")
    if name not in RANK:
        raise Bad(f"{text.strip()!r} is not a character; characters: "
                  f"{', '.join(character_name(r) for r in CHARACTERS)}", "K8")
    return RANK[name]


def face_name(tile_id: str) -> str:
    """An island tile as the table shows it: its event, or its colour and resource (D4)."""
    tile = ISLAND_TILES[tile_id]
    return EVENT_NAMES[tile.event] if tile.event else f"{tile.colour} {tile.resource}"


FACES = sorted({face_name(t) for t in ISLAND_TILES})


def read_face(text: str, taken: list[str]) -> str:
    """The first island tile with this face not yet `taken` (identical tiles are interchangeable)."""
    want = " ".join(text.lower().split())
    ids = [t for t in sorted(ISLAND_TILES) if face_name(t).lower() == want]
    if not ids:
        raise Bad(f"{text.strip()!r} is no island tile; tiles: {', '.join(FACES)}", "D4")
    free = [t for t in ids if t not in taken]
    if not free:
        raise Bad(f"there are only {len(ids)} {face_name(ids[0])} island tile(s)", "K9")
    taken.append(free[0])
    return free[0]


def event_name(event: str) -> str:
    return EVENT_NAMES[event] if event else "none"


def read_event(text: str) -> str:
    for event, name in EVENT_NAMES.items():
        if text.strip().lower() in (name.lower(), event or "none"):
            return event
    raise Bad(f"{text.strip()!r} is no event; events: {', '.join(n for n in EVENT_NAMES.values())}", "K9")


# -- loot tiles -------------------------------------------------------------------------------
def tile_text(s, t: int, default_knowers: frozenset[int]) -> str:
    """``gold``, ``gold seen by P1 P3``, ``unseen``, ``map seen by nobody remembered by P2 in I5``."""
    n = s.game.players
    kind = s.kinds[t] or UNSEEN
    knowers = frozenset(p for p in range(n) if t in s.known[p])
    text = kind
    if knowers != default_knowers:
        text += f" seen by {seats_text(sorted(knowers))}"
    memory = [(p, z) for p in range(n) for x, z in s.vague[p] if x == t]
    if memory:
        text += " remembered by " + " and ".join(f"{seat(p)} in {' '.join(z)}" for p, z in memory)
    return text


def read_tile(text: str, n: int, default_knowers: frozenset[int], zones: set[str]):
    """(kind, knowers, [(player, zones)]) from a tile's words; `zones` are the names a memory may use."""
    words = text.strip()
    memory: list[tuple[int, tuple[str, ...]]] = []
    if " remembered by " in words:
        words, _, rest = words.partition(" remembered by ")
        for part in rest.split(" and "):
            who, _, where = part.strip().partition(" in ")
            places = tuple(sorted(where.split()))
            if not places or any(z not in zones for z in places):
                raise Bad(f"{part.strip()!r}: a memory names a seat and the places it may be in "
                          f"(islands I1..I8, loot piles P1..P{n}, discard D)", "H2")
            memory.append((read_seat(who, n), places))
    kind, _, seen = words.partition(" seen by ")
    kind = kind.strip().lower()
    if kind not in (*KINDS, UNSEEN):
        raise Bad(f"{kind!r} is no loot tile; tiles: {', '.join(KINDS)} or {UNSEEN}", "K1")
    knowers = frozenset(read_seats(seen, n)) if seen else default_knowers
    if kind == UNSEEN and (knowers or memory):
        raise Bad(f"{text.strip()!r}: a tile somebody has seen or remembers has a kind", "H2")
    return ("" if kind == UNSEEN else kind), knowers, memory


def split_items(value: str) -> list[str]:
    return [part.strip() for part in value.split(",")] if value.strip() else []


# -- tile references inside pending steps -------------------------------------------------------
def pile_name(s, t: int) -> tuple[str, tuple[int, ...]]:
    """The words of a pile and its tokens: ("P2", loot) or ("discard", discard)."""
    for p, pile in enumerate(s.loot):
        if t in pile:
            return seat(p), pile
    return "discard", s.discard


def ref_text(s, t: int, signature: Callable[[int], tuple]) -> str:
    """A tile a pending step names: its slot, or its pile and words (``#k`` among identical ones)."""
    if t < 0:
        return "-"
    for j, row in enumerate(s.slots):
        if t in row:
            return slot_name(j, row.index(t))
    name, pile = pile_name(s, t)
    owner = {parse_seat(name)} if name != "discard" else set()
    words = tile_text(s, t, frozenset(owner))
    alike = sorted((x for x in pile if tile_text(s, x, frozenset(owner)) == words), key=signature)
    suffix = f" #{alike.index(t) + 1}" if len(alike) > 1 else ""
    return f"{name} {words}{suffix}"


# -- pending steps --------------------------------------------------------------------------------
def arg_text(kind: str, value, tile: Callable[[int], str]) -> str:
    kind = kind if kind == "count?" else kind.rstrip("?")
    if kind == "seat":
        return seat(value)
    if kind == "seats":
        return seats_text(value) if value else "nobody"
    if kind in ("count", "count?"):
        return str(value)
    if kind == "island":
        return island_name(value)
    if kind == "tile":
        return tile(value)
    if kind == "tiles":
        return " + ".join(tile(t) for t in value) or "none"
    if kind == "stakes":
        return " + ".join(f"{seat(q)} staked {tile(t)}" for q, t in value) or "none"
    if kind == "places":
        return " ".join(slot_name(j, i) for j, i in value)
    if kind == "word":
        return value or "-"
    raise AssertionError(kind)


def task_text(task: tuple, tile: Callable[[int], str]) -> str:
    kinds = ARGS.get(task[0], ())
    values = task[1:]
    shown = [arg_text(k, v, tile) for k, v in zip(kinds, values, strict=False) if k != "unit"]
    return phrase(task[0]) + (f" ({', '.join(shown)})" if shown else "")


def read_arg(kind: str, text: str, n: int, tile: Callable[[str], int]):
    text = text.strip()
    kind = kind if kind == "count?" else kind.rstrip("?")
    if kind == "seat":
        return read_seat(text, n)
    if kind == "seats":
        return read_seats(text, n)
    if kind in ("count", "count?"):
        if not is_number(text):
            raise Bad(f"{text!r} is not a count")
        return int(text)
    if kind == "island":
        try:
            return parse_island(text)
        except ValueError:
            raise Bad(f"{text!r} is not an island I1..I8") from None
    if kind == "tile":
        return -1 if text == "-" else tile(text)
    if kind == "tiles":
        return () if text == "none" else tuple(-1 if x.strip() == "-" else tile(x) for x in text.split(" + "))
    if kind == "stakes":
        out = []
        for part in ([] if text == "none" else text.split(" + ")):
            who, _, what = part.partition(" staked ")
            out.append((read_seat(who, n), tile(what)))
        return tuple(out)
    if kind == "places":
        try:
            return tuple(parse_slot(x) for x in text.split())
        except ValueError:
            raise Bad(f"{text!r}: places are island slots such as I5.a") from None
    if kind == "word":
        return "" if text == "-" else text
    raise AssertionError(kind)


def read_task(text: str, n: int, tile: Callable[[str], int]) -> tuple:
    """A pending step from its words: ``turn (P2)``, ``name the next player``."""
    head, _, rest = text.strip().partition(" (")
    name = BY_PHRASE.get(" ".join(head.lower().split()))
    if name is None:
        raise Bad(f"{head.strip()!r} is not a step of Pirate Rush; steps: "
                  f"{', '.join(p for p, _ in STEPS.values())}", "T0")
    kinds = [k for k in ARGS.get(name, ()) if k != "unit"]
    if rest and not rest.endswith(")"):
        raise Bad(f"{text.strip()!r}: the step's details go in brackets at the end")
    parts = [p for p in rest[:-1].split(", ")] if rest else []
    required = [k for k in kinds if not k.endswith("?")]
    if not len(required) <= len(parts) <= len(kinds):
        shown = ", ".join(k.rstrip("?") for k in kinds) or "nothing"
        raise Bad(f"{phrase_of(name)!r} takes {shown}, not {rest[:-1] or 'nothing'!r}", STEPS[name][1])
    values = [read_arg(k, v, n, tile) for k, v in zip(kinds, parts, strict=False)]
    if "unit" in ARGS.get(name, ()):
        values.append(())
    return (name, *values)


def phrase_of(name: str) -> str:
    return phrase(name)
