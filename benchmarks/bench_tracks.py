"""Speed of the Tracks solver and generator against the targets in the Tracks issue.

Run: python benchmarks/bench_tracks.py [--quick]

Prints one table row per target: what was measured, the worst case measured (with the
median where several puzzles or seeds are timed), the target, and whether it is met.
Solving times are for the complete search, so uniqueness (or the exact count) is proven.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks import solver as tsolver

DATA = Path(__file__).resolve().parents[1] / "tests" / "tracks" / "data"


def ids(name):
    return [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]


def solve_all(state):
    """Seconds for a complete search, and the result (checked below)."""
    started = time.perf_counter()
    result = run(KIND.solve(state), mode=ALL, max_solutions=None)
    return time.perf_counter() - started, result


def fmt(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(argv):
    quick = "--quick" in argv
    rows = []

    # the seed board: every solution, repeated for a stable figure
    seed = load_builtin("tracks-mums-2008").state
    times = []
    for _ in range(5 if quick else 20):
        t, result = solve_all(seed)
        assert result.complete and result.count == 2
        times.append(t)
    rows.append(("MUMS 2008 seed board, all 2 solutions", times, 0.050))

    for name, label, target in (
        ("tatham-15x15-hard.txt", "Tatham 15x15 Hard, unique proven, per puzzle", 0.100),
        ("tatham-25x25-hard.txt", "Tatham 25x25 Hard, unique proven, per puzzle", 1.0),
        ("tatham-25x25-tricky.txt", "Tatham 25x25 Tricky, unique proven, per puzzle", 1.0),
    ):
        times = []
        for gid in ids(name):
            t, result = solve_all(KIND.parse_game_id(gid))
            assert result.complete and result.count == 1, gid
            times.append(t)
        rows.append((f"{label} ({len(times)})", times, target))

    for size, seeds, target in ((15, range(3 if quick else 10), 2.0), (30, range(1 if quick else 5), 30.0)):
        times = []
        for s in seeds:
            started = time.perf_counter()
            state = KIND.generate({"width": size, "height": size, "split": False, "difficulty": "hard"}, seed=s)
            times.append(time.perf_counter() - started)
            assert tsolver.grade(state.puzzle) == tsolver.HARD
            result = run(KIND.solve(state), mode=ALL, max_solutions=2)
            assert result.complete and result.count == 1
        rows.append((f"generate a unique {size}x{size} Hard puzzle ({len(times)} seeds)", times, target))

    times = []
    for s in range(3 if quick else 10):
        started = time.perf_counter()
        KIND.generate({"width": 16, "height": 6, "split": True, "difficulty": "hard"}, seed=s)
        times.append(time.perf_counter() - started)
    rows.append((f"generate a 16x6 split Hard puzzle ({len(times)} seeds, no target)", times, None))

    width = max(len(r[0]) for r in rows)
    print(f"{'what':<{width}} | {'measured (worst; median)':<26} | {'target':<8} | ok")
    print("-" * width + "-+-" + "-" * 26 + "-+-" + "-" * 8 + "-+---")
    all_ok = True
    for what, times, target in rows:
        worst = max(times)
        measured = f"{fmt(worst)}; {fmt(statistics.median(times))}"
        ok = "yes" if target is None or worst < target else "NO"
        all_ok &= ok == "yes"
        print(f"{what:<{width}} | {measured:<26} | {fmt(target) if target else '-':<8} | {ok}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
