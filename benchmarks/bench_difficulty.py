"""Do puzzlegui's difficulty levels mean what Tatham's mean? (issue 33), measured with
Simon Tatham's own solvers.

    python benchmarks/bench_difficulty.py [--count 60] [--runs 20] [--only tracks|kurosu]
                                          [--skip-grades] [--skip-speed] [--baseline /path/to/checkout]
                                          [--cpu]

1. Builds Tatham's standalone solvers (tracks.c and unruly.c with -DSTANDALONE_SOLVER)
   with gcc from his source, exported with `git archive` from the fetched snapshot
   (/work/.mirror/chrisboyle+sgtpuzzles/repo, or $SGT_PUZZLES_REPO) into a temporary
   folder.  His level of a puzzle is the lowest level whose deductions finish it
   (his solver run with -d<level>); "beyond" is none of them.
2. Our puzzles, his verdict: for --count puzzles per row (seeds 0..count-1) made by
   puzzlegui at Tracks 8x8, 10x10, 15x15 (Easy, Tricky, Hard, Expert) and Kurosu 8x8,
   14x14 (Trivial, Easy, Normal, Tricky, Hard): how many his solver grades at the level
   of the same name, and how many beyond his hardest.  Targets: at least count-2 of
   count the same in every row with a Tatham name, every one beyond in the others.
3. His puzzles, our verdict: --count IDs per row from /usr/games/sgt-tracks and
   sgt-unruly (`--generate N PARAMS#bench`, so the same IDs every run), graded by
   puzzlegui.  Target: count-1 of count the same name.
4. Speed: at the sizes and levels his generator makes, the median over --runs puzzles
   of his time (one `--generate 1 PARAMS#k` process each, start-up included) and ours
   (one kind.generate call, seeds 0..runs-1) side by side, taken in turn (his k-th
   puzzle, then our k-th, in a process of ours kept waiting), so that a slow spell of a
   shared machine falls on both rather than on one row of one of them; and Tracks 30x30 and Kurosu
   40x40 (he cannot make them) against the same calls in --baseline, a checkout of the
   code before this change (default: none, rows without a baseline have no target).
   With --cpu the times are CPU seconds (ours: time.process_time around each call; his:
   the user and system time of each process, start-up included, from getrusage), which
   other work on a loaded machine disturbs far less than the wall clock.

Exit status: 0 when every target is met, 1 when one is missed, 2 when gcc, the source
or his programs are missing (run_all.py then reports it as skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import Sample, Table, fmt_seconds

REPO = Path(os.environ.get("SGT_PUZZLES_REPO", "/work/.mirror/chrisboyle+sgtpuzzles/repo"))
JNI = "app/src/main/jni"
SUPPORT = ("malloc.c", "misc.c", "random.c", "dsf.c", "findloop.c", "tree234.c", "sort.c", "nullfe.c")
HIS_PROGRAM = {"tracks": "/usr/games/sgt-tracks", "kurosu": "/usr/games/sgt-unruly"}
MISSING = 2

# (kind, width, height, our level name, his parameter string or None when he has no such level)
TRACKS_LEVELS = (("easy", "e"), ("tricky", "t"), ("hard", "h"), ("expert", None))
KUROSU_LEVELS = (("trivial", "t"), ("easy", "e"), ("normal", "n"), ("tricky", None), ("hard", None))
ROWS = [("tracks", s, s, name, letter) for s in (8, 10, 15) for name, letter in TRACKS_LEVELS] + [
    ("kurosu", s, s, name, letter) for s in (8, 14) for name, letter in KUROSU_LEVELS
]
HIS_NAMES = {"tracks": ("Easy", "Tricky", "Hard"), "kurosu": ("Trivial", "Easy", "Normal")}
# his generator's sizes and levels, timed side by side
SPEED_ROWS = [("tracks", s, s, n, l) for s in (8, 10, 15) for n, l in TRACKS_LEVELS if l] + [
    ("kurosu", s, s, n, l) for s in (8, 14) for n, l in KUROSU_LEVELS if l
]
BIG_ROWS = [("tracks", 30, 30, "hard"), ("kurosu", 40, 40, "normal"), ("kurosu", 20, 20, "hard")]


# --- Tatham's solvers --------------------------------------------------------------------
def build_solvers(folder: Path) -> dict:
    """Export his source and compile the two standalone solvers; kind -> program path."""
    if shutil.which("gcc") is None:
        raise SystemExit(_missing("gcc is not installed"))
    if not (REPO / "HEAD").exists() and not (REPO / ".git").exists():
        raise SystemExit(_missing(f"Tatham's source is not at {REPO} (set SGT_PUZZLES_REPO)"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "HEAD", JNI], capture_output=True, check=True)
    subprocess.run(["tar", "x", "-C", str(folder)], input=archive.stdout, check=True)
    src = folder / JNI
    # tracks.c draws a thick circle, which the null front end does not provide
    (src / "bench_stub.c").write_text(
        '#include "puzzles.h"\n'
        "void draw_thick_circle(drawing *dr, float thickness, float cx, float cy, float r,\n"
        "                       int fillcolour, int outlinecolour) {}\n"
    )
    out = {}
    for kind, game, extra in (("tracks", "tracks.c", ("bench_stub.c",)), ("kurosu", "unruly.c", ())):
        program = folder / f"{kind}-solver"
        subprocess.run(
            ["gcc", "-O2", "-w", "-DSTANDALONE_SOLVER", "-I.", "-o", str(program), game, *SUPPORT, *extra, "-lm"],
            cwd=src, check=True,
        )
        out[kind] = str(program)
    return out


def _missing(why: str) -> int:
    print(f"bench_difficulty: {why}; nothing measured.", file=sys.stderr)
    return MISSING


def his_level(solvers: dict, kind: str, game_id: str) -> int:
    """His level of one puzzle: 0, 1 or 2 (the index in HIS_NAMES), 3 when beyond."""
    if kind == "tracks":
        for level, letter in enumerate("eth"):
            out = subprocess.run([solvers[kind], "-g", f"-d{letter}", game_id], capture_output=True, text=True).stdout
            if "Difficulty rating:" in out and "Ambiguous" not in out:
                return level
        return 3
    out = subprocess.run([solvers[kind], game_id], capture_output=True, text=True).stdout
    if "No solution found" in out or "Difficulty:" not in out:
        return 3
    name = out.split("Difficulty:")[1].split()[0]
    return HIS_NAMES[kind].index(name)


# --- our side ---------------------------------------------------------------------------
def kind_of(name: str):
    from puzzlegui.core import registry

    return registry.get(name)


def params(kind: str, w: int, h: int, level: str) -> dict:
    extra = {"split": False} if kind == "tracks" else {"unique": False}
    return {"width": w, "height": h, "difficulty": level, **extra}


def our_level(kind, state) -> str:
    """Our grade's name, from the kind's one grader."""
    return kind.level_name(state)


def grades_ours_by_him(solvers, count, only) -> Table:
    table = Table("Our puzzles graded by Tatham's solver")
    for kind_name, w, h, level, letter in ROWS:
        if only and kind_name != only:
            continue
        kind = kind_of(kind_name)
        his = [0, 0, 0, 0]
        started = time.perf_counter()
        for seed in range(count):
            state = kind.generate(params(kind_name, w, h, level), seed)
            his[his_level(solvers, kind_name, kind.tatham_id(state))] += 1
        spent = time.perf_counter() - started
        names = HIS_NAMES[kind_name]
        spread = ", ".join([f"{names[i]} {his[i]}" for i in range(3) if his[i]] + ([f"beyond {his[3]}"] if his[3] else []))
        what = f"{kind_name} {w}x{h} {level}"
        if letter:
            same = his[names.index(level.capitalize())]
            table.text_row(what, f"{same}/{count} his {level.capitalize()}; beyond {his[3]} [{spread}; {spent:.0f} s]",
                           f">= {count - 2}/{count} same", same >= count - 2, runs=count)
        else:
            table.text_row(what, f"{his[3]}/{count} beyond his hardest [{spread}; {spent:.0f} s]",
                           f"{count}/{count} beyond", his[3] == count, runs=count)
    return table


def grades_his_by_us(count, only) -> Table:
    table = Table("Tatham's puzzles graded by puzzlegui")
    for kind_name, w, h, level, letter in ROWS:
        if not letter or (only and kind_name != only):
            continue
        kind = kind_of(kind_name)
        out = subprocess.run([HIS_PROGRAM[kind_name], "--generate", str(count), f"{w}x{h}d{letter}#bench"],
                             capture_output=True, text=True)
        ids = out.stdout.split()
        names: dict = {}
        for game_id in ids:
            name = our_level(kind, kind.parse_game_id(game_id))
            names[name] = names.get(name, 0) + 1
        same = names.get(level, 0)
        spread = ", ".join(f"{k} {v}" for k, v in sorted(names.items(), key=lambda kv: -kv[1]))
        table.text_row(f"his {kind_name} {w}x{h} {level.capitalize()}", f"{same}/{len(ids)} our {level} [{spread}]",
                       f">= {count - 1}/{count} same", same >= count - 1 and len(ids) == count, runs=len(ids))
    return table


# --- speed --------------------------------------------------------------------------------
_OURS = """
import json, sys, time
from puzzlegui.core import registry
kind = registry.get(sys.argv[1])
p = json.loads(sys.argv[2])
clock = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
out = []
for seed in range(int(sys.argv[3])):
    t = clock()
    kind.generate(p, seed)
    out.append(clock() - t)
print(json.dumps(out))
"""


CPU = False  # --cpu: CPU seconds instead of wall-clock seconds


def our_times(kind: str, p: dict, runs: int, checkout: str | None = None) -> list:
    """Seconds per puzzle for seeds 0..runs-1, in a fresh process (with ``checkout`` on
    the path instead of this one, for the baseline)."""
    env = dict(os.environ)
    if checkout:
        env["PYTHONPATH"] = checkout
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # leave the other checkout as it is
    cwd = checkout or str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", _OURS, kind, json.dumps(p), str(runs), "cpu" if CPU else "wall"],
                         capture_output=True, text=True, env=env, cwd=cwd)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed")
    return json.loads(out.stdout)


# ours, one puzzle a line of stdin (its seed), its seconds a line of stdout
_OURS_IN_TURN = """
import json, sys, time
from puzzlegui.core import registry
kind = registry.get(sys.argv[1])
p = json.loads(sys.argv[2])
clock = time.process_time if sys.argv[3] == "cpu" else time.perf_counter
for line in sys.stdin:
    t = clock()
    kind.generate(p, int(line))
    print(clock() - t, flush=True)
"""


def in_turn(kind: str, w: int, h: int, level: str, letter: str, runs: int) -> tuple:
    """(his seconds, ours) for puzzles 0..runs-1, his k-th and our k-th one after the
    other.  Ours run in one process of ours, started (and its imports done) first."""
    ours_proc = subprocess.Popen(
        [sys.executable, "-c", _OURS_IN_TURN, kind, json.dumps(params(kind, w, h, level)), "cpu" if CPU else "wall"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=str(Path(__file__).resolve().parents[1]))
    his, ours = [], []
    try:
        for k in range(runs):
            his.append(his_time(kind, w, h, letter, k))
            ours_proc.stdin.write(f"{k}\n")
            ours_proc.stdin.flush()
            line = ours_proc.stdout.readline()
            if not line:
                err = ours_proc.stderr.read().strip()
                raise RuntimeError(err.splitlines()[-1] if err else "failed")
            ours.append(float(line))
    finally:
        ours_proc.stdin.close()
        ours_proc.wait()
    return his, ours


def his_time(kind: str, w: int, h: int, letter: str, k: int) -> float:
    """Seconds for his generator's puzzle k (one process, start-up included)."""
    started = time.perf_counter()
    used = _children_cpu()
    subprocess.run([HIS_PROGRAM[kind], "--generate", "1", f"{w}x{h}d{letter}#{k}"], capture_output=True)
    return _children_cpu() - used if CPU else time.perf_counter() - started


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def speed(runs: int, only, baseline: str | None) -> Table:
    table = Table(f"Generation{' (CPU time)' if CPU else ''}: median of {runs} "
                  f"(ours: seeds 0..{runs - 1}; his: one process each)")
    for kind, w, h, level, letter in SPEED_ROWS:
        if only and kind != only:
            continue
        his_runs, our_runs = in_turn(kind, w, h, level, letter, runs)
        his = statistics.median(his_runs)
        ours = Sample.of(our_runs)
        table.row(f"{kind} {w}x{h} {level} (his {fmt_seconds(his)})", ours, target=None, check=True,
                  target_text=f"median <= {fmt_seconds(his)}")
        if ours.median > his:
            table.failed.append(f"{kind} {w}x{h} {level}")
            table.rows[-1] = table.rows[-1][:-1] + ("NO",)
        else:
            table.rows[-1] = table.rows[-1][:-1] + ("yes",)
    for kind, w, h, level in BIG_ROWS:
        if only and kind != only:
            continue
        n = 3
        ours = Sample.of(our_times(kind, params(kind, w, h, level), n))
        if baseline:
            before = statistics.median(our_times(kind, params(kind, w, h, level), n, baseline))
            table.row(f"{kind} {w}x{h} {level} (before {fmt_seconds(before)})", ours, target=None,
                      target_text=f"median <= {fmt_seconds(before)} x 1.1")
            ok = ours.median <= before * 1.1
            table.rows[-1] = table.rows[-1][:-1] + ("yes" if ok else "NO",)
            if not ok:
                table.failed.append(f"{kind} {w}x{h} {level}")
        else:
            table.row(f"{kind} {w}x{h} {level}", ours)
    return table


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=60, help="puzzles per row of the grade tables (default 60)")
    ap.add_argument("--runs", type=int, default=20, help="puzzles per row of the speed table (default 20)")
    ap.add_argument("--only", choices=("tracks", "kurosu"), help="one kind only")
    ap.add_argument("--skip-grades", action="store_true", help="no grade tables")
    ap.add_argument("--skip-speed", action="store_true", help="no speed table")
    ap.add_argument("--baseline", help="a checkout of the code before, for the 30x30 / 40x40 rows "
                    "(e.g. mkdir /tmp/base && git archive main | tar x -C /tmp/base)")
    ap.add_argument("--cpu", action="store_true", help="CPU seconds instead of wall-clock seconds in the speed table")
    args = ap.parse_args(argv)
    global CPU
    CPU = args.cpu
    for program in HIS_PROGRAM.values():
        if not Path(program).exists():
            return _missing(f"{program} is not installed")
    tables = []
    with tempfile.TemporaryDirectory(prefix="tatham-") as folder:
        try:
            solvers = build_solvers(Path(folder))
        except SystemExit as stop:
            return int(stop.code)
        if not args.skip_grades:
            tables.append(grades_ours_by_him(solvers, args.count, args.only))
            tables.append(grades_his_by_us(args.count, args.only))
    if not args.skip_speed:
        tables.append(speed(args.runs, args.only, args.baseline))
    status = 0
    for table in tables:
        status |= table.finish()
    return status


if __name__ == "__main__":
    sys.exit(main())
