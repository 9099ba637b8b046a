"""What a screen reader hears of a board (issue 35).

Qt sees a board as one widget that paints itself: Orca heard a Kurosu board as one
nameless object with no children.  ``install`` gives Qt a factory that answers for
every BoardWidget with ``BoardAccess``: a table whose children are the board's squares
(``CellAccess``, named "row 3, column 5: X, given") and then its clues (Tracks' counts:
"column 4 needs 3 track cells, has 2").  The words come from the board
(``BoardWidget.access_cell`` / ``access_clues``), so each kind says what its squares hold.

The board tells this module when it shows another state (``state_shown``), moves its
cursor (``cursor_moved``) or has a sentence to say (``announce``: a hint's stage, the
status line, which says the finish too, Check's list, the solver bar's verdict and replay
step).  A changed square
sends a name-change event for that square; the cursor's square gets the focus event a
screen reader reads; sentences go as announcement events (Qt 6.8).  Nothing is worked
out until an assistive technology has asked for the board's interface, so a player
without one pays nothing.

``prefs`` holds the player's choices (gui/settings.py keeps them): what is announced
after a move (the cursor's square only, or also what changed around it), the clues'
text size and reduced motion.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QPoint, QRect, QRectF
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
)
from PySide6.QtWidgets import QAccessibleWidget, QApplication

CURSOR_ONLY, AROUND = "cursor", "around"
#: what is announced after a move, the settings accept these only
ANNOUNCE_CHOICES = {CURSOR_ONLY: "The square under the cursor", AROUND: "Also what changed around it"}
#: the board's clue text (counts, numbers beside the grid), as a multiple of its size
CLUE_SCALES = {1.0: "Normal", 1.25: "Large", 1.5: "Larger"}
AROUND_LIMIT = 6  # squares named after a move besides the cursor's; more are counted
EVENT_LIMIT = 400  # name-change events for one state; a bigger change is one for the board


class Prefs:
    """The player's choices, read where they apply (the window sets them from the
    settings)."""

    def __init__(self):
        self.announce = CURSOR_ONLY
        self.clue_scale = 1.0
        self.reduced_motion = False


prefs = Prefs()
#: callables given every event sent (the tests see the events through this)
listeners: list = []


def send(event) -> None:
    for listener in list(listeners):
        listener(event)
    QAccessible.updateAccessibility(event)


PROGRESS_GAP = 5.0  # seconds between two progress sentences ("Reading…: 12 of 40…") of one widget
_progress_said: dict = {}  # id(widget) -> when it last said one (bounded: see announce)


def announce(widget, text: str) -> None:
    """Say ``text`` (a status line, a verdict, a hint) through the screen reader.  A
    sentence of work under way (it ends with "…") is said at most every PROGRESS_GAP
    seconds for one widget: a collection read line by line must not drown the reader."""
    text = " ".join(str(text or "").split())
    if not text or widget is None:
        return
    if text.endswith("\u2026"):
        now = time.monotonic()
        if now - _progress_said.get(id(widget), -PROGRESS_GAP) < PROGRESS_GAP:
            return
        if len(_progress_said) > 64:
            _progress_said.clear()
        _progress_said[id(widget)] = now
    send(QAccessibleAnnouncementEvent(widget, text))


def cell_words(x: int, y: int, content: str) -> str:
    """A square's name: its position, 1-based, then what it holds."""
    return f"row {y + 1}, column {x + 1}: {content}" if content else f"row {y + 1}, column {x + 1}"


_places: dict = {}  # (columns, rows) -> every square's "row r, column c", in reading order


def places(cols: int, rows: int) -> list[str]:
    """``cell_words``'s positions for a whole grid, made once per size (a few sizes kept):
    a move on a 30x30 board names 900 squares, and their positions never change."""
    key = (cols, rows)
    found = _places.get(key)
    if found is None:
        if len(_places) >= 8:
            _places.clear()
        found = _places[key] = [f"row {y + 1}, column {x + 1}" for y in range(rows) for x in range(cols)]
    return found


# --- the interfaces ------------------------------------------------------------------------
class CellAccess(QAccessibleInterface):
    """One square of a board (index < columns x rows) or one of its clues after them."""

    def __init__(self, board_access: BoardAccess, index: int):
        super().__init__()
        self._table = board_access
        self.index = index

    def _board(self):
        return self._table.board

    def isValid(self) -> bool:  # noqa: N802 (Qt's names, here and below)
        return self._table.board is not None and self.index < self._table.childCount()

    def object(self):
        return None

    def window(self):
        return self._table.window()

    def relations(self, match=QAccessible.AllRelations):
        return []

    def focusChild(self):
        return None

    def childAt(self, x, y):
        return None

    def parent(self):
        return self._table

    def child(self, index):
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child) -> int:
        return -1

    def text(self, what) -> str:
        if what == QAccessible.Name and self.isValid():
            return self._table.name_of(self.index)
        return ""

    def setText(self, what, text) -> None:
        pass

    def rect(self) -> QRect:
        board = self._board()
        box = self._table.rect_of(self.index) if board is not None else None
        if box is None:
            return QRect()
        top_left = board.mapToGlobal(QPoint(int(box.left()), int(box.top())))
        return QRect(top_left.x(), top_left.y(), max(1, int(box.width())), max(1, int(box.height())))

    def role(self):
        return QAccessible.Cell if self.index < self._table.cell_count() else QAccessible.StaticText

    def state(self):
        state = QAccessible.State()
        state.readOnly = True
        board = self._board()
        if board is not None and self.index < self._table.cell_count():
            state.focusable = True
            state.selectable = True
            here = self._table.cursor_index() == self.index
            state.focused = here and board.hasFocus()
            state.selected = here
        return state


class BoardAccess(QAccessibleWidget):
    """The board as a table: its squares in reading order, then its clues."""

    def __init__(self, board):
        super().__init__(board, QAccessible.Table, "")
        self.board = board
        self._cells: dict[int, CellAccess] = {}
        self._names: list[str] | None = None  # the names as last told, to find changes
        self._clues: list = []
        self._clues_for: tuple | None = None  # what the clues were worked out for
        board.destroyed.connect(self._gone)
        self._names = self.all_names() if board.state is not None else None

    def _gone(self, *_args) -> None:
        # the squares have no QObject: Qt's cache keeps those it registered until told;
        # but once the application is ending, the cache (and the screen readers' bridge)
        # may be gone before the board is, and telling it crashed the app on quit with a
        # screen reader's bus running (a SIGTERM in tests/test_atspi_session.py): the
        # squares then go with the cache
        cells, self._cells = self._cells, {}
        self.board = None
        if QCoreApplication.instance() is None or QCoreApplication.closingDown():
            return
        for cell in cells.values():
            QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(cell))

    # what the board says
    def cell_count(self) -> int:
        board = self.board
        if board is None or board.state is None:
            return 0
        cols, rows = board.grid_size()
        return cols * rows

    def clues(self) -> list:
        """The board's clues, worked out once for what it shows (its state, a drag's
        preview) at its size: a move asks for them twice and Qt for their count often."""
        board = self.board
        if board is None or board.state is None:
            self._clues, self._clues_for = [], None
            return self._clues
        shown = board.shown_state() if hasattr(board, "shown_state") else None
        key = (board.state, shown, board.width(), board.height(), prefs.clue_scale)
        seen = self._clues_for
        if seen is None or len(seen) != len(key) or any(a is not b and a != b for a, b in zip(seen, key)):
            self._clues, self._clues_for = board.access_clues(), key
        return self._clues

    def name_of(self, index: int) -> str:
        board = self.board
        n = self.cell_count()
        if index < n:
            cols = board.grid_size()[0]
            x, y = index % cols, index // cols
            return cell_words(x, y, board.access_cell(x, y))
        clues = self.clues()
        return clues[index - n][0] if index - n < len(clues) else ""

    def all_names(self) -> list[str]:
        board = self.board
        if board is None or board.state is None:
            return []
        where = places(*board.grid_size())
        return [f"{where[i]}: {words}" if words else where[i] for i, words in enumerate(board.access_cells())] + [
            words for words, _ in self.clues()]

    def rect_of(self, index: int) -> QRectF | None:
        board = self.board
        n = self.cell_count()
        geo = board.geometry_now() if board is not None else None
        if geo is None:
            return None
        if index < n:
            cols = board.grid_size()[0]
            return QRectF(*geo.cell_rect(index % cols, index // cols))
        clues = self._clues or self.clues()
        return clues[index - n][1] if index - n < len(clues) else None

    def cursor_index(self) -> int:
        board = self.board
        cell = board.access_cursor() if board is not None and board.state is not None else None
        if cell is None:
            return -1
        cols, rows = board.grid_size()
        x, y = cell
        return y * cols + x if 0 <= x < cols and 0 <= y < rows else -1

    # QAccessibleInterface
    def text(self, what) -> str:
        board = self.board
        if board is not None and what == QAccessible.Name:
            return board.access_title()
        if board is not None and what == QAccessible.Description:
            return board.access_help()
        return super().text(what)

    def childCount(self) -> int:  # noqa: N802
        return self.cell_count() + (len(self.clues()) if self.board is not None else 0)

    def child(self, index: int):
        if not 0 <= index < self.childCount():
            return None
        cell = self._cells.get(index)
        if cell is None:
            cell = self._cells[index] = CellAccess(self, index)
        return cell

    def indexOfChild(self, child) -> int:  # noqa: N802
        index = getattr(child, "index", -1)
        return index if self._cells.get(index) is child else -1

    def focusChild(self):  # noqa: N802
        index = self.cursor_index()
        return self.child(index) if index >= 0 and self.board is not None and self.board.hasFocus() else None

    def childAt(self, x: int, y: int):  # noqa: N802
        board = self.board
        geo = board.geometry_now() if board is not None else None
        if geo is None:
            return None
        local = board.mapFromGlobal(QPoint(x, y))
        cell = geo.cell_at(local.x(), local.y())
        if cell is None:
            return None
        return self.child(cell[1] * board.grid_size()[0] + cell[0])

    # what changed
    def remember_names(self) -> None:
        if self._names is not None:
            self._names = self.all_names()

    def tell_changes(self) -> list[int]:
        """Name-change events for the squares (and clues) whose names changed since
        they were last told; the indexes that changed."""
        names = self.all_names()
        old, self._names = self._names, names
        if old is None:
            return []
        if len(old) != len(names):  # another puzzle: the table itself changed
            send(QAccessibleEvent(self, QAccessible.NameChanged))
            return []
        changed = [i for i, (a, b) in enumerate(zip(old, names, strict=True)) if a != b]
        if len(changed) > EVENT_LIMIT:
            send(QAccessibleEvent(self, QAccessible.NameChanged))
        else:
            for i in changed:
                send(QAccessibleEvent(self.child(i), QAccessible.NameChanged))
        return changed


def install(board_class) -> None:
    """Answer Qt's questions about boards, instances of ``board_class`` (once per process;
    the board base hands its class in, so this module need not import it)."""
    global _board_class
    if _board_class is None:
        _board_class = board_class
        QAccessible.installFactory(_factory)


_board_class = None  # the board base (qtkit/board.py), once installed


def _factory(_class_name, obj):
    if _board_class is not None and isinstance(obj, _board_class):
        access = BoardAccess(obj)
        obj._access = access  # kept by the board: Qt's cache deletes it with the board
        return access
    return None


def interface_of(board):
    """The board's interface if a screen reader (or a test) has asked for it, else None."""
    access = getattr(board, "_access", None)
    return access if access is not None and access.board is board else None


# --- what the board tells -----------------------------------------------------------------
def state_shown(board) -> None:
    """The board shows another state: each changed square's name-change event, then the
    announcement the player chose (the cursor's square, or that and what changed)."""
    access = interface_of(board)
    if access is None:
        return
    changed = access.tell_changes()
    if not changed or not board.interactive:
        return  # a replay's step is said by the solver bar
    cursor = access.cursor_index()
    words = [access.name_of(cursor)] if cursor >= 0 else []
    if prefs.announce == AROUND:
        others = [i for i in changed if i != cursor]
        words += [access.name_of(i) for i in others[:AROUND_LIMIT]]
        if len(others) > AROUND_LIMIT:
            words.append(f"and {len(others) - AROUND_LIMIT} more changed")
    announce(board, "; ".join(words))


def cursor_moved(board) -> None:
    """The cursor is on another square: the focus event a screen reader reads out."""
    access = interface_of(board)
    if access is None or not board.hasFocus():
        return
    # names that say where the cursor is (Rotation's block, Black and White's stretch)
    # change with it: kept as they are now, so the next move compares like with like
    access.remember_names()
    index = access.cursor_index()
    if index >= 0:
        send(QAccessibleEvent(access.child(index), QAccessible.Focus))


# --- the settings' effect on every board ----------------------------------------------
def boards() -> list:
    """Every live board (the class ``install`` was given), for a change of the settings."""
    app = QApplication.instance()
    if app is None or _board_class is None:
        return []
    return [w for w in app.allWidgets() if isinstance(w, _board_class)]


def repaint_boards() -> None:
    for board in boards():
        board.updateGeometry()
        board.update()


# --- the keys, for the help page ------------------------------------------------------------
#: keys the board answers for every kind, besides its own (qtkit/board.py, the window)
BOARD_KEYS = (
    ("u, r", "undo, redo (as in Tatham's puzzles)"),
    ("any key", "after a finish: put away the card over the board"),
)
