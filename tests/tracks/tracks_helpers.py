"""Shared data for the Tracks tests: the MUMS 2008 seed board as the seed article prints
it, Tatham game IDs saved from sgt-tracks, and an independent brute-force solver."""

from __future__ import annotations

from pathlib import Path

from puzzlegui.kinds.tracks.model import direction

DATA = Path(__file__).parent / "data"

# The seed article's data, exactly as printed there (row 0 is the BOTTOM row).
SEED_COLUMNS = [3, 3, 2, 1, 4, 3, 2, 3, 6, 3, 4, 3, 5, 2, 2, 3]
SEED_LEFT_BOTTOM_UP = [1, 1, 4, 5, 6, 4]
SEED_RIGHT_BOTTOM_UP = [5, 2, 2, 7, 6, 6]
SEED_START_BOTTOM_UP = (0, 0)
SEED_FINISH_BOTTOM_UP = (15, 5)
SEED_BOTTOM_FIELD = (
    (0, 0, 8, 6, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2, 0, 9),
    (0, 1, 0, 3, 0, 0, 0, 1, 0, 7, 0, 9, 0, 0, 4, 0),
    (7, 0, 4, 0, 6, 0, 9, 0, 5, 4, 0, 3, 4, 0, 1, 0),
    (2, 5, 3, 3, 0, 0, 5, 0, 0, 0, 5, 0, 0, 8, 2, 0),
    (0, 0, 5, 0, 0, 5, 0, 0, 0, 5, 0, 0, 6, 3, 0, 0),
    (0, 4, 0, 5, 7, 0, 2, 7, 8, 9, 0, 8, 2, 0, 0, 2),
)
# The path the seed article's program prints, in its bottom-up coordinates.
SEED_ARTICLE_PATH = (
    (0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (1, 4), (2, 4), (2, 5), (3, 5), (4, 5), (4, 4), (4, 3),
    (4, 2), (5, 2), (5, 3), (5, 4), (6, 4), (6, 3), (7, 3), (7, 4), (7, 5), (8, 5), (8, 4), (9, 4),
    (9, 3), (8, 3), (8, 2), (8, 1), (8, 0), (9, 0), (10, 0), (11, 0), (12, 0), (12, 1), (12, 2),
    (12, 3), (11, 3), (10, 3), (10, 4), (10, 5), (11, 5), (12, 5), (13, 5), (13, 4), (14, 4),
    (14, 3), (15, 3), (15, 4), (15, 5),
)
SEED_MESSAGE = (
    "---57--78--82--2\n"
    "--5--5---5---3--\n"
    "-5----5---5---2-\n"
    "7---6---5---4---\n"
    "----------------\n"
    "----------------"
)


def flip(c, h=6):
    """Bottom-up seed coordinates to (x, y) with y from the top."""
    return (c[0], h - 1 - c[1])


def tatham_ids(name: str) -> list[str]:
    return [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip()]


def brute_force(p, limit=100_000):
    """Every path from A to B by plain depth-first search, checking the rules at the end.

    Independent of the solver: it walks simple paths cell by cell, prunes only when a
    count would be exceeded, and keeps a path if every count is met and it uses every
    given piece with exactly its connections."""
    W, H = p.width, p.height
    lines = [(cells, c) for cells, c, _, _ in p.lines if c is not None]
    line_of: dict = {}
    for k, (cells, _c) in enumerate(lines):
        for cell in cells:
            line_of.setdefault(cell, []).append(k)
    count = [0] * len(lines)
    fixed = dict(p.fixed)
    out = []
    path = [p.start]
    on = {p.start}

    def piece_ok(seq):
        index = {c: i for i, c in enumerate(seq)}
        return all(c in index and piece_on_path(p, seq, index[c]) == mask for c, mask in fixed.items())

    def rec():
        cur = path[-1]
        if cur == p.finish:
            if all(count[k] == lines[k][1] for k in range(len(lines))) and piece_ok(path):
                out.append(tuple(path))
            return
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (cur[0] + dx, cur[1] + dy)
            if not (0 <= n[0] < W and 0 <= n[1] < H) or n in on:
                continue
            if any(count[k] >= lines[k][1] for k in line_of.get(n, ())):
                continue
            on.add(n)
            path.append(n)
            for k in line_of.get(n, ()):
                count[k] += 1
            rec()
            for k in line_of.get(n, ()):
                count[k] -= 1
            on.discard(n)
            path.pop()
            if len(out) > limit:
                return

    for k in line_of.get(p.start, ()):
        count[k] += 1
    rec()
    return out


def piece_on_path(p, path, k: int) -> int:
    """The direction bits of the track piece at ``path[k]``: its neighbours on the path,
    and A's and B's edge stubs at the ends (what a given piece there must be)."""
    c = path[k]
    bits = 0
    if k > 0:
        bits |= direction(c, path[k - 1])
    if k < len(path) - 1:
        bits |= direction(c, path[k + 1])
    if k == 0 and p.start_edge:
        bits |= p.start_edge
    if k == len(path) - 1 and p.finish_edge:
        bits |= p.finish_edge
    return bits


def random_walk(rnd, w, h, a, b):
    """A random simple path from a to b (a randomised depth-first search)."""
    path, seen = [a], {a}

    def go():
        cur = path[-1]
        if cur == b:
            return True
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        rnd.shuffle(steps)
        for dx, dy in steps:
            n = (cur[0] + dx, cur[1] + dy)
            if 0 <= n[0] < w and 0 <= n[1] < h and n not in seen:
                seen.add(n)
                path.append(n)
                if go():
                    return True
                path.pop()
                seen.discard(n)
        return False

    go()
    return path
