"""Kinds that exist to test the search process (tests/test_search_process.py).

A module of their own, without Qt: the search process imports it to find them (they
travel pickled, by reference to this module), and it must not import Qt.
"""

import sys
import threading

from puzzlegui.core import solver


class Prolific:
    """Finds 20,000 solutions as fast as Python can yield them; traced, a step before each."""

    name = "prolific"

    def solve(self, state, trace=False):
        for i in range(20_000):
            if trace:
                yield solver.Step("try", None, f"try {i}")
            yield solver.Found(i)
            if i % 100 == 0:
                yield solver.Progress(i)


class Stuck:
    """Reports one node, then blocks where no Stop can reach it (as a search stuck in C
    code would), until its process is ended."""

    name = "stuck"

    def solve(self, state, trace=False):
        yield solver.Progress(1)
        threading.Event().wait()


class Hungry:
    """Runs out of memory."""

    name = "hungry"

    def solve(self, state, trace=False):
        yield solver.Progress(1)
        raise MemoryError


class Unsendable:
    """Finds a solution that cannot be pickled back to the app."""

    name = "unsendable"

    def solve(self, state, trace=False):
        yield solver.Found(threading.Lock())


class QtProbe:
    """Its one solution: the Qt modules loaded in the process that searched."""

    name = "qtprobe"

    def solve(self, state, trace=False):
        yield solver.Found(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6")))


class Pid:
    """Its one solution: the id of the process that searched."""

    name = "pid"

    def solve(self, state, trace=False):
        import os

        yield solver.Found(os.getpid())


class Anytime:
    """Proves nothing: its one answer is the best found (kept, as the result's solution, only
    once the search has ended)."""

    name = "anytime"

    def solve(self, state, trace=False):
        yield solver.Best(("best", 16), lower=13, text="found 16 moves; at least 13 proven", final=True)
        yield solver.Progress(5)
