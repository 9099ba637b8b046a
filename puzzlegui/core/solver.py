"""The solver protocol: what a kind's solver yields, and the one driver that runs it.

A kind's ``solve(state, trace)`` is a plain generator.  It yields

* ``Step``     what the search did, for "show the search" (only when ``trace`` is true):
               ``move`` is a move of the kind that, applied to the display state, shows
               the step on the board; a backtrack yields the move that takes it back;
* ``Found``    a solution, as soon as it is found;
* ``Progress`` the number of nodes explored so far, at least every few milliseconds of
               work, so that a stop request is seen promptly even when nothing is traced.

``run`` drives such a generator for the GUI worker, the command line and the tests
alike: it stops after the first solution, after the second (to prove uniqueness) or
after ``max_solutions``, and between any two events when ``should_stop()`` says so or
``time_limit`` seconds have passed.  It counts every solution but keeps only the first
``keep`` of them, so counting millions of solutions takes no more memory than a few.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

SOLVED = "solved"
NO_SOLUTION = "no solution"
STOPPED = "stopped"

FIRST = "first"  # stop at the first solution
UNIQUE = "unique"  # stop at the second: proves uniqueness or shows there are several
ALL = "all"  # every solution up to max_solutions

# why a STOPPED search stopped (Result.stop_reason)
STOP_REQUESTED = "stop requested"  # should_stop() said so: the Stop button, Ctrl+C
TIME_LIMIT = "time limit"  # time_limit seconds passed

KEEP = 100  # solutions kept for display unless the caller asks for another number


@dataclass(frozen=True, slots=True)
class Step:
    action: str  # "place", "remove", "deduce", "guess", "backtrack", "try", "undo", ...
    move: Any = None  # a move of the kind, applied to the display state (None: no change)
    text: str = ""  # what the step means, for the status line
    cells: tuple = ()  # cells to highlight while the step is shown (the reason)


@dataclass(frozen=True, slots=True)
class Found:
    solution: Any  # kind-specific; the kind turns it into moves, steps and JSON


@dataclass(frozen=True, slots=True)
class Progress:
    nodes: int


@dataclass(frozen=True, slots=True)
class Best:
    """An anytime solver's best answer so far, not proven (e.g. the shortest found while
    a search for shorter ones goes on).  If the search ends, or is stopped, without a
    proven solution (Found), this answer is the result's one solution and the result is
    not complete.  ``lower`` is a proven lower bound on the answer's measure, if known;
    ``final`` says the solver will prove nothing better (it ends after this answer)."""

    solution: Any
    lower: int | None = None
    text: str = ""  # the search's state in a phrase ("found 16 moves; at least 13 proven")
    final: bool = False


@dataclass
class Result:
    """What a search found.

    ``count`` is how many solutions were found; ``solutions`` holds the first of them
    (at most ``keep``, see ``run``), so ``len(solutions)`` can be smaller than ``count``.
    """

    status: str  # SOLVED, NO_SOLUTION or STOPPED
    solutions: list = field(default_factory=list)
    complete: bool = False  # the search was exhausted: the count is exact
    nodes: int = 0
    elapsed: float = 0.0
    mode: str = ALL
    max_solutions: int | None = None
    count: int = 0  # solutions found, kept or not
    provisional: bool = False  # the one solution is a Best answer, not a proven one
    lower_bound: int | None = None  # from the last Best event
    note: str = ""  # the last Best event's phrase
    stop_reason: str | None = None  # STOP_REQUESTED or TIME_LIMIT when status is STOPPED
    time_limit: float | None = None  # the limit the search ran under, if any
    counted: bool = False  # count is exact from the kind's counter, beyond what was listed

    def __post_init__(self):
        # a Result built by hand from a list of solutions counts them
        self.count = max(self.count, len(self.solutions))

    @property
    def listed(self) -> int:
        """How many of the solutions found are kept in ``solutions``."""
        return len(self.solutions)

    @property
    def unique(self) -> bool | None:
        """True/False once known, None when the search ended too early to tell."""
        if self.count >= 2:
            return False
        if self.complete:
            return self.count == 1
        return None


class Clock:
    """One time budget shared by several searches in turn (a hint or an aid that runs
    more than one): ``left()`` is the time_limit to give the next ``run``."""

    def __init__(self, seconds: float | None):
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def left(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.001, self.deadline - time.perf_counter())

    @property
    def over(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


def run(
    events: Iterable,
    mode: str = ALL,
    max_solutions: int | None = 1000,
    should_stop: Callable[[], bool] | None = None,
    on_step: Callable[[Step], None] | None = None,
    on_found: Callable[[Any], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
    on_best: Callable[[Best], None] | None = None,
    keep: int | None = KEEP,
) -> Result:
    """Drive a solver generator and return what it found.

    ``events`` is the generator from ``kind.solve``.  It is closed when the driver stops
    early, so a solver's ``finally`` blocks run.  ``time_limit`` (seconds) and
    ``should_stop`` are both checked between any two events; either ends the search
    with status STOPPED and the solutions found so far.  ``keep`` is how many solutions
    to keep in ``Result.solutions`` (None: all); every solution is counted and passed
    to ``on_found`` all the same.
    """
    if mode == FIRST:
        wanted = 1
    elif mode == UNIQUE:
        wanted = 2
    else:
        wanted = max_solutions if max_solutions is not None else float("inf")
    if keep is None:
        keep = float("inf")
    elif mode in (FIRST, UNIQUE):
        keep = max(keep, wanted)  # the answer to "is it unique?" always shows both
    result = Result(status=NO_SOLUTION, mode=mode, max_solutions=max_solutions, time_limit=time_limit)
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    iterator = iter(events)
    exhausted = False
    stop_reason = None
    solutions = result.solutions
    count = 0
    best = None
    incomplete = False
    try:
        if wanted > 0:
            for event in iterator:
                if should_stop is not None and should_stop():
                    stop_reason = STOP_REQUESTED
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    stop_reason = TIME_LIMIT
                    break
                if type(event) is Progress:
                    result.nodes = event.nodes
                    if on_progress is not None:
                        on_progress(event.nodes)
                elif type(event) is Step:
                    if on_step is not None:
                        on_step(event)
                elif type(event) is Best:
                    best = event
                    incomplete = incomplete or event.final
                    if on_best is not None:
                        on_best(event)
                elif type(event) is Found:
                    count += 1
                    if count <= keep:
                        solutions.append(event.solution)
                    if on_found is not None:
                        on_found(event.solution)
                    if count >= wanted:
                        break
                else:
                    raise TypeError(f"solver yielded {event!r}")
            else:
                exhausted = True
    finally:
        result.count = count
        close = getattr(iterator, "close", None)
        if close is not None:
            close()
    result.elapsed = time.perf_counter() - started
    result.complete = exhausted and not incomplete
    if best is not None:
        result.lower_bound = best.lower
        result.note = best.text
        if count == 0:  # nothing proven: the best answer found is the answer, unproven
            solutions.append(best.solution)
            count = result.count = 1
            result.provisional = True
            result.complete = False
    if stop_reason is not None:
        result.status = STOPPED
        result.stop_reason = stop_reason
    elif count:
        result.status = SOLVED
    else:
        result.status = NO_SOLUTION
    return result


def count_all(kind, state, result: Result, should_stop: Callable[[], bool] | None = None) -> bool:
    """After a search for all solutions stopped at ``max_solutions``, or a uniqueness
    search at its second solution: the exact total from the kind's counter
    (``kind.count_solutions``, which counts without listing), set in ``result`` (count,
    complete, counted).  True if the kind answered; False (``result`` unchanged) if it
    has no counter, gave up, or ``should_stop()`` said so."""
    if result.status != SOLVED or result.complete:
        return False
    if result.mode == ALL:
        if result.max_solutions is None or result.count < result.max_solutions:
            return False
    elif result.mode != UNIQUE or result.count < 2:
        return False
    counter = getattr(kind, "count_solutions", None)
    total = counter(state, should_stop=should_stop) if counter is not None else None
    if not isinstance(total, int) or isinstance(total, bool) or total < result.count:
        return False
    result.count, result.complete, result.counted = total, True, True
    return True


def counted_note(result: Result) -> str:
    """What a counted result adds to its sentence ("" for any other)."""
    if not result.counted:
        return ""
    if result.mode == UNIQUE:
        return f" (The puzzle is not unique: all {result.count:,} were counted without listing them.)"
    return (f" (All {result.count:,} were counted without listing them; the search listed the first "
            f"{result.max_solutions:,}, as many as asked for.)")


def seconds_text(seconds: float) -> str:
    """A time limit for sentences: "5 s", "0.5 s", "1.25 s"."""
    return f"{seconds:,g} s"


def describe(result: Result, noun: str = "solution", plural: str | None = None) -> str:
    """A sentence about a finished search, honest about what it proved.

    ``noun`` names what was searched for ("solution", "decomposition"); ``plural`` is
    its plural where adding "s" is wrong.  Counts have thousands separators and agree
    with their nouns ("1 node", "7,073 solutions"); the time is in ms under a second,
    else in seconds ("66.1 s")."""
    from . import text

    plural = plural or text.plural_of(noun)
    n = result.count
    took = f"{text.plural(result.nodes, 'node')}, {text.duration(result.elapsed)}"
    if result.status == STOPPED:
        if result.provisional:
            note = f": {result.note}" if result.note else ""
            found = f"the best {noun} so far is kept, not proven the best{note}"
        elif n:
            found = f"{text.plural(n, noun, plural)} found so far"
        elif result.stop_reason == TIME_LIMIT:
            found = f"no {noun} found within the time limit, so whether there is one is not known"
        else:
            found = f"no {noun} found yet"
        if result.stop_reason == TIME_LIMIT and result.time_limit is not None:
            return f"Stopped at the time limit of {seconds_text(result.time_limit)}: {found} ({took})."
        return f"Stopped: {found} ({took})."
    if n == 0:
        if result.complete:
            return f"No {noun}: the search is exhaustive ({took})."
        return f"No {noun} found ({took})."
    if result.complete:
        if n == 1:
            return f"Exactly one {noun} (proven unique; {took})."
        return f"Exactly {text.plural(n, noun, plural)} (search complete; {took})."
    if result.mode == FIRST:
        return f"Found a {noun}; uniqueness not checked ({took})."
    if result.mode == UNIQUE:
        return f"At least 2 {plural}: the puzzle is not unique ({took})."
    if result.max_solutions is None:
        return f"At least {text.plural(n, noun, plural)} ({took})."
    return (
        f"At least {text.plural(n, noun, plural)} (stopped at the limit of "
        f"{text.number(result.max_solutions)}; {took})."
    )
