"""The Tracks board: draws counts, track, marks and ends; turns drags and keys into moves.

Painting and hit-testing share one GridGeometry (``Board.geometry_for``), so what is drawn and
what is clicked cannot disagree.  The board never changes its state: it emits moves and
the window calls ``set_state`` back.
"""

from __future__ import annotations

import os
import tempfile

from PySide6.QtCore import QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from puzzlegui.core.geometry import GridGeometry
from puzzlegui.core.kind import PuzzleError
from puzzlegui.gui import theme
from puzzlegui.gui.board import BoardWidget

from .model import BIT, DELTA, edge_key

STUB = 0.85  # extra margin, in cells, on a side where A or B is attached


# --- pure layout helpers (shared with the editor) ------------------------------------------
def margins_for(puzzle) -> tuple:
    """(left, top, right, bottom) margins in cells for a puzzle's clues and stubs."""
    sides = {puzzle.start_edge, puzzle.finish_edge}
    left = (1.0 if puzzle.split is not None else 0.3) + (STUB if BIT["L"] in sides else 0.0)
    top = 1.0 + (STUB if BIT["U"] in sides else 0.0)
    right = 1.1 + (STUB if BIT["R"] in sides else 0.0)
    bottom = 0.3 + (STUB if BIT["D"] in sides else 0.0)
    return (left, top, right, bottom)


def clue_centre(puzzle, geo: GridGeometry, clue) -> QPointF:
    """Where the count with clue position ``clue`` ((x, -1), (-1, y) or (W, y)) is drawn."""
    x, y = clue
    sides = {puzzle.start_edge, puzzle.finish_edge}
    c = geo.cell
    if y == -1:
        extra = STUB if BIT["U"] in sides else 0.0
        return QPointF(geo.x0 + (x + 0.5) * c, geo.y0 - (0.5 + extra) * c)
    if x == -1:
        extra = STUB if BIT["L"] in sides else 0.0
        return QPointF(geo.x0 - (0.5 + extra) * c, geo.y0 + (y + 0.5) * c)
    extra = STUB if BIT["R"] in sides else 0.0
    return QPointF(geo.x0 + (puzzle.width + 0.55 + extra) * c, geo.y0 + (y + 0.5) * c)


def clue_at(puzzle, geo: GridGeometry, px: float, py: float):
    """The clue position under a pixel, or None (for the editor's count typing)."""
    best = None
    for _cells, _count, clue, _name in puzzle.lines:
        pt = clue_centre(puzzle, geo, clue)
        d = max(abs(pt.x() - px), abs(pt.y() - py))
        if d <= geo.cell * 0.5 and (best is None or d < best[0]):
            best = (d, clue)
    return best[1] if best else None


def centre(geo: GridGeometry, c) -> QPointF:
    x, y = geo.cell_center(*c)
    return QPointF(x, y)


def stub_end(geo: GridGeometry, c, edge) -> QPointF:
    """The outer end of the stub that attaches cell ``c`` to the ``edge`` side."""
    dx, dy = DELTA[edge]
    p = centre(geo, c)
    return QPointF(p.x() + dx * (0.5 + 0.45) * geo.cell, p.y() + dy * (0.5 + 0.45) * geo.cell)


def badge_point(geo: GridGeometry, c, edge) -> QPointF:
    if edge is None:
        return centre(geo, c)
    dx, dy = DELTA[edge]
    p = centre(geo, c)
    return QPointF(p.x() + dx * (0.5 + 0.62) * geo.cell, p.y() + dy * (0.5 + 0.62) * geo.cell)


def paint_grid(painter: QPainter, puzzle, geo: GridGeometry, fills=None) -> QRectF:
    """Paper, given-piece shading, extra cell fills, grid lines, border and split."""
    c = geo.cell
    rect = QRectF(geo.x0, geo.y0, geo.width, geo.height)
    painter.fillRect(rect, QColor(theme.PAPER))
    for cell, _m in puzzle.fixed:
        painter.fillRect(QRectF(*geo.cell_rect(*cell)), QColor(theme.GIVEN_FILL))
    for cell, colour in (fills or {}).items():
        painter.fillRect(QRectF(*geo.cell_rect(*cell)), QColor(colour))
    pen = QPen(QColor(theme.GRID), max(1.0, c * 0.02))
    painter.setPen(pen)
    for x in range(1, puzzle.width):
        painter.drawLine(QPointF(geo.x0 + x * c, geo.y0), QPointF(geo.x0 + x * c, geo.y0 + geo.height))
    for y in range(1, puzzle.height):
        painter.drawLine(QPointF(geo.x0, geo.y0 + y * c), QPointF(geo.x0 + geo.width, geo.y0 + y * c))
    painter.setPen(QPen(QColor(theme.INK), max(1.5, c * 0.05)))
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(rect)
    if puzzle.split is not None:
        painter.setPen(QPen(QColor(theme.INK), max(2.5, c * 0.1), Qt.SolidLine, Qt.FlatCap))
        sx = geo.x0 + puzzle.split * c
        painter.drawLine(QPointF(sx, geo.y0 - 0.15 * c), QPointF(sx, geo.y0 + geo.height + 0.15 * c))
    return rect


def count_font(geo: GridGeometry) -> QFont:
    f = QFont()
    f.setPixelSize(max(6, int(geo.cell * 0.48)))
    f.setBold(True)
    return f


def paint_counts(painter: QPainter, puzzle, geo: GridGeometry, state=None, selected=None, bad=(), show_blank=False):
    """Every count; with a state, green when met exactly and red when over.  The editor
    shows blank counts as a dot so they can be clicked."""
    painter.setFont(count_font(geo))
    c = geo.cell
    for cells, count, clue, _name in puzzle.lines:
        pt = clue_centre(puzzle, geo, clue)
        box = QRectF(pt.x() - 0.5 * c, pt.y() - 0.5 * c, c, c)
        if clue == selected:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), max(2.0, c * 0.06)))
            painter.setBrush(QColor(theme.HIGHLIGHT_FILL))
            painter.drawRoundedRect(box.adjusted(c * 0.08, c * 0.08, -c * 0.08, -c * 0.08), c * 0.15, c * 0.15)
        if clue in bad:
            painter.setPen(QPen(QColor(theme.ERROR), max(1.5, c * 0.05)))
            painter.setBrush(QColor(theme.ERROR_FILL))
            painter.drawEllipse(pt, c * 0.34, c * 0.34)
        colour = theme.INK
        if count is None:
            text = "·" if show_blank else ""
            colour = theme.MUTED
        else:
            text = str(count)
            if state is not None:
                n = state.line_count(cells)
                if n == count:
                    colour = theme.SATISFIED
                elif n > count:
                    colour = theme.ERROR
        painter.setPen(QColor(colour))
        painter.drawText(box, Qt.AlignCenter, text)


def track_pen(geo: GridGeometry, colour) -> QPen:
    pen = QPen(QColor(colour), max(2.0, geo.cell * 0.2))
    pen.setCapStyle(Qt.RoundCap)
    pen.setJoinStyle(Qt.RoundJoin)
    return pen


def paint_stubs(painter: QPainter, puzzle, geo: GridGeometry):
    """The track stubs from A or B out through the outer edge they are attached to."""
    for cell, edge in ((puzzle.start, puzzle.start_edge), (puzzle.finish, puzzle.finish_edge)):
        if edge is not None:
            painter.setPen(track_pen(geo, theme.GIVEN))
            painter.drawLine(centre(geo, cell), stub_end(geo, cell, edge))


def paint_badges(painter: QPainter, puzzle, geo: GridGeometry):
    """The A and B badges: on the cell, or at the outer end of the stub."""
    c = geo.cell
    font = QFont()
    font.setPixelSize(max(6, int(c * 0.3)))
    font.setBold(True)
    painter.setFont(font)
    for label, cell, edge in (("A", puzzle.start, puzzle.start_edge), ("B", puzzle.finish, puzzle.finish_edge)):
        pt = badge_point(geo, cell, edge)
        r = c * 0.21
        painter.setPen(QPen(QColor(theme.INK), max(1.0, c * 0.04)))
        painter.setBrush(QColor(theme.CARD))
        painter.drawEllipse(pt, r, r)
        painter.setPen(QColor(theme.INK))
        painter.drawText(QRectF(pt.x() - r, pt.y() - r, 2 * r, 2 * r), Qt.AlignCenter, label)


SYMBOL_MIN_PX = 10  # the symbol layer's digits are never drawn smaller


def paint_symbols(painter: QPainter, puzzle, geo: GridGeometry, strong=frozenset(), alpha=0.55):
    """The symbol layer: a glyph in each cell's lower right corner, on a small chip of
    paper so the track drawn before it never hides it, at least SYMBOL_MIN_PX tall."""
    if puzzle.symbols is None:
        return
    c = geo.cell
    px = max(SYMBOL_MIN_PX, int(c * 0.3))
    f = QFont()
    f.setPixelSize(px)
    f.setBold(True)
    painter.setFont(f)
    metrics = painter.fontMetrics()
    faint = QColor(theme.PLAYER)
    faint.setAlphaF(max(alpha, 0.75))  # on its chip a lighter digit still reads
    chip = QColor(theme.PAPER)
    chip.setAlphaF(0.88)
    painter.save()
    for y, row in enumerate(puzzle.symbols):
        for x, s in enumerate(row):
            if not s:
                continue
            cell = QRectF(*geo.cell_rect(x, y))
            w = metrics.horizontalAdvance(s) + px * 0.35
            h = metrics.height() * 0.92
            box = QRectF(cell.right() - w - c * 0.04, cell.bottom() - h - c * 0.03, w, h)
            painter.setPen(Qt.NoPen)
            painter.setBrush(chip)
            painter.drawRoundedRect(box, px * 0.2, px * 0.2)
            painter.setPen(QColor(theme.PLAYER) if (x, y) in strong else faint)
            painter.drawText(box, Qt.AlignCenter, s)
    painter.restore()


def audio_outputs():
    """The audio output devices, imported lazily: QtMultimedia may be missing (it needs
    libpulse) and never loads unless the player asks to play."""
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError:
        return []
    return list(QMediaDevices.audioOutputs())


def monospace_font() -> QFont:
    f = QFontDatabase.systemFont(QFontDatabase.FixedFont)
    f.setStyleHint(QFont.Monospace)
    return f


class MessagePanel(QWidget):
    """Beside the board: the message once the track is complete, play it, save it."""

    NO_DEVICE = "No audio device is available, so the tab cannot be played here; Export WAV… still works."

    def __init__(self, board, parent=None):
        super().__init__(parent)
        self.board = board
        self.message = ""
        self._player = None
        self._output = None
        self._tmpdir = None
        # only as wide as the message needs: the board gets the rest of the row
        self.setSizePolicy(QSizePolicy(QSizePolicy.Maximum, QSizePolicy.Preferred))
        # two columns, the message and its controls, so that below a wide board the
        # panel stays low and the board keeps the height
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        left = QVBoxLayout()
        heading = QLabel("<b>Message</b>")
        left.addWidget(heading)
        self.text = QLabel()
        self.text.setTextFormat(Qt.PlainText)  # the message is read off the file's symbols
        self.text.setFont(monospace_font())
        self.text.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.text.setWordWrap(False)
        self.text.setObjectName("tracksMessage")
        left.addWidget(self.text)
        left.addStretch(1)
        layout.addLayout(left)
        right = QVBoxLayout()
        self.show_symbols = QCheckBox("Show the symbols")
        self.show_symbols.setToolTip("Draw the hidden symbol layer faintly in the cells")
        self.show_symbols.toggled.connect(self._toggle_symbols)
        right.addWidget(self.show_symbols)
        row = QHBoxLayout()
        self.play_button = QPushButton("Play")
        self.play_button.setToolTip("Play the message as a guitar tab (high E string on top)")
        self.play_button.clicked.connect(self.play)
        self.export_button = QPushButton("Export WAV…")
        self.export_button.setToolTip("Save the tab as a WAV sound file")
        self.export_button.clicked.connect(self.export_wav)
        row.addWidget(self.play_button)
        row.addWidget(self.export_button)
        row.addStretch(1)
        right.addLayout(row)
        self.status = QLabel()
        self.status.setTextFormat(Qt.PlainText)
        self.status.setWordWrap(True)
        self.status.setMinimumWidth(220)
        right.addWidget(self.status)
        right.addStretch(1)
        layout.addSpacing(16)
        layout.addLayout(right)
        self.refresh()

    def _toggle_symbols(self, on):
        self.board.show_symbols = bool(on)
        self.board.update()

    def refresh(self) -> None:
        state = self.board.state
        has = state is not None and state.puzzle.has_symbols
        self.show_symbols.setEnabled(has)
        if not has:
            self.message = ""
            self.text.setText("This board has no symbol\nlayer, so no message.")
        elif state.path_complete:
            self.message = state.message()
            self.text.setText(self.message)
        else:
            self.message = ""
            self.text.setText("The message appears here\nonce the track runs from\nA to B.")
        self.play_button.setEnabled(bool(self.message))
        self.export_button.setEnabled(bool(self.message))

    def play(self) -> None:
        if not self.message:
            return
        if not audio_outputs():
            self.status.setText(self.NO_DEVICE)
            return
        from PySide6.QtMultimedia import QAudioOutput, QMediaPlayer

        if self._tmpdir is None:
            self._tmpdir = tempfile.TemporaryDirectory(prefix="puzzlegui-tracks-")
        path = os.path.join(self._tmpdir.name, "message.wav")
        from . import audio  # numpy: loaded when first used, not at start-up

        audio.write_wav(self.message, path)
        if self._player is None:
            self._player = QMediaPlayer(self)
            self._output = QAudioOutput(self)
            self._player.setAudioOutput(self._output)
        self._player.stop()
        self._player.setSource(QUrl.fromLocalFile(path))
        self._player.play()
        self.status.setText("Playing the tab…")

    def export_wav(self) -> None:
        if not self.message:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the tab as WAV", "tracks-message.wav", "WAV audio (*.wav)")
        if not path:
            return
        if not path.lower().endswith(".wav"):
            path += ".wav"
        try:
            from . import audio  # numpy: loaded when first used, not at start-up

            frames = audio.write_wav(self.message, path)
        except OSError as exc:
            self.status.setText(f"Could not write {path}: {exc.strerror or exc}.")
            return
        except PuzzleError as exc:  # files.UnsafeTarget: a FIFO, device or folder at the name
            self.status.setText(f"Could not write {path}: {exc}")
            return
        self.status.setText(f"Saved {frames / audio.SAMPLE_RATE:.1f} seconds of audio to {path}.")


class Board(BoardWidget):

    side_title = "Message"  # the name of its side panel, where it folds into a button
    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.cursor = (0, 0)
        self.show_symbols = False
        self._panel = None
        self._drag = None  # {"cells": [...], "laid": [...], "mode": None/"lay"/"erase", "added", "removed"}
        self._edge_anim: dict = {}  # edge key -> (on, t) while a laid / taken-up piece animates
        self._fade_edges: frozenset = frozenset()
        self._fade_t = 1.0

    # --- geometry ---------------------------------------------------------------------------
    def grid_size(self):
        if self.state is None:
            return (8, 8)
        return (self.state.puzzle.width, self.state.puzzle.height)

    def geometry_for(self, width=None, height=None) -> GridGeometry:
        cols, rows = self.grid_size()
        return GridGeometry.fit(
            cols,
            rows,
            self.width() if width is None else width,
            self.height() if height is None else height,
            self.margins,
        )

    def state_changed(self):
        if self.state is not None:
            self.margins = margins_for(self.state.puzzle)
            p = self.state.puzzle
            if not p.in_grid(self.cursor):
                self.cursor = p.start
        if self._panel is not None:
            self._panel.refresh()

    def set_state(self, state, move=None, animate=False):
        new_puzzle = state is not None and (self.state is None or state.puzzle != self.state.puzzle)
        if new_puzzle:
            self.cursor = state.puzzle.start
            self._drag = None
        super().set_state(state, move, animate)
        if new_puzzle:
            self.updateGeometry()  # another size or other clue margins

    def side_panel(self):
        """The message panel, for a board with a symbol layer; a board without one has
        nothing to say there, and takes no room for it."""
        if self.state is None or not self.state.puzzle.has_symbols:
            return None
        if self._panel is None:
            self._panel = MessagePanel(self)
        return self._panel

    # --- animation --------------------------------------------------------------------------
    def animate_move(self, old_state, move, new_state):
        if not isinstance(move, tuple) or not move:
            return
        if move[0] == "edge" and len(move) == 6:
            key = edge_key((move[1], move[2]), (move[3], move[4]))
            on = move[5]
            if (key in old_state.edges) == (key in new_state.edges):
                return
            anim = self.new_animation()
            # a laid piece grows from its first cell; a piece taken up shrinks into its second
            ends = ((move[1], move[2]), (move[3], move[4])) if on else ((move[3], move[4]), (move[1], move[2]))
            self._edge_anim[key] = (on, 0.0, ends)

            def step(value, key=key, on=on, ends=ends):
                if key in self._edge_anim:
                    self._edge_anim[key] = (on, float(value), ends)
                self.update()

            anim.valueChanged.connect(step)
            anim.finished.connect(lambda key=key: (self._edge_anim.pop(key, None), self.update()))
            anim.start()
        elif move[0] == "clear":
            gone = old_state.edges - new_state.edges
            if not gone:
                return
            anim = self.new_animation()
            self._fade_edges = frozenset(gone)
            self._fade_t = 0.0

            def fade(value):
                self._fade_t = float(value)
                self.update()

            def done():
                self._fade_edges = frozenset()
                self._fade_t = 1.0
                self.update()

            anim.valueChanged.connect(fade)
            anim.finished.connect(done)
            anim.start()

    def stop_animations(self):
        super().stop_animations()
        self._edge_anim.clear()
        self._fade_edges = frozenset()
        self._fade_t = 1.0

    # --- painting ---------------------------------------------------------------------------
    def paint_board(self, painter):
        state = self.state
        p = state.puzzle
        geo = self.geometry_for()
        c = geo.cell
        fills = {}
        bad_clues = set()
        for v in self.violations:
            for cell in v.cells:
                if p.in_grid(cell):
                    fills[cell] = theme.ERROR_FILL
                else:
                    bad_clues.add(cell)
        for cell in self.highlight:
            if p.in_grid(cell):
                fills[cell] = theme.HIGHLIGHT_FILL
        rect = paint_grid(painter, p, geo, fills)
        # no-track marks
        painter.setPen(QPen(QColor(theme.MUTED), max(1.5, c * 0.06), Qt.SolidLine, Qt.RoundCap))
        r = c * 0.13
        for x, y in state.marks:
            pt = centre(geo, (x, y))
            painter.drawLine(QPointF(pt.x() - r, pt.y() - r), QPointF(pt.x() + r, pt.y() + r))
            painter.drawLine(QPointF(pt.x() - r, pt.y() + r), QPointF(pt.x() + r, pt.y() - r))
        paint_stubs(painter, p, geo)
        self._paint_track(painter, geo)
        paint_badges(painter, p, geo)  # on top: the track ends under its station
        if self.show_symbols:  # over the track, each on its chip: the track never hides one
            strong = frozenset(state.path_from_start) if state.path_complete else frozenset()
            paint_symbols(painter, p, geo, strong)
        paint_counts(painter, p, geo, state if self.play_colours else None, bad=bad_clues)
        if self.hasFocus() and self.interactive:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), max(2.0, c * 0.07)))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(*geo.cell_rect(*self.cursor)).adjusted(c * 0.06, c * 0.06, -c * 0.06, -c * 0.06))
        self.paint_flourish(painter, rect)

    def _paint_track(self, painter, geo):
        state = self.state
        p = state.puzzle
        fixed = p.fixed_edges
        player_pen = track_pen(geo, theme.TRACK)
        given_pen = track_pen(geo, theme.GIVEN)
        for key in sorted(state.edges):
            anim = self._edge_anim.get(key)
            painter.setPen(given_pen if key in fixed else player_pen)
            if anim is not None and anim[0] == 1:
                self._partial(painter, geo, anim[2], anim[1])
            else:
                painter.drawLine(centre(geo, key[0]), centre(geo, key[1]))
        painter.setPen(player_pen)
        for key, (on, t, ends) in self._edge_anim.items():
            if on == 0 and key not in state.edges:
                self._partial(painter, geo, ends, 1.0 - t)
        if self._fade_edges and self._fade_t < 1.0:
            colour = QColor(theme.TRACK)
            colour.setAlphaF(max(0.0, 1.0 - self._fade_t))
            painter.setPen(track_pen(geo, colour))
            for a, b in self._fade_edges:
                if (a, b) not in state.edges:
                    painter.drawLine(centre(geo, a), centre(geo, b))

    @staticmethod
    def _partial(painter, geo, ends, fraction):
        """The first ``fraction`` of the piece from ends[0] towards ends[1]."""
        pa, pb = centre(geo, ends[0]), centre(geo, ends[1])
        painter.drawLine(pa, QPointF(pa.x() + (pb.x() - pa.x()) * fraction, pa.y() + (pb.y() - pa.y()) * fraction))

    # --- input ---------------------------------------------------------------------------------
    def _cell_at(self, pos):
        return self.geometry_for().cell_at(pos.x(), pos.y())

    def _has_track(self, key) -> bool:
        d = self._drag
        if d is not None:
            if key in d["removed"]:
                return False
            if key in d["added"]:
                return True
        return key in self.state.edges

    def _emit(self, move) -> bool:
        """Emit ``move`` if the rules allow it; otherwise say why on the status bar."""
        try:
            self.kind.apply(self.state, move)
        except PuzzleError as exc:
            self.statusMessage.emit(str(exc))
            return False
        self.moveRequested.emit(move)
        return True

    def _segment(self, a, b) -> None:
        """The drag crossed from cell a into the neighbouring cell b."""
        d = self._drag
        key = edge_key(a, b)
        has = self._has_track(key)
        if d["mode"] is None:
            d["mode"] = "erase" if has else "lay"
        cells = d["cells"]
        if d["laid"] and d["laid"][-1] == key and len(cells) >= 2 and cells[-2] == b:
            # dragging back over the piece just laid takes it up
            if self._emit(("edge", a[0], a[1], b[0], b[1], 0)):
                d["laid"].pop()
                d["added"].discard(key)
            cells.pop()
            return
        if d["mode"] == "lay" and not has:
            if self._emit(("edge", a[0], a[1], b[0], b[1], 1)):
                d["laid"].append(key)
                d["added"].add(key)
                d["removed"].discard(key)
        elif d["mode"] == "erase" and has and self._emit(("edge", a[0], a[1], b[0], b[1], 0)):
            d["removed"].add(key)
            d["added"].discard(key)
        cells.append(b)

    def _toggle_mark(self, cell) -> None:
        state = self.state
        x, y = cell
        if cell in state.marks:
            self._emit(("mark", x, y, 0))
        else:
            self._emit(("mark", x, y, 1))

    def mousePressEvent(self, event):
        if self.state is None or not self.interactive:
            return
        cell = self._cell_at(event.position())
        if cell is None:
            return
        self.cursor = cell
        if event.button() == Qt.RightButton:
            self._toggle_mark(cell)
            self.update()
            return
        if event.button() == Qt.LeftButton:
            self._drag = {"cells": [cell], "laid": [], "mode": None, "added": set(), "removed": set()}
        self.update()

    def mouseMoveEvent(self, event):
        d = self._drag
        if d is None or self.state is None or not self.interactive:
            return
        cell = self._cell_at(event.position())
        if cell is None:
            return
        # walk one cell at a time towards the pointer, so fast drags lay every piece
        guard = 0
        while cell != d["cells"][-1] and guard < 200:
            guard += 1
            cur = d["cells"][-1]
            dx, dy = cell[0] - cur[0], cell[1] - cur[1]
            if abs(dx) >= abs(dy):
                nxt = (cur[0] + (1 if dx > 0 else -1), cur[1])
            else:
                nxt = (cur[0], cur[1] + (1 if dy > 0 else -1))
            self._segment(cur, nxt)
        self.cursor = d["cells"][-1]
        self.update()

    def mouseReleaseEvent(self, event):
        d = self._drag
        self._drag = None
        if d is None or self.state is None or not self.interactive:
            return
        if event.button() != Qt.LeftButton:
            return
        cell = self._cell_at(event.position())
        if d["mode"] is None and cell == d["cells"][0]:
            self._toggle_mark(cell)
        self.update()

    def keyPressEvent(self, event):
        if self.state is None or not self.interactive:
            super().keyPressEvent(event)
            return
        p = self.state.puzzle
        key = event.key()
        moves = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if key in moves:
            dx, dy = moves[key]
            cur = self.cursor
            nxt = (cur[0] + dx, cur[1] + dy)
            if not p.in_grid(nxt):
                return
            if event.modifiers() & Qt.ShiftModifier:
                k = edge_key(cur, nxt)
                on = 0 if k in self.state.edges else 1
                self._emit(("edge", cur[0], cur[1], nxt[0], nxt[1], on))
            self.cursor = nxt
            self.update()
            return
        if key in (Qt.Key_Space, Qt.Key_X, Qt.Key_Period):
            self._toggle_mark(self.cursor)
            self.update()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.update()

