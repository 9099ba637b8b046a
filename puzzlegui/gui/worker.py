"""Running solver work off the GUI thread.

``SolverWorker`` runs the window's search (core/search_child.py's search_with_progress, the
same as the search process runs: gui/search_process.py) on a QThread of its own, which
ends when the search returns.  It talks to the window only through signals, and at most
~30 times a second, however many steps the search makes.
``SolveJob`` owns the thread: ``stop()`` asks the worker to stop (seen between any two
solver events, so within milliseconds) and waits for the thread to end, so nothing is
left running on Stop or on close.

Every job has a unique ``job_id`` and every signal it sends carries it, so the window can
tell the answer of the solve it waits for from a late answer of one it has given up on
(stopped, or made for a puzzle no longer shown).  A job is owned by nobody but the
window's reference to it: once its thread has ended and the window drops it, it is gone.

``Background`` runs one plain function (the replay of a solution, a distance table) on a
small thread pool and hands its return value back on the GUI thread.  It cannot be
interrupted; whoever asked simply ignores an answer it no longer wants.  A function that
reports its progress and looks at a cancel flag (reading a collection) gets both from a
``Progress``.
"""

from __future__ import annotations

import itertools
import sys
import threading
import weakref

from PySide6.QtCore import QObject, QRunnable, QThread, QThreadPool, Signal

from ..core import search_child, solver
from ..core.kind import PuzzleError
from ..core.search_child import KEEP_SOLUTIONS, MAX_RECORDED_STEPS, PROGRESS_INTERVAL  # noqa: F401 - theirs

# While a worker thread runs Python, the GUI thread must take the GIL from it for every
# event it handles; CPython hands it over only after the switch interval (5 ms by default),
# and an event often needs it several times.  Measured on a 40x40 Kurosu count (bench_app):
# the GUI thread's longest pause 130-200 ms at 5 ms, 30 ms at 0.5 ms, for a search ~5%
# slower at most.  The first Solve of a process (the solver's panel shown and laid out,
# dozens of Python calls, each waiting for the GIL, beside the search starting): worst of
# 3 runs 89-95 ms at 0.5 ms, 46-53 ms at 0.1 ms, measured back to back.  A search alone
# is not slowed: the interval only matters while another thread asks for the GIL.
GUI_SWITCH_INTERVAL = 0.0001  # seconds

# A job started "held" waits for release() before its search begins, at most this long:
# the window holds the first Solve's search until the solver's panel, shown by that
# Solve, has been laid out and painted (see SolveController.solve).
HOLD_LIMIT_S = 0.25


def share_the_gil() -> None:
    """Make worker threads hand the GIL to the GUI thread promptly (process-wide)."""
    if sys.getswitchinterval() > GUI_SWITCH_INTERVAL:
        sys.setswitchinterval(GUI_SWITCH_INTERVAL)


_job_ids = itertools.count(1)


class SolverWorker(QObject):
    progress = Signal(int, int, float, int)  # job id, nodes, elapsed seconds, solutions so far
    # job id, Result, recorded steps (a list, handed over as is), steps seen in all,
    # the sentence describing the result
    finished = Signal(int, object, object, int, str)
    failed = Signal(int, str)  # job id, a sentence: the solver could not run

    def __init__(self, kind, state, mode=solver.UNIQUE, max_solutions=1000, trace=False,
                 job_id: int = 0, time_limit: float | None = None):
        super().__init__()
        self.kind = kind
        self.state = state
        self.mode = mode
        self.max_solutions = max_solutions
        self.trace = trace
        self.job_id = job_id
        self.time_limit = time_limit if time_limit else None
        self._stop = threading.Event()
        self._go = threading.Event()  # cleared while the job is held
        self._go.set()

    def stop(self) -> None:
        """Thread-safe: the search ends at its next event (a held one does not wait)."""
        self._stop.set()
        self._go.set()

    def hold(self) -> None:
        """Before run(): the search waits for release(), at most HOLD_LIMIT_S."""
        self._go.clear()

    def release(self) -> None:
        """Thread-safe: a held search begins."""
        self._go.set()

    def run(self) -> None:
        self._go.wait(HOLD_LIMIT_S)
        job_id = self.job_id

        def report(nodes, elapsed, solutions):
            self.progress.emit(job_id, nodes, elapsed, solutions)

        try:
            # the command line's pipeline (core/solving.py), as the search process runs it
            solved = search_child.search_with_progress(
                self.kind, self.state, self.mode, self.max_solutions, trace=self.trace,
                time_limit=self.time_limit, should_stop=self._stop.is_set, report=report,
            )
        except PuzzleError as exc:
            self.failed.emit(job_id, str(exc))
            return
        except Exception as exc:  # a solver bug must not take the app down
            self.failed.emit(job_id, f"The solver failed: {type(exc).__name__}: {exc}")
            return
        self.finished.emit(job_id, solved.result, solved.steps, solved.seen, solved.sentence)


class _SolveThread(QThread):
    """Runs the worker's search, and ends when it returns.  No event loop to end: a
    thread whose event loop was ended by a queued quit() sometimes stayed up for good
    after its search (a search of microseconds, released at a paint while the window
    was idle: 1 run in 8 of a window test), and Solve never came back."""

    def __init__(self, worker: SolverWorker):
        super().__init__()
        self._worker = worker

    def run(self) -> None:
        self._worker.run()


class SolveJob(QObject):
    """One solve on one thread.  Nobody's child: the window holds the one it shows and
    drops it when the next solve starts, so a finished job is freed with its thread."""

    progress = Signal(int, int, float, int)
    finished = Signal(int, object, object, int, str)
    failed = Signal(int, str)
    ended = Signal(int)  # the thread has stopped, whatever the outcome (job id)

    _all: "weakref.WeakSet[SolveJob]" = weakref.WeakSet()

    @classmethod
    def live(cls) -> list:
        """Every job not yet garbage-collected (tests check none is left running)."""
        return list(cls._all)

    def __init__(self, kind, state, mode=solver.UNIQUE, max_solutions=1000, trace=False, parent=None,
                 time_limit: float | None = None):
        super().__init__(parent)
        SolveJob._all.add(self)
        self.job_id = next(_job_ids)
        # the worker stays on the GUI thread: its signals, sent from the solver's
        # thread, reach the window queued
        self.worker = SolverWorker(kind, state, mode, max_solutions, trace, self.job_id, time_limit)
        self.thread = _SolveThread(self.worker)
        self.thread.setObjectName(f"solver-{kind.name}-{self.job_id}")
        self.worker.progress.connect(self.progress)
        self.worker.finished.connect(self.finished)
        self.worker.failed.connect(self.failed)
        self.thread.finished.connect(self._thread_finished)

    def _thread_finished(self) -> None:
        self.ended.emit(self.job_id)

    def start(self, hold: bool = False) -> None:
        """Start the thread; ``hold``: its search waits for ``release()`` (at most
        HOLD_LIMIT_S), while the job already counts as running."""
        share_the_gil()
        if hold:
            self.worker.hold()
        self.thread.start()

    def release(self) -> None:
        """Let a held job's search begin (thread-safe; nothing if it was not held)."""
        self.worker.release()

    def is_running(self) -> bool:
        return self.thread.isRunning()

    def request_stop(self) -> None:
        """Ask the search to stop, without waiting."""
        self.worker.stop()

    def stop(self, wait_ms: int = 5000) -> bool:
        """Ask the search to stop and wait for the thread; True if it has ended.  The
        solver sees the request between two events, so this takes milliseconds."""
        self.worker.stop()
        if self.thread.isRunning():
            return self.thread.wait(wait_ms)
        return True


# --- one function off the GUI thread -------------------------------------------------------
_pool = QThreadPool()
_pool.setMaxThreadCount(2)
POOL_THREAD_NAME = "puzzlegui-pool"  # Python's name for the pool's (reused, idle-waiting) threads
_pending: set = set()  # the Background objects whose answer has not been delivered yet


class _Call(QRunnable):
    def __init__(self, handle: "Background", fn, args):
        super().__init__()
        self.setAutoDelete(True)
        self._handle = handle
        self._fn = fn
        self._args = args

    def run(self) -> None:
        threading.current_thread().name = POOL_THREAD_NAME
        handle = self._handle
        try:
            value = self._fn(*self._args)
        except Exception as exc:  # reported on the GUI thread, never raised in the pool
            from ..core.kind import PuzzleError

            # a PuzzleError is a sentence for the user already
            handle._failed.emit(str(exc) if isinstance(exc, PuzzleError) else f"{type(exc).__name__}: {exc}")
        else:
            handle._done.emit(value)
        finally:
            self._handle = None
            self._fn = self._args = None


class Background(QObject):
    """``fn(*args)`` on the pool; ``done(value)`` or ``failed(sentence)`` on the GUI thread.

    Create it on the GUI thread.  It keeps itself alive until it has answered."""

    done = Signal(object)
    failed = Signal(str)
    _done = Signal(object)  # from the pool thread, queued to this object's (GUI) thread
    _failed = Signal(str)

    def __init__(self, fn, *args):
        super().__init__()
        self._done.connect(self._deliver)
        self._failed.connect(self._deliver_failure)
        _pending.add(self)
        share_the_gil()
        _pool.start(_Call(self, fn, args))

    def _deliver(self, value) -> None:
        _pending.discard(self)
        self.done.emit(value)

    def _deliver_failure(self, message: str) -> None:
        _pending.discard(self)
        self.failed.emit(message)


class Progress(QObject):
    """How far a Background call has got, and its cancel flag, for a pure function that
    takes ``report(done, total)`` and ``cancelled()`` (core.collection's readers): both
    are called on the pool, ``reported(done, total)`` arrives on the GUI thread.  Create
    it on the GUI thread with a parent, so the pool never holds its last reference, and
    deleteLater() it once the call has answered."""

    reported = Signal(int, int)
    _reported = Signal(int, int)  # from the pool thread, queued to this object's (GUI) thread

    def __init__(self, parent=None):
        super().__init__(parent)
        self._cancel = threading.Event()
        self._reported.connect(self._deliver)

    def report(self, done: int, total: int) -> None:
        """Thread-safe."""
        if not self._cancel.is_set():
            self._reported.emit(done, total)

    def cancel(self) -> None:
        """Thread-safe: the function ends at its next ``cancelled()``; no more reports."""
        self._cancel.set()

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def _deliver(self, done: int, total: int) -> None:
        if not self._cancel.is_set():
            self.reported.emit(done, total)


def background_busy() -> bool:
    """True while a Background call has not answered yet (for tests and shutdown)."""
    return bool(_pending) or _pool.activeThreadCount() > 0


def background_calls() -> int:
    """How many Background calls have not answered yet."""
    return len(_pending)


def wait_background(ms: int = 5000) -> bool:
    """Wait for the pool's calls to end (their answers are delivered by the event loop)."""
    return _pool.waitForDone(ms)
