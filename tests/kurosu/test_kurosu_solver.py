"""The solver through puzzlegui.core.solver.run: seed facts, counts, grades, traces."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kurosu_data import GRADE, LEVEL, SEED_PUZZLES, rows, unruly_ids

from puzzlegui.core.solver import (
    ALL,
    FIRST,
    NO_SOLUTION,
    SOLVED,
    STOPPED,
    UNIQUE,
    Found,
    Progress,
    Step,
    run,
)
from puzzlegui.kinds.kurosu import KIND, KurosuState
from puzzlegui.kinds.kurosu.engine import Engine, count_boards, narrow_search
from puzzlegui.kinds.kurosu.solver import Solution


def seed_state(day):
    return KIND.parse_text(rows(SEED_PUZZLES[day][0]))


@pytest.mark.parametrize("day", sorted(SEED_PUZZLES))
def test_each_june_2018_puzzle_has_exactly_the_printed_solution(day):
    result = run(KIND.solve(seed_state(day)), mode=UNIQUE)
    assert result.status == SOLVED and result.complete and result.count == 1 and result.unique
    assert "".join(result.solutions[0].rows) == SEED_PUZZLES[day][1]
    # the full search (no early stop) agrees
    assert run(KIND.solve(seed_state(day)), mode=ALL).count == 1


def test_11222_boards_by_solving_the_empty_board_with_all():
    empty = KIND.parse_game_id("6x6:zl")
    assert empty.cells == (-1,) * 36
    result = run(KIND.solve(empty), mode=ALL, max_solutions=20000, keep=None)
    assert result.count == 11222 and result.complete
    assert len({s.rows for s in result.solutions}) == 11222
    for s in result.solutions[:: 997]:
        assert all(r.count("1") == 3 and "111" not in r and "000" not in r for r in s.rows)
        assert KIND.solution_json(s) == {"grid": list(s.rows)}
    # the seed's listing starts and ends with these boards (its rows written MSB first,
    # which is the same set of lines)
    seen = {"".join(s.rows) for s in result.solutions}
    assert "110100110100001011110100001011001011" in seen
    assert "001011001011110100001011110100110100" in seen


def test_counting_boards_by_enumeration():
    assert count_boards(6, 6) == 11222
    assert count_boards(4, 4) == 90
    assert count_boards(4, 6) == count_boards(6, 4) == 642
    assert count_boards(4, 4, unique=True) == 72
    assert count_boards(6, 6, unique=True) == 4140


def test_unique_rule_counts_match_the_search():
    result = run(KIND.solve(KurosuState.new(6, 6, [-1] * 36, unique=True)), mode=ALL, max_solutions=5000)
    assert result.count == 4140 and result.complete
    for s in result.solutions[::411]:
        assert len(set(s.rows)) == 6
        assert len({"".join(r[x] for r in s.rows) for x in range(6)}) == 6


@pytest.mark.parametrize("params,game_id", unruly_ids())
def test_tatham_puzzles_are_unique_and_graded_like_tatham(params, game_id):
    state = KIND.parse_game_id(game_id)
    result = run(KIND.solve(state), mode=UNIQUE)
    assert result.unique
    assert GRADE[result.solutions[0].difficulty] == LEVEL[params[-1]]
    assert KIND.result_json(result) == {"difficulty": result.solutions[0].difficulty}
    assert "Difficulty" in KIND.describe_result(result)


def test_traced_run_of_an_impossible_puzzle_shows_why():
    # row 1: X . X . X .  forces O at (2, 1); column 2's O O below makes it X too
    state = KIND.parse_text("1.1.1.\n.0....\n.0....\n......\n......\n......")
    steps = []
    result = run(KIND.solve(state, trace=True), mode=UNIQUE, on_step=steps.append)
    assert result.status == NO_SOLUTION and result.complete
    assert steps[-1].action == "contradiction" and steps[-1].move is None
    assert steps[-1].text.startswith("No solution: the cell at column 2, row 1 would have to be both X and O")


def test_no_solution_and_several_solutions():
    broken = KIND.parse_text("111...\n......\n......\n......\n......\n......")
    result = run(KIND.solve(broken), mode=UNIQUE)
    assert result.status == NO_SOLUTION and result.complete
    sparse = KIND.parse_text("1.....\n......\n......\n......\n......\n......")
    result = run(KIND.solve(sparse), mode=UNIQUE)
    assert result.count == 2 and result.unique is False
    assert KIND.result_json(result) == {}


def _random_puzzle(rnd, w, h, unique):
    """Givens taken from a random legal board, some cells flipped to make puzzles with
    no solution too."""
    eng = Engine(w, h, unique)
    board = eng.random_full(rnd)
    cells = eng.cells(board)
    out = [v if rnd.random() < 0.35 else -1 for v in cells]
    if rnd.random() < 0.3:
        i = rnd.randrange(len(out))
        out[i] = 1 - cells[i]
    return KurosuState.new(w, h, out, unique)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (6, 6), (4, 8), (8, 6), (6, 10)]), st.booleans())
def test_line_search_and_cell_search_find_the_same_solutions(seed, size, unique):
    rnd = random.Random(seed)
    w, h = size
    if unique and min(w, h) == 4 and max(w, h) > 6:
        return
    state = _random_puzzle(rnd, w, h, unique)
    eng = Engine(w, h, unique)
    st0 = eng.board(state.cells)
    if not eng.close(st0):
        return
    by_lines = {e for e in narrow_search(eng, list(st0)) if type(e) is tuple}
    by_cells = {eng.rows_text(e) for e in eng.search(list(st0)) if type(e) is list}
    plain = [eng.rows_text(e) for e in eng.search(list(st0), lookahead=0) if type(e) is list]
    assert by_lines == by_cells == set(plain) and len(plain) == len(by_cells)
    if plain:  # led by a known solution: that one first, then the same others
        first = min(plain)
        known = eng.board([int(c) for row in first for c in row])
        led = [eng.rows_text(e) for e in eng.search(list(st0), lookahead=0, known=known) if type(e) is list]
        assert led[0] == first and sorted(led) == sorted(plain)
    for board in by_lines:
        solved = state
        for m in KIND.solution_moves(state, Solution(board)):
            solved = KIND.apply(solved, m)
        assert KIND.is_solved(solved)


def test_progress_is_reported_and_stop_answers_at_the_next_event():
    """Progress events come while a long search runs, and a stop request ends the run
    at the very next event: no further event is pulled and the solver is closed."""
    pulled = []
    closed = []

    def watched(events):
        try:
            for event in events:
                pulled.append(event)
                yield event
        finally:
            closed.append(True)

    seen = []
    found = []
    asked = []  # events pulled when the stop was first requested

    def should_stop():
        # the user presses Stop once the search has reported progress and a solution
        if asked or (len(seen) >= 3 and found):
            if not asked:
                asked.append(len(pulled))
            return True
        return False

    events = watched(KIND.solve(KIND.parse_game_id("20x20:" + "z" * 16 + "a")))
    result = run(events, mode=ALL, max_solutions=None, should_stop=should_stop,
                 on_progress=seen.append, on_found=found.append)
    assert result.status == STOPPED and not result.complete
    assert result.count == len(found) > 0
    assert len(seen) >= 3 and seen == sorted(seen) and seen[-1] > 0  # node counts grow
    assert asked and len(pulled) == asked[0]  # nothing was pulled after the request
    assert closed  # the solver's generator was closed, so its clean-up ran


def test_solver_yields_only_protocol_events_and_found_as_found():
    events = list(KIND.solve(seed_state("05")))
    assert all(type(e) in (Progress, Found) for e in events)
    assert sum(type(e) is Found for e in events) == 1


def test_grades_follow_the_rules_needed():
    assert run(KIND.solve(seed_state("12")), mode=UNIQUE).solutions[0].difficulty == "trivial"
    assert run(KIND.solve(seed_state("01")), mode=UNIQUE).solutions[0].difficulty == "normal"
    # a hard puzzle needs search: the rules alone stall
    hard = KIND.generate({"width": 8, "height": 8, "difficulty": "hard"}, seed=4)
    result = run(KIND.solve(hard), mode=UNIQUE)
    assert result.unique and result.solutions[0].difficulty == "hard"
    eng = Engine(8, 8)
    board = eng.board(hard.givens)
    assert eng.close(board) and not eng.is_full(board)


def test_traced_search_shows_guesses_backtracks_and_reproduces_the_board():
    hard = KIND.generate({"width": 8, "height": 8, "difficulty": "hard"}, seed=4)
    steps = []
    result = run(KIND.solve(hard, trace=True), mode=UNIQUE, on_step=steps.append)
    assert result.unique
    actions = {s.action for s in steps}
    assert {"deduce", "guess", "backtrack"} <= actions
    state = hard
    for s in steps:
        assert isinstance(s, Step)
        if s.move is not None:
            state = KIND.apply(state, s.move)
    # the last steps walk back from the failed branch; replaying up to the first
    # solution's last placement shows the solved board
    state = hard
    for s in steps:
        if s.move is not None:
            state = KIND.apply(state, s.move)
        if KIND.is_solved(state):
            break
    assert KIND.is_solved(state)
    assert "".join(state.rows()) == "".join(result.solutions[0].rows)
    deduce = next(s for s in steps if s.action == "deduce")
    assert deduce.cells and ":" in deduce.text
    guess = next(s for s in steps if s.action == "guess")
    assert guess.text.startswith("Guess") and guess.move[0] == "set"


def test_traced_run_of_a_logic_puzzle_names_its_rules():
    steps = []
    run(KIND.solve(seed_state("01"), trace=True), mode=FIRST, on_step=steps.append)
    assert steps and all(s.action == "deduce" for s in steps)
    assert len(steps) == SEED_PUZZLES["01"][0].count(".")
    titles = {s.text.split(":")[0].split(" (")[0] for s in steps}
    assert titles <= {"Pair", "Gap", "Last cell", "Quota", "Window", "Exclusion", "No copies", "Line analysis"}


def test_the_search_branches_on_the_most_constrained_cell():
    """The line with the fewest empty cells, then the cell whose crossing line has the
    fewest, then reading order."""
    eng = Engine(6, 6)
    board = [-1] * 36
    for x in (0, 2, 3, 5):  # row 3 has two empty cells, at x = 1 and 4
        board[2 * 6 + x] = x % 2
    for y in (0, 1, 3):  # column 5 has three empty cells left, column 2 has six
        board[y * 6 + 4] = y % 2
    assert eng.choose(eng.board(board)) == (4, 2)
    board[2 * 6 + 4] = 0  # now row 3's one empty cell is the only choice
    assert eng.choose(eng.board(board)) == (1, 2)
    # rows 1, 2 and columns 1, 2 with four empty cells each, every one of their cells
    # crossing a line of six: the first in reading order
    ties = [-1] * 36
    for x in (0, 1):
        ties[x] = ties[6 + x] = 1 - x
    assert eng.choose(eng.board(ties)) == (2, 0)
    assert eng.choose(eng.board([0, 1] * 18)) is None
