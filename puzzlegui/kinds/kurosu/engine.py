"""The fast engine: propagation to a fixed point and depth-first search, without words.

A board is a flat list of ints (``st``): for every line L (rows 0..H-1, then columns
H..H+W-1) ``st[2L]`` is the mask of its X cells and ``st[2L+1]`` of its O cells, and
``st[2*NL + L]`` remembers which cells were filled when the line was last analysed in
depth, so that an unchanged line is not analysed again.  Copying a board for a search
branch is one list copy.  Nothing here builds Step objects or sentences: logic.py
explains the same rules, this module only has to be quick.

Rule levels (each includes the ones before).  Trivial, Easy and Normal are Tatham's
Unruly levels, with his deductions (unruly.c), so that a puzzle graded Normal here is
one his solver finishes at Normal and not at Easy; Tricky and Hard are beyond his:
  1 trivial: pairs and gaps (never three alike), a line's last empty cell;
  2 easy:    quotas (a line with all its X gets O in the rest), and with the extra rule
             "no copies" (a line one X short of another line's full set of X may not
             put its last X on that line's remaining X cell; the same with O);
  3 normal:  Tatham's "nearly complete" window (lines.window_forced): a line needing
             one more X (and two or more O) must put it in any window of three cells
             that would otherwise be three O, so its other empty cells are O;
  4 tricky:  line analysis (every legal completion of the line agrees), beyond Tatham;
  5 hard:    search.
Pairs, gaps, quotas and the window look at one line at a time and cost a few bit
operations, so they run together on each line as it changes (``line_cheap``, cached,
from ``_cheap``); "no copies", which compares lines, and line analysis, which is dearer,
run only when those have nothing more to give (``_copies``, ``_analyse``).
"""

from __future__ import annotations

import heapq
import random
import time
from functools import lru_cache

from puzzlegui.core.solver import Progress

from .lines import gap_forced, has_triple, legal_lines, line_options, pair_forced, window_forced

TRIVIAL, EASY, NORMAL, TRICKY, HARD = 1, 2, 3, 4, 5
_AS_ONE = bytes.maketrans(b"\x00\x01\x02", b"001")  # cell codes to "is X" digits
_AS_ZERO = bytes.maketrans(b"\x00\x01\x02", b"010")
LEVEL_NAMES = {TRIVIAL: "trivial", EASY: "easy", NORMAL: "normal", TRICKY: "tricky", HARD: "hard"}
LOOKAHEAD = 12  # cells tried both ways before each branch of the search


@lru_cache(maxsize=1 << 16)
def line_forced(o: int, z: int, n: int):
    """Line analysis: the empty cells of one line that its legal completions all agree
    on, as (to O, to X) masks; None if it has no legal completion.  (It finds whatever
    an exclusion, a one-step hypothesis in the line, finds: logic.py names those apart
    for hints.)  Cached, because the generator solves many nearly equal boards and
    meets the same lines again and again."""
    options = line_options(o, z, n)
    if options is None:
        return None
    may0, may1 = options
    e = ((1 << n) - 1) & ~(o | z)
    return e & may0 & ~may1, e & may1 & ~may0


@lru_cache(maxsize=1 << 16)
def line_cheap(o: int, z: int, n: int, level: int):
    """One line's cells after its own cheap rules, applied until nothing changes: pairs
    and gaps; quotas from EASY (below, only a line's last empty cell); Tatham's window
    from NORMAL.  (X mask, O mask), or None when the line breaks (three alike, or more
    than half of a symbol).  Cached, as line_forced is: the generator closes many
    nearly equal boards, whose lines come back again and again."""
    half = n // 2
    full = (1 << n) - 1
    quota = level >= EASY
    window = level >= NORMAL
    while True:
        if has_triple(o) or has_triple(z):
            return None
        co = o.bit_count()
        cz = z.bit_count()
        if co > half or cz > half:
            return None
        e = full & ~(o | z)
        if not e:
            return o, z
        # pairs and gaps (lines.py, as the hints' line_closure applies them)
        f0 = pair_forced(o, e) | gap_forced(o, e)
        f1 = pair_forced(z, e) | gap_forced(z, e)
        if quota or not e & (e - 1):  # quotas; at level 1 only a line's last cell
            if co == half:
                f0 |= e
            if cz == half:
                f1 |= e
        if window and (co == half - 1 or cz == half - 1) and co + cz < 2 * half - 2:
            w0, w1 = window_forced(o, z, n)
            f0 |= w0
            f1 |= w1
        if not (f0 | f1):
            return o, z
        if f0 & f1:
            return None
        o |= f1
        z |= f0


class Engine:
    """Propagation and search for one board shape (width, height, duplicate rule)."""

    def __init__(self, width: int, height: int, unique: bool = False):
        self.width = W = width
        self.height = H = height
        self.unique = unique
        self.nl = H + W
        self.length = [W] * H + [H] * W
        self.full = [(1 << n) - 1 for n in self.length]
        self.half = [n // 2 for n in self.length]
        # per line, for _cheap: its length, full mask, first crossing line, and its own
        # bit in the crossing lines
        self._shape = [(n, (1 << n) - 1, H, 1 << L) if L < H else (n, (1 << n) - 1, 0, 1 << (L - H))
                       for L, n in enumerate(self.length)]

    # --- building boards ---------------------------------------------------------------
    def empty(self) -> list:
        return [0] * (3 * self.nl)

    def board(self, cells) -> list:
        """A board from a row-major sequence of -1/0/1 (not checked against the rules)."""
        W, H = self.width, self.height
        st = self.empty()
        codes = bytes(v + 1 for v in cells)  # 0 empty, 1 O, 2 X
        ones = codes.translate(_AS_ONE)
        zeros = codes.translate(_AS_ZERO)
        for y in range(H):
            st[2 * y] = int(ones[y * W : (y + 1) * W][::-1], 2)
            st[2 * y + 1] = int(zeros[y * W : (y + 1) * W][::-1], 2)
        for x in range(W):
            L = 2 * (H + x)
            st[L] = int(ones[x::W][::-1], 2)
            st[L + 1] = int(zeros[x::W][::-1], 2)
        return st

    def cells(self, st) -> list:
        """The row-major list of -1/0/1 for a board."""
        W = self.width
        out = []
        for y in range(self.height):
            o, z = st[2 * y], st[2 * y + 1]
            for x in range(W):
                b = 1 << x
                out.append(1 if o & b else 0 if z & b else -1)
        return out

    def rows_text(self, st) -> tuple:
        """A full board as row strings, "1" for X."""
        W = self.width
        return tuple(format(st[2 * y], f"0{W}b")[::-1] for y in range(self.height))

    def is_full(self, st) -> bool:
        full = self.full[0]
        for y in range(self.height):
            if (st[2 * y] | st[2 * y + 1]) != full:
                return False
        return True

    def put(self, st, x: int, y: int, v: int) -> list:
        """Set one cell on ``st`` (in place); returns the lines to re-examine."""
        H = self.height
        off = 0 if v == 1 else 1
        st[2 * y + off] |= 1 << x
        st[2 * (H + x) + off] |= 1 << y
        return [y, H + x]

    # --- propagation ---------------------------------------------------------------------
    def close(self, st, level: int = TRICKY, queue=None, watch=None) -> bool:
        """Apply every rule up to ``level`` (at most TRICKY) until nothing changes.

        ``queue`` lists the lines that changed (all lines when None).  Changes ``st``
        in place; False when a line is broken or cannot be completed.  With ``watch``,
        a list of (row, x bit) cells, it may also stop early once they are all filled
        (the generator only asks whether they follow)."""
        NL = self.nl
        if queue is None:
            queue = list(range(NL))
        inq = [False] * NL
        for L in queue:
            inq[L] = True
        rules = min(level, NORMAL)
        copies = self.unique and level >= EASY
        while True:
            done = self._cheap(st, queue, inq, rules, watch)
            if not done:
                return False
            if done == 2:
                return True
            found = self._copies(st) if copies else []
            if found == [] and level >= TRICKY:
                found = self._analyse(st)
            if found is None:
                return False
            if not found:
                return True
            for L in found:
                if not inq[L]:
                    inq[L] = True
                    queue.append(L)

    @staticmethod
    def filled(st, watch) -> bool:
        return all((st[2 * y] | st[2 * y + 1]) & bit for y, bit in watch)

    def _cheap(self, st, queue, inq, rules: int, watch=None):
        """The line rules up to level ``rules`` (line_cheap) over the queued lines, to a
        fixed point: True, or False on a contradiction, or 2 when the watched cells are
        all filled."""
        shapes = self._shape
        unique = self.unique
        pop = queue.pop
        push = queue.append
        changes = 0
        while queue:
            L = pop()
            inq[L] = False
            i2 = 2 * L
            o = st[i2]
            z = st[i2 + 1]
            n, full, base, bit = shapes[L]
            fixed = line_cheap(o, z, n, rules)
            if fixed is None:
                return False
            no, nz = fixed
            if unique and (no | nz) == full and not self._distinct(st, L, no):
                return False
            if no == o and nz == z:
                continue
            # the new cells, and the crossing lines to look at again
            st[i2] = no
            st[i2 + 1] = nz
            f = no ^ o
            while f:
                low = f & -f
                f ^= low
                M = base + low.bit_length() - 1
                st[2 * M] |= bit
                if not inq[M]:
                    inq[M] = True
                    push(M)
            f = nz ^ z
            while f:
                low = f & -f
                f ^= low
                M = base + low.bit_length() - 1
                st[2 * M + 1] |= bit
                if not inq[M]:
                    inq[M] = True
                    push(M)
            if watch is not None:
                changes += 1
                if changes & 7 == 0 and self.filled(st, watch):
                    return 2
        return True

    def _distinct(self, st, L: int, o: int) -> bool:
        """With the duplicate rule: line L completed with X at ``o`` differs from every
        other completed line."""
        H = self.height
        lo, hi = (0, H) if L < H else (H, self.nl)
        full = self.full[L]
        for M in range(lo, hi):
            if M != L and st[2 * M] == o and (st[2 * M] | st[2 * M + 1]) == full:
                return False
        return True

    def _analyse(self, st):
        """One sweep of line analysis (TRICKY) over the lines that changed since they
        were last analysed.  Returns the lines changed, [] when nothing new follows,
        None when a line cannot be completed."""
        NL = self.nl
        seen_at = 2 * NL
        changed = []
        for L in range(NL):
            o, z = st[2 * L], st[2 * L + 1]
            filled = o | z
            if filled == self.full[L]:
                continue
            mark = (filled << 1) | 1  # analysed with these cells filled (0: never)
            if st[seen_at + L] == mark:
                continue
            forced = line_forced(o, z, self.length[L])
            if forced is None:
                return None
            to0, to1 = forced
            if to0 & to1:
                return None
            if to0 | to1:
                self._apply_line(st, L, to0, to1, changed)
            else:
                st[seen_at + L] = mark
        return changed

    def _copies(self, st):
        """The "no copies" rule over every line; the lines changed, or None on a
        contradiction (one cell told to be both)."""
        changed = []
        for L in range(self.nl):
            o, z = st[2 * L], st[2 * L + 1]
            e = self.full[L] & ~(o | z)
            if not e:
                continue
            to0, to1 = self.copy_forced(st, L)
            if to0 & to1:
                return None
            if to0 | to1:
                self._apply_line(st, L, to0, to1, changed)
        return changed

    def copy_forced(self, st, L: int, with_source: bool = False):
        """Cells of line L forced by the rule "no two lines alike", as Tatham's Easy
        level has it: when another line M of the same direction has all its X placed
        and L has all but one of its X on M's X cells, L's last X cannot go on M's
        remaining X cell (L would copy M), so that cell is O; the same with O.  Returns
        (to O, to X) masks, and with ``with_source`` also a list of (cell bit, symbol, M)."""
        o, z = st[2 * L], st[2 * L + 1]
        full = self.full[L]
        half = self.half[L]
        e = full & ~(o | z)
        short_x = o.bit_count() == half - 1
        short_o = z.bit_count() == half - 1
        to0 = to1 = 0
        sources = []
        if not (short_x or short_o) or not e:
            return (to0, to1, sources) if with_source else (to0, to1)
        H = self.height
        lo, hi = (0, H) if L < H else (H, self.nl)
        for M in range(lo, hi):
            if M == L:
                continue
            mo, mz = st[2 * M], st[2 * M + 1]
            if short_x and mo.bit_count() == half and not o & ~mo:
                cell = mo & ~o & e
                if cell and not to0 & cell:
                    to0 |= cell
                    sources.append((cell, 0, M))
            if short_o and mz.bit_count() == half and not z & ~mz:
                cell = mz & ~z & e
                if cell and not to1 & cell:
                    to1 |= cell
                    sources.append((cell, 1, M))
        return (to0, to1, sources) if with_source else (to0, to1)

    def _apply_line(self, st, L, to0, to1, changed) -> None:
        H = self.height
        st[2 * L] |= to1
        st[2 * L + 1] |= to0
        changed.append(L)
        if L < H:
            base, bit = H, 1 << L
        else:
            base, bit = 0, 1 << (L - H)
        for mask, off in ((to1, 0), (to0, 1)):
            while mask:
                low = mask & -mask
                mask ^= low
                M = base + low.bit_length() - 1
                st[2 * M + off] |= bit
                changed.append(M)

    def grade(self, st) -> int:
        """The weakest level whose rules fill the whole board (HARD if none does);
        0 when the board is broken.  Changes ``st`` in place to the deepest closure."""
        steps = self.grading(st)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def grading(self, st):
        """``grade`` as a generator that yields Progress between levels (a level can
        take a tenth of a second on a 40x40 board) and returns the level."""
        for level in (TRIVIAL, EASY, NORMAL, TRICKY):
            if not self.close(st, level):
                return 0
            if self.is_full(st):
                return level
            yield Progress(0)
        return HARD

    # --- search --------------------------------------------------------------------------
    def choose(self, st, rng=None):
        """The empty cell to branch on, or None when the board is full.

        Deterministic: the cell whose row or column has the fewest empty cells, ties
        broken by the total of both (the most constrained cell; it makes the smallest
        trees when proving uniqueness), then by reading order.  With ``rng``: a random
        cell of a random line among those with the fewest empty cells, for making
        random boards."""
        H = self.height
        full = self.full
        empties = [full[L] & ~(st[2 * L] | st[2 * L + 1]) for L in range(self.nl)]
        counts = [e.bit_count() for e in empties]
        fewest = min((c for c in counts if c), default=0)
        if not fewest:
            return None
        ties = [L for L, c in enumerate(counts) if c == fewest]
        if rng is not None:
            L = rng.choice(ties)
            e = empties[L]
            i = rng.choice([i for i in range(self.length[L]) if e >> i & 1])
            return (i, L) if L < H else (L - H, i)
        best = None  # (empty cells of the crossing line, y, x)
        for L in ties:
            e = empties[L]
            while e:
                low = e & -e
                e ^= low
                i = low.bit_length() - 1
                key = (counts[H + i], L, i) if L < H else (counts[i], i, L - H)
                if best is None or key < best:
                    best = key
        return best[2], best[1]

    def search(self, st, rng=None, progress_every: float = 0.02, lookahead: int = LOOKAHEAD,
               known=None):
        """Depth-first search from a closed board: yields every full legal board (a
        list) and Progress(nodes) at least every ``progress_every`` seconds.

        By default it branches with look-ahead (see ``_look``), which makes the
        smallest trees when every branch must be refuted (proving uniqueness).  With
        ``lookahead=0`` it branches on the most constrained cell at once, which reaches
        solutions sooner; with ``rng`` (a random.Random) on a random cell with the
        symbols in a random order, to make random boards for the generator.  With
        ``known`` (a solution, full board) and ``lookahead=0``, the symbol ``known`` has
        in a cell is tried first: ``known`` is the first solution found, and the search
        then backs out of it from its deepest choices, where a second solution, if
        there is one, is most often found soonest (the generator's Hard test)."""
        nodes = 0
        clock = time.perf_counter
        last = clock()
        stack = [st]  # closed boards, or (parent, x, y, symbol): a child closed when popped
        while stack:
            board = stack.pop()
            nodes += 1
            now = clock()
            if now - last >= progress_every:
                last = now
                yield Progress(nodes)
            if type(board) is tuple:
                parent, x, y, v = board
                board = parent.copy()
                if not self.close(board, TRICKY, self.put(board, x, y, v)):
                    continue
            if rng is None and lookahead > 0:
                board, children = self._look(board, lookahead)
                if children is None:
                    continue
                if not children:
                    yield board
                    continue
                stack.extend(children)
                continue
            cell = self.choose(board, rng)
            if cell is None:
                yield board
                continue
            x, y = cell
            if known is not None:
                first = known[2 * y] >> x & 1
            else:
                first = rng.randrange(2) if rng is not None else 1
            # the last pushed is explored first; a child is only closed when its turn
            # comes, so a search that stops at its first solutions never closes the rest
            stack.append((board, x, y, 1 - first))
            stack.append((board, x, y, first))
        yield Progress(nodes)

    def _look(self, board, width: int):
        """Look-ahead branching: try both symbols in each of the ``width`` most
        constrained empty cells, with all the rules after each.  If both symbols break
        the board in some cell, it is a dead end; if one does, the other is forced and
        that board is the only child (searched next, as its own node, so that no node
        runs long between progress reports).  Otherwise branch on the cell whose two
        outcomes fill the most cells (the product of the two gains), keeping the two
        boards already worked out.  Returns (board, children): None for a dead end, ()
        when the board is full (a solution), else the closed child boards."""
        candidates = self._most_constrained(board, width)
        if not candidates:
            return board, ()
        base = self._filled(board)
        best = None
        best_gain = -1
        for x, y in candidates:
            zero = board.copy()
            if not self.close(zero, TRICKY, self.put(zero, x, y, 0)):
                zero = None
            one = board.copy()
            if not self.close(one, TRICKY, self.put(one, x, y, 1)):
                one = None
            if zero is None and one is None:
                return board, None
            if zero is None or one is None:
                return board, [one if zero is None else zero]
            gain = (self._filled(zero) - base) * (self._filled(one) - base)
            if gain > best_gain:
                best_gain = gain
                best = [zero, one]
        return board, best

    def _filled(self, st) -> int:
        return sum((st[2 * y] | st[2 * y + 1]).bit_count() for y in range(self.height))

    def _most_constrained(self, st, count: int) -> list:
        """Up to ``count`` empty cells, those whose row or column has the fewest empty
        cells first (ties: the fewest in both together)."""
        return [(x, y) for _, y, x in heapq.nsmallest(count, self._scored_cells(st))]

    def _scored_cells(self, st):
        """(score, y, x) for every empty cell, in reading order: the fewer empty cells
        its row or column has, the lower the score (ties: the fewest in both)."""
        H = self.height
        full = self.full
        col_empty = [(full[H + x] & ~(st[2 * (H + x)] | st[2 * (H + x) + 1])).bit_count()
                     for x in range(self.width)]
        for y in range(H):
            e = full[y] & ~(st[2 * y] | st[2 * y + 1])
            if not e:
                continue
            re = e.bit_count()
            while e:
                low = e & -e
                e ^= low
                x = low.bit_length() - 1
                ce = col_empty[x]
                yield (min(re, ce) * 128 + re + ce, y, x)

    def random_full(self, rng: random.Random, attempts: int = 50, node_limit: int = 4000):
        """A random legal full board (list), restarting a search that wanders too long;
        None if there is none (for example too many rows for the duplicate rule)."""
        for _ in range(attempts):
            st = self.empty()
            if not self.close(st, TRICKY):
                return None
            nodes = 0
            for event in self.search(st, rng):
                if type(event) is list:
                    return event
                nodes = event.nodes
                if nodes > node_limit:
                    break
            else:
                return None
        return None


# --- narrow boards: whole lines at a time ------------------------------------------------
#: boards whose narrower side is at most this are searched line by line (34 legal lines)
NARROW = 8


def narrow_search(engine: Engine, st, progress_every: float = 0.02):
    """Every full legal board that extends ``st``, choosing whole lines along the
    narrower side from the list of legal lines; yields each as a tuple of row strings,
    and Progress(nodes) at least every ``progress_every`` seconds.

    The lines across are checked as lines are added: the last two chosen lines show a
    triple, and the X and O counts of all crossing lines live in two integers with 6
    bits per line, offset so that one going over its quota sets the top bit of its
    field.  The duplicate rule is checked on whole lines as they are chosen and on the
    crossing lines of each finished board."""
    W, H = engine.width, engine.height
    transposed = W > H
    width, height = (H, W) if transposed else (W, H)
    first = H if transposed else 0  # the chosen lines are st lines first..first+height-1
    unique = engine.unique
    pats = legal_lines(width)
    full = (1 << width) - 1
    top = start = 0
    for x in range(width):
        top |= 32 << (6 * x)
        start |= (31 - height // 2) << (6 * x)  # a field reaches 32 at quota + 1
    spreads = {}
    for p in pats:
        a = b = 0
        for x in range(width):
            if p >> x & 1:
                a |= 1 << (6 * x)
            else:
                b |= 1 << (6 * x)
        spreads[p] = (p, a, b)
    cands = []
    for d in range(height):
        o, z = st[2 * (first + d)], st[2 * (first + d) + 1]
        cands.append([spreads[p] for p in pats if not p & z and p & o == o])
    chosen: list = []
    last_line = height - 1
    counter = [0, 0, time.perf_counter()]  # nodes, nodes at the last clock check, its time

    def extend(depth, prev2, prev1, ones, zeros):
        # one generator frame per chosen line: boards and Progress pass up through them
        counter[0] += len(cands[depth])
        if counter[0] - counter[1] > 2048:
            counter[1] = counter[0]
            now = time.perf_counter()
            if now - counter[2] >= progress_every:
                counter[2] = now
                yield Progress(counter[0])
        check = depth >= 2
        for p, s1, s0 in cands[depth]:
            if check and (prev2 & prev1 & p or ~(prev2 | prev1 | p) & full):
                continue
            c1 = ones + s1
            c0 = zeros + s0
            if (c1 | c0) & top:
                continue
            if unique and p in chosen:
                continue
            chosen.append(p)
            if depth < last_line:
                yield from extend(depth + 1, prev1, p, c1, c0)
            elif not unique or _crossing_distinct(chosen, width):
                if transposed:
                    yield tuple(
                        "".join("1" if chosen[x] >> y & 1 else "0" for x in range(height)) for y in range(width)
                    )
                else:
                    yield tuple(format(q, f"0{width}b")[::-1] for q in chosen)
            chosen.pop()

    yield from extend(0, 0, 0, start, start)
    yield Progress(counter[0])


def _crossing_distinct(chosen, width: int) -> bool:
    seen = set()
    for x in range(width):
        col = 0
        for y, p in enumerate(chosen):
            col |= (p >> x & 1) << y
        if col in seen:
            return False
        seen.add(col)
    return True


def count_boards(width: int, height: int, unique: bool = False) -> int:
    """How many legal full boards of this size exist, enumerated (not looked up).

    Only for boards whose narrower side is at most 16 (wider lines are too many to list)."""
    engine = Engine(width, height, unique)
    return sum(1 for event in narrow_search(engine, engine.empty()) if type(event) is tuple)
