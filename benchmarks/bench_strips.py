"""Speed of the Strips solver and generator against issue 13's targets, measured with the
shared harness (benchmarks/harness.py).

    python benchmarks/bench_strips.py [--quick]

Every row is measured several times (per board or seed, and repeated); the table shows
the median and the worst run and the load average while the row ran, and a target is met
only if the worst run meets it.  "Counted" means ``solve --all``: every decomposition up
to the default ``--max`` of 1000, so the count is exact when it is below 1000.  The exit
status is 1 if any target is missed or any count is wrong.

The 16x16 row is the stretch goal (the codec takes grids up to 16x16): grids of
``exactly: len4 len6`` with one decomposition each, counted in under a second.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from harness import Sample, Table, load_average, measure

from puzzlegui.core.solver import ALL, STOPPED, run
from puzzlegui.kinds.strips import KIND, generator, meta
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.strips.stripset import parse_set


#: issue 13's three slow boards (4, 44 and 144 decompositions of ``exactly: len1*2
#: len4-5``) and three 16x16 grids of ``exactly: len4 len6``, kept literally in the
#: tests' data (tests/strips/data/boards.json) so the rows do not move when the
#: generator changes
_BOARDS = json.loads((Path(__file__).resolve().parents[1] / "tests" / "strips" / "data" / "boards.json").read_text())
ISSUE_BOARDS = tuple(tuple(b) for b in _BOARDS["issue_boards"])
ISSUE_COUNTS = (4, 44, 144)
BIG_BOARDS = tuple(tuple(b) for b in _BOARDS["big_boards"])

COUNT_LIMIT = 60.0  # seconds a 12x12 count may take here before the row says "> limit"


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


MAX = 1000  # solve --all's default --max


def counted(state, limit=COUNT_LIMIT):
    """(decompositions, complete, stopped) of one ``solve --all`` count."""
    result = run(KIND.solve(state), mode=ALL, max_solutions=MAX, time_limit=limit)
    return result.count, result.complete, result.status == STOPPED


def count_row(table, what, states, runs, target=1.0, expected=None):
    """One row: every state counted ``runs`` times; the sample holds every time."""
    times, counts, stopped = [], [], 0
    before = load_average()
    for state in states:
        for _ in range(runs):
            started = time.perf_counter()
            n, complete, halted = counted(state)
            times.append(time.perf_counter() - started)
        counts.append(n)
        stopped += halted
    sample = Sample.of(times, load_before=before)
    at_max = sum(n >= MAX for n in counts)
    note = f"{min(counts)}-{max(counts)} decompositions" if len(counts) > 1 else f"{counts[0]} decompositions"
    if at_max:
        note += f", {at_max} reached --max {MAX}"
    if stopped:
        note += f", {stopped} stopped at {COUNT_LIMIT:g} s"
    sample.note = note
    ok = not stopped and (expected is None or counts == list(expected))
    table.row(what, sample, target, check=ok)


def main(argv):
    quick = "--quick" in argv
    repeats = 3 if quick else 7
    table = Table("Strips (Black and White)")

    grids, final = meta.load_set()
    seed_set = grids + [final]
    sample = measure(lambda: solve_all(seed_set), runs=repeats)
    table.row("26 seed grids, every decomposition counted (all 26 together)", sample, 0.050,
              check=sample.result == [1] * 26)

    len5 = parse_set("exactly: len5")
    unique10 = [generator.generate(10, 10, len5, seed=s) for s in range(5)]
    count_row(table, "10x10 unique grid (exactly: len5), 5 grids", unique10, 1 if quick else 3,
              expected=[1] * 5)
    random10 = [random_grid(10, 10, len5, seed=s) for s in range(5)]
    count_row(table, "10x10 random grid (exactly: len5), 5 grids", random10, 1 if quick else 3)

    # issue 13: every decomposition of a 12x12 grid in < 1 s
    mixed = parse_set("exactly: len1*2 len4-5")
    for colours, expected in zip(ISSUE_BOARDS, ISSUE_COUNTS):
        if quick and expected > 4:
            continue
        count_row(table, f"issue 13 board with {expected} decompositions (12x12, len1*2 len4-5)",
                  [make_state(colours, mixed)], 1 if quick else 3, expected=[expected])
    seeds = range(3, 5 if quick else 8)
    for text in ("exactly: len1*2 len4-5", "at most: len4*4", "exactly: len3*8"):
        strips = parse_set(text)
        boards = [random_grid(12, 12, strips, seed=s) for s in seeds]
        count_row(table, f"12x12 random ({text}), seeds {seeds.start}-{seeds.stop - 1}", boards, 1)

    # stretch: 16x16, one decomposition each
    big = parse_set("exactly: len4 len6")
    count_row(table, "16x16 unique grid (exactly: len4 len6), 3 grids", [make_state(b, big) for b in BIG_BOARDS],
              1 if quick else 3, expected=[1] * len(BIG_BOARDS))

    at_most4 = parse_set("at most: len4*2")
    times = [timed(lambda s=s: generator.generate(8, 8, at_most4, seed=s))[0] for s in range(5 if quick else 10)]
    table.row(f"generate a unique 8x8 (at most: len4*2), {len(times)} seeds", Sample.of(times), 2.0)
    seed_like = parse_set("at most: len1-3")
    times = [timed(lambda s=s: generator.generate(5, 5, seed_like, seed=s))[0] for s in range(5 if quick else 10)]
    table.row(f"generate a unique 5x5 (the seed's set), {len(times)} seeds", Sample.of(times))
    if not quick:
        mixed8 = parse_set("exactly: len2-4")
        times = [timed(lambda s=s: generator.generate(8, 8, mixed8, seed=s, seconds=120))[0] for s in range(3)]
        table.row("generate a unique 8x8 (exactly: len2-4), 3 seeds", Sample.of(times))
    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
