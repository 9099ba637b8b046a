"""Generating a puzzle in a separate process, so that it can be cancelled at once.

A generator may take seconds (a 40x40 Kurosu, a 30x30 Tracks) and has no stop flag, so
it runs in a child process (spawned: the child imports only the pure engine, never Qt);
Cancel or closing the window terminates the child.  The window polls the pipe with a
timer, so the GUI thread never blocks on it.
"""

from __future__ import annotations

import multiprocessing
import traceback

from PySide6.QtCore import QObject, QTimer, Signal


def _generate_in_child(conn, module_name, params, seed):
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


class GenerateTask(QObject):
    done = Signal(dict)  # the puzzle section, ready for kind.decode
    failed = Signal(str)

    _live: "set[GenerateTask]" = set()

    def __init__(self, kind_name: str, params: dict, seed, parent=None):
        super().__init__(parent)
        from ..core import registry

        module_name = registry.KIND_MODULES[kind_name]
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe(duplex=False)
        self._process = ctx.Process(
            target=_generate_in_child, args=(child, module_name, dict(params), seed), daemon=True
        )
        self._child_conn = child
        self._timer = QTimer(self)
        self._timer.setInterval(30)
        self._timer.timeout.connect(self._poll)

    def start(self) -> None:
        self._process.start()
        self._child_conn.close()
        GenerateTask._live.add(self)
        self._timer.start()

    def running(self) -> bool:
        return self in GenerateTask._live

    def cancel(self) -> None:
        if self.running():
            self._timer.stop()
            self._process.terminate()
            self._process.join(2)
            self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        self._conn.close()
        GenerateTask._live.discard(self)

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
            self._process.join(2)
            self._finish()
            (self.done if status == "ok" else self.failed).emit(payload)
        elif not self._process.is_alive():
            self._process.join(0)
            self._finish()
            self.failed.emit("The generator stopped without an answer.")
