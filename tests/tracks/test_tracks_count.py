"""Tracks: the frontier DP's exact counts and the solver's enumeration against a plain
reference enumerator on many small random boards (fixed seed)."""

import random

import pytest

from puzzlegui.core.solver import ALL, Found, Progress, run
from puzzlegui.kinds.tracks import count as tcount
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.generator import counts_of, lay_path
from puzzlegui.kinds.tracks.model import direction, make_puzzle
from tracks_helpers import piece_on_path, random_walk

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def reference(p):
    """Every solution of ``p`` by walking every simple path from A to B.

    Deliberately plain: it prunes only when a line already holds more track cells than its
    count, and keeps a finished path when every count is met and every given piece is on
    it with exactly its connections (a stub at A or B counts as a connection)."""
    lines = [(set(cells), n) for cells, n, _clue, _name in p.lines if n is not None]
    fixed = dict(p.fixed)
    out = []
    path = [p.start]

    def over():
        return any(sum(1 for c in path if c in cells) > n for cells, n in lines)

    def pieces_ok():
        at = {c: k for k, c in enumerate(path)}
        return all(c in at and piece_on_path(p, path, at[c]) == mask for c, mask in fixed.items())

    def walk():
        cur = path[-1]
        if cur == p.finish:
            if all(sum(1 for c in path if c in cells) == n for cells, n in lines) and pieces_ok():
                out.append(tuple(path))
            return
        for dx, dy in STEPS:
            nxt = (cur[0] + dx, cur[1] + dy)
            if not p.in_grid(nxt) or nxt in path:
                continue
            path.append(nxt)
            if not over():
                walk()
            path.pop()

    walk()
    return out


def edge_cells(w, h):
    return [(x, y) for x in range(w) for y in range(h) if x in (0, w - 1) or y in (0, h - 1)]


def random_board(rnd, w, h):
    """A random board with at least one solution unless its counts were perturbed:
    (puzzle, the path it was made from, perturbed?)."""
    style = rnd.choice(["tatham", "split", "free"])
    start_edge = finish_edge = None
    split = None
    if style == "tatham":  # enters on the left, leaves at the bottom, as Tatham's IDs do
        path, start_edge, finish_edge = lay_path(rnd, w, h, False)
    elif style == "split":  # the MUMS board: A in the left column, B in the right one
        path, _se, _fe = lay_path(rnd, w, h, True)
        split = rnd.randint(1, w - 1)
    else:  # any two cells on the edge, no stubs
        a, b = rnd.sample(edge_cells(w, h), 2)
        path = random_walk(rnd, w, h, a, b)
    cols, rows, right = counts_of(path, w, h, split)
    perturbed = rnd.random() < 0.25
    if perturbed:  # move one track cell's worth of count elsewhere (totals still agree)
        x, y = rnd.randrange(w), rnd.randrange(h)
        cols[x] = min(h, cols[x] + 1)
        rows[y] = min(split or w, rows[y] + 1)
        x2 = rnd.randrange(w)
        if cols[x2] > 0:
            cols[x2] -= 1
            rows[rnd.choice([y for y in range(h) if rows[y] > 0])] -= 1
    for _ in range(rnd.choice([0, 0, 1, 2])):  # some blank counts
        which = rnd.choice([cols, rows] + ([right] if split else []))
        which[rnd.randrange(len(which))] = None
    fixed = []
    if rnd.random() < 0.3 and len(path) > 2:
        k = rnd.randrange(1, len(path) - 1)
        c = path[k]
        fixed.append((c, direction(c, path[k - 1]) | direction(c, path[k + 1])))
    totals = [v for v in cols if v is not None], [v for v in rows + (right or []) if v is not None]
    if len(totals[0]) == w and len(totals[1]) == len(rows) + len(right or []) and sum(totals[0]) != sum(totals[1]):
        cols[0] = None  # the perturbation broke the totals: leave a column blank instead
    p = make_puzzle(
        w, h, cols, rows, path[0], path[-1], split=split, rows_right=right,
        start_edge=start_edge, finish_edge=finish_edge, fixed=fixed,
    )
    return p, tuple(path), perturbed


def boards(n, sizes, seed):
    rnd = random.Random(seed)
    return [random_board(rnd, *rnd.choice(sizes)) for _ in range(n)]


SMALL = boards(150, [(4, 4), (4, 5), (5, 4), (5, 5)], 20261122)
LARGER = boards(12, [(6, 5), (5, 6), (6, 6)], 13)


def solutions(p, **kw):
    result = run(tsolver.solve(p, **kw), mode=ALL, max_solutions=None, keep=None)
    assert result.complete
    return [s.path for s in result.solutions]


@pytest.mark.parametrize("p, path, perturbed", SMALL + LARGER)
def test_counts_and_solutions_agree_with_the_reference(p, path, perturbed):
    expected = set(reference(p))
    if not perturbed:
        assert path in expected
    assert tsolver.count_solutions(p) == len(expected)
    got = solutions(p)
    assert len(got) == len(set(got)) and set(got) == expected


def test_the_boards_cover_every_style_and_several_counts():
    assert any(p.split is not None for p, _, _ in SMALL)
    assert any(p.start_edge is not None for p, _, _ in SMALL)
    assert any(p.split is None and p.start_edge is None for p, _, _ in SMALL)
    assert any(perturbed for _, _, perturbed in SMALL)
    assert any(p.fixed for p, _, _ in SMALL)
    counts = {tsolver.count_solutions(p) for p, _, _ in SMALL}
    assert 0 in counts and 1 in counts and max(counts) >= 10


@pytest.mark.parametrize("root, node", [(0, 0), (0, 1_500), (20_000, 0)])
def test_every_way_through_the_solver_finds_the_same_solutions(monkeypatch, root, node):
    """The search alone (no DP), the search finishing near the end with the DP, and the
    DP on the whole board all enumerate exactly the reference's solutions."""
    monkeypatch.setattr(tsolver, "DP_ROOT_STATES", root)
    monkeypatch.setattr(tsolver, "DP_NODE_STATES", node)
    for p, _path, _ in LARGER[:8] + SMALL[:40]:
        got = solutions(p)
        assert len(got) == len(set(got)) and set(got) == set(reference(p))


def test_counts_from_a_players_progress():
    for p, path, perturbed in SMALL[:60]:
        if perturbed or len(path) < 4:
            continue
        a, b = path[1], path[2]
        off = [(x, y) for x in range(p.width) for y in range(p.height) if (x, y) not in path]
        marks = off[:1]
        expected = [s for s in reference(p) if any({s[i], s[i + 1]} == {a, b} for i in range(len(s) - 1))]
        expected = [s for s in expected if not set(marks) & set(s)]
        assert tsolver.count_solutions(p, given_edges=[(a, b)], given_marks=marks) == len(expected)
        assert set(solutions(p, given_edges=[(a, b)], given_marks=marks)) == set(expected)


@pytest.mark.parametrize("n, paths", [(4, 184), (5, 8512), (6, 1262816), (7, 575780564)])
def test_blank_counts_give_the_known_numbers_of_corner_to_corner_paths(n, paths):
    """OEIS A007764: simple paths between opposite corners of an n x n grid."""
    p = make_puzzle(n, n, [None] * n, [None] * n, (0, 0), (n - 1, n - 1))
    assert tsolver.count_solutions(p) == paths


def test_a_sideways_board_is_counted_across_its_narrow_side():
    """A wide split board is swept column by column (transposed); the counts still agree."""
    rnd = random.Random(5)
    for _ in range(6):
        path, _se, _fe = lay_path(rnd, 7, 4, True)
        cols, rows, right = counts_of(path, 7, 4, 3)
        p = make_puzzle(7, 4, cols, rows, path[0], path[-1], split=3, rows_right=right)
        f = tcount.Frontier(tsolver.root_engine(p))
        assert f.C == 4
        assert tsolver.count_solutions(p) == len(reference(p))


def test_the_counting_sweep_reports_work_and_can_be_cut_short():
    p = make_puzzle(7, 7, [None] * 7, [None] * 7, (0, 0), (6, 6))
    f = tcount.Frontier(tsolver.root_engine(p))
    ticks = sum(1 for _ in f.count())
    assert ticks > 1 and f.total == 575780564
    small = tcount.Frontier(tsolver.root_engine(p), max_states=100)
    with pytest.raises(tcount.TooBig):
        for _ in small.count():
            pass


def test_solver_reports_progress_while_the_dp_runs():
    p = make_puzzle(7, 7, [None] * 7, [None] * 7, (0, 0), (6, 6))
    events = []
    for ev in tsolver.solve(p):
        events.append(ev)
        if sum(isinstance(e, Found) for e in events) >= 5:
            break
    assert sum(isinstance(e, Found) for e in events) == 5
    assert any(isinstance(e, Progress) for e in events)


def test_ends_given_with_stubs_and_pieces():
    """A's and B's given pieces (with their stubs) restrict the first and last steps."""
    rnd = random.Random(99)
    seen = 0
    for _ in range(30):
        path, se, fe = lay_path(rnd, 5, 5, False)
        cols, rows, _ = counts_of(path, 5, 5, None)
        fixed = [(path[0], se | direction(path[0], path[1])), (path[-1], fe | direction(path[-1], path[-2]))]
        p = make_puzzle(5, 5, cols, rows, path[0], path[-1], start_edge=se, finish_edge=fe, fixed=fixed)
        expected = set(reference(p))
        assert tuple(path) in expected
        assert tsolver.count_solutions(p) == len(expected)
        assert set(solutions(p)) == expected
        seen += 1
    assert seen == 30


def test_the_kind_counts_beyond_what_a_search_lists():
    """kind.count_solutions (what `solve --all` and Count all use past their limit):
    the known total, from the player's state, stoppable, and through core.solver."""
    from puzzlegui.core import registry
    from puzzlegui.core import solver as core_solver
    from puzzlegui.kinds.tracks.model import initial_state

    kind = registry.get("tracks")
    p = make_puzzle(5, 5, [None] * 5, [None] * 5, (0, 0), (4, 4))
    state = initial_state(p)
    assert kind.count_solutions(state) == 8512
    assert kind.count_solutions(state, should_stop=lambda: True) is None
    result = run(kind.solve(state), mode=ALL, max_solutions=100)
    assert result.count == 100 and not result.complete
    assert core_solver.count_all(kind, state, result)
    assert result.count == 8512 and result.complete and result.counted and len(result.solutions) <= 100
