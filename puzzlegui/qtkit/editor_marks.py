"""What every kind's editor shares for the setter's workbench (issue 26): the cells the
analysis points at, in four looks, and where typed entry moves the cursor next.

One place, so the four editors look alike and move alike.  The looks:

``differ``         cells where two solutions differ: a blue hatch (never the mistake red:
                   a second solution is no mistake of the setter's)
``contradiction``  the cells of the first contradiction: the mistake look (tint and outline)
``redundant``      givens that can go: a dotted outline and a small minus
``suggest``        where a proposed given would go: an orange outline and a small plus

Several looks show at once; marking one style replaces only that style's cells.  Marks
describe the board they were found for, so each editor forgets them (and a solution it
shows) on every ``changed``: a stale shading never outlives its board.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from puzzlegui.qtkit import theme

STYLES = ("differ", "contradiction", "redundant", "suggest")


class Marks:
    """The cells marked in each style."""

    def __init__(self):
        self._cells: dict[str, frozenset] = {}

    def mark(self, cells, style: str | None) -> None:
        """Replace ``style``'s cells; ``style`` None clears every style."""
        if style is None:
            self._cells.clear()
            return
        if style not in STYLES:
            raise ValueError(f"There is no mark style {style!r}; the styles are {', '.join(STYLES)}.")
        cells = frozenset(tuple(c) for c in cells)
        if cells:
            self._cells[style] = cells
        else:
            self._cells.pop(style, None)

    def cells(self, style: str) -> frozenset:
        return self._cells.get(style, frozenset())

    def clear(self) -> None:
        self._cells.clear()

    def __bool__(self) -> bool:
        return bool(self._cells)


def paint_marks(painter: QPainter, marks: Marks, rect_of) -> None:
    """Draw every marked cell; ``rect_of(cell)`` is its QRectF on the widget, or None for
    a cell the board does not have (a mark for a board since resized is skipped)."""
    if not marks:
        return
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    for style in STYLES:
        for cell in sorted(marks.cells(style)):
            rect = rect_of(cell)
            if rect is not None and rect.width() > 2:
                _paint_one(painter, style, rect)
    painter.restore()


def _paint_one(painter: QPainter, style: str, rect: QRectF) -> None:
    c = min(rect.width(), rect.height())
    inner = rect.adjusted(c * 0.06, c * 0.06, -c * 0.06, -c * 0.06)
    if style == "differ":
        tint = QColor(theme.PLAYER)
        tint.setAlpha(45)
        painter.fillRect(rect, tint)
        hatch = QColor(theme.PLAYER)
        hatch.setAlpha(150)
        brush = QBrush(hatch, Qt.BDiagPattern)
        brush.setTransform(brush.transform().scale(max(1.0, c / 24), max(1.0, c / 24)))
        painter.fillRect(rect, brush)
        painter.setPen(QPen(QColor(theme.PLAYER), theme.line(max(1.5, c * 0.05))))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(inner)
    elif style == "contradiction":
        fill = QColor(theme.ERROR_FILL)
        fill.setAlpha(160)
        painter.fillRect(rect, fill)
        painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(2.0, c * 0.08))))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(inner)
    elif style == "redundant":
        width = theme.line(max(1.5, c * 0.06))
        painter.setPen(QPen(QColor(theme.CARD), width))  # under the dots: they show on black cells too
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(inner)
        painter.setPen(QPen(QColor(theme.INK), width, Qt.DotLine))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(inner)
        _corner_sign(painter, rect, plus=False, colour=theme.INK)
    else:  # suggest
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(max(2.0, c * 0.08))))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(inner)
        _corner_sign(painter, rect, plus=True, colour=theme.HIGHLIGHT)


def _corner_sign(painter: QPainter, rect: QRectF, plus: bool, colour: str) -> None:
    """A small plus or minus on a card in the cell's top right corner."""
    c = min(rect.width(), rect.height())
    r = c * 0.16
    centre = QPointF(rect.right() - r - c * 0.06, rect.top() + r + c * 0.06)
    painter.setPen(QPen(QColor(colour), theme.line(max(1.0, c * 0.03))))
    painter.setBrush(QColor(theme.CARD))
    painter.drawEllipse(centre, r, r)
    pen = QPen(QColor(colour), theme.line(max(1.5, c * 0.05)))
    pen.setCapStyle(Qt.RoundCap)
    painter.setPen(pen)
    arm = r * 0.6
    painter.drawLine(QPointF(centre.x() - arm, centre.y()), QPointF(centre.x() + arm, centre.y()))
    if plus:
        painter.drawLine(QPointF(centre.x(), centre.y() - arm), QPointF(centre.x(), centre.y() + arm))


def solution_colour(alpha: int = 200) -> QColor:
    """The muted colour a solution is drawn in over the editor's board."""
    colour = QColor(theme.MUTED)
    colour.setAlpha(alpha)
    return colour


def next_cell(cell, cols: int, rows: int):
    """The cell typed entry moves on to: the next in the row, then the start of the next
    row, and from the last cell back to the first."""
    x, y = cell
    x += 1
    if x >= cols:
        x, y = 0, (y + 1) % rows
    return (x, y)


def previous_cell(cell, cols: int, rows: int):
    """The cell before ``cell`` in the same reading order (Backspace steps back to it)."""
    x, y = cell
    x -= 1
    if x < 0:
        x, y = cols - 1, (y - 1) % rows
    return (x, y)
