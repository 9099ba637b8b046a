"""Small widgets the window shares."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy

from .text import plain_tip


class ElidedLabel(QLabel):
    """One line of plain text that never pushes its neighbours: cut with "…" to the room
    it has, the whole text in its tooltip."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.PlainText)  # text from files and input: never HTML
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        self._full = ""
        self.set_full_text(text)

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(plain_tip(text))  # a tooltip is always guessed: escaped
        self._elide()

    def full_text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self.set_full_text(text)

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.ElideRight, max(0, self.width() - 12))
        super().setText(shown)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def minimumSizeHint(self) -> QSize:
        return QSize(40, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        # ask for little: the label takes what the bar has left, not the title's width
        return QSize(120, super().sizeHint().height())
