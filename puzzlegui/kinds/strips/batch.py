"""Decompositions by a batched search on line bitboards.  Pure: numpy, no Qt.

A big grid of mostly distinct patterns (``exactly: len1*2 len4-5`` on 12x12: thirty
patterns used once each and four 1x1s) is an exact-cover search of tens of thousands of
nodes however its columns are chosen, and solver.py's Algorithm X spends tens of
microseconds on each in pure Python: 10 s and more for such a grid.  This search prunes
harder and advances thousands of positions at once with numpy, so a node costs a few
microseconds (the same grids: 0.1 to 0.7 s).

* Bitboards.  A board is a few 64-bit words holding the grid rows as lanes, with guard
  bits right of each row so that a strip shifted along its row never wraps.  The
  placements of a strip class (1x1, or length L across, or down) are the board of their
  first cells; which cells the class still reaches, and how often, are shifts and ORs.
* Forced strips, all at once each round: the one strip left for a cell, the 1x1 of a
  cell no longer strip reaches (a "hole"), every place of a pattern with as many places
  as copies to place.  More holes of a colour than 1x1s of it left ends a position.
* The hole budget.  A placement is dropped if it would cut off more cells of a colour
  than that colour has 1x1s left.  That is geometry: a cell whose remaining strips all
  lie across (or all down) all share the cells between it and the nearest start (end)
  of one of them; a strip that takes such a cell without taking the cell itself leaves
  it nothing.  Counted for every placement of every position with shifted boards
  (counts saturate at slack + 1).  On the issue's grids this halves the nodes: 1x1s
  are where a plain search wastes its time, using them to paper over dead ends.
* A pattern with two places left drops every placement that clashes with both.
* Branching: on the pattern with the fewest places (one copy to place); if it has more
  than two, on a cell with exactly two options instead (a strip or a 1x1 first: it
  decides a hole), and with no such pattern on the cell with the fewest options.
  Every decomposition is found once: the children of a position differ in which
  placement fills one column (a pattern's copy, a cell), and forced strips and
  dropped placements lose no completion.

A round advances every position of the pool one step: it places its pending strips,
then either finds forced strips (pending for the next round), or drops placements (the
hole budget, the pair rule; the next round settles it without checking again), or
branches into children with one strip pending each, or dies, or is a decomposition
(reported at once as Found).  Children beyond the pool's size wait on a stack, newest
on top, so the search stays roughly depth first and its memory bounded.
"""

from __future__ import annotations

import sys

import numpy as np

from puzzlegui.core.solver import Found, Progress

from .model import StripsState, placements, sort_pieces

POOL = 4096  # positions advanced together (a round of a full pool: ~15 ms)
WAIT_LIMIT = 50_000  # waiting positions (~25 MB on 12x12) beyond which the pool narrows ...
NARROW_POOL = 64  # ... to this, so the wait list stops growing
START_POOL = 64  # the pool starts this narrow (diving for the first decompositions) ...
GROW_EVERY = 2  # ... and doubles every this many rounds up to POOL
MAX_SLACK = 2  # the hole budget is checked for colours with at most this many 1x1s left
NO_CHECK = 99  # a slack beyond any checked
_LANES = ((16, np.uint16), (32, np.uint32), (64, np.uint64))

try:  # numpy >= 2.0
    _bitcount = np.bitwise_count
except AttributeError:  # pragma: no cover - older numpy
    _BYTE_COUNTS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)

    def _bitcount(a):
        a = np.ascontiguousarray(a)
        counts = _BYTE_COUNTS[a.view(np.uint8)].reshape(a.shape + (a.dtype.itemsize,))
        return counts.sum(axis=-1, dtype=np.uint8)


def suits(state: StripsState) -> bool:
    """Whether the batched search can take ``state``: its rows and guard bits fit a
    32-bit lane (a grid up to 21 columns even with strips 12 long)."""
    return state.cols + max(1, state.strips.max_length - 1) <= 32


class Board:
    """One puzzle's tables: lanes, strip classes, pattern bitboards, pieces.

    A bitboard is a few 64-bit words; each word holds ``per_word`` grid rows as lanes of
    ``lane_bits`` bits (cell (x, y) is bit ``x`` of lane ``y``), so most operations touch
    three words per position on a 12x12 grid.  Lanes have guard bits right of the grid:
    a strip shifted along its row stays in its lane."""

    def __init__(self, state: StripsState, plans: list[list[int]]):
        self.state = state
        cols, rows = state.cols, state.rows
        self.cols, self.rows = cols, rows
        patterns = list(state.strips.patterns)
        # only patterns some plan places are columns here
        self.active = [i for i in range(len(patterns)) if any(plan[i] > 0 for plan in plans)]
        active_names = [patterns[i] for i in self.active]
        self.names = active_names
        index = {p: a for a, p in enumerate(active_names)}
        self.plans = [[plan[i] for i in self.active] for plan in plans]
        lengths = sorted({len(p) for p in active_names})
        longest = max(lengths, default=1)
        guard = max(1, longest - 1)
        for bits, lane_type in _LANES:
            if cols + guard <= bits:
                break
        else:  # pragma: no cover - grids are far narrower
            raise ValueError("grid too wide for the batched search")
        if sys.byteorder != "little":  # pragma: no cover - row views need little-endian words
            bits, lane_type = 64, np.uint64
        self.lane_bits = bits
        self.lane_type = lane_type
        self.per_word = 64 // bits
        self.padded = -(-rows // self.per_word) * self.per_word
        self.words = self.padded // self.per_word
        self.longest = longest
        valid = np.zeros(self.words, np.uint64)
        black = np.zeros(self.words, np.uint64)
        for y in range(rows):
            for x in range(cols):
                w, bit = self.where(x, y)
                valid[w] |= np.uint64(1) << np.uint64(bit)
                if state.colours[y][x] == "b":
                    black[w] |= np.uint64(1) << np.uint64(bit)
        self.valid = valid
        self.colours = np.stack([black, valid & ~black])  # (2, words): b, w
        # classes: (length, direction) with direction 0 = 1x1, 1 = across, 2 = down
        classes = []
        if 1 in lengths:
            classes.append((1, 0))
        for length in lengths:
            if length == 1:
                continue
            if length <= cols:
                classes.append((length, 1))
            if length <= rows:
                classes.append((length, 2))
        self.classes = classes
        self.single_class = 0 if classes and classes[0] == (1, 0) else None
        self.class_of = {c: k for k, c in enumerate(classes)}
        fixed = {c for _, cells in state.pieces for c in cells}
        self.fixed = tuple(state.pieces)
        n_active = len(active_names)
        pattern_boards = np.zeros((n_active, len(classes), self.words), np.uint64)
        self.pieces = {}  # (class, row, column) -> (pattern, cells)
        for pattern, cells in placements(state.colours, state.strips):
            a = index.get(pattern)
            if a is None or any(c in fixed for c in cells):
                continue
            k, y0, x0 = self.key(cells)
            w, bit = self.where(x0, y0)
            pattern_boards[a, k, w] |= np.uint64(1) << np.uint64(bit)
            self.pieces[(k, y0, x0)] = (pattern, cells)
        self.pattern_boards = pattern_boards
        # patterns grouped by length: each group only lives in its length's classes
        self.groups = []
        for length in lengths:
            ks = [k for k, (L, _) in enumerate(classes) if L == length]
            members = [a for a, p in enumerate(active_names) if len(p) == length]
            if not ks or not members:
                continue
            lo, hi = min(ks), max(ks) + 1  # a length's classes are adjacent
            boards = pattern_boards[members][:, lo:hi]
            # (class, word) positions where some member lives, members along the last axis
            spots = [(k, w) for k in range(hi - lo) for w in range(self.words) if boards[:, k, w].any()]
            columns = [(k, w, np.ascontiguousarray(boards[:, k, w])) for k, w in spots]
            # counts fit a byte unless a pattern has 256 places (1x1s on a big grid)
            wide = int(_bitcount(boards).sum(axis=(1, 2)).max()) > 255
            self.groups.append((lo, hi, np.array(members), boards, columns, np.int16 if wide else np.uint8))
        singles = {p: a for a, p in enumerate(active_names) if len(p) == 1}
        self.single_b = singles.get("b")
        self.single_w = singles.get("w")
        # per placement, by a flat number: its cells, how many, the placements it clashes
        # with (sharing a cell), its pattern
        keys = sorted(self.pieces)
        self.number = np.full((len(classes), self.padded, self.lane_bits), -1, np.int64)
        for q, key in enumerate(keys):
            self.number[key] = q
        count = len(keys)
        self.cells_of = np.zeros((count, self.words), np.uint64)
        self.size_of = np.zeros(count, np.int64)
        self.pattern_of = np.zeros(count, np.int64)
        for q, key in enumerate(keys):
            pattern, cells = self.pieces[key]
            for x, y in cells:
                w, bit = self.where(x, y)
                self.cells_of[q, w] |= np.uint64(1) << np.uint64(bit)
            self.size_of[q] = len(cells)
            self.pattern_of[q] = index[pattern]
        self.touch_of = self.touching(self.cells_of) if count else np.zeros((0, len(classes), self.words), np.uint64)
        uncut = valid.copy()
        for x, y in fixed:
            w, bit = self.where(x, y)
            uncut[w] &= ~(np.uint64(1) << np.uint64(bit))
        self.uncut = uncut

    def key(self, cells):
        """(class, row, column) of the placement on ``cells``: its class and first cell."""
        x0, y0 = min(cells, key=lambda c: (c[1], c[0]))
        if len(cells) == 1:
            return self.class_of[(1, 0)], y0, x0
        direction = 1 if cells[0][1] == cells[-1][1] else 2
        return self.class_of[(len(cells), direction)], y0, x0

    def where(self, x: int, y: int):
        """(word, bit) of cell (x, y)."""
        return y // self.per_word, (y % self.per_word) * self.lane_bits + x

    # --- geometry -------------------------------------------------------------------
    def down(self, a, m: int):
        """``a`` with its rows moved down by ``m`` (up when negative), zeros in."""
        if m == 0:
            return a
        lanes = a.view(self.lane_type)
        out = np.zeros_like(lanes)
        if abs(m) < lanes.shape[-1]:
            if m > 0:
                out[..., m:] = lanes[..., :-m]
            else:
                out[..., :m] = lanes[..., -m:]
        return out.view(np.uint64)

    def shift(self, a, j: int, direction: int):
        """Cells ``j`` steps further along a strip of ``direction`` (negative: back).
        Back along a row may leave bits in the guard of the lane below: harmless, as
        every such board ends up masked by placements or cells."""
        if direction == 1:
            return a << np.uint64(j) if j >= 0 else a >> np.uint64(-j)
        return self.down(a, j)

    def touching(self, cells):
        """For each class, the placements that share a cell with ``cells`` (n, words):
        those starting at most length - 1 cells back along their direction."""
        n = cells.shape[0]
        out = np.zeros((n, len(self.classes), self.words), np.uint64)
        reach = {1: cells, 2: cells}  # direction -> starts up to ``done`` - 1 back
        done = {1: 1, 2: 1}
        for k, (length, direction) in enumerate(self.classes):  # shorter classes first
            if direction == 0:
                out[:, k] = cells
                continue
            acc = reach[direction]
            for j in range(done[direction], length):
                acc = acc | self.shift(cells, -j, direction)
            reach[direction], done[direction] = acc, max(done[direction], length)
            out[:, k] = acc
        return out

    def bits(self, boards):
        """The set bits of ``boards`` (n, classes, words) as (position, class, row,
        column) arrays; cheap when few words are nonzero."""
        at, k, w = np.nonzero(boards)
        values = boards[at, k, w]
        parts = []
        while values.size:
            low = values & (~values + np.uint64(1))
            bit = _bitcount(low - np.uint64(1)).astype(np.int64)
            parts.append((at, k, w * self.per_word + bit // self.lane_bits, bit % self.lane_bits))
            values = values ^ low
            more = values != 0
            at, k, w, values = at[more], k[more], w[more], values[more]
        if not parts:
            empty = np.zeros(0, np.int64)
            return empty, empty, empty, empty
        return tuple(np.concatenate(column) for column in zip(*parts))

    def board_of(self, k, y, x, n):
        """One-hot boards (n, classes, words) for placements (class, row, column)."""
        out = np.zeros((n, len(self.classes), self.words), np.uint64)
        w = y // self.per_word
        bit = (y % self.per_word) * self.lane_bits + x
        out[np.arange(n), k, w] = np.left_shift(np.uint64(1), bit.astype(np.uint64))
        return out


def _rows_any(a):
    """Which rows (first axis) of ``a`` have anything nonzero.  Reductions over short
    axes are slow in numpy; a byte sum of the nonzero flags is not."""
    flags = (a.reshape(a.shape[0], -1) != 0).view(np.uint8)
    if flags.shape[1] > 255:
        return flags.any(axis=1)
    return np.einsum("ij->i", flags) > 0


def _row_bits(a):
    """Set bits of each row of ``a`` (n, words), summed."""
    return np.einsum("ij->i", _bitcount(a), dtype=np.int32)


class BatchSearch:
    """The batched search over one puzzle (all of its plans: one starting position each).

    A position is five arrays, kept side by side for the whole pool: ``live`` (classes,
    words) the placements still possible, ``uncut`` (words) the cells left, ``need``
    (patterns) the copies still to place, ``chosen`` (classes, words) the strips placed,
    ``pending`` (classes, words) the strips to place at the start of the next round,
    and ``settling`` (a flag: the hole budget just dropped placements)."""

    def __init__(self, state: StripsState, plans: list[list[int]], pool: int = POOL, starts=None):
        """``starts``: the positions to search from, as (plan number, strips to place)
        with strips as pieces (pattern, cells); by default every plan from scratch."""
        self.board = Board(state, plans)
        self.pool_size = pool
        self.starts = [(i, []) for i in range(len(plans))] if starts is None else starts
        self.rounds = 0  # positions advanced, summed over rounds

    def _initial(self):
        b = self.board
        n = len(self.starts)
        plan_live = np.zeros((len(b.plans), len(b.classes), b.words), np.uint64)
        for i, plan in enumerate(b.plans):
            for a, copies in enumerate(plan):
                if copies > 0:
                    plan_live[i] |= b.pattern_boards[a]
        which = np.array([i for i, _ in self.starts], dtype=np.int64)
        live = plan_live[which]
        need = np.array(b.plans, dtype=np.int16).reshape(len(b.plans), len(b.names))[which]
        pending = np.zeros_like(live)
        for position, (_, pieces) in enumerate(self.starts):
            for _, cells in pieces:
                k, y, x = b.key(cells)
                w, bit = b.where(x, y)
                pending[position, k, w] |= np.uint64(1) << np.uint64(bit)
        uncut = np.repeat(b.uncut[None], n, axis=0)
        return [live, uncut, need, np.zeros_like(live), pending, np.zeros(n, bool)]

    # --- one round ------------------------------------------------------------------
    def _apply(self, live, uncut, need, chosen, pending, dead):
        """Place every pending strip; positions where two of them clash, or a pattern
        is used too often, are marked dead."""
        b = self.board
        has = _rows_any(pending)
        if not has.any():
            return
        idx = np.nonzero(has)[0]
        p = pending[idx]
        at, k, y, x = b.bits(p)
        order = np.argsort(at, kind="stable")
        at = at[order]
        q = b.number[k[order], y[order], x[order]]
        starts = np.flatnonzero(np.r_[True, at[1:] != at[:-1]])  # one group per position
        cells = b.cells_of[q]
        touch = b.touch_of[q]
        size = b.size_of[q]
        if len(starts) != len(q):
            cells = np.bitwise_or.reduceat(cells, starts, axis=0)
            touch = np.bitwise_or.reduceat(touch, starts, axis=0)
            size = np.add.reduceat(size, starts)
        names = len(b.names)
        used = np.bincount(at * names + b.pattern_of[q], minlength=len(idx) * names).reshape(len(idx), names)
        left = need[idx] - used.astype(np.int16)
        dead[idx[(_row_bits(cells) != size) | _rows_any(left < 0)]] = True
        need[idx] = left
        out = np.nonzero((left == 0) & (used > 0))  # patterns used up: their other places go
        if len(out[0]):
            first = np.flatnonzero(np.r_[True, out[0][1:] != out[0][:-1]])
            touch[out[0][first]] |= np.bitwise_or.reduceat(b.pattern_boards[out[1]], first, axis=0)
        if len(idx) == live.shape[0]:
            live &= ~touch
            uncut &= ~cells
        else:
            gone = np.zeros_like(live)
            gone[idx] = touch
            live &= ~gone
            taken = np.zeros_like(uncut)
            taken[idx] = cells
            uncut &= ~taken
        chosen |= pending
        pending[...] = 0

    def _counts(self, boards):
        """How many placements of each pattern ``boards`` (n, classes, words) hold."""
        b = self.board
        n = boards.shape[0]
        counts = np.zeros((n, len(b.names)), np.int16)
        for lo, hi, members, _, columns, kind in b.groups:
            acc = np.zeros((n, len(members)), kind)
            for k, w, column in columns:
                acc += _bitcount(boards[:, lo + k, w, None] & column)
            counts[:, members] = acc
        return counts

    def _round(self, state):
        """Advance every position one step.  Returns (dead, solved, moving, settled,
        counts, pairs): positions that died, that are complete decompositions, that go
        on to the next round as they are (strips pending, placements dropped), that
        branch now; the pattern counts and the cells with two options."""
        live, uncut, need, chosen, pending, settling = state
        b = self.board
        n = live.shape[0]
        dead = np.zeros(n, bool)
        self._apply(live, uncut, need, chosen, pending, dead)
        # where each class's placements reach: the cells at offset j of a strip
        parts = []  # (length, direction, [cells at offset 0, 1, ...])
        across = np.zeros((n, b.words), np.uint64)
        down = np.zeros_like(across)
        for k, (length, direction) in enumerate(b.classes):
            if direction == 0:
                continue
            st = live[:, k]
            acc = across if direction == 1 else down
            shifted = []
            for j in range(length):
                c = b.shift(st, j, direction)
                acc |= c
                shifted.append(c)
            parts.append((length, direction, shifted))
        # cells with at least one, two, three longer strips
        one = np.zeros_like(across)
        two = np.zeros_like(across)
        three = np.zeros_like(across)
        scratch = np.empty_like(across)
        for _, _, shifted in parts:
            for c in shifted:
                np.bitwise_and(two, c, out=scratch)
                three |= scratch
                np.bitwise_and(one, c, out=scratch)
                two |= scratch
                one |= c
        single = live[:, b.single_class] if b.single_class is not None else np.zeros_like(one)
        dead |= _rows_any(uncut & ~(one | single))
        holes = uncut & ~one  # no longer strip reaches these: 1x1s
        slack = np.zeros((n, 2), np.int16)  # 1x1s left of each colour
        for c, a in ((0, b.single_b), (1, b.single_w)):
            if a is not None:
                slack[:, c] = need[:, a]
        hole_counts = np.einsum("ijk->ij", _bitcount(holes[:, None, :] & b.colours[None]), dtype=np.int32)
        dead |= _rows_any(hole_counts > slack)
        # forced: the one strip of a cell with one option, 1x1s in holes, every place of
        # a pattern with as many places as copies to place
        forced = b.touching(uncut & one & ~two & ~single)
        forced &= live
        if b.single_class is not None:
            forced[:, b.single_class] = holes
        counts = self._counts(live)
        active = need > 0
        dead |= _rows_any((counts < need) & active)
        every = np.nonzero((counts == need) & active)
        if len(every[0]):
            got = live[every[0]] & b.pattern_boards[every[1]]
            first = np.flatnonzero(np.r_[True, every[0][1:] != every[0][:-1]])
            forced[every[0][first]] |= np.bitwise_or.reduceat(got, first, axis=0)
        moving = _rows_any(forced) & ~dead
        np.copyto(pending, forced, where=moving[:, None, None])
        solved = ~_rows_any(uncut) & ~dead
        quiet = ~dead & ~moving & ~solved
        # the hole budget and the pair rule, once per settling: a position they changed
        # goes round once more, then branches (a second pass rarely drops anything)
        check = quiet & ~settling
        settling[:] = False
        if check.any():
            q = np.nonzero(check)[0]
            drop = self._pairs(live[q], counts[q], need[q])
            sub = slack[q]
            if (sub <= MAX_SLACK).any():
                sub = np.where(sub <= MAX_SLACK, sub, NO_CHECK)
                kills = self._kills(live[q], uncut[q], [(L, d, [c[q] for c in sh]) for L, d, sh in parts],
                                    across[q], down[q], sub)
                drop = kills if drop is None else drop | kills
            if drop is not None:
                hit = _rows_any(drop)
                if hit.any():
                    live[q[hit]] &= ~drop[hit]
                    settling[q[hit]] = True
                    moving[q[hit]] = True
        settled = quiet & ~moving
        solved &= ~_rows_any(need)
        # cells with exactly two options: a longer strip or a 1x1 (deciding a hole)
        # first, else two longer strips
        or_hole = uncut & one & ~two & single
        two_long = uncut & two & ~three & ~single
        pairs = np.where(_rows_any(or_hole)[:, None], or_hole, two_long)
        return dead, solved, moving, settled, counts, pairs

    def _kills(self, live, uncut, parts, across, down, slack):
        """Placements that would cut off more cells of a colour than that colour has
        1x1s left (``slack``: (n, 2) for b and w, NO_CHECK where not checked);
        (n, classes, words).

        A cell cut off is an uncut cell whose strips all lie across (all down: the same
        turned) and all cover a cell beside it that the placement takes without taking
        the cell.  Counts are thermometer codes, stacked: level t of a count (first
        axis) is the board "at least t + 1", up to one more than the largest slack."""
        b = self.board
        n = live.shape[0]
        u64 = np.uint64
        top = int(min(MAX_SLACK, slack[slack < NO_CHECK].max()) + 1)
        colour = uncut[:, None, :] & b.colours[None]  # (n, 2, words)
        only_across = colour & (across & ~down)[:, None, :]
        only_down = colour & (down & ~across)[:, None, :]
        shape = (top, n, 2, b.words)
        empty = np.zeros(shape, np.uint64)
        right = left = below = above = empty
        for direction, only in ((1, only_across), (2, only_down)):
            if not only.any():
                continue
            reach_back = np.zeros((n, b.words), np.uint64)  # a strip starts <= m-1 back
            reach_on = np.zeros_like(reach_back)  # a strip ends <= m-1 on
            back = np.zeros(shape, np.uint64)
            on = np.zeros(shape, np.uint64)
            for m in range(1, b.longest):
                j = m - 1
                for length, d, shifted in parts:
                    if d == direction and length > j:
                        reach_back |= shifted[j]
                        reach_on |= shifted[length - 1 - j]
                # cells whose strips all cover the cell m back (m on): a strip that takes
                # that cell and not theirs cuts them off; counted at the taken cell
                _count_in(back, b.shift(only & ~reach_back[:, None, :], -m, direction))
                _count_in(on, b.shift(only & ~reach_on[:, None, :], m, direction))
            if direction == 1:
                right, left = back, on
            else:
                below, above = back, on
        side = _sum(right, left)  # cut off across when the cell is taken by a strip down
        updown = _sum(below, above)
        # a strip takes several cells: sum their counts over its length
        windows_across = self._windows(updown, 1)
        windows_down = self._windows(side, 2)
        # level slack of each (position, colour): at least slack + 1 cells cut off
        level = np.minimum(slack, top - 1)[None, :, :, None]
        checked = (slack < top)[:, :, None]
        dead = np.zeros((n, len(b.classes), b.words), np.uint64)
        for k, (length, direction) in enumerate(b.classes):
            if direction == 0:
                total = _sum(side, updown)
            elif direction == 1:  # past its ends, and above and below its cells
                total = _sum(right >> u64(length - 1), left)
                w = windows_across.get(length)
                if w is not None:
                    total = _sum(total, w)
            else:
                total = _sum(b.down(below, -(length - 1)), above)
                w = windows_down.get(length)
                if w is not None:
                    total = _sum(total, w)
            over = np.take_along_axis(total, level, axis=0)[0]
            over &= np.where(checked, ~u64(0), u64(0))
            np.bitwise_or(over[:, 0], over[:, 1], out=dead[:, k])
        dead &= live
        return dead

    def _windows(self, count, direction):
        """For each strip length of that direction, ``count`` summed over the cells a
        strip starting at each cell covers (sums of 1, 2, 4, ... cells, doubled up)."""
        b = self.board
        lengths = sorted({L for L, d in b.classes if d == direction})
        if not lengths or not count.any():
            return {}
        powers = {1: count}
        k = 1
        while 2 * k <= lengths[-1]:
            powers[2 * k] = _sum(powers[k], b.shift(powers[k], -k, direction))
            k *= 2
        out = {}
        for length in lengths:
            acc = None
            offset = 0
            for size in sorted(powers, reverse=True):
                while length - offset >= size:
                    part = powers[size] if offset == 0 else b.shift(powers[size], -offset, direction)
                    acc = part if acc is None else _sum(acc, part)
                    offset += size
            out[length] = acc
        return out

    def _pairs(self, live, counts, need):
        """Placements that clash with both places of a pattern that has two left (and
        one copy to place): taking one would leave the pattern no room."""
        b = self.board
        at, pattern = np.nonzero((need == 1) & (counts == 2))
        if not len(at):
            return None
        options = live[at] & b.pattern_boards[pattern]
        which, k, y, x = b.bits(options)
        order = np.argsort(which, kind="stable")
        q = b.number[k[order], y[order], x[order]]  # two per pair, side by side
        both = b.touch_of[q[0::2]] & b.touch_of[q[1::2]] & ~b.pattern_boards[pattern]
        first = np.flatnonzero(np.r_[True, at[1:] != at[:-1]])
        out = np.zeros_like(live)
        out[at[first]] = np.bitwise_or.reduceat(both, first, axis=0)
        return out & live

    def _branch(self, state, settled, counts, pairs):
        """Children of the settled positions: (parent index, pending board) arrays.

        A position branches on the pattern with the fewest places (one copy to place);
        if that has more than two, on a cell with two options instead; with no such
        pattern, on the cell with the fewest options."""
        live, uncut, need, chosen, pending, settling = state
        b = self.board
        idx = np.nonzero(settled)[0]
        if not len(idx):
            return idx, np.zeros((0,) + live.shape[1:], np.uint64)
        big = np.iinfo(np.int32).max
        score = np.where(need[idx] == 1, counts[idx].astype(np.int32), big)
        best = score.argmin(axis=1)
        low = score[np.arange(len(idx)), best]
        boards = np.zeros((len(idx),) + live.shape[1:], np.uint64)
        cells = pairs[idx]
        by_cell = (low > 2) & _rows_any(cells)
        if by_cell.any():
            at = np.nonzero(by_cell)[0]
            c = cells[at]
            word = np.argmax(c != 0, axis=1)  # the first such cell in reading order
            v = c[np.arange(len(at)), word]
            target = np.zeros_like(c)
            target[np.arange(len(at)), word] = v & (~v + np.uint64(1))
            boards[at] = b.touching(target) & live[idx[at]]
        by_pattern = (low < big) & ~by_cell
        if by_pattern.any():
            at = np.nonzero(by_pattern)[0]
            boards[at] = live[idx[at]] & b.pattern_boards[best[at]]
        rest = ~by_pattern & ~by_cell
        if rest.any():
            at = np.nonzero(rest)[0]
            boards[at] = self._fewest(live[idx[at]], uncut[idx[at]])
        parent, k, y, x = b.bits(boards)
        return idx[parent], b.board_of(k, y, x, len(parent))

    def _fewest(self, live, uncut):
        """The options of the uncut cell with the fewest (the first in reading order)."""
        b = self.board
        n = live.shape[0]
        counts = np.zeros((n, b.words * 64), np.int32)

        def flags(a):
            little = np.ascontiguousarray(a, dtype=np.dtype(np.uint64).newbyteorder("<"))
            return np.unpackbits(little.view(np.uint8), axis=-1, bitorder="little").reshape(n, -1)

        for k, (length, direction) in enumerate(b.classes):
            st = live[:, k]
            for j in range(length):
                c = st if direction == 0 else b.shift(st, j, direction)
                counts += flags(c & uncut)
        counts = np.where(flags(uncut).astype(bool), counts, np.iinfo(np.int32).max)
        where = counts.argmin(axis=1)
        target = np.zeros((n, b.words), np.uint64)
        target[np.arange(n), where // 64] = np.left_shift(np.uint64(1), (where % 64).astype(np.uint64))
        return b.touching(target) & live

    # --- the search -----------------------------------------------------------------
    def run(self):
        """Solver events: Found for every decomposition as soon as it is found,
        Progress (positions advanced so far) after every round."""
        yield Progress(0)
        if not self.starts:
            return
        state = self._initial()
        stack = []  # waiting positions, chunks of arrays, newest last
        waiting = 0
        total = 0
        rounds = 0
        while True:
            n = state[0].shape[0]
            if n == 0:
                if not stack:
                    break
                state = stack.pop()
                waiting -= state[0].shape[0]
                continue
            total += n
            self.rounds = total
            dead, solved, moving, settled, counts, pairs = self._round(state)
            for i in np.nonzero(solved)[0]:
                yield Found(self._solution(state[3][i]))
            parents, children = self._branch(state, settled, counts, pairs)
            keep = np.nonzero(moving & ~dead)[0]
            nxt = [a[keep] for a in state]
            if len(parents):
                kids = [a[parents] for a in state[:4]] + [children, np.zeros(len(parents), bool)]
                nxt = [np.concatenate([x, y]) for x, y in zip(nxt, kids)]
            # the pool keeps the newest positions (depth first, roughly); a long wait
            # list narrows the pool so that the list stops growing
            rounds += 1
            pool = min(self.pool_size, START_POOL << min(rounds // GROW_EVERY, 16))
            if waiting >= WAIT_LIMIT:
                pool = NARROW_POOL
            size = nxt[0].shape[0]
            if size > pool:
                cut = size - pool
                stack.append([a[:cut] for a in nxt])
                waiting += cut
                nxt = [a[cut:] for a in nxt]
            elif size < pool // 2 and stack:
                extra = stack.pop()
                waiting -= extra[0].shape[0]
                room = pool - size
                if extra[0].shape[0] > room:
                    stack.append([a[:-room] for a in extra])
                    waiting += extra[0].shape[0] - room
                    extra = [a[-room:] for a in extra]
                nxt = [np.concatenate([x, y]) for x, y in zip(extra, nxt)]
            state = nxt
            yield Progress(total)
        yield Progress(total)

    def _solution(self, chosen):
        b = self.board
        pieces = []
        for k in range(len(b.classes)):
            for w in range(b.words):
                v = int(chosen[k, w])
                while v:
                    low = v & -v
                    bit = low.bit_length() - 1
                    pieces.append(b.pieces[(k, w * b.per_word + bit // b.lane_bits, bit % b.lane_bits)])
                    v ^= low
        return sort_pieces(b.fixed + tuple(pieces))


def _count_in(count, t):
    """Add the board ``t`` to the stacked thermometer count ``count``, in place."""
    if len(count) > 1:
        count[1:] |= count[:-1] & t
    count[0] |= t


def _sum(a, c):
    """The saturating sum of two stacked thermometer counts (at most three levels)."""
    out = a | c
    if len(a) > 1:
        out[1:] |= a[:-1] & c[0]
        if len(a) > 2:
            out[2] |= a[0] & c[1]
    return out
