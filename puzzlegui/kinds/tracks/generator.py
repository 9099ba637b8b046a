"""New Tracks puzzles with exactly one solution, graded by the deductions they need.  No Qt.

1. Lay a random self-avoiding track.  Unsplit boards follow Simon Tatham: it enters from
   the left edge and wanders until it leaves through the bottom edge.  Split boards are
   like the MUMS board: A in the left column, B where the walk leaves the right column.
2. Take the counts from the track.  Solve with the deductions of the wanted level only;
   if that already solves it, it is done (unless an easier level solves it too: then it
   is too easy and a new track is laid).
3. Otherwise add given pieces from the track, one at a time in random order, keeping a
   piece only if the deductions get further with it, until the puzzle is solved (adding
   a piece to a partly solved board and deducing again gives the same result as
   solving from scratch, because every rule only ever adds facts).
4. Remove every piece that turns out not to be needed.

Deductions never guess, so a puzzle they solve has exactly one solution.
"""

from __future__ import annotations

import itertools
import random
import time

from puzzlegui.core.kind import PuzzleError

from .model import BIT, DELTA, MAX_SIZE, MIN_SIZE, direction, make_puzzle
from .solver import EASY, HARD, LEVEL_NAMES, YES, Contradiction, deduced

ORDER = (BIT["R"], BIT["U"], BIT["L"], BIT["D"])


def lay_path(rng: random.Random, w: int, h: int, split: bool):
    """A random self-avoiding walk: (cells, start edge, finish edge).

    A randomised depth-first walk: it takes random turns, backs up when it is boxed in,
    and may leave through the exit edge only once it has visited every column and every
    row, so that no column or row count is zero (a part of a split row may be)."""
    exit_bit = BIT["R"] if split else BIT["D"]
    start_edge, finish_edge = (None, None) if split else (BIT["L"], BIT["D"])
    perms = list(itertools.permutations(ORDER))
    budget = 30 * w * h
    while True:
        cur = (0, rng.randrange(h))
        path = [cur]
        seen = {cur}
        col = [0] * w
        row = [0] * h
        col[0] = 1
        row[cur[1]] = 1
        todo = w + h - 2
        options = [list(perms[int(rng.random() * 24)])]
        steps = 0
        while path and steps < budget:
            steps += 1
            opts = options[-1]
            if not opts:
                c = path.pop()
                options.pop()
                seen.discard(c)
                col[c[0]] -= 1
                row[c[1]] -= 1
                todo += (col[c[0]] == 0) + (row[c[1]] == 0)
                if path:
                    cur = path[-1]
                continue
            d = opts.pop()
            dx, dy = DELTA[d]
            n = (cur[0] + dx, cur[1] + dy)
            if not (0 <= n[0] < w and 0 <= n[1] < h):
                if d == exit_bit and todo == 0:
                    return path, start_edge, finish_edge
                continue
            if n in seen:
                continue
            cur = n
            path.append(n)
            seen.add(n)
            todo -= col[n[0]] == 0
            col[n[0]] += 1
            todo -= row[n[1]] == 0
            row[n[1]] += 1
            options.append(list(perms[int(rng.random() * 24)]))


def counts_of(path, w, h, split):
    on = set(path)
    cols = [sum(1 for y in range(h) if (x, y) in on) for x in range(w)]
    if split is None:
        return cols, [sum(1 for x in range(w) if (x, y) in on) for y in range(h)], None
    left = [sum(1 for x in range(split) if (x, y) in on) for y in range(h)]
    right = [sum(1 for x in range(split, w) if (x, y) in on) for y in range(h)]
    return cols, left, right


def _pieces(path, start_edge, finish_edge):
    """The piece (direction bits) of every track cell, stubs included."""
    out = {}
    n = len(path)
    for k, c in enumerate(path):
        m = 0
        if k > 0:
            m |= direction(c, path[k - 1])
        if k < n - 1:
            m |= direction(c, path[k + 1])
        if k == 0 and start_edge:
            m |= start_edge
        if k == n - 1 and finish_edge:
            m |= finish_edge
        out[c] = m
    return out


def _solves(puzzle, level) -> bool:
    engine = deduced(puzzle, level)
    return engine is not None and engine.solved


def _with_fixed(base, fixed):
    return make_puzzle(
        base.width,
        base.height,
        base.columns,
        base.rows,
        base.start,
        base.finish,
        split=base.split,
        rows_right=base.rows_right,
        start_edge=base.start_edge,
        finish_edge=base.finish_edge,
        fixed=sorted(fixed),
    )


def _add_pieces(base, path, pieces, level, rng):
    """Given pieces that make ``base`` solvable at ``level`` but not below, or None."""
    engine = deduced(base, level)
    if engine is None:
        return None
    if engine.solved:
        return [] if level == EASY or not _solves(base, level - 1) else None
    W = base.width
    ends = {base.start, base.finish}
    candidates = [c for c in path if c not in ends or (base.start_edge if c == base.start else base.finish_edge)]
    rng.shuffle(candidates)
    chosen = []
    progress = engine.progress()
    es = engine.es
    for c in candidates:
        i = c[1] * W + c[0]
        mask = pieces[c]
        edges = []
        for bit, (dx, dy) in DELTA.items():
            n = (c[0] + dx, c[1] + dy)
            if mask & bit and 0 <= n[0] < W and 0 <= n[1] < base.height:
                edges.append(engine.edge_between(i, n[1] * W + n[0]))
        if all(es[e] == YES for e in edges):
            continue  # the solver knows this piece already
        mark = len(engine.trail)
        tlen = len(engine.track_log)
        try:
            engine.set_cell(i, YES, "given", i)
            for e in edges:
                engine.set_edge(e, YES, "given", i)
            engine.deduce()
        except Contradiction:  # cannot happen for a piece of the true track
            engine.clear_queues()
            engine.undo(mark)
            del engine.track_log[tlen:]
            continue
        if engine.solved:
            trial = chosen + [(c, mask)]
            if level > EASY and _solves(_with_fixed(base, trial), level - 1):
                engine.undo(mark)
                del engine.track_log[tlen:]
                continue  # this piece makes it too easy
            chosen = trial
            break
        now = engine.progress()
        if now > progress:
            progress = now
            chosen.append((c, mask))
        else:
            engine.undo(mark)
            del engine.track_log[tlen:]
    else:
        return None
    # strip the pieces that turned out not to be needed
    order = list(chosen)
    rng.shuffle(order)
    for item in order:
        trial = [x for x in chosen if x != item]
        if _solves(_with_fixed(base, trial), level):
            chosen = trial
    return chosen


def generate(width: int, height: int, split: bool = False, difficulty: int = HARD, seed=None, deadline=None):
    """A puzzle with exactly one solution needing ``difficulty``'s deductions."""
    for name, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or not MIN_SIZE <= v <= MAX_SIZE:
            raise PuzzleError(f"The {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {v!r:.20}.")
    if difficulty not in (0, 1, 2):
        raise PuzzleError(f"The difficulty must be one of {', '.join(LEVEL_NAMES)}.")
    if width * height <= 16 and difficulty >= HARD:
        raise PuzzleError(f"A {width}x{height} board is too small for a hard puzzle; choose easy or tricky.")
    rng = random.Random(seed)
    split_col = width // 2 if split else None
    started = time.monotonic()
    while True:
        if deadline is not None and time.monotonic() - started > deadline:
            raise PuzzleError(
                f"No {width}x{height} {LEVEL_NAMES[difficulty]} puzzle was found within {deadline:.0f} seconds; "
                "try an easier level or another seed."
            )
        path, start_edge, finish_edge = lay_path(rng, width, height, split)
        if len(path) < 2:
            continue
        cols, rows, rows_right = counts_of(path, width, height, split_col)
        if 0 in cols or (split_col is None and 0 in rows):
            continue  # an empty line makes a dull puzzle (Tatham rejects it too)
        if not split and _consecutive_ones(cols + rows):
            continue
        base = make_puzzle(
            width,
            height,
            cols,
            rows,
            path[0],
            path[-1],
            split=split_col,
            rows_right=rows_right,
            start_edge=start_edge,
            finish_edge=finish_edge,
        )
        pieces = _pieces(path, start_edge, finish_edge)
        chosen = _add_pieces(base, path, pieces, difficulty, rng)
        if chosen is None:
            continue
        return _with_fixed(base, chosen) if chosen else base


def _consecutive_ones(clues) -> bool:
    """Tatham's "no consecutive 1 clues" rule, which keeps puzzles from being trivial."""
    last = True
    for v in clues:
        if v == 1 and last:
            return True
        last = v == 1
    return clues[-1] == 1
