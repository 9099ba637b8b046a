"""The Kurosu board: X and O on a grid, givens on grey tiles, mistakes in red.

Mouse: click cycles empty -> X -> O -> empty, right click the other way, middle click
empties, as in Tatham's Unruly (his black is our X: an "A" in his game IDs); with Shift
(or in pencil mode) left and right clicks toggle the small "maybe X" / "maybe O" marks.
Keys: arrows move the cursor, X/1 and O/0 place, Space/Backspace/Delete empty, P
switches pencil mode, Enter cycles like a click.  The board only emits moves.

Line tallies (side panel switches): how many X and O each row and column holds, in
the right and bottom margins, and the rows' and columns' numbers in the left and top
margins, whose room is kept whether they show or not.  A count that reaches its line's quota
turns green and one past it red and ringed, unless ``show_met`` is off (no spoilers).
"""

from __future__ import annotations

import html
import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.qtkit import accessible, theme
from puzzlegui.qtkit.board import BoardWidget, SpriteCache, focus_frame

# Tatham's Unruly: left click empty -> black -> white -> empty, right click the reverse;
# his black (1, "A" in his IDs) is our X
NEXT = {-1: 1, 1: 0, 0: -1}  # left click: empty -> X -> O -> empty
PREVIOUS = {-1: 0, 0: 1, 1: -1}
MARK_X, MARK_O = 1, 2


class Board(BoardWidget):

    side_title = "Options"  # the name of its side panel, where it folds into a button
    NUMBERS_MARGIN = 0.75  # cells kept left and top for row and column numbers
    COUNTS_MARGIN = 1.6  # cells kept right and bottom for the X and O counts
    #: the room for both is kept whether they show or not: turning either on or off never
    #: moves the grid under the pointer (the board used to jump between two clicks); the
    #: same room on every side, so the grid stays centred with them off
    margins = (0.3 + COUNTS_MARGIN,) * 4

    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.cursor = (0, 0)
        self.pencil_mode = False
        self.show_mistakes = True
        self.edit_mode = False  # the editor: every cell can change, givens included
        self.show_counts = False  # X and O counts per row and column, in the margins
        self.show_numbers = False  # row and column numbers, in the margins
        self.show_met = True  # False: no spoilers, counts never turn green or red
        self._tallies_for = None  # (state, tallies) last counted
        self._live = []  # violations found as the player plays
        self._live_for = None  # (state, show_mistakes) that _live was found for
        self._fades: list = []  # [animation, {index: (old, new)}, progress]
        self._panel = None
        self._sprites = SpriteCache(32)  # one picture per (value, given, wrong) and size
        self._layer = None  # the cells as drawn last frame (see _cells_layer)
        self._layer_size = None
        self._layer_keys: list = []
        self.setContextMenuPolicy(Qt.PreventContextMenu)  # right click plays, it opens no menu

    # --- geometry --------------------------------------------------------------------
    def grid_size(self):
        if self.state is None:
            return (6, 6)
        return (self.state.width, self.state.height)

    def set_show_counts(self, on: bool) -> None:
        self.show_counts = bool(on)
        self._margins_changed()

    def choose_show_counts(self, on: bool) -> None:
        """The player's switch on the side panel: shown at once, and said to the window,
        whose View > Line tallies is the same setting."""
        self.set_show_counts(on)
        self.lineTalliesChosen.emit(self.show_counts)

    def set_show_numbers(self, on: bool) -> None:
        self.show_numbers = bool(on)
        self._margins_changed()

    def set_show_met(self, on: bool) -> None:
        """False for no spoilers: the counts stay in ink whatever they reach."""
        self.show_met = bool(on)
        self.update()

    def _margins_changed(self) -> None:
        if self._panel is not None:
            self._panel.sync(self)
        self.update()  # drawn in the room kept for them: nothing moves

    def tallies(self) -> tuple[list, list]:
        """(rows, columns): for each line its (X, O) counts, givens included; counted
        once per state."""
        seen = self._tallies_for
        if seen is not None and seen[0] is self.state:
            return seen[1]
        s = self.state
        W, H = s.width, s.height
        rows = []
        for y in range(H):
            line = s.cells[y * W : (y + 1) * W]
            rows.append((line.count(1), line.count(0)))
        cols = []
        for x in range(W):
            line = s.cells[x::W]
            cols.append((line.count(1), line.count(0)))
        self._tallies_for = (s, (rows, cols))
        return rows, cols

    def geometry_now(self) -> GridGeometry:
        cols, rows = self.grid_size()
        return GridGeometry.fit(cols, rows, self.width(), self.height(), self.margins)

    # --- state -----------------------------------------------------------------------
    def state_changed(self) -> None:
        if self.state is None:
            return
        x, y = self.cursor
        self.cursor = (min(x, self.state.width - 1), min(y, self.state.height - 1))
        # the window shows a state more than once as it opens (board, game, settings):
        # a 40x40 check costs milliseconds, so it is made once per state
        seen = self._live_for
        if seen is None or seen[0] is not self.state or seen[1] != self.show_mistakes:
            self._live = self.kind.check(self.state) if self.show_mistakes else []
            self._live_for = (self.state, self.show_mistakes)  # the state itself, kept: never a reused id
        self._refresh_panel()

    # --- what a screen reader is told (qtkit/accessible.py) -----------------------------
    KEYS = (
        ("Arrow keys", "move the cursor"),
        ("X or 1", "put an X"),
        ("O or 0", "put an O"),
        ("Space, Backspace or Delete", "empty the square"),
        ("Enter", "cycle the square: empty, X, O"),
        ("Shift+X, Shift+O", "a pencil mark: maybe X, maybe O (again: take it away)"),
        ("Shift+Space", "take away the square's pencil marks"),
        ("P", "pencil mode on or off: X and O then put pencil marks"),
    )

    def access_cell(self, x: int, y: int) -> str:
        return self._access_words(x, y, self._access_wrong(), frozenset(self.trial))

    def access_cells(self) -> list[str]:
        """Every square's words, the rules broken and the trial looked up once (a 40x40
        board is 1,600 squares to name after each move)."""
        wrong, trial = self._access_wrong(), frozenset(self.trial)
        W, H = self.state.width, self.state.height
        return [self._access_words(x, y, wrong, trial) for y in range(H) for x in range(W)]

    def _access_words(self, x: int, y: int, wrong, trial) -> str:
        s = self.state
        i = y * s.width + x
        v = s.cells[i]
        words = "X" if v == 1 else "O" if v == 0 else "empty"
        if s.givens[i] >= 0:
            words += ", given"
        elif v < 0 and s.marks[i]:
            marks = s.marks[i]
            words += ", pencil " + " and ".join(n for bit, n in ((MARK_X, "X"), (MARK_O, "O")) if marks & bit)
        if wrong and (x, y) in wrong:
            words += ", breaks a rule"
        if trial and (x, y) in trial:
            words += ", in the trial"
        return words

    def _access_wrong(self) -> frozenset:
        """The cells of the rules broken now, found once per state and verdict."""
        seen = getattr(self, "_wrong_for", None)
        if seen is None or seen[0] is not self.state or seen[1] is not self._live or seen[2] is not self.violations:
            cells = frozenset(c for v in list(self._live) + list(self.violations) for c in v.cells)
            seen = self._wrong_for = (self.state, self._live, self.violations, cells)
        return seen[3]

    def access_clues(self) -> list:
        """Each line's X and O against its quota (what Show counts draws)."""
        rows, cols = self.tallies()
        geo = self.geometry_now()
        out = []
        for y, (xs, os_) in enumerate(rows):
            box = QRectF(geo.x0 + geo.width, geo.y0 + y * geo.cell, geo.cell, geo.cell)
            out.append((f"row {y + 1} has {xs} X and {os_} O of {self.state.width // 2} each", box))
        for x, (xs, os_) in enumerate(cols):
            box = QRectF(geo.x0 + x * geo.cell, geo.y0 + geo.height, geo.cell, geo.cell)
            out.append((f"column {x + 1} has {xs} X and {os_} O of {self.state.height // 2} each", box))
        return out

    def animate_move(self, old_state, move, new_state) -> None:
        if (old_state.width, old_state.height) != (new_state.width, new_state.height):
            return
        changed = {
            i: (a, b) for i, (a, b) in enumerate(zip(old_state.cells, new_state.cells, strict=True)) if a != b
        }
        changed.update({
            i: (old_state.cells[i], new_state.cells[i])
            for i, (a, b) in enumerate(zip(old_state.marks, new_state.marks, strict=True))
            if a != b and new_state.cells[i] < 0
        })
        if not changed or len(changed) > 400:
            return
        anim = self.new_animation(max(1, min(self.animation_ms, 220)))
        entry = [anim, changed, 0.0]
        self._fades.append(entry)

        def step(value, entry=entry):
            entry[2] = float(value)
            self.update()

        def done(entry=entry):
            if entry in self._fades:
                self._fades.remove(entry)
            self.update()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        anim.start()

    def stop_animations(self) -> None:
        super().stop_animations()
        self._fades.clear()
        self.update()

    # --- painting --------------------------------------------------------------------
    def paint_board(self, painter: QPainter) -> None:
        s = self.state
        geo = self.geometry_now()
        W, H = s.width, s.height
        c = geo.cell
        grid_rect = QRectF(geo.x0, geo.y0, geo.width, geo.height)
        painter.fillRect(grid_rect, QColor(theme.PAPER))

        wrong = set()
        for v in list(self._live) + list(self.violations):
            wrong.update(v.cells)
        lit = set(self.highlight)
        fading = {}
        for _, changed, t in self._fades:
            for i, pair in changed.items():
                fading[i] = (pair, t)

        painter.drawImage(0, 0, self._cells_layer(geo, s, wrong, lit, fading))
        for i, ((old, new), t) in fading.items():  # a move fading in, over its empty cell
            x, y = i % W, i // W
            rect = QRectF(*geo.cell_rect(x, y))
            given = s.givens[i] >= 0
            if old >= 0:
                self._symbol(painter, rect, old, given, (x, y) in wrong, 1.0 + 0.25 * t, 1.0 - t)
            if new >= 0:
                self._symbol(painter, rect, new, given, (x, y) in wrong, 0.35 + 0.65 * t, t)
            elif s.marks[i]:
                self._pencil(painter, rect, s.marks[i], t)

        # grid lines, in one call, whole device pixels wide and without antialiasing: each
        # is then one or more crisp rows of pixels in the grid's own colour (antialiased, 78
        # lines of a 40x40 board took ~5 ms a frame, and a width like 1.2 px was a blur)
        dpr = self.devicePixelRatioF()
        width = max(1.0, round(theme.line(max(1.0, c / 40)) * dpr)) / dpr
        painter.setPen(QPen(QColor(theme.GRID), width))
        painter.setRenderHint(QPainter.Antialiasing, False)
        x0, y0, x1, y1 = geo.x0, geo.y0, geo.x0 + geo.width, geo.y0 + geo.height
        painter.drawLines(
            [QLineF(x0 + x * c, y0, x0 + x * c, y1) for x in range(1, W)]
            + [QLineF(x0, y0 + y * c, x1, y0 + y * c) for y in range(1, H)]
        )
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(QColor(theme.INK), theme.line(max(1.5, c / 18))))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(grid_rect)

        # outlines on top of the grid lines
        if wrong:
            painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(1.5, c / 16))))
            for x, y in wrong:
                painter.drawRect(QRectF(*geo.cell_rect(x, y)).adjusted(1.5, 1.5, -1.5, -1.5))
        if lit:
            # heavy corners: a mistake's frame is plain, so the two differ in shape too
            for x, y in lit:
                if 0 <= x < W and 0 <= y < H:
                    focus_frame(painter, QRectF(*geo.cell_rect(x, y)).adjusted(2, 2, -2, -2), theme.line(max(2.0, c / 12)))
            painter.setBrush(Qt.NoBrush)
            # a hint's or a step's first cell is the one it fills: ring it darker
            x, y = self.highlight[0]
            if 0 <= x < W and 0 <= y < H:
                painter.setPen(QPen(QColor(theme.HIGHLIGHT).darker(160), theme.line(max(2.5, c / 9))))
                painter.drawRect(QRectF(*geo.cell_rect(x, y)).adjusted(3, 3, -3, -3))
        if self.shows_cursor():
            self.paint_cursor(painter, QRectF(*geo.cell_rect(*self.cursor)).adjusted(3, 3, -3, -3), c)
        if self.show_numbers:
            self._paint_numbers(painter, geo)
        if self.show_counts:
            self._paint_counts(painter, geo)
        if self.pencil_mode:
            self._badge(painter, grid_rect, "pencil")

        self.paint_flourish(painter, grid_rect)
        if self.highlight_text:
            self._banner(painter, self.highlight_text)

    def _margin_font(self, c: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(6, int(c * 0.4 * accessible.prefs.clue_scale)))  # View > Accessibility
        font.setBold(bold)
        return font

    def _paint_numbers(self, painter, geo) -> None:
        """Row numbers left of the grid and column numbers above it, muted."""
        c = geo.cell
        side = self.NUMBERS_MARGIN * c
        painter.setFont(self._margin_font(c))
        painter.setPen(QColor(theme.MUTED))
        for y in range(self.state.height):
            box = QRectF(geo.x0 - side - 0.1 * c, geo.y0 + y * c, side, c)
            painter.drawText(box, Qt.AlignRight | Qt.AlignVCenter, str(y + 1))
        for x in range(self.state.width):
            box = QRectF(geo.x0 + x * c, geo.y0 - side - 0.1 * c, c, side)
            painter.drawText(box, Qt.AlignHCenter | Qt.AlignBottom, str(x + 1))

    def _paint_counts(self, painter, geo) -> None:
        """Each row's X and O counts in two columns right of the grid, each column's in
        two rows below it; a small X and O where those columns and rows meet say which
        is which.  A count at its line's quota is green and bold, one past it red in a
        ring (shape and weight as well as colour), unless show_met is off."""
        s = self.state
        W, H = s.width, s.height
        c = geo.cell
        step = self.COUNTS_MARGIN * c / 2
        right = geo.x0 + W * c + 0.1 * c  # the X column starts here, the O column one step on
        below = geo.y0 + H * c + 0.1 * c
        rows, cols = self.tallies()
        spoil = self.show_met and self.play_colours
        for i, symbol in enumerate((1, 0)):  # the legend, where the X column meets the X row
            legend = QRectF(right + i * step, below + i * step, step, step)
            self._symbol(painter, legend.adjusted(step * 0.15, step * 0.15, -step * 0.15, -step * 0.15),
                         symbol, True, False)
        boxes = []
        for y, counts in enumerate(rows):
            for i, n in enumerate(counts):
                boxes.append((QRectF(right + i * step, geo.y0 + y * c, step, c), n, W // 2))
        for x, counts in enumerate(cols):
            for i, n in enumerate(counts):
                boxes.append((QRectF(geo.x0 + x * c, below + i * step, c, step), n, H // 2))
        plain, bold = self._margin_font(c), self._margin_font(c, True)
        for box, n, quota in boxes:
            met, over = spoil and n == quota, spoil and n > quota
            if over:
                painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(1.0, c * 0.04))))
                painter.setBrush(Qt.NoBrush)
                r = min(box.width(), box.height()) * 0.42
                painter.drawEllipse(box.center(), r, r)
            painter.setFont(bold if met or over else plain)
            painter.setPen(QColor(theme.ERROR if over else theme.SATISFIED if met else theme.INK))
            painter.drawText(box, Qt.AlignCenter, str(n))

    def _symbol(self, painter, rect: QRectF, v: int, given: bool, wrong: bool, scale=1.0, opacity=1.0):
        """X as two strokes, O as a ring; givens dark and heavy, the player's blue."""
        if opacity <= 0.01:
            return
        c = rect.width()
        colour = QColor(theme.ERROR if wrong and not given else (theme.GIVEN if given else theme.PLAYER))
        colour.setAlphaF(max(0.0, min(1.0, opacity)))
        width = theme.line(c * (0.12 if given else 0.085))
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        r = c * 0.28 * scale
        cx, cy = rect.center().x(), rect.center().y()
        if v == 1:
            painter.drawLine(QPointF(cx - r, cy - r), QPointF(cx + r, cy + r))
            painter.drawLine(QPointF(cx - r, cy + r), QPointF(cx + r, cy - r))
        else:
            painter.drawEllipse(QPointF(cx, cy), r * 1.08, r * 1.08)

    def _cells_layer(self, geo, s, wrong, lit, fading) -> QImage:
        """The cells (tiles, marks, symbols) as one picture kept between frames: only
        the cells that changed since the last frame are drawn again, so a replay step on
        a 40x40 board redraws a handful of cells, not 1,600."""
        W, H = s.width, s.height
        cells, givens, marks = s.cells, s.givens, s.marks
        plain = (False, False, False, -1, 0)  # an empty cell on paper: nothing to draw
        # each cell's look: (given, lit, wrong, value, pencil marks); a fading cell's
        # symbols are drawn on top of the picture.  Only what each cell needs is looked
        # up (the lit and wrong sets are usually empty): 1,600 cells on a 40x40 board
        marked = lit or wrong
        looks = []
        for i in range(W * H):
            v = -2 if i in fading else cells[i]
            if marked:
                xy = (i % W, i // W)
                looks.append((givens[i] >= 0, xy in lit, xy in wrong, v, marks[i] if v == -1 else 0))
            else:
                looks.append((givens[i] >= 0, False, False, v, marks[i] if v == -1 else 0))
        ratio = self.devicePixelRatioF()
        size = (self.width(), self.height(), ratio, geo.x0, geo.y0, geo.cell, W, H, theme.generation)
        keys = self._layer_keys
        resized = self._layer is None or self._layer_size != size
        if resized:
            width, height = max(1, math.ceil(self.width() * ratio)), max(1, math.ceil(self.height() * ratio))
            self._layer = QImage(width, height, QImage.Format_ARGB32_Premultiplied)
            self._layer.setDevicePixelRatio(ratio)
        # a new picture, or most cells changed (an Undo of a whole solution): start from
        # bare paper rather than wipe 1,600 cells one by one
        if resized or sum(a != b for a, b in zip(keys, looks)) > len(looks) // 4:
            self._layer.fill(Qt.transparent)
            p = QPainter(self._layer)
            p.fillRect(QRectF(geo.x0, geo.y0, geo.width, geo.height), QColor(theme.PAPER))
            p.end()
            self._layer_size = size
            keys = [plain] * (W * H)
        self._layer_keys = looks
        c, x0, y0 = geo.cell, geo.x0, geo.y0
        painter = None
        sprites: dict = {}  # this frame's pictures by (value, given, wrong)
        for i, key in enumerate(looks):
            was = keys[i]
            if was == key:
                continue
            if painter is None:
                painter = QPainter(self._layer)
                painter.setRenderHint(QPainter.Antialiasing)
            given, is_lit, is_wrong, v, mark = key
            x, y = i % W, i // W
            rect = QRectF(x0 + x * c, y0 + y * c, c, c)
            if was != plain:  # back to bare paper first
                painter.setCompositionMode(QPainter.CompositionMode_Source)
                painter.fillRect(rect, QColor(theme.PAPER))
                painter.setCompositionMode(QPainter.CompositionMode_SourceOver)
            if given:
                painter.fillRect(rect, QColor(theme.GIVEN_TILE))
            if is_lit:
                painter.fillRect(rect, QColor(theme.HIGHLIGHT_FILL))
            if is_wrong:
                fill = QColor(theme.ERROR_FILL)
                fill.setAlpha(170)  # a given's grey still shows through
                painter.fillRect(rect, fill)
            if v >= 0:
                look = (v, given, is_wrong)
                sprite = sprites.get(look)
                if sprite is None:
                    sprite = sprites[look] = self._sprite(v, given, is_wrong, c)
                painter.drawImage(rect.topLeft(), sprite)
            elif mark:
                self._pencil(painter, rect, mark)
        if painter is not None:
            painter.end()
        return self._layer

    def _sprite(self, v: int, given: bool, wrong: bool, c: float) -> QImage:
        """The symbol drawn once into a transparent cell-sized picture, reused for every
        cell that shows it (painting them one stroke at a time took 60-100 ms a frame on
        a 40x40 board)."""
        return self._sprites.get(
            (v, given, wrong), c, self.devicePixelRatioF(),
            lambda p: self._symbol(p, QRectF(0, 0, c, c), v, given, wrong),
        )

    def _pencil(self, painter, rect: QRectF, marks: int, opacity=1.0):
        """Small muted marks: "maybe X" top left, "maybe O" bottom right."""
        c = rect.width()
        colour = QColor(theme.MUTED)
        colour.setAlphaF(max(0.0, min(1.0, opacity)))
        pen = QPen(colour, theme.line(max(1.0, c * 0.045)))
        pen.setCapStyle(Qt.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        r = c * 0.1
        if marks & MARK_X:
            cx, cy = rect.left() + c * 0.27, rect.top() + c * 0.27
            painter.drawLine(QPointF(cx - r, cy - r), QPointF(cx + r, cy + r))
            painter.drawLine(QPointF(cx - r, cy + r), QPointF(cx + r, cy - r))
        if marks & MARK_O:
            painter.drawEllipse(QPointF(rect.right() - c * 0.27, rect.bottom() - c * 0.27), r, r)

    def _badge(self, painter, grid_rect: QRectF, text: str):
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        w = metrics.horizontalAdvance(text) + 10
        h = metrics.height() + 2
        box = QRectF(self.width() - w - 4, 4, w, h)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(theme.PLAYER))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("white"))
        painter.drawText(box, Qt.AlignCenter, text)

    def _banner(self, painter, text: str):
        """The hint or step sentence, in a box along the bottom of the board."""
        margin = 6.0
        width = self.width() - 2 * margin
        font = QFont(self.font())
        painter.setFont(font)
        flags = Qt.TextWordWrap | Qt.AlignCenter
        bound = painter.fontMetrics().boundingRect(0, 0, int(width - 16), 1000, int(flags), text)
        h = bound.height() + 10
        box = QRectF(margin, self.height() - h - margin, width, h)
        geo = self.geometry_now()
        if any(box.intersects(QRectF(*geo.cell_rect(x, y))) for x, y in self.highlight):
            box.moveTop(margin)  # keep the cells it talks about in view
        fill = QColor(theme.HIGHLIGHT_FILL)
        fill.setAlpha(235)
        painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(1.5)))
        painter.setBrush(fill)
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(QColor(theme.INK))
        painter.drawText(box.adjusted(8, 4, -8, -4), int(flags), text)

    # --- input -----------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if self.state is None or not self.interactive:
            return
        pos = event.position()
        cell = self.geometry_now().cell_at(pos.x(), pos.y())
        if cell is None:
            return
        button = event.button()
        if button not in (Qt.LeftButton, Qt.RightButton, Qt.MiddleButton):
            return
        self.cursor = cell
        self.setFocus(Qt.MouseFocusReason)
        left = button == Qt.LeftButton
        x, y = cell
        if button == Qt.MiddleButton:  # Tatham's reset: the cell empty, or its pencil marks gone
            if self.state.at(x, y) < 0 and self.state.mark_at(x, y) and not self.edit_mode:
                self._set_marks(cell, 0)
            else:
                self._place(cell, -1)
        elif (event.modifiers() & Qt.ShiftModifier or self.pencil_mode) and not self.edit_mode:
            self._toggle_mark(cell, MARK_X if left else MARK_O)
        else:
            self._place(cell, (NEXT if left else PREVIOUS)[self.state.at(x, y)])
        self.update()

    def keyPressEvent(self, event) -> None:
        if self.state is None or not self.interactive:
            super().keyPressEvent(event)
            return
        key = event.key()
        x, y = self.cursor
        moves = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if key in moves:
            dx, dy = moves[key]
            self.cursor = (min(max(x + dx, 0), self.state.width - 1), min(max(y + dy, 0), self.state.height - 1))
            self.update()
            return
        shift = bool(event.modifiers() & Qt.ShiftModifier)
        pencil = (self.pencil_mode or shift) and not self.edit_mode
        if key in (Qt.Key_X, Qt.Key_1, Qt.Key_O, Qt.Key_0):
            v = 1 if key in (Qt.Key_X, Qt.Key_1) else 0
            if pencil:
                self._toggle_mark(self.cursor, MARK_X if v == 1 else MARK_O)
            else:
                self._place(self.cursor, v)
        elif key in (Qt.Key_Space, Qt.Key_Backspace, Qt.Key_Delete):
            if pencil and self.state.at(x, y) < 0:
                self._set_marks(self.cursor, 0)
            else:
                self._place(self.cursor, -1)
        elif key in (Qt.Key_Return, Qt.Key_Enter):
            self._place(self.cursor, NEXT[self.state.at(x, y)])
        elif key == Qt.Key_P and not self.edit_mode:
            self.set_pencil_mode(not self.pencil_mode)
        else:
            super().keyPressEvent(event)
            return
        self.update()

    def set_pencil_mode(self, on: bool) -> None:
        self.pencil_mode = bool(on)
        if self._panel is not None:
            self._panel.pencil.setChecked(self.pencil_mode)
        self.statusMessage.emit(
            "Pencil marks on: clicks and X/O keys now toggle small marks (P to switch off)."
            if self.pencil_mode else "Pencil marks off."
        )
        self.update()

    def _place(self, cell, v: int) -> None:
        x, y = cell
        if not self.edit_mode and self.state.is_given(x, y):
            self.statusMessage.emit(f"Column {x + 1}, row {y + 1} is given and cannot change.")
            return
        if self.state.at(x, y) == v:
            return
        self.moveRequested.emit(("set", x, y, v))

    def _toggle_mark(self, cell, bit: int) -> None:
        x, y = cell
        self._set_marks(cell, self.state.mark_at(x, y) ^ bit)

    def _set_marks(self, cell, marks: int) -> None:
        x, y = cell
        if self.state.is_given(x, y):
            self.statusMessage.emit(f"Column {x + 1}, row {y + 1} is given; it takes no pencil marks.")
            return
        if self.state.at(x, y) >= 0:
            self.statusMessage.emit("Pencil marks go in empty cells; empty this one first.")
            return
        if self.state.mark_at(x, y) != marks:
            self.moveRequested.emit(("mark", x, y, marks))

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:
        super().focusOutEvent(event)
        self.update()

    # --- side panel ------------------------------------------------------------------
    def side_panel(self):
        if self._panel is None:
            self._panel = _Panel(self)
            self._refresh_panel()
        return self._panel

    def _refresh_panel(self) -> None:
        if self._panel is not None and self.state is not None:
            self._panel.refresh(self.state, self._live)

    def set_show_mistakes(self, on: bool) -> None:
        self.show_mistakes = bool(on)
        self.state_changed()
        self.update()


class _Panel(QWidget):
    """Pencil mode, live mistakes and line tallies switches, and what is left to fill."""

    def __init__(self, board: Board):
        super().__init__()
        self.board = board
        layout = QVBoxLayout(self)
        self.pencil = QCheckBox("Pencil marks (P)")
        self.pencil.setToolTip("Clicks and the X/O keys toggle small marks instead of symbols.")
        self.pencil.toggled.connect(self._pencil)
        self.mistakes = QCheckBox("Mark mistakes as I play")
        self.mistakes.setChecked(board.show_mistakes)
        self.mistakes.toggled.connect(board.set_show_mistakes)
        self.counts = QCheckBox("Show counts")
        self.counts.setToolTip("How many X and O each row and column holds, beside the board.")
        self.counts.toggled.connect(board.choose_show_counts)  # one setting with View > Line tallies
        self.numbers = QCheckBox("Number rows and columns")
        self.numbers.setToolTip("Row numbers left of the board, column numbers above it.")
        self.numbers.toggled.connect(board.set_show_numbers)
        self.sync(board)
        self.info = QLabel()
        self.info.setWordWrap(True)
        layout.addWidget(self.pencil)
        layout.addWidget(self.mistakes)
        layout.addWidget(self.counts)
        layout.addWidget(self.numbers)
        layout.addWidget(self.info)
        layout.addStretch(1)

    def sync(self, board: Board) -> None:
        """The tallies switches as the board has them (set from elsewhere too)."""
        for box, on in ((self.counts, board.show_counts), (self.numbers, board.show_numbers)):
            box.blockSignals(True)  # showing the setting is not choosing it
            box.setChecked(on)
            box.blockSignals(False)

    def _pencil(self, on: bool) -> None:
        if on != self.board.pencil_mode:
            self.board.set_pencil_mode(on)

    def refresh(self, state, live) -> None:
        lines = [f"{state.width}x{state.height}, {state.width // 2} X and {state.width // 2} O per row"]
        if state.height != state.width:
            lines[0] += f", {state.height // 2} of each per column"
        if state.unique:
            lines.append("No two rows or columns alike.")
        lines.append(f"Empty cells: {state.empty_count}")
        if live and self.board.show_mistakes:
            lines.append(f"<span style='color:{theme.ERROR}'>{html.escape(live[0].reason)}</span>")  # a sentence, never markup
        self.info.setText("<br>".join(lines))
