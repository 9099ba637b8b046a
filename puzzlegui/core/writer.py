"""Files written on a thread of their own (the library's pictures), so a write never
holds up the window.  Every write is atomic (core/files.save_atomic).

Pure: the standard library and core only.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from . import files
from .kind import PuzzleError


DELETE = None  # a queued "remove this file" instead of a text to write


class Writer:
    """Writes files on a thread of its own, so a save never holds up the caller.

    Each path has at most one operation waiting: a newer text (or a removal) for the
    same path replaces the one not yet written, so a burst of saves costs one write.
    An operation is a text, DELETE, or a function that makes the text (called on the
    thread, so only the newest of a burst is ever made).  Operations on different paths are done in the order they were first queued.
    ``flush()`` returns when everything queued so far is on disk; an error met on the
    thread is kept and handed out once by ``take_error()`` (the next save reports it).
    The thread is a daemon: a process that is killed loses at most what was queued,
    and every write is atomic, so nothing on disk is ever half-written."""

    def __init__(self):
        self._pending: dict = {}  # path -> text, DELETE, or a function making the text
        self._cond = threading.Condition()
        self._busy = False
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None  # running, or None when idle
        self._last: threading.Thread | None = None

    def submit(self, path: Path, text) -> None:
        with self._cond:
            self._pending.pop(path, None)  # a newer version goes to the back of the line
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = self._last = threading.Thread(target=self._run, name="puzzlegui-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    # nothing left: end the thread (the next submit starts another), so
                    # an idle app and every test finish with no thread of ours running
                    self._thread = None
                    self._cond.notify_all()
                    return
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = True
            try:
                _write(path, text)
            except Exception as exc:  # noqa: BLE001 - kept for the next save to report; the thread must go on
                with self._cond:
                    self._error = exc if isinstance(exc, OSError | UnicodeError | PuzzleError) else OSError(
                        f"Could not write {path}: {type(exc).__name__}: {exc}"
                    )
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued is written and the thread has ended (True), or
        ``timeout`` passed (False)."""
        with self._cond:
            done = self._cond.wait_for(lambda: self._thread is None, timeout)
            last = self._last
        if done and last is not None:
            last.join(timeout)  # it has nothing left to do but return
        return done

    def take_error(self) -> Exception | None:
        with self._cond:
            error, self._error = self._error, None
            return error


def _write(path: Path, text) -> None:
    if callable(text):
        text = text()
    if text is DELETE:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    else:
        files.save_atomic(path, text, follow_links=False, make_folders=True)  # the data folder's own files: never through a link
