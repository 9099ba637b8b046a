"""Finishing a puzzle is celebrated on the board, for every kind (issue 24): a wave of
colour, then a card with the time and the best time that stays until the next click or
key on the board, which dismisses it and does nothing else.  A replay reaching the
solution is not the player's finish and shows none of it.  The real window, real
puzzles, the last move played through the board's own signal."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from puzzlegui.core import solver
from puzzlegui.core.game import Finish
from puzzlegui.qtkit.celebration import finish_lines, finish_text

PUZZLES = {
    "tracks": "tracks-mums-2008",
    "kurosu": "kurosu-dm-2018-06-04",
    "strips": "strips-mums-2010-01",
    "rotation": "twiddle-3x3",
}


def solution_moves(window) -> list:
    """The moves from the game shown to its solution (the kind's own solver)."""
    kind = window.game.doc.kind
    state = window.history.state
    result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.FIRST)
    assert result.solutions, "the puzzle has a solution"
    return list(kind.solution_moves(state, result.solutions[0]))


def play_to_one_short(window, name: str, motion: bool = True):
    """Open the puzzle and play every move of its solution but the last; the last one.
    Without ``motion``, the board animates nothing (its animation time is 0)."""
    assert window.open_source(name)
    if not motion:
        window.board.animation_ms = 0
    moves = solution_moves(window)
    assert moves
    for move in moves[:-1]:
        window.play_move(move)
    assert window.game.status != "solved"
    return moves[-1]


def finish(qtbot, window, last_move) -> None:
    """The last move, as the board hands it to the window after a click."""
    with qtbot.waitSignal(window.puzzleSolved, timeout=5000):
        window.board.moveRequested.emit(last_move)


def centre(board) -> QPoint:
    return QPoint(board.width() // 2, board.height() // 2)


@pytest.mark.parametrize("kind", sorted(PUZZLES))
def test_finishing_shows_the_wave_then_a_card_that_a_click_dismisses_without_a_move(qtbot, window, kind):
    last = play_to_one_short(window, PUZZLES[kind])
    board = window.board
    finish(qtbot, window, last)
    assert board.is_animating() and board.is_celebrating() and board.card() is None  # the wave first
    board._on_flourish(0.3)  # a third of the way: the wave is drawn over the board
    waving = board.grab().toImage()
    board._on_flourish(0.0)
    assert waving != board.grab().toImage()
    qtbot.waitUntil(lambda: board.card() is not None, timeout=5000)  # then the card
    assert board.is_celebrating()
    card = board.card()
    headline, best = card.text().split("\n")
    assert headline.startswith("Solved in ") and best  # the time, the best time
    assert card.isVisible() and board.rect().contains(card.geometry())
    assert headline in window.statusBar().currentMessage()  # the status line says the same
    moves = len(window.history)
    qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board))
    assert board.card() is None and not board.is_celebrating()
    assert len(window.history) == moves and window.game.status == "solved"  # dismissed, no move made

def test_a_key_on_the_board_dismisses_the_card_and_does_nothing_else(qtbot, window):
    last = play_to_one_short(window, PUZZLES["tracks"], motion=False)  # the card at once
    finish(qtbot, window, last)
    board = window.board
    assert board.card() is not None and not board.is_animating()
    cursor = board.cursor
    board.setFocus()
    qtbot.keyClick(board, Qt.Key_Right)  # moves the cursor: not while the card shows
    assert board.card() is None
    assert board.cursor == cursor and window.game.status == "solved"
    qtbot.keyClick(board, Qt.Key_Right)  # the next key is the board's again
    assert board.cursor == (cursor[0] + 1, cursor[1])

def test_without_motion_the_card_shows_at_once(qtbot, window):
    last = play_to_one_short(window, PUZZLES["rotation"], motion=False)
    finish(qtbot, window, last)
    assert not window.board.is_animating()
    assert window.board.card() is not None and window.board.card().text().startswith("Solved in ")


def test_undo_or_another_game_takes_the_card_away(qtbot, window):
    last = play_to_one_short(window, PUZZLES["kurosu"], motion=False)
    finish(qtbot, window, last)
    assert window.board.card() is not None
    window.actions_by_name["undo"].trigger()
    assert window.board.card() is None
    window.actions_by_name["redo"].trigger()  # a redo is no new finish: no card
    assert window.board.card() is None
    last = play_to_one_short(window, "kurosu-dm-2018-06-05", motion=False)
    finish(qtbot, window, last)
    assert window.board.card() is not None
    assert window.open_source(PUZZLES["kurosu"])  # the next game
    assert window.board.card() is None


def test_a_click_during_the_wave_ends_the_celebration_and_makes_no_move(qtbot, window):
    last = play_to_one_short(window, PUZZLES["strips"])
    finish(qtbot, window, last)
    board = window.board
    assert board.is_celebrating() and board._flourish_anim.state() == board._flourish_anim.State.Running
    moves = len(window.history)
    qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board))
    assert not board.is_celebrating() and board._flourish == 0.0 and board.card() is None
    assert len(window.history) == moves


def test_a_replay_reaching_the_solution_shows_no_celebration(qtbot, window):
    assert window.open_source(PUZZLES["rotation"])
    window.solve()
    window.stop_solving()
    qtbot.waitUntil(lambda: not window.job.is_running(), timeout=20000)
    window.panel.set_show("solution")
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    qtbot.waitUntil(lambda: window.replay.loaded, timeout=20000)
    window.replay.seek(window.replay.length)
    assert window.game.doc.kind.is_solved(window.board.state)  # the replay shows the solution
    assert not window.board.is_animating() and window.board.card() is None
    assert "Solved" not in window.statusBar().currentMessage()


def test_the_words_say_the_time_and_the_best_time_or_why_there_is_none():
    assert finish_lines(Finish("unaided", 83.4, 58.0, False)) == ("Solved in 1:23", "Best 0:58")
    assert finish_lines(Finish("unaided", 58.0, 58.0, True)) == ("Solved in 0:58", "A new best time")
    assert finish_lines(Finish("with help", 83.0, None, False))[1] == "With help: no best time"
    assert finish_lines(Finish("solver used", 83.0, 58.0, False))[1] == "With the solver's answer: no best time"
    assert finish_text("Twiddle", Finish("unaided", 83.4, 58.0, False)) == "Solved in 1:23 \u00b7 Best 0:58 \u00b7 Twiddle"
