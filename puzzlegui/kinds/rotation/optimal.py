"""Proven-shortest solutions of boards too big to tabulate: IDA* over pattern databases.

The search is iterative deepening A*: depth-first to a bound on moves made plus the
heuristic (the largest of the pattern databases' reads, pdb.py), the bound raised to
the smallest value that went over it until a solution appears.  The heuristic never
overestimates, so the first bound that holds a solution is the fewest moves, and every
finished iteration proves more moves are needed.

Parity (``parity_rule``): where every move changes the parity of a permutation (a 2x2
turn is one 4-cycle; a 3x3 turn one 4-cycle on each chessboard colour) or of the arrows'
total, every solution of a position has the same parity, so the bounds (and the proven
lower bound) go up two at a time and the heuristic is rounded up to that parity.

Vectorised, in batches: the positions waiting at each depth are kept in pools, and the
deepest depth with a full batch (CHUNK positions, gathered from siblings) is expanded
next.  Positions are stored as columns (row r of a batch holds one entry of every
position), in the *dual* form where there is one (row c: the tile on cell c and its arrow
turned back), where a move only reorders rows (and turns back the arrows of its block's
rows): a batch's children are a few row copies.  The databases are then read one after
another (pairs of tiles through one table each, ``pdb.Lookup.value_cols``), each only for
the children every earlier read kept within the bound; the reads on the dual come first
(the children are moved into the other form only for the reads on the position itself,
and only those still standing), and among them the reads that cut most.  Between
batches the search yields, so the driver can stop it within milliseconds.

Dual reads (``dual_mirror``): where the tiles are distinct, the inverse of a position is
exactly as far from solved (mirrored, where the buttons turn clockwise only), so the
databases are read on it too: on sgt-twiddle's 4x4n2 scrambles this halves to thirds the
positions searched.

Move pruning: sequences that differ only in the order of turns that commute (blocks that
do not overlap), or in spelling a half turn as two clockwise or two anticlockwise turns,
reach the same position, so the search follows one of them: commuting turns in
lexicographic normal form (a turn never follows a run of turns that all commute with it
if one of them comes after it in move order), no two anticlockwise turns of a block in a
row; and never a turn straight back, or (both ways) one block turned three times running.
A small automaton (``Engine.allowed``, ``Engine.next_state``) says which moves may come
next.  The last iteration is run to its end and each solution is expanded back into all
the sequences it stands for (swapping commuting neighbours, respelling half turns), so
the shortest sequences are listed, and counted, exactly.

Short answers fast (``Engine.improve``): beam searches of growing width, ranked by the
heuristic and then by the sum of all the reads, run alongside the proof.  On
sgt-twiddle's 4x4n2o scrambles (with the five-tile databases, pdb.FIVE_TILE_PARTITIONS)
a width of at most 16384 (under two seconds) finds the shortest length every time, so
the proof is done when the lower bound reaches it: the last iteration (the longest, a
hundred times the one before, and where a solution is rare about as long to its first
one) is then needed only to list the other shortest sequences.  The beam reads the
tables on columns, like the search (``Lookup.value_cols``).

Pure: numpy and the standard library only.
"""

from __future__ import annotations

import itertools
import threading

import numpy as np

from . import pdb
from .model import Config, parity

CHUNK = 8192  # positions expanded together
BEAM_SLICE = 2048  # positions a beam search expands between two yields
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


def parity_rule(space):
    """The parity of the distance, where the moves fix it: a function of rows of tile
    locations giving 0 or 1, or None.

    Features of a position that every move changes in a known way: the parity of the
    permutation of the tiles within each orbit of cells (a 2x2 turn is one 4-cycle, odd;
    a 3x3 turn is one 4-cycle on each chessboard colour), and with arrows the parity of
    their total (a 3x3 turn adds nine quarter turns).  If some sum of features (mod 2)
    is changed by every move, every sequence that solves a position has the parity of
    that sum there (0 at the goal): the bounds of the search go up two at a time.  Not
    with rows only (equal tiles have no permutation)."""
    config = space.config
    if config.rows_only:
        return None
    a = space.arrows
    cells = space.cells
    cell_maps = [[int(m[c * a]) // a for c in range(cells)] for m in space.maps.tolist()]
    orbit_of_cell = [int(space.orbits[c * a]) for c in range(cells)]
    orbits = sorted(set(orbit_of_cell))
    feats = []  # (kind, orbit cells), the move changes
    for o in orbits:
        members = [c for c in range(cells) if orbit_of_cell[c] == o]
        if a == 4:
            # with arrows an orbit of locations may cover a cell twice (two arrow
            # parities): tiles of both share the cells; the permutation is of cells
            members = sorted({c for c in range(cells) if any(int(space.orbits[c * 4 + q]) == o for q in range(4))})
        index = {c: k for k, c in enumerate(members)}
        changes = []
        for cm in cell_maps:
            if any(cm[c] not in index for c in members):
                break
            changes.append(parity([index[cm[c]] for c in members]))
        else:
            if ("perm", tuple(members)) not in [f[:2] for f in feats]:
                feats.append(("perm", tuple(members), changes))
    if a == 4:
        changes = []
        for m in space.maps.tolist():
            total = 0
            for c in range(cells):
                total += (m[c * 4] - c * 4) % 4  # quarter turns added to the arrow on c
            changes.append(total & 1)
        feats.append(("arrows", (), changes))
    count = len(space.maps)
    chosen = None
    for r in range(1, min(len(feats), 3) + 1):
        for combo in itertools.combinations(range(len(feats)), r):
            if all(sum(feats[f][2][m] for f in combo) & 1 for m in range(count)):
                chosen = [feats[f] for f in combo]
                break
        if chosen:
            break
    if not chosen:
        return None
    # tiles whose home cell is in each permutation feature's cells
    plans = []
    for kind, members, _ in chosen:
        if kind == "arrows":
            plans.append((kind, None))
        else:
            tiles = np.array([t for t in range(cells) if t in set(members)], dtype=np.intp)
            plans.append((kind, tiles))

    def rule(locs: np.ndarray) -> np.ndarray:
        locs = np.asarray(locs)
        out = np.zeros(locs.shape[:-1], dtype=np.int8)
        for kind, tiles in plans:
            if kind == "arrows":
                out ^= ((locs.astype(np.int64) & 3).sum(axis=-1) & 1).astype(np.int8)
                continue
            cellsof = locs[..., tiles] // a  # tiles in order of home: the permutation's images
            inv = np.zeros(out.shape, dtype=np.int64)
            for i in range(len(tiles) - 1):
                inv += (cellsof[..., i : i + 1] > cellsof[..., i + 1 :]).sum(axis=-1)
            out ^= (inv & 1).astype(np.int8)
        return out

    return rule


def _take_batch(pool: list, size: int):
    """Up to ``size`` positions from a depth's waiting batches, as one batch."""
    parts = []
    got = 0
    while pool and got < size:
        cols, pcols, hist, ps = pool.pop()
        n = cols.shape[1]
        if got + n > size:
            k = n - (size - got)  # leave the first k waiting
            pool.append((cols[:, :k], None if pcols is None else pcols[:, :k], hist[:k], ps[:k]))
            cols, hist, ps = cols[:, k:], hist[k:], ps[k:]
            if pcols is not None:
                pcols = pcols[:, k:]
            n -= k
        parts.append((cols, pcols, hist, ps))
        got += n
    if len(parts) == 1:
        return parts[0]
    return (
        np.concatenate([p[0] for p in parts], axis=1),
        None if parts[0][1] is None else np.concatenate([p[1] for p in parts], axis=1),
        np.concatenate([p[2] for p in parts]),
        np.concatenate([p[3] for p in parts]),
    )


def _best_of(cand: list, width: int, coeffs: np.ndarray):
    """The beam's candidates (children, parent rows, moves, scores) without repeated
    positions, the ``width`` lowest scores."""
    kids = np.concatenate([c[0] for c in cand])
    ri = np.concatenate([c[1] for c in cand])
    mi = np.concatenate([c[2] for c in cand])
    score = np.concatenate([c[3] for c in cand])
    _, first = np.unique((kids.astype(np.uint64) * coeffs).sum(axis=1), return_index=True)
    if len(first) > width:
        first = first[np.argpartition(score[first], width - 1)[:width]]
    return kids[first], ri[first], mi[first], score[first]


RELATION_WORDS = 600_000  # sequences enumerated (at most) to find the longer relations
RELATION_LENGTH = 4  # (5 cuts a further 3% of the nodes on 4x4 boards and takes 2 s to set up)
PRUNING_STATES = 200_000  # states of the pruning automaton (at most)
_pruning_cache: dict = {}
_pruning_lock = threading.Lock()


def _relation_pruning(space, allowed: np.ndarray, nxt: np.ndarray):
    """Longer move pruning: (allowed, next_state) of an automaton that also refuses the
    sequences that have an equal-length, lexicographically smaller sequence with the
    same effect as a factor (of up to RELATION_LENGTH turns), and the classes of such
    sequences, each word mapped to the others of its class.  (None, None, {}) where there
    are none.

    Safe: of all the shortest solutions of a position (they have one effect), the
    lexicographically smallest never holds such a factor (swapping it for the smaller
    one would give a smaller solution), nor a pair of commuting turns out of order, nor a
    half turn spelt anticlockwise: it is searched.  Exact counts: every shortest solution
    turns into a searched one by those swaps, each to a smaller sequence, so expanding
    the solutions found by every swap both ways (``Engine.equivalents``) lists them all.
    The effect of a sequence is the composed map of locations (the same for every
    position); sequences are enumerated breadth-first while there are at most
    RELATION_WORDS of one length."""
    count = len(space.maps)
    maps = space.maps
    coeffs = np.random.default_rng(7).integers(1, 1 << 62, size=space.locs).astype(np.uint64)
    words = np.zeros((1, 0), dtype=np.int64)
    ps = np.zeros(1, dtype=np.int64)
    effect = np.arange(space.locs, dtype=maps.dtype)[None, :]
    forbidden: set = set()
    classes: dict = {}
    for length in range(1, RELATION_LENGTH + 1):
        mi, ri = np.nonzero(allowed[ps].T)
        if len(mi) > RELATION_WORDS:
            break
        words = np.concatenate([words[ri], mi[:, None]], axis=1)
        ps = nxt[ps[ri], mi].astype(np.int64)
        effect = maps[mi[:, None], effect[ri]]
        if forbidden:
            # drop the sequences that end in a refused one (their starts were checked)
            bad = np.zeros(len(words), dtype=bool)
            for k in range(2, length):
                ends = {w for w in forbidden if len(w) == k}
                if ends:
                    tail = [tuple(r) for r in words[:, length - k :].tolist()]
                    bad |= np.array([t in ends for t in tail])
            keep = ~bad
            words, ps, effect = words[keep], ps[keep], effect[keep]
        key = (effect.astype(np.uint64) * coeffs).sum(axis=1)
        order = np.argsort(key, kind="stable")
        sorted_key = key[order]
        starts = np.flatnonzero(np.r_[True, sorted_key[1:] != sorted_key[:-1]])
        sizes = np.diff(np.r_[starts, len(order)])
        for st, size in zip(starts[sizes > 1].tolist(), sizes[sizes > 1].tolist()):
            members = order[st : st + size]
            groups: dict = {}
            for r in members.tolist():  # (the same key: the same effect, checked)
                groups.setdefault(effect[r].tobytes(), []).append(tuple(words[r].tolist()))
            for same in groups.values():
                if len(same) < 2:
                    continue
                same.sort()
                for w in same:
                    classes[w] = tuple(v for v in same if v != w)
                forbidden.update(same[1:])
        if forbidden:
            keep = np.array([tuple(r) not in forbidden for r in words.tolist()])
            words, ps, effect = words[keep], ps[keep], effect[keep]
    if not forbidden:
        return None, None, {}
    prefixes = {w[:k] for w in forbidden for k in range(len(w))}
    longest = max(len(w) for w in forbidden)
    start = (0, ())
    ids = {start: 0}
    states = [start]
    edges = []
    i = 0
    while i < len(states):
        lex, tail = states[i]
        for m in range(count):
            if not allowed[lex, m]:
                continue
            seq = tail + (m,)
            if any(seq[k:] in forbidden for k in range(len(seq))):
                continue
            new_tail = next((seq[k:] for k in range(max(0, len(seq) - longest + 1), len(seq) + 1)
                             if seq[k:] in prefixes), ())
            state = (int(nxt[lex, m]), new_tail)
            if state not in ids:
                if len(states) >= PRUNING_STATES:
                    return None, None, {}  # too big an automaton: commuting moves only
                ids[state] = len(states)
                states.append(state)
            edges.append((i, m, ids[state]))
        i += 1
    return (*_tables(len(states), count, edges), classes)


def _tables(states: int, moves: int, edges) -> tuple:
    """A move automaton's tables from its edges (state, move, next state): which moves
    each state allows, and the state each leads to."""
    allowed = np.zeros((states, moves), dtype=bool)
    nxt = np.zeros((states, moves), dtype=np.int32)
    for a, m, b in edges:
        allowed[a, m] = True
        nxt[a, m] = b
    return allowed, nxt


class Engine:
    """The moves, pruning rules and databases of one configuration."""

    def __init__(self, config: Config, lookups):
        self.config = config
        self.space = lookups[0].db.space
        # all the reads together say "solved" (pdb.lookups): a child is a solution when
        # every one of them is 0.  A read is a database through a symmetry (its value
        # one table entry) or an additive sum over a partition's groups (pdb.SumLookup)
        self.lookups = list(lookups)
        self.mirror = dual_mirror(config)
        # the search reads the databases on the position and then on its dual (below)
        self.stages = [(look, False) for look in self.lookups]
        if self.mirror is not None:
            self.stages += [(look, True) for look in self.lookups]
        self.parity = parity_rule(self.space)
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
        # The pruning automaton.  A state is (the moves that may not come next because
        # of commuting, the last move, how many times running it was made).  Commuting
        # turns are kept in lexicographic normal form: a move may not follow a run of
        # moves that all commute with it if one of them comes after it in move order
        # (it could have been made before them); the set of such moves after a word w,
        # F(w), gives F(w m) = {y commuting with m: y < m or y in F(w)}.  Exactly one
        # order of every set of interchangeable sequences is searched.
        cw_only = config.cw_only
        commute_masks = [sum(1 << z for z in range(count) if commute[z, y]) for y in range(count)]
        below = [(1 << y) - 1 for y in range(count)]
        start_state = (0, -1, 0)
        ids = {start_state: 0}
        states = [start_state]
        edges = []
        k = 0
        while k < len(states):
            forbid, last, run = states[k]
            for m in range(count):
                if (forbid >> m) & 1:
                    continue
                if last >= 0:
                    if m == inverse[last]:
                        continue  # a turn straight back
                    if m == last and (run >= 3 if cw_only else ccw[m] or run >= 2):
                        continue  # four clockwise, or three turns both ways, or two anticlockwise
                nxt_state = (commute_masks[m] & (below[m] | forbid), m, run + 1 if m == last else 1)
                if nxt_state not in ids:
                    ids[nxt_state] = len(states)
                    states.append(nxt_state)
                edges.append((k, m, ids[nxt_state]))
            k += 1
        self.allowed, self.next_state = _tables(len(states), count, edges)
        # longer relations (two different sequences of a few turns with the same effect)
        key = (config.w, config.h, config.n, config.cw_only, config.oriented, config.rows_only)
        with _pruning_lock:
            found = _pruning_cache.get(key)
        if found is None:
            found = _relation_pruning(self.space, self.allowed, self.next_state)
            with _pruning_lock:
                _pruning_cache[key] = found
        if found[0] is not None:
            self.allowed, self.next_state = found[0], found[1]
        self.classes = found[2]  # word -> the words of its class (for ``equivalents``)
        self.class_lengths = sorted({len(w) for w in self.classes})

    def heuristic(self, locs: np.ndarray, stages=None) -> np.ndarray:
        """The lower bound of rows of tile locations: the largest of the reads, raised
        to the parity of the distance where the moves fix it (``parity_rule``)."""
        h = None
        dual = None
        for look, on_dual in self.stages if stages is None else stages:
            if on_dual and dual is None:
                dual = self.dual(locs)
            v = look.value(dual if on_dual else locs)
            h = v if h is None else np.maximum(h, v)
        if self.parity is not None:
            h = h + ((h ^ self.parity(locs)) & 1).astype(h.dtype)
            h[h > BIG] = BIG
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

    # --- the search's layout -------------------------------------------------------------
    def _layout(self):
        """How the search stores and moves positions: as columns (row t of a batch holds
        one entry for every position), in the dual form where there is one (row c: the
        tile on cell c, ``dual``), where a move only reorders rows and turns the arrows
        of its block's rows: a batch's children are a few row copies.  Rows only (no
        dual): tile locations, moved through the move maps."""
        space = self.space
        self.dtype = np.int8 if space.locs <= 127 else np.int16
        a = space.arrows
        cells = space.cells
        self.form = "dual" if self.mirror is not None else "primal"
        self.col_maps = space.maps.astype(self.dtype)
        if self.form == "primal":
            self.col_stages = [(look, False) for look, _ in self.stages]
            return
        mirror_cells, mirror_locs = self.mirror
        srcs = []
        for m in space.maps.tolist():
            # the dual of a position: row c holds tile*a + (-arrow) of the tile on cell c;
            # the move takes the tile on cell c to cell m(c), turned q: so the new row
            # m(c) is the old row c with q taken off its arrow (rows a*cells + ... below)
            src = [0] * cells
            for c in range(cells):
                dst, q = divmod(m[c * a], a)
                src[dst] = c + cells * {0: 0, 1: 1, 3: 2}[q]  # (a move never turns a tile twice)
            srcs.append(src)
        self.sources = np.array(srcs, dtype=np.intp)
        stages = []
        for look, on_dual in self.stages:
            if on_dual:
                # read on the dual: the position's own rows (mirrored where needed)
                stages.append((look.relabelled(mirror_cells, mirror_locs) if len(mirror_cells) else look, False))
            else:
                stages.append((look, True))  # read on the position: the rows' inverse
        self.col_stages = stages

    def _children(self, cols: np.ndarray) -> np.ndarray:
        """Every move applied to every column: (rows, moves * positions), move-major."""
        count = len(self.moves)
        width = cols.shape[1]
        out = np.empty((cols.shape[0], count, width), dtype=cols.dtype)
        if self.form == "primal":
            maps = self.col_maps
            wide = cols.astype(np.intp)
            for m in range(count):
                out[:, m, :] = np.take(maps[m], wide)
            return out.reshape(cols.shape[0], count * width)
        if self.space.arrows == 4:
            # the rows with every arrow turned back a quarter (1) and three quarters (3)
            turned = [cols]
            for q in (1, 3):
                turned.append((cols & ~3) | ((cols - q) & 3))
            stacked = np.concatenate(turned)
        else:
            stacked = cols
        for m in range(count):
            out[:, m, :] = stacked[self.sources[m]]
        return out.reshape(cols.shape[0], count * width)

    def _moved(self, parents: np.ndarray, mi: np.ndarray, ri: np.ndarray) -> np.ndarray:
        """Positions (tile locations as columns) after move ``mi[k]`` on parent column
        ``ri[k]``; ``mi`` is sorted (the children's order)."""
        out = np.empty((parents.shape[0], len(mi)), dtype=parents.dtype)
        starts = np.searchsorted(mi, np.arange(len(self.moves) + 1))
        maps = self.col_maps
        for m in range(len(self.moves)):
            lo, hi = starts[m], starts[m + 1]
            if hi > lo:
                out[:, lo:hi] = np.take(maps[m], np.take(parents, ri[lo:hi], axis=1).astype(np.intp))
        return out

    def _to_cols(self, locs: np.ndarray) -> np.ndarray:
        """A position (tile locations) as one column of the search's layout."""
        row = self._plain_dual(locs) if self.form == "dual" else locs
        return row.astype(self.dtype)[:, None]

    def _plain_dual(self, locs: np.ndarray) -> np.ndarray:
        inv = np.empty_like(locs)
        tiles = np.arange(len(locs))
        if self.space.arrows == 4:
            inv[locs >> 2] = tiles * 4 + ((-locs) & 3)
        else:
            inv[locs] = tiles
        return inv

    def search(self, start: np.ndarray, bound: int, counter: list):
        """One iteration of IDA* to ``bound``: yields ``None`` between batches (a chance
        to report progress and stop) and each canonical solution found (a tuple of move
        indices); returns the next bound (the smallest f over the bound), or None if
        nothing went over it.  ``counter[0]`` counts the positions generated."""
        if not hasattr(self, "col_stages"):
            self._layout()
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
        stages = self.col_stages
        order = sorted(range(len(stages)), key=lambda k: stages[k][1])
        tried = np.zeros(len(stages))
        cuts = np.zeros(len(stages))
        batches = 0
        # a batch: its columns in the layout's form, the same positions as tile
        # locations (dual form only: for the reads on the position), the moves that
        # led to each, the pruning state and the depth
        dual_form = self.form == "dual"
        first = start.astype(self.dtype)[:, None] if dual_form else None
        # the positions waiting at each depth, as batches: columns in the layout's form,
        # the same positions as tile locations (dual form only: for the reads on the
        # position), the moves that led to each, and the pruning state.  The deepest
        # depth that has a full batch waiting goes next (else the deepest that has any):
        # depth first, in batches of up to CHUNK positions gathered from siblings
        pools: list = [[(self._to_cols(start), first, np.zeros((1, 0), dtype=np.int8), np.zeros(1, dtype=np.int32))]]
        sizes = [1]
        while True:
            g = next((d for d in range(len(sizes) - 1, -1, -1) if sizes[d] >= CHUNK), None)
            if g is None:
                g = next((d for d in range(len(sizes) - 1, -1, -1) if sizes[d]), None)
                if g is None:
                    break
            cols, pcols, hist, ps = _take_batch(pools[g], CHUNK)
            sizes[g] -= cols.shape[1]
            width = cols.shape[1]
            kids = self._children(cols)  # child m * width + r: move m on column r
            ok = allowed[ps].T.reshape(-1)  # what the pruning rules allow
            counter[0] += int(np.count_nonzero(ok))
            # the databases one after another, each read only for the children every
            # earlier one kept within the bound; the reads that cut most go first
            # (``order``, re-sorted as the search goes by the share each one cuts)
            limit = bound - g - 1
            idx = np.arange(cur_len := kids.shape[1])  # the children still read
            cur = kids
            alive = ok.copy()  # of those, the ones no read has cut yet
            n_alive = int(np.count_nonzero(alive))
            other = None  # the same children in the other form (position / dual)
            h = np.zeros(cur_len, dtype=np.int8)
            for si in order:
                if n_alive * 4 < cur_len * 3:
                    # drop the cut children once they are a quarter of those read
                    sel = np.flatnonzero(alive)
                    idx, cur, h = idx[sel], cur[:, sel], h[sel]
                    if other is not None:
                        other = other[:, sel]
                    cur_len = len(sel)
                    alive = np.ones(cur_len, dtype=bool)
                look, on_other = stages[si]
                if on_other:
                    if other is None:
                        mi = idx // width
                        other = self._moved(pcols, mi, idx - mi * width)
                    v = look.value_cols(other)
                else:
                    v = look.value_cols(cur)
                tried[si] += n_alive
                cut = v > limit
                cut &= alive
                n_cut = int(np.count_nonzero(cut))
                if n_cut:
                    cuts[si] += n_cut
                    over = min(over, int(v[cut].min()) + g + 1)
                    alive &= ~cut
                    n_alive -= n_cut
                    if not n_alive:
                        break
                np.maximum(h, v, out=h)
            if n_alive and n_alive < cur_len:
                sel = np.flatnonzero(alive)
                idx, cur, h = idx[sel], cur[:, sel], h[sel]
                if other is not None:
                    other = other[:, sel]
            elif not n_alive:
                idx = idx[:0]
            batches += 1
            if batches % 64 == 0:
                # the reads on the layout's own form first (the others need the
                # children moved into the other form: only those still standing)
                order = sorted(order, key=lambda k: (stages[k][1], -cuts[k] / (tried[k] + 1.0)))
                tried *= 0.5
                cuts *= 0.5
            if len(idx):
                mi = idx // width
                ri = idx - mi * width
                for k in np.flatnonzero(h == 0).tolist():
                    yield tuple(hist[ri[k]].tolist()) + (int(mi[k]),)
                if g + 1 < bound:
                    go = np.flatnonzero(h > 0)
                    if len(go) > 1:
                        # the closest-looking last: a depth's batches are taken from
                        # the end, so the search dives first where a solution is likeliest
                        go = go[np.argsort(-h[go], kind="stable")]
                    if len(go):
                        mg, rg = mi[go], ri[go]
                        new_hist = np.concatenate([hist[rg], move_ids[mg][:, None]], axis=1)
                        if dual_form:
                            pk = other[:, go] if other is not None else self._moved(pcols, mg, rg)
                        else:
                            pk = None
                        if len(pools) == g + 1:
                            pools.append([])
                            sizes.append(0)
                        pools[g + 1].append((cur[:, go], pk, new_hist, next_state[ps[rg], mg]))
                        sizes[g + 1] += len(go)
            yield None
        if over >= BIG * 4:
            return None
        if self.parity is not None:
            over += (over - bound) & 1  # every solution's length has the bound's parity
        return over

    # --- short answers fast: beam search -------------------------------------------------
    def beam(self, start: np.ndarray, width: int, shorter_than: int | None, counter: list):
        """A beam search: breadth-first, keeping at each depth the ``width`` positions
        the heuristic puts closest (duplicates dropped).  Yields None after every few
        thousand positions expanded; returns a solution (a tuple of move indices)
        shorter than ``shorter_than``, or None.  Not exhaustive and not proven
        shortest: an upper bound for the anytime search, found in a fraction of the time
        the proof takes (on sgt-twiddle's 4x4n2o scrambles a width of at most 16384 finds the
        shortest length every time, in under two seconds)."""
        maps = self.space.maps
        stages = [st for st in self.stages if not st[1]]  # the dual reads cost more than they help here
        rng = np.random.default_rng(len(start) * 7919 + width)
        coeffs = rng.integers(1, 1 << 62, size=start.shape[-1], dtype=np.int64).astype(np.uint64) | np.uint64(1)
        rows = start[None, :].copy()
        ps = np.zeros(1, dtype=np.int32)
        levels = []  # per depth: (parent row, move) of each kept row
        depth = 0
        while shorter_than is None or depth + 1 < shorter_than:
            depth += 1
            cand = []  # (children, their parent rows, moves, scores), slice by slice
            for lo in range(0, len(rows), BEAM_SLICE):
                mi, ri = np.nonzero(self.allowed[ps[lo : lo + BEAM_SLICE]].T)
                ri += lo
                counter[0] += len(mi)
                kids = maps[mi[:, None], rows[ri]]
                h, fine = self._beam_values(kids, stages)
                done = np.flatnonzero(h == 0)
                if len(done):
                    levels.append((ri, mi))
                    k = int(done[0])
                    word = []
                    for parents, moves in reversed(levels):
                        word.append(int(moves[k]))
                        k = int(parents[k])
                    return tuple(reversed(word))
                keep = h < BIG
                if shorter_than is not None:
                    keep &= depth + h < shorter_than
                sel = np.flatnonzero(keep)
                # the lowest bounds first; among equal ones the lowest sum of all the
                # reads (additive ones before rounding), then at random
                score = (h[sel] << 24) + (np.minimum(fine[sel], 4095) << 12)
                score += rng.integers(0, 4096, size=len(sel))
                cand.append((kids[sel], ri[sel], mi[sel], score))
                if sum(len(c[3]) for c in cand) > 2 * width:
                    cand = [_best_of(cand, width, coeffs)]  # (so no one step takes long)
                yield None
            kids, ri, mi, _ = _best_of(cand, width, coeffs)
            if not len(kids):
                return None
            levels.append((ri, mi))
            rows = kids
            ps = self.next_state[ps[ri], mi]
        return None

    def _beam_values(self, kids: np.ndarray, stages):
        """The beam's ranking of rows: (the heuristic, the sum of every read: a finer
        guess, not a bound, additive reads counted before rounding)."""
        h = None
        fine = np.zeros(len(kids), dtype=np.int64)
        cols = np.ascontiguousarray(kids.T)  # (the tables are read faster by columns)
        for look, _ in stages:
            if hasattr(look, "total_cols"):
                total = look.total_cols(cols)
                fine += total
                v = (total + (look.divisor - 1)) // look.divisor
            else:
                v = look.value_cols(cols)
                fine += v
            h = v if h is None else np.maximum(h, v)
        h = h.astype(np.int64)
        if self.parity is not None:
            h += (h ^ self.parity(kids)) & 1
        return np.minimum(h, BIG), fine

    def improve(self, start: np.ndarray, best: int | None, counter: list, widths=(256, 2048, 16384, 65536, 262144)):
        """Beam searches of growing width (``beam``): yields None between steps and
        each solution shorter than every one before it (a tuple of move indices)."""
        for width in widths:
            word = yield from self.beam(start, width, best, counter)
            if word is not None and (best is None or len(word) < best):
                best = len(word)
                yield word

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
            for length in self.class_lengths:  # the longer relations (``_relation_pruning``)
                for k in range(len(w) - length + 1):
                    part = w[k : k + length]
                    for other in self.classes.get(part, ()):
                        v = w[:k] + other + w[k + length :]
                        if v not in seen:
                            seen.add(v)
                            queue.append(v)
                            yield v
