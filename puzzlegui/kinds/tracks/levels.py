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

``closure`` applies them; ``level`` grades.  A board is held as whole-board bit sets
(Python ints with a bit a square: squares with track, without, links with track,
without), so a rule looks at every square, or a whole line, in a few operations: the
generator runs these rules thousands of times a puzzle.  ``Board.sf`` shows the same
facts square by square, as Tatham's bit flags do (bit 0 TRACK and bit 1 NOTRACK, then
four bits of sides known to hold track (R, U, L, D) and four known to hold none), for
the hints, which name the facts one at a time.
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


class _Shape:
    """The masks of one board size, shared by every board of that size (at most
    MAX_SIZE ** 2 of them).  A board is held as whole-board bit sets, Python ints with one
    bit a square: square (x, y) is bit y * (w + 1) + x, so each row has one spare bit
    after it and a shift by one never carries a square into the next row.  A link (a
    side between two squares) is the bit of its upper or left square, in the set of
    horizontal links (to the right) or vertical links (downwards)."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        Wp = self.Wp = w + 1

        def bits(cells):
            out = 0
            for x, y in cells:
                out |= 1 << (y * Wp + x)
            return out

        every = [(x, y) for y in range(h) for x in range(w)]
        self.valid = bits(every)
        self.hlinks = bits((x, y) for x, y in every if x < w - 1)
        self.vlinks = bits((x, y) for x, y in every if y < h - 1)
        self.edge = {R: bits((w - 1, y) for y in range(h)), L: bits((0, y) for y in range(h)),
                     U: bits((x, 0) for x in range(w)), D: bits((x, h - 1) for x in range(w))}
        # every column, then every row: (its squares, the step along it, its sides across)
        self.lines = tuple([(bits((x, y) for y in range(h)), Wp, R | L) for x in range(w)]
                           + [(bits((x, y) for x in range(w)), 1, U | D) for y in range(h)])
        # for the parity rule (Board._bridges): the faces either side of each link, and
        # the links in the order a sweep meets them (column by column, down each column,
        # the link down before the one to the right), as (bit position, vertical).  A
        # plaquette (the space between four squares' centres) has the bit of the square
        # above and to the left of it; the outer face is numbered after every bit.
        outer = self.outer = h * Wp
        self.hfaces, self.vfaces = {}, {}
        self.sweep = []
        for x in range(w):
            for y in range(h):
                p = y * Wp + x
                if y < h - 1:  # the link down: plaquettes left and right of it
                    self.vfaces[p] = (p - 1 if x > 0 else outer, p if x < w - 1 else outer)
                    self.sweep.append((p, True))
                if x < w - 1:  # the link right: plaquettes above and below it
                    self.hfaces[p] = (p - Wp if y > 0 else outer, p if y < h - 1 else outer)
                    self.sweep.append((p, False))
        self.order = {link: k for k, link in enumerate(self.sweep)}


_SHAPES: dict = {}


def _shape(w: int, h: int) -> _Shape:
    got = _SHAPES.get((w, h))
    if got is None:
        got = _SHAPES[(w, h)] = _Shape(w, h)
    return got


def _bits(x: int):
    """The positions of x's set bits, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _moved(old: tuple, new: tuple, Wp: int) -> int:
    """The squares whose flags differ between two states (Board._state): those whose
    track or none changed, and both squares of a link that did."""
    out = (old[0] ^ new[0]) | (old[1] ^ new[1])
    if len(new) > 2:
        h = (old[2] ^ new[2]) | (old[3] ^ new[3])
        v = (old[4] ^ new[4]) | (old[5] ^ new[5])
        out |= h | (h << 1) | v | (v << Wp)
    return out


def _root(parent: list, a: int) -> int:
    """The root of ``a`` in a union-find kept as a list of parents (halving the path)."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a


def _two(a, b, c, d):
    """The squares in at least two of the four sets, and in at least three."""
    ab, cd = a & b, c & d
    return ab | cd | ((a | b) & (c | d)), (ab & (c | d)) | (cd & (a | b))


class Board:
    """One Tatham-style puzzle being solved: which squares hold track (TR) or none (NT),
    which links hold track (HT, VT) or none (HN, VN), as whole-board bit sets (_Shape),
    and the sides off the board that hold track (the given pieces' way in and out)."""

    def __init__(self, w: int, h: int, numbers, row_s: int, col_s: int, clues):
        """``numbers``: the w column counts then the h row counts; ``row_s``: the row of
        A (left edge), ``col_s``: the column of B (bottom edge); ``clues``: (x, y) ->
        direction bits of the given pieces (those at A and B included)."""
        S = self.S = _shape(w, h)
        self.w, self.h = w, h
        self.numbers = list(numbers)
        self.row_s, self.col_s = row_s, col_s
        self.impossible = False
        self.TR = self.NT = self.HT = self.HN = self.VT = self.VN = 0
        # the sides off the board that hold track (otR ...: the squares whose right side
        # does), and those that hold none (onR ...: every other side off the board)
        out = {R: 0, U: 0, L: 0, D: 0}
        Wp = S.Wp
        for (x, y), mask in clues.items():
            p = y * Wp + x
            self.TR |= 1 << p
            for d in (R, U, L, D):
                if mask & d:
                    if self._beyond(p, d) is None:
                        out[d] |= 1 << p
                    else:
                        self._link(p, d, ET)
        self.otR, self.otU, self.otL, self.otD = out[R], out[U], out[L], out[D]
        self.onR, self.onU = S.edge[R] & ~out[R], S.edge[U] & ~out[U]
        self.onL, self.onD = S.edge[L] & ~out[L], S.edge[D] & ~out[D]
        # the pieces of track: a union-find over the squares, joined along the links
        # with track as they are met (_pieces); and whether one closed a loop
        self.uf = list(range(h * Wp))
        self.joined = (0, 0)
        self.looped = False
        # the faces of the graph of undecided links (parity): a union-find over them,
        # joined across the links decided so far (as they are met)
        self.fuf = list(range(S.outer + 1))
        self.fmask = {}
        self.faced = (0, 0)
        # where each rule last looked (see _changed), and the states at which the loop
        # and parity rules last found nothing (they would find nothing again)
        self.seen = {}
        self.loops_seen = self.parity_seen = None

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.uf = list(self.uf)
        other.fuf = list(self.fuf)
        other.fmask = dict(self.fmask)
        other.seen = dict(self.seen)
        return other

    # --- reading ----------------------------------------------------------------------
    def _beyond(self, p: int, d: int):
        """The bit position of the square beyond side d of square p, or None off the board."""
        S = self.S
        x, y = p % S.Wp, p // S.Wp
        dx, dy = _STEP[d]
        if 0 <= x + dx < S.w and 0 <= y + dy < S.h:
            return p + dx + dy * S.Wp
        return None

    def _sides(self):
        """Each square's sides with track, then its sides with none, as bit sets: (tR, tU,
        tL, tD, nR, nU, nL, nD)."""
        Wp, HT, HN, VT, VN = self.S.Wp, self.HT, self.HN, self.VT, self.VN
        return (HT | self.otR, (VT << Wp) | self.otU, (HT << 1) | self.otL, VT | self.otD,
                HN | self.onR, (VN << Wp) | self.onU, (HN << 1) | self.onL, VN | self.onD)

    def _pos(self, i: int) -> int:
        return i + i // self.w

    def track_sides(self, i: int) -> int:
        return self._side_bits(self._pos(i), ET)

    def _side_bits(self, p: int, shift: int) -> int:
        Wp = self.S.Wp
        if shift == ET:
            h, v, o = self.HT, self.VT, (self.otR, self.otU, self.otL, self.otD)
        else:
            h, v, o = self.HN, self.VN, (self.onR, self.onU, self.onL, self.onD)
        out = 0
        if (h | o[0]) >> p & 1:
            out |= R
        if ((v << Wp) | o[1]) >> p & 1:
            out |= U
        if ((h << 1) | o[2]) >> p & 1:
            out |= L
        if (v | o[3]) >> p & 1:
            out |= D
        return out

    @property
    def sf(self) -> list:
        """Every square's flags as plain ints, as Tatham's solver keeps them: bit 0 TRACK,
        bit 1 NOTRACK, then four bits of sides with track (R, U, L, D) and four with none."""
        sides = self._sides()
        Wp, w = self.S.Wp, self.w
        return [self._flags(y * Wp + x, sides) for y in range(self.h) for x in range(w)]

    def _flags(self, p: int, sides=None) -> int:
        """The flags (as sf gives them) of the square at bit p; ``sides``: _sides(), if
        the caller has it."""
        sides = sides or self._sides()
        f = (self.TR >> p & 1) | (self.NT >> p & 1) << 1
        for k, d in enumerate((R, U, L, D)):
            f |= (sides[k] >> p & 1) * (d << ET) | (sides[4 + k] >> p & 1) * (d << EN)
        return f

    # --- setting, one fact at a time (the player's position, given pieces) ------------
    def set_square(self, i: int, flag: int) -> int:
        """Square i holds track (``flag`` TRACK) or none (NOTRACK): 1 when that is news (or
        contradicts what is known: the board is then impossible), else 0."""
        b = 1 << self._pos(i)
        mine, other = ("TR", "NT") if flag == TRACK else ("NT", "TR")
        if getattr(self, mine) & b:
            return 0
        if getattr(self, other) & b:
            self.impossible = True
        else:
            setattr(self, mine, getattr(self, mine) | b)
        return 1

    def set_side(self, x: int, y: int, d: int, shift: int) -> int:
        """Side ``d`` of square (x, y) holds track (``shift`` ET) or none (EN): 1 when that
        is news (or contradicts what is known), else 0."""
        p = y * self.S.Wp + x
        if self._side_bits(p, shift) & d:
            return 0
        if self._side_bits(p, EN if shift == ET else ET) & d:
            self.impossible = True
            return 1
        self._link(p, d, shift)
        return 1

    def _link(self, p: int, d: int, shift: int) -> None:
        """Set the link on side d of the square at bit p (on the board) to ``shift``."""
        Wp = self.S.Wp
        if d == L:
            p, d = p - 1, R
        elif d == U:
            p, d = p - Wp, D
        name = ("HT" if shift == ET else "HN") if d == R else ("VT" if shift == ET else "VN")
        setattr(self, name, getattr(self, name) | 1 << p)

    def add_clue(self, x: int, y: int, mask: int) -> None:
        """A given piece at (x, y) (direction bits, none off the board), as if it had been
        given when the board was made: its square holds track and so do its sides."""
        self.set_square(y * self.w + x, TRACK)
        for d in (R, U, L, D):
            if mask & d:
                self.set_side(x, y, d, ET)

    def _conflict(self) -> bool:
        """Does a square hold track and none, or a link?  (Then the board is impossible.)"""
        if self.TR & self.NT or self.HT & self.HN or self.VT & self.VN:
            self.impossible = True
        return self.impossible

    # --- Easy -------------------------------------------------------------------------
    def edges(self) -> int:
        """The square-and-sides rules, to their fixed point, on every square at once (they
        only ever add flags, so where they end does not depend on the order)."""
        S = self.S
        Wp, valid, hl, vl = S.Wp, S.valid, S.hlinks, S.vlinks
        otR, otU, otL, otD = self.otR, self.otU, self.otL, self.otD
        onR, onU, onL, onD = self.onR, self.onU, self.onL, self.onD
        TR, NT, HT, HN, VT, VN = self.TR, self.NT, self.HT, self.HN, self.VT, self.VN
        start = (TR, NT, HT, HN, VT, VN)
        while True:
            oTR, oNT, oHT, oHN, oVT, oVN = TR, NT, HT, HN, VT, VN
            # an empty square has no track on any side
            HN |= (NT | (NT >> 1)) & hl
            VN |= (NT | (NT >> Wp)) & vl
            tR, tU, tL, tD = HT | otR, (VT << Wp) | otU, (HT << 1) | otL, VT | otD
            nR, nU, nL, nD = HN | onR, (VN << Wp) | onU, (HN << 1) | onL, VN | onD
            # (_two, written out: the squares with at least two, three sides closed, then
            # with track)
            a, b = nR & nU, nL & nD
            c2, c3 = a | b | ((nR | nU) & (nL | nD)), (a & (nL | nD)) | (b & (nR | nU))
            # three sides closed: empty; a side with track: track
            NT |= c3 & valid
            TR |= (tR | tU | tL | tD) & valid
            a, b = tR & tU, tL & tD
            t2, t3 = a | b | ((tR | tU) & (tL | tD)), (a & (tL | tD)) | (b & (tR | tU))
            # a track square with two sides closed uses the other two ...
            m = TR & c2 & ~(c3 | t2)
            if m:
                HT |= (m & ~(nR | tR)) | ((m & ~(nL | tL)) >> 1)
                VT |= (m & ~(nD | tD)) | ((m & ~(nU | tU)) >> Wp)
            # ... and one with two sides used closes the other two
            m = TR & t2 & ~(t3 | c2)
            if m:
                HN |= (m & ~(nR | tR)) | ((m & ~(nL | tL)) >> 1)
                VN |= (m & ~(nD | tD)) | ((m & ~(nU | tU)) >> Wp)
            if TR == oTR and NT == oNT and HT == oHT and HN == oHN and VT == oVT and VN == oVN:
                break
        self.TR, self.NT, self.HT, self.HN, self.VT, self.VN = TR, NT, HT, HN, VT, VN
        if (TR, NT, HT, HN, VT, VN) == start:
            return 0
        self._conflict()
        return 1

    def _state(self, sides: bool = True) -> tuple:
        """The bit sets, (TR, NT) or with the links too (TR, NT, HT, HN, VT, VN)."""
        if sides:
            return self.TR, self.NT, self.HT, self.HN, self.VT, self.VN
        return self.TR, self.NT

    def _changed(self, rule: str, sides: bool = True) -> int:
        """The squares whose flags changed since ``rule`` last looked (it looks now): a
        line rule finds nothing new in a line none of whose squares changed since it
        found nothing there, so it passes such lines over.  ``sides``: whether the rule
        reads the sides too, or only which squares hold track or none."""
        now = self._state(sides)
        seen = self.seen
        last = seen.get(rule)
        seen[rule] = now
        if last is None:
            return self.S.valid
        return 0 if last == now else _moved(last, now, self.S.Wp)

    def counts(self) -> int:
        changed = self._changed("counts", sides=False)  # (it reads only track or none)
        if not changed:
            return 0
        did = 0
        for (m, _step, _across), target in zip(self.S.lines, self.numbers):
            if not changed & m:
                continue
            TR, NT = self.TR, self.NT
            open_ = m & ~TR & ~NT
            if not open_:
                continue
            if (TR & m).bit_count() == target:
                self.NT = NT | open_
                changed |= open_
                did += open_.bit_count()
            elif (NT & m).bit_count() == m.bit_count() - target:
                self.TR = TR | open_
                changed |= open_
                did += open_.bit_count()
        return did

    def _pieces(self) -> None:
        """Bring the pieces up to date: join the squares of every link with track not met
        yet, noting a loop when one joins two squares already on one piece."""
        uf, Wp = self.uf, self.S.Wp
        hj, vj = self.joined
        for links, step in ((self.HT & ~hj, 1), (self.VT & ~vj, Wp)):
            for p in _bits(links):
                a, b = _root(uf, p), _root(uf, p + step)
                if a == b:
                    self.looped = True
                else:
                    uf[a] = b
        self.joined = (self.HT, self.VT)

    def loops(self) -> int:
        """The loop rules.  A sweep only closes links, which changes neither the pieces nor
        the track squares it reads, so the order it looks in does not matter."""
        key = (self.TR, self.HT, self.VT)
        if self.loops_seen == key:
            return 0
        S, TR = self.S, self.TR
        Wp = S.Wp
        # the rules look only at two track squares side by side with the link between
        # them undecided, and only where both are on pieces of more than one square
        # (have a side with track; A's and B's have): with none, they have nothing to do
        tR, tU, tL, tD = self._sides()[:4]
        on = TR & (tR | tU | tL | tD)
        hc = on & (on >> 1) & S.hlinks & ~self.HT & ~self.HN
        vc = on & (on >> Wp) & S.vlinks & ~self.VT & ~self.VN
        if not (hc or vc):
            self.loops_seen = key
            return 0
        self._pieces()
        uf = self.uf
        ends = {_root(uf, self.row_s * Wp), _root(uf, (self.h - 1) * Wp + self.col_s)}
        early = None
        did = 0
        for links, step, vertical in ((hc, 1, False), (vc, Wp, True)):
            for p in _bits(links):
                ri, rj = _root(uf, p), _root(uf, p + step)
                if ri != rj:
                    if len(ends) != 2 or {ri, rj} != ends:
                        continue
                    if early is None:
                        early = self._too_early(ends)
                    if not early:
                        continue
                if vertical:
                    self.VN |= 1 << p
                else:
                    self.HN |= 1 << p
                did += 1
        if not did:
            self.loops_seen = key
        return did

    def _too_early(self, ends) -> bool:
        """Joining A's piece to B's now would leave track out or a count unmet."""
        uf = self.uf
        if any(_root(uf, p) not in ends for p in _bits(self.TR)):
            return True
        return any((self.TR & m).bit_count() < t for (m, _s, _a), t in zip(self.S.lines, self.numbers))

    # --- Tricky -----------------------------------------------------------------------
    def one_more(self) -> int:
        changed = self._changed("one_more")
        did = 0
        crossable = None
        for (m, step, across), target in zip(self.S.lines, self.numbers):
            if not changed & m or (self.TR & m).bit_count() != target - 1:
                continue
            if crossable is None:  # (the rule sets only squares: the sides stay as they are)
                tR, tU, tL, tD, nR, nU, nL, nD = self._sides()
                # squares where a column or a row can be crossed: neither side across closed
                crossable = {R | L: ~(nR | nL), U | D: ~(nU | nD)}
                low_all = ~_two(tR, tU, tL, tD)[0]  # fewer than two sides with track
            if m & crossable[across]:
                continue
            low = m & low_all
            if low.bit_count() != 1:
                continue
            near = low | (low << step) | (low >> step)
            new = m & ~near & ~self.TR & ~self.NT
            if new:
                self.NT |= new
                changed |= new
                did += new.bit_count()
        return did

    def loose_ends(self) -> int:
        changed = self._changed("loose_ends")
        did = 0
        sides = None
        for (m, step, across), target in zip(self.S.lines, self.numbers):
            # loose ends and full squares hold track (the edge rules have run), so a line
            # with fewer than target - 1 track squares has neither too many loose ends nor
            # as many as it has squares left to lay, nor one loose end with two to lay
            if not changed & m or (self.TR & m).bit_count() < target - 1:
                continue
            if sides is None:  # (read again after the rule sets links)
                tR, tU, tL, tD, nR, nU, nL, nD = self._sides()
                t2, t3 = _two(tR, tU, tL, tD)
                sides = (t2 & ~t3, (tR | tU | tL | tD) & ~t2, {
                    # the sides along the line, (side, its track set, its closed set) back
                    # and forth, and the squares with a side across closed
                    R | L: ((U, tU, nU), (D, tD, nD), nR | nL),
                    U | D: ((L, tL, nL), (R, tR, nR), nU | nD),
                })
            full_all, one_all, along = sides
            back, fwd, closed_across = along[across]
            full = m & full_all
            loose = m & one_all & (back[1] | fwd[1])
            crossable = m & ~full & ~closed_across
            left = target - full.bit_count()
            nloose = loose.bit_count()
            if nloose > left:
                self.impossible = True
            if nloose and nloose == left:
                lone = loose & ~(loose << step) & ~(loose >> step)
                for d, t, n in (back, fwd):
                    new = lone & ~t & ~n
                    if new:
                        for p in _bits(new):
                            self._link(p, d, EN)
                        changed |= new | (new >> step if d in (U, L) else new << step)
                        did += new.bit_count()
                        sides = None
            if nloose == 1 and left == 2 and not crossable:
                for d, t, n in (back, fwd):
                    if loose & t:
                        continue
                    if loose & n:
                        self.impossible = True
                    else:
                        self._link(loose.bit_length() - 1, d, ET)
                        changed |= loose | (loose >> step if d in (U, L) else loose << step)
                        sides = None
                    did += 1
        return did

    def pairs(self, both_ways: bool) -> int:
        changed = self._changed("pairs1" if both_ways else "pairs0")
        did = 0
        stuck_of = None
        for (m, step, across), target in zip(self.S.lines, self.numbers):
            if not changed & m:
                continue
            one_fill = target - (self.TR & m).bit_count() == 1
            one_empty = both_ways and m.bit_count() - target - (self.NT & m).bit_count() == 1
            if not (one_fill or one_empty):
                continue
            if stuck_of is None:  # (the rule sets only squares: the sides stay as they are)
                stuck_of = self._stuck()
            fwd_stuck, back_stuck = stuck_of[across]
            # the pairs of unknown squares (p, p + step) where p has at most one way out
            # but onwards along the line, or p + step but back: only they can add anything
            unknown = m & ~self.TR & ~self.NT
            for p in _bits(unknown & (unknown >> step) & (fwd_stuck | (back_stuck >> step))):
                q = p + step
                for a, b, stuck in ((p, q, fwd_stuck), (q, p, back_stuck)):
                    known = self.TR | self.NT
                    if (known >> a | known >> b) & 1 or not stuck >> a & 1:
                        continue
                    if one_fill:
                        self.NT |= 1 << a
                        changed |= 1 << a
                        did += 1
                    if one_empty:
                        self.TR |= 1 << b
                        changed |= 1 << b
                        did += 1
        return did

    def _stuck(self) -> dict:
        """Keyed by a line's sides across it (R | L for a column, U | D for a row): the
        squares with fewer than two open sides (track or undecided) besides the one
        onwards along the line, and those besides the one back."""
        nR, nU, nL, nD = self._sides()[4:]
        oR, oU, oL, oD = ~nR, ~nU, ~nL, ~nD
        return {
            R | L: (~((oR & oU) | (oR & oL) | (oU & oL)), ~((oR & oD) | (oR & oL) | (oD & oL))),
            U | D: (~((oU & oL) | (oU & oD) | (oL & oD)), ~((oR & oU) | (oR & oD) | (oU & oD))),
        }

    # --- Hard -------------------------------------------------------------------------
    def parity(self) -> int:
        """A link that is the only way between two parts of the board of undecided links
        (a bridge) holds track exactly when the track already leaves one part an odd
        number of times.  The graph is drawn in the plane, so a link is a bridge exactly
        when the same face lies on both its sides: a face here is one of the plaquettes
        between four squares' centres or the outer face, and two are one face when a
        decided link lies between them (a union-find, joined as links are decided)."""
        key = (self.HT | self.HN, self.VT | self.VN)
        if self.parity_seen == key:
            return 0
        bridges = self._bridges(key)
        did = 0
        for p, vertical in bridges:
            did += self._bridge(p, vertical)
        if not did:
            self.parity_seen = key
        return did

    def _bridges(self, key=None) -> list:
        """The bridges of the graph of undecided links, as (bit position, vertical), in
        the order a sweep meets them.  ``key``: the decided links (horizontal, vertical).

        The faces are brought up to date first: every link decided since they last were
        joins the faces either side of it.  Each face made of more than one plaquette
        keeps its plaquettes as a bit set (the plaquette below and to the right of a
        square has that square's bit), so the links with the same face on both sides
        are read off with shifts: a horizontal link at p lies between plaquettes p - Wp
        and p, a vertical one between p - 1 and p, and those on the board's rim have the
        outer face on one side."""
        S = self.S
        Wp, outer = S.Wp, S.outer
        if key is None:
            key = (self.HT | self.HN, self.VT | self.VN)
        fuf, fmask = self.fuf, self.fmask
        hd, vd = self.faced
        for links, faces in ((key[0] & ~hd, S.hfaces), (key[1] & ~vd, S.vfaces)):
            for p in _bits(links):
                a, b = _root(fuf, faces[p][0]), _root(fuf, faces[p][1])
                if a != b:
                    fuf[a] = b
                    fmask[b] = fmask.pop(a, 0 if a == outer else 1 << a) | fmask.pop(b, 0 if b == outer else 1 << b)
        self.faced = key
        r = _root(fuf, outer)
        same_h = same_v = 0
        for root, F in fmask.items():
            same_h |= F & (F << Wp)
            same_v |= F & (F << 1)
            if root == r:  # the outer face: the links on the rim with it inside too
                same_h |= (F & S.edge[U]) | ((F << Wp) & S.edge[D])
                same_v |= (F & S.edge[L]) | ((F << 1) & S.edge[R])
        same_h &= S.hlinks & ~key[0]
        same_v &= S.vlinks & ~key[1]
        if not (same_h or same_v):
            return []
        return sorted([(p, False) for p in _bits(same_h)] + [(p, True) for p in _bits(same_v)],
                      key=S.order.__getitem__)

    def _bridge(self, p: int, vertical: bool) -> int:
        S = self.S
        Wp = S.Wp
        # the part of the board of undecided links on p's side of the bridge
        hu = S.hlinks & ~self.HT & ~self.HN
        vu = S.vlinks & ~self.VT & ~self.VN
        if vertical:
            vu &= ~(1 << p)
        else:
            hu &= ~(1 << p)
        part = 1 << p
        while True:
            more = part | ((part & hu) << 1) | ((part >> 1) & hu) | ((part & vu) << Wp) | ((part >> Wp) & vu)
            if more == part:
                break
            part = more
        tR, tU, tL, tD = self._sides()[:4]
        leaving = ((part & tR & ~(part >> 1)).bit_count() + (part & tL & ~(part << 1)).bit_count()
                   + (part & tU & ~(part << Wp)).bit_count() + (part & tD & ~(part >> Wp)).bit_count())
        self._link(p, D if vertical else R, ET if leaving & 1 else EN)
        return 1

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
        # the edge rules run to their own fixed point, so straight after they added
        # something they would add nothing: the pass after that starts with the next rule
        again = 1 if "edges" not in without else 0
        first = 0
        while not self.impossible:
            for k in range(first, len(rules)):
                lv, rule = rules[k]
                if rule():
                    hardest = max(hardest, lv)
                    first = again if k == 0 else 0
                    break
            else:
                break
        if self.impossible:
            raise Impossible
        return hardest

    def progress(self) -> int:
        """How much is known: square flags plus side flags (each side counted on both
        squares, and the sides off the board), to compare two partial solves."""
        return (self.TR.bit_count() + self.NT.bit_count()
                + 2 * (self.HT.bit_count() + self.HN.bit_count() + self.VT.bit_count() + self.VN.bit_count())
                + 2 * (self.w + self.h))

    def finished(self) -> bool:
        """Tatham's test of a finished solve: no loop among the known links, and in
        every line as many squares with two known links as its count."""
        tR, tU, tL, tD = self._sides()[:4]
        t2, t3 = _two(tR, tU, tL, tD)
        full = t2 & ~t3
        if full.bit_count() != sum(self.numbers[: self.w]):
            return False
        for (m, _s, _a), t in zip(self.S.lines, self.numbers):
            if (full & m).bit_count() != t:
                return False
        self._pieces()
        return not self.looped


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
            for fact in _new_facts(b, trial):
                if not known(fact):
                    return name, lv, fact, b
            b = trial
            break
        else:
            return None
    return None


def _new_facts(before: Board, after: Board):
    """The facts ``after`` (a copy of ``before`` a rule has added to) knows and
    ``before`` does not, square by square in order: only the squares whose bits changed
    are read."""
    w, Wp = before.w, before.S.Wp
    for p in _bits(_moved(before._state(), after._state(), Wp)):
        i = p - p // Wp * (Wp - w)
        f, g = before._flags(p), after._flags(p)
        for flag in (TRACK, NOTRACK):
            if g & flag and not f & flag:
                yield ("square", i, flag)
        for shift in (ET, EN):
            for d in (R, U, L, D):
                if (g >> shift) & d and not (f >> shift) & d:
                    yield ("side", i, d, shift)


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
    EASY, TRICKY or HARD; 3 when even his Hard does not; None when they find it impossible.

    One board goes from level to level: a level's closure from scratch runs the easier
    rules until none adds anything before it tries one of its own, so it passes through
    the easier closure's end, with the same facts, and goes on from there."""
    b = board.copy()
    for lv in (EASY, TRICKY, HARD):
        try:
            b.closure(lv)
        except Impossible:
            return None
        if b.finished():
            return lv
    return HARD + 1
