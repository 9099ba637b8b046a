"""Tracks' bit-mask search engine (fast.py) against the engine it stands in for and against
the plain brute-force enumerator: the same deductions and clashes as solver.Engine at the
search's level, position by position; every search of the portfolio, alone, lists exactly
the brute-force solutions; the sweep state it carries forward is the frontier DP's state."""

import random

import pytest
from test_many import SMALL
from tracks_helpers import brute_force

from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.tracks import count as tcount
from puzzlegui.kinds.tracks import fast
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.generator import counts_of, lay_path
from puzzlegui.kinds.tracks.model import direction, make_puzzle

UNK, YES, NO = tsolver.UNK, tsolver.YES, tsolver.NO


def random_board(rnd, w, h):
    """A counts board from a random track: Tatham's layout, a split board, blank counts,
    given pieces, or ends inside the grid (a piece of a track)."""
    style = rnd.choice(["tatham", "split", "blank", "pieces", "inner"])
    split = start_edge = finish_edge = None
    if style == "split":
        path, _se, _fe = lay_path(rnd, w, h, True)
        split = rnd.randint(1, w - 1)
    else:
        path, start_edge, finish_edge = lay_path(rnd, w, h, False)
    if style == "inner" and len(path) > 6:
        path = path[rnd.randrange(len(path) // 3) : rnd.randrange(2 * len(path) // 3, len(path)) + 1]
        start_edge = finish_edge = None
    cols, rows, right = counts_of(path, w, h, split)
    if style == "blank":
        cols = [None if rnd.random() < 0.3 else v for v in cols]
        rows = [None if rnd.random() < 0.3 else v for v in rows]
    fixed = {}
    if style in ("pieces", "inner") and len(path) > 2:
        for _ in range(rnd.randint(1, 3)):
            k = rnd.randrange(1, len(path) - 1)
            fixed[path[k]] = direction(path[k], path[k - 1]) | direction(path[k], path[k + 1])
    return make_puzzle(
        w, h, cols, rows, path[0], path[-1], split=split, rows_right=right,
        start_edge=start_edge, finish_edge=finish_edge, fixed=tuple(fixed.items()),
    )


def search_engine(p):
    """The old engine as the search uses it: every root deduction, then the Tricky rules
    without the reach rule."""
    engine = tsolver.root_engine(p)
    engine.level = tsolver.SEARCH_LEVEL
    engine.reach = False
    return engine


def same(engine, f, board) -> bool:
    cells = all(engine.cs[i] == f.cell_value(board.bit[i]) for i in range(engine.N))
    edges = all(engine.es[e] == f.edge_value(*board.edge[e]) for e in range(engine.E))
    return cells and edges and engine.solved == f.done


def engines(p):
    """The old engine of ``p`` after its first deductions, the fast engine's board, and
    the fast engine propagated from it (tsolver.Contradiction if ``p`` has none)."""
    engine = search_engine(p)
    board = fast.Board(engine)
    f = fast.Fast(board, engine)
    f.propagate()
    return engine, board, f


@pytest.mark.parametrize("seed", range(4))
def test_the_deductions_and_clashes_are_the_engines(seed):
    """Random walks of decisions (with undos after clashes and now and then) on random
    boards up to 12x12: after every decision both engines know exactly the same cells and
    edges, and they clash on exactly the same decisions."""
    rnd = random.Random(seed)
    steps = clashes = 0
    for _ in range(25):
        p = random_board(rnd, rnd.randint(4, 12), rnd.randint(4, 12))
        try:
            engine, board, f = engines(p)
        except tsolver.Contradiction:
            continue
        assert same(engine, f, board)
        for _ in range(60):
            open_edges = [e for e in range(engine.E) if engine.es[e] == UNK]
            if not open_edges:
                break
            e = rnd.choice(open_edges)
            v = rnd.choice([YES, NO])
            mark, logged, saved = len(engine.trail), len(engine.track_log), f.save()
            old = tsolver.try_set(engine, e, v)
            try:
                f.set_edge(*board.edge[e], v)
                new = True
            except fast.Clash:
                new = False
            assert old == new
            steps += 1
            if old:
                assert same(engine, f, board)
            if not old or rnd.random() < 0.2:
                clashes += not old
                engine.undo(mark)
                del engine.track_log[logged:]
                f.restore(saved)
                assert same(engine, f, board)
    assert steps > 500 and clashes > 20


def test_deciding_cells_clashes_exactly_when_the_engine_does():
    rnd = random.Random(11)
    for _ in range(40):
        p = random_board(rnd, rnd.randint(4, 9), rnd.randint(4, 9))
        try:
            engine, board, f = engines(p)
        except tsolver.Contradiction:
            continue
        for _ in range(30):
            cells = [i for i in range(engine.N) if engine.cs[i] == UNK]
            if not cells:
                break
            i = rnd.choice(cells)
            v = rnd.choice([YES, NO])
            mark, logged, saved = len(engine.trail), len(engine.track_log), f.save()
            try:
                engine.set_cell(i, v, "t", None)
                engine.deduce()
                old = True
            except tsolver.Contradiction:
                engine.clear_queues()
                old = False
            try:
                f.set_cell(board.bit[i], v)
                new = True
            except fast.Clash:
                new = False
            assert old == new
            if old:
                assert same(engine, f, board)
            else:
                engine.undo(mark)
                del engine.track_log[logged:]
                f.restore(saved)


def listing(gen, board):
    return [tuple(board.cell_of(b) for b in ev) for ev in gen if ev is not None]


@pytest.mark.parametrize("orient", range(tcount.ORIENTATIONS))
@pytest.mark.parametrize("first", [YES, NO])
def test_each_sweep_search_alone_lists_exactly_the_brute_force_solutions(orient, first):
    for p in SMALL[:30]:
        engine, board, f = engines(p)
        got = listing(fast.search(f, fast.Sweep(board, tcount.Frontier(engine, orient=orient)), first), board)
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


@pytest.mark.parametrize("orient", [0, 3, 5, 6])
@pytest.mark.parametrize("first", [YES, NO])
def test_each_weighted_search_alone_lists_exactly_the_brute_force_solutions(orient, first):
    for p in SMALL[:30]:
        engine, board, f = engines(p)
        order = [board.bit[i] for i in tcount.Frontier(engine, orient=orient).cell]
        got = listing(fast.search_weighted(f, fast.Weights(board, order), first), board)
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


def test_a_weighted_search_without_an_order_is_complete_too():
    for p in SMALL[30:45]:
        engine, board, f = engines(p)
        got = listing(fast.search_weighted(f, fast.Weights(board)), board)
        assert len(got) == len(set(got)) and set(got) == set(brute_force(p))


@pytest.mark.parametrize("orient", [0, 2, 5, 7])
def test_the_sweep_state_carried_forward_is_the_frontier_dp_state(orient):
    """At every node of a sweep search, the state fast.Sweep carried forward from the
    parent is the one count.Frontier.state_at reads off the old engine in the same
    position (the key of the remembered dead ends)."""
    rnd = random.Random(orient)
    checked = 0
    for _ in range(30):
        p = random_board(rnd, rnd.randint(6, 10), rnd.randint(6, 10))
        try:
            engine, board, f = engines(p)
        except tsolver.Contradiction:
            continue
        sweep = fast.Sweep(board, tcount.Frontier(engine, orient=orient))
        stack = []
        for ev in fast.search(f, sweep, stack=stack):
            if ev is not None or f.done or not stack:
                continue
            top = stack[-1]
            pos0, s0 = top[4]
            pos = sweep.position(f, pos0)
            if pos >= sweep.n:
                continue
            # the old engine in the same position
            other = tsolver.Engine(p, tsolver.SEARCH_LEVEL)
            for i in range(other.N):
                v = f.cell_value(board.bit[i])
                if v != UNK:
                    other.cs[i] = v
            for e in range(other.E):
                other.es[e] = f.edge_value(*board.edge[e])
            frontier = tcount.Frontier(other, orient=orient)
            assert sweep.advance(f, pos0, s0, pos) == frontier.state_at(pos)
            checked += 1
            if checked % 50 == 0:
                break
    assert checked > 100


def test_below_the_tricky_level_the_portfolio_runs_the_old_searches(monkeypatch):
    monkeypatch.setattr(tsolver, "DP_ROOT_STATES", 0)
    for p in SMALL[:10]:
        result = run(tsolver.solve(p, level=tsolver.EASY), mode=ALL, max_solutions=None, keep=None)
        got = [s.path for s in result.solutions]
        assert result.complete and len(got) == len(set(got)) and set(got) == set(brute_force(p))


def work_and_solutions(gen, board, tries):
    """The edges a search tried (``tries`` counts them) and the solutions it listed."""
    tries.clear()
    found = [tuple(board.cell_of(b) for b in ev) for ev in gen if ev is not None]
    return len(tries), found


def test_a_sweep_search_remembers_its_dead_states_and_a_second_run_skips_them(monkeypatch):
    """The sweep search and the weighted one share one depth-first driver (fast._depth_first);
    the sweep's hook that hears of finished subtrees records the dead sweep states, and its
    branching skips them: a second search with the states the first left behind lists the
    same solutions as a search without any (on boards too big for the brute force) and tries
    fewer edges."""
    tries = []
    set_edge = fast.Fast.set_edge

    def counted(self, vertical, b, v):
        tries.append(1)
        set_edge(self, vertical, b, v)

    monkeypatch.setattr(fast.Fast, "set_edge", counted)
    rnd = random.Random(13)
    pruned = 0
    for _ in range(20):
        # counts-only boards (every count given: few solutions, so the listings stay short)
        path, start_edge, finish_edge = lay_path(rnd, 8, 8, False)
        cols, rows, _ = counts_of(path, 8, 8, None)
        p = make_puzzle(8, 8, cols, rows, path[0], path[-1], start_edge=start_edge, finish_edge=finish_edge)
        engine, board, start = engines(p)
        dead = set()
        sweep = fast.Sweep(board, tcount.Frontier(engine, orient=0))
        first_work, first = work_and_solutions(fast.search(start.copy(), sweep, dead=dead), board, tries)
        remembered = len(dead)
        again_work, again = work_and_solutions(fast.search(start.copy(), sweep, dead=dead), board, tries)
        # (the weighted search remembers nothing; it is checked against the brute force above)
        reference = listing(fast.search_weighted(start.copy(), fast.Weights(board)), board)
        assert sorted(first) == sorted(again) == sorted(reference)
        if remembered:
            assert again_work < first_work
            pruned += 1
        else:
            assert again_work == first_work
    assert pruned >= 8


def test_a_weighted_search_learns_from_its_clashes():
    """The driver tells the weighted search of every clash, and the weights grow where it
    happened (the line or the cells to blame)."""
    learned = 0
    for p in SMALL[:30]:
        engine, board, f = engines(p)
        weights = fast.Weights(board)
        before = weights.base.sum()
        clashes = []
        tell = weights.clash
        weights.clash = lambda c: (clashes.append(c), tell(c))
        got = listing(fast.search_weighted(f, weights), board)
        assert set(got) == set(brute_force(p))
        if any(c.args[1] >= 0 or c.args[0] & board.VALID for c in clashes):
            assert weights.base.sum() > before
            learned += 1
    assert learned >= 5


def test_the_portfolio_credits_a_search_with_every_solution_it_finds(monkeypatch):
    """A search of the portfolio is judged on every solution it finds, also those another
    search reported first: on random 7x7 boards, run with the whole-board DP off, some
    search ends up with more solutions found than reported first, its turns go by that
    count, and the portfolio lists exactly the solutions the DP lists."""
    rnd = random.Random(7)
    boards = [random_board(rnd, 7, 7) for _ in range(12)]
    wanted = [{s.path for s in run(tsolver.solve(p), mode=ALL, max_solutions=None, keep=None).solutions} for p in boards]
    monkeypatch.setattr(tsolver, "DP_ROOT_STATES", 0)
    members = []
    real = tsolver._Member.__init__

    def remember(self, gen, kind):
        real(self, gen, kind)
        members.append(self)

    monkeypatch.setattr(tsolver._Member, "__init__", remember)
    again = 0
    for p, want in zip(boards, wanted):
        members.clear()
        result = run(tsolver.solve(p), mode=ALL, max_solutions=None, keep=None)
        got = [s.path for s in result.solutions]
        assert result.complete and len(got) == len(set(got)) and set(got) == want
        for m in members:
            assert m.found >= m.new
            assert m.rate() == (m.found + tsolver.PRIOR) / (m.nodes + tsolver.JUDGED)
        again += any(m.found > m.new for m in members)
    assert again > 0
