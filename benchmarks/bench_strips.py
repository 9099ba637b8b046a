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

from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.strips import KIND, generator, meta
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.strips.stripset import parse_set


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
    mixed = parse_set("exactly: len1*2 len4-5")
    results = [timed(lambda s=s: solve_all([random_grid(12, 12, mixed, seed=s)])) for s in range(2 if quick else 3)]
    rows.append(
        (
            f"12x12 random grid (exactly: len1*2 len4-5, up to {max(c[0] for _, c in results)} decompositions)",
            max(t for t, _ in results),
            None,
        )
    )

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
