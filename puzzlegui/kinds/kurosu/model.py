"""The Kurosu board: an immutable state, the moves on it, and the rule check.

Cells hold -1 (empty), 1 (X) or 0 (O), row by row from the top left.  Moves:

* ``("set", x, y, v)``   put X (1) or O (0) in a cell, or empty it (-1);
* ``("mark", x, y, m)``  the pencil marks of a cell: 0 none, 1 "maybe X", 2 "maybe O", 3 both;
* ``("clear", ((x, y), ...))``  empty several cells at once (the search taking a guess back).

Given cells never change.  Pencil marks are kept under a symbol and show again when
the symbol is taken out.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegui.core.kind import PuzzleError, Violation
from puzzlegui.core.text import cell_name

MIN_SIZE = 4
MAX_SIZE = 40
SYMBOL = {1: "X", 0: "O"}


@dataclass(frozen=True)
class KurosuState:
    width: int
    height: int
    unique: bool  # the extra rule: no two rows and no two columns alike
    givens: tuple  # -1 / 0 / 1 per cell, row-major: the puzzle as given
    cells: tuple  # the givens plus the player's symbols
    marks: tuple  # pencil marks per cell (bit 1: X, bit 2: O)

    @classmethod
    def new(cls, width: int, height: int, givens, unique: bool = False) -> KurosuState:
        givens = tuple(givens)
        return cls(width, height, bool(unique), givens, givens, (0,) * len(givens))

    def at(self, x: int, y: int) -> int:
        return self.cells[y * self.width + x]

    def given_at(self, x: int, y: int) -> int:
        return self.givens[y * self.width + x]

    def is_given(self, x: int, y: int) -> bool:
        return self.givens[y * self.width + x] >= 0

    def mark_at(self, x: int, y: int) -> int:
        return self.marks[y * self.width + x]

    def rows(self) -> list[str]:
        """The cells as text rows: "1" X, "0" O, "." empty."""
        chars = {-1: ".", 0: "0", 1: "1"}
        W = self.width
        return ["".join(chars[v] for v in self.cells[y * W : (y + 1) * W]) for y in range(self.height)]

    @property
    def empty_count(self) -> int:
        return self.cells.count(-1)


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cell(state: KurosuState, x, y) -> int:
    if not (_int(x) and _int(y)):
        raise PuzzleError("A cell position must be two whole numbers.")
    if not (0 <= x < state.width and 0 <= y < state.height):
        raise PuzzleError(
            f"The cell at {cell_name((x, y))} is outside the {state.width}x{state.height} board."
        )
    return y * state.width + x


def apply(state: KurosuState, move) -> KurosuState:
    """The state after ``move``; PuzzleError for anything that is not a legal move."""
    return apply_all(state, (move,))


def apply_all(state: KurosuState, moves) -> KurosuState:
    """The state after ``moves`` in turn, the board copied once: a 40x40 solution applied
    as one step is 1,600 moves, and copying the board for each took ~20 ms.  The state
    itself when nothing changed; PuzzleError (and no state) at the first illegal move."""
    cells = list(state.cells)
    marks = list(state.marks)
    for move in moves:
        _edit(state, cells, marks, move)
    cells, marks = tuple(cells), tuple(marks)
    if cells == state.cells and marks == state.marks:
        return state
    return KurosuState(state.width, state.height, state.unique, state.givens, cells, marks)


def _edit(state: KurosuState, cells: list, marks: list, move) -> None:
    """Make ``move`` on the lists ``cells`` and ``marks`` (the state's, being edited);
    ``state`` gives the size and the givens, which no move changes."""
    if not isinstance(move, tuple | list) or not move:
        raise PuzzleError(f"{move!r:.60} is not a Kurosu move.")
    verb = move[0]
    if verb == "set" and len(move) == 4:
        _, x, y, v = move
        index = _cell(state, x, y)
        if not _int(v) or v not in (-1, 0, 1):
            raise PuzzleError(f"A cell holds X (1), O (0) or nothing (-1), not {v!r:.20}.")
        if state.givens[index] >= 0:
            if v != state.givens[index]:
                raise PuzzleError(f"The cell at {cell_name((x, y))} is given and cannot change.")
            return
        cells[index] = v
        return
    if verb == "mark" and len(move) == 4:
        _, x, y, m = move
        index = _cell(state, x, y)
        if not _int(m) or not 0 <= m <= 3:
            raise PuzzleError(f"Pencil marks are a number from 0 to 3, not {m!r:.20}.")
        if state.givens[index] >= 0:
            raise PuzzleError(f"The cell at {cell_name((x, y))} is given; it takes no pencil marks.")
        marks[index] = m
        return
    if verb == "clear" and len(move) == 2 and isinstance(move[1], tuple | list):
        for pos in move[1]:
            if not isinstance(pos, tuple | list) or len(pos) != 2:
                raise PuzzleError(f"{pos!r:.30} is not a cell position.")
            index = _cell(state, pos[0], pos[1])
            if state.givens[index] >= 0:
                raise PuzzleError(
                    f"The cell at {cell_name(pos)} is given and cannot be emptied."
                )
            cells[index] = -1
        return
    raise PuzzleError(f"{move!r:.60} is not a Kurosu move.")


def _line_values(state: KurosuState, L: int):
    """(cells, values) of line L: rows 0..H-1, then columns."""
    W, H = state.width, state.height
    if L < H:
        cells = [(x, L) for x in range(W)]
    else:
        cells = [(L - H, y) for y in range(H)]
    return cells, [state.cells[y * W + x] for x, y in cells]


def line_label(state: KurosuState, L: int, capital: bool = True) -> str:
    H = state.height
    word = "Row" if L < H else "Column"
    if not capital:
        word = word.lower()
    return f"{word} {L + 1 if L < H else L - H + 1}"


def check(state: KurosuState) -> list[Violation]:
    """Every broken rule: three in a row, a line over its quota, copies of lines."""
    out = []
    H = state.height
    complete: dict = {}
    for L in range(state.height + state.width):
        cells, values = _line_values(state, L)
        n = len(values)
        name = line_label(state, L)
        # runs of three or more equal symbols
        start = 0
        while start < n:
            end = start
            while end + 1 < n and values[end + 1] == values[start]:
                end += 1
            if values[start] >= 0 and end - start >= 2:
                out.append(Violation(
                    tuple(cells[start : end + 1]),
                    f"{name}: {end - start + 1} {SYMBOL[values[start]]} in a row.",
                ))
            start = end + 1
        for s in (1, 0):
            count = values.count(s)
            if count > n // 2:
                out.append(Violation(
                    tuple(c for c, v in zip(cells, values, strict=True) if v == s),
                    f"{name} has {count} {SYMBOL[s]}; it holds {n // 2}.",
                ))
        if state.unique and -1 not in values:
            key = (L < H, tuple(values))
            if key in complete:
                M = complete[key]
                other, _ = _line_values(state, M)
                out.append(Violation(
                    tuple(other) + tuple(cells),
                    f"{line_label(state, M)} and {line_label(state, L, False)} are the same.",
                ))
            else:
                complete[key] = L
    return out


def is_solved(state: KurosuState) -> bool:
    return -1 not in state.cells and not check(state)
