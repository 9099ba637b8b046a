"""The Edit board dialog with each kind's real editor: invalid input, typed and entered
with real key clicks, shows its sentence in the dialog, keeps the dialog open and leaves
the board alone; valid input is still taken.  Text from input is shown as plain text."""

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser
from qt_helpers import shown

from puzzlegui.core import registry
from puzzlegui.gui.dialogs import EditDialog, HelpDialog, NewPuzzleDialog

KINDS = ("tracks", "rotation", "kurosu", "strips")


def puzzle_of(kind_name, seed=1):
    kind = registry.get(kind_name)
    return kind, kind.generate({p.name: p.default for p in kind.parameters()}, seed)


def open_dialog(qtbot, kind_name, seed=1):
    kind, state = puzzle_of(kind_name, seed)
    dialog = shown(qtbot, EditDialog(kind, state), 560, 640)
    dialog.activateWindow()  # focus moves for real, as on a desktop
    assert QTest.qWaitForWindowActive(dialog)
    assert dialog.puzzle() is not None and ok_button(dialog).isEnabled()
    return kind, state, dialog


def ok_button(dialog):
    return dialog.buttons.button(QDialogButtonBox.Ok)


def type_into(qtbot, field, text):
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key_Backspace)
    qtbot.keyClicks(field, text)


def assert_refused(dialog, needle):
    """Still open, not accepted, OK off, a visible sentence naming the problem, no puzzle."""
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted
    assert not ok_button(dialog).isEnabled()
    assert dialog.error.isVisible() and needle in dialog.error.text()
    assert dialog.error.text().endswith(".") and " " in dialog.error.text()
    assert dialog.puzzle() is None


def same_puzzle(kind, a, b):
    return kind.encode(a) == kind.encode(b)


# --- the game ID fields in the editors -----------------------------------------------------


def test_kurosu_game_id_field_refuses_a_bad_id_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "kurosu")
    before = dialog.editor.state()
    type_into(qtbot, dialog.editor.paste, "6x6:ZZZ")
    qtbot.keyClick(dialog.editor.paste, Qt.Key_Return)
    assert_refused(dialog, "Could not read the game ID")
    assert "6x6 board" in dialog.error.text()
    assert dialog.editor.state() == before  # the board was not touched
    assert dialog.editor.paste.text() == "6x6:ZZZ"  # what was typed stays, to be fixed
    # OK cannot sneak it through either
    qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted


def test_kurosu_game_id_field_loads_and_plays_a_good_id_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "kurosu")
    type_into(qtbot, dialog.editor.paste, "6x6:DdCDeAddBEa")
    assert "Press Enter" in dialog.error.text() and not ok_button(dialog).isEnabled()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.editor.paste, Qt.Key_Return)
    assert dialog.result() == QDialog.Accepted and not dialog.isVisible()
    assert kind.format_game_id(dialog.puzzle()) == "6x6:DdCDeAddBEa"


def test_kurosu_text_typed_but_not_loaded_is_not_dropped(qtbot):
    """A good ID typed but not entered must not let OK play the old board instead."""
    kind, state, dialog = open_dialog(qtbot, "kurosu")
    type_into(qtbot, dialog.editor.paste, "6x6:DdCDeAddBEa")
    assert dialog.puzzle() is None and not ok_button(dialog).isEnabled()
    dialog.editor.paste.clear()  # clearing the field gives the board back
    assert same_puzzle(kind, dialog.puzzle(), state) and ok_button(dialog).isEnabled()


def test_rotation_game_id_field_refuses_a_bad_id_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "rotation")
    before = list(dialog.editor.grid.tiles)
    type_into(qtbot, dialog.editor.id_edit, "6x6:ZZZ")
    qtbot.keyClick(dialog.editor.id_edit, Qt.Key_Return)
    assert_refused(dialog, "Could not read the game ID")
    assert dialog.editor.grid.tiles == before and dialog.editor.width_box.value() == state.config.w
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted


def test_rotation_game_id_field_plays_a_good_id_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "rotation")
    _, other = puzzle_of("rotation", seed=7)
    game_id = kind.format_game_id(other)
    assert game_id != kind.format_game_id(state)
    type_into(qtbot, dialog.editor.id_edit, game_id)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.editor.id_edit, Qt.Key_Return)
    assert dialog.result() == QDialog.Accepted
    assert kind.format_game_id(dialog.puzzle()) == game_id


def test_rotation_board_takes_typed_ascii_digits_only(qtbot):
    """A superscript-two key (on French keyboards) passes str.isdigit, and int() then
    raised out of the board's key handler."""
    kind, state, dialog = open_dialog(qtbot, "rotation")
    grid = dialog.editor.grid
    grid.setFocus()
    grid.selected = (0, 0)
    before = list(grid.tiles)
    # the key handler called straight: an exception from a key event sent through Qt
    # kills the test process (PySide6 6.11), where here it fails the test
    grid.keyPressEvent(QKeyEvent(QEvent.KeyPress, Qt.Key_twosuperior, Qt.NoModifier, "\u00b2"))
    qtbot.keyClick(grid, Qt.Key_Right)
    assert grid.tiles == before and grid.selected == (1, 0)
    value = before[0]  # typed into the second cell: the first cell's tile moves there
    qtbot.keyClicks(grid, str(value))
    qtbot.keyClick(grid, Qt.Key_Right)
    assert grid.tiles[1] == value and grid.tiles != before


def test_strips_strip_set_field_refuses_bad_text_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "strips")
    type_into(qtbot, dialog.editor.strips_edit, "<b>6x6:ZZZ</b>")
    qtbot.keyClick(dialog.editor.strips_edit, Qt.Key_Return)
    assert_refused(dialog, "strip set")
    assert "<b>6x6:ZZZ</b>" in dialog.error.text()  # shown as typed, not as bold HTML
    assert dialog.error.textFormat() == Qt.PlainText
    assert dialog.editor.info.textFormat() == Qt.PlainText
    # clearing the field (the original set) and Enter plays the board again
    type_into(qtbot, dialog.editor.strips_edit, "")
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.editor.strips_edit, Qt.Key_Return)
    assert same_puzzle(kind, dialog.puzzle(), state)


# --- number fields: Enter on half-typed text must not put the old value back and play --------


@pytest.mark.parametrize("kind_name", ["tracks", "rotation", "strips"])
def test_half_typed_size_and_enter_is_refused(qtbot, kind_name):
    kind, state, dialog = open_dialog(qtbot, kind_name)
    box = dialog.editor.width_box
    width = box.value()
    type_into(qtbot, box, "")
    qtbot.keyClick(box, Qt.Key_Return)
    assert_refused(dialog, "Width is empty")
    assert box.value() == width and box.text() == ""  # not quietly put back, and said why
    # leaving the box puts the old value back, and then all is well again
    dialog.buttons.button(QDialogButtonBox.Cancel).setFocus()
    assert box.text() == str(width) and ok_button(dialog).isEnabled() and not dialog.error.isVisible()
    box.setFocus()
    # a good number is taken, and Enter then plays the board
    type_into(qtbot, box, str(width))
    assert ok_button(dialog).isEnabled() and not dialog.error.isVisible()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(box, Qt.Key_Return)
    assert dialog.result() == QDialog.Accepted
    assert same_puzzle(kind, dialog.puzzle(), state)


def test_tracks_size_below_the_minimum_is_refused(qtbot):
    kind, state, dialog = open_dialog(qtbot, "tracks")
    type_into(qtbot, dialog.editor.width_box, "3")
    qtbot.keyClick(dialog.editor.width_box, Qt.Key_Return)
    assert_refused(dialog, "Width must be a whole number from 4")
    assert dialog.editor.draft.w == state.puzzle.width


def test_rotation_block_bigger_than_the_board_is_refused(qtbot):
    kind, state, dialog = open_dialog(qtbot, "rotation")
    box = dialog.editor.block_box
    type_into(qtbot, box, str(min(state.config.w, state.config.h) + 1))
    qtbot.keyClick(box, Qt.Key_Return)
    assert_refused(dialog, "does not fit")


def test_kurosu_givens_that_contradict_are_refused_on_enter(qtbot):
    kind, state, dialog = open_dialog(qtbot, "kurosu")
    dialog.editor.clear()
    for x in range(3):
        dialog.editor.set_given(x, 0, 1)  # three X in a row
    dialog.editor.board.setFocus()
    qtbot.keyClick(dialog.editor.paste, Qt.Key_Return)  # empty field: Enter goes to OK
    assert_refused(dialog, "3 X in a row")


# --- the text tab, for every kind ------------------------------------------------------------


@pytest.mark.parametrize("kind_name", KINDS)
def test_text_tab_refuses_a_bad_game_id(qtbot, kind_name):
    kind, state, dialog = open_dialog(qtbot, kind_name)
    dialog.tabs.setCurrentWidget(dialog.text)
    dialog.buttons.button(QDialogButtonBox.Cancel).setFocus()
    dialog.text.selectAll()
    qtbot.keyClicks(dialog.text, "6x6:ZZZ")
    qtbot.keyClick(dialog.text, Qt.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted
    assert_refused(dialog, "")
    assert "has no game IDs" not in dialog.error.text()  # the reason, not a shrug
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted


@pytest.mark.parametrize("kind_name", KINDS)
def test_text_tab_plays_a_good_layout(qtbot, kind_name):
    kind, state, dialog = open_dialog(qtbot, kind_name)
    _, other = puzzle_of(kind_name, seed=5)
    assert not same_puzzle(kind, state, other)
    dialog.tabs.setCurrentWidget(dialog.text)
    dialog.text.setPlainText("")
    qtbot.keyClicks(dialog.text, "junk")
    assert not ok_button(dialog).isEnabled()
    dialog.text.setPlainText(kind.format_text(other))
    assert ok_button(dialog).isEnabled() and not dialog.error.isVisible()
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.mouseClick(ok_button(dialog), Qt.LeftButton)
    assert same_puzzle(kind, dialog.puzzle(), other)


def test_the_result_is_read_back_through_the_kind(qtbot, monkeypatch):
    """What the dialog gives the window is what the kind's decoder makes of the board."""
    kind, state, dialog = open_dialog(qtbot, "rotation")

    def refuse(_data):
        from puzzlegui.core.kind import PuzzleError

        raise PuzzleError("The decoder says no.")

    monkeypatch.setattr(kind, "decode", refuse)
    qtbot.mouseClick(dialog.editor.solved_button, Qt.LeftButton)  # a good board, but...
    assert_refused(dialog, "The decoder says no.")
    qtbot.keyClick(dialog.editor.id_edit, Qt.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted


# --- plain text ----------------------------------------------------------------------------


def test_help_shows_a_title_from_a_file_as_text(qtbot):
    kind = SimpleNamespace(title="<i>Mine</i>", rules="<b>R</b>", controls="c", origin="o")
    dialog = HelpDialog(kind)
    qtbot.addWidget(dialog)
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert "<i>Mine</i>" in text and "<b>R</b>" in text


def test_new_puzzle_dialog_refuses_a_half_typed_seed(qtbot, demo_kind):
    dialog = shown(qtbot, NewPuzzleDialog("demo", {"size": 9}), 420, 300)
    for i in range(dialog.kind_box.count()):  # each kind's form is built, guarded and dropped
        dialog.kind_box.setCurrentIndex(i)
        assert dialog.buttons.button(QDialogButtonBox.Ok).isEnabled()
    dialog.kind_box.setCurrentIndex(dialog.kind_box.findData("demo"))
    type_into(qtbot, dialog.seed, "")
    qtbot.keyClick(dialog.seed, Qt.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted
    assert dialog.seed.text() == "" and not dialog.buttons.button(QDialogButtonBox.Ok).isEnabled()
    assert "Seed is empty" in dialog.error.text() and dialog.error.textFormat() == Qt.PlainText
    qtbot.keyClicks(dialog.seed, "42")
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.seed, Qt.Key_Return)
    assert dialog.seed.value() == 42


def _new_puzzle_dialog(qtbot, kind_name):
    dialog = NewPuzzleDialog(kind_name)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.parametrize("first, then", [("rotation", "strips"), ("rotation", "tracks"), ("strips", "kurosu"), ("kurosu", "rotation")])
def test_new_puzzle_dialog_fits_the_new_kind_without_gaps(qtbot, first, then):
    """Rotation has eight parameters, Black and White three: after the switch the dialog
    is the size it has when opened on the new kind, so no empty rows are left."""
    direct = _new_puzzle_dialog(qtbot, then)
    switched = _new_puzzle_dialog(qtbot, first)
    switched.kind_box.setCurrentIndex(switched.kind_box.findData(then))
    qtbot.waitUntil(lambda: abs(switched.height() - direct.height()) <= 3 and abs(switched.width() - direct.width()) <= 3, timeout=3000)
    assert abs(switched.sizeHint().height() - direct.sizeHint().height()) <= 3
    # the seed row follows the last parameter row, as in the dialog opened on the kind
    assert abs(switched.seed.mapTo(switched, switched.seed.rect().topLeft()).y()
               - direct.seed.mapTo(direct, direct.seed.rect().topLeft()).y()) <= 3


@pytest.mark.parametrize("name", ["tracks", "kurosu", "rotation", "strips"])
def test_new_puzzle_dialog_explains_each_parameter(qtbot, name):
    """Every parameter's help is its tooltip and a grey line shown under its field."""
    dialog = _new_puzzle_dialog(qtbot, name)
    explained = 0
    for p in registry.get(name).parameters():
        if not p.help:
            continue
        _param, editor = dialog._editors[p.name]
        assert p.help in editor.toolTip()
        line = dialog._helps[p.name]
        assert line.isVisible() and p.help in line.text() and p.help in dialog.help_text(p.name)
        assert line.geometry().top() >= editor.geometry().bottom()  # under its field
        explained += 1
    assert explained >= 3


def test_new_puzzle_dialog_says_at_once_what_generate_would_refuse(qtbot):
    """A 4x4 Tracks board has no Tricky puzzle (nor has Tatham's): the dialog says so as
    the level is chosen and holds Generate back, rather than searching until the deadline;
    the other kinds' refusals are said as early."""
    dialog = _new_puzzle_dialog(qtbot, "tracks")
    ok = dialog.buttons.button(QDialogButtonBox.Ok)
    width, height = dialog._editors["width"][1], dialog._editors["height"][1]
    level = dialog._editors["difficulty"][1]
    width.setValue(4)
    height.setValue(4)
    level.setCurrentIndex(level.findData("tricky"))
    assert not ok.isEnabled() and dialog.error.isVisible()
    assert dialog.error.text() == "A 4x4 board is too small for a tricky puzzle; choose easy."
    qtbot.keyClick(dialog, Qt.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.Accepted
    width.setValue(5)  # a 5x4 board has Tricky puzzles
    assert ok.isEnabled() and not dialog.error.isVisible()
    level.setCurrentIndex(level.findData("expert"))  # but not Expert ones
    assert "too small for an expert puzzle; choose easy, tricky or hard." in dialog.error.text()
    dialog._editors["split"][1].setChecked(True)  # split, it has
    assert ok.isEnabled()
    level.setCurrentIndex(level.findData("hard"))
    assert not ok.isEnabled() and "his program has no split rows" in dialog.error.text()
    kurosu = _new_puzzle_dialog(qtbot, "kurosu")
    kurosu._editors["width"][1].setValue(7)
    assert not kurosu.buttons.button(QDialogButtonBox.Ok).isEnabled()
    assert kurosu.error.text() == "The width is 7; it must be even, so that every line holds as many X as O."
    kurosu._editors["width"][1].setValue(8)
    assert kurosu.buttons.button(QDialogButtonBox.Ok).isEnabled() and not kurosu.error.isVisible()
    rotation = _new_puzzle_dialog(qtbot, "rotation")
    rotation._editors["width"][1].setValue(5)
    rotation._editors["height"][1].setValue(5)
    rotation._editors["distance"][1].setValue(3)  # a 5x5 board's positions cannot be tabulated
    assert not rotation.buttons.button(QDialogButtonBox.Ok).isEnabled()
    assert rotation.error.text().startswith("An exact distance needs a board whose positions can all be tabulated")
    rotation._editors["distance"][1].setValue(0)
    assert rotation.buttons.button(QDialogButtonBox.Ok).isEnabled()
    strips = _new_puzzle_dialog(qtbot, "strips")
    box = strips._editors["strips"][1]
    box.setCurrentIndex(box.findData("exactly: len3*2"))  # 36 cells of strips for 25 cells
    assert strips.error.text() == "The strips (exactly: len3*2) cover 36 cells; a 5x5 grid has 25."
    assert not strips.buttons.button(QDialogButtonBox.Ok).isEnabled()


def test_new_puzzle_dialog_says_what_zero_moves_and_a_strip_set_mean(qtbot):
    rotation = _new_puzzle_dialog(qtbot, "rotation")
    scramble = rotation._editors["scramble"][1]
    assert scramble.value() == 0 and scramble.text() == "Fully scrambled"
    scramble.setValue(12)
    assert scramble.text() == "12"
    strips = _new_puzzle_dialog(qtbot, "strips")
    box = strips._editors["strips"][1]
    box.setCurrentIndex(box.findData("exactly: len3*2"))
    words = strips.help_text("strips")
    assert "Every 1x3 colour pattern twice" in words and "all of them cut the grid" in words
    assert "Every 1x3 colour pattern twice" in box.toolTip()
    assert "some of them" in box.itemData(box.findData("at most: len4*2"), Qt.ToolTipRole)


def test_error_screenshot(qtbot, tmp_path):
    """The error under the Kurosu game ID field, grabbed for a look (and not empty)."""
    kind, state, dialog = open_dialog(qtbot, "kurosu")
    type_into(qtbot, dialog.editor.paste, "6x6:ZZZ")
    qtbot.keyClick(dialog.editor.paste, Qt.Key_Return)
    image = dialog.grab()
    assert not image.isNull()
    image.save(str(tmp_path / "h4_editor_error.png"))
    # the whole sentence fits: the label is tall enough for its wrapped text
    label = dialog.error
    assert label.height() >= label.heightForWidth(label.width())
    assert label.geometry().bottom() < dialog.buttons.geometry().top()


def test_error_sentence_reads_on_a_dark_palette(qtbot):
    from PySide6.QtGui import QColor, QPalette

    kind, state, dialog = open_dialog(qtbot, "kurosu")
    light = dialog.error.palette().color(QPalette.WindowText)
    dark = QPalette(dialog.palette())
    dark.setColor(QPalette.Window, QColor("#202124"))
    dark.setColor(QPalette.WindowText, QColor("#e8eaed"))
    dialog.setPalette(dark)
    on_dark = dialog.error.palette().color(QPalette.WindowText)
    assert on_dark.lightnessF() > 0.7 > light.lightnessF()  # pale red on dark, dark red on light
    assert on_dark.red() > on_dark.green() and light.red() > light.green()  # red-ish both ways


@pytest.mark.parametrize("kind_name", ["tracks", "rotation", "kurosu", "strips"])
def test_help_lists_every_aid_and_what_it_does_on_the_kind(qtbot, kind_name):
    from puzzlegui.core import registry
    from puzzlegui.core.aids import AIDS

    kind = registry.get(kind_name)
    dialog = HelpDialog(kind)
    qtbot.addWidget(dialog)
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert "Help while you play" in text
    for _key, name, _general in AIDS:
        assert name in text
    for key, note in kind.aid_notes.items():
        assert key in {k for k, _n, _g in AIDS}, f"{kind_name} notes an aid that does not exist: {key}"
        assert note in text
