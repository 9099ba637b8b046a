"""Every file puzzlegui writes is written here, so that nothing else is ever touched.

The rules (issue 22):

* Only an ordinary file, or a name that is free, is written.  A folder, FIFO, device or
  socket at the name, or a link to one, is refused with a sentence (UnsafeTarget) before
  anything is written: it is never opened, never replaced by a file.
* The file is written whole to a temporary file in the same folder, flushed to disk,
  then moved into place, so a crash leaves the old file or the new one, never half.
* A free name is taken with ``os.link(temp, name)``, which fails if the name was taken
  meanwhile (EEXIST): a file that appears between the check and the write is never
  replaced.  An existing file is looked at again (lstat) right before os.replace.
* A link named by the user is written through to an ordinary file at its end (the
  link stays); a link to nothing is refused, since writing through it would create a
  file wherever it points.  The app's own files (``follow_links=False``, or any file in
  a folder declared with ``own_folder``) are never written through a link: a link there
  is replaced by the file itself.
* ``overwrite=False`` asks for a new file: a name that is taken, even at the last moment,
  raises TargetExists and nothing is written.

Pure: the standard library only.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from . import validate
from .kind import PuzzleError

ONLY_FILES = "puzzlegui writes only ordinary files."

#: errors of os.link on a file system without hard links (FAT, some network and FUSE
#: file systems): a new file is then made with O_CREAT | O_EXCL and written in place
_NO_HARD_LINKS = frozenset(
    code for code in (
        getattr(errno, "EPERM", None), getattr(errno, "ENOTSUP", None), getattr(errno, "EOPNOTSUPP", None),
        getattr(errno, "ENOSYS", None), getattr(errno, "EMLINK", None), getattr(errno, "EXDEV", None),
    ) if code is not None
)


class UnsafeTarget(PuzzleError):
    """The name is not an ordinary file (or a link to one): refused, left as it is."""


class TargetExists(PuzzleError):
    """A new file was asked for (``overwrite=False``) and the name is taken."""

    def __init__(self, message: str, path):
        super().__init__(message)
        self.path = path


_own: frozenset = frozenset()  # real paths of the folders whose files are the app's own


def own_folder(folder) -> None:
    """Declare that the files directly in ``folder`` are the app's own (the data folder,
    its thumbnails): whoever writes one there, a link at its name is replaced by the
    file and never followed.  Its subfolders are not included."""
    global _own
    _own = _own | {os.path.realpath(os.path.abspath(folder))}


def _shown(path) -> str:
    """A path as a message shows it: on one line, undecodable bytes escaped."""
    return validate.safe_text(os.fsdecode(path) if isinstance(path, bytes) else str(path))


def _what(mode: int) -> str | None:
    """What a file of ``mode`` is, in words, if it is not an ordinary file or a link."""
    if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not an ordinary file"


def describe(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a FIFO (a named pipe)", "a device", ...)."""
    return _what(mode) or "an ordinary file"


def _lstat(path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


NEW, FILE, LINK = "new", "file", "link"  # what is at the name to be written


def target(path, follow_links: bool = True, overwrite: bool = True, make_folders: bool = False) -> tuple[Path, str]:
    """The file that writing ``path`` would write, and what is there now: NEW (nothing),
    FILE (an ordinary file) or LINK (a link, which the file will replace).

    UnsafeTarget if it is anything else or a link to anything else (or to nothing);
    TargetExists if it is taken and ``overwrite`` is False.  The folders on the way may
    be links (they are the user's own path); only the last name is judged.  Nothing is
    written: the command line asks this before it spends time making what it writes.
    The folder must exist (a mistyped folder is said, never made) unless ``make_folders``
    (the app's own files in its data folder)."""
    try:
        return _judge(path, follow_links, overwrite, make_folders)
    except PuzzleError:
        raise
    except ValueError:  # a NUL in the name, or a name the file system cannot encode
        raise PuzzleError(f"{_shown(path)} is not a name a file can have.") from None


def _judge(path, follow_links: bool, overwrite: bool, make_folders: bool = False) -> tuple[Path, str]:
    name = _shown(path)
    raw = os.fspath(path)
    if isinstance(raw, bytes):
        raw = os.fsdecode(raw)
    if not raw:
        raise UnsafeTarget(f"An empty name is not a file's name; {ONLY_FILES}")
    base = os.path.basename(raw)
    if base in ("", ".", "..") or raw.endswith(tuple(s for s in (os.sep, os.altsep) if s)):
        raise UnsafeTarget(f"{name} names a folder, not a file; {ONLY_FILES}")
    folder = os.path.realpath(os.path.dirname(os.path.abspath(raw)))
    if not make_folders and not os.path.isdir(folder):
        raise UnsafeTarget(f"The folder {_shown(os.path.dirname(os.path.abspath(raw)))} does not exist (puzzlegui "
                           "makes no folder for what it writes): make it first, or choose another.")
    place = os.path.join(folder, base)
    if folder in _own:
        follow_links = False
    st = _lstat(place)
    if st is None:
        return Path(place), NEW
    if stat.S_ISLNK(st.st_mode):
        if not follow_links:
            if not overwrite:
                raise TargetExists(f"{name} already exists.", Path(place))
            return Path(place), LINK
        end = os.path.realpath(place)
        end_st = _lstat(end)
        if end_st is None:
            raise UnsafeTarget(
                f"{name} is a link to {_shown(end)}, which does not exist; "
                "puzzlegui writes through a link only to an ordinary file."
            )
        if stat.S_ISLNK(end_st.st_mode):
            raise UnsafeTarget(f"{name} is a link that goes round in a loop; {ONLY_FILES}")
        what = _what(end_st.st_mode)
        if what:
            raise UnsafeTarget(f"{name} is a link to {_shown(end)}, {what}, not a file; {ONLY_FILES}")
        if not overwrite:
            raise TargetExists(f"{name} already exists.", Path(end))
        return Path(end), FILE
    what = _what(st.st_mode)
    if what:
        raise UnsafeTarget(f"{name} is {what}, not a file; {ONLY_FILES}")
    if not overwrite:
        raise TargetExists(f"{name} already exists.", Path(place))
    return Path(place), FILE


def new_file_mode() -> int:
    """The mode a new file gets from the umask (0644 with the usual 022)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write(path, data: bytes | str, follow_links: bool = True, overwrite: bool = True,
          make_folders: bool = False) -> Path:
    """Write ``data`` to ``path`` by the rules above; returns the file written (the end
    of a link that was followed).  UnsafeTarget or TargetExists (PuzzleErrors, with a
    sentence) when the name is refused; OSError when the disk says no.  The file keeps
    its mode, or gets the umask's when it is new (mkstemp's is 0600).  Temp files that
    a killed write of the same name left behind are removed."""
    data = data if isinstance(data, bytes) else data.encode("utf-8")  # fails before any write
    where, found = target(path, follow_links, overwrite, make_folders)
    if make_folders:
        where.parent.mkdir(parents=True, exist_ok=True)
    mode = new_file_mode()
    if found == FILE:
        try:
            mode = os.stat(where).st_mode & 0o7777
        except OSError:
            pass
    prefix = f".{where.name}."
    _remove_stale_temp_files(where.parent, prefix)
    tmp = _write_temp(where.parent, prefix, data, mode)
    moved = False
    try:
        moved = _place(tmp, where, data, mode, found, overwrite, _shown(path))
    finally:
        if not moved:  # refused, failed, or a second name after os.link
            try:
                os.unlink(tmp)
            except OSError:
                pass
    try:  # make the rename (or the new name) itself durable
        dir_fd = os.open(where.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass
    return where


def _write_temp(folder: Path, prefix: str, data: bytes, mode: int) -> str:
    """A new temp file in ``folder`` holding ``data``, on disk; its name."""
    import tempfile  # only a write needs it (and its imports: shutil, random, ...)

    fd, tmp = tempfile.mkstemp(prefix=f"{prefix}{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return tmp


def _place(tmp: str, where: Path, data: bytes, mode: int, found: str, overwrite: bool, name: str) -> bool:
    """Put the written ``tmp`` at ``where``, judging the name again at this moment: it
    may have been taken, removed or replaced by something else since it was checked.
    True if ``tmp`` was moved there (os.replace), False if it was linked (``tmp`` stays)."""
    for _ in range(2):  # the second look: a name taken meanwhile, when overwriting is allowed
        st = _lstat(where)
        if st is None:
            try:
                _link_new(tmp, where, data, mode)
                return False
            except FileExistsError:
                if not overwrite:
                    raise TargetExists(f"{name} already exists.", where) from None
                continue
        what = _what(st.st_mode)
        if what:
            raise UnsafeTarget(f"{name} became {what} while it was written; nothing was written. {ONLY_FILES}")
        if stat.S_ISLNK(st.st_mode) and found != LINK:
            # a followed link's end, or a free name, became a link meanwhile
            raise UnsafeTarget(f"{name} became a link while it was written; nothing was written.")
        if not overwrite:
            raise TargetExists(f"{name} already exists.", where)
        os.replace(tmp, where)
        return True
    raise UnsafeTarget(f"{name} kept changing while it was written; nothing was written.")


def replace_own(tmp, path) -> None:
    """Move a finished temp file ``tmp`` (written by the caller, in the same folder) over
    ``path``, one of the app's own files (a cache): a link at ``path`` is replaced, since
    a rename never follows one; a folder, FIFO, device or socket there is refused
    (UnsafeTarget) and left as it is.  For a writer that streams its file itself."""
    st = _lstat(path)
    what = _what(st.st_mode) if st is not None else None
    if what:
        raise UnsafeTarget(f"{_shown(path)} is {what}, not a file; {ONLY_FILES}")
    os.replace(tmp, path)


def _link_new(tmp: str, where: Path, data: bytes, mode: int) -> None:
    """Give the written ``tmp`` the free name ``where``; FileExistsError if it is taken."""
    try:
        os.link(tmp, where)
        return
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
    # no hard links here: take the name exclusively (never through a link) and write it
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(where, flags, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        try:
            os.unlink(where)  # ours: made a moment ago with O_EXCL
        except OSError:
            pass
        raise


def _remove_stale_temp_files(folder: Path, prefix: str) -> None:
    """Temp files of this name whose writer is gone: a write that was killed midway.

    A temp file's name carries its writer's process id, so a write running right now in
    another puzzlegui is left alone."""
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid_text = name[len(prefix) :].partition(".")[0]
        if pid_text.isascii() and pid_text.isdigit() and _process_alive(int(pid_text)):
            continue
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process writes one file of a name at a time
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True
