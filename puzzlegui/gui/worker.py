"""Running a solver off the GUI thread.

``SolverWorker`` lives on its own QThread and drives the kind's solver generator through
``core.solver.run``.  It talks to the window only through signals, and at most ~30 times a
second, however many steps the search makes.  ``SolveJob`` owns the thread: ``stop()``
asks the worker to stop (seen between any two solver events, so within milliseconds) and
waits for the thread to end, so nothing is left running on Stop or on close.
"""

from __future__ import annotations

import threading
import time
import weakref

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..core import solver
from ..core.kind import PuzzleError

PROGRESS_INTERVAL = 1 / 30  # seconds between progress signals
MAX_RECORDED_STEPS = 200_000  # "show the search" replays at most this many steps


class SolverWorker(QObject):
    progress = Signal(int, float, int)  # nodes, elapsed seconds, solutions so far
    finished = Signal(object, list, int)  # Result, recorded steps, steps seen in all
    failed = Signal(str)  # a sentence: the solver could not run

    def __init__(self, kind, state, mode=solver.UNIQUE, max_solutions=1000, trace=False):
        super().__init__()
        self.kind = kind
        self.state = state
        self.mode = mode
        self.max_solutions = max_solutions
        self.trace = trace
        self._stop = threading.Event()

    def stop(self) -> None:
        """Thread-safe: the search ends at its next event."""
        self._stop.set()

    @Slot()
    def run(self) -> None:
        steps: list = []
        seen = 0
        solutions = 0
        nodes = 0
        started = time.perf_counter()
        last_emit = 0.0

        def tick(force=False):
            nonlocal last_emit
            now = time.perf_counter()
            if force or now - last_emit >= PROGRESS_INTERVAL:
                last_emit = now
                self.progress.emit(nodes, now - started, solutions)

        def on_step(step):
            nonlocal seen
            seen += 1
            if len(steps) < MAX_RECORDED_STEPS:
                steps.append(step)
            tick()

        def on_found(_solution):
            nonlocal solutions
            solutions += 1
            # the first solution shows at once; after that, a search finding thousands
            # a second must not flood the GUI thread with one signal each
            tick(force=solutions == 1)

        def on_progress(n):
            nonlocal nodes
            nodes = n
            tick()

        try:
            result = solver.run(
                self.kind.solve(self.state, trace=self.trace),
                mode=self.mode,
                max_solutions=self.max_solutions,
                should_stop=self._stop.is_set,
                on_step=on_step if self.trace else None,
                on_found=on_found,
                on_progress=on_progress,
            )
        except PuzzleError as exc:
            self.failed.emit(str(exc))
            return
        except Exception as exc:  # a solver bug must not take the app down
            self.failed.emit(f"The solver failed: {type(exc).__name__}: {exc}")
            return
        nodes = max(nodes, result.nodes)
        tick(force=True)
        self.finished.emit(result, steps, seen)


class SolveJob(QObject):
    """One solve on one thread; the window keeps at most one alive."""

    progress = Signal(int, float, int)
    finished = Signal(object, list, int)
    failed = Signal(str)
    ended = Signal()  # the thread has stopped, whatever the outcome

    _all: "weakref.WeakSet[SolveJob]" = weakref.WeakSet()

    @classmethod
    def live(cls) -> list:
        """Every job not yet garbage-collected (tests check none is left running)."""
        return list(cls._all)

    def __init__(self, kind, state, mode=solver.UNIQUE, max_solutions=1000, trace=False, parent=None):
        super().__init__(parent)
        SolveJob._all.add(self)
        self.thread = QThread()
        self.thread.setObjectName(f"solver-{kind.name}")
        self.worker = SolverWorker(kind, state, mode, max_solutions, trace)
        self.worker.moveToThread(self.thread)
        self.thread.started.connect(self.worker.run)
        self.worker.progress.connect(self.progress)
        self.worker.finished.connect(self.finished)
        self.worker.failed.connect(self.failed)
        self.worker.finished.connect(self.thread.quit)
        self.worker.failed.connect(self.thread.quit)
        self.thread.finished.connect(self.ended)

    def start(self) -> None:
        self.thread.start()

    def is_running(self) -> bool:
        return self.thread.isRunning()

    def stop(self, wait_ms: int = 5000) -> bool:
        """Ask the search to stop and wait for the thread; True if it has ended."""
        self.worker.stop()
        if self.thread.isRunning():
            self.thread.quit()
            return self.thread.wait(wait_ms)
        return True
