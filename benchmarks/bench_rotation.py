"""Speed of the rotation solver against the targets of its issue.

    python benchmarks/bench_rotation.py [exact] [tatham] [process] [optimal]

Prints a table: what | measured | target | ok.  Times are processor time of this
process (on a shared machine wall-clock time also counts other programs' turns), except
the optimal-search and new-process rows, which are wall-clock (what a user waits).
"""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from puzzlegui.core.solver import ALL, FIRST, run
from puzzlegui.kinds.rotation import KIND, tables
from puzzlegui.kinds.rotation.model import Config, RotationState, is_solved

IDS = Path(__file__).resolve().parents[1] / "tests" / "rotation" / "data" / "twiddle_ids.txt"
# ten fresh sgt-twiddle scrambles each of 4x4n2, 4x4n2o and 5x5n3 (saved: no sgt-puzzles needed)
OPTIMAL_IDS = IDS.parent / "twiddle_optimal_ids.txt"
ROOT = Path(__file__).resolve().parents[1]
rows: list[tuple[str, str, str, bool]] = []


def timed(fn):
    """The value of ``fn()`` and the processor time it took (the machine is shared, so
    wall-clock time would also count other programs' turns)."""
    t = time.process_time()
    value = fn()
    return value, time.process_time() - t


def most_shortest_paths(config: Config):
    """The position with the most shortest solutions, by counting paths level by level."""
    table = tables.get(config)
    cells = config.cells
    perms = np.array(list(itertools.permutations(range(1, cells + 1))), dtype=np.int8).T.copy()
    nxt = []
    legal = set(table.moves)
    for move, g, _cols, _q in table.forward:
        if move not in legal:
            continue
        nxt.append(table._rank_cols(np.ascontiguousarray(perms[g])))
    dist = table.dist.astype(np.int64)
    count = np.zeros(len(dist), dtype=np.float64)
    count[dist == 0] = 1
    for d in range(1, table.max_distance + 1):
        at = np.nonzero(dist == d)[0]
        total = np.zeros(len(at))
        for n in nxt:
            succ = n[at]
            total += np.where(dist[succ] == d - 1, count[succ], 0)
        count[at] = total
    best = int(np.argmax(count))
    return tuple(int(v) for v in perms[:, best]), int(count[best])


def bench_exact():
    for config, label in ((Config(3, 3, 2, cw_only=True), "clockwise only"), (Config(3, 3, 2), "both ways")):
        tables._tables.clear()
        _, took = timed(lambda: tables.get(config))
        rows.append((f"3x3 n=2 {label}: distance table (9! positions)", f"{took * 1000:.0f} ms", "< 1000 ms", took < 1.0))
        worst_tiles, paths = most_shortest_paths(config)
        candidates = [worst_tiles, (7, 6, 5, 8, 4, 9, 3, 2, 1)]
        rng = np.random.default_rng(1)
        for _ in range(300):
            candidates.append(tuple(int(v) for v in rng.permutation(9) + 1))
        slowest = 0.0
        for tiles in candidates:
            state = RotationState(config, tiles, (0,) * 9)
            took = float("inf")
            for _ in range(3):  # best of three: the machine is shared, noise only adds
                result, t = timed(lambda: run(KIND.solve(state), ALL, max_solutions=None))
                took = min(took, t)
            assert result.complete and result.count == result.solutions[0].shortest_count
            assert all(is_solved(_replay(state, s.moves)) for s in result.solutions[:3])
            slowest = max(slowest, took)
        rows.append(
            (
                f"3x3 n=2 {label}: every shortest solution, worst of {len(candidates)} positions "
                f"(incl. the one with the most: {paths:,}; best of 3 runs each)",
                f"{slowest * 1000:.1f} ms",
                "< 20 ms",
                slowest < 0.020,
            )
        )


def _replay(state, moves):
    for m in moves:
        state = KIND.apply(state, m)
    return state


def bench_tatham():
    from puzzlegui.kinds.rotation import solver as rsolver

    ids = [ln for ln in IDS.read_text().splitlines() if ln and not ln.startswith("#")]
    for prefix in ("4x4n2:", "4x4n2o:", "4x4n3:", "5x5n3:"):
        chosen = [g for g in ids if g.startswith(prefix)]
        slowest = 0.0
        lengths = []
        optimal = []
        for gid in chosen:
            state = KIND.parse_game_id(gid)
            # the quick answer (reduction; the hint's solver): the optimal search has its own rows
            result, took = timed(lambda: run(rsolver.solve(state), FIRST))
            sol = result.solutions[0]
            assert is_solved(_replay(state, sol.moves))
            lengths.append(len(sol.moves))
            optimal.append(sol.optimal)
            slowest = max(slowest, took)
        rows.append(
            (
                f"Twiddle {prefix[:-1]}: {len(chosen)} sgt-twiddle puzzles, quick answer, moves {lengths}"
                f"{' (proven optimal)' if all(optimal) else ''}",
                f"{slowest * 1000:.0f} ms",
                "< 2000 ms",
                slowest < 2.0,
            )
        )


def bench_optimal(limit: int | None = None):
    """Proven-shortest solutions of sgt-twiddle's own scrambles (first shortest sequence;
    each puzzle under a time limit so the table always finishes).  Wall-clock seconds:
    the databases are built (or loaded from the disk cache) first, outside the timing."""
    from puzzlegui.kinds.rotation import pdb, solver

    ids = [ln for ln in OPTIMAL_IDS.read_text().splitlines() if ln and not ln.startswith("#")]
    for prefix, target, cap in (("4x4n2:", 10.0, 60.0), ("5x5n3:", 20.0, 90.0), ("4x4n2o:", 10.0, 30.0)):
        chosen = [g for g in ids if g.startswith(prefix)][:limit]
        config = KIND.parse_game_id(chosen[0]).config
        t0 = time.perf_counter()
        for _ in solver._drive(pdb.lookups(config)):
            pass
        prep = time.perf_counter() - t0
        times, notes = [], []
        proven = 0
        for gid in chosen:
            state = KIND.parse_game_id(gid)
            texts = []
            t0 = time.perf_counter()
            result = run(KIND.solve(state), FIRST, time_limit=cap, on_step=lambda s: texts.append(s.text))
            took = time.perf_counter() - t0
            if result.solutions:
                sol = result.solutions[0]
                assert sol.optimal and is_solved(_replay(state, sol.moves))
                proven += 1
                notes.append(str(len(sol.moves)))
                times.append(took)
            else:
                notes.append(f"[{texts[-1] if texts else 'no bound yet'}]")
                times.append(float("inf"))
        med = statistics.median(times)
        worst = max(times)
        fmt = lambda t: "> cap" if t == float("inf") else f"{t:.1f} s"  # noqa: E731
        rows.append(
            (
                f"Twiddle {prefix[:-1]} optimal: {proven}/{len(chosen)} proven within {cap:g} s each; "
                f"moves {', '.join(notes)}; databases ready in {prep:.1f} s; worst {fmt(worst)}",
                f"med {fmt(med)}",
                f"< {target:g} s",
                med < target,
            )
        )


def bench_process_3x3():
    """Wall time of one `python -m puzzlegui solve mystery-box --json` process (the
    distance table comes from the disk cache after the first run)."""
    cmd = [sys.executable, "-m", "puzzlegui", "solve", "mystery-box", "--json"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True)  # warm the cache
    times = []
    for _ in range(7):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    imports = []
    for _ in range(5):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import puzzlegui.cli"], cwd=ROOT, env=env, check=True)
        imports.append(time.perf_counter() - t0)
    rows.append(
        (
            f"3x3 solve in a new process (median of 7; worst {max(times):.2f} s; "
            f"the imports alone take {statistics.median(imports):.2f} s)",
            f"{statistics.median(times):.2f} s",
            "< 0.3 s",
            statistics.median(times) < 0.3,
        )
    )


def main() -> int:
    only = set(sys.argv[1:])  # e.g. "optimal process" to run some parts only
    if not only or "exact" in only:
        bench_exact()
    if not only or "tatham" in only:
        bench_tatham()
    if not only or "process" in only:
        bench_process_3x3()
    if not only or "optimal" in only:
        # BENCH_ROTATION_LIMIT=N: only the first N puzzles of each set (a shorter run)
        limit = os.environ.get("BENCH_ROTATION_LIMIT")
        bench_optimal(int(limit) if limit else None)
    width = max(len(r[0]) for r in rows)
    print(f"{'what'.ljust(width)} | measured | target    | ok")
    print("-" * (width + 32))
    for what, measured, target, ok in rows:
        print(f"{what.ljust(width)} | {measured.rjust(8)} | {target.ljust(9)} | {'yes' if ok else 'NO'}")
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
