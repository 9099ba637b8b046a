"""The library: the tree of puzzles in the window's Library dock, the pictures of their
boards, and the reading of a collection to list in it.

It lists the built-ins by kind, the player's saved files, the collection opened last
and every other game on record, each marked new, in progress or solved, with its best
time and, for kinds with levels, its grade (the kind's one grader, ``level_name``,
worked out on the worker pool a few lines at a time and remembered, never on the GUI
thread).  The window places it in its dock and opens what it asks (``openRequested``); the
games themselves are core.games's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyledItemDelegate, QTreeWidget, QTreeWidgetItem

from ..core import collection as collection_mod
from ..core import files, gcpause, grades, registry, validate
from ..core import games as games_mod
from ..core import jobs as named
from ..core.kind import PuzzleError
from ..core.text import plural
from . import settings as settings_mod
from ..qtkit.text import plain_tip
from .thumbnails import SIZE as THUMB_SIZE
from .thumbnails import Thumbnails
from .jobs import Handle, jobs_for

READING_COLLECTION = "Reading collection"  # the status bar's words while one is read
GRADES_AT_ONCE = 12  # lines graded by one call on the pool, so other work takes turns
STATUS_MARK = {games_mod.NEW: "", games_mod.IN_PROGRESS: "\u25d0 ", games_mod.SOLVED: "\u2713 "}


def _kind_and_state(doc):
    """What a library picture draws: the puzzle as given (a saved file: with its progress)."""
    state = doc.state
    if doc.progress:
        try:
            state = doc.history().state
        except PuzzleError:
            pass  # progress that does not replay: the puzzle as given
    return doc.kind, state


def _short_title(title: str, kind_title: str) -> str:
    """A built-in's title without its kind's name before a comma ("Kurosu, 1 June
    2018" -> "1 June 2018", "Black and White, grid 01" -> "Grid 01") where the
    library's group already says it."""
    head, sep, rest = title.partition(", ")
    if sep and rest and kind_title.lower().startswith(head.lower()):
        return rest[0].upper() + rest[1:]
    return title


def _grades_of(batch) -> dict:
    """On the pool: key -> (size, grade name) (core/grades.py: "" when the kind has no
    grades or the puzzle does not read) for (key, loader) pairs."""
    out = {}
    for key, loader in batch:
        try:
            out[key] = grades.facts_of(*loader())
        except (PuzzleError, OSError, ValueError):
            out[key] = ("", "")
    return out


def _path_name(path: Path) -> str:
    """A folder's or a file's name as the status bar says it: on one line."""
    return validate.safe_text(path.name or str(path))


def _read_collection(path, kind, text, control):
    """On the pool: the collection at ``path`` (``text``: a collection file's, read
    already), or the PuzzleError saying why not; None when it was given up on.

    Its files' JSON is large and short-lived, its puzzles long-lived: the collector's
    full passes over them held the GIL, and so the window, for 200 ms (core/gcpause.py)."""
    try:
        with gcpause.young_only():
            coll = collection_mod.load(path, kind, text, control.report, control.stopped)
    except collection_mod.Cancelled:
        return None
    except PuzzleError as exc:
        return exc
    gcpause.keep()
    return coll


class _WrappingLines(QStyledItemDelegate):
    """Titles wrap onto as many lines as they need (up to ``MAX_LINES``) in the room the
    drawer gives them: two titles that differ at their end ("Twiddle 3x3, farthest
    position", "Twiddle 3x3 rows only") are never cut into look-alikes.  Qt's own
    delegate wraps only within a row as high as one line or the picture."""

    MAX_LINES = 3

    def __init__(self, tree):
        super().__init__(tree)
        self._tree = tree

    def sizeHint(self, option, index):  # noqa: N802 (Qt's name)
        hint = super().sizeHint(option, index)
        if index.column() != 0:
            return hint
        tree = self._tree
        depth = 0
        parent = index.parent()
        while parent.isValid():
            depth += 1
            parent = parent.parent()
        icon = tree.iconSize().width() + 8 if index.data(Qt.DecorationRole) is not None else 0
        room = tree.columnWidth(0) - depth * tree.indentation() - icon - 12
        if room <= 20:
            return hint
        metrics = option.fontMetrics
        text = str(index.data(Qt.DisplayRole) or "")
        height = metrics.boundingRect(QRect(0, 0, room, 10_000), Qt.TextWordWrap, text).height()
        height = min(height, self.MAX_LINES * metrics.lineSpacing())
        return QSize(hint.width(), max(hint.height(), height + 6))


@dataclass
class _CollectionReading:
    """A collection being read on the pool, and what the library does with it."""

    path: Path
    call: Handle  # its job (gui/jobs): cancelling it stops the reading at its next file or line
    folder: bool  # counted in files (else in lines)
    then: object = None  # called with the collection once read; None: only list it


class Library(QTreeWidget):
    """The library's tree, its pictures (``thumbs``) and the collection it lists."""

    openRequested = Signal(str)  # a line activated: its source (a built-in's name, a path, "game:KEY")
    collectionRead = Signal(str)  # a collection's reading ended (its path), listed or not
    error = Signal(str)  # a sentence the player must read

    def __init__(self, games, settings, status_bar, ratio: float, parent=None, jobs=None):
        super().__init__(parent)
        self._jobs = jobs  # the window's door for work off the GUI thread (None: jobs_for, when first needed)
        self._games = games
        self._settings = settings
        self._status = status_bar  # where a collection's reading shows its progress
        self.collection = None  # an opened collection, listed as a group
        self.thumbs = Thumbnails(settings_mod.data_dir() / "thumbs", games.writer, self)
        self.thumbs.ratio = ratio
        self.thumbs.ready.connect(self._picture_ready)
        self._by_key: dict = {}  # game key -> its line
        self.by_source: dict = {}  # source (a built-in's name, a path, "game:KEY") -> its line
        self._recent_group = None
        self._shut_down = False
        self._to_grade: list = []  # (key, loader) of listed lines whose grade is not known yet
        self._grading = None  # the job (gui/jobs) grading some of them
        self.setIconSize(QSize(THUMB_SIZE, THUMB_SIZE))
        self.setIndentation(10)  # the groups are one level deep: room for the titles
        self.setHeaderHidden(True)
        self.setWordWrap(True)  # titles on two lines beside their pictures, not cut to a word
        self.setItemDelegate(_WrappingLines(self))
        self.setUniformRowHeights(False)
        # a wheel notch moves the list by about a line of text, not by three rows (with
        # pictures, three rows were a whole section: Tracks' header, its puzzle and Rotation's)
        self.setVerticalScrollMode(QAbstractItemView.ScrollPerPixel)
        self.setColumnCount(2)  # the title, and the best time
        self.header().setStretchLastSection(False)
        self.header().setMinimumSectionSize(0)  # no best times yet: no column for them
        self.header().setSectionResizeMode(0, QHeaderView.Stretch)
        self.header().setSectionResizeMode(1, QHeaderView.ResizeToContents)
        # one click opens a puzzle (Enter too); a double click's second click finds it open
        self.itemClicked.connect(self._activated)
        self.itemActivated.connect(self._activated)

    # ---------------------------------------------------------------- the lines
    def refresh(self) -> None:
        """Built-ins by kind, the user's saved files, and every other game on record,
        each marked new / in progress / solved; the open puzzle is selected."""
        self.clear()
        self.thumbs.forget_queue()
        self._by_key = {}
        self._to_grade = []
        games = self._games
        entries = {e.source: e for e in games.entries()}
        current = games.current.source if games.current is not None else None
        self.by_source = {}
        self._recent_group = None

        def add(parent, title, source, tip, key, loader=None):
            entry = entries.get(source)
            return self._item(parent, title, source, tip, entry.key if entry else key, loader=loader)

        def group(title):
            parent = QTreeWidgetItem([title])
            parent.setFlags(parent.flags() & ~Qt.ItemIsSelectable)
            self.addTopLevelItem(parent)
            return parent

        by_kind: dict[str, QTreeWidgetItem] = {}
        builtin_names = set()
        for b in files.builtins():
            parent = by_kind.get(b.kind)
            if parent is None:
                parent = by_kind[b.kind] = group(registry.title(b.kind))
            short = _short_title(b.title, registry.title(b.kind))  # the group says the kind
            add(parent, short, b.name, f"{b.title}\nbuilt-in: {b.name}", games_mod.builtin_key(b.name),
                loader=lambda name=b.name: _kind_and_state(files.load_builtin(name)))
            builtin_names.add(b.name)
        mine = group("My puzzles")
        folder = settings_mod.puzzles_dir()
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
        for path in paths:
            add(mine, path.stem, str(path), str(path), games_mod.file_key(path),
                loader=lambda p=path: _kind_and_state(files.load_path(p)))
        if not paths:
            hint = QTreeWidgetItem(["(none saved yet)"])
            hint.setFlags(Qt.NoItemFlags)
            mine.addChild(hint)
        coll = self.collection
        if coll is not None:
            parent = group(f"{coll.title} ({len(coll.items):,})")
            for it in coll.items:
                key = games_mod.puzzle_key(it.doc)
                item = add(parent, it.title, it.source, f"{registry.title(it.kind)}: {it.source}", key,
                           loader=lambda doc=it.doc: _kind_and_state(doc))
                self.by_source["game:" + key] = item  # the game's own source, once open
        others = [e for e in games.entries() if e.source not in builtin_names and e.source not in self.by_source]
        if others:
            recent = self._recent_group = group("Recent games")
            for e in others:
                tip = e.source if e.origin == games_mod.FILE else f"{e.origin} {registry.title(e.kind)} puzzle"
                add(recent, e.title, e.source, tip, e.key)
        self.expandAll()
        shown_kind = games.current.doc.kind.name if games.current is not None else None
        for name, parent in by_kind.items():
            if parent.childCount() > 15 and name != shown_kind:
                parent.setExpanded(False)  # the strips set of 26: open on demand
        selected = self.by_source.get(current) if current else None
        if selected is not None:
            self.setCurrentItem(selected)
            self.scrollToItem(selected)
        self._grade_next()

    def _item(self, parent, title, source, tip, key, at: int | None = None, loader=None):
        """One puzzle's line: a picture of its board, its state mark, title and best time."""
        games = self._games
        status = games.status_of(key)
        st = games.stats_for(key)
        best = games_mod.time_text(st.best) if st is not None and st.best is not None else ""
        item = QTreeWidgetItem([STATUS_MARK[status] + title, best])
        record = f"\nsolved {st.solved:,}\u00d7, best {best or 'only with help'}" if st is not None and st.solved else ""
        item.setToolTip(0, plain_tip(f"{title}\n{tip}\n{status}{record}"))  # the title, the path: as written
        item.setData(0, Qt.UserRole + 3, f"{title}\n{tip}\n{status}{record}")
        item.setTextAlignment(1, Qt.AlignRight | Qt.AlignVCenter)
        item.setData(0, Qt.UserRole, source)
        item.setData(0, Qt.UserRole + 1, status)
        icon = self.thumbs.icon(key, loader)
        if icon is not None:
            item.setIcon(0, icon)
        self._by_key[key] = item
        known = grades.BOOK.get(key)  # (graded for this list or for Statistics)
        if known is not None:
            self._show_grade(item, known[1])
        elif loader is not None:
            self._to_grade.append((key, loader))
        if at is None:
            parent.addChild(item)
        else:
            parent.insertChild(at, item)
        self.by_source[source] = item
        return item

    # ---------------------------------------------------------------- grades
    def _grade_next(self) -> None:
        """Grade the next few listed lines on the pool (one call at a time)."""
        if self._grading is not None or self._shut_down or not self._to_grade:
            return
        batch, self._to_grade = self._to_grade[:GRADES_AT_ONCE], self._to_grade[GRADES_AT_ONCE:]
        # grades are facts about puzzles, kept in grades.BOOK: the job carries no ticket
        call = self._grading = self.jobs.run(named.GRADES, _grades_of, batch)
        call.done.connect(self._graded)
        call.failed.connect(lambda _message: self._graded({}))

    def _graded(self, found: dict) -> None:
        self._grading = None
        for key, facts in found.items():
            grades.BOOK.keep(key, facts)
            item = self._by_key.get(key)
            if item is not None:
                self._show_grade(item, facts[1])
        self._grade_next()

    @staticmethod
    def _show_grade(item, grade: str) -> None:
        """The grade after the title ("Kurosu, 1 June 2018 \u00b7 normal") and in its tip."""
        if not grade or item.data(0, Qt.UserRole + 2):
            return
        item.setData(0, Qt.UserRole + 2, grade)
        shown = f"{item.text(0)} \u00b7 {grade}"
        item.setText(0, shown)
        # the line as shown, whole, first (it may be cut on a narrow library), then the rest
        rest = str(item.data(0, Qt.UserRole + 3) or "").partition("\n")[2]
        item.setToolTip(0, plain_tip(f"{shown}\n{rest}\ndifficulty: {grade}"))

    def grade_shown(self, source: str) -> str:
        """The grade a listed line shows ("" while not known or for kinds without grades)."""
        item = self.by_source.get(source)
        return (item.data(0, Qt.UserRole + 2) or "") if item is not None else ""

    def mark(self, game) -> None:
        """The open puzzle's line shows its state (new, in progress, solved)."""
        item = self.by_source.get(game.source)
        if item is None:
            if self._recent_group is None or game.origin == games_mod.FILE:
                self.refresh()  # a puzzle the library did not list yet
                return
            tip = f"{game.origin} {registry.title(game.doc.kind.name)} puzzle"
            item = self._item(self._recent_group, game.title, game.source, tip, game.key, at=0)
        status = game.status
        if item.data(0, Qt.UserRole + 1) != status:
            title = item.text(0)
            for mark in STATUS_MARK.values():
                if mark and title.startswith(mark):
                    title = title[len(mark) :]
            item.setText(0, STATUS_MARK[status] + title)
            item.setData(0, Qt.UserRole + 1, status)
        if self.currentItem() is not item:
            self.setCurrentItem(item)

    def _activated(self, item, _column=0) -> None:
        source = item.data(0, Qt.UserRole)
        current = self._games.current
        if source and (current is None or current.source != source):
            self.openRequested.emit(source)  # a built-in's name, a file path or a game on record

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()  # the titles wrap again in the new width

    def updateGeometries(self) -> None:  # noqa: N802 (Qt's name)
        """A scroll step is a line of text (a wheel notch, three of them, about a row);
        Qt sets it to its guess of an item's height, and a notch moved 2.5 rows."""
        super().updateGeometries()
        self.verticalScrollBar().setSingleStep(self.fontMetrics().lineSpacing())

    # ---------------------------------------------------------------- the pictures
    def _picture_ready(self, key: str) -> None:
        item = self._by_key.get(key)
        if item is not None:
            icon = self.thumbs.icon(key)
            if icon is not None:
                item.setIcon(0, icon)

    def store_picture(self, game, board=None, now: bool = False) -> None:
        """The picture of ``game`` (the current one), as the player leaves it: drawn
        moments later from the pictures' timer, from ``board`` when it shows the same
        (``now`` when the app is closing)."""
        if game is None:
            return
        if not now:
            self.thumbs.later(game.key, game.doc.kind, game.history.state, board)
            return
        try:
            self.thumbs.store(game.key, game.doc.kind, game.history.state)
        except Exception:  # noqa: BLE001 - a picture is a nicety, never an error for the player
            pass

    # ---------------------------------------------------------------- reading collections
    # A collection can take seconds to read (a folder of 28 MB of long games: 23 s): it
    # is read on the pool, with its progress in the status bar, while the window goes on
    # showing what it shows; the library lists it once it is read.  Opening anything else
    # meanwhile gives up a collection that was to open; only the newest reading counts.
    # The one listed last time is read again once the first window is up.
    _collection_read: _CollectionReading | None = None  # the reading the window waits for
    to_list = ""  # the collection listed last time, read once the window shows

    def read_collection(self, path, text: str | None = None, kind: str | None = None, then=None) -> None:
        """Read the collection at ``path`` (``text``: a collection file's, read already)
        on the pool; once read, ``then(collection)`` (which opens it), or without ``then``
        only list it (and a reading that fails says nothing: the collection listed last
        time is gone or changed).  A reading under way is given up."""
        self.cancel_reading()
        self.to_list = ""
        path = Path(path)
        folder = text is None and collection_mod.is_folder(path)
        # only the newest reading is delivered (the door, gui/jobs), its progress too
        call = self.jobs.submit(self.jobs.ticket("collection"), named.READ_COLLECTION, _read_collection, path, kind,
                                text)
        reading = self._collection_read = _CollectionReading(path, call, folder, then)
        call.progress.connect(lambda figures: self._collection_progress(*figures))
        call.done.connect(lambda answer, r=reading: self._collection_read_done(r, answer))
        call.failed.connect(lambda message, r=reading: self._collection_read_done(
            r, PuzzleError(f"{_path_name(r.path)} could not be read: {message}")))
        self._status.showMessage(f"{READING_COLLECTION} {_path_name(path)}\u2026")

    def _collection_progress(self, done: int, total: int) -> None:
        reading = self._collection_read
        if reading is not None:
            counted = plural(total, "file" if reading.folder else "line")
            self._status.showMessage(f"{READING_COLLECTION} {_path_name(reading.path)}: {done:,} of {counted}\u2026")

    def _collection_read_done(self, reading: _CollectionReading, answer) -> None:
        self._collection_read = None  # (a reading given up on never answers: the door drops it)
        self._clear_reading_message()
        if answer is None:
            pass  # given up on from the pool's side: nothing to show
        elif isinstance(answer, PuzzleError):
            if reading.then is None:
                self._settings.collection = ""  # gone or changed since: list none
            else:
                self.error.emit(str(answer))
        elif reading.then is None:
            self.collection = answer
            self.refresh()
            self._status.showMessage(f"The library lists {answer.title}: {plural(len(answer.items), 'puzzle')}.", 5000)
        else:
            reading.then(answer)
        self.collectionRead.emit(str(reading.path))

    def cancel_reading(self) -> None:
        """Give up the collection being read: it stops at its next file or line."""
        reading, self._collection_read = self._collection_read, None
        if reading is not None:
            self.jobs.cancel(reading.call.ticket)
            self._clear_reading_message()

    def _clear_reading_message(self) -> None:
        if self._status.currentMessage().startswith(READING_COLLECTION):
            self._status.clearMessage()

    def give_up_open(self) -> None:
        """Something else is being opened: a collection read to open is given up (one
        read only to be listed again goes on)."""
        if self._collection_read is not None and self._collection_read.then is not None:
            self.cancel_reading()

    def list_last_collection(self) -> None:
        """Read the collection listed last time (``to_list``), to list it again."""
        path, self.to_list = self.to_list, ""
        if path and not self._shut_down:
            self.read_collection(path)

    def listed_item(self, source: str):
        """The puzzle of the listed collection file whose SOURCE (``PATH#N``) is ``source``."""
        coll = self.collection
        if coll is None or coll.folder:
            return None  # a folder's puzzle is its own file: read from it
        return next((it for it in coll.items if it.source == source), None)

    @property
    def jobs(self):
        if self._jobs is None:
            self._jobs = jobs_for(self)
        return self._jobs

    def shutdown(self) -> None:
        """The window closes: a reading under way stops at its next file, none starts."""
        self._shut_down = True
        self.cancel_reading()
