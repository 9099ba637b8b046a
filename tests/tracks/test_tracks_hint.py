"""Tracks hints that explain themselves: named deductions (explain.py) whose moves every
solution agrees with, sentences with 1-based rows and columns, and the honest last resort."""

import pytest
from tracks_helpers import tatham_ids

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, UNIQUE, run
from puzzlegui.kinds.tracks import KIND, explain
from puzzlegui.kinds.tracks.model import make_puzzle, initial_state, path_edges

NAMES = {"count full", "dead end", "entry", "exit", "forced", "no loop", "early finish", "count needs all"}
READ_OFF = "No simple deduction applies here; this is read off the solution"


def solutions(state):
    result = run(KIND.solve(KIND.initial(state)), ALL, time_limit=60)
    assert result.complete
    return result.solutions


def in_every(move, sols):
    if move[0] == "edge":
        e = explain.edge_of(move)
        return all(e in set(path_edges(s.path)) for s in sols)
    assert move[0] == "mark" and move[3] == 1
    return all((move[1], move[2]) not in set(s.path) for s in sols)


@pytest.mark.parametrize(
    "source",
    ["mums"] + [f"{name}#{i}" for name in ("tatham-8x8-easy.txt", "tatham-10x10-tricky.txt", "tatham-6x12-tricky.txt")
                for i in range(2)],
)
def test_every_deduction_agrees_with_every_solution(source):
    if source == "mums":
        state = load_builtin("tracks-mums-2008").state  # two solutions
    else:
        name, i = source.split("#")
        state = KIND.parse_game_id(tatham_ids(name)[int(i)])
    sols = solutions(state)
    made = 0
    while (found := KIND.sure_move(state)) is not None:
        name, hint = found
        assert name in NAMES
        assert in_every(hint.move, sols), hint.text
        assert hint.text.endswith(".") and "row " in hint.text and "column " in hint.text
        state = KIND.apply(state, hint.move)
        assert not KIND.check(state)
        made += 1
    assert made > 0


def test_hint_sentences_name_the_deduction():
    # 4x4: A top left, B bottom left, the track runs round the outside
    p = make_puzzle(4, 4, (2, 2, 2, 4), (4, 1, 1, 4), (0, 0), (0, 3))
    state = initial_state(p)
    assert run(KIND.solve(state), UNIQUE).count == 1
    # column 1 holds A and B: its count of 2 is full, so its middle cells are empty
    name, hint = KIND.sure_move(state)
    assert name == "count full" and hint.move == ("mark", 0, 1, 1)
    assert hint.text == "Column 1 already has its 2 track cells, so the cell at column 1, row 2 is empty."
    assert hint.cells[0] == (0, 1) and set(hint.cells[1:]) == {(0, 0), (0, 3)}
    shown = KIND.hint(state)  # the hint names the deduction and its level
    assert (shown.move, shown.cells) == (hint.move, hint.cells)
    assert shown.text == f"Count full (Easy): {hint.text}"
    assert run(KIND.solve(KIND.apply(state, hint.move)), UNIQUE).count == 1
    # column 4 needs every cell; its top one has two open sides, so it runs to both
    name, hint = next(explain._count_needs_all(explain.Board(state)))
    assert name == "count needs all"
    assert hint.text == (
        "Column 4 needs 4 more track cells and has exactly 4 free cells that could carry them, so column 4, "
        "row 1 is track; with only two open sides it runs to column 3, row 1 and column 4, row 2."
    )
    assert hint.move == ("edge", 3, 0, 2, 0, 1)


def test_split_rows_and_dead_ends_are_named():
    seed = load_builtin("tracks-mums-2008").state
    name, hint = KIND.sure_move(seed)
    assert name == "count full" and "Row 6's left part already has its 1 track cell" in hint.text
    # a cell walled in on every side (the top edge and three marks) is a dead end
    state = seed
    for c in ((3, 0), (5, 0), (4, 1)):
        state = KIND.apply(state, ("mark", *c, 1))
    board = explain.Board(state)
    name, hint = next(explain._dead_end(board))
    assert name == "dead end" and hint.move == ("mark", 4, 0, 1)
    assert hint.text == "The cell at column 5, row 1 has no open side for the track, so it is empty."


def test_no_loop_is_a_named_reason():
    state = KIND.parse_game_id(tatham_ids("tatham-10x10-tricky.txt")[1])
    sols = solutions(state)
    seen = set()
    while (found := KIND.sure_move(state)) is not None:
        seen.add(found[0])
        if found[0] == "no loop":
            assert "would close a loop" in found[1].text and in_every(found[1].move, sols)
        state = KIND.apply(state, found[1].move)
    assert "no loop" in seen


def _true_of(move, sol) -> bool:
    """A hint's move (track, a cross, a mark or a dot) agrees with the solution."""
    edges = set(path_edges(sol.path))
    if move[0] in ("edge", "block"):
        e = explain.edge_of(("edge",) + tuple(move[1:]))
        return (e in edges) == (move[0] == "edge")
    return ((move[1], move[2]) in set(sol.path)) == (move[0] == "dot")


def test_where_the_easy_sentences_stall_the_hint_takes_tathams_rules_of_the_level():
    state = KIND.parse_game_id(tatham_ids("tatham-10x10-tricky.txt")[2])
    (sol,) = solutions(state)
    while (found := KIND.sure_move(state)) is not None:
        state = KIND.apply(state, found[1].move)
    h = KIND.hint(state)
    assert not h.text.startswith(READ_OFF)
    assert h.text.split(":")[0].endswith(("(Easy)", "(Tricky)")) and _true_of(h.move, sol)
    assert not KIND.is_solved(state)


def test_last_resort_says_it_reads_the_solution():
    # a split board is not one Tatham's program can hold: no rule of his to name
    state = KIND.generate({"width": 10, "height": 6, "split": True, "difficulty": "expert"}, seed=4)
    (sol,) = solutions(state)
    while (found := KIND.sure_move(state)) is not None:
        state = KIND.apply(state, found[1].move)
    h = KIND.hint(state)
    assert h.text.startswith(READ_OFF) and in_every(h.move, [sol])
    assert not KIND.is_solved(state)
