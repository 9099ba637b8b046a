"""Kurosu speed targets (issue: "Speed (benchmarks/)"), measured, not assumed.

    python benchmarks/bench_kurosu.py [--quick]

Every solve runs through puzzlegui.core.solver.run, as the GUI and the CLI run it, with
the solver's line caches emptied first, so no timing profits from an earlier run.  The
machine is shared, so each solve is timed three times, and the table shows the median
and the worst of all runs with the load while they ran (benchmarks/harness.py): a target
is met only if the worst run meets it.  Generation is timed once per seed.  Puzzles that
the rules solve and puzzles that need search ("hard") are reported apart.  --quick skips
the 40x40 generation.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from harness import Sample, Table, load_average, measure

from puzzlegui.core.solver import ALL, UNIQUE, run
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.engine import count_boards, line_cheap, line_forced
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
    line_cheap.cache_clear()


def unique_proof_s(state) -> float:
    """Seconds for a cold unique proof of ``state`` (the line caches emptied first)."""
    cold()
    started = time.perf_counter()
    result = run(KIND.solve(state), mode=UNIQUE)
    elapsed = time.perf_counter() - started
    assert result.unique, "expected a puzzle with exactly one solution"
    return elapsed


def seconds(fn):
    cold()
    started = time.perf_counter()
    value = fn()
    return time.perf_counter() - started, value


def tatham(prefix: str) -> list:
    out = []
    for line in UNRULY_IDS.read_text().splitlines():
        if line and not line.startswith("#") and line.split()[1].startswith(prefix):
            out.append(KIND.parse_game_id(line.split()[1]))
    return out


def proofs(states, repeat: int) -> Sample:
    """Every state's cold unique proof, ``repeat`` times each: one sample of them all."""
    before = load_average()
    return Sample.of([unique_proof_s(s) for s in states for _ in range(repeat)], load_before=before)


def main(argv) -> int:
    quick = "--quick" in argv
    repeat = 1 if quick else 3
    table = Table("Kurosu" + (" (quick)" if quick else ""))

    # 6x6 with uniqueness proven: the nine seed puzzles, Tatham's, and generated ones of every grade
    six = [KIND.parse_text("\n".join(b[i : i + 6] for i in range(0, 36, 6))) for b in SEED_BOARDS]
    six += tatham("6x6:")
    # (Tricky and Hard now mean rules beyond Tatham's Normal, which 6x6 boards hardly ever
    # need: the generator says so rather than hand over an easier one, so 6x6 has the others)
    six += [generate(6, 6, False, d, seed=s) for d in ("trivial", "easy", "normal") for s in range(5)]
    table.row(f"6x6 unique proof ({len(six)} puzzles x {repeat})", proofs(six, repeat), 0.005)

    fourteen = tatham("14x14:") + [generate(14, 14, False, d, seed=s) for d in ("normal", "tricky") for s in range(3)]
    table.row(f"14x14 unique proof, by the rules ({len(fourteen)} x {repeat})", proofs(fourteen, repeat), 0.050)
    hard = [generate(14, 14, False, "hard", seed=s) for s in range(8)]
    table.row(f"14x14 unique proof, hard: search ({len(hard)} x {repeat})", proofs(hard, repeat), 0.050)
    thirty = [generate(30, 30, False, d, seed=s) for d, s in (("normal", 1), ("normal", 2), ("tricky", 3))]
    table.row(f"30x30 unique proof ({len(thirty)} x {repeat})", proofs(thirty, repeat), 0.300)

    empty = KIND.parse_game_id("6x6:zl")
    sample = measure(lambda: (cold(), run(KIND.solve(empty), mode=ALL, max_solutions=20000))[1], runs=repeat)
    result = sample.result
    sample.note = f"{result.count:,} boards"
    table.row("all 6x6 boards by solving 6x6:zl --all", sample, 1.0, check=result.count == 11222 and result.complete)
    sample = measure(lambda: (cold(), count_boards(6, 6))[1], runs=repeat)
    sample.note = f"{sample.result:,} boards"
    table.row("all 6x6 boards, count_boards", sample, 1.0, check=sample.result == 11222)

    for diff, seeds in (("normal", range(100, 105)), ("easy", [7]), ("tricky", [7]), ("hard", [7])):
        before = load_average()
        values = [seconds(lambda s=s: generate(14, 14, False, diff, seed=s))[0] for s in seeds]
        table.row(f"generate a unique 14x14 {diff} ({len(values)} seeds)", Sample.of(values, load_before=before), 1.0)

    if not quick:
        before = load_average()
        values = []
        givens = []
        for s in (1, 2):
            t, state = seconds(lambda s=s: generate(40, 40, False, "normal", seed=s))
            values.append(t)
            givens.append(sum(v >= 0 for v in state.givens))
        sample = Sample.of(values, note=f"{givens[0]} and {givens[1]} givens", load_before=before)
        table.row("generate a unique 40x40 normal (2 seeds)", sample, 30.0)

    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
