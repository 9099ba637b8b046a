"""Proven-shortest solutions of boards too big to tabulate: IDA* over pattern databases.

The search is iterative deepening A*: depth-first to a bound on moves made plus the
heuristic (the largest of the pattern databases' values, pdb.py), the bound raised to
the smallest value that went over it until a solution appears.  The heuristic never
overestimates, so the first bound that holds a solution is the fewest moves, and every
finished iteration proves one more move is needed.

Vectorised: the depth-first stack holds *batches* of positions (rows of tile
locations).  Expanding a batch applies every move to every row with one table lookup,
looks every child up in every database at once and keeps the children within the bound,
as one new batch on the stack.  Between batches the search yields Progress, so the
driver can stop it within milliseconds.

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

CHUNK = 2048  # positions expanded together
BIG = pdb.BIG


class Engine:
    """The moves, pruning rules and databases of one configuration."""

    def __init__(self, config: Config, lookups):
        self.config = config
        self.space = lookups[0].db.space
        # the first reads together say "solved" (pdb.lookups)
        self.lookups = [(look, look.dist) for look in lookups]
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
        for look, dist in self.lookups:
            v = dist[look.index(locs)]
            h = v if h is None else np.maximum(h, v)
        return h

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
        stack = [(start[None, :].copy(), np.zeros((1, 0), dtype=np.int8), np.zeros(1, dtype=np.int16), 0)]
        while stack:
            rows, hist, ps, g = stack.pop()
            if len(rows) > CHUNK:
                stack.append((rows[:-CHUNK], hist[:-CHUNK], ps[:-CHUNK], g))
                rows, hist, ps = rows[-CHUNK:], hist[-CHUNK:], ps[-CHUNK:]
            children = maps[:, rows]  # (moves, n, tiles)
            h = self.heuristic(children)  # (moves, n)
            ok = allowed[ps].T  # (moves, n)
            f = h.astype(np.int16) + (g + 1)
            counter[0] += int(ok.sum())
            within = ok & (f <= bound)
            beyond = f[ok & (f > bound)]
            if len(beyond):
                over = min(over, int(beyond.min()))
            solved = within & (h == 0)
            if solved.any():
                mi, ri = np.nonzero(solved)
                for m, r in zip(mi.tolist(), ri.tolist()):
                    yield tuple(hist[r].tolist()) + (m,)
            if g + 1 < bound:
                mi, ri = np.nonzero(within & (h > 0))
                if len(mi):
                    new_hist = np.concatenate([hist[ri], move_ids[mi][:, None]], axis=1)
                    stack.append((children[mi, ri], new_hist, next_state[ps[ri], mi], g + 1))
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
