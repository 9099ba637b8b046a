"""Numpy arrays cached on disk in the user's cache folder, built once and checked on load.

The folder is ``$XDG_CACHE_HOME/puzzlegui`` (``~/.cache/puzzlegui`` when the variable is
not set).  One file per entry: a header line of JSON (a magic word, the format version,
the caller's description of what was built, and per array its dtype, shape and a
BLAKE2 checksum of its bytes), then the arrays' raw bytes.  A file whose header, size or
checksum does not match is ignored (and replaced by the next build).  Files are written
to a temporary name in the same folder and renamed into place, so a reader never sees a
half-written file, and two processes building the same entry at once both end well.

Bounded: only a regular file is read (a FIFO, device or folder in an entry's place is
neither opened for reading nor replaced: the caller builds the table in memory; a link
there is read only when it ends at a regular file, and replaced by the entry itself,
never written through, as safefile.replace_own does), and
nothing is allocated before the header's sizes are checked against the file's real size
and against the most the caller expects, so a damaged header claiming a gigabyte costs
nothing.  The folder holds at most ``max_bytes()`` (256 MiB, or PUZZLEGUI_CACHE_MAX_MB
mebibytes): an entry read is touched, and storing a new one first deletes the least
recently used until it fits; an entry bigger than the whole cap is not stored.

Any failure to read or write the cache (a read-only home, a full disk) only costs the
rebuild: the arrays are always returned.

Pure: numpy and the standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from ...core import safefile
from ...core.validate import is_digits
from . import lazy

np = lazy.module("numpy", globals(), "np")  # not needed to read raw bytes (load_raw)

MAGIC = "puzzlegui-array-cache"
FORMAT = 1
MAX_HEADER = 65536  # bytes of the header line
MAX_MB_DEFAULT = 256  # the folder's cap in MiB, unless PUZZLEGUI_CACHE_MAX_MB says otherwise
MAX_MB_VARIABLE = "PUZZLEGUI_CACHE_MAX_MB"
MAX_SCANNED = 10_000  # folder entries looked at when making room
STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a process that died


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "puzzlegui"


def _digest(data: bytes | bytearray | memoryview) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def path_for(name: str) -> Path:
    return folder() / f"{name}.cache"


def max_bytes() -> int:
    """The most bytes the folder's entries may take together: PUZZLEGUI_CACHE_MAX_MB
    mebibytes when it is a whole number (0 turns the cache off), else 256 MiB."""
    text = os.environ.get(MAX_MB_VARIABLE, "").strip()
    if is_digits(text) and len(text) <= 9:
        return int(text) << 20
    return MAX_MB_DEFAULT << 20


def load_raw(name: str, meta: dict, most: int | None = None) -> dict | None:
    """The arrays stored under ``name`` as ``{name: (dtype string, shape, bytearray)}`` if the
    file is whole and was built for ``meta``; no numpy needed (a small table is read
    this way by a process that has not loaded numpy).  ``most``: the most bytes of
    arrays the caller expects (a file claiming more is not read)."""
    return _drive(load_raw_steps(name, meta, most))


READ_CHUNK = 1 << 24  # bytes read and checked between two steps of ``load_raw_steps``
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def load_raw_steps(name: str, meta: dict, most: int | None = None):
    """``load_raw`` as a generator that yields (None) after every READ_CHUNK bytes read
    and checked, so that reading a big file can be interrupted; its return value is
    what ``load_raw`` returns.

    Only a regular file is opened (checked before, so a FIFO nobody writes is never
    waited on, and after, with O_NONBLOCK, in case it was swapped meanwhile), and the
    arrays' bytes are allocated only once the header's sizes add up to the file's."""
    path = path_for(name)
    f = _open_regular(path)
    if f is None:
        return None
    try:
        with f:
            st = os.fstat(f.fileno())
            header_line, header = _read_header(f)
            if header is None:
                return None
            if header.get("meta") != meta:
                return None
            layout = _layout(header.get("arrays"), st.st_size - len(header_line), most)
            if layout is None:
                return None
            arrays = {}
            for key, dtype, shape, size, expected in layout:
                raw = bytearray(size)  # writable, so numpy can use it without a copy
                view = memoryview(raw)
                digest = hashlib.blake2b(digest_size=16)
                pos = 0
                while pos < size:
                    got = f.readinto(view[pos : pos + READ_CHUNK])
                    if not got:
                        return None  # truncated after the size was checked
                    digest.update(view[pos : pos + got])
                    pos += got
                    if pos < size:
                        yield None
                view.release()
                if digest.hexdigest() != expected:
                    return None
                arrays[key] = (dtype, shape, raw)
            if f.read(1):
                return None  # grew after the size was checked: not the file we wrote
            _touch(f.fileno(), path)
            return arrays
    except (OSError, ValueError, RecursionError):  # RecursionError: a header nested too deep
        return None


def _open_regular(path: Path):
    """``path`` opened for reading if it is a regular file, else None: checked before
    (so a FIFO nobody writes is never waited on) and after, with O_NONBLOCK, in case it
    was swapped meanwhile."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        f = os.fdopen(os.open(path, _READ_FLAGS), "rb")
    except (OSError, ValueError):
        return None
    try:
        if stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return f
    except OSError:
        pass
    f.close()
    return None


def _read_header(f) -> tuple[bytes, dict | None]:
    """The header line and the header it holds if it is one of ours (magic and format),
    else None in its place; ValueError or RecursionError if it is not JSON."""
    line = f.readline(MAX_HEADER)
    header = json.loads(line.decode("utf-8"))
    if not isinstance(header, dict) or header.get("magic") != MAGIC or header.get("format") != FORMAT:
        return line, None
    return line, header


def _layout(entries, data_bytes: int, most: int | None):
    """The header's arrays as (name, dtype, shape, bytes, checksum), or None unless every
    field has its type and the sizes add up to exactly ``data_bytes`` and at most
    ``most``.  Sizes are summed with an early stop, so a damaged shape costs no memory."""
    if not isinstance(entries, list):
        return None
    bound = data_bytes if most is None else min(data_bytes, most)
    out = []
    total = 0
    for entry in entries:
        if not isinstance(entry, dict):
            return None
        key, dtype, shape, expected = entry.get("name"), entry.get("dtype"), entry.get("shape"), entry.get("blake2b")
        if not (isinstance(key, str) and isinstance(dtype, str) and isinstance(expected, str) and isinstance(shape, list)):
            return None
        size = _itemsize(dtype)
        for v in shape:
            if type(v) is not int or v < 0:
                return None
            size *= v
            if size > bound:
                return None
        total += size
        if total > bound:
            return None
        out.append((key, dtype, tuple(shape), size, expected))
    return out if total == data_bytes else None


def _touch(fd: int, path: Path) -> None:
    """Mark an entry used now (its times are what least-recently-used eviction reads)."""
    try:
        os.utime(fd if os.utime in os.supports_fd else path)
    except OSError:
        pass  # a read-only cache folder: the entry is still good


def _drive(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


_DTYPE = re.compile(r"[<>|=][a-zA-Z]([0-9]{1,2})")


def _itemsize(dtype: str) -> int:
    """Bytes per item of a numpy dtype string such as "<i8" or "|i1"."""
    match = _DTYPE.fullmatch(dtype)
    if match is None or int(match.group(1)) == 0:
        raise ValueError(f"unknown dtype {dtype!r}")
    return int(match.group(1))


def load(name: str, meta: dict, most: int | None = None) -> dict | None:
    """The arrays stored under ``name`` if the file is whole and was built for ``meta``
    (and holds at most ``most`` bytes of arrays)."""
    return _drive(load_steps(name, meta, most))


def load_steps(name: str, meta: dict, most: int | None = None):
    """``load`` as a generator, like ``load_raw_steps``."""
    raw = yield from load_raw_steps(name, meta, most)
    if raw is None:
        return None
    try:
        return {
            key: np.frombuffer(data, dtype=np.dtype(dtype)).reshape(shape)
            for key, (dtype, shape, data) in raw.items()
        }
    except (ValueError, TypeError):
        return None


def store(name: str, meta: dict, arrays: dict) -> bool:
    """Write the arrays atomically; False (and nothing left behind) if that fails."""
    return bool(_drive(store_steps(name, meta, arrays)))


def store_steps(name: str, meta: dict, arrays: dict):
    """``store`` as a generator that yields (None) after every READ_CHUNK bytes hashed or
    written, so that saving a big database never keeps a Stop waiting; returns True if
    the file was written.  No fsync: the file is a cache, checked by its digests when it
    is read, and rebuilt if a crash left it short.

    Nothing is written when a FIFO, device, socket or folder holds the entry's name (it
    is someone else's, and left alone), or when the entry is bigger than the whole cap;
    otherwise the least recently used entries are deleted first until it fits."""
    path = path_for(name)
    cap = max_bytes()
    if not _replaceable(path) or sum(np.asarray(arr).nbytes for arr in arrays.values()) > cap:
        return False
    entries = []
    views = []
    for key, arr in arrays.items():
        arr = np.ascontiguousarray(arr)
        view = memoryview(arr).cast("B")
        digest = hashlib.blake2b(digest_size=16)
        for pos in range(0, len(view), READ_CHUNK):
            digest.update(view[pos : pos + READ_CHUNK])
            yield None
        entries.append({"name": key, "dtype": arr.dtype.str, "shape": list(arr.shape), "blake2b": digest.hexdigest()})
        views.append(view)
    header = json.dumps({"magic": MAGIC, "format": FORMAT, "meta": meta, "arrays": entries}, sort_keys=True)
    head = header.encode("utf-8") + b"\n"
    if not _make_room(path, len(head) + sum(len(v) for v in views), cap):
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(head)
            for view in views:
                for pos in range(0, len(view), READ_CHUNK):
                    f.write(view[pos : pos + READ_CHUNK])
                    yield None
        safefile.replace_own(tmp, path)  # never over a FIFO or device put there meanwhile
        tmp = None
        return True
    except (OSError, safefile.UnsafeTarget):
        return False
    finally:
        if tmp is not None:  # stopped or failed half-way: nothing is left behind
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _replaceable(path: Path) -> bool:
    """True when nothing is at ``path``, or a regular file or a link is (a link is
    replaced, never followed, as safefile does with the app's own files); False for a
    FIFO, device, socket or folder, which someone else put there and which is left alone."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(mode) or stat.S_ISLNK(mode)


def _make_room(path: Path, need: int, cap: int, suffix: str = ".cache") -> bool:
    """Delete the least recently used entries of the folder (by the time they were last
    written or read) until ``need`` more bytes fit under ``cap``; True if they fit.

    The entry at ``path`` does not count (the new one replaces it), nor do links and
    special files (never deleted).  A temporary file counts, and is deleted only when it
    is older than STALE_TEMP_SECONDS: another process may be writing it."""
    if need > cap:
        return False
    used = 0
    candidates = []
    now = time.time()
    try:
        with os.scandir(path.parent) as it:
            for n, entry in enumerate(it):
                if n >= MAX_SCANNED:
                    break
                temp = entry.name.endswith(".tmp")
                if entry.name == path.name or not (temp or entry.name.endswith(suffix)):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode):
                    continue
                used += st.st_size
                if not temp or now - st.st_mtime > STALE_TEMP_SECONDS:
                    candidates.append((st.st_mtime, entry.name, st.st_size))
    except FileNotFoundError:
        return True  # no folder yet: nothing to make room in
    except OSError:
        return False
    candidates.sort()
    for _, entry_name, size in candidates:
        if used + need <= cap:
            break
        try:
            os.unlink(path.parent / entry_name)
        except FileNotFoundError:
            pass  # another process evicted it
        except OSError:
            continue
        used -= size
    return used + need <= cap


# --- databases: one big array per file, mapped rather than read ------------------------------
DATABASES_MB_DEFAULT = 1024  # the databases' folder's own cap: every preset's fits (734 MiB)
DATABASES_MB_VARIABLE = "PUZZLEGUI_DATABASES_MAX_MB"
ALIGN = 4096  # the header is padded to this many bytes, so the array starts on a page


def databases_folder() -> Path:
    """Where the big arrays (pattern databases) live: beside the small tables' entries,
    outside their LRU cap, under a cap of their own (``databases_max_bytes``)."""
    return folder() / "databases"


def database_path(name: str) -> Path:
    return databases_folder() / f"{name}.db"


def databases_max_bytes() -> int:
    """The most bytes the databases may take together: PUZZLEGUI_DATABASES_MAX_MB
    mebibytes when it is a whole number (0: none stored), else 1024 MiB."""
    text = os.environ.get(DATABASES_MB_VARIABLE, "").strip()
    if is_digits(text) and len(text) <= 9:
        return int(text) << 20
    return DATABASES_MB_DEFAULT << 20


def _mapped_header(path: Path, meta: dict, most: int | None):
    """(header, data offset, dtype string, shape, bytes) of a database file whose header is
    sound, was written for ``meta`` and whose size is exactly header plus array (at most
    ``most`` bytes of array); None otherwise.  Reads the header only."""
    f = _open_regular(path)
    if f is None:
        return None
    try:
        with f:
            st = os.fstat(f.fileno())
            line, header = _read_header(f)
    except (OSError, ValueError, RecursionError):
        return None
    if header is None:
        return None
    offset = header.get("offset")
    if header.get("meta") != meta or type(offset) is not int or not len(line) <= offset <= MAX_HEADER:
        return None
    layout = _layout(header.get("arrays"), st.st_size - offset, most)
    if layout is None or len(layout) != 1:
        return None
    _key, dtype, shape, size, _digest_hex = layout[0]
    return header, offset, dtype, shape, size


def open_mapped(name: str, meta: dict, most: int | None = None):
    """The array stored under ``name``, mapped read-only from its file (pages are read as
    the search touches them, and shared between processes), if the file's header was
    written for ``meta`` and its size is exactly what the header says; else None.

    Cheap: the checksum was verified when the file was written (``store_mapped``), and
    is checked again only on demand (``verify_mapped``)."""
    path = database_path(name)
    found = _mapped_header(path, meta, most)
    if found is None:
        return None
    _header, offset, dtype, shape, _size = found
    try:
        arr = np.memmap(path, dtype=np.dtype(dtype), mode="r", offset=offset, shape=shape)
    except (OSError, ValueError, TypeError):
        return None
    _touch_path(path)
    return arr


def verify_mapped(name: str, meta: dict) -> bool | None:
    """The full check on demand: True if the database's bytes match the checksum written
    with them, False if not (the file is then deleted: the next solve builds it again),
    None if there is no sound file to check."""
    path = database_path(name)
    found = _mapped_header(path, meta, None)
    if found is None:
        return None
    header, offset, _dtype, _shape, size = found
    ok = _file_digest(path, offset, size) == header["arrays"][0]["blake2b"]
    if not ok:
        try:
            os.unlink(path)
        except OSError:
            pass
    return ok


def _file_digest(path: Path, offset: int, size: int) -> str | None:
    digest = hashlib.blake2b(digest_size=16)
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            left = size
            while left:
                chunk = f.read(min(READ_CHUNK, left))
                if not chunk:
                    return None
                digest.update(chunk)
                left -= len(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _touch_path(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:
        pass


def store_mapped(name: str, meta: dict, arr):
    """Write one array as a database file (a generator yielding None between chunks, like
    ``store_steps``; returns True if stored).  Its checksum is taken in memory, the file is
    written to a temporary name, read back and checked against it once, then renamed into
    place; the least recently used databases are deleted first to keep the folder under
    ``databases_max_bytes``, and an array bigger than that cap is not stored."""
    path = database_path(name)
    cap = databases_max_bytes()
    arr = np.ascontiguousarray(arr)
    if not _replaceable(path) or arr.nbytes > cap:
        return False
    view = memoryview(arr).cast("B")
    digest = hashlib.blake2b(digest_size=16)
    for pos in range(0, len(view), READ_CHUNK):
        digest.update(view[pos : pos + READ_CHUNK])
        yield None
    expected = digest.hexdigest()
    entry = {"name": "array", "dtype": arr.dtype.str, "shape": list(arr.shape), "blake2b": expected}
    header = {"magic": MAGIC, "format": FORMAT, "meta": meta, "arrays": [entry], "offset": 0}
    probe = len(json.dumps(header, sort_keys=True).encode("utf-8")) + 16
    header["offset"] = offset = -(-probe // ALIGN) * ALIGN
    head = json.dumps(header, sort_keys=True).encode("utf-8")
    head = head + b" " * (offset - len(head) - 1) + b"\n"
    if len(head) != offset or offset > MAX_HEADER:
        return False
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _make_room(path, offset + len(view), cap, suffix=".db"):
            return False
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(head)
            for pos in range(0, len(view), READ_CHUNK):
                f.write(view[pos : pos + READ_CHUNK])
                yield None
        if _file_digest(Path(tmp), offset, len(view)) != expected:  # the once-only check
            return False
        safefile.replace_own(tmp, path)
        tmp = None
        return True
    except (OSError, safefile.UnsafeTarget):
        return False
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
