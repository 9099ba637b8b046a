"""Speed of the Tracks solver and generator against the targets of issue 13 (and the
Tracks issue before it), measured with the shared harness (benchmarks/harness.py).

Run: python benchmarks/bench_tracks.py [--quick]

Every row is measured several times (per puzzle or seed, and repeated); the table shows
the median and the worst run and the load average while the row ran, and a target is met
only if the worst run meets it.  Solving times are for the complete search, so
uniqueness (or the exact count) is proven, except the "first 100 solutions" rows, which
stop at 100 (as ``solve --all --max 100`` does).  The exit status is 1 if any target is
missed or any answer is wrong.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from harness import Sample, Table, measure

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.solver import count_solutions
from puzzlegui.kinds.tracks.generator import counts_of, lay_path
from puzzlegui.kinds.tracks.model import direction, initial_state, make_puzzle

DATA = Path(__file__).resolve().parents[1] / "tests" / "tracks" / "data"


def ids(name):
    return [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]


def solve_all(state):
    """A complete search through the kind (what `puzzlegui solve --all` runs)."""
    return run(KIND.solve(state), mode=ALL, max_solutions=None)


def timed(fn):
    """(seconds, result) of one call."""
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


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


def first_100(state):
    """The first 100 solutions through the kind, as `solve --all --max 100` finds them."""
    return run(KIND.solve(state), mode=ALL, max_solutions=100, keep=0)


def per_puzzle(states, fn, repeat, check):
    """Times of ``fn`` on every state, ``repeat`` times each; ``check(state, result)``
    must hold for every run.  Returns (Sample, all checks held)."""
    values = []
    ok = True
    for state in states:
        for _ in range(repeat):
            t, result = timed(lambda: fn(state))
            values.append(t)
            ok &= bool(check(state, result))
    sample = Sample.of(values)
    return sample, ok


def main(argv):
    quick = "--quick" in argv
    repeat = 1 if quick else 3
    table = Table("Tracks" + (" (quick)" if quick else ""))

    # the seed board: every solution, repeated for a stable figure
    seed = load_builtin("tracks-mums-2008").state
    sample = measure(lambda: solve_all(seed), runs=5 if quick else 20)
    result = sample.result
    table.row("MUMS 2008 seed board, all 2 solutions", sample, 0.050, check=result.complete and result.count == 2)

    for name, label, target in (
        ("tatham-15x15-hard.txt", "Tatham 15x15 Hard, unique proven, per puzzle", 0.100),
        ("tatham-25x25-hard.txt", "Tatham 25x25 Hard, unique proven, per puzzle", 1.0),
        ("tatham-25x25-tricky.txt", "Tatham 25x25 Tricky, unique proven, per puzzle", 1.0),
    ):
        states = [KIND.parse_game_id(gid) for gid in ids(name)]
        sample, ok = per_puzzle(states, solve_all, repeat, lambda s, r: r.complete and r.count == 1)
        table.row(f"{label} ({len(states)} x {repeat})", sample, target, check=ok)

    for size, seeds, target in ((15, range(3 if quick else 10), 2.0), (30, range(1 if quick else 5), 30.0)):
        values = []
        ok = True
        for s in seeds:
            t, state = timed(lambda: KIND.generate({"width": size, "height": size, "split": False, "difficulty": "hard"}, seed=s))
            values.append(t)
            ok &= tsolver.grade(state.puzzle) == tsolver.HARD
            result = run(KIND.solve(state), mode=ALL, max_solutions=2)
            ok &= result.complete and result.count == 1
        table.row(f"generate a unique {size}x{size} Hard puzzle ({len(values)} seeds)", Sample.of(values), target, check=ok)

    values = []
    for s in range(3 if quick else 10):
        # Hard is Tatham's level, and his program has no split rows: a split board's hardest is Expert
        t, _state = timed(lambda: KIND.generate({"width": 16, "height": 6, "split": True, "difficulty": "expert"}, seed=s))
        values.append(t)
    table.row(f"generate a 16x6 split Expert puzzle ({len(values)} seeds)", Sample.of(values))

    for size, boards in ((10, MANY_10), (12, MANY_12)):
        states = [initial_state(board(spec)) for spec in boards]
        sample, ok = per_puzzle(states, first_100, repeat, lambda s, r: r.count == 100 and not r.complete)
        table.row(f"{size}x{size} counts only, first 100 solutions ({len(boards)} boards x {repeat})", sample, 1.0, check=ok)

    # "any board up to 12x12": random counts-only boards from random paths (as the
    # generator lays them), seeded so the row is the same every run
    rnd = random.Random(2)
    randoms = []
    for _ in range(5 if quick else 20):
        path, se, fe = lay_path(rnd, 12, 12, False)
        cols, rows, _ = counts_of(path, 12, 12, None)
        randoms.append(initial_state(make_puzzle(12, 12, cols, rows, path[0], path[-1], start_edge=se, finish_edge=fe)))
    sample, ok = per_puzzle(randoms, first_100, 1, lambda s, r: r.count == 100 or r.complete)
    table.row(f"12x12 random counts-only boards, 100 solutions or all ({len(randoms)} boards)", sample, 1.0, check=ok)

    # the same with rows split into parts (A in the left column, B on the right edge, as on
    # the MUMS board) and with a few given pieces of the track
    rnd = random.Random(5)
    others = []
    for k in range(4 if quick else 20):
        if k % 2 == 0:
            path, _se, _fe = lay_path(rnd, 12, 12, True)
            split = rnd.randint(3, 9)
            cols, rows, right = counts_of(path, 12, 12, split)
            p = make_puzzle(12, 12, cols, rows, path[0], path[-1], split=split, rows_right=right)
        else:
            path, se, fe = lay_path(rnd, 12, 12, False)
            cols, rows, _ = counts_of(path, 12, 12, None)
            fixed = {}
            for _ in range(rnd.randint(1, 3)):
                i = rnd.randrange(1, len(path) - 1)
                fixed[path[i]] = direction(path[i], path[i - 1]) | direction(path[i], path[i + 1])
            p = make_puzzle(12, 12, cols, rows, path[0], path[-1], start_edge=se, finish_edge=fe, fixed=tuple(fixed.items()))
        others.append(initial_state(p))
    sample, ok = per_puzzle(others, first_100, 1, lambda s, r: r.count == 100 or r.complete)
    table.row(f"12x12 random split or given-piece boards, 100 solutions or all ({len(others)} boards)", sample, 1.0, check=ok)

    specs = EXACT_8[: 3 if quick else None]
    values = []
    ok = True
    for spec, expected in specs:
        p = board(spec)
        for _ in range(repeat):
            t, n = timed(lambda: count_solutions(p))
            values.append(t)
            ok &= n == expected
    table.row(f"8x8 exact count of all solutions ({len(specs)} boards x {repeat})", Sample.of(values), 5.0, check=ok)

    listable = [(spec, n) for spec, n in specs if n <= 1000]
    states = [initial_state(board(spec)) for spec, _n in listable]
    wanted = {id(s): n for s, (_spec, n) in zip(states, listable)}
    sample, ok = per_puzzle(states, solve_all, repeat, lambda s, r: r.complete and r.count == wanted[id(s)])
    table.row(f"8x8 every solution listed by solve --all ({len(states)} boards x {repeat})", sample, 5.0, check=ok)

    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
