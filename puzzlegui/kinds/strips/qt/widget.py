"""The Strips board: colours, cut lines, letters, dragging strips, and the tray.

Painting and hit-testing share one GridGeometry (``geometry()``), so what is drawn is
what is clicked.  Input becomes ``("place", ...)`` / ``("remove", ...)`` moves on
``moveRequested``; a refused cut becomes a sentence on ``statusMessage`` and no move.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.qtkit import theme
from puzzlegui.core.text import noun, plural
from puzzlegui.qtkit.board import BoardWidget, focus_frame

from ..model import cell_name, placement_problem, snap, spelled, straight
from ..stripset import format_set, pattern_text
from .paint import BLACK, HALO, WHITE, _edges_of, _straight_runs, cut_colour

class Board(BoardWidget):

    side_title = "Strips"  # the name of its side panel, where it folds into a button
    margins = (0.35, 0.35, 0.35, 0.35)

    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.cursor = (0, 0)
        self.anchor = None  # start of a keyboard stretch (Shift+arrows)
        self._drag_start = None
        self._drag_cells: tuple = ()
        self._anim = None  # the running strip animation
        self._anim_piece = None
        self._anim_action = ""
        self._anim_t = 1.0
        self._panel = None
        self.meta_dialog = None
        self.meta_ms = 4200  # length of the meta-puzzle's animation

    # --- geometry ---------------------------------------------------------------------
    def grid_size(self):
        if self.state is None:
            return (5, 5)
        return (self.state.cols, self.state.rows)

    def geometry(self) -> GridGeometry:
        cols, rows = self.grid_size()
        return GridGeometry.fit(cols, rows, self.width(), self.height(), self.margins)

    def geometry_now(self) -> GridGeometry:
        """The board's hook for what every kind draws alike (the trial's frames, the
        cursor, the cells told to a screen reader): the same grid as ``geometry()``."""
        return self.geometry()

    KEYS = (
        ("Arrow keys", "move the cursor"),
        ("Shift+arrows", "stretch a strip from the cursor, straight, up to the longest strip's length"),
        ("Enter or Space", "cut the stretch (or the cursor's square alone)"),
        ("Delete or Backspace", "take back the strip under the cursor"),
        ("Escape", "drop the stretch"),
    )

    def access_cell(self, x: int, y: int) -> str:
        state = self.state
        cell = (x, y)
        words = ["black" if state.colour(cell) == "b" else "white"]
        if state.letter(cell):
            words.append(f"letter {state.letter(cell)}")
        piece = state.owner.get(cell)
        if piece is None:
            words.append("not cut")
        else:
            pattern, cells = piece
            colours = ", ".join("black" if c == "b" else "white" for c in pattern)
            words.append(f"in a strip of {len(cells)}: {colours}" if len(cells) > 1 else "a strip of 1")
        if cell in self.selection:
            words.append("in the stretch to cut")
        return ", ".join(words)

    def _cell_near(self, pos):
        """The grid cell under a pixel, clamped to the grid (for drags that leave it)."""
        g = self.geometry()
        fx, fy = g.point_at(pos.x(), pos.y())
        return (min(max(int(fx // 1), 0), g.cols - 1), min(max(int(fy // 1), 0), g.rows - 1))

    @property
    def selection(self) -> tuple:
        """Cells the player is about to cut: the drag, or the keyboard stretch."""
        if self._drag_cells:
            return self._drag_cells
        if self.anchor is not None and self.state is not None:
            return snap(self.anchor, self.cursor, self.state.strips.max_length, self.state.cols, self.state.rows)
        return ()

    # --- acting ---------------------------------------------------------------------------
    def _cut(self, cells, click: bool) -> None:
        """Emit the move for cutting ``cells`` (or taking back the strip clicked)."""
        state = self.state
        if len(cells) == 1 and cells[0] in state.owner:
            if click:
                self._take_back(cells[0])
            else:
                self.statusMessage.emit(
                    f"{cell_name(cells[0]).capitalize()} is already in a strip; Delete takes it back."
                )
            return
        problem = placement_problem(state, cells)
        if problem:
            self.statusMessage.emit(problem)
            return
        pattern, ordered = spelled(state.colours, straight(cells))
        self.moveRequested.emit(("place", pattern, ordered))

    def _take_back(self, cell) -> None:
        piece = self.state.owner.get(cell)
        if piece is None:
            self.statusMessage.emit(f"There is no strip on {cell_name(cell)} to take back.")
            return
        self.moveRequested.emit(("remove", piece[0], piece[1]))

    # --- mouse ------------------------------------------------------------------------------
    def mousePressEvent(self, event):
        if not self.interactive or self.state is None:
            return
        cell = self.geometry().cell_at(event.position().x(), event.position().y())
        if cell is None:
            return
        self.setFocus(Qt.MouseFocusReason)
        self.cursor = cell
        self.anchor = None
        if event.button() == Qt.RightButton:
            if cell in self.state.owner:
                self._take_back(cell)
            return
        if event.button() == Qt.LeftButton:
            self._drag_start = cell
            self._drag_cells = (cell,)
            self.update()

    def mouseMoveEvent(self, event):
        if self._drag_start is None or self.state is None:
            return
        end = self._cell_near(event.position())
        cells = snap(self._drag_start, end, self.state.strips.max_length, self.state.cols, self.state.rows)
        if cells != self._drag_cells:
            self._drag_cells = cells
            self.cursor = cells[-1]
            self.update()

    def mouseReleaseEvent(self, event):
        if self._drag_start is None:
            return
        cells = self._drag_cells
        self._drag_start = None
        self._drag_cells = ()
        self.update()
        if self.interactive and self.state is not None and cells:
            self._cut(cells, click=len(cells) == 1)

    # --- keys -------------------------------------------------------------------------------
    def keyPressEvent(self, event):
        if self.state is None or not self.interactive:
            super().keyPressEvent(event)
            return
        key = event.key()
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if key in steps:
            dx, dy = steps[key]
            stretch = bool(event.modifiers() & Qt.ShiftModifier)
            if stretch and self.anchor is None:
                self.anchor = self.cursor
            elif not stretch:
                self.anchor = None
            x = min(max(self.cursor[0] + dx, 0), self.state.cols - 1)
            y = min(max(self.cursor[1] + dy, 0), self.state.rows - 1)
            if stretch:
                # keep the stretch straight and no longer than the longest strip
                line = snap(self.anchor, (x, y), self.state.strips.max_length, self.state.cols, self.state.rows)
                x, y = line[-1]
            self.cursor = (x, y)
            self.update()
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            cells = self.selection or (self.cursor,)
            self.anchor = None
            self.update()
            self._cut(cells, click=False)
        elif key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.anchor = None
            self._take_back(self.cursor)
        elif key == Qt.Key_Escape and self.anchor is not None:
            self.anchor = None
            self.update()
        else:
            super().keyPressEvent(event)

    # --- animation -------------------------------------------------------------------------
    def animate_move(self, old_state, move, new_state):
        if not (isinstance(move, tuple) and len(move) == 3 and move[0] in ("place", "remove")):
            return
        source = new_state if move[0] == "place" else old_state
        piece = source.owner.get(tuple(move[2][0]))
        if piece is None:
            return
        self._end_strip_animation()
        self._anim_piece = piece
        self._anim_action = move[0]
        self._anim_t = 0.0
        anim = self.new_animation(max(1, int(self.animation_ms * (1.4 if move[0] == "place" else 1.0))))
        anim.valueChanged.connect(self._on_strip_anim)
        anim.finished.connect(self._strip_anim_done)
        self._anim = anim
        anim.start()

    def _on_strip_anim(self, value):
        self._anim_t = float(value)
        self.update()

    def _strip_anim_done(self):
        self._anim = None
        self._anim_piece = None
        self._anim_t = 1.0
        self.update()

    def _end_strip_animation(self):
        if self._anim is not None:
            anim = self._anim
            self._anim = None
            anim.stop()
            self._forget(anim)
        self._anim_piece = None
        self._anim_t = 1.0

    def stop_animations(self):
        super().stop_animations()
        self._anim = None
        self._anim_piece = None
        self._anim_t = 1.0
        self.update()

    def state_changed(self):
        if self.state is not None:
            self.cursor = (min(self.cursor[0], self.state.cols - 1), min(self.cursor[1], self.state.rows - 1))
            if self.anchor is not None and not (self.anchor[0] < self.state.cols and self.anchor[1] < self.state.rows):
                self.anchor = None
        if self._panel is not None:
            self._panel.refresh(self.state)

    # --- side panel --------------------------------------------------------------------------
    def side_panel(self):
        if self._panel is None:
            self._panel = StripsPanel(self)
            self._panel.refresh(self.state)
        return self._panel

    def open_meta(self):
        """The meta-puzzle dialog for the seed set (the side panel's button)."""
        from .meta_view import MetaDialog

        if self.meta_dialog is not None:
            self.meta_dialog.close()
            self.meta_dialog.deleteLater()
        self.meta_dialog = MetaDialog(current=self.state, parent=self.window(), duration_ms=self.meta_ms)
        self.meta_dialog.show()
        self.meta_dialog.start()
        return self.meta_dialog

    # --- painting ------------------------------------------------------------------------------
    def paint_board(self, painter: QPainter):
        state = self.state
        g = self.geometry()
        c = g.cell
        grid_rect = QRectF(g.x0, g.y0, g.width, g.height)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(theme.PAPER))
        painter.drawRoundedRect(grid_rect.adjusted(-0.25 * c, -0.25 * c, 0.25 * c, 0.25 * c), 0.12 * c, 0.12 * c)

        # cells, without antialiasing so neighbours meet without a hairline seam
        painter.setRenderHint(QPainter.Antialiasing, False)
        for x, y in state.cells():
            left, top, size, _ = g.cell_rect(x, y)
            rect = QRectF(round(left), round(top), round(left + size) - round(left), round(top + size) - round(top))
            painter.fillRect(rect, BLACK if state.colour((x, y)) == "b" else WHITE)
        painter.setRenderHint(QPainter.Antialiasing, True)
        # thin grid lines (grey reads on both colours), none inside a cut strip: a strip
        # shows as one piece, like the outlines the seed prints
        owner = state.owner
        inner = []
        for x in range(g.cols + 1):
            for y in range(g.rows):
                a, b = owner.get((x - 1, y)), owner.get((x, y))
                if a is None or a is not b:
                    inner.append(((x, y), (x, y + 1)))
        for y in range(g.rows + 1):
            for x in range(g.cols):
                a, b = owner.get((x, y - 1)), owner.get((x, y))
                if a is None or a is not b:
                    inner.append(((x, y), (x + 1, y)))
        painter.setPen(QPen(QColor(theme.GRID), theme.line(max(1.0, c * 0.02))))
        painter.drawPath(self._segments_path(g, _straight_runs(inner)))

        # highlight and violations under the cuts
        for cell in self.highlight:
            if 0 <= cell[0] < g.cols and 0 <= cell[1] < g.rows:
                self._mark(painter, g, cell, QColor(theme.HIGHLIGHT), 0.09, focus=True)
        for violation in self.violations:
            for cell in violation.cells:
                if 0 <= cell[0] < g.cols and 0 <= cell[1] < g.rows:
                    self._mark(painter, g, cell, QColor(theme.ERROR), 0.11)

        # cut lines around every strip, with a white halo so they read on black cells
        animating = self._anim_piece if self._anim is not None else None
        pieces = [p for p in state.pieces if p != animating]
        self._draw_cuts(painter, g, pieces, cut_colour(), 1.0)
        if animating is not None:
            self._draw_animated(painter, g, animating)

        # letters, in the colour opposite their cell
        if state.letters:
            font = QFont(self.font())
            font.setPixelSize(max(6, int(c * 0.46)))
            font.setBold(True)
            painter.setFont(font)
            for x, y in state.cells():
                letter = state.letter((x, y))
                if letter:
                    painter.setPen(WHITE if state.colour((x, y)) == "b" else BLACK)
                    painter.drawText(QRectF(*g.cell_rect(x, y)), Qt.AlignCenter, letter)

        self._draw_selection(painter, g)
        if self.shows_cursor():
            inset = c * 0.1
            self.paint_cursor(painter, QRectF(*g.cell_rect(*self.cursor)).adjusted(inset, inset, -inset, -inset), c)
        self.paint_flourish(painter, grid_rect)

    def _mark(self, painter, g, cell, colour, width, focus=False):
        """A tinted cell in a frame: plain for a mistake, with heavy corners for the
        solver's or hint's ``focus`` (board.focus_frame), so they differ in shape too."""
        c = g.cell
        fill = QColor(colour)
        fill.setAlphaF(0.35)
        rect = QRectF(*g.cell_rect(*cell))
        painter.fillRect(rect, fill)
        pen = theme.line(c * width)
        half = pen / 2
        if focus:
            focus_frame(painter, rect.adjusted(pen, pen, -pen, -pen), pen)
            return
        painter.setPen(QPen(colour, pen))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect.adjusted(half, half, -half, -half))

    def _segments_path(self, g, segments) -> QPainterPath:
        path = QPainterPath()
        for (x0, y0), (x1, y1) in segments:
            path.moveTo(g.x0 + x0 * g.cell, g.y0 + y0 * g.cell)
            path.lineTo(g.x0 + x1 * g.cell, g.y0 + y1 * g.cell)
        return path

    def _draw_cuts(self, painter, g, pieces, colour, alpha):
        if not pieces:
            return
        segments = {seg for _, cells in pieces for seg in _edges_of(cells)}
        path = self._segments_path(g, _straight_runs(segments))
        painter.setBrush(Qt.NoBrush)
        halo = QColor(HALO)
        halo.setAlphaF(alpha)
        line = QColor(colour)
        line.setAlphaF(alpha)
        painter.setPen(QPen(halo, theme.line(g.cell * 0.16), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPath(path)
        painter.setPen(QPen(line, theme.line(g.cell * 0.09), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        painter.drawPath(path)

    def _draw_animated(self, painter, g, piece):
        """A placed strip slides in as a lifted tile; a removed one lifts and fades."""
        t = self._anim_t
        placing = self._anim_action == "place"
        k = t if placing else 1.0 - t  # 1.0 = sitting in place
        cells = piece[1]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        across = len(cells) == 1 or ys[0] == ys[-1]
        lift = (1.0 - k) * g.cell * 0.6
        dx, dy = (-lift, -lift * 0.3) if across else (-lift * 0.3, -lift)
        painter.save()
        painter.setOpacity(max(0.0, min(1.0, 0.15 + 0.85 * k)))
        painter.translate(dx, dy)
        rect = QRectF(g.x0 + min(xs) * g.cell, g.y0 + min(ys) * g.cell, (max(xs) - min(xs) + 1) * g.cell, (max(ys) - min(ys) + 1) * g.cell)
        shadow = QColor(0, 0, 0, int(90 * (1.0 - k)))
        painter.fillRect(rect.translated(g.cell * 0.08, g.cell * 0.1), shadow)
        for x, y in cells:
            painter.fillRect(QRectF(*g.cell_rect(x, y)), BLACK if self.state.colour((x, y)) == "b" else WHITE)
        painter.restore()
        painter.save()
        painter.translate(dx, dy)
        self._draw_cuts(painter, g, [piece], cut_colour(), max(0.0, min(1.0, k if not placing else 0.3 + 0.7 * k)))
        painter.restore()

    def _draw_selection(self, painter, g):
        cells = self.selection
        if not cells:
            return
        state = self.state
        c = g.cell
        if len(cells) == 1 and cells[0] in state.owner:
            problem = None
        else:
            problem = placement_problem(state, cells)
        colour = QColor(theme.ERROR if problem else theme.SATISFIED)
        path = self._segments_path(g, _edges_of(cells))
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(HALO, theme.line(c * 0.14), Qt.SolidLine, Qt.RoundCap))
        painter.drawPath(path)
        # a strip that fits is outlined solid, one that does not dashed, and each has its
        # check or cross on it: red and green are not the only difference
        painter.setPen(QPen(colour, theme.line(c * 0.08), Qt.DashLine if problem else Qt.SolidLine, Qt.RoundCap))
        painter.drawPath(path)
        self._verdict_sign(painter, g, max(cells), colour, fits=not problem)
        if len(cells) < 2 and not self._drag_cells:
            return
        # the pattern in a bubble above the strip (below it on the top row)
        pattern = "".join(state.colour(x) for x in sorted(cells)).upper()
        label = pattern_text(pattern) + ("  ✓" if not problem else "  ✗")
        font = QFont(self.font())
        font.setPixelSize(max(9, int(c * 0.3)))
        font.setBold(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        w = metrics.horizontalAdvance(label) + c * 0.3
        h = metrics.height() + c * 0.12
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        cx = g.x0 + (min(xs) + max(xs) + 1) / 2 * c
        top = g.y0 + min(ys) * c
        y = top - h - c * 0.08
        if y < 0:
            y = g.y0 + (max(ys) + 1) * c + c * 0.08
        bubble = QRectF(cx - w / 2, y, w, h)
        if bubble.left() < 0:
            bubble.moveLeft(0)
        if bubble.right() > self.width():
            bubble.moveRight(self.width())
        painter.setPen(QPen(colour, theme.line(max(1.5, c * 0.03))))
        painter.setBrush(QColor(theme.PAPER))
        painter.drawRoundedRect(bubble, h * 0.3, h * 0.3)
        painter.setPen(QColor(theme.INK))
        painter.drawText(bubble, Qt.AlignCenter, label)


    @staticmethod
    def _verdict_sign(painter, g, cell, colour, fits: bool) -> None:
        """A check (the strip fits) or a cross (it does not) on a paper disc in the top
        right corner of ``cell``, the selection's last."""
        c = g.cell
        left, top, side, _ = g.cell_rect(*cell)
        r = side * 0.2
        centre = QPointF(left + side - r * 1.1, top + r * 1.1)
        painter.setPen(QPen(colour, theme.line(max(1.0, c * 0.03))))
        painter.setBrush(QColor(theme.PAPER))
        painter.drawEllipse(centre, r, r)
        pen = QPen(colour, theme.line(max(1.5, c * 0.05)), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        a = r * 0.5
        x, y = centre.x(), centre.y()
        if fits:
            painter.drawPolyline(QPolygonF([QPointF(x - a, y), QPointF(x - a * 0.3, y + a * 0.7), QPointF(x + a, y - a * 0.7)]))
        else:
            painter.drawLine(QPointF(x - a, y - a), QPointF(x + a, y + a))
            painter.drawLine(QPointF(x - a, y + a), QPointF(x + a, y - a))


class Tray(QWidget):
    """Every pattern of the set as a little strip, with how many are used: the used-up
    ones fade and get a tick."""

    CELL = 13

    def __init__(self, parent=None):
        super().__init__(parent)
        self.state = None
        self.setMinimumWidth(190)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Minimum)

    def set_state(self, state):
        self.state = state
        self.updateGeometry()
        self.update()

    PAD = 8

    def _layout(self, width):
        """(pattern, rect, header) boxes laid out in rows, grouped by length, inside
        the tray's padding."""
        boxes = []
        if self.state is None:
            return boxes, 0
        s = self.CELL
        inner = width - 2 * self.PAD
        x, y = 0, self.PAD
        row_h = s + 10
        last_len = None
        font_h = 16
        for pattern, _ in sorted(self.state.strips.counts, key=lambda pc: len(pc[0])):
            if len(pattern) != last_len:
                if last_len is not None:
                    y += row_h
                boxes.append((None, QRectF(self.PAD, y, inner, font_h), f"1x{len(pattern)}"))
                y += font_h
                x = 0
                last_len = len(pattern)
            w = len(pattern) * s + 40
            if x + w > inner and x > 0:
                x = 0
                y += row_h
            boxes.append((pattern, QRectF(self.PAD + x, y, w, row_h), ""))
            x += w + 6
        return boxes, y + row_h + self.PAD

    def sizeHint(self):
        _, h = self._layout(max(self.width(), 190))
        return QSize(220, int(h) + 4)

    def minimumSizeHint(self):
        return self.sizeHint()

    def hasHeightForWidth(self):
        return True

    def heightForWidth(self, width):
        return int(self._layout(width)[1]) + 4

    def paintEvent(self, event):
        if self.state is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        boxes, height = self._layout(self.width())
        # the tray has its own paper, like the board, so it reads on any window palette
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(theme.PAPER))
        painter.drawRoundedRect(QRectF(0, 0, self.width(), height), 6, 6)
        s = self.CELL
        font = QFont(self.font())
        font.setPixelSize(11)
        painter.setFont(font)
        ink = QColor(theme.INK)
        for pattern, rect, header in boxes:
            if pattern is None:
                muted = QColor(theme.MUTED)  # the length headers: away from the paper in either theme
                painter.setPen(muted.lighter(130) if theme.dark else muted.darker(140))
                painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter, header)
                continue
            allowed = self.state.strips.count(pattern)
            used = self.state.used.get(pattern, 0)
            done = used >= allowed
            top = rect.top() + (rect.height() - s) / 2
            chip = QRectF(rect.left(), top, len(pattern) * s, s)
            for i, colour in enumerate(pattern):
                painter.fillRect(QRectF(chip.left() + i * s, top, s, s), BLACK if colour == "b" else WHITE)
            painter.setPen(QPen(QColor(theme.GRID), theme.line(1)))
            for i in range(1, len(pattern)):  # the cells apart, so "bbb" counts as three
                painter.drawLine(QPointF(chip.left() + i * s, top), QPointF(chip.left() + i * s, top + s))
            if done:
                wash = QColor(theme.PAPER)
                wash.setAlphaF(0.65)
                painter.fillRect(chip, wash)
            # an outline in ink, over the wash: a black swatch on the dark paper (or a
            # white one on the light) still shows its edge, at 3:1 or more when used up
            edge = QColor(theme.INK)
            edge.setAlphaF(0.55 if done else 1.0)
            painter.setPen(QPen(edge, theme.line(1.5)))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(chip.adjusted(-0.75, -0.75, 0.75, 0.75))
            text = f"{used}/{allowed}" + (" ✓" if done else "")
            painter.setPen(QColor(theme.SATISFIED) if done else ink)
            painter.drawText(
                QRectF(chip.right() + 3, rect.top(), 40, rect.height()),
                Qt.AlignLeft | Qt.AlignVCenter,
                text,
            )
        painter.end()


class StripsPanel(QWidget):
    """The side panel: progress, the tray, a note about letters, the meta-puzzle."""

    def __init__(self, board: Board):
        super().__init__()
        self.board = board
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.progress = QLabel()
        self.progress.setWordWrap(True)
        self.tray = Tray()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.meta_button = QPushButton("Meta-puzzle…")
        self.meta_button.setToolTip("Solve all 25 grids of MUMS 2010 and build the final grid from their 1x1 cells.")
        self.meta_button.clicked.connect(board.open_meta)
        layout.addWidget(self.progress)
        layout.addWidget(self.tray)
        layout.addWidget(self.note)
        layout.addWidget(self.meta_button)
        layout.addStretch(1)
        self.setMinimumWidth(210)

    def refresh(self, state) -> None:
        from ..meta import is_seed_grid

        self.tray.set_state(state)
        if state is None:
            self.progress.setText("")
            self.note.setText("")
            self.meta_button.setVisible(False)
            return
        placed = len(state.pieces)
        cut = len(state.owner)
        how = "each used exactly as often as shown" if state.strips.exact else "each used at most as often as shown"
        self.progress.setText(
            f"<b>{placed:,}</b> {noun(placed, 'strip')} cut, <b>{cut:,}</b> of "
            f"{plural(state.cell_count, 'cell')} covered.<br>"
            f"Strips <i>{html.escape(format_set(state.strips))}</i>: {how}."  # the file's set, never markup
        )
        seed = is_seed_grid(state)
        self.meta_button.setVisible(seed)
        if seed and not state.letters:
            self.note.setText(
                "The original grids have a letter in every cell; the source gives none. "
                "Type them in with Edit board to read the meta answer."
            )
        elif not state.letters:
            self.note.setText("")
        else:
            self.note.setText("Letters shown as entered.")
