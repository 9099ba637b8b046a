"""The Tracks board: draws counts, track, marks and ends; turns drags and keys into moves.

Painting and hit-testing share one GridGeometry (``Board.geometry_for``), so what is drawn and
what is clicked cannot disagree.  The board never changes its state: it emits moves and
the window calls ``set_state`` back.  A drag is shown on a preview of its own and emitted
whole at the release, as one Batch: one drag is one Undo.

The mouse does what it does in Simon Tatham's Tracks: a left click on an edge between two
cells lays (or takes up) track there and a right click crosses the edge out; a left click
inside a cell dots it ("the track passes here") and a right click marks it "no track".
"""

from __future__ import annotations

import math
import os
import tempfile

from PySide6.QtCore import QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QPainterPath, QPen
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
from puzzlegui.core.history import Batch
from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import accessible, theme
from puzzlegui.qtkit.board import BoardWidget, focus_frame

from ..model import BIT, DELTA, direction, edge_key

STUB = 0.85  # extra margin, in cells, on a side where A or B is attached
RAILS_MIN_PX = 28  # cells at least this big draw the track as rails and sleepers
EDGE_ZONE = 0.22  # a click this close to a side of a cell (in cells) is a click on that edge




def _track_words(mask: int) -> str:
    """A square's track in words, its ends left, up, right, down in that order: "track
    left to down", "track to the right" (an end of the track)."""
    ways = [name for name in ("left", "up", "right", "down") if mask & BIT[name[0].upper()]]
    return f"track {' to '.join(ways)}" if len(ways) >= 2 else f"track to the {ways[0]}"


#: every square's track in words, by its direction bits (what a screen reader hears)
_TRACK_WORDS = {mask: _track_words(mask) for mask in range(1, 16)}


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


def tally_rect(puzzle, geo: GridGeometry, clue) -> tuple[QRectF, Qt.AlignmentFlag]:
    """Where the tally of the count at ``clue`` is drawn, and its alignment: above a
    column's count, left of a count on the left, right of a count on the right (the
    neighbouring counts are beside a column's and above and below a row's)."""
    pt = clue_centre(puzzle, geo, clue)
    c = geo.cell
    x, y = clue
    if y == -1:
        return QRectF(pt.x() - 0.5 * c, pt.y() - 0.52 * c, c, 0.3 * c), Qt.AlignHCenter | Qt.AlignBottom
    if x == -1:
        return QRectF(pt.x() - 0.5 * c, pt.y() - 0.5 * c, 0.2 * c, c), Qt.AlignRight | Qt.AlignVCenter
    return QRectF(pt.x() + 0.3 * c, pt.y() - 0.5 * c, 0.25 * c, c), Qt.AlignLeft | Qt.AlignVCenter


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
    pen = QPen(QColor(theme.GRID), theme.line(max(1.0, c * 0.02)))
    painter.setPen(pen)
    for x in range(1, puzzle.width):
        painter.drawLine(QPointF(geo.x0 + x * c, geo.y0), QPointF(geo.x0 + x * c, geo.y0 + geo.height))
    for y in range(1, puzzle.height):
        painter.drawLine(QPointF(geo.x0, geo.y0 + y * c), QPointF(geo.x0 + geo.width, geo.y0 + y * c))
    painter.setPen(QPen(QColor(theme.INK), theme.line(max(1.5, c * 0.05))))
    painter.setBrush(Qt.NoBrush)
    painter.drawRect(rect)
    if puzzle.split is not None:
        painter.setPen(QPen(QColor(theme.INK), theme.line(max(2.5, c * 0.1)), Qt.SolidLine, Qt.FlatCap))
        sx = geo.x0 + puzzle.split * c
        painter.drawLine(QPointF(sx, geo.y0 - 0.15 * c), QPointF(sx, geo.y0 + geo.height + 0.15 * c))
    return rect


def count_font(geo: GridGeometry) -> QFont:
    """The counts' font; View > Accessibility's clue text size scales it (to 0.72 of a
    cell at most: a two-digit count still fits its square)."""
    f = QFont()
    f.setPixelSize(max(6, int(geo.cell * 0.48 * accessible.prefs.clue_scale)))
    f.setBold(True)
    return f


def paint_counts(
    painter: QPainter, puzzle, geo: GridGeometry, state=None, selected=None, bad=(), show_blank=False, tally=None
):
    """Every count; with a state, green and underlined when met exactly, red and struck
    through when over (a shape as well as a colour: greyscale, or an eye that mixes red
    and green, still tells them apart).  The editor shows blank counts as a dot so they
    can be clicked.  With ``tally`` (a state), each
    count has what it still needs (the count minus the track cells in its line) small
    beside it, without colour (it is arithmetic, not a verdict): in line with its own count
    along the line, where no other count is (above a column's count, outside a row's), so
    it never sits between two counts (``tally_rect``)."""
    c = geo.cell
    if tally is not None:
        small = QFont()
        small.setPixelSize(max(7, int(c * 0.25)))
        painter.setFont(small)
        painter.setPen(QColor(theme.PLAYER))
        for cells, count, clue, _name in puzzle.lines:
            if count is None:
                continue
            left = count - tally.line_count(cells)
            rect, align = tally_rect(puzzle, geo, clue)
            painter.drawText(rect, align, str(left) if left >= 0 else f"\u2212{-left}")
    painter.setFont(count_font(geo))
    for cells, count, clue, _name in puzzle.lines:
        pt = clue_centre(puzzle, geo, clue)
        box = QRectF(pt.x() - 0.5 * c, pt.y() - 0.5 * c, c, c)
        if clue == selected:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), theme.line(max(2.0, c * 0.06))))
            painter.setBrush(QColor(theme.HIGHLIGHT_FILL))
            painter.drawRoundedRect(box.adjusted(c * 0.08, c * 0.08, -c * 0.08, -c * 0.08), c * 0.15, c * 0.15)
        if clue in bad:
            painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(1.5, c * 0.05))))
            painter.setBrush(QColor(theme.ERROR_FILL))
            painter.drawEllipse(pt, c * 0.34, c * 0.34)
        colour = theme.INK
        verdict = None
        if count is None:
            text = "·" if show_blank else ""
            colour = theme.MUTED
        else:
            text = str(count)
            if state is not None:
                n = state.line_count(cells)
                if n == count:
                    colour, verdict = theme.SATISFIED, "met"
                elif n > count:
                    colour, verdict = theme.ERROR, "over"
        painter.setPen(QColor(colour))
        painter.drawText(box, Qt.AlignCenter, text)
        if verdict is not None:
            pen = QPen(QColor(colour), theme.line(max(1.5, c * 0.06)), Qt.SolidLine, Qt.RoundCap)
            painter.setPen(pen)
            half = c * (0.1 + 0.14 * len(text))
            if verdict == "met":  # a bar under the digits
                y = pt.y() + c * 0.3
                painter.drawLine(QPointF(pt.x() - half, y), QPointF(pt.x() + half, y))
            else:  # a stroke across them, rising to the right
                painter.drawLine(QPointF(pt.x() - half, pt.y() + c * 0.2), QPointF(pt.x() + half, pt.y() - c * 0.2))


def track_pen(geo: GridGeometry, colour) -> QPen:
    pen = QPen(QColor(colour), theme.line(max(2.0, geo.cell * 0.2)))
    pen.setCapStyle(Qt.RoundCap)
    pen.setJoinStyle(Qt.RoundJoin)
    return pen


def rail_pens(geo: GridGeometry, colour) -> tuple:
    """(rail, sleeper) pens: rails full strength, sleepers lighter and broader, as
    Tatham draws them."""
    rail = QPen(QColor(colour), theme.line(max(2.0, geo.cell * 0.05)))
    rail.setCapStyle(Qt.FlatCap)
    tie = QColor(colour)
    tie.setAlphaF(0.5)
    sleeper = QPen(tie, theme.line(max(2.0, geo.cell * 0.08)))
    sleeper.setCapStyle(Qt.FlatCap)
    return rail, sleeper


def rail_segment(painter: QPainter, geo: GridGeometry, p0: QPointF, p1: QPointF, colour, fraction=1.0):
    """Straight rails from p0 towards p1 (the first ``fraction`` of the way), with a
    sleeper every half cell, the first a quarter cell from p0."""
    c = geo.cell
    dx, dy = p1.x() - p0.x(), p1.y() - p0.y()
    length = math.hypot(dx, dy)
    if length <= 0:
        return
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux  # across the track
    g, w = c * 0.16, c * 0.24  # half the gauge; half a sleeper
    end = length * fraction
    rail, sleeper = rail_pens(geo, colour)
    painter.setPen(sleeper)
    at = c * 0.25
    while at < end:
        mx, my = p0.x() + ux * at, p0.y() + uy * at
        painter.drawLine(QPointF(mx - nx * w, my - ny * w), QPointF(mx + nx * w, my + ny * w))
        at += c * 0.5
    painter.setPen(rail)
    for side in (-1, 1):
        ox, oy = nx * g * side, ny * g * side
        painter.drawLine(QPointF(p0.x() + ox, p0.y() + oy), QPointF(p0.x() + ux * end + ox, p0.y() + uy * end + oy))


def _qt_angle(vx: float, vy: float) -> float:
    """Qt's angle in degrees (anticlockwise from 3 o'clock) of a vector in screen pixels."""
    return math.degrees(math.atan2(-vy, vx))


def rail_piece(painter: QPainter, geo: GridGeometry, cell, mask: int, colour_of):
    """One cell's track as rails: a corner as two quarter arcs round the cell's corner,
    anything else as straight halves from the centre to each side.  ``colour_of(bit)`` is
    the colour of the half that leaves through side ``bit``."""
    c = geo.cell
    ctr = centre(geo, cell)
    bits = [b for b in DELTA if mask & b]
    horizontal = [b for b in bits if DELTA[b][1] == 0]
    vertical = [b for b in bits if DELTA[b][0] == 0]
    if len(bits) != 2 or len(horizontal) != 1:
        for b in bits:
            dx, dy = DELTA[b]
            rail_segment(painter, geo, ctr, QPointF(ctr.x() + dx * c / 2, ctr.y() + dy * c / 2), colour_of(b))
        return
    h, v = horizontal[0], vertical[0]
    kx, ky = ctr.x() + DELTA[h][0] * c / 2, ctr.y() + DELTA[v][1] * c / 2  # the corner the track turns round
    g, w = c * 0.16, c * 0.24
    for side, other in ((h, v), (v, h)):
        sx, sy = ctr.x() + DELTA[side][0] * c / 2 - kx, ctr.y() + DELTA[side][1] * c / 2 - ky
        ox, oy = ctr.x() + DELTA[other][0] * c / 2 - kx, ctr.y() + DELTA[other][1] * c / 2 - ky
        a0 = _qt_angle(sx, sy)
        span = ((_qt_angle(ox, oy) - a0 + 180) % 360 - 180) / 2  # half the quarter, towards the other side
        rail, sleeper = rail_pens(geo, colour_of(side))
        mid = math.radians(a0 + span / 2)
        cx, cy = math.cos(mid), -math.sin(mid)
        painter.setPen(sleeper)
        r = c / 2
        painter.drawLine(QPointF(kx + cx * (r - w), ky + cy * (r - w)), QPointF(kx + cx * (r + w), ky + cy * (r + w)))
        painter.setPen(rail)
        painter.setBrush(Qt.NoBrush)
        for radius in (r - g, r + g):
            path = QPainterPath()
            path.arcMoveTo(QRectF(kx - radius, ky - radius, 2 * radius, 2 * radius), a0)
            path.arcTo(QRectF(kx - radius, ky - radius, 2 * radius, 2 * radius), a0, span)
            painter.drawPath(path)


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
        painter.setPen(QPen(QColor(theme.INK), theme.line(max(1.0, c * 0.04))))
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
        self.show_remaining = QCheckBox("Show what each count still needs")
        self.show_remaining.setToolTip("A small number beside each count: the count minus the track cells in its line")
        self.show_remaining.setChecked(board.show_remaining)
        # one setting with the window's View > Line tallies (board.lineTalliesChosen)
        self.show_remaining.toggled.connect(board.choose_show_remaining)
        right.addWidget(self.show_remaining)
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
        from .. import audio  # numpy: loaded when first used, not at start-up

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
            from .. import audio  # numpy: loaded when first used, not at start-up

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
    #: each count shows, small, how many track cells its line still needs (the window or
    #: the message panel may turn it on)
    show_remaining = False
    #: counts turn green when met and red when over; False is "no spoilers"
    show_met = True

    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.cursor = (0, 0)
        self.show_symbols = False
        self._panel = None
        # a drag in progress: {"button", "cells", "moves", "preview", "mode", "laid", "press"}
        self._drag = None
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

    def geometry_now(self) -> GridGeometry:
        """The board's hook for what every kind draws alike (the trial's frames, the
        cursor, the cells told to a screen reader)."""
        return self.geometry_for()

    # --- what a screen reader is told (qtkit/accessible.py) ------------------------------------
    KEYS = (
        ("Arrow keys", "move the cursor"),
        ("Shift+arrow", "lay track that way from the cursor's square (again: take it up) and move along"),
        ("Ctrl+arrow", "cross out that side of the cursor's square (again: remove the cross)"),
        ("Enter", "dot the square: the track passes here (again: remove the dot)"),
        ("Space, X or .", "mark the square: no track (again: remove the mark)"),
    )

    def access_cell(self, x: int, y: int) -> str:
        state = self.shown_state()
        return self._access_words(state, (x, y), self._access_crossed(state))

    def access_cells(self) -> list[str]:
        """Every square's words, the state and its crossed sides looked up once, and the
        words of a square like one named before (most are "empty") taken from
        ``_access_said`` (a 30x30 board is 900 squares to name after each move)."""
        state = self.shown_state()
        p = state.puzzle
        crossed = self._access_crossed(state)
        return [self._access_words(state, (x, y), crossed) for y in range(p.height) for x in range(p.width)]

    _access_said: dict = {}  # what a square holds (ACCESS_KEY) -> its words; shared, bounded
    ACCESS_SAID_MAX = 4096

    def _access_words(self, state, cell, crossed) -> str:
        p = state.puzzle
        x, y = cell
        mask = state.mask.get(cell, 0)
        station = 1 if cell == p.start else 2 if cell == p.finish else 0
        symbol = p.symbols[y][x] if self.show_symbols and p.has_symbols else None
        key = (mask, cell in state.marks, station, cell in p.fixed_map, cell in state.dots,
               tuple(crossed.get(cell, ())), symbol or None)
        words = self._access_said.get(key)
        if words is None:
            said = self._access_said
            if len(said) >= self.ACCESS_SAID_MAX:
                said.clear()
            words = said[key] = self._words_for(*key)
        return words

    @staticmethod
    def _words_for(mask, marked, station, given, dot, crossed, symbol) -> str:
        words = [_TRACK_WORDS[mask] if mask else "no track (marked)" if marked else "empty"]
        if station:
            words.append("station A, where the track starts" if station == 1 else "station B, where the track ends")
        if given:
            words.append("given")
        if dot:
            words.append("track passes here (dot)")
        if crossed:
            words.append(f"{' and '.join(crossed)} side crossed out")
        if symbol:
            words.append(f"symbol {symbol}")
        return ", ".join(words)

    def _access_crossed(self, state) -> dict:
        """Each cell beside a crossed-out edge: the sides crossed, found once per state."""
        seen = getattr(self, "_crossed_for", None)
        if seen is None or seen[0] is not state:
            sides: dict = {}
            for a, b in state.blocks:
                for cell, other in ((a, b), (b, a)):
                    d = direction(cell, other)
                    sides.setdefault(cell, []).append(next(n for n in ("left", "up", "right", "down")
                                                           if BIT[n[0].upper()] == d))
            order = ("left", "up", "right", "down")
            seen = self._crossed_for = (state, {c: sorted(v, key=order.index) for c, v in sides.items()})
        return seen[1]

    def access_clues(self) -> list:
        state = self.shown_state()
        p = state.puzzle
        geo = self.geometry_for()
        out = []
        for cells, count, clue, name in p.lines:
            if count is None:
                continue
            pt = clue_centre(p, geo, clue)
            box = QRectF(pt.x() - geo.cell / 2, pt.y() - geo.cell / 2, geo.cell, geo.cell)
            has = state.line_count(cells)
            out.append((f"{name} needs {count} track {'cell' if count == 1 else 'cells'}, has {has}", box))
        return out

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
        self._drag = None  # a drag's preview was built on the state it replaces
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

    def choose_show_remaining(self, on: bool) -> None:
        """The player's switch on the message panel: shown at once, and said to the window,
        whose View > Line tallies is the same setting."""
        self.set_show_remaining(on)
        self.lineTalliesChosen.emit(self.show_remaining)

    def set_show_remaining(self, on: bool) -> None:
        """Tallies on or off (the window's setting); the message panel's switch shows it."""
        self.show_remaining = bool(on)
        if self._panel is not None and self._panel.show_remaining.isChecked() != self.show_remaining:
            self._panel.show_remaining.blockSignals(True)
            self._panel.show_remaining.setChecked(self.show_remaining)
            self._panel.show_remaining.blockSignals(False)
        self.update()

    def set_show_met(self, on: bool) -> None:
        self.show_met = bool(on)
        self.update()

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
    def shown_state(self):
        """What the board shows: the drag's preview while a drag lasts, else the state."""
        return self._drag["preview"] if self._drag is not None else self.state

    def paint_board(self, painter):
        state = self.shown_state()
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
        wrong = [cell for cell, fill in fills.items() if fill == theme.ERROR_FILL]
        lit = [cell for cell in self.highlight if p.in_grid(cell)]
        for cell in lit:
            fills[cell] = theme.HIGHLIGHT_FILL
        rect = paint_grid(painter, p, geo, fills)
        if self.shows_cursor():  # under the marks: the crosses on its edges stay in sight
            inset = c * 0.1
            self.paint_cursor(painter, QRectF(*geo.cell_rect(*self.cursor)).adjusted(inset, inset, -inset, -inset), c)
        self._paint_notes(painter, geo, state)
        rails = c >= RAILS_MIN_PX
        if rails:
            self._paint_rail_stubs(painter, geo)
        else:
            paint_stubs(painter, p, geo)
        self._paint_track(painter, geo, state, rails)
        paint_badges(painter, p, geo)  # on top: the track ends under its station
        if self.show_symbols:  # over the track, each on its chip: the track never hides one
            strong = frozenset(state.path_from_start) if state.path_complete else frozenset()
            paint_symbols(painter, p, geo, strong)
        self._paint_frames(painter, geo, wrong, lit)
        verdicts = state if self.play_colours and self.show_met else None
        tally = state if self.play_colours and self.show_remaining else None
        paint_counts(painter, p, geo, verdicts, bad=bad_clues, tally=tally)
        self.paint_flourish(painter, rect)

    @staticmethod
    def _paint_frames(painter, geo, wrong, lit):
        """A plain frame round each cell of a mistake and a frame with heavy corners round
        each cell the hint or the solver points at: the fills alone differ only in colour."""
        c = geo.cell
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(1.5, c * 0.05))))
        inset = c * 0.08
        for cell in wrong:
            if cell not in lit:
                painter.drawRect(QRectF(*geo.cell_rect(*cell)).adjusted(inset, inset, -inset, -inset))
        for cell in lit:
            focus_frame(painter, QRectF(*geo.cell_rect(*cell)).adjusted(inset, inset, -inset, -inset),
                        theme.line(max(2.0, c * 0.05)))

    @staticmethod
    def _paint_notes(painter, geo, state):
        """The player's notes, under the track: "no track" crosses in cells (muted), crosses
        on edges and track-here dots (in the player's colour, Tatham's marks)."""
        c = geo.cell
        painter.setPen(QPen(QColor(theme.MUTED), theme.line(max(1.5, c * 0.06)), Qt.SolidLine, Qt.RoundCap))
        r = c * 0.13
        for x, y in state.marks:
            pt = centre(geo, (x, y))
            painter.drawLine(QPointF(pt.x() - r, pt.y() - r), QPointF(pt.x() + r, pt.y() + r))
            painter.drawLine(QPointF(pt.x() - r, pt.y() + r), QPointF(pt.x() + r, pt.y() - r))
        painter.setPen(QPen(QColor(theme.PLAYER), theme.line(max(1.5, c * 0.07)), Qt.SolidLine, Qt.RoundCap))
        r = max(2.5, c * 0.1)
        for a, b in state.blocks:
            pa, pb = centre(geo, a), centre(geo, b)
            mx, my = (pa.x() + pb.x()) / 2, (pa.y() + pb.y()) / 2
            painter.drawLine(QPointF(mx - r, my - r), QPointF(mx + r, my + r))
            painter.drawLine(QPointF(mx - r, my + r), QPointF(mx + r, my - r))
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(theme.PLAYER))
        r = theme.line(max(2.5, c * 0.14))
        for cell in state.dots:
            painter.drawEllipse(centre(geo, cell), r, r)
        painter.setBrush(Qt.NoBrush)

    def _paint_rail_stubs(self, painter, geo):
        """The parts of the A and B stubs outside the grid, as rails."""
        p = self.state.puzzle
        c = geo.cell
        for cell, edge in ((p.start, p.start_edge), (p.finish, p.finish_edge)):
            if edge is not None:
                dx, dy = DELTA[edge]
                ctr = centre(geo, cell)
                side = QPointF(ctr.x() + dx * c / 2, ctr.y() + dy * c / 2)
                rail_segment(painter, geo, side, stub_end(geo, cell, edge), theme.GIVEN)

    def _paint_track(self, painter, geo, state, rails):
        p = state.puzzle
        fixed = p.fixed_edges
        moving = {k for k, (on, _t, _e) in self._edge_anim.items() if on == 1}
        if rails:
            self._paint_rails(painter, geo, state, moving)
        else:
            player_pen = track_pen(geo, theme.TRACK)
            given_pen = track_pen(geo, theme.GIVEN)
            for key in sorted(state.edges - moving):
                painter.setPen(given_pen if key in fixed else player_pen)
                painter.drawLine(centre(geo, key[0]), centre(geo, key[1]))
        painter.setPen(track_pen(geo, theme.TRACK))
        for key, (on, t, ends) in self._edge_anim.items():
            fraction = t if on == 1 else 1.0 - t
            if on == 1 and key not in state.edges or on == 0 and key in state.edges:
                continue
            if rails:
                rail_segment(painter, geo, centre(geo, ends[0]), centre(geo, ends[1]), theme.TRACK, fraction)
            else:
                self._partial(painter, geo, ends, fraction)
        if self._fade_edges and self._fade_t < 1.0:
            colour = QColor(theme.TRACK)
            colour.setAlphaF(max(0.0, 1.0 - self._fade_t))
            painter.setPen(track_pen(geo, colour))
            for a, b in self._fade_edges:
                if (a, b) not in state.edges:
                    if rails:
                        rail_segment(painter, geo, centre(geo, a), centre(geo, b), colour)
                    else:
                        painter.drawLine(centre(geo, a), centre(geo, b))

    @staticmethod
    def _paint_rails(painter, geo, state, skip):
        """Every cell's piece as rails and sleepers; the stub of an attached end is part
        of its cell's piece, and each half is drawn in its own colour (given or laid)."""
        p = state.puzzle
        fixed = p.fixed_edges
        masks: dict = {}
        for a, b in state.edges - skip:
            masks[a] = masks.get(a, 0) | direction(a, b)
            masks[b] = masks.get(b, 0) | direction(b, a)
        for cell, edge in ((p.start, p.start_edge), (p.finish, p.finish_edge)):
            if edge is not None:
                masks[cell] = masks.get(cell, 0) | edge
        for cell, mask in sorted(masks.items()):

            def colour_of(bit, cell=cell):
                dx, dy = DELTA[bit]
                other = (cell[0] + dx, cell[1] + dy)
                if not p.in_grid(other) or edge_key(cell, other) in fixed:
                    return theme.GIVEN
                return theme.TRACK

            rail_piece(painter, geo, cell, mask, colour_of)

    @staticmethod
    def _partial(painter, geo, ends, fraction):
        """The first ``fraction`` of the piece from ends[0] towards ends[1]."""
        pa, pb = centre(geo, ends[0]), centre(geo, ends[1])
        painter.drawLine(pa, QPointF(pa.x() + (pb.x() - pa.x()) * fraction, pa.y() + (pb.y() - pa.y()) * fraction))

    # --- input ---------------------------------------------------------------------------------
    def _cell_at(self, pos):
        return self.geometry_for().cell_at(pos.x(), pos.y())

    def _edge_at(self, pos, cell):
        """The neighbour across the side of ``cell`` that ``pos`` is within EDGE_ZONE of
        (the nearest such side), or None for a point well inside the cell."""
        geo = self.geometry_for()
        left, top, _w, _h = geo.cell_rect(*cell)
        fx, fy = (pos.x() - left) / geo.cell, (pos.y() - top) / geo.cell
        sides = sorted(((fx, (-1, 0)), (1 - fx, (1, 0)), (fy, (0, -1)), (1 - fy, (0, 1))))
        for distance, (dx, dy) in sides:
            if distance >= EDGE_ZONE:
                break
            other = (cell[0] + dx, cell[1] + dy)
            if self.state.puzzle.in_grid(other):
                return other
        return None

    def _emit(self, move) -> bool:
        """Emit ``move`` if the rules allow it; otherwise say why on the status bar."""
        try:
            self.kind.apply(self.state, move)
        except PuzzleError as exc:
            self.statusMessage.emit(str(exc))
            return False
        self.moveRequested.emit(move)
        return True

    def _try(self, move) -> bool:
        """Add ``move`` to the drag: shown at once on its preview, emitted with the rest
        at the release; a refused move says why on the status bar and is left out."""
        d = self._drag
        try:
            after = self.kind.apply(d["preview"], move)
        except PuzzleError as exc:
            self.statusMessage.emit(str(exc))
            return False
        if after != d["preview"]:
            d["preview"] = after
            d["moves"].append(move)
        return True

    def _segment(self, a, b) -> None:
        """The drag crossed from cell a into the neighbouring cell b."""
        d = self._drag
        if d["button"] == Qt.RightButton:
            self._mark_along(b)
            d["cells"].append(b)
            return
        key = edge_key(a, b)
        preview = d["preview"]
        has = key in preview.edges
        given = key in preview.puzzle.fixed_edges
        if d["mode"] is None:
            # along a given piece the drag follows it and lays on from its end
            d["mode"] = "erase" if has and not given else "lay"
        cells = d["cells"]
        if d["laid"] and d["laid"][-1] == key and len(cells) >= 2 and cells[-2] == b:
            # dragging back over the piece just laid takes it up
            if self._try(("edge", a[0], a[1], b[0], b[1], 0)):
                d["laid"].pop()
            cells.pop()
            return
        if d["mode"] == "lay" and not has:
            if self._try(("edge", a[0], a[1], b[0], b[1], 1)):
                d["laid"].append(key)
        elif d["mode"] == "erase" and has and not given:
            self._try(("edge", a[0], a[1], b[0], b[1], 0))
        cells.append(b)

    def _mark_along(self, cell) -> None:
        """A right drag marks (or, begun on a mark, unmarks) each cell it enters; cells it
        cannot mark (track, A, B, given pieces) are passed over in silence."""
        d = self._drag
        preview = d["preview"]
        if d["mode"] is None:
            d["mode"] = "erase" if d["cells"][0] in preview.marks else "lay"
            self._mark_along(d["cells"][0])
        on = 1 if d["mode"] == "lay" else 0
        if (cell in preview.marks) == bool(on):
            return
        p = preview.puzzle
        if on and (p.is_end(cell) or cell in p.fixed_map or cell in preview.mask):
            return
        self._try(("mark", cell[0], cell[1], on))

    def _toggle_mark(self, cell) -> None:
        x, y = cell
        self._emit(("mark", x, y, 0 if cell in self.state.marks else 1))

    def _toggle_dot(self, cell) -> None:
        x, y = cell
        self._emit(("dot", x, y, 0 if cell in self.state.dots else 1))

    def _toggle_edge(self, a, b, verb) -> None:
        """Lay or take up ("edge"), or cross out or restore ("block"), the edge a-b."""
        key = edge_key(a, b)
        have = self.state.edges if verb == "edge" else self.state.blocks
        self._emit((verb, a[0], a[1], b[0], b[1], 0 if key in have else 1))

    def mousePressEvent(self, event):
        if self.state is None or not self.interactive or self._drag is not None:
            return  # a second button during a drag does not cut the drag short
        cell = self._cell_at(event.position())
        if cell is None or event.button() not in (Qt.LeftButton, Qt.RightButton):
            return
        self.cursor = cell
        self._drag = {
            "button": event.button(),
            "cells": [cell],
            "moves": [],
            "preview": self.state,
            "mode": None,
            "laid": [],
            "press": event.position(),
        }
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
        if d is None or self.state is None or not self.interactive or event.button() != d["button"]:
            return
        self._drag = None
        if d["moves"]:
            # the whole drag is one entry of the history: one Undo takes it back
            self.moveRequested.emit(Batch(tuple(d["moves"]), "drag"))
        elif d["mode"] is None and self._cell_at(event.position()) == d["cells"][0]:
            cell = d["cells"][0]
            other = self._edge_at(d["press"], cell)
            left = d["button"] == Qt.LeftButton
            if other is not None:
                self._toggle_edge(cell, other, "edge" if left else "block")
            elif left:
                self._toggle_dot(cell)
            else:
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
            if event.modifiers() & Qt.ControlModifier:
                self._toggle_edge(cur, nxt, "block")  # cross out that side; the cursor stays
                self.update()
                return
            if event.modifiers() & Qt.ShiftModifier:
                self._toggle_edge(cur, nxt, "edge")
            self.cursor = nxt
            self.update()
            return
        if key in (Qt.Key_Space, Qt.Key_X, Qt.Key_Period):
            self._toggle_mark(self.cursor)
            self.update()
            return
        if key in (Qt.Key_Return, Qt.Key_Enter):
            self._toggle_dot(self.cursor)
            self.update()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.update()
