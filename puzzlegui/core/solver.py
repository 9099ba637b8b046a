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
after ``max_solutions``, and between any two events when ``should_stop()`` says so.
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


@dataclass
class Result:
    status: str  # SOLVED, NO_SOLUTION or STOPPED
    solutions: list = field(default_factory=list)
    complete: bool = False  # the search was exhausted: the count is exact
    nodes: int = 0
    elapsed: float = 0.0
    mode: str = ALL
    max_solutions: int | None = None

    @property
    def count(self) -> int:
        return len(self.solutions)

    @property
    def unique(self) -> bool | None:
        """True/False once known, None when the search ended too early to tell."""
        if self.count >= 2:
            return False
        if self.complete:
            return self.count == 1
        return None


def run(
    events: Iterable,
    mode: str = ALL,
    max_solutions: int | None = 1000,
    should_stop: Callable[[], bool] | None = None,
    on_step: Callable[[Step], None] | None = None,
    on_found: Callable[[Any], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Result:
    """Drive a solver generator and return what it found.

    ``events`` is the generator from ``kind.solve``.  It is closed when the driver stops
    early, so a solver's ``finally`` blocks run.
    """
    if mode == FIRST:
        wanted = 1
    elif mode == UNIQUE:
        wanted = 2
    else:
        wanted = max_solutions if max_solutions is not None else float("inf")
    result = Result(status=NO_SOLUTION, mode=mode, max_solutions=max_solutions)
    started = time.perf_counter()
    iterator = iter(events)
    exhausted = False
    stopped = False
    try:
        if wanted <= 0:
            stopped = False
        else:
            for event in iterator:
                if should_stop is not None and should_stop():
                    stopped = True
                    break
                if type(event) is Progress:
                    result.nodes = event.nodes
                    if on_progress is not None:
                        on_progress(event.nodes)
                elif type(event) is Step:
                    if on_step is not None:
                        on_step(event)
                elif type(event) is Found:
                    result.solutions.append(event.solution)
                    if on_found is not None:
                        on_found(event.solution)
                    if len(result.solutions) >= wanted:
                        break
                else:
                    raise TypeError(f"solver yielded {event!r}")
            else:
                exhausted = True
    finally:
        close = getattr(iterator, "close", None)
        if close is not None:
            close()
    result.elapsed = time.perf_counter() - started
    result.complete = exhausted
    if stopped:
        result.status = STOPPED
    elif result.solutions:
        result.status = SOLVED
    else:
        result.status = NO_SOLUTION
    return result


def describe(result: Result, noun: str = "solution", plural: str | None = None) -> str:
    """A sentence about a finished search, honest about what it proved.

    ``noun`` names what was searched for ("solution", "decomposition")."""
    plural = plural or noun + "s"
    n = result.count
    many = plural if n != 1 else noun
    took = f"{result.nodes:,} nodes, {result.elapsed * 1000:.0f} ms"
    if result.status == STOPPED:
        found = f"{n} {many} found so far" if n else f"no {noun} found yet"
        return f"Stopped: {found} ({took})."
    if n == 0:
        if result.complete:
            return f"No {noun}: the search is exhaustive ({took})."
        return f"No {noun} found ({took})."
    if result.complete:
        if n == 1:
            return f"Exactly one {noun} (proven unique; {took})."
        return f"Exactly {n} {plural} (search complete; {took})."
    if result.mode == FIRST:
        return f"Found a {noun}; uniqueness not checked ({took})."
    if result.mode == UNIQUE:
        return f"At least 2 {plural}: the puzzle is not unique ({took})."
    return f"At least {n} {plural} (stopped at the limit of {result.max_solutions}; {took})."
