"""The optimal engine's parts against brute force: the additive databases, the parity of
the distance, the heuristic on every position near the goal, the pruning automaton, the
beam searches' answers and the proof that uses them."""

import itertools

import numpy as np
import pytest

from puzzlegui.core.solver import ALL, FIRST, SOLVED, STOPPED, Best, Found, run
from puzzlegui.kinds.rotation import KIND, optimal, pdb, solver
from puzzlegui.kinds.rotation.model import Config, goal_state, is_solved, turn

from test_rotation_optimal import brute_force, check_against_reference, replay, scrambled


def _lookups(config):
    gen = pdb.lookups(config)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def ball(config, depth):
    """Every position that reaches the goal in at most ``depth`` moves, and its exact
    distance (plain breadth-first search over whole positions, backwards from the goal:
    with clockwise-only buttons a position is three turns from the one a turn makes)."""
    goal = goal_state(config)
    start = (goal.tiles, goal.orient)
    dist = {start: 0}
    level = [start]
    for d in range(1, depth + 1):
        nxt = []
        for t, o in level:
            for _, x, y, way in config.moves():
                t2, o2 = turn(t, o, config.w, config.n, x, y, way != "cw")  # the move taken back
                if not config.oriented:
                    o2 = o
                if (t2, o2) not in dist:
                    dist[(t2, o2)] = d
                    nxt.append((t2, o2))
        level = nxt
    return dist


BALLS = [
    (Config(2, 4, 2, oriented=True), 7),
    (Config(3, 3, 2, oriented=True), 5),
    (Config(3, 3, 2, cw_only=True, oriented=True), 6),
    (Config(3, 4, 2), 5),
    (Config(4, 3, 3), 5),
    (Config(4, 4, 2, oriented=True), 3),
]


@pytest.mark.parametrize("config, depth", BALLS, ids=lambda v: v.params_text() if isinstance(v, Config) else str(v))
def test_heuristic_and_parity_on_every_position_near_the_goal(config, depth):
    engine = optimal.Engine(config, _lookups(config))
    dist = ball(config, depth)
    positions = list(dist)
    locs = np.array([engine.space.locations(t, o) for t, o in positions])
    true = np.array([dist[p] for p in positions])
    h = engine.heuristic(locs).astype(int)
    assert (h <= true).all()  # admissible
    assert ((h == 0) == (true == 0)).all()  # every read 0 exactly at the goal
    if engine.parity is not None:
        assert (engine.parity(locs) == true % 2).all()
    # and on the layout the search reads: the same values for the children of the goal
    beyond = [p for p in positions if dist[p] == depth][:200]
    for t, o in beyond:
        start = engine.space.locations(t, o)
        counter = [0]
        nxt = None
        search = engine.search(start, depth - 2 if depth >= 2 else 0, counter)
        while True:
            try:
                item = next(search)
            except StopIteration as stop:
                nxt = stop.value
                break
            assert item is None  # nothing this close
        assert nxt is None or nxt >= depth


def test_parity_rule_where_the_moves_fix_it():
    def rule(config):
        return optimal.parity_rule(pdb.Space(config))

    assert rule(Config(4, 4, 2)) is not None  # a 2x2 turn is a 4-cycle: odd
    assert rule(Config(4, 4, 2, oriented=True)) is not None
    assert rule(Config(5, 5, 3)) is not None  # one 4-cycle on each colour
    assert rule(Config(4, 4, 2, rows_only=True)) is None  # equal tiles: no permutation
    assert rule(Config(5, 4, 4)) is None  # a 4x4 turn is four 4-cycles: even
    assert rule(Config(4, 4, 4)) is not None  # one block: a 4-cycle on each orbit of cells
    rng = np.random.default_rng(4)
    for config in (Config(5, 5, 3), Config(4, 4, 2, oriented=True), Config(4, 3, 3, oriented=True),
                   Config(4, 4, 4), Config(3, 4, 2, cw_only=True)):
        space = pdb.Space(config)
        r = optimal.parity_rule(space)
        goal = np.array([space.home(t) for t in range(space.cells)])
        assert r(goal[None, :])[0] == 0
        rows = np.repeat(goal[None, :], 50, axis=0)
        for _ in range(30):  # random walks: every move changes the parity
            before = r(rows)
            rows = space.maps[rng.integers(0, len(space.maps), len(rows))[:, None], rows]
            assert (r(rows) == 1 - before).all()


def test_additive_database_matches_a_plain_dijkstra():
    """A WeightedDB's entries are the fewest tile-steps (tracked tiles moved) that bring
    its tiles home, found here by a Dijkstra over placements of the two tiles."""
    import heapq

    space = pdb.Space(Config(2, 3, 2, oriented=True))
    group = (0, 3)
    db = pdb.WeightedDB(space, group)
    for _ in db.build():
        pass
    home = tuple(space.home(t) for t in group)
    best = {home: 0}
    heap = [(0, home)]
    while heap:
        d, place = heapq.heappop(heap)
        if d > best[place]:
            continue
        for m in space.back_maps:
            nxt = tuple(int(m[loc]) for loc in place)
            cost = sum(a != b for a, b in zip(nxt, place))
            if cost and d + cost < best.get(nxt, 1 << 30):
                best[nxt] = d + cost
                heapq.heappush(heap, (d + cost, nxt))
    locs = np.zeros((len(best), space.cells), dtype=np.int16)
    for r, place in enumerate(best):
        for t, loc in zip(group, place):
            locs[r, t] = loc
    assert db.dist[db.index(locs)].tolist() == list(best.values())
    assert int(np.count_nonzero(db.dist < pdb.BIG)) == len(best)  # nothing else reachable (BIG: kept in search form)
    assert pdb.divisor(space) == 4


def test_partitions_and_symmetries_with_arrows():
    space = pdb.Space(Config(4, 4, 2, oriented=True))
    # three groups of five tiles and a lone tile, every tile once
    parts = pdb.choose_partitions(space)
    assert parts == [[(0, 1, 4, 5, 6), (2, 3, 7, 10, 11), (8, 9, 12, 13, 14), (15,)]]
    assert sorted(t for g in parts[0] for t in g) == list(range(16))
    # an asymmetric partition: read through the eight symmetries, eight different sums
    looks = _lookups(Config(4, 4, 2, oriented=True))
    assert len(looks) == 8 and all(isinstance(look, pdb.SumLookup) for look in looks)
    # elsewhere the 2x2 squares (a 3x4 board with arrows)
    squares = [[(0, 1, 4, 5), (2, 3, 6, 7), (8, 9), (10, 11)]]
    assert pdb.choose_partitions(pdb.Space(Config(4, 3, 2, oriented=True))) == squares
    # turning the board round and every arrow back keeps the puzzle: all eight
    assert len(pdb.symmetries(space)) == 8
    assert len(pdb.symmetries(pdb.Space(Config(4, 4, 2, cw_only=True, oriented=True)))) == 4
    assert pdb.choose_partitions(pdb.Space(Config(4, 4, 2))) == []  # no arrows: the largest read


@pytest.mark.parametrize("config", [Config(3, 4, 2), Config(3, 4, 2, cw_only=True), Config(4, 3, 3)],
                         ids=lambda c: c.params_text())
def test_pruning_keeps_one_order_of_commuting_moves_and_reaches_everything(config):
    engine = optimal.Engine(config, _lookups(config))
    count = len(engine.moves)
    words = {(): 0}
    layer = {(): 0}
    for _ in range(4):
        nxt = {}
        for w, ps in layer.items():
            for m in range(count):
                if engine.allowed[ps, m]:
                    nxt[w + (m,)] = int(engine.next_state[ps, m])
        words.update(nxt)
        layer = nxt
    for w in words:
        others = set(itertools.islice(engine.equivalents(w), 200))
        assert [v for v in others if v in words] == [w]  # no other searched spelling
    # every position within 4 moves of the goal is solved by a searched sequence as short
    # (the position a word solves: its moves taken back from the goal, last first)
    dist = ball(config, 4)
    goal = goal_state(config)
    reached = {}
    for w in words:
        t, o = goal.tiles, goal.orient
        for m in reversed(w):
            _, x, y, d = engine.moves[m]
            t, o = turn(t, o, config.w, config.n, x, y, d != "cw")
        key = (t, goal.orient if not config.oriented else o)
        reached[key] = min(reached.get(key, 99), len(w))
    assert all(reached.get(p) == d for p, d in dist.items())


def test_beam_answers_solve_and_shrink():
    config = Config(3, 4, 2, oriented=True)
    engine = optimal.Engine(config, _lookups(config))
    for seed in range(3):
        state = scrambled(config, 40, seed)
        start = engine.space.locations(state.tiles, state.orient)
        found = []
        for item in engine.improve(start, None, [0], widths=(16, 256)):
            if item is not None:
                found.append(item)
        assert found and [len(w) for w in found] == sorted({len(w) for w in found}, reverse=True)
        for word in found:
            assert solver._solves(state, engine.moves, word)
            assert is_solved(replay(state, [engine.moves[i] for i in word]))


def test_a_beam_answer_as_short_as_the_bound_is_proven_and_counted_once():
    """Where a beam search finds a shortest answer, it is reported proven as soon as
    the lower bound reaches it, and the last iteration lists every other one: the
    count still matches brute force."""
    config = Config(3, 4, 2, oriented=True)
    early = 0
    for seed in range(4):
        state = scrambled(config, 5, 20 + seed)
        events = list(solver.solve(state, prove=True))
        found = [e.solution for e in events if isinstance(e, Found)]
        length, count = brute_force(state)
        assert len({s.moves for s in found}) == len(found) == count
        assert all(len(s.moves) == length and s.optimal for s in found)
        first_found = next(i for i, e in enumerate(events) if isinstance(e, Found))
        bests = [e for e in events[:first_found] if isinstance(e, Best)]
        early += bests[-1].solution.moves == found[0].moves  # the beam's answer, proven
        first = run(KIND.solve(state), FIRST)
        assert first.status == SOLVED and len(first.solutions[0].moves) == length
        assert first.solutions[0].optimal
    assert early


def test_4x4_with_arrows_near_the_goal_matches_brute_force():
    config = Config(4, 4, 2, oriented=True)
    state = scrambled(config, 5, 3)
    result = run(KIND.solve(state), ALL, max_solutions=None)
    check_against_reference(state, result)


def test_stop_keeps_the_best_answer_on_4x4_with_arrows():
    """The driver's stop flag is seen between any two events (the searches yield every
    batch); a stopped search keeps the best answer so far, unproven, with its bound."""
    state = KIND.parse_game_id("4x4n2o:6d5d2r14l1r8d9r10r13l12d4l15u16r11d7d3d")
    _lookups(state.config)  # the databases ready (their first build is stopped the same way)
    polls = 0
    bests = []

    def stop():
        # a few polls into the proof (once a lower bound has been reported): the search
        # now proves this scramble within a few hundred
        nonlocal polls
        if any(b.lower is not None for b in bests):
            polls += 1
        return polls > 5

    result = run(KIND.solve(state), FIRST, should_stop=stop, on_best=bests.append)
    assert result.status == STOPPED and result.provisional and not result.complete
    sol = result.solutions[0]
    assert is_solved(replay(state, sol.moves)) and not sol.optimal
    assert result.lower_bound is not None and result.lower_bound <= len(sol.moves)
    lowers = [b.lower for b in bests if b.lower is not None]
    assert lowers == sorted(lowers)


def _slow_weighted(db):
    """A WeightedDB's table the plain way: a Dijkstra by levels, one tile at a time."""
    space, k = db.space, len(db.tiles)
    dist = np.full(db.size, 255, dtype=np.int64)
    dist[db._homes()] = 0
    step = db._steps()
    moved = [np.array([m[locs] != locs for m in space.back_maps], dtype=np.int64) for locs in db.orbit_locs]
    level = 0
    while level <= 60:
        frontier = np.flatnonzero(dist == level)
        digits = db._digits(frontier)
        for mi in range(len(space.back_maps)):
            cand = sum(step[i][mi][digits[i]] * db.weights[i] for i in range(k))
            cost = level + sum(moved[i][mi][digits[i]] for i in range(k))
            better = cost < dist[cand]
            dist[cand[better]] = cost[better]
        level += 1
    dist[dist == 255] = pdb.BIG  # the databases are kept in search form
    return dist.astype(np.int8)


@pytest.mark.parametrize("config, group", [
    (Config(4, 4, 2, oriented=True), (0, 5, 15)),
    (Config(4, 4, 2, oriented=True), (2, 3, 7)),
    (Config(4, 3, 3, oriented=True), (0, 1, 6)),
    (Config(3, 4, 2), (0, 4, 11)),
], ids=str)
def test_packed_additive_build_matches_the_plain_one(config, group, monkeypatch):
    """The build reads the tiles in runs through packed tables (index and cost in one
    sum): the same table as relaxing tile by tile."""
    monkeypatch.setattr(pdb.diskcache, "store_mapped", lambda *a: iter(()))
    monkeypatch.setattr(pdb, "CHUNK_ENTRIES", 64)  # several runs even for three tiles
    db = pdb.WeightedDB(pdb.Space(config), group)
    for _ in db.build():
        pass
    assert len(db._chunk_tables()) > 1
    assert np.array_equal(db.dist, _slow_weighted(db))


def test_five_tile_heuristic_never_overestimates_on_4x4_with_arrows():
    """The 4x4 board with arrows reads three five-tile tables through eight symmetries
    (and on the dual): on positions a known number of moves from the goal (random
    walks, shortened by the distance-3 ball where they come back near it), never more
    than the walk's length and of the walk's parity."""
    config = Config(4, 4, 2, oriented=True)
    engine = optimal.Engine(config, _lookups(config))
    space = engine.space
    rng = np.random.default_rng(11)
    goal = np.array([space.home(t) for t in range(space.cells)], dtype=np.int16)
    rows = np.repeat(goal[None, :], 400, axis=0)
    for length in range(1, 31):
        rows = space.maps[rng.integers(0, len(space.maps), len(rows))[:, None], rows]
        h = engine.heuristic(rows).astype(int)
        assert (h <= length).all()
        assert ((h - length) % 2 == 0).all()  # the parity of every walk of this length
    # stronger than the four 2x2 corner squares (the partition before): on average
    # more than half a move above their sum on the same positions
    tm, lm = pdb.symmetries(space)[0]
    corner_dbs = []
    for group in ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15)):
        db = pdb.WeightedDB(space, group)
        for _ in db.build():
            pass
        corner_dbs.append(pdb.Lookup(db, tm, lm))
    corners = pdb.SumLookup(corner_dbs, 4).value(rows).astype(int)
    assert h.mean() > corners.mean() + 0.5
