"""The search in its own process (search_process.ProcessSolveJob, what the window runs),
with two CPU-bound processes running beside the app, as issue 23 asks: the GUI thread's longest pause while a 40x40 Kurosu is counted, and
how long Stop takes to bring the answer.  Prints a table (benchmarks/harness.py); not a test.

    python benchmarks/bench_search_process.py              # 3 runs a row, 4 s of counting each
    python benchmarks/bench_search_process.py --runs 1 --seconds 2

Each run drives the real MainWindow (bench_app's heartbeat: a 5 ms QTimer on the GUI
thread, whose longest gap is the longest time the window could not answer): Solve, "Count
all" on a blank 40x40 Kurosu for a few seconds, then Stop.  The pause covers the start of
the solve and the counting; Stop's latency runs from the Stop action to the job's
``finished`` signal handled (the window has taken the answer).  The process runs at
Python's default 5 ms thread switch interval: the 0.1 ms a search on a thread of the app
needed is not wanted.  (The thread-against-process comparison that led to the process, made
before the thread was removed, is in docs/BENCHMARKS.md.)
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from harness import Sample, Table, fmt_seconds  # noqa: E402

DEFAULT_SWITCH_INTERVAL = 0.005  # seconds: Python's own
BUSY = 2  # CPU-bound processes beside the app


def burn(stop) -> None:
    """A busy process: pure Python arithmetic until ``stop`` is set."""
    n = 0
    while not stop.is_set():
        for i in range(100_000):
            n += i


def start_busy(count: int):
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    stop = ctx.Event()
    procs = [ctx.Process(target=burn, args=(stop,), name=f"busy-{i}", daemon=True) for i in range(count)]
    for p in procs:
        p.start()
    return stop, procs


def end_busy(stop, procs) -> None:
    stop.set()
    for p in procs:
        p.join(5)
        if p.is_alive():
            p.terminate()
            p.join(5)


def count_then_stop(w, heart, seconds: float):
    """Solve with "Count all" for ``seconds``, then Stop: (longest gap, GUI CPU in it,
    Stop's latency, the result)."""
    from bench_app import run_until, settle
    from PySide6.QtCore import QTimer

    from puzzlegui.core import solver
    from puzzlegui.gui.jobs.worker import background_busy

    w.panel.set_mode(solver.ALL)
    w.panel.set_show("solution")
    w.panel.max_solutions.setValue(999_999)
    heart.start()
    QTimer.singleShot(0, w.actions_by_name["solve"].trigger)
    run_until(lambda: False, seconds)
    gap = heart.stop()
    cpu = heart.longest_cpu
    job = w.job
    if not job.is_running():
        raise RuntimeError("the count ended by itself: nothing to stop")
    seen = {}
    job.finished.connect(lambda _id, result, *rest: seen.setdefault("finished", (time.perf_counter(), result)))

    def press_stop():
        seen["asked"] = time.perf_counter()
        w.actions_by_name["stop"].trigger()

    QTimer.singleShot(0, press_stop)
    if not run_until(lambda: "finished" in seen, 60):
        raise RuntimeError("Stop brought no answer within 60 s")
    answered, result = seen["finished"]
    run_until(lambda: not job.is_running() and not background_busy(), 120)  # the replay made
    w.back_to_game()
    settle()
    return gap, cpu, answered - seen["asked"], result


def main(argv) -> int:
    runs, seconds = 3, 4.0
    if "--runs" in argv:
        runs = int(argv[argv.index("--runs") + 1])
    if "--seconds" in argv:
        seconds = float(argv[argv.index("--seconds") + 1])
    from bench_app import Heartbeat, isolate, run_until

    isolate()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841
    from puzzlegui.core import files, registry
    from puzzlegui.gui import window
    from puzzlegui.gui.jobs import search_process

    kurosu = registry.get("kurosu")
    doc = files.PuzzleDoc(kurosu, kurosu.decode({"grid": ["." * 40] * 40}), meta={"title": "Kurosu 40x40, blank"})
    w = window.MainWindow(restore=False)
    w.resize(1400, 900)
    w.show()
    run_until(lambda: w.warmed_up, 60)
    search_process.warm()  # as the app would, once its first window is up
    w.load_doc(doc)
    heart = Heartbeat()

    ways = {"search process, 5 ms switch interval": lambda: None}
    figures = {way: ([], [], [], []) for way in ways}  # gaps, GUI CPU, Stop latencies, solutions found
    stop, procs = start_busy(BUSY)
    try:
        for way, set_up in ways.items():  # one unmeasured round each: every first-time cost paid
            set_up()
            sys.setswitchinterval(DEFAULT_SWITCH_INTERVAL)
            count_then_stop(w, heart, 1.0)
        load_before = os.getloadavg()[0]
        for _ in range(runs):
            for way, set_up in ways.items():
                set_up()
                sys.setswitchinterval(DEFAULT_SWITCH_INTERVAL)  # the pool's work sets its own
                gap, cpu, latency, result = count_then_stop(w, heart, seconds)
                for values, value in zip(figures[way], (gap, cpu, latency, result.count)):
                    values.append(value)
                print(f"  {way}: longest pause {gap * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU), Stop "
                      f"{latency * 1000:.1f} ms, {result.count:,} found", file=sys.stderr, flush=True)
    finally:
        end_busy(stop, procs)
        w.shutdown()
        search_process.shutdown()

    table = Table(f"The search in its own process: blank 40x40 Kurosu, \"Count all\" for {seconds:g} s, "
                  f"then Stop; {BUSY} CPU-bound processes beside the app (load before: {load_before:.1f})")
    for way, (gaps, cpus, _latencies, found) in figures.items():
        worst = gaps.index(max(gaps))
        note = f"{cpus[worst] * 1000:.0f} ms CPU; {min(found):,}-{max(found):,} found"
        target = None if "no patch" in way else 0.050
        table.row(f"GUI thread's longest pause: {way}", Sample.of(gaps, note, load_before), target,
                  target_text="(for comparison)" if target is None else None)
    for way, (_gaps, _cpus, latencies, _found) in figures.items():
        target = None if "no patch" in way else 0.100
        table.row(f"Stop to the answer taken: {way}", Sample.of(latencies, load_before=load_before), target,
                  fmt=fmt_seconds, target_text="(for comparison)" if target is None else None)
    return table.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
