"""What every kind draws alike (issues 35 and 32, item 4): the keyboard cursor shows in
every colour scheme, and a trial's entries are framed on all four kinds, from what the
game object knows (core.game.trial_cells through the kind's changed_cells)."""

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from puzzlegui.qtkit import colourvision, theme

BOARDS = {
    "kurosu": ("kurosu-dm-2018-06-01", ("set", 0, 0, 1)),
    "tracks": ("tracks-mums-2008", ("edge", 2, 3, 3, 3, 1)),
    "rotation": ("twiddle-3x3", ("turn", 0, 0, "cw")),
    "strips": ("strips-mums-2010-02", ("place", "www", ((0, 0), (0, 1), (0, 2)))),
}


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's contrast ratio (qtkit/colourvision.py), of two QColors."""
    return colourvision.contrast(a.name(), b.name())


def open_on(window, kind):
    name, _ = BOARDS[kind]
    assert window.open_source(name)
    window.board.animation_ms = 0
    return window.board


def cursor_cell(board):
    if hasattr(board, "key_cursor"):
        return board.key_cursor  # a Rotation block: the ring round its button
    return board.cursor


@pytest.mark.parametrize("scheme", [theme.LIGHT_CHOICE, theme.DARK_CHOICE, theme.HIGH_CONTRAST_CHOICE,
                                    theme.GREYSCALE_CHOICE])
@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_the_keyboard_cursor_shows_in_every_scheme(qtbot, window, kind, scheme):
    """With the focus the board draws its cursor; the pixels it changes include one of
    3:1 or more against what was there (WCAG's contrast for a focus indicator)."""
    theme.apply(QApplication.instance(), scheme)
    try:
        board = open_on(window, kind)
        window.centralWidget().setFocus()
        QApplication.processEvents()
        assert not board.hasFocus()
        plain = board.grab().toImage()
        board.setFocus(Qt.OtherFocusReason)
        qtbot.waitUntil(board.hasFocus, timeout=2000)
        assert board.shows_cursor()
        focused = board.grab().toImage()
        geo = board.geometry_now()
        x, y = cursor_cell(board)
        left, top, side, _ = geo.cell_rect(x, y)
        area = QRectF(left, top, side, side)
        if kind == "rotation":  # the ring round the block's button, at the corner the block's cells share
            area = QRectF(left + side / 2, top + side / 2, side, side)
        best = 0.0
        for py in range(int(area.top()), int(area.bottom())):
            for px in range(int(area.left()), int(area.right())):
                before, after = plain.pixelColor(px, py), focused.pixelColor(px, py)
                if before != after:
                    best = max(best, contrast(before, after))
        assert best >= 3.0, f"the cursor's best contrast on {kind} in {scheme} is {best:.2f}"
    finally:
        theme.apply(QApplication.instance(), theme.LIGHT_CHOICE)


def has_colour_in(image, rect: QRectF, colour: str) -> bool:
    want = QColor(colour)
    for py in range(int(rect.top()), int(rect.bottom())):
        for px in range(int(rect.left()), int(rect.right())):
            c = image.pixelColor(px, py)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 30:
                return True
    return False


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_a_trial_is_framed_on_every_kind(qtbot, window, kind):
    board = open_on(window, kind)
    qtbot.keyClick(window, Qt.Key_T, Qt.ControlModifier)  # mark this position
    window.play_move(BOARDS[kind][1])
    cells = window.game.trial_cells()
    assert cells and board.trial == cells
    QApplication.processEvents()
    image = board.grab().toImage()
    geo = board.geometry_now()
    for x, y in cells:
        assert has_colour_in(image, QRectF(*geo.cell_rect(x, y)), theme.TRIAL), (kind, (x, y))
    window.actions_by_name["back_to_mark"].trigger()
    assert board.trial == ()
    assert not has_colour_in(board.grab().toImage(), QRectF(*geo.cell_rect(*cells[0])), theme.TRIAL)


def test_a_trial_that_takes_an_entry_away_frames_its_cells(qtbot, window):
    board = open_on(window, "tracks")
    window.play_move(("edge", 2, 3, 3, 3, 1))
    qtbot.keyClick(window, Qt.Key_T, Qt.ControlModifier)
    window.play_move(("edge", 2, 3, 3, 3, 0))  # the trial takes the piece up
    assert set(board.trial) == {(2, 3), (3, 3)}
