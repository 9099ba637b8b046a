"""Random Strips puzzles with exactly one decomposition.  Pure: no Qt.

Work backwards from an answer: choose which strips to use (all of an exact set; for an
"at most" set, all but a random few whose cells add up to the spare cells), tile the
grid with strips of those lengths, give every strip one of the chosen patterns turned
either way, and read off the colours.  That grid has at least the decomposition it was
built from (the "answer"); the solver counts the others.

Random grids have many decompositions, so three things steer towards one:

* The tiling never puts two strips end to end in a line when their joined length is a
  length the set has in full: the joined pattern is then some strip z of the answer,
  and cutting z where the two meet while joining the two gives a second decomposition
  whatever the colours are.
* Local repairs: when a cell can move from one strip to the strip it continues (the
  cut slides along a line, or a corner cell changes hands) and the two new patterns are
  allowed, the grid is ambiguous; swapping or turning patterns removes those cases.
* A hill climb: while the solver still finds another decomposition, change the
  patterns of strips where it differs from the answer (swap two of the same length,
  turn one around, or use a spare pattern instead) and keep changes that do not raise
  the number of decompositions.  A climb that stalls starts again from a new tiling.

Sets of a single length (``len3*2``, ``len5``, ``at most: len4*2``) tile rigidly and are
almost always unique at the first try; mixed lengths need the climb.  On big grids a
single count of decompositions of a mixed set takes seconds, so the climb rarely ends
within the time limit: those requests are refused at once with a set that works.

The time limit is kept: every count of decompositions watches the deadline between the
solver's events (a few milliseconds apart), so the generator gives up within moments
of it.  An optional ``progress`` callback hears a short sentence at each stage.
"""

from __future__ import annotations

import random
import time

from typing import Callable

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import Found
from puzzlegui.core.text import plural

from . import solver
from .model import MAX_SIDE, make_state
from .stripset import StripSet, canonical, count_of_length, family, format_set

TILING_NODES = 20_000  # a tiling search that gets stuck is restarted rather than pursued
SOLUTION_CAP = 12  # decompositions counted at the start of a climb
STALL = 30  # climb steps without improvement before starting again
REPAIRS = 200  # local repair steps per attempt
MIXED_CELLS = 100  # grids above this many cells with strips of several lengths are refused
SECONDS = 20.0  # the default time limit


class _OutOfTime(Exception):
    """The deadline passed in the middle of a count."""


def _solutions(state, limit: int, deadline: float) -> list:
    """Up to ``limit`` decompositions of ``state``; _OutOfTime once ``deadline`` passes
    (checked at every solver event, a few milliseconds of work apart)."""
    out = []
    events = solver.solve(state)  # the sweep where it suits the set, else the exact-cover search
    try:
        for event in events:
            if time.perf_counter() >= deadline:
                raise _OutOfTime
            if type(event) is Found:
                out.append(event.solution)
                if len(out) >= limit:
                    break
    finally:
        events.close()
    return out


def _lengths(strips: StripSet) -> set[int]:
    return {len(p) for p in strips.patterns}


def one_length_set(cols: int, rows: int) -> StripSet | None:
    """A set of strips of one length (3 to 5) that can cut a ``cols`` x ``rows`` grid:
    the kind of set the generator makes unique quickly."""
    cells = cols * rows
    for length in (5, 4, 3):
        if length > max(cols, rows) or cells % length:
            continue
        copies = -(-(cells // length) // count_of_length(length))
        if copies * count_of_length(length) * length == cells:
            return family({length: copies})
        return family({length: copies}, exact=False)
    return None


def rarely_unique(cols: int, rows: int, strips: StripSet) -> str | None:
    """Why the generator would rarely make this request within its limit, or None.

    Strips of several lengths (1x1s aside) on a grid of more than MIXED_CELLS cells:
    each count of its decompositions takes seconds, and the climb needs dozens."""
    if cols * rows <= MIXED_CELLS or len(_lengths(strips) - {1}) <= 1:
        return None
    other = one_length_set(cols, rows)
    instead = (
        f"choose strips of one length, such as '{format_set(other)}'"
        if other is not None
        else "choose strips of one length on a grid whose cell count it divides, or a smaller grid"
    )
    return (
        f"A {cols}x{rows} grid cut into strips of several lengths ({format_set(strips)}) rarely gets "
        f"exactly one decomposition in reasonable time; {instead}."
    )

Cell = tuple[int, int]


def choose_strips(strips: StripSet, cells: int, rng: random.Random) -> list[str] | None:
    """The patterns one puzzle uses, one entry per strip, covering exactly ``cells``."""
    copies = [p for p, n in strips.counts for _ in range(n)]
    if strips.exact:
        return copies if strips.cells == cells else None
    spare = strips.cells - cells
    if spare < 0:
        return None
    rng.shuffle(copies)
    dropped: list[int] = []
    budget = [TILING_NODES]

    def drop(i: int, left: int) -> bool:
        # a random subset of the copies with exactly ``left`` cells, to leave unused
        if left == 0:
            return True
        budget[0] -= 1
        if i == len(copies) or budget[0] < 0:
            return False
        if len(copies[i]) <= left:
            dropped.append(i)
            if drop(i + 1, left - len(copies[i])):
                return True
            dropped.pop()
        return drop(i + 1, left)

    if not drop(0, spare):
        return None
    gone = set(dropped)
    return [p for i, p in enumerate(copies) if i not in gone]


def _across(line) -> bool:
    return len(line) == 1 or line[0][1] == line[1][1]


def _ends(line) -> list[tuple[Cell, Cell]]:
    """(end cell, the cell beyond it in line) for both ends; a 1x1 looks all four ways."""
    if len(line) == 1:
        (x, y) = line[0]
        return [((x, y), (x + dx, y + dy)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    (x0, y0), (x1, y1) = line[0], line[-1]
    if _across(line):
        return [((x0, y0), (x0 - 1, y0)), ((x1, y1), (x1 + 1, y1))]
    return [((x0, y0), (x0, y0 - 1)), ((x1, y1), (x1, y1 + 1))]


def _in_line(line, cell: Cell, other) -> bool:
    """Whether strip ``other``, whose end is ``cell`` (next to an end of ``line``),
    continues ``line`` straight on."""
    if other[0] != cell and other[-1] != cell:
        return False
    if len(other) == 1:
        return True
    if len(line) == 1:
        # a 1x1 continues a strip only along that strip's own axis
        (x, y) = line[0]
        return (other[0][1] == other[1][1] == y) if _across(other) else (other[0][0] == other[1][0] == x)
    return _across(other) == _across(line) and (
        other[0][1] == line[0][1] if _across(line) else other[0][0] == line[0][0]
    )


def random_tiling(cols: int, rows: int, lengths: list[int], rng: random.Random, no_join=frozenset()):
    """Straight strips of the given lengths that tile the grid, as lists of cells in
    left-to-right / top-to-bottom order, never two end to end in a line with a joined
    length in ``no_join``; None if the search gave up."""
    need: dict[int, int] = {}
    for n in lengths:
        need[n] = need.get(n, 0) + 1
    owner: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    strips: list[list[Cell]] = []
    budget = [TILING_NODES]

    def joins(cells) -> bool:
        for _, (x, y) in _ends(cells):
            if 0 <= x < cols and 0 <= y < rows and owner[y][x] is not None:
                other = strips[owner[y][x]]
                if len(other) + len(cells) in no_join and _in_line(cells, (x, y), other):
                    return True
        return False

    def fill(start: int) -> bool:
        i = start
        while i < cols * rows and owner[i // cols][i % cols] is not None:
            i += 1
        if i == cols * rows:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        y, x = divmod(i, cols)
        options = []
        for n, k in need.items():
            if not k:
                continue
            # the first free cell in reading order is a strip's left or top end
            if x + n <= cols and all(owner[y][x + j] is None for j in range(n)):
                options.append([(x + j, y) for j in range(n)])
            if n > 1 and y + n <= rows and all(owner[y + j][x] is None for j in range(n)):
                options.append([(x, y + j) for j in range(n)])
        rng.shuffle(options)
        for cells in options:
            if no_join and joins(cells):
                continue
            strips.append(cells)
            for cx, cy in cells:
                owner[cy][cx] = len(strips) - 1
            need[len(cells)] -= 1
            if fill(i + 1):
                return True
            need[len(cells)] += 1
            for cx, cy in cells:
                owner[cy][cx] = None
            strips.pop()
        return False

    return strips if fill(0) else None


class _Attempt:
    """One answer being shaped: a fixed tiling and the pattern of each of its strips."""

    def __init__(self, cols, rows, strips: StripSet, tiling, patterns, spare):
        self.cols, self.rows, self.strips = cols, rows, strips
        self.tiling = tiling
        self.patterns = patterns  # per strip, spelled along the strip's cells
        self.spare = spare  # unused pattern copies (at most sets)
        self.owner = {c: i for i, line in enumerate(tiling) for c in line}
        self.answer = {frozenset(line) for line in tiling}
        self.by_length: dict[int, list[int]] = {}
        for i, line in enumerate(tiling):
            self.by_length.setdefault(len(line), []).append(i)
        self.neighbours = self._neighbours()

    def _neighbours(self):
        # (i, end, j, j_cells_from_end): strip j's end cell lies just beyond an end of i
        out = []
        for i, line in enumerate(self.tiling):
            for end, beyond in _ends(line):
                j = self.owner.get(beyond)
                if j is None or j == i:
                    continue
                other = self.tiling[j]
                if other[0] != beyond and other[-1] != beyond:
                    continue
                from_end = other if other[0] == beyond else other[::-1]
                straight = _in_line(line, beyond, other)
                out.append((i, end == line[0] and len(line) > 1, j, from_end, straight))
        return out

    def colours(self) -> dict[Cell, str]:
        return {c: colour for line, p in zip(self.tiling, self.patterns) for c, colour in zip(line, p)}

    def state(self):
        grid = self.colours()
        rows = ("".join(grid[(x, y)] for x in range(self.cols)) for y in range(self.rows))
        return make_state(rows, self.strips)

    def local_problems(self) -> list[int]:
        """Strips in a two-strip ambiguity: a cell (or a run of cells, in a line) can
        move from one strip to its neighbour, or the two can join, and the patterns
        that result are still allowed."""
        grid = self.colours()
        table = self.strips.table
        used: dict[str, int] = {}
        for p in self.patterns:
            used[canonical(p)] = used.get(canonical(p), 0) + 1
        bad: list[int] = []
        for i, at_start, j, from_end, straight in self.neighbours:
            mine = "".join(grid[c] for c in self.tiling[i])
            theirs = [grid[c] for c in from_end]
            old = (canonical(mine), canonical("".join(theirs)))
            for k in range(1, (len(from_end) if straight else 1) + 1):
                moved = "".join(theirs[:k])
                grown = moved[::-1] + mine if at_start else mine + moved
                rest = "".join(theirs[k:])
                new = [canonical(grown)] + ([canonical(rest)] if rest else [])
                if any(p not in table for p in new):
                    continue
                counts = dict(used)
                for p in old:
                    counts[p] -= 1
                for p in new:
                    counts[p] = counts.get(p, 0) + 1
                if self.strips.exact:
                    ok = all(counts.get(p, 0) == n for p, n in self.strips.counts)
                else:
                    ok = all(counts.get(p, 0) <= table[p] for p in counts)
                if ok:
                    bad.extend((i, j))
                    break
        return bad

    def mutate(self, i: int, rng: random.Random) -> list[str] | None:
        """New patterns after changing strip ``i``: turn it round, swap it with another
        strip of its length, or (at most sets) trade it for a spare pattern."""
        new = self.patterns[:]
        roll = rng.random()
        same = [j for j in self.by_length[len(self.tiling[i])] if j != i]
        spares = [k for k, p in enumerate(self.spare) if len(p) == len(new[i])]
        if roll < 0.35 and new[i] != new[i][::-1]:
            new[i] = new[i][::-1]
        elif roll < 0.55 and spares:
            k = rng.choice(spares)
            pattern = self.spare[k]
            new[i] = pattern if rng.random() < 0.5 else pattern[::-1]
            return new
        elif same:
            j = rng.choice(same)
            new[i], new[j] = new[j], new[i]
            if rng.random() < 0.5:
                new[j] = new[j][::-1]
        else:
            return None
        return new

    def accept(self, patterns: list[str]) -> None:
        old = sorted(canonical(p) for p in self.patterns)
        self.patterns = patterns
        # keep the spare list in step when a spare pattern came in
        now = sorted(canonical(p) for p in patterns)
        if old != now:
            pool = self.spare + [p for p in old]
            for p in now:
                pool.remove(next(q for q in pool if canonical(q) == p))
            self.spare = pool


def _attempt(cols, rows, strips: StripSet, usable: StripSet, rng: random.Random):
    cells = cols * rows
    chosen = choose_strips(usable, cells, rng)
    if chosen is None:
        raise PuzzleError(f"No choice of strips from {format_set(strips)} covers exactly {cells} cells.")
    # joining two strips is always ambiguous when every pattern of the joined length is in the set
    full = {n for n in range(2, strips.max_length + 1) if sum(1 for p in strips.patterns if len(p) == n) == count_of_length(n)}
    lengths = [len(p) for p in chosen]
    tiling = random_tiling(cols, rows, lengths, rng, frozenset(full)) or random_tiling(cols, rows, lengths, rng)
    if tiling is None:
        return None
    pool: dict[int, list[str]] = {}
    for p in chosen:
        pool.setdefault(len(p), []).append(p)
    for group in pool.values():
        rng.shuffle(group)
    patterns = []
    for line in tiling:
        p = pool[len(line)].pop()
        patterns.append(p if rng.random() < 0.5 else p[::-1])
    spare = [p for p, n in usable.counts for _ in range(n)]
    for p in chosen:
        spare.remove(p)
    return _Attempt(cols, rows, strips, tiling, patterns, spare)


def _usable(cols: int, rows: int, strips: StripSet) -> StripSet:
    """The strips that can be laid on the grid: all of an exact set, and of an "at most"
    set those no longer than the grid (the others can only stay unused)."""
    if strips.exact:
        return strips
    longest = max(cols, rows)
    return StripSet.of([(p, n) for p, n in strips.counts if len(p) <= longest], exact=False)


def check(cols: int, rows: int, strips: StripSet) -> None:
    """PuzzleError for a size and strip set no puzzle can have, or that rarely comes out
    unique in time (``rarely_unique``)."""
    cells = cols * rows
    usable = _usable(cols, rows, strips)
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        problem = f"Strips grids are 1 to {MAX_SIDE} cells wide and high, not {cols}x{rows}."
    elif strips.exact and strips.cells != cells:
        problem = f"The strips ({format_set(strips)}) cover {strips.cells} cells; a {cols}x{rows} grid has {cells}."
    elif strips.exact and strips.max_length > max(cols, rows):
        problem = f"A {strips.max_length}-cell strip does not fit in a {cols}x{rows} grid."
    elif not strips.exact and usable.cells < cells:
        problem = f"The strips ({format_set(strips)}) cover at most {usable.cells} cells; a {cols}x{rows} grid has {cells}."
    else:
        problem = rarely_unique(cols, rows, strips)
    if problem:
        raise PuzzleError(problem)


def generate(
    cols: int,
    rows: int,
    strips: StripSet,
    seed: int | None = None,
    seconds: float = SECONDS,
    progress: Callable[[str], None] | None = None,
):
    """A puzzle state whose grid has exactly one decomposition into ``strips``.

    Raises PuzzleError if the size is out of range, the set cannot fit the grid, the
    request rarely succeeds (``rarely_unique``), or no unique grid turns up within
    ``seconds`` (the limit is kept to within a few milliseconds of solver work).
    ``progress``, if given, is called with a short sentence as the work goes on."""
    check(cols, rows, strips)
    rng = random.Random(seed)
    usable = _usable(cols, rows, strips)
    deadline = time.perf_counter() + seconds
    tries = 0
    try:
        while time.perf_counter() < deadline:
            tries += 1
            if progress is not None:
                progress(f"Try {tries}: laying out strips.")
            state = _try(cols, rows, strips, usable, rng, deadline, progress, tries)
            if state is not None:
                return state
    except _OutOfTime:
        pass
    raise PuzzleError(
        f"No {cols}x{rows} grid with exactly one decomposition into {format_set(strips)} "
        f"turned up in {seconds:g} s ({plural(tries, 'try')}); try another strip set or size."
    )


def _try(cols, rows, strips, usable, rng, deadline, progress, tries):
    """One attempt: a tiling, repairs, and a climb towards one decomposition; the
    unique state, or None when the climb stalls."""
    attempt = _attempt(cols, rows, strips, usable, rng)
    if attempt is None:
        return None
    for _ in range(REPAIRS):
        if time.perf_counter() >= deadline:
            raise _OutOfTime
        bad = attempt.local_problems()
        if not bad:
            break
        new = attempt.mutate(rng.choice(bad), rng)
        if new is not None:
            attempt.accept(new)
    state = attempt.state()
    if progress is not None:
        progress(f"Try {tries}: counting decompositions.")
    found = _solutions(state, SOLUTION_CAP, deadline)
    best = len(found)
    stall = 0
    # the climb
    while best > 1 and stall < STALL:
        stall += 1
        other = next(s for s in found if {frozenset(c) for _, c in s} != attempt.answer)
        differing = [c for _, cells in other if frozenset(cells) not in attempt.answer for c in cells]
        new = attempt.mutate(attempt.owner[rng.choice(differing)], rng)
        if new is None:
            continue
        old = attempt.patterns
        attempt.patterns = new
        trial_state = attempt.state()
        attempt.patterns = old
        trial = _solutions(trial_state, best + 1, deadline)
        if len(trial) < best or (len(trial) == best and rng.random() < 0.3):
            if len(trial) < best:
                stall = 0
                if progress is not None:
                    progress(f"Try {tries}: {len(trial)} decompositions left." if len(trial) > 1 else f"Try {tries}: unique.")
            attempt.accept(new)
            state, found, best = trial_state, trial, len(trial)
    return state if best == 1 else None
