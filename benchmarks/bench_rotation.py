"""Speed of the rotation solver against the targets of its issues (13 among them).

    python benchmarks/bench_rotation.py [exact] [tatham] [process] [reversed] [scrambles] [reopen] [optimal]

Uses the shared harness (harness.py): each row shows the median and the worst of its
measurements and the machine's load, and a target is met only if the worst meets it;
the script exits 1 if any target is missed.  In-process rows are processor time of this
process (best of 3 per position: on a shared machine noise only adds); the optimal
search and new-process rows are wall-clock time (what a user waits).

The sgt-twiddle scrambles are saved in tests/rotation/data (no sgt-puzzles needed):
twiddle_ids.txt for the quick answers, twiddle_optimal_ids.txt (ten fresh
``sgt-twiddle --generate 10`` scrambles each of 4x4n2, 4x4n2o and 5x5n3) for the
optimal search.  BENCH_ROTATION_LIMIT=N times only the first N of each set.
"""

from __future__ import annotations

import itertools
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Sample, Table, fmt_seconds, load_average  # noqa: E402

from puzzlegui.core.solver import ALL, FIRST, run  # noqa: E402
from puzzlegui.kinds.rotation import KIND, tables  # noqa: E402
from puzzlegui.kinds.rotation.model import Config, RotationState, is_solved  # noqa: E402

IDS = Path(__file__).resolve().parents[1] / "tests" / "rotation" / "data" / "twiddle_ids.txt"
OPTIMAL_IDS = IDS.parent / "twiddle_optimal_ids.txt"
ROOT = Path(__file__).resolve().parents[1]
table = Table("Rotation")


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
        def build():
            tables._tables.clear()
            return timed(lambda: tables.get(config))[1]

        builds = [build() for _ in range(3)]
        table.row(f"3x3 n=2 {label}: distance table (9! positions, from the disk cache after the first)",
                  Sample.of(builds), target=1.0)
        worst_tiles, paths = most_shortest_paths(config)
        candidates = [worst_tiles, (7, 6, 5, 8, 4, 9, 3, 2, 1)]
        rng = np.random.default_rng(1)
        for _ in range(300):
            candidates.append(tuple(int(v) for v in rng.permutation(9) + 1))
        per_position = []
        ok = True
        for tiles in candidates:
            state = RotationState(config, tiles, (0,) * 9)
            took = float("inf")
            for _ in range(3):  # best of three: the machine is shared, noise only adds
                result, t = timed(lambda: run(KIND.solve(state), ALL, max_solutions=None))
                took = min(took, t)
            ok = ok and result.complete and result.count == result.solutions[0].shortest_count
            ok = ok and all(is_solved(_replay(state, s.moves)) for s in result.solutions[:3])
            per_position.append(took)
        table.row(
            f"3x3 n=2 {label}: every shortest solution, worst of {len(candidates)} positions "
            f"(incl. the one with the most: {paths:,}; best of 3 runs each)",
            Sample.of(per_position), target=0.020, check=ok,
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
        times = []
        lengths = []
        ok = True
        for gid in chosen:
            state = KIND.parse_game_id(gid)
            # the quick answer (reduction; the hint's solver): the optimal search has its own rows
            result, took = timed(lambda: run(rsolver.solve(state), FIRST))
            sol = result.solutions[0]
            ok = ok and is_solved(_replay(state, sol.moves))
            lengths.append(len(sol.moves))
            times.append(took)
        table.row(f"Twiddle {prefix[:-1]}: {len(chosen)} sgt-twiddle puzzles, quick answer (not proven)",
                  Sample.of(times, note=f"moves {min(lengths)}-{max(lengths)}"), target=2.0, check=ok)


def _first_and_last(state):
    """(the last answer, processor seconds to the first answer) of a solve run to its end:
    the first answer is what the player gets at once; the anytime improvements follow."""
    from puzzlegui.kinds.rotation import solver as rsolver

    t = time.process_time()
    first = []
    result = run(rsolver.solve(state), FIRST, on_best=lambda _b: first or first.append(time.process_time() - t))
    took = first[0] if first else time.process_time() - t
    return result.solutions[0], took


def bench_general():
    """The general reduction (cycles.py) on sgt-twiddle's 6x6n4 preset (the IDs the
    tests keep): each within 2 s, and the moves held to a target of 400."""
    from pathlib import Path

    data = Path(__file__).resolve().parent.parent / "tests" / "rotation" / "data" / "twiddle_presets.txt"
    chosen = [g for g in data.read_text().split() if g.startswith("6x6n4:")]
    times, lengths, ok = [], [], True
    for gid in chosen:
        state = KIND.parse_game_id(gid)
        sol, took = _first_and_last(state)
        ok = ok and is_solved(_replay(state, sol.moves)) and len(sol.moves) <= 400
        lengths.append(len(sol.moves))
        times.append(took)
    table.row(f"Twiddle 6x6n4: {len(chosen)} sgt-twiddle puzzles, general reduction: time to the first answer, "
              "moves of the last (not proven; target 400 moves)",
              Sample.of(times, note=f"moves {min(lengths)}-{max(lengths)}"), target=2.0, check=ok)



FAR_IDS = IDS.parent / "twiddle_far_ids.txt"
FAR_TARGETS = {"5x4n4": 1500, "7x6n6": 5000, "5x5n3o": 3500}


def bench_far_shapes():
    """The shapes issue 25 left last: boards one tile wider than their blocks and arrows
    with 3x3 blocks beyond the tables, three scrambles each (tests/rotation/data/
    twiddle_far_ids.txt, which tests/rotation/test_rotation_lengths.py holds to a ceiling);
    each within 2 s, the moves held to the stated target (long answers, not proven shortest)."""
    ids = [ln for ln in FAR_IDS.read_text().splitlines() if ln and not ln.startswith("#")]
    for params, target in FAR_TARGETS.items():
        times, lengths, ok = [], [], True
        for gid in [g for g in ids if g.startswith(params + ":")]:
            state = KIND.parse_game_id(gid)
            sol, took = _first_and_last(state)
            ok = ok and is_solved(_replay(state, sol.moves)) and len(sol.moves) <= target
            lengths.append(len(sol.moves))
            times.append(took)
        table.row(f"Rotation {params}: {len(times)} scrambles, time to the first answer, moves of the last "
                  f"(not proven; target {target} moves)",
                  Sample.of(times, note=f"moves {min(lengths)}-{max(lengths)}"), target=2.0, check=ok)


OPTIMAL_SETS = (
    # (prefix, what, target (the timed row holds the worst puzzle to it, the harness's
    # rule; the row after it the median, the issue's), time cap each)
    ("4x4n2:", "4x4 2x2 blocks (sgt-twiddle's 4x4n2)", 10.0, 60.0),
    ("4x4n2o:", "4x4 2x2 blocks with arrows (4x4n2o)", 10.0, 30.0),
    ("5x5n3:", "5x5 3x3 blocks (5x5n3)", 20.0, 30.0),
)


def bench_optimal(limit: int | None = None):
    """Proven-shortest solutions of sgt-twiddle's own scrambles (first shortest sequence;
    each puzzle under a time cap so the table always finishes; a capped puzzle counts
    as the cap).  The databases are loaded (built the first time) outside the timing."""
    from puzzlegui.kinds.rotation import pdb, solver

    ids = [ln for ln in OPTIMAL_IDS.read_text().splitlines() if ln and not ln.startswith("#")]
    for prefix, what, target, cap in OPTIMAL_SETS:
        chosen = [g for g in ids if g.startswith(prefix)][:limit]
        config = KIND.parse_game_id(chosen[0]).config
        t0 = time.perf_counter()
        for _ in solver._drive(pdb.lookups(config)):
            pass
        prep = time.perf_counter() - t0
        times, lengths, found, bounds = [], [], [], []
        proven = 0
        ok = True
        for gid in chosen:
            state = KIND.parse_game_id(gid)
            texts = []
            t0 = time.perf_counter()
            result = run(KIND.solve(state), FIRST, time_limit=cap, on_step=lambda s: texts.append(s.text))
            took = time.perf_counter() - t0
            sol = result.solutions[0] if result.solutions else None
            ok = ok and (sol is None or is_solved(_replay(state, sol.moves)))
            if sol is not None and sol.optimal and result.status == "solved":
                proven += 1
                lengths.append(str(len(sol.moves)))
            else:
                # the last "found N moves; at least M proven" the anytime search said
                said = re.findall(r"found (\d+) moves?; at least (\d+)", " ".join(texts[-3:]))
                if said:
                    found.append(int(said[-1][0]))
                    bounds.append(int(said[-1][1]))
            times.append(took)
        note = f"{proven}/{len(chosen)} proven" + (f" ({', '.join(lengths)} moves)" if lengths else "")
        if found:
            note += f"; the others: found {min(found)}-{max(found)} moves, at least {min(bounds)}-{max(bounds)} proven"
        note += f"; databases ready in {prep:.1f} s"
        table.row(f"Twiddle {what} optimal, {len(chosen)} sgt-twiddle scrambles, cap {cap:g} s each",
                  # an unproven scramble ran to its cap, which is over the target: the row
                  # misses ("NO") on time; WRONG is kept for an answer that does not solve
                  Sample.of(times, note=note), target=min(target, cap), check=ok)
        # the issue's own measure: the median scramble proven within the target (a
        # scramble left unproven counts as its cap, so more than half must be proven)
        median = statistics.median(times)
        table.text_row(f"Twiddle {what} optimal: the median scramble (issue 13's target)",
                       f"{fmt_seconds(median)}  [{proven}/{len(chosen)} proven]",
                       f"< {fmt_seconds(target)}", ok and median < target, runs=len(chosen))


def _child_run(cmd, env) -> tuple[float, float]:
    """(processor seconds, wall seconds) of one child process."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, wall


def bench_process_3x3():
    """One `python -m puzzlegui solve mystery-box --json` process (the distance table
    comes from the disk cache, read without numpy, after the first run).  Timed as the
    child's processor time (user + system), like the in-process rows: on a shared
    machine its wall time also counts other programs' turns; the wall times are shown
    in the note."""
    cmd = [sys.executable, "-m", "puzzlegui", "solve", "mystery-box", "--json"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    _child_run(cmd, env)  # warm the disk cache
    load = load_average()
    runs = [_child_run(cmd, env) for _ in range(7)]
    imports = [_child_run([sys.executable, "-c", "import puzzlegui.cli"], env) for _ in range(5)]
    walls = sorted(w for _, w in runs)
    note = (f"wall {fmt_seconds(walls[len(walls) // 2])} / {fmt_seconds(walls[-1])}; "
            f"the imports alone take {fmt_seconds(sorted(c for c, _ in imports)[2])}")
    table.row("3x3 solve in a new process (puzzlegui solve mystery-box --json), processor time",
              Sample.of([c for c, _ in runs], note=note, load_before=load), target=0.3)


def bench_reopen(count: int = 5):
    """Issue 34: a proven 4x4n2 solve from the command line in a new process, the
    databases already built (built here first if they are not), against the same solve
    in a warm process (this one, after a first solve of each), wall time, summed over the
    first ``count`` sgt-twiddle scrambles of twiddle_optimal_ids.txt.  Target: the new
    process within 3x the warm one (the databases are mapped, not read and checked)."""
    from puzzlegui.core import solving
    from puzzlegui.core.solver import UNIQUE
    from puzzlegui.kinds.rotation import pdb, solver

    ids = [ln for ln in OPTIMAL_IDS.read_text().splitlines() if ln.startswith("4x4n2:")][:count]
    config = KIND.parse_game_id(ids[0]).config
    t0 = time.perf_counter()
    for _ in solver._drive(pdb.lookups(config)):
        pass
    ready = time.perf_counter() - t0
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    load = load_average()
    fresh, warm, lengths, ok = [], [], [], True
    for gid in ids:
        state = KIND.parse_game_id(gid)
        solving.search(KIND, state, UNIQUE, time_limit=60)  # the warm-up
        t0 = time.perf_counter()
        solved = solving.search(KIND, state, UNIQUE, time_limit=60)
        warm.append(time.perf_counter() - t0)
        first = solved.result.solutions[0]
        ok = ok and first.optimal
        lengths.append(len(first.moves))
        cmd = [sys.executable, "-m", "puzzlegui", "solve", "rotation:" + gid, "--json", "--time-limit", "60"]
        t0 = time.perf_counter()
        out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
        fresh.append(time.perf_counter() - t0)
        ok = ok and '"optimal": true' in out
    ratio = sum(fresh) / sum(warm)
    table.row(f"4x4n2 proven solve in a new process (puzzlegui solve --json), {len(ids)} sgt-twiddle scrambles "
              f"({', '.join(map(str, lengths))} moves), wall",
              Sample.of(fresh, note=f"databases ready in {ready:.1f} s in this process", load_before=load), check=ok)
    table.row("the same solves in a warm process, wall", Sample.of(warm, load_before=load), check=ok)
    table.text_row("new process / warm process, summed over the scrambles (issue 34's target)",
                   f"{ratio:.2f}x ({fmt_seconds(sum(fresh))} / {fmt_seconds(sum(warm))})", "<= 3x",
                   ok and ratio <= 3.0, runs=len(ids))


REVERSED = {5: (48, 60), 6: (88, 110), 7: (146, 182)}  # size: (best known, issue 34's target)


def bench_reversed(budgets=(1.0, 2.0, 5.0, 10.0, 60.0)):
    """Issue 34: the reversed 5x5, 6x6 and 7x7 boards with 2x2 blocks (OEIS A330280's;
    best known 48, 88, 146 moves), solved as ``puzzlegui solve`` does under each budget:
    the answer's length against the budget.  Target: within 25% of the best known in the
    default budget (10 s)."""
    from puzzlegui.core import solving
    from puzzlegui.core.solver import UNIQUE
    from puzzlegui.kinds.rotation.model import goal_state

    for size, (best, target) in REVERSED.items():
        config = Config(size, size, 2)
        goal = goal_state(config)
        state = RotationState(config, tuple(reversed(goal.tiles)), goal.orient)
        lengths, ok = {}, True
        for budget in budgets:
            solved = solving.search(KIND, state, UNIQUE, time_limit=budget)
            sol = solved.result.solutions[0]
            ok = ok and is_solved(_replay(state, sol.moves))
            lengths[budget] = len(sol.moves)
        measured = ", ".join(f"{lengths[b]} in {b:g} s" for b in budgets)
        table.text_row(f"Reversed {size}x{size} (2x2 blocks), moves by budget; best known {best}",
                       measured, f"<= {target} in 10 s", ok and lengths.get(10.0, 10**9) <= target, runs=len(budgets))


SCRAMBLES = IDS.parent / "twiddle_scrambles.txt"


def bench_scrambles():
    """Issue 34: twenty sgt-twiddle scrambles of each preset, of 1 to 20 turns
    (tests/rotation/data/twiddle_scrambles.txt), each solved as ``puzzlegui solve`` does
    (solving.search, the default budget): every answer replays to the goal, and every
    scramble of 8 turns or fewer gets an answer no longer than its scramble.  One row a
    preset: the answers' lengths against the scrambles', and the time taken."""
    from puzzlegui.cli import SOLVE_SECONDS
    from puzzlegui.core import solving
    from puzzlegui.core.solver import UNIQUE

    rows: dict = {}
    for line in SCRAMBLES.read_text().splitlines():
        if line and not line.startswith("#"):
            k, gid = line.split()
            rows.setdefault(gid.split(":")[0].rstrip("0123456789").rstrip("m"), []).append((int(k), gid))
    for preset, items in rows.items():
        times, worse, replay_ok, longer = [], [], True, 0
        pairs = []
        for k, gid in items:
            state = KIND.parse_game_id(gid)
            t0 = time.perf_counter()
            solved = solving.search(KIND, state, UNIQUE, time_limit=SOLVE_SECONDS)
            times.append(time.perf_counter() - t0)
            sol = solved.result.solutions[0] if solved.result.solutions else None
            replay_ok = replay_ok and sol is not None and is_solved(_replay(state, sol.moves))
            n = len(sol.moves) if sol is not None else -1
            pairs.append(f"{k}:{n}")
            if k <= 8 and n > k:
                worse.append(f"{k} turns got {n}")
            longer += n > k
        note = (f"{len(items) - longer}/{len(items)} no longer than the scramble"
                + (f"; <=8 turns longer: {', '.join(worse)}" if worse else "; every <=8 within its turns"))
        table.row(f"Twiddle {preset}: {len(items)} sgt-twiddle scrambles of 1-20 turns, default {SOLVE_SECONDS:g} s budget",
                  Sample.of(times, note=note), check=replay_ok and not worse)
        print(f"  {preset} (turns:answer): {' '.join(pairs)}", file=sys.stderr, flush=True)


def main() -> int:
    only = set(sys.argv[1:])  # e.g. "optimal process" to run some parts only
    if not only or "exact" in only:
        bench_exact()
    if not only or "tatham" in only:
        bench_tatham()
    bench_general()
    bench_far_shapes()
    if not only or "process" in only:
        bench_process_3x3()
    if not only or "reversed" in only:
        bench_reversed()
    if not only or "scrambles" in only:
        bench_scrambles()
    if not only or "reopen" in only:
        bench_reopen()
    if not only or "optimal" in only:
        limit = os.environ.get("BENCH_ROTATION_LIMIT")
        bench_optimal(int(limit) if limit else None)
    return table.finish()


if __name__ == "__main__":
    raise SystemExit(main())
