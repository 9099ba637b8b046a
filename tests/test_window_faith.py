"""The window keeps faith with the player: nothing moves under the pointer (the library
gives way only once the pointer is off the board), and an answer belongs to the position
it was found for (a retired answer is never applied).  Real windows, real clicks."""

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import solver


def board_origin(window) -> QPoint:
    return window.board.mapToGlobal(QPoint(0, 0))


def cell_point(window, x: int, y: int) -> QPoint:
    """The board-local centre of cell (x, y), by the kind's own geometry."""
    board = window.board
    for name in ("geometry_now", "geometry_for", "geometry"):  # each kind's name for its one geometry
        geo = getattr(board, name, lambda: None)()
        if hasattr(geo, "cell_center"):
            break
    cx, cy = geo.cell_center(x, y)
    return QPoint(round(cx), round(cy))


@pytest.mark.parametrize("name, cell", [
    ("kurosu-dm-2018-06-04", None),
    ("mystery-box", (1, 1)),
    ("tracks-mums-2008", None),
    ("strips-mums-2010-01", None),
])
def test_two_quick_clicks_after_opening_from_the_library_land_where_the_pointer_is(qtbot, window, name, cell):
    window.area.show_library(True)
    window.area.drawer.keep.setChecked(False)
    library = window.library
    item = library.by_source[name]
    library.scrollToItem(item)
    qtbot.mouseClick(library.viewport(), Qt.LeftButton, pos=library.visualItemRect(item).center())
    assert window.doc.name == name and window.area.library_open
    QApplication.processEvents()
    state = window.history.state
    if cell is None and name.startswith("kurosu"):  # a cell the puzzle leaves empty
        cell = next((x, y) for y in range(state.height) for x in range(state.width) if not state.is_given(x, y))
    elif cell is None:
        cell = (3, 3)
    aim = window.board.mapToGlobal(cell_point(window, *cell))  # where the hand is: it does not move
    before, entries = board_origin(window), len(window.history)
    qtbot.mouseMove(window.board, window.board.mapFromGlobal(aim))
    qtbot.mouseClick(window.board, Qt.LeftButton, pos=window.board.mapFromGlobal(aim))
    assert len(window.history) == entries + 1  # a move: the player is playing
    assert board_origin(window) == before  # nothing moved under the pointer
    assert window.area.library_open
    qtbot.mouseClick(window.board, Qt.LeftButton, pos=window.board.mapFromGlobal(aim))  # the quick second click
    assert len(window.history) == entries + 2 and board_origin(window) == before
    assert window.board.mapFromGlobal(aim) == cell_point(window, *cell)  # on the cell it was aimed at
    qtbot.mouseMove(window.play_bar, QPoint(2, 2))  # the pointer leaves the board
    QApplication.sendEvent(window.board_view, QEvent(QEvent.Leave))
    assert not window.area.library_open and not window.area.drawer.isVisible()


def test_showing_kurosus_counts_and_numbers_never_moves_the_grid(qtbot, window):
    assert window.open_source("kurosu-dm-2018-06-04")
    board = window.board
    QApplication.processEvents()
    before = board.mapToGlobal(cell_point(window, 0, 0)), board.geometry_now().cell
    for toggle in (board.set_show_counts, board.set_show_numbers):
        for on in (True, False, True):
            toggle(on)
            QApplication.processEvents()
            assert (board.mapToGlobal(cell_point(window, 0, 0)), board.geometry_now().cell) == before
