"""The main window: its chrome (menus, docks, dialogs, status bar, theme, geometry) and
the wiring between the parts, and the order in which they shut down.

The window knows kinds only through core.kind.PuzzleKind and each kind's ``widget.Board``
(gui/kinds.py).  Boards emit moves; the game object (core/game.py) makes the entry and
the window shows the new state.  The parts are modules of their own: the library
(gui/library.py), the solve job and the replay of its answer (gui/solve_controller.py),
and the aids (gui/aids.py).
"""

from __future__ import annotations

import functools
import gc
import os
import stat
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QToolBar,
)

from ..core import files, registry, validate
from ..core import collection as collection_mod
from ..core import games as games_mod
from ..core.history import RESTART, Batch, Goto
from ..core.kind import PuzzleError
from . import accessible, kinds, theme
from . import settings as settings_mod
from .aids import PROBLEMS_LISTED, Aids
from .board import BoardView
from .celebration import finish_lines, finish_text
from .layout import BoardArea
from .library import Library
from .widgets import ElidedLabel
from .solve_controller import SolveController
from .worker import Background

# export, the dialogs, core.aids and the generator task are imported by the methods that
# use them: about 90 ms that the first window does not wait for.  So are QFileDialog and
# QMessageBox: PySide makes a Qt class, and its enums, when it is first imported.
if TYPE_CHECKING:
    from .tasks import GenerateTask

THUMBS_AFTER_SHOW_MS = 300  # the library's pictures start this long after the window shows
DEFAULT_SIZE = (1200, 800)
BIG_READ_BYTES = 64 * 1024  # a pasted text or an opened file at least this long is read on the pool


class _StopKeyFilter(QObject):
    """On the menu bar: while the window's Stop action is live, Esc is Stop's (see
    MainWindow._install_stop_key)."""

    def eventFilter(self, obj, event) -> bool:
        if (
            event.type() == QEvent.ShortcutOverride
            and event.key() == Qt.Key_Escape
            and event.modifiers() == Qt.NoModifier
            and QApplication.activePopupWidget() is None  # an open menu closes first
        ):
            window = self.parent()
            if window.actions_by_name["stop"].isEnabled():
                if window.board is not None:
                    window.board.setFocus(Qt.ShortcutFocusReason)  # the menu bar leaves its keyboard mode
                return True  # not accepted: the key goes to the Stop shortcut
        return False


_frozen = False


def _freeze_start_up() -> None:
    """Once a process: everything made by start-up (modules, Qt wrappers, the window)
    lives as long as the app, so it goes out of the cyclic collector's way (gc.freeze).
    A full collection then scans only what came since and takes a few ms instead of
    ~50, which in a worker thread held the GIL, and so the window, that long."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def _import_for_later(wanted=None) -> None:
    """On the pool, once the window is up: the search process (started, so the first Solve
    finds it ready), modules that an action would otherwise import on the GUI thread the
    first time it is used (multiprocessing and its spawning parts: 40-60 ms the first "New
    random puzzle" paid), and numpy, which every kind's engine and
    the library's pictures use: its C start-up holds the GIL for up to 20 ms at a time,
    which had landed on the first repaint of a large board (Kurosu 40x40 resize, 79 ms)."""
    import multiprocessing.connection
    import multiprocessing.spawn

    import numpy

    from . import tasks

    if os.name == "posix":
        import multiprocessing.popen_spawn_posix
    from . import search_process

    # the search process, ready for the first Solve (its imports take a second), unless the
    # window has begun to close meanwhile (``wanted()`` is false)
    search_process.warm(wanted)
    del multiprocessing, numpy, tasks


def _load_source(source: str, kind: str | None):
    """``source`` as files.load_source reads it, a collection left unread (collection.Unread),
    or the PuzzleError saying why not: for the pool as for the GUI thread."""
    try:
        return files.load_source(source, kind, read_collections=False)
    except (collection_mod.Unread, PuzzleError) as exc:
        return exc


def _is_big_file(source: str) -> bool:
    """True if ``source`` names a regular file of at least BIG_READ_BYTES (a long game)."""
    try:
        st = os.stat(source)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size >= BIG_READ_BYTES


class MainWindow(QMainWindow):
    #: emitted after every change of the shown game (a move, undo, load...): for tests
    gameChanged = Signal()
    solveFinished = Signal(object)  # core.solver.Result
    puzzleSolved = Signal()  # the player completed the puzzle
    errorShown = Signal(str)
    aidFinished = Signal(str)  # an aid's answer arrived (its name): for tests
    warmedUp = Signal()  # the warm-up is done (modules imported on the pool, solver panel made): for tests, benchmarks
    collectionRead = Signal(str)  # a collection's reading ended (its path), listed or not: for tests

    def __init__(self, settings: settings_mod.Settings | None = None, restore: bool = True):
        super().__init__()
        self.settings = settings or settings_mod.Settings()
        theme.apply(QApplication.instance(), self.settings.theme)  # before any widget is made
        # the games in progress (which puzzle, every puzzle's game, the game store) are
        # logic: they live in core.games, and the window shows them
        self._store_note = None
        self.games = games_mod.Games(settings_mod.data_dir(), waiting=self._waiting_for_store)
        if self._store_note is not None:
            self._store_note.close()
            self._store_note = None
        for own in (settings_mod.data_dir(), settings_mod.data_dir() / "set-aside"):
            files.own_folder(own)  # the app's own files: a link there is replaced, never followed
        self.board = None
        self._autosave_error: str | None = None  # the last one said, said once
        self._shown_once = False
        self.gen_task: GenerateTask | None = None
        self.last_error = ""
        self.setWindowTitle("puzzlegui")

        # the solve job and the replay of its answer (gui/solve_controller.py)
        self.solving = SolveController(self, self.settings, self)
        self.solving.finished.connect(self.solveFinished)
        self.solving.changed.connect(self._solving_changed)
        self.solving.status.connect(self._say)
        self.solving.error.connect(self.show_error)
        # hint, check and the other aids (gui/aids.py)
        self.aids = Aids(self, self)
        self.aids.stages = self.settings.hint_stages
        self.aids.finished.connect(self.aidFinished)
        self.aids.status.connect(self._say)
        self.aids.error.connect(self.show_error)

        self._build_library()
        self._build_centre()
        self._build_control_panel()
        self._build_actions()
        self.statusBar().showMessage("Welcome to puzzlegui.")

        # the game's clock: counts while the window is not minimised and the puzzle is
        # not solved; saved with the game
        self.clock_label = QLabel("")
        self.clock_label.setToolTip("Time on this puzzle (paused while solved or minimised)")
        self.statusBar().addPermanentWidget(self.clock_label)
        self._clock_game = None  # the game whose clock the window drives
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(1000)
        self._clock_timer.timeout.connect(self._tick)
        self._clock_timer.start()

        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(*DEFAULT_SIZE)
        # the panels as the player left them (a first run: the library, no solver bar)
        self.area.show_library(self.settings.show_library)
        self.area.show_side(self.settings.show_side_panel)
        if self.settings.show_solver:
            self.show_solver()
        if restore:
            self.restore_last_game()

    def _waiting_for_store(self, seconds: float) -> None:
        """Another program holds the games database locked at start (a backup, ``sqlite3``
        in a terminal): said in a small window of its own while the store waits for it."""
        if self._store_note is None:
            self._store_note = QLabel()
            self._store_note.setWindowTitle("puzzlegui")
            self._store_note.setTextFormat(Qt.PlainText)
            self._store_note.setMargin(16)
        self._store_note.setText(
            f"Another program is using your games database ({self.games_path()}); puzzlegui waits for it "
            f"to finish\u2026 ({seconds:.0f} s)"
        )
        self._store_note.show()
        QApplication.processEvents()

    @staticmethod
    def games_path() -> Path:
        return settings_mod.data_dir() / games_mod.store_mod.DB_NAME

    @property
    def game(self) -> games_mod.Game | None:
        return self.games.current

    @property
    def doc(self) -> files.PuzzleDoc | None:
        return self.games.current.doc if self.games.current is not None else None

    @property
    def history(self):
        return self.games.current.history if self.games.current is not None else None

    # ================================================================= building the window
    def _build_library(self) -> None:
        self.library = Library(self.games, self.settings, self.statusBar(), self.devicePixelRatioF())
        self.library.openRequested.connect(self.open_source)
        self.library.collectionRead.connect(self.collectionRead)
        self.library.error.connect(self.show_error)
        self.library.refresh()

    @property
    def collection(self):
        """The collection the library lists (core.collection.Collection), if any."""
        return self.library.collection

    # the library's names that tests and benchmarks/bench_app.py use on the window
    def refresh_library(self) -> None:
        self.library.refresh()

    @property
    def thumbs(self):
        return self.library.thumbs

    @property
    def _library_items(self) -> dict:
        return self.library.by_source

    def _build_centre(self) -> None:
        """The board owns the centre; the library's drawer, the solver bar and the kind's
        panel give way to it (gui/layout.py places them)."""
        # the title sits in the play bar (see _build_play_bar), elided, never HTML
        self.title_label = ElidedLabel()
        # its font and room as a font and margins, not a style sheet: a widget with a style
        # sheet keeps the palette it was polished with, and the dark scheme's title was
        # black on dark grey (issue 32, item 5)
        title_font = QFont(self.title_label.font())
        title_font.setPixelSize(14)
        title_font.setWeight(QFont.DemiBold)
        self.title_label.setFont(title_font)
        self.title_label.setContentsMargins(6, 0, 6, 0)
        self.board_view = BoardView()  # fits the board, scrolls past the smallest legible cell
        self.board_view.zoomChanged.connect(self._zoom_changed)
        # Tatham's keys on the board: u undoes, r redoes (only while the board has the focus)
        for key, slot in (("U", lambda: self.undo()), ("R", lambda: self.redo())):
            action = QAction(self.board_view)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.board_view.addAction(action)
        self.area = BoardArea(self.board_view, self.library, self.settings.keep_library)
        self.area.changed.connect(self._panels_changed)
        self.area.problemsClosed.connect(self._problems_closed)
        self.area.cover.clicked.connect(lambda: self.toggle_pause(False))
        self.area.drawer.keep.toggled.connect(lambda on: setattr(self.settings, "keep_library", on))
        self.setCentralWidget(self.area)

    def _build_control_panel(self) -> None:
        """The solver bar is made when it is first needed (shown, or the window asks for
        ``panel``): a first window that does not show it appears sooner (the bar's
        module, widgets and their Qt classes cost ~20 ms)."""
        self._panel = None

    @property
    def panel(self):
        """The solver bar (made at the first call)."""
        if self._panel is None:
            self._make_panel()
        return self._panel

    def _make_panel(self) -> None:
        from .control_panel import SolverPanel

        panel = self._panel = SolverPanel()
        self.solving.adopt_panel(panel)  # the settings it shows, its buttons, its first paint
        panel.stopRequested.connect(self.stop_solving)  # Stop also ends a generation
        self.area.set_bar(panel)
        self.solving.reset_panel()  # nothing is solved before there is a panel to show it

    # the panels around the board, opened and closed (View menu, Solve, the drawer's ×)
    def show_solver(self, show: bool = True) -> None:
        if show:
            self.panel  # made on first show
        self.area.show_solver(show)

    def _panels_changed(self) -> None:
        area = self.area
        self.settings.show_library = area.library_open
        self.settings.show_solver = area.solver_open
        self.settings.show_side_panel = area.side_open
        for name, on in (("library", area.library_open), ("solver_bar", area.solver_open),
                         ("side_panel", area.side_open)):
            action = self.actions_by_name.get(name) if hasattr(self, "actions_by_name") else None
            if action is not None and action.isChecked() != on:
                action.setChecked(on)
        if not area.solver_open and self.solving.in_replay:
            self.back_to_game()  # the replay goes with its bar: the game is on show again

    def _build_actions(self) -> None:
        """The actions and the menu bar, from the one table in gui/actions.py."""
        from . import actions

        self.actions_by_name = actions.build(self)
        actions.build_menus(self, self.actions_by_name,
                            lambda menu: (self._build_theme_menu(menu.addMenu("&Colours")),
                                          self._build_access_menu(menu.addMenu("&Accessibility"))))
        self._build_play_bar()
        self._install_stop_key()
        self._sync_actions()

    # the panels' checks in View (their state is the area's, gui/layout.py)
    def _toggle_library(self) -> None:
        self.area.show_library(self.actions_by_name["library"].isChecked())

    def _toggle_solver_bar(self) -> None:
        self.show_solver(self.actions_by_name["solver_bar"].isChecked())

    def _toggle_side_panel(self) -> None:
        self.area.show_side(self.actions_by_name["side_panel"].isChecked())

    def _build_theme_menu(self, menu) -> None:
        """View > Colours (gui/colours_menu.py)."""
        from .colours_menu import ColoursMenu

        self.colours = ColoursMenu(self.settings, menu, self.library.refresh, self)

    def _build_access_menu(self, menu) -> None:
        """View > Accessibility (gui/accessible.py); the status line is announced too."""
        self.access_menu = accessible.AccessMenu(self.settings, menu, self)
        self.statusBar().messageChanged.connect(lambda text: accessible.announce(self.statusBar(), text))

    def set_theme(self, choice: str) -> None:
        """Use ``choice`` (one of theme.CHOICES) from now on, and remember it."""
        self.colours.set_theme(choice)

    def _build_play_bar(self) -> None:
        """One bar over the board: the library's drawer (open or closed, in sight once it
        has given way), the puzzle's title, then what a player reaches for (undo, redo,
        restart, hint, check) and Solve, which opens the solver bar."""
        bar = QToolBar("Play", self)
        bar.setObjectName("play")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        bar.addAction(self.actions_by_name["library"])
        bar.addWidget(self.title_label)
        for name in ("undo", "redo", "restart", None, "hint", "check", None, "solve"):
            if name is None:
                bar.addSeparator()
            else:
                bar.addAction(self.actions_by_name[name])
        bar.addAction(self.area.fold)  # the kind's panel, where it has no room beside the board
        self.play_bar = bar
        self.addToolBar(Qt.TopToolBarArea, bar)

    def _tick(self) -> None:
        game = self.games.current
        if game is None:
            self.clock_label.setText("")
            return
        game.tick(time.monotonic())
        self._show_clock()

    def _playing_now(self) -> bool:
        """The player is at the game: the window in front, not minimised, no replay."""
        return self.isActiveWindow() and not self.isMinimized() and not self.replay.loaded

    def _sync_clock(self) -> None:
        """Tell the game's clock whether it is being played (the game owns the clock)."""
        now = time.monotonic()
        game = self.games.current
        if self._clock_game is not None and self._clock_game is not game:
            self._clock_game.set_active(False, now)
        self._clock_game = game
        if game is not None:
            game.set_active(self._playing_now(), now)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.ActivationChange, QEvent.WindowStateChange):
            self._sync_clock()

    def _show_clock(self) -> None:
        game = self.games.current
        if game is None:
            return
        text = games_mod.time_text(game.elapsed)
        if game.status == games_mod.SOLVED:
            # the finish card's words (celebration.finish_lines): the solver's answer is not "help"
            text = f"Solved in {text}" + (" with the solver's answer" if game.solver_used
                                          else " with help" if game.helped else "")
        elif self.paused:
            text = f"Paused at {text}"
        self.clock_label.setText(text)
        self.clock_label.setVisible(self.settings.show_clock)

    # ---------------------------------------------------------------- pause and the clock
    @property
    def paused(self) -> bool:
        return self.area.cover.isVisible()

    def toggle_pause(self, paused: bool | None = None) -> None:
        """Pause: the board hidden behind a cover and the game's clock stopped (the game
        object keeps the clock); again, or a click on the cover: go on."""
        game = self.games.current
        paused = (not self.paused) if paused is None else paused
        if game is None:
            paused = False
        if paused and self.solving.in_replay:
            self.back_to_game()
        self.area.set_paused(paused)
        if self._panel is not None:
            self._panel.setEnabled(not paused)  # no Solve on a hidden board
        if game is not None:
            game.pause(paused, time.monotonic())
        self.actions_by_name["pause"].setChecked(paused)
        self._sync_actions()
        if not paused and self.board is not None:
            self.board.setFocus()
        self._show_clock()

    def _toggle_line_aids(self) -> None:
        self.settings.show_met = self.actions_by_name["show_met"].isChecked()
        self.settings.show_remaining = self.actions_by_name["show_remaining"].isChecked()
        self._apply_line_aids()

    def _line_tallies_chosen(self, on: bool) -> None:
        """The board's panel switched the tallies: View > Line tallies is that setting."""
        self.settings.show_remaining = on
        self.actions_by_name["show_remaining"].setChecked(on)
        self._apply_line_aids()

    def _apply_line_aids(self) -> None:
        """The player's choice of line aids, on a board whose kind has them (Tracks' and
        Kurosu's counts): colours for met and broken counts (off: no spoilers), tallies."""
        board = self.board
        if board is None:
            return
        if hasattr(board, "set_show_met"):
            board.set_show_met(self.settings.show_met)
        if hasattr(board, "set_show_remaining"):
            board.set_show_remaining(self.settings.show_remaining)  # Tracks: what each count still needs
        if hasattr(board, "set_show_counts"):
            board.set_show_counts(self.settings.show_remaining)  # Kurosu: each line's X and O counts

    def _toggle_clock(self) -> None:
        self.settings.show_clock = self.actions_by_name["show_clock"].isChecked()
        self._show_clock()

    def show_stats(self) -> None:
        from .dialogs import StatsDialog
        StatsDialog(self.games, self).exec()
        self.library.refresh()

    def recover_games(self):
        """File > Recover games…: the set-aside games databases, their games brought back."""
        from .recover_dialog import RecoverDialog

        dialog = RecoverDialog(self.games, self)
        dialog.finished_recovery.connect(lambda _sentence: self.library.refresh())
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def _offer_recovery(self) -> None:
        """A start after a games database was set aside offers its games back, once for each
        (File > Recover games… stays there)."""
        from ..core import recover

        offered = set(self.games.store.recall_list("offered_set_aside"))
        offered |= {p.name for p in self.games.store.set_aside_now}  # said by this start's notice already
        new = [p.name for p in recover.set_aside_paths(self.games.folder) if p.name not in offered]
        if not new or self._shut_down:
            return
        try:
            self.games.store.remember_list("offered_set_aside", sorted(offered | set(new)))
        except games_mod.StoreError:
            pass  # offered again next time
        from PySide6.QtWidgets import QMessageBox

        n = len(new)
        box = QMessageBox(QMessageBox.Question, "puzzlegui", (
            f"{n} games database{'s were' if n != 1 else ' was'} set aside as damaged ({', '.join(new[:3])}"
            f"{', …' if n > 3 else ''}). Bring back the games that can still be read?"), QMessageBox.NoButton, self)
        box.setTextFormat(Qt.PlainText)
        recover_button = box.addButton("Recover games\u2026", QMessageBox.AcceptRole)
        box.addButton("Not now", QMessageBox.RejectRole)
        recover_button.clicked.connect(self.recover_games)
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()
        self.recovery_offer = box

    def _zoom_changed(self, zoom: float) -> None:
        if self.doc is not None:
            self.settings.set_zoom(self.doc.kind.name, zoom)

    # ================================================================= loading and saving
    def restore_last_game(self) -> None:
        """The game that was open when the app last quit (or was killed), else the
        first built-in.  A record that cannot be read was kept aside: say so where the
        user cannot miss it."""
        if self.settings.collection:  # the collection the library listed last time: read
            self.library.to_list = self.settings.collection  # on the pool, once the window shows
            if self._shown_once:
                QTimer.singleShot(0, self.library.list_last_collection)
        key = self.games.last_key
        if key and self._read_first(key, self._restore_game):
            self.statusBar().showMessage("Restoring your game in progress\u2026")
            return
        self._restore_game()

    def _restore_game(self) -> None:
        game = self.games.restore()
        if game is not None:
            self._show_opened(game)
            self.statusBar().showMessage(f"Restored your game in progress: {game.title}.", 8000)
        else:
            first = files.builtins()
            if first:
                self.open_source(first[0].name)
        self._show_notices()

    # A long game's record replays its whole history when read (up to a second for
    # 50,000 moves): such a record is read on the pool while the window goes on showing
    # what it showed, and opened when it is in memory.  Only the newest request opens.
    _reading = None  # the Background call reading the record the window waits for
    _reading_key = None  # the game it reads (None: a file or a paste being read)

    def _read_first(self, key: str, then, doc=None) -> bool:
        """True if ``key``'s game (or ``doc``'s, with a long progress of its own) is read
        on the pool first, ``then()`` called on the GUI thread once it is in memory;
        False if it can be opened at once."""
        if not self.games.needs_reading(key, doc):
            return False
        if self._reading is not None and self._reading_key == key:
            return True  # asked again while it is read (a double click): the read under way answers
        request = Background(self.games.read_game, key, doc)
        self._reading, self._reading_key = request, key

        def done(answer):
            self.games.adopt(key, answer)  # held for later even if no longer awaited
            if self._reading is request:
                self._reading = None
                then()

        def failed(message):
            if self._reading is request:
                self._reading = None
                self.show_error(f"Could not read the saved game: {message}")

        request.done.connect(done)
        request.failed.connect(failed)
        self.statusBar().showMessage("Opening the saved game\u2026")
        return True

    def open_source(self, source: str, kind: str | None = None) -> bool:
        """Open a built-in's name, a file path, a game ID or a game on record
        ("game:KEY"); on any problem keep the current game and say why.  A collection
        (a folder, a file of game IDs, ``PATH#N``) is read on the pool, and opens when
        it is read (read_collection)."""
        self.library.give_up_open()  # the newest request opens
        if source.startswith("game:") and kind is None:
            key = source[len("game:") :]
            if self._read_first(key, lambda: self.open_source(source)):
                return True
            self._save_current_game()
            try:
                game = self.games.open_key(key)
            except PuzzleError as exc:
                self.show_error(str(exc))
                self.library.refresh()
                return False
            self._show_opened(game)
            return True
        origin = games_mod.GAME_ID if kind or ":" in source else None
        item = self.library.listed_item(source) if kind is None else None
        if item is not None:  # a puzzle of the collection listed (PATH#N): read already
            return self.load_doc(collection_mod.item_doc(self.collection, item.number), origin=origin)
        read = functools.partial(_load_source, source, kind)
        if _is_big_file(source):  # a long game in a file: checked on the pool, like a long paste
            self._read_then_open(read, lambda answer: self._open_answer(answer, kind, origin),
                                 f"Reading {validate.safe_text(Path(source).name)}\u2026")
            return True
        return self._open_answer(read(), kind, origin)

    def open_request(self, source: str | None, kind: str | None) -> None:
        """A later start on this data folder asked for ``source`` (gui/instance.py): the
        window comes to the front and opens it (asked for nothing: only comes to the front)."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if source is not None:
            self.open_source(source, kind)

    def _open_answer(self, answer, kind: str | None, origin: str | None) -> bool:
        """What _load_source gave: a puzzle opens, a collection is read on the pool (and
        opens when it is read), a PuzzleError is said."""
        if isinstance(answer, collection_mod.Unread):
            self.read_collection(answer.path, answer.text, kind, lambda coll, n=answer.number:
                                 self._open_read_collection(coll, n, kind, origin))
            return True
        if isinstance(answer, PuzzleError):
            self.show_error(str(answer))
            return False
        return self.load_doc(answer, origin=origin)

    def _read_then_open(self, read, then, message: str) -> None:
        """``read()`` on the pool (a long game: checking 50,000 moves takes a second), then
        ``then(answer)`` on the GUI thread, unless something else was asked for meanwhile;
        the game's moves are replayed on the pool too (load_doc)."""
        request = Background(read)
        self._reading, self._reading_key = request, None

        def done(answer):
            if self._reading is request:
                self._reading = None
                self.statusBar().clearMessage()
                then(answer)

        def failed(message):
            if self._reading is request:
                self._reading = None
                self.show_error(message)

        request.done.connect(done)
        request.failed.connect(failed)
        self.statusBar().showMessage(message)

    def _open_read_collection(self, coll, number: int | None, kind: str | None, origin: str | None) -> None:
        """What files.load_source gives once the collection is read: its puzzle ``number``
        (PATH#N), else a collection of one puzzle is that puzzle, and a larger one opens."""
        try:
            doc = collection_mod.item_doc(coll, number, kind) if number is not None else collection_mod.one_or_raise(coll)
        except collection_mod.IsCollection:
            self.open_collection(coll)
        except PuzzleError as exc:
            self.show_error(str(exc))
        else:
            self.load_doc(doc, origin=origin)

    def open_collection(self, coll) -> bool:
        """A collection: its puzzles become a group of the library, each keeping its own
        game; the first opens.  Lines that could not be read are listed once."""
        self.library.collection = coll
        self.settings.collection = str(coll.path)
        if coll.skipped:
            self.show_error(coll.skipped_text())
        self.library.refresh()
        return self.open_source(coll.items[0].source)

    def open_folder_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog
        folder = QFileDialog.getExistingDirectory(self, "Open a folder of puzzles", str(settings_mod.puzzles_dir()))
        if folder:
            self.read_collection(folder, then=self.open_collection)

    def read_collection(self, path, text: str | None = None, kind: str | None = None, then=None) -> None:
        """Read the collection at ``path`` on the pool (Library.read_collection); once
        read, ``then(collection)`` opens it, or without ``then`` the library lists it."""
        if then is not None:
            self._reading = None  # a saved game being read is no longer what is to open
        self.library.read_collection(path, text, kind, then)

    # ---------------------------------------------------------------- sharing
    def copy_puzzle(self) -> None:
        if self.doc is None:
            return
        try:
            from . import export
            export.copy_puzzle(self.doc.kind, self.history.state, self.doc.title, given=self.history.initial)
        except PuzzleError as exc:
            self.show_error(str(exc))
            return
        self.statusBar().showMessage("Copied the puzzle (its ID or layout, and a picture).", 5000)

    def _tatham(self, what: str):
        """Tatham's ID or page for the puzzle on show; None (said in the status bar) for a
        kind his collection lacks or a board his program refuses."""
        if self.doc is None:
            return None
        kind = self.doc.kind
        try:
            value = getattr(kind, what)(kind.initial(self.history.state))
        except PuzzleError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return None
        if value is None:
            self.statusBar().showMessage(f"Simon Tatham's collection has no {kind.title} puzzle.", 6000)
        return value

    def copy_tatham_id(self) -> None:
        game_id = self._tatham("tatham_id")
        if game_id is not None:
            QApplication.clipboard().setText(game_id)
            self.statusBar().showMessage(
                f"Copied Tatham's game ID: {self.doc.kind.tatham_name} accepts it as it is.", 6000)

    def open_in_browser(self) -> None:
        url = self._tatham("tatham_url")
        if url is not None:
            from .browser import open_address

            self.statusBar().showMessage(f"Opening {url} in your web browser\u2026", 5000)
            open_address(url, self.show_error)  # no browser: said, with the address

    def paste_puzzle(self) -> None:
        self.library.give_up_open()  # the newest request opens
        text = QApplication.clipboard().text()
        if not text.strip():
            self.statusBar().showMessage("The clipboard holds no text to open.", 5000)
            return
        if len(text) > files.MAX_FILE_BYTES:
            self.show_error(f"The clipboard holds {len(text):,} characters; a puzzle is at most "
                            f"{files.MAX_FILE_BYTES:,}. Nothing was opened.")
            return
        from . import export

        open_kind = self.doc.kind.name if self.doc is not None else None  # a bare ID reads as this kind

        def read():
            try:
                return export.parse_pasted(text, None, open_kind)
            except PuzzleError as exc:
                return PuzzleError(f"The clipboard does not hold a puzzle: {exc}")

        def then(answer):
            self._open_answer(answer, None, games_mod.GAME_ID)

        if len(text) < BIG_READ_BYTES:
            then(read())
        else:
            self._read_then_open(read, then, "Reading the pasted puzzle\u2026")

    def export_image(self) -> None:
        if self.doc is None:
            return
        stem = (self.doc.name or self.doc.title or "puzzle").replace("/", "-")
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(
            self, "Export the board as an image", str(Path.home() / f"{stem}.png"), "PNG image (*.png);;SVG drawing (*.svg)"
        )
        if not path:
            return
        if not path.lower().endswith((".png", ".svg")):
            path += ".png"
        try:
            from . import export
            render = export.render_svg if path.lower().endswith(".svg") else export.render_png
            render(self.doc.kind, self.history.state, path)
        except (OSError, PuzzleError) as exc:
            self.show_error(f"Could not export to {path}: {exc}")
            return
        self.statusBar().showMessage(f"Exported the board to {path}.", 6000)

    def _print_items(self) -> list:
        coll = self.collection
        if coll is not None and self.game is not None and any(
            it.source == self.game.source or games_mod.puzzle_key(it.doc) == self.game.key
            for it in coll.items
        ):
            return [(it.title, it.doc.kind, it.doc.state) for it in coll.items]
        return [(self.doc.title, self.doc.kind, self.doc.kind.initial(self.history.state))]

    def export_pdf(self):
        """Print to PDF with the command line's choices (dialogs.export_pdf)."""
        if self.doc is not None:
            from .dialogs import export_pdf
            return export_pdf(self, self._print_items(), self.settings)

    def print_puzzles(self):
        if self.doc is not None:
            from .dialogs import print_puzzles
            return print_puzzles(self, self._print_items(), self.settings)

    def load_doc(self, doc: files.PuzzleDoc, quiet: bool = False, origin: str | None = None) -> bool:
        """Show ``doc`` with its game on record (or its own progress if it is new).

        The game it replaces stays in its own record.  On any problem keep the current
        game and say why.  A long game's record is read off the GUI thread first."""
        self.library.give_up_open()  # the newest request opens
        if self._read_first(games_mod.puzzle_key(doc), lambda: self.load_doc(doc, quiet, origin), doc):
            return True
        self._save_current_game()
        try:
            game = self.games.open(doc, origin)  # changes nothing if it raises
        except PuzzleError as exc:
            if not quiet:
                self.show_error(str(exc))
            self._show_notices()
            return False
        self._show_opened(game)
        self._show_notices()
        return True

    def _show_opened(self, game: games_mod.Game) -> None:
        """Show the session's current game, whatever was on screen before."""
        self._reading = None  # a record still being read is no longer what is wanted
        # whatever ran for the game shown before no longer answers, and its replay goes
        # without showing anything: the game it was beside is no longer the current one
        self.solving.forget()
        self.stop_solving()  # a generation under way
        if self.paused:
            self.toggle_pause(False)
        self._sync_clock()
        doc = game.doc
        self._install_board(doc.kind)
        self.title_label.setText(doc.title + (f"  \u2014  {doc.meta['source']}" if doc.meta.get("source") else ""))
        self.setWindowTitle(f"{doc.title} \u2013 puzzlegui")
        self.statusBar().showMessage(f"Opened {doc.title}.", 5000)
        self.show_game()
        self._store_problem()  # the game is stored as it is opened (core/games.py)
        self.library.mark(self.games.current)

    def _save_current_game(self) -> None:
        if self.games.current is not None:
            self.library.store_picture(self.games.current, self.board)

    def _show_notices(self) -> None:
        """Messages the user must read (a saved game kept aside): a dialog that stays
        until it is closed, never only a status line another message replaces."""
        while self.games.notices:
            self.show_error(self.games.notices.pop(0))

    def _install_board(self, kind) -> None:
        if self.board is not None:
            self.board.stop_animations()
            self.board.moveRequested.disconnect(self.play_move)
            self.board_view.set_board(None)
            self.board.deleteLater()
            self.board = None
        self.board = kinds.board_class(kind.name)(kind)
        self.board.animation_ms = self.solving.animation_ms()
        self.board.moveRequested.connect(self.play_move)
        self.board.backToGame.connect(self.back_to_game)
        self.board.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.board.lineTalliesChosen.connect(self._line_tallies_chosen)  # the panel's switch: one setting
        if self.history is not None:
            self.board.set_state(self.history.state)
        self.board_view.set_board(self.board)
        self.board_view.zoom = 1.0
        self.board_view.set_zoom(self.settings.zoom(kind.name))
        self._apply_line_aids()
        # the kind's panel: beside, below or folded, as the room allows (gui/layout.py)
        self.area.set_side_panel(self.board.side_panel(), self.board.grid_size(),
                                 getattr(self.board, "side_title", ""))
        self.board.setFocus()

    def open_dialog(self) -> None:
        start = str(settings_mod.puzzles_dir())
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getOpenFileName(
            self, "Open puzzle", start, "Puzzles and collections (*.json *.txt);;All files (*)"
        )
        if path:
            self.open_source(path)

    def save(self) -> bool:
        if self.doc is None:
            return False
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        if self.doc is None:
            return False
        folder = settings_mod.puzzles_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:  # a read-only data folder: the dialog starts at home, and saves where it is told
            folder = Path.home()
        stem = (self.doc.name or self.doc.title or "puzzle").replace("/", "-")
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getSaveFileName(self, "Save puzzle", str(folder / f"{stem}.json"), "Puzzle files (*.json)")
        if not path:
            return False
        if not path.endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        game = self.games.current
        try:
            files.save_atomic(path, files.dumps(game.doc, game.history))
        except (OSError, UnicodeError, PuzzleError) as exc:  # files.UnsafeTarget: a FIFO, device, folder
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.show_error(f"Could not save to {path}: {reason.rstrip('.')}. Your game is unchanged.")
            return False
        try:
            self.games.saved_as(game, path)  # the game's record now follows the file
        except (OSError, UnicodeError, PuzzleError) as exc:
            self._autosave_failed(exc)
        self.statusBar().showMessage(f"Saved {path}.", 5000)
        self.library.refresh()
        return True

    def _store_problem(self) -> None:
        """Say (once) that the game store refused a write; play goes on, the game is in
        memory and Save As is offered.  (When a game is stored is the game object's
        business, core/game.py: the window only reports.)"""
        error = self.games.take_error()
        if error is not None:
            self._autosave_failed(error)
        else:
            self._autosave_error = None

    def _autosave_failed(self, exc) -> None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        message = f"Your game could not be saved automatically: {reason}. Use Save As to keep it."
        if self._autosave_error != message:  # say it once, not on every move
            self._autosave_error = message
            self.show_error(message, offer_save_as=True)


    # ================================================================= playing
    def play_move(self, move) -> None:
        if self.history is None or self.replay.loaded:
            return
        try:
            finish = self.game.play(move)
        except PuzzleError as exc:
            self.statusBar().showMessage(str(exc), 6000)
            return
        self.board.set_violations([])
        self.board.set_highlight()
        self.area.give_way()  # the player is playing: the drawer gives way, never under the pointer
        self.show_game(move=move, animate=True, finish=finish)

    # marks and trials: the game object keeps them (core/game.py); the board shows the trial
    def mark_position(self) -> None:
        if self.ready_for_play() and self.game.mark_position():
            self.statusBar().showMessage(
                "Position marked: what you enter now is a trial (Ctrl+Shift+T goes back to the mark, "
                "Ctrl+Alt+T keeps it).", 8000)
            self.show_game()

    def back_to_mark(self) -> None:
        if self.ready_for_play() and self.game.back_to_mark():
            self.statusBar().showMessage("Back to the mark: the trial is undone (Undo brings it back).", 6000)
            self.show_game()

    def keep_trial(self) -> None:
        if self.ready_for_play() and self.game.keep_trial():
            self.statusBar().showMessage("The trial is kept: its entries are ordinary entries now.", 6000)
            self.show_game()

    def undo(self) -> None:
        if self.ready_for_play() and self.game.undo():
            self.show_game()

    def redo(self) -> None:
        if self.ready_for_play() and self.history.can_redo:
            move = self.history.next_move()
            self.game.redo()
            animate = not isinstance(move, Batch | Goto) and move != RESTART
            self.show_game(move=move if animate else None, animate=animate)

    def restart(self) -> None:
        if self.ready_for_play():
            self.game.restart()  # a new attempt: the clock starts over
            self.show_game()
            self.statusBar().showMessage("Restarted: Undo brings your moves back.", 5000)

    def ready_for_play(self) -> bool:
        """True if there is a game to play on; a replay on show is left first."""
        if self.history is None:
            return False
        if self.replay.loaded:
            self.back_to_game()
        return True

    def show_game(self, move=None, animate=False, finish=None) -> None:
        """Show the game's current state and everything that depends on it; ``finish``
        (core.game.Finish) when the entry just made finished the game."""
        state = self.history.state
        self.board.set_interactive(True)
        self.board.set_state(state, move=move, animate=animate)
        self.board.set_trial(self.game.trial_cells())
        self.show_problems([])
        self._apply_mark_mistakes()
        if finish is not None:
            self.board.celebrate(finish_lines(finish))  # on the board, until the next click or key
            self.library.store_picture(self.games.current, self.board)  # the library shows it solved
            self.statusBar().showMessage(finish_text(self.doc.title, finish), 10000)
            self.puzzleSolved.emit()
        self.solving.position_shown()  # an answer for another position is retired
        self._show_clock()
        self._sync_actions()
        self._store_problem()
        self.library.mark(self.games.current)
        self.gameChanged.emit()

    # the aids run in gui/aids.py (Aids); these names are the actions' and the tests'
    def hint(self) -> None:
        self.aids.hint()

    def check(self) -> None:
        self.aids.check()

    def correct_so_far(self) -> None:
        self.aids.correct_so_far()

    def show_problems(self, lines: list[str], heading: str = "") -> None:
        """Every problem Check or "Correct so far?" found, where all can be read."""
        if not lines:
            self.area.hide_problems()
            return
        self.area.show_problems(f"{heading}:\n" + "\n".join(f"\u2022 {line}" for line in lines))
        accessible.announce(self.area.problems, f"{heading}: " + " ".join(lines))

    @property
    def problems(self):
        """The list of problems, over the foot of the board (gui/layout.py)."""
        return self.area.problems

    def _problems_closed(self) -> None:
        """The list closed: a status line that points at it goes with it."""
        if PROBLEMS_LISTED in self.statusBar().currentMessage():
            self.statusBar().clearMessage()

    def _toggle_hint_stages(self) -> None:
        self.settings.hint_stages = self.aids.stages = self.actions_by_name["hint_stages"].isChecked()

    def _toggle_mark_mistakes(self) -> None:
        self.settings.mark_mistakes = self.actions_by_name["mark_mistakes"].isChecked()
        self._apply_mark_mistakes()

    def _apply_mark_mistakes(self) -> None:
        """With "Mark mistakes as I play" on, broken rules show after every move."""
        if self.board is None or self.history is None:
            return
        on = self.settings.mark_mistakes
        if hasattr(self.board, "set_show_mistakes"):
            self.board.set_show_mistakes(on)  # a kind that marks them itself (Kurosu)
        elif on:
            self.board.set_violations(self.doc.kind.check(self.history.state))
        else:
            self.board.set_violations([])

    # ================================================================= solving
    # The solve job and the replay of its answer are the SolveController's
    # (gui/solve_controller.py); the window wires it and keeps these names for its actions.
    @property
    def replay(self):
        """The replay on the board (solve_controller), beside the game."""
        return self.solving.replay

    @property
    def job(self):
        """The last SolveJob started, running or not."""
        return self.solving.job

    @property
    def result(self):
        """The last solve's answer (core.solver.Result), None before one."""
        return self.solving.result

    @property
    def recorded_steps(self) -> list:
        return self.solving.recorded_steps

    @property
    def solution_index(self) -> int:
        return self.solving.solution_index

    def solve(self) -> None:
        self.solving.solve()

    def choose_solution(self, index: int) -> None:
        self.solving.choose_solution(index)

    def apply_solution(self) -> None:
        self.solving.apply_solution()

    def back_to_game(self) -> None:
        self.solving.back_to_game()

    def replay_game(self) -> None:
        if self.game is not None and not self.paused and not self.solving.replay_game():
            self.statusBar().showMessage("Nothing to replay yet: this game has no moves.", 5000)

    def _install_stop_key(self) -> None:
        """Esc is Stop on the first press, whatever had the focus.  A menu closed with Esc
        leaves the menu bar focused in its keyboard mode, and the menu bar claims the
        next Esc (ShortcutOverride) to leave that mode: the Stop shortcut never fired
        until a further press.  While Stop is live, the filter keeps the menu bar from
        claiming Esc and gives the focus back to the board (which ends that mode)."""
        self._stop_key_filter = _StopKeyFilter(self)
        self.menuBar().installEventFilter(self._stop_key_filter)

    def stop_solving(self) -> None:
        """Stop (the button, Esc, the menu): ends a running solve, a generation, the
        preparation of a replay, or a replay (back to the game as it was), whichever is
        going on."""
        if self.solving.stop():
            pass  # it said "Stopped."
        elif self.gen_task is not None:
            self.gen_task.cancel()
            self.gen_task = None
            self.statusBar().showMessage("Generation cancelled.", 4000)
        elif self.replay.loaded:
            self.back_to_game()  # a replay is beside the game: Esc leaves it
        self.solving.sync()  # the actions and the play button

    def _solving_changed(self) -> None:
        """A search, a replay or its preparation started or ended: the actions follow,
        and the clock (a replay is not play)."""
        self._sync_actions()
        self._sync_clock()

    # ================================================================= generating, editing
    def new_random(self) -> None:
        kind_name = self.doc.kind.name if self.doc else registry.names()[0]
        params = self.doc.kind.params_of(self.history.state) if self.doc else None
        from .dialogs import NewPuzzleDialog
        dialog = NewPuzzleDialog(kind_name, params, self)
        if dialog.exec() != NewPuzzleDialog.Accepted:
            return
        self.generate(dialog.kind.name, dialog.params(), dialog.seed.value())

    def generate(self, kind_name: str, params: dict, seed) -> None:
        if self.gen_task is not None:
            self.gen_task.cancel()
        from .tasks import GenerateTask
        task = self.gen_task = GenerateTask(kind_name, params, seed, self)
        kind = registry.get(kind_name)

        def mine(task_id) -> bool:
            """Only the newest request's answer is shown; a cancelled one says nothing."""
            if self.gen_task is None or self.gen_task.task_id != task_id:
                return False
            self.gen_task = None
            self._sync_actions()
            return True

        def done(task_id, state):
            if not mine(task_id):
                return
            title = f"Random {kind.title} (seed {seed})"
            self.load_doc(files.PuzzleDoc(kind, state, meta={"title": title}), origin=games_mod.GENERATED)
            self.statusBar().showMessage(f"New puzzle: {title}.", 6000)

        def failed(task_id, message):
            if mine(task_id):
                self.show_error(message)

        def elapsed(task_id, seconds):
            if self.gen_task is not None and self.gen_task.task_id == task_id:
                self.statusBar().showMessage(
                    f"Generating a {kind.title} puzzle\u2026 {seconds:.0f} s (Esc cancels)"
                )

        task.done.connect(done)
        task.failed.connect(failed)
        task.elapsed.connect(elapsed)
        self.statusBar().showMessage(f"Generating a {kind.title} puzzle\u2026 (Esc cancels)")
        task.start()
        self._sync_actions()

    def edit_board(self) -> None:
        if self.doc is None:
            return
        from .dialogs import EditDialog
        dialog = EditDialog(self.doc.kind, self.history.state, self)
        if dialog.exec() != EditDialog.Accepted or dialog.puzzle() is None:
            return
        kind = dialog.kind  # another kind's ID typed in opens as that kind
        if kind is self.doc.kind and kind.encode(dialog.puzzle()) == kind.encode(kind.initial(self.history.state)):
            self.statusBar().showMessage("The board is unchanged; your game goes on.", 5000)
            return
        meta = {"title": f"My {kind.title} puzzle", "source": "entered in puzzlegui"}
        self.load_doc(files.PuzzleDoc(kind, dialog.puzzle(), meta=meta), origin=games_mod.ENTERED)

    # ================================================================= help, errors, state
    def show_help(self) -> None:
        from .dialogs import HelpDialog
        HelpDialog(self.doc.kind if self.doc else None, self).exec()

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox
        QMessageBox.about(
            self,
            "About puzzlegui",
            "<b>puzzlegui</b><br>Play logic puzzles by hand, watch solvers explain and animate "
            "their work, and enter your own boards.",
        )

    def _say(self, text: str, ms: int = 0) -> None:
        """A status line from the solve controller, the aids: ``ms`` long (0: until replaced)."""
        self.statusBar().showMessage(text, ms)

    def show_error(self, message: str, offer_save_as: bool = False) -> None:
        """Tell the user in a sentence; the current game stays as it was.  With
        ``offer_save_as`` (the game could not be stored) the dialog offers Save As."""
        self.last_error = message
        self.statusBar().showMessage(message, 10000)
        from PySide6.QtWidgets import QMessageBox
        box = QMessageBox(QMessageBox.Warning, "puzzlegui", message, QMessageBox.Ok, self)
        if offer_save_as and self.doc is not None:
            button = box.addButton("Save As\u2026", QMessageBox.ActionRole)
            button.clicked.connect(self.save_as)
        box.setTextFormat(Qt.PlainText)  # messages quote files and input: never HTML
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()  # window-modal but non-blocking
        self.error_box = box
        self.errorShown.emit(message)

    def _sync_actions(self) -> None:
        solving = self.solving.running()
        a = self.actions_by_name
        has = self.history is not None
        a["undo"].setEnabled(has and self.history.can_undo)
        a["redo"].setEnabled(has and self.history.can_redo)
        a["restart"].setEnabled(has)
        a["solve"].setEnabled(has and not solving)
        # Esc only means Stop while something runs; otherwise it reaches the board
        # (Strips uses it to drop a half-made cut)
        a["stop"].setEnabled(
            solving or self.gen_task is not None or self.solving.in_replay
        )
        for name in ("save", "save_as", "edit", "hint", "check", "sure", "correct", "rewind", "mark"):
            a[name].setEnabled(has)
        tatham = has and bool(getattr(self.doc.kind, "tatham_name", ""))
        a["copy_tatham"].setEnabled(tatham)
        a["open_web"].setEnabled(tatham)
        trial = has and self.game.trial_start is not None
        a["back_to_mark"].setEnabled(trial)
        a["keep_trial"].setEnabled(trial)
        if self.paused:  # nothing is played on a hidden board
            for name in ("undo", "redo", "restart", "hint", "check", "solve", "sure", "correct", "rewind",
                         "mark", "back_to_mark", "keep_trial"):
                a[name].setEnabled(False)
        a["pause"].setEnabled(has)

    # ================================================================= closing
    _shut_down = False

    warmed_up = False

    def _warm_up(self) -> None:
        if not self._shut_down:
            Background(_import_for_later, self._still_open).done.connect(self._warmed_up)

    def _still_open(self) -> bool:
        """For the pool: False once shutdown() has begun (its first act sets _shut_down)."""
        return not self._shut_down

    def _warmed_up(self, _value) -> None:
        if not self._shut_down and self._panel is None:
            # the solver panel too, while nobody waits: made at the first Solve, its
            # widgets added ~23 ms to the moment the search starts
            self._make_panel()
        self.warmed_up = True
        self.warmedUp.emit()

    def shutdown(self) -> None:
        """Stop everything that runs: the solver thread, the generator, animations."""
        self._shut_down = True
        searches = sys.modules.get(f"{__package__}.search_process")
        # (a module the pool is still importing (its last class not yet defined) has
        # nothing to end: its warm-up, asked under the lock, sees _shut_down and starts nothing)
        if getattr(searches, "ProcessSolveJob", None) is not None:
            searches.shutdown()  # no search process outlives the window (ended, not waited for)
        self.solving.shutdown()
        self.library.shutdown()  # a collection being read stops at its next file
        # a replay, a table or an aid still being made on the pool is not waited for: its
        # answer is not wanted any more, and the pool's daemon threads never hold up the exit
        if self.gen_task is not None:
            self.gen_task.cancel()
            self.gen_task = None
        self.replay.clear()
        if self.board is not None:
            self.board.stop_animations()
        self.library.store_picture(self.games.current, now=True)
        self.library.thumbs.close()
        self.colours.shutdown()
        self.games.close()  # the game left (stored with its clock), the pictures written

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            _freeze_start_up()
            # the library's pictures are loaded and drawn once the first paint is done:
            # loading a puzzle may import its kind (and numpy), never on the start-up path
            QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.library.thumbs.start)
            QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self._warm_up)
            # so is the collection listed last time (seconds, for a big one)
            QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.library.list_last_collection)
            QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self._offer_recovery)

    def closeEvent(self, event) -> None:
        self.shutdown()
        self.settings.set_geometry(self.saveGeometry())
        self.settings.sync()
        super().closeEvent(event)

