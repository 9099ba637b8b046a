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

import numpy as np

MAGIC = "puzzlegui-array-cache"
FORMAT = 1


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "puzzlegui"


def _digest(data: bytes | memoryview) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def path_for(name: str) -> Path:
    return folder() / f"{name}.cache"


def load(name: str, meta: dict) -> dict | None:
    """The arrays stored under ``name`` if the file is whole and was built for ``meta``."""
    path = path_for(name)
    try:
        with open(path, "rb") as f:
            header_line = f.readline(65536)
            header = json.loads(header_line.decode("utf-8"))
            if header.get("magic") != MAGIC or header.get("format") != FORMAT or header.get("meta") != meta:
                return None
            arrays = {}
            for entry in header["arrays"]:
                dtype = np.dtype(entry["dtype"])
                shape = tuple(entry["shape"])
                count = int(np.prod(shape, dtype=np.int64))
                raw = f.read(count * dtype.itemsize)
                if len(raw) != count * dtype.itemsize or _digest(raw) != entry["blake2b"]:
                    return None
                arrays[entry["name"]] = np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
            if f.read(1):
                return None  # trailing bytes: not the file we wrote
            return arrays
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


def store(name: str, meta: dict, arrays: dict) -> bool:
    """Write the arrays atomically; False (and nothing left behind) if that fails."""
    path = path_for(name)
    entries = []
    blobs = []
    for key, arr in arrays.items():
        arr = np.ascontiguousarray(arr)
        raw = arr.tobytes()
        entries.append({"name": key, "dtype": arr.dtype.str, "shape": list(arr.shape), "blake2b": _digest(raw)})
        blobs.append(raw)
    header = json.dumps({"magic": MAGIC, "format": FORMAT, "meta": meta, "arrays": entries}, sort_keys=True)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(header.encode("utf-8") + b"\n")
            for raw in blobs:
                f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return True
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return False
