"""The Kurosu editor: board size, the "no copies" rule, and givens set by clicking.

Clicks cycle a cell empty -> X -> O (right click the other way), as do the keys on the
board.  After every change the givens are checked: a broken rule, or a contradiction
that the rules or the search find, is explained in a sentence (and ``puzzle()`` raises
it); otherwise the note says whether the puzzle has one solution and how hard it is.

Typing on the board enters a row from paper: 1 or X, 0 or O, and . or Space (empty)
fill the cell at the cursor and move it on, to the next row at the end of a row.

A game ID or rows typed in the field under the board load with Enter.  While the field
holds text that is not loaded, ``puzzle()`` raises the sentence saying why (it cannot be
read, or Enter has not been pressed), so the dialog never plays the old board instead.

For the setter's workbench (gui/kinds.py, qtkit/editor_marks.py): ``load(state)``,
``mark_cells(cells, style)`` with cells (x, y), and ``show_solution(state)``, which draws
the symbols a solution adds, muted, in the empty cells.
"""

from __future__ import annotations


from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.editor_marks import Marks, next_cell, paint_marks, solution_colour

from ..model import MAX_SIZE, MIN_SIZE, KurosuState
from .widget import Board

TYPED = {"1": 1, "x": 1, "0": 0, "o": 0, ".": -1, " ": -1}  # the text layout's characters, and X/O


class EditorBoard(Board):
    """The kind's board in edit mode, with the workbench's marks and a solution drawn
    over it, and typing that moves the cursor on (a row from paper goes in at one go)."""

    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.edit_mode = True
        self.marks = Marks()
        self.solution = None  # the cells of a solution to draw faintly, or None

    def paint_board(self, painter) -> None:
        super().paint_board(painter)
        s = self.state
        geo = self.geometry_now()

        def rect_of(cell):
            x, y = cell
            return QRectF(*geo.cell_rect(x, y)) if 0 <= x < s.width and 0 <= y < s.height else None

        if self.solution is not None and len(self.solution) == len(s.cells):
            pen = QPen(solution_colour(), theme.line(geo.cell * 0.07))
            pen.setCapStyle(Qt.RoundCap)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            r = geo.cell * 0.2
            for i, v in enumerate(self.solution):
                if v < 0 or s.cells[i] >= 0:
                    continue
                centre = rect_of((i % s.width, i // s.width)).center()
                if v == 1:
                    painter.drawLine(centre + QPointF(-r, -r), centre + QPointF(r, r))
                    painter.drawLine(centre + QPointF(-r, r), centre + QPointF(r, -r))
                else:
                    painter.drawEllipse(centre, r, r)
        paint_marks(painter, self.marks, rect_of)

    def keyPressEvent(self, event) -> None:
        value = TYPED.get(event.text().lower()) if len(event.text()) == 1 else None
        if self.state is None or not self.interactive or value is None:
            super().keyPressEvent(event)
            return
        cursor = self.cursor
        self.cursor = next_cell(cursor, self.state.width, self.state.height)
        self._place(cursor, value)
        self.update()


class Editor(QWidget):
    changed = Signal()

    def __init__(self, kind, state=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        if state is None:
            state = KurosuState.new(6, 6, [-1] * 36)
        self._w, self._h, self._unique = state.width, state.height, state.unique
        self._givens = list(state.givens)
        self._error = None
        self._note = ""
        self._quiet = False

        sizes = [str(n) for n in range(MIN_SIZE, MAX_SIZE + 1, 2)]
        self.width_box = QComboBox()
        self.width_box.addItems(sizes)
        self.width_box.setCurrentText(str(self._w))
        self.height_box = QComboBox()
        self.height_box.addItems(sizes)
        self.height_box.setCurrentText(str(self._h))
        self.unique_box = QCheckBox("No two rows or columns alike")
        self.unique_box.setChecked(self._unique)
        self.clear_button = QPushButton("Clear")
        self.paste = QLineEdit()
        self.paste.setPlaceholderText("Game ID (6x6:DdCDeAddBEa) or rows (..0.1. ...), then Enter")
        self.paste.setAccessibleName("Game ID or rows")
        self.paste.setClearButtonEnabled(True)
        self.board = EditorBoard(kind)
        self.board.setMinimumSize(240, 240)

        top = QHBoxLayout()
        top.addWidget(QLabel("Width"))
        top.addWidget(self.width_box)
        top.addWidget(QLabel("Height"))
        top.addWidget(self.height_box)
        top.addWidget(self.unique_box)
        top.addStretch(1)
        top.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.board, 1)
        layout.addWidget(QLabel(
            "Click a cell to cycle it empty, X, O (right click: the other way), "
            "or type a row: 1 or X, 0 or O, . for empty."
        ))
        layout.addWidget(self.paste)  # last: the dialog's error sentence shows right under it

        self.width_box.currentTextChanged.connect(self._resize)
        self.height_box.currentTextChanged.connect(self._resize)
        self.unique_box.toggled.connect(self._set_unique)
        self.clear_button.clicked.connect(self.clear)
        self.paste.returnPressed.connect(self._load_pasted)
        self.paste.textChanged.connect(self._paste_edited)
        self.board.moveRequested.connect(self._on_move)
        self.changed.connect(self._forget_marks)
        self._refresh()

    # --- what the dialog calls -------------------------------------------------------
    def state(self) -> KurosuState:
        return KurosuState.new(self._w, self._h, self._givens, self._unique)

    def puzzle(self) -> KurosuState:
        """The puzzle as edited; PuzzleError with the explanation if its givens contradict,
        or if the game ID field holds text that is not (or cannot be) loaded."""
        problem = self.error()
        if problem:
            raise PuzzleError(problem)
        return self.state()

    def error(self) -> str | None:
        return self.paste_problem() or self._error

    def paste_problem(self) -> str | None:
        """Why the text in the game ID field stops the puzzle being played, if it does."""
        text = self.paste.text().strip()
        if not text:
            return None
        try:
            self._parse_pasted(text)
        except PuzzleError as exc:
            return f"Could not read the game ID or rows: {exc}"
        return "Press Enter to load the game ID or rows you typed (or clear the field)."

    def load(self, state: KurosuState) -> None:
        """Show ``state``'s givens, size and rule as if the setter had entered them
        (a text left in the game ID field is dropped); ``changed`` is emitted once."""
        self._forget_marks()  # also when the caller blocks ``changed`` (the dialog's text tab does)
        self._w, self._h, self._unique = state.width, state.height, state.unique
        self._givens = list(state.givens)
        for box, value in ((self.width_box, self._w), (self.height_box, self._h)):
            box.blockSignals(True)
            box.setCurrentText(str(value))
            box.blockSignals(False)
        self.unique_box.blockSignals(True)
        self.unique_box.setChecked(self._unique)
        self.unique_box.blockSignals(False)
        self._quiet = True  # one changed signal, after the new board is analysed
        self.paste.clear()
        self._quiet = False
        self._refresh()

    def mark_cells(self, cells, style) -> None:
        """Shade cells (x, y) in one of gui.editor_marks.STYLES; ``((), None)`` clears all."""
        self.board.marks.mark(cells, style)
        self.board.update()

    def show_solution(self, state) -> None:
        """Draw the symbols ``state`` (a solution of this board) adds, muted, in the empty
        cells; None stops.  A state of another size is not drawn."""
        fits = state is not None and (state.width, state.height) == (self._w, self._h)
        self.board.solution = tuple(state.cells) if fits else None
        self.board.update()

    def _forget_marks(self) -> None:
        self.board.marks.clear()
        self.board.solution = None
        self.board.update()

    # --- editing ---------------------------------------------------------------------
    def set_given(self, x: int, y: int, v: int) -> None:
        self._on_move(("set", x, y, v))

    def clear(self) -> None:
        self._givens = [-1] * (self._w * self._h)
        self._refresh()

    def _on_move(self, move) -> None:
        if not (isinstance(move, tuple) and len(move) == 4 and move[0] == "set"):
            return
        _, x, y, v = move
        if not (0 <= x < self._w and 0 <= y < self._h):
            return
        self._givens[y * self._w + x] = v
        self._refresh(move)

    def _resize(self, _text=None) -> None:
        w, h = int(self.width_box.currentText()), int(self.height_box.currentText())
        if (w, h) == (self._w, self._h):
            return
        givens = [-1] * (w * h)
        for y in range(min(h, self._h)):
            for x in range(min(w, self._w)):
                givens[y * w + x] = self._givens[y * self._w + x]
        self._w, self._h, self._givens = w, h, givens
        self._refresh()

    def _set_unique(self, on: bool) -> None:
        self._unique = bool(on)
        self._refresh()

    def _paste_edited(self, _text: str) -> None:
        if not self._quiet:
            self.changed.emit()

    def _parse_pasted(self, text: str) -> KurosuState:
        if ":" in text:
            return self.kind.parse_game_id(text.partition("kurosu:")[2] if text.startswith("kurosu:") else text)
        return self.kind.parse_text(text.replace(" ", "\n").replace("/", "\n"))

    def _load_pasted(self) -> None:
        text = self.paste.text().strip()
        if not text:
            return
        try:
            state = self._parse_pasted(text)
        except PuzzleError:
            self.changed.emit()  # the board stays; paste_problem() says why
            return
        self.load(state)

    # --- checking --------------------------------------------------------------------
    def _refresh(self, move=None) -> None:
        state = self.state()
        self.board.set_state(state, move, animate=move is not None)
        # a rule the givens break, or the contradiction the explained rules reach at once
        # (propagation, no search: milliseconds), refuses the board with its cells marked;
        # how many solutions it has and how hard it is are the workbench's (gui/workbench.py),
        # found off the GUI thread
        found = self.kind.contradiction(state)
        self._error, cells = found if found is not None else (None, ())
        self.board.set_violations([])
        self.board.set_highlight(cells, "")
        self.changed.emit()
