"""New Kurosu puzzles with exactly one solution, as few givens as the difficulty allows.

A random legal board comes from the engine's search with random choices.  Givens are
then taken away in a random order while the rules up to the wanted level still fill the
whole board (which proves the solution unique).  Removal is tested in groups whose
size doubles after a success and halves after a failure, so the many early removals
that always succeed cost few solves; the result is the same as removing one cell at a
time in that order, so every remaining given is needed.  "Hard" keeps a removal
whenever the search still finds exactly one solution.  A puzzle that turns out easier
than asked is thrown away and another is made: the puzzle made is always of the level
asked (engine.grade), or there is none and a sentence says so (on boards so small
that the level hardly exists: 6x6 has no Tricky puzzles to speak of).
"""

from __future__ import annotations

import random
import time

from puzzlegui.core import halving
from puzzlegui.core.kind import PuzzleError

from .engine import HARD, NARROW, TRICKY, Engine, narrow_search
from .lines import count_legal_lines
from .model import KurosuState

LEVELS = {"trivial": 1, "easy": 2, "normal": 3, "tricky": 4, "hard": 5}
PLAIN_STEPS = 4  # plain search nodes per look-ahead node in _unique (measured at 20x20: 4 to 8 best)


def _follows(engine: Engine, cells, removed, level: int) -> bool:
    """Do the rules up to ``level`` bring back the ``removed`` cells?  If they do, they
    fill the whole board, since they filled it with those cells given."""
    W = engine.width
    watch = [(i // W, 1 << (i % W)) for i in removed]
    st = engine.board(cells)
    H = engine.height
    near = {y for y, _ in watch} | {H + (i % W) for i in removed}
    queue = [L for L in range(engine.nl) if L not in near] + sorted(near)
    return engine.close(st, level, queue, watch) and engine.filled(st, watch)


def _unique(engine: Engine, cells, solution) -> bool:
    """Exactly one solution, by the rules and then search; ``solution`` (a full board
    that has ``cells``) is one.  Two searches run side by side, a step of one in turn
    with PLAIN_STEPS of the other, and the first to answer decides: the plain search
    from ``solution`` finds a second solution soonest when there is one (most
    candidates), the look-ahead search refutes every other branch with the smallest
    tree when there is none; either alone is several times slower on some candidates."""
    st = engine.board(cells)
    if not engine.close(st, TRICKY):
        return False
    if engine.is_full(st):
        return True
    if min(engine.width, engine.height) <= NARROW:
        found = (e for e in narrow_search(engine, st) if type(e) is tuple)
        return next(found, None) is not None and next(found, None) is None
    runs = (
        (_verdict(engine.search(list(st), lookahead=0, progress_every=0, known=solution)), PLAIN_STEPS),
        (_verdict(engine.search(st, progress_every=0)), 1),
    )
    while True:
        for run, steps in runs:
            for _ in range(steps):
                answer = next(run)
                if answer is not None:
                    return answer


def _verdict(search):
    """A search step by step: None for each of its events, then True if it found
    exactly one solution, False at a second one or when it found none."""
    found = 0
    for event in search:
        if type(event) is list:
            found += 1
            if found == 2:
                break
        yield None
    yield found == 1


def reduce(engine: Engine, cells: list, level: int, rng: random.Random, test=None) -> list:
    """Take givens away in a random order while the rules up to ``level`` (or ``test``,
    given the cells and the ones just taken away) still solve the board."""
    if test is None:
        def test(trial, removed):
            return _follows(engine, trial, removed, level)
    cells = list(cells)
    order = [i for i, v in enumerate(cells) if v >= 0]
    rng.shuffle(order)
    group = max(1, len(order) // 8)
    pos = 0
    while pos < len(order):
        chunk = order[pos : pos + group]
        trial = list(cells)
        for i in chunk:
            trial[i] = -1
        if test(trial, chunk):
            cells = trial
            pos += len(chunk)
            group *= 2
        elif group > 1:
            group = max(1, group // 2)
        else:
            pos += 1
    return cells


def reduce_halving(engine: Engine, cells: list, level: int, rng: random.Random) -> list:
    """``reduce`` with the rules up to ``level``, by halving (core/halving.py) rather
    than solving each trial from scratch: the one-at-a-time removal's result in that
    order when more givens never deduce less; the caller grades it from scratch
    (engine.grade) all the same."""
    W = engine.width
    order = [i for i, v in enumerate(cells) if v >= 0]
    rng.shuffle(order)

    def with_givens(st, more):
        if st is None:
            return None
        st = list(st)
        lines = set()
        for i in more:
            y, x = divmod(i, W)
            lines.update(engine.put(st, x, y, cells[i]))
        return st if engine.close(st, level, sorted(lines)) else None

    root = engine.board([-1] * len(cells))
    keep = set(halving.kept(order, root, with_givens, lambda st: st is not None and engine.is_full(st)))
    return [v if i in keep else -1 for i, v in enumerate(cells)]


def grade(engine: Engine, cells) -> int:
    st = engine.board(cells)
    return engine.grade(st)


def check(width: int, height: int, unique: bool, difficulty: str) -> None:
    """PuzzleError for a level, or a rule, no board of this size has."""
    if difficulty not in LEVELS:
        raise PuzzleError(f'"{difficulty}" is not a difficulty; choose one of {", ".join(LEVELS)}.')
    if unique:
        for across, lines_needed in ((width, height), (height, width)):
            if count_legal_lines(across) < lines_needed:
                raise PuzzleError(
                    f"With no two rows or columns alike, a board of {width}x{height} is impossible: "
                    f"there are only {count_legal_lines(across)} legal lines of {across} cells."
                )


def generate(width: int, height: int, unique: bool, difficulty: str, seed=None,
             attempts: int = 5000, time_limit: float = 10.0) -> KurosuState:
    """A puzzle of this size and rule whose grade is ``difficulty``, from the first of
    ``attempts`` boards that gives one; same seed, same puzzle.  PuzzleError when none
    turns up within the attempts or ``time_limit`` seconds: small boards rarely need
    the stronger rules (about 3 in 100 8x8 boards come out Tricky, hardly any 6x6)."""
    check(width, height, unique, difficulty)
    level = LEVELS[difficulty]
    rng = random.Random(seed)
    engine = Engine(width, height, unique)
    started = time.perf_counter()
    for _ in range(attempts):
        board = engine.random_full(rng)
        if board is None:
            raise PuzzleError(f"No legal {width}x{height} board could be made with these rules.")
        cells = engine.cells(board)
        if level == HARD:
            # keep every removal after which the search still finds one solution
            cells = reduce(engine, cells, HARD, rng, lambda c, _: _unique(engine, c, board))
        else:
            cells = reduce_halving(engine, cells, level, rng)
        if grade(engine, cells) == level:
            return KurosuState.new(width, height, cells, unique)
        if time.perf_counter() - started > time_limit:
            break
    raise PuzzleError(
        f"No {width}x{height} {difficulty} puzzle turned up within {time.perf_counter() - started:.0f} seconds: "
        f"boards this small rarely need the {difficulty} rules; choose an easier level or a bigger board."
    )
