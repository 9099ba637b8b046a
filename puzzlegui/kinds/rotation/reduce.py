"""Solving boards too big to tabulate: place the outer rows and columns, then the core.

The board is shrunk from the top and the left: the tiles of the top row of the free
region are placed one at a time, the last n of them together (once a cell is fixed, the
blocks over it may no longer turn, so the last block of the row must bring its n tiles
home at once), then the same for the left column, until a small core is left:

* 2x2 blocks: a 3x3 core (2x4 on a two-wide board), solved exactly from its 9! table;
  with arrows, the core's positions are solved exactly and the tiles left upside down
  are then turned over in pairs with the shortest 2x3 "flip" sequences, combined by a
  shortest-path search over the core's 512 flip patterns.
* 3x3 blocks: a 4x4 core (3x5 on a three-wide board), solved by IDA* whose heuristic is
  the exact distance of the tiles on each chessboard colour (tiles never leave their
  colour), two 8! tables.

Each placement is a breadth-first search over the positions (and arrows) of just the
tiles being placed, vectorised with numpy.  Pure: numpy and the standard library.
"""

from __future__ import annotations

import heapq
import itertools
from functools import lru_cache

import numpy as np

from puzzlegui.core.kind import PuzzleError

from . import cycles, tables
from .model import Config, goal_state, turn, turn_sources, unreachable_reason, RotationState


def support_reason(config: Config) -> str | None:
    """None if some solver handles ``config``; otherwise the sentence saying why not."""
    if tables.feasible(config) or handles(config):
        return None
    return cycles.supported(config)


def handles(config: Config) -> bool:
    """True if this module's reduction (rows and columns, then a core) solves ``config``;
    the rest go to the general one (cycles.py)."""
    return config.n == 2 or (config.n == 3 and not config.oriented)


# --- labelling equal tiles -------------------------------------------------------------------
def label(config: Config, tiles, orient) -> tuple[Config, tuple[int, ...]]:
    """A rows-only position as distinct tiles (each numbered by a home square it can reach),
    with equal tiles swapped if needed so that the labelled position is solvable."""
    if not config.rows_only:
        return config, tuple(tiles)
    distinct = Config(config.w, config.h, config.n, config.cw_only, config.oriented, False)
    goal = config.goal_values()
    w = config.w
    colour = [((i % w) + (i // w)) & 1 for i in range(config.cells)]
    by_class = config.n % 2 == 1 or config.oriented

    def cls(i, o):
        if config.n % 2 == 1:
            return colour[i]
        return (colour[i] + o) & 1 if config.oriented else 0

    homes: dict = {}
    for i, v in enumerate(goal):
        homes.setdefault((v, colour[i] if by_class else 0), []).append(i + 1)
    labels = []
    for i, v in enumerate(tiles):
        labels.append(homes[(v, cls(i, orient[i]))].pop(0))
    labels_t = tuple(labels)
    if unreachable_reason(RotationState(distinct, labels_t, tuple(orient))) is None:
        return distinct, labels_t
    for i, j in itertools.combinations(range(config.cells), 2):
        if tiles[i] == tiles[j] and cls(i, orient[i]) == cls(j, orient[j]):
            swapped = list(labels_t)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            if unreachable_reason(RotationState(distinct, tuple(swapped), tuple(orient))) is None:
                return distinct, tuple(swapped)
    raise PuzzleError("This position cannot reach the goal.")


# --- placing a few tiles ---------------------------------------------------------------------
PLACE_CHUNK = 1 << 21  # positions a placement search makes at once (turns times frontier)


@lru_cache(maxsize=8)
def _turn_maps(config: Config):
    """cycles.turn_map of every turn of ``config`` (one row a turn), and each turn's row."""
    arrows = 4 if config.oriented else 1
    moves = config.moves()
    maps = np.array([cycles.turn_map(config, move, config.cells * arrows, arrows) for move in moves], dtype=np.int64)
    return maps, {m: i for i, m in enumerate(moves)}


def place(config: Config, tiles, orient, targets, allowed):
    """The fewest ``allowed`` moves that bring each tile ``t`` of ``targets`` (tile -> home
    cell) to its home cell (pointing up, with arrows), ignoring every other tile."""
    cells = config.cells
    arrows = 4 if config.oriented else 1
    base = cells * arrows
    where = {t: i for i, t in enumerate(tiles)}
    order = list(targets)
    k = len(order)
    weights = np.array([base**i for i in range(k)], dtype=np.int64)

    def digit(cell, o):
        return cell * arrows + (o if arrows == 4 else 0)

    start = sum(digit(where[t], orient[where[t]]) * base**i for i, t in enumerate(order))
    goal = sum(digit(targets[t], 0) * base**i for i, t in enumerate(order))
    if start == goal:
        return []
    every, index = _turn_maps(config)
    maps = every[[index[move] for move in allowed]]
    size = base**k
    parent = np.full(size, -1, dtype=np.int64)
    via = np.zeros(size, dtype=np.int16)
    parent[start] = start
    frontier = np.array([start], dtype=np.int64)
    owner = np.zeros(size, dtype=np.int64)
    while len(frontier) and parent[goal] < 0:
        digits = [(frontier // base**i) % base for i in range(k)]
        nxt = []
        # all the turns of a level at once, a slice of turns at a time (bounded memory);
        # a position reached by two turns goes to the earlier turn, and by one turn
        # from two positions to the later position: the order of a turn-by-turn loop,
        # so the same paths as one
        per = max(1, PLACE_CHUNK // len(frontier))
        for m0 in range(0, len(maps), per):
            block = maps[m0 : m0 + per]
            new = block[:, digits[0]] * weights[0]
            for i in range(1, k):
                new += block[:, digits[i]] * weights[i]
            width = len(frontier)
            flat = new[::-1].ravel()  # the last turn's positions first: the earliest written last
            cand = np.nonzero(parent[flat] < 0)[0]
            if not len(cand):
                continue
            vals = flat[cand]
            owner[vals] = cand  # of equal positions the last written stays
            won = cand[owner[vals] == cand]
            rows = len(block) - 1 - won // width
            by_turn = np.argsort(rows, kind="stable")
            won, rows = won[by_turn], rows[by_turn]
            new = flat[won]
            parent[new] = frontier[won % width]
            via[new] = m0 + rows
            nxt.append(new)
        frontier = np.concatenate(nxt) if nxt else np.array([], dtype=np.int64)
    if parent[goal] < 0:
        raise PuzzleError("The solver could not place the outer tiles of this board.")
    return cycles.walk_back(parent, via, goal, start, allowed)


# --- flipping tiles over (2x2 blocks with arrows) --------------------------------------------
@lru_cache(maxsize=8)
def _flip_macros(cw_only: bool):
    """Shortest sequences that turn a set of tiles of a 3x2 or 2x3 window upside down and
    leave everything else as it was: [(window w, window h, cell mask, moves)]."""
    out = []
    for ww, wh in ((3, 2), (2, 3)):
        cfg = Config(ww, wh, 2, cw_only, True, False)
        table = tables.get(cfg)
        goal = goal_state(cfg)
        cells = ww * wh
        for mask in range(1, 1 << cells):
            if bin(mask).count("1") % 2:
                continue
            orient = tuple(2 if mask >> i & 1 else 0 for i in range(cells))
            d = table.distance(goal.tiles, orient)
            if d is None:
                continue
            moves = []
            t, o = goal.tiles, orient
            while d:
                move, t, o = tables.step_down(table, t, o, d)[0]
                moves.append(move)
                d -= 1
            out.append((ww, wh, mask, tuple(moves)))
    return tuple(out)


def fix_flips(config: Config, orient, x0: int, y0: int, cw: int, ch: int) -> list:
    """Moves inside the core (cw x ch at x0, y0) that turn its upside-down tiles up, the
    core's tiles being otherwise home: cheapest combination of window flips (Dijkstra)."""
    w = config.w
    cells = [(x0 + i, y0 + j) for j in range(ch) for i in range(cw)]
    index = {c: k for k, c in enumerate(cells)}
    start = 0
    for k, (x, y) in enumerate(cells):
        o = orient[y * w + x]
        if o == 2:
            start |= 1 << k
        elif o != 0:
            raise PuzzleError("The solver left a tile turned sideways.")
    if not start:
        return []
    edges = []
    for ww, wh, mask, moves in _flip_macros(config.cw_only):
        for oy in range(ch - wh + 1):
            for ox in range(cw - ww + 1):
                m = 0
                for bit in range(ww * wh):
                    if mask >> bit & 1:
                        m |= 1 << index[(x0 + ox + bit % ww, y0 + oy + bit // ww)]
                shifted = tuple((v, x + x0 + ox, y + y0 + oy, d) for (v, x, y, d) in moves)
                edges.append((m, shifted))
    best = {start: 0}
    back = {}
    heap = [(0, start)]
    while heap:
        cost, s = heapq.heappop(heap)
        if s == 0:
            break
        if cost > best.get(s, 1 << 30):
            continue
        for m, moves in edges:
            t = s ^ m
            c = cost + len(moves)
            if c < best.get(t, 1 << 30):
                best[t] = c
                back[t] = (s, moves)
                heapq.heappush(heap, (c, t))
    out = []
    s = 0
    while s != start:
        prev, moves = back[s]
        out[:0] = list(moves)
        s = prev
    return out


# --- 3x3 blocks: IDA* over the two colours ---------------------------------------------------
class ColourCore:
    """Exact distance tables of the tiles on each chessboard colour of a core board (tiles
    never leave their colour with odd blocks), and move tables on their ranks."""

    def __init__(self, config: Config):
        self.config = config
        self.moves = config.moves()
        cells = config.cells
        colour = [((i % config.w) + (i // config.w)) & 1 for i in range(cells)]
        self.classes = [[i for i in range(cells) if colour[i] == c] for c in (0, 1)]
        self.move_tables = []  # per class: per move a list rank -> rank
        self.dist = []
        for squares in self.classes:
            mt, dist = self._build(squares)
            self.move_tables.append(mt)
            self.dist.append(dist)

    def _build(self, squares):
        config = self.config
        a = len(squares)
        pos = {sq: k for k, sq in enumerate(squares)}
        perms = np.array(list(itertools.permutations(range(a))), dtype=np.int8).T.copy()
        fact = [1] * a
        for i in range(a - 2, -1, -1):
            fact[i] = fact[i + 1] * (a - 1 - i)
        fact_np = np.array(fact, dtype=np.int64)

        def rank_cols(cols):
            rank = np.zeros(cols.shape[1], dtype=np.int64)
            smaller = np.empty(cols.shape[1], dtype=np.int8)
            for i in range(a - 1):
                smaller[:] = 0
                for j in range(i + 1, a):
                    smaller += cols[j] < cols[i]
                rank += smaller * fact_np[i]
            return rank

        # itertools.permutations lists permutations in rank order, so column r has rank r
        tables_ = []
        for move in self.moves:
            _, x, y, d = move
            g = list(range(a))
            for dst, src in turn_sources(config.w, config.n, x, y, d == "cw"):
                if dst in pos:
                    g[pos[dst]] = pos[src]
            tables_.append(rank_cols(perms[g]).astype(np.int32))
        # distances: breadth-first from the identity along inverse moves
        inverse_of = {}
        for i, m in enumerate(self.moves):
            inv = ("turn", m[1], m[2], "ccw" if m[3] == "cw" else "cw")
            inverse_of[i] = inv
        inv_tables = []
        for i in range(len(self.moves)):
            inv = inverse_of[i]
            g = list(range(a))
            for dst, src in turn_sources(config.w, config.n, inv[1], inv[2], inv[3] == "cw"):
                if dst in pos:
                    g[pos[dst]] = pos[src]
            inv_tables.append(rank_cols(perms[g]).astype(np.int32))
        dist = np.full(len(perms[0]), -1, dtype=np.int8)
        dist[0] = 0
        frontier = np.array([0], dtype=np.int32)
        depth = 0
        while len(frontier):
            depth += 1
            cands = np.unique(np.concatenate([t[frontier] for t in inv_tables]))
            cands = cands[dist[cands] < 0]
            dist[cands] = depth
            frontier = cands
        return [t.tolist() for t in tables_], dist.tolist()

    def ranks(self, tiles) -> tuple[int, int]:
        out = []
        for squares in self.classes:
            pos = {sq: k for k, sq in enumerate(squares)}
            perm = [pos[tiles[sq] - 1] for sq in squares]
            r = 0
            a = len(perm)
            f = 1
            for i in range(a - 1, -1, -1):
                c = sum(1 for j in range(i + 1, a) if perm[j] < perm[i])
                r += c * f
                f *= a - i
            out.append(r)
        return out[0], out[1]


@lru_cache(maxsize=8)
def colour_core(config: Config) -> ColourCore:
    return ColourCore(config)


def ida_colours(core: ColourCore, ranks, on_node=None, on_try=None):
    """IDA* to the goal on a colour core; yields progress ints and finally the move list."""
    (ta, tb), (da, db) = core.move_tables, core.dist
    moves = core.moves
    count = len(moves)
    cw_only = core.config.cw_only
    # pruning: never undo the last move; never three quarter turns of one block in a row
    # (one turn the other way is shorter) unless the buttons turn one way only.
    inverse = []
    for m in moves:
        inv = ("turn", m[1], m[2], "ccw" if m[3] == "cw" else "cw")
        inverse.append(moves.index(inv) if inv in moves else -1)
    ra, rb = ranks
    bound = max(da[ra], db[rb])
    nodes = 0
    if ra == 0 and rb == 0:
        yield []
        return
    while True:
        path: list[int] = []
        states = [(ra, rb)]
        nxt = [0]
        over = 1 << 30
        while nxt:
            mi = nxt[-1]
            if mi >= count:
                nxt.pop()
                states.pop()
                if path:
                    last = path.pop()
                    if on_try is not None:
                        on_try(moves[last], False)
                continue
            nxt[-1] = mi + 1
            if path:
                last = path[-1]
                if inverse[mi] == last:
                    continue
                same = 0
                for p in reversed(path):
                    if p != mi:
                        break
                    same += 1
                if same >= (3 if cw_only else 2) or (not cw_only and same == 1 and moves[mi][3] == "ccw"):
                    continue
            a, b = states[-1]
            na, nb = ta[mi][a], tb[mi][b]
            nodes += 1
            if nodes % 2048 == 0:
                yield nodes
            h = da[na] if da[na] > db[nb] else db[nb]
            g = len(path) + 1
            if g + h > bound:
                if g + h < over:
                    over = g + h
                continue
            if on_try is not None:
                on_try(moves[mi], True)
            if na == 0 and nb == 0:
                yield [moves[i] for i in path] + [moves[mi]]
                return
            path.append(mi)
            states.append((na, nb))
            nxt.append(0)
        bound = over


# --- the whole reduction -----------------------------------------------------------------------
def core_size(config: Config) -> tuple[int, int]:
    n = config.n
    big = n + 1
    if config.w >= big and config.h >= big:
        return big, big
    # a board only n wide: an n x (n+2) core (n x (n+1) is too small a group for n = 2, 3)
    if config.w == n:
        return n, min(config.h, n + 2)
    return min(config.w, n + 2), n


def plan(config: Config, group: int = 1, tail: int = 0, lines=None):
    """The placement phases: lists of home cells placed together, shrinking the free
    region from the top and the left, then the core's origin and size.  A row's (or
    column's) tiles are placed ``group`` at a time, its last n + ``tail`` together:
    bigger groups search more (cells**k positions for k tiles) for fewer moves.
    ``lines`` (from ``beam_lines``) chooses each line instead: ("row" or "col", group,
    tail, backwards) in the order they are placed; by default every row, then every
    column, each with ``group`` and ``tail``, from the top or left end."""
    cw, ch = core_size(config)
    if lines is None:
        spec = (group, tail, False)
        lines = [("row", *spec)] * max(0, config.h - ch) + [("col", *spec)] * max(0, config.w - cw)
    x0 = y0 = 0
    phases = []
    for kind, g, t, backwards in lines:
        for cells in line_groups(config, kind, x0, y0, g, t, backwards):
            phases.append((cells, (x0, y0)))
        if kind == "row":
            y0 += 1
        else:
            x0 += 1
    return phases, (x0, y0, cw, ch)


def line_groups(config: Config, kind: str, x0: int, y0: int, group: int, tail: int, backwards: bool) -> list:
    """The top row (``kind`` "row") or the left column of the free region from (x0, y0)
    as the groups of home cells placed together: ``group`` at a time from one end (the
    far end if ``backwards``), the last n + ``tail`` together (once its other cells are
    fixed, only the block at the line's end still reaches them)."""
    if kind == "row":
        cells = [(x, y0) for x in range(x0, config.w)]
    else:
        cells = [(x0, y) for y in range(y0, config.h)]
    if backwards:
        cells.reverse()
    last = min(len(cells), config.n + tail)
    head = cells[: len(cells) - last]
    return [head[i : i + group] for i in range(0, len(head), group)] + [cells[len(cells) - last :]]


BEAM_GROUP_STATES = 20_000  # the most positions of a group's search the line beam tries
BEAM_TAIL_STATES = 150_000  # and of a line's last n + tail tiles placed together


def line_options(config: Config) -> list:
    """The ways ``beam_lines`` may place a line: (group, tail, backwards) whose searches
    stay within BEAM_GROUP_STATES and BEAM_TAIL_STATES positions."""
    base = config.cells * (4 if config.oriented else 1)
    n = config.n
    return [(g, t, back) for t in (0, 1, 2) for g in (1, 2, 3) for back in (False, True)
            if base**g <= BEAM_GROUP_STATES and base ** (n + t) <= BEAM_TAIL_STATES and not (g == 1 and t)]


def beam_lines(config: Config, tiles, orient, width: int):
    """A beam search over the order of the reduction's lines (rows and columns
    interleaved) and the way each is placed (``line_options``): from each (rows placed,
    columns placed) the ``width`` positions reached in the fewest moves go on, each line
    placed every way.  A generator (yields the placements searched so far) returning
    the ``lines`` (see ``plan``) of the best few, fewest moves first.  Bounded: the
    (rows, columns) grid's cells times ``width`` times the options, each a placement of
    bounded size; deterministic."""
    cw, ch = core_size(config)
    rows, cols = max(0, config.h - ch), max(0, config.w - cw)
    options = line_options(config)
    w, n = config.w, config.n
    beam = {(0, 0): [(0, tuple(tiles), tuple(orient), frozenset(), ())]}
    searched = 0
    placed: dict = {}  # a placement's moves by what decides them (the same group, from the same cells)
    for _ in range(rows + cols):
        reached: dict = {}
        for (r, c), entries in beam.items():
            for kind in ("row", "col"):
                if (kind == "row" and r >= rows) or (kind == "col" and c >= cols):
                    continue
                for cost, t0, o0, fixed0, lines in entries:
                    for g, tl, back in options:
                        t, o, fixed, count = t0, o0, set(fixed0), cost
                        try:
                            for cells in line_groups(config, kind, c, r, g, tl, back):
                                targets = {cy * w + cx + 1: cy * w + cx for cx, cy in cells}
                                at = tuple((t.index(tile), o[t.index(tile)]) for tile in targets)
                                asked = (at, tuple(targets), frozenset(fixed), c, r)
                                moves = placed.get(asked)
                                if moves is None:
                                    moves = place(config, t, o, targets, allowed_moves(config, fixed, c, r))
                                    placed[asked] = moves
                                    searched += 1
                                for _, x, y, d in moves:
                                    t, o = turn(t, o, w, n, x, y, d == "cw")
                                    count += 1
                                fixed.update(cells)
                        except PuzzleError:
                            continue  # this way cannot place the line
                        yield searched
                        key = (r + 1, c) if kind == "row" else (r, c + 1)
                        entry = (count, t, o, frozenset(fixed), lines + ((kind, g, tl, back),))
                        reached.setdefault(key, []).append(entry)
        beam = {}
        for key, found in reached.items():
            found.sort(key=lambda e: e[0])  # stable: the earlier way first among equals
            kept, seen = [], set()
            for entry in found:
                if (entry[1], entry[2]) not in seen:
                    seen.add((entry[1], entry[2]))
                    kept.append(entry)
                if len(kept) == width:
                    break
            beam[key] = kept
    return [entry[4] for entry in beam.get((rows, cols), [])]


def allowed_moves(config: Config, fixed: set, x0: int, y0: int) -> list:
    n = config.n
    out = []
    for move in config.moves():
        _, x, y, _ = move
        if x < x0 or y < y0:
            continue
        if any((x + i, y + j) in fixed for j in range(n) for i in range(n)):
            continue
        out.append(move)
    return out
