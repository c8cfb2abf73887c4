"""Walking our adapter's Liar's Dice (``python_liars_dice``, single round) beside OpenSpiel's C++
``liars_dice`` node by node, under the documented action mapping (spaces.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pyspiel

import explorer.adapters.openspiel  # noqa: F401  (registers python_liars_dice)
from explorer.adapters.common import ids
from explorer.games.liars_dice.spaces import openspiel_action, openspiel_outcome


def games(dice: int, sides: int, bidding: str = "reset-face"):
    ours = pyspiel.load_game("python_liars_dice", {"players": 2, "single_round": True, "dice": dice, "sides": sides,
                                                   "bidding": bidding, "returns": "score_difference"})
    theirs = pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice, "dice_sides": sides,
                                              "bidding_rule": bidding})
    return ours, theirs


@dataclass
class Walk:
    """What a lockstep walk saw: histories, information states per player (at their decisions),
    our information state -> theirs (must be a bijection), and the Gambit text of our tree."""

    histories: int = 0
    infostates: tuple[dict, dict] = field(default_factory=lambda: ({}, {}))
    theirs: tuple[set, set] = field(default_factory=lambda: (set(), set()))
    lines: list = field(default_factory=list)
    terminals: int = 0
    chance_nodes: int = 0


def translate(ours_state, chance: bool):
    """Our adapter's ids at this node, each with OpenSpiel's id (the documented mapping)."""
    model = ours_state.model
    table = ids(model.game)
    if chance:
        return [(i, openspiel_outcome(table.outcomes[i]), p) for i, p in ours_state.chance_outcomes()]
    return [(i, openspiel_action(model.game, table.actions[i]), None) for i in ours_state.legal_actions()]


def step_check(walk: Walk, ours, theirs, depth: int, efg: bool) -> list:
    """Check one node pair; return the children pairs to visit."""
    walk.histories += 1
    pad = " " * depth
    assert ours.is_terminal() == theirs.is_terminal()
    if ours.is_terminal():
        assert ours.returns() == theirs.returns(), (str(theirs), ours.returns(), theirs.returns())
        walk.terminals += 1
        if efg:
            walk.lines.append(f'{pad}t "" {walk.terminals} "" {{ {" ".join(map(str, ours.returns()))} }}')
        return []
    assert ours.is_chance_node() == theirs.is_chance_node()
    chance = ours.is_chance_node()
    pairs = translate(ours, chance)
    if chance:
        assert sorted((j, p) for _, j, p in pairs) == sorted(theirs.chance_outcomes())
        walk.chance_nodes += 1
        if efg:
            names = " ".join(f'"{ours.action_to_string(pyspiel.PlayerId.CHANCE, i)}" {p:.16f}' for i, _, p in pairs)
            walk.lines.append(f'{pad}c "" {walk.chance_nodes} "" {{ {names}  }} 0')
    else:
        player = ours.current_player()
        assert player == theirs.current_player()
        assert sorted(j for _, j, _ in pairs) == theirs.legal_actions()
        mine, other = ours.information_state_string(player), theirs.information_state_string(player)
        table = walk.infostates[player]
        number = table.setdefault(mine, (len(table) + 1, other))
        assert number[1] == other, "one of our information states is two of OpenSpiel's"
        walk.theirs[player].add(other)
        if efg:
            names = " ".join(f'"{ours.action_to_string(player, i)}"' for i, _, _ in pairs)
            walk.lines.append(f'{pad}p "" {player + 1} {number[0]} "" {{ {names}  }} 0')
    return [(ours.child(i), theirs.child(j)) for i, j, _ in pairs]


def walk_all(ours_game, theirs_game, efg: bool = False) -> Walk:
    """Every history of both games, depth first in our adapter's action order (as Gambit writes it)."""
    walk = Walk()
    stack = [(ours_game.new_initial_state(), theirs_game.new_initial_state(), 0)]
    while stack:
        ours, theirs, depth = stack.pop()
        children = step_check(walk, ours, theirs, depth, efg)
        stack.extend((a, b, depth + 1) for a, b in reversed(children))
    return walk


def efg_text(game, walk: Walk) -> str:
    players = " ".join(f'"Pl{i}"' for i in range(game.num_players()))
    return f'EFG 2 R "{game}" {{ {players} }} \n' + "".join(line + "\n" for line in walk.lines)


def walk_sampled(ours_game, theirs_game, deals: int, seed: int) -> Walk:
    """Every node of `deals` random deals' bid trees is too many for 2 dice of 4 sides: here each
    deal is followed by random bid sequences, every node on the way checked."""
    rng = random.Random(seed)
    walk = Walk()
    for _ in range(deals):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while True:
            children = step_check(walk, ours, theirs, 0, False)
            if not children:
                break
            ours, theirs = children[rng.randrange(len(children))]
    return walk


@dataclass
class DealWalk:
    """What a whole-tree walk split over the deals saw: histories, terminals and chance nodes,
    and per player our information state -> OpenSpiel's, checked one to one."""

    histories: int = 0
    terminals: int = 0
    chance_nodes: int = 0
    infostates: tuple[dict, dict] = field(default_factory=lambda: ({}, {}))

    def merge(self, other: DealWalk) -> None:
        """Add another walk's counts; an information state seen by both must map alike."""
        self.histories += other.histories
        self.terminals += other.terminals
        self.chance_nodes += other.chance_nodes
        for mine, more in zip(self.infostates, other.infostates, strict=True):
            for key, theirs in more.items():
                assert mine.setdefault(key, theirs) == theirs, "one of our information states is two of OpenSpiel's"

    def counts(self) -> list[int]:
        """Information states per player, after checking that no two of ours are one of OpenSpiel's."""
        for table in self.infostates:
            assert len(set(table.values())) == len(table), "two of our information states are one of OpenSpiel's"
        return [len(table) for table in self.infostates]


def _walk_deals(task: tuple) -> DealWalk:
    """Every history below the given deals (numbered paths of (our id, OpenSpiel id) chance
    outcomes), in lockstep, every node checked as `step_check` does (a fresh pair of games: this
    runs in a worker). With a folder, each deal's subtree is also written there in Gambit's format
    (preorder, our action order), information sets numbered in the order this walk first met them."""
    dice, sides, bidding, deals, folder = task
    ours_game, theirs_game = games(dice, sides, bidding)
    table = ids(ours_game.model)
    mapping = {i: openspiel_action(ours_game.model, a) for i, a in enumerate(table.actions)}
    labels: dict[int, str] = {}
    numbers: tuple[dict, dict] = ({}, {})
    walk = DealWalk()
    for number, path in deals:
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        for i, j in path:
            ours, theirs = ours.child(i), theirs.child(j)
        lines: list[str] = []
        stack = [(ours, theirs)]
        while stack:
            ours, theirs = stack.pop()
            walk.histories += 1
            assert ours.is_terminal() == theirs.is_terminal()
            if ours.is_terminal():
                returns = ours.returns()
                assert returns == theirs.returns(), (str(theirs), returns, theirs.returns())
                walk.terminals += 1
                if folder:
                    lines.append(f't "" 1 "" {{ {" ".join(map(str, returns))} }}\n')
                continue
            assert not ours.is_chance_node() and not theirs.is_chance_node(), "a chance node after the deal"
            player = ours.current_player()
            assert player == theirs.current_player()
            legal = ours.legal_actions()
            assert sorted(mapping[i] for i in legal) == theirs.legal_actions()
            mine, other = ours.information_state_string(player), theirs.information_state_string(player)
            assert walk.infostates[player].setdefault(mine, other) == other, \
                "one of our information states is two of OpenSpiel's"
            if folder:
                infoset = numbers[player].setdefault(mine, len(numbers[player]) + 1)
                names = " ".join(labels.setdefault(i, f'"{ours.action_to_string(player, i)}"') for i in legal)
                lines.append(f'p "" {player + 1} {infoset} "" {{ {names} }} 0\n')
            stack.extend((ours.child(i), theirs.child(mapping[i])) for i in reversed(legal))
        if folder:
            (folder / f"deal-{number}.part").write_text("".join(lines), encoding="ascii")
    return walk


def write_efg(path: Path, folder: Path, chance: list, parts: list[DealWalk], processes: int) -> None:
    """The whole tree in Gambit's format: the chance lines and each deal's part in preorder, each
    worker's information set numbers made one number per information state (deal k was walked by
    worker k % processes, which numbered its information sets in the order of its table)."""
    number: tuple[dict, dict] = ({}, {})
    renumber = [[{n: number[player].setdefault(mine, len(number[player]) + 1)
                  for n, mine in enumerate(infostates, 1)} for player, infostates in enumerate(part.infostates)]
                for part in parts]
    with path.open("w", encoding="ascii") as out:
        out.write('EFG 2 R "python_liars_dice" { "Pl0" "Pl1" }\n')
        for kind, item in chance:
            if kind == "line":
                out.write(item)
                continue
            table = renumber[item % processes]
            part = folder / f"deal-{item}.part"
            with part.open(encoding="ascii") as lines:
                for line in lines:
                    if line[0] == "p":                      # p "" <player> <infoset> ...
                        infoset, rest = line[7:].split(" ", 1)
                        line = f'p "" {line[5]} {table[int(line[5]) - 1][int(infoset)]} {rest}'
                    out.write(line)
            part.unlink()


def walk_all_deals(dice: int, sides: int, bidding: str, processes: int = 2,
                   only: set[tuple[int, ...]] | None = None, efg: Path | None = None) -> DealWalk:
    """Every history of both games: the chance nodes of the deal here (their outcomes and
    probabilities checked), then each complete deal's bid tree in lockstep, the deals shared out
    round-robin over `processes` worker processes; with `only` (deals as OpenSpiel's chance ids
    in the order rolled), every chance node but only those deals' bid trees. With `efg`, our whole
    tree is written to that file in Gambit's format on the way."""
    import multiprocessing

    ours_game, theirs_game = games(dice, sides, bidding)
    walk, paths, chance = DealWalk(), [], []
    stack = [(ours_game.new_initial_state(), theirs_game.new_initial_state(), ())]
    while stack:
        ours, theirs, path = stack.pop()
        if not ours.is_chance_node():
            assert not theirs.is_chance_node()
            if only is None or tuple(j for _, j in path) in only:
                chance.append(("deal", len(paths)))
                paths.append(path)
            continue
        walk.histories += 1
        walk.chance_nodes += 1
        assert theirs.is_chance_node()
        pairs = translate(ours, chance=True)
        assert sorted((j, p) for _, j, p in pairs) == sorted(theirs.chance_outcomes())
        if efg:
            names = " ".join(f'"{ours.action_to_string(pyspiel.PlayerId.CHANCE, i)}" {p:.16f}' for i, _, p in pairs)
            chance.append(("line", f'c "" {walk.chance_nodes} "" {{ {names} }} 0\n'))
        stack.extend((ours.child(i), theirs.child(j), (*path, (i, j))) for i, j, _ in reversed(pairs))
    folder = efg.parent if efg else None
    numbered = list(enumerate(paths))
    tasks = [(dice, sides, bidding, numbered[k::processes], folder) for k in range(processes)]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.map(_walk_deals, tasks)
    if efg:
        write_efg(efg, folder, chance, parts, processes)
    for part in parts:
        walk.merge(part)
    return walk


def cfr_solver(game, iterations: int):
    """OpenSpiel's C++ CFR run for `iterations`. Its average policy reads the solver's tables, so
    the caller keeps the solver while it uses that policy."""
    solver = pyspiel.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return solver


def first_player_value(game, policy) -> float:
    """The first player's expected return when both play `policy` (OpenSpiel's `expected_returns`)."""
    return pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
