"""Every kind played to "Solved!" from the keyboard alone (issue 35): the solver finds
the answer, and the test enters it with qtbot.keyClick only (arrows move the board's
cursor, one key per action), never a mouse event, then sees the finish."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import games as games_mod
from puzzlegui.core.solver import Found

ARROWS = {(1, 0): Qt.Key_Right, (-1, 0): Qt.Key_Left, (0, 1): Qt.Key_Down, (0, -1): Qt.Key_Up}


def solution_moves(window):
    state = window.history.state
    solution = next(e.solution for e in window.board.kind.solve(state) if isinstance(e, Found))
    return window.board.kind.solution_moves(state, solution)


def walk(qtbot, board, cursor, to, modifier=Qt.NoModifier):
    """Arrow keys from the board's cursor to ``to`` (columns first)."""
    x, y = cursor()
    while (x, y) != tuple(to):
        step = (1 if to[0] > x else -1, 0) if to[0] != x else (0, 1 if to[1] > y else -1)
        qtbot.keyClick(board, ARROWS[step], modifier)
        assert cursor() == (x + step[0], y + step[1]), "an arrow moves the cursor one cell"
        x, y = cursor()


def play(qtbot, window, name):
    assert window.open_source(name)
    board = window.board
    board.animation_ms = 0  # no motion: each key's move shows at once
    board.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is board, timeout=3000)
    return board


def finished(qtbot, window, board):
    assert window.game.status == games_mod.SOLVED
    assert board.card() is not None and board.card().isVisible()  # the finish, on the board
    assert window.statusBar().currentMessage().startswith("Solved")
    qtbot.keyClick(board, Qt.Key_Escape)  # the next key only dismisses the card
    assert board.card() is None


def test_kurosu_by_keyboard_alone(qtbot, window):
    board = play(qtbot, window, "kurosu-dm-2018-06-01")
    for _, x, y, v in solution_moves(window):
        walk(qtbot, board, lambda: board.cursor, (x, y))
        qtbot.keyClick(board, Qt.Key_X if v == 1 else Qt.Key_O)
        assert window.history.state.at(x, y) == v
    finished(qtbot, window, board)


def test_kurosu_keys_empty_a_cell(qtbot, window):
    board = play(qtbot, window, "kurosu-dm-2018-06-01")
    state = window.history.state
    x, y = next((i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0)
    walk(qtbot, board, lambda: board.cursor, (x, y))
    qtbot.keyClick(board, Qt.Key_O)
    assert window.history.state.at(x, y) == 0
    qtbot.keyClick(board, Qt.Key_Space)
    assert window.history.state.at(x, y) == -1


def test_tracks_by_keyboard_alone(qtbot, window):
    board = play(qtbot, window, "tracks-mums-2008")
    for _, ax, ay, bx, by, _on in solution_moves(window):
        walk(qtbot, board, lambda: board.cursor, (ax, ay))
        qtbot.keyClick(board, ARROWS[(bx - ax, by - ay)], Qt.ShiftModifier)  # lay track that way
        assert board.cursor == (bx, by)
    finished(qtbot, window, board)


def test_tracks_keys_cross_dot_and_mark(qtbot, window):
    board = play(qtbot, window, "tracks-mums-2008")
    walk(qtbot, board, lambda: board.cursor, (3, 3))
    qtbot.keyClick(board, Qt.Key_Right, Qt.ControlModifier)  # cross out the edge to the right
    assert ((3, 3), (4, 3)) in window.history.state.blocks and board.cursor == (3, 3)
    qtbot.keyClick(board, Qt.Key_Return)
    assert (3, 3) in window.history.state.dots
    qtbot.keyClick(board, Qt.Key_Down)
    qtbot.keyClick(board, Qt.Key_Space)
    assert (3, 4) in window.history.state.marks


def test_rotation_by_keyboard_alone(qtbot, window):
    board = play(qtbot, window, "mystery-box")
    for _, bx, by, way in solution_moves(window):
        walk(qtbot, board, lambda: board.key_cursor, (bx, by))
        qtbot.keyClick(board, Qt.Key_Space if way == "cw" else Qt.Key_A)
    finished(qtbot, window, board)


def test_rotation_keys_turn_either_way(qtbot, window):
    board = play(qtbot, window, "twiddle-3x3")
    before = window.history.state
    qtbot.keyClick(board, Qt.Key_A)  # anticlockwise
    turned = window.history.state
    assert turned != before
    qtbot.keyClick(board, Qt.Key_D)  # clockwise: back where it was
    assert window.history.state.tiles == before.tiles


@pytest.mark.parametrize("name", ["strips-mums-2010-02", "strips-mums-2010-07"])
def test_black_and_white_by_keyboard_alone(qtbot, window, name):
    board = play(qtbot, window, name)
    for _, _pattern, cells in solution_moves(window):
        cells = sorted(cells)
        board.anchor = None
        walk(qtbot, board, lambda: board.cursor, cells[0])
        walk(qtbot, board, lambda: board.cursor, cells[-1], Qt.ShiftModifier)  # the strip to cut
        assert sorted(board.selection or (board.cursor,)) == cells
        qtbot.keyClick(board, Qt.Key_Return)
        assert window.history.state.owner.get(cells[0]) is not None
    finished(qtbot, window, board)


@pytest.mark.parametrize("kind", ["kurosu", "tracks", "rotation", "strips"])
def test_the_help_page_lists_every_key(qtbot, kind):
    """The kind's own keys (its board's KEYS, which the screen reader's description
    reads too) and every menu action's shortcut are on the help page."""
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QTextBrowser

    from puzzlegui.core import registry
    from puzzlegui.gui import actions, kinds
    from puzzlegui.gui.dialogs import HelpDialog

    dialog = HelpDialog(registry.get(kind))
    qtbot.addWidget(dialog)
    text = dialog.findChild(QTextBrowser).toPlainText()
    board_keys = kinds.board_class(kind).KEYS
    assert len(board_keys) >= 4
    for keys, does in board_keys:
        assert f"{keys}\t{does}" in text or (keys in text and does in text), keys
    for name, (_text, _slot, shortcut, _tip, _checked) in actions.ACTIONS.items():
        for key in shortcut if isinstance(shortcut, tuple) else (() if shortcut is None else (shortcut,)):
            assert QKeySequence(key).toString(QKeySequence.NativeText) in text, name
