"""Taking away the givens a puzzle does not need, by halving.  No Qt.

A generator that has a puzzle its deductions finish takes givens away one at a time, in
a random order, each for good if the deductions still finish the rest.  Deducing every
trial from scratch costs one whole solve per given; ``kept`` gets the same answer (when
more givens never deduce less) with about two incremental solves per given: the order
is halved again and again, a board holding every given outside a half (those still kept
before it, all after it) is deduced once, from its parent's board with only the added
givens, and a half is taken away at once when its board is finished already.  The
caller grades its result from scratch all the same.
"""

from __future__ import annotations


def kept(order: list, root, with_more, finished) -> list:
    """The givens of ``order`` (already in the random order) that stay.  ``root``: the
    board with none of them, deduced; ``with_more(board, givens)``: a new board, deduced,
    with ``givens`` added to ``board`` (which it leaves as it is); ``finished(board)``:
    whether the deductions finished it."""

    def part(lo: int, hi: int, board) -> list:
        if finished(board):
            return []
        if hi - lo == 1:
            return order[lo:hi]
        mid = (lo + hi) // 2
        first = part(lo, mid, with_more(board, order[mid:hi]))
        # (with none of the first half kept, the second half's board is this one)
        return first + part(mid, hi, with_more(board, first) if first else board)

    return part(0, len(order), root) if order else []
