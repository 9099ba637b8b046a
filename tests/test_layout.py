"""The board is the centre of the window: its share of the window, legible cells on
large boards (scrolling, not shrinking), zoom remembered per kind, and nothing clipped
at 640x480."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files, registry
from puzzlegui.qtkit.board import MIN_CELL
from puzzlegui.qtkit.text import plain_tip
from puzzlegui.gui.window import MainWindow


def first_builtin(kind):
    return next(b.name for b in files.builtins() if b.kind == kind)


@pytest.fixture
def window(qtbot):
    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    yield w
    w.shutdown()


def shown(qtbot, window, size):
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()


def test_solve_opens_the_solver_bar(qtbot, window, demo_kind):
    shown(qtbot, window, (1200, 800))
    assert not window.area.solver_open
    doc = files.PuzzleDoc(demo_kind, demo_kind.decode({"lamps": "000", "target": "111"}), meta={"title": "T"})
    assert window.load_doc(doc)
    with qtbot.waitSignal(window.solveFinished, timeout=20000):
        window.actions_by_name["solve"].trigger()
    assert window.area.solver_open and window.panel.isVisible()
    assert "solution" in window.panel.result_label.full_text().lower()
    window.stop_solving()
    window.replay.clear()


def test_the_solver_bar_is_made_when_it_is_shown(qtbot, window):
    window.resize(1200, 800)
    window.show()
    assert window._panel is None  # not on the start-up path (issue 11)
    window.actions_by_name["solver_bar"].trigger()
    assert window._panel is not None and window._panel.isVisible()
    assert window._panel.result_label.full_text().startswith("Press Solve")


def test_the_solver_panel_is_made_at_the_warm_up_once_the_window_is_up(qtbot, window):
    """Not on the start-up path, and not at the first Solve either, where its widgets
    held up the window while the search began: made once the window is up."""
    window.resize(1200, 800)
    with qtbot.waitSignal(window.warmedUp, timeout=30000):
        window.show()
        assert window._panel is None
    assert window._panel is not None and not window.area.solver_open


@pytest.mark.parametrize("kind, params", [
    ("tracks", {"width": 30, "height": 30}),
    ("kurosu", {"width": 40, "height": 40}),
])
def test_large_boards_scroll_instead_of_shrinking(qtbot, window, kind, params):
    shown(qtbot, window, (1200, 800))
    k = registry.get(kind)
    state = k.generate({**{p.name: p.default for p in k.parameters()}, **params}, seed=3)
    assert window.load_doc(files.PuzzleDoc(k, state, meta={"title": "Big"}))
    window.resize(640, 480)
    QApplication.processEvents()
    assert window.board_view.cell_size() >= MIN_CELL - 0.5
    assert window.board_view.verticalScrollBar().maximum() > 0  # it scrolls


def test_zoom_keys_and_ctrl_wheel_are_remembered_per_kind(qtbot, window):
    shown(qtbot, window, (1200, 800))
    assert window.open_source(first_builtin("kurosu"))
    QApplication.processEvents()
    fit = window.board_view.cell_size()
    window.actions_by_name["zoom_in"].trigger()
    QApplication.processEvents()
    assert window.board_view.cell_size() > fit
    event = QWheelEvent(QPoint(10, 10), QPoint(10, 10), QPoint(0, 0), QPoint(0, 120),
                        Qt.NoButton, Qt.ControlModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(window.board, event)  # the board ignores it: the view zooms
    zoom = window.board_view.zoom
    assert zoom > 1.25
    assert window.open_source(first_builtin("rotation"))
    assert window.board_view.zoom == 1.0  # another kind, its own zoom
    assert window.open_source(first_builtin("kurosu"))
    assert window.board_view.zoom == pytest.approx(zoom)
    window.actions_by_name["zoom_fit"].trigger()
    QApplication.processEvents()
    assert window.board_view.zoom == 1.0 and window.board_view.cell_size() == pytest.approx(fit, abs=1)


def test_nothing_is_clipped_at_640x480(qtbot, window):
    shown(qtbot, window, (640, 480))
    assert window.open_source("tracks-mums-2008")
    QApplication.processEvents()
    title = window.title_label
    assert title.full_text().startswith("Tracks (MUMS Puzzle Hunt 2008)")
    assert title.toolTip() == plain_tip(title.full_text())  # an elided title says it all on hover
    assert title.fontMetrics().horizontalAdvance(title.text()) <= title.width()
    panel = window.area.side
    if panel.isVisible():
        assert panel.horizontalScrollBar().maximum() == 0
    from PySide6.QtWidgets import QPushButton

    for button in panel.widget().findChildren(QPushButton):
        if button.isVisible():
            hint = button.fontMetrics().horizontalAdvance(button.text())
            assert button.width() >= hint, f"{button.text()!r} is cut"
    # the library's drawer keeps its width after shrinking and growing the window
    width = window.area.drawer.width()
    window.resize(1200, 800)
    QApplication.processEvents()
    assert window.area.drawer.width() > width  # a fifth of the window, within limits
    window.resize(640, 480)
    QApplication.processEvents()
    assert abs(window.area.drawer.width() - width) <= 2
