"""The demo kind's board: a row of round lamps."""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.board import BoardWidget


class Board(BoardWidget):
    def grid_size(self):
        return (len(self.state.lamps) if self.state else 5, 1)

    def geometry_(self):
        cols, rows = self.grid_size()
        return GridGeometry.fit(cols, rows, self.width(), self.height(), self.margins)

    def paint_board(self, painter):
        g = self.geometry_()
        wrong = {c for v in self.violations for c in v.cells}
        for i, on in enumerate(self.state.lamps):
            x, y, w, h = g.cell_rect(i, 0)
            painter.setBrush(QColor(theme.HIGHLIGHT if on else theme.PAPER))
            painter.setPen(QColor(theme.ERROR if (i, 0) in wrong else theme.INK))
            painter.drawEllipse(QRectF(x + 4, y + 4, w - 8, h - 8))
        self.paint_flourish(painter, QRectF(g.x0, g.y0, g.width, g.height))

    def mousePressEvent(self, event):
        if not self.interactive or event.button() != Qt.LeftButton:
            return
        cell = self.geometry_().cell_at(event.position().x(), event.position().y())
        if cell is not None:
            self.moveRequested.emit(("toggle", cell[0]))
