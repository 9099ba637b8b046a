"""The Tracks solver: deductions to a fixpoint, then search on a track edge.  No Qt.

Every cell is TRACK, NONE or unknown and so is every edge between neighbours.  Changes go
on a trail so a branch of the search is undone by popping it.  Path fragments are kept as
"other end" pointers (the two ends of a fragment point at each other), which makes the
no-loop rule O(1).

The deductions come in three levels, used to grade generated puzzles (Simon Tatham's
tracks.c solves by deduction alone with Easy / Tricky / Hard rules; these follow the same
ideas, generalised to split rows, blank counts and ends inside the grid):

* Easy    a track cell has exactly two connections (one at A and B), a cell that cannot
          get two is empty, a full cell's other edges are empty; a line whose count is
          reached has no more track, a line that needs all its open cells fills them;
          an edge that would close a loop is empty, and so is one that would join A to B
          before every count is met.
* Tricky  in a line needing one more track cell, two open neighbours along the line
          cannot be joined (that would add two); in a line where only one open cell stays
          empty, a cell that could only continue into its neighbour forces that neighbour
          to be track; cells that cannot be reached from A are empty.
* Hard    parity: for an edge whose removal splits the undecided edges in two, the track
          must cross the cut an odd number of times exactly when one side holds an odd
          number of A/B ends and known track ends, which fixes the edge (tracks.c's bridge
          rule, generalised); cuts: a cell or edge that every route from A to some track
          must pass is track, and a pocket of cells hanging off one cell with no track in
          it is empty, because the path could not leave it again.

The search (``solve``) first tries the frontier DP of count.py on the whole puzzle: when its
frontier stays under DP_ROOT_STATES it enumerates every solution without a dead end.
Otherwise it searches in a DP sweep order (row by row from one side): it tries the first
undecided edge of the first undecided cell as track, then as empty (or the other way
round), with the Tricky line deductions at every node (the root had all of them).  Once
every cell before a position is decided, what can follow depends only on the sweep state
there (the strands crossing the frontier and how they pair up, and the partial line
counts), so a state whose subtree held no solution is remembered and pruned wherever it
turns up again.  Every solution is found exactly once.

How long such a search takes to reach its first solutions depends wildly on the side it
starts from: on one 12x12 many-solution board of benchmarks/bench_tracks.py, the eight
orientations needed from 1,071 to 834,095 nodes to find 100 solutions.  So an untraced
solve runs a portfolio (``_portfolio``) of sixteen searches in turns of SLICE nodes, each
turn going to the search with the most new solutions per node so far; solutions are told
apart by their paths, and the first search to finish has found them all.  Eight are the
sweep searches above, one per orientation; the other eight branch by weighted degree
(fast.Weights: the open cell whose lines and cells have caused the most clashes, per
possible edge), which on some random 12x12 boards reaches 100 solutions in a tenth of the
nodes the best sweep needs and on others is the slow one, so the two kinds cover for each
other.  The portfolio's searches run on fast.Fast, the same Tricky deductions on bit masks
(a node of the same search costs about 0.7 of what it costs on Engine).  A traced solve
(the window's "show the search") runs the one sweep search on Engine in the default
orientation, so its replay is one story, with every step named.
``Engine.choose`` (the open fragment end with the fewest continuations) is kept for
callers that want the old order.
"""

from __future__ import annotations

import copy
import itertools
import time

from puzzlegui.core.solver import Found, Progress, Step
from puzzlegui.core.text import cells_span

from . import fast, levels
from .count import ORIENTATIONS, Frontier, TooBig
from .model import Solution, direction

UNK, YES, NO = 0, 1, 2
DP_ROOT_STATES = 20_000  # the frontier DP is tried on the whole puzzle up to this size
DP_NODE_STATES = 0  # and on what is left at a search node near the end of the sweep (off: on
# 10x10 and 12x12 boards it cost more time than the nodes it saved)
DP_ROWS = 4  # "near the end": this many rows of the sweep left
DEAD_LIMIT = 2_000_000  # sweep states remembered as dead
SEARCH_LEVEL = 1  # deductions at search nodes: the line rules pay for themselves there, the
# global cut and parity rules cost more than they save once the search runs in sweep order
EASY, TRICKY, HARD = 0, 1, 2  # the engine's rule levels (see the module's docstring)
# the grades (``grade``): Tatham's three levels, then ours beyond them
EXPERT = 3  # more than Tatham's Hard; this engine's Hard rules (cuts, pockets, parity) finish it
SEARCH = 4  # no deductions here finish it: search (graded Expert, its hardest step "search")
LEVEL_NAMES = ("easy", "tricky", "hard", "expert")




class _Pulse:
    """True at most once every ``every`` seconds: when a search should report progress."""

    def __init__(self, every: float):
        self.every = every
        self.last = time.perf_counter()

    def due(self) -> bool:
        now = time.perf_counter()
        if now - self.last > self.every:
            self.last = now
            return True
        return False

class Contradiction(Exception):
    """The current branch breaks a rule."""


class Engine:
    """Deduction state for one puzzle, with a trail for undoing a search branch."""

    def __init__(self, puzzle, level: int = HARD, log: bool = False):
        p = puzzle
        self.puzzle = p
        self.level = level
        W, H = p.width, p.height
        N = W * H
        self.W, self.H, self.N = W, H, N
        ea, eb = [], []
        cadj = [[] for _ in range(N)]
        eright = [-1] * N
        edown = [-1] * N
        for y in range(H):
            for x in range(W):
                i = y * W + x
                if x < W - 1:
                    eright[i] = len(ea)
                    cadj[i].append((len(ea), i + 1))
                    cadj[i + 1].append((len(ea), i))
                    ea.append(i)
                    eb.append(i + 1)
                if y < H - 1:
                    edown[i] = len(ea)
                    cadj[i].append((len(ea), i + W))
                    cadj[i + W].append((len(ea), i))
                    ea.append(i)
                    eb.append(i + W)
        self.ea, self.eb, self.cadj, self.eright, self.edown = ea, eb, cadj, eright, edown
        self.E = len(ea)
        self.start = p.start[1] * W + p.start[0]
        self.finish = p.finish[1] * W + p.finish[0]
        need = [2] * N
        need[self.start] = need[self.finish] = 1
        self.need = need
        isend = [0] * N
        isend[self.start] = isend[self.finish] = 1
        self.isend = isend

        # lines: cells in order, target, the edges between consecutive cells
        self.lcells, self.ltarget, self.ledges, self.lname, self.lclue = [], [], [], [], []
        cell_lines = [[] for _ in range(N)]
        for cells, count, clue, name in p.lines:
            k = len(self.lcells)
            idx = [y * W + x for x, y in cells]
            self.lcells.append(idx)
            self.ltarget.append(count)
            self.lname.append(name)
            self.lclue.append(clue)
            pairs = []
            for a, b in itertools.pairwise(idx):
                pairs.append((self.edge_between(a, b), a, b))
            self.ledges.append(pairs)
            if count is not None:
                for i in idx:
                    cell_lines[i].append(k)
        self.cell_lines = cell_lines
        # the counted lines through either cell of each edge
        self.elines = [tuple(dict.fromkeys(cell_lines[a] + cell_lines[b])) for a, b in zip(ea, eb)]
        self.counted = [k for k, t in enumerate(self.ltarget) if t is not None]
        K = len(self.lcells)

        self.cs = [UNK] * N
        self.es = [UNK] * self.E
        self.deg = [0] * N
        self.free = [len(a) for a in cadj]
        self.oe = list(range(N))
        self.sz = [1] * N
        self.ltc = [0] * K
        self.luc = [len(c) for c in self.lcells]
        # scalars: [track cells, counted lines not yet reached, path complete]
        self.sc = [0, sum(1 for t in self.ltarget if t), 0]
        self.trail: list = []
        self.track_log: list = []  # edges set to track, in order (for traced searches)
        self.cq: list = []
        self.lq: list = []
        self.incq = [0] * N
        self.inlq = [0] * K
        self.log = [] if log else None
        self.reach = True  # the reach rule at TRICKY level (a search may switch it off)
        self.primed = False  # every counted line has had its line rule once at TRICKY level

    def clone(self) -> "Engine":
        """An independent copy of this engine's current state, with an empty trail (for
        running several searches side by side from one root)."""
        other = copy.copy(self)
        for name in ("cs", "es", "deg", "free", "oe", "sz", "ltc", "luc", "sc", "track_log", "incq", "inlq"):
            setattr(other, name, list(getattr(self, name)))
        other.trail = []
        other.cq = list(self.cq)
        other.lq = list(self.lq)
        other.log = None if self.log is None else list(self.log)
        return other

    # --- geometry -----------------------------------------------------------------------
    def edge_between(self, i: int, j: int) -> int:
        if j < i:
            i, j = j, i
        if j == i + 1:
            return self.eright[i]
        if j == i + self.W:
            return self.edown[i]
        return -1

    def cell(self, i: int):
        return (i % self.W, i // self.W)

    def edge_cells(self, e: int):
        return self.cell(self.ea[e]), self.cell(self.eb[e])

    def edge_move(self, e: int, on: int):
        (x1, y1), (x2, y2) = self.edge_cells(e)
        return ("edge", x1, y1, x2, y2, on)

    # --- setting values -------------------------------------------------------------------
    def set_cell(self, i: int, v: int, why: str, ref) -> None:
        cs = self.cs
        cur = cs[i]
        if cur == v:
            return
        if cur != UNK:
            raise Contradiction
        sc = self.sc
        if v == YES and sc[2]:
            raise Contradiction
        trail = self.trail
        trail.append((cs, i, UNK))
        cs[i] = v
        ltc, luc, ltarget = self.ltc, self.luc, self.ltarget
        for k in self.cell_lines[i]:
            t = ltarget[k]
            trail.append((luc, k, luc[k]))
            luc[k] -= 1
            if v == YES:
                n = ltc[k] + 1
                trail.append((ltc, k, n - 1))
                ltc[k] = n
                if n > t:
                    raise Contradiction
                if n == t:
                    trail.append((sc, 1, sc[1]))
                    sc[1] -= 1
            elif ltc[k] + luc[k] < t:
                raise Contradiction
            if not self.inlq[k]:
                self.inlq[k] = 1
                self.lq.append(k)
        if v == YES:
            trail.append((sc, 0, sc[0]))
            sc[0] += 1
        if not self.incq[i]:
            self.incq[i] = 1
            self.cq.append(i)
        if self.log is not None:
            self.log.append(("cell", i, v, why, ref))

    def set_edge(self, e: int, v: int, why: str, ref) -> None:
        es = self.es
        cur = es[e]
        if cur == v:
            return
        if cur != UNK:
            raise Contradiction
        trail = self.trail
        a = self.ea[e]
        b = self.eb[e]
        free = self.free
        fa = free[a]
        fb = free[b]
        trail += ((es, e, UNK), (free, a, fa), (free, b, fb))
        es[e] = v
        free[a] = fa - 1
        free[b] = fb - 1
        if self.log is not None:
            self.log.append(("edge", e, v, why, ref))
        if self.level >= TRICKY:  # the Tricky line rules look at edges and free sides
            inlq, lq = self.inlq, self.lq
            for k in self.elines[e]:
                if not inlq[k]:
                    inlq[k] = 1
                    lq.append(k)
        incq, cq = self.incq, self.cq
        if not incq[a]:
            incq[a] = 1
            cq.append(a)
        if not incq[b]:
            incq[b] = 1
            cq.append(b)
        if v != YES:
            return
        deg, need = self.deg, self.need
        da = deg[a]
        db = deg[b]
        trail += ((deg, a, da), (deg, b, db))
        deg[a] = da + 1
        deg[b] = db + 1
        if da >= need[a] or db >= need[b]:
            raise Contradiction
        # a and b were fragment ends (or lone cells); join their fragments
        oe, sz = self.oe, self.sz
        if self.cs[a] != YES:
            self.set_cell(a, YES, "edge", e)
        if self.cs[b] != YES:
            self.set_cell(b, YES, "edge", e)
        self.track_log.append(e)  # only once both cells may hold track: a shown piece is legal
        x = oe[a]
        y = oe[b]
        if x == b:
            raise Contradiction  # closes a loop
        s = sz[x] + sz[y]
        trail += ((oe, x, oe[x]), (oe, y, oe[y]), (sz, x, sz[x]), (sz, y, sz[y]))
        oe[x] = y
        oe[y] = x
        sz[x] = s
        sz[y] = s
        st, fi = self.start, self.finish
        if (x == st and y == fi) or (x == fi and y == st):
            sc = self.sc
            if sc[0] != s or sc[1] != 0:
                raise Contradiction
            trail.append((sc, 2, 0))
            sc[2] = 1
            cs = self.cs
            for c in range(self.N):
                if cs[c] == UNK:
                    self.set_cell(c, NO, "complete", None)
            return
        e2 = self.edge_between(x, y)
        if e2 >= 0 and es[e2] == UNK:
            self.set_edge(e2, NO, "loop", e2)
        if x == st or y == st or x == fi or y == fi:
            self.check_close()

    def check_close(self) -> None:
        """The edge joining A's fragment to B's is empty unless it would finish the puzzle."""
        oe = self.oe
        hs = oe[self.start]
        hf = oe[self.finish]
        if hs == self.finish:
            return
        e = self.edge_between(hs, hf)
        if e >= 0 and self.es[e] == UNK:
            sc = self.sc
            if sc[1] != 0 or sc[0] != self.sz[hs] + self.sz[hf]:
                self.set_edge(e, NO, "early", e)

    # --- local rules --------------------------------------------------------------------------
    def cell_rule(self, i: int) -> None:
        st = self.cs[i]
        f = self.free[i]
        if st == NO:
            if f:
                es = self.es
                for e, _j in self.cadj[i]:
                    if es[e] == UNK:
                        self.set_edge(e, NO, "nocell", i)
            return
        d = self.deg[i]
        n = self.need[i]
        if d == n:
            if f:
                es = self.es
                for e, _j in self.cadj[i]:
                    if es[e] == UNK:
                        self.set_edge(e, NO, "full", i)
        elif st == YES:
            if d + f < n:
                raise Contradiction
            if d + f == n:
                es = self.es
                for e, _j in self.cadj[i]:
                    if es[e] == UNK:
                        self.set_edge(e, YES, "forced", i)
        elif f < 2:
            self.set_cell(i, NO, "dead", i)

    def line_rule(self, k: int) -> None:
        uc = self.luc[k]
        if uc == 0:
            return
        rem = self.ltarget[k] - self.ltc[k]
        cs = self.cs
        if rem == 0:
            for c in self.lcells[k]:
                if cs[c] == UNK:
                    self.set_cell(c, NO, "countfull", k)
        elif rem == uc:
            for c in self.lcells[k]:
                if cs[c] == UNK:
                    self.set_cell(c, YES, "countneed", k)
        elif self.level >= TRICKY:
            es = self.es
            if rem == 1:
                for e, a, b in self.ledges[k]:
                    if es[e] == UNK and cs[a] == UNK and cs[b] == UNK:
                        self.set_edge(e, NO, "pair", k)
            if uc - rem == 1:
                free = self.free
                for e, a, b in self.ledges[k]:
                    if es[e] == UNK and cs[a] == UNK and cs[b] == UNK:
                        if free[a] <= 2:
                            self.set_cell(b, YES, "neighbour", (k, a))
                        elif free[b] <= 2:
                            self.set_cell(a, YES, "neighbour", (k, b))

    def propagate(self) -> None:
        cq, lq, incq, inlq = self.cq, self.lq, self.incq, self.inlq
        cell_rule, line_rule = self.cell_rule, self.line_rule
        try:
            while True:
                while cq:
                    i = cq.pop()
                    incq[i] = 0
                    cell_rule(i)
                if lq:
                    k = lq.pop()
                    inlq[k] = 0
                    line_rule(k)
                    continue
                break
        except Contradiction:
            self.clear_queues()
            raise

    def clear_queues(self) -> None:
        for i in self.cq:
            self.incq[i] = 0
        for k in self.lq:
            self.inlq[k] = 0
        self.cq.clear()
        self.lq.clear()

    # --- global rules -------------------------------------------------------------------------
    def reach_rule(self) -> None:
        """Cells that cannot be reached from A over possible edges are empty."""
        cs, es, cadj = self.cs, self.es, self.cadj
        seen = [False] * self.N
        seen[self.start] = True
        stack = [self.start]
        while stack:
            v = stack.pop()
            for e, u in cadj[v]:
                if not seen[u] and es[e] != NO and cs[u] != NO:
                    seen[u] = True
                    stack.append(u)
        for i in range(self.N):
            if not seen[i] and cs[i] != NO:
                self.set_cell(i, NO, "reach", i)

    def cut_rule(self) -> None:
        """Tarjan's low-link over possible cells and edges, from A.

        For a cell p and a DFS child v with low[v] >= disc[p], p separates v's subtree
        from A: if the subtree holds track, p (and the edge, if it is a bridge) must be
        track; if it holds none, the path could enter it only to come back through p, so
        all of it is empty.  Cells never reached are empty."""
        N = self.N
        cs, es, cadj = self.cs, self.es, self.cadj
        disc = [-1] * N
        low = [0] * N
        has = [0] * N  # track cells in the DFS subtree
        ptr = [0] * N
        pe = [-1] * N
        order = []
        root = self.start
        disc[root] = low[root] = 0
        has[root] = 1
        order.append(root)
        stack = [root]
        t = 1
        must_cells = []
        must_edges = []
        empty_ranges = []
        while stack:
            v = stack[-1]
            adj = cadj[v]
            pv = ptr[v]
            if pv < len(adj):
                e, u = adj[pv]
                ptr[v] = pv + 1
                if e == pe[v] or es[e] == NO or cs[u] == NO:
                    continue
                du = disc[u]
                if du < 0:
                    disc[u] = low[u] = t
                    t += 1
                    pe[u] = e
                    has[u] = 1 if cs[u] == YES else 0
                    order.append(u)
                    stack.append(u)
                elif du < low[v]:
                    low[v] = du
            else:
                stack.pop()
                if stack:
                    p = stack[-1]
                    low[p] = min(low[p], low[v])
                    if low[v] >= disc[p]:
                        if has[v]:
                            if cs[p] == UNK:
                                must_cells.append(p)
                            if low[v] > disc[p] and es[pe[v]] == UNK:
                                must_edges.append(pe[v])
                        else:
                            empty_ranges.append(disc[v])
                    if has[v]:
                        has[p] = 1
        # the subtree of v occupies order[disc[v] : disc[v] + size]; sizes from disc order
        if empty_ranges:
            size = [1] * t
            for idx in range(t - 1, 0, -1):
                v = order[idx]
                p = self.other_cell(pe[v], v)
                size[disc[p]] += size[idx]
            for d0 in empty_ranges:
                for idx in range(d0, d0 + size[d0]):
                    c = order[idx]
                    if cs[c] == UNK:
                        self.set_cell(c, NO, "pocket", (c, self.other_cell(pe[order[d0]], order[d0])))
                    elif cs[c] == YES:
                        raise Contradiction
        for i in range(N):
            if disc[i] < 0 and cs[i] != NO:
                self.set_cell(i, NO, "reach", i)
        for p in must_cells:
            self.set_cell(p, YES, "cut", p)
        for e in must_edges:
            self.set_edge(e, YES, "bridge", e)

    def other_cell(self, e: int, v: int) -> int:
        a = self.ea[e]
        return self.eb[e] if a == v else a

    def parity_rule(self) -> None:
        """Bridges of the graph of undecided edges are fixed by parity.

        For a side S of such a bridge, the degrees in S sum to twice its track cells
        minus its A/B ends, so the bridge is track exactly when the ends in S plus the
        known track degrees in S are odd.  A whole component must come out even."""
        N = self.N
        es, cadj, deg, isend, free = self.es, self.cadj, self.deg, self.isend, self.free
        disc = [-1] * N
        low = [0] * N
        par = [0] * N
        ptr = [0] * N
        pe = [-1] * N
        t = 0
        fixes = []
        for root in range(N):
            if disc[root] >= 0 or free[root] == 0:
                continue
            disc[root] = low[root] = t
            t += 1
            par[root] = (isend[root] + deg[root]) & 1
            stack = [root]
            while stack:
                v = stack[-1]
                adj = cadj[v]
                pv = ptr[v]
                if pv < len(adj):
                    e, u = adj[pv]
                    ptr[v] = pv + 1
                    if es[e] != UNK or e == pe[v]:
                        continue
                    du = disc[u]
                    if du < 0:
                        disc[u] = low[u] = t
                        t += 1
                        pe[u] = e
                        par[u] = (isend[u] + deg[u]) & 1
                        stack.append(u)
                    elif du < low[v]:
                        low[v] = du
                else:
                    stack.pop()
                    if stack:
                        p = stack[-1]
                        low[p] = min(low[p], low[v])
                        par[p] ^= par[v]
                        if low[v] > disc[p]:
                            fixes.append((pe[v], par[v]))
            if par[root]:
                raise Contradiction
        for e, odd in fixes:
            self.set_edge(e, YES if odd else NO, "parity", e)

    # --- driving ---------------------------------------------------------------------------------
    def place_givens(self) -> None:
        """A, B and the given pieces; raises Contradiction if they clash."""
        p = self.puzzle
        W = self.W
        self.set_cell(self.start, YES, "end", self.start)
        self.set_cell(self.finish, YES, "end", self.finish)
        for (x, y), mask in p.fixed:
            i = y * W + x
            self.set_cell(i, YES, "given", i)
            for bit, (dx, dy) in ((1, (1, 0)), (2, (0, -1)), (4, (-1, 0)), (8, (0, 1))):
                nx, ny = x + dx, y + dy
                if mask & bit and 0 <= nx < W and 0 <= ny < self.H:
                    self.set_edge(self.edge_between(i, ny * W + nx), YES, "given", i)

    def deduce(self) -> None:
        """Apply the rules of this engine's level until nothing changes."""
        level = self.level
        trail = self.trail
        try:
            while True:
                self.propagate()
                mark = len(trail)
                self.check_close()
                if len(trail) != mark:
                    continue
                if self.sc[2] or level < TRICKY:
                    break
                if not self.primed:  # once; afterwards every change queues its lines
                    self.primed = True
                    for k in self.counted:
                        self.line_rule(k)
                    if len(trail) != mark:
                        continue
                if level >= HARD:
                    self.cut_rule()
                elif self.reach:
                    self.reach_rule()
                if len(trail) != mark:
                    continue
                if level >= HARD:
                    self.parity_rule()
                    if len(trail) != mark:
                        continue
                break
        except Contradiction:
            self.clear_queues()
            raise

    def undo(self, mark: int) -> None:
        trail = self.trail
        if len(trail) > mark:
            for arr, i, v in reversed(trail[mark:]):
                arr[i] = v
            del trail[mark:]

    @property
    def solved(self) -> bool:
        return bool(self.sc[2])

    def progress(self) -> int:
        """How much is decided: cells plus edges, for comparing partial solves."""
        return self.N + self.E - self.cs.count(UNK) - self.es.count(UNK)

    def choose(self) -> int:
        """An undecided edge at the open fragment end with the fewest options."""
        cs, deg, need, free = self.cs, self.deg, self.need, self.free
        best = -1
        best_free = 99
        for i in range(self.N):
            if cs[i] == YES and deg[i] < need[i]:
                f = free[i]
                if f < best_free:
                    best, best_free = i, f
                    if f <= 2:
                        break
        if best < 0:
            return -1
        for e, _j in self.cadj[best]:
            if self.es[e] == UNK:
                return e
        return -1

    def path(self) -> tuple:
        """The complete path from A to B as cells."""
        es, cadj = self.es, self.cadj
        out = [self.start]
        prev = -1
        cur = self.start
        while cur != self.finish:
            for e, u in cadj[cur]:
                if es[e] == YES and u != prev:
                    prev, cur = cur, u
                    break
            else:
                break
            out.append(cur)
        return tuple(self.cell(i) for i in out)


def _edge_text(what: str, cells) -> str:
    """A traced step on the piece of track between two cells, counted from 1:
    "Try track from column 13, row 6 to column 12, row 6"."""
    return f"{what} from {cells_span(cells[0], cells[1])}"


def try_set(engine: Engine, e: int, v: int) -> bool:
    try:
        engine.set_edge(e, v, "guess", e)
        engine.deduce()
        return True
    except Contradiction:
        engine.clear_queues()
        return False


def solution_from_cells(engine: Engine, cells) -> Solution:
    path = tuple(engine.cell(i) for i in cells)
    p = engine.puzzle
    return Solution(path, p.message(path) if p.has_symbols else None)


def solution_of(engine: Engine) -> Solution:
    path = engine.path()
    p = engine.puzzle
    return Solution(path, p.message(path) if p.has_symbols else None)


def root_engine(puzzle, given_edges=(), given_marks=(), level: int = HARD, given_blocks=(), given_dots=()) -> Engine:
    """An engine with the givens, a player's track, marks and notes, and every deduction
    of ``level`` applied; raises Contradiction if they clash."""
    engine = Engine(puzzle, level)
    try:
        _place_givens(engine, given_edges, given_marks, given_blocks, given_dots)
        engine.deduce()
    except Contradiction:
        engine.clear_queues()
        raise
    return engine


def _place_givens(engine: Engine, given_edges, given_marks, given_blocks=(), given_dots=()) -> None:
    """The puzzle's given pieces, then a player's track and "no track" marks, and the
    player's notes: crossed-out edges (no track there) and dotted cells (track there)."""
    W = engine.puzzle.width
    engine.place_givens()
    for a, b in given_edges:
        engine.set_edge(engine.edge_between(a[1] * W + a[0], b[1] * W + b[0]), YES, "player", None)
    for x, y in given_marks:
        engine.set_cell(y * W + x, NO, "player", None)
    for a, b in given_blocks:
        engine.set_edge(engine.edge_between(a[1] * W + a[0], b[1] * W + b[0]), NO, "player", None)
    for x, y in given_dots:
        engine.set_cell(y * W + x, YES, "player", None)


def solve(puzzle, trace: bool = False, level: int = HARD, given_edges=(), given_marks=(), given_blocks=(), given_dots=()):
    """Every solution of ``puzzle``: a generator of core.solver events.

    ``given_edges`` / ``given_marks`` (and the notes ``given_blocks`` / ``given_dots``)
    start the search from a player's progress (the hint uses it); the window's solve
    starts from the puzzle as given.

    After the root deductions the frontier DP of count.py is tried on the whole puzzle;
    if its frontier stays small it lists every solution without a dead end.  Otherwise a
    traced solve runs one search (``_search``) whose steps the window replays, and an
    untraced one runs a portfolio of searches in different sweep orientations
    (``_portfolio``): how long a search takes to reach its first solutions depends wildly
    on the side it starts from, so no single orientation is safe."""
    engine = Engine(puzzle, level)
    tlog = engine.track_log
    emitted = 0
    try:
        _place_givens(engine, given_edges, given_marks, given_blocks, given_dots)
        emitted = len(tlog)  # the given pieces and the player's track are on the board already
        engine.deduce()
    except Contradiction:
        engine.clear_queues()
        if trace:
            for e in tlog[emitted:]:
                yield Step("deduce", engine.edge_move(e, 1), _edge_text("Deduced track", engine.edge_cells(e)), engine.edge_cells(e))
        yield Progress(1)
        return
    engine.level = min(level, SEARCH_LEVEL)  # the search's own deductions (the root had all)
    if trace:
        yield from _search(engine, emitted, trace=True)
        return
    engine.reach = False  # the reach rule costs more than it saves at search nodes
    if engine.solved:
        yield Progress(1)
        yield Found(solution_of(engine))
        yield Progress(1)
        return
    if DP_ROOT_STATES:
        sweep = Frontier(engine, max_states=DP_ROOT_STATES)
        last = time.perf_counter()
        try:
            for x in sweep.paths(0, None, ()):
                if x is None:
                    now = time.perf_counter()
                    if now - last > 0.004:
                        last = now
                        yield Progress(1)
                    continue
                yield Progress(1)
                yield Found(solution_from_cells(engine, x))
        except TooBig:
            pass
        else:
            yield Progress(1)
            return
    yield from _portfolio(engine)


# The searches of a portfolio: (how it branches, orientation, the value tried first).
# "weights" branches on the open cell with the most clash weight per possible edge (see
# fast.Weights; the orientation only orders ties, so the searches start in different
# corners); "sweep" branches in a sweep orientation and remembers dead sweep states, as
# ``_search`` does.  Both run on fast.Fast, the bit-mask engine with the same deductions.
# (Chosen on 60 random 12x12 boards: sixteen weighted searches, or the sixteen sweeps with
# both first values, or weights shared by the searches, each had a worse worst board.)
MEMBERS = tuple(("weights", o, YES) for o in range(ORIENTATIONS)) + tuple(("sweep", o, YES) for o in range(ORIENTATIONS))
PORTFOLIO = len(MEMBERS)  # searches side by side (1: the first only)
ALONE = 25  # nodes the first search runs alone before the others join
SLICE = 25  # nodes a search runs before the portfolio chooses again
PRIOR = 1  # solutions a search is credited with before it finds any
JUDGED = 50  # nodes a search is credited with too, so one early solution does not win it every turn
COMMIT = 2000  # solutions after which the portfolio keeps only its most productive search


class _Member:
    """One search of a portfolio and how it has done so far."""

    __slots__ = ("gen", "kind", "nodes", "new", "found")

    def __init__(self, gen, kind):
        self.gen = gen
        self.kind = kind
        self.nodes = 0
        self.new = 0  # solutions it reported first
        self.found = 0  # solutions it found, whether another search reported them first or not

    def rate(self) -> float:
        """Solutions found per node (new ones or not), crediting PRIOR solutions to begin
        with.  (Counting only new ones starves a search that finds again what another
        found first: on a board with few solutions that is the search about to finish.)"""
        return (self.found + PRIOR) / (self.nodes + JUDGED)


def _member(root: Engine, kind, board, start, deads):
    """One search of a portfolio: a generator of None (a node) and Found events.  Below
    the Tricky level (the bit-mask engine has only those rules) it is ``_search`` in the
    kind's orientation."""
    how, orient, value = kind
    if board is None:
        dead = deads.setdefault(orient, set())
        return _search(root.clone(), len(root.track_log), orient=orient, tick=True, first=value, dead=dead)
    f = start.copy()
    if how == "sweep":
        dead = deads.setdefault(orient, set())
        sweep = fast.Sweep(board, Frontier(root, orient=orient))
        gen = fast.search(f, sweep, value, dead=dead, dead_limit=DEAD_LIMIT // max(1, PORTFOLIO))
    else:
        order = [board.bit[i] for i in Frontier(root, orient=orient).cell]
        gen = fast.search_weighted(f, fast.Weights(board, order), value)
    return _found(gen, board, root.puzzle)


def _found(gen, board, p):
    """A bit-mask search's events as the portfolio takes them: None for a node, Found."""
    cell_of = board.cell_of
    for ev in gen:
        if ev is None:
            yield None
        else:
            path = tuple(cell_of(b) for b in ev)
            yield Found(Solution(path, p.message(path) if p.has_symbols else None))


def _portfolio(root: Engine):
    """The searches of MEMBERS (the first PORTFOLIO of them) from copies of ``root``, run
    in turns of SLICE nodes after the first has searched ALONE nodes by itself.

    Each turn goes to the search that has found the most solutions per node so far
    (each is credited PRIOR solutions and JUDGED nodes to begin with; a solution counts
    even if another search reported it first), so a board that is quick for one search is
    quick whichever search that is.  (Turns by the part of its tree a search seems to
    have finished did worse: on 60 random 12x12 boards the guesses, from the depth of
    the search or from the sizes of finished subtrees, sent whole seconds to searches that
    only looked nearly done.)  Solutions are told apart by their paths and each is
    reported once.  Every search is complete, so the first one to finish has found every
    solution and ends the whole.  After COMMIT solutions only the most productive search
    goes on (remembering which solutions the others reported first), so memory stays
    bounded when millions are listed.  Below the Tricky level the searches are
    ``_search`` on copies of ``root`` (the bit-mask engine knows only the Tricky rules)."""
    seen: set = set()
    members: list = []
    total = 0
    last = time.perf_counter()
    committed = False

    def turn(m, budget):
        """Run member ``m`` for ``budget`` nodes; returns True if it finished."""
        nonlocal total, last
        spent = 0
        for ev in m.gen:
            if ev is None:
                spent += 1
                total += 1
                now = time.perf_counter()
                if now - last > 0.004:
                    last = now
                    yield Progress(total)
                if spent >= budget:
                    m.nodes += spent
                    return False
                continue
            key = ev.solution.path
            m.found += 1
            if committed:
                if key in seen:
                    seen.discard(key)  # the others reported it before; this search never finds it again
                    continue
            elif key in seen:
                continue
            else:
                seen.add(key)
            m.new += 1
            yield Progress(total)
            yield ev
        m.nodes += spent
        return True

    board = start = None
    if root.level >= TRICKY:
        board = fast.Board(root)
        start = fast.Fast(board, root)
        try:
            start.propagate()
        except fast.Clash:  # (the root's own deductions found no clash, so this does not happen)
            yield Progress(total)
            return
    deads: dict = {}  # orientation -> dead sweep states, shared by its sweeping searches
    kinds = MEMBERS[: max(1, PORTFOLIO)]
    for i, kind in enumerate(kinds):
        m = _Member(_member(root, kind, board, start, deads), kind)
        members.append(m)
        if (yield from turn(m, ALONE if i == 0 else SLICE)):
            yield Progress(total)
            return
    while True:
        if not committed and len(seen) >= COMMIT:
            best = max(members, key=_Member.rate)
            for m in members:
                if m is not best:
                    m.gen.close()
            members = [best]
            committed = True
        m = members[0] if committed else max(members, key=_Member.rate)
        if (yield from turn(m, SLICE if not committed else 1 << 60)):
            yield Progress(total)
            return


def _search(engine: Engine, emitted: int, trace: bool = False, orient: int = 0, tick: bool = False, first: int = YES, dead=None):
    """One depth-first search from ``engine`` (after its root deductions), sweeping in
    orientation ``orient``; ``emitted`` is how many of its track edges the caller has
    shown.  With ``tick`` it yields None after every node (for a portfolio's turns) and
    no Progress of its own."""
    nodes = 0
    pulse = _Pulse(0.004)  # a Progress event at least this often (Stop is seen between two)
    tlog = engine.track_log
    root_tlen = emitted
    sweep = Frontier(engine, orient=orient)
    if dead is None:
        dead = set()  # sweep states with no completion (a fact of the puzzle and the orientation)
    dead_limit = DEAD_LIMIT // (max(1, PORTFOLIO) if tick else 1)
    found = 0
    frames: list = []  # [trail mark, track-log length, edge, phase, sweep state, found before]
    descend = True
    while True:
        if descend:
            nodes += 1
            if tick:
                yield None
            elif pulse.due():
                yield Progress(nodes)
            if trace:
                guess = frames[-1] if frames else None
                for idx in range(emitted, len(tlog)):
                    e = tlog[idx]
                    cells = engine.edge_cells(e)
                    if guess is not None and idx == guess[1] and guess[3] == 0:
                        yield Step("try", engine.edge_move(e, 1), _edge_text("Try track", cells), cells)
                    else:
                        yield Step("deduce", engine.edge_move(e, 1), _edge_text("Deduced track", cells), cells)
                emitted = len(tlog)
            if engine.solved:
                found += 1
                if not tick:
                    yield Progress(nodes)  # so the driver's count of nodes is current
                yield Found(solution_of(engine))
            else:
                pos = sweep.sweep_pos(frames[-1][4][0] if frames else 0)  # a child is no earlier
                key = (pos, sweep.state_at(pos)) if pos < sweep.n else None
                if key is not None and key not in dead:
                    budget = 0
                    if not trace and sweep.n - pos <= DP_ROWS * sweep.C:
                        budget = DP_NODE_STATES
                    if budget:
                        # count what is left exactly, if the frontier stays small
                        sweep.load()
                        sweep.max_states = budget
                        before = found
                        try:
                            for x in sweep.paths(pos, key[1], sweep.prefix_edges(pos)):
                                if x is None:
                                    if tick:
                                        yield None
                                    elif pulse.due():
                                        yield Progress(nodes)
                                    continue
                                found += 1
                                if not tick:
                                    yield Progress(nodes)
                                yield Found(solution_from_cells(engine, x))
                        except TooBig:
                            pass
                        else:
                            if found == before:
                                dead.add(key)
                            key = None
                        sweep.layers = None
                    if key is not None:
                        e = sweep.branch_edge(pos)
                        if e >= 0:
                            frames.append([len(engine.trail), len(tlog), e, 0, key, found])
                            descend = try_set(engine, e, first)
                            continue
        # backtrack (a failed try is shown growing before it is taken up)
        descend = False
        if trace and emitted < len(tlog):
            guess = frames[-1] if frames else None
            for idx in range(emitted, len(tlog)):
                e = tlog[idx]
                cells = engine.edge_cells(e)
                action = "try" if guess is not None and idx == guess[1] and guess[3] == 0 else "deduce"
                yield Step(action, engine.edge_move(e, 1), _edge_text("Try track" if action == "try" else "Deduced track", cells), cells)
            emitted = len(tlog)
        while frames:
            fr = frames[-1]
            if trace:
                for idx in range(min(emitted, len(tlog)) - 1, fr[1] - 1, -1):
                    e = tlog[idx]
                    cells = engine.edge_cells(e)
                    yield Step("backtrack", engine.edge_move(e, 0), _edge_text("Take up the track", cells), cells)
                emitted = min(emitted, fr[1])
            engine.undo(fr[0])
            del tlog[fr[1] :]
            if fr[3] == 0:
                fr[3] = 1
                if try_set(engine, fr[2], YES + NO - first):
                    descend = True
                    break
            else:
                frames.pop()
                if found == fr[5]:
                    dead.add(fr[4])
                    if len(dead) > dead_limit:
                        dead.clear()
        if not descend:
            if trace:
                for idx in range(min(emitted, len(tlog)) - 1, root_tlen - 1, -1):
                    e = tlog[idx]
                    cells = engine.edge_cells(e)
                    yield Step("backtrack", engine.edge_move(e, 0), _edge_text("Take up the track", cells), cells)
            if not tick:
                yield Progress(nodes)
            return


def deduced(puzzle, level: int):
    """An engine after the givens and every deduction of ``level``; None if the
    deductions find the puzzle impossible."""
    engine = Engine(puzzle, level)
    try:
        engine.place_givens()
        engine.deduce()
    except Contradiction:
        return None
    return engine


def grade(puzzle) -> int | None:
    """The puzzle's grade, the one every part of the program uses: EASY, TRICKY or HARD
    when Tatham's deductions of that level (levels.py, his rules) finish it and the
    level below does not; EXPERT when they do not but this engine's Hard rules do;
    SEARCH when nothing short of search does; None when the deductions find it impossible.

    A board his program cannot hold (split rows, blank counts, A or B away from his
    edges) has no Tatham level: it is graded by this engine's levels, Easy and Tricky
    by its rules of those names and EXPERT by its Hard rules.  When A's and B's pieces
    are not given they are read from the solution the engine deduces, as his game ID
    of the puzzle would give them."""
    board = tatham_board(puzzle)
    if board is not None:
        his = levels.level(board)
        if his is None:
            return None
        if his <= levels.HARD:
            return his
        beyond = deduced(puzzle, HARD)
        if beyond is None:
            return None
        return EXPERT if beyond.solved else SEARCH
    for level in (EASY, TRICKY, HARD):
        engine = deduced(puzzle, level)
        if engine is None:
            return None
        if engine.solved:
            return EXPERT if level == HARD else level
    return SEARCH


def tatham_board(puzzle):
    """The puzzle as Tatham's solver holds it (levels.Board), or None when his program
    cannot hold it or its A and B pieces are neither given nor deduced."""
    ends = None
    fixed = puzzle.fixed_map
    if puzzle.split is None and (puzzle.start not in fixed or puzzle.finish not in fixed):
        engine = deduced(puzzle, HARD)
        if engine is None or not engine.solved:
            return None
        ends = end_pieces(puzzle, [c for c in engine.path()])
    return levels.board_of(puzzle, ends)


def end_pieces(puzzle, path) -> dict:
    """The pieces at A and B (cell -> direction bits) on a path from A to B."""
    return {
        puzzle.start: (puzzle.start_edge or 0) | direction(path[0], path[1]),
        puzzle.finish: (puzzle.finish_edge or 0) | direction(path[-1], path[-2]),
    }


def count_solutions(puzzle, given_edges=(), given_marks=()) -> int:
    """The exact number of solutions of ``puzzle`` (from a player's track and marks)."""
    try:
        engine = root_engine(puzzle, given_edges, given_marks)
    except Contradiction:
        return 0
    f = Frontier(engine)
    for _ in f.count():
        pass
    return f.total
