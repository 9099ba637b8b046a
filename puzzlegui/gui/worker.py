"""Work off the GUI thread, on a small pool of threads of the app's own process.

(A solver's search runs in a process of its own instead, gui/search_process.py: a search
holds the GIL for seconds, and on a thread the window had to share it.)

``Background`` runs one plain function (the replay of a solution, a distance table) on a
small thread pool and hands its return value back on the GUI thread.  It cannot be
interrupted; whoever asked simply ignores an answer it no longer wants.  A function that
reports its progress and looks at a cancel flag (reading a collection) gets both from a
``Progress``.
"""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


# While a pool thread runs Python (a replay being prepared, an aid's search, a long game
# read back), the GUI thread must take the GIL from it for every event it handles;
# CPython hands it over only after the switch interval (5 ms by default), and an event
# often needs it several times.  Measured when searches still ran on a thread (a 40x40
# Kurosu count): the GUI thread's longest pause 130-200 ms at 5 ms, 30 ms at 0.5 ms.  The
# pool's work is shorter, but the same holds for it while it runs.
GUI_SWITCH_INTERVAL = 0.0001  # seconds


def share_the_gil() -> None:
    """Make worker threads hand the GIL to the GUI thread promptly (process-wide)."""
    if sys.getswitchinterval() > GUI_SWITCH_INTERVAL:
        sys.setswitchinterval(GUI_SWITCH_INTERVAL)


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
