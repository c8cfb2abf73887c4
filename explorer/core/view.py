"""`View`: a player's knowledge as plain JSON data that also renders in a notebook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class View(dict):
    """A dict of JSON data (what one player may know) with an SVG rendering.

    It serialises like any dict; `_repr_svg_` draws exactly what the data holds, so a
    player's view can never show what that player may not see.
    """

    __slots__ = ("_render",)

    def __init__(self, data: dict[str, Any], render: Callable[[dict], str]) -> None:
        super().__init__(data)
        self._render = render

    def _repr_svg_(self) -> str:
        return self._render(self)
