"""Generating a puzzle in a separate process, so that it can be cancelled at once.

A generator may take seconds (a 40x40 Kurosu, a 30x30 Tracks) and has no stop flag, so
it runs in a child process (spawned: the child imports only the pure engine, never Qt);
Cancel or closing the window terminates the child.  The window polls the pipe with a
timer, so the GUI thread never blocks on it.  The puzzle that comes back is decoded, and
the kind's board module imported, on the worker pool, so showing it costs the GUI thread
only the drawing; the finished child is reaped later, never waited for.

The child never outlives the app: it watches its parent and exits as soon as the parent
is gone, however the parent died (SIGKILL included), so no generator is left running at
100% CPU.  Each task carries the identity of the request it answers.
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.connection
import multiprocessing.spawn
import os
import time
import traceback

if os.name == "posix":  # imported with this module (off the GUI thread, by the window's warm-up)
    import multiprocessing.popen_spawn_posix

from PySide6.QtCore import QObject, QTimer, Signal


def _generate_in_child(conn, module_name, params, seed, parent_pid):
    from puzzlegui.core.search_child import exit_when_orphaned  # the search process's, too

    exit_when_orphaned(parent_pid)
    try:
        import importlib

        from puzzlegui.core.kind import PuzzleError

        kind = importlib.import_module(module_name).KIND
        try:
            state = kind.generate(params, seed)
            conn.send(("ok", kind.encode(state)))
        except PuzzleError as exc:
            conn.send(("error", str(exc)))
    except Exception as exc:  # report, never hang the parent
        conn.send(("error", f"The generator failed: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}"))
    finally:
        conn.close()


def _reap(process, tries: int = 50) -> None:
    """Collect a finished child without blocking: look again later while it exits."""
    if process.is_alive() and tries > 0:
        QTimer.singleShot(100, lambda: _reap(process, tries - 1))
    else:
        process.join(0)


def _prepare(kind_name: str, puzzle: dict):
    """On the pool: the generated puzzle decoded, and the board's module imported (its
    first import takes tens of ms), so the GUI thread only has to show it."""
    from ...core import registry
    from ...core.kind import PuzzleError
    from ..kinds import preload

    kind = registry.get(kind_name)
    preload(kind_name)
    try:
        return "ok", kind.decode(puzzle)
    except PuzzleError as exc:
        return "error", f"The generator made a puzzle that does not load: {exc}"


class GenerateTask(QObject):
    done = Signal(int, object)  # task id, the puzzle's state (decoded)
    failed = Signal(int, str)  # task id, a sentence
    elapsed = Signal(int, float)  # task id, seconds so far (about once a second)

    _live: "set[GenerateTask]" = set()
    _ids = itertools.count(1)

    def __init__(self, kind_name: str, params: dict, seed, parent=None):
        super().__init__(parent)
        from ...core import registry

        self.task_id = next(GenerateTask._ids)
        self.kind_name = kind_name
        module_name = registry.KIND_MODULES[kind_name]
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe(duplex=False)
        self._process = ctx.Process(
            target=_generate_in_child, args=(child, module_name, dict(params), seed, os.getpid()), daemon=True
        )
        self._child_conn = child
        self._started = 0.0
        self._last_elapsed = 0
        self._timer = QTimer(self)
        self._timer.setInterval(30)
        self._timer.timeout.connect(self._poll)

    def start(self) -> None:
        self._process.start()
        self._child_conn.close()
        GenerateTask._live.add(self)
        self._started = time.monotonic()
        self._timer.start()

    def running(self) -> bool:
        return self in GenerateTask._live

    def child_pid(self) -> int | None:
        return self._process.pid

    def cancel(self) -> None:
        if self.running():
            self._timer.stop()
            self._process.terminate()
            self._process.join(2)
            if self._process.is_alive():
                self._process.kill()
                self._process.join(2)
            self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        self._conn.close()
        GenerateTask._live.discard(self)
        self.deleteLater()  # the window keeps no finished task alive

    def _prepared(self, answer) -> None:
        if not self.running():  # cancelled while it was being decoded: say nothing
            return
        self._finish()
        status, value = answer
        if status == "ok":
            self.done.emit(self.task_id, value)
        else:
            self.failed.emit(self.task_id, value)

    def _poll(self) -> None:
        try:
            ready = self._conn.poll()
        except (OSError, ValueError):
            ready = False
        if ready:
            try:
                status, payload = self._conn.recv()
            except (EOFError, OSError):
                status, payload = "error", "The generator stopped without an answer."
            self._timer.stop()
            _reap(self._process)
            if status == "ok":
                from .worker import Background

                call = Background(_prepare, self.kind_name, payload)
                call.done.connect(self._prepared)
                call.failed.connect(lambda message: self._prepared(("error", f"The generated puzzle could not be shown: {message}")))
            else:
                self._finish()
                self.failed.emit(self.task_id, payload)
        elif not self._process.is_alive():
            self._process.join(0)
            self._finish()
            self.failed.emit(self.task_id, "The generator stopped without an answer.")
        else:
            seconds = time.monotonic() - self._started
            if int(seconds) > self._last_elapsed:
                self._last_elapsed = int(seconds)
                self.elapsed.emit(self.task_id, seconds)
