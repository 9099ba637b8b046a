"""One data folder, one owner: which running window process keeps the games of a folder.

A second window process on the same data folder would store its own copy of the games
the first is playing, and every later move of the first would be refused as a conflict
(or, worse, kept in two versions).  So the window process that starts first *claims* the
folder: it holds an advisory lock on ``puzzlegui.lock`` there for as long as it runs,
and a later start hands its request to it instead (gui/instance.py) and exits, as
Firefox does with its profile and Anki with its collection.

The lock is the kernel's (``flock`` on Unix, ``msvcrt.locking`` on Windows): it goes
with the process that holds it, however that process ends, so a crashed owner leaves no
stale lock behind; the process id written into the file is only for sentences.  Where
the folder cannot hold a lock file at all (read-only, or a file system without locks)
the claim is granted without one: nothing there can be written by a second copy either.

The command line never claims: it reads the store read-only, beside a running window.

Pure: the standard library only.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

try:  # Unix
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None
    import msvcrt

LOCK_NAME = "puzzlegui.lock"


class Claim:
    """This process's ownership of a data folder (``locked`` False where the folder could
    not hold a lock: granted without one)."""

    def __init__(self, folder: Path, fd: int | None):
        self.folder = folder
        self._fd = fd

    @property
    def locked(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let the folder go (the app quits); a later start claims it."""
        _held.pop(_key(self.folder), None)
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                _unlock(fd)
            with contextlib.suppress(OSError):
                os.close(fd)


#: the claims this process holds, by the folder's real path: a second claim of the same
#: folder in one process is the same claim (the lock is per open file, not per process)
_held: dict[str, Claim] = {}


def _key(folder) -> str:
    return os.path.realpath(folder)


def _lock(fd: int) -> bool:
    """True if this process now holds ``fd``'s lock, False if another process does."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def claim(folder) -> Claim | None:
    """The data folder ``folder`` for this process (made if it does not exist), or None if
    another running process holds it."""
    folder = Path(folder)
    held = _held.get(_key(folder))
    if held is not None:
        return held
    try:
        folder.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(folder / LOCK_NAME, flags, 0o600)
    except OSError:
        granted = Claim(folder, None)  # no lock file can be there: nor can a second copy write
        _held[_key(folder)] = granted
        return granted
    try:
        if not _lock(fd):
            os.close(fd)
            return None
    except OSError:  # a file system without locks: granted without one
        os.close(fd)
        granted = Claim(folder, None)
        _held[_key(folder)] = granted
        return granted
    with contextlib.suppress(OSError):  # the owner's process id, for sentences only
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    granted = Claim(folder, fd)
    _held[_key(folder)] = granted
    return granted


def owner_pid(folder) -> int | None:
    """The process id the owner of ``folder`` wrote (None if none can be read)."""
    try:
        with open(Path(folder) / LOCK_NAME, "rb") as f:
            text = f.read(32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def is_owned(folder) -> bool:
    """True if a running process (this one or another) holds ``folder``."""
    if _key(folder) in _held:
        return True
    path = Path(folder) / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        if _lock(fd):
            _unlock(fd)
            return False
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
