"""The base class of every kind's board widget.

A board draws a state and turns mouse and keys into moves, which it emits with
``moveRequested``; it never changes the model (the window's controller applies the move
and calls ``set_state`` back).  Each kind's ``widget.Board`` subclasses this and
overrides ``paint_board`` plus the input handlers it needs.
"""

from __future__ import annotations

import math
from typing import Protocol

from PySide6.QtCore import QEasingCurve, QEvent, QPoint, QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter, QPalette, QPen, QPolygonF, QRegion
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QWidget

from . import accessible, theme
from .celebration import SolvedCard

#: a cell is never drawn smaller than this (logical pixels); beyond it the board scrolls.
#: 14 px keeps a digit of 9 px and an X or O legible, and lets "Fit" show a whole 40x40
#: board from 1200x800 up with every panel open (issue 24); at 640x480 it scrolls
MIN_CELL = 14
ZOOM_STEP = 1.25
MAX_ZOOM = 8.0
CELEBRATION_MS = 1500  # the wave and the flash over a finished board, before its card
_MODIFIERS = (Qt.Key_Shift, Qt.Key_Control, Qt.Key_Alt, Qt.Key_Meta, Qt.Key_AltGr)
_DISMISSING = (QEvent.MouseButtonPress, QEvent.MouseButtonDblClick, QEvent.KeyPress)
_MOVING = (QEvent.KeyPress, QEvent.MouseButtonPress, QEvent.FocusIn)  # may move the cursor


class SpriteCache:
    """Cell-sized transparent pictures, each drawn once and reused: drawing antialiased
    symbols and tiles one stroke at a time cost 30-100 ms a frame on the largest boards,
    blitting pictures a few milliseconds.  At most ``limit`` pictures are kept; a new cell
    size (a resize, a zoom) starts afresh."""

    def __init__(self, limit: int):
        self.limit = limit
        self._pictures: dict = {}

    def get(self, key, cell: float, ratio: float, draw) -> QImage:
        """The picture for ``key`` at ``cell`` logical pixels, made by ``draw(painter)``
        on an antialiased painter over a cell-sized transparent image."""
        full = (key, round(cell, 3), ratio, theme.generation)
        picture = self._pictures.get(full)
        if picture is None:
            if len(self._pictures) > self.limit:
                self._pictures.clear()
            side = max(1, math.ceil(cell * ratio))
            picture = QImage(side, side, QImage.Format_ARGB32_Premultiplied)
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.transparent)
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.Antialiasing)
            painter.setRenderHint(QPainter.TextAntialiasing)
            draw(painter)
            painter.end()
            self._pictures[full] = picture
        return picture


def focus_frame(painter: QPainter, rect: QRectF, width: float) -> None:
    """The frame round a cell the solver or a hint points at: a thin line with heavy
    corners.  A mistake's frame is a plain line, so the two differ in shape, not only in
    colour (in the greyscale scheme, or to an eye that mixes the two colours).  ``width``
    is the frame's pen width at the user's line width (theme.line)."""
    painter.save()
    painter.setBrush(Qt.NoBrush)
    painter.setPen(QPen(QColor(theme.HIGHLIGHT), width * 0.6))
    painter.drawRect(rect)
    corner = QPen(QColor(theme.HIGHLIGHT), width * 1.8, Qt.SolidLine, Qt.SquareCap, Qt.MiterJoin)
    painter.setPen(corner)
    leg = min(rect.width(), rect.height()) * 0.3
    for x, y, dx, dy in ((rect.left(), rect.top(), 1, 1), (rect.right(), rect.top(), -1, 1),
                         (rect.left(), rect.bottom(), 1, -1), (rect.right(), rect.bottom(), -1, -1)):
        painter.drawPolyline(QPolygonF([QPointF(x + dx * leg, y), QPointF(x, y), QPointF(x, y + dy * leg)]))
    painter.restore()


class Runner(Protocol):
    """What a board is given for work off the GUI thread (the window's gui.jobs.Jobs):
    ``run(job, fn, *args)`` runs ``fn(*args)`` as the core.jobs.Job ``job`` and returns
    a handle whose ``done(value)``, ``failed(sentence)`` and ``ended()`` signals come on
    the GUI thread.  For work whose answer is a fact kept in a cache (a table, a proof):
    the board never needs to ask whether it is still wanted.  So no kind's Qt side
    imports the front end, or threads."""

    def run(self, job, fn, *args): ...


class BoardWidget(QWidget):
    moveRequested = Signal(object)  # a move of the kind, for the controller to apply
    statusMessage = Signal(str)  # a sentence for the status bar (e.g. why a move was refused)
    backToGame = Signal()  # clicked while it shows a replay: the player wants the game back
    # the player switched the line tallies on the board's own panel (Tracks' "Show what
    # each count still needs", Kurosu's "Show counts"): one setting, the window's (View >
    # Line tallies), which follows and hands it back through the board's setter
    lineTalliesChosen = Signal(bool)

    #: margins around the grid in cells (left, top, right, bottom); kinds with clues set it
    margins = (0.3, 0.3, 0.3, 0.3)
    #: False draws the puzzle as on paper (exports, print): no colour says how play is
    #: going (a count met or over, a mistake, the solver's focus); the position's own
    #: marks (the player's track, placed strips) are still drawn
    play_colours = True
    #: the window's Runner for work off the GUI thread (None: the board computes nothing
    #: in the background, and says so where it would)
    runner: Runner | None = None

    def __init__(self, kind, parent=None):
        super().__init__(parent)
        self._card_lines: tuple[str, ...] = ()  # the celebration's words (set first: event() reads them)
        self._card: SolvedCard | None = None  # made at the first finish
        self._swallow_release = False  # the press that dismissed the card: its drag and release too
        self.kind = kind
        self.state = None
        self.violations = []  # list of core.kind.Violation, drawn as red marks
        self.highlight: tuple = ()  # cells the solver or a hint points at
        self.highlight_text = ""
        self.trial: tuple = ()  # cells the trial since the mark entered (core/game.py)
        self.interactive = True
        self._animation_ms = 250  # the player sets it from the speed slider
        self._access = None  # the screen reader's view of the board (qtkit/accessible.py), once asked for
        accessible.install(BoardWidget)
        self._flourish = 0.0
        self._flourish_anim = QVariantAnimation(self)
        self._flourish_anim.setStartValue(0.0)
        self._flourish_anim.setEndValue(1.0)
        self._flourish_anim.setDuration(CELEBRATION_MS)
        self._flourish_anim.valueChanged.connect(self._on_flourish)
        self._flourish_anim.finished.connect(self._end_flourish)
        self._animations: list[QVariantAnimation] = [self._flourish_anim]
        self.setFocusPolicy(Qt.StrongFocus)
        self.setMouseTracking(True)
        policy = QSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setSizePolicy(policy)
        self.setMinimumSize(160, 160)

    @property
    def animation_ms(self) -> int:
        """How long a move animates; 0 while the player asks for reduced motion (no
        wave over a finished board, a replay stepped rather than animated)."""
        return 0 if accessible.prefs.reduced_motion else self._animation_ms

    @animation_ms.setter
    def animation_ms(self, value: int) -> None:
        self._animation_ms = int(value)

    # --- what the window calls --------------------------------------------------------
    def set_state(self, state, move=None, animate: bool = False) -> None:
        """Show ``state``.  With ``move`` and ``animate``, the kind may animate the move
        from the state shown before (a rotation turns, a strip slides in)."""
        old = self.state
        self.state = state
        if state is not old:  # another move, an undo, a replay's frame, another game
            self.dismiss_celebration()
        if animate and move is not None and old is not None and self.animation_ms > 0:
            self.animate_move(old, move, state)
        self.state_changed()
        self.update()
        accessible.state_shown(self)

    def set_violations(self, violations) -> None:
        self.violations = list(violations)
        self.update()

    def set_highlight(self, cells=(), text: str = "") -> None:
        self.highlight = tuple(cells)
        if text and text != self.highlight_text and self.interactive:
            accessible.announce(self, text)  # a hint's stage (a replay's step: the solver bar says it)
        self.highlight_text = text
        self.update()

    def set_trial(self, cells=()) -> None:
        """Mark the cells a trial entered: a dashed frame and a corner notch in the trial's
        own colour (theme.TRIAL: a shape as well as a colour, and neither the mistake
        colour nor the solver's)."""
        cells = tuple(cells)
        if cells != self.trial:
            self.trial = cells
            self.update()

    def paint_trial(self, painter: QPainter) -> None:
        geo = self.geometry_now() if self.trial else None
        if geo is None:
            return
        colour = QColor(theme.TRIAL)  # the scheme's own (a plum on light paper)
        pen = QPen(colour, theme.line(max(1.5, geo.cell / 14)), Qt.DashLine)
        painter.save()
        for x, y in self.trial:
            left, top, side, _ = geo.cell_rect(x, y)
            inset = max(2.0, side * 0.08)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(left + inset, top + inset, side - 2 * inset, side - 2 * inset))
            notch = side * 0.28
            painter.setPen(Qt.NoPen)
            painter.setBrush(colour)
            painter.drawPolygon(QPolygonF([QPointF(left + inset, top + inset), QPointF(left + inset + notch, top + inset),
                                           QPointF(left + inset, top + inset + notch)]))
        painter.restore()

    def set_interactive(self, interactive: bool) -> None:
        self.interactive = interactive

    def geometry_now(self):
        """The grid as drawn now (core.geometry.GridGeometry), or None before a state:
        one place every kind answers, so what the board draws for the game object (the
        trial's frames, the keyboard cursor, the cells a screen reader is told of) sits
        on the kind's own cells."""
        return None

    def shows_cursor(self) -> bool:
        """True while the keyboard cursor is drawn: the board has the keyboard focus and
        plays (a replay has no cursor)."""
        return self.hasFocus() and self.interactive and self.state is not None

    def paint_cursor(self, painter: QPainter, rect: QRectF, cell: float, round_: bool = False) -> None:
        """The keyboard cursor round ``rect`` (a circle round a Rotation button when
        ``round_``): ink dashes over a solid band of the paper's colour, so it shows on
        every fill of every scheme (a black strip, a given's tile, the dark paper), and
        in a shape no other mark has (the solver's focus has heavy corners, a mistake a
        plain line, a trial violet dashes inside the cell)."""
        width = theme.line(max(2.0, cell / 16))
        painter.save()
        painter.setBrush(Qt.NoBrush)
        for pen in (QPen(QColor(theme.PAPER), width * 2.6),
                    QPen(QColor(theme.INK), width, Qt.CustomDashLine)):
            if pen.style() == Qt.CustomDashLine:
                pen.setDashPattern([2.0, 1.2])
            painter.setPen(pen)
            if round_:
                painter.drawEllipse(rect)
            else:
                painter.drawRect(rect)
        painter.restore()

    def event(self, event) -> bool:
        # while a finish is celebrated, the next click or key dismisses it and does
        # nothing else (a click on a solved board must not also undo the solution)
        what = event.type()
        if self.is_celebrating() and what in _DISMISSING:
            if what == QEvent.KeyPress and event.key() in _MODIFIERS:
                return super().event(event)  # a shortcut's modifier alone: wait for the key
            self.dismiss_celebration()
            self._swallow_release = what != QEvent.KeyPress
            return True
        if self._swallow_release and what in (QEvent.MouseMove, QEvent.MouseButtonRelease):
            self._swallow_release = what != QEvent.MouseButtonRelease
            return True
        # a click on a board showing a replay is a click for the game: one place for
        # every kind (their own handlers ignore input while it is not interactive)
        if not self.interactive and event.type() in (QEvent.MouseButtonPress, QEvent.MouseButtonDblClick):
            self.backToGame.emit()
            return True
        if what not in _MOVING or self.state is None:
            return super().event(event)
        before = self.access_cursor()
        handled = super().event(event)
        if what == QEvent.FocusIn or (self.state is not None and self.access_cursor() != before):
            accessible.cursor_moved(self)  # the screen reader reads the square it is on
        return handled

    # --- what a screen reader is told (qtkit/accessible.py); each kind says its words -----
    def access_title(self) -> str:
        """The board's name: the kind and its size."""
        cols, rows = self.grid_size()
        return f"{self.kind.title} board, {cols} columns by {rows} rows"

    #: every key the board answers, (keys, what they do), for the help page and the
    #: screen reader's description of the board; each kind lists its own
    KEYS: tuple = (("Arrow keys", "move the cursor"),)

    def access_help(self) -> str:
        """The board's description: its keys, in one sentence."""
        return "; ".join(f"{keys}: {does}" for keys, does in self.KEYS) + "."

    def access_cell(self, x: int, y: int) -> str:
        """What square (x, y) holds, in words ("X, given"); its position is added."""
        return ""

    def access_cells(self) -> list[str]:
        """What every square holds, in reading order (``access_cell`` of each; a kind
        may work them out together, faster)."""
        cols, rows = self.grid_size()
        return [self.access_cell(x, y) for y in range(rows) for x in range(cols)]

    def access_clues(self) -> list:
        """The clues beside the grid: (words, QRectF on the board) for each."""
        return []

    def access_cursor(self):
        """The square the keyboard cursor is on, or None."""
        return getattr(self, "cursor", None)

    def celebrate(self, lines=()) -> None:
        """The puzzle is finished: a wave of the theme's SUCCESS colour crosses the board
        and it flashes (CELEBRATION_MS), then a card with ``lines`` (the time, the best
        time: celebration.finish_lines) stays over the board until the next click or key
        on it, or another state.  With ``animation_ms`` 0 (the player wants no motion)
        the card shows at once."""
        self.dismiss_celebration()
        self._card_lines = tuple(lines)
        if self.animation_ms <= 0:
            self._end_flourish()
        else:
            self._flourish_anim.start()

    def dismiss_celebration(self) -> None:
        """End the celebration, if any: no wave, no card."""
        self._card_lines = ()
        if self._flourish_anim.state() == QVariantAnimation.Running:
            self._flourish_anim.stop()  # (stop() does not emit finished: no card follows)
            self._flourish = 0.0
            self.update()
        if self._card is not None and self._card.isVisible():
            self._card.hide()

    def is_celebrating(self) -> bool:
        """True from celebrate() with words until the celebration is dismissed (its wave
        running, then its card showing): the next click or key is the celebration's."""
        return bool(self._card_lines)

    def card(self) -> SolvedCard | None:
        """The card over a finished board while it shows; None otherwise."""
        return self._card if self._card is not None and self._card.isVisible() else None

    def stop_animations(self) -> None:
        """Finish every running animation at once: it jumps to its end (so the board
        shows the final picture and the kind's finished handlers run), then stops."""
        for anim in list(self._animations):
            if anim.state() == QVariantAnimation.Running:
                anim.setCurrentTime(anim.totalDuration())
            anim.stop()
        self._flourish = 0.0

    def is_animating(self) -> bool:
        return any(a.state() == QVariantAnimation.Running for a in self._animations)

    def is_moving(self) -> bool:
        """True while the board shows something between two states (a move animating);
        the solved flourish, drawn over a state at rest, does not count."""
        return any(a.state() == QVariantAnimation.Running for a in self._animations if a is not self._flourish_anim)

    def render_at_rest(self, target) -> None:
        """Render the board into ``target`` (a QImage) as it shows its state, without the
        celebration drawn over it (its wave, its card: the board's only child), nor the
        window's background."""
        flourish, self._flourish = self._flourish, 0.0
        try:
            self.render(target, QPoint(), QRegion(), QWidget.RenderFlag(0))
        finally:
            self._flourish = flourish

    def side_panel(self):
        """An optional widget shown beside the board (a message, a tray); None if none."""
        return None

    # --- for subclasses ---------------------------------------------------------------
    def new_animation(self, duration_ms: int | None = None) -> QVariantAnimation:
        """A 0..1 animation owned by the board, stopped by ``stop_animations``;
        connect ``valueChanged`` to store the progress and call ``update()``."""
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(max(1, duration_ms if duration_ms is not None else self.animation_ms))
        anim.setEasingCurve(QEasingCurve.InOutQuad)
        self._animations.append(anim)
        anim.finished.connect(lambda a=anim: self._forget(a))
        return anim

    def _forget(self, anim) -> None:
        if anim in self._animations and anim is not self._flourish_anim:
            self._animations.remove(anim)
            anim.deleteLater()

    def animate_move(self, old_state, move, new_state) -> None:
        """Override to animate a move; the default shows the new state at once."""

    def state_changed(self) -> None:
        """Override to refresh derived data (side panels) after ``set_state``."""

    def grid_size(self) -> tuple[int, int]:
        """(columns, rows) of the drawn grid, for the size hint and aspect ratio."""
        return (5, 5)

    def paint_board(self, painter: QPainter) -> None:
        """Override: draw the board.  The painter is antialiased, in logical pixels."""

    def paint_flourish(self, painter: QPainter, rect) -> None:
        """The celebration over ``rect`` (the grid), every kind alike: for the first 60%
        of it a band of the SUCCESS colour sweeps from the top left corner to the bottom
        right one, then the whole grid flashes twice in that colour, inside a glow."""
        if self._flourish <= 0.0:
            return
        t = self._flourish
        rect = QRectF(rect)
        painter.save()
        painter.setPen(Qt.NoPen)
        wave = min(1.0, t / 0.6)
        if wave < 1.0:
            # along the diagonal: a corner's distance from the top left one is (x + y) / sqrt 2
            length = (rect.width() + rect.height()) / math.sqrt(2)
            half = max(24.0, 0.18 * length)  # the band's half width
            centre = -half + wave * (length + 2 * half)
            unit = QPointF(1, 1) / math.sqrt(2)
            band = QLinearGradient(rect.topLeft() + unit * (centre - half), rect.topLeft() + unit * (centre + half))
            colour = QColor(theme.SUCCESS)
            colour.setAlphaF(0.0)
            band.setColorAt(0.0, colour)
            band.setColorAt(1.0, colour)
            colour.setAlphaF(0.6)
            band.setColorAt(0.5, colour)
            painter.fillRect(rect, band)
        flash = max(0.0, (t - 0.5) / 0.5)  # 0..1 over the last half: two pulses
        if flash > 0.0:
            colour = QColor(theme.SUCCESS)
            colour.setAlphaF(0.45 * math.sin(2 * math.pi * flash) ** 2)
            painter.fillRect(rect, colour)
        glow = QColor(theme.SUCCESS)
        glow.setAlphaF(0.6 * math.sin(math.pi * t))
        painter.setPen(QPen(glow, theme.line(3 + 5 * t)))
        painter.setBrush(Qt.NoBrush)
        grow = 4 * t
        painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), 8, 8)
        painter.restore()

    # --- Qt plumbing ------------------------------------------------------------------
    def _on_flourish(self, value) -> None:
        self._flourish = float(value)
        self.update()

    def _end_flourish(self) -> None:
        """The wave is over (or was skipped): the card, if there are words for it."""
        self._flourish = 0.0
        self.update()
        if self._card_lines:
            if self._card is None:
                self._card = SolvedCard(self)
            self._card.set_lines(self._card_lines)
            self._place_card()
            self._card.show()
            self._card.raise_()

    def _place_card(self) -> None:
        if self._card is None or not self._card_lines:
            return
        visible = self.visibleRegion().boundingRect()  # a zoomed board: the part in view
        self._card.place(visible if not visible.isEmpty() else self.rect())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place_card()

    def moveEvent(self, event) -> None:  # scrolled in its view
        super().moveEvent(event)
        self._place_card()

    def hideEvent(self, event) -> None:
        # closed or hidden by the app (not minimised): nothing left to animate for
        if not event.spontaneous():
            self.stop_animations()
        super().hideEvent(event)

    def sizeHint(self) -> QSize:
        cols, rows = self.grid_size()
        left, top, right, bottom = self.margins
        cell = 44
        return QSize(int((cols + left + right) * cell), int((rows + top + bottom) * cell))

    def minimumSizeHint(self) -> QSize:
        """Room for cells of MIN_CELL pixels: a large board scrolls rather than shrink
        past legibility."""
        cols, rows = self.grid_size()
        left, top, right, bottom = self.margins
        return QSize(
            max(160, int((cols + left + right) * MIN_CELL + 0.5)),
            max(160, int((rows + top + bottom) * MIN_CELL + 0.5)),
        )

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.TextAntialiasing)
        painter.fillRect(self.rect(), self.palette().color(QPalette.Window))
        if self.state is not None:
            self.paint_board(painter)
            self.paint_trial(painter)
        painter.end()


class BoardView(QScrollArea):
    """The board in a scrolling view: it fills the view (fit), never with cells below
    MIN_CELL pixels, and zooms in from there (Ctrl+wheel, or ``zoom_in``/``zoom_out``/
    ``fit``); zoom 1.0 is "fit".  The window remembers the zoom per kind."""

    zoomChanged = Signal(float)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.NoFrame)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignCenter)
        # the board in it takes the focus (and its arrows); the view itself was a Tab stop
        # that showed nothing and took no key a player needs
        self.setFocusPolicy(Qt.NoFocus)
        self.zoom = 1.0
        self.board: BoardWidget | None = None

    def set_board(self, board: BoardWidget | None) -> None:
        old = self.takeWidget()
        if old is not None and old is not board:
            old.setParent(None)
        self.board = board
        if board is not None:
            self.setWidget(board)
            board.installEventFilter(self)  # Ctrl+wheel over the board zooms
            self._apply()

    def set_zoom(self, zoom: float) -> None:
        zoom = min(MAX_ZOOM, max(1.0, float(zoom)))
        if abs(zoom - self.zoom) < 1e-6:
            return
        self.zoom = zoom
        self._apply()
        self.zoomChanged.emit(zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def fit(self) -> None:
        self.set_zoom(1.0)

    def cell_size(self) -> float:
        """The side of a cell as drawn now (for tests and the status line)."""
        if self.board is None:
            return 0.0
        cols, rows = self.board.grid_size()
        left, top, right, bottom = self.board.margins
        return min(self.board.width() / (cols + left + right), self.board.height() / (rows + top + bottom))

    def _apply(self) -> None:
        if self.board is None:
            return
        base = self.board.minimumSizeHint()
        if self.zoom <= 1.0:
            self.board.setMinimumSize(base)
        else:
            # the viewport's size without scroll bars (not viewport().size(): a call that
            # returns a QWidget makes PySide create every QtWidgets class, and their
            # enums, ~15 ms, which the first window need not wait for)
            view = self.maximumViewportSize()
            self.board.setMinimumSize(
                max(base.width(), int(view.width() * self.zoom)),
                max(base.height(), int(view.height() * self.zoom)),
            )

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.zoom > 1.0:
            self._apply()

    def _wheel_zoom(self, event) -> bool:
        if not event.modifiers() & Qt.ControlModifier:
            return False
        if event.angleDelta().y() > 0:
            self.zoom_in()
        elif event.angleDelta().y() < 0:
            self.zoom_out()
        event.accept()
        return True

    def eventFilter(self, obj, event) -> bool:
        if obj is self.board and event.type() == QEvent.Wheel:
            return self._wheel_zoom(event)
        return super().eventFilter(obj, event)

    def wheelEvent(self, event) -> None:
        if not self._wheel_zoom(event):
            super().wheelEvent(event)
