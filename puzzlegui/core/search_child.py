"""The window's search, and the child process that runs it away from the GUI's GIL.

``search_with_progress`` is the search as the window runs it: the one pipeline
(``solving.search``), reporting its progress at most every PROGRESS_INTERVAL and its first
solution at once, so however fast a search finds things it never floods the window.

``serve`` is the body of the search process (gui/jobs/search_process.py starts it, spawned: it
imports this module and the kinds' engines, never Qt).  It waits for a ``Request``, runs the
search, answers, and waits for the next, so one warm process serves every search.  What it
sends back, in this order, each a tuple starting with its tag and the job's id:

* ``("started", job)``   the request is read: the search begins;
* ``("solutions", job, [...])``   the solutions to keep, as they are found, each time
  before a progress report, at most SOLUTION_CHUNK a message;
* ``("progress", job, nodes, elapsed, solutions, note)``  at most ~30 a second, and at
  once when an anytime solver's best answer changes; ``note`` is its phrase (Best.text:
  "found 74 moves; at least 40 proven"), "" before any;
* ``("searched", job)``   the search has returned (this is how a Stop is answered);
* ``("steps", job, [Step, ...])``   the recorded steps, at most STEP_CHUNK a message;
* ``("solutions", job, [...])``   what is kept beyond the solutions sent so far (the
  best answer of a search stopped before it proved one);
* ``("done", job, Result, seen, sentence)``   last: the result, its ``solutions`` empty:
  they are the ones sent (should they not be, the result carries its own);
* or instead ``("failed", job, sentence, retire)``: the search could not run (``job`` is
  None when the request itself could not be read); with ``retire`` the process ends
  after it (it ran out of memory: the next search gets a fresh one).

The chunks keep every message small, so unpickling one in the window's process holds its
GIL for milliseconds, never for a whole 200,000-step replay at once; and the solutions
found travel while the search runs, so a stopped count of a big board answers at once.

Stop is a number in shared memory (``stop_at``): the parent writes the id of the job to
stop, and the search's ``should_stop`` compares it with its own, between any two solver
events.  Job ids are never reused, so the flag never needs clearing.

Pure: the standard library and core only.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import pickle
import threading
import time
from typing import Any, Callable

from . import solving
from .kind import PuzzleError

PROGRESS_INTERVAL = 1 / 30  # seconds between progress reports
MAX_RECORDED_STEPS = 200_000  # "show the search" replays at most this many steps
KEEP_SOLUTIONS = 1000  # solutions kept for the chooser (all are counted)
STEP_CHUNK = 5000  # recorded steps per message
SOLUTION_CHUNK = 100  # kept solutions per message
PARENT_CHECK_S = 0.2  # how often a child process looks for its parent


def search_with_progress(kind, state, mode: str, max_solutions: int, *, trace: bool = False,
                         time_limit: float | None = None, should_stop: Callable[[], bool] | None = None,
                         report: Callable[[int, float, int], None] | None = None,
                         on_found: Callable[[Any], None] | None = None) -> solving.Solved:
    """``solving.search`` as the window asks for it (kept solutions, recorded steps, the
    kind's own explanation of them), calling ``report(nodes, elapsed, solutions, note)`` at
    most every PROGRESS_INTERVAL, at once for the first solution and for each better
    answer of an anytime solver (``note`` its phrase, "" before any), and once more at the
    end with the final figures; ``on_found(solution)`` for each solution, before its report."""
    solutions = 0
    nodes = 0
    note = ""
    started = time.perf_counter()
    last_report = 0.0

    def tick(force=False):
        nonlocal last_report
        now = time.perf_counter()
        if report is not None and (force or now - last_report >= PROGRESS_INTERVAL):
            last_report = now
            report(nodes, now - started, solutions, note)

    def found(solution):
        nonlocal solutions
        if on_found is not None:
            on_found(solution)
        solutions += 1
        # the first solution shows at once; after that, a search finding thousands a
        # second must not send one report each
        tick(force=solutions == 1)

    def on_progress(n):
        nonlocal nodes
        nodes = n
        tick()

    def on_best(event):
        nonlocal note
        if event.text and event.text != note:
            note = event.text
            tick(force=True)  # a handful a search: the window shows each improvement

    solved = solving.search(
        kind, state, mode, max_solutions,
        time_limit=time_limit, keep=KEEP_SOLUTIONS, should_stop=should_stop,
        trace=trace, max_steps=MAX_RECORDED_STEPS, on_step=lambda _s: tick(),
        on_found=found, on_progress=on_progress, explain=True, on_best=on_best,
    )
    nodes = max(nodes, solved.result.nodes)
    solutions = max(solutions, solved.result.count)
    tick(force=True)
    return solved


@dataclasses.dataclass(frozen=True)
class Request:
    """One search for the process.  The kind travels as the name of the module that
    defines it (``KIND``), so a kind registered at run time is found too; a kind object
    that no registered module holds travels itself, pickled."""

    job_id: int
    kind_name: str
    module: str | None
    kind: Any
    state: Any
    mode: str
    max_solutions: int
    trace: bool = False
    time_limit: float | None = None

    def find_kind(self):
        if self.module is None:
            return self.kind
        from . import registry

        try:
            kind = importlib.import_module(self.module).KIND
        except Exception as exc:  # noqa: BLE001 - said in a sentence, the process lives on
            raise PuzzleError(f'The puzzle kind "{self.kind_name}" could not be loaded for the search: '
                              f"{type(exc).__name__}: {exc}") from None
        if self.kind_name not in registry.KIND_MODULES:
            registry.register(kind, self.module)  # as in the parent, for code that looks it up
        return kind


def chunks(items: list, size: int):
    """``items`` in consecutive slices of at most ``size``."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


class _Unsendable(Exception):
    """A solution found could not be pickled (``args[0]`` says why)."""


def unsendable(exc: Exception) -> str:
    return f"The search's answer could not be sent back: {type(exc).__name__}: {exc}"


def answer(send: Callable[[tuple], None], request: Request, should_stop: Callable[[], bool]) -> bool:
    """Run ``request`` and send what it found (the messages in the module's docstring).
    False if this process should end now (it ran out of memory)."""
    job = request.job_id
    kept: list = []  # the solutions the result keeps (the first found)
    unsent: list = []  # the last of them, not sent yet

    def keep(solution):
        if len(kept) < KEEP_SOLUTIONS:
            kept.append(solution)
            unsent.append(solution)

    def report(nodes, elapsed, solutions, note=""):
        try:
            for chunk in chunks(unsent, SOLUTION_CHUNK):
                send(("solutions", job, chunk))
        except (OSError, MemoryError):
            raise
        except Exception as exc:  # noqa: BLE001 - a solution that does not pickle
            raise _Unsendable(exc) from None
        unsent.clear()
        send(("progress", job, nodes, elapsed, solutions, note))

    try:
        kind = request.find_kind()
        solved = search_with_progress(
            kind, request.state, request.mode, request.max_solutions, trace=request.trace,
            time_limit=request.time_limit, should_stop=should_stop, report=report, on_found=keep,
        )
    except PuzzleError as exc:
        send(("failed", job, str(exc), False))
        return True
    except MemoryError:
        send(("failed", job, "The search ran out of memory.", True))
        return False
    except OSError:
        raise  # the parent is gone
    except _Unsendable as exc:
        send(("failed", job, unsendable(exc.args[0]), False))
        return True
    except Exception as exc:  # noqa: BLE001 - a solver bug is a sentence, never the end of the app
        send(("failed", job, f"The solver failed: {type(exc).__name__}: {exc}", False))
        return True
    send(("searched", job))
    result = solved.result
    try:
        for chunk in chunks(solved.steps, STEP_CHUNK):
            send(("steps", job, chunk))
        sent = len(kept)  # (the last report sent them all)
        if len(result.solutions) >= sent and all(a is b for a, b in zip(result.solutions, kept)):
            for chunk in chunks(result.solutions[sent:], SOLUTION_CHUNK):
                send(("solutions", job, chunk))
            result = dataclasses.replace(result, solutions=[])
        send(("done", job, result, solved.seen, solved.sentence))
    except MemoryError:
        send(("failed", job, "The search ran out of memory while sending its answer.", True))
        return False
    except OSError:
        raise  # the parent is gone
    except Exception as exc:  # noqa: BLE001 - a solution or step that does not pickle
        send(("failed", job, unsendable(exc), False))
    return True


def exit_when_orphaned(parent_pid: int) -> None:
    """In a child process: a daemon thread that ends the process once its parent is gone,
    however the parent died (SIGKILL included), so no child is left running at 100% CPU."""

    def watch():
        while True:
            if os.getppid() != parent_pid:
                os._exit(3)
            time.sleep(PARENT_CHECK_S)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _preload(conn) -> None:
    """Import the kinds' engines (numpy, the solvers) while no search waits, so the first
    search does not pay for them; a request that arrives meanwhile goes first."""
    from . import registry

    for module in list(registry.KIND_MODULES.values()):
        if conn.poll():
            return
        try:
            importlib.import_module(module)
        except Exception:  # noqa: BLE001 - said when a search asks for that kind
            pass


def serve(conn, stop_at, parent_pid: int) -> None:
    """The search process: answer requests from ``conn`` until it closes or sends None.
    ``stop_at.value`` is the id of the job the parent wants stopped."""
    exit_when_orphaned(parent_pid)
    _preload(conn)
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return  # the parent closed its end
        try:
            request = pickle.loads(data)
        except Exception as exc:  # noqa: BLE001 - a kind or state this process cannot import
            conn.send(("failed", None, f"The search process could not read this puzzle: {type(exc).__name__}: {exc}",
                       False))
            continue
        if request is None:
            return
        job = request.job_id
        try:
            conn.send(("started", job))
            if not answer(conn.send, request, lambda: stop_at.value == job):
                return
        except OSError:
            return  # the parent is gone
