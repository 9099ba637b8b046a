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
from puzzlegui.kinds.tracks.count import count_solutions
from puzzlegui.kinds.tracks.model import make_puzzle

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


# Counts-only boards (Tatham's layout: A on the left edge, B on the bottom edge, no given
# pieces), each with at least 100 solutions: (w, h, columns, rows, A, B, A's edge, B's edge).
MANY_10 = (
    (10, 10, (6, 7, 5, 4, 6, 5, 9, 4, 5, 9), (5, 9, 5, 6, 6, 7, 7, 6, 4, 5), (0, 6), (8, 9), 4, 8),
    (10, 10, (6, 9, 7, 6, 8, 8, 7, 5, 4, 8), (2, 8, 8, 7, 9, 4, 10, 9, 5, 6), (0, 9), (9, 9), 4, 8),
    (10, 10, (6, 5, 6, 5, 7, 7, 5, 9, 6, 8), (3, 8, 8, 7, 8, 3, 4, 6, 9, 8), (0, 7), (7, 9), 4, 8),
    (10, 10, (7, 6, 9, 8, 8, 7, 7, 7, 8, 6), (10, 7, 10, 5, 4, 9, 7, 5, 9, 7), (0, 9), (6, 9), 4, 8),
    (10, 10, (3, 7, 9, 8, 5, 7, 10, 9, 8, 8), (8, 8, 7, 6, 6, 9, 6, 9, 7, 8), (0, 7), (7, 9), 4, 8),
    (10, 10, (4, 5, 5, 6, 6, 6, 4, 8, 7, 9), (6, 4, 5, 9, 9, 8, 7, 4, 7, 1), (0, 3), (3, 9), 4, 8),
)
MANY_12 = (
    (12, 12, (3, 5, 3, 5, 8, 9, 9, 7, 6, 6, 9, 11), (8, 8, 7, 5, 3, 4, 5, 9, 9, 8, 9, 6), (0, 9), (10, 11), 4, 8),
    (12, 12, (6, 8, 4, 8, 8, 7, 9, 12, 12, 10, 7, 6), (6, 8, 9, 11, 10, 10, 7, 10, 11, 7, 6, 2), (0, 9), (8, 11), 4, 8),
    (12, 12, (7, 6, 5, 9, 10, 7, 7, 6, 8, 3, 1, 1), (4, 4, 3, 4, 4, 8, 7, 6, 4, 7, 7, 12), (0, 5), (11, 11), 4, 8),
    (12, 12, (7, 6, 9, 8, 8, 7, 7, 9, 11, 10, 8, 4), (6, 6, 11, 9, 12, 5, 8, 12, 7, 6, 7, 5), (0, 9), (9, 11), 4, 8),
    (12, 12, (7, 9, 8, 11, 8, 6, 7, 12, 8, 7, 4, 7), (4, 9, 6, 9, 9, 10, 10, 9, 9, 11, 3, 5), (0, 1), (5, 11), 4, 8),
    (12, 12, (7, 4, 6, 6, 8, 9, 8, 7, 7, 5, 4, 3), (5, 7, 10, 8, 8, 6, 4, 3, 8, 8, 4, 3), (0, 5), (11, 11), 4, 8),
)
# 8x8 boards for exact counts: the slowest of 40 random counts-only boards first, then the
# board with every count blank (all 789,360,053,252 paths between opposite corners).
EXACT_8 = (
    ((8, 8, (5, 6, 7, 6, 8, 6, 6, 5), (4, 6, 8, 7, 7, 4, 7, 6), (0, 6), (5, 7), 4, 8), 602),
    ((8, 8, (5, 5, 7, 8, 4, 6, 6, 6), (5, 6, 5, 8, 5, 5, 7, 6), (0, 5), (6, 7), 4, 8), 630),
    ((8, 8, (5, 4, 6, 6, 4, 6, 5, 4), (4, 6, 4, 5, 6, 7, 6, 2), (0, 2), (6, 7), 4, 8), 112),
    ((8, 8, (4, 3, 7, 4, 4, 7, 7, 8), (6, 6, 8, 6, 5, 4, 3, 6), (0, 3), (7, 7), 4, 8), 23),
    ((8, 8, (4, 3, 3, 3, 5, 5, 7, 5), (1, 4, 4, 8, 7, 7, 2, 2), (0, 0), (7, 7), 4, 8), 64),
    ((8, 8, (3, 5, 3, 3, 6, 6, 8, 8), (8, 7, 6, 5, 7, 5, 2, 2), (0, 4), (6, 7), 4, 8), 20),
    ((8, 8, (None,) * 8, (None,) * 8, (0, 0), (7, 7), None, None), 789360053252),
)


def board(spec):
    w, h, cols, rows, a, b, ae, be = spec
    return make_puzzle(w, h, cols, rows, a, b, start_edge=ae, finish_edge=be)


def first_100(puzzle, repeat):
    """Seconds to the first 100 solutions, ``repeat`` times."""
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = run(tsolver.solve(puzzle), mode=ALL, max_solutions=100, keep=0)
        out.append(time.perf_counter() - started)
        assert result.count == 100
    return out


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

    repeat = 1 if quick else 3
    for size, boards in ((10, MANY_10), (12, MANY_12)):
        times = []
        for spec in boards:
            times += first_100(board(spec), repeat)
        rows.append((f"{size}x{size} counts only, first 100 solutions ({len(boards)} boards x {repeat})", times, 1.0))

    times = []
    for spec, expected in EXACT_8[: 3 if quick else None]:
        for _ in range(repeat):
            started = time.perf_counter()
            n = count_solutions(board(spec))
            times.append(time.perf_counter() - started)
            assert n == expected, (spec, n)
    rows.append((f"8x8 exact count of all solutions ({len(times) // repeat} boards x {repeat})", times, 5.0))

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
