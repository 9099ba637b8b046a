"""The general reduction: any board and block size, with or without arrows.

The other reductions (reduce.py) shrink the board to a core they can solve exactly; that
needs the last tiles of a row to be placed together, which stops being possible once the
blocks are 4x4 (the tiles left of the last block can no longer move).  This one always
finishes:

1. Place tiles one at a time (step 2 below), then parity.  Where a turn is an odd permutation (of all tiles, or of each colour
   with odd blocks) and the tiles are an odd permutation of the goal, one turn makes it
   even, since 3-cycles cannot undo a single swap.
2. Place tiles one at a time, in reading order, each with a breadth-first search over
   the turns that leave the tiles already placed alone, while that is possible (for
   n x n blocks, about the top-left (w-n+1) x (h-n+1) tiles).
3. Place the rest with 3-cycles.  A 3-cycle is found once per board as a power of a
   commutator of block turns (or of a short word) whose cycles are one 3-cycle and
   others that the power removes, e.g. [A B, C]^2 on 4x4 blocks; on a board only one tile
   wider than its blocks, as a product of two words that each move few tiles (see
   ``_far_candidates``: long, but found in under a second).  A 3-cycle of any three
   tiles is then a conjugate S c S^-1, where the set-up S (a breadth-first search over
   the three tiles' positions) brings them to the 3-cycle's cells; S is taken back after.
4. Arrows: c^3 moves no tile and turns each of its three tiles by the same amount T;
   conjugated, it turns any three tiles.  Triples fix the total first, then pairs of
   triples (one forward, one back) pass each tile's turn on to the next, so the last
   tile ends up too.

Every search is over at most three tiles' positions (cells**3 states, a million on the
biggest 10x10 board), so time and memory are bounded; the answer is short, not proven
shortest.  Pure: numpy and the standard library.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from math import gcd

import numpy as np

from puzzlegui.core.kind import PuzzleError

from .model import Config, _restrict, parity, single_block, turn, turn_sources

MAX_POWER = 60  # a candidate whose power would be longer than this many words is skipped
MAX_SETUP_STATES = 1_100_000  # the biggest three-tile search (10x10: a million states)


@dataclass(frozen=True)
class Cycle:
    """A word of turns that moves just three tiles: a -> b -> d -> a (cell indices),
    turning the tile that leaves each cell by ``twists`` quarter turns."""

    word: tuple
    cells: tuple[int, int, int]
    twists: tuple[int, int, int]

    @property
    def total(self) -> int:
        """Quarter turns each tile gains going once round the cycle (c^3)."""
        return sum(self.twists) & 3


def effect(w: int, cells: int, n: int, word) -> tuple[tuple, tuple]:
    """(source, twist) per cell after ``word``: the cell each tile came from, and its turn."""
    tiles, orient = tuple(range(cells)), (0,) * cells
    for _, x, y, d in word:
        tiles, orient = turn(tiles, orient, w, n, x, y, d == "cw")
    return tiles, orient


def _cycles(src) -> list[list[int]]:
    seen = [False] * len(src)
    out = []
    for i in range(len(src)):
        if seen[i] or src[i] == i:
            continue
        c = []
        j = i
        while not seen[j]:
            seen[j] = True
            c.append(j)
            j = src[j]
        out.append(c)
    return out


def _invert(word) -> tuple:
    return tuple(("turn", x, y, "ccw" if d == "cw" else "cw") for (_, x, y, d) in reversed(word))


def _lcm(values) -> int:
    m = 1
    for v in values:
        m = m * v // gcd(m, v)
    return m


def _candidates(pw: int, ph: int, n: int):
    """Short words on a pw x ph patch: commutators of words of one or two turns, then
    products of up to three turns, shortest first."""
    moves = Config(pw, ph, n).moves()
    short = [(m,) for m in moves] + [(a, b) for a in moves for b in moves if a[1:3] != b[1:3]]
    for u in short:
        for v in short:
            if u[0][1:3] != v[0][1:3] and u < v:
                yield u + v + _invert(u) + _invert(v)
    for k in (2, 3):
        for word in itertools.product(moves, repeat=k):
            if all(a[1:3] != b[1:3] for a, b in zip(word, word[1:])):
                yield word


@lru_cache(maxsize=32)
def _patch_cycles(
    pw: int, ph: int, n: int, want: int, clean: bool = False, far: bool = True
) -> list[tuple[tuple, tuple, tuple]]:
    """Up to ``want`` 3-cycles (word, (a, b, d), twists) on a pw x ph patch, shortest
    first; ``clean``: none that turns a tile in place (the centre of an odd block).

    Short commutators first; where they give none (a patch one tile wider than its
    blocks, from 4x4 blocks up) and ``far``, products of two tiles-few words
    (``_far_candidates``: 3-cycles of over a hundred turns where short ones have 16-40)."""
    found: dict = {}
    stages = ((_candidates, MAX_POWER), (_far_candidates, MAX_FAR)) if far else ((_candidates, MAX_POWER),)
    for source, limit in stages:
        for word in source(pw, ph, n):
            _take(found, pw, ph, n, word, limit, clean)
            colours = {(a % pw + a // pw) & 1 for _, (a, _b, _d), _t in found.values()}
            if len(found) >= want and (n % 2 == 0 or len(colours) == 2):
                break
        if found:
            break
    return sorted(found.values(), key=lambda f: len(f[0]))


def _take(found: dict, pw: int, ph: int, n: int, word, limit: int, clean: bool) -> None:
    """Add to ``found`` the 3-cycle that a power of ``word`` makes, if it has one within
    ``limit`` turns (keeping the shortest of each cell set and turn total)."""
    cells = pw * ph
    src, _ = effect(pw, cells, n, word)
    cyc = _cycles(src)
    if not cyc or (len(cyc) > 1 and len(word) * 2 > limit):
        return
    lengths = [len(c) for c in cyc]
    for j, c in enumerate(cyc):
        rest = lengths[:j] + lengths[j + 1 :]
        m = _lcm(rest)
        if len(c) // gcd(len(c), m) != 3 or len(word) * m > limit:
            continue
        powered = word * m
        psrc, ptw = effect(pw, cells, n, powered)
        moved = [i for i in range(cells) if psrc[i] != i]
        if len(moved) != 3 or (clean and any(ptw[i] for i in range(cells) if psrc[i] == i)):
            continue
        # cells a -> b -> d: the tile now at b came from a
        b = moved[0]
        a = psrc[b]
        d = psrc[a]
        key = (frozenset(moved), sum(ptw[i] for i in moved) & 3)
        if key not in found or len(found[key][0]) > len(powered):
            found[key] = (powered, (a, b, d), (ptw[b], ptw[d], ptw[a]))


MAX_FAR = 240  # the longest 3-cycle word taken from _far_candidates
FAR_POOL = 30  # how many tiles-few words _far_candidates combines


def _far_candidates(pw: int, ph: int, n: int):
    """3-cycles as products g (X h X^-1) or commutators [g, X h X^-1] of words g, h that
    move at most six tiles (a power of a word of up to six turns that leaves the other
    tiles in place) and a set-up X of up to three turns, shortest first.

    Where the blocks overlap all but one column, no short commutator moves few tiles,
    but powers of short words do (on 5x4 with 4x4 blocks a word of six turns, taken
    five times, swaps two pairs); two such words that share a tile or two make a 3-cycle.
    The pool is bounded (``FAR_POOL`` words, set-ups of three turns), so is the time."""
    cells = pw * ph
    moves = Config(pw, ph, n).moves()
    pool: dict = {}
    for word in _words(moves, 6):
        src, _ = effect(pw, cells, n, word)
        lengths = [len(c) for c in _cycles(src)]
        order = _lcm(lengths)
        for m in range(1, order):
            if order % m or len(word) * m > MAX_POWER or not 0 < sum(k for k in lengths if m % k) <= 6:
                continue
            perm = _compose(*[src] * m)
            if perm not in pool or len(pool[perm]) > len(word) * m:
                pool[perm] = word * m
    few = sorted(pool.items(), key=lambda kv: len(kv[1]))[:FAR_POOL]
    setups = [(x, effect(pw, cells, n, x)[0], effect(pw, cells, n, _invert(x))[0]) for x in _words(moves, 3)]
    out: dict = {}
    for (g, gw), (h, hw), (x, sx, sxi) in itertools.product(few, few, setups):
        conj = _compose(sx, h, sxi)
        product = _compose(g, conj)
        hx = gw + x + hw + _invert(x)
        if sorted(map(len, _cycles(product))) == [3]:
            out.setdefault(product, hx)
        elif 2 * len(hx) <= MAX_FAR:
            comm = _compose(product, _inverse_perm(g), _inverse_perm(conj))
            if sorted(map(len, _cycles(comm))) == [3]:
                out.setdefault(comm, hx + _invert(gw) + x + _invert(hw) + _invert(x))
    yield from sorted((w for w in out.values() if len(w) <= MAX_FAR), key=len)


def _words(moves, longest: int):
    """Words of up to ``longest`` turns (the empty one first) that never undo the last
    turn nor turn one block three times running."""
    out = [()]
    frontier = [()]
    for _ in range(longest):
        nxt = []
        for word in frontier:
            for m in moves:
                if word and word[-1][1:3] == m[1:3] and word[-1][3] != m[3]:
                    continue
                if len(word) >= 2 and word[-1] == word[-2] == m:
                    continue
                nxt.append(word + (m,))
        out.extend(nxt)
        frontier = nxt
    return out


def _compose(*perms) -> tuple:
    """The ``effect`` sources of words done one after another (each a source tuple)."""
    out = perms[0]
    for p in perms[1:]:
        out = tuple(out[j] for j in p)
    return out


def _inverse_perm(perm) -> tuple:
    out = [0] * len(perm)
    for i, v in enumerate(perm):
        out[v] = i
    return tuple(out)


def _patches(config: Config):
    """Patch sizes to look for 3-cycles on, smallest first (at least two blocks)."""
    n = config.n
    out = []
    for pw in range(n, min(config.w, n + 3) + 1):
        for ph in range(n, min(config.h, n + 3) + 1):
            if (pw, ph) != (n, n):
                out.append((pw * ph, pw, ph))
    return [(pw, ph) for _, pw, ph in sorted(out)]


@lru_cache(maxsize=16)
def base_cycles(config: Config) -> tuple[Cycle, ...]:
    """3-cycles of ``config``'s board, each placed everywhere its patch fits: enough for
    every colour of tile (odd blocks keep tiles on their colour).  They may turn tiles
    (the twist step sets the arrows after every tile is placed)."""
    w, n = config.w, config.n
    out: list[Cycle] = []
    # every patch's short commutators before any far product: a board with room for a
    # bigger patch (6x6 with 4x4 blocks) must not take the 5x4 patch's long 3-cycles
    # (a076c77 did: 6x6n4 answers grew from 254-320 moves to 1,432-1,814)
    for far in (False, True):
        for pw, ph in _patches(config):
            for word, (a, b, d), twists in _patch_cycles(pw, ph, n, 6, far=far):
                for oy in range(config.h - ph + 1):
                    for ox in range(w - pw + 1):
                        cell = lambda i: (i // pw + oy) * w + i % pw + ox  # noqa: E731 - patch to board
                        moved = tuple(("turn", x + ox, y + oy, dd) for (_, x, y, dd) in word)
                        out.append(Cycle(moved, (cell(a), cell(b), cell(d)), twists))
            if _enough(config, out):
                return tuple(out)
    if not out:
        raise PuzzleError(f"The solver found no 3-cycle of tiles for {config.w}x{config.h} boards with {n}x{n} blocks.")
    return tuple(out)


def _enough(config: Config, found) -> bool:
    if not found:
        return False
    classes = {_colour(config, c.cells[0]) for c in found} if config.n % 2 else {0}
    return len(classes) >= (2 if config.n % 2 else 1)


def _colour(config: Config, cell: int) -> int:
    return (cell % config.w + cell // config.w) & 1


# --- searches over a few tiles -----------------------------------------------------------------
def search(config: Config, start, goals, moves, arrows: int = 1, limit: int = MAX_SETUP_STATES):
    """The fewest ``moves`` taking the tiles at ``start`` [(cell, arrow), ...] to any of
    ``goals`` (tuples like ``start``), other tiles ignored; None if none is reachable.

    A breadth-first search over the few tiles' cells (and arrows, ``arrows`` 4), at most
    ``limit`` states."""
    base = config.cells * arrows
    k = len(start)
    size = base**k
    if size > limit:
        raise PuzzleError("The solver's search would be too big for this board.")
    weights = np.array([base**i for i in range(k)], dtype=np.int64)

    def code(tiles):
        return sum((c * arrows + (o & 3 if arrows == 4 else 0)) * base**i for i, (c, o) in enumerate(tiles))

    first = code(start)
    targets = np.zeros(size, dtype=bool)
    for g in goals:
        targets[code(g)] = True
    if targets[first]:
        return []
    maps = [turn_map(config, move, base, arrows) for move in moves]
    parent = np.full(size, -1, dtype=np.int64)
    via = np.zeros(size, dtype=np.int16)
    parent[first] = first
    frontier = np.array([first], dtype=np.int64)
    hit = -1
    while len(frontier) and hit < 0:
        digits = [(frontier // base**i) % base for i in range(k)]
        nxt = []
        for mi, table in enumerate(maps):
            new = sum(table[dg] * weights[i] for i, dg in enumerate(digits))
            fresh = parent[new] < 0
            new, old = new[fresh], frontier[fresh]
            new, keep = np.unique(new, return_index=True)
            old = old[keep]
            parent[new] = old
            via[new] = mi
            nxt.append(new)
            done = new[targets[new]]
            if len(done):
                hit = int(done[0])
                break
        frontier = np.concatenate(nxt) if nxt else np.array([], dtype=np.int64)
    if hit < 0:
        return None
    return walk_back(parent, via, hit, first, moves)


def turn_map(config, move, base: int, arrows: int):
    """Where one turn sends each (cell, arrow) code of a tile: a numpy table of ``base``
    codes (cell * arrows + arrow), for the breadth-first searches over tile positions
    (reduce.py's placements use it too)."""
    _, x, y, d = move
    table = np.arange(base, dtype=np.int64)
    q = 1 if d == "cw" else 3
    for dst, src in turn_sources(config.w, config.n, x, y, d == "cw"):
        for o in range(arrows):
            table[src * arrows + o] = dst * arrows + ((o + q) & 3 if arrows == 4 else 0)
    return table


def walk_back(parent, via, node: int, start: int, moves) -> list:
    """The moves of a breadth-first search's path from ``start`` to ``node``: each
    node's ``parent`` and the index (``via``) in ``moves`` of the move that reached it
    (reduce.py's placements use it too)."""
    path = []
    while node != start:
        path.append(moves[int(via[node])])
        node = int(parent[node])
    path.reverse()
    return path


# --- pure twists ---------------------------------------------------------------------------------
MAX_TWIST_STATES = 3_000_000  # the one oriented search per board that finds the twists


@dataclass(frozen=True)
class Twist:
    """A word that moves no tile and turns the tiles on ``cells`` by ``turns``."""

    word: tuple
    cells: tuple[int, ...]
    turns: tuple[int, ...]


def _pure(w: int, cells: int, n: int, word):
    src, tw = effect(w, cells, n, word)
    if any(src[i] != i for i in range(cells)):
        return None
    moved = tuple(i for i in range(cells) if tw[i])
    return (moved, tuple(tw[i] for i in moved)) if moved else None


@lru_cache(maxsize=16)
def _patch_twists(pw: int, ph: int, n: int) -> tuple:
    """Pure twists of three tiles or fewer on a pw x ph patch: c^3 of a 3-cycle c whose
    tiles come round turned, and S c S^-1 c^-1 where the set-up S brings c's tiles back
    to their cells turned differently (an oriented search over the three tiles)."""
    cells = pw * ph
    patch = Config(pw, ph, n)
    out: dict = {}
    for word, (a, b, d), _tw in _patch_cycles(pw, ph, n, 6, True):
        found = _pure(pw, cells, n, word * 3)
        if found and found not in out:
            out[found] = word * 3
        if (cells * 4) ** 3 > MAX_TWIST_STATES:
            continue
        setup = _oriented_setup(patch, (a, b, d))
        if setup is not None:
            z = tuple(setup) + word + _invert(setup) + _invert(word)
            found = _pure(pw, cells, n, z)
            if found and (found not in out or len(out[found]) > len(z)):
                out[found] = z
        if out:
            break
    return tuple((word, moved, turns) for (moved, turns), word in sorted(out.items(), key=lambda kv: len(kv[1])))


def _oriented_setup(patch: Config, cells3):
    """The fewest turns that bring the tiles on ``cells3`` back to their cells, turned
    by different amounts (so that conjugating a 3-cycle by them twists its tiles)."""
    goals = [tuple(zip(cells3, t)) for t in itertools.product(range(4), repeat=3) if len(set(t)) > 1]
    return search(patch, [(c, 0) for c in cells3], goals, patch.moves(), 4, MAX_TWIST_STATES)


@lru_cache(maxsize=16)
def board_twists(config: Config) -> tuple[Twist, ...]:
    """The pure twists of the smallest patch with 3-cycles, placed everywhere it fits."""
    w, n = config.w, config.n
    for pw, ph in _patches(config):
        found = _patch_twists(pw, ph, n)
        if not found:
            continue
        out = []
        for word, cells, turns in found:
            for oy in range(config.h - ph + 1):
                for ox in range(w - pw + 1):
                    moved = tuple(("turn", x + ox, y + oy, d) for (_, x, y, d) in word)
                    out.append(Twist(moved, tuple((c // pw + oy) * w + c % pw + ox for c in cells), turns))
        return tuple(out)
    return ()


MAX_FIXER = 400  # the longest whole-board pure twist that sum_fixers keeps


@lru_cache(maxsize=16)
def sum_fixers(config: Config) -> dict:
    """Pure twists of the whole board (odd blocks) by how much they change the arrow
    totals of the two chessboard colours: (d0, d1) -> word, the shortest of each.

    A word of up to three turns, repeated until every tile is home, turns some tiles in
    place; its length (mod 4) is the change of the total, split between the colours by
    where the turned tiles stand."""
    w, cells, n = config.w, config.cells, config.n
    out: dict = {}
    near = [m for m in config.moves() if m[1] < 3 and m[2] < 3]  # the blocks at the top left
    for word in _words(near, 3)[1:]:
        src, _ = effect(w, cells, n, word)
        order = _lcm([len(c) for c in _cycles(src)])
        if len(word) * order > MAX_FIXER:
            continue
        _, tw = effect(w, cells, n, word * order)
        sums = [0, 0]
        for c, t in enumerate(tw):
            sums[_colour(config, c)] += t
        key = (sums[0] & 3, sums[1] & 3)
        if key != (0, 0) and (key not in out or len(out[key]) > len(word) * order):
            out[key] = word * order
    return out


def _fixes_every_sum(config: Config) -> bool:
    """True if ``sum_fixers`` reach every pair of colour totals the turns allow: an even
    grand total where a turn changes both colours' parity (3x3 and 5x5 blocks), any
    otherwise."""
    reach = {(0, 0)}
    for _ in range(16):
        reach |= {((a + d0) & 3, (b + d1) & 3) for a, b in reach for d0, d1 in sum_fixers(config)}
    k = (config.n * config.n - 1) // 8
    return len(reach) == (8 if k % 2 else 16)


# --- the reduction -------------------------------------------------------------------------------
def supported(config: Config) -> str | None:
    """None if this reduction solves ``config``; otherwise the sentence saying why not."""
    if single_block(config):
        return None
    try:
        base_cycles(config)
    except PuzzleError as exc:
        return str(exc)
    if config.oriented and config.n % 2 and not _fixes_every_sum(config):
        return (
            f"Solving a {config.w}x{config.h} board with {config.n}x{config.n} blocks and arrows is beyond "
            "this solver (it found too few pure twists to set the arrows of each colour)."
        )
    if config.oriented and not board_twists(config):
        return (
            f"Solving a {config.w}x{config.h} board with {config.n}x{config.n} blocks and arrows is beyond "
            "this solver (it turns arrows with blocks up to 4x4)."
        )
    return None


def _follow(config: Config, cells, path) -> tuple:
    """Where the tiles on ``cells`` are after ``path``."""
    w, n = config.w, config.n
    out = list(cells)
    for _, x, y, d in path:
        to = {src: dst for dst, src in turn_sources(w, n, x, y, d == "cw")}
        out = [to.get(c, c) for c in out]
    return tuple(out)


class Solver:
    """One run of the general reduction on a board of distinct tiles (``reduce.label``)."""

    def __init__(self, config: Config, tiles, orient):
        self.config = config
        self.plain = Config(config.w, config.h, config.n)  # positions only, both ways
        self.tiles, self.orient = tuple(tiles), tuple(orient)
        self.moves: list = []

    def do(self, seq) -> None:
        w, n = self.config.w, self.config.n
        for move in seq:
            _, x, y, d = move
            self.tiles, self.orient = turn(self.tiles, self.orient, w, n, x, y, d == "cw")
            self.moves.append(move)

    def where(self, cell: int) -> int:
        """The cell holding the tile whose home is ``cell``."""
        return self.tiles.index(cell + 1)

    def colour(self, cell: int) -> int:
        return _colour(self.config, cell) if self.config.n % 2 else 0

    def run(self) -> list:
        config = self.config
        if single_block(config):
            for _ in range(4):
                if self._solved():
                    return self.moves
                self.do([("turn", 0, 0, "cw")])
            raise PuzzleError("This position cannot reach the goal.")
        self.place_singly()
        self.fix_parity()
        self.place_by_cycles()
        if config.oriented:
            self.fix_twists()
        if not self._solved():
            raise PuzzleError("The solver went wrong and did not reach the goal; please report this puzzle.")
        return self.moves

    def _solved(self) -> bool:
        ok = all(t == i + 1 for i, t in enumerate(self.tiles))
        return ok and (not self.config.oriented or not any(self.orient))

    def fix_parity(self) -> None:
        """One turn where the tiles are an odd permutation that a turn can mend (3-cycles
        cannot mend a single swap): the last block's, which holds the fewest placed tiles."""
        cells = self.config.cells
        perm = [self.where(c) for c in range(cells)]
        if self.config.n % 2:
            colour = [self.colour(c) for c in range(cells)]
            odd = any(parity(_restrict(perm, colour, c)) for c in (0, 1))
        else:
            odd = parity(perm)
        if odd:
            self.do([("turn", self.config.blocks_x - 1, self.config.blocks_y - 1, "cw")])

    def place_singly(self) -> None:
        """Tiles in reading order, each by the fewest turns that leave the placed ones alone."""
        config = self.config
        n = config.n
        fixed: set = set()
        for cell in range(config.cells):
            allowed = [
                m for m in self.plain.moves()
                if not any((m[2] + j) * config.w + m[1] + i in fixed for j in range(n) for i in range(n))
            ]
            start = self.where(cell)
            if start != cell:
                path = search(self.plain, [(start, 0)], [((cell, 0),)], allowed)
                if path is None:
                    continue
                self.do(self._legal(path))
            fixed.add(cell)

    def _legal(self, path) -> list:
        """``path`` with anticlockwise turns made of three clockwise ones where the buttons
        turn one way only."""
        if not self.config.cw_only:
            return list(path)
        out = []
        for m in path:
            out.extend([("turn", m[1], m[2], "cw")] * (1 if m[3] == "cw" else 3))
        return out

    def place_by_cycles(self) -> None:
        cycles = base_cycles(self.config)  # (with arrows, they are set right afterwards)
        cells = self.config.cells
        for _ in range(cells):  # each 3-cycle places at least one tile
            wrong = [c for c in range(cells) if self.tiles[c] != c + 1]
            if not wrong:
                return
            h = wrong[0]
            p = self.where(h)
            r = self.tiles[h] - 1  # where the tile on h belongs: two placed at once
            if r == p:
                others = [c for c in wrong if c not in (h, p) and self.colour(c) == self.colour(h)]
                if not others:
                    raise PuzzleError("The solver met a single swap of two tiles; please report this puzzle.")
                r = others[0]
            # p -> h -> r -> p: the cycle a -> b -> d with the tile on p brought to a
            goals = []
            word_of = {}
            for c in cycles:
                if self.colour(c.cells[0]) != self.colour(h):
                    continue
                a, b, d = c.cells
                for rot in ((a, b, d), (b, d, a), (d, a, b)):
                    if rot not in word_of:
                        word_of[rot] = c.word
                        goals.append(rot)
            self._conjugated((p, h, r), goals, word_of.__getitem__)
        if any(self.tiles[c] != c + 1 for c in range(cells)):
            raise PuzzleError("The solver did not place every tile; please report this puzzle.")

    def fix_twists(self) -> None:
        """Turn each arrow up with conjugated pure twists, passing the rest on to the last
        three cells, then set those three with the fewest twists (a search over their 64
        arrow states)."""
        twists = board_twists(self.config)
        cells = self.config.cells
        if self.config.n % 2:
            self._fix_colour_sums()
        lasts = {}
        for c in (0, 1) if self.config.n % 2 else (0,):
            lasts[c] = tuple([k for k in range(cells) if self.colour(k) == c][-3:])
        patterns: dict = {}
        for t in twists:
            patterns.setdefault(t.turns, []).append(t)
        for cell in range(cells):
            last = lasts[self.colour(cell)]
            o = self.orient[cell]
            if not o or cell in last:
                continue
            done = False
            for turns, group in patterns.items():
                for s, v in enumerate(turns):
                    k = next((k for k in (1, 2, 3) if (k * v + o) & 3 == 0), None)
                    if k is None or len(turns) - 1 > 3:
                        continue
                    partners = [c for c in last][: len(turns) - 1]
                    slots = partners[:s] + [cell] + partners[s:]
                    for _ in range(k):
                        self._apply_twist(group, slots)
                    done = True
                    break
                if done:
                    break
            if not done:
                raise PuzzleError("The solver could not turn an arrow up; please report this puzzle.")
        for last in lasts.values():
            self._fix_last(patterns, last)

    def _fix_colour_sums(self) -> None:
        """With odd blocks the pure twists of three tiles keep each colour's arrow total;
        first make both totals 0 (mod 4) with the fewest whole-board pure twists."""
        fixers = sum_fixers(self.config)
        start = self._sums()
        back = {start: None}
        frontier = [start]
        while frontier and (0, 0) not in back:
            nxt = []
            for s in frontier:
                for (d0, d1), word in fixers.items():
                    t = ((s[0] + d0) & 3, (s[1] + d1) & 3)
                    if t not in back:
                        back[t] = (s, word)
                        nxt.append(t)
            frontier = nxt
        if (0, 0) not in back:
            raise PuzzleError("The solver could not turn the arrows of one colour up; please report this puzzle.")
        s = (0, 0)
        plan = []
        while back[s] is not None:
            s, word = back[s]
            plan.append(word)
        for word in plan:
            self.do(self._legal(word))

    def _sums(self) -> tuple[int, int]:
        out = [0, 0]
        for c, o in enumerate(self.orient):
            out[self.colour(c)] += o
        return out[0] & 3, out[1] & 3

    def _apply_twist(self, group, slots) -> None:
        """S Z S^-1 for the twist Z of ``group`` nearest to the tiles on ``slots`` (the tile
        on slots[i] gets Z's turns[i])."""
        by_cells = {t.cells: t for t in group}
        self._conjugated(slots, list(by_cells), lambda end: by_cells[end].word)

    def _conjugated(self, cells, goals, word_at) -> None:
        """S word S^-1: S the fewest turns from the tiles on ``cells`` to any of ``goals``,
        ``word_at(goal reached)`` the word done there."""
        setup = search(self.plain, [(c, 0) for c in cells], [tuple((g, 0) for g in goal) for goal in goals], self.plain.moves())
        if setup is None:
            raise PuzzleError("The solver could not bring three tiles together; please report this puzzle.")
        end = _follow(self.plain, tuple(cells), setup)
        self.do(self._legal(list(setup) + list(word_at(end)) + list(_invert(setup))))

    def _fix_last(self, patterns, last) -> None:
        ops = []
        for turns, group in patterns.items():
            if len(turns) > 3:
                continue
            for slots in itertools.permutations(last, len(turns)):
                ops.append((turns, group, slots))
        start = tuple(self.orient[c] for c in last)
        back = {start: None}
        frontier = [start]
        while frontier and (0, 0, 0) not in back:
            nxt = []
            for s in frontier:
                for op in ops:
                    turns, _, slots = op
                    t = list(s)
                    for v, c in zip(turns, slots):
                        t[last.index(c)] = (t[last.index(c)] + v) & 3
                    t = tuple(t)
                    if t not in back:
                        back[t] = (s, op)
                        nxt.append(t)
            frontier = nxt
        if (0, 0, 0) not in back:
            raise PuzzleError("The solver could not turn the last arrows up; please report this puzzle.")
        plan = []
        s = (0, 0, 0)
        while back[s] is not None:
            s, op = back[s]
            plan.append(op)
        for turns, group, slots in reversed(plan):
            self._apply_twist(group, slots)
