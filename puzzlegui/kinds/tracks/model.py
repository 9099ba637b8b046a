"""Tracks: the puzzle, the player's state, moves and the rule check.  No Qt.

A puzzle is a W x H grid with a start cell A and a finish cell B.  The answer is one
track: a path of orthogonally adjacent cells from A to B that never visits a cell twice.
Every column has a count of track cells; every row has one count, or, when the board is
split (the MUMS 2008 board), one count for its left part and one for its right part.
Counts may be blank.  A and B may each be attached to an outer edge (Simon Tatham's
entrance on the left, exit at the bottom); such a stub is drawn but does not count as a
connection inside the grid, so A and B always have exactly one track connection inside.

The player's state is the set of track edges between adjacent cells, the set of cells
marked "no track", and Tatham's two other notes: edges crossed out ("the track does not
pass here") and cells dotted ("the track passes here").  The notes are the player's
reasoning; the rule check reads only the track.  Given pieces (fixed track) are part of
every state and cannot be taken up.

Coordinates are (x, y) with x from the left and y from the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from puzzlegui.core import text
from puzzlegui.core.kind import PuzzleError

MIN_SIZE = 4
MAX_SIZE = 30

# Direction bits, as in Tatham's game IDs.
R, U, L, D = 1, 2, 4, 8
DELTA = {R: (1, 0), U: (0, -1), L: (-1, 0), D: (0, 1)}
OPPOSITE = {R: L, L: R, U: D, D: U}
LETTER = {R: "R", U: "U", L: "L", D: "D"}
BIT = {"R": R, "U": U, "L": L, "D": D}
EDGE_WORD = {L: "left", R: "right", U: "top", D: "bottom"}
WORD_EDGE = {v: k for k, v in EDGE_WORD.items()}
DIR_WORD = {R: "right", U: "up", L: "left", D: "down"}
PIECE_ORDER = "LRUD"  # letters of a piece are written in this order ("LR", "LU", "RD")

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]


def piece_letters(mask: int) -> str:
    return "".join(c for c in PIECE_ORDER if mask & BIT[c])


def bit_count(mask: int) -> int:
    return (mask).bit_count()


def edge_key(a: Cell, b: Cell) -> Edge:
    """The canonical (sorted) form of the edge between two adjacent cells."""
    return (a, b) if a <= b else (b, a)


def direction(a: Cell, b: Cell) -> int:
    """The direction bit from cell a to the adjacent cell b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    for bit, (ddx, ddy) in DELTA.items():
        if (dx, dy) == (ddx, ddy):
            return bit
    raise ValueError("cells are not adjacent")


def _there_are(n: int, word: str) -> str:
    """"There is 1 row count" or "There are 3 row counts"."""
    return f"{'There is' if n == 1 else 'There are'} {text.plural(n, word)}"


def cell_name(c: Cell) -> str:
    """A cell for sentences, counted from 1: "column 3, row 1" (core.text)."""
    return text.cell_name(c)


@dataclass(frozen=True)
class Puzzle:
    """The puzzle as given.  Counts are None where blank."""

    width: int
    height: int
    columns: tuple  # W counts, top clues
    rows: tuple  # H counts: whole rows, or the left parts when split
    start: Cell
    finish: Cell
    split: int | None = None  # first column of the right part of each row
    rows_right: tuple | None = None  # H counts of the right parts when split
    start_edge: int | None = None  # direction bit of the outer edge A is attached to
    finish_edge: int | None = None
    fixed: tuple = ()  # ((cell, mask), ...) sorted by cell; mask has two direction bits
    symbols: tuple | None = None  # H rows of W strings ("" for empty), or None

    # --- derived data, computed once -------------------------------------------------
    @cached_property
    def fixed_map(self) -> dict:
        return dict(self.fixed)

    @cached_property
    def fixed_edges(self) -> frozenset:
        """Track edges inside the grid that the given pieces fix."""
        out = set()
        for (x, y), mask in self.fixed:
            for bit, (dx, dy) in DELTA.items():
                if mask & bit:
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < self.width and 0 <= ny < self.height:
                        out.add(edge_key((x, y), (nx, ny)))
        return frozenset(out)

    @cached_property
    def lines(self) -> tuple:
        """Every counted line: (cells, count, clue position, name).

        Columns first (clue above the grid at y = -1), then rows or row parts: a whole
        row's clue sits right of the grid (x = W); a split row's left clue at x = -1 and
        its right clue at x = W, as on the MUMS board."""
        out = []
        w, h = self.width, self.height
        for x in range(w):
            out.append((tuple((x, y) for y in range(h)), self.columns[x], (x, -1), f"column {x + 1}"))
        for y in range(h):
            if self.split is None:
                out.append((tuple((x, y) for x in range(w)), self.rows[y], (w, y), f"row {y + 1}"))
            else:
                s = self.split
                out.append((tuple((x, y) for x in range(s)), self.rows[y], (-1, y), f"the left part of row {y + 1}"))
                out.append(
                    (tuple((x, y) for x in range(s, w)), self.rows_right[y], (w, y), f"the right part of row {y + 1}")
                )
        return tuple(out)

    @property
    def has_symbols(self) -> bool:
        return self.symbols is not None and any(s for row in self.symbols for s in row)

    def in_grid(self, c: Cell) -> bool:
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def is_end(self, c: Cell) -> bool:
        return c == self.start or c == self.finish

    def message(self, path) -> str:
        """The symbols under the path, every other cell '-', rows joined by newlines."""
        if self.symbols is None:
            return ""
        on = set(path)
        lines = []
        for y, row in enumerate(self.symbols):
            lines.append("".join(s if (x, y) in on and s else "-" for x, s in enumerate(row)))
        return "\n".join(lines)


@dataclass(frozen=True)
class State:
    """The puzzle plus the player's track edges (given ones included), marks and notes."""

    puzzle: Puzzle
    edges: frozenset = field(default_factory=frozenset)  # canonical edges
    marks: frozenset = field(default_factory=frozenset)  # cells marked "no track"
    blocks: frozenset = field(default_factory=frozenset)  # canonical edges crossed out: "no track here"
    dots: frozenset = field(default_factory=frozenset)  # cells dotted: "the track passes here"

    def but(self, **changes) -> "State":
        """This state with some of its sets replaced (the others carried over)."""
        parts = {"edges": self.edges, "marks": self.marks, "blocks": self.blocks, "dots": self.dots}
        parts.update(changes)
        return State(self.puzzle, **parts)

    @cached_property
    def mask(self) -> dict:
        """Direction bits of track around each cell that has any."""
        out: dict = {}
        for a, b in self.edges:
            out[a] = out.get(a, 0) | direction(a, b)
            out[b] = out.get(b, 0) | direction(b, a)
        return out

    @cached_property
    def track_cells(self) -> frozenset:
        """Cells known to be on the track: any with track, A, B and given pieces."""
        p = self.puzzle
        cells = set(self.mask)
        cells.add(p.start)
        cells.add(p.finish)
        cells.update(c for c, _ in p.fixed)
        return frozenset(cells)

    @cached_property
    def path_from_start(self) -> tuple:
        """Cells along the track from A while it runs unbranched (A first)."""
        p = self.puzzle
        mask = self.mask
        path = [p.start]
        seen = {p.start}
        prev = None
        cur = p.start
        while True:
            m = mask.get(cur, 0)
            nexts = []
            for bit, (dx, dy) in DELTA.items():
                if m & bit:
                    n = (cur[0] + dx, cur[1] + dy)
                    if n != prev:
                        nexts.append(n)
            if len(nexts) != 1 or nexts[0] in seen:
                break
            prev, cur = cur, nexts[0]
            path.append(cur)
            seen.add(cur)
            if cur == p.finish:
                break
        return tuple(path)

    @property
    def path_complete(self) -> bool:
        """True when an unbranched track runs from A to B."""
        path = self.path_from_start
        return len(path) > 1 and path[-1] == self.puzzle.finish

    def line_count(self, cells) -> int:
        tc = self.track_cells
        return sum(1 for c in cells if c in tc)

    def message(self) -> str:
        return self.puzzle.message(self.path_from_start) if self.path_complete else ""


# --- moves ---------------------------------------------------------------------------
def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _adjacent_pair(p: Puzzle, move, what: str, meaning: str):
    """The two cells and the 0/1 of an ("edge" or "block", x1, y1, x2, y2, 1|0) move;
    ``meaning`` says what 1 and 0 do, for the message."""
    if len(move) != 6 or not all(_int(v) for v in move[1:]):
        raise PuzzleError(f'{what} move is ("{move[0]}", x1, y1, x2, y2, 1 or 0).')
    a, b, on = (move[1], move[2]), (move[3], move[4]), move[5]
    if on not in (0, 1):
        raise PuzzleError(f"The last number of {what[0].lower()}{what[1:]} move is {meaning}.")
    for c in (a, b):
        if not p.in_grid(c):
            raise PuzzleError(f"The cell at {cell_name(c)} is outside the {p.width}x{p.height} grid.")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise PuzzleError(f"The cells at {cell_name(a)} and {cell_name(b)} are not side by side.")
    return a, b, on


def _one_cell(p: Puzzle, move, what: str, meaning: str):
    """The cell and the 0/1 of a ("mark" or "dot", x, y, 1|0) move."""
    if len(move) != 4 or not all(_int(v) for v in move[1:]):
        raise PuzzleError(f'{what} move is ("{move[0]}", x, y, 1 or 0).')
    c, on = (move[1], move[2]), move[3]
    if on not in (0, 1):
        raise PuzzleError(f"The last number of {what[0].lower()}{what[1:]} move is {meaning}.")
    if not p.in_grid(c):
        raise PuzzleError(f"The cell at {cell_name(c)} is outside the {p.width}x{p.height} grid.")
    return c, on


def apply(state: State, move) -> State:
    """The state after ``move``; PuzzleError with a sentence if it is not legal.

    Moves:  ("edge", x1, y1, x2, y2, 1|0)   lay / take up track between adjacent cells
            ("mark", x, y, 1|0)             mark / unmark a cell as "no track"
            ("block", x1, y1, x2, y2, 1|0)  cross out / restore the edge between two cells
            ("dot", x, y, 1|0)              dot / undot a cell as "the track passes here"
            ("clear",)                      take up all the player's track, marks and notes
    The newer intent wins: laying track on a crossed-out edge or a marked cell removes the
    cross or the mark, a dot removes a mark and a mark removes a dot.  Crossing out an edge
    that has track, or marking a cell that has track, is refused: take the track up first."""
    p = state.puzzle
    if not isinstance(move, tuple | list) or not move or not isinstance(move[0], str):
        raise PuzzleError(f"{move!r:.60} is not a Tracks move.")
    op = move[0]
    if op == "clear":
        if len(move) != 1:
            raise PuzzleError('The "clear" move takes no arguments.')
        return State(p, p.fixed_edges, frozenset())
    if op == "edge":
        a, b, on = _adjacent_pair(p, move, 'An "edge"', "1 (lay track) or 0 (take it up)")
        key = edge_key(a, b)
        if on:
            if key in state.edges:
                return state
            fixed = p.fixed_map
            for c, other in ((a, b), (b, a)):
                if c in fixed and not fixed[c] & direction(c, other):
                    raise PuzzleError(f"The given piece at {cell_name(c)} does not point that way.")
            return state.but(edges=state.edges | {key}, marks=state.marks - {a, b}, blocks=state.blocks - {key})
        if key not in state.edges:
            return state
        if key in p.fixed_edges:
            raise PuzzleError("That piece of track is given and cannot be taken up.")
        return state.but(edges=state.edges - {key})
    if op == "block":
        a, b, on = _adjacent_pair(p, move, 'A "block"', "1 (cross the edge out) or 0 (remove the cross)")
        key = edge_key(a, b)
        if not on:
            return state.but(blocks=state.blocks - {key}) if key in state.blocks else state
        if key in state.blocks:
            return state
        if key in p.fixed_edges:
            raise PuzzleError(f"The given track runs between {cell_name(a)} and {cell_name(b)}.")
        if key in state.edges:
            raise PuzzleError(f"There is track between {cell_name(a)} and {cell_name(b)}; take it up before crossing it out.")
        return state.but(blocks=state.blocks | {key})
    if op == "mark":
        c, on = _one_cell(p, move, 'A "mark"', "1 (mark) or 0 (unmark)")
        if on:
            if c in state.marks:
                return state
            if c == p.start or c == p.finish:
                raise PuzzleError("The track always passes through A and B.")
            if c in p.fixed_map:
                raise PuzzleError(f"The cell at {cell_name(c)} holds a given piece of track.")
            if c in state.mask:
                raise PuzzleError(f"The cell at {cell_name(c)} has track; take it up before marking it.")
            return state.but(marks=state.marks | {c}, dots=state.dots - {c})
        if c not in state.marks:
            return state
        return state.but(marks=state.marks - {c})
    if op == "dot":
        c, on = _one_cell(p, move, 'A "dot"', "1 (dot) or 0 (remove the dot)")
        if not on:
            return state.but(dots=state.dots - {c}) if c in state.dots else state
        if c in state.dots:
            return state
        if c == p.start or c == p.finish or c in p.fixed_map:
            raise PuzzleError(f"The track is known to pass through {cell_name(c)}: it needs no dot.")
        return state.but(dots=state.dots | {c}, marks=state.marks - {c})
    raise PuzzleError(f'"{op[:20]}" is not a Tracks move (they are "edge", "mark", "block", "dot" and "clear").')


# --- the rule check --------------------------------------------------------------------
def _loop_cells(state: State) -> set:
    """Cells on closed loops: what is left after peeling off dead ends repeatedly."""
    deg = {c: bit_count(m) for c, m in state.mask.items()}
    nbrs = {c: [(c[0] + dx, c[1] + dy) for bit, (dx, dy) in DELTA.items() if m & bit] for c, m in state.mask.items()}
    stack = [c for c, d in deg.items() if d <= 1]
    while stack:
        c = stack.pop()
        if deg.get(c, 0) < 0:
            continue
        for n in nbrs[c]:
            if deg.get(n, -1) > 0:
                deg[n] -= 1
                if deg[n] == 1:
                    stack.append(n)
        deg[c] = -1
    return {c for c, d in deg.items() if d >= 2}


def check(state: State) -> list:
    """Broken rules so far, each with the cells to show and a short reason."""
    from puzzlegui.core.kind import Violation

    p = state.puzzle
    out = []
    for c, m in sorted(state.mask.items()):
        limit = 1 if p.is_end(c) else 2
        n = bit_count(m)
        if n > limit:
            if p.is_end(c):
                who = "A" if c == p.start else "B"
                out.append(Violation((c,), f"the track meets {who} from {n} sides; it must have one"))
            else:
                out.append(Violation((c,), f"{n} pieces of track meet at {cell_name(c)}"))
    loop = _loop_cells(state)
    if loop:
        out.append(Violation(tuple(sorted(loop)), "the track closes a loop"))
    complete = state.path_complete
    for cells, count, clue, name in p.lines:
        if count is None:
            continue
        n = state.line_count(cells)
        if n > count or complete and n < count:
            out.append(Violation((clue,), f"{name} has {text.plural(n, 'track cell')}; its count is {count}"))
    if complete:
        on_path = set(state.path_from_start)
        stray = sorted(c for c in state.mask if c not in on_path)
        if stray:
            out.append(Violation(tuple(stray), "this track is not part of the path from A to B"))
    return out


def is_solved(state: State) -> bool:
    p = state.puzzle
    if not state.path_complete:
        return False
    path = state.path_from_start
    if len(state.edges) != len(path) - 1 or set(state.mask) != set(path):
        return False
    mask = state.mask
    if bit_count(mask[p.start]) != 1 or bit_count(mask[p.finish]) != 1:
        return False
    for cells, count, _clue, _name in p.lines:
        if count is not None and state.line_count(cells) != count:
            return False
    return True


def initial_state(puzzle: Puzzle) -> State:
    return State(puzzle, puzzle.fixed_edges, frozenset())


def path_edges(path) -> list:
    return [edge_key(path[i], path[i + 1]) for i in range(len(path) - 1)]


@dataclass(frozen=True)
class Solution:
    """One answer: the path from A to B, and the message it spells (None without symbols)."""

    path: tuple
    message: str | None = None


# --- building a puzzle, with every rule a puzzle must keep ------------------------------
def make_puzzle(
    width,
    height,
    columns,
    rows,
    start,
    finish,
    split=None,
    rows_right=None,
    start_edge=None,
    finish_edge=None,
    fixed=(),
    symbols=None,
) -> Puzzle:
    """A Puzzle from already-typed parts, checked for consistency.

    The decoders turn their syntax into these parts; this checks what they share: sizes
    within limits, counts in range, A and B distinct, inside the grid and on the outer
    edge they are attached to, given pieces that stay in the grid and join up, and
    totals that agree.  Every problem raises PuzzleError with a sentence."""
    w, h = width, height
    for name, v in (("width", w), ("height", h)):
        if not _int(v) or not MIN_SIZE <= v <= MAX_SIZE:
            raise PuzzleError(f"The {name} must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {v!r:.20}.")
    if split is not None and (not _int(split) or not 1 <= split <= w - 1):
        raise PuzzleError(f"The split must be a column from 1 to {w - 1} (the first column of the right part).")
    columns = tuple(columns)
    rows = tuple(rows)
    if len(columns) != w:
        raise PuzzleError(f"{_there_are(len(columns), 'column count')}; a board {w} wide needs {w}.")
    if len(rows) != h:
        raise PuzzleError(f"{_there_are(len(rows), 'row count')}; a board {h} high needs {h}.")
    if split is not None:
        rows_right = tuple(rows_right if rows_right is not None else ())
        if len(rows_right) != h:
            raise PuzzleError(f"{_there_are(len(rows_right), 'right-hand row count')}; a board {h} high needs {h}.")
    else:
        rows_right = None

    def check_count(v, limit, where):
        if v is None:
            return
        if not _int(v) or not 0 <= v <= limit:
            raise PuzzleError(f"The count of {where} must be blank or a whole number from 0 to {limit}, not {v!r:.20}.")

    for x, v in enumerate(columns):
        check_count(v, h, f"column {x + 1}")
    for y, v in enumerate(rows):
        if split is None:
            check_count(v, w, f"row {y + 1}")
        else:
            check_count(v, split, f"the left part of row {y + 1}")
            check_count(rows_right[y], w - split, f"the right part of row {y + 1}")

    ends = {}
    for label, c, edge in (("A (the start)", start, start_edge), ("B (the finish)", finish, finish_edge)):
        if not (isinstance(c, tuple) and len(c) == 2 and all(_int(v) for v in c)):
            raise PuzzleError(f"The cell of {label} must be two whole numbers [x, y].")
        if not (0 <= c[0] < w and 0 <= c[1] < h):
            raise PuzzleError(f"{label} at {cell_name(c)} is outside the {w}x{h} grid.")
        if edge is not None:
            dx, dy = DELTA[edge]
            if 0 <= c[0] + dx < w and 0 <= c[1] + dy < h:
                raise PuzzleError(f"{label} at {cell_name(c)} is not on the {EDGE_WORD[edge]} edge it is attached to.")
        ends[c] = edge
    if start == finish:
        raise PuzzleError(f"A and B are both at {cell_name(start)}; they must be different cells.")

    fixed_map: dict = {}
    for c, mask in fixed:
        if not (0 <= c[0] < w and 0 <= c[1] < h):
            raise PuzzleError(f"The given piece at {cell_name(c)} is outside the {w}x{h} grid.")
        if c in fixed_map:
            raise PuzzleError(f"There are two given pieces at {cell_name(c)}.")
        if not _int(mask) or not 0 < mask < 16 or bit_count(mask) != 2:
            raise PuzzleError(f"The given piece at {cell_name(c)} must join exactly two sides of its cell.")
        if c in ends and ends[c] is None:
            who = "A" if c == start else "B"
            raise PuzzleError(
                f"The given piece at {who} ({cell_name(c)}) has two connections, but the track ends there "
                "(attach the end to an outer edge to give it a piece)."
            )
        for bit, (dx, dy) in DELTA.items():
            if mask & bit and not (0 <= c[0] + dx < w and 0 <= c[1] + dy < h) and ends.get(c, None) != bit:
                raise PuzzleError(
                    f"The given piece at {cell_name(c)} leads off the {EDGE_WORD[bit]} edge of the grid, "
                    "which only A or B attached to that edge may do."
                )
        if c in ends and ends[c] is not None and not mask & ends[c]:
            raise PuzzleError(
                f"The given piece at {cell_name(c)} must lead to the {EDGE_WORD[ends[c]]} edge, "
                "where its end of the track is attached."
            )
        fixed_map[c] = mask
    # pieces must agree with their given neighbours, and no cell may get too many
    degree: dict = {}
    edges = set()
    for c, mask in fixed_map.items():
        for bit, (dx, dy) in DELTA.items():
            n = (c[0] + dx, c[1] + dy)
            if not (0 <= n[0] < w and 0 <= n[1] < h):
                continue
            if mask & bit:
                if n in fixed_map and not fixed_map[n] & OPPOSITE[bit]:
                    raise PuzzleError(f"The given pieces at {cell_name(c)} and {cell_name(n)} do not join up.")
                edges.add(edge_key(c, n))
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    for c, d in degree.items():
        limit = 1 if c in ends else 2
        if d > limit:
            raise PuzzleError(f"Given pieces lead into {cell_name(c)} from {d} sides; it can have at most {limit}.")
    probe = State(Puzzle(w, h, columns, rows, start, finish), frozenset(edges))
    if _loop_cells(probe):
        raise PuzzleError("The given pieces close a loop of track.")

    if symbols is not None:
        symbols = tuple(tuple(row) for row in symbols)
        if len(symbols) != h:
            raise PuzzleError(f"The symbol layer has {text.plural(len(symbols), 'row')}; the board has {h}.")
        for y, row in enumerate(symbols):
            if len(row) != w:
                raise PuzzleError(f"Row {y + 1} of the symbol layer has {text.plural(len(row), 'cell')}; the board is {w} wide.")
            for x, s in enumerate(row):
                if not isinstance(s, str) or len(s) > 3 or any(ch.isspace() for ch in s):
                    raise PuzzleError(
                        f"The symbol at {cell_name((x, y))} must be text of at most 3 characters without spaces, not {s!r:.20}."
                    )

    # totals: both directions count the same track cells
    row_counts = list(rows) + (list(rows_right) if rows_right else [])
    complete = all(v is not None for v in columns) and all(v is not None for v in row_counts)
    if complete and sum(columns) != sum(row_counts):
        raise PuzzleError(
            f"The column counts add up to {text.number(sum(columns))} but the row counts add up to {text.number(sum(row_counts))}; "
            "both count the same track cells."
        )
    return Puzzle(
        width=w,
        height=h,
        columns=columns,
        rows=rows,
        start=start,
        finish=finish,
        split=split,
        rows_right=rows_right,
        start_edge=start_edge,
        finish_edge=finish_edge,
        fixed=tuple(sorted(fixed_map.items())),
        symbols=symbols,
    )
