"""A replay is a mode beside the game, never the game's state: Esc, Back to my game,
closing the solver panel or a click on the board return to the game as it was, and a
replay never announces the game solved.  The real window, a real solve of the Mystery Box."""

import pytest
from PySide6.QtCore import QPoint, Qt



@pytest.fixture
def replaying(qtbot, window):
    """The Mystery Box solved by the solver, its solution replaying."""
    assert window.open_source("mystery-box")
    moves_before = window.history.moves()
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    qtbot.waitUntil(lambda: window.replay.loaded, timeout=30000)
    assert not window.board.interactive and not window.game.active  # a replay is not play
    return window, moves_before


def in_the_game(window, moves_before):
    return (
        not window.replay.loaded
        and window.board.interactive
        and window.board.state == window.history.state
        and window.history.moves() == moves_before
        and window.game.active  # the clock runs again
    )


def test_closing_the_solver_bar_returns_to_the_game(qtbot, replaying):
    window, before = replaying
    window.actions_by_name["solver_bar"].trigger()  # View > Solver bar, unchecked
    assert not window.area.solver_open
    assert in_the_game(window, before)


def test_a_click_on_the_board_returns_to_the_game_and_makes_no_move(qtbot, replaying):
    window, before = replaying
    qtbot.mouseClick(window.board, Qt.LeftButton, pos=QPoint(window.board.width() // 2, window.board.height() // 2))
    assert in_the_game(window, before)
    assert window.game.status != "solved"


def test_esc_returns_to_the_game(qtbot, replaying):
    window, before = replaying
    window.board.setFocus()
    qtbot.keyClick(window.board, Qt.Key_Escape)
    assert in_the_game(window, before)


def test_a_replay_run_to_its_end_never_says_the_game_is_solved(qtbot, replaying):
    window, before = replaying
    solved = []
    window.puzzleSolved.connect(lambda: solved.append(True))
    window.replay.seek(window.replay.length)
    window.replay.finished.emit()  # as the replay does when it reaches its end
    assert window.game.kind.is_solved(window.board.state)  # the replay shows the solution...
    assert not window.board.is_animating() and not solved  # ...but no flourish, no "Solved!"
    assert "Solved" not in window.statusBar().currentMessage() and "back to your game" in window.panel.step_label.text()
    assert window.game.status != "solved" and window.games.stats_for(window.game.key) is None
    window.back_to_game()
    assert in_the_game(window, before)
