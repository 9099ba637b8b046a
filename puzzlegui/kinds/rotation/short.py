"""Short answers on any board: a meet-in-the-middle search for the fewest moves up to a
few turns, and shortcuts in a long answer from a table of short words.

* ``search``: breadth-first from the position and, with the turns undone, from the goal,
  one level at a time on the smaller side, until the two meet.  The first meeting is a
  shortest answer (every shorter total was looked at first); no meeting up to depth d
  proves that at least d + 1 moves are needed.  A scramble of eight turns is answered
  in at most eight, with about 100,000 positions on each side on the presets' boards.
* ``shorten``: every window of up to WINDOW turns of an answer whose effect some shorter
  word has (a table of the shortest word for each effect of up to TABLE_DEPTH turns) is
  replaced by it, and turns that cancel go, until nothing changes.

Positions are rows of int16, one entry a cell: tile index * 4 + arrow; a turn is a
gather of the row by the cells the tiles come from (and, with arrows, a twist of the
moved tiles).  Both are bounded (``max_states`` positions a side; the table holds the
words of up to TABLE_DEPTH turns, at most TABLE_STATES of them), and the search yields
between levels so that it can be stopped.

Pure: numpy and the standard library.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .model import Config, turn

MAX_STATES = 400_000  # positions kept on one side of the search
TABLE_DEPTH = 4  # the words of the shortcut table (about 90,000 effects on 9 blocks)
TABLE_STATES = 150_000  # and at most this many (fewer turns on boards of many blocks)
WINDOW = 6  # the longest window ``shorten`` looks up (up to TABLE_DEPTH + 2 may shrink)


class Turns:
    """The legal turns of a board as gathers: ``src[m]`` the cell each cell's tile comes
    from, ``twist[m]`` the arrow turn it gets; the same for the turn undone."""

    def __init__(self, config: Config):
        self.config = config
        self.names = config.moves()
        cells = config.cells
        ident = tuple(range(cells))
        src, twist = [], []
        for _, x, y, d in self.names:
            t, o = turn(ident, (0,) * cells, config.w, config.n, x, y, d == "cw")
            src.append(t)
            twist.append(o if config.oriented else (0,) * cells)
        self.src = np.array(src, dtype=np.int64)
        self.twist = np.array(twist, dtype=np.int16)
        self.inv_src = np.argsort(self.src, axis=1)
        # undone: the tile at j comes back from inv_src[j], losing the turn it was given there
        self.inv_twist = (-np.take_along_axis(self.twist, self.inv_src, axis=1)) & 3
        self.oriented = config.oriented

    def apply(self, rows: np.ndarray, m: int, undo: bool = False) -> np.ndarray:
        src, tw = (self.inv_src[m], self.inv_twist[m]) if undo else (self.src[m], self.twist[m])
        out = rows[:, src]
        if self.oriented:
            out = (out & ~3) | ((out + tw) & 3)
        return out


@lru_cache(maxsize=8)
def turns_of(config: Config) -> Turns:
    return Turns(config)


def encode(config: Config, tiles, orient) -> np.ndarray:
    t = np.asarray(tiles, dtype=np.int16) - 1
    o = np.asarray(orient, dtype=np.int16) if config.oriented else 0
    return (t * 4 + o).astype(np.int16)


def _keys(rows: np.ndarray) -> list:
    rows = np.ascontiguousarray(rows)
    return rows.view(np.dtype((np.void, rows.shape[1] * rows.itemsize))).ravel().tolist()


class _Side:
    """One side of the search: its positions by level, each with its parent's index in
    the level before and the turn between them."""

    def __init__(self, root: np.ndarray, turns: Turns, undo: bool):
        self.turns, self.undo = turns, undo
        self.levels = [root[None, :]]
        self.parents = [np.zeros(1, dtype=np.int64)]
        self.via = [np.zeros(1, dtype=np.int64)]
        self.seen = {_keys(root[None, :])[0]: (0, 0)}

    @property
    def depth(self) -> int:
        return len(self.levels) - 1

    def grow_size(self) -> int:
        return len(self.levels[-1]) * len(self.turns.names)

    def grow(self) -> list:
        """The next level (positions not seen before); its keys."""
        rows = self.levels[-1]
        nm = len(self.turns.names)
        new = np.concatenate([self.turns.apply(rows, m, self.undo) for m in range(nm)])
        parent = np.tile(np.arange(len(rows), dtype=np.int64), nm)
        via = np.repeat(np.arange(nm, dtype=np.int64), len(rows))
        level = len(self.levels)
        keep, keys = [], []
        for i, k in enumerate(_keys(new)):
            if k not in self.seen:
                self.seen[k] = (level, len(keep))
                keep.append(i)
                keys.append(k)
        keep = np.array(keep, dtype=np.int64)
        self.levels.append(new[keep])
        self.parents.append(parent[keep])
        self.via.append(via[keep])
        return keys

    def path(self, key) -> list:
        """The turns from the root to ``key`` (forward side), or from ``key`` to the root
        (the side that undoes turns), as turn indices."""
        level, i = self.seen[key]
        out = []
        while level > 0:
            out.append(int(self.via[level][i]))
            i = int(self.parents[level][i])
            level -= 1
        return out if self.undo else out[::-1]


def search(config: Config, tiles, orient, most: int, max_states: int = MAX_STATES):
    """A generator (yields the positions seen, between levels) returning (turns, depth): a shortest
    answer as move tuples if one of at most ``most`` turns exists, else None, and the
    depth searched through (no answer of that many turns or fewer exists)."""
    if config.rows_only:
        return None, 0  # equal tiles: many goals (the tables and the reductions handle them)
    turns = turns_of(config)
    start = encode(config, tiles, orient)
    goal = encode(config, config.goal_values(), (0,) * config.cells)
    if np.array_equal(start, goal):
        return [], 0
    ahead, back = _Side(start, turns, False), _Side(goal, turns, True)
    depth = 0
    while depth < most:
        side = ahead if ahead.grow_size() <= back.grow_size() else back
        if len(side.seen) + side.grow_size() > max_states:
            break
        keys = side.grow()
        depth += 1
        other = back if side is ahead else ahead
        for k in keys:
            if k in other.seen:
                word = ahead.path(k) + back.path(k)
                return [turns.names[m] for m in word], depth
        if not keys:
            return None, most  # every position reachable was seen: the goal is not
        yield len(ahead.seen) + len(back.seen)
    return None, depth


@lru_cache(maxsize=4)
def _table(config: Config) -> dict:
    """The shortest word (turn indices) for each effect of up to TABLE_DEPTH turns, keyed
    by the identity position after it."""
    turns = turns_of(config)
    ident = (np.arange(config.cells, dtype=np.int16) * 4)
    side = _Side(ident, turns, False)
    while side.depth < TABLE_DEPTH and len(side.seen) + side.grow_size() <= TABLE_STATES:
        side.grow()
    return {k: tuple(side.path(k)) for k in side.seen}


def shorten(config: Config, moves) -> list:
    """``moves`` with every window of up to WINDOW turns that has a shorter equivalent
    of up to TABLE_DEPTH turns replaced by it, until none has (never longer; the same
    effect, so the answer still solves)."""
    if config.rows_only:
        return list(moves)
    turns = turns_of(config)
    index = {m: i for i, m in enumerate(turns.names)}
    word = [index[m] for m in moves]
    table = _table(config)
    ident = np.arange(config.cells, dtype=np.int16)[None, :] * 4
    i = 0
    while i < len(word):
        row = ident
        best = None
        for j in range(i, min(len(word), i + WINDOW)):
            row = turns.apply(row, word[j])
            found = table.get(_keys(row)[0])
            if found is not None and len(found) < j + 1 - i:
                best = (j + 1, found)
        if best is None:
            i += 1
            continue
        end, found = best
        word[i:end] = list(found)
        i = max(0, i - WINDOW)
    return [turns.names[m] for m in word]


@lru_cache(maxsize=8)
def symmetries(config: Config) -> tuple:
    """The board's symmetries that map turns to turns, as (cell map, turn map): cell
    ``c`` goes to ``cells[c]``, turn ``m`` to turn ``turns[m]`` (a mirror image turns the
    other way; with one direction only, mirrors are left out).  The identity first."""
    w, h, cells = config.w, config.h, config.cells
    maps = [lambda x, y: (x, y), lambda x, y: (w - 1 - x, y), lambda x, y: (x, h - 1 - y),
            lambda x, y: (w - 1 - x, h - 1 - y)]
    if w == h:
        maps += [lambda x, y: (y, x), lambda x, y: (h - 1 - y, x), lambda x, y: (y, w - 1 - x),
                 lambda x, y: (h - 1 - y, w - 1 - x)]
    turns = turns_of(config)
    effects = {tuple(src): m for m, src in enumerate(turns.src.tolist())}
    out = []
    for f in maps:
        sigma = np.array([f(c % w, c // w)[1] * w + f(c % w, c // w)[0] for c in range(cells)])
        inv = np.argsort(sigma)
        image = []
        for src in turns.src:
            # the turn moving sigma(src[i]) to sigma(i): new source at cell j is sigma(src[inv[j]])
            mapped = tuple(int(v) for v in sigma[src[inv]])
            if mapped not in effects:
                break
            image.append(effects[mapped])
        else:
            if config.oriented and not all(np.array_equal(turns.twist[image[m]][sigma], turns.twist[m]) for m in range(len(image))):
                continue
            out.append((sigma, tuple(image)))
    return tuple(out)


def transformed(config: Config, tiles, orient, sigma):
    """The position seen through the symmetry ``sigma`` (tiles relabelled by their homes'
    images), for a solver of the transformed board."""
    cells = config.cells
    new_tiles = [0] * cells
    new_orient = [0] * cells
    for c in range(cells):
        new_tiles[int(sigma[c])] = int(sigma[tiles[c] - 1]) + 1
        new_orient[int(sigma[c])] = orient[c]
    return tuple(new_tiles), tuple(new_orient)
