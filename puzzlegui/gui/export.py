"""Export and print boards, and copy or paste puzzles (Qt, no window shown).

A board is drawn by the kind's own ``widget.Board`` (the code that draws it on screen),
created hidden, sized for a chosen cell size and given the state to show (the puzzle as
given, the current position or a solved one: the caller passes the state).  It is drawn
as on paper: in the light palette whatever the window's theme, and without the colours
of play (``play_colours`` off: a count met is ink, not green; no mistake, no solver's
focus), so a puzzle exported as given looks as it was given.  Nothing here shows a
window, so it all runs headless (``QT_QPA_PLATFORM=offscreen``).

* ``render_png(kind, state, path, cell=32)`` and ``render_svg(...)``: one board.
* ``write_pdf(path, items, per_page=4, solutions=None)``: puzzles laid out 1, 2, 4 or 6 a
  page with their titles, and optional solution pages at the end (``solutions_for``), as
  Tatham's collection prints; ``print_items(printer, ...)`` does the same on a QPrinter.
  The command line's ``export --pdf`` and the window's Print and Print to PDF (with
  gui/dialogs.py's PageDialog for the choices) both come here.
* ``copy_puzzle(kind, state, title)``: the game ID (or the text layout) and the board
  image on the clipboard; ``parse_pasted(text)`` reads either back.

``items`` are ``(title, kind, state)``; ``kind`` is a PuzzleKind or its name.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QMimeData, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from ..core import files, registry, solver
from ..core.kind import PuzzleError
from ..core import validate
from ..qtkit import theme

#: layouts of a page: puzzles per page -> (columns, rows) on a portrait page
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
PAGE_SIZES = ("A4", "Letter")
#: solutions are printed smaller: the next layout up
SOLUTION_LAYOUT = {1: 2, 2: 4, 4: 6, 6: 6}
MIN_CELL, MAX_CELL = 4, 256
MAX_PIXELS = 40_000_000  # an exported image is at most this many pixels (160 MB of RGBA)
MAX_PDF_ITEMS = 1000
BACKGROUND = "#ffffff"
SOLVE_SECONDS = 10.0  # a solution for a page is looked for this long at most


def ensure_app():
    """The QApplication (a board is a QWidget), made headless when none exists and no
    display is set: ``QT_QPA_PLATFORM=offscreen`` unless the caller chose a platform."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        app = QApplication(sys.argv[:1])
    return app


def _kind(kind):
    return registry.get(kind) if isinstance(kind, str) else kind


def _cell(cell) -> float:
    if not isinstance(cell, int | float) or isinstance(cell, bool) or not math.isfinite(cell) or not MIN_CELL <= cell <= MAX_CELL:
        raise PuzzleError(f"The cell size must be from {MIN_CELL} to {MAX_CELL} pixels, not {validate.shown(cell)}.")
    return float(cell)


class _Drawn:
    """A hidden board set to ``state``, sized so its cells are ``cell`` pixels."""

    def __init__(self, kind, state, cell: float = 32):

        ensure_app()
        self.kind = _kind(kind)
        from .kinds import board_class

        self.board = board_class(self.kind.name)(self.kind)
        self.board.set_interactive(False)
        self.board.play_colours = False
        self.board.animation_ms = 0
        self.board.set_state(state)
        cols, rows = self.board.grid_size()
        left, top, right, bottom = self.board.margins
        cell = _cell(cell)
        self.width = max(1, math.ceil((cols + left + right) * cell))
        self.height = max(1, math.ceil((rows + top + bottom) * cell))
        self.board.setMinimumSize(1, 1)
        self.board.resize(self.width, self.height)

    def size(self) -> QSize:
        return QSize(self.width, self.height)

    def paint(self, painter: QPainter, target: QRectF | None = None) -> None:
        """Draw the board into ``target`` (scaled, centred, aspect kept), or at (0, 0)."""
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.TextAntialiasing)
        if target is not None:
            scale = min(target.width() / self.width, target.height() / self.height)
            painter.translate(
                target.x() + (target.width() - self.width * scale) / 2,
                target.y() + (target.height() - self.height * scale) / 2,
            )
            painter.scale(scale, scale)
        painter.setClipRect(QRectF(0, 0, self.width, self.height))
        with theme.on_paper():
            self.board.paint_board(painter)
        painter.restore()

    def close(self) -> None:
        self.board.stop_animations()
        self.board = None  # a parentless widget made here: Python's reference was its only owner


def board_size(kind, state, cell: float = 32) -> QSize:
    """The size in pixels of the board image at ``cell`` pixels a cell."""
    drawn = _Drawn(kind, state, cell)
    try:
        return drawn.size()
    finally:
        drawn.close()


def render_image(kind, state, cell: float = 32, background: str | None = BACKGROUND) -> QImage:
    """The board as an image, ``cell`` pixels a cell (transparent with ``background=None``)."""
    drawn = _Drawn(kind, state, cell)
    try:
        if drawn.width * drawn.height > MAX_PIXELS:
            raise PuzzleError(
                f"The image would be {drawn.width:,} x {drawn.height:,} pixels; choose a smaller cell size."
            )
        image = QImage(drawn.width, drawn.height, QImage.Format_ARGB32_Premultiplied)
        image.fill(QColor(background) if background else Qt.transparent)
        painter = QPainter(image)
        drawn.paint(painter)
        painter.end()
        return image
    finally:
        drawn.close()


def render_png(kind, state, path, cell: float = 32, overwrite: bool = True) -> Path:
    """Write the board as a PNG file; PuzzleError with a sentence when it cannot be
    (files.TargetExists when ``overwrite`` is False and the file exists)."""
    path = Path(path)
    _write(path, png_bytes(render_image(kind, state, cell)), overwrite)
    return path


def png_bytes(picture) -> bytes:
    """A QImage or QPixmap as the bytes of a PNG file, made in memory: a file is written
    only by files.save_atomic, never by Qt's own save(), which writes through anything."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    ok = picture.save(buffer, "PNG")
    buffer.close()
    if not ok:
        raise PuzzleError("The picture could not be encoded as PNG.")
    return bytes(data.data())


def render_svg(kind, state, path, cell: float = 32, title: str = "", overwrite: bool = True) -> Path:
    """Write the board as an SVG file (vector: lines, shapes and text)."""
    path = Path(path)
    drawn = _Drawn(kind, state, cell)
    try:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.WriteOnly)
        gen = QSvgGenerator()
        gen.setOutputDevice(buffer)
        gen.setSize(drawn.size())
        gen.setResolution(96)  # so a cell of 32 pixels is a third of an inch
        gen.setViewBox(QRectF(0, 0, drawn.width, drawn.height))
        gen.setTitle(validate.safe_text(title or drawn.kind.title))
        gen.setDescription(f"A {drawn.kind.title} puzzle, drawn by puzzlegui")
        painter = QPainter(gen)
        painter.fillRect(QRectF(0, 0, drawn.width, drawn.height), QColor(BACKGROUND))
        drawn.paint(painter)
        painter.end()
        buffer.close()
    finally:
        drawn.close()
    _write(path, bytes(data.data()), overwrite)
    return path


def _write(path: Path, data: bytes, overwrite: bool = True) -> None:
    """``data`` to ``path`` by files.save_atomic: a special file (or a link to one) is
    refused with its sentence (files.UnsafeTarget), never replaced."""
    if not data:
        raise PuzzleError(f"Nothing was drawn for {validate.safe_text(str(path))}.")
    try:
        files.save_atomic(path, data, overwrite=overwrite)
    except OSError as exc:
        reason = validate.safe_text(str(exc.strerror or exc))[:100]
        raise PuzzleError(f"{validate.safe_text(str(path))} cannot be written ({reason}).") from None


# --- pages: PDF and printing --------------------------------------------------------------
def _check_items(items, per_page: int) -> list:
    if per_page not in LAYOUTS:
        raise PuzzleError(f"Puzzles per page must be 1, 2, 4 or 6, not {validate.shown(per_page)}.")
    items = list(items)
    if not items:
        raise PuzzleError("There is no puzzle to print.")
    if len(items) > MAX_PDF_ITEMS:
        raise PuzzleError(f"At most {MAX_PDF_ITEMS:,} puzzles are printed at once, not {len(items):,}.")
    return items


def page_count(n_items: int, per_page: int = 4, n_solutions: int = 0) -> int:
    """How many pages ``print_items`` makes."""
    pages = math.ceil(n_items / per_page)
    if n_solutions:
        pages += math.ceil(n_solutions / SOLUTION_LAYOUT[per_page])
    return pages


def print_items(device, items, per_page: int = 4, solutions=None, heading: str = "") -> int:
    """Lay ``items`` ((title, kind, state)) out on ``device`` (a QPdfWriter or a
    QPrinter, set up by the caller), ``per_page`` to a page, each with its title; then
    ``solutions`` ((title, kind, state or None)) smaller on pages of their own.
    Returns the number of pages."""
    items = _check_items(items, per_page)
    solutions = list(solutions or [])
    total = page_count(len(items), per_page, len(solutions))
    painter = QPainter()
    if not painter.begin(device):
        raise PuzzleError("The printer or PDF file could not be opened for drawing.")
    try:
        page = 0
        chunks = [(items[i : i + per_page], per_page, heading) for i in range(0, len(items), per_page)]
        sol_per = SOLUTION_LAYOUT[per_page]
        chunks += [(solutions[i : i + sol_per], sol_per, "Solutions") for i in range(0, len(solutions), sol_per)]
        for chunk, n, head in chunks:
            if page:
                device.newPage()
            page += 1
            _paint_page(painter, device, chunk, n, head if page == 1 or head == "Solutions" else "", page, total)
    finally:
        painter.end()
    return total


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


def _paint_page(painter: QPainter, device, chunk, per_page: int, heading: str, page: int, total: int) -> None:
    width, height = device.width(), device.height()
    unit = height / 100.0  # a hundredth of the page's height
    painter.fillRect(QRectF(0, 0, width, height), QColor(BACKGROUND))
    top = 0.0
    if heading:
        painter.setFont(_font(2.4 * unit, bold=True))
        painter.setPen(QColor("#000000"))
        painter.drawText(QRectF(0, 0, width, 4 * unit), Qt.AlignHCenter | Qt.AlignTop, validate.safe_text(heading))
        top = 4.5 * unit
    footer = 2.5 * unit
    painter.setFont(_font(1.2 * unit))
    painter.setPen(QColor("#555555"))
    painter.drawText(
        QRectF(0, height - footer, width, footer), Qt.AlignHCenter | Qt.AlignBottom, f"puzzlegui \u2014 page {page} of {total}"
    )
    cols, rows = LAYOUTS[per_page]
    gap = 2.5 * unit
    cell_w = (width - gap * (cols - 1)) / cols
    cell_h = (height - top - footer - gap * rows) / rows
    title_px = max(1.0, min(2.0 * unit, cell_h * 0.07))
    for index, (title, kind, state) in enumerate(chunk):
        col, row = index % cols, index // cols
        x = col * (cell_w + gap)
        y = top + row * (cell_h + gap)
        text = validate.safe_text(str(title))
        title_font = _font(title_px, bold=True)
        metrics = QFontMetricsF(title_font, device)
        line_h = metrics.height()
        wide = metrics.horizontalAdvance(text)
        if wide > cell_w:  # a long title: smaller, down to two thirds, then cut short
            title_font = _font(max(title_px * 2 / 3, math.floor(title_px * cell_w * 0.95 / wide)), bold=True)
            metrics = QFontMetricsF(title_font, device)
        painter.setFont(title_font)
        painter.setPen(QColor("#000000"))
        shown_title = metrics.elidedText(text, Qt.ElideRight, cell_w)
        painter.drawText(QRectF(x, y, cell_w, line_h), Qt.AlignHCenter | Qt.AlignTop, shown_title)
        box = QRectF(x, y + line_h + 0.6 * unit, cell_w, cell_h - line_h - 0.6 * unit)
        if state is None:
            painter.setFont(_font(title_px * 0.8))
            painter.setPen(QColor("#555555"))
            painter.drawText(box, Qt.AlignCenter | Qt.TextWordWrap, "No solution found.")
            continue
        drawn = _Drawn(kind, state, 32)
        try:
            drawn.paint(painter, box)
        finally:
            drawn.close()


def write_pdf(
    path, items, per_page: int = 4, solutions=None, heading: str = "", page_size: str = "A4", overwrite: bool = True
) -> int:
    """A PDF of ``items`` ((title, kind, state)), ``per_page`` (1, 2, 4 or 6) to a page,
    then ``solutions`` if given.  Returns the number of pages; PuzzleError if it cannot
    be written.  The file is written whole, then moved into place (files.save_atomic)."""
    ensure_app()
    items = _check_items(items, per_page)
    size = {"A4": QPageSize.A4, "Letter": QPageSize.Letter}.get(page_size)
    if size is None:
        raise PuzzleError(f"The page size must be {' or '.join(PAGE_SIZES)}, not {validate.shown(page_size)}.")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(300)
    writer.setTitle(validate.safe_text(heading or (items[0][0] if len(items) == 1 else "Puzzles")))
    writer.setCreator("puzzlegui")
    writer.setPageLayout(QPageLayout(QPageSize(size), QPageLayout.Portrait, QMarginsF(15, 15, 15, 15), QPageLayout.Millimeter))
    pages = print_items(writer, items, per_page, solutions, heading)
    del writer  # finishes the PDF into the buffer
    buffer.close()
    _write(Path(path), bytes(data.data()), overwrite)
    return pages


def solutions_for(items, time_limit: float = SOLVE_SECONDS) -> list:
    """The solution pages' items for ``items`` ((title, kind, state)): each state solved
    (``solved_state``), or None where no solution was found in time.  The command line's
    ``--solutions`` and the window's Print and Print to PDF both use it."""
    return [(title, kind, solved_state(kind, state, time_limit)) for title, kind, state in items]


def solved_state(kind, state, time_limit: float = SOLVE_SECONDS):
    """``state`` with a solution applied (the first one the solver finds within
    ``time_limit`` seconds), or None when none is found."""
    kind = _kind(kind)
    start = kind.solve_start(state)
    result = solver.run(kind.solve(start), mode=solver.FIRST, max_solutions=1, time_limit=time_limit, keep=1)
    if not result.solutions:
        return None
    solved = start
    for move in kind.solution_moves(start, result.solutions[0]):
        solved = kind.apply(solved, move)
    return solved


# --- clipboard ------------------------------------------------------------------------------
KIND_LINE = "# kind: "


def puzzle_text(kind, state) -> str:
    """The puzzle as text another puzzlegui pastes back: ``KIND:ID`` when the kind has a
    game ID for it, else its text layout after a ``# kind: K`` line, else the JSON file."""
    kind = _kind(kind)
    try:
        game_id = kind.format_game_id(state)
        if (
            game_id
            and not any(ch.isspace() for ch in game_id)
            and kind.encode(kind.parse_game_id(game_id)) == kind.encode(kind.initial(state))
        ):
            return f"{kind.name}:{game_id}"
    except PuzzleError:
        pass
    try:
        return KIND_LINE + kind.name + "\n" + kind.format_text(state)
    except PuzzleError:
        return files.dumps(files.PuzzleDoc(kind, state))


def copy_puzzle(kind, state, title: str = "", clipboard=None, cell: float = 32, given=None) -> str:
    """Put the puzzle on the clipboard as text (``puzzle_text`` of ``given``, the puzzle
    as given, when the caller has it: a played Rotation position is not its puzzle) and
    as the image of the board in ``state``; returns the text."""
    from PySide6.QtGui import QGuiApplication

    ensure_app()
    kind = _kind(kind)
    mime = _plain_mime_data()
    text = puzzle_text(kind, given if given is not None else state)
    mime.setText(text)
    mime.setImageData(render_image(kind, state, cell))
    if title:
        mime.setData("text/x-puzzlegui-title", validate.safe_text(title)[:200].encode("utf-8"))
    (clipboard or QGuiApplication.clipboard()).setMimeData(mime)  # the clipboard owns it now
    return text


def _plain_mime_data() -> QMimeData:
    """An empty QMimeData made by Qt itself.  One made in Python (``QMimeData()``) is
    PySide's subclass, whose destructor calls back into Python: left on the clipboard,
    Qt deletes it after the interpreter has gone at exit, and the process crashes
    (PySide6 6.11, seen with the offscreen platform).  A model's mimeData() is plain."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel

    model = QStandardItemModel()
    model.appendRow(QStandardItem(""))
    mime = model.mimeData([model.index(0, 0)])
    for fmt in mime.formats():
        mime.removeFormat(fmt)
    return mime


def parse_pasted(text: str, kind: str | None = None, prefer: str | None = None) -> files.PuzzleDoc:
    """A puzzle from pasted text, read as every board that arrives as text is read
    (files.read_text: a puzzle file, ``KIND:ID``, a layout with its ``# Kind`` header, a
    library name, a bare ID of ``kind``, of ``prefer`` (the kind open) or of the one kind
    that reads it); PuzzleError with a sentence saying what it was tried as."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError("The clipboard holds no text to read a puzzle from.")
    return files.read_text(text, kind, prefer, what="The pasted text")
