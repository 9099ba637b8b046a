"""View > Accessibility (issue 35): what a move announces, the clues' text size and
reduced motion, chosen in the menu, in force at once and kept in the settings."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.qtkit import accessible
from puzzlegui.gui.settings import Settings


@pytest.fixture
def menu(window):
    yield window.access_menu
    for name, value in (("announce", accessible.CURSOR_ONLY), ("clue_scale", 1.0)):
        window.access_menu.choose(name, value)
    window.access_menu.actions["reduced_motion"].setChecked(False)


def view_menu_titles(window):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    return [a.text() for a in view.actions()]


def test_the_menu_is_in_view_and_its_choices_are_kept(qtbot, window, menu):
    assert "&Accessibility" in view_menu_titles(window)
    assert accessible.prefs.announce == accessible.CURSOR_ONLY and accessible.prefs.clue_scale == 1.0
    menu.actions[("announce", accessible.AROUND)].trigger()
    menu.actions[("clue_scale", 1.5)].trigger()
    menu.actions["reduced_motion"].trigger()
    assert (accessible.prefs.announce, accessible.prefs.clue_scale, accessible.prefs.reduced_motion) == (
        accessible.AROUND, 1.5, True)
    again = Settings()  # what the next start reads
    assert (again.announce, again.clue_scale, again.reduced_motion) == (accessible.AROUND, 1.5, True)


def test_a_bad_saved_value_reads_as_the_default(qtbot, window, menu):
    s = Settings()
    s._set("announce", "shout")
    s._set("clue_scale", 9)
    assert Settings().announce == accessible.CURSOR_ONLY and Settings().clue_scale == 1.0


def test_clue_text_size_grows_the_counts(qtbot, window, menu):
    from puzzlegui.kinds.tracks.qt.widget import count_font

    assert window.open_source("tracks-mums-2008")
    geo = window.board.geometry_now()
    normal = count_font(geo).pixelSize()
    menu.actions[("clue_scale", 1.5)].trigger()
    assert count_font(window.board.geometry_now()).pixelSize() >= int(normal * 1.5) - 1
    before = window.board.grab().toImage()
    menu.actions[("clue_scale", 1.0)].trigger()
    assert window.board.grab().toImage() != before  # the counts are drawn at their size again


def test_reduced_motion_shows_the_finish_without_a_wave_and_moves_without_animation(qtbot, window, menu):
    assert window.open_source("twiddle-3x3")
    board = window.board
    board.animation_ms = 250  # the speed slider's
    menu.actions["reduced_motion"].trigger()
    assert board.animation_ms == 0
    board.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(board.hasFocus, timeout=2000)
    qtbot.keyClick(board, Qt.Key_Space)  # a turn: shown at once, not animated
    assert not board.is_animating()
    board.celebrate(["Solved!"])
    assert not board.is_animating() and board.card() is not None  # the card at once, no wave
    board.dismiss_celebration()
    menu.actions["reduced_motion"].trigger()
    assert board.animation_ms == 250
    QApplication.processEvents()
