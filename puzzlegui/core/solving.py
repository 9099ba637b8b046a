"""One solve pipeline behind the window and the command line: the search, the exact count
where the kind can count without listing, why a puzzle has no solution when its givens
break a rule, and then one sentence.  So the same puzzle gets the same words everywhere.

Pure: the standard library and core only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from . import solver


@dataclass
class Solved:
    """A finished search and what to say about it."""

    result: solver.Result
    sentence: str
    reason: str | None = None  # the givens break a rule: why there is no solution
    steps: list = field(default_factory=list)  # the recorded search (``trace``)
    seen: int = 0  # steps the search made (``steps`` holds at most ``max_steps``)


def sentence_of(text: str) -> str:
    """A reason from a kind's check() as a sentence: capital first, full stop last."""
    text = str(text).strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def reasons(violations) -> str:
    """The broken rules as sentences (at most five, and how many more)."""
    seen: list[str] = []
    for v in violations:
        s = sentence_of(v.reason)
        if s and s not in seen:
            seen.append(s)
    if len(seen) > 5:
        seen = seen[:5] + [f"({len(seen) - 5} more.)"]
    return " ".join(seen)


def _first_answer(events):
    """First-solution mode: an anytime solver's first answer (a Best event) ends the
    search as a found solution does, instead of the proof of the fewest moves behind it."""
    try:
        for event in events:
            yield event
            if type(event) is solver.Best:
                return
    finally:
        close = getattr(events, "close", None)
        if close is not None:
            close()


def search(
    kind,
    state,
    mode: str = solver.UNIQUE,
    max_solutions: int = 1000,
    *,
    time_limit: float | None = None,
    keep: int | None = solver.KEEP,
    should_stop: Callable[[], bool] | None = None,
    trace: bool = False,
    max_steps: int = 0,
    on_step: Callable | None = None,
    on_found: Callable | None = None,
    on_progress: Callable[[int], None] | None = None,
    explain: bool = False,
    on_best: Callable | None = None,
) -> Solved:
    """Search ``state`` (a ``kind.solve_start`` state) and say what was found.

    After the search: a search that stopped at its limit is counted exactly where the
    kind can (``solver.count_all``), within what is left of ``time_limit``; a puzzle
    that found no solution says which rule its givens break, if they break one; with ``trace`` the first ``max_steps`` steps are kept, and with
    ``explain`` the kind words them (``explain_search``).  ``on_best`` gets each Best event
    of an anytime solver (its answer so far and the phrase saying where it stands)."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    stop = should_stop or (lambda: False)

    def stopped_or_late() -> bool:
        return stop() or (deadline is not None and time.perf_counter() >= deadline)

    steps: list = []
    seen = 0
    found_so_far = 0

    def step(s) -> None:
        nonlocal seen
        seen += 1
        if len(steps) < max_steps:
            steps.append(s)
        if on_step is not None:
            on_step(s)

    def found(solution) -> None:
        nonlocal seen, found_so_far
        found_so_far += 1
        if trace:
            seen += 1
            if len(steps) < max_steps:
                # where the search stood when it found this one: its replay ends here
                steps.append(solver.Step("found", None, f"Solution {found_so_far:,} found."))
        if on_found is not None:
            on_found(solution)

    events = kind.solve(state, trace=trace) if trace else kind.solve(state)
    result = solver.run(
        _first_answer(events) if mode == solver.FIRST else events,
        mode=mode,
        max_solutions=max_solutions,
        should_stop=stop,
        on_step=step if trace else None,
        on_found=found,
        on_progress=on_progress,
        time_limit=time_limit,
        keep=keep,
        on_best=on_best,
    )
    solver.count_all(kind, state, result, stopped_or_late)
    describe = getattr(kind, "describe_result", solver.describe)  # a kind's own words, where it has them
    sentence = describe(result) + solver.counted_note(result)
    reason = None
    check = getattr(kind, "check", None)
    if not result.count and result.status != solver.STOPPED and check is not None:
        broken = check(state)
        if broken:
            reason = f"The puzzle as given cannot be solved. {reasons(broken)}"
            result.complete = True  # the broken rule proves it
            sentence = f"No solution: {reason[0].lower()}{reason[1:]}"
    if trace and explain and steps and not stop() and hasattr(kind, "explain_search"):
        try:  # "show the search" explains itself where the kind can name its deductions
            steps = kind.explain_search(state, steps, stop)
        except Exception:  # noqa: BLE001 - the steps in the solver's own words, then
            pass
    return Solved(result, sentence, reason, steps, seen)
