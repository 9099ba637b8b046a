"""The game store (core/store.py) against issue 22's targets.

    python benchmarks/bench_store.py [--kills N]

* 200 SIGKILLs at random moments of a player that stores every move (the suite's kill
  test, tests/test_store_processes.py, run ten times as long): no move it was told was
  stored may be missing, and the store must open after every kill;
* what one move costs the window (``Games.save`` after a move, on the GUI thread in
  the app): within the issue's "committed when it is made (or within 100 ms)", and small
  enough not to be felt;
* opening a game of 50,000 moves (read and replayed; the window does this on its pool).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from harness import Sample, Table, measure

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_store_processes import kill_rounds  # noqa: E402 - the suite's kill rounds, run longer

from puzzlegui.core import files  # noqa: E402
from puzzlegui.core.games import Games  # noqa: E402


def move_costs(folder: Path, moves: int = 2000) -> list[float]:
    session = Games(folder)
    game = session.open(files.load_builtin("twiddle-4x4"))
    costs = []
    for i in range(moves):
        if i % 9 == 8:
            game.history.undo()  # a move after an undo replaces the redo tail
        game.history.push(("turn", i % 3, (i // 3) % 3, "cw"))
        start = time.perf_counter()
        session.save()
        costs.append(time.perf_counter() - start)
    session.close()
    return costs


def long_game(folder: Path) -> str:
    session = Games(folder)
    game = session.open(files.load_builtin("mystery-box"))
    for i in range(50_000):
        game.history.push(("turn", i % 2, (i // 2) % 2, "cw"))
    session.save()
    session.close()
    return game.key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    args = parser.parse_args()
    table = Table("Game store (issue 22)")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        played = kill_rounds(Path(tmp) / "kills", rounds=args.kills, seed=22)
        took = time.perf_counter() - start
        table.text_row(
            f"SIGKILL at random moments: rounds with a told move missing ({args.kills} kills, "
            f"{played} steps, {took:.0f} s)", "0", "0", True, runs=args.kills,
        )
        costs = sorted(move_costs(Path(tmp) / "moves"))
        table.row("store one move (Games.save), median / worst of 2,000", Sample.of(costs), target=0.1)
        p99 = costs[int(len(costs) * 0.99)]
        table.row("store one move, 99th percentile", Sample.of([p99]), target=0.01)
        key = long_game(Path(tmp) / "long")
        sample = measure(lambda: Games(Path(tmp) / "long").read_game(key), runs=3)
        table.row("read and replay a 50,000-move game (off the GUI thread)", sample, target=2.0)
    return table.finish()


if __name__ == "__main__":
    sys.exit(main())
