"""The setter's analysis (core.analysis, issue 26): does the count and the difficulty of
a board appear within 0.3 s of an edit?  Prints a table (measured vs target); not a test.

    python benchmarks/bench_analysis.py           # 3 boards a row, 3 runs each
    python benchmarks/bench_analysis.py --quick   # 1 run each

"Count and grade" is what the editor shows first: the solutions counted (up to
analysis.MAX_SHOWN listed, the kind's exact counter beyond) and the grade of a unique
board.  "Whole analysis" adds the redundant givens (one uniqueness search a given) and,
on boards with several solutions, the suggested given; it has no target, since its
budget (3 s by default) bounds it and what it cuts short is named.  Kurosu boards are
even, so 14x14 and 16x16 stand for 15x15.
"""

from __future__ import annotations

import sys
import time

from harness import Sample, Table, load_average

from puzzlegui.core import analysis, registry
from puzzlegui.core.analysis import _search, _stopper
from puzzlegui.core.solver import Clock

TARGET = 0.3  # seconds: the count and the grade, after an edit (issue 26)
SEEDS = (1, 2, 3)


def boards():
    """(label, kind, states): the boards each row times."""
    tracks, kurosu, strips = (registry.get(n) for n in ("tracks", "kurosu", "strips"))
    out = []
    for diff in ("easy", "tricky", "hard"):
        out.append((f"Tracks 15x15 {diff}", tracks,
                    [tracks.generate({"width": 15, "height": 15, "difficulty": diff}, seed=s) for s in SEEDS]))
    for size in (14, 16):
        out.append((f"Kurosu {size}x{size} normal", kurosu,
                    [kurosu.generate({"width": size, "height": size, "difficulty": "normal"}, seed=s) for s in SEEDS]))
    out.append(("Kurosu 14x14 tricky", kurosu,
                [kurosu.generate({"width": 14, "height": 14, "difficulty": "tricky"}, seed=s) for s in SEEDS]))
    out.append(("Black and White 10x10 (exactly: len5)", strips,
                [strips.generate({"width": 10, "height": 10, "strips": "exactly: len5"}, seed=s) for s in SEEDS]))
    return out


def count_and_grade(kind, state, time_limit: float = 10.0):
    clock = Clock(time_limit)
    stop = _stopper(clock, None)
    result = _search(kind, state, stop, analysis.MAX_SHOWN)
    grade = kind.grade(kind.solve_start(state), clock.left()) if result.count == 1 and result.complete else None
    return result.count, grade


def timed(fn, states, runs):
    before = load_average()
    times, notes = [], []
    for state in states:
        for _ in range(runs):
            started = time.perf_counter()
            out = fn(state)
            times.append(time.perf_counter() - started)
        notes.append(out)
    return Sample.of(times, load_before=before), notes


def main(argv) -> int:
    runs = 1 if "--quick" in argv else 3
    table = Table("The setter's analysis")
    for label, kind, states in boards():
        sample, found = timed(lambda s, k=kind: count_and_grade(k, s), states, runs)
        grades = sorted({g[0] for _n, g in found if g})
        sample.note = f"counts {sorted({n for n, _g in found})}, grades {', '.join(grades) or 'none'}"
        table.row(f"{label}: count and grade", sample, TARGET, check=all(n == 1 for n, _g in found))
        sample, found = timed(lambda s, k=kind: analysis.analyse(k, s), states, 1)
        cut = sum(1 for a in found if a.partial)
        sample.note = f"{sum(len(a.redundant) for a in found)} redundant givens found" + (f", {cut} cut short" if cut else "")
        table.row(f"{label}: whole analysis (3 s budget)", sample)
    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
