"""The cyclic garbage collector's passes, with and without the two patches that keep them
short (issue 31): gc.freeze once the window is up (gui/window.py) and core/gcpause.py
(only young passes while a long game's record is read, then gc.freeze of what it left).
Prints a table (measured vs target); exits 1 on a missed target.

    python benchmarks/bench_gc.py            # 3 runs of each
    python benchmarks/bench_gc.py --runs 1   # quicker

Why the CPU time of a pass: a pass holds the GIL from its start to its end, on whichever
thread set it off, so no other thread (the GUI thread) runs Python meanwhile.  Its CPU
time (time.thread_time on that thread, read by a gc callback at the start and at the end)
is what the window waits for at the least, and unlike its wall time it does not grow
when other programs keep the cores busy: the rows compare on a loaded machine too.

Each run is a fresh process, as the app: the real MainWindow is built and shown
(offscreen), then a Rotation game of MAX_MOVES (50,000) moves is stored, forgotten and
read back from its record by Games.read_game (what the pool runs when such a game is
reopened), and last a full collection (what any later full pass costs).  Rows: a full
collection once the window is up (before anything is read: what gc.freeze after start-up
saves), the longest pass while the record is read, and the full collection after it
(gcpause.keep freezes what the read left, and with it all that came before).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Sample, Table, load_average  # noqa: E402

TARGET_S = 0.050  # a pass holds the GIL, and the window, no longer
CONFIGS = {
    "as the app runs (gc.freeze after start-up, gcpause)": "",
    "without gcpause": "gcpause",
    "without gc.freeze after start-up": "freeze",
    "without either": "gcpause,freeze",
}

CHILD = r"""
import contextlib, gc, json, os, sys, tempfile, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
home = tempfile.mkdtemp(prefix="bench-gc-")
for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
    os.environ[var] = os.path.join(home, var)
without = set(filter(None, sys.argv[1].split(",")))
from PySide6.QtWidgets import QApplication
app = QApplication([])
from puzzlegui.core import files, gcpause
from puzzlegui.core.history import MAX_MOVES
from puzzlegui.gui import startup, window as window_mod
if "freeze" in without:
    startup._frozen = True  # as if frozen already: never called
if "gcpause" in without:
    gcpause.young_only = contextlib.nullcontext
    gcpause.keep = lambda: None
w = window_mod.MainWindow(restore=False)
w.show()
app.processEvents()
passes = []
started = {}
def callback(phase, info):
    if phase == "start":
        started["cpu"], started["wall"] = time.thread_time(), time.perf_counter()
    elif "cpu" in started:
        passes.append((time.thread_time() - started.pop("cpu"), time.perf_counter() - started.pop("wall"),
                       info["generation"]))
gc.callbacks.append(callback)
gc.collect()  # a full pass once the window is up, before anything is read
start = passes[-1]
gc.callbacks.remove(callback)
del passes[:]
games = w.games
game = games.open(files.load_builtin("mystery-box"))
for i in range(MAX_MOVES):
    game.history.push(("turn", i % 2, 0, "cw"))
games.save()
key = game.key
games.open(files.load_builtin("twiddle-3x3"))
games._games.pop(key)  # forgotten, as after a restart: its record is read back
gc.collect()
gc.callbacks.append(callback)
answer = games.read_game(key)
assert answer.history.weight >= MAX_MOVES - 1, answer
reading = max(passes, default=(0.0, 0.0, -1))
del passes[:]
gc.collect()
full = passes[-1]
gc.callbacks.remove(callback)
print(json.dumps({"start_cpu": start[0], "start_wall": start[1], "read_cpu": reading[0], "read_wall": reading[1], "read_gen": reading[2],
                  "full_cpu": full[0], "full_wall": full[1], "tracked": len(gc.get_objects())}))
w.shutdown()
"""


def run_once(without: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run([sys.executable, "-c", CHILD, without], capture_output=True, text=True, env=env, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    runs = 3
    if "--runs" in argv:
        runs = int(argv[argv.index("--runs") + 1])
    results: dict[str, list[dict]] = {name: [] for name in CONFIGS}
    loads: dict[str, list[float]] = {name: [] for name in CONFIGS}
    for round_no in range(runs):  # the configurations take turns, round after round
        for name, without in CONFIGS.items():
            load = load_average()
            results[name].append(run_once(without))
            loads[name].append(max(load, load_average()))
            r = results[name][-1]
            print(f"  round {round_no + 1}, {name}: start {r['start_cpu'] * 1000:.1f} ms CPU, read {r['read_cpu'] * 1000:.1f} ms CPU "
                  f"(gen {r['read_gen']}), full {r['full_cpu'] * 1000:.1f} ms CPU, {r['tracked']:,} tracked",
                  file=sys.stderr, flush=True)
    table = Table(f"The collector's passes (CPU time of the pass, on its thread), median / worst of {runs}")
    for name in CONFIGS:
        for field, what in (("start", "a full collection once the window is up"),
                            ("read", "longest pass while a 50,000-move record is read"),
                            ("full", "a full collection afterwards")):
            cpu = [r[f"{field}_cpu"] for r in results[name]]
            wall = statistics.median(r[f"{field}_wall"] for r in results[name])
            sample = Sample.of(cpu, note=f"wall {wall * 1000:.0f} ms")
            sample.load_before, sample.load_after = min(loads[name]), max(loads[name])
            table.row(f"{name}: {what}", sample, target=TARGET_S)
    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
