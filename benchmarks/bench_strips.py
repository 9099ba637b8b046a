"""Speed of the Strips solver and generator against the issue's targets.

    python benchmarks/bench_strips.py [--quick]

Prints ``what | measured | target | ok``.  Times are wall-clock on this machine, the
worst (or the median, where it says so) of several runs; rows without a target are
for information.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from puzzlegui.core.solver import ALL, STOPPED, run
from puzzlegui.kinds.strips import KIND, generator, meta
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.strips.stripset import parse_set


#: issue 13's three slow boards: random 12x12 grids cut from ``exactly: len1*2 len4-5``
#: (``random_grid(12, 12, set, seed)`` for seeds 0, 1, 2 with the generator of the time),
#: with 4, 44 and 144 decompositions; kept literally so the rows do not move when the
#: generator changes.
ISSUE_BOARDS = (
    (
        "wbbbwbbbbwbb",
        "wwwbwbwwbbbw",
        "bwwwbbbbwwbb",
        "bwbwwbwbwwww",
        "bwwwbwbbbwbw",
        "bwbbwwwwwbwb",
        "wbwwwbbbwwwb",
        "bbwbwwwbwbbb",
        "bbwbwwbbwwwb",
        "wbwwwbbbwwbb",
        "wwwbbwbwbbbw",
        "wbwbbwwwbbbw",
    ),
    (
        "wwbwbwwbbbbb",
        "wwwwwbbwwbwb",
        "bbbwwwwbbbbb",
        "bbbwbwbbbwww",
        "bwwbwbwwbwbb",
        "bwbbbwwbwwww",
        "bwbwbbbbbbbw",
        "wwwbbwbbbwbw",
        "bwbbbbwwwwbw",
        "bbwbbwwbbwbw",
        "wbwbbwwbwwww",
        "bwwwwbwwwbww",
    ),
    (
        "bwbwbbbbbbww",
        "wwbbwbbwbbww",
        "wbwbbwwbwbwb",
        "bwbbbwbbbbww",
        "bwwwwwwbwbbb",
        "bbwwwbwbbwww",
        "wwbwbbbwwbbw",
        "wwwwbwwwwbbw",
        "bbbwbwbbwwwb",
        "wbbbwbwwbbbb",
        "wbwbbbbwwwbw",
        "wbbwbbwwwwww",
    ),
)
ISSUE_COUNTS = (4, 44, 144)
COUNT_LIMIT = 60.0  # seconds a 12x12 count may take here before the row says "> limit"


def count_all(state, limit=COUNT_LIMIT):
    """(seconds, decompositions, complete) for one ALL-mode count under a time limit."""
    result = run(KIND.solve(state), mode=ALL, max_solutions=1000, time_limit=limit)
    return result.elapsed, result.count, result.status != STOPPED and result.complete


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def solve_all(states):
    counts = []
    for state in states:
        result = run(KIND.solve(state), mode=ALL, max_solutions=None)
        assert result.complete
        counts.append(result.count)
    return counts


def random_grid(cols, rows, strips, seed):
    """A grid cut from random strips of the set, not made unique."""
    rng = random.Random(seed)
    chosen = generator.choose_strips(strips, cols * rows, rng)
    tiling = None
    while tiling is None:
        tiling = generator.random_tiling(cols, rows, [len(p) for p in chosen], rng)
    pool = {}
    for p in chosen:
        pool.setdefault(len(p), []).append(p)
    for group in pool.values():
        rng.shuffle(group)
    grid = [[""] * cols for _ in range(rows)]
    for line in tiling:
        pattern = pool[len(line)].pop()
        pattern = pattern if rng.random() < 0.5 else pattern[::-1]
        for (x, y), colour in zip(line, pattern):
            grid[y][x] = colour
    return make_state(("".join(row) for row in grid), strips)


def main(argv):
    quick = "--quick" in argv
    repeats = 3 if quick else 7
    rows = []

    grids, final = meta.load_set()
    seed_set = grids + [final]
    runs = []
    for _ in range(repeats):
        took, counts = timed(lambda: solve_all(seed_set))
        assert counts == [1] * 26
        runs.append(took)
    rows.append(
        (
            f"26 seed grids, every decomposition counted (median of {repeats})",
            statistics.median(runs),
            0.050,
        )
    )

    len5 = parse_set("exactly: len5")
    unique10 = [generator.generate(10, 10, len5, seed=s) for s in range(5)]
    worst = max(timed(lambda s=s: solve_all([s]))[0] for s in unique10)
    rows.append(("10x10 unique grid (exactly: len5), all decompositions, worst of 5", worst, 1.0))
    random10 = [random_grid(10, 10, len5, seed=s) for s in range(5)]
    results = [timed(lambda s=s: solve_all([s])) for s in random10]
    worst = max(t for t, _ in results)
    most = max(c[0] for _, c in results)
    rows.append((f"10x10 random grid (exactly: len5, up to {most} decompositions), worst of 5", worst, 1.0))
    # issue 13: every decomposition of a 12x12 grid with strips len1*2 len4-5 in < 1 s
    mixed = parse_set("exactly: len1*2 len4-5")
    for colours, expected in zip(ISSUE_BOARDS, ISSUE_COUNTS):
        if quick and expected > 4:
            continue
        took, n, complete = count_all(make_state(colours, mixed))
        assert n == expected or not complete
        label = f"{n}" if complete else f">= {n} (stopped at {COUNT_LIMIT:g} s)"
        rows.append((f"issue 13 board with {expected} decompositions (12x12, len1*2 len4-5): {label}", took, 1.0))
    seeds = range(3, 6 if quick else 9)
    results = [count_all(random_grid(12, 12, mixed, seed=s)) for s in seeds]
    most = max(n for _, n, _ in results)
    stopped = sum(not complete for _, _, complete in results)
    note = f", {stopped} stopped at {COUNT_LIMIT:g} s" if stopped else ""
    times = [t for t, _, _ in results]
    rows.append(
        (
            f"12x12 random (len1*2 len4-5, seeds {seeds.start}-{seeds.stop - 1}, up to {most} decompositions{note}), median",
            statistics.median(times),
            1.0,
        )
    )
    rows.append((f"  ... worst of the same {len(times)}", max(times), 1.0))

    at_most4 = parse_set("at most: len4*2")
    times = [timed(lambda s=s: generator.generate(8, 8, at_most4, seed=s))[0] for s in range(5 if quick else 10)]
    rows.append((f"generate a unique 8x8 (at most: len4*2), worst of {len(times)}", max(times), 2.0))
    rows.append((f"  ... mean of the same {len(times)}", statistics.mean(times), None))
    seed_like = parse_set("at most: len1-3")
    times = [timed(lambda s=s: generator.generate(5, 5, seed_like, seed=s))[0] for s in range(5 if quick else 10)]
    rows.append((f"generate a unique 5x5 (the seed's set), worst of {len(times)}", max(times), None))
    if not quick:
        mixed8 = parse_set("exactly: len2-4")
        times = [timed(lambda s=s: generator.generate(8, 8, mixed8, seed=s, seconds=120))[0] for s in range(3)]
        rows.append(("generate a unique 8x8 (exactly: len2-4), worst of 3", max(times), None))

    width = max(len(r[0]) for r in rows)
    print(f"{'what':<{width}} | measured   | target  | ok")
    print(f"{'-' * width}-|------------|---------|----")
    for what, took, target in rows:
        measured = f"{took * 1000:8.1f} ms" if took < 1 else f"{took:8.2f} s "
        if target is None:
            tgt, ok = "   -   ", " - "
        else:
            tgt = f"{target * 1000:4.0f} ms" if target < 1 else f"{target:5.1f} s"
            ok = "yes" if took < target else "NO"
        print(f"{what:<{width}} | {measured} | {tgt} | {ok}")


if __name__ == "__main__":
    main(sys.argv[1:])
