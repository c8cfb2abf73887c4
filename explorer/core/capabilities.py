"""What every game writes (the core contract) and what a game may offer besides (capabilities).

The core is a dozen names: the rules, options and start (`Game`), and for a position whose turn
it is, what may be done, what chance may bring, the step, the end and its result, and what a
player sees (`State`). Everything else the explorer can use is an optional capability that a
game declares in `Game.CAPABILITIES`, each with its default in one place (the `Game` and
`State` base classes): callers ask ``game.can("hidden_worlds")`` instead of trying a method
and catching an exception. A capability a game does not declare raises `MissingCapability`
when called, naming it.

`tests/test_contract.py` counts the core (at most 15 names) and checks every registered game
declares exactly the capabilities it implements.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.errors import ExplorerError

CORE: dict[str, tuple[str, ...]] = {
    "Game": ("name", "title", "OPTIONS", "RULES", "new_state", "parse_action"),
    "State": ("player", "is_chance", "is_over", "legal_actions", "chance_outcomes", "_step", "winners",
              "view", "_key"),
}
"""The names every game defines: the set-up and its rules (name, title, options, rule texts), the
first position and the action notation read back (an action's notation is its ``str``); then
whose turn it is, a chance node or the end, the legal actions, the chance outcomes with exact
probabilities, the step, the ranking at the end, a player's view, and the position itself."""


@dataclass(frozen=True, slots=True)
class Capability:
    """One optional part of the contract: the names a game writes on `Game` and `State` to offer
    it, and what in the explorer it unlocks (for the guide and error messages). Some
    capabilities have refinements with their own defaults (`Game.world_key` beside
    `hidden_worlds`; `State.action_target` and `action_menu` beside `action_places`; `State.describe`
    beside `explain_illegal`)."""

    name: str
    game: tuple[str, ...]
    state: tuple[str, ...]
    unlocks: str


CAPABILITIES: dict[str, Capability] = {c.name: c for c in (
    Capability("explain", (), ("explain_illegal",),
               "errors that name the rule an action breaks, and actions in plain words in pickers and logs"),
    Capability("position_data", ("state_from_dict",), ("to_dict",),
               "saving, links, the position editor's JSON, replays and pickling (worker processes)"),
    Capability("position_text", ("position",), ("notation",),
               "the short position notation: the position editor, lessons' positions, the teacher's page"),
    Capability("hidden_worlds", ("hidden_worlds",), (),
               "a player's exact odds in the chance panel, exact verdicts from a player's seat"),
    Capability("sampling", ("sample_state",), (),
               "the search bot and rollouts from a player's view (fair play with hidden information)"),
    Capability("adapters", ("action_space", "chance_space", "max_decisions"), (),
               "the OpenSpiel and PettingZoo adapters"),
    Capability("policies", ("policies",), (),
               "named policies beyond uniform random (a rule of thumb), the evaluator of rollouts"),
    Capability("outlook", ("win_chances",), (),
               "an estimate of each seat's chance of winning, for a search that cuts rollouts short"),
    Capability("playout", ("playout",), (),
               "fast playouts for rollouts, verdicts and the search (the same games as stepping the model)"),
    Capability("board", (), ("action_places",),
               "moves made by clicking the board"),
    Capability("chance_groups", (), ("outcome_group", "stage_text"),
               "a chance panel that groups a large draw, and status lines that say what a position waits for"),
    Capability("search_settings", ("search_settings",), (),
               "search settings tuned for the game (budget, rollout policy, prior)"),
)}


class MissingCapability(ExplorerError, NotImplementedError):
    """A capability the game does not declare (`Game.CAPABILITIES`) was asked for."""

    def __init__(self, game: str, capability: str) -> None:
        self.capability = capability
        unlocks = CAPABILITIES[capability].unlocks if capability in CAPABILITIES else capability
        super().__init__(f"{game} does not offer {capability!r} ({unlocks})")


def check_declared(declared: frozenset[str]) -> None:
    """Refuse a capability name the contract does not know (a typo would silently hide a part)."""
    unknown = sorted(declared - set(CAPABILITIES))
    if unknown:
        raise TypeError(f"unknown capabilities {unknown}; known: {', '.join(CAPABILITIES)}")
