"""Every control reached by Tab and worked by keys (issue 35): the replay's slider and
buttons, the library drawer's header and list, each kind's Edit dialog with its
workbench; and the keyboard's focus seen in every colour scheme (qtkit/focus_ring.py).
The real window, real key presses (one mouse click, where a click is the point), a
real solve."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from puzzlegui.core import files
from puzzlegui.gui.dialogs import EditDialog
from puzzlegui.qtkit import focus_ring, theme
from puzzlegui.qtkit.board import BoardView, BoardWidget

LIMIT = 80  # Tab presses: a chain longer than this is not a cycle the test can walk


def focus():
    return QApplication.focusWidget()


def cycle(qtbot, start, key=Qt.Key_Tab):
    """The widgets Tab (or Shift+Tab) visits from ``start`` until it comes back."""
    seen = [start]
    for _ in range(LIMIT):
        qtbot.keyClick(focus(), key)
        if focus() is start:
            return seen
        assert focus() not in seen, f"Tab went round without coming back to {start}"
        seen.append(focus())
    raise AssertionError("Tab never came back")


def tab_to(qtbot, target):
    for _ in range(LIMIT):
        if focus() is target:
            return
        qtbot.keyClick(focus(), Qt.Key_Tab)
    raise AssertionError(f"Tab never reached {target}")


@pytest.fixture
def replaying(qtbot, window):
    """The Mystery Box solved by the solver, its solution loaded in the replay (paused),
    the board with the focus."""
    assert window.open_source("mystery-box")
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    qtbot.waitUntil(lambda: window.replay.loaded, timeout=30000)
    window.replay.pause()
    window.activateWindow()
    window.board.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(lambda: focus() is window.board, timeout=3000)
    return window


@pytest.fixture
def _light_again():
    yield
    app = QApplication.instance()
    theme.apply(app, theme.LIGHT_CHOICE)
    theme.use(False)


def test_tab_and_shift_tab_reach_every_replay_control(qtbot, replaying):
    window = replaying
    bar = window.area.bar
    controls = [bar.back_button, bar.play_button, bar.forward_button, bar.position_slider,
                bar.apply_button, bar.return_button]
    forward = cycle(qtbot, window.board)
    assert all(c in forward for c in controls)
    assert [c for c in forward if c in controls] == controls  # left to right, as shown
    assert not any(isinstance(w, BoardView) for w in forward)  # no stop that shows nothing
    backward = cycle(qtbot, window.board, Qt.Key_Backtab)
    assert backward == [window.board] + forward[:0:-1]  # Shift+Tab: the same stops, reversed


def test_keys_work_the_replay(qtbot, replaying):
    window = replaying
    bar, replay = window.area.bar, window.replay
    tab_to(qtbot, bar.position_slider)
    qtbot.keyClick(bar.position_slider, Qt.Key_Right)
    assert replay.position == 1 and bar.position_label.text() == f"step 1 of {replay.length}"
    qtbot.keyClick(bar.position_slider, Qt.Key_End)
    assert replay.position == replay.length
    qtbot.keyClick(bar.position_slider, Qt.Key_Home)
    assert replay.position == 0
    tab_to(qtbot, bar.back_button)
    tab_to(qtbot, bar.forward_button)
    qtbot.keyClick(bar.forward_button, Qt.Key_Space)
    qtbot.keyClick(bar.forward_button, Qt.Key_Space)
    assert replay.position == 2
    tab_to(qtbot, bar.back_button)
    qtbot.keyClick(bar.back_button, Qt.Key_Space)
    assert replay.position == 1
    tab_to(qtbot, bar.play_button)
    qtbot.keyClick(bar.play_button, Qt.Key_Space)
    assert replay.playing
    qtbot.keyClick(bar.play_button, Qt.Key_Space)
    assert not replay.playing
    tab_to(qtbot, bar.return_button)
    qtbot.keyClick(bar.return_button, Qt.Key_Space)
    assert not replay.loaded and window.board.interactive
    assert focus() is window.board  # the game's keys at once, not a button's neighbour


def test_apply_by_keys_hands_the_board_the_focus(qtbot, replaying):
    window = replaying
    bar = window.area.bar
    tab_to(qtbot, bar.apply_button)
    qtbot.keyClick(bar.apply_button, Qt.Key_Space)
    assert window.game.kind.is_solved(window.history.state)
    assert focus() is window.board


def test_the_library_drawer_by_keys(qtbot, replaying):
    window = replaying
    drawer, library = window.area.drawer, window.library
    stops = cycle(qtbot, window.board)
    assert drawer.keep in stops and library in stops
    tab_to(qtbot, drawer.keep)
    before = window.area.keep_library
    qtbot.keyClick(drawer.keep, Qt.Key_Space)
    assert window.area.keep_library != before
    tab_to(qtbot, library)
    library.setCurrentItem(library.by_source["mystery-box"])
    qtbot.keyClick(library, Qt.Key_Down)
    below = library.currentItem()
    source = below.data(0, Qt.UserRole)
    assert source and source != "mystery-box"
    with qtbot.waitSignal(library.openRequested, timeout=3000) as opened:
        qtbot.keyClick(library, Qt.Key_Return)
    assert opened.args == [source]
    qtbot.waitUntil(lambda: window.games.current is not None and window.games.current.source == source, timeout=30000)


@pytest.mark.parametrize("name", ["tracks-mums-2008", "mystery-box", "kurosu-dm-2018-06-01", "strips-mums-2010-01"])
def test_every_editor_widget_is_reached_by_tab_in_the_order_shown(qtbot, name):
    focus_ring.install()  # as the window does (View > Accessibility's set-up)
    doc = files.load_builtin(name)
    dialog = EditDialog(doc.kind, doc.state)
    qtbot.addWidget(dialog)
    analysed = qtbot.waitSignal(dialog.analysis.analysed, timeout=30000)
    dialog.resize(800, 700)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    analysed.wait()  # the workbench's commands shown
    qtbot.waitUntil(lambda: focus() is not None and dialog.isAncestorOf(focus()), timeout=3000)
    stops = cycle(qtbot, focus())
    wanted = [w for w in dialog.findChildren(QWidget)
              if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.TabFocus and w.focusProxy() is None]
    assert len(wanted) >= 6
    assert [w for w in wanted if w not in stops] == []
    assert dialog.editor in {dialog.tabs.currentWidget()} and any(dialog.editor.isAncestorOf(w) for w in stops)
    # top down: the editor's tab, then the workbench, then Play this board and Cancel
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    start = stops.index(dialog.tabs.tabBar())
    order = stops[start:] + stops[:start]
    bench = [i for i, w in enumerate(order) if dialog.analysis.isAncestorOf(w)]
    editor = [i for i, w in enumerate(order) if dialog.editor.isAncestorOf(w)]
    assert bench and max(editor) < min(bench) and max(bench) < order.index(ok)
    for widget in order[1:]:  # each reached by Tab wears the ring (a board: its own cursor)
        tab_to(qtbot, widget)
        assert focus_ring.install().target is (None if isinstance(widget, BoardWidget) else widget)


def ring_pixels(widget):
    """The colours of the left edge's outer two pixels of ``widget``, as its window shows them."""
    image = widget.window().grab(widget.rect().translated(widget.mapTo(widget.window(), widget.rect().topLeft()))).toImage()
    ratio = image.devicePixelRatio()
    y = int(image.height() / 2)
    return [QColor(image.pixel(int(x * ratio), y)).name() for x in (0, 1)]


def contrast(a: str, b: str) -> float:
    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        c = QColor(c)
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", list(theme.PALETTES))
def test_the_focus_is_seen_in_every_scheme(qtbot, replaying, scheme, _light_again):
    window = replaying
    window.set_theme(scheme)
    QApplication.processEvents()  # the palette reaches the widgets
    bar = window.area.bar
    ring = focus_ring.install()
    for widget in (bar.apply_button, bar.play_button, bar.position_slider, window.area.drawer.keep, window.library):
        tab_to(qtbot, widget)
        assert ring.target is widget
        palette = widget.palette()
        highlight = palette.color(QPalette.Active, QPalette.Highlight).name()
        assert ring_pixels(widget) == [highlight, highlight]  # drawn, on the widget's own edge
        assert contrast(highlight, palette.color(QPalette.Window).name()) >= 3.0  # WCAG's non-text floor
        inner = palette.color(QPalette.Active, QPalette.HighlightedText).name()
        assert contrast(highlight, inner) >= 3.0  # the ring's two colours tell apart on any ground
    tab_to(qtbot, window.board)
    assert ring.target is None  # the board shows its own cursor


def test_a_click_shows_no_ring(qtbot, replaying):
    window = replaying
    bar = window.area.bar
    tab_to(qtbot, bar.play_button)
    assert focus_ring.install().target is bar.play_button
    qtbot.mouseClick(bar.position_slider, Qt.LeftButton)  # the pointer gives it the focus
    assert focus() is bar.position_slider
    assert focus_ring.install().target is None  # as the style shows focus: after keys only


def test_a_folded_panel_opens_by_key_and_its_controls_take_the_keys(qtbot, window):
    """Where the kind's panel has no room beside the board it folds into a button of the
    play bar, whose buttons take no focus: Shift+F9 opens it over the board with its first
    control focused, and closes it again, giving the board the keys back."""
    assert window.open_source("strips-mums-2010-01")
    window.resize(700, 520)  # no room beside or below the board
    qtbot.waitUntil(lambda: window.area.placement == "folded", timeout=3000)
    window.activateWindow()
    window.board.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(lambda: focus() is window.board, timeout=3000)
    panel = window.area.side_panel
    assert not panel.isVisible()
    qtbot.keyClick(window.board, Qt.Key_F9, Qt.ShiftModifier)
    assert window.area.fold.isChecked() and panel.isVisible()
    assert panel.isAncestorOf(focus())
    QApplication.processEvents()  # the layout requests the panel's showing made
    window.area.arrange()  # and any later arrangement (a resize, the panel growing)
    assert panel.isVisible() and panel.isAncestorOf(focus())  # the keys stay where they were
    assert focus_ring.install().target is focus()
    stops = cycle(qtbot, focus())
    assert window.board in stops  # and round again: the panel is one more stop of the window
    wanted = [w for w in panel.findChildren(QWidget)
              if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.TabFocus]
    assert wanted and all(w in stops for w in wanted)  # every control of the panel by Tab
    qtbot.keyClick(focus(), Qt.Key_F9, Qt.ShiftModifier)
    assert not window.area.fold.isChecked() and not panel.isVisible()
    assert focus() is window.board


def test_the_help_lists_the_folded_panels_key():
    from puzzlegui.gui import access_menu

    rows = dict(access_menu.key_rows("strips"))
    assert "Shift+F9" in rows and "panel" in rows["Shift+F9"]
