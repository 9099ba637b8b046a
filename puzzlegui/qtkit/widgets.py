"""Small widgets the window shares."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSizePolicy

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


class BoundedTextEdit(QPlainTextEdit):
    """A plain text box that takes at most ``max_chars`` characters, in lines of at most
    ``max_line`` (what a game ID or a text layout can be).  A paste or a drop beyond that
    is refused before Qt lays it out (a 1 MiB line took Qt's layout a minute and more),
    and ``refused`` says why in a sentence; what the box held stays as it was."""

    refused = Signal(str)

    def __init__(self, max_chars: int, max_line: int, parent=None):
        super().__init__(parent)
        self.max_chars = max_chars
        self.max_line = max_line

    def problem(self, text: str) -> str | None:
        """Why ``text`` cannot be added to what the box holds, or None."""
        total = len(text) + len(self.toPlainText()) - len(self.textCursor().selectedText())
        if total > self.max_chars:
            return (f"Nothing was pasted: that is {len(text):,} characters, and a game ID or a text layout is at "
                    f"most {self.max_chars:,}.")
        longest = max(map(len, text.splitlines()), default=0)
        if longest > self.max_line:
            return (f"Nothing was pasted: it has a line of {longest:,} characters, and a game ID or a layout's "
                    f"line is at most {self.max_line:,}.")
        return None

    def insertFromMimeData(self, source) -> None:  # noqa: N802 (Qt's name)
        text = source.text() if source.hasText() else ""
        problem = self.problem(text)
        if problem:
            self.refused.emit(problem)
            return
        super().insertFromMimeData(source)
