"""Events: what one step did, in plain English, with the rule IDs it applied."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `rules` are digest IDs such as ``("R9", "R11")``.

    `text` is public. Hidden details (the suit a player drew) go in `detail`, which
    only `visible_to` (and an all-seeing teacher) may read.
    """

    text: str
    rules: tuple[str, ...] = ()
    detail: str = ""
    visible_to: int | None = None

    def for_player(self, player: int | None) -> str:
        """The text as `player` may read it (None: everything)."""
        if self.detail and (player is None or player == self.visible_to):
            return f"{self.text} ({self.detail})"
        return self.text

    def __str__(self) -> str:
        cited = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.text}{cited}"

    def to_dict(self) -> dict:
        data: dict = {"text": self.text, "rules": list(self.rules)}
        if self.detail:
            data["detail"] = self.detail
            data["visible_to"] = self.visible_to
        return data
