"""Liar's Dice's single round (V1) at two dice each of 4 sides, whole, against OpenSpiel's C++
``liars_dice``: too long for the test suite (about an hour on two cores), so a run whose figures
go in the notes.

1. Every history of both games walked in lockstep through our OpenSpiel adapter
   (``python_liars_dice``) and OpenSpiel's C++ game, on two processes split over the deals: legal
   actions under the documented mapping, chance probabilities, returns on every terminal history,
   and our information states one to one with OpenSpiel's. Histories and information states are
   counted, not derived.
2. Our tree written in Gambit's format on the way and read by OpenSpiel's ``efg_game``; then
   OpenSpiel's C++ CFR on both games for a fixed number of iterations, and the first player's value
   of each average policy (``expected_returns``).

OpenSpiel's exploitability and NashConv are not run here: its best response keeps a tree of every
history, about 47 GB at this size, beyond this machine. The suite runs them on two dice of 3 sides
(``tests/games/liars_dice/test_liars_dice_openspiel_full.py``).

    python benchmarks/liars_dice_peer.py [--bidding reset-face] [--iterations 3] [--dir /tmp/peer]
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import pyspiel  # noqa: E402
from games.liars_dice.spiel_support import games, translate  # noqa: E402

from explorer.adapters.common import ids  # noqa: E402
from explorer.games.liars_dice.spaces import openspiel_action  # noqa: E402


def walk_deals(task: tuple) -> dict:
    """Every history below the given deals in lockstep, each deal's subtree written in Gambit's
    format (preorder, our action order) to its own file, information sets numbered locally."""
    dice, sides, bidding, worker, deals, folder = task
    ours_game, theirs_game = games(dice, sides, bidding)
    table = ids(ours_game.model)
    mapping = {i: openspiel_action(ours_game.model, a) for i, a in enumerate(table.actions)}
    names: dict[int, str] = {}
    local: list[dict[str, tuple[int, str]]] = [{}, {}]
    histories = terminals = 0
    for number, path in deals:
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        for i, j in path:
            ours, theirs = ours.child(i), theirs.child(j)
        lines = []
        stack = [(ours, theirs)]
        while stack:
            ours, theirs = stack.pop()
            histories += 1
            assert ours.is_terminal() == theirs.is_terminal()
            if ours.is_terminal():
                returns = ours.returns()
                assert returns == theirs.returns(), (str(theirs), returns, theirs.returns())
                terminals += 1
                lines.append(f't "" 1 "" {{ {returns[0]} {returns[1]} }}\n')
                continue
            assert not ours.is_chance_node() and not theirs.is_chance_node(), "a chance node after the deal"
            player = ours.current_player()
            assert player == theirs.current_player()
            legal = ours.legal_actions()
            assert sorted(mapping[i] for i in legal) == theirs.legal_actions()
            mine, other = ours.information_state_string(player), theirs.information_state_string(player)
            entry = local[player].setdefault(mine, (len(local[player]) + 1, other))
            assert entry[1] == other, "one of our information states is two of OpenSpiel's"
            labels = " ".join(names.setdefault(i, f'"{ours.action_to_string(player, i)}"') for i in legal)
            lines.append(f'p "" {player + 1} {entry[0]} "" {{ {labels} }} 0\n')
            stack.extend((ours.child(i), theirs.child(mapping[i])) for i in reversed(legal))
        (folder / f"deal-{number}.part").write_text("".join(lines), encoding="ascii")
    return {"worker": worker, "histories": histories, "terminals": terminals,
            "infosets": [{mine: (n, other) for mine, (n, other) in t.items()} for t in local]}


def chance_tree(dice: int, sides: int, bidding: str) -> tuple[list, list]:
    """The deal's chance nodes in preorder, checked against OpenSpiel's: Gambit lines with a
    marker where each complete deal's subtree goes, and the deals as paths of chance ids."""
    ours_game, theirs_game = games(dice, sides, bidding)
    items, deals = [], []
    stack = [(ours_game.new_initial_state(), theirs_game.new_initial_state(), ())]
    while stack:
        ours, theirs, path = stack.pop()
        if not ours.is_chance_node():
            assert not theirs.is_chance_node()
            items.append(("deal", len(deals)))
            deals.append(path)
            continue
        assert theirs.is_chance_node()
        pairs = translate(ours, chance=True)
        assert sorted((j, p) for _, j, p in pairs) == sorted(theirs.chance_outcomes())
        labels = " ".join(f'"{ours.action_to_string(pyspiel.PlayerId.CHANCE, i)}" {p:.16f}' for i, _, p in pairs)
        items.append(("line", f'c "" {len(items) + 1} "" {{ {labels} }} 0\n'))
        stack.extend((ours.child(i), theirs.child(j), (*path, (i, j))) for i, j, _ in reversed(pairs))
    return items, deals


def write_efg(path: Path, folder: Path, items: list, owner: dict, parts: list) -> list[int]:
    """The whole tree in Gambit's format: chance lines and each deal's file in preorder, each
    worker's local information set numbers made global (one number per information state)."""
    number: list[dict[str, int]] = [{}, {}]
    renumber = {}
    for part in parts:
        table = []
        for player, infosets in enumerate(part["infosets"]):
            local = {n: number[player].setdefault(mine, len(number[player]) + 1) for mine, (n, _) in infosets.items()}
            table.append(local)
        renumber[part["worker"]] = table
    with path.open("w", encoding="ascii") as out:
        out.write('EFG 2 R "python_liars_dice" { "Pl0" "Pl1" }\n')
        for kind, item in items:
            if kind == "line":
                out.write(item)
                continue
            table = renumber[owner[item]]
            deal = folder / f"deal-{item}.part"
            with deal.open(encoding="ascii") as lines:
                for line in lines:
                    if line[0] == "p":
                        head, rest = line[7:].split(" ", 1)
                        player = int(line[5]) - 1
                        line = f'p "" {line[5]} {table[player][int(head)]} {rest}'
                    out.write(line)
            deal.unlink()
    return [len(t) for t in number]


def cfr_value(game, iterations: int) -> float:
    """OpenSpiel's C++ CFR for `iterations`, then the first player's value of the average policy."""
    solver = pyspiel.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return pyspiel.expected_returns(game.new_initial_state(), solver.average_policy(), -1, True)[0]


def peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2 ** 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bidding", default="reset-face", choices=["reset-face", "reset-quantity"])
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--dice", type=int, default=2)
    parser.add_argument("--sides", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/liars_dice_peer"))
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    items, deals = chance_tree(args.dice, args.sides, args.bidding)
    chance_nodes = sum(kind == "line" for kind, _ in items)
    owner = {k: k % args.processes for k in range(len(deals))}
    tasks = [(args.dice, args.sides, args.bidding, w,
              [(k, deals[k]) for k in range(w, len(deals), args.processes)], args.dir) for w in range(args.processes)]
    with multiprocessing.get_context("fork").Pool(args.processes) as pool:
        parts = pool.map(walk_deals, tasks)
    histories = chance_nodes + sum(p["histories"] for p in parts)
    terminals = sum(p["terminals"] for p in parts)
    theirs: list[dict[str, str]] = [{}, {}]
    for part in parts:
        for player, infosets in enumerate(part["infosets"]):
            for mine, (_, other) in infosets.items():
                assert theirs[player].setdefault(mine, other) == other, "one of our information states is two of theirs"
    for table in theirs:
        assert len(set(table.values())) == len(table), "two of our information states are one of OpenSpiel's"
    walked = time.perf_counter()
    print(f"bidding {args.bidding}: {len(deals)} deals, lockstep walk on {args.processes} processes "
          f"{walked - start:.0f} s")
    print(f"  histories {histories:,} (chance nodes {chance_nodes}, terminals {terminals:,})")
    print(f"  information states per player, ours = OpenSpiel's one to one: {[len(t) for t in theirs]}")
    efg_path = args.dir / f"liars_dice_{args.dice}d{args.sides}_{args.bidding}.efg"
    counts = write_efg(efg_path, args.dir, items, owner, parts)
    assert counts == [len(t) for t in theirs]
    del parts, theirs
    written = time.perf_counter()
    print(f"  Gambit file {efg_path.stat().st_size / 2 ** 30:.2f} GiB, information sets {counts}, "
          f"written in {written - walked:.0f} s")
    _, reference = games(args.dice, args.sides, args.bidding)
    theirs_value = cfr_value(reference, args.iterations)
    cpp = time.perf_counter()
    print(f"  OpenSpiel's liars_dice: CFR x{args.iterations}, Player 1's value {theirs_value!r} "
          f"({cpp - written:.0f} s)")
    efg = pyspiel.load_game("efg_game", {"filename": str(efg_path)})
    loaded = time.perf_counter()
    print(f"  our tree read by efg_game in {loaded - cpp:.0f} s, peak memory {peak_gb():.1f} GiB")
    ours_value = cfr_value(efg, args.iterations)
    print(f"  our tree: CFR x{args.iterations}, Player 1's value {ours_value!r} "
          f"({time.perf_counter() - loaded:.0f} s)")
    difference = abs(ours_value - theirs_value)
    print(f"  difference {difference:.3e}: {'agree' if difference < 1e-9 else 'DISAGREE'} within 1e-9; "
          f"peak memory {peak_gb():.1f} GiB; total {time.perf_counter() - start:.0f} s")
    efg_path.unlink()
    if difference >= 1e-9:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
