"""The optimal search (IDA* over pattern databases) against a brute-force reference, its
exact counts, its anytime bounds, and the disk cache of tables and databases."""

import random

import pytest

from puzzlegui.core.solver import ALL, FIRST, SOLVED, STOPPED, UNIQUE, Found, Step, run
from puzzlegui.kinds.rotation import KIND, diskcache, pdb, solver, tables
from puzzlegui.kinds.rotation.model import Config, RotationState, goal_state, is_solved, turn


def replay(state, moves):
    for m in moves:
        state = KIND.apply(state, m)
    return state


def brute_force(state):
    """(fewest moves, number of shortest move sequences) by plain breadth-first search
    from the position, counting the paths that reach each position first."""
    config = state.config
    moves = config.moves()
    start = (state.tiles, state.orient)

    def solved(p):
        return is_solved(RotationState(config, p[0], p[1]))

    if solved(start):
        return 0, 1
    counts = {start: 1}
    level = {start: 1}
    depth = 0
    while level:
        depth += 1
        nxt: dict = {}
        for (t, o), c in level.items():
            for _, x, y, d in moves:
                t2, o2 = turn(t, o, config.w, config.n, x, y, d == "cw")
                if not config.oriented:
                    o2 = o
                key = (t2, o2)
                if key in counts and key not in nxt:
                    continue
                nxt[key] = nxt.get(key, 0) + c
        for key in nxt:
            counts[key] = nxt[key]
        goals = [c for p, c in nxt.items() if solved(p)]
        if goals:
            return depth, sum(goals)
        level = nxt
    return None, 0


def scrambled(config, depth, seed):
    """A position at most ``depth`` moves from solved: ``depth`` legal moves taken back
    from the goal (so with clockwise-only buttons the scramble turns anticlockwise)."""
    rng = random.Random(seed)
    state = goal_state(config)
    moves = config.moves()
    for _ in range(depth):
        _, x, y, d = rng.choice(moves)
        state = KIND.apply(state, ("back", x, y, d))
    return RotationState(config, state.tiles, state.orient)


def optimal_all(state):
    """Every shortest sequence from the optimal engine itself (also where a table exists)."""
    return run(solver._solve_optimal(state, False), ALL, max_solutions=None)


def check_against_reference(state, result):
    length, count = brute_force(state)
    assert result.status == SOLVED and result.complete
    assert all(s.optimal for s in result.solutions)
    assert {len(s.moves) for s in result.solutions} == {length}
    assert result.count == count
    assert len({s.moves for s in result.solutions}) == count  # all different
    for s in result.solutions:
        assert is_solved(replay(state, s.moves))


CASES = [
    Config(2, 3, 2),
    Config(2, 3, 2, cw_only=True),
    Config(3, 2, 2, oriented=True),
    Config(3, 3, 2),
    Config(3, 3, 2, cw_only=True),
    Config(3, 3, 2, oriented=True),
    Config(3, 3, 2, rows_only=True),
]


@pytest.mark.parametrize("config", CASES, ids=lambda c: c.params_text())
def test_engine_matches_brute_force_on_small_boards(config):
    for seed in range(3):
        state = scrambled(config, 6, seed)
        check_against_reference(state, optimal_all(state))


@pytest.mark.parametrize(
    "config",
    [Config(3, 4, 2), Config(4, 3, 2, cw_only=True), Config(3, 4, 2, oriented=True)],
    ids=lambda c: c.params_text(),
)
def test_kind_on_3x4_matches_brute_force(config):
    assert solver.provable(config)
    for seed in range(2):
        state = scrambled(config, 5, seed)
        result = run(KIND.solve(state), ALL, max_solutions=None)
        check_against_reference(state, result)
        assert KIND.result_json(result)["shortest_count"] == result.count


def test_engine_agrees_with_the_distance_table_on_3x3():
    config = Config(3, 3, 2)
    table = tables.get(config)
    rng = random.Random(5)
    for _ in range(4):
        tiles = list(range(1, 10))
        rng.shuffle(tiles)
        state = RotationState(config, tuple(tiles), (0,) * 9)
        mine = run(solver._solve_optimal(state, False), FIRST)
        exact = run(KIND.solve(state), ALL, max_solutions=None)
        assert len(mine.solutions[0].moves) == table.distance(state.tiles) == len(exact.solutions[0].moves)


@pytest.mark.parametrize(
    "gid, length, count",
    [
        ("4x4n3:8,4,11,5,10,6,12,3,1,13,14,7,15,16,2,9", 6, 2),
        ("4x4n3c:6,7,8,15,4,11,12,14,3,2,9,13,10,1,5,16", 12, 2),
    ],
)
def test_4x4_with_3x3_blocks_lists_every_shortest_sequence(gid, length, count):
    state = KIND.parse_game_id(gid)
    result = run(KIND.solve(state), ALL)
    assert result.status == SOLVED and result.complete
    assert result.count == count
    assert len(set(s.moves for s in result.solutions)) == count
    assert all(len(s.moves) == length and s.optimal for s in result.solutions)
    assert all(is_solved(replay(state, s.moves)) for s in result.solutions)
    out = KIND.result_json(result)
    assert out["optimal"] and out["complete"] and out["shortest_count"] == count and out["length"] == length
    assert KIND.solution_json(result.solutions[0])["optimal"] is True
    assert f"exactly {count} shortest sequences" in KIND.describe_result(result)


def test_unique_mode_stops_at_two_and_says_not_all_counted():
    state = KIND.parse_game_id("4x4n3:8,4,11,5,10,6,12,3,1,13,14,7,15,16,2,9")
    result = run(KIND.solve(state), UNIQUE)
    assert result.count == 2 and not result.complete
    assert "shortest_count" not in KIND.result_json(result)


def test_bounds_stream_as_steps_and_end_proven():
    state = scrambled(Config(3, 4, 2), 12, 1)
    texts = []
    result = run(KIND.solve(state), FIRST, on_step=lambda s: texts.append(s.text))
    assert result.solutions[0].optimal
    assert any("at least" in t and "proven; searching" in t for t in texts)
    assert texts[-1].endswith("proven shortest; listing every shortest sequence")
    assert solver.bound_text(16, 13, 14) == "found 16 moves; at least 13 proven; searching 14"


def test_trace_plays_each_solution_and_takes_it_back():
    state = scrambled(Config(3, 4, 2), 4, 7)
    events = []
    board = state
    solved_at_found = 0
    for e in solver.solve(state, trace=True, prove=True):
        if isinstance(e, Step) and e.move is not None:
            board = KIND.apply(board, e.move)
        elif isinstance(e, Found):
            solved_at_found += is_solved(board)
            events.append(e)
    assert solved_at_found == len(events) >= 1
    assert board.position() == state.position()


def test_unproven_answers_are_never_complete():
    state = KIND.generate(dict(width=5, height=4, block=2), seed=3)
    assert not solver.provable(state.config)
    result = run(KIND.solve(state), ALL)
    assert result.count == 1 and not result.solutions[0].optimal
    out = KIND.result_json(result)
    assert out["complete"] is False and out["optimal"] is False
    assert result.complete is False  # settled by the kind
    assert KIND.solution_json(result.solutions[0])["optimal"] is False
    assert "not proven" in KIND.describe_result(result)


def test_stop_during_the_optimal_search():
    state = KIND.parse_game_id("4x4n2:5,9,13,8,3,4,11,16,6,2,7,12,15,10,14,1")
    calls = 0

    def stop():
        nonlocal calls
        calls += 1
        return calls > 5

    result = run(KIND.solve(state), FIRST, should_stop=stop)
    assert result.status == STOPPED and result.count == 0


def test_hint_stays_the_quick_reduction():
    big = KIND.parse_game_id("4x4n2:13,9,1,12,8,6,11,14,15,16,4,10,5,7,2,3")
    assert "not proven shortest" in KIND.hint(big).text


# --- the disk cache ---------------------------------------------------------------------------
def test_distance_table_is_cached_on_disk_and_checked(monkeypatch):
    config = Config(3, 3, 2, cw_only=True)
    tables._tables.clear()
    built = tables.get(config)
    name = built._cache_name()
    path = diskcache.path_for(name)
    assert path.exists() and str(path).startswith(str(diskcache.folder()))
    tables._tables.clear()
    fills = []
    original = tables._PermTable.fill
    monkeypatch.setattr(tables._PermTable, "fill", lambda self: (fills.append(1), (yield from original(self)))[1])
    again = tables.get(config)
    assert not fills and again.max_distance == 15 and again.size == 362880
    # a corrupt file is noticed and rebuilt
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF
    path.write_bytes(bytes(data))
    tables._tables.clear()
    third = tables.get(config)
    assert fills == [1] and third.max_distance == 15
    # a truncated file, or one for another version, is rebuilt too
    path.write_bytes(path.read_bytes()[:-100])
    assert diskcache.load(name, built._cache_meta()) is None
    assert diskcache.load(name, {**built._cache_meta(), "version": -1}) is None


def test_pattern_database_round_trip(tmp_path):
    space = pdb.Space(Config(2, 3, 2, oriented=True))
    db = pdb.PatternDB(space, (0, 1, 2))
    for _ in db.build():
        pass
    fresh = pdb.PatternDB(space, (0, 1, 2))
    assert fresh.load() and (fresh.dist == db.dist).all()
    other = pdb.PatternDB(space, (0, 1, 3))
    assert not other.load()


def test_store_is_atomic_and_leaves_nothing_behind():
    import numpy as np

    assert diskcache.store("probe", {"v": 1}, {"a": np.arange(10)})
    assert diskcache.load("probe", {"v": 1})["a"].tolist() == list(range(10))
    assert [p.name for p in diskcache.folder().iterdir()] == ["probe.cache"]
