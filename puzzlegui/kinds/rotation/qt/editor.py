"""The rotation editor: choose the board and options, then drag tiles onto each other to
swap them, type numbers, turn arrows, or paste a game ID.  Positions that cannot reach
the goal are refused with the reason (``puzzle()`` raises it for the dialog to show).

The game ID field loads as you type; while it holds an ID the kind cannot read, the
board keeps the last good position and ``puzzle()`` raises the reason, so the dialog
never plays the old board in place of what was typed.

A position goes in from paper at one go: click the first tile and type the numbers in
reading order ("5 8 7 2 1 6 9 4 3", or "587216943" where no number has two digits); each
number takes its place and the selection moves on, to the next row at the end of a row.

For the setter's workbench (gui/kinds.py, qtkit/editor_marks.py): ``load(state)``,
``mark_cells(cells, style)`` shades tiles at (x, y) (the analysis may mark tiles out of
place), and ``show_solution(state)`` shows the solved order: on each tile that is not
where the solution has it, the number the solution puts there, small and muted.  A
rotation puzzle has no givens; "redundant" and "suggest" draw as on the other boards."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core import validate
from puzzlegui.core.geometry import GridGeometry
from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.widgets import ElidedLabel
from puzzlegui.qtkit.editor_marks import Marks, next_cell, paint_marks, solution_colour

from ..codec import format_game_id
from ..generator import scrambled
from ..model import MAX_SIZE, MIN_SIZE, Config, RotationState, make_state
from .widget import paint_tile, tile_fill


class TileGrid(QWidget):
    """The editable board: drag a tile onto another to swap them; click to select, type a
    number to put it there; R or right click turns an arrow a quarter clockwise."""

    edited = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.config = Config(3, 3, 2)
        self.tiles = list(self.config.goal_values())
        self.orient = [0] * self.config.cells
        self.selected = (0, 0)
        self._drag_from = None
        self._typed = ""
        self.marks = Marks()
        self.solution = None  # the tiles of a solution, to show the solved order, or None
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMinimumSize(180, 180)
        self.setSizePolicy(QSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding))

    def sizeHint(self) -> QSize:
        return QSize(self.config.w * 52 + 20, self.config.h * 52 + 20)

    def geometry_now(self) -> GridGeometry:
        return GridGeometry.fit(self.config.w, self.config.h, self.width(), self.height(), (0.15, 0.15, 0.15, 0.15))

    def cell_centre(self, x: int, y: int) -> QPointF:
        cx, cy = self.geometry_now().cell_center(x, y)
        return QPointF(cx, cy)

    def set_position(self, config: Config, tiles, orient) -> None:
        self.config = config
        self.tiles = list(tiles)
        self.orient = list(orient)
        sx, sy = self.selected
        self.selected = (min(sx, config.w - 1), min(sy, config.h - 1))
        self.updateGeometry()
        self.update()

    def _index(self, cell) -> int:
        return cell[1] * self.config.w + cell[0]

    def swap(self, a, b) -> None:
        i, j = self._index(a), self._index(b)
        self.tiles[i], self.tiles[j] = self.tiles[j], self.tiles[i]
        self.orient[i], self.orient[j] = self.orient[j], self.orient[i]
        self.update()
        self.edited.emit()

    def put(self, cell, value: int) -> None:
        """Put ``value`` at ``cell``; with distinct tiles it trades places with the cell
        holding it, so the board always holds each number once."""
        i = self._index(cell)
        if not self.config.rows_only and value in self.tiles:
            j = self.tiles.index(value)
            self.tiles[i], self.tiles[j] = self.tiles[j], self.tiles[i]
            self.orient[i], self.orient[j] = self.orient[j], self.orient[i]
        else:
            self.tiles[i] = value
        self.update()
        self.edited.emit()

    def turn_arrow(self, cell) -> None:
        if not self.config.oriented:
            return
        i = self._index(cell)
        self.orient[i] = (self.orient[i] + 1) & 3
        self.update()
        self.edited.emit()

    # --- painting -------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), self.palette().color(QPalette.Window))
        geo = self.geometry_now()
        painter.setPen(QPen(QColor(theme.GRID), theme.line(1.5)))
        painter.setBrush(QColor(theme.PAPER))
        painter.drawRoundedRect(QRectF(geo.x0, geo.y0, geo.width, geo.height).adjusted(-4, -4, 4, 4), 6, 6)
        goal = self.config.goal_values()
        for y in range(self.config.h):
            for x in range(self.config.w):
                i = y * self.config.w + x
                home = self.tiles[i] == goal[i] and self.orient[i] == 0
                paint_tile(
                    painter,
                    self.cell_centre(x, y),
                    geo.cell,
                    self.tiles[i],
                    tile_fill(self.config, self.tiles[i], home),
                    90.0 * self.orient[i],
                    arrow=self.config.oriented,
                )
        if self.solution is not None and len(self.solution) == self.config.cells:
            self._paint_solution(painter, geo)
        paint_marks(painter, self.marks, lambda cell: self._rect_of(geo, cell))
        if self.hasFocus():
            painter.setPen(QPen(QColor(theme.PLAYER), theme.line(3)))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(*geo.cell_rect(*self.selected)).adjusted(2, 2, -2, -2))
        if self._drag_from is not None:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(3)))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(*geo.cell_rect(*self._drag_from)).adjusted(2, 2, -2, -2))
        painter.end()

    def _rect_of(self, geo, cell):
        x, y = cell
        return QRectF(*geo.cell_rect(x, y)) if 0 <= x < self.config.w and 0 <= y < self.config.h else None

    def _paint_solution(self, painter, geo) -> None:
        """On each tile the solution has elsewhere, the number it puts here, muted, in the
        tile's lower right corner."""
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(6, int(geo.cell * 0.24)))
        painter.setFont(font)
        for i, value in enumerate(self.solution):
            if value == self.tiles[i]:
                continue
            rect = QRectF(*geo.cell_rect(i % self.config.w, i // self.config.w))
            chip = QRectF(rect.right() - geo.cell * 0.42, rect.bottom() - geo.cell * 0.34, geo.cell * 0.36, geo.cell * 0.28)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(theme.PAPER))
            painter.drawRoundedRect(chip, geo.cell * 0.06, geo.cell * 0.06)
            painter.setPen(solution_colour(255))
            painter.drawText(chip, Qt.AlignCenter, str(value))

    # --- input ----------------------------------------------------------------------------------
    def _cell(self, event):
        pos = event.position()
        return self.geometry_now().cell_at(pos.x(), pos.y())

    def mousePressEvent(self, event) -> None:
        cell = self._cell(event)
        if cell is None:
            return
        self.setFocus()
        self._commit_typed()
        self.selected = cell
        if event.button() == Qt.RightButton:
            self.turn_arrow(cell)
            return
        self._drag_from = cell
        self.update()

    def mouseReleaseEvent(self, event) -> None:
        start, self._drag_from = self._drag_from, None
        cell = self._cell(event)
        if start is not None and cell is not None and cell != start:
            self.selected = cell
            self.swap(start, cell)
        self.update()

    def contextMenuEvent(self, event) -> None:
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        text = event.text()
        if validate.is_digits(text):  # not str.isdigit: a superscript-two key would reach int()
            top = max(self.config.goal_values())
            if self._typed and int(self._typed + text) > top:  # it cannot follow: a number of its own
                self._commit_typed(step=True)
            self._typed += text
            if int(self._typed) * 10 > top:
                self._commit_typed(step=True)
            return
        if key in (Qt.Key_Space, Qt.Key_Return, Qt.Key_Enter) or text == ",":  # between numbers
            self._commit_typed(step=True)
            return
        self._commit_typed()
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if key in steps:
            dx, dy = steps[key]
            x, y = self.selected
            self.selected = (min(max(x + dx, 0), self.config.w - 1), min(max(y + dy, 0), self.config.h - 1))
            self.update()
            return
        if key == Qt.Key_R:
            self.turn_arrow(self.selected)
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        self._commit_typed()
        self.update()
        super().focusOutEvent(event)

    def _commit_typed(self, step: bool = False) -> None:
        """Put the number typed so far; with ``step`` (it was typed in a row) the
        selection moves on to the next tile."""
        if not self._typed:
            return
        value = int(self._typed)
        self._typed = ""
        cell = self.selected
        if step:
            self.selected = next_cell(cell, self.config.w, self.config.h)
        if value >= 1:
            self.put(cell, value)


class Editor(QWidget):
    changed = Signal()

    def __init__(self, kind, state: RotationState | None = None, parent=None):
        super().__init__(parent)
        self.kind = kind
        self._updating = False
        self._id_error = None
        form = QFormLayout()
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        self.block_box = QSpinBox()
        for box in (self.width_box, self.height_box):
            box.setRange(MIN_SIZE, MAX_SIZE)
        self.block_box.setRange(2, MAX_SIZE)
        self.width_box.setAccessibleName("Width")
        self.height_box.setAccessibleName("Height")
        self.block_box.setAccessibleName("Block size")
        size_row = QHBoxLayout()
        size_row.addWidget(self.width_box)
        size_row.addWidget(self.height_box)
        form.addRow("Width x height", size_row)
        form.addRow("Block size", self.block_box)
        self.directions_box = QComboBox()
        self.directions_box.addItem("Both ways (left click anticlockwise)", "both")
        self.directions_box.addItem("Clockwise only", "cw")
        form.addRow("Buttons turn", self.directions_box)
        self.orient_box = QCheckBox("Orientation matters (arrows must end up)")
        self.rows_box = QCheckBox("Rows only (each row holds one number)")
        form.addRow(self.orient_box)
        form.addRow(self.rows_box)
        self.grid = TileGrid()
        self.id_edit = QLineEdit()
        self.id_edit.setPlaceholderText("Game ID, e.g. 3x3n2:5,8,7,2,1,6,9,4,3")
        self.id_edit.setToolTip("Type or paste a Twiddle game ID to load it")
        self.id_edit.setAccessibleName("Game ID")
        buttons = QHBoxLayout()
        self.solved_button = QPushButton("Goal order")
        self.reverse_button = QPushButton("Reverse")
        self.shuffle_button = QPushButton("Shuffle")
        self.away_box = QSpinBox()
        self.away_box.setRange(1, 99)
        self.away_box.setValue(8)
        self.away_box.setSuffix(" moves away")
        self.away_box.setToolTip("How far from the goal the scramble lands, exactly (boards whose positions "
                                 "can all be tabulated)")
        self.away_button = QPushButton("Scramble exactly")
        self.away_button.setToolTip("A position exactly this many moves from the goal, drawn at random")
        # one line, always there: a sentence that appeared (three lines, wrapped) grew the
        # layout under a dialog that could not grow, and pushed the board's last row under
        # the buttons; a sentence longer than the line is cut, the whole of it in its tooltip
        self.away_note = ElidedLabel("")
        for b in (self.solved_button, self.reverse_button, self.shuffle_button, self.away_box, self.away_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.grid, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.away_note)
        layout.addWidget(self.id_edit)
        self.grid.setToolTip(
            "Drag a tile onto another to swap them; click a tile and type a number to put it there; "
            "right click or R turns an arrow."
        )
        if state is None:
            state = kind.goal(Config(3, 3, 2))
        self._load(state.config, state.tiles, state.orient)
        for box in (self.width_box, self.height_box, self.block_box):
            box.valueChanged.connect(self._options_changed)
        self.directions_box.currentIndexChanged.connect(self._options_changed)
        self.orient_box.toggled.connect(self._options_changed)
        self.rows_box.toggled.connect(self._options_changed)
        self.grid.edited.connect(self._grid_edited)
        self.id_edit.textEdited.connect(self._id_edited)
        self.solved_button.clicked.connect(self.reset_to_goal)
        self.reverse_button.clicked.connect(self.reverse)
        self.shuffle_button.clicked.connect(self.shuffle)
        self.away_button.clicked.connect(lambda: self.scramble_exactly(self.away_box.value()))
        self.changed.connect(self._forget_marks)

    # --- state in and out ---------------------------------------------------------------------
    def config(self) -> Config:
        return Config(
            self.width_box.value(),
            self.height_box.value(),
            self.block_box.value(),
            self.directions_box.currentData() == "cw",
            self.orient_box.isChecked(),
            self.rows_box.isChecked(),
        )

    def puzzle(self) -> RotationState:
        """The position being edited, or PuzzleError saying why it cannot be played."""
        if self._id_error:
            raise PuzzleError(self._id_error)
        config = self.config()
        n = config.n
        if n > min(config.w, config.h):
            raise PuzzleError(f"A {n}x{n} block does not fit on a {config.w}x{config.h} board.")
        return make_state(config, self.grid.tiles, self.grid.orient)

    def load(self, state: RotationState) -> None:
        """Show ``state``'s options and tiles as if the setter had entered them (its move
        counter is not part of the puzzle); ``changed`` is emitted once."""
        self._forget_marks()  # also when the caller blocks ``changed`` (the dialog's text tab does)
        self._load(state.config, state.tiles, state.orient)
        self.changed.emit()

    def mark_cells(self, cells, style) -> None:
        """Shade tiles at (x, y) in one of gui.editor_marks.STYLES; ``((), None)`` clears all."""
        self.grid.marks.mark(cells, style)
        self.grid.update()

    def show_solution(self, state) -> None:
        """Show the solved order ``state`` holds (see the module's docstring); None stops.
        A state of another board is not drawn."""
        fits = state is not None and state.config == self.grid.config
        self.grid.solution = tuple(state.tiles) if fits else None
        self.grid.update()

    def _forget_marks(self) -> None:
        self.grid.marks.clear()
        self.grid.solution = None
        self.grid.update()

    def _load(self, config: Config, tiles, orient) -> None:
        self._updating = True
        try:
            self.width_box.setValue(config.w)
            self.height_box.setValue(config.h)
            self.block_box.setValue(config.n)
            self.directions_box.setCurrentIndex(1 if config.cw_only else 0)
            self.orient_box.setChecked(config.oriented)
            self.rows_box.setChecked(config.rows_only)
            self.grid.set_position(config, tiles, orient)
        finally:
            self._updating = False
        self._show_id()

    def _show_id(self) -> None:
        """The game ID field shows the board; the scramble's sentence, about the board
        before, goes (it stayed under a board shuffled since)."""
        self.away_note.setText("")
        config = self.grid.config
        state = RotationState(config, tuple(self.grid.tiles), tuple(self.grid.orient))
        self._id_error = None
        self.id_edit.setText(format_game_id(state))

    # --- edits -------------------------------------------------------------------------------------
    def _options_changed(self, *_args) -> None:
        if self._updating:
            return
        old = self.grid.config
        config = self.config()
        w, h = config.w, config.h
        same_tiles = (old.w, old.h, old.rows_only) == (config.w, config.h, config.rows_only)
        tiles = self.grid.tiles if same_tiles else list(config.goal_values())
        orient = self.grid.orient if same_tiles and config.oriented else [0] * (w * h)
        self.grid.set_position(config, tiles, orient)
        self._show_id()
        self.changed.emit()

    def _grid_edited(self) -> None:
        self._show_id()
        self.changed.emit()

    def _id_edited(self, text: str) -> None:
        if not text.strip():
            self._id_error = None  # an empty field asks for nothing; the board stands
            self.changed.emit()
            return
        try:
            state = self.kind.parse_game_id(text.strip())
        except PuzzleError as exc:
            # the board keeps the last good position; the dialog shows why and refuses OK
            self._id_error = f"Could not read the game ID: {exc}"
            self.changed.emit()
            return
        self._load(state.config, state.tiles, state.orient)
        self.id_edit.setText(text)
        self.changed.emit()

    def id_error(self) -> str | None:
        return self._id_error

    def reset_to_goal(self) -> None:
        config = self.config()
        self.grid.set_position(config, config.goal_values(), [0] * config.cells)
        self._show_id()
        self.changed.emit()

    def reverse(self) -> None:
        self.grid.set_position(self.grid.config, list(reversed(self.grid.tiles)), list(reversed(self.grid.orient)))
        self._show_id()
        self.changed.emit()

    def scramble_exactly(self, moves: int, seed: int | None = None) -> bool:
        """A position exactly ``moves`` from the goal (the generator's exact distance,
        drawn from the board's distance table); a board too big to tabulate, or a distance
        past its farthest position, is said under the buttons and changes nothing."""
        from ..generator import generate

        config = self.config()
        params = {"width": config.w, "height": config.h, "block": config.n,
                  "directions": "cw" if config.cw_only else "both",
                  "orientation": config.oriented, "rows_only": config.rows_only, "distance": moves}
        try:
            state = generate(params, seed)
        except PuzzleError as exc:
            self.away_note.setText(str(exc))
            return False
        self.grid.set_position(config, state.tiles, state.orient)
        self._show_id()
        self.away_note.setText(f"Exactly {moves} moves from the goal.")
        self.changed.emit()
        return True

    def shuffle(self) -> None:
        config = self.config()
        if config.n > min(config.w, config.h):
            return
        state = scrambled(config, config.cells * config.n * config.n * 2, random.Random())
        self.grid.set_position(config, state.tiles, state.orient)
        self._show_id()
        self.changed.emit()
