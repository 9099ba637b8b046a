"""The Strips kind: the engine the front end and the command line talk to.  No Qt."""

from __future__ import annotations

from puzzlegui.core.kind import Hint, Param, Preset, PuzzleError, PuzzleKind
from puzzlegui.core.solver import FIRST, UNIQUE, Clock, Progress, Step, describe, run
from puzzlegui.core.text import cells_span

from . import codec, count, explain, generator, model, solver
from .model import StripsState, with_pieces
from .stripset import format_set, parse_set, pattern_text, set_in_words, suggest

AUTO = "auto"
HINT_TIME = 10.0  # seconds a hint searches at most
READ_OFF = "No simple deduction applies here; this is read off the solution"
#: the generator's strip set choices: "auto" picks from the family by size (stripset.suggest)
SET_CHOICES = (
    AUTO,
    "at most: len1-3",
    "exactly: len2-3",
    "exactly: len3*2",
    "exactly: len4",
    "at most: len4*2",
    "exactly: len5",
    "exactly: len2-4",
)


def _where(cells) -> str:
    """A strip's cells for sentences: "column 1, row 2 to column 3, row 2" (core.text)."""
    cells = list(cells)
    return cells_span(cells[0], cells[-1])


class StripsKind(PuzzleKind):
    name = "strips"
    title = "Black and White Strips"
    rules = (
        "Cut the grid of black and white cells into straight strips (1x1, 1x2 and 1x3 in the "
        "original) so that every cell is in exactly one strip and no two strips have the same "
        "pattern of colours; a strip turned around counts as the same (WWB = BWW). On a 5x5 grid "
        "that means all six 1x3 patterns, all three 1x2 patterns and one 1x1. Other puzzles list "
        "their own strip set: each pattern used exactly as often as listed, or at most that often. "
        "Cells may carry letters; in the original, letters in certain strips spell a message."
    )
    controls = (
        "Drag across cells to cut a strip: it snaps to a straight line of up to the longest "
        "strip's length and shows its pattern while you drag; a strip whose pattern is used up "
        "or not in the set is refused with the reason. Click an uncut cell to cut a 1x1 (when "
        "the set has one); click a strip to take it back. Keys: arrows move the cursor, "
        "Shift+arrows stretch a strip from it, Enter or Space cuts, Delete or Backspace takes "
        "the strip under the cursor back, Escape drops the stretch. While you drag, a strip that "
        "fits is outlined with a check and one that does not is dashed with a cross. The tray "
        "beside the board shows which patterns are used and which remain."
    )
    origin = (
        '"Black and White", from the MUMS Puzzle Hunt 2010 (Melbourne University Mathematics '
        "and Statistics Society): 25 grids of 5x5 to cut into distinct strips, whose 1x1 cells "
        "build a 26th grid whose black strips spell the answer. Grid data as transcribed in the "
        'article "Solving the puzzle from the university quest using Python". Generalised here '
        "to any size up to 16x16 (generated ones up to 12x12) and any strip set."
    )
    aid_notes = {
        "hint": "Names the forced strip: the only pattern of the set that still fits a cell, or the only "
        "place left for a pattern, with the cells it covers; only when no such strip exists is the next "
        "strip read off a decomposition, and the hint says so.",
        "correct": "Marks your strips that no decomposition of the grid uses (with several decompositions, "
        "a strip is wrong only if none has it).",
    }

    # --- parameters and generation ----------------------------------------------------
    def parameters(self):
        return (
            Param("width", "Width", "int", 5, 1, model.MAX_SIDE, help="Columns of the grid."),
            Param("height", "Height", "int", 5, 1, model.MAX_SIDE, help="Rows of the grid."),
            Param(
                "strips",
                "Strip set",
                "choice",
                AUTO,
                choices=SET_CHOICES,
                help="Which strips cut the grid: len3 is every 1x3 colour pattern, *2 twice each; exactly: all of them, at most: some.",
            ),
        )

    def presets(self):
        return (
            Preset("5x5, the original's strips", {"width": 5, "height": 5, "strips": AUTO}),
            Preset("6x4, every 1x2 and 1x3 once", {"width": 6, "height": 4, "strips": "exactly: len2-3"}),
            Preset("6x6, every 1x3 twice", {"width": 6, "height": 6, "strips": "exactly: len3*2"}),
            Preset("8x8, 1x4s, each pattern at most twice", {"width": 8, "height": 8, "strips": "at most: len4*2"}),
            Preset("10x10, every 1x5 once", {"width": 10, "height": 10, "strips": "exactly: len5"}),
        )

    def choice_help(self, name, value):
        """A strip set's notation in words: "exactly: len3*2" is every 1x3 pattern twice."""
        if name != "strips":
            return ""
        if value == AUTO:
            return "A set from the family that fits the size, such as every 1x3 colour pattern once or twice."
        try:
            return set_in_words(parse_set(value))
        except PuzzleError:
            return ""

    def params_of(self, state):
        text = format_set(state.strips)
        auto = suggest(state.cols, state.rows)
        choice = AUTO if auto == state.strips else (text if text in SET_CHOICES else AUTO)
        return {"width": state.cols, "height": state.rows, "strips": choice}

    def strips_for(self, params: dict):
        """The strip set and size that generator parameters ask for."""
        size = {}
        for key in ("width", "height"):
            value = params.get(key, 5)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= model.MAX_SIDE:
                raise PuzzleError(f"The {key} must be a whole number from 1 to {model.MAX_SIDE}, not {value!r:.20}.")
            size[key] = value
        choice = params.get("strips", AUTO)
        if not isinstance(choice, str):
            raise PuzzleError("The strip set must be text such as 'exactly: len2-4' or 'auto'.")
        if choice.strip().lower() == AUTO:
            strips = suggest(size["width"], size["height"])
            if strips is not None and generator.rarely_unique(size["width"], size["height"], strips):
                # mixed lengths on a big grid rarely come out unique in time: one length does
                strips = generator.one_length_set(size["width"], size["height"]) or strips
            if strips is None:
                raise PuzzleError(f"No strip set of the family fits {size['width']}x{size['height']}; give one.")
        else:
            strips = parse_set(choice)
        return size["width"], size["height"], strips

    def check_params(self, params) -> None:
        generator.check(*self.strips_for(params))

    def generate(self, params, seed=None):
        cols, rows, strips = self.strips_for(params)
        return generator.generate(cols, rows, strips, seed)

    # --- file format and codecs ------------------------------------------------------
    def decode(self, data):
        return codec.decode(data)

    def encode(self, state):
        return codec.encode(state)

    def initial(self, state):
        return with_pieces(state, ())

    def parse_text(self, text):
        return codec.parse_text(text)

    def format_text(self, state):
        return codec.format_text(state)

    @staticmethod
    def move_from_json(value):
        return codec.move_from_json(value)

    # --- play --------------------------------------------------------------------------
    def apply(self, state, move):
        return model.apply(state, move)

    def check(self, state):
        return model.check(state)

    def is_solved(self, state):
        return model.is_solved(state)

    def hint(self, state: StripsState, time_limit: float | None = None):
        """A strip that is in no decomposition first (take it back), then a forced strip
        (explain.py), and only then a strip read off a decomposition.  Its searches take
        at most ``time_limit`` seconds together (HINT_TIME by default)."""
        if model.is_solved(state):
            return None
        clock = Clock(HINT_TIME if time_limit is None else time_limit)
        mine = run(solver.solve(state), UNIQUE, time_limit=clock.left())
        finishes = mine.solutions
        if not finishes:
            if not mine.complete:
                found = explain.deduce(state) if not model.check(state) else None
                return found[1] if found else None
            answers = run(solver.solve(self.initial(state)), FIRST, time_limit=clock.left()).solutions
            if not answers:
                return None
            right = set(answers[0])
            for piece in state.pieces:
                if piece not in right:
                    pattern, cells = piece
                    return Hint(
                        ("remove", pattern, cells),
                        f"The {pattern_text(pattern)} strip on {_where(cells)} is not part of the decomposition; "
                        "take it back.",
                        cells,
                    )
            return None
        found = explain.deduce(state)
        if found is not None:
            return found[1]
        todo = [p for p in finishes[0] if p not in state.pieces]
        todo.sort(key=lambda p: -len(p[1]))
        pattern, cells = todo[0]
        if len(finishes) == 1:
            text = f"{READ_OFF}: the only way to finish cuts {pattern_text(pattern)} on {_where(cells)}."
        else:
            text = (f"{READ_OFF}; this grid can be finished more than one way, and one of them cuts "
                    f"{pattern_text(pattern)} on {_where(cells)}.")
        return Hint(("place", pattern, cells), text, cells)

    def sure_move(self, state: StripsState):
        """The first forced strip (explain.py), as (name, Hint)."""
        if model.is_solved(state) or model.check(state):
            return None
        return explain.deduce(state)

    # --- aids: the player's entries, for core.aids ------------------------------------
    def entries(self, state: StripsState) -> dict:
        """Each strip the player cut: its cells (sorted) -> its pattern."""
        return {tuple(sorted(cells)): pattern for pattern, cells in state.pieces}

    def solution_entries(self, state, solution) -> dict:
        return {tuple(sorted(cells)): pattern for pattern, cells in solution}

    def keep_entries(self, state: StripsState, keys):
        keys = set(keys)
        return with_pieces(state, [p for p in state.pieces if tuple(sorted(p[1])) in keys])

    def entry_cells(self, state, key) -> tuple:
        return tuple(key)

    def entry_text(self, state, key, value) -> str:
        cells = next((c for p, c in state.pieces if tuple(sorted(c)) == key), key)
        return f"the {pattern_text(value)} strip on {_where(cells)}"

    # --- solving -------------------------------------------------------------------------
    def solve(self, state, trace=False):
        if model.fit_problem(state):
            return _nothing()  # no decomposition can exist: check() says why
        return solver.solve(state, trace)

    def count_solutions(self, state, should_stop=None):
        """Every decomposition ``solve`` would list (keeping the strips already cut),
        counted without listing them: count.py's sweep, forwards, on any strip set (see
        count.py on why not only where ``count.suits``).  None when more than
        count.MEMO_LIMIT states wait at once (a second or so in) or ``should_stop()``
        said so."""
        if model.fit_problem(state):
            return 0  # as solve: no decomposition can exist
        return count.count(state, should_stop=should_stop)

    def solution_moves(self, state, solution):
        wanted = set(solution)
        moves = [("remove", p, cells) for p, cells in state.pieces if (p, cells) not in wanted]
        have = set(state.pieces)
        todo = sorted((p for p in solution if p not in have), key=_showing_order)
        moves += [("place", p, cells) for p, cells in todo]
        return moves

    def solution_steps(self, state, solution):
        """Slide the strips in one by one, longest first."""
        steps = []
        for move in self.solution_moves(state, solution):
            action, pattern, cells = move
            if action == "remove":
                steps.append(Step("remove", move, f"Take back {pattern_text(pattern)} from {_where(cells)}.", cells))
            else:
                steps.append(Step("place", move, f"Slide in {pattern_text(pattern)} on {_where(cells)}.", cells))
        return steps

    def solution_json(self, solution):
        pieces = sorted(solution, key=_showing_order)
        return {"pieces": [{"pattern": p, "cells": [[x, y] for x, y in cells]} for p, cells in pieces]}

    def describe_result(self, result):
        return describe(result, "decomposition")


    # --- the setter's analysis (core.analysis) ------------------------------------------
    # A setter sets the grid and the strip set, and neither is a clue to take away or add
    # one at a time (a recoloured cell changes the colour counts the set must match), so
    # the kind keeps the default: no givens, no candidates.  The analysis says what the
    # grid makes: the capacity sentence, the decompositions and where two differ.

    def grade(self, state: StripsState, time_limit: float | None = None):
        """"easy" when the forced strips (explain.py) alone cut the whole grid, "hard"
        when a search is needed; there is no generator scale or Tatham game to match."""
        from puzzlegui.core.aids import sure_steps

        start = self.initial(state)
        moves, rules = sure_steps(self, start, time_limit=time_limit)
        solved = self.is_solved(self.apply_all(start, moves)) if moves else self.is_solved(start)
        if solved:
            hardest = "only place" if "only place" in rules else "only cover" if rules else ""
            return "easy", "", hardest, rules
        return "hard", "", "search", rules

    def contradiction(self, state: StripsState):
        """The capacity problem (the strips cannot hold the grid's cells or colours), else
        the first dead end the forced strips run into."""
        from puzzlegui.core.analysis import forced_contradiction

        problem = model.fit_problem(state)
        if problem:
            return problem, ()
        return forced_contradiction(self, self.initial(state))

    def analysis_facts(self, state: StripsState, result) -> dict:
        """The capacity sentence and the number of decompositions (a lower bound unless
        "decompositions_exact")."""
        return {
            "capacity": capacity_sentence(state),
            "decompositions": result.count,
            "decompositions_exact": bool(result.complete),
        }


def _nothing():
    yield Progress(0)


def _showing_order(piece):
    # longest first, then in reading order of the first cell
    _, cells = piece
    first = min(cells, key=lambda c: (c[1], c[0]))
    return (-len(cells), first[1], first[0])


KIND = StripsKind()


def capacity_sentence(state: StripsState) -> str:
    """Whether the strip set can cover the grid at all, in a sentence: fit_problem's
    reason when it cannot, else the counts that agree."""
    problem = model.fit_problem(state)
    if problem:
        return problem
    strips = state.strips
    black = sum(row.count("b") for row in state.colours)
    cells = state.cell_count
    if strips.exact:
        return (f"The strips cover exactly the grid's {cells} cells, {black} black and {cells - black} white, "
                "so the counts allow a decomposition.")
    return (f"The strips can cover up to {strips.cells} cells ({strips.black} black, {strips.white} white) "
            f"and the grid has {cells} ({black} black, {cells - black} white), so the counts allow a decomposition.")
