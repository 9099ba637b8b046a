"""Solver tests: the seed's exact facts, traces that replay, reduction on big boards."""


import pytest

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import ALL, FIRST, SOLVED, STOPPED, Step, run
from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.model import Config, goal_state, is_solved
from puzzlegui.kinds.rotation import solver as rsolver
from puzzlegui.kinds.rotation.solver import simplify

QUADRANT = {"Q1": (0, 0), "Q2": (1, 0), "Q3": (0, 1), "Q4": (1, 1)}
# the five 10-move solutions the seed article's 23-second search printed
ARTICLE = [
    "Q2 Q4 Q3 Q4 Q1 Q3 Q1 Q3 Q2 Q3",
    "Q3 Q3 Q4 Q1 Q2 Q2 Q2 Q3 Q3 Q1",
    "Q3 Q3 Q4 Q2 Q1 Q1 Q3 Q3 Q1 Q2",
    "Q3 Q4 Q2 Q1 Q3 Q1 Q3 Q2 Q1 Q3",
    "Q4 Q2 Q3 Q1 Q1 Q2 Q1 Q3 Q1 Q3",
]


def seed():
    return KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")


def replay(state, moves):
    for m in moves:
        state = KIND.apply(state, m)
    return state


def test_seed_fewest_moves_and_every_shortest_sequence():
    state = KIND.solve_start(seed())
    result = run(KIND.solve(state), ALL)
    assert result.status == SOLVED and result.complete
    expected = [[("turn", *QUADRANT[q], "cw") for q in line.split()] for line in ARTICLE]
    assert [list(s.moves) for s in result.solutions] == expected
    for s in result.solutions:
        assert s.optimal and s.shortest_count == 5
        assert is_solved(replay(state, s.moves))
    assert KIND.result_json(result) == {"complete": True, "optimal": True, "length": 10, "shortest_count": 5}
    assert KIND.solution_json(result.solutions[0]) == {
        "moves": [[1, 0, "cw"], [1, 1, "cw"], [0, 1, "cw"], [1, 1, "cw"], [0, 0, "cw"],
                  [0, 1, "cw"], [0, 0, "cw"], [0, 1, "cw"], [1, 0, "cw"], [0, 1, "cw"]],
        "optimal": True,
    }
    assert "Fewest moves: 10" in KIND.describe_result(result)
    assert "5 different shortest sequences" in KIND.describe_result(result)


def test_first_mode_gives_one_and_both_directions_are_shorter():
    result = run(KIND.solve(seed()), FIRST)
    assert result.count == 1 and len(result.solutions[0].moves) == 10
    two_way = KIND.parse_game_id("3x3n2:7,6,5,8,4,9,3,2,1")
    r2 = run(KIND.solve(two_way), ALL)
    assert len(r2.solutions[0].moves) < 10
    assert all(len(s.moves) == len(r2.solutions[0].moves) for s in r2.solutions)
    assert r2.count == r2.solutions[0].shortest_count


def test_solve_starts_from_the_current_position():
    state = KIND.apply(seed(), ("turn", 1, 0, "cw"))  # the first move of an optimal solution
    assert KIND.solve_start(state) is state
    result = run(KIND.solve(KIND.solve_start(state)), ALL)
    assert len(result.solutions[0].moves) == 9
    assert result.count == result.solutions[0].shortest_count


def _replay_trace(state, trace_events):
    board = state
    for e in trace_events:
        if isinstance(e, Step) and e.move is not None:
            board = KIND.apply(board, e.move)
    return board


def test_trace_replays_on_the_board_and_ends_at_each_solution():
    start = seed()
    board = start
    solved_at_found = 0
    events = []
    result = run(
        KIND.solve(start, trace=True),
        ALL,
        on_step=events.append,
        on_found=lambda s: events.append(("found", s)),
    )
    tried = backtracked = 0
    for e in events:
        if isinstance(e, tuple):
            assert is_solved(board)
            solved_at_found += 1
            continue
        if e.action == "try":
            tried += 1
            assert e.move[0] == "turn" and e.cells
        elif e.action == "backtrack":
            backtracked += 1
            assert e.move[0] == "back"
        board = KIND.apply(board, e.move)
    assert solved_at_found == result.count == 5
    assert tried == backtracked  # the walk ends where it began
    assert board.position() == start.position()


def test_solution_steps_light_the_block():
    result = run(KIND.solve(seed()), FIRST)
    steps = KIND.solution_steps(seed(), result.solutions[0])
    assert len(steps) == 10
    assert steps[0].move == ("turn", 1, 0, "cw")
    assert set(steps[0].cells) == {(1, 0), (2, 0), (1, 1), (2, 1)}
    assert "top-right block clockwise" in steps[0].text


@pytest.mark.parametrize(
    "gid",
    [
        "4x4n2:13,9,1,12,8,6,11,14,15,16,4,10,5,7,2,3",
        "4x4n2o:6d12d9u4d7u3d13u11u8u5u10r1r16r15l2d14u",
        "4x4n3:14,4,1,15,10,16,2,6,8,12,9,7,13,3,5,11",
        "5x5n3:17,2,25,8,15,6,1,12,5,10,21,18,19,14,13,24,3,22,11,20,7,16,9,4,23",
        "3x3n2o:4l7r9d6d1u2d8l5r3d",
        "3x3n2r:3,1,2,1,3,2,3,1,2",
    ],
)
def test_twiddle_puzzles_are_solved(gid):
    # the quick solver (reduction; the hint's): the optimal search is tested in test_rotation_optimal
    state = KIND.parse_game_id(gid)
    result = run(rsolver.solve(state), FIRST)
    assert result.status == SOLVED
    sol = result.solutions[0]
    assert is_solved(replay(state, sol.moves))
    assert KIND.result_json(result)["optimal"] == sol.optimal
    assert KIND.result_json(result)["length"] == len(sol.moves)


@pytest.mark.parametrize(
    "params",
    [
        dict(width=5, height=4, block=2, directions="cw"),
        dict(width=4, height=5, block=2, orientation=True, rows_only=True),
        dict(width=2, height=6, block=2, orientation=True),
        dict(width=6, height=3, block=3),
        dict(width=5, height=5, block=3, rows_only=True),
        dict(width=4, height=4, block=3, directions="cw"),
    ],
)
def test_reduction_solves_random_big_boards(params):
    for seed_ in range(3):
        state = KIND.generate(params, seed=seed_)
        events = []
        result = run(rsolver.solve(state, trace=True), FIRST, on_step=events.append)
        sol = result.solutions[0]
        assert is_solved(replay(state, sol.moves))
        # the traced steps, applied in order, also end solved
        assert is_solved(_replay_trace(state, events))


def test_unsupported_board_is_refused_with_a_sentence():
    # (6x6 with 4x4 blocks and 5x5 with 3x3 blocks and arrows are solved now,
    # test_rotation_twiddle.py; arrows on 5x5 blocks and up are not yet)
    state = KIND.generate(dict(width=7, height=7, block=5, orientation=True), seed=3)
    with pytest.raises(PuzzleError, match="arrows"):
        KIND.solve(state)
    assert KIND.hint(state) is None


def test_stop_is_prompt():
    state = KIND.generate(dict(width=4, height=4, block=3, directions="cw"), seed=9)
    calls = 0

    def stop():
        nonlocal calls
        calls += 1
        return calls > 3

    result = run(KIND.solve(state), FIRST, should_stop=stop)
    assert result.status in (STOPPED, SOLVED)


def test_hint_names_a_move_one_closer():
    h = KIND.hint(seed())
    assert h.move == ("turn", 1, 0, "cw")
    assert "9 moves to go" in h.text
    assert set(h.cells) == {(1, 0), (2, 0), (1, 1), (2, 1)}
    assert KIND.hint(goal_state(Config(3, 3, 2))) is None
    big = KIND.parse_game_id("4x4n2:13,9,1,12,8,6,11,14,15,16,4,10,5,7,2,3")
    hb = KIND.hint(big)
    assert "not proven shortest" in hb.text
    KIND.apply(big, hb.move)


def test_simplify_folds_runs():
    both = Config(4, 4, 2)
    cw = Config(4, 4, 2, cw_only=True)
    a = ("turn", 0, 0, "cw")
    b = ("turn", 1, 0, "cw")
    assert simplify(both, [a, a, a]) == [("turn", 0, 0, "ccw")]
    assert simplify(cw, [a, a, a]) == [a, a, a]
    assert simplify(both, [b, a, ("turn", 0, 0, "ccw"), b]) == [b, b]
    assert simplify(cw, [a, a, a, a, b]) == [b]


def test_distance_table_facts():
    from puzzlegui.kinds.rotation import tables

    cw = tables.get(Config(3, 3, 2, cw_only=True))
    both = tables.get(Config(3, 3, 2))
    assert cw.size == both.size == 362880
    assert cw.max_distance == 15 and both.max_distance == 11
    assert KIND.distance(seed()) == 10
