"""Keeping the cyclic garbage collector to short passes while a worker thread builds
something large.

A pass of the collector holds the GIL from its start to its end, on whichever thread
triggered it.  A worker that builds a large short-lived structure sets off full passes
over it: reading a game record of 50,000 moves makes ~240,000 JSON lists and dicts
(alive until the moves are replayed), and the full passes over them held the GIL, and so
the window, for up to 150 ms each (bench_app.py --stalls logs every pass over 10 ms).
Switching the collector off instead only moves the cost: everything the read leaves
behind then waits in the youngest generation, and its first pass afterwards took 94 ms.

So inside ``young_only()`` the collector keeps making its young passes (each over the few
hundred objects made since the last, keeping the young generation small) and makes no
older ones: the large structure, once it is garbage, is freed by reference counting (JSON
values hold no cycles), never scanned.

What the read leaves is large too: a 50,000-move history holds ~200,000 tuples, which
CPython untracks one nesting level per pass, so every later full pass would scan them
again (117 ms on the window's thread, measured).  ``keep()`` then takes everything alive
out of the collector's way for good (``gc.freeze``, as gui/window.py does after start-up).

Pure: the standard library only.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager

NEVER = 2**31 - 1  # a threshold no count reaches

_lock = threading.Lock()
_holders = 0  # threads inside young_only() now
_thresholds = None  # the collector's thresholds when the first of them came in


def keep() -> None:
    """Everything alive now lives on (a game just read): no later pass scans it.  Freed
    by reference counting as ever; only cyclic garbage not yet collected at this moment
    would never be (the young generation's is, first)."""
    gc.collect(0)
    gc.freeze()


@contextmanager
def young_only():
    """Only young passes while the block runs (in every thread: the thresholds are the
    process's); nested and concurrent uses are counted, the last one out restores them."""
    global _holders, _thresholds
    with _lock:
        if _holders == 0:
            _thresholds = gc.get_threshold()
            gc.set_threshold(_thresholds[0], NEVER, NEVER)
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0:
                gc.set_threshold(*_thresholds)
