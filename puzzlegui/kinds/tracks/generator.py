"""New Tracks puzzles with exactly one solution, graded by the deductions they need.  No Qt.

1. Lay a random self-avoiding track.  Unsplit boards follow Simon Tatham: it enters from
   the left edge and wanders until it leaves through the bottom edge, and the pieces at
   A and B are given, as in his puzzles.  Split boards are like the MUMS board: A in the
   left column, B where the walk leaves the right column.
2. Take the counts from the track.  Solve with the deductions of the wanted level only;
   if that already solves it, it is done (unless an easier level solves it too: then it
   is too easy and a new track is laid).
3. Otherwise add given pieces from the track, one at a time in random order, keeping a
   piece only if the deductions get further with it, until the puzzle is solved.
4. Remove every piece that turns out not to be needed, and check the grade (solver.grade)
   is the level asked for.

On unsplit boards Easy, Tricky and Hard are Tatham's levels: the deductions are his
(levels.py), and so are most of his generator's steps.  Two differ, and leave these
puzzles longer tracks and more given pieces than his (at 15x15 Tricky 108 track squares
and 20 pieces here, 78 and 12 in his, on average over 60 puzzles each):

* step 1: his walk does not back up (boxed in, it starts again), and it leaves through
  the bottom edge at its first chance, its track thrown away when it missed a row or a
  column.  Here the walk backs up, and leaves only once it has visited every row and
  column: his way takes about a hundred walks a 15x15 track, too slow in Python.  (A
  walk that starts again when boxed in, as his, but leaves only as this one does, made
  15x15 Tricky tracks of 84 squares with 14 pieces, and was faster there, but took 1.4
  times as long at 8x8 Hard and 4.7 times at 30x30 Hard.)
* step 2: he also throws a track away when its first deductions, unfinished, used no
  rule of the level asked for.  Here that track goes on to step 3.  (With his check
  15x15 Tricky puzzles had 16 pieces rather than 20, and took 13% longer to make.)

Expert is a puzzle his Hard does not finish and this engine's Hard rules do.  Split
boards, which his program cannot hold, use this engine's levels: Easy, Tricky and Expert
(its Hard rules).

Deductions never guess, so a puzzle they solve has exactly one solution.
"""

from __future__ import annotations

import functools
import itertools
import random
import time

from puzzlegui.core import halving
from puzzlegui.core.kind import PuzzleError

from .model import BIT, DELTA, MAX_SIZE, MIN_SIZE, direction, make_puzzle
from . import levels
from .solver import EASY, EXPERT, HARD, LEVEL_NAMES, TRICKY, YES, Contradiction, deduced, grade

ORDER = (BIT["R"], BIT["U"], BIT["L"], BIT["D"])


def lay_path(rng: random.Random, w: int, h: int, split: bool):
    """A random self-avoiding walk: (cells, start edge, finish edge).

    A randomised depth-first walk: it takes random turns, backs up when it is boxed in,
    and may leave through the exit edge only once it has visited every column and every
    row, so that no column or row count is zero (a part of a split row may be)."""
    exit_bit = BIT["R"] if split else BIT["D"]
    start_edge, finish_edge = (None, None) if split else (BIT["L"], BIT["D"])
    beyond = _beyond(w, h)
    # a walk that has not got out within this many steps starts again: walks that get
    # out mostly do so within about w * h steps, and one stuck in a corner would
    # otherwise back up for long (30 * w * h took six times as long at 15x15, paths of
    # about the same length)
    budget = 5 * w * h
    while True:
        y0 = rng.randrange(h)
        cur = y0 * w  # squares by number, y * w + x
        path = [cur]
        seen = bytearray(w * h)
        seen[cur] = 1
        col = [0] * w
        row = [0] * h
        col[0] = 1
        row[y0] = 1
        todo = w + h - 2
        options = [list(_PERMS[int(rng.random() * 24)])]
        steps = 0
        while path and steps < budget:
            steps += 1
            opts = options[-1]
            if not opts:
                c = path.pop()
                options.pop()
                seen[c] = 0
                x, y = c % w, c // w
                col[x] -= 1
                row[y] -= 1
                todo += (col[x] == 0) + (row[y] == 0)
                if path:
                    cur = path[-1]
                continue
            d = opts.pop()
            n = beyond[d][cur]
            if n < 0:
                if d == exit_bit and todo == 0:
                    return [(c % w, c // w) for c in path], start_edge, finish_edge
                continue
            if seen[n]:
                continue
            cur = n
            path.append(n)
            seen[n] = 1
            x, y = n % w, n // w
            todo -= col[x] == 0
            col[x] += 1
            todo -= row[y] == 0
            row[y] += 1
            options.append(list(_PERMS[int(rng.random() * 24)]))


_PERMS = list(itertools.permutations(ORDER))


@functools.lru_cache(maxsize=32)
def _beyond(w: int, h: int) -> dict:
    """For each direction, the number of the square beyond that side of each square
    (y * w + x), or -1 off the board."""
    return {d: tuple((y + dy) * w + x + dx if 0 <= x + dx < w and 0 <= y + dy < h else -1
                     for y in range(h) for x in range(w))
            for d, (dx, dy) in DELTA.items()}


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


def _plus(base, more):
    """``base`` with the given pieces ``more`` added to its own."""
    return _with_fixed(base, sorted((dict(base.fixed) | dict(more)).items()))


def _with_fixed(base, fixed):
    """``base`` with exactly the given pieces ``fixed``."""
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


def _add_pieces(base, path, pieces, level, rng, too_easy=None):
    """Given pieces that make ``base`` solvable by the engine's rules of ``level`` but
    not below (or, with ``too_easy``, not by what ``too_easy(puzzle)`` accepts), or None."""
    if too_easy is None:
        def too_easy(puzzle):
            return level > EASY and _solves(puzzle, level - 1)
    engine = deduced(base, level)
    if engine is None:
        return None
    if engine.solved:
        return None if too_easy(base) else []
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
            if too_easy(_plus(base, trial)):
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
    return _strip(chosen, rng, lambda fewer: _solves(_plus(base, fewer), level))


def _strip(chosen: list, rng, still_finished) -> list:
    """``chosen`` without the pieces it does not need: each in random order is taken
    away for good if ``still_finished(the rest)`` says the puzzle is still finished."""
    order = list(chosen)
    rng.shuffle(order)
    for item in order:
        fewer = [x for x in chosen if x != item]
        if still_finished(fewer):
            chosen = fewer
    return chosen


def _tatham_board(puzzle):
    return levels.board_of(puzzle)


def _his_level(puzzle) -> int | None:
    return levels.level(_tatham_board(puzzle))


def _clued(blank, clues):
    """A copy of the fresh Board ``blank`` with the given pieces ``clues`` added: the
    Board of the puzzle with those pieces, without building the puzzle."""
    board = blank.copy()
    for (x, y), mask in clues:
        board.add_clue(x, y, mask)
    return board


def _finishes(board, level: int) -> bool:
    """His deductions of ``level`` finish ``board`` (which they change)."""
    try:
        board.closure(level)
    except levels.Impossible:
        return False
    return board.finished()


def _his_pieces(base, path, pieces, level, rng):
    """Tatham's way to given pieces for one of his levels: pieces that make ``base``
    (which has A's and B's pieces) finished by his deductions of ``level`` and not of
    the level below, or None.  Pieces are tried in random order on the board as far as
    the deductions got; one that finishes it is kept unless it makes the puzzle too
    easy, one that gets further is kept; then every piece not needed is taken away.

    For speed the work is incremental where his is from scratch: a tried piece is added
    to the board as far as the deductions got (and, to see whether it makes the puzzle
    too easy, to one as far as the level below's deductions got), and the checks of the stripping
    start from the deductions on ``base``'s own pieces.  The result is then graded from
    scratch (levels.level), so a puzzle of another level is never handed over."""
    blank = _tatham_board(base)
    start = blank.copy()
    below = None  # the level below's deductions on base's own pieces
    try:
        if level > levels.EASY:
            # (a closure from scratch passes through the level below's end: its board
            # is kept on the way)
            start.closure(level - 1)
            below = start.copy()
        start.closure(level)
    except levels.Impossible:
        return None
    if start.finished():
        return [] if below is None or not below.finished() else None
    settled = start.copy()  # base's own deductions, where every stripping check starts
    # the level below's board with the kept pieces (its rules include the easier ones',
    # so what they finish it finishes: the grade from scratch at the end is the exact check)
    easier = _Below(below, level - 1) if below is not None else None
    W = base.width
    progress = start.progress()
    fixed = base.fixed_map
    candidates = [c for c in path if c not in fixed]
    rng.shuffle(candidates)
    chosen = []
    for c in candidates:
        i = c[1] * W + c[0]
        if levels._NB[start.track_sides(i)] == 2:
            continue  # the deductions know this piece already
        trial = start.copy()
        trial.add_clue(c[0], c[1], pieces[c])
        try:
            trial.closure(level)
        except levels.Impossible:  # cannot happen for a piece of the true track
            continue
        if trial.finished():
            if easier is not None and easier.finishes(chosen, (c, pieces[c])):
                continue  # this piece makes it too easy
            chosen.append((c, pieces[c]))
            break
        now = trial.progress()
        if now > progress:
            progress = now
            start = trial
            chosen.append((c, pieces[c]))
    else:
        return None
    chosen = _strip_his(chosen, rng, settled, level)
    return chosen if levels.level(_clued(blank, chosen)) == level else None


def _strip_his(chosen: list, rng, settled, level: int) -> list:
    """``chosen`` without the pieces his deductions of ``level`` do not need, as
    ``_strip`` takes them away (one at a time in random order, each for good if the
    rest still finish), but by halving (core/halving.py) rather than deducing each
    trial from scratch.  ``settled`` is the board with no piece of ``chosen``, deduced."""
    order = list(chosen)
    rng.shuffle(order)

    def with_pieces(board, more):
        board = board.copy()
        for (x, y), mask in more:
            board.add_clue(x, y, mask)
        try:
            board.closure(level)
        except levels.Impossible:
            pass  # (not expected: the pieces are the true track's) it counts as unfinished
        return board

    out = halving.kept(order, settled, with_pieces, lambda board: not board.impossible and board.finished())
    return [x for x in chosen if x in out]


class _Below:
    """The level below's board with the pieces kept so far, for the too-easy test: it is
    brought up to date (the pieces it lacks added, then deduced once) only when a piece
    is to be tried on it, not as each piece is kept."""

    def __init__(self, board, level: int):
        self.board, self.level, self.held = board, level, 0

    def finishes(self, chosen: list, piece) -> bool:
        """Would the level's deductions finish the pieces ``chosen`` and ``piece``?"""
        if self.held < len(chosen):
            for (x, y), mask in chosen[self.held:]:
                self.board.add_clue(x, y, mask)
            try:
                self.board.closure(self.level)
            except levels.Impossible:
                return False
            self.held = len(chosen)
        trial = self.board.copy()
        (x, y), mask = piece
        trial.add_clue(x, y, mask)
        return _finishes(trial, self.level)


def _beyond_his_hard(puzzle) -> bool:
    """Too easy for Expert: Tatham's Hard deductions finish it."""
    return _his_level(puzzle) <= levels.HARD


def generate(width: int, height: int, split: bool = False, difficulty: int = HARD, seed=None, deadline=None):
    """A puzzle with exactly one solution whose grade (solver.grade) is ``difficulty``:
    EASY, TRICKY, HARD (Tatham's levels) or EXPERT."""
    for name, v in (("width", width), ("height", height)):
        if not isinstance(v, int) or not MIN_SIZE <= v <= MAX_SIZE:
            raise PuzzleError(f"The {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {v!r:.20}.")
    if difficulty not in (EASY, TRICKY, HARD, EXPERT):
        raise PuzzleError(f"The difficulty must be one of {', '.join(LEVEL_NAMES)}.")
    check(width, height, split, difficulty)
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
        pieces = _pieces(path, start_edge, finish_edge)
        ends = () if split else ((path[0], pieces[path[0]]), (path[-1], pieces[path[-1]]))
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
            fixed=sorted(ends),
        )
        if split:
            chosen = _add_pieces(base, path, pieces, HARD if difficulty == EXPERT else difficulty, rng)
        elif difficulty == EXPERT:
            chosen = _add_pieces(base, path, pieces, HARD, rng, too_easy=_beyond_his_hard)
        else:
            chosen = _his_pieces(base, path, pieces, difficulty, rng)
        if chosen is None:
            continue
        puzzle = _plus(base, chosen)
        if (split or difficulty == EXPERT) and grade(puzzle) != difficulty:
            continue  # (not expected: each way above checks its level)
        return puzzle  # (_his_pieces graded it as solver.grade does: levels.level)


def check(width: int, height: int, split: bool, difficulty: int) -> None:
    """PuzzleError when no puzzle of this board has the level."""
    out = _out_of_reach(width, height, split)
    if difficulty in out:
        can = [LEVEL_NAMES[lv] for lv in (EASY, TRICKY, HARD, EXPERT) if lv not in out and not (split and lv == HARD)]
        choose = can[0] if len(can) == 1 else ", ".join(can[:-1]) + " or " + can[-1]
        raise PuzzleError(f"A {width}x{height} board is too small for {'an' if difficulty == EXPERT else 'a'} "
                          f"{LEVEL_NAMES[difficulty]} puzzle; choose {choose}.")
    if split and difficulty == HARD:
        raise PuzzleError("Hard is Tatham's level, and his program has no split rows; "
                          "choose easy, tricky or expert for a split board.")


def _out_of_reach(width: int, height: int, split: bool) -> set:
    """The levels no puzzle of this size has, so that asking for one is refused at once
    rather than searched for until the deadline: a 4x4 board is too small for Hard and
    Expert, an unsplit 4x4 for Tricky too (Tatham's generator cannot make one either; he
    makes Easy instead), and an unsplit 4x5 or 5x4 for Expert (a minute of tries for each
    of two seeds found none, where 4x6, 6x4 and 5x5 take under a second)."""
    area = width * height
    out = set()
    if area <= 16:
        out |= {HARD, EXPERT} if split else {TRICKY, HARD, EXPERT}
    elif area <= 20 and not split:
        out.add(EXPERT)
    return out


def _consecutive_ones(clues) -> bool:
    """Tatham's "no consecutive 1 clues" rule, which keeps puzzles from being trivial."""
    last = True
    for v in clues:
        if v == 1 and last:
            return True
        last = v == 1
    return clues[-1] == 1
