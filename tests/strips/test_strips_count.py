"""Decomposition counts from the exact-cover search against a plain enumerator.

The reference below knows nothing of the search's tricks (column choice, conflict
weights, capacity bounds, plans for "at most" sets): it cuts the first uncut cell in
reading order into every strip that starts there, going right or down, and counts the
complete cuts the strip set allows.  Every decomposition is built exactly once that
way, so the two counts must agree on every board.
"""

import random

import pytest

from puzzlegui.core.solver import ALL, Found, Progress, run
from puzzlegui.kinds.strips import KIND, model, solver
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import canonical, parse_set

SETS = (
    "at most: len1-3",  # the seed's rule
    "exactly: len1*2 len2",
    "at most: len2*2 b w",
    "exactly: len1*4 len2*2",
    "at most: len1*2 len4-5",  # the set as "at most" (12x12: exactly)
    "exactly: len1*9 len2*3 len3",
    "at most: len1*3 len2-3*2",
    "at most: len3*3 len1*25",
    "exactly: b*3 w*3 ww*2 bb*2 wb*2 len3",
    "at most: len4*2 len1*8",
)


def reference_decompositions(colours, strips):
    """Every decomposition, as a set of frozensets of (pattern, cells), found the slow
    obvious way: the first uncut cell in reading order starts a strip going right or
    down (a 1x1 only once)."""
    rows, cols = len(colours), len(colours[0])
    limit = dict(strips.counts)
    lengths = sorted({len(p) for p in limit})
    out = []

    def go(cut, used, pieces):
        free = next(((x, y) for y in range(rows) for x in range(cols) if (x, y) not in cut), None)
        if free is None:
            if not strips.exact or all(used.get(p, 0) == n for p, n in limit.items()):
                out.append(frozenset(pieces))
            return
        x, y = free
        for length in lengths:
            for dx, dy in ((1, 0), (0, 1)) if length > 1 else ((1, 0),):
                cells = [(x + dx * i, y + dy * i) for i in range(length)]
                if any(cx >= cols or cy >= rows or (cx, cy) in cut for cx, cy in cells):
                    continue
                p = canonical("".join(colours[cy][cx] for cx, cy in cells))
                if used.get(p, 0) >= limit.get(p, 0):
                    continue
                used[p] = used.get(p, 0) + 1
                pieces.append(frozenset(cells))
                go(cut | set(cells), used, pieces)
                pieces.pop()
                used[p] -= 1

    go(frozenset(), {}, [])
    return out


def random_board(rng, max_side=5):
    cols, rows = rng.randint(1, max_side), rng.randint(1, max_side)
    return tuple("".join(rng.choice("bw") for _ in range(cols)) for _ in range(rows))


def boards(seed, n, max_side=5):
    rng = random.Random(seed)
    return [(random_board(rng, max_side), rng.choice(SETS)) for _ in range(n)]


def search_all(state):
    result = run(KIND.solve(state), mode=ALL, max_solutions=None, keep=None)
    assert result.complete
    return result


def agree(colours, text):
    strips = parse_set(text)
    state = make_state(colours, strips)
    expected = reference_decompositions(colours, strips)
    result = search_all(state)
    assert result.count == len(expected), (colours, text)
    found = [frozenset(frozenset(cells) for _, cells in solution) for solution in result.solutions]
    assert len(set(found)) == len(found), (colours, text)  # none twice
    assert set(found) == set(expected), (colours, text)
    assert solver.count(state) == len(expected)
    return len(expected)


@pytest.mark.parametrize("chunk", range(4))
def test_counts_and_decompositions_agree_with_the_reference(chunk):
    """Many small random boards (up to 4x4) over every set above, fixed seed: the same
    number of decompositions, and the very same decompositions, each found once."""
    counts = [agree(colours, text) for colours, text in boards(1300 + chunk, 30, max_side=4)]
    assert any(counts) and max(counts) > 1  # not only boards without a decomposition


@pytest.mark.parametrize("text", ["at most: len1-3", "at most: len1*2 len4-5", "at most: len4*2 len1*8"])
def test_five_by_five_boards_agree_with_the_reference(text):
    rng = random.Random(text)
    for _ in range(4):
        agree(tuple("".join(rng.choice("bw") for _ in range(5)) for _ in range(5)), text)


def test_boards_with_many_decompositions_agree_with_the_reference():
    """Boards chosen for being ambiguous: all white or all black, and stripes, where
    interchangeable copies of a pattern could be counted more than once."""
    cases = [
        (("wwww", "wwww", "wwww"), "at most: len1*4 len2*4 len3*2"),
        (("bbbb", "bbbb", "bbbb"), "at most: len1*4 len2*6"),
        (("wwww", "bbbb", "wwww"), "at most: len1*6 len3*3 len2*2"),
        (("bw", "wb", "bw", "wb", "bw"), "at most: len1*10 len2*5"),
    ]
    for colours, text in cases:
        strips = parse_set(text)
        expected = reference_decompositions(colours, strips)
        assert len(expected) > 5
        result = search_all(make_state(colours, strips))
        assert result.count == len(expected), (colours, text)
        assert {frozenset(frozenset(c) for _, c in s) for s in result.solutions} == set(expected)


def test_counts_with_strips_already_cut_agree_with_the_reference():
    """The player's strips stay: the search counts the ways to finish, which are the
    reference's decompositions that contain them."""
    rng = random.Random(77)
    checked = 0
    for colours, text in boards(4242, 60, max_side=4):
        strips = parse_set(text)
        expected = reference_decompositions(colours, strips)
        if not expected:
            continue
        start = make_state(colours, strips)
        some = rng.choice(expected)
        keep = rng.sample(sorted(some, key=sorted), k=min(2, len(some)))
        pieces = [model.spelled(colours, tuple(sorted(cells))) for cells in keep]
        state = with_pieces(start, pieces)
        wanted = [d for d in expected if all(frozenset(cells) in d for cells in keep)]
        assert search_all(state).count == len(wanted), (colours, text, keep)
        checked += 1
    assert checked > 20


def test_counting_reports_progress_and_stops_at_the_limit():
    """Stop stays prompt (Progress events keep coming) and the driver's limit holds."""
    colours = ("wwwww",) * 5
    strips = parse_set("at most: len1*25 len2*12")
    events = KIND.solve(make_state(colours, strips))
    seen = {Progress: 0, Found: 0}
    for event in events:
        seen[type(event)] += 1
        if seen[Found] >= 300:
            break
    events.close()
    assert seen[Progress] >= 2 and seen[Found] == 300
    result = run(KIND.solve(make_state(colours, strips)), mode=ALL, max_solutions=50)
    assert result.count == 50 and not result.complete
