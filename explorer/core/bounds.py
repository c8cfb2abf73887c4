"""Size limits of every public reader, each breach one `PositionError` naming the field and why.

Python refuses some inputs with errors of its own: ``int("²")`` (a digit to `str.isdigit`, not to
`int`), an integer of more than 4,300 digits, JSON or TOML nested deeper than its recursion limit.
A reader checks these here first, so a link, a file or the editor gets a message in words, never a
`ValueError`, a `RecursionError` or a hang.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from typing import Any

from explorer.core.errors import PositionError

MAX_DIGITS = 30              # a count, a round or a seed: no game needs more
MAX_POSITION_TEXT = 100_000  # characters of a position in a game's notation (a full one is ~2,000)
MAX_ACTION_TEXT = 500        # characters of one move's notation
MAX_LINE_MOVES = 20_000      # moves of a link's line
MAX_FILE = 20_000_000        # characters of an analysis or lesson file (a 2,000-move game is ~1 MB)
MAX_DEPTH = 200              # nesting of JSON or TOML data (a saved tree nests ~5 per variation level)
LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1},}}")
PREVIEW = 40                 # characters of a bad input repeated in its message


def preview(text: str) -> str:
    """`text` quoted for a message, cut to `PREVIEW` characters (a 5,000-digit input is not echoed)."""
    return repr(text) if len(text) <= PREVIEW else repr(text[:PREVIEW]) + f"… ({len(text):,} characters)"


def is_number(text: str) -> bool:
    """True for a whole number in ASCII digits that `int()` reads (not '²', '٣', nor 5,000 digits)."""
    return text.isascii() and text.isdecimal() and len(text) <= MAX_DIGITS


def read_number(text: str, field: str, what: str = "a whole number") -> int:
    """`text` as a non-negative int; `PositionError(field)` saying why it is not one."""
    text = text.strip()
    if text.isascii() and text.isdecimal() and len(text) > MAX_DIGITS:
        raise PositionError(field, f"{preview(text)} has {len(text):,} digits; {what} has at most {MAX_DIGITS}")
    if not is_number(text):
        raise PositionError(field, f"{preview(text)} is not {what} (digits 0-9)")
    return int(text)


def check_numbers(text: str, field: str) -> None:
    """No number in `text` longer than `MAX_DIGITS`: the line and its key named, so the editor marks
    it and the message does not repeat 5,000 digits."""
    found = LONG_NUMBER.search(text)
    if found is None:
        return
    start = text.rfind("\n", 0, found.start()) + 1
    number = text.count("\n", 0, found.start()) + 1
    key, colon, _ = text[start:found.start()].partition(":")
    where = key.strip() if colon and key.strip() else field
    prefix = f"line {number}: " if "\n" in text or colon else ""
    raise PositionError(where, f"{prefix}a number of {len(found.group()):,} digits; at most {MAX_DIGITS}")


def check_text(text: Any, field: str, limit: int, what: str = "text") -> str:
    """`text` if it is a `str` of at most `limit` characters."""
    if not isinstance(text, str):
        raise PositionError(field, f"must be {what}, not {type(text).__name__}")
    if len(text) > limit:
        raise PositionError(field, f"{what} of {len(text):,} characters; at most {limit:,}")
    return text


def nesting(text: str) -> int:
    """The deepest bracket nesting of JSON or TOML text, strings skipped (a cheap scan that
    runs before the parser, whose recursion would otherwise be the limit)."""
    depth = deepest = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def check_depth(text: str, field: str, limit: int = MAX_DEPTH) -> None:
    deepest = nesting(text)
    if deepest > limit:
        raise PositionError(field, f"nested {deepest:,} levels deep; at most {limit}")


def read_json(text: Any, field: str = "(json)", limit: int = MAX_FILE) -> Any:
    """JSON text as data, bounded in size and depth; every mistake a `PositionError(field)`.

    Numbers of more than `MAX_DIGITS` digits are refused (Python's own limit is a `ValueError`)."""
    text = check_text(text, field, limit, "JSON text")
    check_depth(text, field)
    try:
        return json.loads(text, parse_int=lambda t: _json_int(t, field),
                          parse_constant=lambda name: _json_constant(name, field))
    except json.JSONDecodeError as err:
        raise PositionError(field, f"not valid JSON: {err}") from None
    except RecursionError:   # the scan above counts brackets; a parser may still recurse deeper
        raise PositionError(field, "nested too deeply") from None


def _json_int(text: str, field: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise PositionError(field, f"a number of {len(digits):,} digits; at most {MAX_DIGITS}")
    return int(text)


def _json_constant(name: str, field: str) -> Any:
    raise PositionError(field, f"{name} is not a JSON number")


def read_toml(text: Any, field: str = "(toml)", limit: int = MAX_FILE) -> dict[str, Any]:
    """TOML text as data, bounded like `read_json`; a syntax error is the caller's to word."""
    text = check_text(text, field, limit, "TOML text")
    check_depth(text, field)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise PositionError(field, "nested too deeply") from None
    except ValueError as err:   # tomllib reads integers with int(): 5,000 digits is its ValueError
        if isinstance(err, tomllib.TOMLDecodeError):
            raise
        raise PositionError(field, f"a value TOML cannot read: {err}") from None


def bounded_reader(method: Any, field: str, limit: int, what: str) -> Any:
    """`method(self, text)` refusing text over `limit` characters first, and turning a parser's
    `RecursionError` into a `PositionError(field)`: the public readers every game inherits."""
    if getattr(method, "bounded", False):
        return method

    @functools.wraps(method)
    def read(self: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str):
            if len(text) > limit:
                raise PositionError(field, f"{what} of {len(text):,} characters; at most {limit:,}")
            check_numbers(text, field)
        try:
            return method(self, text, *args, **kwargs)
        except RecursionError:
            raise PositionError(field, "nested too deeply") from None

    read.bounded = True   # type: ignore[attr-defined]
    return read


# The public readers of `explorer.core.game.Game` and the bound on each one's text.
READERS = (("position", "(notation)", MAX_POSITION_TEXT, "a position"),
           ("parse_action", "action", MAX_ACTION_TEXT, "a move's notation"),
           ("state_from_dict", "(root)", MAX_FILE, "position data"))
