"""The field checks every part of the position loader shares: one `PositionError` naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError

from ..data import parse_cell


def bad(field: str, reason: str):
    raise PositionError(field, reason)


def whole(value: Any, field: str, low: int = 0, high: int = 999, rule: str = "") -> int:
    why = f" ({rule})" if rule else ""
    if isinstance(value, bool) or not isinstance(value, int):
        bad(field, f"must be a whole number, not {value!r}{why}")
    if not low <= value <= high:
        bad(field, f"{value} is outside {low}..{high}{why}")
    return value


def a_list(value: Any, field: str) -> list:
    return value if isinstance(value, list) else bad(field, f"must be a list, not {type(value).__name__}")


def an_object(value: Any, field: str) -> Mapping:
    return value if isinstance(value, Mapping) else bad(field, f"must be an object, not {type(value).__name__}")


def ids(value: Any, field: str, table) -> tuple[str, ...]:
    items = a_list(value, field)
    for i, x in enumerate(items):
        if not isinstance(x, str) or x not in table:
            bad(f"{field}.{i}", f"{x!r} is not one of this game's components here")
    return tuple(items)


def a_cell(value: Any, field: str) -> int:
    try:
        return parse_cell(value)
    except (TypeError, ValueError, KeyError, AttributeError):
        return bad(field, f"{value!r} is not a board cell 'q,r' (D1)")


def known(data: Mapping, allowed, field: str) -> None:
    for key in data:
        if key not in allowed:
            bad(f"{field}{key}", f"unknown field; fields: {', '.join(allowed)}")

