"""The main window: its chrome (menus, docks, dialogs, status bar, theme, geometry) and
the wiring between the parts, and the order in which they shut down.

The window knows kinds only through core.kind.PuzzleKind and each kind's ``widget.Board``
(gui/kinds.py).  Boards emit moves; the game object (core/game.py) makes the entry and
the window shows the new state.  The parts are modules of their own: the library
(gui/library.py), the solve job and the replay of its answer (gui/solve_controller.py),
the aids (gui/aids.py), opening, saving and sharing puzzles (gui/documents.py), the
game's clock (gui/clock.py), and the actions, their menus and when each is enabled
(gui/actions.py).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from ..qtkit import theme
from . import settings as settings_mod
from .startup import Startup, freeze_start_up

# The window's parts (the store, the library, the board, the solver...) are imported by
# _import_parts, as the first steps of building the window, not with this module: the
# window's shell (menu bar, empty centre) maps first, as quickly as a bare QMainWindow,
# and the parts are built right behind it (MainWindow.build_in_steps).  Export, the
# dialogs, core.aids and the generator task are imported by the methods that use them.
# So are QFileDialog and QMessageBox: PySide makes a Qt class, and its enums, when it is
# first imported.
files = games_mod = RESTART = Batch = Goto = PuzzleError = None
access_menu = actions = kinds = accessible = None
PROBLEMS_LISTED = Aids = BoardView = finish_lines = finish_text = GameClock = None
Documents = BoardArea = Library = ElidedLabel = SolveController = Jobs = jobs_mod = None
QAction = QFont = QKeySequence = QToolBar = QEvent = Qt = None


def _import_parts(step: int) -> bool:
    """Import the window's parts, in two steps (each 40-60 ms at load 4: the core and
    the store's modules with Qt's namespace, then the Qt parts); True once all are in.
    They land in this module's globals, where the methods find them (a module whose
    import is the shell's alone: the parts are not split into a module of their own)."""
    global files, games_mod, RESTART, Batch, Goto, PuzzleError
    global access_menu, actions, kinds, accessible, PROBLEMS_LISTED, Aids, BoardView, finish_lines, finish_text
    global GameClock, Documents, BoardArea, Library, ElidedLabel, SolveController, Jobs, jobs_mod
    global QAction, QFont, QKeySequence, QToolBar, QEvent, Qt
    if step == 0:
        from PySide6.QtCore import QEvent, Qt  # Qt's namespace: ~30 ms to make its enums

        from ..core import files
        from ..core import games as games_mod
        from ..core.history import RESTART, Batch, Goto
        from ..core.kind import PuzzleError
        return False
    from PySide6.QtGui import QAction, QFont, QKeySequence
    from PySide6.QtWidgets import QToolBar

    from . import access_menu, actions, kinds
    from ..qtkit import accessible
    from .aids import PROBLEMS_LISTED, Aids
    from ..qtkit.board import BoardView
    from ..qtkit.celebration import finish_lines, finish_text
    from .clock import GameClock
    from .documents import Documents
    from .layout import BoardArea
    from .library import Library
    from ..qtkit.widgets import ElidedLabel
    from .solve_controller import SolveController
    from . import jobs as jobs_mod
    from .jobs import Jobs
    return True


THUMBS_AFTER_SHOW_MS = 300  # the library's pictures start this long after the window shows
DEFAULT_SIZE = (1200, 800)


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


class MainWindow(QMainWindow):
    #: emitted after every change of the shown game (a move, undo, load...): for tests
    gameChanged = Signal()
    solveFinished = Signal(object)  # core.solver.Result
    puzzleSolved = Signal()  # the player completed the puzzle
    errorShown = Signal(str)
    aidFinished = Signal(str)  # an aid's answer arrived (its name): for tests
    warmedUp = Signal()  # the warm-up is done (modules imported, search process started, solver panel made): for tests, benchmarks
    collectionRead = Signal(str)  # a collection's reading ended (its path), listed or not: for tests
    buildStepped = Signal(str)  # a step of the building is done (its name, BUILD_STEPS): for tests, the launcher
    built = Signal()  # the window is whole (store, library, board): the launcher goes on from here

    def __init__(self, settings: settings_mod.Settings | None = None, restore: bool = True,
                 shell_only: bool = False):
        """The whole window, ready to use; with ``shell_only``, only its shell (title,
        size, colours, the menu bar's menus, an empty centre): the
        launcher shows that, then ``build_in_steps()`` builds the rest behind the first
        paint (``finish_building()`` does it at once; ``built`` says it is done)."""
        super().__init__()
        self.settings = settings or settings_mod.Settings()
        if self.settings.theme != theme.SYSTEM:
            # before any widget is made; the desktop's own colours need nothing here (asking
            # the desktop makes Qt's namespace: ~30 ms), the boards' are set when they are built
            theme.apply(QApplication.instance(), self.settings.theme)
        self.board = None
        self._shown_once = False
        self.is_built = False
        self.last_error = ""
        self._panel = None  # the solver bar, made when first needed (``panel``)
        self.setWindowTitle("puzzlegui")
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(*DEFAULT_SIZE)
        self._build_shell()
        # the building in steps behind the shell, and the warm-up after (gui/startup.py)
        self.startup = Startup(self, self._building(restore))
        if not shell_only:
            self.finish_building()

    def _build_shell(self) -> None:
        """What maps first: the menu bar's menus (filled by _build_actions) and an empty
        centre."""
        from .actions import MENUS

        for title in MENUS:
            self.menuBar().addMenu(title)
        self.setCentralWidget(QWidget())  # (the status bar comes with the parts: its class costs ~15 ms)

    def _building(self, restore: bool):
        """The steps that build the window after its shell, one per ``next()``; each leaves
        the window safe to close (shutdown() ends what is there)."""
        _import_parts(0)
        yield "core"
        _import_parts(1)
        if self.settings.theme == theme.SYSTEM:
            theme.apply(QApplication.instance(), self.settings.theme)  # the boards' colours, the desktop's scheme
        yield "parts"
        # the games in progress (which puzzle, every puzzle's game, the game store) are
        # logic: they live in core.games, and the window shows them
        self.games = games_mod.Games(settings_mod.data_dir(), waiting=self.startup.waiting_for_store)
        self.startup.store_opened()
        for own in (settings_mod.data_dir(), settings_mod.data_dir() / "set-aside"):
            files.own_folder(own)  # the app's own files: a link there is replaced, never followed
        # the one door for work off the GUI thread (gui/jobs): it delivers an answer only
        # while the game on show, or the games (work with no game), still want it
        self.jobs = Jobs(lambda: self.games.current, self.games, self)
        yield "store"
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
        # opening, reading, generating, saving and sharing puzzles (gui/documents.py)
        self.documents = Documents(self)
        self._build_library()
        yield "library"
        self._build_centre()
        self._build_actions()
        self.statusBar().showMessage("Welcome to puzzlegui.")
        # the game's clock, in the status bar (gui/clock.py)
        self.clock = GameClock(self)
        self.clock_label = self.clock.label
        # the panels as the player left them (a first run: the library, no solver bar)
        self.area.show_library(self.settings.show_library)
        self.area.show_side(self.settings.show_side_panel)
        if self.settings.show_solver:
            self.show_solver()
        yield "window"
        if restore:
            self.documents.restore_last_game()
            yield "game"
        self.is_built = True
        if self._shown_once:
            self._after_first_show()

    #: the steps of _building, in order (the last, "game", only when a game is restored)
    BUILD_STEPS = ("core", "parts", "store", "library", "window", "game")

    def build_step(self) -> str | None:
        """Run the next step of the building; its name, or None once the window is built."""
        return self.startup.step()

    def finish_building(self) -> None:
        """Build what is left of the window now."""
        while self.build_step() is not None:
            pass

    def build_in_steps(self) -> None:
        """Build what is left one step an event-loop turn, from the window's first paint."""
        self.startup.in_steps()

    shell_painted = False  # the window has been painted once (its shell, if built in steps)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        self.shell_painted = True
        self.startup.painted()

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
        self.library = Library(self.games, self.settings, self.statusBar(), self.devicePixelRatioF(), jobs=self.jobs)
        self.library.openRequested.connect(self.documents.open_source)
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

    @property
    def panel(self):
        """The solver bar, made at the first call (shown, or the window asks for ``panel``;
        else at the warm-up): a first window that does not show it appears sooner (the
        bar's module, widgets and their Qt classes cost ~20 ms)."""
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
        """View > Accessibility (qtkit/accessible.py); the status line is announced too."""
        self.access_menu = access_menu.AccessMenu(self.settings, menu, self)
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

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        # (a window being built has no clock yet, nor QEvent: see _import_parts)
        if "clock" in vars(self) and event.type() in (QEvent.ActivationChange, QEvent.WindowStateChange):
            self.clock.sync()

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
        self.clock.show()

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
        self.clock.show()

    def show_stats(self) -> None:
        from .dialogs import StatsDialog
        StatsDialog(self.games, self).exec()
        self.library.refresh()

    # opening and saving are the Documents' (gui/documents.py); the names many tests use
    def open_source(self, source: str, kind: str | None = None) -> bool:
        return self.documents.open_source(source, kind)

    def load_doc(self, doc: files.PuzzleDoc, quiet: bool = False, origin: str | None = None) -> bool:
        return self.documents.load_doc(doc, quiet, origin)

    def _zoom_changed(self, zoom: float) -> None:
        if self.doc is not None:
            self.settings.set_zoom(self.doc.kind.name, zoom)

    def open_request(self, source: str | None, kind: str | None) -> None:
        """A later start on this data folder asked for ``source`` (gui/instance.py): the
        window comes to the front and opens it (asked for nothing: only comes to the front)."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if source is not None:
            self.documents.open_source(source, kind)

    def _install_board(self, kind) -> None:
        if self.board is not None:
            self.board.stop_animations()
            self.board.moveRequested.disconnect(self.play_move)
            self.board_view.set_board(None)
            self.board.deleteLater()
            self.board = None
        self.board = kinds.board_class(kind.name)(kind)
        self.board.runner = self.jobs  # work the board has done off the GUI thread (qtkit/board.py Runner)
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
        self.clock.show()
        self._sync_actions()
        self.documents.store_problem()
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
        elif self.documents.gen_task is not None:
            self.documents.gen_task.cancel()
            self.documents.gen_task = None
            self.statusBar().showMessage("Generation cancelled.", 4000)
        elif self.replay.loaded:
            self.back_to_game()  # a replay is beside the game: Esc leaves it
        self.solving.sync()  # the actions and the play button

    def _solving_changed(self) -> None:
        """A search, a replay or its preparation started or ended: the actions follow,
        and the clock (a replay is not play)."""
        self._sync_actions()
        self.clock.sync()

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
            button.clicked.connect(self.documents.save_as)
        box.setTextFormat(Qt.PlainText)  # messages quote files and input: never HTML
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()  # window-modal but non-blocking
        self.error_box = box
        self.errorShown.emit(message)

    def _sync_actions(self) -> None:
        """Which actions are enabled follows from the game's state (actions.sync)."""
        actions.sync(self)

    # ================================================================= closing
    closing = False  # shutdown() has begun: nothing more is built, warmed or delivered
    warmed_up = False

    def shutdown(self) -> None:
        """Stop everything that runs: the solver thread, the generator, animations."""
        self.closing = True
        searches = sys.modules.get(f"{__package__}.jobs.search_process")
        # (imported on the GUI thread, by the warm-up or the first Solve: never half made
        # here; not imported yet, there is nothing to end)
        if getattr(searches, "ProcessSolveJob", None) is not None:
            searches.shutdown()  # no search process outlives the window (ended, not waited for)
        # a window closed while it was being built (build_in_steps) ends what it has: its
        # parts are made in this order, the store first
        has = vars(self)
        if "solving" in has:
            self.solving.shutdown()
        if "jobs" in has:
            self.jobs.shutdown()  # nothing more is delivered; searches and generations end
        if "library" in has:
            self.library.shutdown()  # a collection being read stops at its next file
        # a replay, a table or an aid still being made on the pool is not waited for: its
        # answer is not wanted any more, and the pool's daemon threads never hold up the exit
        if "documents" in has and self.documents.gen_task is not None:
            self.documents.gen_task.cancel()
            self.documents.gen_task = None
        if "solving" in has:
            self.replay.clear()
        if self.board is not None:
            self.board.stop_animations()
        if "library" in has:
            self.library.store_picture(self.games.current, now=True)
            self.library.thumbs.close()
        if "colours" in has:
            self.colours.shutdown()
        if "games" in has:
            self.games.close()  # the game left (stored with its clock), the pictures written

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            if self.is_built:
                self._after_first_show()  # (else the building's last step calls it)

    def _after_first_show(self) -> None:
        """Once the window is built and shown."""
        freeze_start_up()
        # the library's pictures are loaded and drawn once the first paint is done:
        # loading a puzzle may import its kind (and numpy), never on the start-up path
        QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.library.thumbs.start)
        QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.startup.warm_up)
        # so is the collection listed last time (seconds, for a big one)
        QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.library.list_last_collection)
        QTimer.singleShot(THUMBS_AFTER_SHOW_MS, self.documents.offer_recovery)

    def closeEvent(self, event) -> None:
        self.shutdown()
        self.settings.set_geometry(self.saveGeometry())
        self.settings.sync()
        super().closeEvent(event)

