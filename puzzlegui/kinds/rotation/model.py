"""Rotation puzzles: the state, the turns, the goal and which positions can reach it.

A W x H board of numbered tiles and a button on every n x n block.  A button turns its
block a quarter turn.  The goal is the tiles in reading order (or, "rows only", each row
holding one value), and with "orientation" every tile's arrow pointing up as well.

Orientation is stored as quarter turns clockwise from up: 0 up, 1 right, 2 down, 3 left.
Pure: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.text import cell_name, number, plural

MIN_SIZE = 2
MAX_SIZE = 10  # tiles per side
CW, CCW = "cw", "ccw"
DIRECTIONS = ("cw", "both")  # "cw": the buttons turn clockwise only (the escape room)
ARROWS = "urdl"  # letters for orientations 0..3 (quarter turns clockwise from up)


@dataclass(frozen=True)
class Config:
    """Everything about a puzzle except where the tiles are."""

    w: int
    h: int
    n: int
    cw_only: bool = False
    oriented: bool = False
    rows_only: bool = False

    @property
    def cells(self) -> int:
        return self.w * self.h

    @property
    def blocks_x(self) -> int:
        return self.w - self.n + 1

    @property
    def blocks_y(self) -> int:
        return self.h - self.n + 1

    def block_origins(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.blocks_y) for x in range(self.blocks_x)]

    def directions(self) -> tuple[str, ...]:
        return (CW,) if self.cw_only else (CW, CCW)

    def moves(self) -> list[tuple]:
        """Every legal move, blocks in reading order, clockwise before anticlockwise."""
        return [("turn", x, y, d) for (x, y) in self.block_origins() for d in self.directions()]

    def goal_values(self) -> tuple[int, ...]:
        if self.rows_only:
            return tuple(i // self.w + 1 for i in range(self.cells))
        return tuple(range(1, self.cells + 1))

    def params_text(self) -> str:
        """The Twiddle-style parameter string ("3x3n2", "4x4n2o", "3x3n2rc")."""
        return (
            f"{self.w}x{self.h}n{self.n}"
            + ("r" if self.rows_only else "")
            + ("o" if self.oriented else "")
            + ("c" if self.cw_only else "")
        )

    def describe(self) -> str:
        bits = [f"{self.w}x{self.h}", f"{self.n}x{self.n} blocks"]
        bits.append("clockwise only" if self.cw_only else "both ways")
        if self.rows_only:
            bits.append("rows only")
        if self.oriented:
            bits.append("orientation")
        return ", ".join(bits)


def check_config(w, h, n) -> None:
    """PuzzleError unless the board and block sizes are usable."""
    for label, v in (("width", w), ("height", h)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise PuzzleError(f"The {label} must be a whole number, not {v!r:.30}.")
        if not MIN_SIZE <= v <= MAX_SIZE:
            raise PuzzleError(f"The {label} is {v}; boards are {MIN_SIZE} to {MAX_SIZE} tiles a side.")
    if not isinstance(n, int) or isinstance(n, bool):
        raise PuzzleError(f"The block size must be a whole number, not {n!r:.30}.")
    if n < 2:
        raise PuzzleError(f"The block size is {n}; blocks are at least 2x2.")
    if n > min(w, h):
        raise PuzzleError(f"A {n}x{n} block does not fit on a {w}x{h} board.")


@dataclass(frozen=True)
class RotationState:
    """An immutable position: the configuration, the tiles in reading order, the arrows,
    and how many moves the player has made (the counter; not part of the puzzle)."""

    config: Config
    tiles: tuple[int, ...]
    orient: tuple[int, ...]  # all zeros unless config.oriented
    moves: int = 0

    @property
    def w(self) -> int:
        return self.config.w

    @property
    def h(self) -> int:
        return self.config.h

    @property
    def n(self) -> int:
        return self.config.n

    def at(self, x: int, y: int) -> int:
        return self.tiles[y * self.config.w + x]

    def arrow(self, x: int, y: int) -> int:
        return self.orient[y * self.config.w + x]

    def position(self) -> tuple:
        """The position without the move counter (what the solver looks at)."""
        return (self.tiles, self.orient)


def goal_state(config: Config) -> RotationState:
    return RotationState(config, config.goal_values(), (0,) * config.cells)


def is_solved(state: RotationState) -> bool:
    if state.tiles != state.config.goal_values():
        return False
    return not state.config.oriented or not any(state.orient)


# --- turns --------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def turn_sources(w: int, n: int, x: int, y: int, clockwise: bool) -> tuple[tuple[int, int], ...]:
    """(destination, source) cell indices for a quarter turn of the block at (x, y).

    Clockwise, the tile at block offset (i, j) goes to (n-1-j, i): top left to top right.
    """
    pairs = []
    for j in range(n):
        for i in range(n):
            src = (y + j) * w + x + i
            if clockwise:
                dst = (y + i) * w + x + n - 1 - j
            else:
                dst = (y + n - 1 - i) * w + x + j
            pairs.append((dst, src))
    return tuple(pairs)


def block_cells(config: Config, x: int, y: int) -> tuple[tuple[int, int], ...]:
    n = config.n
    return tuple((x + i, y + j) for j in range(n) for i in range(n))


def turn(tiles, orient, w, n, x, y, clockwise: bool):
    """Tiles and arrows after turning the block at (x, y); the inputs are not changed."""
    t = list(tiles)
    o = list(orient)
    d = 1 if clockwise else 3
    for dst, src in turn_sources(w, n, x, y, clockwise):
        t[dst] = tiles[src]
        o[dst] = (orient[src] + d) & 3
    return tuple(t), tuple(o)


def parse_move(config: Config, move) -> tuple[int, int, bool, bool]:
    """(x, y, clockwise, is_back) of a move, or PuzzleError saying why it is not one.

    ``("turn", x, y, "cw"|"ccw")`` is a press of a button; ``("back", x, y, d)`` takes back a
    turn made in direction ``d`` (the solver's backtrack when showing its search, legal
    even where the buttons turn one way only)."""
    if not isinstance(move, (tuple, list)) or len(move) != 4 or move[0] not in ("turn", "back"):
        raise PuzzleError(f"{move!r:.60} is not a move of a rotation puzzle.")
    verb, x, y, d = move
    for v in (x, y):
        if not isinstance(v, int) or isinstance(v, bool):
            raise PuzzleError(f"{move!r:.60} is not a move: the block position must be whole numbers.")
    if d not in (CW, CCW):
        raise PuzzleError(f'{move!r:.60} is not a move: the direction is "cw" or "ccw".')
    if not (0 <= x < config.blocks_x and 0 <= y < config.blocks_y):
        raise PuzzleError(
            f"There is no block at {cell_name((x, y))}: the top-left cells of the {config.n}x{config.n} "
            f"blocks are in columns 1 to {config.blocks_x} and rows 1 to {config.blocks_y}."
        )
    if verb == "turn":
        if d == CCW and config.cw_only:
            raise PuzzleError("The buttons of this puzzle only turn clockwise.")
        return x, y, d == CW, False
    return x, y, d == CCW, True


def apply_move(state: RotationState, move) -> RotationState:
    config = state.config
    x, y, clockwise, back = parse_move(config, move)
    tiles, orient = turn(state.tiles, state.orient, config.w, config.n, x, y, clockwise)
    if not config.oriented:
        orient = state.orient
    count = max(0, state.moves - 1) if back else state.moves + 1
    return RotationState(config, tiles, orient, count)


def inverse(move) -> tuple:
    """The move that takes ``move`` back, for the search display."""
    verb, x, y, d = move
    if verb == "back":
        return ("turn", x, y, d)
    return ("back", x, y, d)


# --- names ----------------------------------------------------------------------------------
def block_name(config: Config, x: int, y: int) -> str:
    """"the top-left block" on a 2x2 grid of buttons (the escape room's quadrants),
    otherwise "the block at column 2, row 1"."""
    if config.blocks_x == 2 and config.blocks_y == 2:
        return f"the {'top' if y == 0 else 'bottom'}-{'left' if x == 0 else 'right'} block"
    if config.blocks_x == 1 and config.blocks_y == 1:
        return "the block"
    return f"the block at {cell_name((x, y))}"


def move_text(config: Config, move) -> str:
    verb, x, y, d = move
    way = "clockwise" if d == CW else "anticlockwise"
    if verb == "back":
        return f"Turn {block_name(config, x, y)} back (undo the {way} turn)"
    return f"Turn {block_name(config, x, y)} {way}"


# --- which positions can reach the goal -------------------------------------------------------
#
# A quarter turn of an n x n block moves its tiles in 4-cycles: floor(n*n/4) of them.
#  * Even n: every tile moves to a square of the other chessboard colour and turns a
#    quarter, so (arrow + x + y) mod 2 never changes for a tile; the arrows' sum changes by
#    n*n = 0 (mod 4); a turn is an odd permutation exactly when n = 2 (mod 4).
#  * Odd n: tiles keep their chessboard colour; a turn is (n*n-1)/8 4-cycles on each colour,
#    so the two colours' permutation parities change together when that is odd, and
#    never otherwise; the arrows' sum changes by n*n = 1 (mod 4), i.e. its parity follows
#    the number of turns.
# With at least two blocks, the turns reach every position those invariants allow, except
# on 3x2 boards with 2x2 blocks and 4x3 boards with 3x3 blocks (two buttons that generate
# a small group); one block just turns round.  Group orders computed by Schreier-Sims
# agree with these counts on all boards tried (about 60, from 2x3 up to 9x10, every block
# size; with arrows up to 42 tiles); the tests check small cases by brute force.


def single_block(config: Config) -> bool:
    return config.blocks_x == 1 and config.blocks_y == 1


def exceptional(config: Config) -> bool:
    """Two-button boards whose buttons generate less than the invariants allow."""
    dims = sorted((config.w, config.h))
    return (config.n == 2 and dims == [2, 3]) or (config.n == 3 and dims == [3, 4])


def parity(perm: list[int]) -> int:
    """1 for an odd permutation (a list of images), 0 for an even one."""
    seen = [False] * len(perm)
    odd = 0
    for i in range(len(perm)):
        if not seen[i]:
            j = i
            length = 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            odd ^= (length - 1) & 1
    return odd


def _small_orbit(config: Config) -> frozenset:
    """The reduced positions reachable from the goal on a small board (see ``_reduce``)."""
    return _orbit_cached(config.w, config.h, config.n, config.oriented, config.rows_only)


@lru_cache(maxsize=16)
def _orbit_cached(w, h, n, oriented, rows_only) -> frozenset:
    config = Config(w, h, n, False, oriented, rows_only)
    goal = goal_state(config)
    start = _reduce(config, goal.tiles, goal.orient)
    seen = {start: (goal.tiles, goal.orient)}
    frontier = [(goal.tiles, goal.orient)]
    while frontier:
        nxt = []
        for tiles, orient in frontier:
            for x, y in config.block_origins():
                t, o = turn(tiles, orient, w, n, x, y, True)
                key = _reduce(config, t, o)
                if key not in seen:
                    seen[key] = (t, o)
                    nxt.append((t, o))
        frontier = nxt
    return frozenset(seen)


def _reduce(config: Config, tiles, orient):
    """A position with the arrow changes that every board allows factored out.

    One block: nothing is factored out.  Otherwise, for even n the arrows are kept mod 2
    with their sum mod 4; for odd n only the sum's parity."""
    if single_block(config) or not config.oriented:
        return (tiles, orient if config.oriented else ())
    if config.n % 2 == 0:
        return (tiles, tuple(o & 1 for o in orient), sum(orient) & 3)
    return (tiles, sum(orient) & 1)


def unreachable_reason(state: RotationState) -> str | None:
    """None if the goal can be reached from ``state``; otherwise the sentence saying why not.

    Assumes the tiles are the right numbers (``check_values``)."""
    config = state.config
    w, n = config.w, config.n
    if single_block(config):
        t, o = config.goal_values(), (0,) * config.cells
        for _ in range(4):
            if t == state.tiles and (not config.oriented or o == state.orient):
                return None
            t, o = turn(t, o, w, n, 0, 0, True)
        return (
            "With a single block the tiles can only turn round together, and this "
            "position is not a turn of the goal."
        )
    if exceptional(config):
        if _reduce(config, state.tiles, state.orient) in _small_orbit(config):
            return None
        total = len({k[0] for k in _small_orbit(config)})
        return (
            f"On a {config.w}x{config.h} board with {n}x{n} blocks the two buttons reach only {number(total)} "
            "arrangements of the tiles, and the goal cannot be reached from this one."
        )
    goal = config.goal_values()
    cells = config.cells
    colour = [((i % w) + (i // w)) & 1 for i in range(cells)]
    even = n % 2 == 0

    def tile_class(i: int) -> int:
        if even:
            return (colour[i] + state.orient[i]) & 1 if config.oriented else 0
        return colour[i]

    # Pair every tile with a home square of its value and class (the class of a home square
    # is its colour, the tile's arrow being up there).
    homes: dict[tuple[int, int], list[int]] = {}
    for i, v in enumerate(goal):
        homes.setdefault((v, colour[i] if (not even or config.oriented) else 0), []).append(i)
    perm = [0] * cells  # home square -> current square
    free = [False, False]  # a class holding two equal tiles can swap them for free
    for i, v in enumerate(state.tiles):
        key = (v, tile_class(i))
        if not homes.get(key):
            return _class_reason(config, state, i)
        perm[homes[key].pop()] = i
    for (_value, c), count in _groups(config, goal, colour, even).items():
        if count >= 2:
            free[c if not even else 0] = True
    s = sum(state.orient) & 3 if config.oriented else 0
    if even:
        if config.oriented and s != 0:
            return (
                f"The arrows' quarter turns add up to {sum(state.orient)}, which is not a multiple of four; "
                f"every turn of a {n}x{n} block adds or takes {n * n} quarter turns, so the total can never "
                "become 0 with every arrow up."
            )
        if (n * n // 4) % 2 == 0 and not free[0] and parity(perm):
            return (
                f"A turn of a {n}x{n} block moves the tiles in an even number of 4-cycles (an even "
                "permutation), and this arrangement is an odd permutation of the goal (like two tiles "
                "swapped), so it can never be solved."
            )
        return None
    k = (n * n - 1) // 8
    pa = parity([p for p in _restrict(perm, colour, 0)])
    pb = parity([p for p in _restrict(perm, colour, 1)])
    odd_turns = s & 1 if config.oriented else None
    if k % 2 == 0:
        for p, f, name in ((pa, free[0], "the top-left corner's"), (pb, free[1], "the other")):
            if p and not f:
                return (
                    f"A turn of a {n}x{n} block is an even permutation of the tiles on each chessboard colour, "
                    f"and the tiles on {name} colour are an odd permutation of the goal, so this position "
                    "can never be solved."
                )
        return None
    # k odd: every turn swaps the parity of both colours' permutations (and of the arrows).
    wanted = [x for x, f in ((pa, free[0]), (pb, free[1])) if not f]
    if odd_turns is not None:
        wanted.append(odd_turns)
    if len(set(wanted)) > 1:
        if odd_turns is None:
            return (
                f"Each turn of a {n}x{n} block changes the parity of the tiles' arrangement on both "
                "chessboard colours at once; here one colour is an odd and the other an even permutation "
                "of the goal, so it can never be solved."
            )
        return (
            f"Each turn of a {n}x{n} block changes the parity of the tiles' arrangement on each "
            "chessboard colour and the parity of the arrows' total quarter turns together; here they "
            "disagree, so the position can never be solved."
        )
    return None


def _restrict(perm, colour, c):
    """The permutation restricted to squares of colour ``c``, renumbered 0..m-1."""
    squares = [i for i in range(len(perm)) if colour[i] == c]
    index = {sq: k for k, sq in enumerate(squares)}
    return [index[perm[sq]] for sq in squares]


def _groups(config, goal, colour, even):
    counts: dict[tuple[int, int], int] = {}
    for i, v in enumerate(goal):
        c = colour[i] if (not even or config.oriented) else 0
        counts[(v, c)] = counts.get((v, c), 0) + 1
    return counts


def _class_reason(config: Config, state: RotationState, i: int) -> str:
    x, y = i % config.w, i // config.w
    v = state.tiles[i]
    n = config.n
    if config.n % 2 == 1:
        return (
            f"Tile {v} at {cell_name((x, y))} stands on a square of the wrong chessboard colour "
            f"for its place in the goal; a turn of a {n}x{n} block never moves a tile to the other colour."
        )
    return (
        f"Tile {v} at {cell_name((x, y))} points the wrong way for its square: each turn of a "
        f"{n}x{n} block moves a tile to the other chessboard colour and turns its arrow a quarter, so on a "
        "square of its home colour it can only point up or down, on the other colour only left or right."
    )


def check_values(config: Config, tiles) -> None:
    """PuzzleError unless ``tiles`` hold exactly the numbers of the goal."""
    goal = config.goal_values()
    if len(tiles) != len(goal):
        raise PuzzleError(f"The board holds {plural(len(tiles), 'tile')}; a {config.w}x{config.h} board has {len(goal)}.")
    if sorted(tiles) == sorted(goal):
        return
    if config.rows_only:
        for v in range(1, config.h + 1):
            c = sum(1 for t in tiles if t == v)
            if c != config.w:
                raise PuzzleError(
                    f"In a rows-only puzzle each number 1 to {config.h} appears {config.w} times "
                    f"(once per column); {v} appears {plural(c, 'time')}."
                )
        bad = next(t for t in tiles if not 1 <= t <= config.h)
        raise PuzzleError(f"Tile {bad} is not a row number 1 to {config.h}.")
    seen = set()
    for t in tiles:
        if not 1 <= t <= len(goal):
            raise PuzzleError(f"Tile {t} is out of range: the tiles are numbered 1 to {len(goal)}.")
        if t in seen:
            raise PuzzleError(f"Tile {t} appears twice; each of 1 to {len(goal)} appears once.")
        seen.add(t)


def make_state(config: Config, tiles, orient=None, check_reachable: bool = True) -> RotationState:
    """A validated state: the right numbers, arrows 0..3, and (by default) solvable."""
    tiles = tuple(tiles)
    check_values(config, tiles)
    if orient is None or not config.oriented:
        orient = (0,) * config.cells
    orient = tuple(orient)
    if len(orient) != config.cells or any(o not in (0, 1, 2, 3) for o in orient):
        raise PuzzleError("Every tile needs one arrow: up, right, down or left.")
    state = RotationState(config, tiles, orient)
    if check_reachable:
        reason = unreachable_reason(state)
        if reason:
            raise PuzzleError(f"This position cannot reach the goal. {reason}")
    return state


def reachable_count(config: Config) -> int:
    """How many positions can reach the goal (an upper bound for rows-only puzzles)."""
    cells = config.cells
    if single_block(config):
        return 4
    if exceptional(config):
        orbit = _small_orbit(config)
        if not config.oriented:
            return len(orbit)
        extra = 2 ** (cells - 1) if config.n % 2 == 0 else 4**cells // 2
        return len(orbit) * max(1, extra)
    n = config.n
    if n % 2 == 0:
        total = factorial(cells) // (2 if (n * n // 4) % 2 == 0 else 1)
        if config.oriented:
            total *= 2 ** (cells - 1)
    else:
        a = (cells + 1) // 2
        b = cells - a
        total = factorial(a) * factorial(b) // (4 if config.oriented or ((n * n - 1) // 8) % 2 == 0 else 2)
        if config.oriented:
            total *= 4**cells
    if config.rows_only:
        # equal tiles that can trade places (same value, same class) are not told apart;
        # parity can at most double or quadruple the count
        goal = config.goal_values()
        colour = [((i % config.w) + (i // config.w)) & 1 for i in range(cells)]
        by_class = n % 2 == 1 or config.oriented
        for count in _groups(config, goal, colour, not by_class).values():
            total //= factorial(count)
        total *= 4
    return total
