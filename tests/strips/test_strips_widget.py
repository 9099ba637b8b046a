"""The Strips board, tray, meta-puzzle dialog and editor, driven like a user would."""

import pytest
from PySide6.QtCore import QPoint, Qt
from qt_helpers import shown

from puzzlegui.core import files
from puzzlegui.core.kind import PuzzleError, Violation
from puzzlegui.kinds.strips import KIND, meta, model, solver
from puzzlegui.kinds.strips.qt.editor import Editor
from puzzlegui.kinds.strips.qt.meta_view import MetaDialog
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import SEED, parse_set
from puzzlegui.kinds.strips.qt.widget import Board

FINAL = ("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww")


@pytest.fixture
def board(qtbot):
    return shown(qtbot, Board(KIND), 420, 380, make_state(FINAL, SEED))


def centre(board, cell):
    x, y = board.geometry().cell_center(*cell)
    return QPoint(int(x), int(y))


def drag(qtbot, board, start, end):
    qtbot.mousePress(board, Qt.LeftButton, pos=centre(board, start))
    qtbot.mouseMove(board, centre(board, end))
    qtbot.mouseRelease(board, Qt.LeftButton, pos=centre(board, end))


def test_geometry_keeps_square_cells_inside_the_widget(board):
    g = board.geometry()
    assert g.cols == g.rows == 5
    assert g.x0 >= 0 and g.y0 >= 0 and g.x0 + g.width <= board.width() and g.y0 + g.height <= board.height()
    assert g.cell_at(*g.cell_center(3, 1)) == (3, 1)


def test_dragging_cuts_a_strip(qtbot, board):
    with qtbot.waitSignal(board.moveRequested) as blocker:
        drag(qtbot, board, (0, 1), (2, 1))
    assert blocker.args[0] == ("place", "wbw", ((0, 1), (1, 1), (2, 1)))


def test_a_long_drag_snaps_to_the_longest_strip(qtbot, board):
    # a drag from (0, 0) down to (0, 4) stops at three cells: w w b reads WWB
    with qtbot.waitSignal(board.moveRequested) as blocker:
        drag(qtbot, board, (0, 0), (0, 4))
    assert blocker.args[0] == ("place", "wwb", ((0, 0), (0, 1), (0, 2)))


def test_the_drag_shows_its_pattern(qtbot, board):
    qtbot.mousePress(board, Qt.LeftButton, pos=centre(board, (0, 0)))
    qtbot.mouseMove(board, centre(board, (1, 0)))
    assert board.selection == ((0, 0), (1, 0))
    image = board.grab().toImage()
    assert not image.isNull()
    qtbot.mouseRelease(board, Qt.LeftButton, pos=centre(board, (1, 0)))
    assert board.selection == ()


def test_a_used_pattern_is_refused_with_the_reason(qtbot, board):
    board.set_state(model.apply(board.state, ("place", "ww", ((0, 0), (1, 0)))))
    with qtbot.assertNotEmitted(board.moveRequested), qtbot.waitSignal(board.statusMessage) as blocker:
        drag(qtbot, board, (1, 4), (2, 4))
    assert blocker.args[0] == "The WW strip is already used."


def test_clicks_cut_a_single_and_take_strips_back(qtbot, board):
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, (1, 2)))
    assert blocker.args[0] == ("place", "b", ((1, 2),))
    board.set_state(model.apply(board.state, ("place", "wbw", ((0, 1), (1, 1), (2, 1)))))
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, (1, 1)))
    assert blocker.args[0] == ("remove", "wbw", ((0, 1), (1, 1), (2, 1)))


def test_a_single_is_refused_when_the_set_has_none(qtbot, board):
    board.set_state(make_state(("wwbb", "bwbb"), parse_set("wwbb wbbb")))
    with qtbot.assertNotEmitted(board.moveRequested), qtbot.waitSignal(board.statusMessage) as blocker:
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, (0, 0)))
    assert "No strip in this set has the pattern W" in blocker.args[0]


def test_no_input_while_the_solver_animates(qtbot, board):
    board.set_interactive(False)
    with qtbot.assertNotEmitted(board.moveRequested):
        qtbot.mouseClick(board, Qt.LeftButton, pos=centre(board, (1, 2)))
        qtbot.keyClick(board, Qt.Key_Return)


def test_keyboard_cursor_stretch_cut_and_delete(qtbot, board):
    board.setFocus()
    qtbot.keyClick(board, Qt.Key_Down)
    assert board.cursor == (0, 1)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)  # no further than three cells
    assert board.selection == ((0, 1), (1, 1), (2, 1))
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.keyClick(board, Qt.Key_Return)
    move = blocker.args[0]
    assert move == ("place", "wbw", ((0, 1), (1, 1), (2, 1)))
    board.set_state(KIND.apply(board.state, move), move, animate=False)
    with qtbot.waitSignal(board.moveRequested) as blocker:
        qtbot.keyClick(board, Qt.Key_Delete)
    assert blocker.args[0] == ("remove", "wbw", ((0, 1), (1, 1), (2, 1)))
    qtbot.keyClick(board, Qt.Key_Right, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Escape)
    assert board.selection == ()


def test_placing_and_removing_animate_and_finish(qtbot, board):
    board.animation_ms = 60
    move = ("place", "wbw", ((0, 1), (1, 1), (2, 1)))
    new = KIND.apply(board.state, move)
    board.set_state(new, move, animate=True)
    assert board.is_animating()
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)
    assert board._anim_piece is None
    back = ("remove", "wbw", ((0, 1), (1, 1), (2, 1)))
    board.set_state(KIND.apply(new, back), back, animate=True)
    assert board.is_animating()
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)


def test_painting_every_layer_is_quiet(qtbot, board):
    start = board.state
    (answer,) = solver.solutions(start)
    lettered = make_state(FINAL, SEED, ("SURAB", "ICKDO", "MISEG", "NSRTE", "OPERL"))
    board.set_state(with_pieces(lettered, answer[:4]))
    board.set_violations([Violation(((0, 0),), "x")])
    board.set_highlight(((1, 1),))
    board.anchor = (0, 4)
    board.cursor = (2, 4)
    board.setFocus()
    assert not board.grab().toImage().isNull()
    board.celebrate()
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)


def test_the_tray_counts_used_and_remaining_patterns(qtbot, board):
    panel = board.side_panel()
    qtbot.addWidget(panel)
    assert board.side_panel() is panel
    boxes, _ = panel.tray._layout(220)
    assert sorted(p for p, _, _ in boxes if p) == sorted(SEED.patterns)
    assert "<b>0</b> strips cut" in panel.progress.text()
    move = ("place", "wbw", ((0, 1), (1, 1), (2, 1)))
    board.set_state(KIND.apply(board.state, move), move)
    assert panel.tray.state.used == {"wbw": 1}
    assert "<b>1</b> strip cut, <b>3</b> of 25" in panel.progress.text()


def test_the_meta_button_shows_only_for_the_seed_set(qtbot, board):
    panel = board.side_panel()
    qtbot.addWidget(panel)
    assert not panel.meta_button.isHidden()  # the board shows the seed's final grid
    board.set_state(make_state(("wwbb", "bwbb"), parse_set("wwbb wbbb")))
    assert panel.meta_button.isHidden()
    board.set_state(files.load_builtin("strips-mums-2010-13").state)
    assert not panel.meta_button.isHidden()
    assert "Type them in with Edit board" in panel.note.text()


def test_the_meta_dialog_builds_the_final_grid_and_lights_its_black_strips(qtbot, board):
    board.set_state(files.load_builtin("strips-mums-2010-01").state)
    board.meta_ms = 300
    panel = board.side_panel()
    qtbot.addWidget(panel)
    panel.meta_button.click()
    dialog = board.meta_dialog
    qtbot.addWidget(dialog)
    assert dialog.is_animating()
    qtbot.waitUntil(lambda: not dialog.is_animating(), timeout=5000)
    built = dialog.built()
    assert len(built) == 25
    assert tuple("".join(built[(x, y)] for x in range(5)) for y in range(5)) == FINAL
    assert sorted(p for p, _ in dialog.highlighted) == ["b", "bb", "bbb"]
    assert all(set(p) == {"b"} for p, _ in dialog.highlighted)
    assert "read DOMINO" in dialog.caption.text()
    assert "ONEMOREGRIDUSEBLACKSTRIPS" in dialog.caption.text()
    dialog.close()


def test_the_meta_dialog_says_which_letters_it_needs(qtbot, monkeypatch):
    grids, final = meta.load_set()
    bare = make_state(final.colours, final.strips)
    monkeypatch.setattr(meta, "load_set", lambda: (grids, bare))
    dialog = MetaDialog(duration_ms=100)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.start()
    qtbot.waitUntil(lambda: not dialog.is_animating(), timeout=5000)
    assert "Enter the letters to read the answer" in dialog.caption.text()
    assert len(dialog.highlighted) == 3


def test_letters_typed_for_the_final_grid_are_read(qtbot):
    final = files.load_builtin("strips-mums-2010-final").state
    mine = make_state(final.colours, final.strips, ("ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY"))
    dialog = MetaDialog(current=mine, duration_ms=50)
    qtbot.addWidget(dialog)
    # the black strips cover (3,1) (4,1) (0,2) (1,2) (0,3) (0,4), read top to bottom
    assert dialog.result.answer == "IJKLPU"


# --- editor -----------------------------------------------------------------------------------------
@pytest.fixture
def editor(qtbot):
    return shown(qtbot, Editor(KIND), 460, 600)


def editor_point(e, cell):
    x, y = e.grid.geometry_().cell_center(*cell)
    return QPoint(int(x), int(y))


def test_the_editor_makes_a_puzzle_and_types_letters(qtbot, editor):
    assert editor.puzzle() == make_state(FINAL, SEED)
    editor.grid.setFocus()
    with qtbot.waitSignal(editor.changed):
        qtbot.keyClicks(editor.grid, "dom")
    state = editor.puzzle()
    assert state.letters[0] == "DOM.."
    assert editor.grid.cursor == (3, 0)
    qtbot.keyClick(editor.grid, Qt.Key_Backspace)
    qtbot.keyClick(editor.grid, Qt.Key_Backspace)
    assert editor.puzzle().letters[0] == "DO..."


def test_clicking_paints_colours_and_a_mismatch_is_explained(qtbot, editor):
    with qtbot.waitSignal(editor.changed):
        qtbot.mouseClick(editor.grid, Qt.LeftButton, pos=editor_point(editor, (0, 0)))
    assert editor.grid.colours[0][0] == "b"
    with pytest.raises(PuzzleError, match="14 black cells but the strips hold at most 13"):
        editor.puzzle()
    # the counts show beside the grid; the reason shows once, in the dialog's error line
    assert "14 black, 11 white" in editor.info.text()
    qtbot.mouseClick(editor.grid, Qt.LeftButton, pos=editor_point(editor, (0, 0)))
    assert editor.puzzle().colours[0] == "wwbbw"
    editor.strips_edit.setText("exactly: len2-3 w")  # 25 cells, 12 black
    with pytest.raises(PuzzleError, match="13 black and 12 white cells but the strips have 12 black") as refused:
        editor.puzzle()
    assert "recolour 1 cell." in str(refused.value)


def test_resizing_needs_a_matching_strip_set(qtbot, editor):
    editor.width_box.setValue(6)
    with pytest.raises(PuzzleError, match="A 6x5 grid has 30 cells") as refused:
        editor.puzzle()
    assert "Give a strip set" in str(refused.value)
    editor.strips_edit.setText("exactly: len2-4")
    with pytest.raises(PuzzleError, match="strips cover exactly 64"):
        editor.puzzle()
    editor.suggest()
    assert editor.strips_edit.text() == "at most: len5"
    state = editor.puzzle()
    assert (state.cols, state.rows) == (6, 5)
    assert state.colours[0] == "wwbbww"


def test_the_editor_round_trips_an_existing_puzzle(qtbot):
    original = make_state(("wwbb", "bwbb"), parse_set("wwbb wbbb"), ("AB.D", "...."))
    e = Editor(KIND, original)
    qtbot.addWidget(e)
    assert e.strips_edit.text() == "exactly: wwbb wbbb"
    assert e.puzzle() == original


def test_cut_lines_are_joined_into_straight_runs():
    """The cuts and grid lines are stroked as maximal straight runs covering exactly the
    unit edges they were made of (stroking hundreds of unit edges cost ~13 ms a frame)."""
    from puzzlegui.kinds.strips.qt.paint import _edges_of, _straight_runs

    cells = {(0, 0), (1, 0), (2, 0), (2, 1), (4, 0)}  # an L and a lone cell apart
    edges = _edges_of(cells)
    runs = _straight_runs(edges)

    def units(segments):
        out = set()
        for (x0, y0), (x1, y1) in segments:
            if y0 == y1:
                out.update(((x, y0), (x + 1, y0)) for x in range(min(x0, x1), max(x0, x1)))
            else:
                out.update(((x0, y), (x0, y + 1)) for y in range(min(y0, y1), max(y0, y1)))
        return out

    assert units(runs) == units(edges)
    assert len(runs) < len(edges)
    assert ((0, 0), (3, 0)) in runs  # the L's top edge, one line
    assert ((4, 0), (5, 0)) in runs and ((3, 0), (4, 0)) not in units(runs)  # the gap stays
