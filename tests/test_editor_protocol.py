"""Every kind's editor offers the setter's workbench the same methods (issue 26): load a
state, mark cells in four looks, draw a solution over the board, and take a row typed
from paper.  Driven through the real editors, on the screen, with real keys."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from qt_helpers import shown

from puzzlegui.core import registry, solver
from puzzlegui.gui import kinds
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.editor_marks import STYLES

KINDS = ("tracks", "rotation", "kurosu", "strips")
BOARD = {"tracks": "canvas", "rotation": "grid", "kurosu": "board", "strips": "grid"}
# the cells marked in each style, apart from each other's, on every board (Rotation's is 3x3)
CELLS = {"differ": ((1, 1), (2, 1)), "contradiction": ((0, 0),), "redundant": ((2, 2),), "suggest": ((0, 2), (1, 2))}


def generated(kind_name, seed=1, **params):
    kind = registry.get(kind_name)
    values = {p.name: p.default for p in kind.parameters()}
    values.update(params)
    return kind, kind.generate(values, seed)


def editor_for(qtbot, kind_name, state=None):
    kind = registry.get(kind_name)
    return shown(qtbot, kinds.editor_class(kind_name)(kind, state), 560, 640)


def picture(editor, kind_name):
    board = getattr(editor, BOARD[kind_name])
    board.repaint()
    return board.grab().toImage()


def solved(kind, state):
    """The state with a solution of it played, as the analysis would hand it over."""
    result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.FIRST)
    assert result.status == solver.SOLVED
    for move in kind.solution_moves(state, result.solutions[0]):
        state = kind.apply(state, move)
    assert kind.is_solved(state)
    return state


def near(image, colour, distance=40):
    """Whether any pixel of ``image`` is within ``distance`` (per channel) of ``colour``."""
    target = QColor(colour)
    for y in range(0, image.height()):
        for x in range(0, image.width()):
            p = image.pixelColor(x, y)
            if (abs(p.red() - target.red()) < distance and abs(p.green() - target.green()) < distance
                    and abs(p.blue() - target.blue()) < distance):
                return True
    return False


@pytest.mark.parametrize("kind_name", KINDS)
def test_the_contract_lists_the_workbench_methods(qapp, kind_name):
    editor = kinds.editor_class(kind_name)
    for member in ("load", "mark_cells", "show_solution"):
        assert member in kinds.EDITOR_CONTRACT and callable(getattr(editor, member))


@pytest.mark.parametrize("kind_name", KINDS)
def test_load_shows_a_state_as_entered(qtbot, kind_name):
    """A puzzle of another size than the editor's own comes back from puzzle() as it
    went in, and the editor says it changed once."""
    other = {"tracks": {"width": 10}, "rotation": {"width": 4, "orientation": True}, "kurosu": {"height": 6},
             "strips": {"width": 6}}[kind_name]
    kind, state = generated(kind_name, 3, **other)
    editor = editor_for(qtbot, kind_name)
    assert kind.encode(editor.puzzle()) != kind.encode(state)
    emitted = []
    editor.changed.connect(lambda: emitted.append(1))
    editor.load(state)
    assert emitted == [1]
    assert editor.puzzle() == state
    width = {"tracks": lambda s: s.puzzle.width, "rotation": lambda s: s.config.w, "kurosu": lambda s: s.width,
             "strips": lambda s: s.cols}[kind_name](state)
    box = editor.width_box
    assert (box.currentText() if kind_name == "kurosu" else str(box.value())) == str(width)


def test_load_follows_the_size_and_options(qtbot):
    kind = registry.get("kurosu")
    editor = editor_for(qtbot, "kurosu")
    state = kind.parse_text("# rule: unique\n1.......\n........\n........\n........\n........\n........\n........\n.......0\n")
    editor.load(state)
    assert editor.width_box.currentText() == "8" and editor.unique_box.isChecked()
    assert editor.puzzle() == state


@pytest.mark.parametrize("kind_name", KINDS)
def test_marks_draw_each_style_differently_and_clear(qtbot, kind_name):
    kind, state = generated(kind_name)
    editor = editor_for(qtbot, kind_name, state)
    plain = picture(editor, kind_name)
    looks = {}
    for style in STYLES:
        editor.mark_cells(CELLS[style], style)
        looks[style] = picture(editor, kind_name)
        assert looks[style] != plain, style
        editor.mark_cells((), None)
        assert picture(editor, kind_name) == plain
    for a in STYLES:
        for b in STYLES:
            assert a == b or looks[a] != looks[b], (a, b)
    # the cells where two solutions differ are no mistake: nothing of the mistake colour
    if not near(plain, theme.ERROR):
        editor.mark_cells(CELLS["differ"], "differ")
        assert not near(picture(editor, kind_name), theme.ERROR)
        editor.mark_cells(CELLS["contradiction"], "contradiction")
        assert near(picture(editor, kind_name), theme.ERROR)


@pytest.mark.parametrize("kind_name", KINDS)
def test_styles_add_up_and_each_replaces_only_its_own(qtbot, kind_name):
    kind, state = generated(kind_name)
    editor = editor_for(qtbot, kind_name, state)
    editor.mark_cells(CELLS["differ"], "differ")
    differ = picture(editor, kind_name)
    editor.mark_cells(CELLS["suggest"], "suggest")
    both = picture(editor, kind_name)
    assert both != differ
    editor.mark_cells((), "suggest")  # the differing cells stay
    assert picture(editor, kind_name) == differ


@pytest.mark.parametrize("kind_name", KINDS)
def test_an_edit_forgets_the_marks_and_the_solution(qtbot, kind_name):
    """Marks belong to the board they were found for: a stale shading never outlives it."""
    kind, state = generated(kind_name)
    editor = editor_for(qtbot, kind_name, state)
    plain = picture(editor, kind_name)
    editor.mark_cells(CELLS["differ"], "differ")
    editor.show_solution(solved(kind, state))
    assert picture(editor, kind_name) != plain
    editor.load(state)
    assert picture(editor, kind_name) == plain
    # the Edit dialog loads what its text tab reads with the editor's signals blocked
    editor.mark_cells(CELLS["suggest"], "suggest")
    editor.blockSignals(True)
    editor.load(state)
    editor.blockSignals(False)
    assert picture(editor, kind_name) == plain


@pytest.mark.parametrize("kind_name", KINDS)
def test_show_solution_draws_over_the_board_and_none_restores_it(qtbot, kind_name):
    kind, state = generated(kind_name)
    editor = editor_for(qtbot, kind_name, state)
    plain = picture(editor, kind_name)
    editor.show_solution(solved(kind, state))
    assert picture(editor, kind_name) != plain
    editor.show_solution(None)
    assert picture(editor, kind_name) == plain


def test_tracks_marks_a_count_by_its_clue_position_or_name(qtbot):
    kind, state = generated("tracks")
    editor = editor_for(qtbot, "tracks", state)
    plain = picture(editor, "tracks")
    editor.mark_cells(((2, -1),), "contradiction")
    by_position = picture(editor, "tracks")
    assert by_position != plain
    editor.mark_cells((("col", 2),), "contradiction")
    assert picture(editor, "tracks") == by_position
    editor.mark_cells((("row", 0),), "contradiction")
    assert picture(editor, "tracks") not in (plain, by_position)


def test_marks_for_cells_off_the_board_are_skipped(qtbot):
    kind, state = generated("kurosu")
    editor = editor_for(qtbot, "kurosu", state)
    plain = picture(editor, "kurosu")
    editor.mark_cells(((40, 40), (-3, 0)), "differ")
    assert picture(editor, "kurosu") == plain
    with pytest.raises(ValueError, match="no mark style"):
        editor.mark_cells(((0, 0),), "purple")


# --- typing a row from paper -----------------------------------------------------------


def focus(qtbot, widget):
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)


def test_kurosu_takes_a_row_typed_and_moves_on(qtbot):
    editor = editor_for(qtbot, "kurosu")  # 6x6, empty
    board = editor.board
    focus(qtbot, board)
    board.cursor = (0, 0)
    qtbot.keyClicks(board, "1.0x0o")
    assert editor.puzzle().givens[:6] == (1, -1, 0, 1, 0, 0)
    assert board.cursor == (0, 1)  # the next row
    qtbot.keyClicks(board, "X")
    assert editor.puzzle().givens[6] == 1 and board.cursor == (1, 1)


def test_tracks_takes_counts_typed_in_a_row(qtbot):
    editor = editor_for(qtbot, "tracks")  # 8x8, blank counts
    canvas = editor.canvas
    geo = canvas.geometry_()
    from puzzlegui.kinds.tracks.qt.widget import clue_centre

    pt = clue_centre(editor.draft.view(), geo, (0, -1))
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=QPoint(int(pt.x()), int(pt.y())))
    qtbot.keyClicks(canvas, "3 4 ? 2 1155")
    assert editor.draft.columns == [3, 4, None, 2, 1, 1, 5, 5]
    assert canvas.selected_clue == (8, 0)  # on to the first row's count
    qtbot.keyClicks(canvas, "12")
    assert editor.draft.rows[:2] == [1, 2] and canvas.selected_clue == (8, 2)


def test_tracks_takes_two_digit_counts_typed_in_a_row(qtbot):
    kind, state = generated("tracks", width=12, height=12)
    editor = editor_for(qtbot, "tracks", state)
    canvas = editor.canvas
    geo = canvas.geometry_()
    from puzzlegui.kinds.tracks.qt.widget import clue_centre

    pt = clue_centre(editor.draft.view(), geo, (0, -1))
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=QPoint(int(pt.x()), int(pt.y())))
    qtbot.keyClicks(canvas, "10 12 13 1")  # 13 is over 12: the 3 starts the next count
    assert editor.draft.columns[:5] == [10, 12, 1, 3, 1]
    assert canvas.selected_clue == (4, -1)  # 1 may take a second digit


def test_rotation_takes_a_row_of_numbers_and_moves_on(qtbot):
    editor = editor_for(qtbot, "rotation")  # 3x3, goal order
    grid = editor.grid
    focus(qtbot, grid)
    grid.selected = (0, 0)
    qtbot.keyClicks(grid, "587216943")
    assert grid.tiles == [5, 8, 7, 2, 1, 6, 9, 4, 3]
    assert grid.selected == (0, 0)  # past the last tile, round to the first
    editor.width_box.setValue(4)
    editor.height_box.setValue(4)
    grid.selected = (0, 0)
    qtbot.keyClicks(grid, "16 15 3,2")
    assert grid.tiles[:4] == [16, 15, 3, 2] and grid.selected == (0, 1)


def test_strips_takes_a_row_of_colours_and_moves_on(qtbot):
    editor = editor_for(qtbot, "strips")  # 5x5
    editor.typing_box.setCurrentIndex(editor.typing_box.findData("colours"))
    grid = editor.grid
    focus(qtbot, grid)
    grid.cursor = (0, 0)
    qtbot.keyClicks(grid, "bwbbwwb")
    assert "".join(grid.colours[0]) == "bwbbw" and "".join(grid.colours[1][:2]) == "wb"
    assert grid.cursor == (2, 1)
    # letters, the default, still type letters
    editor.typing_box.setCurrentIndex(editor.typing_box.findData("letters"))
    colours = [list(row) for row in grid.colours]
    qtbot.keyClicks(grid, "ab")
    assert grid.letters[1][2:4] == ["A", "B"] and grid.colours == colours


# --- screenshots -----------------------------------------------------------------------


@pytest.mark.parametrize("kind_name", KINDS)
def test_screenshot_of_each_editor_with_marks(qtbot, kind_name):
    """/tmp/editors-<kind>.png: every style and a solution, to look at."""
    kind, state = generated(kind_name)
    editor = editor_for(qtbot, kind_name, state)
    plain = editor.grab().toImage()
    editor.show_solution(solved(kind, state))
    for style in STYLES:
        editor.mark_cells(CELLS[style], style)
    image = editor.grab().toImage()
    assert image != plain
    assert image.save(str(Path("/tmp") / f"editors-{kind_name}.png"))
