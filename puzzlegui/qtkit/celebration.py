"""Finishing a puzzle, said in one place: the words (the board's card and the status bar
use the same ones) and the card that stays on the board after the celebration.

The board (qtkit/board.py) runs the celebration itself: a wave of the theme's SUCCESS
colour crosses it and it flashes, then it shows a ``SolvedCard`` with ``finish_lines``
over its visible part until the next click or key.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ..core.games import time_text
from . import theme

CARD_PADDING = 14  # logical pixels around the card's text
CARD_MARGIN = 8  # the least room left between the card and the visible board's edge


def finish_lines(finish) -> tuple[str, str]:
    """The two lines that say a game was finished (core.game.Finish): its time, then the
    best time, or why this finish has none (help was taken)."""
    solved = f"Solved in {time_text(finish.elapsed)}"
    if finish.how == "unaided":
        best = "A new best time" if finish.new_best else f"Best {time_text(finish.best)}"
    elif finish.how == "solver used":
        best = "With the solver's answer: no best time"
    else:
        best = "With help: no best time"
    return solved, best


def finish_text(title: str, finish) -> str:
    """The status bar's line: the card's words, then which puzzle."""
    solved, best = finish_lines(finish)
    return f"{solved} \u00b7 {best} \u00b7 {title}"


class SolvedCard(QWidget):
    """The card over a finished board: a headline and a second line, drawn in the
    board's theme.  It takes no input: the board's clicks and keys dismiss it (see
    BoardWidget.event), so a click meant as a dismissal is never also a move."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.NoFocus)
        self._lines: tuple[str, ...] = ()
        self.hide()

    def set_lines(self, lines) -> None:
        self._lines = tuple(lines)
        self.update()

    def text(self) -> str:
        """The card's words, one line each (for tests and accessibility)."""
        return "\n".join(self._lines)

    def _fonts(self) -> tuple[QFont, QFont]:
        body = QFont(self.font())
        head = QFont(body)
        head.setBold(True)
        size = body.pointSizeF() if body.pointSizeF() > 0 else 10.0
        head.setPointSizeF(size * 1.5)
        return head, body

    def sizeHint(self) -> QSize:
        head, body = self._fonts()
        width = height = 0
        for i, line in enumerate(self._lines):
            metrics = QFontMetrics(head if i == 0 else body)
            width = max(width, metrics.horizontalAdvance(line))
            height += metrics.height() + (6 if i else 0)
        return QSize(width + 2 * CARD_PADDING, height + 2 * CARD_PADDING)

    def place(self, visible) -> None:
        """Centre the card in ``visible`` (the part of the board on screen, in the board's
        coordinates), no wider than it."""
        hint = self.sizeHint()
        width = max(40, min(hint.width(), visible.width() - 2 * CARD_MARGIN))
        self.setGeometry(visible.center().x() - width // 2, visible.center().y() - hint.height() // 2,
                         width, hint.height())

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.TextAntialiasing)
        frame = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        painter.setPen(QPen(QColor(theme.SUCCESS), 3))
        painter.setBrush(QColor(theme.CARD))
        painter.drawRoundedRect(frame, 10, 10)
        head, body = self._fonts()
        painter.setPen(QColor(theme.INK))
        y = CARD_PADDING
        room = self.width() - 2 * CARD_PADDING
        for i, line in enumerate(self._lines):  # (cut on a tiny board: the status bar has them whole)
            font = head if i == 0 else body
            metrics = QFontMetrics(font)
            shown = metrics.elidedText(line, Qt.ElideRight, room)
            painter.setFont(font)
            painter.drawText(QRectF(CARD_PADDING, y, room, metrics.height()), Qt.AlignHCenter | Qt.AlignVCenter, shown)
            y += metrics.height() + 6
        painter.end()
