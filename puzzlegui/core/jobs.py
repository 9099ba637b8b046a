"""The work the app does off the GUI thread, named in one place, and the tickets that say
whether an answer is still wanted.

Every job is a small record: what it is called, where it runs (``SEARCH``: the warm
search process, core/search_child.py; ``PROCESS``: a process of its own, ended to stop
it; ``THREAD``: the app's small pool of threads), how it stops (``COOPERATIVE``: the work
looks at its ``Control`` between steps; ``END``: its process is ended; ``IGNORED``: it
runs to its end and its answer is dropped) and whether its answer is for the position it
was asked at (``positional``: a move, an undo, a restart or a trial mark retires it) or
for the game (a solve's or a replay's answer stays the game's while the player moves).
A ``cached`` job's answer is a fact about what it was given (a distance table, the fewest
moves from a position, a puzzle's grade or picture, a game's record) kept in a cache:
it may run without a ticket, since it is never stale; what shows it asks the cache for
the position on show.

The front end's one door, gui/jobs (``Jobs.submit(ticket, job, ...)``), runs them and
delivers an answer only while its ticket is current.  A ticket is issued by the game it
is for (core/game.py: ``Game.ticket``) or, for work with no game yet (opening, generating,
collections, the workbench, printing), by ``Games`` (core/games.py), under GAMELESS.

Pure: stdlib only (no Qt), so the rules can be read and tested without a window.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

# where a job runs
THREAD = "thread"  # the app's pool of daemon threads
SEARCH = "search"  # the warm search process (one child kept between searches)
PROCESS = "process"  # a process of its own, spawned for the job

# how a job stops
COOPERATIVE = "cooperative"  # the work asks its Control ``stopped()`` between steps
END = "end"  # its process is ended (terminate, then kill)
IGNORED = "ignored"  # it cannot be interrupted: it runs out and its answer is dropped

GAMELESS = ""  # the key of tickets issued by Games: work that has no game (yet)


@dataclass(frozen=True)
class Job:
    """One named kind of work off the GUI thread."""

    name: str
    runs: str  # THREAD, SEARCH or PROCESS
    stops: str  # COOPERATIVE, END or IGNORED
    positional: bool = False  # its answer is for the position it was asked at
    reports: bool = False  # it reports its progress as it goes
    cached: bool = False  # its answer is a fact kept in a cache: it may run without a ticket

    def __post_init__(self):
        if self.runs not in (THREAD, SEARCH, PROCESS) or self.stops not in (COOPERATIVE, END, IGNORED):
            raise ValueError(f"job {self.name!r}: runs {self.runs!r}, stops {self.stops!r}")
        if self.stops == END and self.runs == THREAD:
            raise ValueError(f"job {self.name!r}: a thread cannot be ended")


# --- the jobs ------------------------------------------------------------------------------
#: a solver search (Solve): progress, then the Result; Stop within milliseconds
SOLVE = Job("solve", SEARCH, COOPERATIVE, reports=True)
#: a new puzzle from a generator, which has no stop flag: Cancel ends its process
GENERATE = Job("generate", PROCESS, END, reports=True)
#: an aid's or a hint's search (gui/aids.py), for the position on show
AID = Job("aid", THREAD, IGNORED, positional=True)
#: the setter's workbench: the analysis of the board being entered, and its changes
ANALYSE = Job("analyse", THREAD, COOPERATIVE)
CHANGE = Job("change", THREAD, COOPERATIVE)
#: a solution's (or the player's own game's) replay: its steps and checkpoints
REPLAY = Job("replay", THREAD, IGNORED)
#: a game's record read back from the store; a big paste or file read and decoded
READ_RECORD = Job("read record", THREAD, IGNORED, cached=True)
READ_SOURCE = Job("read source", THREAD, IGNORED)
#: a collection file read (report and stop through its Control), and grades of its puzzles
READ_COLLECTION = Job("read collection", THREAD, COOPERATIVE, reports=True)
GRADES = Job("grades", THREAD, IGNORED, cached=True)
#: the Rotation board's distance tables and its proof of the fewest moves left
DISTANCE_TABLE = Job("distance table", THREAD, IGNORED, cached=True)
PROOF = Job("proof", THREAD, IGNORED, cached=True)
#: the solutions a printout shows
PRINT_SOLUTIONS = Job("print solutions", THREAD, IGNORED)
#: the survey of damaged records, and their recovery
RECOVER = Job("recover", THREAD, IGNORED)
#: the library's thumbnails, read and drawn
THUMBNAILS = Job("thumbnails", THREAD, IGNORED, cached=True)
#: a link handed to the system's browser (which may block for seconds)
OPEN_LINK = Job("open link", THREAD, IGNORED)
#: imports made ahead of their first use, so the first Solve or Generate is quick
WARM_UP = Job("warm up", THREAD, IGNORED)

ALL = (SOLVE, GENERATE, AID, ANALYSE, CHANGE, REPLAY, READ_RECORD, READ_SOURCE, READ_COLLECTION, GRADES,
       DISTANCE_TABLE, PROOF, PRINT_SOLUTIONS, RECOVER, THUMBNAILS, OPEN_LINK, WARM_UP)


# --- tickets -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ticket:
    """Who a background answer is for: the game (GAMELESS: none), its revision when
    asked, and the serial of the request (the newest of its ``what`` wins)."""

    key: str
    revision: int
    serial: int
    what: str


@dataclass
class Tickets:
    """Issues one owner's tickets and says which are still wanted: the newest of each
    ``what``, until it is dropped."""

    _serial: int = 0
    _wanted: dict = field(default_factory=dict)

    def issue(self, key: str, revision: int, what: str) -> Ticket:
        self._serial += 1
        self._wanted[what] = self._serial
        return Ticket(key, revision, self._serial, what)

    def wants(self, ticket: Ticket, key: str, revision: int | None = None) -> bool:
        """``ticket`` is the newest of its kind for ``key`` (and, unless ``revision`` is
        None, was asked at that revision)."""
        return (
            ticket.key == key
            and self._wanted.get(ticket.what) == ticket.serial
            and (revision is None or ticket.revision == revision)
        )

    def drop(self, what: str) -> None:
        self._wanted.pop(what, None)


# --- stopping and reporting ----------------------------------------------------------------
class Control:
    """What cooperative work is handed: ``stopped()`` to look at between steps, and
    ``report(*figures)`` for its progress.  Thread-safe; ``on_report`` is called on the
    worker's thread (the front end hands it on to the GUI thread)."""

    def __init__(self, on_report=None):
        self._stop = threading.Event()
        self._on_report = on_report

    def stop(self) -> None:
        self._stop.set()

    def stopped(self) -> bool:
        return self._stop.is_set()

    def report(self, *figures) -> None:
        if self._on_report is not None and not self._stop.is_set():
            self._on_report(*figures)


__all__ = [
    "ALL", "COOPERATIVE", "END", "GAMELESS", "IGNORED", "PROCESS", "SEARCH", "THREAD", "Control", "Job", "Ticket",
    "Tickets",
]
