"""The setter's analysis: what a board makes, for the editors and ``puzzlegui analyse``.

``analyse(kind, state)`` answers what a setter asks of a board, generic over the
PuzzleKind interface:

* how many solutions: none, exactly one, or two or more (exact where the kind counts
  cheaply, e.g. Tracks' frontier counter and Black and White's sweep);
* none: the first contradiction as a sentence, with its cells (``kind.contradiction``);
* two or more: the cells where two solutions differ, and the candidate given
  (``kind.candidate_givens``) that leaves the fewest solutions;
* exactly one: the difficulty (``kind.grade``) and the givens that are redundant (the
  answer stays unique without them);
* kind-specific facts (``kind.analysis_facts``): Rotation's fewest moves, Black and
  White's capacity sentence and decompositions.

``make_lean`` removes redundant givens until none is left; ``make_unique`` adds the
suggested given until one solution is left.  Everything is bounded by ``time_limit``
and ends early when ``should_stop()`` says so (the editor asks on every edit); what a
budget cut short is named in ``Analysis.partial``, never guessed.

Pure: the standard library and core only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .errors import PuzzleError
from .solver import ALL, UNIQUE, Clock, count_all, run
from .text import capitalized, cell_name, number, plural

MAX_SHOWN = 20  # solutions listed (and kept as states for stepping through)
CANDIDATES_TRIED = 60  # candidate givens counted at most for one suggestion
MAX_ADDED = 200  # givens make_unique adds at most
FORCED_STEPS = 2000  # forced moves the generic contradiction finder makes at most


@dataclass(frozen=True)
class Given:
    """One clue of the puzzle: what the setter places."""

    key: object  # hashable, kind-specific: ("cell", x, y), ("col", 3)
    cells: tuple  # cells to mark on the board for it ((x, y), ...)
    value: object
    text: str  # in words: "X at column 2, row 5", "column 3 count 4"

    def to_json(self) -> dict:
        return {"key": _plain(self.key), "cells": [list(c) for c in self.cells], "value": _plain(self.value), "text": self.text}


@dataclass
class Analysis:
    """What a board makes.  ``count`` is a lower bound unless ``exact``; ``complete`` is
    False when the budget ran out before the search finished."""

    count: int
    exact: bool
    complete: bool
    contradiction: str = ""  # count == 0: the first contradiction as a sentence
    contradiction_cells: tuple = ()
    differing: tuple = ()  # count >= 2: cells where two solutions differ
    solutions: list = field(default_factory=list)  # up to MAX_SHOWN solution states
    suggestion: Given | None = None  # count >= 2: the candidate that leaves the fewest solutions
    suggestion_count: int | None = None  # solutions left with it (1: unique)
    grade: str = ""  # count == 1: difficulty on the generator's preset scale
    tatham_grade: str = ""  # Tatham's name for the grade, only when his solver finishes it at that level
    meaning: str = ""  # the grade in words: the deductions it adds (kind.level_words)
    hardest: str = ""  # the hardest named deduction used
    rules: dict = None  # deduction name -> times used
    redundant: tuple = ()  # count == 1: Givens whose removal keeps exactly one solution
    extra: dict = None  # kind-specific facts (kind.analysis_facts)
    partial: tuple = ()  # parts the budget cut short: "count", "suggestion", "grade", "redundant"

    def __post_init__(self):
        if self.rules is None:
            self.rules = {}
        if self.extra is None:
            self.extra = {}

    def to_json(self) -> dict:
        """For ``--json``: plain lists and numbers, solution states left out."""
        return {
            "count": self.count,
            "exact": self.exact,
            "complete": self.complete,
            "contradiction": self.contradiction,
            "contradiction_cells": [list(c) for c in self.contradiction_cells],
            "differing": [list(c) for c in self.differing],
            "solutions_shown": len(self.solutions),
            "suggestion": self.suggestion.to_json() if self.suggestion is not None else None,
            "suggestion_count": self.suggestion_count,
            "grade": self.grade,
            "tatham_grade": self.tatham_grade,
            "meaning": self.meaning,
            "hardest": self.hardest,
            "rules": dict(self.rules),
            "redundant": [g.to_json() for g in self.redundant],
            "extra": {k: _plain(v) for k, v in self.extra.items()},
            "partial": list(self.partial),
        }

    def count_text(self, noun: str = "solution") -> str:
        """The count in words: "no solution", "exactly one solution", "at least 20 solutions"."""
        if self.count == 0:
            return f"no {noun}" if self.complete else f"no {noun} found yet"
        if self.exact:
            return f"exactly one {noun}" if self.count == 1 else f"exactly {plural(self.count, noun)}"
        return f"at least {plural(self.count, noun)}"


def _plain(value):
    """A key or value for JSON: tuples become lists, anything else odd its text."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _stopper(clock: Clock, should_stop: Callable[[], bool] | None) -> Callable[[], bool]:
    """One stop test for every search: the caller's ``should_stop`` or the budget."""

    def stop() -> bool:
        return clock.over or (should_stop is not None and bool(should_stop()))

    return stop


# --- counting ------------------------------------------------------------------------
def _search(kind, state, stop, most: int):
    """The solutions of ``state`` (a puzzle as given), at most ``most`` listed, the total
    from the kind's counter when the listing reached ``most``.  A Result."""
    result = run(kind.solve(kind.solve_start(state)), ALL, max_solutions=most, should_stop=stop, keep=most)
    if result.count >= most:
        count_all(kind, kind.solve_start(state), result, should_stop=stop)
    return result


def _unique(kind, state, stop) -> bool | None:
    """True: exactly one solution; False: none or several; None: stopped first."""
    result = run(kind.solve(kind.solve_start(state)), UNIQUE, should_stop=stop)
    if result.count >= 2:
        return False
    if result.stop_reason is not None or not result.complete:
        return None
    return result.count == 1


def _counted(result) -> tuple[int, bool, bool]:
    """(count, exact, complete) of a search's Result; ``complete`` is False only when the
    budget or a stop request cut the search short."""
    return result.count, bool(result.complete), result.stop_reason is None


# --- the parts -------------------------------------------------------------------------
def differing_cells(kind, start, a, b) -> tuple:
    """The cells where solutions ``a`` and ``b`` of ``start`` differ, from the kind's
    entries (a piece of track, a symbol, a strip): every cell of an entry that one
    solution has and the other has not.  () for a kind without entries (Rotation)."""
    try:
        ea = kind.solution_entries(start, a)
        eb = kind.solution_entries(start, b)
    except PuzzleError:
        return ()
    cells = set()
    for key in ea.keys() | eb.keys():
        if ea.get(key) != eb.get(key):
            cells.update(kind.entry_cells(start, key))
    return tuple(sorted(cells))


def _states(kind, start, solutions) -> list:
    out = []
    for sol in solutions[:MAX_SHOWN]:
        try:
            out.append(kind.apply_all(start, kind.solution_moves(start, sol)))
        except PuzzleError:
            break
    return out


def _suggest(kind, state, solutions, count: int, exact: bool, stop):
    """(given, solutions left, whether that count is exact, cut short) for the candidate
    given that leaves the fewest solutions, or (None, None, False, cut short)."""
    best = best_n = None
    best_exact = False
    for given in kind.candidate_givens(state, solutions)[:CANDIDATES_TRIED]:
        if stop():
            return best, best_n, best_exact, True
        try:
            trial = kind.with_given(state, given)
        except PuzzleError:
            continue
        limit = best_n if best_n is not None else (count if exact else MAX_SHOWN)
        result = run(kind.solve(kind.solve_start(trial)), ALL, max_solutions=max(1, limit), should_stop=stop, keep=0)
        if result.stop_reason is not None:
            return best, best_n, best_exact, True
        if result.count == 0:
            continue
        if best_n is None or result.count < best_n:
            best, best_n, best_exact = given, result.count, bool(result.complete)
            if best_n == 1 and best_exact:
                break
    return best, best_n, best_exact, False


def redundant_givens(kind, state, stop) -> tuple[tuple, bool]:
    """(the givens whose removal keeps exactly one solution, cut short)."""
    out = []
    for given in kind.givens(state):
        if stop():
            return tuple(out), True
        try:
            trial = kind.without_given(state, given)
        except PuzzleError:
            continue
        unique = _unique(kind, trial, stop)
        if unique is None:
            return tuple(out), True
        if unique:
            out.append(given)
    return tuple(out), False


def forced_contradiction(kind, state, extra_check=None, most: int = FORCED_STEPS, stop=None):
    """The first broken rule that the kind's sure moves (``kind.sure_move``) run into from
    ``state``, as (sentence, cells), or None.  ``extra_check(state)`` may name a broken
    rule that ``kind.check`` does not (a line with too little room): (sentence, cells) or
    None.  The default ``PuzzleKind.contradiction``."""
    made = 0
    while True:
        found = _broken(kind, state, extra_check)
        if found is not None:
            text, cells = found
            if made:
                text = f"Once the {plural(made, 'move')} they force {'is' if made == 1 else 'are'} made, {text[0].lower()}{text[1:]}"
            return text, cells
        if made >= most or (stop is not None and stop()) or kind.is_solved(state):
            return None
        move = kind.sure_move(state)
        if move is None or move[1].move is None:
            return None
        try:
            state = kind.apply(state, move[1].move)
        except PuzzleError:
            return None
        made += 1


def _broken(kind, state, extra_check):
    from .solving import sentence_of

    broken = kind.check(state)
    if broken:
        first = next((v for v in broken if v.cells), broken[0])  # one the board can point at
        return sentence_of(first.reason), tuple(first.cells)
    if extra_check is not None:
        return extra_check(state)
    return None


# --- the analysis ------------------------------------------------------------------------
def analyse(kind, state, time_limit: float = 3.0, should_stop=None, quick: bool = False) -> Analysis:
    """What ``state`` (the puzzle as given) makes; see the module's docstring.  A kind's
    PuzzleError (a board it cannot solve at all) is raised as it is, for the caller's
    sentence.  ``quick``: the count, the contradiction or the differing cells, and the
    grade only (what a setter wants within a keystroke); the suggested and redundant
    givens, which take a search per candidate, are left out and named in ``partial``."""
    clock = Clock(time_limit)
    stop = _stopper(clock, should_stop)
    start = kind.solve_start(state)
    result = _search(kind, state, stop, MAX_SHOWN)
    extra = dict(kind.analysis_facts(start, result) or {})
    count, exact, complete = _counted(result)
    out = Analysis(count, exact, complete, extra=extra)
    partial = [] if complete else ["count"]
    if result.solutions and not result.provisional:
        out.solutions = _states(kind, start, result.solutions)
    if count == 0 and result.complete:
        found = kind.contradiction(start)
        if found is not None:
            out.contradiction, out.contradiction_cells = found[0], tuple(found[1])
        else:
            out.contradiction = "Every way to fill the board breaks a rule: the search tried them all."
    elif count >= 2 and len(result.solutions) >= 2:
        out.differing = differing_cells(kind, start, result.solutions[0], result.solutions[1])
        if quick:
            partial.append("suggestion")
            out.partial = tuple(partial)
            return out
        given, left, left_exact, cut = _suggest(kind, state, result.solutions, count, exact, stop)
        out.suggestion, out.suggestion_count = given, left
        if given is not None:
            out.extra["suggestion_exact"] = left_exact
        if cut:
            partial.append("suggestion")
    elif count == 1 and exact:
        graded = kind.grade(start, clock.left())
        if graded is not None:
            out.grade, out.tatham_grade, out.hardest, rules = graded
            out.rules = dict(rules)
            out.meaning = level_words(kind).get(out.grade, "")
        elif stop():
            partial.append("grade")
        if quick:
            partial.append("redundant")
            out.partial = tuple(partial)
            return out
        out.redundant, cut = redundant_givens(kind, state, stop)
        if cut:
            partial.append("redundant")
    out.partial = tuple(partial)
    return out


def make_lean(kind, state, time_limit: float = 10.0, should_stop=None):
    """``state`` with redundant givens removed, one at a time, until none is left and the
    answer is still unique.  One pass is enough: a given that was needed with more
    givens present is needed with fewer.  Stopped early, the givens removed so far stay
    removed (the board is unique all the same).  PuzzleError unless the board has
    exactly one solution."""
    stop = _stopper(Clock(time_limit), should_stop)
    unique = _unique(kind, state, stop)
    if unique is None:
        raise PuzzleError("Could not tell in time whether the puzzle has exactly one solution; nothing was removed.")
    if not unique:
        raise PuzzleError("Only a puzzle with exactly one solution can be made lean; this one has none or several.")
    for given in kind.givens(state):
        if stop():
            break
        try:
            trial = kind.without_given(state, given)
        except PuzzleError:
            continue
        if _unique(kind, trial, stop):
            state = trial
    return state


def make_unique(kind, state, time_limit: float = 10.0, should_stop=None):
    """``state`` with suggested givens added, one at a time, until it has one solution.
    Stopped early, the givens added so far stay (each one removed solutions).
    PuzzleError when the board has no solution, or when the kind has no given to add."""
    stop = _stopper(Clock(time_limit), should_stop)
    for _ in range(MAX_ADDED):
        result = _search(kind, state, stop, MAX_SHOWN)
        count, exact, _complete = _counted(result)
        if count == 0:
            if result.complete:
                raise PuzzleError("This puzzle has no solution, so no given can make it unique.")
            return state
        if count == 1 or stop():
            return state
        given = _suggest(kind, state, result.solutions, count, exact, stop)[0]
        if given is None:
            if stop():
                return state
            raise PuzzleError(f"{kind.title} has no given that tells its solutions apart; change the board itself.")
        state = kind.with_given(state, given)
    return state


SHOWN_CELLS = 12  # differing cells a sentence names before "and N more"


#: what the grades of kinds with no Tatham levels mean (the others say it themselves, as
#: ``level_words``)
_OWN_WORDS = {
    "strips": {
        "easy": "the forced strips (only place, only cover) alone cut the whole grid; "
        "Black and White is not one of Tatham's games, so no level of his applies",
        "hard": "the forced strips (only place, only cover) do not cut the whole grid; "
        "search does; Black and White is not one of Tatham's games, so no level of his applies",
    },
}


def level_words(kind) -> dict:
    """Grade name -> the grade in words, for a kind (empty when it has no grades)."""
    return dict(getattr(kind, "level_words", None) or _OWN_WORDS.get(getattr(kind, "name", ""), {}))


def sentences(found: Analysis, has_givens: bool = True, on_board: bool = False) -> list[str]:
    """An Analysis as sentences, one a line, for the command line and the Edit dialog's
    workbench alike (``has_givens``: the kind has givens, so "no given is redundant"
    means something; ``on_board``: the cells are shaded and marked on the editor's board,
    so the sentences point at them instead of naming them, and what is still being
    looked for is not called cut short)."""

    lines = []
    if "moves" not in found.extra or not found.count:  # Rotation's count is its shortest sequences, said below
        noun = "decomposition" if "capacity" in found.extra else "solution"
        lines.append(capitalized(found.count_text(noun)) + ("." if found.complete else ", when the time limit ended the search."))
    if found.contradiction:
        lines.append(found.contradiction)
    if found.differing and on_board:
        lines.append(f"Two of them differ in {plural(len(found.differing), 'cell')} (shaded).")
    elif found.differing:
        cells = "; ".join(cell_name(c) for c in found.differing[:SHOWN_CELLS])
        more = len(found.differing) - SHOWN_CELLS
        lines.append(f"Two of them differ at {plural(len(found.differing), 'cell')}: {cells}"
                     + (f"; and {number(more)} more." if more > 0 else "."))
    if found.suggestion is not None:
        left = found.suggestion_count
        after = ("exactly one solution" if left == 1 else f"{plural(left, 'solution')}")
        if not found.extra.get("suggestion_exact", True):
            after = f"at least {plural(left, 'solution')}"
        lines.append(f"Suggested given: {found.suggestion.text}; with it the puzzle has {after}.")
    if found.grade:
        tatham = f" (Tatham's {found.tatham_grade})" if found.tatham_grade else ""
        lines.append(f"Difficulty: {found.grade}{tatham}; hardest deduction: {found.hardest or 'none'}.")
        if found.meaning:
            lines.append(f"{capitalized(found.grade)} means {found.meaning}.")
    if found.rules:
        used = ", ".join(f"{name} {number(n)}" for name, n in sorted(found.rules.items(), key=lambda kv: -kv[1]))
        # a search is no counted deduction: the named ones came before it ("hardest: search",
        # then "Deductions used: only place 1" read as if the search had not been needed)
        before = " before the search" if found.hardest == "search" and "search" not in found.rules else ""
        lines.append(f"Deductions used{before}: {used}.")
    if has_givens and (found.count == 1 and found.exact and "redundant" not in found.partial or found.redundant):
        if found.redundant and on_board:
            lines.append(f"{capitalized(plural(len(found.redundant), 'given'))} can go and the answer stays unique "
                         "(marked on the board).")
        elif found.redundant:
            lines.append("Redundant givens (each can go and the answer stays unique): "
                         + "; ".join(g.text for g in found.redundant) + ".")
        else:
            lines.append("No given is redundant.")
    extra = found.extra
    if "moves" in extra:
        if extra["proven"]:
            fewest = f"Fewest moves: {number(extra['moves'])} (proven)"
        elif "lower_bound" in extra:
            fewest = f"Best found: {plural(extra['moves'], 'move')}; at least {number(extra['lower_bound'])} needed"
        else:
            fewest = f"Best found: {plural(extra['moves'], 'move')}, not proven shortest"
        if "shortest_count" in extra:
            fewest += f"; {plural(extra['shortest_count'], 'shortest sequence')}"
        lines.append(fewest + ".")
        lines.append("Its difficulty is the fewest moves; Tatham's Twiddle has no levels, so none of his is claimed.")
    if "capacity" in extra:
        lines.append(extra["capacity"])
    cut = [part for part in found.partial if part != "count"]
    if cut and not on_board:
        lines.append(f"The time limit cut short: {', '.join(cut)}; a longer --time-limit finishes them.")
    return lines
