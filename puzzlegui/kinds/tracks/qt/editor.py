"""The Tracks board editor: size, split, counts, A and B, given pieces and the symbol layer.

Edits go to a plain draft; ``puzzle()`` turns the draft into a state through the kind's
own decoder, so the editor and the file format share one set of checks and one set of
error sentences.

Counts go in from paper at one go: type them in a row ("3 4 ? 2", or "342" where no count
takes two digits) and the selection moves on through the columns, then the rows; a digit
that cannot follow the one before starts the next count, ? leaves a count blank.

For the setter's workbench (gui/kinds.py, qtkit/editor_marks.py): ``load(state)``,
``mark_cells(cells, style)`` and ``show_solution(state)`` (the track a solution lays,
muted).  Marked cells are (x, y) in the grid, or a count in the kind's own clue positions
(model.Puzzle.lines, as check() names a broken count): (x, -1) column x, (W, y) row y
(its right part when the rows are split), (-1, y) the left part of split row y; and
("col", x) / ("row", y) as a plain alias for a column's or a whole row's counts.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.editor_marks import Marks, next_cell, paint_marks, solution_colour

from ..codec import encode
from ..model import BIT, DELTA, MAX_SIZE, MIN_SIZE, Puzzle
from .widget import (
    centre,
    clue_at,
    clue_centre,
    margins_for,
    paint_badges,
    paint_counts,
    paint_grid,
    paint_stubs,
    paint_symbols,
    track_pen,
)

TOOLS = ("counts", "start", "finish", "pieces", "symbols")
TOOL_LABELS = {
    "counts": "Counts",
    "start": "A (start)",
    "finish": "B (finish)",
    "pieces": "Given pieces",
    "symbols": "Symbols",
}
TOOL_HELP = {
    "counts": "Click a count and type the counts in a row (? for a blank one); Backspace deletes a digit, Delete blanks it.",
    "start": "Click a cell to put A there; click A again to attach it to an outer edge (or detach it).",
    "finish": "Click a cell to put B there; click B again to attach it to an outer edge (or detach it).",
    "pieces": "Click a cell to cycle its given piece (─ │ ┘ ┐ └ ┌ none); right-click cycles back.",
    "symbols": "Click a cell and type a symbol for the hidden layer; Backspace clears it; arrows move.",
}
PIECES = (0, BIT["L"] | BIT["R"], BIT["U"] | BIT["D"], BIT["L"] | BIT["U"], BIT["L"] | BIT["D"],
          BIT["R"] | BIT["U"], BIT["R"] | BIT["D"])


class Draft:
    """The puzzle being edited, as plain mutable fields."""

    def __init__(self, puzzle: Puzzle | None = None):
        if puzzle is None:
            self.w = self.h = 8
            self.split = None
            self.columns = [None] * 8
            self.rows = [None] * 8
            self.rows_right = [None] * 8
            self.start, self.start_edge = (0, 7), None
            self.finish, self.finish_edge = (7, 0), None
            self.fixed = {}
            self.symbols = None
            return
        p = puzzle
        self.w, self.h, self.split = p.width, p.height, p.split
        self.columns = list(p.columns)
        self.rows = list(p.rows)
        self.rows_right = list(p.rows_right) if p.rows_right is not None else [None] * p.height
        self.start, self.start_edge = p.start, p.start_edge
        self.finish, self.finish_edge = p.finish, p.finish_edge
        self.fixed = dict(p.fixed)
        self.symbols = [list(r) for r in p.symbols] if p.symbols is not None else None

    def resize(self, w: int, h: int) -> None:
        def fit(lst, n):
            return (lst + [None] * n)[:n]

        self.columns = fit(self.columns, w)
        self.rows = fit(self.rows, h)
        self.rows_right = fit(self.rows_right, h)
        self.w, self.h = w, h
        clamp = lambda c: (min(c[0], w - 1), min(c[1], h - 1))
        self.start, self.finish = clamp(self.start), clamp(self.finish)
        for attr in ("start", "finish"):
            edge = getattr(self, attr + "_edge")
            c = getattr(self, attr)
            if edge is not None and not self._on_edge(c, edge):
                setattr(self, attr + "_edge", None)
        self.fixed = {c: m for c, m in self.fixed.items() if c[0] < w and c[1] < h}
        if self.split is not None and self.split > w - 1:
            self.split = w - 1
        if self.symbols is not None:
            self.symbols = [((row + [""] * w)[:w]) for row in (self.symbols + [[""] * w] * h)[:h]]

    def _on_edge(self, c, edge) -> bool:
        dx, dy = DELTA[edge]
        return not (0 <= c[0] + dx < self.w and 0 <= c[1] + dy < self.h)

    def edges_of(self, c):
        """The outer edges cell c touches, in a fixed order."""
        return [e for e in (BIT["L"], BIT["U"], BIT["R"], BIT["D"]) if self._on_edge(c, e)]

    def data(self) -> dict:
        """The JSON "puzzle" section for the kind's decoder (which validates it)."""
        return encode(self.view())

    def view(self) -> Puzzle:
        """An unchecked Puzzle for drawing (the draft may be invalid while editing)."""
        return Puzzle(
            width=self.w,
            height=self.h,
            columns=tuple(self.columns),
            rows=tuple(self.rows),
            start=self.start,
            finish=self.finish,
            split=self.split,
            rows_right=tuple(self.rows_right) if self.split is not None else None,
            start_edge=self.start_edge,
            finish_edge=self.finish_edge,
            fixed=tuple(sorted(self.fixed.items())),
            symbols=tuple(tuple(r) for r in self.symbols) if self.symbols is not None else None,
        )


class Canvas(QWidget):
    """Draws the draft and takes clicks and typing for the current tool."""

    def __init__(self, editor):
        super().__init__(editor)
        self.editor = editor
        self.selected_clue = None
        self.selected_cell = None
        self._typing = False  # digits went into the selected count: more may follow
        self.marks = Marks()
        self.solution = None  # the track edges of a solution to draw faintly, or None
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMinimumSize(240, 200)
        self.setSizePolicy(QSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding))

    def sizeHint(self):
        d = self.editor.draft
        left, top, right, bottom = margins_for(d.view())
        return QSize(int((d.w + left + right) * 36), int((d.h + top + bottom) * 36))

    def geometry_(self) -> GridGeometry:
        d = self.editor.draft
        return GridGeometry.fit(d.w, d.h, self.width(), self.height(), margins_for(d.view()))

    def paintEvent(self, event):
        d = self.editor.draft
        p = d.view()
        geo = self.geometry_()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), self.palette().color(QPalette.Window))
        fills = {}
        if self.editor.tool == "symbols" and self.selected_cell is not None:
            fills[self.selected_cell] = theme.HIGHLIGHT_FILL
        paint_grid(painter, p, geo, fills)
        if p.symbols is not None:
            paint_symbols(painter, p, geo, alpha=0.9)
        paint_stubs(painter, p, geo)
        # given pieces: half-edges from the cell centre towards each side it joins
        painter.setPen(track_pen(geo, theme.GIVEN))  # at the user's line width, as on the board
        for c, mask in p.fixed:
            pt = centre(geo, c)
            for bit, (dx, dy) in DELTA.items():
                if mask & bit:
                    painter.drawLine(pt, QPointF(pt.x() + dx * geo.cell / 2, pt.y() + dy * geo.cell / 2))
        paint_badges(painter, p, geo)
        sel = self.selected_clue if self.editor.tool == "counts" else None
        paint_counts(painter, p, geo, None, selected=sel, show_blank=True)
        if self.solution is not None:
            pen = track_pen(geo, solution_colour())
            pen.setWidthF(theme.line(max(2.0, geo.cell * 0.12)))
            painter.setPen(pen)
            fixed = p.fixed_edges
            for a, b in sorted(self.solution):
                if (a, b) not in fixed and p.in_grid(a) and p.in_grid(b):
                    painter.drawLine(centre(geo, a), centre(geo, b))
        clues = {clue for _cells, _count, clue, _name in p.lines}

        def rect_of(cell):
            if p.in_grid(cell):
                return QRectF(*geo.cell_rect(*cell))
            if cell in clues:
                pt = clue_centre(p, geo, cell)
                return QRectF(pt.x() - geo.cell / 2, pt.y() - geo.cell / 2, geo.cell, geo.cell)
            return None

        paint_marks(painter, self.marks, rect_of)
        if self.hasFocus() and self.editor.tool == "symbols" and self.selected_cell is not None:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(2)))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(*geo.cell_rect(*self.selected_cell)))
        painter.end()

    # --- input -------------------------------------------------------------------------------
    def mousePressEvent(self, event):
        ed = self.editor
        d = ed.draft
        geo = self.geometry_()
        pos = event.position()
        cell = geo.cell_at(pos.x(), pos.y())
        tool = ed.tool
        back = event.button() == Qt.RightButton
        if tool == "counts":
            clue = clue_at(d.view(), geo, pos.x(), pos.y())
            self.selected_clue = clue
            self._typing = False
            self.update()
            return
        if cell is None:
            return
        if tool in ("start", "finish"):
            cur = getattr(d, tool)
            if cur == cell:
                options = [None] + d.edges_of(cell)
                now = getattr(d, tool + "_edge")
                k = options.index(now) if now in options else 0
                setattr(d, tool + "_edge", options[(k + (-1 if back else 1)) % len(options)])
            else:
                setattr(d, tool, cell)
                setattr(d, tool + "_edge", None)
            ed.edited()
        elif tool == "pieces":
            now = d.fixed.get(cell, 0)
            k = PIECES.index(now) if now in PIECES else 0
            new = PIECES[(k + (-1 if back else 1)) % len(PIECES)]
            if new:
                d.fixed[cell] = new
            else:
                d.fixed.pop(cell, None)
            ed.edited()
        elif tool == "symbols":
            self.selected_cell = cell
            self.update()

    def keyPressEvent(self, event):
        ed = self.editor
        d = ed.draft
        key = event.key()
        text = event.text()
        if ed.tool == "counts" and self.selected_clue is not None:
            lst, idx, limit = self._count_slot(self.selected_clue)
            cur = lst[idx]
            if text.isdigit() and text.isascii():
                digits = (str(cur) if self._typing and cur is not None else "") + text
                if int(digits) > limit and self._typing:  # it cannot follow: it starts the next count
                    self._next_clue()
                    lst, idx, limit = self._count_slot(self.selected_clue)
                    digits = text
                lst[idx] = int(digits)
                self._typing = True
                if int(digits) > limit:  # too big: it stays selected, for the sentence and a fix
                    self._typing = False
                elif int(digits) * 10 > limit:  # no digit can follow: on to the next count
                    self._next_clue()
            elif key == Qt.Key_Backspace:
                s = "" if cur is None else str(cur)[:-1]
                lst[idx] = int(s) if s else None
            elif key == Qt.Key_Delete:
                lst[idx] = None
            elif text == "?":  # a blank count typed from paper: on to the next
                lst[idx] = None
                self._next_clue()
            elif key == Qt.Key_Space or text == ",":  # between counts: ends one still taking digits
                if self._typing:
                    self._next_clue()
                self.update()
                return
            else:
                super().keyPressEvent(event)
                return
            ed.edited()
            return
        if ed.tool == "symbols" and self.selected_cell is not None:
            x, y = self.selected_cell
            arrows = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
            if key in arrows:
                dx, dy = arrows[key]
                self.selected_cell = (min(max(x + dx, 0), d.w - 1), min(max(y + dy, 0), d.h - 1))
                self.update()
                return
            if key in (Qt.Key_Backspace, Qt.Key_Delete):
                if d.symbols is not None:
                    d.symbols[y][x] = ""
                    ed.edited()
                return
            if text and text.isprintable() and not text.isspace():
                if d.symbols is None:
                    ed.symbols_box.setChecked(True)
                d.symbols[y][x] = text
                self.selected_cell = next_cell((x, y), d.w, d.h)
                ed.edited()
                return
        super().keyPressEvent(event)

    def _count_slot(self, clue):
        """(the list that holds the count at clue position ``clue``, its index, its largest value)."""
        d = self.editor.draft
        x, y = clue
        if y == -1:
            return d.columns, x, d.h
        if x == -1:
            return d.rows, y, d.split if d.split is not None else d.w
        if d.split is not None:
            return d.rows_right, y, d.w - d.split
        return d.rows, y, d.w

    def _next_clue(self) -> None:
        """Select the count after the selected one: the columns left to right, then the
        rows top to bottom (a split row's left part before its right), then round again."""
        order = [clue for _cells, _count, clue, _name in self.editor.draft.view().lines]
        k = order.index(self.selected_clue) if self.selected_clue in order else -1
        self.selected_clue = order[(k + 1) % len(order)]
        self._typing = False


class Editor(QWidget):
    changed = Signal()

    def __init__(self, kind, state=None, parent=None):
        super().__init__(parent)
        self.kind = kind
        self.draft = Draft(state.puzzle if state is not None else None)
        self.tool = "counts"
        layout = QVBoxLayout(self)
        size_row = QHBoxLayout()
        size_row.addWidget(QLabel("Width"))
        self.width_box = QSpinBox()
        self.width_box.setRange(MIN_SIZE, MAX_SIZE)
        self.width_box.setValue(self.draft.w)
        size_row.addWidget(self.width_box)
        size_row.addWidget(QLabel("Height"))
        self.height_box = QSpinBox()
        self.height_box.setRange(MIN_SIZE, MAX_SIZE)
        self.height_box.setValue(self.draft.h)
        size_row.addWidget(self.height_box)
        self.split_box = QCheckBox("Split rows; right part from column")
        self.split_box.setChecked(self.draft.split is not None)
        size_row.addWidget(self.split_box)
        self.split_col = QSpinBox()
        self.split_col.setRange(1, self.draft.w - 1)
        self.split_col.setValue(self.draft.split if self.draft.split is not None else self.draft.w // 2)
        self.split_col.setEnabled(self.draft.split is not None)
        self.split_col.setToolTip("The first column (counting from 0) of the right part of every row")
        self.width_box.setAccessibleName("Width")
        self.height_box.setAccessibleName("Height")
        self.split_col.setAccessibleName("The split column")
        size_row.addWidget(self.split_col)
        self.symbols_box = QCheckBox("Symbol layer")
        self.symbols_box.setChecked(self.draft.symbols is not None)
        size_row.addWidget(self.symbols_box)
        size_row.addStretch(1)
        layout.addLayout(size_row)
        tool_row = QHBoxLayout()
        self.tool_group = QButtonGroup(self)
        self.tool_buttons = {}
        for name in TOOLS:
            b = QRadioButton(TOOL_LABELS[name])
            b.setChecked(name == self.tool)
            self.tool_group.addButton(b)
            self.tool_buttons[name] = b
            b.toggled.connect(lambda on, name=name: on and self.set_tool(name))
            tool_row.addWidget(b)
        tool_row.addStretch(1)
        layout.addLayout(tool_row)
        self.help = QLabel(TOOL_HELP[self.tool])
        self.help.setWordWrap(True)
        layout.addWidget(self.help)
        self.canvas = Canvas(self)
        layout.addWidget(self.canvas, 1)
        self.width_box.valueChanged.connect(self._resize)
        self.height_box.valueChanged.connect(self._resize)
        self.split_box.toggled.connect(self._split_changed)
        self.split_col.valueChanged.connect(self._split_changed)
        self.symbols_box.toggled.connect(self._symbols_changed)
        self.changed.connect(self._forget_marks)

    def load(self, state) -> None:
        """Show ``state``'s puzzle as if the setter had entered it: size, split, counts,
        A and B, given pieces and symbols; ``changed`` is emitted once."""
        self._forget_marks()  # also when the caller blocks ``changed`` (the dialog's text tab does)
        self.draft = Draft(state.puzzle)
        d = self.draft
        boxes = (self.width_box, self.height_box, self.split_box, self.split_col, self.symbols_box)
        for box in boxes:
            box.blockSignals(True)
        self.width_box.setValue(d.w)
        self.height_box.setValue(d.h)
        self.split_box.setChecked(d.split is not None)
        self.split_col.setRange(1, d.w - 1)
        self.split_col.setValue(d.split if d.split is not None else d.w // 2)
        self.split_col.setEnabled(d.split is not None)
        self.symbols_box.setChecked(d.symbols is not None)
        for box in boxes:
            box.blockSignals(False)
        self.canvas.selected_clue = self.canvas.selected_cell = None
        self.canvas.updateGeometry()
        self.edited()

    def mark_cells(self, cells, style) -> None:
        """Shade cells or counts (see the module's docstring) in one of
        gui.editor_marks.STYLES; ``((), None)`` clears all."""
        d = self.draft
        keys = []
        for cell in cells:
            if cell[0] == "col":
                keys.append((cell[1], -1))
            elif cell[0] == "row":
                keys.append((d.w, cell[1]))
                if d.split is not None:
                    keys.append((-1, cell[1]))
            else:
                keys.append(tuple(cell))
        self.canvas.marks.mark(keys, style)
        self.canvas.update()

    def show_solution(self, state) -> None:
        """Draw the track ``state`` (a solution of this board) lays, muted, over the
        board; None stops.  A state of another size is not drawn."""
        fits = state is not None and (state.puzzle.width, state.puzzle.height) == (self.draft.w, self.draft.h)
        self.canvas.solution = frozenset(state.edges) if fits else None
        self.canvas.update()

    def _forget_marks(self) -> None:
        self.canvas.marks.clear()
        self.canvas.solution = None
        self.canvas.update()

    def set_tool(self, name: str) -> None:
        self.tool = name
        self.help.setText(TOOL_HELP[name])
        if not self.tool_buttons[name].isChecked():
            self.tool_buttons[name].setChecked(True)
        self.canvas.update()

    def edited(self) -> None:
        self.canvas.update()
        self.changed.emit()

    def _resize(self, *_):
        self.draft.resize(self.width_box.value(), self.height_box.value())
        self.split_col.setRange(1, self.draft.w - 1)
        if self.draft.split is not None:
            self.draft.split = self.split_col.value()
        self.canvas.updateGeometry()
        self.edited()

    def _split_changed(self, *_):
        on = self.split_box.isChecked()
        self.split_col.setEnabled(on)
        self.draft.split = self.split_col.value() if on else None
        if on and len(self.draft.rows_right) != self.draft.h:
            self.draft.rows_right = [None] * self.draft.h
        self.edited()

    def _symbols_changed(self, on):
        d = self.draft
        if on and d.symbols is None:
            d.symbols = [[""] * d.w for _ in range(d.h)]
        elif not on:
            d.symbols = None
        self.edited()

    def puzzle(self):
        """The new initial state; PuzzleError with the sentence to show if invalid."""
        return self.kind.decode(self.draft.data())
