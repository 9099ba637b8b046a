"""Kurosu plays as Tatham's Unruly: his click order, his colours as our symbols."""

import shutil
import subprocess

import pytest
from PySide6.QtCore import QPoint, Qt
from qt_helpers import shown

from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.qt.widget import Board

UNRULY = shutil.which("sgt-unruly") or shutil.which("/usr/games/sgt-unruly")
BLACK, WHITE = KIND.parse_game_id("6x6:Azk").at(0, 0), KIND.parse_game_id("6x6:azk").at(0, 0)


@pytest.fixture
def board(qtbot):
    return shown(qtbot, Board(KIND), 360, 360, KIND.parse_game_id("6x6:zl"))


def press(qtbot, board, x, y, button):
    """The move the board asks for on a click, played on its state."""
    cx, cy = board.geometry_now().cell_center(x, y)
    with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
        qtbot.mouseClick(board, button, Qt.NoModifier, QPoint(int(cx), int(cy)))
    move = blocker.args[0]
    board.set_state(KIND.apply(board.state, move), move)
    return board.state.at(x, y)


def test_his_black_is_our_x():
    # an "A" in his IDs places his black, "a" his white (unruly.c); we read them as X and O
    assert (BLACK, WHITE) == (1, 0)


def test_left_click_cycles_empty_black_white_empty(qtbot, board):
    assert [press(qtbot, board, 2, 3, Qt.LeftButton) for _ in range(3)] == [BLACK, WHITE, -1]


def test_right_click_cycles_empty_white_black_empty(qtbot, board):
    assert [press(qtbot, board, 2, 3, Qt.RightButton) for _ in range(3)] == [WHITE, BLACK, -1]


def test_middle_click_empties_a_cell_and_then_its_pencil_marks(qtbot, board):
    press(qtbot, board, 1, 1, Qt.LeftButton)
    assert press(qtbot, board, 1, 1, Qt.MiddleButton) == -1
    board.set_state(KIND.apply(board.state, ("mark", 4, 4, 3)))
    press(qtbot, board, 4, 4, Qt.MiddleButton)
    assert board.state.mark_at(4, 4) == 0


def test_middle_click_on_a_given_is_refused_with_a_sentence(qtbot):
    board = shown(qtbot, Board(KIND), 360, 360, KIND.parse_game_id("6x6:Azk"))
    cx, cy = board.geometry_now().cell_center(0, 0)
    with qtbot.assertNotEmitted(board.moveRequested), qtbot.waitSignal(board.statusMessage) as blocker:
        qtbot.mouseClick(board, Qt.MiddleButton, Qt.NoModifier, QPoint(int(cx), int(cy)))
    assert "given" in blocker.args[0]


def test_help_page_says_the_order():
    assert "middle-click empties" in KIND.controls and "Unruly" in KIND.controls


@pytest.mark.skipif(UNRULY is None, reason="Tatham's sgt-unruly is not installed (apt-get install sgt-puzzles)")
def test_his_program_draws_an_A_black_and_an_a_white(tmp_path):
    """His own printouts: the first square of 6x6:Azk is filled whole (black); that of
    6x6:azk gets a small ring (white)."""
    first = {}
    for letter in "Aa":
        done = subprocess.run(
            [UNRULY, "--print", "1x1"], input=f"6x6:{letter}zk\n", capture_output=True, text=True,
            timeout=60, cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        body = done.stdout.split("%%EndProlog", 1)[1]
        # what is drawn in the first square, after its outline and up to its first fill
        first[letter] = body.split(" setgray stroke", 1)[1].split(" fill", 1)[0]
    assert "rlineto" in first["A"] and "arc" not in first["A"]
    assert "arc" in first["a"]
