"""The main window: library, board, solver panel, menus; the controller between them.

The window knows kinds only through core.kind.PuzzleKind and each kind's ``widget.Board``.
Boards emit moves; the window pushes them on the history and shows the new state.  The
solver runs in a SolveJob (its own thread); the Player replays what it recorded.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..core import files, registry, solver
from ..core.history import RESTART, Batch, History
from ..core.kind import PuzzleError
from . import settings as settings_mod
from .dialogs import EditDialog, HelpDialog, NewPuzzleDialog
from .player import Player
from .control_panel import SolverPanel
from .tasks import GenerateTask
from .worker import SolveJob

AUTOSAVE_DELAY_MS = 400


class MainWindow(QMainWindow):
    #: emitted after every change of the shown game (a move, undo, load...): for tests
    gameChanged = Signal()
    solveFinished = Signal(object)  # core.solver.Result
    puzzleSolved = Signal()  # the player completed the puzzle
    errorShown = Signal(str)

    def __init__(self, settings: settings_mod.Settings | None = None, restore: bool = True):
        super().__init__()
        self.settings = settings or settings_mod.Settings()
        self.doc: files.PuzzleDoc | None = None
        self.history: History | None = None
        self.board = None
        self.job: SolveJob | None = None
        self.gen_task: GenerateTask | None = None
        self.result: solver.Result | None = None
        self.solve_base = None
        self.recorded_steps: list = []
        self.solution_index = 0
        self.last_error = ""
        self._was_solved = False
        self._dirty = False
        self.setWindowTitle("puzzlegui")

        self.player = Player(self)
        self.player.frame.connect(self._on_frame)
        self.player.playingChanged.connect(lambda _p: self._sync_player())
        self.player.finished.connect(self._on_player_finished)
        self.player.set_speed(self.settings.speed)

        self._build_library()
        self._build_centre()
        self._build_control_panel()
        self._build_actions()
        self.statusBar().showMessage("Welcome to puzzlegui.")

        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave)

        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1200, 760)
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
        if restore:
            self.restore_last_game()

    # ================================================================= building the window
    def _build_library(self) -> None:
        self.library = QTreeWidget()
        self.library.setHeaderHidden(True)
        self.library.itemActivated.connect(self._library_activated)
        self.library_dock = self._dock("Library", "library", self.library, Qt.LeftDockWidgetArea)
        self.refresh_library()

    def _dock(self, title, name, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)  # saveState/restoreState find docks by name
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetClosable)
        self.addDockWidget(area, dock)
        self.resizeDocks([dock], [270], Qt.Horizontal)
        return dock

    def refresh_library(self) -> None:
        self.library.clear()
        by_kind: dict[str, QTreeWidgetItem] = {}
        for b in files.builtins():
            parent = by_kind.get(b.kind)
            if parent is None:
                parent = QTreeWidgetItem([registry.get(b.kind).title])
                parent.setFlags(parent.flags() & ~Qt.ItemIsSelectable)
                self.library.addTopLevelItem(parent)
                by_kind[b.kind] = parent
            item = QTreeWidgetItem([b.title])
            item.setToolTip(0, f"{b.title}\nbuilt-in: {b.name}")
            item.setData(0, Qt.UserRole, ("builtin", b.name))
            parent.addChild(item)
        mine = QTreeWidgetItem(["My puzzles"])
        mine.setFlags(mine.flags() & ~Qt.ItemIsSelectable)
        self.library.addTopLevelItem(mine)
        folder = settings_mod.puzzles_dir()
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
        for path in paths:
            item = QTreeWidgetItem([path.stem])
            item.setToolTip(0, str(path))
            item.setData(0, Qt.UserRole, ("file", str(path)))
            mine.addChild(item)
        if not paths:
            hint = QTreeWidgetItem(["(none saved yet)"])
            hint.setFlags(Qt.NoItemFlags)
            mine.addChild(hint)
        self.library.expandAll()
        for name, parent in by_kind.items():
            if parent.childCount() > 15 and not (self.doc and self.doc.kind.name == name):
                parent.setExpanded(False)  # the strips set of 26: open on demand
        self._library_groups = by_kind

    def _library_activated(self, item, _column=0) -> None:
        data = item.data(0, Qt.UserRole)
        if not data:
            return
        _what, source = data  # a built-in's name or a file path: both are a SOURCE
        self.open_source(source)

    def _build_centre(self) -> None:
        centre = QWidget()
        layout = QBoxLayout(QBoxLayout.LeftToRight, centre)
        layout.setContentsMargins(8, 8, 8, 8)
        self.centre_layout = layout
        self.board_holder = QVBoxLayout()
        self.title_label = QLabel("")
        self.title_label.setStyleSheet("font-size: 15px; font-weight: 600;")
        self.title_label.setWordWrap(True)
        self.board_holder.addWidget(self.title_label)
        layout.addLayout(self.board_holder, 1)
        self.side_scroll = QScrollArea()
        self.side_scroll.setWidgetResizable(True)
        self.side_scroll.setFrameShape(QScrollArea.NoFrame)
        self.side_scroll.hide()
        layout.addWidget(self.side_scroll)
        self.setCentralWidget(centre)

    def _build_control_panel(self) -> None:
        self.panel = SolverPanel()
        self.panel.set_mode(self.settings.solve_mode)
        self.panel.set_show(self.settings.show)
        self.panel.max_solutions.setValue(self.settings.max_solutions)
        self.panel.set_speed(self.settings.speed)
        self.panel.solveRequested.connect(self.solve)
        self.panel.stopRequested.connect(self.stop_solving)
        self.panel.solutionChosen.connect(self.choose_solution)
        self.panel.applyRequested.connect(self.apply_solution)
        self.panel.backRequested.connect(self.back_to_game)
        self.panel.playRequested.connect(self.toggle_play)
        self.panel.stepForwardRequested.connect(self.player.step_forward)
        self.panel.stepBackRequested.connect(self.player.step_back)
        self.panel.speedChanged.connect(self._speed_changed)
        self.panel.showChanged.connect(self._show_changed)
        scroll = QScrollArea()  # never squeeze the panel's rows on a short screen
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setWidget(self.panel)
        scroll.setMinimumWidth(self.panel.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width())
        self.solver_dock = self._dock("Solver", "solver", scroll, Qt.RightDockWidgetArea)

    def _action(self, text, slot, shortcut=None, tip=""):
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, (list, tuple)):
                action.setShortcuts([QKeySequence(s) for s in shortcut])
            else:
                action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _build_actions(self) -> None:
        a = self.actions_by_name = {}
        a["new"] = self._action("&New random puzzle…", self.new_random, QKeySequence.New, "Generate a new puzzle")
        a["open"] = self._action("&Open…", self.open_dialog, QKeySequence.Open)
        a["save"] = self._action("&Save", self.save, QKeySequence.Save)
        a["save_as"] = self._action("Save &As…", self.save_as, QKeySequence.SaveAs)
        a["edit"] = self._action("&Edit board…", self.edit_board, "Ctrl+E", "Change the puzzle or enter your own")
        a["quit"] = self._action("&Quit", self.close, "Ctrl+Q")
        a["undo"] = self._action("&Undo", self.undo, QKeySequence.Undo)
        a["redo"] = self._action("&Redo", self.redo, [QKeySequence.Redo, "Ctrl+Y"])
        a["restart"] = self._action("Re&start", self.restart, "Ctrl+R", "Back to the puzzle as given (undoable)")
        a["solve"] = self._action("&Solve", self.solve, "F5")
        a["stop"] = self._action("S&top", self.stop_solving, "Esc")
        a["hint"] = self._action("&Hint", self.hint, "Ctrl+H", "Make the next sure move and say why")
        a["check"] = self._action("&Check", self.check, "Ctrl+K", "Mark broken rules")
        a["help"] = self._action("&Help for this puzzle", self.show_help, QKeySequence.HelpContents)
        a["about"] = self._action("&About puzzlegui", self.about)
        menus = {
            "&File": ["new", "open", None, "save", "save_as", None, "edit", None, "quit"],
            "&Edit": ["undo", "redo", "restart"],
            "&Solve": ["solve", "stop", None, "hint", "check"],
            "&Help": ["help", "about"],
        }
        for title, names in menus.items():
            menu = self.menuBar().addMenu(title)
            for name in names:
                if name is None:
                    menu.addSeparator()
                else:
                    menu.addAction(a[name])
            if title == "&Edit":
                menu.addSeparator()
                menu.addAction(self.library_dock.toggleViewAction())
                menu.addAction(self.solver_dock.toggleViewAction())
        self._sync_actions()

    # ================================================================= loading and saving
    def restore_last_game(self) -> None:
        path = settings_mod.autosave_path()
        if path.exists():
            try:
                doc = files.load_path(path)
                doc.path = None
                name = self.settings.last_source
                if name and any(b.name == name for b in files.builtins()):
                    doc.name = name
                elif name and Path(name).exists():
                    doc.path = Path(name)
                if self.load_doc(doc, quiet=True):
                    self.statusBar().showMessage(f"Restored your game in progress: {doc.title}.", 8000)
                    return
            except PuzzleError as exc:
                self.statusBar().showMessage(f"The autosaved game could not be restored ({exc})", 8000)
        first = files.builtins()
        if first:
            self.open_source(first[0].name)

    def open_source(self, source: str, kind: str | None = None) -> bool:
        try:
            doc = files.load_source(source, kind)
        except PuzzleError as exc:
            self.show_error(str(exc))
            return False
        return self.load_doc(doc)

    def load_doc(self, doc: files.PuzzleDoc, quiet: bool = False) -> bool:
        """Show ``doc``; on any problem keep the current game and say why."""
        try:
            history = doc.history()
        except PuzzleError as exc:
            if not quiet:
                self.show_error(str(exc))
            return False
        self.stop_solving()
        self.player.clear()
        self._clear_result()
        self.doc = doc
        self.history = history
        self._install_board(doc.kind)
        self._was_solved = doc.kind.is_solved(history.state)
        group = self._library_groups.get(doc.kind.name)
        if group is not None:
            group.setExpanded(True)  # show where the open puzzle sits
        self.title_label.setText(doc.title + (f"  —  {doc.meta['source']}" if doc.meta.get("source") else ""))
        self.setWindowTitle(f"{doc.title} – puzzlegui")
        self.settings.last_source = doc.name or (str(doc.path) if doc.path else "")
        self.statusBar().showMessage(f"Opened {doc.title}.", 5000)
        self._show_game()
        self._schedule_autosave()
        return True

    def _install_board(self, kind) -> None:
        if self.board is not None:
            self.board.stop_animations()
            self.board.moveRequested.disconnect(self.play_move)
            self.board.setParent(None)
            self.board.deleteLater()
            self.board = None
        old_panel = self.side_scroll.takeWidget()
        if old_panel is not None:
            old_panel.deleteLater()
        module = importlib.import_module(registry.widget_module(kind.name))
        self.board = module.Board(kind)
        self.board.animation_ms = self._animation_ms()
        self.board.moveRequested.connect(self.play_move)
        self.board.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.board_holder.addWidget(self.board, 1)
        if self.history is not None:
            self.board.set_state(self.history.state)
        panel = self.board.side_panel()
        if panel is not None:
            self.side_scroll.setWidget(panel)
            self._place_side_panel(panel)
            self.side_scroll.show()
        else:
            self.side_scroll.hide()
        self.board.setFocus()

    def _place_side_panel(self, panel) -> None:
        """Beside a squarish board, below a wide one (the Tracks seed is 16x6), so the
        board itself gets the room."""
        cols, rows = self.board.grid_size()
        scroll = self.side_scroll
        if cols >= 1.8 * rows:
            self.centre_layout.setDirection(QBoxLayout.TopToBottom)
            # room for the panel as it grows (the Tracks message fills in later)
            height = max(panel.sizeHint().height() + 4, 250)
            scroll.setMinimumSize(0, height)
            scroll.setMaximumSize(16777215, height)
        else:
            self.centre_layout.setDirection(QBoxLayout.LeftToRight)
            scroll.setMinimumSize(240, 0)
            scroll.setMaximumSize(360, 16777215)

    def open_dialog(self) -> None:
        start = str(settings_mod.puzzles_dir())
        path, _ = QFileDialog.getOpenFileName(self, "Open puzzle", start, "Puzzle files (*.json);;All files (*)")
        if path:
            self.open_source(path)

    def save(self) -> bool:
        if self.doc is None:
            return False
        if self.doc.path is None or self.doc.path == settings_mod.autosave_path():
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        if self.doc is None:
            return False
        folder = settings_mod.puzzles_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stem = (self.doc.name or self.doc.title or "puzzle").replace("/", "-")
        path, _ = QFileDialog.getSaveFileName(self, "Save puzzle", str(folder / f"{stem}.json"), "Puzzle files (*.json)")
        if not path:
            return False
        if not path.endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        try:
            files.save_atomic(path, files.dumps(self.doc, self.history))
        except OSError as exc:
            self.show_error(f"Could not save to {path}: {exc.strerror or exc}. Your game is unchanged.")
            return False
        self.doc.path = Path(path)
        self.doc.name = ""
        self.settings.last_source = str(path)
        self.statusBar().showMessage(f"Saved {path}.", 5000)
        self.refresh_library()
        return True

    def autosave(self) -> None:
        self._autosave_timer.stop()
        if self.doc is None or self.history is None:
            return
        try:
            files.save_atomic(settings_mod.autosave_path(), files.dumps(self.doc, self.history))
        except (OSError, PuzzleError) as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    def _schedule_autosave(self) -> None:
        self._autosave_timer.start()

    # ================================================================= playing
    def play_move(self, move) -> None:
        if self.history is None or self.player.loaded:
            return
        try:
            self.history.push(move)
        except PuzzleError as exc:
            self.statusBar().showMessage(str(exc), 6000)
            return
        self.board.set_violations([])
        self.board.set_highlight()
        self._show_game(move=move, animate=True)

    def undo(self) -> None:
        if self._game_input_ok() and self.history.can_undo:
            self.history.undo()
            self._show_game()

    def redo(self) -> None:
        if self._game_input_ok() and self.history.can_redo:
            move = self.history.next_move()
            self.history.redo()
            animate = not isinstance(move, Batch) and move != RESTART
            self._show_game(move=move if animate else None, animate=animate)

    def restart(self) -> None:
        if self._game_input_ok():
            self.history.restart()
            self._show_game()
            self.statusBar().showMessage("Restarted: Undo brings your moves back.", 5000)

    def _game_input_ok(self) -> bool:
        if self.history is None:
            return False
        if self.player.loaded:
            self.back_to_game()
        return True

    def _show_game(self, move=None, animate=False) -> None:
        """Show the history's current state and everything that depends on it."""
        state = self.history.state
        self.board.set_interactive(True)
        self.board.set_state(state, move=move, animate=animate)
        solved = self.doc.kind.is_solved(state)
        if solved and not self._was_solved:
            self.board.celebrate()
            self.statusBar().showMessage(f"Solved! {self.doc.title} is complete.", 10000)
            self.puzzleSolved.emit()
        self._was_solved = solved
        self._sync_actions()
        self._schedule_autosave()
        self.gameChanged.emit()

    def hint(self) -> None:
        if not self._game_input_ok():
            return
        kind, state = self.doc.kind, self.history.state
        if kind.is_solved(state):
            self.statusBar().showMessage("The puzzle is already solved.", 5000)
            return
        h = kind.hint(state)
        if h is None:
            self.statusBar().showMessage("No sure move found from here; try Check or Solve.", 6000)
            return
        if h.move is not None:
            self.play_move(h.move)
        self.board.set_highlight(h.cells, h.text)
        self.statusBar().showMessage(f"Hint: {h.text}", 15000)

    def check(self) -> None:
        if not self._game_input_ok():
            return
        violations = self.doc.kind.check(self.history.state)
        self.board.set_violations(violations)
        if not violations:
            if self.doc.kind.is_solved(self.history.state):
                self.statusBar().showMessage("Solved, and every rule holds.", 6000)
            else:
                self.statusBar().showMessage("No broken rules so far.", 6000)
        else:
            n = len(violations)
            self.statusBar().showMessage(
                f"{n} problem{'s' if n != 1 else ''}: {violations[0].reason}" + ("…" if n > 1 else ""), 10000
            )

    # ================================================================= solving
    def solve(self) -> None:
        if self.doc is None or (self.job is not None and self.job.is_running()):
            return
        self.player.clear()
        self._clear_result()
        kind = self.doc.kind
        self.solve_base = kind.solve_start(self.history.state)
        mode = self.panel.current_mode()
        self.settings.solve_mode = mode
        self.settings.max_solutions = self.panel.max_solutions.value()
        trace = self.panel.current_show() == "search"
        self.job = SolveJob(kind, self.solve_base, mode, self.panel.max_solutions.value(), trace, parent=self)
        self.job.progress.connect(self.panel.set_progress)
        self.job.finished.connect(self._on_solve_finished)
        self.job.failed.connect(self._on_solve_failed)
        self.job.ended.connect(self._on_job_ended)
        self.panel.set_running(True)
        self.panel.set_progress(0, 0.0, 0)
        self.statusBar().showMessage("Solving…")
        self._sync_actions(solving=True)
        self.job.start()

    def stop_solving(self) -> None:
        if self.job is not None and self.job.is_running():
            self.job.stop()
            self.statusBar().showMessage("Stopped.", 4000)
        elif self.gen_task is not None:
            self.gen_task.cancel()
            self.gen_task = None
            self.statusBar().showMessage("Generation cancelled.", 4000)
            self._sync_actions()
        elif self.player.playing:
            self.player.pause()

    def _on_job_ended(self) -> None:
        self.panel.set_running(False)
        self._sync_actions()

    def _on_solve_failed(self, message: str) -> None:
        self.panel.set_result(message)
        self.show_error(message)

    def _on_solve_finished(self, result, steps, seen) -> None:
        self.panel.set_running(False)  # the thread's own "ended" may come a moment later
        self.result = result
        self.recorded_steps = steps
        kind = self.doc.kind
        text = kind.describe_result(result)
        self.panel.set_result(text)
        self.panel.set_progress(result.nodes, result.elapsed, result.count)
        self.statusBar().showMessage(text, 10000)
        self.panel.set_solutions(result.count, 0)
        if seen > len(steps):
            self.panel.window_note.setText(
                f"The search made {seen:,} steps; the replay shows the first {len(steps):,}."
            )
        else:
            self.panel.window_note.setText("")
        self.solveFinished.emit(result)
        if result.status == solver.STOPPED and not result.solutions and not steps:
            return
        self.solution_index = 0
        self._load_replay(autoplay=True)

    def _load_replay(self, autoplay: bool) -> None:
        kind = self.doc.kind
        if self.panel.current_show() == "search" and self.recorded_steps:
            steps = self.recorded_steps
        elif self.result is not None and self.result.solutions:
            steps = kind.solution_steps(self.solve_base, self.result.solutions[self.solution_index])
        else:
            return
        self.board.set_interactive(False)
        self.player.load(kind, self.solve_base, steps)
        self._sync_player()
        if autoplay:
            self.player.play()

    def choose_solution(self, index: int) -> None:
        if self.result is None or not 0 <= index < self.result.count:
            return
        self.solution_index = index
        self.panel.set_solutions(self.result.count, index)
        if self.panel.current_show() == "search":
            self.panel.set_show("solution")
        self._load_replay(autoplay=False)
        self.player.seek(self.player.length)

    def apply_solution(self) -> None:
        if self.result is None or not self.result.solutions:
            return
        kind = self.doc.kind
        self.player.clear()
        solution = self.result.solutions[self.solution_index]
        moves = tuple(kind.solution_moves(self.history.state, solution))
        try:
            self.history.push(Batch(moves, "solution"))
        except PuzzleError as exc:
            self.show_error(f"The solution could not be applied: {exc}")
            return
        self.board.set_highlight()
        self.panel.set_step_text("")
        self._show_game()
        self._sync_player()

    def back_to_game(self) -> None:
        self.player.clear()
        self.board.set_highlight()
        self.panel.set_step_text("")
        self._show_game()
        self._sync_player()

    def toggle_play(self) -> None:
        if not self.player.loaded:
            self._load_replay(autoplay=False)
        if self.player.playing:
            self.player.pause()
        else:
            self.player.play()

    def _on_frame(self, position, state, step, animate) -> None:
        if self.board is None:
            return
        self.board.set_interactive(False)
        self.board.set_state(state, move=step.move if step is not None else None, animate=animate)
        if step is not None:
            self.board.set_highlight(step.cells, step.text)
            self.panel.set_step_text(step.text or step.action)
        else:
            self.board.set_highlight()
            self.panel.set_step_text("")
        self._sync_player()

    def _on_player_finished(self) -> None:
        self._sync_player()
        if self.panel.current_show() == "solution" and self.doc.kind.is_solved(self.player.state):
            self.board.celebrate()

    def _sync_player(self) -> None:
        self.panel.set_player(self.player.loaded, self.player.position, self.player.length, self.player.playing)
        self._sync_actions()

    def _speed_changed(self, speed: float) -> None:
        self.settings.speed = speed
        self.player.set_speed(speed)
        if self.board is not None:
            self.board.animation_ms = self._animation_ms()

    def _animation_ms(self) -> int:
        # a move's animation takes most of the time between two steps, and never > 300 ms
        interval = 1000 / max(self.player.steps_per_second, 0.1)
        return int(min(300, 0.8 * interval)) if interval >= 40 else 0

    def _show_changed(self, show: str) -> None:
        self.settings.show = show
        if self.result is not None:
            self._load_replay(autoplay=False)

    def _clear_result(self) -> None:
        self.result = None
        self.recorded_steps = []
        self.solution_index = 0
        self.panel.set_solutions(0)
        self.panel.clear_progress()
        self.panel.set_result("Press Solve to let the solver work on this puzzle.")
        self.panel.set_step_text("")
        self.panel.window_note.setText("")
        self._sync_player()

    # ================================================================= generating, editing
    def new_random(self) -> None:
        kind_name = self.doc.kind.name if self.doc else registry.names()[0]
        params = self.doc.kind.params_of(self.history.state) if self.doc else None
        dialog = NewPuzzleDialog(kind_name, params, self)
        if dialog.exec() != NewPuzzleDialog.Accepted:
            return
        self.generate(dialog.kind.name, dialog.params(), dialog.seed.value())

    def generate(self, kind_name: str, params: dict, seed) -> None:
        if self.gen_task is not None:
            self.gen_task.cancel()
        self.gen_task = GenerateTask(kind_name, params, seed, self)
        kind = registry.get(kind_name)

        def done(puzzle):
            self.gen_task = None
            self._sync_actions()
            try:
                state = kind.decode(puzzle)
            except PuzzleError as exc:
                self.show_error(f"The generator made a puzzle that does not load: {exc}")
                return
            title = f"Random {kind.title} (seed {seed})"
            self.load_doc(files.PuzzleDoc(kind, state, meta={"title": title}))
            self.statusBar().showMessage(f"New puzzle: {title}.", 6000)

        def failed(message):
            self.gen_task = None
            self._sync_actions()
            self.show_error(message)

        self.gen_task.done.connect(done)
        self.gen_task.failed.connect(failed)
        self.statusBar().showMessage(f"Generating a {kind.title} puzzle… (Esc cancels)")
        self.gen_task.start()
        self._sync_actions()

    def edit_board(self) -> None:
        if self.doc is None:
            return
        dialog = EditDialog(self.doc.kind, self.history.state, self)
        if dialog.exec() != EditDialog.Accepted or dialog.puzzle() is None:
            return
        kind = self.doc.kind
        meta = {"title": f"My {kind.title} puzzle", "source": "entered in puzzlegui"}
        self.load_doc(files.PuzzleDoc(kind, dialog.puzzle(), meta=meta))

    # ================================================================= help, errors, state
    def show_help(self) -> None:
        HelpDialog(self.doc.kind if self.doc else None, self).exec()

    def about(self) -> None:
        QMessageBox.about(
            self,
            "About puzzlegui",
            "<b>puzzlegui</b><br>Play logic puzzles by hand, watch solvers explain and animate "
            "their work, and enter your own boards.",
        )

    def show_error(self, message: str) -> None:
        """Tell the user in a sentence; the current game stays as it was."""
        self.last_error = message
        self.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Warning, "puzzlegui", message, QMessageBox.Ok, self)
        box.setAttribute(Qt.WA_DeleteOnClose)
        box.open()  # window-modal but non-blocking
        self.error_box = box
        self.errorShown.emit(message)

    def _sync_actions(self, solving: bool | None = None) -> None:
        if solving is None:
            solving = self.job is not None and self.job.is_running()
        a = self.actions_by_name
        has = self.history is not None
        a["undo"].setEnabled(has and self.history.can_undo)
        a["redo"].setEnabled(has and self.history.can_redo)
        a["restart"].setEnabled(has)
        a["solve"].setEnabled(has and not solving)
        # Esc only means Stop while something runs; otherwise it reaches the board
        # (Strips uses it to drop a half-made cut)
        a["stop"].setEnabled(solving or self.gen_task is not None or self.player.playing)
        for name in ("save", "save_as", "edit", "hint", "check"):
            a[name].setEnabled(has)

    # ================================================================= closing
    def shutdown(self) -> None:
        """Stop everything that runs: the solver thread, the generator, animations."""
        if self.job is not None:
            self.job.stop()
            self.job = None
        if self.gen_task is not None:
            self.gen_task.cancel()
            self.gen_task = None
        self.player.clear()
        if self.board is not None:
            self.board.stop_animations()
        self.autosave()

    def closeEvent(self, event) -> None:
        self.shutdown()
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.sync()
        super().closeEvent(event)

