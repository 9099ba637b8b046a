"""Small pictures of boards for the library: each puzzle as given, or its game in progress.

A picture is drawn by the kind's own board widget, off screen, into an image (so it looks
exactly like the board), and kept in memory and on disk (``thumbs/<key>.<theme>.png`` in
the data folder), one per theme.  Pictures the library asks for and nobody has drawn yet
are queued; a worker thread loads them (reading a puzzle may import its kind, and numpy
with it: hundreds of ms) and the GUI thread draws them a few at a time from a timer, each
tick within a small time budget, so opening the library never holds the window up.
Nothing starts before ``start()``: the window calls it once its first paint is done.
``ready`` says when a picture is there.  The window stores a fresh picture of a game when the player leaves it, so the
library shows the game as it was left.
"""

from __future__ import annotations

import hashlib

import time
from collections import OrderedDict
from pathlib import Path

import shiboken6
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap, QImageReader

from ..core.store import is_key
from ..qtkit import theme

SIZE = 48  # logical pixels, the side of a picture: big enough to tell two boards apart
TICK_BUDGET_S = 0.012  # drawing per timer tick, at most (then the event loop runs)
# While other work runs on the pool (a record read, a table, a replay being prepared),
# drawing waits: its Python and the pool's share one GIL, and a 30x30 board drawn beside a
# 50,000-move record being read held the window up 60 ms.  It waits at most HOLD_S.
HOLD_S = 1.0
HOLD_TICK_MS = 25  # how often it looks again while it waits
MEMORY_LIMIT = 400  # pictures kept in memory


class Thumbnails(QObject):
    ready = Signal(str)  # a key whose picture is now there

    def __init__(self, folder: Path | None, writer=None, parent=None):
        super().__init__(parent)
        self.folder = Path(folder) if folder is not None else None
        if self.folder is not None:  # the pictures are the app's own: never written through a link
            from ..core import files

            files.own_folder(self.folder)
        self.writer = writer  # core.games.Writer: PNGs are written off the GUI thread
        self._icons: dict = {}  # (key, theme) -> QIcon
        self._queue: OrderedDict = OrderedDict()  # key -> loader () -> (kind, state) | None
        self._shown: dict = {}  # key -> the window's board that showed it when asked (later())
        self._boards: dict = {}  # kind name -> an off-screen board widget of the kind
        self._loaded: list = []  # (key, kind, state) loaded off the GUI thread, to draw
        self._loading = False  # a batch is being loaded on the pool
        self._started = False
        self._closed = False
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._work)
        self._held_since: float | None = None  # when drawing began to wait for the pool
        self.ratio = 1.0  # device pixels per logical pixel of the screen they are shown on

    # ------------------------------------------------------------------ asking
    @staticmethod
    def _theme() -> str:
        """The colours a picture was drawn in, for its name: the scheme (light, dark, high
        contrast, greyscale), and a digest of the player's own colours over it if any, so a
        picture in one never stands for another."""
        name = theme.scheme
        mine = theme.custom.get(theme.scheme)
        if mine:
            name += "-" + hashlib.sha1(repr(sorted(mine.items())).encode()).hexdigest()[:8]
        return name

    def _path(self, key: str) -> Path | None:
        if self.folder is None or not is_key(key):  # a key is data: only ours name a file
            return None
        return self.folder / f"{key}.{self._theme()}.png"

    def icon(self, key: str, loader=None) -> QIcon | None:
        """The picture for ``key`` if there is one; else None, and with a ``loader``
        (which returns the kind and state to draw) it is queued and ``ready`` follows."""
        full = (key, self._theme())
        found = self._icons.get(full)
        if found is not None:
            return found
        path = self._path(key)
        if path is not None and path.is_file() and self._right_size(path):
            found = QIcon(str(path))  # read from disk when first painted
            self._remember(full, found)
            return found
        if loader is not None and key not in self._queue:
            self._queue[key] = loader
            self._kick()
        return None

    def _right_size(self, path) -> bool:
        """The picture on disk was drawn at today's size (a smaller one, from a version
        with smaller pictures, is drawn again rather than blurred up).  Reads its header only."""
        return QImageReader(str(path)).size().width() >= round(SIZE * self.ratio)

    def start(self) -> None:
        """Begin loading and drawing what was asked for (after the window's first paint)."""
        self._started = True
        if self._loaded and not self._timer.isActive():
            self._timer.start()  # pictures asked for with later() before the start
        self._kick()

    def forget_queue(self) -> None:
        """Drop what was asked for and not drawn yet (the library was rebuilt)."""
        self._queue.clear()
        self._loaded.clear()
        self._shown.clear()
        self._timer.stop()

    def busy(self) -> bool:
        return bool(self._queue or self._loaded or self._loading)

    def _kick(self) -> None:
        if not self._started or self._loading or not self._queue:
            return
        from ..core import jobs as named
        from .jobs import jobs_for

        batch = list(self._queue.items())[:BATCH]
        for key, _ in batch:
            del self._queue[key]
        self._loading = True
        # pictures are facts about games, drawn for whoever looks: the job carries no ticket
        call = jobs_for(self).run(named.THUMBNAILS, _load, batch)
        call.done.connect(self._got)
        call.failed.connect(lambda _message: self._got([]))

    def _got(self, loaded) -> None:
        self._loading = False
        if self._closed:
            return
        self._loaded.extend(loaded)
        if self._loaded and not self._timer.isActive():
            self._timer.start()
        self._kick()

    # ------------------------------------------------------------------ drawing
    def store(self, key: str, kind, state, shown=None) -> QIcon:
        """Draw ``state`` now (the game as the player left it), keep it, save it."""
        image = self.draw(kind, state, shown or self._shown.pop(key, None))
        icon = QIcon(QPixmap.fromImage(image))
        self._remember((key, self._theme()), icon)
        self._queue.pop(key, None)
        path = self._path(key)
        if path is not None:
            data = _png(image)
            if data is not None:
                if self.writer is not None:
                    self.writer.submit(path, data)
                else:
                    from ..core import files

                    try:
                        files.save_atomic(path, data, follow_links=False, make_folders=True)
                    except (OSError, files.PuzzleError):  # files.UnsafeTarget: a FIFO at the name
                        pass  # a picture is a nicety: never an error for the player
        self.ready.emit(key)
        return icon

    def later(self, key: str, kind, state, shown=None) -> None:
        """Draw ``state`` for ``key`` soon, from the timer, not now: the moment the player
        leaves or solves a game is busy enough.  ``shown``: the window's board showing
        ``state``, with its layers drawn: a copy of it (a render of a 40x40 board, ~30 ms)
        costs a third of drawing that board anew on a board of our own, so it is copied at
        the timer's next tick if it still shows ``state`` at rest (the solved flourish over
        it left out), or when the move it animates ends."""
        if shown is not None:
            self._shown[key] = shown
        self._queue.pop(key, None)
        self._loaded = [entry for entry in self._loaded if entry[0] != key]
        self._loaded.insert(0, (key, kind, state))
        if self._started and not self._timer.isActive():
            self._timer.start()

    def draw(self, kind, state, shown=None) -> QImage:
        """The board of ``kind`` showing ``state``, SIZE logical pixels square: copied
        from ``shown`` (a board on screen) if it still shows ``state``, else drawn."""
        side = max(1, round(SIZE * self.ratio))
        board = shown if self._copyable(shown, kind, state) else None
        if board is None:
            board = self._board_for(kind)
            # laid out larger, then scaled down smoothly: at 40 px a board's hairlines
            # and margins would be drawn at their minimums and crowd the picture
            board.resize(160, 160)
            board.set_state(state)
        picture = QImage(board.width(), board.height(), QImage.Format_ARGB32_Premultiplied)
        picture.fill(Qt.transparent)
        board.render_at_rest(picture)
        small = picture.scaled(side, side, Qt.KeepAspectRatio, Qt.SmoothTransformation)
        out = QImage(side, side, QImage.Format_ARGB32_Premultiplied)
        out.fill(Qt.transparent)
        p = QPainter(out)
        p.drawImage(QRectF((side - small.width()) / 2, (side - small.height()) / 2, small.width(), small.height()), small)
        p.end()
        out.setDevicePixelRatio(self.ratio)
        return out

    def _board_for(self, kind):
        board = self._boards.get(kind.name)
        if board is None:
            from .kinds import board_class

            board = board_class(kind.name)(kind)
            board.set_interactive(False)
            board.setAttribute(Qt.WA_DontShowOnScreen, True)
            board.animation_ms = 0
            self._boards[kind.name] = board
        return board

    def _pool_busy(self) -> bool:
        """Other work on the pool than this object's own loading."""
        from .jobs import pending

        return pending() > (1 if self._loading else 0)

    def _work(self) -> None:
        started = time.perf_counter()
        if self._pool_busy():
            if self._held_since is None:
                self._held_since = started
            if started - self._held_since < HOLD_S:
                self._timer.setInterval(HOLD_TICK_MS)  # not a busy loop while it waits
                return
        self._held_since = None
        self._timer.setInterval(0)
        while self._loaded and time.perf_counter() - started < TICK_BUDGET_S:
            key, kind, state = self._loaded[0]
            if self._still_moving(key):
                break  # its board on screen is animating (a turn, the solved glow): next tick
            self._loaded.pop(0)
            try:
                self.store(key, kind, state)
            except Exception:  # noqa: BLE001 - a board that cannot be drawn has no picture
                pass
        if not self._loaded:
            self._timer.stop()

    @staticmethod
    def _copyable(shown, kind, state) -> bool:
        """True if the board ``shown`` (on screen) shows ``state`` of ``kind``, at rest."""
        return (
            shown is not None
            and shiboken6.isValid(shown)  # not deleted since (the player left its kind)
            and shown.state is state
            and shown.kind is kind
            and not shown.is_moving()
        )

    def _still_moving(self, key: str) -> bool:
        shown = self._shown.get(key)
        if shown is not None and not shiboken6.isValid(shown):  # deleted since: drawn anew
            self._shown.pop(key, None)
            return False
        return shown is not None and shown.is_moving()

    def _remember(self, full, icon) -> None:
        if len(self._icons) >= MEMORY_LIMIT:
            self._icons.clear()
        self._icons[full] = icon

    def close(self) -> None:
        self._closed = True
        self._started = False
        self.forget_queue()
        for board in self._boards.values():
            board.deleteLater()
        self._boards.clear()


BATCH = 16  # puzzles loaded per trip to the pool


def _load(batch) -> list:
    """On the pool: each loader's (kind, state), and each kind's board module imported, so
    the GUI thread only draws.  A puzzle that will not load has no picture."""
    from .kinds import preload

    out = []
    for key, loader in batch:
        try:
            made = loader()
        except Exception:  # noqa: BLE001
            continue
        if made is None:
            continue
        kind, state = made
        try:
            preload(kind.name)
        except Exception:  # noqa: BLE001
            continue
        out.append((key, kind, state))
    return out


def _png(image: QImage) -> bytes | None:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    ok = image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data()) if ok else None
