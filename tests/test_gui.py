"""The application window with the demo kind: real widgets, real clicks, real threads."""

import json
import time

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer

from puzzlegui.core import files, solver
from puzzlegui.gui.aids import LOOK_HERE
from puzzlegui.gui.window import MainWindow


@pytest.fixture
def window(window, demo_kind):
    """conftest's window, with the demo kind registered."""
    return window


def load(window, lamps="000", target="111", **extra):
    kind = window_kind()
    doc = files.PuzzleDoc(kind, kind.decode({"lamps": lamps, "target": target, **extra}), meta={"title": "Test"})
    assert window.load_doc(doc)
    return doc


def window_kind():
    from demo import KIND

    return KIND


def click_lamp(qtbot, window, i):
    g = window.board.geometry_()
    x, y = g.cell_center(i, 0)
    qtbot.mouseClick(window.board, Qt.LeftButton, pos=QPoint(int(x), int(y)))


def test_clicks_make_moves_and_undo_redo_restart(qtbot, window):
    load(window)
    click_lamp(qtbot, window, 0)
    click_lamp(qtbot, window, 2)
    assert window.history.state.lamps == (1, 0, 1)
    window.actions_by_name["undo"].trigger()
    assert window.board.state.lamps == (1, 0, 0)
    window.actions_by_name["redo"].trigger()
    assert window.board.state.lamps == (1, 0, 1)
    window.actions_by_name["restart"].trigger()
    assert window.board.state.lamps == (0, 0, 0)
    window.actions_by_name["undo"].trigger()
    assert window.board.state.lamps == (1, 0, 1)


def test_completion_is_announced(qtbot, window):
    load(window, "011", "111")
    with qtbot.waitSignal(window.puzzleSolved, timeout=2000):
        click_lamp(qtbot, window, 0)
    assert "Solved" in window.statusBar().currentMessage()
    assert window.board.is_animating()  # the flourish runs
    qtbot.waitUntil(lambda: not window.board.is_animating(), timeout=3000)


def test_solve_shows_result_replays_and_applies_as_one_step(qtbot, window):
    load(window, "000", "1?1")
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("solution")
    with qtbot.waitSignal(window.solveFinished, timeout=5000) as blocker:
        window.actions_by_name["solve"].trigger()
    result = blocker.args[0]
    assert result.count == 2 and result.complete
    assert "Exactly 2 solutions" in window.panel.result_label.text()
    assert window.panel.solution_label.text() == "Solution 1 of 2"
    assert window.replay.loaded and not window.board.interactive
    qtbot.waitUntil(lambda: window.replay.at_end, timeout=5000)
    assert window.doc.kind.is_solved(window.board.state)
    window.panel.next_solution.click()
    assert window.panel.solution_label.text() == "Solution 2 of 2"
    window.panel.apply_button.click()
    assert window.doc.kind.is_solved(window.history.state)
    assert window.board.interactive
    window.actions_by_name["undo"].trigger()  # the whole solution is one step
    assert window.history.state.lamps == (0, 0, 0)


def test_count_all_beyond_at_most_is_counted_exactly(qtbot, window):
    """More solutions than "At most": the solver lists that many, and the kind's counter
    (off the GUI thread) gives the exact total, which the panel states."""
    load(window, "0000", "????")
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("solution")
    window.panel.max_solutions.setValue(3)
    with qtbot.waitSignal(window.solveFinished, timeout=5000) as blocker:
        window.actions_by_name["solve"].trigger()
    result = blocker.args[0]
    assert result.count == 16 and result.complete and result.counted and len(result.solutions) == 3
    text = window.panel.result_label.full_text()
    assert "16" in text and "All 16 were counted without listing them" in text
    assert window.panel.solution_label.text().startswith("Solution 1 of 3")
    window.stop_solving()
    window.replay.clear()


def test_show_the_search_replays_tries_and_backtracks(qtbot, window):
    load(window, "000", "111")
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("search")
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.actions_by_name["solve"].trigger()
    # the search's replay ends where it found the solution, and is titled as the search
    until = window.solving.search_until_found(0)
    assert window.replay.length == len(until) > 1 and until[-1].action == "found"
    assert window.panel.solution_label.text().startswith("The search:")
    window.replay.pause()
    window.replay.seek(0)
    window.panel.forward_button.click()
    assert window.replay.position == 1
    assert window.board.highlight == window.recorded_steps[0].cells
    assert window.panel.step_label.text() == window.recorded_steps[0].text
    window.panel.back_button.click()
    assert window.replay.position == 0 and window.board.state.lamps == (0, 0, 0)
    window.panel.return_button.click()
    assert not window.replay.loaded and window.board.interactive


def test_stop_ends_a_long_search_promptly(qtbot, window):
    load(window, "000", "111", slow=True)
    window.actions_by_name["solve"].trigger()
    qtbot.waitUntil(lambda: window.panel.nodes_label.text() not in ("–", "0"), timeout=5000)
    job = window.job
    started = time.perf_counter()
    with qtbot.waitSignal(window.solveFinished, timeout=3000) as blocker:
        window.panel.stop_button.click()
    took = time.perf_counter() - started
    assert blocker.args[0].status == solver.STOPPED
    assert not job.is_running()
    assert took < 1.0  # benchmarks/ measures the real figure; this only catches a hang
    assert "Stopped" in window.panel.result_label.text()


def test_window_stays_responsive_while_solving(qtbot, window):
    load(window, "000", "111", slow=True)
    beats = []
    heart = QTimer()
    heart.setInterval(10)
    heart.timeout.connect(lambda: beats.append(time.perf_counter()))
    heart.start()
    window.actions_by_name["solve"].trigger()
    qtbot.waitUntil(lambda: len(beats) >= 40, timeout=10000)
    # the board still takes clicks while the solver runs
    click_lamp(qtbot, window, 1)
    assert window.history.state.lamps == (0, 1, 0)
    heart.stop()
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    assert max(gaps) < 0.5
    window.stop_solving()
    assert not window.job.is_running()


def test_closing_while_solving_leaves_no_thread(qtbot, demo_kind):
    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    w.show()
    load(w, "000", "111", slow=True)
    w.actions_by_name["solve"].trigger()
    job = w.job
    qtbot.waitUntil(lambda: job.is_running(), timeout=3000)
    w.close()
    assert not job.is_running()


def test_bad_file_shows_a_sentence_and_keeps_the_game(qtbot, window, tmp_path):
    load(window)
    click_lamp(qtbot, window, 1)
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "demo", "puzzle": {"lamps": "0x0", "target": "111"}}')
    with qtbot.waitSignal(window.errorShown, timeout=2000) as blocker:
        assert not window.open_source(str(bad))
    assert "bad.json" in blocker.args[0] and '"lamps"' in blocker.args[0]
    assert window.history.state.lamps == (0, 1, 0)
    window.error_box.close()


def test_save_and_autosave_restore(qtbot, demo_kind, tmp_path):
    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    load(w)
    click_lamp(qtbot, w, 2)
    target = tmp_path / "mine.json"
    assert w.documents._save_to(target)
    saved = json.loads(target.read_text())
    assert saved["progress"] == [["toggle", 2]]
    click_lamp(qtbot, w, 0)
    assert w.games.store.has(w.game.key)  # stored with the move, before any quit
    w.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    assert again.history.state.lamps == (1, 0, 1)
    assert "Restored" in again.statusBar().currentMessage()
    again.shutdown()


def test_check_and_hint(qtbot, window):
    load(window, "010", "111")
    window.actions_by_name["check"].trigger()
    assert window.board.violations and window.board.violations[0].cells == ((0, 0), (2, 0))
    assert "1 problem" in window.statusBar().currentMessage()
    before = window.history.state
    with qtbot.waitSignal(window.aidFinished, timeout=30000):  # found on the pool
        window.actions_by_name["hint"].trigger()
    # in stages: first where to look (no reason, no move), then the reason, then the move
    assert window.history.state == before and window.board.highlight == ((0, 0),)
    assert window.board.highlight_text == LOOK_HERE and "Lamp 1" not in window.statusBar().currentMessage()
    assert window.game.hints == 1 and window.games.stats_for(window.game.key).looks == 1
    window.actions_by_name["hint"].trigger()
    assert window.history.state == before and "Lamp 1 must be on" in window.statusBar().currentMessage()
    assert window.games.stats_for(window.game.key).reasons == 1
    window.actions_by_name["hint"].trigger()
    assert window.history.state.lamps == (1, 1, 0)
    assert "Lamp 1 must be on" in window.statusBar().currentMessage()
    assert window.board.highlight == ((0, 0),)
    st = window.games.stats_for(window.game.key)
    assert window.game.hints == 1 and (st.looks, st.reasons, st.hints) == (1, 1, 1)


def test_a_hint_at_once_plays_the_move_and_a_move_starts_stages_over(qtbot, window):
    load(window, "010", "111")
    with qtbot.waitSignal(window.aidFinished, timeout=30000):
        window.hint()
    assert window.board.highlight_text == LOOK_HERE
    window.play_move(window.doc.kind.hint(window.history.state).move)  # the player found it
    window.actions_by_name["hint_stages"].trigger()  # off: Hint plays at once
    assert not window.settings.hint_stages
    before = window.history.state
    with qtbot.waitSignal(window.aidFinished, timeout=30000):
        window.hint()
    assert window.history.state != before  # a new hint for the new position, played at once


def test_generate_runs_in_a_process_and_loads(qtbot, window):
    load(window)
    with qtbot.waitSignal(window.gameChanged, timeout=30000):
        window.documents.generate("demo", {"size": 7}, 42)
    assert len(window.history.state.lamps) == 7
    assert "seed 42" in window.doc.title


def test_generate_can_be_cancelled(qtbot, window):
    load(window)
    window.documents.generate("demo", {"size": 7}, 1)
    assert window.documents.gen_task is not None
    window.stop_solving()  # Esc cancels generation too
    assert window.documents.gen_task is None


def test_edit_dialog_validates_live(qtbot, demo_kind):
    from puzzlegui.gui.dialogs import EditDialog

    dialog = EditDialog(demo_kind, demo_kind.decode({"lamps": "01", "target": "11"}))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert dialog.text.toPlainText() == "01/11" and ok.isEnabled()
    dialog.text.setPlainText("01/1")
    assert not ok.isEnabled() and "target" in dialog.error.text()
    dialog.text.setPlainText("0110/1111")
    assert ok.isEnabled() and dialog.puzzle().lamps == (0, 1, 1, 0)


def test_new_puzzle_dialog_builds_a_form_from_parameters(qtbot, demo_kind):
    from puzzlegui.gui.dialogs import NewPuzzleDialog

    dialog = NewPuzzleDialog("demo", {"size": 9})
    qtbot.addWidget(dialog)
    assert dialog.kind is demo_kind
    assert dialog.params() == {"size": 9}
    dialog.preset_box.setCurrentIndex(1)
    dialog._apply_preset(1)
    assert dialog.params() == {"size": 5}


def test_help_dialog_shows_the_kind_rules(qtbot, demo_kind):
    from PySide6.QtWidgets import QTextBrowser

    from puzzlegui.gui.dialogs import HelpDialog

    dialog = HelpDialog(demo_kind)
    qtbot.addWidget(dialog)
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert "Toggle lamps" in text and "Click a lamp" in text and "Undo" in text


def test_every_action_is_in_a_menu_with_a_shortcut(window):
    in_menus = {a for menu in window.menuBar().findChildren(type(window.menuBar().actions()[0].menu())) for a in menu.actions()}
    for name, action in window.actions_by_name.items():
        assert action in in_menus, name
        if name != "about":
            assert not action.shortcut().isEmpty(), name
    shortcuts = [a.shortcut().toString() for a in window.actions_by_name.values() if not a.shortcut().isEmpty()]
    assert len(shortcuts) == len(set(shortcuts))  # no two actions fight over a key


def test_settings_persist_replay_length_and_goal(qtbot, demo_kind):
    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    w.panel.length.setValue(900)
    w.panel.set_mode(solver.FIRST)
    load(w)
    w.solve()
    qtbot.waitUntil(lambda: not w.job.is_running(), timeout=5000)
    seconds = w.settings.replay_seconds
    assert seconds > 100  # the slider's far end: minutes
    w.close()
    again = MainWindow(restore=False)
    qtbot.addWidget(again)
    assert again.panel.current_length() == pytest.approx(seconds, rel=0.01)
    assert again.panel.current_mode() == solver.FIRST
    again.shutdown()


def test_loading_another_puzzle_clears_the_last_result(qtbot, window):
    load(window, "000", "1?1")
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.solve()
    assert window.panel.found_label.text() == "2"
    load(window, "00", "11")
    assert window.panel.found_label.text() == "–" and window.panel.nodes_label.text() == "–"
    assert window.panel.solution_label.text() == "No solution yet"
    assert not window.replay.loaded
    assert window.statusBar().currentMessage() == "Opened Test."


def test_stopping_leaves_the_board_as_it_was(qtbot, window):
    load(window, "000", "111", slow=True)
    click_lamp(qtbot, window, 1)
    before = window.history.state
    position = window.history.position
    window.panel.set_show("search")
    window.solve()
    qtbot.waitUntil(lambda: window.panel.nodes_label.text() not in ("–", "0"), timeout=5000)
    with qtbot.waitSignal(window.solveFinished, timeout=3000):
        window.stop_solving()
    assert window.history.state == before and window.history.position == position
    window.back_to_game()
    assert window.board.state == before and window.board.interactive


def test_closing_while_replaying_stops_every_timer_and_animation(qtbot, demo_kind):
    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    w.show()
    load(w, "0000", "1111")  # four tries before the one solution: a replay to play
    w.panel.set_show("search")
    w.replay.set_speed(2)
    with qtbot.waitSignal(w.solveFinished, timeout=5000):
        w.solve()
    qtbot.waitUntil(lambda: w.replay.position >= 1, timeout=5000)
    board = w.board
    board.celebrate()  # the demo board's only animation
    assert w.replay.playing and board.is_animating()
    w.close()
    assert not w.replay.playing
    assert not board.is_animating()


def test_stop_action_is_live_only_while_something_runs(qtbot, window):
    load(window, "000", "111", slow=True)
    stop = window.actions_by_name["stop"]
    assert not stop.isEnabled()  # so Esc reaches the board
    window.solve()
    assert stop.isEnabled()
    with qtbot.waitSignal(window.solveFinished, timeout=3000):
        stop.trigger()
    qtbot.waitUntil(lambda: not window.job.is_running(), timeout=3000)
    assert not stop.isEnabled()
    window.documents.generate("demo", {"size": 4}, 3)
    assert stop.isEnabled()
    stop.trigger()
    assert window.documents.gen_task is None and not stop.isEnabled()


def test_a_proven_no_solution_is_not_called_not_yet(qtbot, window):
    from puzzlegui.core import registry
    from puzzlegui.kinds.kurosu.model import KurosuState

    kind = registry.get("kurosu")
    givens = [1, 1, 1] + [-1] * 13  # three X in a row: no way to finish it
    assert window.load_doc(files.PuzzleDoc(kind, KurosuState.new(4, 4, givens), meta={"title": "No way"}))
    with qtbot.waitSignal(window.solveFinished, timeout=20000) as blocker:
        window.solve()
    result = blocker.args[0]
    assert result.count == 0 and result.complete
    assert window.panel.solution_label.text() == "No solution (proven)"


def test_show_the_search_after_a_solve_that_recorded_none_runs_it_again(qtbot, window):
    load(window, "000", "111")
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("solution")
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.actions_by_name["solve"].trigger()
    assert window.recorded_steps == []
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.panel.set_show("search")  # as the user picks it in the panel
    assert window.recorded_steps and window.replay.loaded
    assert window.panel.solution_label.text().startswith("The search:")
    window.replay.seek(window.replay.length)
    assert window.board.state.lamps == (1, 1, 1)  # it ends on the solution it found
