"""The board widget: clicks, keys, pencil marks, drawing and animation (pytest-qt)."""

import pytest
from kurosu_data import SEED_PUZZLES, rows
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from qt_helpers import shown

from puzzlegui.kinds.kurosu import KIND
from puzzlegui.qtkit import theme
from puzzlegui.kinds.kurosu.qt.widget import Board


@pytest.fixture
def puzzle():
    # row 1: ...0.1  -> (3, 0) and (5, 0) are given
    return KIND.parse_text(rows(SEED_PUZZLES["01"][0]))


@pytest.fixture
def board(qtbot, puzzle):
    return shown(qtbot, Board(KIND), 530, 530, puzzle)  # cells of ~54 px, with the lines' room kept


def centre(board, x, y):
    cx, cy = board.geometry_now().cell_center(x, y)
    return QPoint(int(cx), int(cy))


def corner(board, x, y):
    """A point inside the cell but clear of its symbol."""
    left, top, size, _ = board.geometry_now().cell_rect(x, y)
    return QPoint(int(left + size * 0.12), int(top + size * 0.5))


def click(qtbot, board, x, y, button=Qt.LeftButton, modifier=Qt.NoModifier):
    with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
        qtbot.mouseClick(board, button, modifier, centre(board, x, y))
    return blocker.args[0]


def play(board, move):
    board.set_state(KIND.apply(board.state, move), move, animate=True)


def test_click_cycles_empty_x_o_empty(qtbot, board):
    move = click(qtbot, board, 0, 0)
    assert move == ("set", 0, 0, 1)
    play(board, move)
    move = click(qtbot, board, 0, 0)
    assert move == ("set", 0, 0, 0)
    play(board, move)
    assert click(qtbot, board, 0, 0) == ("set", 0, 0, -1)
    assert board.state.at(0, 0) == 0  # the board never changes the state itself


def test_right_click_cycles_the_other_way(qtbot, board):
    move = click(qtbot, board, 1, 0, Qt.RightButton)
    assert move == ("set", 1, 0, 0)
    play(board, move)
    assert click(qtbot, board, 1, 0, Qt.RightButton) == ("set", 1, 0, 1)


def test_given_cells_refuse_with_a_sentence(qtbot, board):
    with qtbot.assertNotEmitted(board.moveRequested), qtbot.waitSignal(board.statusMessage, timeout=1000) as blocker:
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, 3, 0))
    assert blocker.args[0] == "Column 4, row 1 is given and cannot change."


def test_shift_click_toggles_pencil_marks(qtbot, board):
    move = click(qtbot, board, 0, 0, Qt.LeftButton, Qt.ShiftModifier)
    assert move == ("mark", 0, 0, 1)
    play(board, move)
    assert click(qtbot, board, 0, 0, Qt.RightButton, Qt.ShiftModifier) == ("mark", 0, 0, 3)
    assert click(qtbot, board, 0, 0, Qt.LeftButton, Qt.ShiftModifier) == ("mark", 0, 0, 0)


def test_keyboard_cursor_and_keys(qtbot, board):
    board.setFocus()
    board.cursor = (0, 0)
    qtbot.keyClick(board, Qt.Key_Right)
    qtbot.keyClick(board, Qt.Key_Down)
    assert board.cursor == (1, 1)
    qtbot.keyClick(board, Qt.Key_Left)
    qtbot.keyClick(board, Qt.Key_Left)  # stops at the edge
    qtbot.keyClick(board, Qt.Key_Up)
    qtbot.keyClick(board, Qt.Key_Up)
    assert board.cursor == (0, 0)
    for key, value in ((Qt.Key_X, 1), (Qt.Key_1, 1), (Qt.Key_O, 0), (Qt.Key_0, 0)):
        board.set_state(KIND.initial(board.state))
        with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
            qtbot.keyClick(board, key)
        assert blocker.args[0] == ("set", 0, 0, value)
    play(board, ("set", 0, 0, 1))
    for key in (Qt.Key_Space, Qt.Key_Backspace, Qt.Key_Delete):
        with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
            qtbot.keyClick(board, key)
        assert blocker.args[0] == ("set", 0, 0, -1)


def test_pencil_mode_key_and_panel(qtbot, board):
    board.setFocus()
    board.cursor = (0, 0)
    panel = board.side_panel()
    with qtbot.waitSignal(board.statusMessage, timeout=1000):
        qtbot.keyClick(board, Qt.Key_P)
    assert board.pencil_mode and panel.pencil.isChecked()
    with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
        qtbot.keyClick(board, Qt.Key_O)
    assert blocker.args[0] == ("mark", 0, 0, 2)
    panel.pencil.setChecked(False)
    assert not board.pencil_mode
    assert "Empty cells: 23" in panel.info.text()


def test_input_is_ignored_while_not_interactive(qtbot, board):
    board.set_interactive(False)
    with qtbot.assertNotEmitted(board.moveRequested):
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, 0, 0))
        qtbot.keyClick(board, Qt.Key_X)


def test_placements_animate_and_finish(qtbot, board):
    board.animation_ms = 120
    play(board, ("set", 0, 0, 1))
    assert board.is_animating()
    board.grab()  # paints mid-animation
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)
    assert board._fades == []


def colour_at(board, point):
    return QColor(board.grab().toImage().pixel(point))


def close(a: QColor, b: QColor, tolerance=40):
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_givens_and_player_cells_look_different(qtbot, board):
    play(board, ("set", 0, 0, 1))
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)
    assert close(colour_at(board, corner(board, 3, 0)), QColor(theme.GIVEN_TILE), 8)
    assert close(colour_at(board, corner(board, 0, 0)), QColor(theme.PAPER), 8)


def test_live_mistakes_and_hint_highlight_are_drawn(qtbot, board):
    for move in (("set", 0, 0, 0), ("set", 1, 0, 0), ("set", 2, 0, 0)):
        board.set_state(KIND.apply(board.state, move))
    assert any(v.reason == "Row 1: 4 O in a row." for v in board._live)  # with the given O
    red = colour_at(board, corner(board, 1, 0))
    assert red.red() > red.green() + 20  # pink, where the paper is near white
    plain = colour_at(board, corner(board, 1, 3))
    assert plain.red() < plain.green() + 10
    assert "O in a row" in board.side_panel().info.text()
    board.set_show_mistakes(False)
    assert board._live == []
    board.set_state(KIND.initial(board.state))
    hint = KIND.hint(board.state)
    board.set_highlight(hint.cells, hint.text)
    x, y = hint.cells[0]
    assert close(colour_at(board, corner(board, x, y)), QColor(theme.HIGHLIGHT_FILL), 60)


def test_size_hint_keeps_the_aspect_of_rectangles(qtbot):
    b = Board(KIND)
    qtbot.addWidget(b)
    b.set_state(KIND.generate({"width": 12, "height": 6, "difficulty": "easy"}, seed=1))
    assert b.grid_size() == (12, 6)
    hint = b.sizeHint()
    left, top, right, bottom = b.margins
    assert hint.width() / hint.height() == pytest.approx((12 + left + right) / (6 + top + bottom), rel=0.05)
    b.resize(600, 600)
    geo = b.geometry_now()
    assert geo.width == pytest.approx(2 * geo.height)
