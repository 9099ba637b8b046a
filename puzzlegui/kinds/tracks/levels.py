"""Tatham's three Tracks levels, as his solver means them.  No Qt.

A puzzle's level is the lowest level whose deductions alone finish it.  For the levels
that Simon Tatham's Train Tracks names (Easy, Tricky, Hard) "his level" is only true if
the deductions are his, so this module reasons as his tracks.c does, on the puzzles his
program can hold (no split rows, every count given, A on the left edge and B on the
bottom edge, the pieces at A and B given).  It is written from his rules, not from his
code: each square and each side of a square is known to hold track, known not to, or
not known yet, and these rules are applied, easiest first, starting again from the
easiest whenever one of them adds anything, until none adds anything:

Easy
  * edges: an empty square has no track on any side; a square with three sides closed
    is empty; a square with track on a side holds track; a track square with two sides
    closed uses the other two, and one with two sides used closes the other two;
  * counts: a line whose count is reached is empty elsewhere, a line whose open squares
    are all needed is track everywhere;
  * loops: a link between two track squares already joined would close a loop, and a
    link that would join A's piece to B's while other track or unmet counts remain
    would end the line too early; both are closed.
Tricky
  * one more: in a line needing one more track square, with nowhere to cross it, and
    only one square with fewer than two links, the last square is next to that one;
  * loose ends: a line with as many loose ends (track squares with one link, along the
    line) as squares still to be laid cannot turn any lone loose end along the line;
    and one loose end with two squares still to lay and nowhere to cross must go on
    along the line;
  * pairs: in a line needing one more track square, a square that could only continue
    into its neighbour along the line (it has one other way out) is empty.
Hard
  * pairs, the other way: in a line that needs all but one of its open squares, the
    neighbour such a square would lead into is track;
  * parity: a link that is the only way between two parts of the board of undecided
    links is track exactly when the track already leaves one part an odd number of times.

``closure`` applies them; ``level`` grades.  Everything works on plain ints, as Tatham's
bit flags do: bit 0 TRACK and bit 1 NOTRACK of a square, then four bits of sides known
to hold track (R, U, L, D) and four known to hold none.
"""

from __future__ import annotations

R, U, L, D = 1, 2, 4, 8
ALL = 15
TRACK, NOTRACK = 1, 2
ET, EN = 4, 8  # shifts of the "side holds track" and "side holds none" bits
_NB = [bin(i).count("1") for i in range(16)]
_STEP = {R: (1, 0), U: (0, -1), L: (-1, 0), D: (0, 1)}
_OPP = {R: L, L: R, U: D, D: U}

EASY, TRICKY, HARD = 0, 1, 2
NAMES = ("Easy", "Tricky", "Hard")


class Impossible(Exception):
    """The deductions found the puzzle has no solution."""


class Board:
    """One Tatham-style puzzle being solved: squares' and sides' flags."""

    def __init__(self, w: int, h: int, numbers, row_s: int, col_s: int, clues):
        """``numbers``: the w column counts then the h row counts; ``row_s``: the row of
        A (left edge), ``col_s``: the column of B (bottom edge); ``clues``: (x, y) ->
        direction bits of the given pieces (those at A and B included)."""
        self.w, self.h = w, h
        self.numbers = list(numbers)
        self.row_s, self.col_s = row_s, col_s
        self.sf = [0] * (w * h)
        # (squares in order, count, the sides across): every column, then every row
        self.lines = tuple(
            [(tuple(range(x, w * h, w)), self.numbers[x], R | L) for x in range(w)]
            + [(tuple(range(y * w, y * w + w)), self.numbers[w + y], U | D) for y in range(h)]
        )
        self.dirty = set(range(w * h))  # squares the square-and-sides rules should look at
        # each line's version (bumped whenever a flag of one of its squares changes), and
        # for each line rule the version at which it last found nothing in that line: a
        # line not changed since then is passed over, as a sweep would find nothing there
        self.lver = [0] * (w + h)
        self.seen = {name: [-1] * (w + h) for name in ("counts", "one_more", "loose_ends", "pairs0", "pairs1")}
        # versions of the track (track squares and sides) and of all sides, and where the
        # loop and parity rules last found nothing: they read nothing else, so unchanged
        # versions mean they would find nothing again
        self.tver = self.sver = 0
        self.loops_seen = self.parity_seen = -1
        self.clue = [False] * (w * h)
        # the pieces of track: a union-find over the squares, joined along every side
        # known to hold track (kept as they are set, for the loop rules)
        self.uf = list(range(w * h))
        # the faces of the graph of undecided links (see _faces): a union-find over the
        # board's plaquettes and the outer face, joined across every link once decided
        self.links, self.face_of, self.beyond = _faces(w, h)
        self.fuf = list(range((w - 1) * (h - 1) + 1))
        # the undecided links between two track squares, the only ones the loop rules
        # look at, kept as squares and links change (filled in below, once the given
        # pieces are on): 2 * (upper or left square) + (1 for a link down, 0 for one to
        # the right)
        self.cand = set()
        # for finished(): each line's squares with exactly two sides with track, and
        # whether the sides with track close a loop; for progress(): how many flags are set
        self.lfull = [0] * (w + h)
        self.looped = False
        self.known = 0
        for (x, y), mask in clues.items():
            i = y * w + x
            self.sf[i] |= TRACK
            self.clue[i] = True
            for d in (U, D, L, R):
                if mask & d:
                    self._set(i, d, ET)
        self.impossible = False
        # every outer side holds no track, except where a given piece leaves the board
        for x in range(w):
            self._outer(x, 0, U)
            self._outer(x, h - 1, D)
        for y in range(h):
            self._outer(0, y, L)
            self._outer(w - 1, y, R)
        # each line's track squares and empty squares, kept up to date as flags are set
        self.ltrack = [sum(self.sf[i] & TRACK for i in cells) for cells, _t, _p in self.lines]
        self.lempty = [0] * (w + h)
        for i in range(w * h):
            if self.sf[i] & TRACK:
                self._joins(i)
        self.known = sum(_NB[(f & 3)] + _NB[(f >> ET) & ALL] + _NB[(f >> EN) & ALL] for f in self.sf)

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.sf = list(self.sf)
        other.uf = list(self.uf)
        other.fuf = list(self.fuf)
        other.lfull = list(self.lfull)
        other.cand = set(self.cand)
        other.dirty = set(self.dirty)
        other.lver = list(self.lver)
        other.ltrack = list(self.ltrack)
        other.lempty = list(self.lempty)
        other.seen = {k: list(v) for k, v in self.seen.items()}
        return other

    def add_clue(self, x: int, y: int, mask: int) -> None:
        """A given piece at (x, y) (direction bits, none off the board), as if it had been
        given when the board was made: its square holds track and so do its sides."""
        i = y * self.w + x
        self.clue[i] = True
        self.set_square(i, TRACK)
        for d in (R, U, L, D):
            if mask & d:
                self.set_side(x, y, d, ET)

    # --- flags ----------------------------------------------------------------------
    def set_side(self, x: int, y: int, d: int, shift: int) -> int:
        """Side ``d`` of square (x, y) holds track (``shift`` ET) or none (EN): 1 when that
        is news (or contradicts what is known: the board is then impossible), else 0."""
        return self._set(y * self.w + x, d, shift)

    def _set(self, i: int, d: int, shift: int) -> int:
        """set_side by square number.  The one way a side is decided, kept in one piece
        for speed: the flags of both squares beside it, their lines' versions, the count
        of full squares, the pieces, the loop rules' candidates and the faces."""
        sf = self.sf
        f = sf[i]
        if (f >> shift) & d:
            return 0
        if (f >> (EN if shift == ET else ET)) & d:
            self.impossible = True
            return 1
        f |= d << shift
        sf[i] = f
        self.known += 1
        w, lver = self.w, self.lver
        self.dirty.add(i)
        lver[i % w] += 1
        lver[w + i // w] += 1
        self.sver += 1
        if shift == ET:
            self.tver += 1
            n = _NB[(f >> ET) & ALL]
            if n == 2 or n == 3:
                self._full(i, 1 if n == 2 else -1)
        j = self.beyond[d][i]
        if j < 0:
            return 1  # a side on the board's edge
        g = sf[j] | (_OPP[d] << shift)
        sf[j] = g
        self.known += 1
        self.dirty.add(j)
        lver[j % w] += 1
        lver[w + j // w] += 1
        if shift == ET:
            n = _NB[(g >> ET) & ALL]
            if n == 2 or n == 3:
                self._full(j, 1 if n == 2 else -1)
            a, b = self.find(i), self.find(j)
            if a != b:
                self.uf[a] = b
            else:
                self.looped = True
        # the link is decided: no longer one the loop rules look at, and the faces on
        # its two sides are one face now
        key = (i if i < j else j) * 2 + (d in (U, D))
        self.cand.discard(key)
        fa, fb = self.face_of[key]
        fuf = self.fuf
        while fuf[fa] != fa:
            fuf[fa] = fa = fuf[fuf[fa]]
        while fuf[fb] != fb:
            fuf[fb] = fb = fuf[fuf[fb]]
        if fa != fb:
            fuf[fa] = fb
        return 1

    def _full(self, i: int, change: int) -> None:
        """Square i now has two sides with track (``change`` 1) or no longer (-1: three)."""
        w = self.w
        self.lfull[i % w] += change
        self.lfull[w + i // w] += change

    def find(self, i: int) -> int:
        """The piece of track square i is on (one square of it stands for it)."""
        uf = self.uf
        while uf[i] != i:
            uf[i] = uf[uf[i]]
            i = uf[i]
        return i

    def _touch(self, i: int) -> None:
        """Square i's flags changed."""
        w = self.w
        self.dirty.add(i)
        self.lver[i % w] += 1
        self.lver[w + i // w] += 1

    def _outer(self, x, y, d) -> None:
        if not (self.sf[y * self.w + x] >> ET) & d:
            self.set_side(x, y, d, EN)

    def set_square(self, i: int, flag: int) -> int:
        f = self.sf[i]
        if f & flag:
            return 0
        if f & (NOTRACK if flag == TRACK else TRACK):
            self.impossible = True
        else:
            self.sf[i] = f | flag
            self.known += 1
            self._touch(i)
            self._tally(i, flag)
        return 1

    def _tally(self, i: int, flag: int) -> None:
        """Square i became ``flag`` (TRACK or NOTRACK): its lines' tallies."""
        w = self.w
        counts = self.ltrack if flag == TRACK else self.lempty
        counts[i % w] += 1
        counts[w + i // w] += 1
        if flag == TRACK:
            self.tver += 1
            self._joins(i)

    def _joins(self, i: int) -> None:
        """Square i holds track: the undecided links to its track neighbours join the
        loop rules' candidates."""
        w, sf, cand = self.w, self.sf, self.cand
        f = sf[i]
        decided = (f >> ET) | (f >> EN)
        if i % w < w - 1 and not decided & R and sf[i + 1] & TRACK:
            cand.add(2 * i)
        if i % w and not decided & L and sf[i - 1] & TRACK:
            cand.add(2 * i - 2)
        if i >= w and not decided & U and sf[i - w] & TRACK:
            cand.add(2 * (i - w) + 1)
        if i < len(sf) - w and not decided & D and sf[i + w] & TRACK:
            cand.add(2 * i + 1)

    def track_sides(self, i: int) -> int:
        return (self.sf[i] >> ET) & ALL

    def closed_sides(self, i: int) -> int:
        return (self.sf[i] >> EN) & ALL

    # --- Easy -------------------------------------------------------------------------
    def edges(self) -> int:
        """The square-and-sides rules, to their fixed point, on the squares whose flags
        changed since they were last looked at (they only ever add flags, so the order
        does not change where they end: the same as his sweeps repeated)."""
        sf, dirty, put, square = self.sf, self.dirty, self._set, self.set_square
        did = 0
        while dirty:
            i = dirty.pop()
            f = sf[i]
            if f & NOTRACK:
                todo = ALL & ~(f >> EN)  # (a side closed already needs nothing)
                if todo:
                    for d in (R, U, L, D):
                        if todo & d:
                            did += put(i, d, EN)
                    f = sf[i]
            elif _NB[(f >> EN) & ALL] >= 3:
                did += square(i, NOTRACK)
                f = sf[i]
            if (f >> ET) & ALL and not f & TRACK:
                did += square(i, TRACK)
                f = sf[i]
            if f & TRACK:
                closed, track = (f >> EN) & ALL, (f >> ET) & ALL
                if _NB[closed] == 2 and _NB[track] < 2:
                    for d in (R, U, L, D):
                        if not (closed | track) & d:
                            did += put(i, d, ET)
                    f = sf[i]
                    closed, track = (f >> EN) & ALL, (f >> ET) & ALL
                if _NB[track] == 2 and _NB[closed] < 2:
                    for d in (R, U, L, D):
                        if not (closed | track) & d:
                            did += put(i, d, EN)
            if self.impossible:
                dirty.clear()
        return did

    def _fresh(self, rule: str):
        """The lines changed since ``rule`` last looked at them (it looks now), each as
        (squares, count, sides across, track squares, empty squares)."""
        lver, seen, ltrack, lempty = self.lver, self.seen[rule], self.ltrack, self.lempty
        for k, (cells, target, perp) in enumerate(self.lines):
            if seen[k] == lver[k]:
                continue
            seen[k] = lver[k]
            yield cells, target, perp, ltrack[k], lempty[k]

    def counts(self) -> int:
        sf = self.sf
        did = 0
        for cells, target, _perp, track, empty in self._fresh("counts"):
            if track == target:
                for i in cells:
                    if not sf[i] & (TRACK | NOTRACK):  # (a square known already needs nothing)
                        did += self.set_square(i, NOTRACK)
            if empty == len(cells) - target:
                for i in cells:
                    if not sf[i] & (TRACK | NOTRACK):
                        did += self.set_square(i, TRACK)
        return did

    def loops(self) -> int:
        """The loop rules.  A sweep only closes sides, which changes neither the pieces
        nor the track squares it reads, so the order it looks in does not matter."""
        if self.loops_seen == self.tver:
            return 0
        # the rules look only at two track squares side by side with the link between
        # them undecided (self.cand): with none, they have nothing to do
        if not self.cand:
            self.loops_seen = self.tver
            return 0
        w, h = self.w, self.h
        find = self.find
        ends = {find(self.row_s * w), find((h - 1) * w + self.col_s)}
        early = None
        did = 0
        for key in sorted(self.cand):
            i = key >> 1
            d, j = (D, i + w) if key & 1 else (R, i + 1)
            ri, rj = find(i), find(j)
            if ri == rj:
                did += self._set(i, d, EN)
            elif len(ends) == 2 and {ri, rj} == ends:
                if early is None:
                    early = self._too_early(find, ends)
                if early:
                    did += self._set(i, d, EN)
        if not did:
            self.loops_seen = self.tver
        return did

    def _too_early(self, find, ends) -> bool:
        """Joining A's piece to B's now would leave track out or a count unmet."""
        sf = self.sf
        for k in range(self.w * self.h):
            if sf[k] & TRACK and find(k) not in ends:
                return True
        for cells, target, _perp in self.lines:
            if sum(sf[i] & TRACK for i in cells) < target:
                return True
        return False

    # --- Tricky -----------------------------------------------------------------------
    def one_more(self) -> int:
        w, sf = self.w, self.sf
        did = 0
        for cells, target, perp, track, _empty in self._fresh("one_more"):
            if track != target - 1:
                continue
            crossable = low = 0
            last = -1
            for i in cells:
                f = sf[i]
                if not (f >> EN) & perp:
                    crossable += 1
                if _NB[(f >> ET) & ALL] <= 1:
                    low += 1
                    last = i
            if crossable or low != 1:
                continue
            ox, oy = last % w, last // w
            for i in cells:
                if (abs(ox - i % w) > 1 or abs(oy - i // w) > 1) and not sf[i] & TRACK:
                    did += self.set_square(i, NOTRACK)
        return did

    def loose_ends(self) -> int:
        sf = self.sf
        did = 0
        for cells, target, perp, track, _empty in self._fresh("loose_ends"):
            # loose ends and full squares hold track (the edge rules have run), so a line
            # with fewer than target - 1 track squares has neither too many loose ends nor
            # as many as it has squares left to lay, nor one loose end with two to lay
            if track < target - 1:
                continue
            n = len(cells)
            along = ALL & ~perp
            loose = [False] * n
            nloose = full = crossable = 0
            for j, i in enumerate(cells):
                f = sf[i]
                t = (f >> ET) & ALL
                links = _NB[t]
                if links == 2:
                    full += 1
                elif links == 1 and along & t:
                    nloose += 1
                    loose[j] = True
                if links != 2 and not (f >> EN) & perp:
                    crossable += 1
            left = target - full
            if nloose > left:
                self.impossible = True
            if nloose and nloose == left:
                for j, i in enumerate(cells):
                    if not loose[j] or (j > 0 and loose[j - 1]) or (j < n - 1 and loose[j + 1]):
                        continue
                    for d in (R, U, L, D):
                        if along & d and not self.track_sides(i) & d:
                            did += self._set(i, d, EN)
            if nloose == 1 and left == 2 and not crossable:
                for j, i in enumerate(cells):
                    if loose[j]:
                        for d in (R, U, L, D):
                            if along & d:
                                did += self._set(i, d, ET)
        return did

    def pairs(self, both_ways: bool) -> int:
        did = 0
        for cells, target, perp, track, empty in self._fresh("pairs1" if both_ways else "pairs0"):
            one_fill = target - track == 1
            one_empty = both_ways and len(cells) - target - empty == 1
            if not (one_fill or one_empty):
                continue
            forward, back = (D, U) if perp == R | L else (R, L)
            sf = self.sf
            for p, q in zip(cells, cells[1:]):
                if (sf[p] | sf[q]) & (TRACK | NOTRACK):
                    continue  # (what _pair checks first, without the calls)
                did += self._pair(p, q, forward, one_fill, one_empty)
                did += self._pair(q, p, back, one_fill, one_empty)
        return did

    def _pair(self, p: int, q: int, d: int, one_fill: bool, one_empty: bool) -> int:
        sf = self.sf
        if (sf[p] | sf[q]) & (TRACK | NOTRACK):
            return 0
        if _NB[ALL & ~d & ~self.closed_sides(p)] >= 2:
            return 0  # p has two other ways out
        did = 0
        if one_fill:
            sf[p] |= NOTRACK
            self._touch(p)
            self._tally(p, NOTRACK)
            did += 1
        if one_empty:
            sf[q] |= TRACK
            self._touch(q)
            self._tally(q, TRACK)
            did += 1
        self.known += did
        return did

    # --- Hard -------------------------------------------------------------------------
    def parity(self) -> int:
        if self.parity_seen == self.sver:
            return 0
        w = self.w
        N = w * self.h
        did = 0
        # (self.links is in the order a sweep meets them: column by column, down each
        # column, D before R)
        for i, d in self._bridges():
            did += self._bridge(i % w, i // w, d, N)
        if not did:
            self.parity_seen = self.sver
        return did

    def _bridges(self) -> list:
        """The bridges of the graph of undecided links, as (square, D or R) from the upper
        or left square, in self.links' order.  The graph is drawn in the plane, so a link is
        a bridge exactly when the same face lies on both its sides: the faces are kept as
        links are decided (_side), and this reads them off without searching the graph."""
        sf, fuf = self.sf, self.fuf
        roots = []
        for f in range(len(fuf)):
            r = f
            while fuf[r] != r:
                r = fuf[r]
            roots.append(r)
        return [(i, d) for i, d, fa, fb in self.links
                if roots[fa] == roots[fb] and not ((sf[i] >> ET) | (sf[i] >> EN)) & d]

    def _bridge(self, x: int, y: int, d: int, N: int) -> int:
        w, h, sf = self.w, self.h, self.sf
        i = y * w + x
        j = i + (w if d == D else 1)
        # the part of the board of undecided links on i's side of the bridge
        side = {i}
        stack = [i]
        while stack:
            a = stack.pop()
            ax, ay = a % w, a // w
            f = sf[a]
            for e in (R, U, L, D):
                if (f >> ET | f >> EN) & e:
                    continue
                dx, dy = _STEP[e]
                bx, by = ax + dx, ay + dy
                if not (0 <= bx < w and 0 <= by < h):
                    continue
                b = by * w + bx
                if {a, b} == {i, j}:
                    continue
                if b not in side:
                    side.add(b)
                    stack.append(b)
        odd = 0
        for a in side:
            ax, ay = a % w, a // w
            t = self.track_sides(a)
            for e in (R, U, L, D):
                if not t & e:
                    continue
                dx, dy = _STEP[e]
                bx, by = ax + dx, ay + dy
                if not (0 <= bx < w and 0 <= by < h) or by * w + bx not in side:
                    odd ^= 1
        return self.set_side(x, y, d, ET if odd else EN) or 1

    # --- driving ----------------------------------------------------------------------
    RULES = (
        (EASY, "edges"),
        (EASY, "counts"),
        (EASY, "loops"),
        (TRICKY, "one_more"),
        (TRICKY, "loose_ends"),
        (TRICKY, "pairs_one"),
        (HARD, "pairs_both"),
        (HARD, "parity"),
    )

    def pairs_one(self) -> int:
        return self.pairs(False)

    def pairs_both(self) -> int:
        return self.pairs(True)

    def closure(self, level: int, without=()) -> int:
        """Apply the rules up to ``level`` (but not those named in ``without``) until none
        adds anything, easiest first; returns the hardest level that added something
        (EASY when none did).  Raises Impossible when they find a contradiction."""
        hardest = EASY
        rules = [(lv, getattr(self, name)) for lv, name in self.RULES if lv <= level and name not in without]
        while not self.impossible:
            for lv, rule in rules:
                if rule():
                    hardest = max(hardest, lv)
                    break
            else:
                break
        if self.impossible:
            raise Impossible
        return hardest

    def progress(self) -> int:
        """How much is known: square flags plus side flags (each side counted on both
        squares), to compare two partial solves."""
        return self.known

    def finished(self) -> bool:
        """Tatham's test of a finished solve: no loop among the known links, and in
        every line as many squares with two known links as its count (both kept as the
        sides are set)."""
        return not self.looped and self.lfull == self.numbers


def with_position(board: Board, state) -> Board:
    """``board`` (a fresh one) with a player's position on it: their track (sides and
    squares with track), marked squares, crossed sides and dotted squares."""
    w = board.w
    for (a, b) in state.edges:
        d = _direction(a, b)
        board.set_side(a[0], a[1], d, ET)
        board.set_square(a[1] * w + a[0], TRACK)
        board.set_square(b[1] * w + b[0], TRACK)
    for (a, b) in state.blocks:
        board.set_side(a[0], a[1], _direction(a, b), EN)
    for x, y in state.marks:
        board.set_square(y * w + x, NOTRACK)
    for x, y in state.dots:
        board.set_square(y * w + x, TRACK)
    return board


def _direction(a, b) -> int:
    return {(1, 0): R, (0, -1): U, (-1, 0): L, (0, 1): D}[(b[0] - a[0], b[1] - a[1])]


def next_fact(board: Board, known, level: int = HARD):
    """The first new fact his deductions (up to ``level``) find on ``board``, easiest
    rule first, as (rule, rule's level, fact, the board before it); a fact is ("square", i, TRACK or NOTRACK)
    or ("side", i, direction, ET or EN).  ``known(fact)`` says which facts the player
    already sees (a square with track is track, a marked square's sides are closed, ...):
    a rule that adds only those is applied and the search goes on, as his solver goes on.
    None when nothing new follows (or a rule finds the position impossible)."""
    b = board.copy()
    rules = [(lv, name) for lv, name in Board.RULES if lv <= level]
    for _ in range(4 * b.w * b.h + 8):  # (every round adds a flag, and there are so many)
        for lv, name in rules:
            trial = b.copy()
            if not getattr(trial, name)():
                continue
            if trial.impossible:
                return None
            for fact in _new_facts(b.sf, trial.sf):
                if not known(fact):
                    return name, lv, fact, b
            b = trial
            break
        else:
            return None
    return None


def _new_facts(before, after):
    for i, (f, g) in enumerate(zip(before, after)):
        if f == g:
            continue
        for flag in (TRACK, NOTRACK):
            if g & flag and not f & flag:
                yield ("square", i, flag)
        for shift in (ET, EN):
            for d in (R, U, L, D):
                if (g >> shift) & d and not (f >> shift) & d:
                    yield ("side", i, d, shift)


_FACES: dict = {}


def _faces(w: int, h: int):
    """For a w x h board: its inner links, as (square, D or R, face on one side, face on
    the other), in the order a sweep meets them (column by column, down each column, D
    before R); and for each link, at index 2 * (upper or left square) + (1 for D, 0 for R),
    its two faces; and, by direction then square, the square beyond that side (-1 off
    the board).  A face here is one of the (w-1) x (h-1) plaquettes between four
    squares' centres, numbered row by row, or the outer face, numbered last.  (One pair
    of tables per size, shared by every board of it: at most MAX_SIZE ** 2 of them.)"""
    got = _FACES.get((w, h))
    if got is None:
        outer = (w - 1) * (h - 1)

        def face(px, py):
            return py * (w - 1) + px if 0 <= px < w - 1 and 0 <= py < h - 1 else outer

        links = []
        face_of = [None] * (2 * w * h)
        for x in range(w):
            for y in range(h):
                i = y * w + x
                if y < h - 1:  # the link down to (x, y + 1): plaquettes left and right of it
                    links.append((i, D, face(x - 1, y), face(x, y)))
                    face_of[2 * i + 1] = links[-1][2:]
                if x < w - 1:  # the link right to (x + 1, y): plaquettes above and below it
                    links.append((i, R, face(x, y - 1), face(x, y)))
                    face_of[2 * i] = links[-1][2:]
        beyond = [()] * (D + 1)
        for d, (dx, dy) in _STEP.items():
            beyond[d] = tuple(i + dx + dy * w if 0 <= i % w + dx < w and 0 <= i // w + dy < h else -1
                              for i in range(w * h))
        got = _FACES[(w, h)] = (tuple(links), tuple(face_of), tuple(beyond))
    return got


def board_of(puzzle, end_pieces=None):
    """Tatham's Board for one of our puzzles, or None if his program cannot hold it."""
    from .model import BIT

    p = puzzle
    if p.split is not None or any(v is None for v in p.columns) or any(v is None for v in p.rows):
        return None
    if p.start[0] != 0 or p.start_edge != BIT["L"] or p.finish[1] != p.height - 1 or p.finish_edge != BIT["D"]:
        return None
    clues = dict(p.fixed)
    for c in (p.start, p.finish):
        if c not in clues:
            if not end_pieces or c not in end_pieces:
                return None
            clues[c] = end_pieces[c]
    return Board(p.width, p.height, list(p.columns) + list(p.rows), p.start[1], p.finish[0], clues)


def level(board: Board) -> int | None:
    """The lowest of Tatham's levels whose deductions finish ``board`` (a fresh one):
    EASY, TRICKY or HARD; 3 when even his Hard does not; None when they find it impossible."""
    for lv in (EASY, TRICKY, HARD):
        b = board.copy()
        try:
            b.closure(lv)
        except Impossible:
            return None
        if b.finished():
            return lv
    return HARD + 1
