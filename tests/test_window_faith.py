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


def solved(qtbot, window):
    with qtbot.waitSignal(window.solveFinished, timeout=120000):
        window.solve()
    qtbot.waitUntil(lambda: not window.solving.running(), timeout=60000)
    window.back_to_game()


def test_an_answer_is_retired_by_restart_and_never_applied_to_the_restarted_board(qtbot, window):
    """Twiddle 3x3: five turns, Solve, Apply, Restart: the bar kept "Fewest moves" and
    Apply, and Apply played the old turns on the restarted board, leaving it scrambled."""
    assert window.open_source("twiddle-3x3")
    for _ in range(5):
        window.play_move(("turn", 0, 0, "cw"))
    solved(qtbot, window)
    assert window.panel.apply_button.isEnabled()
    window.apply_solution()
    assert window.doc.kind.is_solved(window.history.state)
    window.restart()
    start = window.history.state
    assert not window.panel.apply_button.isEnabled() and window.solving.result is None
    entries = len(window.history)
    window.apply_solution()  # what the button or a stale shortcut would do
    assert len(window.history) == entries and window.history.state == start


@pytest.mark.parametrize("change", ["move", "undo", "restart", "mark"])
def test_any_change_of_the_position_retires_the_answer(qtbot, window, change):
    assert window.open_source("twiddle-3x3")
    for _ in range(3):
        window.play_move(("turn", 1, 1, "cw"))
    solved(qtbot, window)
    assert window.solving.answers_position() and window.panel.apply_button.isEnabled()
    if change == "move":
        window.play_move(("turn", 0, 0, "cw"))
    elif change == "undo":
        window.undo()
    elif change == "restart":
        window.restart()
    else:
        window.mark_position()  # a trial begins
    assert window.solving.result is None and not window.panel.apply_button.isEnabled()
    assert "Press Solve for one from here" in window.panel.result_label.full_text()
    state = window.history.state
    window.apply_solution()
    assert window.history.state == state


def test_an_answer_for_a_position_left_while_solving_is_not_shown_as_current(qtbot, window):
    assert window.open_source("twiddle-3x3")
    window.play_move(("turn", 0, 0, "cw"))
    window.solve()
    # the player goes on while the solver works (the answer comes through the event loop,
    # so it cannot have come before this move)
    window.play_move(("turn", 1, 1, "cw"))
    # the search's process can end a moment before its answer is delivered: wait for the answer
    qtbot.waitUntil(lambda: "changed while the solver worked" in window.panel.result_label.full_text(),
                    timeout=120000)
    assert not window.solving.running()
    assert window.solving.result is None and not window.panel.apply_button.isEnabled()
