"""Solving Kurosu: the solver generator, "show the solution" steps, and hints.

Untraced, ``solve`` grades the puzzle by closing it with the rules one level at a time
(engine.grade); if the rules fill the board it is the one solution, otherwise a search
finds every solution (whole lines at a time on narrow boards, cell by cell with
propagation on wide ones).  Traced, it searches cell by cell with the explained rules
and yields a Step for every deduction, guess and backtrack.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegui.core.kind import Hint
from puzzlegui.core.solver import FIRST, UNIQUE, Clock, Found, Progress, Step, run
from puzzlegui.core.text import cell_name

from .engine import HARD, LEVEL_NAMES, NARROW, Engine, narrow_search
from .logic import RULE_NAMES, SYMBOL, Contradiction, Reasoner
from .model import KurosuState

RULE_TITLES = {key: name[0].upper() + name[1:] for key, name in RULE_NAMES.items()}


@dataclass(frozen=True, slots=True)
class Solution:
    rows: tuple  # row strings from the top, "1" = X, "0" = O
    difficulty: str = ""  # the puzzle's grade: trivial, easy, normal, tricky or hard

    def value(self, x: int, y: int) -> int:
        return 1 if self.rows[y][x] == "1" else 0


def step_text(d) -> str:
    """The rule's name and level, then its sentence: "Quota (Easy): row 3 already has
    three O, so ..."."""
    text = d.text if d.text[:2] in ("X ", "O ") else d.text[0].lower() + d.text[1:]
    return f"{RULE_TITLES[d.rule]} ({LEVEL_NAMES[d.level].capitalize()}): {text}"


def solve(state: KurosuState, trace: bool = False):
    """Solver events for ``state`` (its cells, givens and entries alike, are fixed)."""
    engine = Engine(state.width, state.height, state.unique)
    yield Progress(0)
    st = engine.board(state.cells)
    level = yield from engine.grading(st)
    if trace:
        yield from _traced(state, engine, LEVEL_NAMES.get(level, ""))
        return
    if level == 0:  # the rules already break a line: no solution
        yield Progress(1)
        return
    name = LEVEL_NAMES[level]
    if level < HARD:
        yield Found(Solution(engine.rows_text(st), name))
        yield Progress(1)
        return
    if min(state.width, state.height) <= NARROW:
        for event in narrow_search(engine, st):
            if type(event) is tuple:
                yield Found(Solution(event, name))
            else:
                yield event
    else:
        for event in engine.search(st):
            if type(event) is list:
                yield Found(Solution(engine.rows_text(event), name))
            else:
                yield event


def _traced(state: KurosuState, engine: Engine, grade: str):
    """Cell-by-cell search that shows its work: deductions (named), guesses, backtracks."""
    W = state.width
    reasoner = Reasoner(state.width, state.height, state.unique)
    nodes = 0
    shown = list(state.cells)  # what the board shows after the steps so far
    stack = [(list(state.cells), None)]
    while stack:
        base, guess = stack.pop()
        nodes += 1
        yield Progress(nodes)
        # take the board back to ``base``
        undo = tuple((i % W, i // W) for i, v in enumerate(shown) if v >= 0 and base[i] < 0)
        if undo:
            yield Step("backtrack", ("clear", undo), "Backtrack: take back the cells placed since that guess.",
                       undo)
        cells = list(base)
        if guess is not None:
            x, y, v = guess
            cells[y * W + x] = v
            yield Step("guess", ("set", x, y, v), f"Guess: try {SYMBOL[v]} at {cell_name((x, y))}.",
                       ((x, y),))
        broken = None
        for d in reasoner.steps(cells):  # each reason checked on the board it is shown on
            if isinstance(d, Contradiction):
                broken = d
                break
            cells[d.y * W + d.x] = d.value
            yield Step("deduce", d.move, step_text(d), d.shown_cells)
        shown = cells
        if broken is not None:
            why = "Dead end" if guess is not None else "No solution"
            text = broken.text[0].lower() + broken.text[1:]
            yield Step("contradiction", None, f"{why}: {text}", broken.cells)
            continue
        if -1 not in cells:
            yield Found(Solution(_rows(cells, W), grade))
            continue
        st = engine.board(cells)
        x, y = engine.choose(st)
        stack.append((cells, (x, y, 0)))
        stack.append((cells, (x, y, 1)))
    yield Progress(nodes)


def _rows(cells, W) -> tuple:
    return tuple("".join("1" if v == 1 else "0" for v in cells[y * W : (y + 1) * W]) for y in range(len(cells) // W))


def solution_moves(state: KurosuState, solution: Solution) -> list:
    out = []
    for y, row in enumerate(solution.rows):
        for x, ch in enumerate(row):
            v = 1 if ch == "1" else 0
            if state.at(x, y) != v:
                out.append(("set", x, y, v))
    return out


def solution_steps(state: KurosuState, solution: Solution) -> list:
    """The deductions in order, weakest rule first, each with the cells that justify it;
    where no rule applies, the cell is taken from ``solution`` and shown as a guess."""
    W = state.width
    reasoner = Reasoner(state.width, state.height, state.unique)
    engine = reasoner.engine
    cells = list(state.cells)
    steps = []
    # a player's wrong entry would block the logic: start from what agrees with the solution
    for i, v in enumerate(cells):
        if v >= 0 and v != solution.value(i % W, i // W):
            cells[i] = -1
            steps.append(Step("remove", ("set", i % W, i // W, -1),
                              f"Take out the {SYMBOL[v]} at {cell_name((i % W, i // W))}: it disagrees with the solution.",
                              ((i % W, i // W),)))
    while -1 in cells:
        for d in reasoner.steps(cells):  # each reason checked on the board it is shown on
            if isinstance(d, Contradiction):
                break
            cells[d.y * W + d.x] = d.value
            steps.append(Step("deduce", d.move, step_text(d), d.shown_cells))
        if -1 not in cells:
            break
        x, y = engine.choose(engine.board(cells))
        v = solution.value(x, y)
        cells[y * W + x] = v
        steps.append(Step(
            "guess", ("set", x, y, v),
            f"Search: no rule fixes another cell, so guess; {SYMBOL[v]} at {cell_name((x, y))} "
            "is the choice that leads to the solution.",
            ((x, y),),
        ))
    return steps


def first_solution(state: KurosuState, time_limit: float | None = None):
    result = run(solve(state), mode=FIRST, time_limit=time_limit)
    return result.solutions[0] if result.solutions else None


def hint(state: KurosuState, time_limit: float | None = None):
    """The next deduction from the player's position, or the first wrong entry; its
    searches take at most ``time_limit`` seconds together (None: no limit)."""
    W = state.width
    if -1 not in state.cells:
        return None
    clock = Clock(time_limit)
    puzzle = KurosuState.new(state.width, state.height, state.givens, state.unique)
    result = run(solve(puzzle), mode=UNIQUE, time_limit=clock.left())
    if not result.solutions:
        return None
    solution = result.solutions[0]
    wrong = [
        i for i, v in enumerate(state.cells)
        if v >= 0 and state.givens[i] < 0 and v != solution.value(i % W, i // W)
    ]
    if wrong and not result.unique:
        # several solutions: the entries may fit another one
        other = first_solution(state, clock.left())
        if other is not None:
            solution, wrong = other, []
    if wrong:
        i = wrong[0]
        x, y = i % W, i // W
        return Hint(
            ("set", x, y, -1),
            f"The {SYMBOL[state.cells[i]]} at {cell_name((x, y))} is wrong: the solution has "
            f"{SYMBOL[solution.value(x, y)]} there. Take it out.",
            ((x, y),),
        )
    reasoner = Reasoner(state.width, state.height, state.unique)
    found = reasoner.deductions(state.cells)
    if isinstance(found, list) and found:
        d = found[0]
        return Hint(d.move, step_text(d), d.shown_cells)
    engine = reasoner.engine
    x, y = engine.choose(engine.board(state.cells))
    v = solution.value(x, y)
    return Hint(
        ("set", x, y, v),
        f"No rule fixes another cell here; the search says {cell_name((x, y))} is {SYMBOL[v]}.",
        ((x, y),),
    )
