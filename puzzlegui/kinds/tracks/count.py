"""Exact counts and fast enumeration of Tracks solutions by a frontier DP.  No Qt.

The classic transfer-matrix method for self-avoiding paths: the grid is swept cell by
cell, row by row, across its narrower side.  The frontier between swept and unswept
cells is crossed by at most C + 1 track edges ("plugs"), each labelled

    0  no track          1  left end of a strand whose other end is also on the frontier
    3  a strand from A or B (its other end is the terminal)
                         2  right end of such a strand (the 1s and 2s nest like brackets)

Together with the partial count of every counted line the frontier crosses, that is all
the future needs to know, so paths that agree on it are merged and only their number is
kept.  A cell joins the strands meeting in it: joining a 1 to its own 2 would close a loop
(forbidden), joining the two 3s finishes the path (then everything after it is empty and
every count must be met).  Line counts are pruned from both sides: never above the
target, never so low that the open cells left in the line cannot make it up.

The sweep may start from any corner and run along either side (``orient``: flip the
columns, flip the rows, swap rows and columns); by default it runs row by row from the
top left across the narrower side, which keeps the frontier smallest.  The solver's
portfolio searches in all eight orientations.

The sweep starts from a solver Engine after its root deductions, so given pieces, the
player's track and marks, and everything deduced from them restrict the cells and edges.

``Frontier.count()`` is the exact number of solutions; ``Frontier.paths()`` walks the
layers backwards-annotated with the number of completions of every state, so it never
enters a dead end: each solution costs one walk over the cells.  Both are generators of
work ticks (None) so a caller can report progress and stop between any two; see
``solver.count_solutions`` for a plain function.  (This module imports nothing of the
package: solver.py and fast.py import it.)
"""

from __future__ import annotations

UNK, YES, NO = 0, 1, 2  # as in solver.py
DONE = ()  # the state after the path is complete: every later cell is empty
TICK = 1000  # states handled between two work ticks (a few ms)
# sweep orientations (``orient`` bits): the default sweeps row by row across the narrower
# side from the top left; these flip the rows, the columns, or swap rows and columns
FLIP_COLUMNS, FLIP_ROWS, SWAP = 1, 2, 4
ORIENTATIONS = 8


class TooBig(Exception):
    """The frontier grew past the state budget."""


class Frontier:
    """The DP over one puzzle, restricted by an engine's decided cells and edges."""

    def __init__(self, engine, max_states: int | None = None, orient: int = 0):
        W, H = engine.W, engine.H
        self.engine = engine
        self.max_states = max_states
        self.states = 0  # states handled, for progress reports
        self.orient = orient
        transposed = (H < W) != bool(orient & SWAP)
        R, C = (W, H) if transposed else (H, W)
        self.R, self.C = R, C
        flip_r, flip_c = orient & FLIP_ROWS, orient & FLIP_COLUMNS

        def orig(r, c):
            if flip_r:
                r = R - 1 - r
            if flip_c:
                c = C - 1 - c
            return c * W + r if transposed else r * W + c

        n = R * C
        self.n = n
        self.cell = cell = [orig(pos // C, pos % C) for pos in range(n)]
        self.isend = [engine.isend[i] for i in cell]
        # the edge to the right of and below each position (-1 off the grid)
        self.eid_right = [-1] * n
        self.eid_down = [-1] * n
        for pos in range(n):
            r, c = divmod(pos, C)
            if c < C - 1:
                self.eid_right[pos] = engine.edge_between(cell[pos], cell[pos + 1])
            if r < R - 1:
                self.eid_down[pos] = engine.edge_between(cell[pos], cell[pos + C])
        # counted lines, in internal orientation: "vertical" lines run down an internal
        # column (their partial counts live in the state, one slot per column), and
        # "horizontal" lines along an internal row (one slot)
        posof = {c: pos for pos, c in enumerate(cell)}
        self.posof = [posof[i] for i in range(n)]
        self.vt = vt = [-1] * n  # target of the vertical line through pos (-1: none or blank)
        self.vfirst = vfirst = [True] * n
        self.ht = ht = [-1] * n
        self.hfirst = hfirst = [True] * n
        self.lines = []  # (positions in order, vertical?)
        last_first = -1
        for k, t in enumerate(engine.ltarget):
            if t is None:
                continue
            ps = sorted(posof[i] for i in engine.lcells[k])
            if t > 0:
                last_first = max(last_first, ps[0])
            vertical = len(ps) > 1 and ps[1] - ps[0] == C or len(ps) == 1 and (k < W) != transposed
            tgt, first = (vt, vfirst) if vertical else (ht, hfirst)
            for j, p in enumerate(ps):
                tgt[p] = t
                first[p] = j == 0
            self.lines.append((ps, vertical))
        self.last_first = last_first
        self.load()

    def load(self) -> None:
        """Read the engine's decided cells and edges (call again after it changed)."""
        engine = self.engine
        n = self.n
        cs, es = engine.cs, engine.es
        self.cstate = cst = [cs[i] for i in self.cell]
        self.eright = [es[e] if e >= 0 else NO for e in self.eid_right]
        self.edown = [es[e] if e >= 0 else NO for e in self.eid_down]
        self.vrem = vrem = [0] * n  # cells after pos in its vertical line that may hold track
        self.hrem = hrem = [0] * n
        for ps, vertical in self.lines:
            rem = vrem if vertical else hrem
            left = 0
            for p in reversed(ps):
                rem[p] = left
                if cst[p] != NO:
                    left += 1
        # may the path be complete at pos?  (no later line needs track, no later
        # cell is known track)
        last = self.last_first
        for pos in range(n - 1, -1, -1):
            if cst[pos] == YES:
                last = max(last, pos)
                break
        self.done_from = last
        self.layers = None
        self.total = None

    # --- the engine's search, in sweep order ------------------------------------------------
    def sweep_pos(self, start: int = 0) -> int:
        """The first position (from ``start``) whose cell, or edge to the right or below,
        is undecided in the engine; n when everything is decided."""
        cs, es = self.engine.cs, self.engine.es
        cell, er, ed = self.cell, self.eid_right, self.eid_down
        n = self.n
        pos = start
        while pos < n:
            if cs[cell[pos]] == UNK:
                return pos
            e = er[pos]
            if e >= 0 and es[e] == UNK:
                return pos
            e = ed[pos]
            if e >= 0 and es[e] == UNK:
                return pos
            pos += 1
        return n

    def prefix_edges(self, pos: int) -> list:
        """The engine's track edges to the right of and below the cells before ``pos``."""
        es = self.engine.es
        out = []
        for q in range(pos):
            for e in (self.eid_right[q], self.eid_down[q]):
                if e >= 0 and es[e] == YES:
                    out.append(e)
        return out

    def branch_edge(self, pos: int) -> int:
        """An undecided edge of the cell at ``pos`` (right, then down, then any)."""
        es = self.engine.es
        for e in (self.eid_right[pos], self.eid_down[pos]):
            if e >= 0 and es[e] == UNK:
                return e
        for e, _j in self.engine.cadj[self.cell[pos]]:
            if es[e] == UNK:
                return e
        return -1

    def state_at(self, pos: int) -> tuple:
        """The DP state before ``pos`` of the engine's assignment, whose cells before
        ``pos`` and their edges must all be decided (``sweep_pos`` >= pos).  Every
        completion of the assignment depends on the cells before ``pos`` only through
        this state, so a state once found dead is dead whatever led to it."""
        eng = self.engine
        es = eng.es
        C = self.C
        r, c = divmod(pos, C)
        er, ed = self.eid_right, self.eid_down
        # the edges crossing the frontier, slot by slot
        slots = [-1] * (C + 1)
        for j in range(C + 1):
            if j < c:
                e = ed[r * C + j]
            elif j == c:
                e = er[pos - 1] if c > 0 else -1
            else:
                e = ed[(r - 1) * C + j - 1] if r > 0 else -1
            if e >= 0 and es[e] == YES:
                slots[j] = e
        lab = [0] * (C + 1)
        slot_of = {e: j for j, e in enumerate(slots) if e >= 0}
        posof = self.posof
        ea, eb, cadj, isend = eng.ea, eng.eb, eng.cadj, eng.isend
        for j, e in enumerate(slots):
            if e < 0 or lab[j]:
                continue
            a = ea[e]
            cur = a if posof[a] < pos else eb[e]
            came = e
            while True:  # along the strand through the swept cells
                if isend[cur]:
                    lab[j] = 3
                    break
                for e2, u in cadj[cur]:
                    if e2 != came and es[e2] == YES:
                        break
                if e2 in slot_of:
                    lab[j] = 1
                    lab[slot_of[e2]] = 2
                    break
                came, cur = e2, u
        out = lab
        # partial counts, as the sweep keeps them: per column, the vertical line of its
        # last swept cell; then the horizontal line of the last swept cell
        vt, ht = self.vt, self.ht
        for j in range(C):
            q = r * C + j if j < c else (r - 1) * C + j
            out.append(self._upto(q, True) if q >= 0 and vt[q] >= 0 else 0)
        q = pos - 1
        out.append(self._upto(q, False) if q >= 0 and ht[q] >= 0 else 0)
        return tuple(out)

    def _upto(self, q: int, vertical: bool) -> int:
        """Track cells of q's vertical (or horizontal) line up to q."""
        cs, cell = self.engine.cs, self.cell
        n = 0
        first = self.vfirst if vertical else self.hfirst
        step = self.C if vertical else 1
        while True:
            if cs[cell[q]] == YES:
                n += 1
            if first[q]:
                return n
            q -= step

    # --- one cell ------------------------------------------------------------------------
    def moves(self, pos: int, s: tuple) -> list:
        """The states after cell ``pos`` from state ``s``: [(next, track?, down, right)]."""
        if s is DONE:
            return [(DONE, 0, 0, 0)]
        C = self.C
        c = pos % C
        cst = self.cstate[pos]
        l = s[c]
        u = s[c + 1]
        opts = []  # (track, down, right, plug list or None for "done")
        if self.isend[pos]:
            if l == 0 and u == 0:
                opts.append((1, 3, 0, None, 0))
                opts.append((1, 0, 3, None, 0))
            elif l == 0 or u == 0:
                x = l or u
                if x == 3:
                    opts.append((1, 0, 0, None, 1))
                else:
                    opts.append((1, 0, 0, (c if l else c + 1, 3), 0))
        else:
            if l == 0 and u == 0:
                opts.append((0, 0, 0, None, 0))
                opts.append((1, 1, 2, None, 0))
            elif l == 0 or u == 0:
                x = l or u
                opts.append((1, x, 0, None, 0))
                opts.append((1, 0, x, None, 0))
            elif l == 3 and u == 3:
                opts.append((1, 0, 0, None, 1))
            elif l == 3:
                opts.append((1, 0, 0, (c + 1, 3), 0))
            elif u == 3:
                opts.append((1, 0, 0, (c, 3), 0))
            elif l == 1 and u == 1:
                opts.append((1, 0, 0, (c + 1, 1), 0))
            elif l == 2 and u == 2:
                opts.append((1, 0, 0, (c, 2), 0))
            elif l == 2 and u == 1:
                opts.append((1, 0, 0, None, 0))
            # l == 1 and u == 2 closes a loop: no option
        out = []
        er, ed = self.eright[pos], self.edown[pos]
        vt, ht = self.vt[pos], self.ht[pos]
        for t, d, r, relabel, done in opts:
            if t:
                if cst == NO:
                    continue
            elif cst == YES:
                continue
            if d:
                if ed == NO:
                    continue
            elif ed == YES:
                continue
            if r:
                if er == NO:
                    continue
            elif er == YES:
                continue
            # counts
            if vt >= 0:
                nv = t if self.vfirst[pos] else s[C + 1 + c] + t
                if nv > vt or vt - nv > self.vrem[pos]:
                    continue
            else:
                nv = 0
            if ht >= 0:
                nh = t if self.hfirst[pos] else s[2 * C + 1] + t
                if nh > ht or ht - nh > self.hrem[pos]:
                    continue
            else:
                nh = 0
            new = list(s)
            new[c] = d
            new[c + 1] = r
            if relabel is not None:
                i, lab = relabel
                new[self.partner(s, i)] = lab
            if done:
                if not self.finish_ok(pos, new, nv, nh):
                    continue
                out.append((DONE, t, d, r))
                continue
            new[C + 1 + c] = nv
            new[2 * C + 1] = nh
            if c == C - 1:  # next row: the left plug of column 0 is empty
                new[1 : C + 1] = new[0:C]
                new[0] = 0
            out.append((tuple(new), t, d, r))
        return out

    @staticmethod
    def partner(s: tuple, i: int) -> int:
        """The position of the other end of the strand whose end is at ``i``."""
        if s[i] == 1:
            depth = 0
            j = i + 1
            while True:
                v = s[j]
                if v == 1:
                    depth += 1
                elif v == 2:
                    if depth == 0:
                        return j
                    depth -= 1
                j += 1
        depth = 0
        j = i - 1
        while True:
            v = s[j]
            if v == 2:
                depth += 1
            elif v == 1:
                if depth == 0:
                    return j
                depth -= 1
            j -= 1

    def finish_ok(self, pos: int, new: list, nv: int, nh: int) -> bool:
        """The path closes at ``pos``: nothing else may be open and no count may want more."""
        C = self.C
        if pos < self.done_from or any(new[: C + 1]):
            return False
        if self.vt[pos] >= 0 and nv != self.vt[pos]:
            return False
        if self.ht[pos] >= 0 and nh != self.ht[pos]:
            return False
        r, c = divmod(pos, C)
        n = self.n
        for j in range(C):
            if j == c:
                continue
            q = (r + 1) * C + j if j < c else r * C + j
            if q < n and self.vt[q] >= 0 and not self.vfirst[q] and new[C + 1 + j] != self.vt[q]:
                return False
        return True

    # --- the sweep ---------------------------------------------------------------------------
    def initial(self) -> tuple:
        return (0,) * (2 * self.C + 2)

    def forward(self, keep: bool = True, base: int = 0, state: tuple | None = None):
        """Sweep the grid from position ``base`` in ``state`` (the start), keeping every
        layer's states with their numbers of ways in (only the last one unless
        ``keep``); a generator of work ticks.  Sets ``total`` and ``layers`` (layer i
        holds the states before position base + i).  Raises TooBig past ``max_states``."""
        if state is None:
            state = self.initial()
        self.base = base
        self.start_state = state
        layers = [{state: 1}]
        moves = self.moves
        budget = self.max_states if self.max_states is not None else float("inf")
        held = 1
        n = self.n
        k = 0
        for pos in range(base, n):
            cur = layers[-1]
            nxt: dict = {}
            room = budget - held
            for s, ways in cur.items():
                for ns, _t, _d, _r in moves(pos, s):
                    nxt[ns] = nxt.get(ns, 0) + ways
                k += 1
                if len(nxt) > room:
                    self.states += k
                    raise TooBig
                if k >= TICK:
                    self.states += k
                    k = 0
                    yield None
            held += len(nxt)
            if keep:
                layers.append(nxt)
            else:
                layers[-1] = nxt
            if not nxt:
                break
        else:
            pos = n - 1
        self.states += k
        self.layers = layers if keep else None
        last = layers[-1] if pos == n - 1 else {}
        self.total = last.get(DONE, 0) if base < n else int(state is DONE)
        yield None

    def annotate(self):
        """Replace each layer's numbers of ways in by numbers of ways out (completions),
        dropping dead states; a generator of work ticks."""
        layers = self.layers
        base = self.base
        m = self.n - base
        if len(layers) != m + 1 or DONE not in layers[m]:
            self.layers = [{} for _ in range(m + 1)]
            return
        layers[m] = {DONE: 1}
        moves = self.moves
        k = 0
        for i in range(m - 1, -1, -1):
            after = layers[i + 1]
            out = {}
            for s in layers[i]:
                total = 0
                for ns, _t, _d, _r in moves(base + i, s):
                    total += after.get(ns, 0)
                if total:
                    out[s] = total
                k += 1
                if k >= TICK:
                    self.states += k
                    k = 0
                    yield None
            layers[i] = out
        self.states += k
        yield None

    def count(self):
        """Work ticks; afterwards ``total`` is the exact number of solutions."""
        yield from self.forward(keep=False)

    def paths(self, base: int = 0, state: tuple | None = None, prefix_edges=()):
        """Every completion from ``state`` before position ``base`` (the whole puzzle by
        default) as a path of engine cells (A first), interleaved with work ticks (None).
        ``prefix_edges`` are the track edges of the cells before ``base``."""
        yield from self.forward(True, base, state)
        if self.total == 0:
            return
        yield from self.annotate()
        layers = self.layers
        n = self.n
        moves = self.moves
        eid_right, eid_down = self.eid_right, self.eid_down
        stack = [(base, self.start_state, tuple(prefix_edges))]
        while stack:
            pos, s, edges = stack.pop()
            if pos == n:
                yield self.path_of(edges)
                continue
            after = layers[pos + 1 - base]
            branch = []
            for ns, _t, d, r in moves(pos, s):
                if ns in after:
                    e = edges
                    if d:
                        e = e + (eid_down[pos],)
                    if r:
                        e = e + (eid_right[pos],)
                    branch.append((pos + 1, ns, e))
            stack.extend(reversed(branch))

    def path_of(self, edges) -> tuple:
        """The path from A to B over the given engine edges, as engine cells."""
        eng = self.engine
        adj: dict = {}
        for e in edges:
            a, b = eng.ea[e], eng.eb[e]
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        out = [eng.start]
        prev = -1
        cur = eng.start
        while cur != eng.finish:
            nxt = adj[cur][0] if adj[cur][0] != prev else adj[cur][1]
            prev, cur = cur, nxt
            out.append(cur)
        return tuple(out)

