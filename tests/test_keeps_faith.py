"""The window keeps faith with the player (issue 32): nothing entered is dropped, and a
board arrives the same way whichever door it comes in by."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTextBrowser

from puzzlegui.core import files, registry
from puzzlegui.gui.dialogs import EditDialog

SHOTS = "/tmp/faith"


def _edit_dialog(qtbot, name):
    doc = files.load_builtin(name)
    dialog = EditDialog(doc.kind, doc.state)
    qtbot.addWidget(dialog)
    dialog.resize(620, 760)
    dialog.show()
    qtbot.waitExposed(dialog)
    return doc, dialog


def _click_tab(qtbot, dialog, widget):
    bar = dialog.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(dialog.tabs.indexOf(widget)).center())
    assert dialog.tabs.currentWidget() is widget


def _click_cell(qtbot, board, x, y, button=Qt.LeftButton):
    left, top, w, h = board.geometry_now().cell_rect(x, y)
    qtbot.mouseClick(board, button, pos=QPoint(int(left + w / 2), int(top + h / 2)))


# --- item 1: the Edit dialog has one board, shown by both tabs ---------------------------
def test_a_board_tab_edit_shows_on_the_text_tab_and_survives_the_round_trip(qtbot):
    doc, dialog = _edit_dialog(qtbot, "kurosu-dm-2018-06-01")
    editor = dialog.editor
    empty = next(i for i, v in enumerate(doc.state.givens) if v < 0)
    x, y = empty % doc.state.width, empty // doc.state.width
    _click_cell(qtbot, editor.board, x, y)
    assert editor.state().givens[empty] == 1  # an X
    _click_tab(qtbot, dialog, dialog.text)
    dialog.grab().save(f"{SHOTS}/edit-text-tab-after-board-edit.png")
    rows = [line for line in dialog.text.toPlainText().splitlines() if not line.startswith("#")]
    assert rows[y][x] == "1"  # the text shows the X made on the board
    assert dialog.text.toPlainText().startswith("# Kurosu")
    _click_tab(qtbot, dialog, editor)
    assert editor.state().givens[empty] == 1  # still there: nothing was reloaded over it
    assert dialog.puzzle().givens[empty] == 1


def test_text_that_does_not_read_is_kept_and_says_why(qtbot):
    doc, dialog = _edit_dialog(qtbot, "kurosu-dm-2018-06-01")
    _click_tab(qtbot, dialog, dialog.text)
    dialog.text.setPlainText("# Kurosu\n..0.\nnot a row")
    assert dialog.error.text() and dialog.puzzle() is None
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    _click_tab(qtbot, dialog, dialog.editor)
    assert "does not read" in dialog.error.text()  # the board says the text was kept
    QApplication.processEvents()
    dialog.grab().save(f"{SHOTS}/edit-board-tab-with-bad-text.png")
    _click_tab(qtbot, dialog, dialog.text)
    assert dialog.text.toPlainText() == "# Kurosu\n..0.\nnot a row"  # kept as typed, never reverted


def test_text_typed_that_reads_is_on_the_board(qtbot):
    doc, dialog = _edit_dialog(qtbot, "kurosu-dm-2018-06-01")
    _click_tab(qtbot, dialog, dialog.text)
    text = dialog.text.toPlainText().replace(".", "0", 1)
    dialog.text.setPlainText(text)
    assert dialog.puzzle() is not None
    _click_tab(qtbot, dialog, dialog.editor)
    assert dialog.editor.state().givens == doc.kind.parse_text(text).givens


@pytest.mark.parametrize("name", ["tracks-mums-2008", "mystery-box", "kurosu-dm-2018-06-04", "strips-mums-2010-01"])
def test_every_editor_text_tab_shows_its_kind_and_reads_back(qtbot, name):
    doc, dialog = _edit_dialog(qtbot, name)
    text = dialog.text.toPlainText()
    assert files.header_kind(text) == doc.kind.name
    again = files.read_text(text)  # no kind chosen: the header says it
    assert again.kind is doc.kind and doc.kind.encode(again.state) == doc.kind.encode(dialog.puzzle())


# --- item 6: one parser for every way a board arrives ------------------------------------
TATHAM = {"kurosu-dm-2018-06-01": "kurosu", "twiddle-3x3": "rotation"}


def _cli(*argv):
    return subprocess.run([sys.executable, "-m", "puzzlegui", *argv], capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", list(TATHAM))
def test_the_command_line_reads_tathams_bare_id(name):
    doc = files.load_builtin(name)
    run = _cli("check", doc.kind.tatham_id(doc.state))
    assert run.returncode == 0 and f"OK: {TATHAM[name]} puzzle" in run.stdout, run.stderr


def test_the_command_line_reads_the_editors_layout_of_every_kind(tmp_path):
    for name in ("tracks-mums-2008", "mystery-box", "kurosu-dm-2018-06-04", "strips-mums-2010-01"):
        doc = files.load_builtin(name)
        path = tmp_path / f"{name}.txt"
        path.write_text(files.layout_text(doc.kind, doc.state))
        run = _cli("check", str(path))
        assert run.returncode == 0 and f"OK: {doc.kind.name} puzzle" in run.stdout, (name, run.stderr)


def test_the_command_line_reads_the_librarys_title_and_suggests_its_name():
    run = _cli("check", "Mystery Box")
    assert run.returncode == 0 and "Mystery Box" in run.stdout, run.stderr
    run = _cli("check", "mystry box")
    assert run.returncode == 2 and 'did you mean "mystery-box"?' in run.stderr


def test_a_refusal_says_what_it_tried():
    run = _cli("check", "hello there")
    assert run.returncode == 2
    for way in ("KIND:ID", "the library's names", "bare game ID or layout of Tracks"):
        assert way in run.stderr


def test_paste_takes_what_copy_tathams_game_id_gives(qtbot, window):
    assert window.open_source("kurosu-dm-2018-06-04")
    window.documents.copy_tatham_id()
    copied = QApplication.clipboard().text()
    assert not copied.startswith("kurosu:")
    assert window.open_source("tracks-mums-2008")
    assert window.open_source("kurosu-dm-2018-06-01")
    qtbot.keyClick(window, Qt.Key_V, Qt.ControlModifier | Qt.ShiftModifier)
    qtbot.waitUntil(lambda: window.doc.kind.name == "kurosu" and window.doc.kind.tatham_id(window.doc.state) == copied,
                    timeout=20000)


@pytest.mark.parametrize("name", ["mystery-box", "strips-mums-2010-01"])
def test_paste_takes_the_editors_layout(qtbot, window, name):
    doc = files.load_builtin(name)
    _doc, dialog = _edit_dialog(qtbot, name)
    QApplication.clipboard().setText(dialog.text.toPlainText())  # as a player copies it from the text tab
    dialog.close()
    assert window.open_source("tracks-mums-2008")
    qtbot.keyClick(window, Qt.Key_V, Qt.ControlModifier | Qt.ShiftModifier)
    qtbot.waitUntil(lambda: window.doc.kind is doc.kind, timeout=20000)
    assert doc.kind.encode(window.doc.state) == doc.kind.encode(doc.state)


# --- item 9: the help says truly what a drag does on Tracks ----------------------------
def test_tracks_help_says_a_left_drag_lays_track_unlike_tathams_and_it_does(qtbot):
    from puzzlegui.gui.dialogs import HelpDialog
    from puzzlegui.kinds.tracks.qt.widget import Board

    doc = files.load_builtin("tracks-mums-2008")
    help_dialog = HelpDialog(doc.kind)
    qtbot.addWidget(help_dialog)
    words = " ".join(" ".join(b.toPlainText() for b in help_dialog.findChildren(QTextBrowser)).split())
    assert "As in Simon Tatham's Tracks. Left-drag" not in words
    assert "In his, a drag lays a straight line of \"track here\" dots; here a left-drag" in words
    board = Board(doc.kind)
    qtbot.addWidget(board)
    board.resize(900, 420)
    board.set_state(doc.state)
    board.show()
    qtbot.waitExposed(board)
    moves = []
    board.moveRequested.connect(moves.append)
    cells = [(0, 5), (0, 4), (0, 3)]
    points = [QPoint(*map(int, board.geometry_for().cell_center(*c))) for c in cells]
    qtbot.mousePress(board, Qt.LeftButton, pos=points[0])
    for p in points[1:]:
        qtbot.mouseMove(board, p)
    qtbot.mouseRelease(board, Qt.LeftButton, pos=points[-1])
    assert [m[0] for m in moves[0].moves] == ["edge", "edge"]  # track laid, not dots


# --- item 7: the Rotation editor's sentence never covers its board ----------------------
def test_scramble_exactly_keeps_the_board_whole_and_its_sentence_goes_with_a_shuffle(qtbot):
    doc, dialog = _edit_dialog(qtbot, "rotation-4x3-clockwise")
    dialog.resize(548, 515)
    QApplication.processEvents()
    editor = dialog.editor
    before = editor.grid.geometry()
    qtbot.mouseClick(editor.away_button, Qt.LeftButton)
    QApplication.processEvents()
    dialog.grab().save(f"{SHOTS}/rotation-editor-scramble-exactly-4x3.png")
    sentence = editor.away_note.toolTip()
    assert "tabulated" in sentence and "Use a scramble length instead." in sentence  # the whole, a hover away
    assert editor.grid.geometry() == before  # the sentence took no room from the board
    assert editor.grid.geometry().bottom() < editor.shuffle_button.geometry().top()
    qtbot.mouseClick(editor.shuffle_button, Qt.LeftButton)
    assert editor.away_note.full_text() == ""  # about the board before: gone


def test_an_exact_scramble_says_so_until_the_board_changes(qtbot):
    doc, dialog = _edit_dialog(qtbot, "twiddle-3x3")
    editor = dialog.editor
    qtbot.mouseClick(editor.away_button, Qt.LeftButton)
    assert editor.away_note.full_text() == "Exactly 8 moves from the goal."
    qtbot.mouseClick(editor.reverse_button, Qt.LeftButton)
    assert editor.away_note.full_text() == ""


# --- item 8: the line tallies are one setting, and each sits by its own count -----------
def _checkbox_click(qtbot, box):
    qtbot.mouseClick(box, Qt.LeftButton, pos=QPoint(8, box.height() // 2))


@pytest.mark.parametrize("name, switch", [("tracks-mums-2008", "show_remaining"), ("kurosu-dm-2018-06-01", "counts")])
def test_the_panels_tally_switch_and_view_line_tallies_are_one_setting(qtbot, window, name, switch):
    assert window.open_source(name)
    action = window.actions_by_name["show_remaining"]
    panel = window.board.side_panel()
    box = getattr(panel, switch)
    if action.isChecked():
        action.trigger()
    assert not box.isChecked()
    box.show()
    _checkbox_click(qtbot, box)  # the panel's switch
    assert box.isChecked() and action.isChecked() and window.settings.show_remaining
    action.trigger()  # View > Line tallies
    assert not box.isChecked() and not window.settings.show_remaining
    assert not (window.board.show_remaining if name.startswith("tracks") else window.board.show_counts)


def test_each_tally_is_in_line_with_its_own_count(qtbot):
    from puzzlegui.kinds.tracks.qt.widget import Board, clue_centre, tally_rect

    doc = files.load_builtin("tracks-mums-2008")
    board = Board(doc.kind)
    qtbot.addWidget(board)
    board.resize(900, 420)
    board.set_state(doc.state)
    board.set_show_remaining(True)
    board.show()
    qtbot.waitExposed(board)
    board.grab().save(f"{SHOTS}/tracks-tallies.png")
    geo = board.geometry_for()
    c = geo.cell
    for _cells, count, clue, _name in doc.state.puzzle.lines:
        pt = clue_centre(doc.state.puzzle, geo, clue)
        rect, _align = tally_rect(doc.state.puzzle, geo, clue)
        if clue[1] == -1:  # a column's: above it, centred on it, never towards the next column
            assert abs(rect.center().x() - pt.x()) < 0.01 * c and rect.bottom() < pt.y()
        else:  # a row's: level with it, on the side away from the grid
            assert abs(rect.center().y() - pt.y()) < 0.01 * c
            assert (rect.right() < pt.x()) if clue[0] == -1 else (rect.left() > pt.x())
        assert 0 <= rect.left() and rect.right() <= board.width() and 0 <= rect.top()


# --- item 13: nothing cut without the whole text a hover away --------------------------
def _hover_tip(qtbot, label):
    """The tooltip a hover over ``label``'s middle shows."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    centre = label.rect().center()
    QApplication.sendEvent(label, QHelpEvent(QEvent.ToolTip, centre, label.mapToGlobal(centre)))
    shown = QToolTip.text()
    QToolTip.hideText()
    return shown


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the tooltip's window, offscreen
def test_the_title_the_summary_and_the_step_line_are_whole_a_hover_away(qtbot, window):
    from PySide6.QtGui import QTextDocument

    window.resize(1200, 800)
    assert window.open_source("strips-mums-2010-01")
    window.show_solver()
    panel = window.panel
    summary = ("Exactly 2 solutions (search complete; 1 node explored, every strip tried in every place "
               "the grid leaves open, and none of them left out)")
    panel.set_result(summary)
    panel.set_step_text("Search: " + summary * 2)
    QApplication.processEvents()
    window.grab().save(f"{SHOTS}/elided-1200.png")
    labels = (window.title_label, panel.result_label, panel.step_label)
    for label in labels:  # nothing covers them: a hover reaches each
        assert QApplication.widgetAt(label.mapToGlobal(label.rect().center())) is label
    for label in labels:
        if label.text() == label.full_text():
            continue
        assert label.text().endswith("\u2026")
        doc = QTextDocument()
        doc.setHtml(_hover_tip(qtbot, label))
        assert doc.toPlainText() == label.full_text()
    assert window.title_label.text() != window.title_label.full_text()  # the title at 1200 px is cut


def test_every_library_title_cut_at_640x480_is_in_its_tooltip(qtbot, window):
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    window.resize(640, 480)
    QApplication.processEvents()
    library = window.library
    window.grab().save(f"{SHOTS}/library-640x480.png")
    it = QTreeWidgetItemIterator(library)
    while it.value():
        item = it.value()
        if item.childCount() == 0 and item.flags() & Qt.ItemIsSelectable:
            assert item.text(0) in item.toolTip(0).replace("&amp;", "&"), item.text(0)
        it += 1


# --- item 14: the smaller ones ----------------------------------------------------------
def _mix(a: str, b: str, t: float) -> str:
    pa, pb = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (a, b))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(pa, pb))


def test_the_colour_warning_never_reads_20_under_20(window, qtbot):
    from puzzlegui.qtkit import colourvision, theme

    colours = dict(theme.PALETTES[theme.scheme])
    err, ok = colours["ERROR"], colours["SATISFIED"]
    near = next(c for c in (_mix(err, ok, t / 400) for t in range(400))
                if 19.5 <= min(colourvision.distance(err, c, v) for v in colourvision.VISIONS) < 20)
    window.colours.customise_action.trigger()
    dialog = window.colours.palette_dialog
    dialog.set_colour("SATISFIED", near)
    words = dialog.warnings.text()
    dialog.reject()
    assert "look alike" in words and "(20 < 20)" not in words and "< 20)" in words


def test_copy_on_a_played_rotation_board_copies_the_puzzle_as_given(window, qtbot):
    from puzzlegui.kinds.rotation.model import CW

    assert window.open_source("mystery-box")
    given = window.doc.kind.format_game_id(window.history.initial)
    window.play_move(("turn", 0, 0, CW))
    window.actions_by_name["copy"].trigger()
    assert QApplication.clipboard().text() == f"rotation:{given}"


def test_a_rotation_export_has_no_in_place_colour(qtbot):
    from PySide6.QtGui import QColor

    from puzzlegui.gui import export
    from puzzlegui.kinds.rotation.qt.widget import TILE_HOME

    doc = files.load_builtin("mystery-box")
    solved = doc.kind.goal(doc.state.config)  # every tile in place
    image = export.render_image(doc.kind, solved, 32)
    home = QColor(TILE_HOME).rgb() & 0xFFFFFF
    colours = {image.pixel(x, y) & 0xFFFFFF for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)}
    assert home not in colours


def test_the_clock_says_what_the_finish_card_says_after_the_solvers_answer(window, qtbot):
    assert window.open_source("mystery-box")
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.actions_by_name["solve"].trigger()
    window.panel.apply_button.click()
    qtbot.waitUntil(lambda: window.games.current.status == "solved", timeout=10000)
    qtbot.waitUntil(lambda: "Solved in" in window.clock_label.text(), timeout=10000)
    assert "with the solver's answer" in window.clock_label.text()
    qtbot.waitUntil(lambda: window.board.card() is not None, timeout=10000)
    assert "With the solver's answer" in window.board.card().text()  # the card's words, the same


def test_one_wheel_notch_moves_the_library_less_than_a_row(window, qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    library = window.library
    window.resize(1100, 480)
    QApplication.processEvents()
    assert library.isVisible() and library.verticalScrollBar().maximum() > 0, library.verticalScrollBar().maximum()
    library.scrollToTop()
    first = library.topLevelItem(0)
    row = library.visualItemRect(first.child(0)).height()
    bar = library.verticalScrollBar()
    before = bar.value()
    viewport = library.viewport()
    at = QPointF(40, 40)
    QApplication.sendEvent(viewport, QWheelEvent(at, QPointF(viewport.mapToGlobal(at.toPoint())), QPoint(0, 0),
                                                 QPoint(0, -120), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False))
    assert library.verticalScrollMode() == library.ScrollMode.ScrollPerPixel
    assert 0 < bar.value() - before < 2 * row  # about a row; not three (a section with its header)
    assert library.itemAt(QPoint(5, 2)) in (first, first.child(0))


def test_a_collection_names_only_the_numbers_it_can_open(tmp_path):
    good = files.load_builtin("kurosu-dm-2018-06-01")
    path = tmp_path / "three.txt"
    path.write_text(f"kurosu:6x6:zz\nkurosu:{good.kind.format_game_id(good.state)}\nbanana:1\n")
    run = _cli("solve", str(path))
    assert run.returncode == 2 and "N is 2." in run.stderr and "1 to 3" not in run.stderr


def test_hints_exit_status_is_documented_and_kept():
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text().split())
    assert "`hint` exits 0 when it prints a move" in readme and "the hint can only point at a wrong entry" in readme
    doc = files.load_builtin("mystery-box")
    solved = "rotation:" + doc.kind.format_game_id(doc.kind.goal(doc.state.config))
    assert _cli("hint", solved).returncode == 1  # already solved: no move


def test_open_in_a_web_browser_says_so_when_none_opens(window, qtbot, tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    called = tmp_path / "called"
    opener = bin_dir / "xdg-open"
    opener.write_text(f"#!/bin/sh\necho \"$1\" > {called}\nexit 3\n")  # xdg-open's "no browser found"
    opener.chmod(0o755)
    from puzzlegui.gui import browser

    monkeypatch.setattr(browser, "_opener", lambda: str(opener))  # as on X11, where Qt runs xdg-open
    assert window.open_source("kurosu-dm-2018-06-01")
    url = window.doc.kind.tatham_url(window.doc.state)
    with qtbot.waitSignal(window.errorShown, timeout=20000) as said:
        window.actions_by_name["open_web"].trigger()
    assert called.read_text().strip() == url
    assert said.args[0].startswith("No web browser opened") and url in said.args[0]
    window.error_box.close()


def test_a_board_proven_to_have_no_solution_cannot_be_played_whatever_its_kind(qtbot):
    """Kurosu's editor refused its contradictions; a Tracks board with no solution could
    be played.  Now the workbench's proof decides, for every kind."""
    from core.test_analysis import tracks_none

    state = tracks_none()
    dialog = EditDialog(registry.get("tracks"), state)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    play = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    if dialog.analysis.result is None:
        with qtbot.waitSignal(dialog.analysis.analysed, timeout=60000):
            pass
    result = dialog.analysis.result
    assert result.count == 0 and result.exact
    assert not play.isEnabled() and dialog.puzzle() is None
    assert dialog.error.text().startswith("This board has no solution, so it cannot be played")
    assert dialog.analysis.text.text().startswith("No solution.")  # the analysis stays on show
    QApplication.processEvents()
    dialog.grab().save(f"{SHOTS}/edit-tracks-no-solution.png")


@pytest.mark.parametrize("name, board", [("tracks-mums-2008", "canvas"), ("strips-mums-2010-01", "grid"),
                                         ("kurosu-dm-2018-06-01", "board"), ("mystery-box", "grid")])
def test_esc_on_any_editors_board_closes_the_edit_dialog(qtbot, name, board):
    doc, dialog = _edit_dialog(qtbot, name)
    widget = getattr(dialog.editor, board)
    qtbot.mouseClick(widget, Qt.LeftButton, pos=widget.rect().center())  # (a Black and White cut begun, too)
    assert dialog.isVisible()
    qtbot.keyClick(widget, Qt.Key_Escape)  # the key as the board gets it
    assert not dialog.isVisible()


def test_analyse_never_says_search_then_only_deductions():
    run = _cli("analyse", "strips-mums-2010-01")
    assert "hardest deduction: search." in run.stdout
    assert "Deductions used before the search: only place" in run.stdout, run.stdout
