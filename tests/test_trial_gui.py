"""Marks, trials and Tatham's u/r keys through the real window (issue 25)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files
from puzzlegui.qtkit import theme

KUROSU = "kurosu-dm-2018-06-01"


@pytest.fixture
def window(window):
    """conftest's window, on a Kurosu."""
    assert window.open_source(KUROSU)
    return window


def empty(state, n):
    cells = [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]
    return cells[n]


def has_trial_colour(board) -> bool:
    image = board.grab().toImage()
    want = QColor(theme.TRIAL)
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 30:
                return True
    return False


def test_a_trial_is_marked_on_the_board_and_goes_back_to_its_mark(qtbot, window):
    a = window.actions_by_name
    assert not a["back_to_mark"].isEnabled()
    qtbot.keyClick(window, Qt.Key_T, Qt.ControlModifier)  # Mark this position
    marked = window.history.state
    assert window.game.marks == [0] and a["back_to_mark"].isEnabled()
    x, y = empty(marked, 0)
    window.play_move(("set", x, y, 1))
    x2, y2 = empty(window.history.state, 0)
    window.play_move(("set", x2, y2, 0))
    assert set(window.board.trial) == {(x, y), (x2, y2)}
    QApplication.processEvents()
    assert has_trial_colour(window.board)
    a["back_to_mark"].trigger()
    assert window.history.state == marked and window.board.state == marked and window.board.trial == ()
    assert not has_trial_colour(window.board)
    window.undo()  # the trial comes back
    assert set(window.board.trial) == {(x, y), (x2, y2)}
    a["keep_trial"].trigger()
    assert window.board.trial == () and window.game.marks == [] and window.board.state == window.history.state


def test_u_and_r_undo_and_redo_on_the_board(qtbot, window):
    x, y = empty(window.history.state, 0)
    before = window.history.state
    window.play_move(("set", x, y, 1))
    after = window.history.state
    window.board.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.board, timeout=2000)
    qtbot.keyClick(window.board, Qt.Key_U)
    assert window.history.state == before
    qtbot.keyClick(window.board, Qt.Key_R)
    assert window.history.state == after


def test_pause_hides_the_board_and_stops_the_clock(qtbot, window):
    game = window.game
    game.set_active(True, 100.0)
    game.tick(100.0)
    qtbot.keyClick(window, Qt.Key_F8)
    assert window.paused and window.area.cover.isVisible() and game.paused
    cover = window.area.cover.geometry()
    assert cover.contains(window.board_view.geometry())  # the whole board is hidden
    assert not window.actions_by_name["undo"].isEnabled() and not window.actions_by_name["hint"].isEnabled()
    before = game.elapsed
    game.tick(130.0)
    assert game.elapsed == before  # a paused clock counts nothing
    assert window.clock_label.text().startswith("Paused at")
    qtbot.mouseClick(window.area.cover, Qt.LeftButton)  # a click on the cover goes on
    assert not window.paused and not game.paused and window.actions_by_name["hint"].isEnabled()


def test_the_clock_can_be_hidden(qtbot, window):
    window.actions_by_name["show_clock"].trigger()
    assert not window.clock_label.isVisibleTo(window) and not window.settings.show_clock
    window.actions_by_name["show_clock"].trigger()
    assert window.clock_label.isVisibleTo(window) and window.settings.show_clock


def test_replay_my_game_plays_the_history_back_and_leaves_the_game_as_it_was(qtbot, window):
    for n in range(3):
        x, y = empty(window.history.state, 0)
        window.play_move(("set", x, y, n % 2))
    window.restart()  # a Restart is an entry too
    x, y = empty(window.history.state, 5)
    window.play_move(("set", x, y, 1))
    state, moves = window.history.state, window.history.moves()
    window.actions_by_name["replay_game"].trigger()  # prepared on the pool, then played
    replay = window.replay
    qtbot.waitUntil(lambda: replay.loaded, timeout=30000)
    assert replay.length == 5 and not window.board.interactive
    assert window.area.solver_open and window.panel.position_slider.maximum() == 5
    replay.pause()
    window.panel.position_slider.setValue(3)  # the slider moves through the game
    assert window.board.state == window.history.state_at(3)
    assert "Entry 3 of 5" in window.panel.step_label.full_text()
    window.panel.position_slider.setValue(4)
    assert "Restart" in window.panel.step_label.full_text() and window.board.state == window.history.initial
    replay.seek(5)
    assert window.board.state == state
    window.back_to_game()
    assert window.history.state == state and window.history.moves() == moves and window.board.interactive


def test_copy_offers_tathams_id_and_the_browser_his_page(qtbot, window, monkeypatch):
    kind, state = window.doc.kind, window.history.state
    window.actions_by_name["copy_tatham"].trigger()
    assert QApplication.clipboard().text() == kind.tatham_id(kind.initial(state))
    assert ":" in QApplication.clipboard().text() and not QApplication.clipboard().text().startswith("kurosu")
    opened = []
    from PySide6.QtGui import QDesktopServices

    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True)
    window.actions_by_name["open_web"].trigger()
    assert opened == [kind.tatham_url(kind.initial(state))] and "unruly.html#" in opened[0]
    assert window.open_source(next(b.name for b in files.builtins()
                                   if b.kind == "strips"))
    assert not window.actions_by_name["copy_tatham"].isEnabled()  # Tatham has no Black and White


def test_line_tallies_and_no_spoilers_from_the_view_menu(qtbot, window):
    a = window.actions_by_name
    a["show_remaining"].trigger()
    assert window.board.show_counts and window.settings.show_remaining
    a["show_met"].trigger()  # off: no spoilers
    assert not window.board.show_met and not window.settings.show_met
    assert window.open_source("tracks-mums-2008")  # the next board has them too
    assert window.board.show_remaining and not window.board.show_met


def test_a_long_games_replay_is_prepared_off_the_gui_thread_and_jumps_at_once(qtbot, window):
    """A game of thousands of entries: its replay's checkpoints are made on the pool, so
    the slider's jump to the end replays at most a checkpoint's worth of moves."""
    import threading

    from puzzlegui.gui import solve_controller

    x, y = empty(window.history.state, 0)
    for n in range(3000):
        window.play_move(("set", x, y, n % 2))
    threads = []
    real = solve_controller._prepare_own_replay
    monkey = lambda history: (threads.append(threading.current_thread() is threading.main_thread()),  # noqa: E731
                              real(history))[1]
    solve_controller._prepare_own_replay = monkey
    try:
        window.replay_game()
        qtbot.waitUntil(lambda: window.replay.loaded, timeout=60000)
    finally:
        solve_controller._prepare_own_replay = real
    assert threads == [False]  # made on the pool
    replay = window.replay
    replay.pause()
    assert replay.length == 3000 and len(replay._checkpoints) == 3000 // 64 + 1
    window.panel.position_slider.setValue(3000)
    assert window.board.state == window.history.state
    window.back_to_game()
