"""Rotation plays as Tatham's Twiddle: left click and Return anticlockwise, right click
and Space clockwise, and a turn carries the tiles round the way it says."""

import pytest
from PySide6.QtCore import QPoint, Qt
from qt_helpers import shown

from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.qt.widget import Board

GOAL = "3x3n2o:1u2u3u4u5u6u7u8u9u"
# the top-left 2x2 block [[1, 2], [4, 5]] a quarter turn anticlockwise is [[2, 5], [1, 4]],
# its arrows pointing left; clockwise it is [[4, 1], [5, 2]], arrows right
ANTICLOCKWISE = "3x3n2o:2l5l3u1l4l6u7u8u9u"
CLOCKWISE = "3x3n2o:4r1r3u5r2r6u7u8u9u"


@pytest.fixture
def board(qtbot):
    return shown(qtbot, Board(KIND), 400, 400, KIND.parse_game_id(GOAL))


def played(qtbot, board, act):
    """The game ID after the move the board asks for when ``act`` runs."""
    with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
        act()
    return KIND.format_game_id(KIND.apply(board.state, blocker.args[0]))


def click(qtbot, board, button):
    p = board.button_pos(0, 0)
    return lambda: qtbot.mouseClick(board, button, Qt.NoModifier, QPoint(round(p.x()), round(p.y())))


def key(qtbot, board, which):
    board.setFocus()
    return lambda: qtbot.keyClick(board, which)


def test_left_click_turns_anticlockwise(qtbot, board):
    assert played(qtbot, board, click(qtbot, board, Qt.LeftButton)) == ANTICLOCKWISE


def test_right_click_turns_clockwise(qtbot, board):
    assert played(qtbot, board, click(qtbot, board, Qt.RightButton)) == CLOCKWISE


def test_return_turns_anticlockwise_and_space_clockwise(qtbot, board):
    assert board.key_cursor == (0, 0)
    assert played(qtbot, board, key(qtbot, board, Qt.Key_Return)) == ANTICLOCKWISE
    assert played(qtbot, board, key(qtbot, board, Qt.Key_Enter)) == ANTICLOCKWISE
    assert played(qtbot, board, key(qtbot, board, Qt.Key_Space)) == CLOCKWISE


def test_return_turns_clockwise_where_buttons_turn_one_way(qtbot, board):
    board.set_state(KIND.parse_game_id("3x3n2c:1,2,3,4,5,6,7,8,9"))
    assert played(qtbot, board, key(qtbot, board, Qt.Key_Return)) == "3x3n2c:4,1,3,5,2,6,7,8,9"


def test_help_page_and_panel_say_so():
    assert "Enter (or A, Backspace) turns anticlockwise and Space (or D) clockwise" in KIND.controls
    assert "Twiddle" in KIND.controls


def test_panel_names_the_keys(qtbot, board):
    assert "Left click or Enter: anticlockwise. Right click or Space: clockwise." in board.panel_texts(build=False)[2]
