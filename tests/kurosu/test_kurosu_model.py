"""Moves, the rule check and completion."""

import subprocess
import sys

import pytest
from kurosu_data import SEED_PUZZLES, rows

from puzzlegui.core.history import Batch, History
from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.kurosu import KIND, KurosuState


@pytest.fixture
def puzzle():
    return KIND.parse_text(rows(SEED_PUZZLES["01"][0]))


def test_moves_make_new_states_and_leave_the_old_alone(puzzle):
    after = KIND.apply(puzzle, ("set", 0, 0, 1))
    assert after.at(0, 0) == 1 and puzzle.at(0, 0) == -1
    assert after != puzzle and KIND.apply(after, ("set", 0, 0, -1)) == puzzle
    marked = KIND.apply(puzzle, ("mark", 1, 0, 3))
    assert marked.mark_at(1, 0) == 3 and marked.cells == puzzle.cells
    # a symbol keeps the pencil marks underneath; emptying the cell shows them again
    placed = KIND.apply(marked, ("set", 1, 0, 0))
    assert KIND.apply(placed, ("set", 1, 0, -1)).mark_at(1, 0) == 3
    cleared = KIND.apply(KIND.apply(after, ("set", 1, 0, 0)), ("clear", ((0, 0), (1, 0))))
    assert cleared == puzzle


@pytest.mark.parametrize("move,words", [
    (("set", 3, 0, 1), "given and cannot change"),
    (("set", 6, 0, 1), "outside the 6x6 board"),
    (("set", 0, 0, 2), "holds X \\(1\\), O \\(0\\) or nothing"),
    (("set", 0, 0, True), "holds X"),
    (("mark", 3, 0, 1), "given; it takes no pencil marks"),
    (("mark", 0, 0, 4), "0 to 3"),
    (("clear", ((3, 0),)), "given and cannot be emptied"),
    (("clear", (3,)), "not a cell position"),
    (("flip", 0, 0), "not a Kurosu move"),
    ("set", "not a Kurosu move"),
])
def test_illegal_moves_get_a_sentence(puzzle, move, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.apply(puzzle, move)


def test_setting_a_given_to_its_own_value_changes_nothing(puzzle):
    assert KIND.apply(puzzle, ("set", 3, 0, 0)) is puzzle


def test_check_finds_triples_quotas_and_copies():
    state = KIND.parse_text("111...\n0.0.0.\n......\n......\n......\n......")
    reasons = [v.reason for v in KIND.check(state)]
    assert "Row 1: 3 X in a row." in reasons
    assert "Row 2 has 4 O; it holds 3." not in reasons
    state = KIND.parse_text("1111..\n0.000.\n......\n......\n......\n......")
    found = {v.reason: v.cells for v in KIND.check(state)}
    assert found["Row 1: 4 X in a row."] == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert found["Row 1 has 4 X; it holds 3."] == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert found["Row 2 has 4 O; it holds 3."] == ((0, 1), (2, 1), (3, 1), (4, 1))
    dup = KIND.parse_text("# rule: unique\n110100\n110100\n......\n......\n......\n......")
    (copy,) = [v for v in KIND.check(dup) if "same" in v.reason]
    assert copy.reason == "Row 1 and row 2 are the same." and len(copy.cells) == 12
    assert not [v for v in KIND.check(KurosuState.new(6, 6, dup.givens)) if "same" in v.reason]
    # columns too
    col = KIND.parse_text("1.....\n1.....\n1.....\n......\n......\n......")
    assert [v.reason for v in KIND.check(col)] == ["Column 1: 3 X in a row."]


def test_solved_only_when_full_and_legal(puzzle):
    solution = SEED_PUZZLES["01"][1]
    history = History(KIND, puzzle)
    moves = [("set", i % 6, i // 6, int(ch)) for i, ch in enumerate(solution) if puzzle.givens[i] < 0]
    history.push(Batch(tuple(moves[:-1]), "most"))
    assert not KIND.is_solved(history.state)
    history.push(moves[-1])
    assert KIND.is_solved(history.state)
    wrong = KIND.parse_text("\n".join(["101010"] * 6))  # full, but columns of six alike
    assert not KIND.is_solved(wrong)


def test_moves_survive_a_save_file(puzzle):
    history = History(KIND, puzzle)
    for m in [("set", 0, 0, 1), ("mark", 1, 0, 2), ("clear", ((0, 0),))]:
        history.push(m)
    again = History(KIND, puzzle)
    again.replay_json(history.moves_json())
    assert again.state == history.state
    assert KIND.move_from_json(["clear", [[0, 0]]]) == ("clear", ((0, 0),))


def test_the_engine_modules_do_not_import_qt():
    code = (
        "import sys, puzzlegui.kinds.kurosu as k\n"
        "from puzzlegui.kinds.kurosu import codec, engine, generator, kind, lines, logic, model, solver\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_apply_all_is_the_moves_applied_one_by_one():
    """A Batch (a solution applied as one step) edits the board once; the state after
    it must be exactly that of its moves in turn, marks, clears and given cells too."""
    import random

    rnd = random.Random(7)
    givens = [-1] * 36
    givens[0], givens[7] = 1, 0
    start = KurosuState.new(6, 6, givens)
    moves = []
    for _ in range(300):
        x, y = rnd.randrange(6), rnd.randrange(6)
        if (x, y) in ((0, 0), (1, 1)):
            moves.append(("set", x, y, givens[y * 6 + x]))  # a given's own value: allowed
            continue
        verb = rnd.choice(["set", "set", "mark", "clear"])
        if verb == "set":
            moves.append(("set", x, y, rnd.choice([-1, 0, 1])))
        elif verb == "mark":
            moves.append(("mark", x, y, rnd.randrange(4)))
        else:
            moves.append(("clear", ((x, y), (rnd.randrange(2, 6), rnd.randrange(2, 6)))))
    one_by_one = start
    for move in moves:
        one_by_one = KIND.apply(one_by_one, move)
    assert KIND.apply_all(start, moves) == one_by_one
    assert one_by_one != start
    history = History(KIND, start)
    assert history.push(Batch(tuple(moves), "solution")) == one_by_one
    # nothing changed: the very same state, as apply gives
    assert KIND.apply_all(start, [("set", 0, 0, 1), ("mark", 3, 3, 0)]) is start


def test_apply_all_refuses_the_batch_at_its_first_illegal_move():
    start = KurosuState.new(4, 4, [1] + [-1] * 15)
    with pytest.raises(PuzzleError, match="given"):
        KIND.apply_all(start, [("set", 1, 0, 0), ("set", 0, 0, 0)])
    with pytest.raises(PuzzleError, match="outside"):
        KIND.apply_all(start, [("set", 1, 0, 0), ("set", 9, 0, 0)])
    history = History(KIND, start)
    with pytest.raises(PuzzleError):
        history.push(Batch((("set", 1, 0, 0), ("mark", 0, 0, 1)), "bad"))
    assert history.state is start and not history.can_undo
