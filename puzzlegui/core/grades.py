"""What a puzzle is by its kind's one grader: its size and level, remembered by game key.
No Qt.

The library's lines and the Statistics dialog both show a puzzle's level, and grading
can take a while on a big board, so both work it out off the GUI thread (``facts_of``)
and keep it here from the GUI thread (``BOOK.keep``): one book for both, so a puzzle
graded for one is known to the other at once.  The book is bounded: the oldest facts
are forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict

KEPT = 5000  # puzzles remembered


def facts_of(kind, state) -> tuple[str, str]:
    """(size, level) of a puzzle: "8x8" (kind.size_of, "" when it has no one size) and
    the kind's grade name (kind.level_name; "" for a kind without levels)."""
    dims = kind.size_of(state)  # (without grading: params_of grades some kinds)
    size = f"{dims[0]}x{dims[1]}" if dims is not None else ""
    grader = getattr(kind, "level_name", None)
    return size, (grader(state) if grader is not None else "")


class Book:
    """Game key -> (size, level), at most ``kept`` of them, the oldest forgotten first."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self._facts: OrderedDict = OrderedDict()

    def get(self, key: str) -> tuple[str, str] | None:
        return self._facts.get(key)

    def __contains__(self, key: str) -> bool:
        return key in self._facts

    def keep(self, key: str, facts: tuple[str, str]) -> None:
        self._facts[key] = facts
        self._facts.move_to_end(key)
        while len(self._facts) > self.kept:
            self._facts.popitem(last=False)

    def clear(self) -> None:
        self._facts.clear()


BOOK = Book()
