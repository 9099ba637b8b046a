"""The app's own figures: start-up time, the GUI thread's longest pause while a solver
runs, and how fast Stop answers.  Prints a table (measured vs target); not a test.

    python benchmarks/bench_app.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STARTUP = r"""
import time, sys
t0 = time.perf_counter()
from PySide6.QtWidgets import QApplication
app = QApplication([])
from puzzlegui.gui.window import MainWindow
w = MainWindow(restore=False)
w.open_source(sys.argv[1])
w.show()
app.processEvents()
print(time.perf_counter() - t0)
"""

# a search that runs for as long as we let it: count every 14x14 Kurosu board
LONG_SEARCH = "kurosu:14x14:zzzzzzzv"


def startup_seconds(source: str, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", STARTUP, source], capture_output=True, text=True, check=True)
        float(out.stdout.strip().splitlines()[-1])
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def pause_and_stop(source: str, seconds: float = 2.0):
    """Longest gap between 5 ms heartbeats while solving, and Stop's latency."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from puzzlegui.core import files, solver
    from puzzlegui.gui.worker import SolveJob

    app = QApplication.instance() or QApplication([])
    doc = files.load_source(source)
    state = doc.kind.solve_start(doc.state)
    job = SolveJob(doc.kind, state, solver.ALL, 10**9, trace=False)
    beats = []
    clock = QElapsedTimer()
    clock.start()
    heart = QTimer()
    heart.setInterval(5)
    heart.timeout.connect(lambda: beats.append(clock.nsecsElapsed() / 1e9))
    heart.start()
    job.start()
    loop = QEventLoop()  # wait the way the app does: in Qt's event loop
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    heart.stop()
    running = job.is_running()
    t0 = time.perf_counter()
    job.stop()
    stop_latency = time.perf_counter() - t0
    app.processEvents()
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    return max(gaps), statistics.median(gaps), stop_latency, running


def main() -> None:
    rows = []
    start = startup_seconds("tracks-mums-2008")
    rows.append(("start-up to a shown window (Tracks seed board)", f"{start:.2f} s", "< 2 s", start < 2))
    longest, median, stop, was_running = pause_and_stop(LONG_SEARCH)
    rows.append(("GUI thread's longest pause while solving", f"{longest * 1000:.0f} ms", "< 50 ms", longest < 0.05))
    rows.append(("GUI heartbeat (5 ms timer), median gap", f"{median * 1000:.1f} ms", "< 10 ms", median < 0.01))
    rows.append(("Stop answers (search still running when asked)" if was_running else "Stop answers",
                 f"{stop * 1000:.1f} ms", "< 100 ms", stop < 0.1))
    print_table("puzzlegui app", rows)


def print_table(title, rows) -> None:
    widths = [max(len(str(r[i])) for r in rows + [("what", "measured", "target", "ok")]) for i in range(3)]
    print(f"\n{title}")
    head = ("what", "measured", "target")
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths)) + " | ok")
    print("-+-".join("-" * w for w in widths) + "-+---")
    for what, measured, target, ok in rows:
        print(" | ".join(str(v).ljust(w) for v, w in zip((what, measured, target), widths)) + " | " + ("yes" if ok else "NO"))


if __name__ == "__main__":
    main()
