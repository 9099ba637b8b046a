"""Dialogs: new random puzzle, edit board, help.  Each knows kinds only via the interface."""

from __future__ import annotations

import html
import random
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core import files, grades, registry
from ..core.kind import PuzzleError, PuzzleKind
from . import kinds
from ..qtkit import focus_ring
from ..qtkit.text import plain_label
from ..qtkit.widgets import BoundedTextEdit

ERROR_ON_LIGHT = "#b3261e"  # a dark red: 6.5:1 on white
ERROR_ON_DARK = "#ffb4ab"  # a pale red: 9:1 on #202020
#: the editor's text tab takes at most this (game IDs are at most 20,000 characters; a
#: 40x40 layout is under 2,000 in lines of 80): a paste beyond it is refused at once
EDITOR_MAX_CHARS = 200_000
EDITOR_MAX_LINE = 25_000


class ErrorLabel(QLabel):
    """The sentence saying why the input cannot be used: plain text, wrapped, red on a
    light palette and pale red on a dark one; hidden while there is nothing to say."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.setObjectName("inputError")
        self.setAccessibleName("Input error")
        self._recolour()
        self.hide()

    def show_error(self, message: str | None) -> None:
        self.setText(message or "")
        self.setVisible(bool(message))

    def _recolour(self) -> None:
        dark = self.palette().color(QPalette.Window).lightnessF() < 0.5
        colour = QColor(ERROR_ON_DARK if dark else ERROR_ON_LIGHT)
        if self.palette().color(QPalette.WindowText) != colour:  # no loop: set only on change
            palette = self.palette()
            palette.setColor(QPalette.WindowText, colour)
            self.setPalette(palette)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.PaletteChange, QEvent.ParentChange):
            self._recolour()


def spin_box_problem(box: QAbstractSpinBox) -> str | None:
    """The sentence for a spin box whose typed text is not (yet) a number it takes."""
    if not box.isEnabled() or box.hasAcceptableInput():
        return None
    name = box.accessibleName() or "This number"
    text = box.text().strip()
    low, high = box.minimum(), box.maximum()
    if not text:
        return f"{name} is empty: type a whole number from {low} to {high}."
    return f"{name} must be a whole number from {low} to {high}; \"{text}\" is not."


class SpinBoxGuard(QObject):
    """Enter in a spin box holding half-typed text would quietly put the old value back
    and then press the dialog's OK button.  This filter swallows that Enter (and calls
    ``on_change`` so the dialog can say why), and reports every keystroke as an edit."""

    def __init__(self, boxes, on_change, parent=None):
        super().__init__(parent)
        self.boxes = list(boxes)
        self.on_change = on_change
        for box in self.boxes:
            box.installEventFilter(self)
            box.lineEdit().installEventFilter(self)
            box.lineEdit().textChanged.connect(lambda _t: self.on_change())
            box.editingFinished.connect(self.on_change)  # leaving the box puts a good value back

    def problem(self) -> str | None:
        for box in self.boxes:
            message = spin_box_problem(box)
            if message:
                return message
        return None

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.KeyPress and event.key() in (Qt.Key_Return, Qt.Key_Enter):
            box = obj if isinstance(obj, QAbstractSpinBox) else obj.parent()
            if isinstance(box, QAbstractSpinBox) and spin_box_problem(box):
                self.on_change()
                return True
        return False


class NewPuzzleDialog(QDialog):
    """Kind, its generator parameters (rows built from kind.parameters()) and a seed.

    One form holds every row, so the fields line up; a new kind replaces the parameter
    rows between Preset and Seed and the dialog takes the height of its new rows (no gap
    left where the last kind's rows were).  Each parameter's help is its tooltip and a
    grey line under its field; a choice written in a notation (a strip set) is said in
    words there too."""

    def __init__(self, kind_name: str, params: dict | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New random puzzle")
        self._editors: dict = {}
        self._helps: dict = {}  # parameter name -> its grey help line
        self._param_rows = 0
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QVBoxLayout.SetFixedSize)  # the dialog is as tall as its rows, always
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.kind_box = QComboBox()
        for k in registry.all_kinds():
            self.kind_box.addItem(k.title, k.name)
        self.form.addRow(plain_label("Puzzle"), self.kind_box)
        self.preset_box = None  # made with the kind's rows (_build)
        layout.addLayout(self.form)
        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(random.randrange(1, 1_000_000))
        self.seed.setToolTip("The same seed and settings always make the same puzzle")
        self.seed.setAccessibleName("Seed")
        reroll = QPushButton("New seed")
        reroll.clicked.connect(lambda: self.seed.setValue(random.randrange(1, 1_000_000)))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        self.form.addRow(plain_label("Seed"), seed_row)
        self.error = ErrorLabel(self)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Generate")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons
        self._guard = None
        self.kind_box.currentIndexChanged.connect(lambda _i: self._build(None))
        index = self.kind_box.findData(kind_name)
        self.kind_box.setCurrentIndex(max(index, 0))
        self._build(params)

    def _guard_spin_boxes(self) -> None:
        boxes = [self.seed] + [w for _p, w in self._editors.values() if isinstance(w, QAbstractSpinBox)]
        self._guard = SpinBoxGuard(boxes, self._validate, self)
        self._validate()

    def _validate(self) -> None:
        problem = self._guard.problem() if self._guard is not None else None
        if problem is None and self._guard is not None:  # (the rows are all built)
            problem = self.kind.params_problem(self.params())  # a level this board has not
        self.error.show_error(problem)
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(problem is None)

    def accept(self) -> None:
        self._validate()
        if self.buttons.button(QDialogButtonBox.Ok).isEnabled():
            super().accept()

    @property
    def kind(self):
        return registry.get(self.kind_box.currentData())

    FIRST_PARAM_ROW = 1  # after Puzzle: Preset, then the parameters

    def _build(self, params) -> None:
        if self._guard is not None:  # it watches the boxes about to go
            self._guard.deleteLater()
            self._guard = None
        for _ in range(self._param_rows):
            self.form.removeRow(self.FIRST_PARAM_ROW)  # deletes the row's widgets too
        self._editors, self._helps, self._param_rows = {}, {}, 0
        kind = self.kind
        # a new preset box too: a combo box keeps the width of the items it first showed
        self.preset_box = QComboBox()
        self.preset_box.addItem("Custom", None)
        for preset in kind.presets():
            self.preset_box.addItem(preset.label, preset.params)
        self.preset_box.activated.connect(self._apply_preset)
        self.form.insertRow(self.FIRST_PARAM_ROW, plain_label("Preset"), self.preset_box)
        self._param_rows = 1
        for p in kind.parameters():
            value = (params or {}).get(p.name, p.default)
            if p.type == "int":
                w = QSpinBox()
                w.setRange(p.minimum if p.minimum is not None else 0, p.maximum if p.maximum is not None else 10_000)
                if p.special:
                    w.setSpecialValueText(p.special)  # shown at the minimum, which means it
                w.setValue(int(value))
            elif p.type == "bool":
                w = QCheckBox()
                w.setChecked(bool(value))
            else:
                w = QComboBox()
                for choice in p.choices:
                    w.addItem(str(choice), choice)
                    words = kind.choice_help(p.name, choice)
                    if words:
                        w.setItemData(w.count() - 1, words, Qt.ToolTipRole)
                w.setCurrentIndex(max(w.findData(value), 0))
                w.currentIndexChanged.connect(lambda _i, name=p.name: self._show_help(name))
            # (a spin box's typing is watched by the guard, which validates too)
            if isinstance(w, QSpinBox):
                w.valueChanged.connect(self._validate)
            elif isinstance(w, QCheckBox):
                w.toggled.connect(self._validate)
            else:
                w.currentIndexChanged.connect(self._validate)
            w.setAccessibleName(p.label)
            self._editors[p.name] = (p, w)
            field = w
            if p.help or p.type == "choice":
                field = QWidget()
                column = QVBoxLayout(field)
                column.setContentsMargins(0, 0, 0, 0)
                column.setSpacing(1)
                column.addWidget(w)
                help_line = plain_label()
                help_line.setObjectName("paramHelp")
                help_line.setWordWrap(True)
                help_line.setForegroundRole(QPalette.PlaceholderText)  # grey in either theme
                font = help_line.font()
                font.setPointSizeF(font.pointSizeF() * 0.9)
                help_line.setFont(font)
                column.addWidget(help_line)
                self._helps[p.name] = help_line
            self.form.insertRow(self.FIRST_PARAM_ROW + self._param_rows, plain_label(p.label), field)
            self._param_rows += 1
            self._show_help(p.name)
        self._guard_spin_boxes()

    def _show_help(self, name: str) -> None:
        """The parameter's help under its field and as its tooltip; for a choice, what
        the chosen value means as well."""
        p, w = self._editors[name]
        text = p.help
        if p.type == "choice":
            words = self.kind.choice_help(p.name, w.currentData())
            text = f"{words}\n{p.help}".strip() if words else p.help
        w.setToolTip(text)
        help_line = self._helps.get(name)
        if help_line is not None:
            help_line.setText(text)
            help_line.setToolTip(text)
            help_line.setVisible(bool(text))

    def help_text(self, name: str) -> str:
        """The grey line under parameter ``name`` (for tests and screen readers)."""
        help_line = self._helps.get(name)
        return help_line.text() if help_line is not None and not help_line.isHidden() else ""

    def _apply_preset(self, index: int) -> None:
        params = self.preset_box.itemData(index)
        if params:
            for name, value in params.items():
                if name in self._editors:
                    p, w = self._editors[name]
                    if p.type == "int":
                        w.setValue(int(value))
                    elif p.type == "bool":
                        w.setChecked(bool(value))
                    else:
                        w.setCurrentIndex(max(w.findData(value), 0))

    def params(self) -> dict:
        out = {}
        for name, (p, w) in self._editors.items():
            if p.type == "int":
                out[name] = w.value()
            elif p.type == "bool":
                out[name] = w.isChecked()
            else:
                out[name] = w.currentData()
        return out


class _NoSolution(PuzzleError):
    """The workbench proved the board on show has no solution."""


class EditDialog(QDialog):
    """Edit a board with the kind's own editor, or type its text layout / game ID.

    One board is being edited (``board``): the Board tab and the text tab are two views
    of it, and the workbench analyses it.  A change on the board rewrites the text (the
    kind's layout with its ``# Kind`` header, files.layout_text); text typed that reads
    loads on the board.  Nothing entered in either is dropped: text that does not read is
    kept as typed, its sentence shown, and the board keeps the last board that read (a
    switch of tabs changes nothing; it once reloaded the text and lost the board's edits).

    The error sentence shows live under the input and OK stays disabled while the tab in
    front holds something invalid; Enter or OK never accept what the kind did not parse.
    The puzzle given back has been through the kind's own file check (encode, then decode)."""

    def __init__(self, kind, state=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        self._result = None
        self.board = state  # the board being edited: what both tabs show
        self._board_problem: str | None = None  # why the Board tab's entry does not read
        self._text_problem: str | None = None  # why the text typed does not read
        self._writing_text = False  # the text tab is being given the board (not typed)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.editor = None
        self._guard = None
        from .workbench import AnalysisPanel

        self.analysis = AnalysisPanel(self)  # what the board makes, live (gui/workbench.py)
        self.analysis.changedBoard.connect(self._load_board)
        self.analysis.counted.connect(self._analysis_in)
        self.analysis.analysed.connect(self._analysis_in)
        self._analysed = None  # the board the analysis was last asked about (its file form)
        self._no_solution: tuple[str, str] | None = None  # (board's form, why): proven to have none
        self._make_editor(kind, state)
        # at most what a game ID or a layout can be: a long paste is refused before Qt lays it out
        self.text = BoundedTextEdit(EDITOR_MAX_CHARS, EDITOR_MAX_LINE)
        self.text.setPlaceholderText(self._text_placeholder())
        self.text.setTabChangesFocus(True)
        font = self.text.font()
        font.setFamily("monospace")
        self.text.setFont(font)
        self.text.textChanged.connect(self._text_changed)
        self.tabs.addTab(self.text, "Text or game ID")
        self.tabs.currentChanged.connect(lambda _i: self._validate())
        layout.addWidget(self.tabs, 1)
        self.error = ErrorLabel(self)
        self.text.refused.connect(self.error.show_error)
        layout.addWidget(self.error)
        layout.addWidget(self.analysis)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Play this board")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        focus_ring.tab_order(self, self.tabs, self.error, self.analysis, self.buttons)  # as shown, top down
        if self.editor is not None:
            self._board_changed()  # the board as its editor reads it, on both tabs
        else:
            if state is not None:
                self._show_text(state)
            self._validate()

    def _make_editor(self, kind, state) -> None:
        """The kind's own editor in the Board tab (none for a kind entered as text)."""
        self.kind = kind
        self.setWindowTitle(f"Edit {kind.title} board")
        self.tabs.blockSignals(True)  # the swap is not the user changing tabs
        try:
            if self.editor is not None:
                old, self.editor, self._guard = self.editor, None, None
                self.tabs.removeTab(self.tabs.indexOf(old))
                old.deleteLater()
            editor = kinds.editor_class(kind.name)
            if editor is not None:
                self.editor = editor(kind, state)
                self.editor.changed.connect(self._board_changed)
                self.tabs.insertTab(0, self.editor, "Board")
                self._guard = SpinBoxGuard(self.editor.findChildren(QAbstractSpinBox), self._board_changed, self)
                # Ctrl+V on the board (its own text fields keep their paste): an ID or a
                # layout from the clipboard fills the board in
                paste = QAction(self.editor)
                paste.setShortcut(QKeySequence.Paste)
                paste.setShortcutContext(Qt.WidgetWithChildrenShortcut)
                paste.triggered.connect(lambda _checked=False: self.paste_into_board())
                self.editor.addAction(paste)
        finally:
            self.tabs.blockSignals(False)
        self.analysis.set_editor(kind, self.editor)
        self._analysed = None
        if hasattr(self, "buttons"):  # another kind's editor, built after the rest
            focus_ring.tab_order(self, self.tabs, self.error, self.analysis, self.buttons)

    # --- the two views of the board ------------------------------------------------------
    def _board_changed(self) -> None:
        """The Board tab changed the board: the text tab shows it (text typed there that
        did not read is replaced: the tab in front said so while it was kept)."""
        try:
            state = self._board_entry()
        except PuzzleError as exc:
            self._board_problem = str(exc) or "This board cannot be played."
        else:
            self._board_problem = None
            self.board = state
            self._show_text(state)
        self._validate()

    def _text_changed(self) -> None:
        """Text typed (or pasted) in the text tab: the board follows it if it reads; if
        not, the text stays as typed and its sentence says why."""
        if self._writing_text:
            return
        try:
            state = self._read_text(self.text.toPlainText())  # may switch the dialog to another kind
        except PuzzleError as exc:
            self._text_problem = str(exc) or "This text is not a puzzle."
        else:
            self._text_problem = None
            self._board_problem = None
            self.board = state
            if self.editor is not None and hasattr(self.editor, "load"):
                self.editor.blockSignals(True)  # the Board tab follows what the text tab reads
                try:
                    self.editor.load(state)
                finally:
                    self.editor.blockSignals(False)
        self._validate()

    def _show_text(self, state) -> None:
        """The text tab shows ``state``: its layout with the ``# Kind`` header, else its ID."""
        try:
            shown = files.layout_text(self.kind, state) if self._supports("parse_text") else None
        except PuzzleError:
            shown = None
        if shown is None:
            try:
                shown = self.kind.format_game_id(state)
            except PuzzleError:
                return
        self._text_problem = None
        if shown != self.text.toPlainText():
            self._writing_text = True
            try:
                self.text.setPlainText(shown)
            finally:
                self._writing_text = False

    def _board_entry(self):
        """The Board tab's board as the editor reads it now; PuzzleError if it does not."""
        problem = self._guard.problem() if self._guard is not None else None
        if problem:
            raise PuzzleError(problem)
        return self.editor.puzzle()

    def paste_into_board(self, text: str | None = None) -> bool:
        """The clipboard's game ID or text layout (or ``text``) on the Board tab: read as
        the text tab reads it, another kind's ID included, and loaded into the editor;
        what does not read is said under the board and changes nothing."""
        if text is None:
            text = QApplication.clipboard().text()
        if len(text) > 200_000:
            self.error.show_error("The clipboard holds too much text to be a puzzle.")
            return False
        try:
            state = self._read_text(text)  # may switch the dialog to another kind
        except PuzzleError as exc:
            self.error.show_error(f"The clipboard is not a puzzle: {exc}")
            return False
        if self.editor is not None and hasattr(self.editor, "load"):
            self.tabs.setCurrentWidget(self.editor)
            self.editor.load(state)  # its changed signal shows it on the text tab too
        else:
            self.board = state
            self._show_text(state)
        self._validate()
        return True

    def _supports(self, method: str) -> bool:
        return getattr(type(self.kind), method) is not getattr(PuzzleKind, method)

    def _text_placeholder(self) -> str:
        ids, text = self._supports("parse_game_id"), self._supports("parse_text")
        if ids and text:
            return "Paste a game ID or the puzzle's plain text layout"
        return "Paste a game ID" if ids else "Paste the puzzle's plain text layout"

    def _read_text(self, text: str):
        """What the text reads as, the way every board that arrives as text is read
        (files.read_text: a game ID, ours or Tatham's, a layout, a puzzle file, a library
        name), a bare ID or layout as this kind; a puzzle of another kind switches the
        dialog to it.  PuzzleError with the sentence saying what it was tried as."""
        if not text.strip():
            raise PuzzleError("Type a game ID or the puzzle's text layout.")
        doc = files.read_text(text, prefer=self.kind.name)
        if doc.kind is not self.kind:
            self._make_editor(doc.kind, doc.state)  # the dialog follows the ID: its kind, its board
        return doc.state

    def _checked(self):
        """The board of the tab in front as the kind reads it back from a file, or
        PuzzleError: the Board tab's entry, or the text if it reads."""
        try:
            on_board = self.editor is not None and self.tabs.currentWidget() is self.editor
            if on_board and self._board_problem:
                raise PuzzleError(self._board_problem)
            if not on_board and self._text_problem:
                raise PuzzleError(self._text_problem)
            if not on_board and self._board_problem:
                raise PuzzleError(f"The board does not read yet: {self._board_problem} "
                                  "(the text shows the last board that did)")
            if self.board is None:
                raise PuzzleError("There is no puzzle to play yet.")
            form = self.kind.encode(self.board)
            if self._no_solution is not None and self._no_solution[0] == repr(form):
                # every kind alike: Kurosu's editor refused its contradictions, while a
                # Tracks board proven to have no solution could be played
                raise _NoSolution(self._no_solution[1])
            return self.kind.decode(form)
        except PuzzleError:
            raise
        except Exception as exc:  # a bug in a kind must not let a half-read board through
            raise PuzzleError(f"This board could not be read: {exc}") from exc

    def _validate(self) -> None:
        proven_none = False
        try:
            self._result = self._checked()
            message = None
        except PuzzleError as exc:
            self._result = None
            message = str(exc) or "This board cannot be played."
            proven_none = isinstance(exc, _NoSolution)
        note = message
        if message is None and self._text_problem and self.tabs.currentWidget() is not self.text:
            # the text typed is kept, and says why it does not read, until the board changes
            note = (f"The text tab's text does not read ({self._text_problem.rstrip('.')}); the board "
                    "shows the last board that did, and a change here replaces that text.")
        self.error.show_error(note)
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(message is None)
        if not proven_none:  # (the analysis of this board stays on show, its cells marked)
            self._analyse()

    def _analyse(self) -> None:
        """The board as entered now, to the workbench's analysis (once per board: a
        validation that changed nothing asks nothing)."""
        try:
            form = self.kind.encode(self._result) if self._result is not None else None
        except PuzzleError:
            form = None
        key = repr(form)
        if key != self._analysed:
            self._analysed = key
            self.analysis.request(self._result)

    def _analysis_in(self, result) -> None:
        """The workbench's answer about the board on show: one proven to have no solution
        cannot be played (the sentence says why), whichever kind it is."""
        if result is None or result.count != 0 or not result.exact or self._analysed is None:
            return
        self._no_solution = (self._analysed, "This board has no solution, so it cannot be played: "
                                             "the analysis below says why.")
        self._validate()

    def _load_board(self, state) -> None:
        """A workbench command changed the board: the editor (and the text tab) show it."""
        if self.editor is not None and hasattr(self.editor, "load"):
            self.tabs.setCurrentWidget(self.editor)
            self.editor.load(state)  # its changed signal updates the text, validates and analyses
        else:
            self.board = state
            self._show_text(state)
            self._validate()

    def done(self, result) -> None:  # noqa: D401 (Qt's name): closing, by any way
        self.analysis.cancel()  # an analysis under way is no longer wanted
        super().done(result)

    def accept(self) -> None:
        """Refuses (and says why) unless the input parses now: Enter in any field ends here."""
        self._validate()
        if self._result is None:
            return
        super().accept()

    def puzzle(self):
        """The checked puzzle; None while the input is invalid."""
        return self._result


GENERAL_HELP = """
<h3>Using puzzlegui</h3>
<ul>
<li><b>Library</b> (Ctrl+L): a drawer of puzzles by kind, your saved puzzles and your recent games.
 One click opens a puzzle; the drawer gives way at your first move unless you press <i>Keep open</i>.</li>
<li><b>Undo / Redo / Restart</b>: Ctrl+Z, Ctrl+Shift+Z, Ctrl+R; on the board also <b>u</b> and <b>r</b>,
 as in Tatham's puzzles. Restart can itself be undone.</li>
<li><b>Mark this position</b> (Ctrl+T) before a guess: what you enter next is a trial, framed in violet
 dashes with a corner notch. <b>Back to the mark</b> (Ctrl+Shift+T) undoes the trial in one step (Undo
 brings it back); <b>Keep the trial</b> (Ctrl+Alt+T) keeps it. Marks nest and are saved with the game.</li>
<li><b>Check</b> (Ctrl+K) marks broken rules and lists them over the foot of the board (the board
 does not move). <b>Hint</b> (Ctrl+H) comes in stages: first where to look, then the reason, then the
 move; turn <i>Hints in stages</i> off (Ctrl+Alt+H) to have the move at once. Statistics (Ctrl+I) counts the
 stages you needed and shows your best times by kind, size and level.</li>
<li><b>Pause</b> (F8) hides the board and stops the clock; a click on it goes on. View &gt; Show the
 clock hides the time if you would rather not see it.</li>
<li><b>Solve</b> (F5) opens the solver bar over the board and runs the solver in a process of its own;
 <b>Stop</b> (Esc) ends it at once. The replay lasts about 20 seconds whatever its length (Settings
 &gt; Replay length); drag its slider to any step, or step one at a time. <i>Show the search</i>
 replays every try, dead ends included ("tries" are the solver's search nodes).
 <b>Replay my game</b> (Ctrl+Shift+R) plays your own game back the same way.</li>
<li><b>View</b>: the library, the solver bar and the puzzle's panel open and close (Ctrl+L, F6, F9);
 <i>Fit the window</i> (Ctrl+0) shows the whole board. Where a panel has no room beside the board
 it folds into a button on the toolbar.</li>
<li><b>New random puzzle</b> (Ctrl+N), <b>Edit board</b> (Ctrl+E), <b>Open</b> (Ctrl+O), <b>Save</b> (Ctrl+S).</li>
<li>Your game is saved with every move and comes back when you start the app again.</li>
</ul>
"""


class HelpDialog(QDialog):
    def __init__(self, kind=None, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Help: {kind.title}" if kind else "Help")
        self.resize(620, 560)
        layout = QVBoxLayout(self)
        browser = QTextBrowser()
        browser.setOpenExternalLinks(False)
        html = ""
        if kind is not None:
            html += f"<h2>{_para(kind.title)}</h2>"
            html += f"<h3>Rules</h3><p>{_para(kind.rules)}</p>"
            html += f"<h3>How to play</h3><p>{_para(kind.controls)}</p>"
            html += f"<h3>Where it comes from</h3><p>{_para(kind.origin)}</p>"
            from ..core.analysis import level_words

            levels = level_words(kind)
            if levels:  # each level by the deductions it adds
                html += "<h3>Difficulty levels</h3><ul>"
                html += "".join(f"<li><b>{_para(name.capitalize())}</b>: {_para(text)}.</li>" for name, text in levels.items())
                html += "</ul>"
            from ..core.aids import aid_help

            html += "<h3>Help while you play</h3><ul>"
            html += "".join(f"<li><b>{_para(name)}</b>: {_para(text)}</li>" for name, text in aid_help(kind))
            html += "</ul>"
        from .access_menu import key_rows

        html += "<h3>Every key</h3><table cellpadding='2'>" + "".join(
            f"<tr><td><b>{_para(keys)}</b></td><td>{_para(does)}</td></tr>"
            for keys, does in key_rows(getattr(kind, "name", None))) + "</table>"
        html += GENERAL_HELP
        browser.setHtml(html)
        layout.addWidget(browser)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)


def _para(text: str) -> str:
    """Text from a kind or a file, escaped for the help page: shown as it is, never as HTML."""
    return "<br>".join(html.escape(line) for line in (text or "").strip().splitlines()) or "–"



def _facts_of(games, keys) -> dict:
    """On the pool: key -> (size, level) of each stored puzzle in ``keys`` that reads."""
    out = {}
    for key in keys:
        facts = games.puzzle_facts(key)
        if facts is not None:
            out[key] = facts
    return out


class StatsDialog(QDialog):
    """Statistics: best times and solves by kind, size and level (the level from the
    kind's one grader, as the library line shows it, worked out off the GUI thread);
    then every puzzle played, how often solved, the best time without help, the help
    taken; Reset clears them (after asking)."""

    COLUMNS = ("Puzzle", "Kind", "Solved", "With help", "Best time", "Looked", "Reasons", "Hint moves", "Solver used")
    LEVEL_COLUMNS = ("Kind", "Size", "Level", "Best time", "Solved", "Puzzles")
    #: the hint stages' columns: how far the player needed each hint to go
    TIPS = {5: "Hints whose cells you looked at (Hint in stages: 'look here')",
            6: "Hints whose reason you read",
            7: "Hints whose move you let it play"}

    levels_shown = Signal()  # the table by size and level is filled in

    def __init__(self, games, parent=None):
        from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

        from ..core.games import time_text

        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.games = games
        layout = QVBoxLayout(self)
        rows = self.rows = games.stats()
        self.levels = QTableWidget(0, len(self.LEVEL_COLUMNS))
        self.levels.setHorizontalHeaderLabels(self.LEVEL_COLUMNS)
        self.levels.setAccessibleName("Best times by kind, size and level")
        self.levels.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.levels.verticalHeader().hide()
        self.levels.horizontalHeaderItem(2).setToolTip("The puzzle's grade, as the library shows it")
        self.levels.horizontalHeaderItem(3).setToolTip("The best time of a solve without help")
        self.levels.horizontalHeaderItem(4).setToolTip("Times solved, with or without help")
        self.levels.horizontalHeaderItem(5).setToolTip("Puzzles of this kind, size and level with a record")
        self.table = QTableWidget(len(rows), len(self.COLUMNS))
        self.table.setAccessibleName("Every puzzle played")
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().hide()
        for r, st in enumerate(rows):
            kind = registry.title(st.kind) if st.kind in registry.names() else st.kind
            values = (st.title, kind, f"{st.solved:,}", f"{st.helped:,}", time_text(st.best), f"{st.looks:,}",
                      f"{st.reasons:,}", f"{st.hints:,}", f"{st.solver:,}")
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.table.setItem(r, c, item)
        for c, tip in self.TIPS.items():
            self.table.horizontalHeaderItem(c).setToolTip(tip)
        for table, stretch in ((self.table, 0), (self.levels, 0)):
            header = table.horizontalHeader()
            header.setSectionResizeMode(stretch, QHeaderView.Stretch)
            for c in range(1, table.columnCount()):
                header.setSectionResizeMode(c, QHeaderView.ResizeToContents)
        self.empty = plain_label("No puzzle solved yet: records appear here as you play.")
        self.empty.setVisible(not rows)
        layout.addWidget(self.empty)
        self.levels_title = plain_label("By kind, size and level")
        self.levels_note = plain_label("")
        layout.addWidget(self.levels_title)
        layout.addWidget(self.levels, 2)
        layout.addWidget(self.levels_note)
        self.puzzles_title = plain_label("By puzzle")
        layout.addWidget(self.puzzles_title)
        layout.addWidget(self.table, 3)
        for w in (self.levels_title, self.levels, self.levels_note, self.puzzles_title):
            w.setVisible(bool(rows))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.reset_button = buttons.addButton("Reset statistics…", QDialogButtonBox.ResetRole)
        self.reset_button.setEnabled(bool(rows))
        self.reset_button.clicked.connect(self.ask_reset)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        buttons.button(QDialogButtonBox.Close).setFocus()  # no table cell looks picked
        self.resize(760, 560)
        self._grading = None
        # sizes and levels worked out once, for this dialog or the library (core/grades.py)
        missing = [st.key for st in rows if st.key not in grades.BOOK]
        if missing:
            from ..core import jobs as named
            from .jobs import jobs_for

            self.levels_note.setText(f"Working out the sizes and levels of {len(missing):,} puzzles\u2026")
            self._show_levels(partial=True)
            # sizes and levels are facts about puzzles, kept in grades.BOOK: the job carries no ticket
            self._grading = jobs_for(self).run(named.GRADES, _facts_of, games, missing)
            self._grading.done.connect(self._graded)
            self._grading.failed.connect(lambda _message: self._graded({}))
        else:
            self._show_levels()

    def _graded(self, facts: dict) -> None:
        self._grading = None
        for key, value in facts.items():
            grades.BOOK.keep(key, value)
        self._show_levels()

    def _show_levels(self, partial: bool = False) -> None:
        """Fill the table by kind, size and level from the records and the facts known."""
        from PySide6.QtWidgets import QTableWidgetItem

        from ..core.games import by_size_and_level, time_text

        groups = by_size_and_level(self.rows, grades.BOOK)
        self.levels.setRowCount(len(groups))
        for r, g in enumerate(groups):
            kind = registry.title(g.kind) if g.kind in registry.names() else g.kind
            level = g.level.capitalize() if g.level else ("\u2026" if partial else "\u2013")
            values = (kind, g.size or ("\u2026" if partial else "\u2013"), level, time_text(g.best),
                      f"{g.solved:,}", f"{g.puzzles:,}")
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if c >= 3:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.levels.setItem(r, c, item)
        if not partial:
            unknown = sum(1 for st in self.rows if st.key not in grades.BOOK)
            self.levels_note.setText(
                f"{unknown:,} puzzle{'' if unknown == 1 else 's'} no longer on record: size and level not known."
                if unknown else "")
            self.levels_note.setVisible(bool(unknown))
            self.levels_shown.emit()

    def level_rows(self) -> list:
        """The table by size and level as shown: one tuple of cell texts a row."""
        return [tuple(self.levels.item(r, c).text() for c in range(self.levels.columnCount()))
                for r in range(self.levels.rowCount())]

    def ask_reset(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self, "Reset statistics", "Forget every best time and count? Your games in progress are kept."
        )
        if answer == QMessageBox.Yes:
            self.reset()

    def reset(self) -> None:
        self.games.reset_stats()
        self.table.setRowCount(0)
        self.levels.setRowCount(0)
        self.rows = []
        for w in (self.levels_title, self.levels, self.levels_note, self.puzzles_title):
            w.hide()
        self.empty.show()
        self.reset_button.setEnabled(False)


# --- Print and Print to PDF -------------------------------------------------------------------
class PageDialog(QDialog):
    """The command line's choices for pages (``export --per-page``, ``--solutions``),
    for the window's Print and Print to PDF: puzzles per page, solution pages at the end
    and, for a PDF, the page size.  They are remembered in the settings on OK; the pages
    themselves are laid out by gui/export.py, for the window and the command line alike."""

    written = Signal(str)  # the pages went out (the PDF's path; a printer's output file or "")

    def __init__(self, settings, count: int, pdf: bool, parent=None):
        from . import export

        super().__init__(parent)
        self.settings = settings
        self.count = max(1, int(count))
        self.setWindowTitle("Print to PDF" if pdf else "Print")
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QVBoxLayout.SetFixedSize)
        form = QFormLayout()
        self.per_page = QComboBox()
        for n in export.LAYOUTS:
            self.per_page.addItem(f"{n}", n)
        self.per_page.setAccessibleName("Puzzles per page")
        self.per_page.setToolTip("How many puzzles share a page, each with its title")
        chosen = settings.print_per_page or (1 if self.count == 1 else 4)
        self.per_page.setCurrentIndex(max(0, self.per_page.findData(chosen)))
        form.addRow(plain_label("Puzzles per page"), self.per_page)
        self.solutions = QCheckBox("Add solution pages at the end")
        self.solutions.setToolTip(
            f"The solver looks for each solution for up to {export.SOLVE_SECONDS:g} seconds; "
            "a puzzle it does not solve in that time says so on its page."
        )
        self.solutions.setChecked(settings.print_solutions)
        form.addRow(plain_label("Solutions"), self.solutions)
        self.page_size = None
        if pdf:  # a printer has its own paper, chosen in its own dialog
            self.page_size = QComboBox()
            for size in export.PAGE_SIZES:
                self.page_size.addItem(size, size)
            self.page_size.setAccessibleName("Page size")
            self.page_size.setCurrentIndex(max(0, self.page_size.findData(settings.print_page_size)))
            form.addRow(plain_label("Page size"), self.page_size)
        layout.addLayout(form)
        self.summary = plain_label()
        self.summary.setForegroundRole(QPalette.PlaceholderText)
        layout.addWidget(self.summary)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Choose the file…" if pdf else "Print…")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons
        self.per_page.currentIndexChanged.connect(lambda _i: self._summarise())
        self.solutions.toggled.connect(lambda _on: self._summarise())
        self._summarise()

    def _summarise(self) -> None:
        from . import export

        n, per_page = self.count, self.per_page.currentData()
        puzzles = export.page_count(n, per_page)
        text = f"{n:,} puzzle{'s' if n != 1 else ''} on {puzzles:,} page{'s' if puzzles != 1 else ''}"
        if self.solutions.isChecked():
            extra = export.page_count(n, per_page, n) - puzzles
            text += f", then {extra:,} page{'s' if extra != 1 else ''} of solutions"
        self.summary.setText(text + ".")

    def choices(self) -> dict:
        """Keyword arguments for export.write_pdf / print_items (page_size for a PDF)."""
        out = {"per_page": self.per_page.currentData(), "solutions": self.solutions.isChecked()}
        if self.page_size is not None:
            out["page_size"] = self.page_size.currentData()
        return out

    def accept(self) -> None:
        choices = self.choices()
        self.settings.print_per_page = choices["per_page"]
        self.settings.print_solutions = choices["solutions"]
        if "page_size" in choices:
            self.settings.print_page_size = choices["page_size"]
        super().accept()


def unspellable(path: str) -> str | None:
    """Why a name chosen through a Qt dialog cannot be written, or None: a file name that
    is not valid in the system's encoding reaches us with U+FFFD in it, and writing that
    would make another file than the one chosen."""
    if "\ufffd" in path:
        return (f"The name {path} holds characters that cannot be written exactly (it is not in the system's "
                "encoding); choose another name.")
    return None


def export_pdf(window, items, settings) -> PageDialog:
    """Print to PDF from the window: the page choices (PageDialog, opened window-modal
    and returned), then the file name, then the PDF, solutions found first off the GUI
    thread.  A problem is the window's error sentence; the game is never touched."""
    dialog = PageDialog(settings, len(items), pdf=True, parent=window)

    def chosen():
        from PySide6.QtWidgets import QFileDialog

        choices = dialog.choices()
        path, _ = QFileDialog.getSaveFileName(window, "Print to PDF", str(Path.home() / "puzzles.pdf"), "PDF (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        if unspellable(path):
            window.show_error(unspellable(path))
            return

        def write(solutions):
            from . import export

            try:
                pages = export.write_pdf(path, items, choices["per_page"], solutions, page_size=choices["page_size"])
            except (OSError, PuzzleError) as exc:
                window.show_error(f"Could not write {path}: {exc}")
                return
            n = len(items)
            window.statusBar().showMessage(
                f"Wrote {n:,} puzzle{'s' if n != 1 else ''} on {pages} page{'s' if pages != 1 else ''} to {path}.", 8000
            )
            dialog.written.emit(path)

        _with_solutions(window, items, choices["solutions"], write)

    dialog.accepted.connect(chosen)
    dialog.open()
    return dialog


def print_puzzles(window, items, settings) -> PageDialog:
    """Print from the window: the page choices (PageDialog, window-modal, returned), then
    the printer's own dialog, then the pages, solutions found first off the GUI thread."""
    dialog = PageDialog(settings, len(items), pdf=False, parent=window)

    def chosen():
        from PySide6.QtGui import QPageSize
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        choices = dialog.choices()
        printer = QPrinter(QPrinter.HighResolution)
        if QPrintDialog(printer, window).exec() != QDialog.Accepted:
            return

        # "Print to file" writes a PDF: through the safe writer as Print to PDF does (never
        # into a FIFO, a device or a link to one, never under a name Qt could not spell)
        target = printer.outputFileName() if printer.outputFormat() == QPrinter.PdfFormat else ""
        problem = unspellable(target) if target else None
        if problem:
            window.show_error(problem)
            return

        def write(solutions):
            from . import export

            try:
                if target:
                    letter = printer.pageLayout().pageSize().id() == QPageSize.Letter
                    export.write_pdf(target, items, choices["per_page"], solutions,
                                     page_size="Letter" if letter else "A4")
                else:
                    export.print_items(printer, items, choices["per_page"], solutions)
            except (OSError, PuzzleError) as exc:
                window.show_error(f"Could not write {target}: {exc}" if target else f"Could not print: {exc}")
                return
            dialog.written.emit(target)

        _with_solutions(window, items, choices["solutions"], write)

    dialog.accepted.connect(chosen)
    dialog.open()
    return dialog


def _with_solutions(window, items, wanted: bool, then) -> None:
    """``then(solutions)``: None without solution pages, else export.solutions_for(items),
    found on the pool (up to export.SOLVE_SECONDS a puzzle) while the window stays live."""
    if not wanted:
        then(None)
        return
    from ..core import jobs as named
    from . import export

    n = len(items)
    window.statusBar().showMessage(f"Solving {n:,} puzzle{'s' if n != 1 else ''} for the solution pages…")
    # under the games' ticket: a second printout asked for meanwhile is the one answered
    call = window.jobs.submit(window.jobs.ticket("print"), named.PRINT_SOLUTIONS, export.solutions_for, list(items))
    call.done.connect(then)
    call.failed.connect(lambda message: window.show_error(f"The solutions could not be found: {message}"))
