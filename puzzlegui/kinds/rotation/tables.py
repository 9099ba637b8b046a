"""Breadth-first distance tables: every position's fewest moves to the goal, with numpy.

For a small puzzle (3x3 with 2x2 blocks is 9! = 362,880 positions) a table built once
answers "how far is this from solved" in a lookup, and walking down it lists every
shortest sequence.  Positions are searched backwards from the goal with the inverse
turns, so the distance is the number of *forward* moves (which matters when the buttons
only turn clockwise).  Tables are kept in memory per configuration, built on first use,
and cached on disk (diskcache.py: the user's cache folder, checked on load, written
atomically), so a new process loads a table in milliseconds instead of rebuilding it.
A process that has not loaded numpy yet reads a 3x3's table as bytes and walks its
shortest paths in plain Python (``light``), since importing numpy alone takes longer
than the whole solve.

Pure: numpy (imported on first use) and the standard library only.
"""

from __future__ import annotations

import threading
from math import factorial

from . import diskcache, lazy
from .model import Config, goal_state, reachable_count, turn_sources

CACHE_VERSION = 1  # bump when a table's layout or meaning changes

EXACT_LIMIT = 1_200_000  # positions; bigger spaces are solved by reduction (solver.py)
LEVELS_BYTES = 8 * 4096  # the most a cached table's level sizes (int64) may take

np = lazy.module("numpy", globals(), "np")  # loaded when a table is built or walked with it

_tables: dict = {}
_lock = threading.Lock()


def feasible(config: Config) -> bool:
    """True if the whole position space of ``config`` is small enough to tabulate."""
    if _pack_bits(config) * config.cells > 62 and not _is_permutation(config):
        return False
    return reachable_count(config) <= EXACT_LIMIT


def _is_permutation(config: Config) -> bool:
    """Distinct tiles without arrows on at most 10 cells: a rank into N! fits in memory."""
    return not config.rows_only and not config.oriented and config.cells <= 10


def _pack_bits(config: Config) -> int:
    top = max(config.goal_values())
    return top.bit_length() + (2 if config.oriented else 0)


def cached(config: Config):
    """The table for ``config`` if it has been built, else None (never builds)."""
    return _tables.get(_key(config))


def _key(config: Config):
    return (config.w, config.h, config.n, config.cw_only, config.oriented, config.rows_only)


def get(config: Config) -> "Table":
    """The table for ``config``, building it now if needed."""
    table = cached(config)
    if table is None:
        for _ in build(config):
            pass
        table = cached(config)
    return table


def build(config: Config):
    """Build the table, yielding the number of positions found after each level (so a
    solver can report progress and be stopped between levels)."""
    if cached(config) is not None:
        return
    if _is_permutation(config):
        table = _PermTable(config)
    else:
        table = _PackedTable(config)
    if not table.load():
        for found in table.fill():
            yield found
        table.save()
    with _lock:
        _tables.setdefault(_key(config), table)


def _cache_name(config: Config) -> str:
    return f"rotation-table-v{CACHE_VERSION}-{config.params_text()}"


def _cache_meta(config: Config, kind: str) -> dict:
    c = config
    return {
        "what": "rotation distance table",
        "version": CACHE_VERSION,
        "kind": kind,
        "config": [c.w, c.h, c.n, c.cw_only, c.oriented, c.rows_only],
    }


class Table:
    """Distances to the goal of every position of one configuration."""

    def __init__(self, config: Config):
        self.config = config
        w, n = config.w, config.n
        # gather[i] takes the state as a row and gives the row after the move: new = old[:, g]
        self.forward = []  # (move, gather, block columns, quarter turns added)
        for x, y in config.block_origins():
            for clockwise in (True, False):
                g = np.arange(config.cells)
                cols = []
                for dst, src in turn_sources(w, n, x, y, clockwise):
                    g[dst] = src
                    cols.append(dst)
                d = "cw" if clockwise else "ccw"
                self.forward.append((("turn", x, y, d), g, np.array(cols), 1 if clockwise else 3))
        self.moves = config.moves()
        self.size = 0
        self.max_distance = 0
        self.level_sizes: list[int] = []

    # subclasses: encode rows of cell codes, store and look up distances
    def _cells(self, tiles, orient):
        if self.config.oriented:
            return [(t << 2) | o for t, o in zip(tiles, orient)]
        return list(tiles)

    def _apply_rows(self, rows: np.ndarray, entry) -> np.ndarray:
        _, g, cols, d = entry
        out = rows[:, g]
        if self.config.oriented:
            part = out[:, cols]
            out[:, cols] = (part & ~3) | ((part + d) & 3)
        return out

    def _backward_entries(self):
        """The inverse of each legal forward move (for searching back from the goal)."""
        legal = set(self.moves)
        out = []
        for entry in self.forward:
            move = entry[0]
            if move in legal:
                inv = ("turn", move[1], move[2], "ccw" if move[3] == "cw" else "cw")
                out.append(next(e for e in self.forward if e[0] == inv))
        return out

    def count_at(self, d: int) -> int:
        return self.level_sizes[d] if 0 <= d < len(self.level_sizes) else 0

    # --- the disk cache ---------------------------------------------------------------
    _arrays: tuple[str, ...] = ("dist",)

    def _cache_name(self) -> str:
        return _cache_name(self.config)

    def _cache_meta(self) -> dict:
        return _cache_meta(self.config, type(self).__name__)

    def load(self) -> bool:
        """Take the table from the disk cache if a sound copy is there."""
        arrays = diskcache.load(self._cache_name(), self._cache_meta(), most=self._most_bytes())
        if arrays is None or any(k not in arrays for k in self._arrays + ("levels",)):
            return False
        levels = [int(v) for v in arrays["levels"]]
        size = sum(levels)
        if not levels or levels[0] != 1 or len(arrays["dist"]) != self._stored_length(size):
            return False
        for k in self._arrays:
            setattr(self, k, arrays[k])
        self.level_sizes = levels
        self.size = size
        self.max_distance = len(levels) - 1
        return True

    def save(self) -> None:
        arrays = {k: getattr(self, k) for k in self._arrays}
        arrays["levels"] = np.array(self.level_sizes, dtype=np.int64)
        diskcache.store(self._cache_name(), self._cache_meta(), arrays)

    def _stored_length(self, size: int) -> int:
        return size

    _entry_bytes = 1  # an int8 distance

    def _most_bytes(self) -> int:
        """The most bytes a sound cached copy holds: a damaged header claiming more is
        refused before anything is allocated for it."""
        return self._stored_length(reachable_count(self.config)) * self._entry_bytes + LEVELS_BYTES


class _PermTable(Table):
    """Distinct tiles, no arrows: index positions by their rank among the N! orders."""

    def __init__(self, config):
        super().__init__(config)
        cells = config.cells
        self._fact = np.array([factorial(cells - 1 - i) for i in range(cells)], dtype=np.int64)
        self._fact_py = [factorial(cells - 1 - i) for i in range(cells)]
        self.dist = None

    def _stored_length(self, size: int) -> int:
        return factorial(self.config.cells)  # every permutation has a slot

    def _rank_cols(self, cols):
        """Lehmer ranks of positions stored one per column (cells x k, contiguous rows)."""
        cells, k = cols.shape
        rank = np.zeros(k, dtype=np.int64)
        smaller = np.empty(k, dtype=np.int8)
        for i in range(cells - 1):
            smaller[:] = 0
            for j in range(i + 1, cells):
                smaller += cols[j] < cols[i]
            rank += smaller * self._fact[i]
        return rank

    def rank(self, tiles) -> int:
        r = 0
        cells = len(tiles)
        for i in range(cells - 1):
            t = tiles[i]
            c = 0
            for j in range(i + 1, cells):
                if tiles[j] < t:
                    c += 1
            r += c * self._fact_py[i]
        return r

    def fill(self):
        config = self.config
        dist = np.full(factorial(config.cells), -1, dtype=np.int8)
        goal = goal_state(config)
        frontier = np.array([goal.tiles], dtype=np.int8).T.copy()  # one column per position
        dist[self._rank_cols(frontier)] = 0
        back = [g for (_, g, _, _) in self._backward_entries()]
        depth = 0
        total = 1
        self.level_sizes = [1]
        owner = np.zeros(len(dist), dtype=np.int32)
        while frontier.shape[1]:
            depth += 1
            cands = np.concatenate([frontier[g] for g in back], axis=1)
            ranks = self._rank_cols(cands)
            idx = np.nonzero(dist[ranks] < 0)[0]
            # keep one column per new position without sorting: the last writer owns it
            owner[ranks[idx]] = idx
            keep = idx[owner[ranks[idx]] == idx]
            dist[ranks[keep]] = depth
            frontier = np.ascontiguousarray(cands[:, keep])
            if frontier.shape[1]:
                self.level_sizes.append(frontier.shape[1])
                total += frontier.shape[1]
                self.max_distance = depth
            yield total
        self.dist = dist
        self.size = total

    def distance(self, tiles, orient=None):
        """Fewest moves from this position to the goal, or None if it cannot be reached."""
        d = int(self.dist[self.rank(tiles)])
        return None if d < 0 else d


class _PackedTable(Table):
    """Repeated values or arrows: positions packed into one integer, kept sorted."""

    def __init__(self, config):
        super().__init__(config)
        bits = _pack_bits(config)
        self._shifts = np.array([bits * i for i in range(config.cells)], dtype=np.int64)
        self._bits = bits
        self.codes = None
        self.dist = None

    _arrays = ("codes", "dist")
    _entry_bytes = 9  # an int64 code and an int8 distance

    def _pack_rows(self, rows):
        return (rows.astype(np.int64) << self._shifts).sum(axis=1)

    def pack(self, cells) -> int:
        code = 0
        bits = self._bits
        for i, c in enumerate(cells):
            code |= c << (bits * i)
        return code

    def fill(self):
        config = self.config
        goal = goal_state(config)
        frontier = np.array([self._cells(goal.tiles, goal.orient)], dtype=np.int16)
        seen = self._pack_rows(frontier)
        levels = [seen]
        back = self._backward_entries()
        total = 1
        self.level_sizes = [1]
        while len(frontier):
            cands = np.concatenate([self._apply_rows(frontier, e) for e in back])
            codes = self._pack_rows(cands)
            codes, first = np.unique(codes, return_index=True)
            pos = np.searchsorted(seen, codes)
            pos[pos == len(seen)] = 0
            new = seen[pos] != codes
            codes = codes[new]
            frontier = cands[first[new]]
            if len(codes):
                levels.append(codes)
                seen = np.union1d(seen, codes)
                self.level_sizes.append(len(codes))
                total += len(codes)
                self.max_distance = len(levels) - 1
            yield total
        all_codes = np.concatenate(levels)
        all_dist = np.concatenate([np.full(len(c), d, dtype=np.int8) for d, c in enumerate(levels)])
        order = np.argsort(all_codes)
        self.codes = all_codes[order]
        self.dist = all_dist[order]
        self.size = total

    def distance(self, tiles, orient=None):
        code = self.pack(self._cells(tiles, orient if orient is not None else (0,) * len(tiles)))
        i = int(np.searchsorted(self.codes, code))
        if i < len(self.codes) and int(self.codes[i]) == code:
            return int(self.dist[i])
        return None


# --- walking down a table ----------------------------------------------------------------------
def step_down(table: Table, tiles, orient, d: int):
    """The legal moves from this position that lead one move closer, with the positions
    they lead to, in move order."""
    from .model import turn

    config = table.config
    out = []
    for move in table.moves:
        _, x, y, way = move
        t, o = turn(tiles, orient, config.w, config.n, x, y, way == "cw")
        if not config.oriented:
            o = orient
        if table.distance(t, o) == d - 1:
            out.append((move, t, o))
    return out


def pick(table: Table, d: int, rng) -> tuple[tuple, tuple]:
    """A position chosen at random among those exactly ``d`` moves from the goal."""
    config = table.config
    if isinstance(table, _PermTable):
        ranks = np.nonzero(table.dist == d)[0]
        r = int(ranks[rng.randrange(len(ranks))])
        items = list(range(1, config.cells + 1))
        tiles = []
        for i in range(config.cells):
            f = table._fact_py[i]
            tiles.append(items.pop(r // f))
            r %= f
        return tuple(tiles), (0,) * config.cells
    codes = table.codes[table.dist == d]
    code = int(codes[rng.randrange(len(codes))])
    bits = table._bits
    mask = (1 << bits) - 1
    cells = [(code >> (bits * i)) & mask for i in range(config.cells)]
    if config.oriented:
        return tuple(c >> 2 for c in cells), tuple(c & 3 for c in cells)
    return tuple(cells), (0,) * config.cells


# --- every shortest path at once -----------------------------------------------------------------
def _apply_cols(table: Table, cols: np.ndarray, entry) -> np.ndarray:
    _, g, block, q = entry
    out = cols[g]
    if table.config.oriented:
        part = out[block]
        out[block] = (part & ~3) | ((part + q) & 3)
    return out


def _keys_dist(table: Table, cols: np.ndarray):
    """Identifying keys and distances of positions stored one per column."""
    if isinstance(table, _PermTable):
        keys = table._rank_cols(cols)
        return keys, table.dist[keys].astype(np.int64)
    codes = (cols.astype(np.int64) << table._shifts[:, None]).sum(axis=0)
    idx = np.searchsorted(table.codes, codes)
    idx[idx >= len(table.codes)] = 0
    found = table.codes[idx] == codes
    return codes, np.where(found, table.dist[idx], -1).astype(np.int64)


def shortest_dag(table: Table, tiles, orient):
    """The graph of every shortest path from a position to the goal, built level by level
    with numpy: (moves, levels) where levels holds, per move made, the edges
    (parents, move indices, children) as arrays sorted by parent then move, nodes numbered
    within their level.  None if the
    position cannot reach the goal."""
    d = table.distance(tiles, orient)
    if d is None:
        return None
    cells = table._cells(tiles, orient)
    dtype = np.int8 if isinstance(table, _PermTable) else np.int16
    level = np.array([cells], dtype=dtype).T.copy()
    legal = set(table.moves)
    entries = [e for e in table.forward if e[0] in legal]
    moves = [e[0] for e in entries]
    levels = []
    for depth in range(d, 0, -1):
        width = level.shape[1]
        children = np.concatenate([_apply_cols(table, level, e) for e in entries], axis=1)
        keys, dist = _keys_dist(table, children)
        ok = np.nonzero(dist == depth - 1)[0]
        parents = ok % width
        kinds = ok // width
        uniq, first, inverse = np.unique(keys[ok], return_index=True, return_inverse=True)
        inverse = inverse.ravel()
        order = np.lexsort((kinds, parents))
        levels.append((parents[order], kinds[order], inverse[order]))
        level = np.ascontiguousarray(children[:, ok[first]])
    return moves, levels


def dag_count(dag) -> int:
    """How many shortest paths the graph holds."""
    if dag is None:
        return 0
    counts = np.ones(1, dtype=np.float64)
    for parents, _, children in reversed(dag[1]):
        counts = np.bincount(parents, weights=counts[children])
    return int(round(counts[0])) if len(counts) else 0


def dag_paths(dag) -> list[list[int]]:
    """Every shortest path of the graph as a list of move indices, in move order.

    Grown with numpy one move at a time: each partial path is repeated once per edge out
    of the node it has reached (the edges are sorted by parent, then move, so the paths
    come out in lexicographic move order)."""
    _, levels = dag
    paths = np.zeros((1, 0), dtype=np.int16)
    at = np.zeros(1, dtype=np.int64)  # the node each partial path has reached
    for parents, kinds, children in levels:
        degree = np.bincount(parents, minlength=int(at.max()) + 1)
        start = np.concatenate([[0], np.cumsum(degree)[:-1]])
        reps = degree[at]
        rows = np.repeat(np.arange(len(at)), reps)
        # the k-th copy of a path takes its node's k-th edge
        offset = np.arange(len(rows)) - np.repeat(np.cumsum(reps) - reps, reps)
        chosen = start[at[rows]] + offset
        paths = np.concatenate([paths[rows], kinds[chosen][:, None].astype(np.int16)], axis=1)
        at = children[chosen]
    return paths.tolist()


def dag_paths_lazy(dag):
    """Every shortest path, one at a time (for graphs with too many to list at once)."""
    _moves, levels = dag
    yield from _walk_levels([(p.tolist(), k.tolist(), c.tolist()) for p, k, c in levels])


def _walk_levels(levels):
    """The paths of a layered graph, one at a time, as tuples of move indices: each
    level is (parents, kinds, children) as lists of ints, node 0 the root.  Shared by
    the numpy tables and the light ones a new process reads."""
    by_parent = []
    for parents, kinds, children in levels:
        out: dict[int, list] = {}
        for p, m, c in zip(parents, kinds, children):
            out.setdefault(p, []).append((m, c))
        by_parent.append(out)
    path: list[int] = []

    def walk(depth, node):
        if depth == len(levels):
            yield tuple(path)
            return
        for m, c in by_parent[depth].get(node, ()):
            path.append(m)
            yield from walk(depth + 1, c)
            path.pop()

    yield from walk(0, 0)


# --- without numpy: a table read from the disk cache by a new process ----------------------------
#
# Loading numpy takes longer than solving a 3x3 from its table, so a process that has not
# loaded it yet (the command line solving one puzzle) reads a permutation table's bytes
# straight from the disk cache and walks the few shortest paths in plain Python.  Where
# the table is not cached, or the graph of shortest paths is big, the numpy table does
# the work as usual.

LIGHT_NODES = 600  # positions on shortest paths the plain-Python walk handles


class LightTable:
    """A permutation table's distances as bytes, read without numpy (see ``light``)."""

    def __init__(self, config: Config, dist: bytearray):
        self.config = config
        self.dist = dist
        self.moves = config.moves()
        cells = config.cells
        self._fact_py = [factorial(cells - 1 - i) for i in range(cells)]

    rank = _PermTable.rank

    def distance(self, tiles, orient=None):
        d = self.dist[self.rank(tiles)]
        return None if d >= 128 else d  # int8 -1: cannot reach the goal


def light(config: Config) -> LightTable | None:
    """The cached table of ``config`` read without numpy, or None (no sound copy on disk,
    or not a permutation table)."""
    if not _is_permutation(config) or not feasible(config):
        return None
    raw = diskcache.load_raw(_cache_name(config), _cache_meta(config, "_PermTable"), most=factorial(config.cells) + LEVELS_BYTES)
    if raw is None or "dist" not in raw or "levels" not in raw:
        return None
    dtype, shape, dist = raw["dist"]
    if dtype != "|i1" or shape != (factorial(config.cells),):
        return None
    return LightTable(config, dist)


def light_dag(table: LightTable, tiles, limit: int = LIGHT_NODES):
    """The graph of shortest paths as ``shortest_dag`` gives it, built in plain Python:
    (moves, levels) with per level (parents, move indices, children) lists sorted by parent
    then move.  None if the position cannot reach the goal or the graph has more than
    ``limit`` positions (the caller then uses numpy)."""
    from .model import turn

    d = table.distance(tiles)
    if d is None:
        return None
    config = table.config
    w, n = config.w, config.n
    moves = table.moves
    specs = [(x, y, way == "cw") for _, x, y, way in moves]
    level = [tuple(tiles)]
    levels = []
    nodes = 1
    orient = (0,) * config.cells
    for depth in range(d, 0, -1):
        index: dict = {}
        parents, kinds, children = [], [], []
        for p, pos in enumerate(level):
            for m, (x, y, cw) in enumerate(specs):
                t, _ = turn(pos, orient, w, n, x, y, cw)
                if table.distance(t) != depth - 1:
                    continue
                c = index.get(t)
                if c is None:
                    c = index[t] = len(index)
                parents.append(p)
                kinds.append(m)
                children.append(c)
        nodes += len(index)
        if nodes > limit:
            return None
        levels.append((parents, kinds, children))
        level = list(index)
    return moves, levels


def light_count(dag) -> int:
    """How many paths a ``light_dag`` graph holds."""
    counts = [1]
    for parents, _, children in reversed(dag[1]):
        nxt = [0] * (max(parents) + 1 if parents else 0)
        for p, c in zip(parents, children):
            nxt[p] += counts[c]
        counts = nxt
    return counts[0] if counts else 0


def light_paths(dag):
    """Every path of a ``light_dag`` graph as a tuple of move indices, in move order."""
    _, levels = dag
    yield from _walk_levels(levels)
