"""Solver searches in a process of their own, kept warm: they cannot take the GUI's GIL.

A search on a thread of the app's process shares the GIL with the GUI thread: every event
the window handles waits for it, so a long search stalled the window (68 ms on a loaded
machine for a 40x40 Kurosu count) unless patched around (a 0.1 ms switch interval, the
search held until the solver's panel had painted, a frozen garbage collector).  Here the
search runs in a child process (core/search_child.py, spawned: it never imports Qt), and
the app's process only reads what it sends back.

One child is kept warm between searches: ``warm()`` starts it early, the first search
starts it if nobody did, and ``shutdown()`` ends it (and any search still running).  A
child that dies, or that has to be ended because it did not answer Stop, is replaced by a
fresh one at the next search.  Should two searches run at once, the second gets a child
of its own, ended when it is done.

``ProcessSolveJob`` has the surface of worker.SolveJob, so the window can use either.
Each job reads its child's messages on a Python thread of its own, which blocks in the
pipe (holding no GIL) and hands every message to the GUI thread through a queued signal;
the GUI thread never waits for the child, except in ``stop()``, which waits for the
answer as SolveJob.stop() waits for its thread.  Stop writes the job's id into shared
memory, which the search reads between any two solver events; a child that has not
answered within STOP_GRACE_S (stuck in C code) is ended, and the job reports itself
stopped.  (The grace counts from the moment the child began the search: a fresh child
still importing the engines is given START_GRACE_S.)
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
import weakref

from PySide6.QtCore import QObject, Signal

from ...core import registry, search_child, solver, text

STOP_GRACE_S = 0.5  # a child that has not answered Stop by then is ended
START_GRACE_S = 10.0  # the same for a child that has not even begun the search (still starting)
WATCH_S = 0.05  # how often a job's reader looks for a Stop request while the child is silent
END_WAIT_S = 1.0  # terminate, then kill: how long to wait for each


class _Child:
    """One search process and the app's end of its pipe."""

    def __init__(self):
        ctx = multiprocessing.get_context("spawn")  # Qt is loaded here: never fork
        self.conn, theirs = ctx.Pipe()
        self.stop_at = ctx.RawValue("q", 0)  # the id of the job to stop (shared memory)
        self.process = ctx.Process(
            target=search_child.serve, args=(theirs, self.stop_at, os.getpid()),
            name="puzzlegui-search", daemon=True,
        )
        self.process.start()
        theirs.close()
        self.pid = self.process.pid
        self._ending = threading.Lock()  # end() may come from a reader and from shutdown()

    def alive(self) -> bool:
        return self.process.is_alive()

    def end(self) -> None:
        """Terminate the process and collect it (kill it if it ignores that); once,
        whichever thread asks first."""
        with self._ending:
            if self.process.is_alive():
                self.process.terminate()
                self.process.join(END_WAIT_S)
            if self.process.is_alive():
                self.process.kill()
            self.process.join(END_WAIT_S)
            if not self.conn.closed:
                self.conn.close()

    def interrupt(self) -> None:
        """Terminate the process without waiting: a search lent to a job ends at once, and
        the job's reader, seeing it go, collects it (``end``)."""
        if self.process.is_alive():
            self.process.terminate()

    def how_it_ended(self) -> str:
        code = self.process.exitcode
        if code is None:
            return "it did not answer"
        if code < 0:
            return f"it was killed by signal {-code}"
        return f"exit code {code}"


class _Children:
    """The warm child, and the ones lent to searches now (thread-safe: the jobs' readers
    take and give back children on their own threads)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._idle: _Child | None = None
        self._busy: set[_Child] = set()

    def warm(self, wanted=None) -> int | None:
        """Start the idle child unless one is up; its process id.  ``wanted()``, asked
        under the lock that ``shutdown`` takes, can say no (None): then nothing starts."""
        with self._lock:
            if wanted is not None and not wanted():
                return None
            dead = self._idle if self._idle is not None and not self._idle.alive() else None
            if self._idle is None or dead is not None:
                self._idle = _Child()
            pid = self._idle.pid
        if dead is not None:
            dead.end()
        return pid

    def idle_pid(self) -> int | None:
        with self._lock:
            return self._idle.pid if self._idle is not None else None

    def take(self) -> _Child:
        """The warm child if it is alive, else a new one; it is the caller's until given back."""
        with self._lock:
            child, self._idle = self._idle, None
            dead = child if child is not None and not child.alive() else None
            if child is None or dead is not None:
                child = _Child()
            self._busy.add(child)
        if dead is not None:
            dead.end()
        return child

    def give_back(self, child: _Child, reuse: bool) -> None:
        """A search is over: keep ``child`` warm for the next (if it is fit and none is
        kept yet), or end it."""
        with self._lock:
            taken = child not in self._busy  # by shutdown(), which only interrupted it
            self._busy.discard(child)
            if not taken and reuse and self._idle is None and child.alive():
                self._idle = child
                return
        child.end()

    def shutdown(self) -> None:
        """End the idle child; interrupt the busy ones (their jobs' readers collect them,
        and only they close their pipes: a pipe closed under a reader could be reused)."""
        with self._lock:
            busy, idle = list(self._busy), self._idle
            self._idle = None
            self._busy.clear()
        for child in busy:
            child.interrupt()
        if idle is not None:
            idle.end()


_children = _Children()


def warm(wanted=None) -> int | None:
    """Start the search process now, so the first Solve finds it ready (its imports take
    a second or so); its process id.  Thread-safe: it may be called from the pool.  A
    warm-up on the pool passes ``wanted`` (false once its window has begun to close): it is
    asked under the lock ``shutdown()`` takes, so a close that came first is never followed
    by a new child (one was, when the pool got here after the close: issue 32, item 15)."""
    return _children.warm(wanted)


def warm_pid() -> int | None:
    """The process id of the child waiting for the next search, if one waits."""
    return _children.idle_pid()


def shutdown() -> None:
    """End every search process, a search still running too, and every job's reader (no
    child and no reader thread is left).  The app quits, so nobody waits for a search's
    answer to Stop (up to STOP_GRACE_S for a search in C code): its process is ended at
    once, and each reader ends as it sees it go.  The next search starts a fresh child."""
    jobs = list(ProcessSolveJob._running)
    for job in jobs:
        job.request_stop()  # (a job whose child is not taken yet then ends without one)
    _children.shutdown()
    for job in jobs:
        job.stop(int(END_WAIT_S * 1000))


def _module_of(kind) -> str | None:
    """The module the child imports to find ``kind`` (None: the kind travels pickled)."""
    import sys

    module = registry.KIND_MODULES.get(getattr(kind, "name", None))
    if module is not None and getattr(sys.modules.get(module), "KIND", None) is kind:
        return module
    return None


_job_ids = itertools.count(1)


class ProcessSolveJob(QObject):
    """One solve in the search process, with worker.SolveJob's surface.  Nobody's child:
    the window holds the one it shows; a running job keeps itself alive until ``ended``."""

    progress = Signal(int, int, float, int, str)  # job id, nodes, elapsed s, solutions so far, best so far ("")
    # job id, Result, recorded steps (a list), steps seen in all, the sentence describing the result
    finished = Signal(int, object, object, int, str)
    failed = Signal(int, str)  # job id, a sentence: the search could not run
    ended = Signal(int)  # the job is over, whatever the outcome (after finished or failed)
    _message = Signal(object)  # from the reader thread, queued to the GUI thread

    _all: "weakref.WeakSet[ProcessSolveJob]" = weakref.WeakSet()
    _running: "set[ProcessSolveJob]" = set()  # started and not yet ended

    @classmethod
    def live(cls) -> list:
        """Every job not yet garbage-collected (tests check none is left running)."""
        return list(cls._all)

    def __init__(self, kind, state, mode=solver.UNIQUE, max_solutions=1000, trace=False, parent=None,
                 time_limit: float | None = None):
        super().__init__(parent)
        ProcessSolveJob._all.add(self)
        self.job_id = next(_job_ids)
        self.kind = kind
        module = _module_of(kind)
        self._request = search_child.Request(
            self.job_id, kind.name, module, None if module else kind, state, mode, max_solutions,
            bool(trace), time_limit if time_limit else None,
        )
        self.pid: int | None = None  # the search process's, once the search is under way
        self._lock = threading.Lock()  # request_stop() against the reader taking its child
        self._child: _Child | None = None
        self._stop_asked: float | None = None  # time.monotonic() of the first Stop
        self._thread: threading.Thread | None = None
        self._figures = (0, 0.0, 0)  # the last progress: nodes, seconds, solutions (reader thread)
        self._message.connect(self._deliver)

    # --- the window's side -------------------------------------------------------------
    def start(self, hold: bool = False) -> None:
        """Start the search.  ``hold`` is accepted for SolveJob's sake and ignored: a
        search in another process takes nothing from the window while it paints."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._read, name=f"search-{self.kind.name}-{self.job_id}",
                                        daemon=True)
        ProcessSolveJob._running.add(self)
        self._thread.start()

    def release(self) -> None:
        """Nothing to release: no search is held (SolveJob's surface)."""

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def request_stop(self) -> None:
        """Ask the search to stop, without waiting; a child that does not answer within
        STOP_GRACE_S is ended."""
        with self._lock:
            if self._stop_asked is None:
                self._stop_asked = time.monotonic()
            if self._child is not None:
                self._child.stop_at.value = self.job_id

    def stop(self, wait_ms: int = 5000) -> bool:
        """Ask the search to stop and wait until its answer is in; True if the job has
        ended its work (its signals then follow from the event loop).  The search sees the
        request between two solver events, so this takes milliseconds; a child that does
        not answer is ended after STOP_GRACE_S."""
        self.request_stop()
        if self.is_running():
            self._thread.join(wait_ms / 1000)
        return not self.is_running()

    # --- the reader thread -------------------------------------------------------------
    def _post(self, message: tuple) -> None:
        try:
            self._message.emit(message)
        except RuntimeError:  # the job's Qt object is gone (its parent was deleted)
            pass

    def _read(self) -> None:
        try:
            outcome = self._converse()
        except Exception as exc:  # noqa: BLE001 - reported, never raised on a bare thread
            outcome = ("failed", f"The search could not be followed: {type(exc).__name__}: {exc}")
        self._post(outcome)

    def _converse(self) -> tuple:
        """Hand the request to a child and follow it to the end; the outcome for the GUI thread."""
        try:
            child = _children.take()
        except Exception as exc:  # noqa: BLE001 - said in a sentence
            return ("failed", f"The search process could not start: {type(exc).__name__}: {exc}")
        with self._lock:
            self._child = child
            self.pid = child.pid
            if self._stop_asked is not None:
                child.stop_at.value = self.job_id
        reuse = False
        try:
            try:
                child.conn.send(self._request)
            except OSError:
                return self._lost(child)
            except Exception as exc:  # noqa: BLE001 - nothing was sent: the child is fit
                reuse = True
                return ("failed", f"This puzzle could not be handed to the search process: "
                                  f"{type(exc).__name__}: {exc}")
            outcome, reuse = self._follow(child)
            return outcome
        finally:
            _children.give_back(child, reuse)

    def _follow(self, child: _Child) -> tuple[tuple, bool]:
        """Read the child's messages until its answer is complete: (outcome, reuse the child)."""
        steps: list = []
        solutions: list = []
        started = None  # when the child said it had begun
        answered = False
        watched = [child.conn, child.process.sentinel]
        while True:
            timeout = WATCH_S
            asked = self._stop_asked
            if asked is not None and not answered:
                if started is None:  # (a fresh child's imports take a second or so)
                    grace, left = START_GRACE_S, asked + START_GRACE_S - time.monotonic()
                else:
                    grace, left = STOP_GRACE_S, max(asked, started) + STOP_GRACE_S - time.monotonic()
                if left <= 0:
                    child.end()  # stuck where Stop cannot reach it
                    why = f"the solver did not answer Stop within {grace:g} s, so its process was ended"
                    return self._stopped_without_answer(why), False
                timeout = min(timeout, left)
            ready = multiprocessing.connection.wait(watched, timeout)
            if not ready:
                continue
            if child.conn not in ready:
                return self._lost(child), False  # its process has ended, nothing left to read
            try:
                message = child.conn.recv()
            except (EOFError, OSError):
                return self._lost(child), False
            except Exception as exc:  # noqa: BLE001 - a message this process cannot unpickle
                child.end()
                return ("failed", f"The search's answer could not be read: {type(exc).__name__}: {exc}"), False
            tag, job = message[0], message[1]
            if job not in (self.job_id, None):
                continue  # (cannot happen: a child serves one job at a time, to its end)
            if tag == "started":
                started = time.monotonic()
            elif tag == "progress":
                self._figures = message[2:5]
                self._post(message[:1] + message[2:])
            elif tag == "searched":
                answered = True
            elif tag == "steps":
                steps.extend(message[2])
            elif tag == "solutions":
                solutions.extend(message[2])
            elif tag == "done":
                _tag, _job, result, seen, sentence = message
                if not result.solutions:  # (else it carries its own)
                    result.solutions = solutions
                return ("finished", result, steps, seen, sentence), True
            elif tag == "failed":
                return ("failed", message[2]), not message[3]

    def _lost(self, child: _Child) -> tuple:
        """The child died (killed, crashed) before its answer was complete."""
        child.end()
        if self._stop_asked is not None:
            return self._stopped_without_answer(f"its process ended before it answered ({child.how_it_ended()})")
        return ("failed", f"The search stopped without an answer: its process ended ({child.how_it_ended()}). "
                          "The next search starts a new one.")

    def _stopped_without_answer(self, why: str) -> tuple:
        """A stopped job whose child ended before it answered: what the window knows."""
        nodes, elapsed, found = self._figures
        request = self._request
        result = solver.Result(
            status=solver.STOPPED, nodes=nodes, elapsed=elapsed, mode=request.mode,
            max_solutions=request.max_solutions, stop_reason=solver.STOP_REQUESTED, time_limit=request.time_limit,
        )
        lost = f", and with it the {text.plural(found, 'solution')} it had found" if found else ""
        sentence = f"Stopped: {why}{lost} ({text.plural(nodes, 'node')}, {text.duration(elapsed)})."
        return ("finished", result, [], 0, sentence)

    # --- back on the GUI thread --------------------------------------------------------
    def _deliver(self, message: tuple) -> None:
        tag = message[0]
        if tag == "progress":
            self.progress.emit(self.job_id, *message[1:])
            return
        if tag == "finished":
            self.finished.emit(self.job_id, *message[1:])
        else:
            self.failed.emit(self.job_id, message[1])
        # the reader posted this as its last act: it ends at once
        if self._thread is not None:
            self._thread.join(END_WAIT_S)
        ProcessSolveJob._running.discard(self)
        self.ended.emit(self.job_id)
