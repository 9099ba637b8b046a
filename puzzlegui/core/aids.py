"""Aids for the player, generic over the PuzzleKind interface: pure, no Qt.

The GUI and the command line share these plain functions:

* ``sure_steps(kind, state)``     every move the kind's named deductions make from here
                                  (never a move read off a solution), with a count per
                                  deduction;
* ``mistakes(kind, state)``       the player's entries that no solution of the puzzle
                                  contains (not check()'s broken rules: an entry can break
                                  no rule yet still be in no solution);
* ``first_mistake(kind, history)`` the last position in the history from which a solution
                                  can still be reached, for "undo to before my first
                                  mistake".

Every search runs through ``core.solver.run`` with a time limit, and each answer says
whether it is complete (decided) or was cut short.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .kind import PuzzleError
from .solver import ALL, FIRST, Clock, run, seconds_text

# Every aid, as the help page lists it: (key, name in the menus, what it does in general).
# A kind's ``aid_notes[key]`` says what it does there, or why it does not apply.
AIDS = (
    ("hint", "Hint", "makes the next sure move and names the deduction behind it, highlighting the cells "
     "that justify it; only when no deduction applies is the move read off a solution, and it says so."),
    ("sure", "Do the sure steps", "makes every move the deductions alone can make from here, as one undoable "
     "step, and says how many of each kind of deduction it used."),
    ("check", "Check", "marks every broken rule on the board and lists them all below it."),
    ("correct", "Correct so far?", "marks your entries that no solution of the puzzle contains (with several "
     "solutions, an entry is wrong only if none has it), even where no rule is broken yet."),
    ("rewind", "Undo to before my first mistake", "rewinds to the last position from which a solution can still "
     "be reached, as one undoable step, and says how many moves it took back."),
    ("mistakes", "Mark mistakes as I play", "shows broken rules after every move (a setting, remembered)."),
)


def aid_help(kind) -> list[tuple[str, str]]:
    """Each aid's name and what it does on ``kind`` (or why it does not apply there)."""
    notes = getattr(kind, "aid_notes", {}) or {}
    return [(name, notes.get(key) or general[0].upper() + general[1:]) for key, name, general in AIDS]


SURE_LIMIT = 2000  # moves one sure_steps call makes at most
TIME_LIMIT = 10.0  # seconds a mistakes / first_mistake call searches at most
MAX_SOLUTIONS = 200  # solutions of the puzzle as given compared with the entries


# --- sure steps -------------------------------------------------------------------------
def sure_steps(kind, state, limit: int = SURE_LIMIT, time_limit: float | None = 5.0) -> tuple[list, dict]:
    """Apply the kind's deductions (``kind.sure_move``) from ``state`` until none applies,
    the puzzle is solved, ``limit`` moves are made or ``time_limit`` seconds pass.

    Returns ``(moves, counts)``: the moves in order (push them as one Batch) and how many
    each deduction made, ``{"count full": 3, "forced": 7}``.  A state that already breaks
    a rule gets no moves: deductions from a broken position prove nothing."""
    moves: list = []
    counts: dict[str, int] = {}
    if kind.check(state):
        return moves, counts
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while len(moves) < limit and not kind.is_solved(state):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        found = kind.sure_move(state)
        if found is None:
            break
        name, hint = found
        if hint.move is None:
            break
        try:
            after = kind.apply(state, hint.move)
        except PuzzleError:
            break
        if after == state:
            break
        moves.append(hint.move)
        counts[name] = counts.get(name, 0) + 1
        state = after
    return moves, counts


def sure_steps_text(counts: dict) -> str:
    """A sentence about a sure_steps run: "7 sure moves: 4 by forced, 3 by count full."."""
    total = sum(counts.values())
    if not total:
        return "No sure move: no deduction applies here."
    parts = ", ".join(f"{n} by {name}" for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return f"{total} sure move{'s' if total != 1 else ''}: {parts}."


# --- mistakes -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    """One entry that no solution contains."""

    key: Any  # the kind's key for the entry (see PuzzleKind.entries)
    value: Any
    cells: tuple  # cells to highlight
    text: str  # a sentence for people, 1-based rows and columns


class Mistakes(list):
    """The list of Mistake found, with ``complete`` (every entry was decided: the ones
    not listed are each in some solution) and ``reason`` (a sentence about the result)."""

    def __init__(self, items=(), complete: bool = True, reason: str = "", undecided: int = 0):
        super().__init__(items)
        self.complete = complete
        self.reason = reason
        self.undecided = undecided  # entries the time limit left undecided


def _has(solution_entries: dict, entries: dict) -> bool:
    return all(solution_entries.get(k, _MISSING) == v for k, v in entries.items())


_MISSING = object()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def mistakes(kind, state, time_limit: float | None = TIME_LIMIT, max_solutions: int = MAX_SOLUTIONS) -> Mistakes:
    """The player's entries in ``state`` that no solution of the puzzle contains.

    With several solutions an entry is a mistake only when no solution has it.  First one
    search asks whether a solution has every entry (then nothing is wrong); otherwise the
    entries are compared with the solutions of the puzzle as given (up to
    ``max_solutions``), and any entry none of those has gets its own search.  Entries the
    time limit leaves undecided are not listed and make the result incomplete."""
    try:
        entries = kind.entries(state)
    except PuzzleError as exc:
        return Mistakes((), True, str(exc))
    if not entries:
        return Mistakes((), True, "There are no entries to check yet.")
    clock = Clock(time_limit)
    every = run(kind.solve(kind.keep_entries(state, list(entries))), FIRST, time_limit=clock.left())
    if every.count:
        return Mistakes((), True, "No mistakes: a solution has every entry.")
    base = run(kind.solve(kind.keep_entries(state, ())), ALL, max_solutions=max_solutions,
               time_limit=clock.left(), keep=max_solutions)
    if not base.count and base.complete:
        return Mistakes((), True, "The puzzle as given has no solution, so no entry can be judged by one.")
    open_ = dict(entries)
    for s in base.solutions:
        have = kind.solution_entries(state, s)
        for k in [k for k, v in open_.items() if have.get(k, _MISSING) == v]:
            del open_[k]
    wrong: list = []
    undecided = 0
    if base.complete:
        wrong = list(open_)
    else:
        keys = list(open_)
        for k in keys:
            if k not in open_:
                continue  # an earlier entry's solution has it
            if clock.over:
                undecided += 1
                continue
            one = run(kind.solve(kind.keep_entries(state, [k])), FIRST, time_limit=clock.left())
            if one.count:
                have = kind.solution_entries(state, one.solutions[0])
                for j in [j for j, v in open_.items() if have.get(j, _MISSING) == v]:
                    del open_[j]
            elif one.complete:
                wrong.append(k)
            else:
                undecided += 1
    found = [
        Mistake(k, entries[k], tuple(kind.entry_cells(state, k)),
                f"{_capital(kind.entry_text(state, k, entries[k]))} is in no solution.")
        for k in wrong
    ]
    n = len(found)
    if n:
        reason = f"{n} entr{'ies are' if n != 1 else 'y is'} in no solution of the puzzle."
    else:
        reason = "No entry could be shown to be in no solution."
    if undecided:
        reason += (f" {undecided} entr{'ies were' if undecided != 1 else 'y was'} not decided within the time "
                   f"limit of {seconds_text(time_limit)}.")
    return Mistakes(found, not undecided, reason, undecided)


# --- undo to before the first mistake ---------------------------------------------------------
@dataclass(frozen=True)
class Rewind:
    """Where "undo to before my first mistake" goes."""

    index: int  # the history entry to seek to (history.seek(index))
    back: int  # how many undo steps that is from the current position
    complete: bool  # False when the time limit cut the search short
    text: str = field(default="")  # a sentence for the status bar


def first_mistake(kind, history, time_limit: float | None = TIME_LIMIT, max_solutions: int = MAX_SOLUTIONS) -> Rewind:
    """The last position at or before the current one in ``history`` from which a solution
    of the puzzle can still be reached, and how many undo steps back that is.

    A position is judged by its entries (PuzzleKind.entries): a solution can be reached
    when some solution has every entry.  The solutions of the puzzle as given are listed
    once (up to ``max_solutions``); only when that list is incomplete does a position get
    a search of its own.  A kind without entries (Rotation) is never wrong: the answer is
    the current position."""
    pos = history.position
    try:
        kind.entries(history.state)
    except PuzzleError as exc:
        return Rewind(pos, 0, True, str(exc))
    clock = Clock(time_limit)
    initial = history.initial
    base = run(kind.solve(kind.keep_entries(initial, ())), ALL, max_solutions=max_solutions,
               time_limit=clock.left(), keep=max_solutions)
    if not base.count and base.complete:
        return Rewind(pos, 0, True, "The puzzle as given has no solution, so every position is a dead end.")
    known = [kind.solution_entries(initial, s) for s in base.solutions]

    def reachable(state) -> bool | None:
        entries = kind.entries(state)
        if any(_has(have, entries) for have in known):
            return True
        if base.complete:
            return False
        if clock.over:
            return None
        one = run(kind.solve(kind.keep_entries(state, list(entries))), FIRST, time_limit=clock.left())
        if one.count:
            known.append(kind.solution_entries(state, one.solutions[0]))
            return True
        return False if one.complete else None

    for i in range(pos, -1, -1):
        ok = reachable(history.state_at(i))
        if ok is None:
            return Rewind(pos, 0, False, f"Could not tell within the time limit of {seconds_text(time_limit)} "
                                         "where the first mistake is.")
        if ok:
            back = pos - i
            if back == 0:
                return Rewind(i, 0, True, "No mistake so far: a solution can still be reached from here.")
            steps = f"{back} step{'s' if back != 1 else ''}"
            return Rewind(i, back, True, f"Undo {steps} to reach the last position from which the puzzle can "
                                         "still be solved.")
    return Rewind(pos, 0, True, "No position in this game can reach a solution.")
