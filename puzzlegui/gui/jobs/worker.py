"""Work off the GUI thread, on a small pool of threads of the app's own process.

(A solver's search runs in a process of its own instead, gui/search_process.py: a search
holds the GIL for seconds, and on a thread the window had to share it.)

``Background`` runs one plain function (the replay of a solution, a distance table) on a
small thread pool and hands its return value back on the GUI thread.  It cannot be
interrupted; whoever asked simply ignores an answer it no longer wants.  A function that
reports its progress and looks at a cancel flag (reading a collection) gets both from a
``Progress``.

The pool's threads are Python daemon threads, not a QThreadPool's: quitting never waits
for work whose answer nobody wants any more (a replay being prepared, an aid's search).
A QThreadPool is joined when it is destroyed, so the app's exit waited for whatever was
running, and the window's shutdown waited for it too (up to 15 s) to be safe.
"""

from __future__ import annotations

import queue
import sys
import threading

from PySide6.QtCore import QObject, Signal


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
POOL_THREADS = 2
POOL_THREAD_NAME = "puzzlegui-pool"  # Python's name for the pool's (reused, idle-waiting) threads
_pending: set = set()  # the Background objects whose answer has not been delivered yet


class _Pool:
    """At most ``size`` daemon threads taking calls in order from a queue, as many as
    there are calls to run; a thread once started waits for the next call for the rest
    of the process."""

    def __init__(self, size: int):
        self._size = size
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Condition()
        self._threads = 0
        self._unfinished = 0  # calls queued or running

    def start(self, call: "_Call") -> None:
        with self._lock:
            self._unfinished += 1
            if self._unfinished > self._threads and self._threads < self._size:
                self._threads += 1
                threading.Thread(target=self._work, name=POOL_THREAD_NAME, daemon=True).start()
        self._calls.put(call)

    def _work(self) -> None:
        while True:
            call = self._calls.get()
            try:
                call.run()
            except RuntimeError:  # its answer's object is gone (the window closed): nobody wants it
                pass
            finally:
                del call
                with self._lock:
                    self._unfinished -= 1
                    self._lock.notify_all()

    def busy(self) -> bool:
        with self._lock:
            return self._unfinished > 0

    def wait(self, ms: int) -> bool:
        """Wait until no call is queued or running (at most ``ms``); True if none is."""
        with self._lock:
            return self._lock.wait_for(lambda: self._unfinished == 0, ms / 1000)


_pool = _Pool(POOL_THREADS)


class _Call:
    def __init__(self, handle: "Background", fn, args):
        self._handle = handle
        self._fn = fn
        self._args = args

    def run(self) -> None:
        handle = self._handle
        try:
            value = self._fn(*self._args)
        except Exception as exc:  # reported on the GUI thread, never raised in the pool
            from ...core.kind import PuzzleError

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
    return bool(_pending) or _pool.busy()


def background_calls() -> int:
    """How many Background calls have not answered yet."""
    return len(_pending)


def wait_background(ms: int = 5000) -> bool:
    """Wait for the pool's calls to end (their answers are delivered by the event loop)."""
    return _pool.wait(ms)
