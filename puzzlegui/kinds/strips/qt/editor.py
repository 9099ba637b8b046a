"""The Strips editor: size, colours by clicking, letters by typing, and the strip set.

Typing goes in from paper at one go: it fills the cell at the cursor and moves on, to the
next row at the end of a row.  "Keys type" chooses what: letters (the default), or the
colours, b and w as in the text layout, so a grid copied from paper is typed row by row.

For the setter's workbench (gui/kinds.py, qtkit/editor_marks.py): ``load(state)``,
``mark_cells(cells, style)`` with cells (x, y), and ``show_solution(state)``, which
outlines the strips of a decomposition (the state's pieces), muted."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.editor_marks import Marks, next_cell, paint_marks, previous_cell, solution_colour

from .. import codec
from ..model import LETTER_CHARS, MAX_SIDE, NO_LETTER
from ..stripset import SEED, SEED_CELLS, format_set, suggest
from .paint import BLACK, WHITE



class EditorGrid(QWidget):
    """The grid being edited: click or drag to paint colours, type letters."""

    edited = Signal()

    def __init__(self, colours, letters, parent=None):
        super().__init__(parent)
        self.colours = [list(row) for row in colours]
        self.letters = [list(row) for row in letters]
        self.cursor = (0, 0)
        self._paint = None  # colour being painted by a drag
        self.typing = "letters"  # or "colours": what typed keys fill in
        self.marks = Marks()
        self.solution = None  # the strips of a decomposition to outline faintly, or None
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMinimumSize(220, 220)

    @property
    def cols(self) -> int:
        return len(self.colours[0])

    @property
    def rows(self) -> int:
        return len(self.colours)

    def geometry_(self) -> GridGeometry:
        return GridGeometry.fit(self.cols, self.rows, self.width(), self.height(), (0.2, 0.2, 0.2, 0.2))

    def sizeHint(self):
        return QSize(360, 360)

    def resize_grid(self, cols: int, rows: int) -> None:
        """New size, keeping what overlaps; new cells are white without letters."""
        self.colours = [[self.colours[y][x] if y < self.rows and x < self.cols else "w" for x in range(cols)] for y in range(rows)]
        self.letters = [
            [self.letters[y][x] if y < len(self.letters) and x < len(self.letters[0]) else NO_LETTER for x in range(cols)]
            for y in range(rows)
        ]
        self.cursor = (min(self.cursor[0], cols - 1), min(self.cursor[1], rows - 1))
        self.update()

    def mousePressEvent(self, event):
        cell = self.geometry_().cell_at(event.position().x(), event.position().y())
        if cell is None:
            return
        self.setFocus(Qt.MouseFocusReason)
        self.cursor = cell
        x, y = cell
        self._paint = "b" if self.colours[y][x] == "w" else "w"
        self._set(cell, self._paint)

    def mouseMoveEvent(self, event):
        if self._paint is None:
            return
        cell = self.geometry_().cell_at(event.position().x(), event.position().y())
        if cell is not None:
            self.cursor = cell
            self._set(cell, self._paint)

    def mouseReleaseEvent(self, event):
        self._paint = None

    def _set(self, cell, colour):
        x, y = cell
        if self.colours[y][x] != colour:
            self.colours[y][x] = colour
            self.edited.emit()
        self.update()

    def keyPressEvent(self, event):
        key = event.key()
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        x, y = self.cursor
        text = event.text().upper()
        if key in steps:
            dx, dy = steps[key]
            self.cursor = (min(max(x + dx, 0), self.cols - 1), min(max(y + dy, 0), self.rows - 1))
            self.update()
        elif key in (Qt.Key_Return, Qt.Key_Enter):
            self._set(self.cursor, "b" if self.colours[y][x] == "w" else "w")
        elif self.typing == "colours" and (text in ("B", "W", ".", " ") or key == Qt.Key_Backspace):
            if key == Qt.Key_Backspace:  # back one cell; its colour stays
                self._step_back()
            else:
                if text in ("B", "W"):
                    self._set(self.cursor, text.lower())
                self._step_on()
            self.update()
        elif key in (Qt.Key_Backspace, Qt.Key_Delete) or text in (" ", NO_LETTER):
            if self.letters[y][x] != NO_LETTER:
                self.letters[y][x] = NO_LETTER
                self.edited.emit()
            if key == Qt.Key_Backspace:
                self._step_back()
            elif text in (" ", NO_LETTER):
                self._step_on()
            self.update()
        elif len(text) == 1 and text in LETTER_CHARS:
            self.letters[y][x] = text
            self.edited.emit()
            self._step_on()
            self.update()
        else:
            super().keyPressEvent(event)

    def _step_on(self):
        self.cursor = next_cell(self.cursor, self.cols, self.rows)

    def _step_back(self):
        self.cursor = previous_cell(self.cursor, self.cols, self.rows)

    def paintEvent(self, event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        g = self.geometry_()
        c = g.cell
        painter.fillRect(self.rect(), QColor(theme.PAPER))
        font = QFont(self.font())
        font.setPixelSize(max(6, int(c * 0.46)))
        font.setBold(True)
        painter.setFont(font)
        for y in range(self.rows):
            for x in range(self.cols):
                rect = QRectF(*g.cell_rect(x, y))
                black = self.colours[y][x] == "b"
                painter.fillRect(rect, BLACK if black else WHITE)
                letter = self.letters[y][x]
                if letter != NO_LETTER:
                    painter.setPen(WHITE if black else BLACK)
                    painter.drawText(rect, Qt.AlignCenter, letter)
        painter.setPen(QPen(QColor(theme.GRID), theme.line(max(1.0, c * 0.03))))
        painter.setBrush(Qt.NoBrush)
        for y in range(self.rows):
            for x in range(self.cols):
                painter.drawRect(QRectF(*g.cell_rect(x, y)))
        if self.solution is not None:
            self._paint_solution(painter, g)
        paint_marks(painter, self.marks, lambda cell: self._rect_of(g, cell))
        if self.hasFocus():
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(max(2.0, c * 0.08)), Qt.DashLine))
            inset = c * 0.12
            painter.drawRect(QRectF(*g.cell_rect(*self.cursor)).adjusted(inset, inset, -inset, -inset))
        painter.end()


    def _rect_of(self, g, cell):
        x, y = cell
        return QRectF(*g.cell_rect(x, y)) if 0 <= x < self.cols and 0 <= y < self.rows else None

    def _paint_solution(self, painter, g) -> None:
        """Each strip of the solution as a rounded outline round its cells."""
        c = g.cell
        pen = QPen(solution_colour(230), theme.line(max(2.0, c * 0.09)))
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        for _pattern, cells in self.solution:
            first, last = self._rect_of(g, min(cells)), self._rect_of(g, max(cells))
            if first is None or last is None:
                continue
            box = first.united(last).adjusted(c * 0.14, c * 0.14, -c * 0.14, -c * 0.14)
            painter.drawRoundedRect(box, c * 0.3, c * 0.3)


class Editor(QWidget):
    """Edit a Strips puzzle; ``puzzle()`` gives the new initial state or the sentence
    saying why it cannot be one (cell count or colour count against the strip set)."""

    changed = Signal()

    def __init__(self, kind, state=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        if state is None:
            colours = ["wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww"]
            letters = [NO_LETTER * 5] * 5
            strips_text = ""
        else:
            colours = list(state.colours)
            letters = list(state.letters) or [NO_LETTER * state.cols] * state.rows
            default = state.strips == SEED and state.cell_count == SEED_CELLS
            strips_text = "" if default else format_set(state.strips)
        self.grid = EditorGrid(colours, letters)
        self.grid.edited.connect(self._edited)
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box, value in ((self.width_box, len(colours[0])), (self.height_box, len(colours))):
            box.setRange(1, MAX_SIDE)
            box.setValue(value)
            box.valueChanged.connect(self._resized)
        self.width_box.setAccessibleName("Width")
        self.height_box.setAccessibleName("Height")
        self.strips_edit = QLineEdit(strips_text)
        self.strips_edit.setPlaceholderText("empty: the original's set (25 cells only)")
        self.strips_edit.setAccessibleName("Strip set")
        self.strips_edit.textChanged.connect(self._edited)
        self.suggest_button = QPushButton("Suggest for this size")
        self.suggest_button.clicked.connect(self.suggest)
        self.clear_letters = QPushButton("Clear letters")
        self.clear_letters.clicked.connect(self._clear_letters)
        self.typing_box = QComboBox()
        self.typing_box.addItem("Letters", "letters")
        self.typing_box.addItem("Colours (b, w)", "colours")
        self.typing_box.setAccessibleName("Keys type")
        self.typing_box.currentIndexChanged.connect(self._typing_changed)
        self.info = QLabel()
        self.info.setTextFormat(Qt.PlainText)  # it quotes what was typed in the strip set
        self.info.setWordWrap(True)
        help_text = QLabel(
            "Click or drag to paint cells black or white; type letters, or the colours b and w, "
            "at the dashed cursor (it moves on; arrows move, Backspace clears). Strip set: patterns like <i>wbw bb*2</i> or families "
            "like <i>len2-4</i> (every pattern of those lengths), after <i>exactly:</i> or <i>at most:</i>."
        )
        help_text.setWordWrap(True)

        size_row = QHBoxLayout()
        size_row.addWidget(self.width_box)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.height_box)
        size_row.addStretch(1)
        set_row = QHBoxLayout()
        set_row.addWidget(self.strips_edit, 1)
        set_row.addWidget(self.suggest_button)
        form = QFormLayout()
        form.addRow("Size", size_row)
        set_form = QFormLayout()
        set_form.addRow("Strips", set_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.grid, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.clear_letters)
        buttons.addStretch(1)
        buttons.addWidget(QLabel("Keys type"))
        buttons.addWidget(self.typing_box)
        layout.addLayout(buttons)
        layout.addWidget(help_text)
        layout.addWidget(self.info)
        layout.addLayout(set_form)  # last: the dialog's error sentence shows right under it
        self.changed.connect(self._forget_marks)
        self._update_info()

    # --- the setter's workbench ----------------------------------------------------------
    def load(self, state) -> None:
        """Show ``state``'s grid, letters and strip set as if the setter had entered them
        (strips the player cut are not part of the puzzle); ``changed`` is emitted once."""
        self._forget_marks()  # also when the caller blocks ``changed`` (the dialog's text tab does)
        self.grid.colours = [list(row) for row in state.colours]
        self.grid.letters = [list(row) for row in (state.letters or [NO_LETTER * state.cols] * state.rows)]
        self.grid.cursor = (min(self.grid.cursor[0], state.cols - 1), min(self.grid.cursor[1], state.rows - 1))
        default = state.strips == SEED and state.cell_count == SEED_CELLS
        widgets = (self.width_box, self.height_box, self.strips_edit)
        for widget in widgets:
            widget.blockSignals(True)
        self.width_box.setValue(state.cols)
        self.height_box.setValue(state.rows)
        self.strips_edit.setText("" if default else format_set(state.strips))
        for widget in widgets:
            widget.blockSignals(False)
        self.grid.update()
        self._edited()

    def mark_cells(self, cells, style) -> None:
        """Shade cells (x, y) in one of gui.editor_marks.STYLES; ``((), None)`` clears all."""
        self.grid.marks.mark(cells, style)
        self.grid.update()

    def show_solution(self, state) -> None:
        """Outline the strips of ``state`` (a decomposition of this grid), muted; None
        stops.  A state of another size is not drawn."""
        fits = state is not None and (state.cols, state.rows) == (self.grid.cols, self.grid.rows)
        self.grid.solution = tuple(state.pieces) if fits else None
        self.grid.update()

    def _forget_marks(self) -> None:
        self.grid.marks.clear()
        self.grid.solution = None
        self.grid.update()

    def _typing_changed(self, _index=None) -> None:
        self.grid.typing = self.typing_box.currentData()

    # --- edits ---------------------------------------------------------------------------
    def _resized(self):
        self.grid.resize_grid(self.width_box.value(), self.height_box.value())
        self._edited()

    def _edited(self, *args):
        self._update_info()
        self.changed.emit()

    def _clear_letters(self):
        self.grid.letters = [[NO_LETTER] * self.grid.cols for _ in range(self.grid.rows)]
        self.grid.update()
        self._edited()

    def suggest(self):
        """Fill in the family's strip set for the current size."""
        strips = suggest(self.grid.cols, self.grid.rows)
        if strips is not None:
            self.strips_edit.setText("" if strips == SEED and self.grid.cols * self.grid.rows == SEED_CELLS else format_set(strips))

    def _strips(self):
        text = self.strips_edit.text().strip()
        if not text:
            return codec.default_strips(self.grid.cols, self.grid.rows)
        return codec.check_strips(text, self.grid.cols, self.grid.rows)

    def _update_info(self):
        cells = self.grid.cols * self.grid.rows
        black = sum(row.count("b") for row in self.grid.colours)
        line = f"{cells} cells: {black} black, {cells - black} white."
        try:
            strips = self._strips()
        except PuzzleError:  # puzzle() raises it; the dialog shows it under the field
            self.info.setText(line)
            return
        reach = "exactly" if strips.exact else "up to"
        line += f" The strips cover {reach} {strips.cells} cells ({strips.black} black, {strips.white} white)."
        self.info.setText(line)  # a misfit is raised by puzzle(), for the dialog to show

    # --- result --------------------------------------------------------------------------
    def puzzle(self):
        colours = tuple("".join(row) for row in self.grid.colours)
        letters = tuple("".join(row) for row in self.grid.letters)
        return codec.build(colours, self._strips(), letters)
