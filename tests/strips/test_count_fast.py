"""The faster search (patterns branched on first, 1x1 "holes" pruned) against a slow
brute-force reference, on small random boards of sets rich in 1x1 strips, both
"exactly" and "at most".

The reference knows nothing of the search: the first uncut cell in reading order starts
a strip going right or down (a 1x1 only once), and every complete cut the strip set
allows is one decomposition.  Counts, and the decompositions themselves, must agree.
"""

import random

import pytest

from puzzlegui.core.solver import ALL, FIRST, UNIQUE, Found, Step, run
from puzzlegui.kinds.strips import KIND, count, model, solver
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import parse_set
from test_strips_count import reference_decompositions

#: sets where 1x1s matter (holes), in both modes
SETS = (
    "at most: len1*2 len2*2",
    "at most: b w len2-3",
    "at most: len1 len3*2",
    "at most: len1*2 len4-5",
    "at most: b*3 len2 len4",
    "at most: len1 len2-3*2",
)
#: exact sets and a size whose cell count they fill
EXACT = (
    ("exactly: len1*2 len2", (5, 2)),
    ("exactly: b*2 w len3", (7, 3)),
    ("exactly: len1*3 len2*2", (6, 3)),
    ("exactly: w*3 b len2*2", (4, 4)),
    ("exactly: len1*2 len2-3", (4, 7)),
    ("exactly: b w*3 len2", (5, 2)),
)


def reference(colours, strips):
    """Every decomposition, as a set of frozensets of cell sets (the slow obvious way of
    test_strips_count)."""
    return set(reference_decompositions(colours, strips))


def board(rng, cols, rows):
    return tuple("".join(rng.choice("bw") for _ in range(cols)) for _ in range(rows))


def found(state, trace=False):
    result = run(KIND.solve(state) if not trace else solver.solve(state, trace=True), mode=ALL,
                 max_solutions=None, keep=None)
    assert result.complete
    return result


def as_cells(solution):
    return frozenset(frozenset(cells) for _, cells in solution)


def check_agrees(colours, text):
    strips = parse_set(text)
    state = make_state(colours, strips)
    expected = reference(colours, strips)
    result = found(state)
    got = [as_cells(s) for s in result.solutions]
    assert result.count == len(expected), (colours, text)
    assert len(set(got)) == len(got), (colours, text)
    assert set(got) == expected, (colours, text)
    # both engines, whichever the kind picked: the exact-cover search and the sweep
    searched = [as_cells(e.solution) for e in solver.Search(state).run() if type(e) is Found]
    swept = [as_cells(e.solution) for e in count.Sweep(state).walk() if type(e) is Found]
    assert len(searched) == len(set(searched)) and set(searched) == expected, (colours, text)
    assert len(swept) == len(set(swept)) and set(swept) == expected, (colours, text)
    assert count.count(state) == len(expected) == solver.count(state)
    for solution in result.solutions[:3]:
        done = state
        for pattern, cells in solution:
            done = model.apply(done, ("place", pattern, cells))
        assert model.is_solved(done)
    return len(expected)


@pytest.mark.parametrize("text", SETS)
def test_counts_agree_with_brute_force_on_random_boards(text):
    rng = random.Random(text)
    counts = []
    for _ in range(12):
        cols, rows = rng.randint(1, 4), rng.randint(1, 4)
        counts.append(check_agrees(board(rng, cols, rows), text))
    for _ in range(2):
        counts.append(check_agrees(board(rng, 5, 4), text))
    assert any(counts)


@pytest.mark.parametrize("text", ["exactly: len1*2 len2-3", "at most: len1*2 len4-5", "at most: b*3 len2 len4"])
def test_five_by_five_boards_agree(text):
    rng = random.Random("5x5 " + text)
    for _ in range(3):
        check_agrees(board(rng, 5, 5), text)


def _cut_from(rng, cols, rows, strips):
    """A board painted from a random tiling with strips of the set (None if the set
    cannot tile it this time)."""
    grid = [[None] * cols for _ in range(rows)]
    pool = [p for p, n in strips.counts for _ in range(n)]
    rng.shuffle(pool)
    used = []

    def fill(i):
        if i == cols * rows:
            return True
        x, y = i % cols, i // cols
        if grid[y][x] is not None:
            return fill(i + 1)
        order = list(range(len(pool)))
        rng.shuffle(order)
        tried = set()
        for k in order:
            p = pool[k]
            if p in tried:
                continue
            tried.add(p)
            for dx, dy in rng.sample([(1, 0), (0, 1)], 2) if len(p) > 1 else [(1, 0)]:
                cells = [(x + dx * j, y + dy * j) for j in range(len(p))]
                if any(cx >= cols or cy >= rows or grid[cy][cx] is not None for cx, cy in cells):
                    continue
                spelled = p if rng.random() < 0.5 else p[::-1]
                for (cx, cy), colour in zip(cells, spelled):
                    grid[cy][cx] = colour
                pool.pop(k)
                used.append(p)
                if fill(i + 1):
                    return True
                used.pop()
                pool.insert(k, p)
                for cx, cy in cells:
                    grid[cy][cx] = None
        return False

    if not fill(0):
        return None
    return tuple("".join(row) for row in grid)


@pytest.mark.parametrize(
    "text, size",
    [("at most: len1*2 len2*3 len3", (4, 4)), ("at most: len1*3 len2-3", (4, 4)), ("at most: len1*2 len4-5", (5, 5))]
    + list(EXACT),
)
def test_boards_cut_from_the_set_agree(text, size):
    """Boards painted from the set's own strips always have a decomposition; many have
    several (1x1s trading places with longer strips)."""
    strips = parse_set(text)
    rng = random.Random(text)
    counts = []
    for _ in range(3 if size[0] * size[1] <= 20 else 2):
        colours = _cut_from(rng, *size, strips)
        if colours is None:
            continue
        counts.append(check_agrees(colours, text))
    assert counts and min(counts) >= 1


def test_counts_with_strips_already_cut_agree():
    rng = random.Random(13)
    checked = 0
    for _ in range(40):
        text = rng.choice(SETS)
        strips = parse_set(text)
        colours = board(rng, rng.randint(2, 4), rng.randint(2, 4))
        expected = reference(colours, strips)
        if not expected:
            continue
        some = sorted(rng.choice(sorted(expected, key=sorted)), key=sorted)
        keep = rng.sample(some, k=min(2, len(some)))
        pieces = [model.spelled(colours, tuple(sorted(cells))) for cells in keep]
        state = with_pieces(make_state(colours, strips), pieces)
        wanted = {d for d in expected if all(c in d for c in keep)}
        assert {as_cells(s) for s in found(state).solutions} == wanted
        checked += 1
    assert checked >= 10


def test_traced_search_finds_the_same_decompositions():
    """Show-the-search (trace) walks the same tree: same decompositions, and its
    Steps include the dead ends the 1x1 count finds."""
    rng = random.Random(5)
    for text, size in (("exactly: w*3 b len2*2", (4, 4)), ("at most: len1*2 len2*2", (4, 4))):
        strips = parse_set(text)
        for _ in range(5):
            colours = _cut_from(rng, *size, strips) if strips.exact else board(rng, *size)
            state = make_state(colours, strips)
            plain = {as_cells(s) for s in found(state).solutions}
            traced = {as_cells(s) for s in found(state, trace=True).solutions}
            assert plain == traced


def test_hole_dead_end_is_explained_in_the_trace():
    # once the strips cut leave two white cells no longer strip can reach, the one W
    # 1x1 cannot fill both: the search says so instead of trying
    colours = ("wwww", "bbww")
    strips = parse_set("at most: len1 len2-3*2")
    steps = [e for e in solver.solve(make_state(colours, strips), trace=True) if type(e) is Step]
    assert any(s.action == "backtrack" and "can only be W 1x1 strips, but only 1 is left" in s.text for s in steps)
    assert found(make_state(colours, strips)).count == len(reference(colours, strips))


def test_the_sweep_gives_way_to_the_search_when_it_outgrows_its_memory():
    """A sweep that remembers too many states before finding anything says so
    (TooBig), and solve() then runs the search, which finds the same."""
    colours = ("wbbwb", "bwwbw")
    strips = parse_set("exactly: len1*2 len2")
    state = make_state(colours, strips)
    with pytest.raises(count.TooBig):
        list(count.Sweep(state).walk(limit=0))
    assert count.count(state, limit=0) is None
    assert {as_cells(s) for s in solver.solutions(state)} == reference(colours, strips)


def test_counting_stops_at_the_limit_and_says_incomplete():
    colours = ("wwwww",) * 4
    strips = parse_set("at most: len1*20 len2*10")
    state = make_state(colours, strips)
    result = run(KIND.solve(state), mode=ALL, max_solutions=40)
    assert result.count == 40 and not result.complete
    assert "At least 40" in KIND.describe_result(result)
    assert solver.count(state, limit=25) == 25
    assert run(KIND.solve(state), mode=UNIQUE).unique is False
    assert run(KIND.solve(state), mode=FIRST).count == 1


def test_a_board_with_few_decompositions_is_counted_completely():
    colours = ("wbbwb", "bwwbw")
    strips = parse_set("exactly: len1*2 len2")
    result = run(KIND.solve(make_state(colours, strips)), mode=ALL, max_solutions=1000)
    assert result.complete and result.count == len(reference(colours, strips)) > 0
