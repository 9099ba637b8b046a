"""The player's aids through the real window: sure steps, "Correct so far?", "Undo to
before my first mistake", Check listing every problem, and "Mark mistakes as I play".
Each aid runs off the GUI thread; the tests wait for its answer (aidFinished)."""

import time
import pytest

from puzzlegui.core import files, registry
from puzzlegui.core.solver import ALL, run
from puzzlegui.gui.window import MainWindow
from qt_helpers import take_hint

KUROSU = "kurosu-dm-2018-06-01"


def trigger(qtbot, window, name):
    with qtbot.waitSignal(window.aidFinished, timeout=60000) as blocker:
        window.actions_by_name[name].trigger()
    return blocker.args[0]


def kurosu_solution(state):
    kind = registry.get("kurosu")
    result = run(kind.solve(kind.initial(state)), ALL, time_limit=60)
    assert result.complete and result.count == 1
    return result.solutions[0]


def empty_cells(state):
    return [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]


@pytest.mark.parametrize("source", ["tracks-mums-2008", KUROSU, "strips-mums-2010-18"])
def test_sure_steps_make_one_undoable_step_of_deductions(qtbot, window, source):
    assert window.open_source(source)
    before = window.history.state
    assert trigger(qtbot, window, "sure") == "sure"
    assert window.history.position == 1 and window.history.state != before
    assert "sure move" in window.statusBar().currentMessage()
    window.actions_by_name["undo"].trigger()
    assert window.history.state == before


def test_correct_so_far_marks_the_wrong_entry_only(qtbot, window):
    assert window.open_source(KUROSU)
    state = window.history.state
    sol = kurosu_solution(state)
    (x1, y1), (x2, y2) = empty_cells(state)[:2]
    window.play_move(("set", x1, y1, sol.value(x1, y1)))  # right
    window.play_move(("set", x2, y2, 1 - sol.value(x2, y2)))  # wrong
    trigger(qtbot, window, "correct")
    assert window.board.highlight == ((x2, y2),)
    assert window.problems.isVisible()
    assert f"column {x2 + 1}, row {y2 + 1}" in window.problems.toPlainText()
    assert f"column {x1 + 1}, row {y1 + 1}" not in window.problems.toPlainText()


def test_undo_to_before_the_first_mistake(qtbot, window):
    assert window.open_source(KUROSU)
    state = window.history.state
    sol = kurosu_solution(state)
    cells = empty_cells(state)
    window.play_move(("set", *cells[0], sol.value(*cells[0])))  # right
    window.play_move(("set", *cells[1], 1 - sol.value(*cells[1])))  # the first mistake
    window.play_move(("set", *cells[2], sol.value(*cells[2])))  # right, but after it
    before = window.history.state
    trigger(qtbot, window, "rewind")
    assert window.history.state == window.history.state_at(1)  # after the right entry only
    assert "Took back 2 steps" in window.statusBar().currentMessage()
    window.actions_by_name["undo"].trigger()  # one undoable step
    assert window.history.state == before


def test_an_aid_answer_for_an_old_position_is_dropped(qtbot, window):
    assert window.open_source(KUROSU)
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        window.actions_by_name["correct"].trigger()
        window.open_source("tracks-mums-2008")  # the player moves on before the answer
    assert window.doc.name == "tracks-mums-2008"
    assert window.board.highlight == () and not window.problems.isVisible()


def test_check_lists_every_problem(qtbot, window):
    assert window.open_source(KUROSU)
    state = window.history.state
    # three X in a row wherever the board allows: fill a whole row with X
    y = next(y for y in range(state.height) if all(state.at(x, y) != 0 for x in range(state.width)))
    for x in range(state.width):
        if state.at(x, y) < 0:
            window.play_move(("set", x, y, 1))
    window.actions_by_name["check"].trigger()
    problems = window.doc.kind.check(window.history.state)
    assert len(problems) >= 2
    text = window.problems.toPlainText()
    assert all(p.reason in text for p in problems)


def test_mark_mistakes_as_i_play_is_a_remembered_setting(qtbot, window):
    assert window.open_source("tracks-mums-2008")
    action = window.actions_by_name["mark_mistakes"]
    if action.isChecked():
        action.trigger()
    assert not window.settings.mark_mistakes
    other = MainWindow(restore=False)
    qtbot.addWidget(other)
    assert other.actions_by_name["mark_mistakes"].isChecked() is False
    other.shutdown()
    action.trigger()
    assert window.settings.mark_mistakes


def test_the_clock_and_records(qtbot, window):
    from puzzlegui.gui.dialogs import StatsDialog

    rotation = next(b.name for b in files.builtins() if b.kind == "rotation")
    assert window.open_source(rotation)
    game = window.game
    assert game.active  # the window is in front: the game's clock runs
    game.tick(time.monotonic() - 30)  # thirty seconds of play pass before the next tick
    window.clock.tick()
    assert game.elapsed >= 30 and window.clock_label.text().startswith("0:3")
    while not window.doc.kind.is_solved(window.history.state):
        take_hint(qtbot, window)  # a shortest path, with help
    assert window.clock_label.text().startswith("Solved in") and "with help" in window.clock_label.text()
    solved_at = game.elapsed
    game.tick(time.monotonic() - 30)
    window.clock.tick()
    assert game.elapsed == solved_at  # the clock stops once solved
    st = window.games.stats_for(game.key)
    assert (st.solved, st.helped, st.solver, st.best) == (1, 1, 0, None) and st.hints >= 1
    dialog = StatsDialog(window.games, window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 2).text() == "1"
    dialog.reset()
    assert dialog.table.rowCount() == 0 and window.games.stats() == []
    # a restart after the solve is a new attempt: the clock starts again
    window.restart()
    assert game.elapsed == 0 and not game.helped


def test_the_clock_pauses_while_minimised(qtbot, window):
    assert window.open_source("tracks-mums-2008")
    window.showMinimized()
    if not window.isMinimized():
        pytest.skip("this platform plugin does not minimise windows")
    before = window.game.elapsed
    assert not window.game.active
    window.game.tick(time.monotonic() - 30)
    window.clock.tick()
    assert window.game.elapsed == before


def test_a_hint_is_found_off_the_gui_thread_and_dropped_if_the_game_moved_on(qtbot, window, monkeypatch):
    import threading

    assert window.open_source("mystery-box")
    kind_class = type(window.doc.kind)
    real = kind_class.hint
    threads = []

    def spy(self, state, **bounds):
        threads.append(threading.current_thread() is threading.main_thread())
        assert bounds.get("time_limit")  # the window's hint is bounded too
        return real(self, state, **bounds)

    monkeypatch.setattr(kind_class, "hint", spy)
    take_hint(qtbot, window)
    assert threads == [False] and len(window.history) == 1 and window.game.hints == 1
    # asked, then the player turns a block before the answer comes: the answer is
    # for a position that is gone, and is dropped
    gate = threading.Event()
    monkeypatch.setattr(kind_class, "hint", lambda self, state, **bounds: (gate.wait(30), real(self, state))[1])
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        window.hint()
        window.play_move(("turn", 1, 1, "cw"))
        gate.set()
    assert len(window.history) == 2 and window.game.hints == 1
    assert window.history.moves()[-1] == ("turn", 1, 1, "cw")
