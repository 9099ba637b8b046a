"""Pattern databases for the optimal rotation solver (optimal.py), built with numpy.

A *location* is where a tile is and, with arrows, which way it points: ``cell * 4 +
arrow`` (just ``cell`` without arrows).  A position is the location of every tile, tiles
numbered by their home cell (tile ``t`` belongs on cell ``t``).  A move maps locations
to locations, the same way for every tile, so a batch of positions (rows) moves with one
table lookup.

A pattern database tracks a few tiles and ignores the others: it holds, for every
placement of the tracked tiles, the fewest moves that bring them all home.  That never
exceeds the true distance, so the largest of several databases is an admissible
heuristic for IDA*.  A tracked tile only ever visits the locations of its *orbit* (odd
blocks keep a tile on its chessboard colour; even blocks tie its arrow to its colour), so
a placement is indexed in mixed radix by each tile's rank within its orbit, a dense
array of ``prod(orbit sizes)`` distances (int8, -1 where unreachable), filled by a
breadth-first search backwards from the goal, one move at a time over the whole
frontier.  With rows only, equal tiles are interchangeable: a tracked tile is home on
any cell of its row number in its orbit, and the search starts from every such
placement at once.

The databases of one board, read through the board's symmetries, together track every
tile, so "every read says 0" is exactly "solved".  16-tile boards get 7-tile databases
(two of 16^7 entries on a 4x4 with 2x2 blocks, 256 MiB each: about a minute or two to
build, once); a run of tiles that is a symmetric image of another is not built twice.
They are kept on disk once built (diskcache.store_mapped: in the cache folder's
``databases`` folder, under a cap of their own that holds every preset's), stored as the
search reads them (BIG where unreachable) and mapped read-only when opened, so a new
process starts searching at once: the checksum is verified once when a database is
written, and on open only the header and the file's size are checked (``PatternDB.verify``
is the full check, on demand).  A build says how far it is (sentences among its counts).

Additive databases (``WeightedDB``, boards with arrows): a turn moves at most four tiles
(2x2 blocks), so counting, for a group of tiles, the fewest *tile-steps* (tracked tiles
moved, summed over the moves) and adding the groups of a partition of the board up,
divided by four, is also a lower bound (cost partitioning).  On the 4x4 board with arrows
three groups of five tiles and a lone tile (``FIVE_TILE_PARTITIONS``, 32^5 entries each),
read through the board's eight symmetries (eight different partitions, the largest sum
kept), are all its heuristic (``lookups``); elsewhere the 2x2 squares of the board.  The
tables are filled by a Dijkstra by levels whose moves read runs of tiles through packed
tables (a neighbour's index and the move's tile-steps in one sum, ``_chunk_tables``).

Symmetries with arrows: turning the board round turns every arrow with it; turning all
arrows back by the same amount keeps the goal, and the relabelled turns are still turns,
so boards with arrows have all eight symmetries of a square (four clockwise only).

Pure: numpy and the standard library only.
"""

from __future__ import annotations

import itertools
import threading
from math import perm, prod

import numpy as np

from . import diskcache
from .model import Config, turn_sources

VERSION = 3  # bump when the databases' meaning or layout changes (3: stored in search form)
WEIGHTED_VERSION = 2  # the same for the additive databases (WeightedDB)
DENSE_LIMIT = 1 << 24  # entries of one database (16 MiB of int8)
LARGE_BOARD = 16  # boards of this many cells or more, and
LARGE_ORBIT = 12  # orbits of this many locations or more, may get one tile more per database
LARGE_LIMIT = 1 << 28  # entries of one such database (256 MiB of int8)
LARGE_TOTAL = 600_000_000  # entries of all of a board's databases together
UNKNOWN = -1
BUILD_SLICE = 1 << 18  # frontier entries expanded between two progress reports
BIG = 100  # a heuristic value meaning "cannot reach the goal"
CHUNK_ENTRIES = 1 << 12  # placements of one run of tiles in an additive database's build tables
COST_BITS = 4  # (the tile-steps of one move, packed below a neighbour's index)


class Space:
    """The moves of one configuration as maps on locations."""

    def __init__(self, config: Config):
        self.config = config
        self.arrows = 4 if config.oriented else 1
        cells = config.cells
        self.cells = cells
        self.locs = cells * self.arrows
        self.moves = config.moves()  # legal moves, in the kind's order
        maps = []
        for _, x, y, d in self.moves:
            maps.append(self._map(x, y, d == "cw"))
        self.maps = np.array(maps, dtype=np.int16)  # (moves, locs)
        # the inverse of each legal move (a map), for searching back from the goal
        self.back_maps = np.array([np.argsort(m) for m in maps], dtype=np.int16)
        self.goal_values = config.goal_values()
        self.orbits = self._orbits()

    def _map(self, x, y, clockwise):
        a = self.arrows
        table = np.arange(self.locs, dtype=np.int64)
        q = 1 if clockwise else 3
        for dst, src in turn_sources(self.config.w, self.config.n, x, y, clockwise):
            for o in range(a):
                table[src * a + o] = dst * a + ((o + q) & 3 if a == 4 else 0)
        return table

    def _orbits(self):
        """orbit id of each location (locations a tile can move between)."""
        parent = list(range(self.locs))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for m in self.maps.tolist():
            for i, j in enumerate(m):
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[ri] = rj
        roots = [find(i) for i in range(self.locs)]
        ids = {r: k for k, r in enumerate(sorted(set(roots)))}
        return np.array([ids[r] for r in roots], dtype=np.int32)

    def home(self, tile: int) -> int:
        return tile * self.arrows

    def orbit_of_tile(self, tile: int) -> np.ndarray:
        return np.flatnonzero(self.orbits == self.orbits[self.home(tile)])

    def homes(self, tile: int) -> list[int]:
        """Locations where ``tile`` counts as home: its cell, or with rows only any cell
        of its row number in its orbit (arrow up)."""
        if not self.config.rows_only:
            return [self.home(tile)]
        v = self.goal_values[tile]
        orbit = self.orbits[self.home(tile)]
        return [self.home(c) for c in range(self.cells) if self.goal_values[c] == v and self.orbits[self.home(c)] == orbit]

    def locations(self, tiles, orient) -> np.ndarray:
        """The position (location of each tile) of a board; rows-only tiles are matched
        to equal tiles' homes within their orbits."""
        a = self.arrows
        out = np.full(self.cells, -1, dtype=np.int16)
        free: dict = {}
        for t in range(self.cells):
            key = (self.goal_values[t], int(self.orbits[self.home(t)]))
            free.setdefault(key, []).append(t)
        for cell, v in enumerate(tiles):
            loc = cell * a + (orient[cell] if a == 4 else 0)
            if self.config.rows_only:
                key = (v, int(self.orbits[loc]))
                if not free.get(key):
                    return None
                t = free[key].pop(0)
            else:
                t = v - 1
                if self.orbits[loc] != self.orbits[self.home(t)]:
                    return None
            out[t] = loc
        return out


class PatternDB:
    """Distances for the tracked ``tiles`` (a tuple of tile numbers)."""

    def __init__(self, space: Space, tiles: tuple[int, ...]):
        self.space = space
        self.tiles = tuple(tiles)
        self.orbit_locs = [space.orbit_of_tile(t) for t in self.tiles]
        self.radix = [len(o) for o in self.orbit_locs]
        self.size = prod(self.radix)
        weights = []
        w = 1
        for r in self.radix:
            weights.append(w)
            w *= r
        self.weights = weights
        # contribution of tile i at location L to the index (int64, 0 outside its orbit)
        self.contrib = np.zeros((len(self.tiles), space.locs), dtype=np.int64)
        for i, locs in enumerate(self.orbit_locs):
            self.contrib[i, locs] = np.arange(len(locs), dtype=np.int64) * weights[i]
        self.dist = None

    def meta(self) -> dict:
        c = self.space.config
        return {
            "what": "rotation pattern database",
            "version": VERSION,
            "config": [c.w, c.h, c.n, c.cw_only, c.oriented, c.rows_only],
            "tiles": list(self.tiles),
            "size": self.size,
        }

    def cache_name(self) -> str:
        c = self.space.config
        import hashlib

        tag = hashlib.blake2b(repr(self.tiles).encode(), digest_size=6).hexdigest()
        return f"rotation-pdb-v{VERSION}-{c.params_text()}-{len(self.tiles)}t-{tag}"

    def index(self, locs: np.ndarray) -> np.ndarray:
        """Indices of positions given as rows of tile locations (any leading shape)."""
        idx = self.contrib[0][locs[..., self.tiles[0]]]
        for i in range(1, len(self.tiles)):
            idx = idx + self.contrib[i][locs[..., self.tiles[i]]]
        return idx

    def search_dist(self) -> np.ndarray:
        """The distances with BIG for placements the goal cannot reach (shared)."""
        if getattr(self, "_search_dist", None) is None:
            # in place, in one pass: as unsigned bytes UNKNOWN (-1) is 255, and every
            # distance is below BIG
            d = np.ascontiguousarray(self.dist, dtype=np.int8)
            if not d.flags.writeable:
                d = d.copy()
            u = d.view(np.uint8)
            np.minimum(u, BIG, out=u)
            self._search_dist = self.dist = d  # one copy in memory (BIG where unreachable)
        return self._search_dist

    def value(self, locs) -> int:
        return int(self.dist[int(self.index(np.asarray(locs)))])

    def load(self) -> bool:
        """Take the distances from the disk cache if a sound copy is there."""
        return diskcache._drive(self.load_steps())

    def load_steps(self):
        """``load`` as a generator (it yields nothing now: the file is mapped, not read);
        returns whether it loaded.  The file holds the distances as the search reads them
        (``search_dist``: BIG where unreachable), so the mapped pages are used as they
        are, read-only and shared with any other process that maps them."""
        dist = diskcache.open_mapped(self.cache_name(), self.meta(), most=self.size)  # int8s
        if dist is None or dist.shape != (self.size,) or dist.dtype != np.int8:
            return False
        self._search_dist = self.dist = dist
        return True
        yield  # a generator, as the callers drive it

    def verify(self) -> bool | None:
        """The full check of the stored file against its checksum (on demand; see
        diskcache.verify_mapped)."""
        return diskcache.verify_mapped(self.cache_name(), self.meta())

    def _store(self, dist):
        """Keep the built distances in search form and write them to the disk cache
        (a generator yielding None between chunks)."""
        self.dist = dist
        self._search_dist = None
        yield from diskcache.store_mapped(self.cache_name(), self.meta(), self.search_dist())

    def _digits(self, index):
        """Each tile's place (rank within its orbit) in the database indices ``index``."""
        digits = []
        for r in self.radix:
            digits.append(index % r)
            index = index // r
        return digits

    def _steps(self) -> list:
        """Per tile, per move (undone): the rank its place moves to."""
        space = self.space
        step = []
        for locs_i in self.orbit_locs:
            rank = np.full(space.locs, -1, dtype=np.int64)
            rank[locs_i] = np.arange(len(locs_i))
            step.append(np.array([rank[m[locs_i]] for m in space.back_maps], dtype=np.int64))
        return step

    def _homes(self) -> np.ndarray:
        """The table's indices of every home placement: the tiles on distinct homes (rows
        only: any matching)."""
        k = len(self.tiles)
        sources = [
            combo for combo in itertools.product(*[self.space.homes(t) for t in self.tiles]) if len(set(combo)) == k
        ]
        locs = np.zeros((len(sources), self.space.cells), dtype=np.int16)
        for r, combo in enumerate(sources):
            for t, loc in zip(self.tiles, combo):
                locs[r, t] = loc
        return np.unique(self.index(locs))

    def build(self):
        """Fill the table breadth-first; yields the number of placements found so far
        after each move of each level (so a search can be stopped between them)."""
        space, k = self.space, len(self.tiles)
        dist = np.full(self.size, UNKNOWN, dtype=np.int8)
        frontier = self._homes()
        dist[frontier] = 0
        found = len(frontier)
        # per tracked tile: orbit rank -> orbit rank after each inverse move
        step = self._steps()
        depth = 0
        while len(frontier):
            depth += 1
            nxt = []
            # in slices, so that a big database's build can be stopped within a moment
            for lo in range(0, len(frontier), BUILD_SLICE):
                digits = self._digits(frontier[lo : lo + BUILD_SLICE])
                for mi in range(len(space.back_maps)):
                    cand = step[0][mi][digits[0]] * self.weights[0]
                    for i in range(1, k):
                        cand += step[i][mi][digits[i]] * self.weights[i]
                    cand = cand[dist[cand] == UNKNOWN]
                    if len(cand):
                        dist[cand] = depth
                        nxt.append(cand)
                        found += len(cand)
                    yield found
            frontier = np.concatenate(nxt) if nxt else np.zeros(0, dtype=np.int64)
        for _ in self._store(dist):
            yield found


class WeightedDB(PatternDB):
    """An *additive* database: for every placement of the tracked tiles, the fewest
    tile-steps that bring them home, a tile-step being one tracked tile moved by one
    turn (a turn that moves three tracked tiles costs 3).

    A turn moves at most ``divisor(space)`` tiles, so over the tile groups of a
    partition of the board the tile-steps of one solution add up to at most that many
    per move: the groups' values added up and divided by it (rounded up) never exceed
    the distance (cost partitioning).  On the 4x4 board with 2x2 blocks and arrows, the
    four 2x2 corner groups, 32^4 entries each, give about half a move more than the
    largest of the other databases on random positions, and the search does several
    times fewer nodes.  Filled by a breadth-first search over costs (levels 0, 1, 2,
    ...), all moves of one level at once."""

    def meta(self) -> dict:
        return dict(super().meta(), what="rotation additive pattern database", version=WEIGHTED_VERSION)

    def cache_name(self) -> str:
        return super().cache_name().replace("rotation-pdb-", "rotation-apdb-", 1).replace(
            f"-v{VERSION}-", f"-v{WEIGHTED_VERSION}-", 1
        )

    def _chunk_tables(self):
        """The tracked tiles cut into runs of consecutive digits (at most CHUNK_ENTRIES
        placements each), and per run, per move (undone), for every placement of the
        run: its part of the index after the move, shifted up COST_BITS, plus how many
        of its tiles the move moved.  Adding the runs' entries gives a neighbour's
        index and the move's cost in one sum."""
        space = self.space
        rank_steps = self._steps()
        moved = [np.array([m[locs_i] != locs_i for m in space.back_maps], dtype=np.int64) for locs_i in self.orbit_locs]
        runs = []
        i = 0
        k = len(self.tiles)
        while i < k:
            j = i + 1
            span = self.radix[i]
            while j < k and span * self.radix[j] <= CHUNK_ENTRIES:
                span *= self.radix[j]
                j += 1
            # every placement of tiles i..j-1, as digits (the first digit fastest)
            grid = np.arange(span, dtype=np.int64)
            digits = []
            rest = grid
            for t in range(i, j):
                digits.append(rest % self.radix[t])
                rest = rest // self.radix[t]
            table = np.zeros((len(space.back_maps), span), dtype=np.int64)
            for mi in range(len(space.back_maps)):
                for t, d in zip(range(i, j), digits):
                    table[mi] += ((rank_steps[t][mi][d] * self.weights[t]) << COST_BITS) + moved[t][mi][d]
            runs.append((self.weights[i], span, table))
            i = j
        return runs

    def build(self):
        space, k = self.space, len(self.tiles)
        if k >= 1 << COST_BITS:
            raise ValueError("too many tiles for one additive database")
        dist = np.full(self.size, UNKNOWN, dtype=np.int8)
        udist = dist.view(np.uint8)  # UNKNOWN reads as 255, above every cost
        dist[self._homes()] = 0
        found = int(np.count_nonzero(dist == 0))
        runs = self._chunk_tables()
        mask = (1 << COST_BITS) - 1
        level = 0
        top = 0  # the highest cost assigned so far
        while level <= top:
            # every placement at this cost is final: later levels only add to it
            frontier = np.flatnonzero(udist == level)
            for lo in range(0, len(frontier), BUILD_SLICE):
                part = frontier[lo : lo + BUILD_SLICE]
                digits = []
                for r, (weight, span, _table) in enumerate(runs):
                    d = part // weight if weight > 1 else part
                    if r + 1 < len(runs):
                        d = d % span
                    digits.append(d)
                for mi in range(len(space.back_maps)):
                    packed = np.take(runs[0][2][mi], digits[0])
                    for r in range(1, len(runs)):
                        packed += np.take(runs[r][2][mi], digits[r])
                    cost = packed & mask
                    packed >>= COST_BITS  # the neighbours' indices (one move undone: distinct)
                    cost += level
                    cur = np.take(udist, packed)
                    better = cur > cost
                    if better.any():
                        new = cost[better]
                        top = max(top, int(new.max()))
                        if top >= BIG:
                            raise ValueError("an additive database's costs do not fit")
                        found += int(np.count_nonzero(cur[better] == 255))
                        udist[packed[better]] = new
                    yield found
            level += 1
        for _ in self._store(dist):
            yield found


def divisor(space: Space) -> int:
    """The most tiles one move moves (a tile turned on its cell counts, with arrows)."""
    return max(int(np.count_nonzero(m != np.arange(space.locs))) // space.arrows for m in space.maps)


# Boards (w, h, n) whose additive databases track five tiles each (with arrows): three
# groups of five and one lone tile.  Read through the board's eight symmetries they are
# eight different partitions, and the largest of their sums is about a move above the
# four 2x2 corner groups' (a partition the symmetries map onto itself, so one reading):
# on sgt-twiddle's 4x4n2o scrambles the last iteration before the shortest length searches
# about 5 times fewer positions and the beam searches find the shortest length at once.
# Three tables of 32^5 entries (32 MiB each; about 4 s each to build, once).
FIVE_TILE_PARTITIONS = {
    (4, 4, 2): [(0, 1, 4, 5, 6), (2, 3, 7, 10, 11), (8, 9, 12, 13, 14), (15,)],
}
ADDITIVE_LIMIT = 1 << 25  # entries of one such table


def choose_partitions(space: Space) -> list[list[tuple[int, ...]]]:
    """Tile groups for additive databases (``WeightedDB``), as partitions of the tiles.

    Boards with arrows only (without them the largest of the databases of
    ``choose_groups`` is the better bound, measured on 4x4 and 5x5 boards): the board's
    five-tile partition where it has one (``FIVE_TILE_PARTITIONS``), else the home
    cells cut into 2x2 squares from the top left (1x2 and 1x1 pieces at an odd edge),
    each square's tiles one group, where every group's table stays within DENSE_LIMIT."""
    config = space.config
    if not config.oriented or config.cells < 8:
        return []
    w, h = config.w, config.h
    five = FIVE_TILE_PARTITIONS.get((w, h, config.n))
    if five is not None and all(_group_size(space, g) <= ADDITIVE_LIMIT for g in five):
        return [[tuple(g) for g in five]]
    groups = []
    for y0 in range(0, h, 2):
        for x0 in range(0, w, 2):
            groups.append(tuple(y * w + x for y in range(y0, min(y0 + 2, h)) for x in range(x0, min(x0 + 2, w))))
    if any(_group_size(space, g) > DENSE_LIMIT for g in groups):
        return []
    return [groups]


def choose_groups(space: Space) -> list[tuple[int, ...]]:
    """Tiles tracked together: each orbit's tiles in reading order, cut into runs as long
    as a database of at most DENSE_LIMIT entries allows; a short last run takes tiles
    from the one before it (databases may overlap: the heuristic is their maximum).

    Orbits of at least LARGE_ORBIT locations on boards of at least LARGE_BOARD cells (4x4
    with 2x2 blocks, 5x5 with 3x3 blocks) get
    one tile more per run where the databases still fit in LARGE_LIMIT entries each and
    LARGE_TOTAL together: on a 4x4 board a 7-tile database raises the heuristic by about
    a move and the search does 5-10 times fewer nodes.  A run whose tiles are the image
    of an earlier run's under a symmetry of the board is left out: the earlier
    database, read through that symmetry (``lookups``), gives exactly its values."""
    by_orbit: dict = {}
    for t in range(space.cells):
        by_orbit.setdefault(int(space.orbits[space.home(t)]), []).append(t)
    images = [tm for tm, _ in symmetries(space)]

    def runs(tiles, k):
        out = []
        for start in range(0, len(tiles), k):
            run = tiles[start : start + k]
            if len(run) < k:
                run = tiles[len(tiles) - k :]
            out.append(tuple(run))
        return out

    def dedupe(groups):
        kept: list = []
        seen: set = set()
        for g in groups:
            if frozenset(g) in seen:
                continue
            kept.append(g)
            for tm in images:
                seen.add(frozenset(int(tm[t]) for t in g))
        return kept

    chosen: list = []
    for tiles in by_orbit.values():
        size = len(space.orbit_of_tile(tiles[0]))
        k = 1
        while k < len(tiles) and size ** (k + 1) <= DENSE_LIMIT:
            k += 1
        if k >= len(tiles):
            chosen.append([tuple(tiles)])
            continue
        groups = dedupe(runs(tiles, k))
        if space.cells >= LARGE_BOARD and size >= LARGE_ORBIT and size ** (k + 1) <= LARGE_LIMIT:
            chosen.append(dedupe(runs(tiles, k + 1)))
        else:
            chosen.append(groups)
    # the large runs only while their total stays within LARGE_TOTAL entries
    total = sum(_group_size(space, g) for groups in chosen for g in groups)
    if total > LARGE_TOTAL:
        chosen = []
        for tiles in by_orbit.values():
            size = len(space.orbit_of_tile(tiles[0]))
            k = 1
            while k < len(tiles) and size ** (k + 1) <= DENSE_LIMIT:
                k += 1
            chosen.append([tuple(tiles)] if k >= len(tiles) else dedupe(runs(tiles, k)))
    return [g for groups in chosen for g in groups]


def _group_size(space: Space, group) -> int:
    return prod(len(space.orbit_of_tile(t)) for t in group)


_cache: dict = {}
_lock = threading.Lock()


def _key(config: Config):
    return (config.w, config.h, config.n, config.cw_only, config.oriented, config.rows_only)


def cached(config: Config):
    """The databases of ``config`` if they are in memory (the additive ones where the
    board has them), else None."""
    with _lock:
        have = _cache.get(_key(config))
        return have if have is not None else _cache.get(_key(config) + ("weighted",))


def _ticks(gen):
    """Pass on a generator's steps as progress counts of 0; its return value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        yield 0


def _placements(db: PatternDB) -> int:
    """How many placements of the tracked tiles have no two on one location: about what
    a build reaches (the table's other entries put two tiles on one cell)."""
    orbits: dict = {}
    for locs in db.orbit_locs:
        key = (len(locs), int(locs[0]))
        orbits[key] = orbits.get(key, 0) + 1
    return max(1, min(db.size, prod(perm(size, k) for (size, _), k in orbits.items())))


def _building(db: PatternDB, number: int, total: int):
    """``db.build()``, passing on its counts, with a sentence (a str) each time another
    whole percent of its placements is reached: what the window and ``--progress`` show."""
    shown = -1
    head = f"Building pattern database {number} of {total} ({len(db.tiles)} tiles; built once, then kept on disk)"
    expected = _placements(db)
    for found in db.build():
        percent = min(99, found * 100 // expected)
        if percent != shown:
            shown = percent
            yield f"{head}: {percent}%"
        else:
            yield found
    yield f"{head}: done"


def databases(config: Config):
    """The databases of ``config``, loading or building each (a generator: yields
    progress counts, and sentences (str) saying how far a build is; its return value
    is the list)."""
    have = cached(config)
    if have is not None:
        return have
    space = Space(config)
    dbs = []
    groups = choose_groups(space)
    for number, group in enumerate(groups, start=1):
        db = PatternDB(space, group)
        loaded = yield from _ticks(db.load_steps())
        if not loaded:
            yield from _building(db, number, len(groups))
        dbs.append(db)
    with _lock:
        _cache.setdefault(_key(config), dbs)
    return dbs


def weighted_databases(config: Config):
    """The additive databases of ``config`` (``choose_partitions``), as a dict from tile
    group to database; a generator like ``databases``."""
    key = _key(config) + ("weighted",)
    with _lock:
        have = _cache.get(key)
    if have is not None:
        return have
    space = Space(config)
    dbs = {}
    groups = list(dict.fromkeys(g for part in choose_partitions(space) for g in part))
    for number, group in enumerate(groups, start=1):
        db = WeightedDB(space, group)
        loaded = yield from _ticks(db.load_steps())
        if not loaded:
            yield from _building(db, number, len(groups))
        db.search_dist()
        dbs[group] = db
        yield 0
    with _lock:
        _cache.setdefault(key, dbs)
    return dbs


def missing_bytes(config: Config) -> int:
    """Bytes of the databases ``lookups(config)`` would have to build: 0 when they are
    all in memory or stored (only their headers are read to tell)."""
    if cached(config) is not None and not (config.oriented and not choose_partitions(Space(config))):
        return 0
    space = Space(config)
    parts = choose_partitions(space)
    if parts:
        dbs = [WeightedDB(space, g) for g in dict.fromkeys(g for part in parts for g in part)]
    else:
        dbs = [PatternDB(space, g) for g in choose_groups(space)]
        if config.oriented:
            plain = Space(Config(config.w, config.h, config.n, config.cw_only, False, config.rows_only))
            dbs += [PatternDB(plain, g) for g in choose_groups(plain)]
    return sum(db.size for db in dbs if diskcache.open_mapped(db.cache_name(), db.meta(), most=db.size) is None)


def lookups(config: Config, symmetric: bool = True):
    """Every database read of the heuristic for ``config`` (a generator like
    ``databases``; returns the list).  All of them together say "solved" (every one 0).

    Boards with arrows where ``choose_partitions`` finds tile groups: the additive
    reads (``SumLookup``), one per image of the partition under the board's symmetries.
    On the 4x4 board with 2x2 blocks they alone prove sgt-twiddle's scrambles faster
    than with the max-databases besides (which cost more than they save), and they are
    97 MiB against 600 to load.

    Otherwise each database of the board read through each symmetry of the board; with
    arrows, also the databases of the board without arrows (and their symmetries),
    whose bigger tile groups often give the larger value."""
    space = Space(config)
    syms = symmetries(space) if symmetric else symmetries(space)[:1]
    parts = choose_partitions(space)
    if parts:
        wdbs = yield from weighted_databases(config)
        div = divisor(space)
        out = []
        seen: set = set()
        for tm, lm in syms:
            inv = np.argsort(tm)
            for part in parts:
                # the groups of the position's tiles this reading adds up: a reading
                # through a symmetry that maps the partition onto itself gives the
                # same sum, and is left out
                read = frozenset(frozenset(int(inv[t]) for t in g) for g in part)
                if read in seen:
                    continue
                seen.add(read)
                out.append(SumLookup([Lookup(wdbs[g], tm, lm) for g in part], div))
        return out
    dbs = yield from databases(config)
    for db in dbs:
        db.search_dist()
        yield 0
    space = dbs[0].space
    out = [Lookup(db, tm, lm) for tm, lm in syms for db in dbs]
    if config.oriented:
        plain = Config(config.w, config.h, config.n, config.cw_only, False, config.rows_only)
        pdbs = yield from databases(plain)
        for db in pdbs:
            db.search_dist()
            yield 0
        pspace = pdbs[0].space
        project = np.arange(space.locs) // space.arrows
        psyms = symmetries(pspace) if symmetric else symmetries(pspace)[:1]
        out += [Lookup(db, tm, lm, project) for tm, lm in psyms for db in pdbs]
    return out


# --- symmetric lookups ------------------------------------------------------------------------
_VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # arrow 0..3 (up, right, down, left), y down


def _transforms(w: int, h: int):
    """The board's symmetries: (cell map, arrow-vector map) pairs."""
    out = [
        (lambda x, y: (x, y), lambda dx, dy: (dx, dy)),
        (lambda x, y: (w - 1 - x, y), lambda dx, dy: (-dx, dy)),
        (lambda x, y: (x, h - 1 - y), lambda dx, dy: (dx, -dy)),
        (lambda x, y: (w - 1 - x, h - 1 - y), lambda dx, dy: (-dx, -dy)),
    ]
    if w == h:
        out += [
            (lambda x, y: (y, x), lambda dx, dy: (dy, dx)),
            (lambda x, y: (w - 1 - y, w - 1 - x), lambda dx, dy: (-dy, -dx)),
            (lambda x, y: (w - 1 - y, x), lambda dx, dy: (-dy, dx)),
            (lambda x, y: (y, w - 1 - x), lambda dx, dy: (dy, -dx)),
        ]
    return out


def symmetries(space: Space) -> list[tuple[np.ndarray, np.ndarray]]:
    """Relabellings that map the puzzle onto itself: (tile map, location map) pairs with
    the goal going to the goal and the legal moves to legal moves, so a position and its
    relabelled image are equally far from solved.  The identity comes first."""
    config = space.config
    w, h, a = config.w, config.h, space.arrows
    legal = {tuple(m) for m in space.maps.tolist()}
    out = []
    for cell_map, vec_map in _transforms(w, h):
        cmap = np.array([cell_map(c % w, c // w)[1] * w + cell_map(c % w, c // w)[0] for c in range(space.cells)])
        omap = [_VECTORS.index(vec_map(*_VECTORS[o])) for o in range(4)]
        if a == 4:
            # the board turned round turns every arrow with it; turning them all back
            # by the same amount keeps "up" up (the goal's arrows), and a turn of a
            # block adds the same quarter turns whatever the arrows were, so the
            # relabelled moves are still moves (checked below)
            omap = [(v - omap[0]) & 3 for v in omap]
        loc_map = np.array([cmap[L // a] * a + (omap[L % a] if a == 4 else 0) for L in range(space.locs)])
        inv = np.argsort(loc_map)
        ok = all(tuple(loc_map[m[inv]].tolist()) in legal for m in space.maps)
        if ok and config.rows_only:
            rows = {}
            for c in range(space.cells):
                rows.setdefault(c // w, set()).add(int(cmap[c]) // w)
            ok = all(len(v) == 1 for v in rows.values())
        if ok:
            out.append((cmap.astype(np.int64), loc_map.astype(np.int64)))
    return out


class Lookup:
    """A database read through a symmetry: the value for the relabelled position."""

    def __init__(self, db: PatternDB, tile_map: np.ndarray, loc_map: np.ndarray, project: np.ndarray | None = None):
        self.db = db
        inv_tiles = np.argsort(tile_map)
        # tracked tile g of the image is tile inv(g) of the position, at loc_map(L)
        self.tiles = tuple(int(inv_tiles[g]) for g in db.tiles)
        self.contrib = db.contrib[:, loc_map]
        if project is not None:
            # a database of the board without arrows, read on a board with them: a
            # location with an arrow projects to its cell (a relaxation, so still a bound)
            self.contrib = self.contrib[:, project]
        self.dist = db.search_dist()

    def index(self, locs: np.ndarray) -> np.ndarray:
        idx = self.contrib[0][locs[..., self.tiles[0]]]
        for i in range(1, len(self.tiles)):
            idx = idx + self.contrib[i][locs[..., self.tiles[i]]]
        return idx

    def value(self, locs: np.ndarray) -> np.ndarray:
        """The database's bound for rows of tile locations."""
        return self.dist[self.index(locs)]

    def value_cols(self, cols: np.ndarray) -> np.ndarray:
        """``value`` of positions stored as columns (tiles x positions: row t holds
        tile t's location in every position), the search's layout.  Tiles are read in
        pairs through tables of both tiles' contributions (``np.take`` on whole-number
        indices: about twice as fast as one fancy index per tile)."""
        pairs = self.__dict__.get("_pairs")
        if pairs is None:
            pairs = self._pair_tables()
        if self._direct is not None:  # one tile: its value straight from its location
            return np.take(self._direct, cols[self.tiles[0]].astype(np.intp))
        idx = None
        for t1, t2, table in pairs:
            if t2 is None:
                part = np.take(table, cols[t1].astype(np.intp))
            else:
                a = cols[t1].astype(np.intp)
                a *= self._width
                a += cols[t2]
                part = np.take(table, a)
            if idx is None:
                idx = part
            else:
                idx += part
        return np.take(self.dist, idx)

    def _pair_tables(self):
        width = self.contrib.shape[1]
        self._width = width
        pairs = []
        tiles = self.tiles
        for i in range(0, len(tiles), 2):
            if i + 1 < len(tiles):
                table = (self.contrib[i][:, None] + self.contrib[i + 1][None, :]).reshape(-1)
                pairs.append((tiles[i], tiles[i + 1], np.ascontiguousarray(table, dtype=np.intp)))
            else:
                pairs.append((tiles[i], None, np.ascontiguousarray(self.contrib[i], dtype=np.intp)))
        self._pairs = pairs
        self._direct = np.ascontiguousarray(self.dist[self.contrib[0]]) if len(tiles) == 1 else None
        return pairs

    def relabelled(self, tile_perm: np.ndarray, loc_map: np.ndarray) -> "Lookup":
        """The same read of the position X with X[t] = loc_map[Y[tile_perm[t]]], made
        straight from Y (for the search's dual reads)."""
        out = object.__new__(Lookup)
        out.db = self.db
        out.dist = self.dist
        out.tiles = tuple(int(tile_perm[t]) for t in self.tiles)
        out.contrib = np.ascontiguousarray(self.contrib[:, loc_map])
        out._pairs = None
        return out


class SumLookup:
    """An additive bound: weighted databases of disjoint tile groups (``WeightedDB``),
    each read through the same symmetry, their tile-steps added up and divided by the
    most tiles one move moves (rounded up)."""

    def __init__(self, parts: list, divisor: int):
        self.parts = parts  # Lookup of each group's WeightedDB
        self.divisor = divisor
        self.db = parts[0].db

    @staticmethod
    def _sum(reads) -> np.ndarray:
        """The groups' tile-steps added up (int16: the sum outgrows a byte)."""
        v = next(reads).astype(np.int16)
        for r in reads:
            v += r
        return v

    def _rounded(self, total: np.ndarray) -> np.ndarray:
        """Tile-steps to moves: divided by the most tiles one move moves, rounded up."""
        total += self.divisor - 1
        total //= self.divisor
        return total.astype(np.int8)

    def total(self, locs: np.ndarray) -> np.ndarray:
        return self._sum(look.value(locs) for look in self.parts)

    def value(self, locs: np.ndarray) -> np.ndarray:
        return self._rounded(self.total(locs))

    def total_cols(self, cols: np.ndarray) -> np.ndarray:
        """``total`` of positions stored as columns (``Lookup.value_cols``)."""
        return self._sum(look.value_cols(cols) for look in self.parts)

    def value_cols(self, cols: np.ndarray) -> np.ndarray:
        return self._rounded(self.total_cols(cols))

    def relabelled(self, tile_perm: np.ndarray, loc_map: np.ndarray) -> "SumLookup":
        return SumLookup([look.relabelled(tile_perm, loc_map) for look in self.parts], self.divisor)
