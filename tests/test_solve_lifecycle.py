"""A solve's life in the real window: Stop and Esc on the first press whatever had the
focus, answers that belong to their job only, finished jobs released, the time limit."""

import gc

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files, solver
from puzzlegui.gui import settings as settings_mod
from puzzlegui.gui.window import MainWindow
from puzzlegui.gui.jobs.search_process import ProcessSolveJob as SolveJob
from puzzlegui.gui.jobs.worker import background_busy

# the offscreen platform's notes when a menu pops up
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints",
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)

# a search that finds solutions as long as we let it: every 14x14 Kurosu board
ENDLESS_KUROSU = "kurosu:14x14:zzzzzzzv"
# one solution, whose replay takes the kind a while to explain
BLANK_KUROSU_20 = "kurosu:20x20:zzzzzzzzzzzzzzzza"


@pytest.fixture
def window(window, qtbot):
    """conftest's window, made the active one (the key tests press Esc in it)."""
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    return window


def demo_doc(lamps="000", target="111", **extra):
    from demo import KIND

    return files.PuzzleDoc(KIND, KIND.decode({"lamps": lamps, "target": target, **extra}), meta={"title": "Test"})


def start_endless(qtbot, window):
    """A real Kurosu search that keeps finding solutions until it is stopped."""
    assert window.open_source(ENDLESS_KUROSU)
    window.panel.set_mode(solver.ALL)
    window.panel.max_solutions.setValue(999_999)
    window.panel.set_show("solution")
    window.solve()
    job = window.job
    qtbot.waitUntil(lambda: window.panel.found_label.text() not in ("–", "0"), timeout=10000)
    assert job.is_running()
    return job


# --- B. Stop and Esc ----------------------------------------------------------------------
def open_and_close_a_menu(qtbot, window, how):
    bar = window.menuBar()
    if how == "alt":  # the keyboard way: Alt+S opens the Solve menu
        qtbot.keyClick(window, Qt.Key_S, Qt.AltModifier)
    else:  # the mouse way
        bar.setActiveAction(bar.actions()[2])
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=2000)
    qtbot.keyClick(QApplication.activePopupWidget(), Qt.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None, timeout=2000)
    # a desktop gives the window back its activation when the popup closes; the
    # offscreen platform leaves that to us (the focus inside the window is untouched)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)


def press_esc(qtbot):
    focus = QApplication.focusWidget()  # where the key really goes
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key_Escape)


@pytest.mark.parametrize("how", ["alt", "mouse"])
def test_esc_stops_a_solve_at_the_first_press_after_a_menu(qtbot, demo_kind, window, how):
    assert window.load_doc(demo_doc(slow=True))
    for _ in range(2):  # and again: the second time must not differ from the first
        window.solve()
        job = window.job
        qtbot.waitUntil(lambda: window.panel.nodes_label.text() not in ("–", "0"), timeout=5000)
        open_and_close_a_menu(qtbot, window, how)
        assert job.is_running()  # closing the menu did not stop anything
        with qtbot.waitSignal(window.solveFinished, timeout=3000) as blocker:
            press_esc(qtbot)  # once
        assert blocker.args[0].status == solver.STOPPED
        assert not job.is_running()
        assert window.focusWidget() is window.board  # the menu bar let go of the keys


@pytest.mark.parametrize("focus", ["board", "settings", "library", "stop button"])
def test_esc_stops_whatever_has_the_focus(qtbot, demo_kind, window, focus):
    assert window.load_doc(demo_doc(slow=True))
    window.solve()
    job = window.job
    qtbot.waitUntil(lambda: window.panel.nodes_label.text() not in ("–", "0"), timeout=5000)
    widget = {
        "board": window.board,
        "settings": window.panel.settings_button,  # (Goal and the limits are in its popover)
        "library": window.library,
        "stop button": window.panel.stop_button,
    }[focus]
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=2000)
    with qtbot.waitSignal(window.solveFinished, timeout=3000):
        press_esc(qtbot)
    assert not job.is_running()


def test_stop_menu_item_and_button_stop_at_the_first_press(qtbot, demo_kind, window):
    assert window.load_doc(demo_doc(slow=True))
    stop_item = window.actions_by_name["stop"]
    for press in (stop_item.trigger, window.panel.stop_button.click):
        window.solve()
        job = window.job
        qtbot.waitUntil(lambda: window.panel.nodes_label.text() not in ("–", "0"), timeout=5000)
        open_and_close_a_menu(qtbot, window, "alt")
        with qtbot.waitSignal(window.solveFinished, timeout=3000):
            press()
        assert not job.is_running() and not stop_item.isEnabled()


def test_esc_cancels_a_generation_and_leaves_a_replay_after_a_menu(qtbot, demo_kind, window):
    assert window.load_doc(demo_doc("0000", "????"))
    window.documents.generate("demo", {"size": 5}, 7)
    open_and_close_a_menu(qtbot, window, "alt")
    press_esc(qtbot)
    assert window.documents.gen_task is None
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("search")
    window.replay.set_speed(2)
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.solve()
    assert window.replay.playing
    open_and_close_a_menu(qtbot, window, "mouse")
    press_esc(qtbot)
    assert not window.replay.loaded  # back to the game, as it was
    assert window.board.interactive and window.board.state == window.history.state


def test_esc_still_reaches_the_board_when_nothing_runs(qtbot, demo_kind, window):
    """Stop is off then, so the menu-bar filter leaves Esc alone."""
    assert window.load_doc(demo_doc())
    assert not window.actions_by_name["stop"].isEnabled()
    open_and_close_a_menu(qtbot, window, "alt")
    press_esc(qtbot)  # the menu bar leaves its keyboard mode, as Qt does it
    assert QApplication.focusWidget() is not window.menuBar()


# --- C. Results belong to their job ----------------------------------------------------------
@pytest.mark.parametrize("next_source", ["kurosu-dm-2018-06-01", "mystery-box"])
def test_a_stopped_solve_never_lands_on_the_next_puzzle(qtbot, window, next_source):
    job = start_endless(qtbot, window)
    arrived = []
    job.finished.connect(lambda *args: arrived.append(args))
    window.stop_solving()  # its answer (solutions so far) is now queued
    assert not job.is_running()
    assert window.open_source(next_source)  # before the queued answer is delivered
    qtbot.waitUntil(lambda: bool(arrived), timeout=5000)  # delivered...
    QApplication.processEvents()
    assert arrived[0][1].status == solver.STOPPED and arrived[0][1].solutions
    # ...and dropped: puzzle B shows its own game, no result, no replay
    assert window.result is None and not window.replay.loaded
    assert window.board.interactive and window.board.state == window.history.state
    assert window.panel.solution_label.text() == "No solution yet"
    assert window.panel.found_label.text() == "–"
    assert window.doc.name == next_source


def test_a_replay_being_prepared_never_lands_on_the_next_puzzle(qtbot, window):
    assert window.open_source(BLANK_KUROSU_20)
    window.panel.set_mode(solver.FIRST)
    window.panel.set_show("solution")
    window.solve()
    qtbot.waitUntil(lambda: window.panel.step_label.text() == "Preparing the replay…", timeout=20000)
    assert window.result is not None and not window.replay.loaded
    assert window.open_source("mystery-box")
    qtbot.waitUntil(lambda: not background_busy(), timeout=60000)
    QApplication.processEvents()
    assert window.result is None and not window.replay.loaded and window.board.interactive
    assert window.panel.step_label.text() == ""


def test_a_job_signals_carry_its_id(qtbot, demo_kind, window):
    assert window.load_doc(demo_doc("000", "1?1"))
    ids = set()
    for _ in range(2):
        with qtbot.waitSignal(window.solveFinished, timeout=5000):
            window.solve()
        ids.add(window.job.job_id)
        qtbot.waitUntil(lambda: not window.job.is_running(), timeout=3000)
    assert len(ids) == 2


# --- D. Finished jobs are released ---------------------------------------------------------------
def test_finished_jobs_are_released(qtbot, demo_kind, window):
    assert window.load_doc(demo_doc("000", "1?1"))
    window.panel.set_mode(solver.ALL)
    before = set(SolveJob.live())  # jobs other tests' own objects still hold
    for _ in range(25):
        with qtbot.waitSignal(window.solveFinished, timeout=5000):
            window.solve()
        qtbot.waitUntil(lambda: not window.job.is_running(), timeout=3000)
    gc.collect()
    QApplication.processEvents()
    gc.collect()
    live = [job for job in SolveJob.live() if job not in before]
    assert len(live) <= 2, live  # the one shown (and at most one on its way out)
    assert window.findChildren(SolveJob) == []  # no job is the window's child


# --- E. The time limit ---------------------------------------------------------------------------
def test_time_limit_stops_the_search_and_is_remembered(qtbot, demo_kind, window):
    assert window.load_doc(demo_doc(slow=True))
    assert window.panel.time_limit.text() == "off"
    window.panel.time_limit.setValue(1)
    with qtbot.waitSignal(window.solveFinished, timeout=15000) as blocker:
        window.panel.solve_button.click()
    result = blocker.args[0]
    assert result.status == solver.STOPPED
    qtbot.waitUntil(lambda: not window.job.is_running(), timeout=3000)  # the thread winds down
    assert window.panel.solve_button.isEnabled() and not window.panel.stop_button.isEnabled()
    if hasattr(solver, "TIME_LIMIT"):  # the driver says why it stopped
        assert result.stop_reason == solver.TIME_LIMIT
        assert "time limit" in window.panel.result_label.text()
    assert settings_mod.Settings().time_limit == 1.0
    again = MainWindow(restore=False)
    qtbot.addWidget(again)
    assert again.panel.current_time_limit() == 1.0
    again.panel.time_limit.setValue(0)
    assert again.panel.current_time_limit() is None
    again.shutdown()


def test_kept_solutions_are_indexed_by_the_list_not_the_count(qtbot, window):
    """Count all on a board with thousands of solutions: the chooser browses the ones
    kept, and the last of them replays."""
    job = start_endless(qtbot, window)
    qtbot.waitUntil(lambda: int(window.panel.found_label.text().replace(",", "")) > 1500, timeout=30000)
    with qtbot.waitSignal(window.solveFinished, timeout=30000):
        window.stop_solving()
    assert not job.is_running()
    result = window.result
    kept = len(result.solutions)
    assert result.count >= kept >= 2
    window.choose_solution(kept - 1)
    qtbot.waitUntil(lambda: window.replay.loaded and window.replay.at_end, timeout=30000)
    assert window.board.state == window.replay.state
    assert window.doc.kind.is_solved(window.replay.state)
    window.choose_solution(kept)  # beyond the kept ones: ignored
    assert window.solution_index == kept - 1


# --- F. Searches of no time at all -------------------------------------------------------------
def test_every_solve_ends_even_when_its_search_takes_no_time(qtbot, demo_kind, window):
    """Searches of microseconds, one after another as the panel is shown: each job ends,
    so Solve comes back every time."""
    assert window.load_doc(demo_doc("000", "1?1"))
    for _ in range(8):
        window.show_solver(False)
        with qtbot.waitSignal(window.solveFinished, timeout=5000):
            window.solve()
        qtbot.waitUntil(lambda: not window.job.is_running(), timeout=3000)
        assert window.actions_by_name["solve"].isEnabled()
