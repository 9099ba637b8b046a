"""The meta-puzzle dialog: the 25 solved grids give up their 1x1 cells, which fly into
place to build the final grid; it is cut, its black strips light up and their letters
are read out (or the dialog says which letters it still needs)."""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme

from .. import meta
from ..model import make_state
from .paint import BLACK, WHITE, _edges_of, cut_colour

GAP = 0.6  # between small grids, in small-cell units
FINAL_CELL = 3.0  # a final-grid cell, in small-cell units
FLIGHT = 0.62  # the part of the animation in which the cells fly
CUTS = 0.8  # ... after which the final cuts have faded in


def _ease(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


class MetaCanvas(QWidget):
    def __init__(self, result: meta.MetaResult, parent=None):
        super().__init__(parent)
        self.result = result
        self.t = 0.0
        self.setMinimumSize(520, 340)

    def sizeHint(self):
        return QSize(820, 520)

    # --- layout -------------------------------------------------------------------------
    def _layout(self):
        grids = self.result.grids
        n = grids[0].state.cols if grids else 5
        sheet = meta.SHEET * n + (meta.SHEET - 1) * GAP
        final = n * FINAL_CELL
        units_w = sheet + 2.5 + final
        unit = min(self.width() / (units_w + 1), self.height() / (sheet + 3))
        x0 = (self.width() - units_w * unit) / 2
        y0 = (self.height() - sheet * unit) / 2 + unit  # room for the captions above
        fx = x0 + (sheet + 2.5) * unit
        fy = y0 + (sheet - final) * unit / 2
        return n, unit, x0, y0, fx, fy

    def small_rect(self, grid: meta.SolvedGrid, cell) -> QRectF:
        n, unit, x0, y0, _, _ = self._layout()
        sx, sy = grid.sheet_position
        left = x0 + (sx * (n + GAP) + cell[0]) * unit
        top = y0 + (sy * (n + GAP) + cell[1]) * unit
        return QRectF(left, top, unit, unit)

    def final_rect(self, cell) -> QRectF:
        _, unit, _, _, fx, fy = self._layout()
        size = FINAL_CELL * unit
        return QRectF(fx + cell[0] * size, fy + cell[1] * size, size, size)

    def _start(self, k: int) -> float:
        # staggered take-offs, in grid order
        return FLIGHT * 0.7 * k / max(1, len(self.result.grids) - 1)

    def landed(self, k: int) -> bool:
        return self.t >= self._start(k) + FLIGHT * 0.3

    # --- painting -----------------------------------------------------------------------
    def paintEvent(self, event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.fillRect(self.rect(), QColor(theme.PAPER))
        result = self.result
        _, unit, _, _, _, _ = self._layout()
        for k, grid in enumerate(result.grids):
            self._paint_small(painter, k, grid, unit)
        font = QFont(self.font())
        font.setPixelSize(max(9, int(unit * 1.1)))
        painter.setFont(font)
        painter.setPen(QColor(theme.INK))
        if result.grids:
            first = self.small_rect(result.grids[0], (0, 0))
            painter.drawText(QPointF(first.left(), first.top() - unit * 0.6), "The 25 grids, cut; each 1x1 cell framed")
            corner = self.final_rect((0, 0))
            painter.drawText(QPointF(corner.left(), corner.top() - unit * 0.6), "The final grid of their 1x1 cells")
        self._paint_final(painter)
        for k, grid in enumerate(result.grids):
            if grid.single is not None and not self.landed(k) and self.t > self._start(k):
                self._paint_flying(painter, k, grid)
        painter.end()

    def _paint_small(self, painter, k, grid, unit):
        state = grid.state
        for cell in state.cells():
            rect = self.small_rect(grid, cell)
            if cell == grid.single and self.t > self._start(k):
                painter.fillRect(rect, QColor(theme.MUTED))  # the cell has left
            else:
                painter.fillRect(rect, BLACK if state.colour(cell) == "b" else WHITE)
        corner = self.small_rect(grid, (0, 0)).topLeft()
        path = QPainterPath()
        for _, cells in grid.pieces:
            for (ax, ay), (bx, by) in _edges_of(cells):
                path.moveTo(corner + QPointF(ax * unit, ay * unit))
                path.lineTo(corner + QPointF(bx * unit, by * unit))
        painter.setPen(QPen(QColor("#ffffff"), theme.line(max(1.6, unit * 0.2))))
        painter.drawPath(path)
        painter.setPen(QPen(cut_colour(), theme.line(max(1.0, unit * 0.1))))
        painter.drawPath(path)
        if grid.single is not None:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(max(1.5, unit * 0.16))))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(self.small_rect(grid, grid.single))

    def _paint_flying(self, painter, k, grid):
        p = _ease((self.t - self._start(k)) / (FLIGHT * 0.3))
        a = self.small_rect(grid, grid.single)
        b = self.final_rect(grid.single)
        rect = QRectF(
            a.left() + (b.left() - a.left()) * p,
            a.top() + (b.top() - a.top()) * p,
            a.width() + (b.width() - a.width()) * p,
            a.height() + (b.height() - a.height()) * p,
        )
        lift = 4.0 * (1 - abs(2 * p - 1))
        painter.fillRect(rect.translated(lift, lift), QColor(0, 0, 0, 60))
        painter.fillRect(rect, BLACK if grid.colour == "b" else WHITE)
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(2)))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)

    def _paint_final(self, painter):
        result = self.result
        grids = result.grids
        n = grids[0].state.cols if grids else 5
        outline = QRectF(self.final_rect((0, 0)).topLeft(), self.final_rect((n - 1, n - 1)).bottomRight())
        painter.setPen(QPen(QColor(theme.GRID), theme.line(1.5)))
        painter.setBrush(QColor(theme.PANEL))
        painter.drawRect(outline)
        cell_size = outline.width() / n
        font = QFont(self.font())
        font.setPixelSize(max(8, int(cell_size * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        for k, grid in enumerate(grids):
            if grid.single is None or not self.landed(k):
                continue
            rect = self.final_rect(grid.single)
            painter.fillRect(rect, BLACK if grid.colour == "b" else WHITE)
        painter.setPen(QPen(QColor(theme.GRID), theme.line(1)))
        for i in range(1, n):
            painter.drawLine(QPointF(outline.left() + i * cell_size, outline.top()), QPointF(outline.left() + i * cell_size, outline.bottom()))
            painter.drawLine(QPointF(outline.left(), outline.top() + i * cell_size), QPointF(outline.right(), outline.top() + i * cell_size))
        if result.final_pieces and self.t > FLIGHT:
            k = _ease((self.t - FLIGHT) / (CUTS - FLIGHT))
            path = QPainterPath()
            for _, cells in result.final_pieces:
                for (ax, ay), (bx, by) in _edges_of(cells):
                    path.moveTo(outline.left() + ax * cell_size, outline.top() + ay * cell_size)
                    path.lineTo(outline.left() + bx * cell_size, outline.top() + by * cell_size)
            halo = QColor("#ffffff")
            halo.setAlphaF(k)
            line = cut_colour()
            line.setAlphaF(k)
            painter.setPen(QPen(halo, theme.line(cell_size * 0.14)))
            painter.drawPath(path)
            painter.setPen(QPen(line, theme.line(cell_size * 0.07)))
            painter.drawPath(path)
        if self.t > CUTS:
            glow = _ease((self.t - CUTS) / (1.0 - CUTS))
            colour = QColor(theme.HIGHLIGHT)
            colour.setAlphaF(glow)
            for _, cells in result.black_strips:
                path = QPainterPath()
                for (ax, ay), (bx, by) in _edges_of(cells):
                    path.moveTo(outline.left() + ax * cell_size, outline.top() + ay * cell_size)
                    path.lineTo(outline.left() + bx * cell_size, outline.top() + by * cell_size)
                painter.setPen(QPen(colour, theme.line(cell_size * 0.12), Qt.SolidLine, Qt.RoundCap))
                painter.drawPath(path)
        # letters ride in with their cells
        for k, grid in enumerate(grids):
            if grid.single is None or not self.landed(k):
                continue
            letter = result.letters.get(grid.single, "")
            if letter:
                answer = grid.single in self.result.answer_cells and self.t > CUTS
                painter.setPen(QColor(theme.HIGHLIGHT) if answer else (WHITE if grid.colour == "b" else BLACK))
                painter.drawText(self.final_rect(grid.single), Qt.AlignCenter, letter)


class MetaDialog(QDialog):
    """Opened from the Strips side panel for any of the seed set's grids."""

    def __init__(self, current=None, parent=None, duration_ms: int = 4200):
        super().__init__(parent)
        self.setWindowTitle("Black and White: the meta-puzzle")
        grids, final = meta.load_set()
        grids, final = _with_letters_of(current, grids, final)
        self.result = meta.solve_meta(grids, final)
        self.canvas = MetaCanvas(self.result)
        self.caption = QLabel("Solving the 25 grids and taking each one's 1x1 cell…")
        self.caption.setTextFormat(Qt.PlainText)  # it quotes the letters typed into the grids
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.replay = QPushButton("Replay")
        self.replay.clicked.connect(self.start)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.addButton(self.replay, QDialogButtonBox.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(self.caption)
        layout.addWidget(buttons)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(max(1, duration_ms))
        self.animation.setEasingCurve(QEasingCurve.Linear)
        self.animation.valueChanged.connect(self._on_value)
        self.animation.finished.connect(self._on_finished)
        self.highlighted: tuple = ()  # the final grid's black strips, once lit

    def start(self) -> None:
        self.highlighted = ()
        self.canvas.t = 0.0
        self.caption.setText("The 25 grids each have one 1x1 strip; their cells fly to where they sit…")
        self.animation.stop()
        self.animation.start()

    def is_animating(self) -> bool:
        return self.animation.state() == QVariantAnimation.Running

    def built(self) -> dict:
        """Final-grid cells filled so far: cell -> colour."""
        return {g.single: g.colour for k, g in enumerate(self.result.grids) if g.single and self.canvas.landed(k)}

    def _on_value(self, value) -> None:
        self.canvas.t = float(value)
        if self.canvas.t > CUTS and not self.highlighted:
            self.highlighted = self.result.black_strips
        self.canvas.update()

    def _on_finished(self) -> None:
        self.canvas.t = 1.0
        self.highlighted = self.result.black_strips
        lines = [self.result.summary()]
        if self.result.message:
            lines.insert(0, f"The 1x1 cells' letters, grid by grid: {self.result.message}.")
        self.caption.setText(" ".join(lines))
        self.canvas.update()

    def done(self, code) -> None:
        self.animation.stop()
        super().done(code)

    def closeEvent(self, event) -> None:
        self.animation.stop()
        super().closeEvent(event)


def _with_letters_of(current, grids, final):
    """Use letters typed into the board's puzzle for the seed grid it shows."""
    if current is None or not getattr(current, "letters", ()):
        return grids, final
    try:
        if current.colours == final.colours:
            return grids, make_state(final.colours, final.strips, current.letters)
        out = [make_state(g.colours, g.strips, current.letters) if g.colours == current.colours else g for g in grids]
        return out, final
    except PuzzleError:
        return grids, final
