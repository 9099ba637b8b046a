"""What a screen reader hears of each board (issue 35), in-process: the board's
accessibility tree as Qt gives it (QAccessible.queryAccessibleInterface), its names
checked against the model, and the events a move, the cursor and the aids send."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication

from puzzlegui.qtkit import accessible


@pytest.fixture
def events():
    seen = []
    accessible.listeners.append(seen.append)
    yield seen
    accessible.listeners.remove(seen.append)


def names_changed(events):
    return [e.accessibleInterface().text(QAccessible.Name) for e in events if e.type() == QAccessible.NameChanged]


def announced(events):
    return [e.message() for e in events if isinstance(e, QAccessibleAnnouncementEvent)]


def focused(events):
    return [e.accessibleInterface().text(QAccessible.Name) for e in events if e.type() == QAccessible.Focus]


def board_on(qtbot, window, name):
    assert window.open_source(name)
    board = window.board
    board.animation_ms = 0
    board.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(board.hasFocus, timeout=2000)
    return board


def tree(board):
    iface = QAccessible.queryAccessibleInterface(board)
    assert iface is not None and iface.role() == QAccessible.Table
    return iface


def child_named(iface, x, y, cols):
    return iface.child(y * cols + x).text(QAccessible.Name)


def test_kurosu_reads_each_square_and_each_line(qtbot, window, events):
    board = board_on(qtbot, window, "kurosu-dm-2018-06-01")
    state = window.history.state
    iface = tree(board)
    W, H = state.width, state.height
    assert iface.childCount() == W * H + W + H  # the squares, then each row's and column's counts
    assert "Kurosu" in iface.text(QAccessible.Name) and "X or 1" in iface.text(QAccessible.Description)
    for i, v in enumerate(state.cells):
        x, y = i % W, i // W
        name = child_named(iface, x, y, W)
        want = {1: "X", 0: "O", -1: "empty"}[v]
        assert name.startswith(f"row {y + 1}, column {x + 1}: {want}")
        assert name.endswith("given") == (state.givens[i] >= 0)
        assert iface.child(y * W + x).role() == QAccessible.Cell
    xs, os_ = state.cells[:W].count(1), state.cells[:W].count(0)
    assert iface.child(W * H).text(QAccessible.Name) == f"row 1 has {xs} X and {os_} O of {W // 2} each"
    # a cell's rectangle is where it is drawn, on the screen
    cell = iface.child(0).rect()
    geo = board.geometry_now()
    assert cell.topLeft() == board.mapToGlobal(board.rect().topLeft()) + type(cell.topLeft())(int(geo.x0), int(geo.y0))
    # the cursor moves: the square it is on gets the focus event, and is the table's focus child
    x, y = next((i % W, i // W) for i, v in enumerate(state.cells) if v < 0 and i % W > 0)
    board.cursor = (x - 1, y)
    events.clear()
    qtbot.keyClick(board, Qt.Key_Right)
    assert focused(events) == [f"row {y + 1}, column {x + 1}: empty"]
    assert iface.focusChild().text(QAccessible.Name) == f"row {y + 1}, column {x + 1}: empty"
    # a move: the square's name changes, its event says so, and the new name is announced
    events.clear()
    qtbot.keyClick(board, Qt.Key_X)
    assert window.history.state.at(x, y) == 1
    assert f"row {y + 1}, column {x + 1}: X" in names_changed(events)
    assert any(name.startswith(f"row {y + 1} has") for name in names_changed(events))  # its row's count too
    assert announced(events)[-1] == f"row {y + 1}, column {x + 1}: X"


def test_tracks_reads_track_and_counts(qtbot, window, events):
    board = board_on(qtbot, window, "tracks-mums-2008")
    p = window.history.state.puzzle
    iface = tree(board)
    clues = [line for line in p.lines if line[1] is not None]
    assert iface.childCount() == p.width * p.height + len(clues)
    start = child_named(iface, *p.start, p.width)
    assert "station A" in start
    first = iface.child(p.width * p.height).text(QAccessible.Name)
    assert first == f"column 1 needs {p.columns[0]} track cells, has {window.history.state.line_count(clues[0][0])}"
    board.cursor = (2, 3)
    events.clear()
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)  # lay track from (2, 3) to (3, 3)
    assert child_named(iface, 2, 3, p.width) == "row 4, column 3: track to the right"
    assert "row 4, column 4: track to the left" in names_changed(events)
    assert "column 4 needs 1 track cells, has 1" in names_changed(events) or any(
        n.startswith("column 4 needs") for n in names_changed(events))
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)  # and on to (4, 3): a straight piece
    assert child_named(iface, 3, 3, p.width) == "row 4, column 4: track left to right"
    qtbot.keyClick(board, Qt.Key_Down, Qt.ControlModifier)
    assert child_named(iface, 4, 3, p.width).endswith("down side crossed out")


def test_rotation_reads_tiles_and_arrows(qtbot, window, events):
    board = board_on(qtbot, window, "twiddle-3x3-orientable")
    state = window.history.state
    iface = tree(board)
    assert iface.childCount() == 9
    arrows = ("up", "right", "down", "left")
    for y in range(3):
        for x in range(3):
            name = child_named(iface, x, y, 3)
            assert name.startswith(f"row {y + 1}, column {x + 1}: tile {state.at(x, y)}, arrow {arrows[state.arrow(x, y) % 4]}")
    events.clear()
    qtbot.keyClick(board, Qt.Key_Space)  # turn the top left block clockwise
    after = window.history.state
    changed = names_changed(events)
    assert f"row 1, column 2: tile {after.at(1, 0)}, arrow {arrows[after.arrow(1, 0) % 4]}" in [
        n.split(", in place")[0].split(", the cursor")[0] for n in changed]
    assert len(changed) == 4  # the block's four squares
    assert announced(events) and announced(events)[-1].startswith("row 1, column 1: tile")


def test_black_and_white_reads_colours_and_strips(qtbot, window, events):
    board = board_on(qtbot, window, "strips-mums-2010-02")
    state = window.history.state
    iface = tree(board)
    assert iface.childCount() == state.cols * state.rows
    for x, y in [(0, 0), (1, 0), (4, 4)]:
        colour = "black" if state.colour((x, y)) == "b" else "white"
        assert child_named(iface, x, y, state.cols) == f"row {y + 1}, column {x + 1}: {colour}, not cut"
    events.clear()
    qtbot.keyClick(board, Qt.Key_Down, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Down, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Return)  # cut the white strip of 3 down column 1
    assert "row 2, column 1: white, in a strip of 3: white, white, white" in names_changed(events)


def test_announce_what_changed_around_the_cursor(qtbot, window, events):
    board = board_on(qtbot, window, "twiddle-3x3")
    accessible.prefs.announce = accessible.AROUND
    try:
        tree(board)
        events.clear()
        qtbot.keyClick(board, Qt.Key_Space)
        said = announced(events)[-1]
        assert said.count("row ") == 4  # the cursor's square and the three others the turn moved
    finally:
        accessible.prefs.announce = accessible.CURSOR_ONLY


def test_the_hint_stages_and_the_check_verdict_are_announced(qtbot, window, events):
    board = board_on(qtbot, window, "kurosu-dm-2018-06-01")
    tree(board)
    window.settings.hint_stages = window.aids.stages = True
    events.clear()
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        window.actions_by_name["hint"].trigger()  # the first stage: where to look
    assert board.highlight_text and board.highlight_text in announced(events)
    events.clear()
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        window.actions_by_name["hint"].trigger()  # the next: the reason
    assert board.highlight_text in announced(events)
    # Check's verdict, here the list of every broken rule
    state = window.history.state
    y = next(y for y in range(state.height) if all(state.at(x, y) != 0 for x in range(state.width)))
    for x in range(state.width):
        if window.history.state.at(x, y) < 0:
            window.play_move(("set", x, y, 1))
    events.clear()
    window.actions_by_name["check"].trigger()
    problems = window.doc.kind.check(window.history.state)
    assert any(all(p.reason in said for p in problems) for said in announced(events))


def test_the_status_line_and_the_finish_are_announced(qtbot, window, events):
    board = board_on(qtbot, window, "mystery-box")
    tree(board)
    events.clear()
    window.statusBar().showMessage("A sentence for the status line.")
    assert "A sentence for the status line." in announced(events)
    events.clear()
    from puzzlegui.core.solver import Found

    state = window.history.state
    solution = next(e.solution for e in board.kind.solve(state) if isinstance(e, Found))
    for move in board.kind.solution_moves(state, solution):
        window.play_move(move)  # the last one finishes
    card = board.card()
    assert card is not None
    said = announced(events)
    # the status line says the card's words and the puzzle's name, once (the card is not said again)
    finish = window.statusBar().currentMessage()
    assert finish.startswith("Solved in") and said.count(finish) == 1
    assert not any(s.startswith("Solved in") and s != finish for s in said)
    board.dismiss_celebration()


def test_the_solver_bar_says_its_verdict_and_each_replay_step(qtbot, window, events):
    assert window.open_source("mystery-box")
    tree(window.board)
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    qtbot.waitUntil(lambda: window.replay.loaded, timeout=30000)
    window.replay.pause()
    assert window.panel.result_text.text() in announced(events)  # the verdict
    events.clear()
    window.replay.seek(3)
    step = window.panel.step_label.full_text()
    assert step and announced(events).count(step) == 1  # said by the bar, not again by the board
    assert names_changed(events)  # the squares the replay moved, as it shows them
    assert not any(s.startswith("row ") for s in announced(events))  # the bar says the step, not the board
    window.back_to_game()


def test_moving_the_cursor_then_turning_names_only_the_turned_squares(qtbot, window, events):
    """Rotation's names say which block the cursor is on: moving it is not a change of
    the board, and the next turn's events are the four squares it moved."""
    board = board_on(qtbot, window, "twiddle-3x3")
    iface = tree(board)
    qtbot.keyClick(board, Qt.Key_Right)
    assert "the cursor's block: rows 1 to 2, columns 2 to 3" in iface.child(1).text(QAccessible.Name)
    events.clear()
    qtbot.keyClick(board, Qt.Key_Space)
    changed = names_changed(events)
    assert len(changed) == 4
    assert sorted(n.split(":")[0] for n in changed) == [
        "row 1, column 2", "row 1, column 3", "row 2, column 2", "row 2, column 3"]


def test_work_under_way_is_said_once_not_at_every_count(qtbot, window, events):
    bar = window.statusBar()
    accessible._progress_said.clear()
    for done in range(1, 40):
        bar.showMessage(f"Reading a collection: {done} of 40\u2026")
    bar.showMessage("Read 40 puzzles.")
    said = announced(events)
    assert said == ["Reading a collection: 1 of 40\u2026", "Read 40 puzzles."]


def test_tracks_names_every_square_together_as_one_by_one(qtbot, window, events):
    """The squares' words are worked out together and shared among squares that hold the
    same (qtkit/accessible.py, the Tracks board's access_cells): each still says its own."""
    board = board_on(qtbot, window, "tracks-mums-2008")
    iface = tree(board)
    p = window.history.state.puzzle
    board.cursor = (3, 3)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ControlModifier)  # cross out (3, 3)'s right side
    qtbot.keyClick(board, Qt.Key_Up, Qt.ControlModifier)  # and its top
    qtbot.keyClick(board, Qt.Key_Return)  # a dot
    qtbot.keyClick(board, Qt.Key_Down)
    qtbot.keyClick(board, Qt.Key_Space)  # (3, 4) marked
    assert child_named(iface, 3, 3, p.width) == "row 4, column 4: empty, track passes here (dot), up and right side crossed out"
    assert child_named(iface, 4, 3, p.width) == "row 4, column 5: empty, left side crossed out"
    assert child_named(iface, 3, 4, p.width) == "row 5, column 4: no track (marked)"
    together = board.access_cells()
    assert together == [board.access_cell(x, y) for y in range(p.height) for x in range(p.width)]
    assert together.count("empty") > 1 and len(set(together)) > 5
    # the clues (kept for the state they were worked out for) follow each state shown
    def column_3():
        return next(n for n in (iface.child(i).text(QAccessible.Name) for i in range(iface.childCount()))
                    if n.startswith("column 3 needs"))

    before = column_3()
    board.cursor = (2, 2)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)  # track from (2, 2), in column 3, to its right
    assert column_3() != before and column_3().endswith("has 1")
    window.undo()
    assert column_3() == before
