"""Kurosu speed targets (issue: "Speed (benchmarks/)"), measured, not assumed.

    python benchmarks/bench_kurosu.py [--quick]

Every solve runs through puzzlegui.core.solver.run, as the GUI and the CLI run it, with
the solver's line cache emptied first, so no timing profits from an earlier run.  The
machine is shared, so each solve is timed three times and the best run counts (the
others measure the neighbours); generation is timed once per seed.  Puzzles that the
rules solve and puzzles that need search ("hard") are reported apart.
Prints a table: what | measured | target | ok.  --quick skips the 40x40 generation.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from puzzlegui.core.solver import ALL, UNIQUE, run
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.engine import count_boards, line_forced
from puzzlegui.kinds.kurosu.generator import generate

SEED_BOARDS = [  # the nine Daily Mail puzzles of June 2018 (seed 003)
    "...0.10...0.1.1.1...0....1.0.10....0",
    "..1.1..0.1.....1.0...0.0..1......11.",
    ".1...11...1..011....1.0..1.1..1..01.",
    "......0..01.....0.1.....1....1..1.11",
    "...0.0.1....0.1...0..1......1..110..",
    "..1.....1.1.........00...1...1......",
    "..1.0..11....1..0......10..........1",
    "00..0..........0...1...10....1.01.0.",
    "11..1......0...1...1.....0.1.0..0.0.",
]
UNRULY_IDS = Path(__file__).resolve().parents[1] / "tests" / "kurosu" / "unruly_ids.txt"


def cold():
    line_forced.cache_clear()


def unique_proof_ms(state, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        cold()
        started = time.perf_counter()
        result = run(KIND.solve(state), mode=UNIQUE)
        best = min(best, (time.perf_counter() - started) * 1000)
        assert result.unique, "expected a puzzle with exactly one solution"
    return best


def seconds(fn):
    cold()
    started = time.perf_counter()
    value = fn()
    return time.perf_counter() - started, value


def best_of(repeat, fn):
    runs = [seconds(fn) for _ in range(repeat)]
    return min(runs, key=lambda r: r[0])


def tatham(prefix: str) -> list:
    out = []
    for line in UNRULY_IDS.read_text().splitlines():
        if line and not line.startswith("#") and line.split()[1].startswith(prefix):
            out.append(KIND.parse_game_id(line.split()[1]))
    return out


def main(argv) -> int:
    quick = "--quick" in argv
    rows = []

    def row(what, measured, target, ok):
        rows.append((what, measured, target, "yes" if ok else "NO"))
        print(f"  measured: {what}: {measured}", file=sys.stderr)

    # 6x6 with uniqueness proven: the nine seed puzzles, Tatham's, and generated ones of every grade
    six = [KIND.parse_text("\n".join(b[i : i + 6] for i in range(0, 36, 6))) for b in SEED_BOARDS]
    six += tatham("6x6:")
    six += [generate(6, 6, False, d, seed=s) for d in ("easy", "normal", "tricky", "hard") for s in range(5)]
    times = [unique_proof_ms(s) for s in six]
    row(f"6x6 unique proof, worst of {len(six)}", f"{max(times):.2f} ms (median {statistics.median(times):.2f})",
        "< 5 ms", max(times) < 5)

    fourteen = tatham("14x14:") + [generate(14, 14, False, d, seed=s) for d in ("normal", "tricky") for s in range(3)]
    times = [unique_proof_ms(s) for s in fourteen]
    row(f"14x14 unique proof, by the rules, worst of {len(fourteen)}",
        f"{max(times):.1f} ms (median {statistics.median(times):.1f})", "< 50 ms", max(times) < 50)
    hard = [generate(14, 14, False, "hard", seed=s) for s in range(8)]
    times = [unique_proof_ms(s) for s in hard]
    row(f"14x14 unique proof, hard (search), worst of {len(hard)}",
        f"{max(times):.1f} ms (median {statistics.median(times):.1f})", "< 50 ms", max(times) < 50)

    thirty = [generate(30, 30, False, d, seed=s) for d, s in (("normal", 1), ("normal", 2), ("tricky", 3))]
    times = [unique_proof_ms(s) for s in thirty]
    row(f"30x30 unique proof, worst of {len(thirty)}", f"{max(times):.1f} ms", "< 300 ms", max(times) < 300)

    empty = KIND.parse_game_id("6x6:zl")
    t, result = best_of(3, lambda: run(KIND.solve(empty), mode=ALL, max_solutions=20000))
    row("all 6x6 boards by solving 6x6:zl --all", f"{result.count:,} in {t * 1000:.0f} ms",
        "11,222 in < 1 s", result.count == 11222 and result.complete and t < 1)
    t, count = best_of(3, lambda: count_boards(6, 6))
    row("all 6x6 boards, count_boards", f"{count:,} in {t * 1000:.0f} ms", "11,222 in < 1 s",
        count == 11222 and t < 1)

    gen14 = []
    for s in range(5):
        t, state = seconds(lambda s=s: generate(14, 14, False, "normal", seed=100 + s))
        gen14.append(t)
    row("generate unique 14x14 normal, worst of 5", f"{max(gen14):.2f} s (median {statistics.median(gen14):.2f})",
        "< 1 s", max(gen14) < 1)
    for diff in ("easy", "tricky", "hard"):
        t, state = seconds(lambda diff=diff: generate(14, 14, False, diff, seed=7))
        row(f"generate unique 14x14 {diff}", f"{t:.2f} s", "< 1 s", t < 1)

    if not quick:
        for s in (1, 2):
            t, state = seconds(lambda s=s: generate(40, 40, False, "normal", seed=s))
            givens = sum(v >= 0 for v in state.givens)
            row(f"generate unique 40x40 normal (seed {s})", f"{t:.1f} s, {givens} givens", "< 30 s", t < 30)

    width = max(len(r[0]) for r in rows)
    mwidth = max(len(r[1]) for r in rows)
    print(f"{'what':{width}} | {'measured':{mwidth}} | target            | ok")
    print(f"{'-' * width}-+-{'-' * mwidth}-+-------------------+---")
    for what, measured, target, ok in rows:
        print(f"{what:{width}} | {measured:{mwidth}} | {target:17} | {ok}")
    return 0 if all(r[3] == "yes" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
