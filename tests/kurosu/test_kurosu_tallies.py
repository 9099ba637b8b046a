"""Line tallies on the Kurosu board: X and O counts per row and column, row and column
numbers, switched from the side panel; the margins grow only for what is on; show_met
off (no spoilers) keeps the counts in ink."""

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from qt_helpers import shown

from puzzlegui.qtkit import theme
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.qt.widget import Board

#: the margins, kept whether the numbers (left, top) and counts (right, bottom) show or not
BARE = (0.3 + 1.6,) * 4  # the counts' room, on every side so the grid stays centred


def position():
    """Row 1 holds 3 X (its quota: met), column 1 holds 5 X (two past its quota)."""
    state = KIND.parse_game_id("6x6:DdCDeAddBEa")
    for move in (("set", 0, 0, 1), ("set", 1, 0, 1), ("set", 0, 1, 1), ("set", 0, 2, 1),
                 ("set", 0, 3, 1), ("set", 2, 0, 0)):
        state = KIND.apply(state, move)
    assert state.rows() == ["1101..", "10..1.", "1.1...", "101...", "0...0.", "1....1"]
    return state


@pytest.fixture
def board(qtbot):
    return shown(qtbot, Board(KIND), 420, 420, position())


def tick(qtbot, box):
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))


def colours_in(board, rect: QRect) -> list:
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    return [
        image.pixelColor(int(x * ratio), int(y * ratio))
        for y in range(max(0, rect.top()), min(board.height(), rect.bottom()))
        for x in range(max(0, rect.left()), min(board.width(), rect.right()))
    ]


def has(colours, wanted: str, near=40) -> bool:
    w = QColor(wanted)
    return any(abs(c.red() - w.red()) + abs(c.green() - w.green()) + abs(c.blue() - w.blue()) < near for c in colours)


def right_of_row(board, y) -> QRect:
    geo = board.geometry_now()
    left = int(geo.x0 + geo.width) + 2
    return QRect(left, int(geo.y0 + y * geo.cell) + 1, board.width() - left, int(geo.cell) - 2)


def below_column(board, x) -> QRect:
    geo = board.geometry_now()
    top = int(geo.y0 + geo.height) + 2
    return QRect(int(geo.x0 + x * geo.cell) + 1, top, int(geo.cell) - 2, board.height() - top)


def test_off_by_default_with_their_room_kept(board):
    panel = board.side_panel()
    assert not panel.counts.isChecked() and not panel.numbers.isChecked()
    assert board.margins == BARE
    assert not has(colours_in(board, right_of_row(board, 0)), theme.INK, 60)


def test_counts_come_from_the_panel_and_show_right_and_below_without_moving_the_grid(qtbot, board):
    panel = shown(qtbot, board.side_panel(), 260, 200)
    geo = board.geometry_now()
    tick(qtbot, panel.counts)
    assert board.show_counts
    assert board.margins == BARE and board.geometry_now() == geo  # the room was kept: the grid stays put
    rows, cols = board.tallies()
    assert rows[0] == (3, 1) and rows[4] == (0, 2)
    assert cols[0] == (5, 1) and cols[2] == (2, 1)
    assert has(colours_in(board, right_of_row(board, 2)), theme.INK)
    tick(qtbot, panel.counts)
    assert board.margins == BARE


def test_numbers_show_left_and_above_without_moving_the_grid(qtbot, board):
    panel = shown(qtbot, board.side_panel(), 260, 200)
    before = board.geometry_now()
    tick(qtbot, panel.numbers)
    assert board.margins == BARE  # the room was kept: the grid stays put
    geo = board.geometry_now()
    assert geo == before
    assert has(colours_in(board, QRect(0, int(geo.y0), int(geo.x0) - 1, int(geo.cell))), theme.MUTED)
    board.set_show_numbers(False)
    assert board.margins == BARE and not panel.numbers.isChecked()


def test_met_counts_are_green_and_counts_over_red(board):
    board.set_show_counts(True)
    assert board.side_panel().counts.isChecked()
    row1, col1, col3 = right_of_row(board, 0), below_column(board, 0), below_column(board, 2)
    assert has(colours_in(board, row1), theme.SATISFIED)  # 3 X of 3
    assert has(colours_in(board, col1), theme.ERROR)  # 5 X of 3
    assert not has(colours_in(board, col3), theme.SATISFIED) and not has(colours_in(board, col3), theme.ERROR)


@pytest.mark.parametrize("switch", ["show_met", "play_colours"])
def test_no_spoilers_keeps_every_count_in_ink(board, switch):
    board.set_show_counts(True)
    if switch == "show_met":
        board.set_show_met(False)
    else:
        board.play_colours = False  # a picture for a file or a printer
    margins = [right_of_row(board, y) for y in range(6)] + [below_column(board, x) for x in range(6)]
    seen = [c for rect in margins for c in colours_in(board, rect)]
    assert has(seen, theme.INK)
    assert not has(seen, theme.SATISFIED) and not has(seen, theme.ERROR)


def test_tallies_follow_the_state(board):
    board.set_show_counts(True)
    before = board.tallies()
    board.set_state(KIND.apply(board.state, ("set", 5, 0, 0)))
    rows, cols = board.tallies()
    assert rows[0] == (3, 2) and cols[5] == (1, 1) and before[0][0] == (3, 1)


def test_the_help_page_names_both_switches():
    assert "Show counts" in KIND.controls and "Number rows and columns" in KIND.controls
