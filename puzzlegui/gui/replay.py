"""The animation player: replays a list of solver steps on the board.

States are recomputed from the base state by applying the steps' moves; a checkpoint is
kept every ``CHECKPOINT`` steps so that stepping back or seeking never replays more than
that many moves, however long the recording.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QTimer, Signal

CHECKPOINT = 64
MAX_TICK_HZ = 30  # above this many steps a second, several steps are shown per tick


def checkpoints(kind, base_state, steps) -> list:
    """The states every ``CHECKPOINT`` steps of a replay, starting with ``base_state``:
    pure, so a worker thread can make them for ``Player.load``."""
    out = [base_state]
    state = base_state
    for i, step in enumerate(steps, start=1):
        if step.move is not None:
            state = kind.apply(state, step.move)
        if i % CHECKPOINT == 0:
            out.append(state)
    return out


class Replay(QObject):
    #: position (0..len), the state shown, the step just shown (None at 0), animate?
    frame = Signal(int, object, object, bool)
    playingChanged = Signal(bool)
    finished = Signal()  # reached the end while playing

    def __init__(self, parent=None):
        super().__init__(parent)
        self.kind = None
        self.steps: list = []
        self.position = 0
        self._checkpoints: list = []
        self._state = None
        self.steps_per_second = 4.0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)

    # --- loading ----------------------------------------------------------------------
    def load(self, kind, base_state, steps, checkpoints=None) -> None:
        """Replay ``steps`` from ``base_state``.  ``checkpoints`` (from ``checkpoints()``,
        computed off the GUI thread) lets a long replay seek anywhere at once; without
        them they are made as the replay first goes by."""
        self.pause()
        self.kind = kind
        self.steps = steps if isinstance(steps, list) else list(steps)  # handed over, not copied
        self._checkpoints = list(checkpoints) if checkpoints else [base_state]
        self.position = 0
        self._state = base_state
        self.frame.emit(0, base_state, None, False)

    def clear(self) -> None:
        self.pause()
        self.kind = None
        self.steps = []
        self._checkpoints = []
        self.position = 0
        self._state = None

    @property
    def loaded(self) -> bool:
        return self.kind is not None

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def state(self):
        return self._state

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.steps)

    # --- moving -----------------------------------------------------------------------
    def _advance(self) -> None:
        step = self.steps[self.position]
        if step.move is not None:
            self._state = self.kind.apply(self._state, step.move)
        self.position += 1
        if self.position % CHECKPOINT == 0 and len(self._checkpoints) == self.position // CHECKPOINT:
            self._checkpoints.append(self._state)

    def seek(self, position: int, animate: bool = False) -> None:
        if not self.loaded:
            return
        position = max(0, min(position, len(self.steps)))
        # the nearest known state at or before the target: a checkpoint, or where we are
        index = min(position // CHECKPOINT, len(self._checkpoints) - 1)
        if position < self.position or index * CHECKPOINT > self.position:
            self.position = index * CHECKPOINT
            self._state = self._checkpoints[index]
        while self.position < position:
            self._advance()
        step = self.steps[position - 1] if position > 0 else None
        self.frame.emit(self.position, self._state, step, animate)

    def step_forward(self) -> None:
        if self.loaded and not self.at_end:
            self.seek(self.position + 1, animate=True)

    def step_back(self) -> None:
        if self.loaded and self.position > 0:
            self.seek(self.position - 1, animate=False)

    # --- playing ----------------------------------------------------------------------
    def set_speed(self, steps_per_second: float) -> None:
        self.steps_per_second = max(0.25, float(steps_per_second))
        if self._timer.isActive():
            self._timer.setInterval(self.interval_ms)

    @property
    def interval_ms(self) -> int:
        return max(int(1000 / min(self.steps_per_second, MAX_TICK_HZ)), 1)

    @property
    def steps_per_tick(self) -> int:
        return max(1, math.ceil(self.steps_per_second / MAX_TICK_HZ))

    def play(self) -> None:
        if not self.loaded:
            return
        if self.at_end:
            self.seek(0)
        self._timer.start(self.interval_ms)
        self.playingChanged.emit(True)

    def pause(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self.playingChanged.emit(False)

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def _tick(self) -> None:
        if self.at_end:
            self.pause()
            self.finished.emit()
            return
        jump = self.steps_per_tick
        self.seek(self.position + jump, animate=jump == 1)
        if self.at_end:
            self.pause()
            self.finished.emit()
