"""The board in its window (issue 24): replays last a human time with a position slider,
the problems' list opens over the board without moving it, the library opens a puzzle
with one click and gives way once the player plays, and the solver bar speaks to
players ("tries", with the solver's term in the tooltip)."""

import math

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import solver


@pytest.fixture
def window(window, qtbot):
    """conftest's window, at the issue's default size."""
    window.resize(1200, 800)
    qtbot.waitExposed(window)
    return window


def solved_and_replaying(qtbot, window, show):
    window.panel.set_mode(solver.FIRST)
    window.panel.set_show(show)
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    qtbot.waitUntil(lambda: window.replay.loaded, timeout=30000)


def test_a_long_replay_lasts_twenty_seconds_and_a_short_one_a_second_a_step(qtbot, window):
    """The recorded search of the Tracks seed and the Mystery Box's 5-move answer: the
    first is paced to the replay length (20 s by default), the second at one step a
    second; a longer replay length slows the one on show."""
    assert window.open_source("tracks-mums-2008")
    solved_and_replaying(qtbot, window, "search")
    replay = window.replay
    assert replay.length > 20
    assert math.isclose(replay.length / replay.steps_per_second, 20.0, rel_tol=0.01)
    window.panel.set_length(60.0)
    window.panel.lengthChanged.emit(window.panel.current_length())
    assert math.isclose(replay.length / replay.steps_per_second, 60.0, rel_tol=0.05)
    assert math.isclose(window.settings.replay_seconds, 60.0, rel_tol=0.05)
    window.panel.set_length(20.0)
    window.panel.lengthChanged.emit(20.0)
    window.back_to_game()
    assert window.open_source("mystery-box")
    solved_and_replaying(qtbot, window, "solution")
    assert window.replay.length < 20 and window.replay.steps_per_second == 1.0
    window.back_to_game()


def test_the_position_slider_follows_the_replay_and_moves_it(qtbot, window):
    assert window.open_source("tracks-mums-2008")
    solved_and_replaying(qtbot, window, "solution")
    window.replay.pause()
    slider = window.panel.position_slider
    assert slider.isEnabled() and slider.maximum() == window.replay.length
    slider.setValue(10)  # as a drag does
    assert window.replay.position == 10 and window.board.state == window.replay.state
    window.replay.step_forward()
    assert slider.value() == 11
    assert "step 11 of" in window.panel.position_label.text()
    window.back_to_game()
    assert not slider.isEnabled()


def test_the_step_buttons_say_what_they_do(window):
    panel = window.panel
    assert panel.back_button.arrowType() == Qt.LeftArrow and "one step" in panel.back_button.toolTip()
    assert panel.forward_button.arrowType() == Qt.RightArrow and "one step" in panel.forward_button.toolTip()
    assert panel.nodes_label.toolTip() and "node" in panel.nodes_label.toolTip()  # the solver's term, explained


def test_a_count_under_way_says_the_solutions_found_so_far(window):
    panel = window.panel
    panel.set_running(True)
    panel.set_progress(1234, 2.5, 1)
    assert panel.solution_label.text() == "1 solution so far"
    assert "1,234 tries" in panel.result_label.full_text()
    panel.set_running(False)


def test_at_most_takes_a_hundred_million(window):
    box = window.panel.max_solutions
    box.setValue(100_000_000)
    assert box.value() == 100_000_000


def test_the_problems_list_opens_over_the_board_without_moving_it(qtbot, window):
    """Check lists the broken rules over the foot of the board: the board stays where
    it was (the next click lands on the cell aimed at), and closing the list takes the
    status line that points at it."""
    assert window.open_source("kurosu-dm-2018-06-01")
    before = window.board.mapTo(window, QPoint(0, 0))
    size = window.board.size()
    window.show_problems(["column 1 has three O in a row", "row 2 has too many X"], "2 broken rules")
    QApplication.processEvents()
    assert window.problems.isVisible()
    assert window.board.mapTo(window, QPoint(0, 0)) == before and window.board.size() == size
    assert window.problems.geometry().intersects(window.board_view.geometry())  # over the board's foot
    box = window.problems.text
    assert box.verticalScrollBar().maximum() == 0  # all three lines show, none scrolled away
    window.statusBar().showMessage("2 problems: listed over the foot of the board.")
    qtbot.mouseClick(window.problems.findChildren(type(window.panel.back_button))[0], Qt.LeftButton)
    assert not window.problems.isVisible()
    assert window.statusBar().currentMessage() == ""


def test_one_click_in_the_library_opens_and_the_drawer_gives_way_at_the_first_move(qtbot, window):
    window.area.show_library(True)
    library = window.library
    item = library.by_source["kurosu-dm-2018-06-04"]
    library.scrollToItem(item)
    rect = library.visualItemRect(item)
    qtbot.mouseMove(library.viewport(), rect.center())  # the pointer goes to the library (off the board)
    qtbot.mouseClick(library.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.doc.name == "kurosu-dm-2018-06-04"
    assert window.area.library_open  # browsing: it stays
    state = window.history.state
    kind = window.doc.kind
    result = solver.run(kind.solve(kind.solve_start(state)), solver.FIRST)
    move = kind.solution_moves(state, result.solutions[0])[0]
    window.play_move(move)
    assert not window.area.library_open and not window.area.drawer.isVisible()
    window.area.show_library(True)
    window.area.drawer.keep.setChecked(True)  # "Keep open"
    window.play_move(move)
    assert window.area.library_open and window.settings.keep_library


def test_the_solver_bar_grows_for_the_steps_words_and_nothing_in_it_is_cut(qtbot, window):
    """A replay shows each step's words on a line of its own, and a theme changes the
    style's sizes: the bar is placed again for either (it kept the height it was first
    given, and its buttons were cut in half)."""
    window.area.show_library(False)
    window.show_solver(False)
    window.area.show_side(False)
    assert window.open_source("strips-mums-2010-01")
    solved_and_replaying(qtbot, window, "solution")  # Solve opens the bar: one row, then the words
    window.replay.pause()
    window.replay.seek(5)
    QApplication.processEvents()
    bar = window.panel
    assert bar.step_label.isVisible() and bar.step_label.full_text()
    assert bar.height() >= bar.layout().minimumSize().height()
    for button in (bar.solve_button, bar.apply_button, bar.return_button):
        assert button.height() >= button.minimumSizeHint().height()
    window.back_to_game()


def test_the_library_is_in_sight_once_it_has_given_way(qtbot, window):
    """After the drawer gives way at the first move, the play bar's Library button
    brings it back (not only the View menu or Ctrl+L)."""
    assert window.open_source("kurosu-dm-2018-06-04")
    window.area.show_library(True)
    state = window.history.state
    kind = window.doc.kind
    move = kind.solution_moves(state, solver.run(kind.solve(kind.solve_start(state)), solver.FIRST).solutions[0])[0]
    window.play_move(move)
    assert not window.area.library_open
    button = window.play_bar.widgetForAction(window.actions_by_name["library"])
    assert button is not None and button.isVisible() and not button.isChecked()
    qtbot.mouseClick(button, Qt.LeftButton)
    assert window.area.library_open and window.area.drawer.isVisible() and button.isChecked()
