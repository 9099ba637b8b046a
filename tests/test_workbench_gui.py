"""The setter's workbench in the Edit dialog (issue 26): the analysis runs in the
background on every edit, only the newest answer shows, its cells are marked on the
editor's board, the suggested given is added with one click and cuts the count, "Make
it lean" leaves no redundant given, and the solutions found step on the board."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import registry
from puzzlegui.gui.dialogs import EditDialog
from puzzlegui.kinds.rotation.model import Config

from core.test_analysis import (  # the boards of the pure tests: none, one and many solutions
    kurosu_many, kurosu_unique, strips_many, strips_unique, tracks_many, tracks_none, tracks_unique,
)


def dialog_on(qtbot, state):
    kind = registry.get(state.__class__.__module__.split(".")[2])
    dialog = EditDialog(kind, state)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def analysed(qtbot, dialog, act=None):
    """The next analysis the panel shows (after ``act``, or the dialog's first)."""
    panel = dialog.analysis
    if act is None and panel.result is not None:
        return panel.result
    with qtbot.waitSignal(panel.analysed, timeout=60000) as blocker:
        if act is not None:
            act()
    return blocker.args[0]


@pytest.mark.parametrize("board", [kurosu_unique, tracks_unique, strips_unique], ids=["kurosu", "tracks", "strips"])
def test_one_solution_says_its_grade(qtbot, board):
    dialog = dialog_on(qtbot, board())
    result = analysed(qtbot, dialog)
    assert result.count == 1 and result.complete
    text = dialog.analysis.text.text()
    noun = "decomposition" if board is strips_unique else "solution"  # the kind's word, as on the command line
    assert text.startswith(f"Exactly one {noun}.") and "Difficulty" in text


@pytest.mark.parametrize("board", [kurosu_many, tracks_many], ids=["kurosu", "tracks"])
def test_many_solutions_shade_where_they_differ_and_the_suggestion_cuts_the_count(qtbot, board):
    dialog = dialog_on(qtbot, board())
    result = analysed(qtbot, dialog)
    assert result.count >= 2 and result.differing
    marks = dialog.editor.board.marks if hasattr(dialog.editor, "board") else dialog.editor.canvas.marks
    assert marks.cells("differ") == frozenset(result.differing)  # shaded on the editor's board
    button = dialog.analysis.add_button
    assert button.isVisible() and result.suggestion.text in button.text()
    after = analysed(qtbot, dialog, lambda: qtbot.mouseClick(button, Qt.LeftButton))
    assert after.count < result.count or (after.count == result.count and not after.exact)
    assert after.count == result.suggestion_count or not after.complete


def test_no_solution_names_the_contradiction_and_marks_it(qtbot):
    dialog = dialog_on(qtbot, tracks_none())
    result = analysed(qtbot, dialog)
    assert result.count == 0 and result.contradiction
    assert dialog.analysis.text.text().startswith("No solution.")
    assert dialog.editor.canvas.marks.cells("contradiction") == frozenset(result.contradiction_cells)


def test_make_it_lean_leaves_no_redundant_given(qtbot):
    dialog = dialog_on(qtbot, kurosu_unique())
    result = analysed(qtbot, dialog)
    if not result.redundant:
        pytest.skip("this built-in has no redundant given")
    assert dialog.editor.board.marks.cells("redundant")
    lean = analysed(qtbot, dialog, lambda: dialog.analysis.lean_button.click())
    assert lean.count == 1 and lean.complete and not lean.redundant
    kind = registry.get("kurosu")
    assert len(kind.givens(dialog.puzzle())) < len(kind.givens(kurosu_unique()))


def test_a_stale_answer_is_never_shown(qtbot):
    """Two edits in a row: only the newest board's answer reaches the panel."""
    dialog = dialog_on(qtbot, kurosu_unique())
    analysed(qtbot, dialog)
    shown = []
    dialog.analysis.analysed.connect(shown.append)
    many = kurosu_many()
    with qtbot.waitSignal(dialog.analysis.analysed, timeout=60000):
        dialog.editor.load(many)  # an edit...
        dialog.editor.load(kurosu_unique())  # ...and a newer one before its answer
    from puzzlegui.gui.jobs.worker import wait_background

    assert wait_background(60000)
    QApplication.processEvents()  # the older answer, if it came, is delivered now
    assert len(shown) == 1 and shown[0].count == 1  # the newest board's, never the older's
    assert dialog.analysis.result is shown[0]


def test_the_solutions_found_step_on_the_editors_board(qtbot):
    dialog = dialog_on(qtbot, strips_many())
    result = analysed(qtbot, dialog)
    assert result.count >= 2 and len(result.solutions) >= 2
    panel = dialog.analysis
    before = dialog.editor.grab().toImage()
    panel.next.click()
    assert panel.solution_label.text() == f"Solution 1 of {len(result.solutions)}"
    assert dialog.editor.grab().toImage() != before  # the solution drawn over the board
    panel.prev.click()
    assert dialog.editor.grab().toImage() == before


def test_rotation_scrambles_exactly_n_moves_away_and_the_workbench_says_the_fewest(qtbot):
    kind = registry.get("rotation")
    dialog = dialog_on(qtbot, kind.goal(Config(3, 3, 2)))
    analysed(qtbot, dialog)
    result = analysed(qtbot, dialog, lambda: dialog.editor.scramble_exactly(7, seed=4))
    extra = result.extra
    assert extra["moves"] == 7 and extra["proven"] and extra["shortest_count"] >= 1
    assert "Fewest moves: 7 (proven)" in dialog.analysis.text.text()
    assert not dialog.editor.scramble_exactly(99)  # past the farthest position: said, nothing changed
    assert "farthest" in dialog.editor.away_note.text()


@pytest.mark.parametrize("board, count", [
    ("tracks_none", 0), ("tracks_unique", 1), ("tracks_many", 2),
    ("kurosu_unique", 1), ("kurosu_many", 2),
    ("strips_none", 0), ("strips_unique", 1), ("strips_many", 2),
])
def test_every_kinds_editor_says_none_one_or_many(qtbot, board, count):
    import core.test_analysis as boards

    dialog = dialog_on(qtbot, getattr(boards, board)())
    result = analysed(qtbot, dialog)
    assert min(result.count, 2) == count
    text = dialog.analysis.text.text()
    noun = "decomposition" if board.startswith("strips") else "solution"  # the kind's word, as on the command line
    assert text.startswith({0: f"No {noun}.", 1: f"Exactly one {noun}."}.get(count, ""))
    if count >= 2:
        assert f"{noun}s" in text


def test_kurosu_givens_that_contradict_are_refused_by_the_editor_with_their_cells(qtbot):
    """A Kurosu board with no solution that propagation alone shows: the editor refuses
    it at once (no search on the GUI thread), its sentence under the board, its cells
    marked; the workbench has nothing to analyse."""
    from core.test_analysis import kurosu_none

    dialog = dialog_on(qtbot, kurosu_none())
    assert dialog.puzzle() is None and "contradict" in dialog.error.text() or "break a rule" in dialog.error.text()
    assert dialog.editor.board.highlight  # the cells of the contradiction


def test_the_workbench_verdict_on_each_edit_is_announced(qtbot):
    """A screen reader hears the verdict after each edit (issue 35), as it hears a solve's."""
    from PySide6.QtGui import QAccessibleAnnouncementEvent

    from puzzlegui.qtkit import accessible

    heard = []
    accessible.listeners.append(heard.append)
    try:
        dialog = dialog_on(qtbot, kurosu_unique())
        analysed(qtbot, dialog)
        said = [e.message() for e in heard if isinstance(e, QAccessibleAnnouncementEvent)]
        assert dialog.analysis.text.text() in said
    finally:
        accessible.listeners.remove(heard.append)
