"""Proven-shortest solutions of boards too big to tabulate: IDA* over pattern databases.

The search is iterative deepening A*: depth-first to a bound on moves made plus the
heuristic (the largest of the pattern databases' values, pdb.py), the bound raised to
the smallest value that went over it until a solution appears.  The heuristic never
overestimates, so the first bound that holds a solution is the fewest moves, and every
finished iteration proves one more move is needed.

Vectorised: the depth-first stack holds *batches* of positions (rows of tile
locations).  Expanding a batch applies every move to every row with one table lookup,
then reads the databases one after another, each only for the children that every
earlier read kept within the bound (most children are cut by a few reads; the reads
that cut most are moved to the front as the search goes), and pushes the survivors as
one new batch on the stack.  Between batches the search yields Progress, so the driver
can stop it within milliseconds.

Dual reads (``dual_mirror``): where the tiles are distinct and have no arrows, the
inverse permutation of a position is exactly as far from solved (mirrored, where the
buttons turn clockwise only), so the databases are read on it too: on sgt-twiddle's
4x4n2 scrambles this halves to thirds the positions searched.

Sequences that differ only in the order of two turns that commute (blocks that do not
overlap), or in spelling a half turn as two clockwise or two anticlockwise turns, reach
the same position, so the search follows only one of them (the "canonical" one: no
commuting pair out of order, no two anticlockwise turns of a block in a row); and it
never takes a turn straight back or (both ways) turns a block three times running.  The
last iteration is run to its end and each canonical solution is expanded back into all
the sequences it stands for (swapping commuting neighbours, respelling half turns), so
the shortest sequences are listed, and counted, exactly.

Pure: numpy and the standard library only.
"""

from __future__ import annotations

import numpy as np

from . import pdb
from .model import Config

CHUNK = 8192  # positions expanded together
BIG = pdb.BIG


def dual_mirror(config: Config) -> tuple | None:
    """Dual lookups.  The moves act on locations (cell and arrow) as a group, and a
    position is the group element g that took the goal there (tile t on location
    g(home t)).  If turns m1..mk solve it, g is the inverse of m1^-1..mk^-1, so the inverse
    element g^-1, read as a position (the "dual"), is solved by the inverse turns in
    reverse order, in as many moves.  Both ways, those are legal turns: the dual is
    exactly as far from solved, and the databases read on it give another lower bound.
    Clockwise only, the inverse turns are anticlockwise, and a mirror image sigma of the
    board (arrows mirrored too) turns them back into clockwise ones: sigma g^-1 sigma is as
    far from solved.  The two readings often disagree by a move or two, and the search
    keeps the larger.  Not with rows only (equal tiles: a position is not one group
    element).  Returns None (no dual reads) or (cell mirror, location mirror), both
    empty for "no mirror" (both ways)."""
    if config.rows_only:
        return None
    if not config.cw_only:
        empty = np.zeros(0, dtype=np.int16)
        return empty, empty
    w, h = config.w, config.h
    cells = np.array([(c // w) * w + (w - 1 - c % w) for c in range(w * h)], dtype=np.int16)
    if not config.oriented:
        return cells, cells
    # a left-right mirror keeps up and down, and swaps right (1) and left (3)
    locs = np.array([cells[L // 4] * 4 + ((-(L % 4)) & 3) for L in range(w * h * 4)], dtype=np.int16)
    return cells, locs


class Engine:
    """The moves, pruning rules and databases of one configuration."""

    def __init__(self, config: Config, lookups):
        self.config = config
        self.space = lookups[0].db.space
        # all the reads together say "solved" (pdb.lookups): a child is a solution when
        # every one of them is 0
        self.lookups = [(look, look.dist) for look in lookups]
        self.mirror = dual_mirror(config)
        # the search reads the databases on the position and then on its dual (below)
        self.stages = [(look, dist, False) for look, dist in self.lookups]
        if self.mirror is not None:
            self.stages += [(look, dist, True) for look, dist in self.lookups]
        moves = self.space.moves
        self.moves = moves
        count = len(moves)
        n = config.n
        blocks = [(m[1], m[2]) for m in moves]
        ccw = [m[3] == "ccw" for m in moves]
        inverse = [-1] * count
        for i, m in enumerate(moves):
            for j, m2 in enumerate(moves):
                if m2[1:3] == m[1:3] and m2[3] != m[3]:
                    inverse[i] = j
        self.inverse = inverse
        self.blocks = blocks
        self.ccw = ccw
        commute = np.zeros((count, count), dtype=bool)
        for i, (x1, y1) in enumerate(blocks):
            for j, (x2, y2) in enumerate(blocks):
                if abs(x1 - x2) >= n or abs(y1 - y2) >= n:
                    commute[i, j] = True
        self.commute = commute
        # pruning state: 0 at the start, else 1 + 3 * last move + (run of it - 1)
        states = 1 + 3 * count
        allowed = np.ones((states, count), dtype=bool)
        nxt = np.zeros((states, count), dtype=np.int16)
        cw_only = config.cw_only
        for ps in range(states):
            for m in range(count):
                if ps == 0:
                    nxt[ps, m] = 1 + 3 * m
                    continue
                last, run = divmod(ps - 1, 3)
                run += 1
                if m == inverse[last]:
                    allowed[ps, m] = False
                elif m == last:
                    if cw_only:
                        allowed[ps, m] = run < 3
                    else:
                        allowed[ps, m] = not ccw[m] and run < 2
                    nxt[ps, m] = 1 + 3 * m + min(run, 2)
                    continue
                elif commute[last, m] and m < last:
                    allowed[ps, m] = False
                nxt[ps, m] = 1 + 3 * m
        self.allowed = allowed
        self.next_state = nxt

    def heuristic(self, locs: np.ndarray) -> np.ndarray:
        h = None
        for look, dist, dual in self.stages:
            v = dist[look.index(self.dual(locs) if dual else locs)]
            h = v if h is None else np.maximum(h, v)
        return h

    def dual(self, locs: np.ndarray) -> np.ndarray:
        """The dual positions of rows of tile locations (see ``dual_mirror``)."""
        inv = np.empty_like(locs)
        tiles = locs.shape[-1]
        own = np.broadcast_to(np.arange(tiles, dtype=locs.dtype), locs.shape)
        if self.space.arrows == 4:
            # tile t on cell c turned a: the dual has tile c on cell t turned -a
            np.put_along_axis(inv, (locs >> 2).astype(np.intp), own * 4 + ((-locs) & 3), axis=-1)
        else:
            np.put_along_axis(inv, locs.astype(np.intp), own, axis=-1)
        cells, loc_map = self.mirror
        if len(cells):
            inv = loc_map[inv[..., cells]]
        return inv

    def search(self, start: np.ndarray, bound: int, counter: list):
        """One iteration of IDA* to ``bound``: yields ``None`` between batches (a chance
        to report progress and stop) and each canonical solution found (a tuple of move
        indices); returns the next bound (the smallest f over the bound), or None if
        nothing went over it.  ``counter[0]`` counts the positions generated."""
        maps = self.space.maps
        allowed = self.allowed
        next_state = self.next_state
        count = len(self.moves)
        move_ids = np.arange(count, dtype=np.int8)
        h0 = int(self.heuristic(start[None, :])[0])
        if h0 == 0:
            yield ()
            return None
        if h0 > bound:
            return h0
        over = BIG * 4
        stages = self.stages
        order = list(range(len(stages)))
        tried = np.zeros(len(stages))
        cuts = np.zeros(len(stages))
        batches = 0
        stack = [(start[None, :].copy(), np.zeros((1, 0), dtype=np.int8), np.zeros(1, dtype=np.int16), 0)]
        while stack:
            rows, hist, ps, g = stack.pop()
            if len(rows) > CHUNK:
                stack.append((rows[:-CHUNK], hist[:-CHUNK], ps[:-CHUNK], g))
                rows, hist, ps = rows[-CHUNK:], hist[-CHUNK:], ps[-CHUNK:]
            # the children the pruning rules allow, as (move, row) pairs
            mi, ri = np.nonzero(allowed[ps].T)
            counter[0] += len(mi)
            kids = maps[mi[:, None], rows[ri]]  # (children, tiles)
            # the databases one after another, each read only for the children every
            # earlier one kept within the bound; the reads that cut most go first
            # (``order``, re-sorted as the search goes by the share each one cuts)
            limit = bound - g - 1
            idx = np.arange(len(mi))
            cur = kids
            cur_dual = None
            h = np.zeros(len(mi), dtype=np.int8)
            for si in order:
                if not len(idx):
                    break
                look, dist, dual = stages[si]
                if dual:
                    if cur_dual is None:
                        cur_dual = self.dual(cur)
                    v = dist[look.index(cur_dual)]
                else:
                    v = dist[look.index(cur)]
                tried[si] += len(v)
                cut = v > limit
                n_cut = int(np.count_nonzero(cut))
                if n_cut:
                    cuts[si] += n_cut
                    over = min(over, int(v[cut].min()) + g + 1)
                    keep = ~cut
                    idx, cur, v, h = idx[keep], cur[keep], v[keep], h[keep]
                    if cur_dual is not None:
                        cur_dual = cur_dual[keep]
                np.maximum(h, v, out=h)
            batches += 1
            if batches % 64 == 0:
                order = sorted(order, key=lambda k: -cuts[k] / (tried[k] + 1.0))
                tried *= 0.5
                cuts *= 0.5
            if len(idx):
                solved = idx[h == 0]
                for k in solved.tolist():
                    yield tuple(hist[ri[k]].tolist()) + (int(mi[k]),)
                if g + 1 < bound:
                    go = h > 0
                    if go.any():
                        sel = idx[go]
                        new_hist = np.concatenate([hist[ri[sel]], move_ids[mi[sel]][:, None]], axis=1)
                        stack.append((cur[go], new_hist, next_state[ps[ri[sel]], mi[sel]], g + 1))
            yield None
        return over if over < BIG * 4 else None

    # --- every sequence a canonical one stands for --------------------------------------
    def equivalents(self, word: tuple):
        """Every move sequence equal to ``word`` by swapping neighbouring turns that
        commute or respelling a half turn (two clockwise <-> two anticlockwise): the
        word first, then the others in breadth-first order."""
        seen = {word}
        queue = [word]
        commute = self.commute
        inverse = self.inverse
        both = not self.config.cw_only
        i = 0
        yield word
        while i < len(queue):
            w = queue[i]
            i += 1
            for k in range(len(w) - 1):
                a, b = w[k], w[k + 1]
                if a != b and commute[a, b]:
                    v = w[:k] + (b, a) + w[k + 2 :]
                elif both and a == b:
                    c = inverse[a]
                    v = w[:k] + (c, c) + w[k + 2 :]
                else:
                    continue
                if v not in seen:
                    seen.add(v)
                    queue.append(v)
                    yield v
