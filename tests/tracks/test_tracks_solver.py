"""Tracks solver: every solution of the seed board, Tatham IDs, traces, hints, and a
cross-check against an independent brute force on random small boards."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tracks_helpers import SEED_ARTICLE_PATH, SEED_MESSAGE, brute_force, flip, tatham_ids

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, NO_SOLUTION, STOPPED, UNIQUE, Found, Progress, Step, run
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.generator import counts_of, lay_path
from puzzlegui.kinds.tracks.model import direction, edge_key, initial_state, make_puzzle, path_edges

# The seed board's second solution (y from the top).  An independent depth-first search
# over every simple path from A to B (tracks_helpers.brute_force, 169 s on this board, too
# slow for CI) found exactly these two paths; the solver must find both and no others.
SECOND_PATH = (
    (0, 5), (0, 4), (0, 3), (1, 3), (1, 2), (1, 1), (2, 1), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2),
    (4, 3), (5, 3), (5, 2), (5, 1), (6, 1), (6, 2), (7, 2), (7, 1), (7, 0), (8, 0), (8, 1), (8, 2),
    (8, 3), (8, 4), (8, 5), (9, 5), (10, 5), (11, 5), (12, 5), (12, 4), (12, 3), (12, 2), (11, 2),
    (10, 2), (9, 2), (9, 1), (10, 1), (10, 0), (11, 0), (12, 0), (13, 0), (13, 1), (14, 1), (14, 2),
    (15, 2), (15, 1), (15, 0),
)


@pytest.fixture(scope="module")
def seed():
    return load_builtin("tracks-mums-2008").state


def test_seed_has_exactly_two_solutions_spelling_the_same_message(seed):
    result = run(KIND.solve(KIND.solve_start(seed)), mode=ALL)
    assert result.complete and result.count == 2
    paths = {s.path for s in result.solutions}
    assert paths == {tuple(flip(c) for c in SEED_ARTICLE_PATH), SECOND_PATH}
    for s in result.solutions:
        assert s.message == SEED_MESSAGE
        out = KIND.solution_json(s)
        assert out["path"][0] == [0, 5] and out["path"][-1] == [15, 0]
        assert out["message"] == SEED_MESSAGE
    assert KIND.result_json(result) == {"messages_agree": True, "message": SEED_MESSAGE}
    text = KIND.describe_result(result)
    assert "Exactly 2 solutions" in text and "All 2 paths spell the same message" in text
    assert run(KIND.solve(seed), mode=UNIQUE).unique is False


def test_solutions_are_really_solutions(seed):
    for sol in run(KIND.solve(seed)).solutions:
        state = seed
        for m in KIND.solution_moves(seed, sol):
            state = KIND.apply(state, m)
        assert KIND.is_solved(state) and state.message() == SEED_MESSAGE


@pytest.mark.parametrize(
    "name, level",
    [
        ("tatham-8x8-easy.txt", 0),
        ("tatham-10x10-tricky.txt", 1),
        ("tatham-6x12-tricky.txt", 1),
        ("tatham-15x10-hard.txt", 2),
        ("tatham-15x15-hard.txt", 2),
        ("tatham-25x25-hard.txt", 2),
    ],
)
def test_tatham_puzzles_solve_uniquely_and_within_their_grade(name, level):
    grades = []
    for gid in tatham_ids(name):
        state = KIND.parse_game_id(gid)
        p = state.puzzle
        result = run(KIND.solve(state), mode=ALL)
        assert result.complete and result.count == 1, gid
        path = result.solutions[0].path
        assert path[0] == p.start and p.start[0] == 0
        assert path[-1] == p.finish and p.finish[1] == p.height - 1
        assert result.solutions[0].message is None
        grade = tsolver.grade(p)
        assert grade is not None and grade <= level  # our rules are at least as strong
        grades.append(grade)
    if level == 2:
        assert 2 in grades  # some of Tatham's hard puzzles need the hard rules


def test_no_solution_is_proven():
    p = make_puzzle(4, 4, [2, 0, 0, 2], [1, 1, 1, 1], (0, 0), (3, 3))
    result = run(KIND.solve(initial_state(p)))
    assert result.status == NO_SOLUTION and result.complete
    assert "No solution" in KIND.describe_result(result)


def test_trace_replays_on_the_board(seed):
    """Applying the traced moves in order shows exactly what the search holds: at every
    solution the board is that solution, and at the end everything is taken up again."""
    start = KIND.solve_start(seed)
    board = {"state": start, "actions": set()}
    found = []

    def on_step(step):
        assert isinstance(step, Step)
        board["actions"].add(step.action)
        board["state"] = KIND.apply(board["state"], step.move)

    def on_found(sol):
        assert KIND.is_solved(board["state"])
        assert board["state"].path_from_start == sol.path
        found.append(sol)

    result = run(KIND.solve(start, trace=True), on_step=on_step, on_found=on_found)
    assert result.complete and len(found) == 2
    assert board["state"] == start
    assert {"try", "deduce", "backtrack"} <= board["actions"]


def test_untraced_solve_yields_no_steps_and_stops_when_asked(seed):
    events = list(KIND.solve(seed))
    assert not any(isinstance(e, Step) for e in events)
    assert sum(isinstance(e, Found) for e in events) == 2
    assert isinstance(events[-1], Progress)
    calls = []
    result = run(KIND.solve(seed, trace=True), should_stop=lambda: calls.append(1) or len(calls) > 3)
    assert result.status == STOPPED


def test_solution_steps_lay_the_path_cell_by_cell(seed):
    sol = run(KIND.solve(seed)).solutions[0]
    steps = KIND.solution_steps(seed, sol)
    assert len(steps) == len(sol.path) - 1
    state = seed
    for k, step in enumerate(steps):
        assert step.cells == (sol.path[k + 1],)
        state = KIND.apply(state, step.move)
        assert state.path_from_start == sol.path[: k + 2]
    assert KIND.is_solved(state)


def test_solve_starts_from_the_given_state(seed):
    sol = tuple(flip(c) for c in SEED_ARTICLE_PATH)
    a, b = sol[22], sol[23]  # where the two solutions differ: (8, 1) -> (9, 1)
    s = KIND.apply(seed, ("edge", *a, *b, 1))
    result = run(KIND.solve(s))
    assert result.complete and [x.path for x in result.solutions] == [sol]


def test_hints(seed):
    h = KIND.hint(seed)
    assert h is not None and h.move is not None and h.text.endswith(".")
    after = KIND.apply(seed, h.move)
    assert run(KIND.solve(after), mode=UNIQUE).count >= 1  # a hint never breaks the puzzle
    # a wrong piece of track is pointed out (and left for the player to take up)
    wrong = KIND.apply(seed, ("edge", 2, 4, 3, 4, 1))
    h = KIND.hint(wrong)
    assert h.move is None
    assert "between column 3, row 5 and column 4, row 5 is not part of the solution" in h.text and set(h.cells) == {(2, 4), (3, 4)}
    # a mark on the track is pointed out too
    h = KIND.hint(KIND.apply(seed, ("mark", 0, 4, 1)))
    assert h.move is None and h.cells == ((0, 4),) and "remove its no-track mark" in h.text
    # following hints solves a Tatham puzzle
    state = KIND.parse_game_id(tatham_ids("tatham-8x8-easy.txt")[0])
    for _ in range(200):
        h = KIND.hint(state)
        if h is None:
            break
        state = KIND.apply(state, h.move)
    assert KIND.is_solved(state)


def _random_puzzle(rnd: random.Random, w, h, split, blanks, pieces, stubs):
    path, start_edge, finish_edge = lay_path(rnd, w, h, split)
    if not stubs:
        start_edge = finish_edge = None
    split_col = w // 2 if split else None
    cols, rows, right = counts_of(path, w, h, split_col)
    for _ in range(blanks):
        which = rnd.choice(["c", "r"] + (["rr"] if split else []))
        lst = {"c": cols, "r": rows, "rr": right}[which]
        lst[rnd.randrange(len(lst))] = None
    fixed = []
    for _ in range(pieces):
        k = rnd.randrange(1, len(path) - 1) if len(path) > 2 else None
        if k is None:
            break
        c = path[k]
        fixed.append((c, direction(c, path[k - 1]) | direction(c, path[k + 1])))
    fixed = list(dict(fixed).items())
    p = make_puzzle(
        w, h, cols, rows, path[0], path[-1], split=split_col, rows_right=right,
        start_edge=start_edge, finish_edge=finish_edge, fixed=fixed,
    )
    return p, tuple(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    w=st.integers(4, 5),
    h=st.integers(4, 5),
    split=st.booleans(),
    blanks=st.integers(0, 2),
    pieces=st.integers(0, 2),
    stubs=st.booleans(),
)
def test_solver_agrees_with_brute_force(seed, w, h, split, blanks, pieces, stubs):
    p, path = _random_puzzle(random.Random(seed), w, h, split, blanks, pieces, stubs)
    expected = set(brute_force(p))
    assert path in expected
    result = run(tsolver.solve(p), max_solutions=None)
    assert result.complete
    got = [s.path for s in result.solutions]
    assert len(got) == len(set(got))  # each solution found once
    assert set(got) == expected
    # every deduction of every level holds in every solution
    for level in (tsolver.EASY, tsolver.TRICKY, tsolver.HARD):
        eng = tsolver.Engine(p, level)
        eng.place_givens()
        eng.deduce()
        for sol in expected:
            edges = set(path_edges(sol))
            cells = set(sol)
            for e in range(eng.E):
                if eng.es[e] != tsolver.UNK:
                    assert (edge_key(*eng.edge_cells(e)) in edges) == (eng.es[e] == tsolver.YES)
            for i in range(eng.N):
                if eng.cs[i] != tsolver.UNK:
                    assert (eng.cell(i) in cells) == (eng.cs[i] == tsolver.YES)


def test_every_level_accepts_the_true_path_on_bigger_boards():
    """Laying the true path and deducing never finds a contradiction, at every level, on
    boards with split rows, blanks, stubs and given pieces."""
    rnd = random.Random(7)
    for _ in range(40):
        p, path = _random_puzzle(rnd, rnd.randint(5, 12), rnd.randint(5, 12), rnd.random() < 0.5, 1, 1, True)
        for level in (tsolver.EASY, tsolver.TRICKY, tsolver.HARD):
            eng = tsolver.Engine(p, level)
            eng.place_givens()
            for a, b in path_edges(path):
                eng.set_edge(eng.edge_between(a[1] * p.width + a[0], b[1] * p.width + b[0]), tsolver.YES, "t", None)
            eng.deduce()
            assert eng.solved and eng.path() == path
