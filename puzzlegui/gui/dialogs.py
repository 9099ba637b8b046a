"""Dialogs: new random puzzle, edit board, help.  Each knows kinds only via the interface."""

from __future__ import annotations

import importlib
import random

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core import registry
from ..core.kind import PuzzleError


class NewPuzzleDialog(QDialog):
    """Kind, its generator parameters (a form built from kind.parameters()) and a seed."""

    def __init__(self, kind_name: str, params: dict | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("New random puzzle")
        self._editors: dict = {}
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.kind_box = QComboBox()
        for k in registry.all_kinds():
            self.kind_box.addItem(k.title, k.name)
        top.addRow("Puzzle", self.kind_box)
        self.preset_box = QComboBox()
        top.addRow("Preset", self.preset_box)
        layout.addLayout(top)
        self.form_holder = QWidget()
        self.form = QFormLayout(self.form_holder)
        self.form.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form_holder)
        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(random.randrange(1, 1_000_000))
        self.seed.setToolTip("The same seed and settings always make the same puzzle")
        reroll = QPushButton("New seed")
        reroll.clicked.connect(lambda: self.seed.setValue(random.randrange(1, 1_000_000)))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        seed_form = QFormLayout()
        seed_form.addRow("Seed", seed_row)
        layout.addLayout(seed_form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Generate")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.kind_box.currentIndexChanged.connect(lambda _i: self._build(None))
        self.preset_box.activated.connect(self._apply_preset)
        index = self.kind_box.findData(kind_name)
        self.kind_box.setCurrentIndex(max(index, 0))
        self._build(params)

    @property
    def kind(self):
        return registry.get(self.kind_box.currentData())

    def _build(self, params) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self._editors = {}
        kind = self.kind
        self.preset_box.clear()
        self.preset_box.addItem("Custom", None)
        for preset in kind.presets():
            self.preset_box.addItem(preset.label, preset.params)
        for p in kind.parameters():
            value = (params or {}).get(p.name, p.default)
            if p.type == "int":
                w = QSpinBox()
                w.setRange(p.minimum if p.minimum is not None else 0, p.maximum if p.maximum is not None else 10_000)
                w.setValue(int(value))
            elif p.type == "bool":
                w = QCheckBox()
                w.setChecked(bool(value))
            else:
                w = QComboBox()
                for choice in p.choices:
                    w.addItem(str(choice), choice)
                w.setCurrentIndex(max(w.findData(value), 0))
            if p.help:
                w.setToolTip(p.help)
            self._editors[p.name] = (p, w)
            self.form.addRow(p.label, w)

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


class EditDialog(QDialog):
    """Edit a board with the kind's own editor, or type its text layout / game ID.

    The error sentence shows live and OK stays disabled while the puzzle is invalid."""

    def __init__(self, kind, state=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        self.setWindowTitle(f"Edit {kind.title} board")
        self._result = None
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.editor = None
        try:
            module = importlib.import_module(registry.KIND_MODULES[kind.name] + ".editor")
            self.editor = module.Editor(kind, state)
            self.editor.changed.connect(self._validate)
            self.tabs.addTab(self.editor, "Board")
        except ModuleNotFoundError:
            pass
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("Paste a game ID or the puzzle's plain text layout")
        font = self.text.font()
        font.setFamily("monospace")
        self.text.setFont(font)
        if state is not None:
            try:
                self.text.setPlainText(kind.format_text(state))
            except PuzzleError:
                try:
                    self.text.setPlainText(kind.format_game_id(state))
                except PuzzleError:
                    pass
        self.text.textChanged.connect(self._validate)
        self.tabs.addTab(self.text, "Text or game ID")
        self.tabs.currentChanged.connect(lambda _i: self._validate())
        layout.addWidget(self.tabs, 1)
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Play this board")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._validate()

    def _parse(self):
        if self.editor is not None and self.tabs.currentWidget() is self.editor:
            return self.editor.puzzle()
        text = self.text.toPlainText().strip()
        if not text:
            raise PuzzleError("Type a game ID or the puzzle's text layout.")
        errors = []
        for parse in (self.kind.parse_game_id, self.kind.parse_text):
            try:
                return parse(text)
            except PuzzleError as exc:
                errors.append(str(exc))
        # the text layout's message is the more useful one for multi-line input
        raise PuzzleError(errors[1] if "\n" in text else errors[0])

    def _validate(self) -> None:
        try:
            self._result = self._parse()
            self.error.setText("")
            ok = True
        except PuzzleError as exc:
            self._result = None
            self.error.setText(str(exc))
            ok = False
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)

    def puzzle(self):
        return self._result


GENERAL_HELP = """
<h3>Using puzzlegui</h3>
<ul>
<li><b>Library</b> (left): built-in puzzles by kind, and your saved puzzles. Double-click to open.</li>
<li><b>Undo / Redo / Restart</b>: Ctrl+Z, Ctrl+Shift+Z, Ctrl+R. Restart can itself be undone.</li>
<li><b>Check</b> (Ctrl+K) marks broken rules; <b>Hint</b> (Ctrl+H) makes the next sure move and says why.</li>
<li><b>Solve</b> (F5) runs the solver on a worker thread; <b>Stop</b> (Esc) ends it at once.
 Choose <i>Show the solution</i> to watch the answer move by move, or <i>Show the search</i> to watch
 every try and backtrack. Play, pause, step and change the speed in the Replay box.</li>
<li><b>New random puzzle</b> (Ctrl+N), <b>Edit board</b> (Ctrl+E), <b>Open</b> (Ctrl+O), <b>Save</b> (Ctrl+S).</li>
<li>Your game is saved automatically and comes back when you start the app again.</li>
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
            html += f"<h2>{kind.title}</h2>"
            html += f"<h3>Rules</h3><p>{_para(kind.rules)}</p>"
            html += f"<h3>How to play</h3><p>{_para(kind.controls)}</p>"
            html += f"<h3>Where it comes from</h3><p>{_para(kind.origin)}</p>"
        html += GENERAL_HELP
        browser.setHtml(html)
        layout.addWidget(browser)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)


def _para(text: str) -> str:
    import html

    return "<br>".join(html.escape(line) for line in (text or "").strip().splitlines()) or "–"

