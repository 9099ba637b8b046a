"""The game's clock in the window's status bar: counts while the window is not minimised
and the puzzle is not solved; saved with the game.  The game object keeps the time
(core/game.py); the clock tells it whether it is being played and shows it."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel

from ..core import games as games_mod


class GameClock(QObject):
    """The clock label and its timer; the window calls ``sync`` and ``show`` as the game changes."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window
        self.label = QLabel("")
        self.label.setToolTip("Time on this puzzle (paused while solved or minimised)")
        window.statusBar().addPermanentWidget(self.label)
        self._clock_game = None  # the game whose clock the window drives
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(1000)
        self._clock_timer.timeout.connect(self.tick)
        self._clock_timer.start()

    def tick(self) -> None:
        game = self._window.games.current
        if game is None:
            self.label.setText("")
            return
        game.tick(time.monotonic())
        self.show()

    def _playing_now(self) -> bool:
        """The player is at the game: the window in front, not minimised, no replay."""
        window = self._window
        return window.isActiveWindow() and not window.isMinimized() and not window.replay.loaded

    def sync(self) -> None:
        """Tell the game's clock whether it is being played (the game owns the clock)."""
        now = time.monotonic()
        game = self._window.games.current
        if self._clock_game is not None and self._clock_game is not game:
            self._clock_game.set_active(False, now)
        self._clock_game = game
        if game is not None:
            game.set_active(self._playing_now(), now)

    def show(self) -> None:
        game = self._window.games.current
        if game is None:
            return
        text = games_mod.time_text(game.elapsed)
        if game.status == games_mod.SOLVED:
            # the finish card's words (celebration.finish_lines): the solver's answer is not "help"
            text = f"Solved in {text}" + (" with the solver's answer" if game.solver_used
                                          else " with help" if game.helped else "")
        elif self._window.paused:
            text = f"Paused at {text}"
        self.label.setText(text)
        self.label.setVisible(self._window.settings.show_clock)
