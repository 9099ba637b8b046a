"""The editor: size, rule, givens by clicking, and explained contradictions."""

import pytest
from kurosu_data import SEED_PUZZLES, rows
from PySide6.QtCore import QPoint, Qt
from qt_helpers import shown

from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.qt.editor import Editor


@pytest.fixture
def editor(qtbot):
    return shown(qtbot, Editor(KIND), 520, 620)


def click_cell(qtbot, editor, x, y, button=Qt.LeftButton):
    cx, cy = editor.board.geometry_now().cell_center(x, y)
    with qtbot.waitSignal(editor.changed, timeout=2000):
        qtbot.mouseClick(editor.board, button, pos=QPoint(int(cx), int(cy)))


def test_clicks_set_givens_and_make_a_puzzle(qtbot, editor):
    click_cell(qtbot, editor, 0, 0)  # X
    click_cell(qtbot, editor, 1, 0)
    click_cell(qtbot, editor, 1, 0)  # O
    click_cell(qtbot, editor, 2, 0, Qt.RightButton)  # O
    state = editor.puzzle()
    assert state.givens[:3] == (1, 0, 0)
    assert state.is_given(0, 0) and state.cells == state.givens
    # the board draws them as givens
    assert editor.board.state.givens[:3] == (1, 0, 0)


def test_direct_rule_breaks_are_refused_with_a_sentence(qtbot, editor):
    for x in range(3):
        click_cell(qtbot, editor, x, 1)
    assert editor.error() == "The givens break a rule: Row 2: 3 X in a row."
    with pytest.raises(PuzzleError, match="3 X in a row"):
        editor.puzzle()
    click_cell(qtbot, editor, 2, 1)  # X -> O: fixed
    assert editor.error() is None
    editor.puzzle()


def test_hidden_contradictions_are_explained(qtbot, editor):
    # row 1: X . X . X .  needs O in (2, 1) by the gap; column 2 has O O under it: X by the pair
    for x, y, v in ((0, 0, 1), (2, 0, 1), (4, 0, 1), (1, 1, 0), (1, 2, 0)):
        editor.set_given(x, y, v)
    assert editor.error() == (
        "These givens contradict each other: the cell at column 2, row 1 would have to be both X and O "
        "(X on both sides in row 1, so the cell between them must be O; but two O side by side in column 2, "
        "so the cell next to them must be X)."
    )
    assert (1, 0) in editor.board.highlight
    with pytest.raises(PuzzleError, match="contradict"):
        editor.puzzle()


def test_contradictions_found_after_forced_cells(qtbot, editor):
    # the gap in row 1 and the pair in column 4 force three cells; then row 1 has four X
    editor.clear()
    for x, y, v in ((0, 0, 1), (2, 0, 1), (5, 0, 1), (3, 1, 0), (3, 2, 0)):
        editor.set_given(x, y, v)
    assert editor.error() == (
        "These givens contradict each other once the 3 cells they force are filled in: "
        "row 1 has four X; a line of 6 holds three of each."
    )
    assert editor.board.highlight == ((0, 0), (2, 0), (3, 0), (5, 0))


def test_size_and_rule_controls(qtbot, editor):
    editor.set_given(1, 1, 1)
    with qtbot.waitSignal(editor.changed, timeout=2000):
        editor.width_box.setCurrentText("10")
    state = editor.puzzle()
    assert (state.width, state.height) == (10, 6) and state.at(1, 1) == 1
    with qtbot.waitSignal(editor.changed, timeout=2000):
        editor.height_box.setCurrentText("4")
    assert editor.puzzle().height == 4
    with qtbot.waitSignal(editor.changed, timeout=2000):
        editor.unique_box.setChecked(True)
    assert editor.error() == ("With no two rows or columns alike, a board of 10x4 is impossible: "
                              "there are only 6 legal lines of 4 cells.")
    with qtbot.waitSignal(editor.changed, timeout=2000):
        editor.height_box.setCurrentText("8")
    assert editor.puzzle().unique and editor.puzzle().height == 8
    with qtbot.waitSignal(editor.changed, timeout=2000):
        editor.clear_button.click()
    assert all(v < 0 for v in editor.puzzle().givens)


def test_pasting_a_game_id_or_rows(qtbot, editor):
    editor.paste.setText("6x6:DdCDeAddBEa")
    with qtbot.waitSignal(editor.changed, timeout=2000):
        qtbot.keyClick(editor.paste, Qt.Key_Return)
    assert KIND.format_game_id(editor.puzzle()) == "6x6:DdCDeAddBEa"
    assert editor.width_box.currentText() == "6"
    board = SEED_PUZZLES["01"][0]
    editor.paste.setText(" ".join(board[i : i + 6] for i in range(0, 36, 6)))
    with qtbot.waitSignal(editor.changed, timeout=2000):
        qtbot.keyClick(editor.paste, Qt.Key_Return)
    assert "".join(editor.puzzle().rows()) == board
    before = editor.state()
    editor.paste.setText("6x6:!!")
    qtbot.keyClick(editor.paste, Qt.Key_Return)
    assert editor.error().startswith("Could not read the game ID or rows:")
    with pytest.raises(PuzzleError, match="Could not read"):
        editor.puzzle()  # not the old board in place of what was typed
    assert editor.state() == before and editor.paste.text() == "6x6:!!"
    editor.paste.clear()
    assert editor.error() is None and editor.puzzle() == before


def test_editor_starts_from_a_given_state(qtbot):
    state = KIND.parse_text(rows(SEED_PUZZLES["04"][0]))
    e = Editor(KIND, KIND.apply(state, ("set", 0, 0, 1)))
    qtbot.addWidget(e)
    assert e.puzzle() == state  # the player's progress is not part of the puzzle
