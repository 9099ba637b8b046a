"""The one door for work off the GUI thread: ``Jobs``, one per window.

``submit(ticket, job, ...)`` runs one of core/jobs.py's named jobs where its record says
(the pool of threads, the warm search process, a process of its own) and returns a
``Handle`` whose signals carry its progress and its answer.  Both are delivered only
while the ticket is current: the newest of its kind, not cancelled, and (for a job whose
answer is for a position) asked at the position the game is at now.  This is the one
place that asks; no caller keeps a scheme of its own.  ``ended`` always comes, once, when
the work is over, for bookkeeping (a busy flag, a button): never an answer.

The mechanisms are this package's private parts: worker.py (the threads), search_process.py
(the search process, core/search_child.py), tasks.py (a process per generation).  Only they
import threading and multiprocessing (an import contract in pyproject.toml says so).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, Signal

from ...core import jobs as named
from ...core.jobs import GAMELESS, Control, Ticket, Tickets


#: the door's modules an action would otherwise import the first time it is used
#: (multiprocessing's spawning parts: 40-60 ms the first "New random puzzle" paid; the
#: search process's module, for the first Solve): the window imports them once it is
#: built, one an event-loop turn (gui/window.py _warm_up)
LATER_IMPORTS = (
    "multiprocessing.connection",
    "multiprocessing.spawn",
    "multiprocessing.popen_spawn_posix" if os.name == "posix" else "multiprocessing.popen_spawn_win32",
    f"{__name__}.tasks",
    f"{__name__}.search_process",
)


class Handle(QObject):
    """One submitted job.  Signals on the GUI thread, only while its ticket is current."""

    progress = Signal(object)  # a tuple of figures (the job's own: nodes, seconds, solutions...)
    done = Signal(object)  # the answer
    failed = Signal(str)  # a sentence: the work could not be done
    ended = Signal()  # the work is over, whatever became of its answer (always, once)
    _reported = Signal(object)  # from a worker thread, queued to the GUI thread

    def __init__(self, door: "Jobs", ticket: Ticket | None, job: named.Job):
        super().__init__()
        self.ticket = ticket
        self.job = job
        self._door = door
        self._work = None  # the mechanism's object (Background, ProcessSolveJob, GenerateTask)
        self._control: Control | None = None
        self._cancelled = False
        self._over = False
        self._reported.connect(self._progress)

    # --- the caller's side
    def current(self) -> bool:
        """Its answer would be delivered now."""
        return not self._cancelled and self._door.current(self.ticket, self.job)

    def running(self) -> bool:
        """The work is not over.  A search is over as soon as its process has answered
        (``stop`` waits for that), before its ``ended`` comes through the event loop."""
        if self.job.runs == named.SEARCH and self._work is not None and not self._work.is_running():
            return False
        return not self._over

    def cancel(self, wait_ms: int = 0) -> None:
        """Nothing more is delivered; the work stops as its job's record says (a
        cooperative job at its next look, a process at once, a pool call runs out).
        ``wait_ms``: for a search, wait that long for it to have ended."""
        self._cancelled = True
        if self._control is not None:
            self._control.stop()
        work = self._work
        if work is None or self._over:
            return
        if self.job.runs == named.SEARCH:
            if wait_ms:
                work.stop(wait_ms)
            else:
                work.request_stop()
        elif self.job.runs == named.PROCESS:
            work.cancel()

    def stop(self, wait_ms: int = 5000) -> bool:
        """A search: stop it and wait (up to ``wait_ms``) for what it found so far, which is
        still delivered; True once it has ended.  Other jobs: ``cancel``."""
        if self.job.runs != named.SEARCH:
            self.cancel()
            return True
        return self._work.stop(wait_ms) if self._work is not None else True

    @property
    def work(self):
        """The mechanism's own object (a search_process.ProcessSolveJob, a tasks.GenerateTask,
        a worker.Background): for tests and benchmarks that watch it."""
        return self._work

    @property
    def pid(self) -> int | None:
        """The process the job runs in (a search's or a generation's), once it has one."""
        work = self._work
        if self.job.runs == named.SEARCH:
            return getattr(work, "pid", None)
        if self.job.runs == named.PROCESS:
            return work.child_pid() if work is not None else None
        return None

    # --- the mechanism's side
    def _progress(self, figures) -> None:
        if self.current():
            self.progress.emit(tuple(figures))

    def _answer(self, value) -> None:
        if self.current():
            self.done.emit(value)

    def _failure(self, message: str) -> None:
        if self.current():
            self.failed.emit(message)

    def _with_id_progress(self, _id, *figures) -> None:
        self._progress(figures)

    def _with_id_answer(self, _id, *answer) -> None:
        self._answer(answer[0] if len(answer) == 1 else answer)

    def _with_id_failure(self, _id, message: str) -> None:
        self._failure(message)

    def _end(self, *_ignored) -> None:
        if self._over:
            return
        self._over = True
        self._door._ended(self)
        self.ended.emit()


class Jobs(QObject):
    """One window's work off the GUI thread.

    ``game()`` is the game on show (None: none); ``games`` (core.games.Games) issues the
    tickets of work with no game.  Without ``games`` (a widget shown on its own) the door
    issues those itself."""

    def __init__(self, game=lambda: None, games=None, parent=None):
        super().__init__(parent)
        self._game = game
        self._games = games
        self._own = Tickets()  # the gameless tickets when there is no Games
        self._live: set[Handle] = set()

    # --- tickets
    def ticket(self, what: str) -> Ticket:
        """A ticket for work with no game (Games issues it)."""
        if self._games is not None:
            return self._games.ticket(what)
        return self._own.issue(GAMELESS, 0, what)

    def current(self, ticket: Ticket | None, job: named.Job) -> bool:
        """The one staleness check: is an answer under ``ticket`` still wanted?  None: a
        job whose answer is a fact kept in a cache (never stale, see ``run``)."""
        return ticket is None or self._wants(ticket, job.positional)

    def _wants(self, ticket: Ticket, same_position: bool) -> bool:
        """Its issuer (the game on show, or the games) still wants ``ticket``."""
        if ticket.key == GAMELESS:
            return self._games.wants(ticket) if self._games is not None else self._own.wants(ticket, GAMELESS)
        game = self._game()
        return game is not None and game.wants(ticket, same_position=same_position)

    def at_position(self, ticket: Ticket | None) -> bool:
        """``ticket`` was asked at the position on show: for the game on show, which has
        not changed since (a move, an undo, a restart or a trial mark retires it)."""
        game = self._game()
        return ticket is not None and game is not None and ticket.key == game.key and ticket.revision == game.revision

    # --- work
    def submit(self, ticket: Ticket | None, job: named.Job, *args, **options) -> Handle:
        """Run ``job``.  THREAD: ``args`` are ``fn, *fn_args`` (a COOPERATIVE job's
        function gets a core.jobs.Control as its last argument); SEARCH: a
        search_process.ProcessSolveJob's (kind, state, mode, max_solutions, trace,
        time_limit=); PROCESS: a generation's (kind_name, params, seed)."""
        handle = Handle(self, ticket, job)
        self._live.add(handle)
        if job.runs == named.THREAD:
            from .worker import Background

            fn, *rest = args
            if job.stops == named.COOPERATIVE:
                handle._control = Control(lambda *figures: handle._reported.emit(figures))
                rest.append(handle._control)
            work = Background(fn, *rest)
            work.done.connect(handle._answer)
            work.failed.connect(handle._failure)
            work.done.connect(handle._end)
            work.failed.connect(handle._end)
            handle._work = work
        elif job.runs == named.SEARCH:
            from .search_process import ProcessSolveJob  # multiprocessing: not on the start-up path

            # (bound methods, never lambdas holding the handle: a finished job is freed)
            work = handle._work = ProcessSolveJob(*args, **options)
            work.progress.connect(handle._with_id_progress)
            work.finished.connect(handle._with_id_answer)
            work.failed.connect(handle._with_id_failure)
            work.ended.connect(handle._end)
            work.start()
        else:
            from .tasks import GenerateTask

            work = handle._work = GenerateTask(*args, parent=self)
            work.elapsed.connect(handle._with_id_progress)
            work.done.connect(handle._with_id_answer)
            work.failed.connect(handle._with_id_failure)
            work.destroyed.connect(handle._end)  # a task deletes itself when it is over
            work.start()
        return handle

    def run(self, job: named.Job, fn, *args) -> Handle:
        """A ``cached`` job (a distance table, the fewest moves from a position, a grade, a
        picture, a game's record): its answer is a fact kept in a cache, never stale, so it
        carries no ticket.  The Runner a board is given (qtkit/board.py)."""
        if not job.cached:
            raise ValueError(f"the answer of {job.name!r} can go stale: submit it with a ticket")
        return self.submit(None, job, fn, *args)

    def cancel(self, ticket: Ticket) -> None:
        """No answer under ``ticket`` is wanted: its work stops, and its issuer forgets
        it (a newer ticket of the same kind is untouched)."""
        for handle in [h for h in self._live if h.ticket == ticket]:
            handle.cancel()
        if not self._wants(ticket, same_position=False):
            return
        if ticket.key != GAMELESS:
            self._game().drop(ticket.what)
        else:
            (self._games if self._games is not None else self._own).drop(ticket.what)

    def running(self, job: named.Job | None = None) -> list[Handle]:
        """The handles whose work is not over (of ``job``, or all)."""
        return [h for h in self._live if job is None or h.job == job]

    def shutdown(self, wait_ms: int = 1000) -> None:
        """The window closes: nothing more is delivered, searches and generations end."""
        for handle in list(self._live):
            handle.cancel(wait_ms if handle.job.runs == named.SEARCH else 0)

    def _ended(self, handle: Handle) -> None:
        self._live.discard(handle)


def jobs_for(widget) -> Jobs:
    """The door of the window ``widget`` is in (its ``jobs``); a widget shown on its own
    (a dialog made without a window, in a test or a script) gets one of its own."""
    holder = widget
    while holder is not None:
        door = getattr(holder, "jobs", None)
        if isinstance(door, Jobs):
            return door
        holder = holder.parent()
    door = widget.findChild(Jobs, "own-jobs")
    if door is None:
        door = Jobs(parent=widget)
        door.setObjectName("own-jobs")
    return door


# --- the process-wide parts (tests, shutdown, the start-up warm-up) ---------------------------
def busy() -> bool:
    """A pool call has not answered yet."""
    from .worker import background_busy

    return background_busy()


def pending() -> int:
    """How many pool calls have not answered yet."""
    from .worker import background_calls

    return background_calls()


def wait(ms: int = 5000) -> bool:
    """Wait for the pool's calls to end (their answers come through the event loop)."""
    from .worker import wait_background

    return wait_background(ms)


__all__ = ["Handle", "Jobs", "busy", "jobs_for", "pending", "wait"]
