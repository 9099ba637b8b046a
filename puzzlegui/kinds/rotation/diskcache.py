"""Numpy arrays cached on disk in the user's cache folder, built once and checked on load.

The folder is ``$XDG_CACHE_HOME/puzzlegui`` (``~/.cache/puzzlegui`` when the variable is
not set).  One file per entry: a header line of JSON (a magic word, the format version,
the caller's description of what was built, and per array its dtype, shape and a
BLAKE2 checksum of its bytes), then the arrays' raw bytes.  A file whose header, size or
checksum does not match is ignored (and replaced by the next build).  Files are written
to a temporary name in the same folder and renamed into place, so a reader never sees a
half-written file, and two processes building the same entry at once both end well.

Any failure to read or write the cache (a read-only home, a full disk) only costs the
rebuild: the arrays are always returned.

Pure: numpy and the standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from ...core import safefile
from . import lazy

np = lazy.module("numpy", globals(), "np")  # not needed to read raw bytes (load_raw)

MAGIC = "puzzlegui-array-cache"
FORMAT = 1


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "puzzlegui"


def _digest(data: bytes | bytearray | memoryview) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def path_for(name: str) -> Path:
    return folder() / f"{name}.cache"


def load_raw(name: str, meta: dict) -> dict | None:
    """The arrays stored under ``name`` as ``{name: (dtype string, shape, bytearray)}`` if the
    file is whole and was built for ``meta``; no numpy needed (a small table is read
    this way by a process that has not loaded numpy)."""
    return _drive(load_raw_steps(name, meta))


READ_CHUNK = 1 << 24  # bytes read and checked between two steps of ``load_raw_steps``


def load_raw_steps(name: str, meta: dict):
    """``load_raw`` as a generator that yields (None) after every READ_CHUNK bytes read
    and checked, so that reading a big file can be interrupted; its return value is
    what ``load_raw`` returns."""
    path = path_for(name)
    try:
        with open(path, "rb") as f:
            header_line = f.readline(65536)
            header = json.loads(header_line.decode("utf-8"))
            if header.get("magic") != MAGIC or header.get("format") != FORMAT or header.get("meta") != meta:
                return None
            arrays = {}
            for entry in header["arrays"]:
                dtype = str(entry["dtype"])
                shape = tuple(int(v) for v in entry["shape"])
                count = 1
                for v in shape:
                    count *= v
                size = count * _itemsize(dtype)
                raw = bytearray(size)  # writable, so numpy can use it without a copy
                view = memoryview(raw)
                digest = hashlib.blake2b(digest_size=16)
                pos = 0
                while pos < size:
                    got = f.readinto(view[pos : pos + READ_CHUNK])
                    if not got:
                        return None  # truncated
                    digest.update(view[pos : pos + got])
                    pos += got
                    if pos < size:
                        yield None
                view.release()
                if digest.hexdigest() != entry["blake2b"]:
                    return None
                arrays[entry["name"]] = (dtype, shape, raw)
            if f.read(1):
                return None  # trailing bytes: not the file we wrote
            return arrays
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


def _drive(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def _itemsize(dtype: str) -> int:
    """Bytes per item of a numpy dtype string such as "<i8" or "|i1"."""
    digits = "".join(ch for ch in dtype if ch.isdigit())
    if not digits or dtype[:1] not in "<>|=":
        raise ValueError(f"unknown dtype {dtype!r}")
    return int(digits)


def load(name: str, meta: dict) -> dict | None:
    """The arrays stored under ``name`` if the file is whole and was built for ``meta``."""
    return _drive(load_steps(name, meta))


def load_steps(name: str, meta: dict):
    """``load`` as a generator, like ``load_raw_steps``."""
    raw = yield from load_raw_steps(name, meta)
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
    is read, and rebuilt if a crash left it short."""
    path = path_for(name)
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
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(header.encode("utf-8") + b"\n")
            for view in views:
                for pos in range(0, len(view), READ_CHUNK):
                    f.write(view[pos : pos + READ_CHUNK])
                    yield None
        safefile.replace_own(tmp, path)  # never over a FIFO or device planted at the name
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
