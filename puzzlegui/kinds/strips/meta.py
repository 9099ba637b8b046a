"""The meta-puzzle of MUMS 2010 "Black and White": a feature of the set of 25 grids.  Pure.

Each of the 25 grids is cut with exactly one 1x1 strip, and no two grids have it in the
same place; so the 25 single cells, each keeping its colour and position, fill one more
5x5 grid.  Cut that one too: the letters in its all-black strips, read top to bottom and
left to right, are the answer (DOMINO).  The article that transcribes the grids gives no
letters except the message the single cells spell, so where letters are missing this
says which cells they are needed for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlegui.core import files
from puzzlegui.core.kind import PuzzleError

from . import solver
from .model import Cell, Piece, StripsState, cell_name, make_state

GRID_NAMES = tuple(f"strips-mums-2010-{i:02d}" for i in range(1, 26))
FINAL_NAME = "strips-mums-2010-final"
SHEET = 5  # the grids sit on a 5x5 sheet, grid 1 top left, read row by row


@dataclass(frozen=True)
class SolvedGrid:
    number: int  # 1..25, its place on the sheet in reading order
    state: StripsState
    pieces: tuple[Piece, ...]  # its decomposition ((), if it has none or several)
    count: int  # how many decompositions it has
    single: Cell | None  # where its 1x1 strip lies
    colour: str  # that cell's colour
    letter: str  # that cell's letter ("" if none entered)

    @property
    def sheet_position(self) -> tuple[int, int]:
        return ((self.number - 1) % SHEET, (self.number - 1) // SHEET)


@dataclass(frozen=True)
class MetaResult:
    grids: tuple[SolvedGrid, ...]
    problem: str = ""  # why the final grid could not be built or cut ("" when fine)
    final: StripsState | None = None  # the grid built from the single cells
    final_pieces: tuple[Piece, ...] = ()
    black_strips: tuple[Piece, ...] = ()  # its strips with only black cells
    letters: dict = field(default_factory=dict)  # final grid cell -> letter, where known
    message: str = ""  # the single cells' letters in grid order ("" unless all known)
    answer: str = ""  # letters of the black strips in reading order ("" unless all known)
    missing: tuple[Cell, ...] = ()  # black-strip cells whose letter is unknown

    @property
    def answer_cells(self) -> tuple[Cell, ...]:
        return tuple(sorted((c for _, cells in self.black_strips for c in cells), key=lambda c: (c[1], c[0])))

    def summary(self) -> str:
        """What the meta-puzzle found, in sentences for the dialog and the tests."""
        if self.problem:
            return self.problem
        n = len(self.black_strips)
        cells = len(self.answer_cells)
        said = f"The final grid cuts into {n} all-black strip{'s' if n != 1 else ''} ({cells} cells)."
        if self.answer:
            return f"{said} Their letters, top to bottom, read {self.answer}."
        where = "; ".join(cell_name(c) for c in self.missing)
        sources = [g.number for g in self.grids if g.single in self.missing]
        grids = ", ".join(f"{k:02d}" for k in sorted(sources))
        return (
            f"{said} Enter the letters to read the answer: the final grid needs letters at {where} "
            f"(the 1x1 cells of grids {grids})."
        )


def load_set() -> tuple[list[StripsState], StripsState]:
    """The 25 built-in grids and the built-in final grid."""
    grids = [files.load_builtin(name).state for name in GRID_NAMES]
    final = files.load_builtin(FINAL_NAME).state
    return grids, final


_seed_colours: frozenset | None = None


def is_seed_grid(state: StripsState) -> bool:
    """Whether ``state`` has the colours of one of the 26 seed grids (so the board
    offers the meta-puzzle)."""
    global _seed_colours
    if _seed_colours is None:
        try:
            grids, final = load_set()
        except PuzzleError:
            _seed_colours = frozenset()
        else:
            _seed_colours = frozenset(g.colours for g in grids + [final])
    return state.colours in _seed_colours


def solve_grid(number: int, state: StripsState) -> SolvedGrid:
    start = make_state(state.colours, state.strips, state.letters)
    found = solver.solutions(start, 2)
    if len(found) != 1:
        return SolvedGrid(number, start, (), len(found), None, "", "")
    pieces = found[0]
    singles = [cells[0] for _, cells in pieces if len(cells) == 1]
    single = singles[0] if len(singles) == 1 else None
    colour = start.colour(single) if single else ""
    letter = start.letter(single) if single else ""
    return SolvedGrid(number, start, pieces, 1, single, colour, letter)


def solve_meta(grids, final: StripsState | None = None) -> MetaResult:
    """Solve the 25 grids, build the final grid from their 1x1 cells, cut it and read
    its black strips.  ``final`` (the built-in final grid) supplies letters that the 25
    grids do not have."""
    solved = tuple(solve_grid(k, g) for k, g in enumerate(grids, start=1))
    for g in solved:
        if g.count != 1:
            how = "no decomposition" if g.count == 0 else "more than one decomposition"
            return MetaResult(solved, problem=f"Grid {g.number:02d} has {how}, so its 1x1 cell is not known.")
        if g.single is None:
            return MetaResult(solved, problem=f"Grid {g.number:02d} is not cut with exactly one 1x1 strip.")
    size = solved[0].state.cols, solved[0].state.rows
    if any((g.state.cols, g.state.rows) != size for g in solved) or len(solved) != size[0] * size[1]:
        return MetaResult(solved, problem="The meta-puzzle needs one grid per cell, all of the same size.")
    colour: dict[Cell, str] = {}
    letters: dict[Cell, str] = {}
    for g in solved:
        if g.single in colour:
            first = next(h for h in solved if h.single == g.single)
            return MetaResult(
                solved,
                problem=f"Grids {first.number:02d} and {g.number:02d} both have their 1x1 cell at {cell_name(g.single)}.",
            )
        colour[g.single] = g.colour
        if g.letter:
            letters[g.single] = g.letter
    cols, rows = size
    built = tuple("".join(colour[(x, y)] for x in range(cols)) for y in range(rows))
    if final is not None:
        if final.colours != built:
            return MetaResult(solved, problem="The 1x1 cells do not build the given final grid.")
        for c in final.cells():
            if c not in letters and final.letter(c):
                letters[c] = final.letter(c)
    strips = solved[0].state.strips if final is None else final.strips
    rows_letters = tuple("".join(letters.get((x, y), ".") for x in range(cols)) for y in range(rows))
    final_state = make_state(built, strips, rows_letters)
    found = solver.solutions(final_state, 2)
    if len(found) != 1:
        how = "no decomposition" if not found else "more than one decomposition"
        return MetaResult(solved, problem=f"The final grid has {how}.", final=final_state, letters=letters)
    pieces = found[0]
    black = tuple(p for p in pieces if set(p[0]) == {"b"})
    answer_cells = sorted((c for _, cells in black for c in cells), key=lambda c: (c[1], c[0]))
    missing = tuple(c for c in answer_cells if c not in letters)
    answer = "" if missing else "".join(letters[c] for c in answer_cells)
    message = "".join(g.letter for g in solved) if all(g.letter for g in solved) else ""
    if not message and len(letters) == len(built) * cols:
        message = "".join(letters[g.single] for g in solved)
    return MetaResult(solved, "", final_state, pieces, black, letters, message, answer, missing)
