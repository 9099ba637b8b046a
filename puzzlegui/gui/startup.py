"""The window's start-up behind its shell (issue 31): the building in steps, one an
event-loop turn from the first paint, and the warm-up once the window is built and shown.

The launcher shows the window's shell (its menu bar and an empty centre: as quick to map
as a bare QMainWindow) and calls ``MainWindow.build_in_steps``; the window's parts (the
store, the library, the board, the last game) are then built one step a turn
(``MainWindow._building`` says the steps), so the shell is seen first and a close or a
repaint is answered between steps.  Once the window is built and shown, the warm-up
imports what an action would otherwise import the first time (the jobs door's
LATER_IMPORTS, one a turn, on the GUI thread: a close never finds one half imported) and
then, on the pool, numpy and the search process.
"""

from __future__ import annotations

import gc
import importlib
import traceback

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

BUILD_START_MS = 200  # the building starts this long after build_in_steps() if no paint came first

_frozen = False


def freeze_start_up() -> None:
    """Once a process: everything made by start-up (modules, Qt wrappers, the window)
    lives as long as the app, so it goes out of the cyclic collector's way (gc.freeze).
    A full collection then scans only what came since and takes a few ms instead of
    ~50, which in a worker thread held the GIL, and so the window, that long
    (bench_gc.py: a full pass once the window is up, 0.32 ms with it, 11.9 ms without)."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def warm_on_pool(wanted=None) -> None:
    """On the pool, once the door's LATER_IMPORTS are in: numpy, which every kind's engine
    and the library's pictures use (its C start-up holds the GIL for up to 20 ms at a time,
    which had landed on the first repaint of a large board: Kurosu 40x40 resize, 79 ms),
    and the search process, started so the first Solve finds it ready (its imports take a
    second), unless the window has begun to close meanwhile (``wanted()`` is false: asked
    under the lock that search_process.shutdown takes)."""
    import numpy

    from .jobs import search_process  # imported already, on the GUI thread (LATER_IMPORTS)

    search_process.warm(wanted)
    del numpy


class Startup(QObject):
    """One window's building in steps and its warm-up."""

    def __init__(self, window, steps):
        super().__init__(window)
        self._window = window
        self._steps = steps  # the window's _building generator
        self._stepping = False  # build_in_steps() was called: one step an event-loop turn
        self._store_note = None  # the small window said while the store waits for a lock

    # --- the building
    def step(self) -> str | None:
        """Run the next step; its name, or None once the window is built (then ``built``
        has been emitted).  Nothing is built after the window began to close."""
        w = self._window
        if w.is_built or w.closing:
            return None
        try:
            step = next(self._steps)
        except StopIteration:
            w.built.emit()
            return None
        w.buildStepped.emit(step)
        return step

    def in_steps(self) -> None:
        """One step an event-loop turn, from the window's first paint (or BUILD_START_MS
        from now if no paint comes: a window shown minimized)."""
        if not self._stepping:
            self._stepping = True
            QTimer.singleShot(BUILD_START_MS, self._start)

    def painted(self) -> None:
        """The shell is on the screen: its building goes on."""
        if self._stepping is True:
            self._start()

    def _start(self) -> None:
        if self._stepping is True:
            self._stepping = "running"
            QTimer.singleShot(0, self._later)

    def _later(self) -> None:
        try:
            more = self.step() is not None
        except Exception:  # a bug: said as before (a traceback), and the app ends with 1
            traceback.print_exc()
            QApplication.exit(1)
            return
        if more:
            QTimer.singleShot(0, self._later)

    def waiting_for_store(self, seconds: float) -> None:
        """Another program holds the games database locked at start (a backup, ``sqlite3``
        in a terminal): said in a small window of its own while the store waits for it."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QLabel

        if self._store_note is None:
            self._store_note = QLabel()
            self._store_note.setWindowTitle("puzzlegui")
            self._store_note.setTextFormat(Qt.PlainText)
            self._store_note.setMargin(16)
        self._store_note.setText(
            f"Another program is using your games database ({self._window.games_path()}); puzzlegui waits "
            f"for it to finish\u2026 ({seconds:.0f} s)"
        )
        self._store_note.show()
        QApplication.processEvents()

    def store_opened(self) -> None:
        if self._store_note is not None:
            self._store_note.close()
            self._store_note = None

    # --- the warm-up
    def warm_up(self, index: int = 0) -> None:
        """The door's LATER_IMPORTS, one an event-loop turn on the GUI thread, then
        warm_on_pool through the door.  Between events a module is never half imported
        when the window closes: imported on the pool, a close during the import found
        search_process half made and shutdown() raised out of closeEvent (issue 31)."""
        from . import jobs

        w = self._window
        if w.closing:
            return
        if index < len(jobs.LATER_IMPORTS):
            importlib.import_module(jobs.LATER_IMPORTS[index])
            QTimer.singleShot(0, lambda: self.warm_up(index + 1))
            return
        # a close retires nothing here: still_open says it to the pool, under the lock
        # search_process.shutdown takes
        named = jobs.named.WARM_UP
        warm = w.jobs.submit(w.games.ticket(named.name), named, warm_on_pool, self.still_open)
        warm.done.connect(self._warmed_up)

    def still_open(self) -> bool:
        """For the pool: False once the window's shutdown() has begun."""
        return not self._window.closing

    def _warmed_up(self, _value) -> None:
        w = self._window
        if not w.closing and w._panel is None:
            # the solver panel too, while nobody waits: made at the first Solve, its
            # widgets added ~23 ms to the moment the search starts
            w._make_panel()
        w.warmed_up = True
        w.warmedUp.emit()
