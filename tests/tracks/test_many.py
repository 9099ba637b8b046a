"""Tracks boards with many solutions (issue 13): the portfolio of searches in every sweep
orientation, each search alone, and the frontier DP in every orientation, all against a
plain brute-force enumerator of paths on small random boards (fixed seeds)."""

import random

import pytest

from puzzlegui.core.solver import ALL, STOPPED, Found, Progress, run
from puzzlegui.kinds.tracks import count as tcount
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.generator import counts_of, lay_path
from puzzlegui.kinds.tracks.model import State, direction, is_solved, make_puzzle, path_edges
from tracks_helpers import brute_force, random_walk


def board(rnd, w, h):
    """A random solvable board: counts only, with a split, with given pieces, with ends
    anywhere on the edge and some blank counts, or with most counts blank."""
    style = rnd.choice(["tatham", "split", "free", "pieces", "loose"])
    start_edge = finish_edge = split = None
    if style in ("tatham", "pieces", "loose"):
        path, start_edge, finish_edge = lay_path(rnd, w, h, False)
    elif style == "split":
        path, _se, _fe = lay_path(rnd, w, h, True)
        split = rnd.randint(1, w - 1)
    else:
        edge = [(x, y) for x in range(w) for y in range(h) if x in (0, w - 1) or y in (0, h - 1)]
        a, b = rnd.sample(edge, 2)
        path = random_walk(rnd, w, h, a, b)
    cols, rows, right = counts_of(path, w, h, split)
    if style == "free":
        cols[rnd.randrange(w)] = None
        rows[rnd.randrange(h)] = None
    if style == "loose":  # most counts blank: tens or hundreds of solutions
        cols = [None if rnd.random() < 0.6 else v for v in cols]
        rows = [None if rnd.random() < 0.6 else v for v in rows]
    fixed = []
    if style == "pieces" and len(path) > 2:
        k = rnd.randrange(1, len(path) - 1)
        c = path[k]
        fixed.append((c, direction(c, path[k - 1]) | direction(c, path[k + 1])))
    return make_puzzle(
        w, h, cols, rows, path[0], path[-1], split=split, rows_right=right,
        start_edge=start_edge, finish_edge=finish_edge, fixed=fixed,
    )


def boards(n, sizes, seed):
    rnd = random.Random(seed)
    return [board(rnd, *rnd.choice(sizes)) for _ in range(n)]


SMALL = boards(60, [(4, 4), (5, 4), (4, 5), (5, 5)], 1313)
# the boards with the most solutions make the portfolio take turns and tell solutions apart
MANY = sorted(SMALL, key=lambda p: -len(brute_force(p)))[:10]


def listing(p, **kw):
    result = run(tsolver.solve(p, **kw), mode=ALL, max_solutions=None, keep=None)
    assert result.complete
    return [s.path for s in result.solutions]


@pytest.fixture
def no_root_dp(monkeypatch):
    """Force the searches: the DP on the whole board would list these small boards alone."""
    monkeypatch.setattr(tsolver, "DP_ROOT_STATES", 0)


def test_the_small_boards_have_many_solutions_and_every_style():
    counts = [len(brute_force(p)) for p in SMALL]
    assert 0 not in counts and max(counts) >= 20
    assert any(p.split is not None for p in SMALL) and any(p.fixed for p in SMALL)
    assert any(None in p.columns or None in p.rows for p in SMALL)


@pytest.mark.parametrize("portfolio", [1, 2, 16])
def test_the_portfolio_lists_exactly_the_brute_force_solutions(no_root_dp, monkeypatch, portfolio):
    monkeypatch.setattr(tsolver, "PORTFOLIO", portfolio)
    monkeypatch.setattr(tsolver, "ALONE", 3)  # take turns early and often
    monkeypatch.setattr(tsolver, "SLICE", 2)
    for p in SMALL:
        got = listing(p)
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


def test_after_committing_to_one_search_nothing_is_lost_or_repeated(no_root_dp, monkeypatch):
    monkeypatch.setattr(tsolver, "ALONE", 2)
    monkeypatch.setattr(tsolver, "SLICE", 2)
    monkeypatch.setattr(tsolver, "COMMIT", 3)
    for p in MANY:
        got = listing(p)
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


@pytest.mark.parametrize("orient", range(tcount.ORIENTATIONS))
@pytest.mark.parametrize("first", [tsolver.YES, tsolver.NO])
def test_each_search_of_the_portfolio_alone_is_complete(orient, first):
    for p in SMALL[:30]:
        engine = tsolver.root_engine(p)
        engine.level = tsolver.SEARCH_LEVEL
        engine.reach = False
        got = [
            ev.solution.path
            for ev in tsolver._search(engine, len(engine.track_log), orient=orient, tick=True, first=first)
            if type(ev) is Found
        ]
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


@pytest.mark.parametrize("orient", range(tcount.ORIENTATIONS))
def test_the_frontier_counts_and_lists_the_same_in_every_orientation(orient):
    for p in SMALL[:30]:
        expected = set(brute_force(p))
        f = tcount.Frontier(tsolver.root_engine(p), orient=orient)
        for _ in f.count():
            pass
        assert f.total == len(expected)
        engine = tsolver.root_engine(p)
        f = tcount.Frontier(engine, orient=orient)
        paths = [tuple(engine.cell(i) for i in x) for x in f.paths() if x is not None]
        assert len(paths) == len(set(paths)) and set(paths) == expected


def test_a_limit_cuts_the_listing_and_says_it_is_not_complete(no_root_dp):
    for p in MANY[:5]:
        total = len(brute_force(p))
        every = set(brute_force(p))
        for limit in (1, total // 2, total - 1):
            if limit < 1:
                continue
            result = run(tsolver.solve(p), mode=ALL, max_solutions=limit, keep=None)
            assert result.count == limit and not result.complete
            paths = [s.path for s in result.solutions]
            assert len(set(paths)) == limit and set(paths) <= every
        result = run(tsolver.solve(p), mode=ALL, max_solutions=total, keep=None)
        assert result.count == total  # stopped at the limit, which happens to be all of them
        result = run(tsolver.solve(p), mode=ALL, max_solutions=total + 1)
        assert result.count == total and result.complete


def test_exact_counts_of_the_small_boards():
    for p in SMALL:
        assert tsolver.count_solutions(p) == len(brute_force(p))


def test_a_clone_is_independent_of_its_engine():
    p = MANY[0]
    engine = tsolver.root_engine(p)
    before = (list(engine.cs), list(engine.es), list(engine.oe), list(engine.sc))
    other = engine.clone()
    e = next(e for e in range(engine.E) if other.es[e] == tsolver.UNK)
    assert tsolver.try_set(other, e, tsolver.YES) or tsolver.try_set(other, e, tsolver.NO)
    assert (engine.cs, engine.es, engine.oe, engine.sc) == before
    assert engine.trail is not other.trail and other.es[e] != tsolver.UNK


# A 10x10 counts-only board with hundreds of solutions (benchmarks/bench_tracks.py MANY_10)
BIG = make_puzzle(10, 10, (6, 7, 5, 4, 6, 5, 9, 4, 5, 9), (5, 9, 5, 6, 6, 7, 7, 6, 4, 5), (0, 6), (8, 9), start_edge=4, finish_edge=8)


def test_a_board_with_many_solutions_gives_a_hundred_different_right_ones():
    result = run(tsolver.solve(BIG), mode=ALL, max_solutions=100, keep=None)
    assert result.count == 100 and not result.complete
    paths = [s.path for s in result.solutions]
    assert len(set(paths)) == 100
    for path in paths:
        assert is_solved(State(BIG, frozenset(path_edges(path)), frozenset()))


def test_the_portfolio_reports_progress_and_stops_when_asked():
    kinds = set()
    for ev in tsolver.solve(BIG):
        kinds.add(type(ev))
        if Found in kinds:
            break
    assert kinds == {Progress, Found}  # progress before the first solution, nothing else
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 20

    result = run(tsolver.solve(BIG), mode=ALL, max_solutions=None, should_stop=stop)
    assert result.status == STOPPED and not result.complete
