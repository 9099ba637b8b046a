"""The solve and the replay: one search at a time for the game on show, its answer on
the solver panel, and the replay of the recorded search or of a chosen solution.

The window makes one SolveController and wires it (the solver panel's buttons, the
board's "back to the game", the status bar, the error dialog).  The controller sees the
window only through what SolveHost lists, so it imports nothing of the window's.  A
replay is a mode beside the game, never the game's state: leaving it shows the game as
it was (back_to_game), and a replay never finishes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal

from ..core import solver
from ..core.history import RESTART, Batch, Goto
from ..core.kind import PuzzleError
from .replay import Replay
from .replay import checkpoints as replay_checkpoints
from .worker import Background

MIN_STEPS_PER_SECOND = 1.0  # a replay's slowest pace: a short answer is not stretched to 20 s

if TYPE_CHECKING:
    from ..core.game import Finish, Game
    from .settings import Settings


class SolveHost(Protocol):
    """What the controller uses of the window that shows the game."""

    game: Game | None  # the game on show (core.game.Game)
    board: Any  # the kind's Board on show (gui/kinds.py), None before the first game

    def show_solver(self, show: bool = True) -> None:
        """Show (or hide) the solver bar over the board: Solve opens it."""

    @property
    def panel(self) -> Any:
        """The solver bar (control_panel.SolverPanel), made at the first call."""

    def show_game(self, finish: Finish | None = None) -> None:
        """Show the game's own state again, and all that depends on it."""


class _HistoryMoves:
    """What the replay asks of a kind (``apply``), for a game's own history: its
    entries are kind moves, Batches, Restarts and Gotos, which the history knows how to
    apply (core/history.py ``result_of``)."""

    def __init__(self, history):
        self._history = history

    def apply(self, state, move):
        return self._history.result_of(state, move)


def _entry_text(move, index: int, count: int) -> str:
    """A line for the replay of the player's game: which entry, and what kind of entry."""
    if move == RESTART:
        what = "Restart"
    elif isinstance(move, Goto):
        what = f"back to entry {move.index:,}"
    elif isinstance(move, Batch):
        what = f"{move.label or 'several moves'} ({len(move.moves):,} moves at once)"
    else:
        what = "your move"
    return f"Entry {index:,} of {count:,}: {what}"


def _prepare_own_replay(history):
    """A game's own replay, made on a worker thread: a step for each entry up to where
    the game is, and the replay's checkpoints (``history`` is the game's copy)."""
    count = history.position
    steps = [solver.Step("move", history.entry(i), _entry_text(history.entry(i), i, count))
             for i in range(1, count + 1)]
    return steps, replay_checkpoints(_HistoryMoves(history), history.initial, steps)


def _prepare_replay(kind, base, solution):
    """A solution's replay, made on a worker thread: its steps (the kind explains every
    move; seconds on a 40x40 Kurosu) and the replay's checkpoints."""
    steps = kind.solution_steps(base, solution)
    return steps, replay_checkpoints(kind, base, steps)


#: what the bar says of an answer whose position the player has left
RETIRED = "The board has changed since the solve: its answer was for the position before. Press Solve for one from here."
RETIRED_WHILE_SOLVING = ("The board changed while the solver worked: its answer was for the position before. "
                         "Press Solve for one from here.")


class SolveController(QObject):
    """Runs the solve job for the game on show and replays what it found.

    The window waits for one solve at a time: the game holds its ticket (the game
    object's one kind of ticket, as for the aids), and the answer of any other is
    dropped: a solve stopped for another puzzle must not land on it.  A solution's
    replay is prepared off the GUI thread, under a ticket of the game's too."""

    finished = Signal(object)  # core.solver.Result, once its replay plays (or there is none)
    changed = Signal()  # the search, the replay or its preparation started or ended
    status = Signal(str, int)  # a status line, and how long it shows (ms; 0: until replaced)
    error = Signal(str)  # a sentence the player must read

    def __init__(self, host: SolveHost, settings: Settings, parent=None):
        super().__init__(parent)
        self._host = host
        self._settings = settings
        self._panel = None  # the solver panel, once the window has made it (adopt_panel)
        self.job = None  # search_process.ProcessSolveJob: the last search started
        self.result: solver.Result | None = None
        self.result_ticket = None  # the game's ticket when the result was asked for: its position
        self.solve_base = None
        self.recorded_steps: list = []
        self.solution_index = 0
        self._solve_ticket = None
        self._replay_request = None  # the game's ticket for the replay being prepared (core.game.Ticket)
        self._solution_replays: dict | None = None  # solution index -> (steps, checkpoints), this result's
        self._own = False  # the replay on show is the player's own game (replay_game)
        self.replay = Replay(self)  # the replay on the board, beside the game
        self.replay.frame.connect(self._on_frame)
        self.replay.playingChanged.connect(self._playing_changed)
        self.replay.finished.connect(self._on_replay_finished)
        self.replay.set_speed(1.0)  # each replay's own, from its length (replay_speed)

    # ---------------------------------------------------------------- what the window asks
    def adopt_panel(self, panel) -> None:
        """The solver panel, just made: the settings it shows, its buttons.
        ``reset_panel`` follows once the window has placed it."""
        self._panel = panel
        settings = self._settings
        panel.set_mode(settings.solve_mode)
        panel.set_show(settings.show)
        panel.max_solutions.setValue(settings.max_solutions)
        panel.set_time_limit(settings.time_limit)
        panel.set_length(settings.replay_seconds)
        panel.solveRequested.connect(self.solve)
        panel.solutionChosen.connect(self.choose_solution)
        panel.applyRequested.connect(self.apply_solution)
        panel.backRequested.connect(self.back_to_game)
        panel.playRequested.connect(self.toggle_play)
        panel.stepForwardRequested.connect(self.replay.step_forward)
        panel.stepBackRequested.connect(self.replay.step_back)
        panel.lengthChanged.connect(self._length_changed)
        panel.seekRequested.connect(self._seek)
        panel.showChanged.connect(self._show_changed)

    def running(self) -> bool:
        """A search is under way."""
        return self.job is not None and self.job.is_running()

    @property
    def preparing_replay(self) -> bool:
        return self._replay_request is not None

    @property
    def in_replay(self) -> bool:
        """A replay is on show or being prepared: the game waits beside it."""
        return self.replay.loaded or self._replay_request is not None

    def animation_ms(self) -> int:
        """How long the board animates a move: most of the time between two steps of
        the replay, and never more than 300 ms."""
        interval = 1000 / max(self.replay.steps_per_second, 0.1)
        return int(min(300, 0.8 * interval)) if interval >= 40 else 0

    def forget(self) -> None:
        """Another game is on show: whatever ran for the one before no longer answers,
        and nothing of its solve or replay stays."""
        self._end_solve()
        self.replay.clear()
        self._clear_result()

    def shutdown(self) -> None:
        """The window closes: the search stops (the replay is cleared by the window once
        the background calls have ended)."""
        if self.job is not None:
            self.job.stop()
            self.job = None
        self._end_solve()
        self._cancel_replay()

    # ---------------------------------------------------------------- the solve
    def solve(self) -> None:
        host = self._host
        game = host.game
        if game is None or self.running():
            return
        # the search runs in a process of its own (gui/search_process.py): it never takes
        # the GUI's GIL, so the panel's first layout and paint need no holding it back
        host.show_solver()
        self.replay.clear()
        self._clear_result()
        kind = game.doc.kind
        self.solve_base = kind.solve_start(game.history.state)
        panel = host.panel
        settings = self._settings
        mode = panel.current_mode()
        settings.solve_mode = mode
        settings.max_solutions = panel.max_solutions.value()
        time_limit = panel.current_time_limit()
        settings.time_limit = time_limit or 0.0
        trace = panel.current_show() == "search"
        # the one place a search is made; the last job (ended) is dropped here and freed:
        # no parent keeps it
        from .search_process import ProcessSolveJob  # multiprocessing: not on the start-up path

        self.job = ProcessSolveJob(kind, self.solve_base, mode, panel.max_solutions.value(), trace,
                            time_limit=time_limit)
        self._solve_ticket = (game.ticket("solve"), self.job.job_id)
        self.job.progress.connect(self._on_solve_progress)
        self.job.finished.connect(self._on_solve_finished)
        self.job.failed.connect(self._on_solve_failed)
        self.job.ended.connect(self._on_job_ended)
        panel.set_running(True)
        panel.set_progress(0, 0.0, 0)
        self.status.emit("Solving…", 0)
        self.job.start()
        self.changed.emit()  # Solve off, Stop on: the job counts as running from its start

    def stop(self) -> bool:
        """Stop a running search (the solutions found so far still come and show) or the
        preparation of a replay; True if either was going on."""
        stopped = False
        if self.running():
            self.job.stop()  # milliseconds
            self._host.panel.set_running(False)
            stopped = True
        if self._replay_request is not None:
            self._cancel_replay()
            self._host.panel.set_step_text("")
            stopped = True
        if stopped:
            self.status.emit("Stopped.", 4000)
        return stopped

    def _forget_solve(self) -> None:
        """Give up on the solve and the replay the window waits for: their late answers
        are dropped."""
        if self.running():
            self.job.stop()
            self._host.panel.set_running(False)
        self._end_solve()
        self._cancel_replay()

    def _owns_solve(self, job_id) -> bool:
        """True if the answer of the solve ``job_id`` belongs on screen: the solve the
        game on show still waits for (the position may have moved on: it solves the puzzle)."""
        game = self._host.game
        return (
            self._solve_ticket is not None
            and self._solve_ticket[1] == job_id
            and game is not None
            and game.wants(self._solve_ticket[0], same_position=False)
        )

    def _end_solve(self) -> None:
        game = self._host.game
        if self._solve_ticket is not None and game is not None:
            game.drop("solve")
        self._solve_ticket = None

    def _on_job_ended(self, job_id: int) -> None:
        if self.job is not None and job_id == self.job.job_id:
            self._host.panel.set_running(False)
            self.changed.emit()

    def _on_solve_progress(self, job_id: int, nodes: int, elapsed: float, solutions: int, note: str = "") -> None:
        if self._owns_solve(job_id):
            self._host.panel.set_progress(nodes, elapsed, solutions, note)

    def _on_solve_failed(self, job_id: int, message: str) -> None:
        if not self._owns_solve(job_id):
            return
        self._end_solve()
        self._host.panel.set_result(message)
        self.error.emit(message)

    def _on_solve_finished(self, job_id: int, result, steps, seen: int, text: str) -> None:
        if not self._owns_solve(job_id) or self._host.game is None:
            return  # the answer of a solve given up on
        ticket = self._solve_ticket[0]
        self._end_solve()
        panel = self._host.panel
        panel.set_running(False)  # the thread's own "ended" may come a moment later
        if self._host.game.revision != ticket.revision:
            # found for a position the player has left: never shown or applied as current
            panel.set_result(RETIRED_WHILE_SOLVING)
            self.status.emit(RETIRED_WHILE_SOLVING, 10000)
            self.sync()
            return
        self.result = result
        self.result_ticket = ticket
        self.recorded_steps = steps
        self._solution_replays = {}
        # the kind's sentence was made by the worker: nothing here grows with the board
        panel.set_result(text)
        panel.set_progress(result.nodes, result.elapsed, result.count)
        self.status.emit(text, 10000)
        panel.set_solutions(
            len(result.solutions), 0, result.count, proven_none=result.status == solver.NO_SOLUTION and result.complete
        )
        if seen > len(steps):
            panel.window_note.setText(f"The search made {seen:,} steps; the replay shows the first {len(steps):,}.")
        else:
            panel.window_note.setText("")
        self.solution_index = 0
        if result.status == solver.STOPPED and not result.solutions and not steps:
            self.finished.emit(result)
            return
        # finished once the replay plays (it may be prepared on a worker first)
        if not self._load_replay(autoplay=True, announce=True):
            self.finished.emit(result)

    # ---------------------------------------------------------------- the replay
    def _load_replay(self, autoplay: bool, seek_end: bool = False, announce: bool = False) -> bool:
        """Load the replay the panel asks for: the recorded search, or the chosen solution
        (its steps and checkpoints made on a worker thread the first time).  False if
        there is nothing to replay."""
        self._cancel_replay()
        game = self._host.game
        if game is None:
            return False
        panel = self._host.panel
        if panel.current_show() == "search":
            if not self.recorded_steps:
                return False  # _show_changed runs the search again, recording it
            steps = self.search_until_found(self.solution_index)
            self._start_replay(steps, None, autoplay, seek_end, announce)
            found = sum(1 for s in steps if s.action == "found")
            panel.solution_label.setText(
                f"The search: {len(steps):,} steps" + (f", to solution {found:,}" if found else "")
            )
            return True
        if self.result is None or not self.result.solutions:
            return False
        index = min(self.solution_index, len(self.result.solutions) - 1)
        ready = (self._solution_replays or {}).get(index)
        if ready is not None:
            self._start_replay(ready[0], ready[1], autoplay, seek_end, announce)
            return True
        request = Background(_prepare_replay, game.doc.kind, self.solve_base, self.result.solutions[index])
        ticket = self._replay_request = game.ticket("replay")  # the game's one kind of ticket
        request.done.connect(
            lambda replay, t=ticket: self._on_replay_ready(t, index, replay, autoplay, seek_end, announce)
        )
        request.failed.connect(lambda message, t=ticket: self._on_replay_failed(t, message, announce))
        panel.set_step_text("Preparing the replay…")
        self.sync()
        return True

    def _replay_wanted(self, ticket) -> bool:
        """The replay ``ticket`` stands for is still wanted: not cancelled (another
        solution, Stop), and for the game on show (a replay of the puzzle: the player's
        moves meanwhile do not make it stale)."""
        game = self._host.game
        return ticket is self._replay_request and game is not None and game.wants(ticket, same_position=False)

    def _on_replay_ready(self, ticket, index, replay, autoplay, seek_end, announce) -> None:
        if not self._replay_wanted(ticket):
            return  # cancelled: another solution, another puzzle, Stop
        self._replay_request = None
        self._host.panel.set_step_text("")
        game = self._host.game
        if self.result is None or game is None:
            return
        if self._solution_replays is None:
            self._solution_replays = {}
        self._solution_replays[index] = replay
        if game.revision != ticket.revision and not self.replay.loaded:
            self.sync()  # the player made a move meanwhile: the game stays on show
            return
        self._start_replay(replay[0], replay[1], autoplay, seek_end, announce)

    def _on_replay_failed(self, ticket, message: str, announce: bool) -> None:
        if not self._replay_wanted(ticket):
            return
        self._replay_request = None
        self._host.panel.set_step_text("")
        self.sync()
        self.error.emit(f"The replay could not be prepared: {message}")
        if announce and self.result is not None:
            self.finished.emit(self.result)

    def _cancel_replay(self) -> None:
        if self._replay_request is not None and self._host.game is not None:
            self._host.game.drop("replay")
        self._replay_request = None  # its answer, when it comes, is dropped

    def _start_replay(self, steps, checkpoints, autoplay: bool, seek_end: bool, announce: bool,
                      kind=None, base=None) -> None:
        """Load and start a replay: the solver's (from the solve's start), or with
        ``kind`` and ``base`` another one (the player's own game, see replay_game)."""
        self._own = kind is not None
        self._host.board.set_interactive(False)
        self.replay.load(kind or self._host.game.doc.kind, self.solve_base if base is None else base, steps,
                         checkpoints)
        self._pace()
        if seek_end:
            self.replay.seek(self.replay.length)
        self.sync()
        if autoplay:
            self.replay.play()
        if announce:
            self.finished.emit(self.result)

    def replay_game(self) -> bool:
        """Play the player's own game back in the replay, from the puzzle as given to
        the position it is at, one entry a step, evenly paced (entries carry no time);
        the game itself is untouched and comes back as it was.  Its steps and the
        replay's checkpoints are made on the pool (a game holds up to 50,000 moves: the
        slider then jumps anywhere at once), under a ticket of the game's, as a
        solution's replay is.  False if it has no entries."""
        game = self._host.game
        if game is None or game.history.position == 0:
            return False
        self._cancel_replay()
        self.replay.clear()
        history = game.history.copy()  # the game may move on; the replay keeps what it showed
        self._host.show_solver()
        ticket = self._replay_request = game.ticket("replay")
        request = Background(_prepare_own_replay, history)
        request.done.connect(lambda replay, t=ticket: self._own_replay_ready(t, history, replay))
        request.failed.connect(lambda message, t=ticket: self._on_replay_failed(t, message, False))
        self._host.panel.set_step_text("Preparing the replay of your game\u2026")
        self.sync()
        return True

    def _own_replay_ready(self, ticket, history, replay) -> None:
        if not self._replay_wanted(ticket):
            return  # cancelled: another puzzle, Stop, another replay
        self._replay_request = None
        steps, checkpoints = replay
        self._start_replay(steps, checkpoints, autoplay=True, seek_end=False, announce=False,
                           kind=_HistoryMoves(history), base=history.initial)
        count = len(steps)
        self._host.panel.solution_label.setText(f"Your game: {count:,} entr{'ies' if count != 1 else 'y'}")

    def choose_solution(self, index: int) -> None:
        if self.result is None or not 0 <= index < len(self.result.solutions):
            return
        self.solution_index = index
        panel = self._host.panel
        panel.set_solutions(len(self.result.solutions), index, self.result.count)
        if panel.current_show() == "search":
            panel.show_box.blockSignals(True)  # one replay to load, not two
            panel.set_show("solution")
            panel.show_box.blockSignals(False)
            self._settings.show = "solution"
        self._load_replay(autoplay=False, seek_end=True)

    def answers_position(self) -> bool:
        """True if the result on hand was found for the position on show (the game's
        revision has not moved since it was asked for)."""
        game = self._host.game
        ticket = self.result_ticket
        return (self.result is not None and ticket is not None and game is not None
                and ticket.key == game.key and ticket.revision == game.revision)

    def position_shown(self) -> None:
        """The window shows the game after a change: an answer found for another position
        (before a move, an undo, a restart, a trial) is retired, never applied or shown
        as current."""
        if self.result is not None and not self.answers_position() and not self.replay.loaded:
            self._clear_result()
            self._host.panel.set_result(RETIRED)

    def apply_solution(self) -> None:
        if self.result is None or not self.result.solutions:
            return
        if not self.answers_position():
            self.position_shown()  # a retired answer is never applied
            return
        host = self._host
        game = host.game
        kind = game.doc.kind
        self._cancel_replay()
        self.replay.clear()
        solution = self.result.solutions[min(self.solution_index, len(self.result.solutions) - 1)]
        moves = tuple(kind.solution_moves(game.history.state, solution))
        self._clear_result()  # used: once on the board it answers no position but the one before
        try:
            finish = game.apply_solution(moves)
        except PuzzleError as exc:
            self.error.emit(f"The solution could not be applied: {exc}")
            return
        host.board.set_highlight()
        host.panel.set_step_text("")
        host.panel.set_result("The solver's answer is on the board. Solve again to see it worked out.")
        host.show_game(finish=finish)
        self.sync()

    def back_to_game(self) -> None:
        """Leave the replay (or its preparation): the game on show again as it was."""
        self._cancel_replay()
        self.replay.clear()
        self._host.board.set_highlight()
        self._host.panel.set_step_text("")
        self._host.show_game()
        self.sync()

    def toggle_play(self) -> None:
        if not self.replay.loaded:
            if self._replay_request is None:
                self._load_replay(autoplay=True)
            return
        if self.replay.playing:
            self.replay.pause()
        else:
            self.replay.play()

    def _playing_changed(self, _playing: bool) -> None:
        self.sync()

    def _on_frame(self, position, state, step, animate) -> None:
        board = self._host.board
        if board is None:
            return
        board.set_interactive(False)
        board.set_state(state, move=step.move if step is not None else None, animate=animate)
        if step is not None:
            board.set_highlight(step.cells, step.text)
            self._host.panel.set_step_text(step.text or step.action)
        else:
            board.set_highlight()
            self._host.panel.set_step_text("")
        self.sync()

    def _on_replay_finished(self) -> None:
        self.sync()
        panel = self._host.panel
        if not self.replay.loaded or self._host.game is None:
            return  # cleared meanwhile
        if self._own:
            panel.set_step_text("The end of your game as you left it. Esc or a click on the board: back to it.")
        elif panel.current_show() == "solution" and self._host.game.doc.kind.is_solved(self.replay.state):
            # said on the panel, never on the board: the replay is not the player's game
            panel.set_step_text("The solution is complete. Esc or a click on the board: back to your game.")

    def sync(self) -> None:
        """The panel's replay buttons, then the window's actions and clock (a replay is
        not play) follow what is loaded, playing or being prepared."""
        result = self.result
        can_play = result is not None and bool(result.solutions or self.recorded_steps)
        if self._panel is not None:
            self._panel.set_player(self.replay.loaded, self.replay.position, self.replay.length,
                                   self.replay.playing, can_play and self._replay_request is None)
        self.changed.emit()

    def replay_speed(self, length: int) -> float:
        """Steps a second for a replay of ``length`` steps: it lasts the player's replay
        length (20 s unless changed) whatever its number of steps, and no step shows for
        more than a second (a 5-move answer takes 5 s, not 20)."""
        return max(length / self._settings.replay_seconds, MIN_STEPS_PER_SECOND)

    def _pace(self) -> None:
        """The replay's speed, and the board's animations, from the loaded replay's length."""
        self.replay.set_speed(self.replay_speed(self.replay.length))
        if self._host.board is not None:
            self._host.board.animation_ms = self.animation_ms()

    def _length_changed(self, seconds: float) -> None:
        self._settings.replay_seconds = seconds
        self._pace()

    def _seek(self, position: int) -> None:
        """The position slider moved: the replay shows that step (a long jump does not
        animate)."""
        if self.replay.loaded:
            self.replay.seek(position, animate=abs(position - self.replay.position) == 1)

    def search_until_found(self, index: int) -> list:
        """The recorded search up to where it found solution ``index`` (all of it when
        it found none, or did not record that far)."""
        seen = -1
        for i, step in enumerate(self.recorded_steps):
            if step.action == "found":
                seen += 1
                if seen == index:
                    return self.recorded_steps[: i + 1]
        return self.recorded_steps

    def _show_changed(self, show: str) -> None:
        self._settings.show = show
        if self.result is None:
            return
        if show == "search" and not self.recorded_steps and not self.running():
            # the last solve recorded no search: run it again, recording, to show it
            self.status.emit("Running the search again to record it\u2026", 5000)
            self.solve()
            return
        self._load_replay(autoplay=False)

    def _clear_result(self) -> None:
        self._forget_solve()
        self.result = None
        self.result_ticket = None
        self.recorded_steps = []
        self._solution_replays = {}
        self.solution_index = 0
        if self._panel is not None:
            self.reset_panel()
        self.sync()

    def reset_panel(self) -> None:
        """The panel as before any solve."""
        panel = self._panel
        panel.set_solutions(0)
        panel.clear_progress()
        panel.set_result("Press Solve to let the solver work on this puzzle.")
        panel.set_step_text("")
        panel.window_note.setText("")
        self.sync()
