"""The search's deductions on bit masks: the Tricky rules of solver.Engine, whole board at a time.  No Qt.

solver.Engine keeps one value per cell and per edge and applies its rules one cell or one
line at a time, which is what the replay and the graded hints need.  A search spends
almost all its time in those rules, so the untraced search runs on this engine instead: the
state is six Python integers used as bit sets (cells with track and without, and the same
for the horizontal and the vertical edges) plus the "other end" pointers of the path
fragments, and each cell rule is a few operations on whole integers, for every cell at once.

Cell (x, y) is bit ``y * S + x`` with ``S = W + 1``: one spare bit after each row keeps the
shifts by 1 (left and right neighbours) from wrapping into the next row.  The horizontal
edge between (x, y) and (x + 1, y) is bit (x, y) of the H sets, the vertical edge between
(x, y) and (x, y + 1) is bit (x, y) of the V sets, so the four edges of every cell are

    right  H        left  H << 1        down  V        up  V << S

The rules, as in solver.Engine at the Tricky level (without the reach rule, which the
search leaves off there as well):

* an edge with track puts track in both its cells; a cell without track has no edges;
* a track cell has exactly two connections (A and B one): a full cell's other edges are
  empty, a track cell with only that many possible edges takes them all, an open cell
  with fewer than two possible edges is empty;
* an edge joining the two ends of one fragment would close a loop: empty; the edge joining
  A's fragment to B's is empty unless every count is met and no other track is left;
* a line whose count is reached has no more track, a line that needs all its open cells
  fills them; a line needing one more cell cannot take two open neighbours joined along
  it; in a line where only one open cell stays empty, an open cell whose only other
  possible edge leads to its open neighbour along the line makes that neighbour track.

Rules only ever add facts, so the fixpoint is the same whatever order they run in, and it
is the same as solver.Engine's at the Tricky level (tests/tracks/test_tracks_fast.py
compares the two position by position, and every search here with a brute force).

The searches of solver's portfolio run on it: ``search`` in a sweep order of count.py with
its dead sweep states remembered (``Sweep`` carries the frontier state from a node to its
children instead of tracing it from scratch), and ``search_weighted``, which branches where
``Weights`` says.  Both are one depth-first driver (``_depth_first``) with their own way
of choosing a branch and of hearing how a branch ended.  Both yield None for every node and
the cell bits of every solution.
"""

from __future__ import annotations

from .count import Frontier

_partner = Frontier.partner  # the other end of a strand in a frontier state

np = None  # numpy, imported when a weighted search first needs it (not at start-up)

UNK, YES, NO = 0, 1, 2  # as in solver.py


class Clash(Exception):
    """The position breaks a rule."""


class Board:
    """What the masks mean for one puzzle: sizes, the masks of valid cells and edges, the
    ends and the counted lines.  Shared by every engine of the puzzle."""

    def __init__(self, engine):
        W, H = engine.W, engine.H
        S = W + 1
        self.W, self.H, self.S = W, H, S
        self.bit = [(i // W) * S + (i % W) for i in range(W * H)]  # engine cell -> bit
        valid = hv = vv = 0
        for y in range(H):
            for x in range(W):
                b = y * S + x
                valid |= 1 << b
                if x < W - 1:
                    hv |= 1 << b
                if y < H - 1:
                    vv |= 1 << b
        self.VALID, self.HV, self.VV = valid, hv, vv
        self.A = self.bit[engine.start]
        self.B = self.bit[engine.finish]
        self.ENDS = (1 << self.A) | (1 << self.B)
        self.NONEND = valid & ~self.ENDS
        # counted lines: (cells, target, pairs along the line, horizontal?)
        lines = []
        for k, t in enumerate(engine.ltarget):
            if t is None:
                continue
            cells = engine.lcells[k]
            m = 0
            for i in cells:
                m |= 1 << self.bit[i]
            horizontal = all(i // W == cells[0] // W for i in cells)
            pairs = m & (m >> 1) if horizontal else m & (m >> S)
            lines.append((m, t, pairs, horizontal, len(lines)))
        self.lines = tuple(lines)
        # for each engine edge: (vertical?, bit)
        self.edge = []
        for a, b in zip(engine.ea, engine.eb):
            self.edge.append((b - a != 1, self.bit[a]))

    def cell_of(self, b: int):
        return (b % self.S, b // self.S)


class Fast:
    """The state of one search: six bit sets and the fragments' other-end pointers."""

    __slots__ = ("board", "cy", "cn", "hy", "hn", "vy", "vn", "jh", "jv", "oe", "sz", "trail", "done", "seen", "zone")

    def __init__(self, board: Board, engine=None):
        self.board = board
        n = board.H * board.S
        self.cy = self.cn = self.hy = self.hn = self.vy = self.vn = 0
        self.oe = list(range(n))
        self.sz = [1] * n
        self.trail: list = []  # (x, old oe[x], y, old oe[y], old sz[x], old sz[y]) of every join
        self.done = False
        # the cell and edge sets the line rules have seen (they look again where these
        # changed; None: at every line), and the lines whose pair or neighbour rule may apply
        self.seen = None
        self.zone = 0
        if engine is not None:
            bit = board.bit
            cs, es = engine.cs, engine.es
            for i, v in enumerate(cs):
                if v == YES:
                    self.cy |= 1 << bit[i]
                elif v == NO:
                    self.cn |= 1 << bit[i]
            for e, v in enumerate(es):
                if v == UNK:
                    continue
                vertical, b = board.edge[e]
                if v == YES:
                    if vertical:
                        self.vy |= 1 << b
                    else:
                        self.hy |= 1 << b
                elif vertical:
                    self.vn |= 1 << b
                else:
                    self.hn |= 1 << b
            for i in range(len(cs)):
                self.oe[bit[i]] = bit[engine.oe[i]]
                self.sz[bit[i]] = engine.sz[i]
            self.done = bool(engine.sc[2])
        self.jh, self.jv = self.hy, self.vy  # edges already joined into fragments

    # --- saving and restoring a position ------------------------------------------------
    def save(self):
        """The position, to ``restore`` later (on this engine: the fragments are undone
        from its trail)."""
        return (self.cy, self.cn, self.hy, self.hn, self.vy, self.vn, self.jh, self.jv, len(self.trail), self.done, self.seen, self.zone)

    def restore(self, snap) -> None:
        (self.cy, self.cn, self.hy, self.hn, self.vy, self.vn, self.jh, self.jv, mark, self.done, self.seen, self.zone) = snap
        trail = self.trail
        if len(trail) > mark:
            oe, sz = self.oe, self.sz
            for x, ox, y, oy, sx, sy in reversed(trail[mark:]):
                oe[y] = oy
                oe[x] = ox
                sz[y] = sy
                sz[x] = sx
            del trail[mark:]

    def copy(self) -> "Fast":
        other = Fast.__new__(Fast)
        other.board = self.board
        other.oe = self.oe[:]
        other.sz = self.sz[:]
        other.trail = []
        (other.cy, other.cn, other.hy, other.hn, other.vy, other.vn) = (self.cy, self.cn, self.hy, self.hn, self.vy, self.vn)
        other.jh, other.jv, other.done, other.seen, other.zone = self.jh, self.jv, self.done, self.seen, self.zone
        return other

    # --- questions --------------------------------------------------------------------------
    def edge_value(self, vertical: bool, b: int) -> int:
        if vertical:
            if self.vy >> b & 1:
                return YES
            return NO if self.vn >> b & 1 else UNK
        if self.hy >> b & 1:
            return YES
        return NO if self.hn >> b & 1 else UNK

    def cell_value(self, b: int) -> int:
        if self.cy >> b & 1:
            return YES
        return NO if self.cn >> b & 1 else UNK

    def path(self) -> list:
        """The bits of the cells from A to B along the track (the position is solved)."""
        S = self.board.S
        hy, vy = self.hy, self.vy
        cur, prev = self.board.A, -1
        out = [cur]
        fin = self.board.B
        while cur != fin:
            for n, on in (
                (cur + 1, hy >> cur & 1),
                (cur - 1, cur > 0 and hy >> (cur - 1) & 1),
                (cur + S, vy >> cur & 1),
                (cur - S, cur >= S and vy >> (cur - S) & 1),
            ):
                if on and n != prev:
                    prev, cur = cur, n
                    break
            else:
                break
            out.append(cur)
        return out

    # --- setting values ---------------------------------------------------------------------
    def set_edge(self, vertical: bool, b: int, v: int) -> None:
        """Decide one edge and everything that follows; Clash if that breaks a rule."""
        m = 1 << b
        if vertical:
            if v == YES:
                self.vy |= m
            else:
                self.vn |= m
        elif v == YES:
            self.hy |= m
        else:
            self.hn |= m
        self.propagate()

    def set_cell(self, b: int, v: int) -> None:
        """Decide one cell and everything that follows; Clash if that breaks a rule."""
        if v == YES:
            self.cy |= 1 << b
        else:
            self.cn |= 1 << b
        self.propagate()

    def propagate(self) -> None:
        """Apply the rules until nothing changes (the module's docstring lists them);
        Clash, with the cells or the line to blame, if the position breaks one.  After a
        Clash the position is garbage until ``restore``."""
        bd = self.board
        S = bd.S
        VALID, HV, VV, ENDS, NONEND = bd.VALID, bd.HV, bd.VV, bd.ENDS, bd.NONEND
        cy, cn, hy, hn, vy, vn = self.cy, self.cn, self.hy, self.hn, self.vy, self.vn
        A, B = bd.A, bd.B
        oe = sz = trail = None
        ychg = nchg = True
        while True:
            # --- the cell rules, to their fixpoint -----------------------------------------
            # (each part runs again only when what it reads has changed)
            while True:
                if ychg:  # track edges: their cells are track, full cells take no more
                    ychg = False
                    L = hy << 1
                    U = vy << S
                    hl = hy | L
                    vu = vy | U
                    y1 = hl | vu
                    if y1 & cn:
                        raise Clash(y1 & cn, -1)
                    cy |= y1
                    hL = hy & L
                    vU = vy & U
                    y2 = hL | vU | (hl & vu)  # cells with two track edges or more
                    over = (y2 & ENDS) | (((hL & vu) | (vU & hl)) & NONEND)
                    if over:
                        raise Clash(over, -1)
                    full = y2 | (y1 & ENDS)
                    x = (full | (full >> 1)) & HV & ~(hy | hn)
                    z = (full | (full >> S)) & VV & ~(vy | vn)
                    if x or z:
                        hn |= x
                        vn |= z
                        nchg = True
                if nchg:  # empty cells and edges: what each cell can still have
                    nchg = False
                    hp = HV & ~hn
                    vp = VV & ~vn
                    x = (cn | (cn >> 1)) & hp
                    z = (cn | (cn >> S)) & vp
                    if x:
                        if x & hy:
                            raise Clash(((x & hy) | (z & vy)) & VALID, -1)
                        hn |= x
                        hp ^= x
                    if z:
                        if z & vy:
                            raise Clash(((x & hy) | (z & vy)) & VALID, -1)
                        vn |= z
                        vp ^= z
                    Lp = hp << 1
                    Up = vp << S
                    hl = hp | Lp
                    vu = vp | Up
                    hL = hp & Lp
                    vU = vp & Up
                    p2 = hL | vU | (hl & vu)  # cells with two possible edges or more
                    p3 = (hL & vu) | (vU & hl)  # three or more
                    short = (NONEND & ~p2) | (ENDS & ~(hl | vu))
                    if cy & short:
                        raise Clash(cy & short, -1)
                    x = short & ~(cy | cn)  # (short cells are valid ones)
                    if x:
                        cn |= x
                        nchg = True
                # track cells with no more possible edges than they need take them all
                forced = cy & ~p3 & (NONEND | ~p2)
                x = (forced | (forced >> 1)) & hp & ~hy
                z = (forced | (forced >> S)) & vp & ~vy
                if x or z:
                    hy |= x
                    vy |= z
                    ychg = True
                elif not nchg:
                    break
            # --- fragments: join the new track edges ---------------------------------------
            jh, jv = self.jh, self.jv
            if hy != jh or vy != jv:
                # (join the fragments at the ends of each new track edge; inline, as a call per round
                # cost more than the joins themselves)
                self.jh, self.jv = hy, vy
                hn0, vn0 = hn, vn
                if oe is None:
                    oe, sz, trail = self.oe, self.sz, self.trail
                for bits, step in ((hy & ~jh, 1), (vy & ~jv, S)):
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        a = low.bit_length() - 1
                        x = oe[a]
                        y = oe[a + step]
                        if x == a + step:
                            raise Clash(low | (1 << x), -1)  # closes a loop
                        sx = sz[x]
                        sy = sz[y]
                        trail.append((x, oe[x], y, oe[y], sx, sy))
                        sx += sy
                        oe[x] = y
                        oe[y] = x
                        sz[x] = sx
                        sz[y] = sx
                        if (x == A and y == B) or (x == B and y == A):
                            if not self._finishes(cy, sx):
                                raise Clash(0, -1)
                            self.done = True
                            continue
                        d = y - x
                        if d == 1 or d == -1:
                            m = 1 << (x if d > 0 else y)
                            if not hy & m:  # the edge between the new ends would close a loop
                                hn |= m
                        elif d == S or d == -S:
                            m = 1 << (x if d > 0 else y)
                            if not vy & m:
                                vn |= m
                if self.done:
                    cn |= VALID & ~cy
                    nchg = True
                    continue
                if hn != hn0 or vn != vn0:  # edges that would close a loop
                    nchg = True
                    continue
            # the edge joining A's fragment to B's, unless it would finish the puzzle
            if not self.done:
                if oe is None:
                    oe, sz, trail = self.oe, self.sz, self.trail
                hs, hf = oe[A], oe[B]
                d = hf - hs
                if d in (1, -1, S, -S):
                    lo = hs if d > 0 else hf
                    vertical = d in (S, -S)
                    m = 1 << lo
                    if not ((vn | vy) if vertical else (hn | hy)) & m and not self._finishes(cy, sz[hs] + sz[hf]):
                        if vertical:
                            vn |= m
                        else:
                            hn |= m
                        nchg = True
                        continue
            # --- the line rules, on lines whose cells or edges changed ---------------------
            # (a line whose cells are unchanged needs looking at only for its pair and
            # neighbour rules, and only if its counts allow them: ``zone``)
            seen = self.seen
            self.seen = before = (cy, cn, hy, hn, vy, vn)
            zone = self.zone
            if seen is None:
                dc, de = VALID, 0
            else:
                scy, scn, shy, shn, svy, svn = seen
                dc = (cy ^ scy) | (cn ^ scn)
                dh = (hy ^ shy) | (hn ^ shn)
                dv = (vy ^ svy) | (vn ^ svn)
                de = (dh | (dh << 1) | dv | (dv << S)) if zone else 0
            if dc or de:
                np3 = -1
                for m, t, pm, horizontal, k in bd.lines:
                    if not m & dc:
                        if not (m & de and zone >> k & 1):
                            continue
                    yc = (cy & m).bit_count()
                    um = m & ~cy & ~cn
                    uc = um.bit_count()
                    if yc > t or yc + uc < t:
                        raise Clash(0, k)
                    rem = t - yc
                    if rem == 0:
                        cn |= um
                    elif rem == uc:
                        cy |= um
                    elif rem == 1 or uc - rem == 1:
                        zone |= 1 << k
                        if horizontal:
                            P = um & (um >> 1) & pm & ~hn
                        else:
                            P = um & (um >> S) & pm & ~vn
                        if not P:
                            continue
                        if rem == 1:  # (then the neighbour rule has no pair left)
                            if horizontal:
                                hn |= P
                            else:
                                vn |= P
                        else:
                            if np3 < 0:
                                hp = HV & ~hn
                                vp = VV & ~vn
                                Lp = hp << 1
                                Up = vp << S
                                np3 = VALID & ~((hp & Lp & (vp | Up)) | (vp & Up & (hp | Lp)))
                            sh = 1 if horizontal else S
                            cy |= ((P & np3) << sh) | (P & (np3 >> sh))
                        continue
                    zone &= ~(1 << k)
                self.zone = zone
            if (cy, cn, hy, hn, vy, vn) == before:
                break
            nchg = True
        self.cy, self.cn, self.hy, self.hn, self.vy, self.vn = cy, cn, hy, hn, vy, vn

    def _finishes(self, cy: int, size: int) -> bool:
        """Would a path of ``size`` cells through every track cell meet every count?"""
        if cy.bit_count() != size:
            return False
        for m, t, _pm, _h, _k in self.board.lines:
            if (cy & m).bit_count() != t:
                return False
        return True


DONE = ()  # as in count.py: the state after the path is complete


class Sweep:
    """One sweep orientation of count.Frontier, on bit masks: where the search branches
    next, and the frontier DP state there (the key of remembered dead ends), carried
    forward from the parent node's state cell by cell instead of traced from scratch."""

    def __init__(self, board: Board, frontier):
        self.n = frontier.n
        self.C = frontier.C
        bit = board.bit
        self.cbit = [bit[i] for i in frontier.cell]

        def edge(e):
            return None if e < 0 else board.edge[e]

        self.right = [edge(e) for e in frontier.eid_right]
        self.down = [edge(e) for e in frontier.eid_down]
        # every edge of the cell at each position (for branching when right and down are decided)
        S = board.S
        W, H = board.W, board.H
        cells = []
        for b in self.cbit:
            x, y = b % S, b // S
            es = []
            if x < W - 1:
                es.append((False, b))
            if x > 0:
                es.append((False, b - 1))
            if y < H - 1:
                es.append((True, b))
            if y > 0:
                es.append((True, b - S))
            cells.append(tuple(es))
        self.cell_edges = cells
        self.isend = frontier.isend
        self.vt, self.vfirst, self.ht, self.hfirst = frontier.vt, frontier.vfirst, frontier.ht, frontier.hfirst
        self.initial = frontier.initial()

    def position(self, f: Fast, start: int) -> int:
        """The first position from ``start`` whose cell, or edge right of or below it, is
        undecided; n when everything is decided."""
        kc = f.cy | f.cn
        kh = f.hy | f.hn
        kv = f.vy | f.vn
        cbit, right, down = self.cbit, self.right, self.down
        n = self.n
        pos = start
        while pos < n:
            if not kc >> cbit[pos] & 1:
                return pos
            e = right[pos]
            if e is not None and not (kv if e[0] else kh) >> e[1] & 1:
                return pos
            e = down[pos]
            if e is not None and not (kv if e[0] else kh) >> e[1] & 1:
                return pos
            pos += 1
        return n

    def branch(self, f: Fast, pos: int):
        """An undecided edge of the cell at ``pos`` (right, then down, then any)."""
        kh = f.hy | f.hn
        kv = f.vy | f.vn
        for e in (self.right[pos], self.down[pos]) + self.cell_edges[pos]:
            if e is not None and not (kv if e[0] else kh) >> e[1] & 1:
                return e
        return None

    def advance(self, f: Fast, pos: int, s: tuple, end: int) -> tuple:
        """The DP state before ``end`` from the state ``s`` before ``pos``: every cell from
        ``pos`` to ``end`` is decided in ``f``."""
        C = self.C
        cy, hy, vy = f.cy, f.hy, f.vy
        cbit, down = self.cbit, self.down
        isend, vt, vfirst, ht, hfirst = self.isend, self.vt, self.vfirst, self.ht, self.hfirst
        while pos < end:
            if s is DONE:
                return DONE
            c = pos % C
            l = s[c]
            u = s[c + 1]
            t = cy >> cbit[pos] & 1
            e = down[pos]  # (with the plugs coming in, this also says where the right edge goes)
            d = 1 if e is not None and (vy if e[0] else hy) >> e[1] & 1 else 0
            new = list(s)
            relabel = None
            if not t:
                nd = nr = 0
            elif isend[pos]:
                if l == 0 and u == 0:
                    nd, nr = (3, 0) if d else (0, 3)
                elif (l or u) == 3:
                    return DONE
                else:
                    nd = nr = 0
                    relabel = (c if l else c + 1, 3)
            elif l == 0 and u == 0:
                nd, nr = 1, 2
            elif l == 0 or u == 0:
                x = l or u
                nd, nr = (x, 0) if d else (0, x)
            else:
                nd = nr = 0
                if l == 3 and u == 3:
                    return DONE
                if l == 3:
                    relabel = (c + 1, 3)
                elif u == 3:
                    relabel = (c, 3)
                elif l == 1 and u == 1:
                    relabel = (c + 1, 1)
                elif l == 2 and u == 2:
                    relabel = (c, 2)
            new[c] = nd
            new[c + 1] = nr
            if relabel is not None:
                i, lab = relabel
                new[_partner(s, i)] = lab
            if vt[pos] >= 0:
                new[C + 1 + c] = t if vfirst[pos] else s[C + 1 + c] + t
            else:
                new[C + 1 + c] = 0
            if ht[pos] >= 0:
                new[2 * C + 1] = t if hfirst[pos] else s[2 * C + 1] + t
            else:
                new[2 * C + 1] = 0
            if c == C - 1:
                new[1 : C + 1] = new[0:C]
                new[0] = 0
            s = tuple(new)
            pos += 1
        return s


def _depth_first(f: Fast, first: int, branch, clash=None, finished=None, frames=None):
    """The depth-first search both searches run: yields None after every node and the
    cell bits of each solution's path (A first).

    At a node that is not solved, ``branch(frames)`` says what to branch on: None (a
    leaf), or (what, note) with ``what`` an edge (vertical?, bit) or (2, cell bit); the
    search tries ``first`` there, then the other value.  ``frames`` holds a frame per
    open branch, [saved position, what, phase, solutions before, note].  ``clash(c)``
    hears of every Clash, and ``finished(frame, solutions)`` of every frame whose two
    subtrees are done, with the number of solutions they held."""
    other = YES + NO - first
    if frames is None:
        frames = []
    found = 0
    descend = True
    while True:
        if descend:
            yield None
            if f.done:
                found += 1
                yield f.path()
            else:
                x = branch(frames)
                if x is not None:
                    what = x[0]
                    frames.append([f.save(), what, 0, found, x[1]])
                    try:
                        _apply(f, what, first)
                    except Clash as c:
                        if clash is not None:
                            clash(c)
                        descend = False
                    continue
        descend = False
        while frames:
            fr = frames[-1]
            f.restore(fr[0])
            if fr[2] == 0:
                fr[2] = 1
                try:
                    _apply(f, fr[1], other)
                except Clash as c:
                    if clash is not None:
                        clash(c)
                    continue
                descend = True
                break
            frames.pop()
            if finished is not None:
                finished(fr, found - fr[3])
        if not descend:
            return


def search(f: Fast, sweep: Sweep, first: int = YES, dead=None, dead_limit: int = 1 << 62, stack=None):
    """Every completion of ``f``, depth first in ``sweep``'s order, trying ``first`` on
    each edge before the other value: yields None after every node and the cell bits of
    each solution's path (A first).  ``dead`` remembers sweep states with no completion
    (shared by searches in the same orientation).  ``stack``, if given, is the list the
    search keeps its frames in (for tests: a frame's note is (position, sweep state),
    where its children start from)."""
    if dead is None:
        dead = set()
    n = sweep.n
    position, advance, edge_at = sweep.position, sweep.advance, sweep.branch
    start = (0, sweep.initial)

    def branch(frames):
        pos0, s0 = frames[-1][4] if frames else start
        pos = position(f, pos0)
        if pos >= n:
            return None
        key = (pos, advance(f, pos0, s0, pos))
        if key in dead:
            return None
        e = edge_at(f, pos)
        return None if e is None else (e, key)

    def finished(frame, solutions):
        if not solutions:
            dead.add(frame[4])
            if len(dead) > dead_limit:
                dead.clear()

    return _depth_first(f, first, branch, finished=finished, frames=stack)


class Weights:
    """Where a search by weighted degree branches: every clash adds weight to the line or
    the cells it happened in, and the search branches on the open cell with the most
    weight (its own and its lines') per possible edge, trying track or empty first.  Ties
    go to the cell earliest in ``order`` (cell bits), so searches given different orders
    start in different places."""

    def __init__(self, board: Board, order=None):
        global np
        if np is None:
            import numpy

            np = numpy
        self.board = board
        n = board.H * board.S
        self.nbytes = (n + 7) // 8
        size = self.nbytes * 8
        self.base = np.zeros(size)  # the weight of each cell: its lines' clashes and its own
        self.line_bits = []
        for m, _t, _pm, _h, _k in board.lines:
            bits = _bits(m)
            self.line_bits.append(np.array(bits, dtype=np.intp))
            self.base[bits] += 1.0
        if order is not None:  # tiny weights that order ties (and make every cell's positive)
            self.base[list(order)] += 1e-6 * np.arange(len(order), 0, -1) / len(order)

    def clash(self, c: Clash) -> None:
        cells, k = c.args if c.args else (0, -1)
        if k >= 0:
            self.base[self.line_bits[k]] += 1.0
        cells &= self.board.VALID
        if cells:
            self.base[_bits(cells)] += 1.0

    def choose(self, f: Fast):
        """What to branch on: (2, cell bit), or once every cell is decided an undecided
        edge as (0 for horizontal or 1 for vertical, bit); None if nothing is left."""
        bd = self.board
        unk = bd.VALID & ~f.cy & ~f.cn
        if unk:
            S = bd.S
            hp = bd.HV & ~f.hn
            vp = bd.VV & ~f.vn
            Lp = hp << 1
            Up = vp << S
            p3 = unk & ((hp & Lp & (vp | Up)) | (vp & Up & (hp | Lp)))  # three possible edges or more
            p4 = p3 & hp & Lp & vp & Up
            nb = self.nbytes
            bits = np.unpackbits(
                np.frombuffer(unk.to_bytes(nb, "little") + p3.to_bytes(nb, "little") + p4.to_bytes(nb, "little"), dtype=np.uint8),
                bitorder="little",
            ).reshape(3, -1)
            score = self.base * bits[0] / (bits[1] + bits[2] + 2.0)
            b = int(score.argmax())
            if score[b] > 0.0:
                return (2, b)
            return (2, (unk & -unk).bit_length() - 1)  # (only cells of no counted line are open)
        open_h = bd.HV & ~f.hy & ~f.hn
        if open_h:
            return (0, (open_h & -open_h).bit_length() - 1)
        open_v = bd.VV & ~f.vy & ~f.vn
        if open_v:
            return (1, (open_v & -open_v).bit_length() - 1)
        return None


def _bits(x: int) -> list:
    """The positions of the set bits of ``x``, lowest first."""
    out = []
    while x:
        low = x & -x
        x ^= low
        out.append(low.bit_length() - 1)
    return out


def _apply(f: Fast, x, v: int) -> None:
    """Set what a search branches on: an edge (vertical?, bit) or a cell (2, bit)."""
    kind, b = x
    if kind == 2:
        f.set_cell(b, v)
    else:
        f.set_edge(kind == 1, b, v)


def search_weighted(f: Fast, weights: Weights, first: int = YES):
    """Every completion of ``f``, depth first, branching where ``weights`` says: yields
    None after every node and the cell bits of each solution's path."""
    choose = weights.choose

    def branch(_frames):
        x = choose(f)
        return None if x is None else (x, None)

    return _depth_first(f, first, branch, clash=weights.clash)
