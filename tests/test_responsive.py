"""Work that grows with the board or the search never runs on the GUI thread: the
solution's replay, the result's sentence, the Rotation distance table.  (The time the GUI
thread pauses is measured in benchmarks/bench_app.py; these tests check where the work
runs and that its answer arrives.)"""

import threading

from PySide6.QtWidgets import QApplication

from puzzlegui.core import files, registry, solver
from puzzlegui.gui.replay import Replay
from puzzlegui.gui.jobs.worker import background_busy

BLANK_KUROSU_20 = "kurosu:20x20:zzzzzzzzzzzzzzzza"


def spy_threads(monkeypatch, obj, name, seen):
    """Wrap ``obj.name`` to note the thread each call runs on."""
    original = getattr(obj, name)

    def wrapped(*args, **kwargs):
        seen.append((name, threading.get_ident()))
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, wrapped)


def test_replay_and_sentence_are_made_off_the_gui_thread(qtbot, monkeypatch, demo_kind, window):
    seen = []
    for name in ("solution_steps", "describe_result"):
        spy_threads(monkeypatch, demo_kind, name, seen)
    doc = files.PuzzleDoc(demo_kind, demo_kind.decode({"lamps": "0000", "target": "1?1?"}), meta={"title": "T"})
    assert window.load_doc(doc)
    window.panel.set_mode(solver.ALL)
    window.panel.set_show("solution")
    arrived = []
    with qtbot.waitSignal(window.solveFinished, timeout=5000):
        window.solve()
        window.job.finished.connect(lambda *args: arrived.append(args))
    assert window.replay.loaded and window.replay.length > 0
    # the sentence is made with the search, in the search process (tests/test_search_process.py),
    # so no spy here sees it; the replay is made on the pool
    assert {name for name, _ in seen} == {"solution_steps"}
    gui = threading.get_ident()
    assert all(thread != gui for _, thread in seen), seen
    # the result list and the recorded steps are handed over as they are
    assert arrived and window.result is arrived[0][1] and window.recorded_steps is arrived[0][2]
    # another solution: its replay is prepared off the GUI thread too, then shown at its end
    seen.clear()
    window.panel.next_solution.click()
    qtbot.waitUntil(lambda: window.replay.loaded and window.replay.at_end and window.solution_index == 1, timeout=5000)
    assert seen and all(thread != gui for _, thread in seen)
    assert demo_kind.is_solved(window.board.state)
    # and back to the first: prepared once, shown at once
    seen.clear()
    window.panel.prev_solution.click()
    assert window.replay.at_end and window.solution_index == 0 and not seen
    window.replay.pause()


def test_a_big_kurosu_solution_replays_without_the_gui_thread_making_it(qtbot, monkeypatch, window):
    kind = registry.get("kurosu")
    seen = []
    spy_threads(monkeypatch, kind, "solution_steps", seen)
    assert window.open_source(BLANK_KUROSU_20)
    window.panel.set_mode(solver.FIRST)
    window.panel.set_show("solution")
    window.solve()
    qtbot.waitUntil(lambda: window.panel.step_label.text() == "Preparing the replay…", timeout=30000)
    assert "Found a solution" in window.panel.result_label.text()  # the result shows at once
    assert window.actions_by_name["stop"].isEnabled()  # Esc would drop the replay
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        pass
    assert window.replay.loaded and window.replay.length >= 400 - len(window.doc.state.cells) + 400
    assert seen and all(thread != threading.get_ident() for _, thread in seen)
    window.replay.pause()
    window.replay.seek(window.replay.length)  # the checkpoints came with it: no 400 moves here
    assert kind.is_solved(window.board.state)


def test_stop_drops_a_replay_being_prepared(qtbot, window):
    assert window.open_source(BLANK_KUROSU_20)
    window.panel.set_mode(solver.FIRST)
    window.panel.set_show("solution")
    window.solve()
    qtbot.waitUntil(lambda: window.panel.step_label.text() == "Preparing the replay…", timeout=30000)
    window.actions_by_name["stop"].trigger()
    assert window.panel.step_label.text() == "" and not window.actions_by_name["stop"].isEnabled()
    qtbot.waitUntil(lambda: not background_busy(), timeout=60000)
    QApplication.processEvents()
    assert not window.replay.loaded and window.board.interactive
    assert window.result is not None  # the answer itself stays: Play replays it
    window.panel.play_button.click()
    qtbot.waitUntil(lambda: window.replay.loaded and window.replay.playing, timeout=60000)
    window.replay.pause()


def test_rotation_distance_table_is_built_off_the_gui_thread(qtbot, monkeypatch):
    from qt_helpers import shown

    from puzzlegui.kinds.rotation import KIND, tables
    from puzzlegui.kinds.rotation.qt.widget import COMPUTING, Board

    monkeypatch.setattr(tables, "_tables", {})  # as on a fresh start: no table yet
    seen = []
    spy_threads(monkeypatch, tables, "build", seen)
    from puzzlegui.gui.jobs import Jobs

    board = Board(KIND)
    board.runner = Jobs(parent=board)  # as the window gives it
    board = shown(qtbot, board, 400, 400)
    panel = board.side_panel()
    assert panel is not None
    board.set_state(KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1"))
    assert board._distance_label.text() == COMPUTING  # at once, with the moves counted
    assert board._moves_label.text() == "Moves: 0"
    qtbot.waitUntil(lambda: board._distance_label.text() == "Fewest moves from here: 10", timeout=20000)
    assert seen and all(thread != threading.get_ident() for _, thread in seen)
    board.set_state(KIND.apply(board.state, ("turn", 1, 0, "cw")))
    assert board._distance_label.text() == "Fewest moves from here: 9"  # the table is kept


def test_player_takes_a_long_recording_as_it_is():
    steps = [solver.Step("try")] * 200_000
    player = Replay()
    player.load(object(), None, steps)
    assert player.steps is steps and player.length == 200_000
