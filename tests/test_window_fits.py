"""The window around the board (issue 24): the real MainWindow at 640x480, 1200x800 and
1920x1080, with every combination of the library, the solver bar and the kind's panel
open or closed, on a 30x30 Tracks, a 40x40 Kurosu, a 12x12 Black and White and a 5x5
Rotation:

* from 1200x800 up, after Fit the whole board (its clues included) is inside the view;
* at every size the board's view has at least half of the window with every panel open,
  and three quarters with them closed;
* no visible label or button is narrower than its text, unless it is elided and says
  its whole text in a tooltip.
"""

import functools
import itertools

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QToolButton

from puzzlegui.core import files, registry
from puzzlegui.qtkit.widgets import ElidedLabel
from puzzlegui.gui.window import MainWindow

SIZES = [(640, 480), (1200, 800), (1920, 1080)]
BOARDS = [
    ("tracks", {"width": 30, "height": 30}),
    ("kurosu", {"width": 40, "height": 40}),
    ("strips", {"width": 12, "height": 12}),
    ("rotation", {"width": 5, "height": 5}),
]
COMBOS = list(itertools.product([False, True], repeat=3))  # library, solver bar, side panel


@functools.lru_cache(maxsize=None)
def board(kind, width, height):
    k = registry.get(kind)
    params = {**{p.name: p.default for p in k.parameters()}, "width": width, "height": height}
    return k, k.generate(params, seed=3)


@pytest.fixture(scope="module")
def window():
    app = QApplication.instance() or QApplication([])
    w = MainWindow(restore=False)
    w.show()
    app.processEvents()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()
    app.processEvents()


@pytest.fixture(autouse=True)
def _no_dangling_threads():  # the module's window keeps the pool for all its cases
    yield


@pytest.fixture(autouse=True)
def _isolated_paths():  # one window for the module: its paths are the first test's
    yield


@pytest.fixture(autouse=True)
def _no_running_animations(window):  # a case ends with its board at rest, whatever it showed
    yield
    window.board.stop_animations()


def settle():
    for _ in range(3):
        QApplication.processEvents()


def clipped(window) -> list[str]:
    """Every visible label or button of the window narrower than its text (and not
    elided with a tooltip)."""
    bad = []
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not widget.isVisible() or widget.window() is not window:
            continue
        text = widget.text().replace("&", "")
        if not text or "\n" in text:
            continue
        if isinstance(widget, QLabel) and (widget.wordWrap() or widget.textFormat() != 0 and "<" in text):
            continue  # wrapped to its width, or rich text drawn in its room
        if isinstance(widget, ElidedLabel):
            if text != widget.full_text() and not widget.toolTip():
                bad.append(f"{text!r} elided without a tooltip")
            continue
        need = widget.fontMetrics().horizontalAdvance(text)
        room = widget.contentsRect().width()
        if isinstance(widget, QAbstractButton):
            room -= 6 if isinstance(widget, QToolButton) else 10  # the button's own margins
        if need > room + 1:
            bad.append(f"{type(widget).__name__} {text!r}: {room} px for {need} px")
    return bad


@pytest.mark.parametrize("kind, params", BOARDS, ids=[b[0] for b in BOARDS])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_board_fits_with_any_panels(window, kind, params, size):
    k, state = board(kind, params["width"], params["height"])
    assert window.load_doc(files.PuzzleDoc(k, state, meta={"title": f"{kind} {params['width']}x{params['height']}"}))
    window.resize(*size)
    settle()
    assert (window.width(), window.height()) == size
    failures = []
    for library, solver, side in COMBOS:
        area = window.area
        area.show_library(library)
        window.show_solver(solver)
        area.show_side(side)
        window.actions_by_name["zoom_fit"].trigger()
        settle()
        case = f"{size[0]}x{size[1]} library={library} solver={solver} side={side}"
        view = window.board_view
        share = view.width() * view.height() / (window.width() * window.height())
        floor = 0.50 if (library and solver and side) else 0.75 if not (library or solver or side) else 0.50
        if share < floor:
            failures.append(f"{case}: the board has {share:.0%} of the window (at least {floor:.0%})")
        if size[0] >= 1200:
            b = window.board
            inside = view.viewport().rect().contains(QRect(b.pos(), b.size()))
            no_scroll = view.horizontalScrollBar().maximum() == 0 and view.verticalScrollBar().maximum() == 0
            if not (inside and no_scroll):
                failures.append(f"{case}: the board {b.width()}x{b.height()} is not whole in the view "
                                f"{view.viewport().width()}x{view.viewport().height()}")
        for problem in clipped(window):
            failures.append(f"{case}: {problem}")
    assert not failures, "\n".join(failures)


def test_a_board_with_nothing_to_say_takes_no_room_for_it(window):
    """A Tracks board without a symbol layer has no message: no panel, no room."""
    k, state = board("tracks", 30, 30)
    assert window.load_doc(files.PuzzleDoc(k, state, meta={"title": "no symbols"}))
    window.resize(1200, 800)
    window.area.show_side(True)
    settle()
    assert window.area.side_panel is None and not window.area.side.isVisible()
    assert window.open_source("tracks-mums-2008")  # the seed has symbols: its message panel
    settle()
    assert window.area.side_panel is not None and window.area.side.isVisible()


def test_a_panel_that_has_no_room_folds_into_a_button(window, qtbot):
    k, state = board("strips", 12, 12)
    assert window.load_doc(files.PuzzleDoc(k, state, meta={"title": "folds"}))
    window.resize(640, 480)
    window.area.show_library(True)
    window.show_solver(True)
    window.area.show_side(True)
    settle()
    area = window.area
    assert area.placement == "folded" and area.fold.isVisible() and not area.side.isVisible()
    share = window.board_view.width() * window.board_view.height() / (640 * 480)
    button = window.play_bar.widgetForAction(area.fold)
    assert button is not None and button.isVisible() and button.text().startswith("Strips")
    qtbot.mouseClick(button, Qt.LeftButton)
    settle()
    assert area.side.isVisible()  # over the board, on demand
    assert window.board_view.width() * window.board_view.height() / (640 * 480) == pytest.approx(share)
    window.resize(1920, 1080)
    settle()
    assert area.placement in ("right", "below") and area.side.isVisible() and not area.fold.isVisible()


def test_builtins_fit_too(window):
    """Every kind's first built-in, at the default size with every panel open: whole."""
    window.resize(1200, 800)
    for kind in registry.names():
        name = next(b.name for b in files.builtins() if b.kind == kind)
        assert window.open_source(name)
        window.area.show_library(True)
        window.show_solver(True)
        window.area.show_side(True)
        window.actions_by_name["zoom_fit"].trigger()
        settle()
        view = window.board_view
        assert view.viewport().rect().contains(QRect(window.board.pos(), window.board.size())), kind
