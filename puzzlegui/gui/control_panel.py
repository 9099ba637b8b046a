"""The solver panel: Solve/Stop, live progress, the result, solutions and the player.

It only shows things and emits what the user asked for; the solve controller
(gui/solve_controller.py) does the work.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ..core import solver

MODES = (
    (solver.ALL, "Count all solutions"),
    (solver.UNIQUE, "Stop at a second solution"),
    (solver.FIRST, "First solution only"),
)
SHOWS = (("solution", "Show the solution"), ("search", "Show the search"))

SPEED_MIN, SPEED_MAX = 0.5, 2000.0  # steps per second, on a log slider


def speed_to_slider(speed: float) -> int:
    speed = min(max(speed, SPEED_MIN), SPEED_MAX)
    return round(1000 * math.log(speed / SPEED_MIN) / math.log(SPEED_MAX / SPEED_MIN))


def slider_to_speed(value: int) -> float:
    return SPEED_MIN * (SPEED_MAX / SPEED_MIN) ** (value / 1000)


class SolverPanel(QWidget):
    solveRequested = Signal()
    stopRequested = Signal()
    solutionChosen = Signal(int)
    applyRequested = Signal()
    backRequested = Signal()
    playRequested = Signal()
    stepForwardRequested = Signal()
    stepBackRequested = Signal()
    speedChanged = Signal(float)
    showChanged = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.solution_count = 0
        self.solution_index = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)

        # --- the search --------------------------------------------------------------
        search = QGroupBox("Search")
        outer = QVBoxLayout(search)
        form = QFormLayout()
        outer.addLayout(form)
        self.mode = QComboBox()
        for key, label in MODES:
            self.mode.addItem(label, key)
        self.max_solutions = QSpinBox()
        self.max_solutions.setRange(1, 1_000_000)
        self.max_solutions.setValue(100)
        self.max_solutions.setToolTip("Stop counting after this many solutions")
        self.time_limit = QSpinBox()
        self.time_limit.setRange(0, 24 * 3600)
        self.time_limit.setSpecialValueText("off")  # shown at 0
        self.time_limit.setSuffix(" s")
        self.time_limit.setValue(0)
        self.time_limit.setToolTip("Stop the search after this many seconds (off: no limit)")
        self.show_box = QComboBox()
        for key, label in SHOWS:
            self.show_box.addItem(label, key)
        self.show_box.currentIndexChanged.connect(lambda _i: self.showChanged.emit(self.show_box.currentData()))
        form.addRow("Goal", self.mode)
        form.addRow("At most", self.max_solutions)
        form.addRow("Time limit", self.time_limit)
        form.addRow("Animate", self.show_box)
        buttons = QHBoxLayout()
        self.solve_button = QPushButton("Solve")
        self.solve_button.setDefault(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.solve_button.clicked.connect(self.solveRequested)
        self.stop_button.clicked.connect(self.stopRequested)
        buttons.addWidget(self.solve_button)
        buttons.addWidget(self.stop_button)
        form.addRow(buttons)
        self.nodes_label = QLabel("–")
        self.time_label = QLabel("–")
        self.found_label = QLabel("–")
        form.addRow("Nodes", self.nodes_label)
        form.addRow("Time", self.time_label)
        form.addRow("Solutions", self.found_label)
        self.result_label = QLabel("Press Solve to let the solver work on this puzzle.")
        self.result_label.setTextFormat(Qt.PlainText)  # a sentence that may quote the puzzle: never HTML
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.result_label.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        outer.addWidget(self.result_label)
        layout.addWidget(search)

        # --- the answer and the player ------------------------------------------------
        replay = QGroupBox("Replay")
        v = QVBoxLayout(replay)
        chooser = QHBoxLayout()
        self.prev_solution = QToolButton(text="◀")
        self.next_solution = QToolButton(text="▶")
        self.prev_solution.setToolTip("Previous solution")
        self.next_solution.setToolTip("Next solution")
        self.solution_label = QLabel("No solution yet")
        self.solution_label.setAlignment(Qt.AlignCenter)
        self.prev_solution.clicked.connect(lambda: self._choose(self.solution_index - 1))
        self.next_solution.clicked.connect(lambda: self._choose(self.solution_index + 1))
        chooser.addWidget(self.prev_solution)
        chooser.addWidget(self.solution_label, 1)
        chooser.addWidget(self.next_solution)
        v.addLayout(chooser)

        controls = QHBoxLayout()
        style = self.style()
        self._play_icon = style.standardIcon(QStyle.SP_MediaPlay)
        self._pause_icon = style.standardIcon(QStyle.SP_MediaPause)
        self.back_button = QToolButton()
        self.back_button.setIcon(style.standardIcon(QStyle.SP_MediaSkipBackward))
        self.back_button.setToolTip("Step back")
        self.play_button = QToolButton()
        self.play_button.setIcon(self._play_icon)
        self.play_button.setToolTip("Play / pause")
        self.forward_button = QToolButton()
        self.forward_button.setIcon(style.standardIcon(QStyle.SP_MediaSkipForward))
        self.forward_button.setToolTip("Step forward")
        self.back_button.clicked.connect(self.stepBackRequested)
        self.play_button.clicked.connect(self.playRequested)
        self.forward_button.clicked.connect(self.stepForwardRequested)
        self.position_label = QLabel("0 / 0")
        self.position_label.setMinimumWidth(90)
        controls.addWidget(self.back_button)
        controls.addWidget(self.play_button)
        controls.addWidget(self.forward_button)
        controls.addWidget(self.position_label, 1)
        v.addLayout(controls)

        speed = QHBoxLayout()
        speed.addWidget(QLabel("Speed"))
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(0, 1000)
        self.speed.valueChanged.connect(self._speed_moved)
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(70)
        speed.addWidget(self.speed, 1)
        speed.addWidget(self.speed_label)
        v.addLayout(speed)

        self.step_label = QLabel("")
        self.step_label.setTextFormat(Qt.PlainText)  # the kind's sentence about a step: never HTML
        self.step_label.setWordWrap(True)
        self.step_label.setMinimumHeight(40)
        self.step_label.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        v.addWidget(self.step_label)
        self.window_note = QLabel("")
        self.window_note.setWordWrap(True)
        v.addWidget(self.window_note)

        actions = QHBoxLayout()
        self.apply_button = QPushButton("Apply solution")
        self.apply_button.setToolTip("Put this solution on the board (one undoable step)")
        self.return_button = QPushButton("Back to my game")
        self.apply_button.clicked.connect(self.applyRequested)
        self.return_button.clicked.connect(self.backRequested)
        actions.addWidget(self.apply_button)
        actions.addWidget(self.return_button)
        v.addLayout(actions)
        layout.addWidget(replay)
        layout.addStretch(1)
        line = QFrame()
        line.setFrameShape(QFrame.NoFrame)
        layout.addWidget(line)
        self.set_speed(8.0)
        self.set_solutions(0)
        self.set_player(False, 0, 0, False)

    # --- updates from the window ----------------------------------------------------------
    def set_running(self, running: bool) -> None:
        self.solve_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        self.mode.setEnabled(not running)
        self.max_solutions.setEnabled(not running)
        self.time_limit.setEnabled(not running)
        if running:
            self.result_label.setText("Searching…")

    def set_progress(self, nodes: int, elapsed: float, solutions: int) -> None:
        self.nodes_label.setText(f"{nodes:,}")
        self.time_label.setText(f"{elapsed:.2f} s" if elapsed >= 1 else f"{elapsed * 1000:.0f} ms")
        self.found_label.setText(f"{solutions:,}")

    def clear_progress(self) -> None:
        for label in (self.nodes_label, self.time_label, self.found_label):
            label.setText("–")

    def set_result(self, text: str) -> None:
        self.result_label.setText(text)

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
        self.apply_button.setEnabled(count > 0)

    def set_player(self, loaded: bool, position: int, length: int, playing: bool, can_play: bool = False) -> None:
        """``can_play``: nothing is loaded but Play would load a replay (a result is there)."""
        for button in (self.back_button, self.forward_button):
            button.setEnabled(loaded)
        self.play_button.setEnabled(loaded or can_play)
        self.return_button.setEnabled(loaded)
        self.play_button.setIcon(self._pause_icon if playing else self._play_icon)
        self.play_button.setToolTip("Pause" if playing else "Play")
        self.position_label.setText(f"step {position:,} / {length:,}" if loaded else "")

    def set_step_text(self, text: str) -> None:
        self.step_label.setText(text)

    def set_speed(self, speed: float) -> None:
        self.speed.setValue(speed_to_slider(speed))
        self._show_speed(slider_to_speed(self.speed.value()))

    def _show_speed(self, speed: float) -> None:
        self.speed_label.setText(f"{speed:.1f}/s" if speed < 10 else f"{speed:,.0f}/s")

    def _speed_moved(self, value: int) -> None:
        speed = slider_to_speed(value)
        self._show_speed(speed)
        self.speedChanged.emit(speed)

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
