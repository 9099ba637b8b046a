"""One short computation off the GUI thread, for the player's aids.

``BackgroundCall(fn, args)`` runs ``fn(*args)`` on a thread of its own and emits
``done(token, value)`` or ``failed(token, message)`` on the GUI thread; the token is
whatever the caller gave, so the window can tell whether the answer still belongs to
the game on screen (Every background result carries the identity of the job it
answers).  The functions run here are pure and bounded by their own time limits; the
call cannot be interrupted, so ``wait()`` (on close) waits for that bound at most.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject, QThread, Signal

from ..core.kind import PuzzleError


class _Runner(QThread):
    def __init__(self, fn, args):
        super().__init__()
        self.fn = fn
        self.args = args
        self.value = None
        self.error: str | None = None

    def run(self) -> None:
        try:
            self.value = self.fn(*self.args)
        except PuzzleError as exc:
            self.error = str(exc)
        except Exception as exc:  # a bug in an aid must not take the app down
            self.error = f"That did not work: {type(exc).__name__}: {exc}"


class BackgroundCall(QObject):
    done = Signal(object, object)  # token, value
    failed = Signal(object, str)  # token, a sentence

    _live: "weakref.WeakSet[BackgroundCall]" = weakref.WeakSet()

    def __init__(self, token, fn, args=(), parent=None):
        super().__init__(parent)
        self.token = token
        self._runner = _Runner(fn, tuple(args))
        self._runner.setObjectName("aid")
        self._runner.finished.connect(self._finished)
        BackgroundCall._live.add(self)

    @classmethod
    def running(cls) -> list:
        return [c for c in cls._live if c.is_running()]

    def start(self) -> None:
        self._runner.start()

    def is_running(self) -> bool:
        return self._runner.isRunning()

    def wait(self, ms: int = 15000) -> bool:
        return self._runner.wait(ms)

    def _finished(self) -> None:
        runner = self._runner
        if runner.error is not None:
            self.failed.emit(self.token, runner.error)
        else:
            self.done.emit(self.token, runner.value)
        self.deleteLater()
