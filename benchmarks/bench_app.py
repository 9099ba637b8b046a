"""The app's own figures: start-up time, how fast Stop answers, and the GUI thread's
longest pause through every moment that grows with the board or the search, on the
largest board each kind allows.  Prints tables (measured vs target); not a test.

    python benchmarks/bench_app.py            # everything, 3 runs a moment
    python benchmarks/bench_app.py --runs 1   # quicker
    python benchmarks/bench_app.py kurosu     # only the moments of one kind (and the app rows)
    python benchmarks/bench_app.py --stalls F # also dump every thread's stack into F at each gap > 45 ms,
                                              # and log every garbage collection over 10 ms
    python benchmarks/bench_app.py --no-app   # only the moments, not the start-up and Stop rows
    python benchmarks/bench_app.py --busy 0   # on a quiet machine (default: 2 CPU-bound processes
                                              # run beside the app, as a loaded desktop would)
    python benchmarks/bench_app.py --without switch,freeze,gcpause
                                              # the latency patches left out (issue 31): the 0.1 ms
                                              # switch interval (gui/jobs/worker.py), gc.freeze after
                                              # start-up (gui/startup.py), core/gcpause.py

The pause is measured with a heartbeat: a 5 ms QTimer on the GUI thread, whose longest
gap between two ticks is the longest time the window could not answer.  Beside the worst
gap, the GUI thread's own CPU time inside it: a gap much longer than its CPU time was
spent waiting (for the GIL, which a worker thread holds up to sys.getswitchinterval() at a
time, or for a core when other programs keep the machine busy), not working.  Each moment is
driven through the real MainWindow (as puzzlegui.gui.app.run_gui builds it), its actions
started from inside the event loop as a click would, and timed until what it shows has
settled.  Settings and autosaves go to a temporary folder.
"""

from __future__ import annotations

import faulthandler
import os
import statistics
import subprocess
import sys
import tempfile
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

TARGET_GAP = 0.050  # seconds: the GUI thread never pauses longer
HEARTBEAT_MS = 5
SETTLE_S = 0.3  # after a moment's last change, keep the heartbeat a little longer
STALL_S = 0.045  # --stalls FILE: a gap this long dumps every thread's stack into FILE
STALLS = None
COUNT_ALL_S = 8.0  # "Count all" runs this long before Stop (the report: 15-20 s)


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
    from puzzlegui.gui.jobs.search_process import ProcessSolveJob, shutdown

    app = QApplication.instance() or QApplication([])
    doc = files.load_source(source)
    state = doc.kind.solve_start(doc.state)
    job = ProcessSolveJob(doc.kind, state, solver.ALL, 10**9, trace=False)  # as the window runs it
    beats = []
    clock = QElapsedTimer()
    clock.start()
    heart = QTimer()
    heart.setInterval(HEARTBEAT_MS)
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
    shutdown()
    return max(gaps), statistics.median(gaps), stop_latency, running


# --- the heartbeat through the window's moments ---------------------------------------------
class Heartbeat:
    """A 5 ms timer on the GUI thread; ``longest`` is its longest gap since ``start``,
    ``longest_cpu`` the GUI thread's own CPU time within that gap (the rest of the gap it
    waited: for the GIL held by a worker thread, or for a core on a busy machine)."""

    def __init__(self):
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.PreciseTimer)
        self.timer.setInterval(HEARTBEAT_MS)
        self.timer.timeout.connect(self._beat)
        self.last = 0.0
        self.last_cpu = 0.0
        self.longest = 0.0
        self.longest_cpu = 0.0
        self.stalls = None  # a file: every gap past STALL_S dumps all threads' stacks there

    def _beat(self) -> None:
        if self.stalls is not None:
            faulthandler.dump_traceback_later(STALL_S, file=self.stalls)
        now = self.clock.nsecsElapsed() / 1e9
        cpu = time.thread_time()
        if now - self.last > self.longest:
            self.longest = now - self.last
            self.longest_cpu = cpu - self.last_cpu
        self.last = now
        self.last_cpu = cpu

    def start(self) -> None:
        self.clock.start()
        self.last = 0.0
        self.last_cpu = time.thread_time()
        self.longest = 0.0
        self.longest_cpu = 0.0
        if self.stalls is not None:
            faulthandler.dump_traceback_later(STALL_S, file=self.stalls)
        self.timer.start()

    def stop(self) -> float:
        self._beat()  # a pause at the very end counts too
        self.timer.stop()
        if self.stalls is not None:
            faulthandler.cancel_dump_traceback_later()
        return self.longest


def run_until(condition, timeout: float, poll_ms: int = 10) -> bool:
    """Run Qt's event loop until ``condition()`` holds (True) or ``timeout`` s pass."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    deadline = time.perf_counter() + timeout
    ok = [False]

    def check():
        if condition():
            ok[0] = True
            loop.quit()
        elif time.perf_counter() > deadline:
            loop.quit()
        else:
            QTimer.singleShot(poll_ms, check)

    QTimer.singleShot(0, check)
    loop.exec()
    return ok[0]


def settle(seconds: float = SETTLE_S) -> None:
    end = time.perf_counter() + seconds
    run_until(lambda: time.perf_counter() >= end, seconds + 1)


def through(heart: Heartbeat, action, done, timeout: float = 120.0) -> float:
    """The longest heartbeat gap from ``action()`` (run from the event loop, as a click
    is) until ``done()`` holds and the window has settled."""
    from PySide6.QtCore import QTimer

    heart.start()
    QTimer.singleShot(0, action)
    run_until(lambda: False, 0.02)  # the action has run
    if not run_until(done, timeout):
        raise RuntimeError(f"timed out after {timeout} s")
    settle()
    return heart.stop()


class Moments:
    """Every moment of one kind's largest board through one MainWindow."""

    def __init__(self, window, heart):
        self.w = window
        self.heart = heart
        self.results: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.notes: dict[str, str] = {}
        self.latencies: list[float] = []  # edit to analysis on screen (editor_moment)

    def record(self, name: str, gap: float, note: str = "") -> None:
        if STALLS is not None:  # the dumps above this line were taken during this moment
            STALLS.write(f"=== {name}: longest gap {gap * 1000:.0f} ms\n")
            STALLS.flush()
        self.results.setdefault(name, []).append(gap)
        self.cpu.setdefault(name, []).append(self.heart.longest_cpu)
        if note:
            self.notes[name] = note

    def solve(self, mode: str, show: str = "solution"):
        """Solve from the Solve action (F5) until the result shows and its replay plays."""
        w = self.w
        w.panel.set_mode(mode)
        w.panel.set_show(show)
        finished = []
        w.solveFinished.connect(finished.append)
        try:
            gap = through(self.heart, w.actions_by_name["solve"].trigger, lambda: bool(finished), timeout=300)
        finally:
            w.solveFinished.disconnect(finished.append)
        return gap, finished[0]


def kind_moments(kind_name: str, runs: int):
    """Drive one kind's largest board through every moment, ``runs`` times."""
    from PySide6.QtWidgets import QApplication

    from puzzlegui.core import files, registry, solver
    from puzzlegui.gui.window import MainWindow
    from puzzlegui.gui.jobs.worker import background_busy

    kind = registry.get(kind_name)
    heart = Heartbeat()
    heart.stalls = STALLS
    # as the launcher starts it: the window opens on a game (the first built-in, as
    # on a first run), so what a board costs only once per process is already paid
    w = MainWindow(restore=False)
    w.resize(1400, 900)
    w.documents.restore_last_game()
    w.show()
    QApplication.processEvents()
    # the previous kind's last game is restored (one data folder for the whole run); a
    # long one is read on the pool: let it land before the first moment, and the
    # window's warm-up (numpy and multiprocessing imported on the pool, 0.3 s after the
    # first show) end, as it has before a user's first click
    run_until(lambda: w.documents._reading is None and w.warmed_up and not background_busy(), 60)
    m = Moments(w, heart)
    w.replay.set_speed(2000)

    # the largest board: a new random one for the kinds whose generator makes it in a
    # separate process (the app's own path), the blank 40x40 of the report for Kurosu
    if kind_name == "kurosu":
        size = "40x40"
        state = kind.decode({"grid": ["." * 40] * 40})
        doc = files.PuzzleDoc(kind, state, meta={"title": "Kurosu 40x40, blank"})
    else:
        params = {p.name: p.default for p in kind.parameters()}
        if kind_name == "tracks":
            params.update(width=30, height=30)
        elif kind_name == "strips":
            params.update(width=12, height=12)
        elif kind_name == "rotation":
            params.update(width=10, height=10, block=2)
        size = f"{params['width']}x{params['height']}"
        if kind_name == "strips":  # its generator takes a while at 12x12: made here, once
            made = kind.generate(params, seed=1)
            state = kind.decode(made) if isinstance(made, dict) else made
        else:
            changed = []
            w.gameChanged.connect(lambda: changed.append(1))
            gap = through(heart, lambda: w.documents.generate(kind_name, params, 1),
                          lambda: w.documents.gen_task is None and changed and w.doc.kind is kind, 300)
            m.record("new random puzzle (made in a process, then shown)", gap)
            state = w.doc.state
        doc = files.PuzzleDoc(kind, state, meta={"title": f"{kind.title} {size}"})

    solution_moves = None
    for run in range(runs):
        tables_reset = None
        if kind_name == "rotation":
            # the side panel's table: a 3x3 is the largest the app tabulates; start cold
            from puzzlegui.kinds.rotation import tables

            tables_reset = tables._tables.clear
            tables_reset()
            small = kind.parse_game_id("3x3n2:7,6,5,8,4,9,3,2,1")
            from puzzlegui.kinds.rotation.qt.widget import COMPUTING

            gap = through(
                heart,
                lambda: w.load_doc(files.PuzzleDoc(kind, small, meta={"title": "3x3"})),
                lambda: w.board is not None and w.board._distance_label is not None
                and w.board._distance_label.text() not in ("", COMPUTING),
                60,
            )
            m.record("side panel 'fewest moves' (3x3 table built cold)", gap)

        gap = through(heart, lambda: w.load_doc(doc), lambda: w.doc is not None and w.board.state is not None)
        m.record("open and paint the board", gap)

        def big():
            w.resize(1900, 1200)

        gap = through(heart, big, lambda: True)
        m.record("resize the window (repaint at 1900x1200)", gap)
        w.resize(1400, 900)
        settle()

        gap, result = m.solve(solver.FIRST)
        m.record("solve, first solution only: end of solve + replay", gap,
                 f"{result.status}, {result.nodes:,} nodes, {result.elapsed:.1f} s")
        if result.solutions and solution_moves is None:
            solution_moves = tuple(kind.solution_moves(w.solving.solve_base, result.solutions[0]))
        if w.replay.loaded:
            w.replay.seek(0)
            gap = through(heart, w.replay.play, lambda: w.replay.at_end or w.replay.position > 2000, 120)
            m.record("replay playing at 2000 steps/s", gap)
            gap = through(heart, lambda: w.replay.seek(w.replay.length), lambda: True)
            m.record("jump to the replay's end", gap)
            gap = through(heart, w.apply_solution, lambda: not w.replay.loaded)
            m.record("apply the solution (one undoable step)", gap)
            gap = through(heart, w.undo, lambda: True)
            m.record("undo it", gap)

        if kind_name in ("kurosu", "strips"):
            # count all, stopped by hand: the solutions pile up, then Stop
            w.panel.set_mode(solver.ALL)
            w.panel.set_show("solution")
            w.panel.max_solutions.setValue(999_999)
            finished = []
            w.solveFinished.connect(finished.append)
            heart.start()
            w.actions_by_name["solve"].trigger()
            run_until(lambda: w.job is not None and not w.job.is_running(), COUNT_ALL_S)
            if not w.job.is_running():  # the search ended by itself: all counted
                run_until(lambda: bool(finished), 300)
                settle()
                m.record(f"count all: the whole search (< {COUNT_ALL_S:.0f} s), result + replay", heart.stop(),
                         f"{finished[0].count:,} found")
            else:
                m.record(f"count all: {COUNT_ALL_S:.0f} s of search", heart.stop())
                gap = through(heart, w.actions_by_name["stop"].trigger, lambda: bool(finished), 300)
            w.solveFinished.disconnect(finished.append)
            result = finished[0]
            if result.status == solver.STOPPED:
                m.record("count all: Stop, result + replay", gap,
                         f"{result.count:,} found, {len(result.solutions):,} kept")
            if len(result.solutions) > 1:
                last = len(result.solutions) - 1
                gap = through(heart, lambda: w.choose_solution(last),
                              lambda: w.replay.loaded and w.solution_index == last and not background_busy())
                m.record("choose another solution (its replay, at its end)", gap)
            w.back_to_game()
            settle()

        # Stop while solving the big board (Esc): how long the GUI thread waits for it
        w.panel.set_mode(solver.ALL)
        w.panel.max_solutions.setValue(999_999)
        w.actions_by_name["solve"].trigger()
        run_until(lambda: w.job is not None and (not w.job.is_running() or w.panel.nodes_label.text() not in ("–", "0")), 30)
        if w.job.is_running():
            finished = []
            w.solveFinished.connect(finished.append)
            # (the search may end on its own just before Stop: then Stop cancels the
            # preparation of its replay, and solveFinished, sent once a replay plays, never comes)
            gap = through(heart, w.actions_by_name["stop"].trigger,
                          lambda: bool(finished) or (not w.job.is_running() and not w.solving.preparing_replay
                                                     and not background_busy()), 300)
            w.solveFinished.disconnect(finished.append)
            m.record("Stop (Esc) while solving", gap)
        else:
            run_until(lambda: not background_busy(), 60)
        w.back_to_game()

        gap = through(heart, w.refresh_library, lambda: True)
        m.record("refresh the library", gap)

    if solution_moves:
        for _ in range(runs):
            m.record("reopen a game of 50,000 moves from its record", long_game_moment(w, heart, doc, solution_moves))

    for _ in range(runs):
        gap, latency = editor_moment(w, heart, kind)
        if gap is not None:
            m.record(EDITING, gap, f"edit to the answer on screen: median {latency * 1000:.0f} ms "
                                   f"(target < {ANALYSIS_TARGET * 1000:.0f} ms)")
            m.latencies.append(latency)

    w.shutdown()
    w.close()
    w.deleteLater()
    QApplication.processEvents()
    return size, m


EDITING = "edit a board: the workbench's analysis after every edit (issue 26)"
ANALYSIS_TARGET = 0.3  # seconds from an edit to its count and grade on screen
EDIT_EVERY_S = 0.12  # a quick setter's pace: one given a keystroke


def editor_board(kind):
    """A board a setter edits: 15x15 for Tracks (14x14 for Kurosu, which has even sides),
    the 10x10 Black and White grid; None for Rotation (it has no givens to take away)."""
    params = {p.name: p.default for p in kind.parameters()}
    if kind.name == "tracks":
        params.update(width=15, height=15)
    elif kind.name == "kurosu":
        params.update(width=14, height=14)
    elif kind.name == "strips":
        params.update(width=10, height=10)
    else:
        return None
    made = kind.generate(params, seed=5)
    return kind.decode(made) if isinstance(made, dict) else made


def edits(kind, state, count: int):
    """A setter's edits, one board each: givens taken away one by one; for Black and
    White (no givens) one cell recoloured and back, in turn."""
    givens = kind.givens(state)
    if givens:
        for given in givens[:count]:
            state = kind.without_given(state, given)
            yield state
        return
    from puzzlegui.kinds.strips.model import make_state

    rows = [list(row) for row in state.colours]
    for i in range(count):
        y, x = divmod(i // 2, len(rows[0]))
        rows[y][x] = "w" if rows[y][x] == "b" else "b"
        yield make_state(tuple("".join(r) for r in rows), state.strips)


def editor_moment(w, heart, kind):
    """The Edit dialog open on a setter's board; givens taken away one a keystroke
    (each an edit that starts the analysis anew and cancels the one before). Returns
    the longest heartbeat gap through it, and the median time from an edit to the
    newest analysis on screen (the last edit of each pause)."""
    from PySide6.QtCore import QTimer

    from puzzlegui.gui.dialogs import EditDialog

    state = editor_board(kind)
    if state is None:
        return None, None
    dialog = EditDialog(kind, state, w)
    dialog.show()
    shown = []
    # the count and the grade on screen: the quick answer (or the whole one, if it came first)
    dialog.analysis.counted.connect(lambda result: shown.append(time.perf_counter()))
    dialog.analysis.analysed.connect(lambda result: shown.append(time.perf_counter()))
    run_until(lambda: bool(shown), 60)  # the board as it opened: analysed once
    latencies = []
    heart.start()
    for state in edits(kind, state, 12):
        shown.clear()
        edited = time.perf_counter()
        QTimer.singleShot(0, lambda s=state: dialog.editor.load(s))
        run_until(lambda: bool(shown), 30)
        if shown:
            latencies.append(shown[0] - edited)
        settle(EDIT_EVERY_S)
    gap = heart.stop()
    dialog.close()
    dialog.deleteLater()
    settle()
    return gap, statistics.median(latencies) if latencies else float("inf")


def long_game_moment(w, heart, doc, solution_moves) -> float:
    """The longest pause while ``doc`` is opened with a history of ~50,000 moves (the
    most a game holds) read back from its record, as after a restart."""
    from puzzlegui.core import files
    from puzzlegui.core.history import MAX_MOVES, RESTART, Batch

    w.load_doc(doc)
    h = w.history
    batch = Batch(solution_moves, "solution")
    while h.weight + len(solution_moves) + 1 <= MAX_MOVES:  # made once, read back each run
        h.push(batch)
        h.push(RESTART)
    w.games.save()  # pushed on the history directly, past the game object: stored by hand
    key = w.game.key
    w.load_doc(files.load_builtin(files.builtins()[0].name))
    w.games._games.pop(key)  # forgotten, as after a restart: its record is read back
    gap = through(heart, lambda: w.load_doc(doc), lambda: w.game is not None and w.game.key == key, 120)
    assert w.history.weight > MAX_MOVES - len(solution_moves) - 2
    return gap


def print_moments(kinds, runs) -> bool:
    all_ok = True
    for kind_name in kinds:
        rows = []
        load_before = os.getloadavg()[0]
        size, m = kind_moments(kind_name, runs)
        load = max(load_before, os.getloadavg()[0])
        for moment, gaps in m.results.items():
            median = statistics.median(gaps)
            worst = max(gaps)
            ok = worst < TARGET_GAP
            all_ok &= ok
            note = m.notes.get(moment, "")
            cpu = m.cpu[moment][gaps.index(worst)]
            rows.append((moment + (f" [{note}]" if note else ""),
                         f"{median * 1000:.0f} / {worst * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)",
                         f"< {TARGET_GAP * 1000:.0f} ms", ok))
        if m.latencies:
            worst = max(m.latencies)
            rows.append((f"edit to the analysis on screen ({'15x15' if kind_name == 'tracks' else '14x14' if kind_name == 'kurosu' else '10x10'} board), worst median of {runs}",
                         f"{worst * 1000:.0f} ms", f"< {ANALYSIS_TARGET * 1000:.0f} ms", worst < ANALYSIS_TARGET))
            all_ok &= worst < ANALYSIS_TARGET
        print_table(f"GUI heartbeat ({HEARTBEAT_MS} ms timer), {kind_name} {size}: "
                    f"longest gap through each moment, median / worst of {runs}, load {load:.1f}", rows)
        sys.stdout.flush()
    return all_ok


def isolate() -> None:
    """Settings, autosaves and records in a temporary folder, never the user's; and the
    package's bytecode compiled up front, as `pip install` leaves it.  (Without it, with
    PYTHONDONTWRITEBYTECODE set, a module first imported by a worker thread is compiled
    from source while that thread holds the GIL: tens of ms the window could not answer
    that an installed app never pays.)"""
    home = tempfile.mkdtemp(prefix="puzzlegui-bench-")
    import compileall

    import puzzlegui

    sys.pycache_prefix = os.path.join(home, "pycache")
    sys.dont_write_bytecode = False
    compileall.compile_dir(os.path.dirname(puzzlegui.__file__), quiet=1)
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")):
        os.environ[var] = os.path.join(home, sub)
    # Qt's test mode keeps its folders under ~/.qttest: a home of its own, or one run's
    # games (the 50,000-move one) would be the next run's
    os.environ["HOME"] = home
    from PySide6.QtCore import QSettings, QStandardPaths

    QStandardPaths.setTestModeEnabled(True)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, os.path.join(home, "config"))


GC_LOG_S = 0.010  # --stalls FILE: a garbage collection this long is written there too


def log_collections(out) -> None:
    """Write each of the cyclic garbage collector's passes that takes GC_LOG_S or more
    into ``out``: the collector holds the GIL for the whole pass, on whichever thread
    triggered it, so a long one stops the window even from a worker thread."""
    import gc
    import threading

    started = {}

    def callback(phase, info):
        if phase == "start":
            started[threading.get_ident()] = time.perf_counter()
            return
        begun = started.pop(threading.get_ident(), None)
        if begun is not None and time.perf_counter() - begun >= GC_LOG_S:
            out.write(f"--- garbage collection of generation {info['generation']}: "
                      f"{(time.perf_counter() - begun) * 1000:.0f} ms on thread "
                      f"{threading.current_thread().name}\n")

    gc.callbacks.append(callback)


def _spin(stop) -> None:
    """A CPU-bound process: the load another program puts on the machine."""
    x = 0
    while not stop.is_set():
        for _ in range(100_000):
            x = (x * 31 + 7) % 1_000_003


def busy_processes(n: int):
    """``n`` CPU-bound processes beside the app (issue 23: the moments must stay under 50
    ms on a loaded machine too); a function that ends them."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    procs = [context.Process(target=_spin, args=(stop,), daemon=True) for _ in range(n)]
    for p in procs:
        p.start()

    def end() -> None:
        stop.set()
        for p in procs:
            p.join(5)
            if p.is_alive():
                p.terminate()
                p.join()

    return end


def main(argv) -> None:
    if "-h" in argv or "--help" in argv:
        print(__doc__)
        return 0
    busy = 2
    if "--busy" in argv:
        i = argv.index("--busy")
        busy = int(argv[i + 1])
        del argv[i : i + 2]
    end_busy = busy_processes(busy)
    try:
        print(f"{busy} CPU-bound process{'es' if busy != 1 else ''} running beside the app", flush=True)
        return _main(argv)
    finally:
        end_busy()


PATCHES = ("switch", "freeze", "gcpause")


def leave_out(names) -> None:
    """Run without the latency patches named (PATCHES), as if they had never been made."""
    import contextlib
    import importlib

    unknown = set(names) - set(PATCHES)
    if unknown:
        raise SystemExit(f"bench_app: --without takes {', '.join(PATCHES)}, not {', '.join(sorted(unknown))}")
    if "switch" in names:  # share_the_gil() lowers the interval only below this
        importlib.import_module("puzzlegui.gui.jobs.worker").GUI_SWITCH_INTERVAL = sys.getswitchinterval()
    if "freeze" in names:
        from puzzlegui.gui import startup

        startup._frozen = True  # as if frozen already: gc.freeze() is never called
    if "gcpause" in names:
        from puzzlegui.core import gcpause

        gcpause.young_only = contextlib.nullcontext
        gcpause.keep = lambda: None


def _main(argv) -> None:
    runs = 3
    if "--without" in argv:
        i = argv.index("--without")
        left_out = [n for n in argv[i + 1].split(",") if n]
        del argv[i : i + 2]
        leave_out(left_out)
        print(f"without the patches: {', '.join(left_out)}", flush=True)
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i : i + 2]
    if "--stalls" in argv:
        global STALLS
        i = argv.index("--stalls")
        STALLS = open(argv[i + 1], "w")
        del argv[i : i + 2]
        log_collections(STALLS)
    kinds = [a for a in argv if not a.startswith("-")] or ["kurosu", "tracks", "strips", "rotation"]
    isolate()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841
    rows = []
    if "--editor-only" in argv:  # only the setter's moment (issue 26), quick
        return 0 if print_editor_moments(kinds, runs) else 1
    if "--no-app" not in argv:
        start = startup_seconds("tracks-mums-2008")
        rows.append(("start-up to a shown window (Tracks seed board)", f"{start:.2f} s", "< 2 s", start < 2))
        longest, median, stop, was_running = pause_and_stop(LONG_SEARCH)
        rows.append(("GUI thread's longest pause while solving", f"{longest * 1000:.0f} ms", "< 50 ms", longest < 0.05))
        rows.append(("GUI heartbeat (5 ms timer), median gap", f"{median * 1000:.1f} ms", "< 10 ms", median < 0.01))
        rows.append(("Stop answers (search still running when asked)" if was_running else "Stop answers",
                     f"{stop * 1000:.1f} ms", "< 100 ms", stop < 0.1))
        print_table("puzzlegui app", rows)
    return 0 if print_moments(kinds, runs) and all(r[3] for r in rows) else 1


def print_editor_moments(kinds, runs) -> bool:
    """The editor moment alone, each kind on a window of its own."""
    from PySide6.QtWidgets import QApplication

    from puzzlegui.core import registry
    from puzzlegui.gui.window import MainWindow

    ok = True
    rows = []
    for kind_name in kinds:
        kind = registry.get(kind_name)
        w = MainWindow(restore=False)
        w.resize(1400, 900)
        w.show()
        QApplication.processEvents()
        run_until(lambda: w.warmed_up, 60)
        heart = Heartbeat()
        gaps, latencies = [], []
        for _ in range(runs):
            gap, latency = editor_moment(w, heart, kind)
            if gap is None:
                break
            gaps.append(gap)
            latencies.append(latency)
        w.shutdown()
        w.close()
        if not gaps:
            continue
        load = os.getloadavg()[0]
        rows.append((f"{kind_name}: longest heartbeat gap while a board is edited (load {load:.1f})",
                     f"{statistics.median(gaps) * 1000:.0f} / {max(gaps) * 1000:.0f} ms",
                     f"< {TARGET_GAP * 1000:.0f} ms", max(gaps) < TARGET_GAP))
        rows.append((f"{kind_name}: an edit to its count and grade on screen (median of 12 edits)",
                     f"{statistics.median(latencies) * 1000:.0f} / {max(latencies) * 1000:.0f} ms",
                     f"< {ANALYSIS_TARGET * 1000:.0f} ms", max(latencies) < ANALYSIS_TARGET))
    print_table(f"The setter's workbench: median / worst of {runs}", rows)
    ok = all(r[3] for r in rows)
    return ok


def print_table(title, rows) -> None:
    widths = [max(len(str(r[i])) for r in rows + [("what", "measured", "target", "ok")]) for i in range(3)]
    print(f"\n{title}")
    head = ("what", "measured", "target")
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths)) + " | ok")
    print("-+-".join("-" * w for w in widths) + "-+---")
    for what, measured, target, ok in rows:
        print(" | ".join(str(v).ljust(w) for v, w in zip((what, measured, target), widths)) + " | " + ("yes" if ok else "NO"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
