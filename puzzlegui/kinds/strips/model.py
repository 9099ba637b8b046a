"""The Strips state, its moves and its rules.  Pure: no Qt.

A state is the grid of colours (rows top-down, ``b``/``w``), an optional layer of
letters, the strip set, and the strips the player has cut so far.  A strip ("piece") is
``(pattern, cells)``: the canonical pattern and its cells in the order that spells it
(a palindrome keeps left-to-right / top-to-bottom order), so one strip has one spelling.

Moves::

    ("place", pattern, ((x, y), ...))    cut a strip (cells in a straight line)
    ("remove", pattern, ((x, y), ...))   take a strip back

Both are checked by ``apply``; the board asks ``placement_problem`` first so it can say
why a drag is refused without emitting a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from puzzlegui.core.kind import PuzzleError, Violation
from puzzlegui.core import text as words

from .stripset import StripSet, canonical, pattern_text

MAX_SIDE = 12  # grids up to 12x12: the exact-cover search stays interactive
NO_LETTER = "."
LETTER_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

Cell = tuple[int, int]
Piece = tuple[str, tuple[Cell, ...]]


def cell_name(cell: Cell) -> str:
    """A cell for sentences, counted from 1 like the rows and columns people see:
    "column 3, row 1" (core.text)."""
    return words.cell_name(cell)


@dataclass(frozen=True)
class StripsState:
    colours: tuple[str, ...]  # rows top-down, each a string of b/w
    strips: StripSet
    letters: tuple[str, ...] = ()  # () for none, else rows with "." where no letter
    pieces: tuple[Piece, ...] = ()  # the player's strips, in a canonical order

    @property
    def cols(self) -> int:
        return len(self.colours[0])

    @property
    def rows(self) -> int:
        return len(self.colours)

    @property
    def cell_count(self) -> int:
        return self.cols * self.rows

    def colour(self, cell: Cell) -> str:
        return self.colours[cell[1]][cell[0]]

    def letter(self, cell: Cell) -> str:
        """The cell's letter, or "" when none was entered."""
        if not self.letters:
            return ""
        ch = self.letters[cell[1]][cell[0]]
        return "" if ch == NO_LETTER else ch

    @property
    def has_letters(self) -> bool:
        return bool(self.letters)

    def cells(self):
        return [(x, y) for y in range(self.rows) for x in range(self.cols)]

    @cached_property
    def owner(self) -> dict[Cell, Piece]:
        """Which placed strip holds each cut cell."""
        return {c: piece for piece in self.pieces for c in piece[1]}

    @cached_property
    def used(self) -> dict[str, int]:
        """How many strips of each pattern are placed."""
        out: dict[str, int] = {}
        for pattern, _ in self.pieces:
            out[pattern] = out.get(pattern, 0) + 1
        return out

    def remaining(self, pattern: str) -> int:
        return self.strips.count(pattern) - self.used.get(pattern, 0)


def make_state(colours, strips: StripSet, letters=(), pieces=()) -> StripsState:
    """A state with letters and pieces normalised (no letters at all -> ())."""
    colours = tuple(colours)
    letters = tuple(letters)
    if letters and all(set(row) <= {NO_LETTER} for row in letters):
        letters = ()
    return StripsState(colours, strips, letters, sort_pieces(pieces))


def sort_pieces(pieces) -> tuple[Piece, ...]:
    # one order for any order of moves, so equal positions compare equal
    return tuple(sorted(pieces, key=lambda p: sorted(p[1])))


def with_pieces(state: StripsState, pieces) -> StripsState:
    return StripsState(state.colours, state.strips, state.letters, sort_pieces(pieces))


# --- strips on the grid -----------------------------------------------------------------
def read(state_or_colours, cells) -> str:
    """The colours along ``cells``."""
    colours = state_or_colours.colours if isinstance(state_or_colours, StripsState) else state_or_colours
    return "".join(colours[y][x] for x, y in cells)


def straight(cells) -> tuple[Cell, ...] | None:
    """``cells`` in left-to-right or top-to-bottom order if they form one unbroken
    straight line, else None."""
    ordered = tuple(sorted(set(cells)))
    if len(ordered) != len(cells) or not ordered:
        return None
    if len(ordered) == 1:
        return ordered
    xs = {c[0] for c in ordered}
    ys = {c[1] for c in ordered}
    if len(ys) == 1 and all(ordered[i + 1][0] - ordered[i][0] == 1 for i in range(len(ordered) - 1)):
        return ordered
    if len(xs) == 1:
        ordered = tuple(sorted(ordered, key=lambda c: c[1]))
        if all(ordered[i + 1][1] - ordered[i][1] == 1 for i in range(len(ordered) - 1)):
            return ordered
    return None


def spelled(colours, cells) -> Piece:
    """The strip on straight ``cells``: canonical pattern, cells in spelling order."""
    text = read(colours, cells)
    pattern = canonical(text)
    return (pattern, tuple(cells) if text == pattern else tuple(reversed(cells)))


def snap(start: Cell, end: Cell, longest: int, cols: int, rows: int) -> tuple[Cell, ...]:
    """The straight strip a drag from ``start`` towards ``end`` cuts: along the axis
    the pointer moved further on, at most ``longest`` cells, clipped to the grid."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    longest = max(1, longest)
    if dx == 0 and dy == 0:
        return (start,)
    if abs(dx) >= abs(dy):
        step = (1 if dx > 0 else -1, 0)
        n = min(abs(dx), longest - 1)
    else:
        step = (0, 1 if dy > 0 else -1)
        n = min(abs(dy), longest - 1)
    cells = []
    for i in range(n + 1):
        x, y = start[0] + step[0] * i, start[1] + step[1] * i
        if not (0 <= x < cols and 0 <= y < rows):
            break
        cells.append((x, y))
    return tuple(cells)


def placement_problem(state: StripsState, cells) -> str | None:
    """Why cutting a strip on ``cells`` is refused, or None if it is allowed."""
    line = straight(cells)
    if line is None:
        return "A strip is one unbroken straight line of cells."
    for c in line:
        if not (0 <= c[0] < state.cols and 0 <= c[1] < state.rows):
            return f"The cell at {cell_name(c)} is outside the grid."
    for c in line:
        if c in state.owner:
            return f"The cell at {cell_name(c)} is already in a strip; click that strip to take it back first."
    pattern = canonical(read(state, line))
    allowed = state.strips.count(pattern)
    if allowed == 0:
        if len(line) > state.strips.max_length:
            return f"Strips are at most {words.plural(state.strips.max_length, 'cell')} long in this puzzle."
        return f"No strip in this set has the pattern {pattern_text(pattern)}."
    if state.remaining(pattern) <= 0:
        if allowed == 1:
            return f"The {pattern_text(pattern)} strip is already used."
        return f"All {words.number(allowed)} {pattern_text(pattern)} strips are already used."
    return None


def _cells_of(value, what: str) -> tuple[Cell, ...]:
    if not isinstance(value, tuple | list) or not value:
        raise PuzzleError(f"The {what} needs a list of cells.")
    out = []
    for c in value:
        if (
            not isinstance(c, tuple | list)
            or len(c) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in c)
        ):
            raise PuzzleError(f"The {what} has a cell {c!r:.30} that is not a pair of whole numbers.")
        out.append((c[0], c[1]))
    return tuple(out)


def apply(state: StripsState, move) -> StripsState:
    """The state after ``move``; PuzzleError saying why if it is not legal."""
    if not isinstance(move, tuple | list) or len(move) != 3 or move[0] not in ("place", "remove"):
        raise PuzzleError(f"{move!r:.60} is not a Strips move (place or remove a strip).")
    action, pattern, raw = move
    if not isinstance(pattern, str):
        raise PuzzleError(f"The strip's pattern must be text like 'wbw', not {pattern!r:.30}.")
    cells = _cells_of(raw, "strip")
    if action == "remove":
        target = frozenset(cells)
        for piece in state.pieces:
            if frozenset(piece[1]) == target:
                return with_pieces(state, [p for p in state.pieces if p is not piece])
        raise PuzzleError(f"There is no strip on {cell_name(cells[0])} to take back.")
    problem = placement_problem(state, cells)
    if problem:
        raise PuzzleError(problem)
    piece = spelled(state.colours, straight(cells))
    if canonical(pattern.lower()) != piece[0]:
        raise PuzzleError(f"Those cells read {pattern_text(piece[0])}, not {pattern_text(pattern)}.")
    return with_pieces(state, state.pieces + (piece,))


# --- where strips can go --------------------------------------------------------------
def placements(colours, strips: StripSet) -> list[Piece]:
    """Every way to lay a strip of the set on the grid, matching its colours.

    A 1x1 has one placement per cell; longer strips lie across or down."""
    rows, cols = len(colours), len(colours[0])
    lengths = sorted({len(p) for p in strips.patterns})
    table = strips.table
    out: list[Piece] = []
    for length in lengths:
        directions = ((1, 0),) if length == 1 else ((1, 0), (0, 1))
        for dx, dy in directions:
            for y in range(rows - dy * (length - 1)):
                row = colours[y]
                for x in range(cols - dx * (length - 1)):
                    cells = tuple((x + dx * i, y + dy * i) for i in range(length))
                    text = row[x : x + length] if dy == 0 else "".join(colours[y + i][x] for i in range(length))
                    back = text[::-1]
                    if back > text:
                        text, cells = back, cells[::-1]
                    if text in table:
                        out.append((text, cells))
    return out


def open_placements(state: StripsState) -> list[Piece]:
    """Placements still possible: on uncut cells, of patterns not used up."""
    owner = state.owner
    return [
        p
        for p in placements(state.colours, state.strips)
        if state.remaining(p[0]) > 0 and not any(c in owner for c in p[1])
    ]


def fit_problem(state: StripsState) -> str | None:
    """Why the grid can never be cut into its strip set (too many cells, or too many
    of one colour for the strips), or None when the counts allow it."""
    black = sum(row.count("b") for row in state.colours)
    return state.strips.fit_problem(state.cell_count, black)


def check(state: StripsState) -> list[Violation]:
    """Broken rules: a grid whose cell or colour counts the strip set cannot hold (no
    decomposition exists, whatever is cut), then dead ends in the player's cutting:
    uncut cells no remaining strip can cover, and (when every strip must be used)
    strips left without room."""
    problem = fit_problem(state)
    if problem:
        return [Violation((), problem)]
    options = open_placements(state)
    covered: dict[Cell, int] = {}
    per_pattern: dict[str, int] = {}
    for pattern, cells in options:
        per_pattern[pattern] = per_pattern.get(pattern, 0) + 1
        for c in cells:
            covered[c] = covered.get(c, 0) + 1
    out = []
    stuck = tuple(c for c in state.cells() if c not in state.owner and c not in covered)
    if stuck:
        out.append(Violation(stuck, "No strip that is left fits here."))
    if state.strips.exact:
        for pattern, _ in state.strips.counts:
            need = state.remaining(pattern)
            if need > per_pattern.get(pattern, 0):
                out.append(Violation((), f"There is no room left for the {pattern_text(pattern)} strip."))
    return out


def is_solved(state: StripsState) -> bool:
    if len(state.owner) != state.cell_count:
        return False
    for pattern, n in state.strips.counts:
        used = state.used.get(pattern, 0)
        if used > n or (state.strips.exact and used != n):
            return False
    return all(p in state.strips.table for p in state.used)
