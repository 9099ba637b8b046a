"""The interface every puzzle kind implements.

A kind is a pure engine: it knows its rules, its file section, its codecs, its solver
and its generator, and nothing about Qt.  The front end talks to a kind only through
the methods below, so adding a fifth kind touches gui/ only through the registry.

States are immutable values.  A move is a small JSON-able value (tuples of ints and
strings); ``apply(state, move)`` returns a new state and never changes the old one, so
undo, redo, restart and "apply the solver's answer" are just steps along a list.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence
from urllib.parse import quote

from .errors import PuzzleError  # noqa: F401  (core.kind.PuzzleError is how most modules name it)

Cell = tuple[int, int]  # (x, y): x from the left, y from the top
#: where Simon Tatham's puzzles play in a web browser: add "unruly.html#" and a game ID
TATHAM_PAGES = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"


@dataclass(frozen=True)
class Violation:
    """A broken rule, for Check: the cells to highlight and a short reason."""

    cells: tuple[Cell, ...]
    reason: str


@dataclass(frozen=True)
class Hint:
    """The next move the solver is sure of, and why."""

    move: Any
    text: str
    cells: tuple[Cell, ...] = ()  # cells that justify the move (highlighted)


@dataclass(frozen=True)
class Param:
    """One generator parameter, enough for the GUI to build a form and the CLI a flag.

    ``type`` is "int", "bool" or "choice"; ``choices`` holds the allowed values of a
    choice parameter.  ``help`` is a sentence saying what it does (a tooltip and a grey
    line in the New puzzle dialog); ``special`` names an int's minimum where that value
    means something other than its number ("Fully scrambled" for 0 moves).
    """

    name: str
    label: str
    type: str
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    special: str = ""


@dataclass(frozen=True)
class Preset:
    label: str
    params: dict = field(default_factory=dict)


class PuzzleKind(ABC):
    """Base class of a puzzle kind.  Subclasses override what they support.

    Methods that a kind does not support raise PuzzleError with a sentence saying so,
    which the CLI and the GUI show like any other input error.
    """

    name: str = ""  # registry key and CLI name: "tracks", "rotation", "kurosu", "strips"
    title: str = ""  # shown to people: "Tracks"
    rules: str = ""  # the rules in a paragraph (Help)
    controls: str = ""  # how to play with mouse and keys (Help)
    origin: str = ""  # where the puzzle comes from (Help)
    #: what each aid (core.aids.AIDS) does on this kind, or why it does not apply; the
    #: help page lists every aid with this note (or the aid's general description)
    aid_notes: dict = {}
    #: the name of the same puzzle's page in Tatham's collection ("unruly"); "" if none
    tatham_name: str = ""

    # --- parameters and generation -------------------------------------------------
    def parameters(self) -> Sequence[Param]:
        return ()

    def presets(self) -> Sequence[Preset]:
        return ()

    #: a kind with difficulty levels: each level's name -> the deductions it adds, in words
    #: (the New puzzle dialog, ``generate --help``, ``analyse`` and the help page say them)
    level_words: dict = {}

    def choice_help(self, name: str, value) -> str:
        """A sentence saying what ``value`` of the choice parameter ``name`` means, for
        choices written in a notation (Black and White's strip sets) and for difficulty
        levels (``level_words``); "" if it says itself."""
        words = self.level_words.get(value, "") if name == "difficulty" else ""
        return words[0].upper() + words[1:] + "." if words else ""

    def params_of(self, state) -> dict:
        """The generator parameters that would make a puzzle like this one (which may
        grade it: for a size alone, ``size_of``)."""
        return {p.name: p.default for p in self.parameters()}

    def size_of(self, state) -> tuple[int, int] | None:
        """(width, height) of the board, at no cost (no grading); None if the kind has
        no such size.  The default reads them from ``params_of``; kinds whose
        ``params_of`` grades the puzzle say them directly."""
        params = self.params_of(state)
        w, h = params.get("width"), params.get("height")
        return (w, h) if isinstance(w, int) and isinstance(h, int) else None

    def check_params(self, params: dict) -> None:
        """Raise PuzzleError with the sentence ``generate`` would refuse ``params`` with,
        as far as it can be said before any search; nothing when it would try."""

    def params_problem(self, params: dict) -> str | None:
        """``check_params``'s sentence, or None (the New puzzle dialog shows it and holds
        Generate back)."""
        try:
            self.check_params(params)
        except PuzzleError as exc:
            return str(exc)
        return None

    def generate(self, params: dict, seed: int | None = None):
        """A new puzzle (its initial state) from ``params``; same seed, same puzzle."""
        raise PuzzleError(f"{self.title} has no generator yet.")

    # --- file format ----------------------------------------------------------------
    @abstractmethod
    def decode(self, data: dict):
        """The initial state from the ``puzzle`` section of a puzzle file.

        Validates everything: raises PuzzleError naming the problem and where."""

    @abstractmethod
    def encode(self, state) -> dict:
        """The ``puzzle`` section for a file: the puzzle itself, not the progress."""

    def initial(self, state):
        """The state with the player's progress removed (the puzzle as given)."""
        return self.decode(self.encode(state))

    # --- other codecs ---------------------------------------------------------------
    def parse_game_id(self, text: str):
        raise PuzzleError(f"{self.title} has no game IDs.")

    def format_game_id(self, state) -> str:
        raise PuzzleError(f"{self.title} has no game IDs.")

    def tatham_id(self, state) -> str | None:
        """The game ID that Simon Tatham's own program for this puzzle accepts (no
        "kind:" prefix), or None when his collection has no such puzzle.  A board his
        program cannot take (too small, a variant he lacks) raises PuzzleError with a
        sentence saying why."""
        return None

    def tatham_url(self, state) -> str | None:
        """The page of Tatham's online version playing this very puzzle, or None when
        he has none (PuzzleError as tatham_id)."""
        game_id = self.tatham_id(state)
        if game_id is None or not self.tatham_name:
            return None
        return f"{TATHAM_PAGES}{self.tatham_name}.html#{quote(game_id, safe=':,')}"

    def parse_text(self, text: str):
        """The kind's plain text layout (for --kind with a text file, and the editor)."""
        raise PuzzleError(f"{self.title} has no plain text layout.")

    def format_text(self, state) -> str:
        raise PuzzleError(f"{self.title} has no plain text layout.")

    # --- play -------------------------------------------------------------------------
    @abstractmethod
    def apply(self, state, move):
        """The state after ``move``; raises PuzzleError if the move is not legal."""

    def apply_all(self, state, moves):
        """The state after ``moves`` in turn (a solution applied as one step); raises
        PuzzleError at the first illegal one.  A kind whose state is a large board
        overrides it to copy the board once rather than once a move."""
        for move in moves:
            state = self.apply(state, move)
        return state

    def check(self, state) -> list[Violation]:
        """Broken rules in the current state (empty when nothing is wrong so far)."""
        return []

    @abstractmethod
    def is_solved(self, state) -> bool:
        """True when the state satisfies every rule of the puzzle."""

    def hint(self, state, time_limit: float | None = None) -> Hint | None:
        """The next sure move with its reason, or None if there is none to give.

        ``time_limit``: the seconds its searches may take together (None: the kind's own
        bound); a hint the budget cut short is None, or a move found without searching."""
        return None

    # --- aids (core.aids): sure steps, mistakes, "undo to before my first mistake" ----------
    def sure_move(self, state):
        """The next move a named deduction makes from ``state``, as ``(name, Hint)``.

        ``name`` is the deduction's short name ("count full", "quota"), the Hint's text its
        sentence and its cells the ones that justify it.  None when no deduction applies.
        Never reads the answer off a solution (``hint`` may, as its last resort) and never
        searches, so core.aids.sure_steps can call it many times in a row."""
        return None

    def entries(self, state) -> dict:
        """The player's entries, ``{key: value}`` (a key names where, hashable; the value
        is what was entered), for core.aids.mistakes.  A kind whose positions can never
        be wrong raises PuzzleError with the sentence that says why."""
        raise PuzzleError(f"{self.title} has no entries to compare with a solution.")

    def solution_entries(self, state, solution) -> dict:
        """What ``solution`` enters, in ``entries``' form: an entry ``(key, value)`` is in
        the solution when this maps ``key`` to ``value``."""
        raise PuzzleError(f"{self.title} has no entries to compare with a solution.")

    def keep_entries(self, state, keys):
        """The puzzle as given plus only the player's entries named in ``keys``: a state
        whose ``solve`` keeps exactly those entries (to ask whether a solution has them)."""
        raise PuzzleError(f"{self.title} has no entries to compare with a solution.")

    def entry_cells(self, state, key) -> tuple:
        """The cells to highlight for the entry ``key``."""
        return ()

    def changed_cells(self, before, after) -> tuple:
        """The cells whose entries differ between two positions of one puzzle (a
        trial's, since its mark): made, changed or taken away.  A kind without entries
        (Rotation: no position is wrong) says which of its cells changed instead."""
        was, now = self.entries(before), self.entries(after)
        cells = []
        for key in list(now) + [k for k in was if k not in now]:
            if was.get(key) != now.get(key):
                cells.extend(self.entry_cells(after if key in now else before, key))
        return tuple(dict.fromkeys(cells))

    def entry_text(self, state, key, value) -> str:
        """The entry for sentences, 1-based: "the X at column 2, row 1"."""
        return f"the entry {key!r:.40}"

    @staticmethod
    def move_from_json(value):
        """A move read back from a save file (JSON lists become tuples)."""
        return _tuples(value)

    @staticmethod
    def move_to_json(move):
        return _lists(move)

    # --- solving ----------------------------------------------------------------------
    def solve_start(self, state):
        """The state a solve starts from.  By default the puzzle as given (the player's
        marks, right or wrong, are ignored); Rotation overrides it to solve from the
        current position.  Solver steps apply, in order, to this state."""
        return self.initial(state)

    @abstractmethod
    def solve(self, state, trace: bool = False) -> Iterator:
        """A generator of solver events (see core.solver): Step (only when ``trace``),
        Found for each solution, Progress at least every few milliseconds of work.

        Ends when the search is exhausted; the driver stops iterating when it has enough
        solutions or the user asks it to stop."""

    @abstractmethod
    def solution_moves(self, state, solution) -> list:
        """Moves that turn ``state`` (which may hold the player's progress, right or
        wrong) into the solved ``solution``, in showing order.  The window pushes them
        as one undoable step."""

    def explain_search(self, state, steps, should_stop=None) -> list:
        """The recorded search (``solve(state, trace=True)``'s steps) with each step's
        reason named where the kind can name it, for "show the search"; off the GUI
        thread, bounded in time, ended early by ``should_stop()``.  By default the steps
        as they are (a kind whose solver already words its steps needs nothing more)."""
        return steps

    def count_solutions(self, state, should_stop=None) -> int | None:
        """The exact number of solutions of ``state`` (a ``solve_start`` state), counted
        without listing them (e.g. by dynamic programming over a frontier), or None: the
        kind has no such counter, the board is beyond it, or ``should_stop()`` said so.
        ``solve --all`` asks for it when the solutions outnumber --max."""
        return None

    def solution_steps(self, state, solution) -> list:
        """Steps for "show the solution", applying in order to ``state`` (a
        ``solve_start`` state); by default one Step per solution move."""
        from .solver import Step

        return [Step("place", m) for m in self.solution_moves(state, solution)]

    @abstractmethod
    def solution_json(self, solution) -> dict:
        """One solution in the kind's ``solve --json`` shape."""

    def result_json(self, result) -> dict:
        """Extra top-level fields for ``solve --json`` (e.g. Rotation's "optimal")."""
        return {}

    def describe_result(self, result) -> str:
        """One line about a finished search, for the status bar and the CLI."""
        from .solver import describe

        return describe(result)

    # --- the setter's analysis (core.analysis) ------------------------------------------
    def givens(self, state) -> list:
        """The clues of the puzzle as given, as core.analysis.Given (key, cells, value,
        text): what a setter places and could take away.  None by default."""
        return []

    def without_given(self, state, given):
        """The puzzle as given without ``given`` (one of ``givens(state)``)."""
        raise PuzzleError(f"{self.title} has no givens to take away.")

    def with_given(self, state, given):
        """The puzzle as given with ``given`` (one of ``candidate_givens``) added."""
        raise PuzzleError(f"{self.title} has no givens to add.")

    def candidate_givens(self, state, solutions) -> list:
        """Givens that tell apart some of ``solutions`` (solutions of ``state``, as the
        solver found them): each is in at least one of them and not in all.  Those in
        the fewest come first, since they cut the most.  None by default."""
        return []

    def grade(self, state, time_limit: float | None = None):
        """How hard the unique puzzle ``state`` is, from the named deductions it needs:
        (grade on the generator's preset scale, nearest Tatham grade name or "",
        hardest deduction used, {deduction name: times used}); None when the kind has
        no grades or the budget ran out."""
        return None

    def contradiction(self, state):
        """The first contradiction of a puzzle with no solution, as (sentence, cells), or
        None when none shows up.  By default the sure moves (``sure_move``) are made
        until ``check`` finds a broken rule (core.analysis.forced_contradiction)."""
        from .analysis import forced_contradiction

        return forced_contradiction(self, state)

    def analysis_facts(self, state, result) -> dict:
        """Facts of the kind for the setter's analysis (Analysis.extra), from ``result``,
        the analysis' search of ``state`` (a ``solve_start`` state).  None by default."""
        return {}


MAX_MOVE_DEPTH = 6  # lists inside lists in one move; real moves need at most 3


def _tuples(value):
    """A move read from JSON with its lists as tuples.  Iterative, and a move nested
    more than MAX_MOVE_DEPTH lists deep is refused with a sentence (never a
    RecursionError)."""
    from .validate import tuples

    return tuples(value, MAX_MOVE_DEPTH)


def _lists(value):
    """A move for JSON with its tuples as lists (moves are made by the program, so
    shallow; the depth is bounded all the same)."""
    if not isinstance(value, tuple | list):
        return value
    root: list = []
    stack = [(value, root, 1)]
    while stack:
        src, dst, level = stack.pop()
        if level > MAX_MOVE_DEPTH:
            raise PuzzleError(f"A move is nested more than {MAX_MOVE_DEPTH} levels deep; moves are short lists.")
        for item in src:
            if isinstance(item, tuple | list):
                child: list = []
                dst.append(child)
                stack.append((item, child, level + 1))
            else:
                dst.append(item)
    return root
