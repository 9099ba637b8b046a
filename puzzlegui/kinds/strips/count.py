"""Decompositions by a frontier sweep with memoised sub-problems.  Pure: no Qt.

The cells are taken in reading order.  At cell ``i`` the state is the "frontier": which
cells from ``i`` on are already covered (by vertical strips started above, by strips
laid earlier in this row, or by the player's strips), and how many strips of each
pattern are used so far.  The first uncovered cell starts exactly one strip: a 1x1, or
one going right or down.  Every decomposition is built once that way, and two partial
cuttings with the same frontier and the same pattern counts have the same completions,
so ``walk`` remembers the number of completions of each state: a state with none is
never explored twice, and one with some is re-entered only to list its completions after
a new prefix (every entry lists at least one).  ``count`` takes the same steps forwards:
it advances all the states at cell ``i`` together, each with the number of partial
cuttings that reach it, and keeps only the states still to advance (a few cells' worth,
not the whole memo).

That is a profile dynamic programme keyed with the multiset of patterns used, as
ZDD-based counters do.  It shines when a set has few patterns with many copies each
(``len3*8``, ``at most: len4*4``): interchangeable copies make many partial cuttings
share a state, where Algorithm X (solver.py) repeats the same dead ends for each.  With
many patterns used once each (``len1*2 len4-5``: 32 patterns) the used multiset is a
subset of 32 and states hardly ever repeat; there the exact-cover search with its
pattern columns wins (solver.py, and batch.py for big grids), so the kind only lists by
sweeping when ``suits`` says so.  It counts by sweeping whatever the set: there the
search is no rival (it can only list), and small grids of such sets still count in
tenths of a second (kind.count_solutions).

``walk`` yields the same solver events as the search (Progress, Found as found), so
Stop, ``--max`` and the streaming contract are unchanged; ``count`` counts without
listing (a number the driver could not reach by listing), asking ``should_stop()`` every
millisecond or two.  Both give up beyond MEMO_LIMIT states (TooBig).
"""

from __future__ import annotations

from puzzlegui.core.solver import Found, Progress

from .model import StripsState, placements, sort_pieces

MAX_PATTERNS = 16  # a set with more patterns is left to the exact-cover search
MEMO_LIMIT = 300_000  # states kept before the sweep gives up: remembered (walk, none listed yet) or waiting (count)
PROGRESS_EVERY = 256  # states entered (and decompositions found) between Progress events: about a ms
STOP_WORK = 2048  # strips a count tries between should_stop checks: one or two ms


class TooBig(Exception):
    """The sweep outgrew its limit of remembered states: before it found anything
    (``walk``), or at any time (``count``)."""


class Stopped(Exception):
    """``should_stop()`` ended a count."""


def suits(state: StripsState) -> bool:
    """Whether the sweep is the better engine for ``state``: few patterns with several
    copies each on average, so the used multiset keys few states.  (The seed's set,
    eleven patterns once each, is five times faster in the search.)"""
    counts = state.strips.counts
    return 0 < len(counts) <= MAX_PATTERNS and state.strips.strips >= 2 * len(counts)


class Sweep:
    """One puzzle's options by cell, built once."""

    def __init__(self, state: StripsState):
        self.state = state
        cols = state.cols
        self.n = state.cell_count
        patterns = list(state.strips.patterns)
        index = {p: k for k, p in enumerate(patterns)}
        self.fixed = tuple(state.pieces)
        left = [state.remaining(p) for p in patterns]
        self.overused = any(n < 0 for n in left) or any(p not in index for p in state.used)
        self.left = [max(0, n) for n in left]
        # used counts as one integer, a bit field per pattern: adding radix[k] counts a
        # strip of pattern k, and the field (used & field[k]) reaches cap[k] when
        # pattern k is used up
        self.radix, self.field, self.cap = [], [], []
        shift = 0
        for n in self.left:
            width = n.bit_length()
            self.radix.append(1 << shift)
            self.field.append(((1 << width) - 1) << shift)
            self.cap.append(n << shift)
            shift += width
        self.full = sum(self.cap)
        self.exact = state.strips.exact
        covered = 0
        for _, cells in self.fixed:
            for x, y in cells:
                covered |= 1 << (y * cols + x)
        self.start_front = covered
        # options[i]: the strips whose first cell in reading order is i, as
        # (cells relative to i, pattern index, piece)
        self.options = [[] for _ in range(self.n)]
        for piece in placements(state.colours, state.strips):
            k = index[piece[0]]
            if not self.left[k]:
                continue
            spots = [y * cols + x for x, y in piece[1]]
            if any(covered >> s & 1 for s in spots):
                continue
            first = min(spots)
            mask = 0
            for s in spots:
                mask |= 1 << (s - first)
            self.options[first].append((mask, self.field[k], self.cap[k], self.radix[k], piece))

    def walk(self, limit: int = MEMO_LIMIT):
        """Solver events for every decomposition; TooBig if the sweep outgrows
        ``limit`` remembered states before finding one."""
        yield Progress(0)
        if self.overused:
            return
        n = self.n
        options = self.options
        exact = self.exact
        full = self.full
        fixed = self.fixed
        memo: dict = {}
        path: list = []
        counter = [0, 0]  # states entered, decompositions found

        def go(i, front, used):
            # cell i is the first uncovered one; a child is looked up in the memo
            # before a generator is made for it, so known dead ends cost one lookup
            counter[0] += 1
            if counter[0] % PROGRESS_EVERY == 0:
                yield Progress(counter[0])
            total = 0
            for mask, field, cap, one, piece in options[i]:
                if front & mask or used & field >= cap:
                    continue
                j, after, now = i + 1, (front | mask) >> 1, used + one
                skip = (~after & (after + 1)).bit_length() - 1  # cells covered already
                j += skip
                after >>= skip
                path.append(piece)
                if j >= n:
                    if not exact or now == full:
                        counter[1] += 1
                        total += 1
                        yield Found(sort_pieces(fixed + tuple(path)))
                        counter[0] += 1
                        if counter[0] % PROGRESS_EVERY == 0:
                            yield Progress(counter[0])
                elif memo.get((j, after, now)) != 0:
                    total += yield from go(j, after, now)
                path.pop()
            if len(memo) < limit:
                memo[(i, front, used)] = total
            elif not counter[1]:
                raise TooBig
            return total

        front = self.start_front
        skip = (~front & (front + 1)).bit_length() - 1
        if skip >= n:
            if not exact or full == 0:
                yield Found(sort_pieces(fixed))
        else:
            yield from go(skip, front >> skip, 0)
        yield Progress(counter[0])

    def count(self, limit: int = MEMO_LIMIT, should_stop=None) -> int:
        """The number of decompositions, by the same steps as ``walk`` taken forwards:
        the frontiers whose first uncovered cell is ``i`` are advanced together, each
        with how many partial cuttings reach it, so only the frontiers not yet advanced
        are kept.  TooBig when more than ``limit`` of them wait at once; Stopped when
        ``should_stop()`` (asked every STOP_WORK strips tried) says so."""
        if self.overused:
            return 0
        n, options, exact, full = self.n, self.options, self.exact, self.full
        front = self.start_front
        skip = (~front & (front + 1)).bit_length() - 1
        if skip >= n:
            return int(not exact or full == 0)
        # waiting[i]: frontier -> partial cuttings that reach it; a frontier is one
        # integer, the used counts shifted above the n bits of the cells covered from i on
        waiting: list = [None] * n
        waiting[skip] = {front >> skip: 1}
        cells = (1 << n) - 1
        kept = 1  # frontiers waiting
        work = total = 0
        for i in range(skip, n):
            frontiers = waiting[i]
            if frontiers is None:
                continue
            waiting[i] = None
            here = options[i]
            for key, ways in frontiers.items():
                work += len(here) + 1
                if work >= STOP_WORK:
                    work = 0
                    if should_stop is not None and should_stop():
                        raise Stopped
                front, used = key & cells, key >> n
                for mask, field, cap, one, _ in here:
                    if front & mask or used & field >= cap:
                        continue
                    after, now = (front | mask) >> 1, used + one
                    skip = (~after & (after + 1)).bit_length() - 1  # cells covered already
                    j = i + 1 + skip
                    if j >= n:
                        if not exact or now == full:
                            total += ways
                        continue
                    later = waiting[j]
                    if later is None:
                        later = waiting[j] = {}
                    state = now << n | after >> skip
                    got = later.get(state)
                    if got is None:
                        kept += 1
                        if kept > limit:
                            raise TooBig
                        later[state] = ways
                    else:
                        later[state] = got + ways
            kept -= len(frontiers)
        return total


def count(state: StripsState, limit: int = MEMO_LIMIT, should_stop=None) -> int | None:
    """The exact number of decompositions, counted without listing them; None when more
    than ``limit`` frontiers wait at once (use the search instead) or ``should_stop()``
    said so (Sweep.count)."""
    try:
        return Sweep(state).count(limit, should_stop)
    except (TooBig, Stopped):
        return None
