"""The rotation board: tiles with big numbers, a round button with a turning arrow on
every block, turns animated as real rotations about the block's centre, and a side panel
with the move counter and the fewest moves left (where the positions can be tabulated).

The buttons are slate, never red: red (theme.ERROR) means a mistake everywhere in the
app, and a turn is never one."""

from __future__ import annotations

import math

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPen, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from puzzlegui.core import jobs
from puzzlegui.core.geometry import GridGeometry
from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme
from puzzlegui.qtkit.board import BoardWidget, SpriteCache, focus_frame

from .. import tables
from ..model import CCW, CW, Config, block_cells, parse_move

COMPUTING = "Fewest moves from here: computing…"
NOT_KNOWN = "Fewest moves from here: not known on a board this big (Solve finds a good solution)."
NOT_PROVEN = "Fewest moves from here: not proven in {seconds:g} s (Solve searches longer)."
NO_RUNNER = "Fewest moves from here: not worked out on this board (Solve finds them)."
PROOF_SECONDS = 3.0  # the panel's proof, where Solve's optimal search (not a table) gives it
_builds: dict = {}  # Config -> the handle (gui.jobs) of the work building its distance table
_failed_builds: set = set()  # configurations whose table could not be built (memory)
_proven: dict = {}  # (Config, position) -> fewest moves (None: not proven in time), bounded
PROVEN_KEPT = 512

TILE = "#f3e2c0"  # a tile out of place
TILE_HOME = "#dcebcf"  # a tile in its home square (and pointing up)
TILE_EDGE = "#9c8560"
TILE_INK = "#1f1d1a"  # the tiles are light in either theme: their numbers stay dark
ARROW = "#0072b2"
WELL = "#cbbfa9"  # the board under the tiles, seen while a block turns
# the buttons sit on the tiles, which are light in either theme: one slate serves both,
# with a light rim that parts it from the dark paper between the tiles
BUTTON = "#3f4d5e"
BUTTON_RIM = "#f4f1ea"
BUTTON_GLYPH = "#ffffff"
ROW_COLOURS = ("#f6c7c0", "#f8e1a6", "#cde8b8", "#bfe0ef", "#d9ccf0", "#f5cfe6", "#e6dcc8", "#c9ece2", "#f2d5b8", "#dde3ea")


def _remember(key, value) -> None:
    if len(_proven) >= PROVEN_KEPT:
        _proven.clear()
    _proven[key] = value


def block_centre(geo: GridGeometry, n: int, bx: int, by: int) -> QPointF:
    return QPointF(geo.x0 + (bx + n / 2) * geo.cell, geo.y0 + (by + n / 2) * geo.cell)


def button_radius(geo: GridGeometry, n: int) -> float:
    return geo.cell * (0.17 if n % 2 == 0 else 0.13)


def block_at(geo: GridGeometry, config: Config, px: float, py: float):
    """The block whose button is nearest a pixel on the board, or None off the board."""
    fx, fy = geo.point_at(px, py)
    pad = 0.25
    if not (-pad <= fx <= config.w + pad and -pad <= fy <= config.h + pad):
        return None
    n = config.n
    bx = min(max(int(math.floor(fx - n / 2 + 0.5)), 0), config.blocks_x - 1)
    by = min(max(int(math.floor(fy - n / 2 + 0.5)), 0), config.blocks_y - 1)
    return bx, by


def paint_tile(
    painter: QPainter,
    centre: QPointF,
    cell: float,
    value: int,
    fill: str,
    square_deg: float = 0.0,
    text_deg: float | None = None,
    arrow: bool = False,
) -> None:
    """One tile centred at ``centre``: the square turned by ``square_deg``, the number
    (and arrow, when the arrows matter) turned by ``text_deg`` (default: the square's)."""
    if text_deg is None:
        text_deg = square_deg
    side = cell * 0.9
    painter.save()
    painter.translate(centre)
    painter.rotate(square_deg)
    painter.setPen(QPen(QColor(TILE_EDGE), theme.line(max(1.0, cell * 0.025))))
    painter.setBrush(QColor(fill))
    painter.drawRoundedRect(QRectF(-side / 2, -side / 2, side, side), cell * 0.12, cell * 0.12)
    painter.rotate(text_deg - square_deg)
    text = str(value)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(cell * (0.5 if len(text) <= 2 else 0.36))))
    painter.setFont(font)
    painter.setPen(QColor(TILE_INK))
    box = QRectF(-side / 2, -side / 2, side, side)
    if arrow:
        box = box.adjusted(0, side * 0.12, 0, 0)
    painter.drawText(box, Qt.AlignCenter, text)
    if arrow:
        tip = -side / 2 + side * 0.07
        half = side * 0.13
        triangle = QPolygonF([QPointF(0, tip), QPointF(half, tip + half * 1.1), QPointF(-half, tip + half * 1.1)])
        painter.setPen(Qt.NoPen)
        painter.setBrush(QColor(ARROW))
        painter.drawPolygon(triangle)
    painter.restore()


def tile_fill(config: Config, value: int, home: bool) -> str:
    if config.rows_only:
        return ROW_COLOURS[(value - 1) % len(ROW_COLOURS)]
    return TILE_HOME if home else TILE


def _arrow_head(painter: QPainter, c: QPointF, radius: float, deg: float, clockwise: bool, size: float) -> None:
    """A filled arrowhead on the circle of ``radius`` round ``c`` at ``deg`` (degrees
    anticlockwise from three o'clock), pointing the way the circle turns."""
    a = math.radians(deg)
    at = QPointF(c.x() + radius * math.cos(a), c.y() - radius * math.sin(a))
    # the tangent on the screen (y grows downwards): clockwise is decreasing angle
    sign = 1.0 if clockwise else -1.0
    tangent = QPointF(sign * math.sin(a), sign * math.cos(a))
    outward = QPointF(math.cos(a), -math.sin(a))
    tip = at + tangent * size
    back = at - tangent * (size * 0.15)
    painter.drawPolygon(QPolygonF([tip, back + outward * (size * 0.7), back - outward * (size * 0.7)]))


def paint_turn_arrow(painter: QPainter, c: QPointF, radius: float, width: float, colour: QColor, both: bool) -> None:
    """The turning-arrow glyph: an arc round ``c`` open at the top, with an arrowhead
    clockwise and, where the buttons turn both ways, one anticlockwise too.  The arc is
    ``width`` at the user's line width; the heads keep their size (thick lines would
    make them meet over the digits)."""
    gap = 56.0  # degrees left open at the top, where the heads sit
    start = 90.0 - gap / 2  # the arc runs clockwise from here round to 90 + gap / 2
    painter.setPen(QPen(colour, theme.line(width), Qt.SolidLine, Qt.FlatCap))
    painter.setBrush(Qt.NoBrush)
    box = QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius)
    painter.drawArc(box, round(start * 16), round(-(360.0 - gap) * 16))
    painter.setPen(Qt.NoPen)
    painter.setBrush(colour)
    head = width * 2.2
    _arrow_head(painter, c, radius, 90.0 + gap / 2, True, head)
    if both:
        _arrow_head(painter, c, radius, start, False, head)


def _paint_button(
    painter: QPainter, c: QPointF, cell: float, n: int, r: float, lit: bool, hovered: bool, both: bool = True
) -> None:
    """One block's button centred at ``c`` (it fits in a cell round its centre): a slate
    turning arrow, lighter under the mouse, orange (theme.HIGHLIGHT) where the solver or
    a hint points."""
    colour = QColor(theme.HIGHLIGHT) if lit else QColor(BUTTON).lighter(150 if hovered else 100)
    if n % 2 == 1:
        # the centre of an odd block is a tile: the arrow runs round its number, thin and
        # outside the digits, on a faint rim so it reads on any tile colour
        ring = cell * 0.405
        width = cell * (0.075 if lit else 0.05)
        rim = QColor(BUTTON_RIM)
        rim.setAlphaF(0.8)
        painter.setPen(QPen(rim, theme.line(width * 2.2)))
        painter.setBrush(Qt.NoBrush)
        painter.drawEllipse(c, ring, ring)
        paint_turn_arrow(painter, c, ring, width, colour, both)
        return
    radius = r * (1.25 if lit else 1.0)
    grad = QRadialGradient(c + QPointF(-radius * 0.35, -radius * 0.35), radius * 1.3)
    grad.setColorAt(0.0, colour.lighter(135))
    grad.setColorAt(1.0, colour)
    painter.setPen(QPen(QColor(BUTTON_RIM), theme.line(max(1.0, radius * 0.14))))
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(c, radius, radius)
    paint_turn_arrow(painter, c, radius * 0.52, max(1.0, radius * 0.15), QColor(BUTTON_GLYPH if not lit else TILE_INK), both)


class Board(BoardWidget):

    side_title = "Moves"  # the name of its side panel, where it folds into a button
    margins = (0.3, 0.3, 0.3, 0.3)

    def __init__(self, kind, parent=None):
        super().__init__(kind, parent)
        self.key_cursor = (0, 0)  # the button the keys act on (block origin)
        self.hover = None
        self._turning = None  # (old state, block x, block y, clockwise) while a turn animates
        self._progress = 1.0
        self._anim = None
        self._panel = None
        self._moves_label = None
        self._distance_label = None
        self._about_label = None
        self._awaited_build = None  # the table build this board's panel waits for
        self._proving = None  # the handle of the proof of the fewest moves the panel waits for
        self._proving_key = None  # the position that proof is for
        self._sprites = SpriteCache(600)  # ready-made pictures of tiles and buttons (see _sprite)

    # --- geometry ------------------------------------------------------------------------------
    def grid_size(self):
        if self.state is None:
            return (3, 3)
        return (self.state.w, self.state.h)

    def geometry_now(self) -> GridGeometry:
        cols, rows = self.grid_size()
        return GridGeometry.fit(cols, rows, self.width(), self.height(), self.margins)

    def button_pos(self, bx: int, by: int) -> QPointF:
        """Where the button of block (bx, by) is drawn (tests click there)."""
        return block_centre(self.geometry_now(), self.state.n, bx, by)

    # --- what a screen reader is told (qtkit/accessible.py) ---------------------------------------
    ARROWS = ("up", "right", "down", "left")  # an arrow's orientation, in quarter turns clockwise

    KEYS = (
        ("Arrow keys", "move the cursor from block to block"),
        ("Space or D", "turn the block clockwise"),
        ("A or Backspace", "turn the block anticlockwise"),
        ("Enter", "turn the block anticlockwise, as a left click (clockwise where the buttons only turn that way)"),
    )

    def access_cell(self, x: int, y: int) -> str:
        state = self.state
        config = state.config
        words = [f"tile {state.at(x, y)}"]
        if config.oriented:
            words.append(f"arrow {self.ARROWS[state.arrow(x, y) % 4]}")
        goal = config.goal_values()
        if state.at(x, y) == goal[y * config.w + x] and (not config.oriented or state.arrow(x, y) % 4 == 0):
            words.append("in place")
        bx, by = self.key_cursor
        if (x, y) == (bx, by) and self.shows_cursor():
            n = config.n
            words.append(f"the cursor's block: rows {by + 1} to {by + n}, columns {bx + 1} to {bx + n}")
        return ", ".join(words)

    def access_cursor(self):
        return self.key_cursor

    # --- the window calls ----------------------------------------------------------------------
    def set_state(self, state, move=None, animate: bool = False) -> None:
        if state is not None:
            bx = min(self.key_cursor[0], state.config.blocks_x - 1)
            by = min(self.key_cursor[1], state.config.blocks_y - 1)
            self.key_cursor = (bx, by)
            if self.state is None or self.state.config != state.config:
                self.updateGeometry()
        super().set_state(state, move, animate)

    def animate_move(self, old_state, move, new_state) -> None:
        try:
            x, y, clockwise, _ = parse_move(old_state.config, move)
        except PuzzleError:  # not a single turn (a restart, a batch): show the result at once
            return
        if old_state.config != new_state.config:
            return
        if self._anim is not None:
            self._anim.stop()
        self._turning = (old_state, x, y, clockwise)
        self._progress = 0.0
        anim = self.new_animation()
        anim.valueChanged.connect(self._on_progress)
        anim.finished.connect(self._on_finished)
        self._anim = anim
        anim.start()

    def _on_progress(self, value) -> None:
        self._progress = float(value)
        self.update()

    def _on_finished(self) -> None:
        self._turning = None
        self._progress = 1.0
        self._anim = None
        self.update()

    def stop_animations(self) -> None:
        super().stop_animations()
        self._turning = None
        self._anim = None
        self.update()

    # --- side panel ----------------------------------------------------------------------------
    def side_panel(self):
        if self._panel is None:
            panel = QWidget()
            layout = QVBoxLayout(panel)
            self._moves_label = QLabel()
            self._distance_label = QLabel()
            self._about_label = QLabel()
            font = self._moves_label.font()
            font.setPointSizeF(font.pointSizeF() * 1.4)
            font.setBold(True)
            self._moves_label.setFont(font)
            self._distance_label.setWordWrap(True)
            self._about_label.setWordWrap(True)
            layout.addWidget(self._moves_label)
            layout.addWidget(self._distance_label)
            layout.addSpacing(8)
            layout.addWidget(self._about_label)
            layout.addStretch(1)
            panel.setMinimumWidth(170)
            self._panel = panel
            self.state_changed()
        return self._panel

    def panel_texts(self, build: bool = True) -> tuple[str, str, str]:
        """(moves made, distance line, about the puzzle): what the side panel shows.

        The distance comes from a table of every position, built once per configuration
        (a tenth of a second or more).  With ``build`` false the table is never built
        here: the line says "computing…" and the table is built on a worker thread, and
        the panel fills in when it is ready."""
        state = self.state
        if state is None:
            return ("", "", "")
        config = state.config
        moves = f"Moves: {state.moves}"
        if self.kind.is_solved(state):
            dist = "Solved!"
        elif not build and self.runner is None and (tables.cached(config) is None or not self.kind.can_tabulate(config)):
            dist = NO_RUNNER if self.kind.can_tabulate(config) or self.kind.can_prove(config) else NOT_KNOWN
        elif not self.kind.can_tabulate(config) and self.kind.can_prove(config):
            dist = self._proof_text(state, build)
        elif not self.kind.can_tabulate(config) or config in _failed_builds:
            dist = NOT_KNOWN
        elif not build and tables.cached(config) is None:
            self._build_table(config)
            dist = COMPUTING
        else:
            d = self.kind.distance(state)
            dist = NOT_KNOWN if d is None else f"Fewest moves from here: {d}"
        if config.rows_only:
            goal = "Goal: each row holds one number (row 1 all 1s, and so on)."
        else:
            goal = f"Goal: 1 to {config.cells} in reading order."
        if config.oriented:
            goal += " Every arrow must point up."
        if config.cw_only:
            how = "The buttons turn clockwise only."
        else:
            how = "Left click or Enter: anticlockwise. Right click or Space: clockwise."
        return (moves, dist, f"{goal}\n\n{how}\n\n{config.describe()}")

    def _proof_text(self, state, build: bool) -> str:
        """The fewest moves where Solve's own optimal search proves them (the same
        source as Solve and the editor): at once if this position was proven before or
        ``build``; otherwise on the pool (one search at a time, within PROOF_SECONDS),
        "computing…" meanwhile."""
        key = (state.config, state.position())
        if key not in _proven:
            if not build:
                self._prove(key, state)
                return COMPUTING
            _remember(key, self.kind.distance(state, prove_within=PROOF_SECONDS))
        d = _proven[key]
        return NOT_PROVEN.format(seconds=PROOF_SECONDS) if d is None else f"Fewest moves from here: {d}"

    def _prove(self, key, state) -> None:
        if self._proving is not None:  # one at a time: the panel asks again when it answers
            return
        # (the window's runner: the answer is a fact about the position, kept in _proven)
        self._proving = self.runner.run(jobs.PROOF, self.kind.distance, state, True, PROOF_SECONDS)
        self._proving_key = key
        # bound methods: Qt drops the answer if this board is gone by then
        self._proving.done.connect(self._proved)
        self._proving.failed.connect(self._proved)

    def _proved(self, value) -> None:
        _remember(self._proving_key, value if isinstance(value, int) else None)
        self._proving = None
        self.state_changed()

    def _build_table(self, config) -> None:
        call = _builds.get(config)
        if call is None:
            call = _builds[config] = self.runner.run(jobs.DISTANCE_TABLE, tables.get, config)
            call.failed.connect(lambda _message, c=config: _failed_builds.add(c))
            call.ended.connect(lambda c=config: _builds.pop(c, None))  # answered or not (a window closed)
        if self._awaited_build is not call:
            self._awaited_build = call
            call.done.connect(self._table_ready)
            call.failed.connect(self._table_ready)

    def _table_ready(self, _value=None) -> None:
        self._awaited_build = None
        self.state_changed()

    def state_changed(self) -> None:
        if self._panel is not None and not shiboken6.isValid(self._panel):
            self._panel = None  # the window let it go (deleted with its labels): never written to again
        if self._panel is None:
            return
        moves, dist, about = self.panel_texts(build=False)  # never a table build on the GUI thread
        self._moves_label.setText(moves)
        self._distance_label.setText(dist)
        self._about_label.setText(about)

    # --- painting ------------------------------------------------------------------------------
    def paint_board(self, painter: QPainter) -> None:
        state = self.state
        config = state.config
        geo = self.geometry_now()
        grid = QRectF(geo.x0, geo.y0, geo.width, geo.height)
        pad = geo.cell * 0.12
        painter.setPen(QPen(QColor(theme.GRID), theme.line(max(1.0, geo.cell * 0.03))))
        painter.setBrush(QColor(theme.PAPER))
        painter.drawRoundedRect(grid.adjusted(-pad, -pad, pad, pad), pad * 1.5, pad * 1.5)
        goal = config.goal_values()
        turning = set()
        if self._turning is not None:
            old, bx, by, _ = self._turning
            turning = set(block_cells(config, bx, by))
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(WELL))
            painter.drawRect(QRectF(geo.x0 + bx * geo.cell, geo.y0 + by * geo.cell, config.n * geo.cell, config.n * geo.cell))
        highlight = set(self.highlight)
        for y in range(config.h):
            for x in range(config.w):
                if (x, y) in turning:
                    continue
                self._paint_cell(painter, geo, state, x, y, goal)
        if highlight:
            self._paint_highlight(painter, geo, highlight)
        if self._turning is not None:
            self._paint_turning(painter, geo)
        if self.violations:
            painter.setPen(QPen(QColor(theme.ERROR), theme.line(max(2.0, geo.cell * 0.07))))
            painter.setBrush(Qt.NoBrush)
            for v in self.violations:
                for x, y in v.cells:
                    painter.drawRect(QRectF(*geo.cell_rect(x, y)).adjusted(3, 3, -3, -3))
        self._paint_buttons(painter, geo, highlight)
        self.paint_flourish(painter, grid)

    def _paint_highlight(self, painter, geo, highlight) -> None:
        """A frame with heavy corners (board.focus_frame: a mistake's frame is plain, so
        the two differ in shape, not only in colour) round the cells the solver or a hint
        points at (round the whole block when they are one), drawn over the tile edges so
        the numbers stay clear."""
        config = self.state.config
        width = theme.line(max(2.0, geo.cell * 0.07))
        xs = [x for x, _ in highlight]
        ys = [y for _, y in highlight]
        x0, y0 = min(xs), min(ys)
        w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
        if w * h == len(highlight):
            rect = QRectF(geo.x0 + x0 * geo.cell, geo.y0 + y0 * geo.cell, w * geo.cell, h * geo.cell)
            focus_frame(painter, rect.adjusted(1, 1, -1, -1), width)
            return
        for x, y in highlight:
            if 0 <= x < config.w and 0 <= y < config.h:
                focus_frame(painter, QRectF(*geo.cell_rect(x, y)).adjusted(2, 2, -2, -2), width)

    def _sprite(self, key, cell: float, draw) -> QImage:
        """A cell-sized transparent picture, drawn once by ``draw(painter, centre)`` and
        reused: antialiased rounded tiles and shaded buttons cost 30-50 ms a frame on a
        10x10 board when drawn one by one, a few milliseconds as pictures."""
        return self._sprites.get(key, cell, self.devicePixelRatioF(), lambda p: draw(p, QPointF(cell / 2, cell / 2)))

    def _paint_cell(self, painter, geo, state, x, y, goal) -> None:
        config = state.config
        i = y * config.w + x
        value = state.tiles[i]
        o = state.orient[i] if config.oriented else 0
        # in place: a colour of play, not drawn on paper (an export, a print: play_colours off)
        home = value == goal[i] and o == 0 and self.play_colours
        cx, cy = geo.cell_center(x, y)
        fill = tile_fill(config, value, home)
        cell = geo.cell
        sprite = self._sprite(
            ("tile", value, fill, o, config.oriented), cell,
            lambda p, c: paint_tile(p, c, cell, value, fill, 90.0 * o, arrow=config.oriented),
        )
        painter.drawImage(QPointF(cx - cell / 2, cy - cell / 2), sprite)

    def _paint_turning(self, painter, geo) -> None:
        old, bx, by, clockwise = self._turning
        config = old.config
        n = config.n
        centre = block_centre(geo, n, bx, by)
        angle = 90.0 * self._progress * (1 if clockwise else -1)
        rad = math.radians(angle)
        # a square turned by the angle needs |cos| + |sin| times its width: the block
        # shrinks by as much while it turns, so it never leaves its own square (a 3x3
        # block on the edge of a 5x5 board used to poke out of the frame, clipped)
        fit = 1.0 / (abs(math.cos(rad)) + abs(math.sin(rad)))
        cos_a, sin_a = math.cos(rad) * fit, math.sin(rad) * fit
        goal = config.goal_values()
        for x, y in block_cells(config, bx, by):
            i = y * config.w + x
            value = old.tiles[i]
            o = old.orient[i] if config.oriented else 0
            cx, cy = geo.cell_center(x, y)
            dx, dy = cx - centre.x(), cy - centre.y()
            pos = QPointF(centre.x() + dx * cos_a - dy * sin_a, centre.y() + dx * sin_a + dy * cos_a)
            home = value == goal[i] and o == 0 and self.play_colours
            # the tile turns with its block; without arrows its number stays upright
            text_deg = 90.0 * o + angle if config.oriented else 0.0
            paint_tile(painter, pos, geo.cell * fit, value, tile_fill(config, value, home), angle, text_deg,
                       config.oriented)

    def _paint_buttons(self, painter, geo, highlight) -> None:
        config = self.state.config
        n = config.n
        r = button_radius(geo, n)
        for bx, by in config.block_origins():
            c = block_centre(geo, n, bx, by)
            lit = bool(highlight) and set(block_cells(config, bx, by)) == highlight
            if self._turning is not None and (bx, by) == self._turning[1:3]:
                lit = True
            hovered = self.hover == (bx, by) and self.interactive
            radius = r * (1.25 if lit else 1.0)
            if n % 2 == 1:
                radius = geo.cell * 0.41 * 0.62
            cell = geo.cell
            sprite = self._sprite(
                ("button", n % 2, lit, hovered, config.cw_only), cell,
                lambda p, centre: _paint_button(p, centre, cell, n, r, lit, hovered, not config.cw_only),
            )
            painter.drawImage(QPointF(c.x() - cell / 2, c.y() - cell / 2), sprite)
            if self.shows_cursor() and (bx, by) == self.key_cursor:
                ring = radius * 1.9
                self.paint_cursor(painter, QRectF(c.x() - ring, c.y() - ring, 2 * ring, 2 * ring), geo.cell, round_=True)

    # --- input -----------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if self.state is None or not self.interactive:
            return
        pos = event.position()
        block = block_at(self.geometry_now(), self.state.config, pos.x(), pos.y())
        if block is None:
            return
        self.key_cursor = block
        config = self.state.config
        if event.button() == Qt.RightButton:
            way = CW
        elif event.button() == Qt.LeftButton:
            shift = bool(event.modifiers() & Qt.ShiftModifier)
            way = CW if (config.cw_only or shift) else CCW
        else:
            return
        self.moveRequested.emit(("turn", block[0], block[1], way))
        self.update()

    def mouseMoveEvent(self, event) -> None:
        if self.state is None:
            return
        pos = event.position()
        block = block_at(self.geometry_now(), self.state.config, pos.x(), pos.y())
        if block != self.hover:
            self.hover = block
            self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()
        super().leaveEvent(event)

    def contextMenuEvent(self, event) -> None:
        event.accept()  # right click turns a block; no menu

    def keyPressEvent(self, event) -> None:
        if self.state is None or not self.interactive:
            super().keyPressEvent(event)
            return
        config = self.state.config
        key = event.key()
        bx, by = self.key_cursor
        steps = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
        if key in steps:
            dx, dy = steps[key]
            self.key_cursor = (min(max(bx + dx, 0), config.blocks_x - 1), min(max(by + dy, 0), config.blocks_y - 1))
            self.update()
            return
        # Tatham's Twiddle: Return turns anticlockwise and Space clockwise, like his left
        # and right clicks; where the buttons only turn clockwise, Return does that, as a click
        if key in (Qt.Key_Space, Qt.Key_D) or (key in (Qt.Key_Return, Qt.Key_Enter) and config.cw_only):
            self.moveRequested.emit(("turn", bx, by, CW))
            return
        if key in (Qt.Key_Return, Qt.Key_Enter):
            self.moveRequested.emit(("turn", bx, by, CCW))
            return
        if key in (Qt.Key_A, Qt.Key_Backspace):
            if config.cw_only:
                self.statusMessage.emit("The buttons of this puzzle only turn clockwise.")
            else:
                self.moveRequested.emit(("turn", bx, by, CCW))
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event) -> None:
        self.update()
        super().focusOutEvent(event)
