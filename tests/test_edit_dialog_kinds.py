"""The Edit dialog follows the ID typed in (issue 26): another kind's ID opens in that
kind (not "kurosu is not a Tracks size"), and this kind's ID with its prefix, or with
Tatham's name for the kind, reads as it is."""

from puzzlegui.core import files, registry
from puzzlegui.gui.dialogs import EditDialog


def test_another_kinds_id_opens_in_that_kind(qtbot):
    kurosu = files.load_builtin("kurosu-dm-2018-06-01")
    game_id = "kurosu:" + kurosu.kind.format_game_id(kurosu.state)
    tracks = files.load_builtin("tracks-mums-2008")
    dialog = EditDialog(tracks.kind, tracks.state)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentWidget(dialog.text)
    dialog.text.setPlainText(game_id)
    assert dialog.kind.name == "kurosu" and dialog.windowTitle() == "Edit Kurosu board"
    assert dialog.puzzle() is not None and dialog.kind.encode(dialog.puzzle()) == kurosu.kind.encode(kurosu.state)
    assert type(dialog.editor).__module__.endswith("kurosu.qt.editor")
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_tathams_name_for_the_kind_reads_too(qtbot):
    kurosu = files.load_builtin("kurosu-dm-2018-06-01")
    dialog = EditDialog(kurosu.kind, kurosu.state)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentWidget(dialog.text)
    dialog.text.setPlainText("unruly:" + kurosu.kind.format_game_id(kurosu.state))
    assert dialog.kind is registry.get("kurosu") and dialog.puzzle() is not None


def test_a_bad_id_of_another_kind_says_why_in_that_kinds_words(qtbot):
    tracks = files.load_builtin("tracks-mums-2008")
    dialog = EditDialog(tracks.kind, tracks.state)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentWidget(dialog.text)
    dialog.text.setPlainText("kurosu:banana")
    assert dialog.puzzle() is None and "Tracks" not in dialog.error.text()
    assert dialog.error.text()


def test_a_game_id_pasted_on_the_board_fills_it_in(qtbot):
    """Ctrl+V on the Board tab: the clipboard's ID (here Tatham's own, without our
    prefix) fills the board; another kind's ID switches the dialog; junk says why."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    kurosu = files.load_builtin("kurosu-dm-2018-06-01")
    dialog = EditDialog(kurosu.kind, kurosu.kind.generate({"width": 8, "height": 8}, seed=1))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.clipboard().setText(kurosu.kind.tatham_id(kurosu.state))
    dialog.editor.board.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.editor.board, timeout=2000)
    qtbot.keyClick(dialog.editor.board, Qt.Key_V, Qt.ControlModifier)
    assert dialog.kind.encode(dialog.editor.puzzle()) == kurosu.kind.encode(kurosu.state)
    tracks = registry.get("tracks")
    board = tracks.generate({"width": 8, "height": 8}, seed=2)
    assert dialog.paste_into_board("tracks:" + tracks.format_game_id(board))
    assert dialog.kind.name == "tracks" and dialog.tabs.currentWidget() is dialog.editor
    assert not dialog.paste_into_board("not a puzzle at all")
    assert "The clipboard is not a puzzle" in dialog.error.text()
    assert dialog.kind.name == "tracks"  # nothing changed
