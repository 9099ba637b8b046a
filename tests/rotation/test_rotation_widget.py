"""Widget and editor tests: clicks and keys emit turns, turns animate, the panel counts."""

import pytest
from PySide6.QtCore import QPoint, Qt
from qt_helpers import shown

from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.qt.editor import Editor
from puzzlegui.kinds.rotation.model import Config
from puzzlegui.kinds.rotation.qt.widget import Board, block_at


def seed():
    return KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")


def two_way():
    return KIND.parse_game_id("3x3n2:7,6,5,8,4,9,3,2,1")


@pytest.fixture
def board(qtbot):
    """A board as the window makes it: given the window's runner for work off the GUI thread."""
    from puzzlegui.gui.jobs import Jobs

    board = Board(KIND)
    board.runner = Jobs(parent=board)
    return shown(qtbot, board, 400, 400)


def click(qtbot, board, bx, by, button=Qt.LeftButton, modifier=Qt.NoModifier):
    p = board.button_pos(bx, by)
    with qtbot.waitSignal(board.moveRequested, timeout=1000) as blocker:
        qtbot.mouseClick(board, button, modifier, QPoint(round(p.x()), round(p.y())))
    return blocker.args[0]


def test_hit_testing_finds_the_nearest_button(board):
    board.set_state(seed())
    geo = board.geometry_now()
    config = seed().config
    for bx, by in config.block_origins():
        p = board.button_pos(bx, by)
        assert block_at(geo, config, p.x(), p.y()) == (bx, by)
    # a click on the top-left tile's centre belongs to the top-left block
    cx, cy = geo.cell_center(0, 0)
    assert block_at(geo, config, cx, cy) == (0, 0)
    assert block_at(geo, config, -500, -500) is None


def test_clockwise_only_any_click_turns_clockwise(qtbot, board):
    board.set_state(seed())
    assert click(qtbot, board, 1, 0) == ("turn", 1, 0, "cw")
    assert click(qtbot, board, 0, 1, Qt.RightButton) == ("turn", 0, 1, "cw")


def test_both_ways_left_is_anticlockwise_right_is_clockwise(qtbot, board):
    board.set_state(two_way())
    assert click(qtbot, board, 1, 1) == ("turn", 1, 1, "ccw")
    assert click(qtbot, board, 1, 1, Qt.RightButton) == ("turn", 1, 1, "cw")
    assert click(qtbot, board, 0, 0, Qt.LeftButton, Qt.ShiftModifier) == ("turn", 0, 0, "cw")


def test_not_interactive_ignores_clicks(qtbot, board):
    board.set_state(seed())
    board.set_interactive(False)
    p = board.button_pos(0, 0)
    with qtbot.assertNotEmitted(board.moveRequested):
        qtbot.mouseClick(board, Qt.LeftButton, pos=QPoint(round(p.x()), round(p.y())))


def test_keyboard_cursor_and_turns(qtbot, board):
    board.set_state(two_way())
    board.setFocus()
    qtbot.keyClick(board, Qt.Key_Right)
    qtbot.keyClick(board, Qt.Key_Down)
    qtbot.keyClick(board, Qt.Key_Right)  # stays on the last button
    assert board.key_cursor == (1, 1)
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.keyClick(board, Qt.Key_Space)
    assert blocker.args[0] == ("turn", 1, 1, "cw")
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.keyClick(board, Qt.Key_A)
    assert blocker.args[0] == ("turn", 1, 1, "ccw")
    board.set_state(seed())
    with qtbot.waitSignal(board.statusMessage) as blocker:
        qtbot.keyClick(board, Qt.Key_A)
    assert "only turn clockwise" in blocker.args[0]


def test_turn_animates_and_finishes(qtbot, board):
    old = seed()
    board.set_state(old)
    board.animation_ms = 60
    move = ("turn", 0, 0, "cw")
    new = KIND.apply(old, move)
    board.set_state(new, move, animate=True)
    assert board.is_animating()
    assert board._turning[1:] == (0, 0, True)
    board.repaint()  # paints the tiles part way round
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=2000)
    assert board._turning is None
    assert board.state == new
    board.set_state(KIND.apply(new, ("back", 0, 0, "cw")), ("back", 0, 0, "cw"), animate=True)
    assert board._turning[3] is False  # taking a turn back spins the other way
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=2000)


def test_side_panel_counts_moves_and_distance(qtbot, board):
    board.set_state(seed())
    panel = board.side_panel()
    assert panel is board.side_panel()
    moves, dist, about = board.panel_texts()
    assert moves == "Moves: 0" and dist == "Fewest moves from here: 10"
    assert "clockwise only" in about
    board.set_state(KIND.apply(seed(), ("turn", 1, 0, "cw")))
    assert board._moves_label.text() == "Moves: 1"
    assert board._distance_label.text() == "Fewest moves from here: 9"
    big = KIND.parse_game_id("6x6n4:" + ",".join(str(36 - i) for i in range(36)))
    board.set_state(big)
    assert "not known" in board._distance_label.text()  # beyond the tables and the proofs


def test_the_panel_says_what_solve_proves_beyond_the_tables(qtbot, board):
    """Issue 32 item 12: on a clockwise 4x3 board (no table; Solve's optimal search
    proves it in about a second) the panel gives the fewest moves Solve gives."""
    from puzzlegui.core.solver import FIRST, run

    state = KIND.parse_game_id("4x3n2c:11,9,3,2,1,6,10,8,5,4,12,7")
    board.set_state(state)
    board.side_panel()
    assert board._distance_label.text() == "Fewest moves from here: computing…"  # on the pool
    qtbot.waitUntil(lambda: "computing" not in board._distance_label.text(), timeout=60_000)
    solved = run(KIND.solve(state), FIRST).solutions[0]
    assert solved.optimal
    assert board._distance_label.text() == f"Fewest moves from here: {len(solved.moves)}"


def test_the_panel_says_not_proven_where_the_databases_are_not_built(qtbot, board):
    # 4x4 with 2x2 blocks: 512 MiB of databases are not built for a glance; a few turns
    # from the goal is proven all the same (the short search Solve starts with)
    big = KIND.parse_game_id("4x4n2:13,9,1,12,8,6,11,14,15,16,4,10,5,7,2,3")
    board.set_state(big)
    board.side_panel()
    qtbot.waitUntil(lambda: "computing" not in board._distance_label.text(), timeout=60_000)
    assert board._distance_label.text().startswith("Fewest moves from here: not proven in")
    near = KIND.apply(KIND.apply(KIND.goal(big.config), ("turn", 1, 1, "cw")), ("turn", 0, 2, "ccw"))
    board.set_state(near)
    qtbot.waitUntil(lambda: "computing" not in board._distance_label.text(), timeout=60_000)
    assert board._distance_label.text() == "Fewest moves from here: 2"


def test_highlighted_block_and_pictures(qtbot, board, tmp_path):
    state = KIND.parse_game_id("3x3n2o:4l7r9d6d1u2d8l5r3d")
    board.set_state(state)
    board.set_highlight(((1, 0), (2, 0), (1, 1), (2, 1)), "turn")
    image = board.grab().toImage()
    # the top-right button is drawn in the highlight colour
    p = board.button_pos(1, 0)
    colour = image.pixelColor(round(p.x()), round(p.y()))
    assert colour.red() > 200 and colour.green() > 150
    q = board.button_pos(0, 1)
    other = image.pixelColor(round(q.x()), round(q.y()))
    # the others are slate (never the mistakes' red): dark and bluish
    assert other.lightness() < 110 and other.blue() > other.red() + 20
    board.set_state(KIND.parse_game_id("5x5n3:17,2,25,8,15,6,1,12,5,10,21,18,19,14,13,24,3,22,11,20,7,16,9,4,23"))
    assert not board.grab().isNull()


def test_editor_makes_a_puzzle_and_explains_a_bad_one(qtbot):
    editor = Editor(KIND, seed())
    qtbot.addWidget(editor)
    editor.resize(420, 560)
    editor.show()
    assert editor.puzzle() == seed()
    grid = editor.grid
    # drag tile 7 (top left) onto tile 1 (bottom right): a swap, an odd permutation, still fine for 2x2 blocks
    a, b = grid.cell_centre(0, 0), grid.cell_centre(2, 2)
    with qtbot.waitSignal(editor.changed):
        qtbot.mousePress(grid, Qt.LeftButton, pos=QPoint(round(a.x()), round(a.y())))
        qtbot.mouseRelease(grid, Qt.LeftButton, pos=QPoint(round(b.x()), round(b.y())))
    assert editor.puzzle().tiles[0] == 1 and editor.puzzle().tiles[8] == 7
    # a single block only turns round: the same swap is refused with the reason
    editor.block_box.setValue(3)
    editor.grid.swap((0, 0), (1, 0))
    with pytest.raises(PuzzleError, match="single block"):
        editor.puzzle()
    # typing: select a cell and type 12 on a 4x4 board
    editor.block_box.setValue(2)
    editor.width_box.setValue(4)
    editor.height_box.setValue(4)
    assert editor.puzzle().config == Config(4, 4, 2, cw_only=True)
    c = grid.cell_centre(0, 0)
    qtbot.mouseClick(grid, Qt.LeftButton, pos=QPoint(round(c.x()), round(c.y())))
    qtbot.keyClicks(grid, "12")
    assert editor.puzzle().tiles[0] == 12 and editor.puzzle().tiles[11] == 1
    # arrows: right click turns an arrow; a quarter turn alone is refused
    editor.orient_box.setChecked(True)
    qtbot.mouseClick(grid, Qt.RightButton, pos=QPoint(round(c.x()), round(c.y())))
    with pytest.raises(PuzzleError, match="points the wrong way"):
        editor.puzzle()
    # a game ID typed into the box loads it
    editor.id_edit.clear()
    with qtbot.waitSignal(editor.changed):
        qtbot.keyClicks(editor.id_edit, "3x3n2r:3,1,2,1,3,2,3,1,2")
    assert editor.puzzle() == KIND.parse_game_id("3x3n2r:3,1,2,1,3,2,3,1,2")
    editor.shuffle()
    assert editor.puzzle().config.rows_only
    editor.reset_to_goal()
    assert KIND.is_solved(editor.puzzle())


@pytest.mark.parametrize("corner", ["top-left", "bottom-right"])
def test_a_turning_block_stays_inside_the_board(qtbot, corner):
    """A 3x3 block on the edge of a 5x5 board, grabbed 45 degrees into its turn: nothing
    of it is drawn outside the board's frame (it used to poke out and be clipped)."""
    from PySide6.QtGui import QColor

    state = KIND.parse_game_id("5x5n3:" + ",".join(str(v) for v in range(25, 0, -1)))
    b = shown(qtbot, Board(KIND), 420, 420, state)
    x = y = 0 if corner == "top-left" else 2
    b._turning = (state, x, y, True)
    b._progress = 0.5
    image = b.grab().toImage()
    b._turning = None
    geo = b.geometry_now()
    pad = geo.cell * 0.12
    background = QColor(image.pixel(2, 2))
    ratio = image.devicePixelRatio()
    outside = 0
    # a ring just outside the frame, round the whole board
    for t in range(0, 100):
        f = t / 100
        for px, py in (
            (geo.x0 + f * geo.width, geo.y0 - pad - 3),
            (geo.x0 + f * geo.width, geo.y0 + geo.height + pad + 3),
            (geo.x0 - pad - 3, geo.y0 + f * geo.height),
            (geo.x0 + geo.width + pad + 3, geo.y0 + f * geo.height),
        ):
            if QColor(image.pixel(int(px * ratio), int(py * ratio))) != background:
                outside += 1
    assert outside == 0
