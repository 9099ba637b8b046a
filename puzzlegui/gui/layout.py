"""The window's centre: the board owns it, and the panels give way.

Tatham's window is the board.  Ours has three things beside it, and each takes room only
when the board can spare it:

* the library, a drawer on the left (as wide as a fifth of the window, within limits),
  which gives way at the player's first move unless it is kept open, once the pointer is
  off the board (the board never moves under the pointer);
* the solver bar over the board: one row (two on a narrow window), its settings in a
  popover (gui/control_panel.py);
* the kind's side panel (the strips' palette, the Tracks message): beside a squarish
  board, below a wide one, or, where neither leaves the board its share of the window,
  folded into a button of the play bar that opens it over the board's edge.  A kind
  whose panel has nothing to say gives none (gui/kinds.py).

The layout is computed, not left to QLayout's stretch factors: what a panel gets
depends on what the board keeps (``BOARD_SHARE`` of the window), which no stretch
factor can say.  What Check and "Correct so far?" found opens over the foot of the
board, never moving it (the next click lands where the player aimed).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

#: a panel is placed beside or below the board only if the board keeps this share of
#: the window's area (the issue's floor is 50%, measured; a little more, for the frame)
BOARD_SHARE = 0.52
LIBRARY_WIDTH = (180, 300)  # the drawer: at least, at most (a fifth of the window between)
SIDE_WIDTH = (170, 240)  # a side panel beside the board: at least, at most
SIDE_HEIGHT_SHARE = 0.4  # a panel below a wide board: at most this share of the height
WIDE = 1.8  # a board this many times wider than high has its panel below it
FOLD_KEY = "Shift+F9"  # opens (and closes) the folded panel: F9 shows or hides the panel itself


class _Drawer(QFrame):
    """The library's drawer: a header (its name, "Keep open", close) over the library."""

    closeRequested = Signal()

    def __init__(self, title: str, body: QWidget, keep: bool, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        head = QHBoxLayout()
        head.setContentsMargins(6, 2, 2, 2)
        name = QLabel(f"<b>{title}</b>")
        head.addWidget(name, 1)
        self.keep = QToolButton(text="Keep open")
        self.keep.setCheckable(True)
        self.keep.setChecked(keep)
        self.keep.setToolTip("Keep the library open while you play (otherwise it gives way at your first move)")
        head.addWidget(self.keep)
        close = QToolButton(text="\u00d7")
        close.setToolTip("Close the library (Ctrl+L opens it)")
        close.setAutoRaise(True)
        close.clicked.connect(self.closeRequested)
        head.addWidget(close)
        layout.addLayout(head)
        layout.addWidget(body, 1)


class _Problems(QFrame):
    """What Check or "Correct so far?" found, over the foot of the board, with a close button."""

    closed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFrameShape(QFrame.NoFrame)
        layout.addWidget(self.text, 1)
        close = QToolButton(text="\u00d7")
        close.setToolTip("Close the list")
        close.setAutoRaise(True)
        close.clicked.connect(self.closed)
        layout.addWidget(close, 0, Qt.AlignTop)

    def toPlainText(self) -> str:  # noqa: N802 (the name of the text box it wraps)
        return self.text.toPlainText()

    def wanted_height(self, width: int) -> int:
        """The height that shows every line at ``width`` (wrapped as the box wraps them);
        a plain text box's document counts lines, not pixels, so they are measured here."""
        metrics = self.text.fontMetrics()
        room = max(50, width - 48)  # the close button, the frame and the box's margins
        lines = sum(max(1, -(-metrics.horizontalAdvance(line) // room))
                    for line in self.text.toPlainText().split("\n"))
        return lines * metrics.lineSpacing() + 24


class _Cover(QFrame):
    """Over the board while the game is paused: the board hidden (no peeking), one
    sentence, and a click anywhere on it goes on."""

    clicked = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAutoFillBackground(True)
        self.setFocusPolicy(Qt.StrongFocus)
        layout = QVBoxLayout(self)
        self.label = QLabel("Paused: the board is hidden and the clock stopped.\nClick here or press F8 to go on.")
        self.label.setAlignment(Qt.AlignCenter)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.label.setFont(font)
        layout.addWidget(self.label)

    def mousePressEvent(self, event) -> None:
        self.clicked.emit()
        event.accept()


class BoardArea(QWidget):
    """The central widget: the drawer, the solver bar, the board's view, the side panel
    and the problems' list, placed by ``arrange``."""

    changed = Signal()  # a panel opened or closed (the View menu's checks follow)
    problemsClosed = Signal()

    def __init__(self, board_view, library, keep_library: bool, parent=None):
        super().__init__(parent)
        self.board_view = board_view
        board_view.setParent(self)
        board_view.installEventFilter(self)  # the pointer leaving it lets a pending drawer give way
        self._give_way_pending = False
        self.drawer = _Drawer("Library", library, keep_library, self)
        self.drawer.closeRequested.connect(lambda: self.show_library(False))
        self.bar: QWidget | None = None
        self.side = QScrollArea(self)
        self.side.setWidgetResizable(True)
        self.side.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # panels wrap to fit
        self.side.setFrameShape(QFrame.NoFrame)
        self.side.hide()
        self._side_shown = False
        # the folded side panel's button: the window puts it in its play bar, clear of the board
        self.fold = QAction(self)
        self.fold.setCheckable(True)
        self.fold.setShortcut(QKeySequence(FOLD_KEY))  # live only while the panel is folded (visible)
        self.fold.toggled.connect(self._fold_toggled)
        self.fold.setVisible(False)
        self.problems = _Problems(self)
        self.problems.closed.connect(self.hide_problems)
        self.problems.hide()
        self.cover = _Cover(self)  # over the board while paused
        self.cover.hide()
        self.library_open = True
        self.solver_open = False
        self.side_open = True
        self.side_title = ""
        self._grid = (1, 1)  # the board's columns and rows
        self.placement = "none"  # the side panel: "right", "below", "folded" or "none"
        self.setMinimumSize(240, 200)

    # ---------------------------------------------------------------- what is in it
    def set_bar(self, bar: QWidget) -> None:
        bar.setParent(self)
        self.bar = bar
        bar.installEventFilter(self)  # a line shown or hidden in it (the step's words): placed again
        bar.setVisible(self.solver_open)
        self.arrange()

    def set_side_panel(self, panel: QWidget | None, grid: tuple[int, int], title: str = "") -> None:
        """The kind's panel for the board on show (None: it has nothing to say)."""
        old = self.side.takeWidget()
        if old is not None and old is not panel:
            old.deleteLater()
        self._grid = grid
        self.side_title = title or "Panel"
        if panel is not None:
            self.side.setWidget(panel)
            panel.installEventFilter(self)  # it grows (the Tracks message fills in): placed again
        self.fold.setText(f"{self.side_title} \u25be")
        self.fold.setToolTip(f"Show the {self.side_title.lower()} over the board (there is no room beside it; "
                             f"{QKeySequence(FOLD_KEY).toString(QKeySequence.NativeText)})")
        self.fold.setChecked(False)
        self.arrange()

    @property
    def side_panel(self) -> QWidget | None:
        return self.side.widget()

    def _fold_toggled(self, on: bool) -> None:
        """The folded panel opened or closed over the board. Opened, its first control has
        the keys (by the keyboard, Shift+F9, it was otherwise out of reach: the play bar's
        buttons take no focus); closed with the focus in it, the board has them again."""
        panel = self.side.widget()
        focus = QApplication.focusWidget()  # before the panel hides, and Qt moves it on
        had_focus = panel is not None and focus is not None and panel.isAncestorOf(focus)
        self.arrange()
        if panel is None:
            return
        if on and self.side.isVisible():
            first = next((w for w in panel.findChildren(QWidget)
                          if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.TabFocus), None)
            if first is not None:
                first.setFocus(Qt.ShortcutFocusReason)
        elif not on and had_focus and self.board_view.board is not None:
            self.board_view.board.setFocus(Qt.ShortcutFocusReason)

    # ---------------------------------------------------------------- opening and closing
    def give_way(self) -> None:
        """The player is playing: the drawer gives way (unless kept open), but never under
        the pointer: at once if the pointer is off the board, else as soon as it leaves
        the board, so a quick second click lands on the cell it was aimed at."""
        if not self.library_open or self.keep_library:
            return
        if self._pointer_on_board():
            self._give_way_pending = True
        else:
            self.show_library(False)

    def _pointer_on_board(self) -> bool:
        view = self.board_view
        return view.isVisible() and view.underMouse()

    def show_library(self, show: bool) -> None:
        self._give_way_pending = False  # asked for now: whatever was pending is overtaken
        if show != self.library_open:
            self.library_open = show
            self.arrange()
            self.changed.emit()

    def show_solver(self, show: bool) -> None:
        if show != self.solver_open:
            self.solver_open = show
            self.arrange()
            self.changed.emit()

    def show_side(self, show: bool) -> None:
        if show != self.side_open:
            self.side_open = show
            self.arrange()
            self.changed.emit()

    @property
    def keep_library(self) -> bool:
        return self.drawer.keep.isChecked()

    def show_problems(self, text: str) -> None:
        self.problems.text.setPlainText(text)
        self.problems.show()
        self._place_problems()
        self.problems.raise_()

    def hide_problems(self) -> None:
        if self.problems.isVisible():
            self.problems.hide()
            self.problems.text.setPlainText("")
            self.problemsClosed.emit()

    # ---------------------------------------------------------------- placing
    def library_width(self, window_width: int) -> int:
        low, high = LIBRARY_WIDTH
        return max(low, min(high, round(window_width / 5)))

    def arrange(self) -> None:
        """Place everything for the area's size: the board first, then what it can spare."""
        w, h = self.width(), self.height()
        window = self.window()
        window_area = max(1, window.width() * window.height())
        x = 0
        if self.library_open:
            lw = min(self.library_width(window.width()), w // 2)
            self.drawer.setGeometry(0, 0, lw, h)
            self.drawer.show()
            x = lw + 1
        else:
            self.drawer.hide()
        y = 0
        rest_w = max(0, w - x)
        if self.bar is not None:
            if self.solver_open:
                bh = self.bar.height_for(rest_w)
                self.bar.setGeometry(x, 0, rest_w, bh)
                self.bar.show()
                y = bh
            else:
                self.bar.hide()
        board = QRect(x, y, rest_w, max(0, h - y))
        panel = self.side.widget()
        self.placement = "none"
        folded = self.fold.isVisible()
        self._side_shown = False  # set by _place_side where the panel goes
        if panel is not None and self.side_open:
            board = self._place_side(panel, board, window_area)
        # shown or hidden once it is placed, not hidden first and shown again: hiding it
        # moved the keyboard's focus out of it at every arrangement (a resize, the Tracks
        # message growing), and a keyboard player lost their place
        self.side.setVisible(self._side_shown)
        if self._side_shown and self.placement == "folded":
            self.side.raise_()
        self.fold.setVisible(self.placement == "folded")
        if folded and self.placement != "folded":
            self.fold.setChecked(False)
        self.board_view.setGeometry(board)
        self._board_rect = board
        if self.problems.isVisible():
            self._place_problems()
        if self.cover.isVisible():
            self.cover.setGeometry(board)
            self.cover.raise_()

    def set_paused(self, paused: bool) -> None:
        """Hide the board (and the kind's panel, which tells as much) behind the cover, or show it again."""
        self.cover.setVisible(paused)
        if paused:
            self.cover.setGeometry(getattr(self, "_board_rect", self.board_view.geometry()))
            self.cover.raise_()
            self.cover.setFocus()
        panel = self.side.widget()
        if panel is not None:
            panel.setVisible(not paused)

    def _place_side(self, panel: QWidget, board: QRect, window_area: int) -> QRect:
        cols, rows = self._grid
        hint = panel.sizeHint()
        pw = max(SIDE_WIDTH[0], min(SIDE_WIDTH[1], hint.width() + 12))
        ph = min(int(board.height() * SIDE_HEIGHT_SHARE), max(60, panel.heightForWidth(board.width())
                                                            if panel.hasHeightForWidth() else hint.height()) + 8)
        right = QRect(board.x(), board.y(), board.width() - pw, board.height())
        below = QRect(board.x(), board.y(), board.width(), board.height() - ph)
        order = (("below", below), ("right", right)) if cols >= WIDE * rows else (("right", right), ("below", below))
        for name, rect in order:
            if rect.width() > 0 and rect.height() > 0 and rect.width() * rect.height() >= BOARD_SHARE * window_area:
                self.placement = name
                if name == "right":
                    self.side.setGeometry(rect.right() + 1, board.y(), pw, board.height())
                else:
                    self.side.setGeometry(board.x(), rect.bottom() + 1, board.width(), ph)
                self._side_shown = True
                return rect
        # no room beside or below: the panel folds into a button (in the play bar), and
        # opens over the board's right edge on demand
        self.placement = "folded"
        if self.fold.isChecked():
            height = min(board.height() - 8, max(hint.height() + 8, 120))
            self.side.setGeometry(board.right() - pw - 4, board.y() + 4, pw, height)
            self.side.setAutoFillBackground(True)
            self._side_shown = True
        return board

    def _place_problems(self) -> None:
        rect = getattr(self, "_board_rect", self.board_view.geometry())
        width = max(120, rect.width() - 16)
        height = min(self.problems.wanted_height(width), max(60, rect.height() // 3))
        self.problems.setGeometry(rect.x() + 8, rect.bottom() - height - 8, width, height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.arrange()

    def eventFilter(self, obj, event) -> bool:
        if obj is self.board_view and event.type() == QEvent.Leave and self._give_way_pending:
            self.show_library(False)  # the pointer has left the board: nothing moves under it
        elif event.type() == QEvent.LayoutRequest and obj is not None and obj in (self.side.widget(), self.bar):
            self.arrange()  # the panel or the bar asks for another size: the room is decided again
        return super().eventFilter(obj, event)
