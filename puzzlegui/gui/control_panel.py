"""The solver bar: Solve/Stop, a one-line status, the replay's position slider with play
and step, and the search's settings in a popover that opens on demand.

It sits over the board as one row (two on a narrow window) and takes no more room
than that: the board owns the window.  It only shows things and emits what the user
asked for; the solve controller (gui/solve_controller.py) does the work.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QStyle,
    QToolButton,
    QWidget,
)

from ..core import solver
from ..qtkit import accessible
from ..qtkit.widgets import ElidedLabel

MODES = (
    (solver.ALL, "Count all solutions"),
    (solver.UNIQUE, "Stop at a second solution"),
    (solver.FIRST, "First solution only"),
)
SHOWS = (("solution", "Show the solution"), ("search", "Show the search"))

# how long a replay lasts, whatever its number of steps (seconds, on a log slider)
LENGTH_MIN, LENGTH_MAX = 2.0, 600.0
MAX_SOLUTIONS = 2_000_000_000  # "At most": as many as a spin box holds, said in its tooltip

# the words players read, with the solver's own terms in the tooltips
TRIES_TIP = "Positions the solver tried (its search nodes), dead ends included"
READY = "Press Solve to let the solver work on this puzzle."


def length_to_slider(seconds: float) -> int:
    seconds = min(max(seconds, LENGTH_MIN), LENGTH_MAX)
    return round(1000 * math.log(seconds / LENGTH_MIN) / math.log(LENGTH_MAX / LENGTH_MIN))


def slider_to_length(value: int) -> float:
    return LENGTH_MIN * (LENGTH_MAX / LENGTH_MIN) ** (value / 1000)


def length_text(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min" if rest == 0 else f"{minutes} min {rest} s"


class _Popover(QFrame):
    """The search's settings and the last search's figures: a frame that opens under its
    button and closes on a click elsewhere (Qt.Popup), so it never takes the board's room."""

    def __init__(self, parent=None):
        super().__init__(parent, Qt.Popup)
        self.setFrameShape(QFrame.StyledPanel)


class SolverPanel(QWidget):
    """The solver bar (its name is the one the window and the tests know it by)."""

    solveRequested = Signal()
    stopRequested = Signal()
    solutionChosen = Signal(int)
    applyRequested = Signal()
    backRequested = Signal()
    playRequested = Signal()
    stepForwardRequested = Signal()
    stepBackRequested = Signal()
    seekRequested = Signal(int)  # the position slider was moved to a step
    lengthChanged = Signal(float)  # how long a replay lasts (seconds)
    showChanged = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.solution_count = 0
        self.solution_index = 0
        self._running = False
        self._summary = READY
        style = self.style()

        # --- the settings popover (opens on demand) ------------------------------------
        self.popover = _Popover(self)
        form = QFormLayout(self.popover)
        form.setContentsMargins(10, 10, 10, 10)
        self.mode = QComboBox()
        for key, label in MODES:
            self.mode.addItem(label, key)
        self.mode.setToolTip("What the solver looks for: every solution, whether there is a second one, or any one")
        self.max_solutions = QSpinBox()
        self.max_solutions.setRange(1, MAX_SOLUTIONS)
        self.max_solutions.setGroupSeparatorShown(True)
        self.max_solutions.setValue(100)
        self.max_solutions.setToolTip(
            f"Stop counting after this many solutions (1 to {MAX_SOLUTIONS:,}); "
            "the first 1,000 are kept to show"
        )
        self.time_limit = QSpinBox()
        self.time_limit.setRange(0, 24 * 3600)
        self.time_limit.setSpecialValueText("off")  # shown at 0
        self.time_limit.setSuffix(" s")
        self.time_limit.setValue(0)
        self.time_limit.setToolTip("Stop the search after this many seconds (off: no limit)")
        self.show_box = QComboBox()
        for key, label in SHOWS:
            self.show_box.addItem(label, key)
        self.show_box.setToolTip("The replay shows the answer's steps, or every try of the search, dead ends included")
        self.show_box.currentIndexChanged.connect(lambda _i: self.showChanged.emit(self.show_box.currentData()))
        self.length = QSlider(Qt.Horizontal)
        self.length.setRange(0, 1000)
        self.length.setMinimumWidth(140)
        self.length.setToolTip("How long a replay lasts, however many steps it has (at most a second a step)")
        self.length.valueChanged.connect(self._length_moved)
        self.length_label = QLabel()
        self.length_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("10 min 00 s") + 4)
        length_row = QHBoxLayout()
        length_row.addWidget(self.length, 1)
        length_row.addWidget(self.length_label)
        form.addRow("Goal", self.mode)
        form.addRow("At most", self.max_solutions)
        form.addRow("Time limit", self.time_limit)
        form.addRow("Replay", self.show_box)
        form.addRow("Replay length", length_row)
        self.nodes_label = QLabel("–")
        self.nodes_label.setToolTip(TRIES_TIP)
        self.time_label = QLabel("–")
        self.found_label = QLabel("–")
        tries = QLabel("Tries")
        tries.setToolTip(TRIES_TIP)
        form.addRow(tries, self.nodes_label)
        form.addRow("Time", self.time_label)
        form.addRow("Solutions", self.found_label)
        self.result_text = QLabel(READY)  # the whole sentence, wrapped
        self.result_text.setTextFormat(Qt.PlainText)
        self.result_text.setWordWrap(True)
        self.result_text.setMaximumWidth(360)
        self.result_text.setTextInteractionFlags(Qt.TextSelectableByMouse)
        form.addRow(self.result_text)
        self.window_note = QLabel("")
        self.window_note.setWordWrap(True)
        self.window_note.setMaximumWidth(360)
        form.addRow(self.window_note)

        # --- the bar: three groups that sit in one row, or two on a narrow window --------
        self.solve_button = QPushButton("Solve")
        self.solve_button.setDefault(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.stop_button.setToolTip("Stop the search (Esc); what it found so far stays")
        self.solve_button.clicked.connect(self.solveRequested)
        self.stop_button.clicked.connect(self.stopRequested)
        self.settings_button = QToolButton(text="Settings \u25be")
        self.settings_button.setToolTip("The goal, limits and replay of the search, and its last figures")
        self.settings_button.clicked.connect(self.open_settings)
        self.result_label = ElidedLabel(READY)  # one line; the whole sentence in its tooltip

        self.prev_solution = QToolButton(text="\u2039")
        self.next_solution = QToolButton(text="\u203a")
        self.prev_solution.setToolTip("Previous solution")
        self.next_solution.setToolTip("Next solution")
        self.prev_solution.clicked.connect(lambda: self._choose(self.solution_index - 1))
        self.next_solution.clicked.connect(lambda: self._choose(self.solution_index + 1))
        self.solution_label = QLabel("No solution yet")
        self.solution_label.setAlignment(Qt.AlignCenter)
        self._play_icon = style.standardIcon(QStyle.SP_MediaPlay)
        self._pause_icon = style.standardIcon(QStyle.SP_MediaPause)
        self.back_button = QToolButton()
        self.back_button.setArrowType(Qt.LeftArrow)
        self.back_button.setToolTip("Step back one step")
        self.play_button = QToolButton()
        self.play_button.setIcon(self._play_icon)
        self.play_button.setToolTip("Play")
        self.forward_button = QToolButton()
        self.forward_button.setArrowType(Qt.RightArrow)
        self.forward_button.setToolTip("Step forward one step")
        self.back_button.clicked.connect(self.stepBackRequested)
        self.play_button.clicked.connect(self.playRequested)
        self.forward_button.clicked.connect(self.stepForwardRequested)
        self.position_slider = QSlider(Qt.Horizontal)
        self.position_slider.setMinimumWidth(80)
        self.position_slider.setToolTip("The replay's position: drag to any step")
        self.position_slider.valueChanged.connect(self._position_moved)
        self.position_label = QLabel("")
        self.position_label.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Put this solution on the board (one undoable step)")
        self.return_button = QPushButton("Back to my game")
        self.return_button.setToolTip("Leave the replay (Esc, or a click on the board)")
        self.apply_button.clicked.connect(self.applyRequested)
        self.return_button.clicked.connect(self.backRequested)

        self._solve_group = self._group(self.solve_button, self.stop_button, self.settings_button)
        self._nav_group = self._group(
            self.prev_solution, self.solution_label, self.next_solution, self.back_button, self.play_button,
            self.forward_button, (self.position_slider, 1), self.position_label,
        )
        self._action_group = self._group(self.apply_button, self.return_button)
        self.step_label = ElidedLabel("")  # what the step on show does: the kind's sentence
        self.step_label.setForegroundRole(QPalette.PlaceholderText)  # quieter than the status
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(4, 2, 4, 2)
        self._grid.setHorizontalSpacing(6)
        self._grid.setVerticalSpacing(2)
        self._rows = 0
        self._arrange(1)
        self.set_length(20.0)
        self.set_solutions(0)
        self.set_player(False, 0, 0, False)

    @staticmethod
    def _group(*widgets) -> QWidget:
        group = QWidget()
        row = QHBoxLayout(group)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        for w in widgets:
            if isinstance(w, tuple):
                row.addWidget(*w)
            else:
                row.addWidget(w)
        return group

    def _arrange(self, rows: int) -> None:
        """One row on a wide window; on a narrower one the replay's controls go under the
        status, and on a narrow one its Apply and Back under those: the bar changes shape
        instead of cutting its buttons."""
        if rows == self._rows:
            return
        self._rows = rows
        grid = self._grid
        for w in (self._solve_group, self.result_label, self._nav_group, self._action_group, self.step_label):
            grid.removeWidget(w)
        for c in range(4):
            grid.setColumnStretch(c, 0)
        grid.addWidget(self._solve_group, 0, 0)
        grid.addWidget(self.result_label, 0, 1)
        if rows == 1:
            grid.addWidget(self._nav_group, 0, 2)
            grid.addWidget(self._action_group, 0, 3)
            grid.addWidget(self.step_label, 1, 0, 1, 4)
            grid.setColumnStretch(1, 2)
            grid.setColumnStretch(2, 3)
        elif rows == 2:
            grid.addWidget(self._nav_group, 1, 0, 1, 2)
            grid.addWidget(self._action_group, 1, 2)
            grid.addWidget(self.step_label, 2, 0, 1, 3)
            grid.setColumnStretch(1, 1)
        else:
            grid.addWidget(self._nav_group, 1, 0, 1, 2)
            grid.addWidget(self._action_group, 2, 0, 1, 2, Qt.AlignRight)
            grid.addWidget(self.step_label, 3, 0, 1, 2)
            grid.setColumnStretch(1, 1)

    def rows_for(self, width: int) -> int:
        """How many rows the bar needs at ``width``: its buttons whole, and room for the status."""
        spacing = 3 * self._grid.horizontalSpacing() + 8
        solve, nav, actions = (g.sizeHint().width() for g in (self._solve_group, self._nav_group, self._action_group))
        if width >= solve + 240 + nav + actions + spacing:
            return 1
        if width >= nav + actions + spacing:
            return 2
        return 3

    def height_for(self, width: int) -> int:
        """The bar's height at ``width``, arranged for it (one, two or three rows)."""
        self._arrange(self.rows_for(width))
        self._grid.invalidate()
        return self._grid.sizeHint().height()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._arrange(self.rows_for(event.size().width()))

    def open_settings(self) -> None:
        """The popover under its button (kept on the screen)."""
        pop = self.popover
        pop.adjustSize()
        at = self.settings_button.mapToGlobal(QPoint(0, self.settings_button.height()))
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is not None:
            at.setX(max(screen.left(), min(at.x(), screen.right() - pop.width())))
            at.setY(max(screen.top(), min(at.y(), screen.bottom() - pop.height())))
        pop.move(at)
        pop.show()

    # --- updates from the window ----------------------------------------------------------
    def set_running(self, running: bool) -> None:
        self._running = running
        self.solve_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        self.mode.setEnabled(not running)
        self.max_solutions.setEnabled(not running)
        self.time_limit.setEnabled(not running)
        if running:
            self.set_result("Searching\u2026")

    def set_progress(self, nodes: int, elapsed: float, solutions: int, note: str = "") -> None:
        """The running search's figures; ``note``: an anytime solver's best answer so far
        and its proven bound ("found 74 moves; at least 40 proven"), shown while it runs,
        the solutions label saying "Best so far" until one is proven."""
        self.nodes_label.setText(f"{nodes:,}")
        took = f"{elapsed:.2f} s" if elapsed >= 1 else f"{elapsed * 1000:.0f} ms"
        self.time_label.setText(took)
        self.found_label.setText(f"{solutions:,}")
        if self._running:
            found = "no solution yet" if solutions == 0 else (
                "1 solution so far" if solutions == 1 else f"{solutions:,} solutions so far")
            if note:  # an anytime search: where it stands (its best answer so far and bound)
                self.result_label.setText(f"Searching\u2026 {note} ({nodes:,} tries, {took})")
                found = "best so far" if solutions == 0 else found
            else:
                self.result_label.setText(f"Searching\u2026 {nodes:,} tries, {took}, {found}")
            if self.solution_count == 0:
                self.solution_label.setText(found[0].upper() + found[1:])

    def clear_progress(self) -> None:
        for label in (self.nodes_label, self.time_label, self.found_label):
            label.setText("–")

    def set_result(self, text: str) -> None:
        if text != self.result_text.text():
            accessible.announce(self.result_text, text)  # the solve's verdict, heard
        self.result_label.setText(text)
        self.result_text.setText(text)

    def set_solutions(self, count: int, index: int = 0, found: int | None = None, proven_none: bool = False) -> None:
        """``count`` solutions to choose from (those kept); ``found`` in all, if more;
        ``proven_none``: a finished search proved there is none."""
        self.solution_count = count
        self.solution_index = index
        if count == 0:
            self.solution_label.setText("No solution (proven)" if proven_none else "No solution yet")
            self.solution_label.setToolTip("")
        elif found is not None and found > count:
            self.solution_label.setText(f"Solution {index + 1:,} of {count:,} kept")
            self.solution_label.setToolTip(f"{found:,} solutions found; the first {count:,} are kept to show.")
        else:
            self.solution_label.setText(f"Solution {index + 1:,} of {count:,}")
            self.solution_label.setToolTip("")
        self.prev_solution.setEnabled(count > 1 and index > 0)
        self.next_solution.setEnabled(count > 1 and index < count - 1)
        self.prev_solution.setVisible(count > 1)
        self.next_solution.setVisible(count > 1)
        self.apply_button.setEnabled(count > 0)

    def set_player(self, loaded: bool, position: int, length: int, playing: bool, can_play: bool = False) -> None:
        """``can_play``: nothing is loaded but Play would load a replay (a result is there)."""
        for button in (self.back_button, self.forward_button):
            button.setEnabled(loaded)
        self.play_button.setEnabled(loaded or can_play)
        self.return_button.setEnabled(loaded)
        self.play_button.setIcon(self._pause_icon if playing else self._play_icon)
        self.play_button.setToolTip("Pause" if playing else "Play")
        slider = self.position_slider
        slider.blockSignals(True)
        slider.setRange(0, length if loaded else 0)
        slider.setValue(position if loaded else 0)
        slider.blockSignals(False)
        slider.setEnabled(loaded and length > 0)
        self.position_label.setText(f"step {position:,} of {length:,}" if loaded else "")

    def set_step_text(self, text: str) -> None:
        if text != self.step_label.full_text():
            accessible.announce(self.step_label, text)  # a replay's step and its reason, heard
        self.step_label.setText(text)
        self.step_label.setVisible(bool(text))

    def set_length(self, seconds: float) -> None:
        self.length.setValue(length_to_slider(seconds))
        self.length_label.setText(length_text(slider_to_length(self.length.value())))

    def current_length(self) -> float:
        return slider_to_length(self.length.value())

    def _length_moved(self, value: int) -> None:
        seconds = slider_to_length(value)
        self.length_label.setText(length_text(seconds))
        self.lengthChanged.emit(seconds)

    def _position_moved(self, value: int) -> None:
        self.seekRequested.emit(value)

    def _choose(self, index: int) -> None:
        if 0 <= index < self.solution_count:
            self.set_solutions(self.solution_count, index)
            self.solutionChosen.emit(index)

    # --- values ------------------------------------------------------------------------------
    def current_mode(self) -> str:
        return self.mode.currentData()

    def set_mode(self, mode: str) -> None:
        i = self.mode.findData(mode)
        if i >= 0:
            self.mode.setCurrentIndex(i)

    def current_time_limit(self) -> float | None:
        """Seconds the search may run, or None for no limit."""
        value = self.time_limit.value()
        return float(value) if value > 0 else None

    def set_time_limit(self, seconds: float | None) -> None:
        self.time_limit.setValue(int(round(seconds)) if seconds else 0)

    def current_show(self) -> str:
        return self.show_box.currentData()

    def set_show(self, show: str) -> None:
        i = self.show_box.findData(show)
        if i >= 0:
            self.show_box.setCurrentIndex(i)
