"""Rotation hints in words: the next turn on a shortest (or a short) path.  Pure: no Qt.

Where the positions can be tabulated (3x3 and other small boards) the distance table
proves each turn: the hint is a turn that brings the position one move closer, and says
how far from solved the position is and which tiles the turn puts in place.  On larger
boards the solver's answer (the reduction solver, or whatever the solver module offers)
gives "a short path", and the sentence says it is not proven shortest unless the solver
proved it.  Uses only the solver's public functions (``distance``, ``solve``).
"""

from __future__ import annotations

from puzzlegui.core.kind import Hint
from puzzlegui.core.solver import FIRST, Clock, run
from puzzlegui.core.text import article, capitalized, number, plural

from . import solver, tables
from .model import RotationState, apply_move, block_cells, is_solved, move_text

SOLVE_TIME = 10.0  # seconds a hint on a large board searches at most
NEVER_WRONG = (
    "A Rotation position is never wrong: every turn can be undone, so the goal can still be reached from any "
    "position; Hint shows the next turn of a shortest path."
)


def _moves(n: int) -> str:
    return plural(n, "move")


def placed(state: RotationState, after: RotationState, move) -> list:
    """The block's cells whose tile is home after ``move`` and was not before."""
    goal = state.config.goal_values()
    w = state.config.w
    out = []
    for x, y in block_cells(state.config, move[1], move[2]):
        i = y * w + x
        home_after = after.tiles[i] == goal[i] and (not state.config.oriented or after.orient[i] == 0)
        home_before = state.tiles[i] == goal[i] and (not state.config.oriented or state.orient[i] == 0)
        if home_after and not home_before:
            out.append((x, y))
    return out


def _placed_text(state, after, cells) -> str:
    if not cells:
        return ""
    w = state.config.w
    tiles = [str(after.tiles[y * w + x]) for x, y in cells]
    if len(tiles) == 1:
        return f"puts tile {tiles[0]} in place and "
    return f"puts tiles {', '.join(tiles[:-1])} and {tiles[-1]} in place and "


def _hint(state, move, after, left: int, proven: bool, total: int) -> Hint:
    config = state.config
    cells = placed(state, after, move)
    block = block_cells(config, move[1], move[2])
    shown = tuple(cells) + tuple(c for c in block if c not in cells)
    if left == 0:
        rest = "solves it"
    elif proven:
        rest = f"leaves {_moves(left)} to go, the fewest possible"
    else:
        rest = f"leaves {_moves(left)} to go on a short path (not proven shortest)"
    if proven:
        where = f"The position is {_moves(total)} from solved"
    else:  # "A 12-move", "An 11-move"
        where = f"{capitalized(article(total))} {number(total)}-move solution starts here"
    text = f"{where}; {move_text(config, move)[0].lower()}{move_text(config, move)[1:]}: it {_placed_text(state, after, cells)}{rest}."
    return Hint(move, text, shown)


def shortest_step(state: RotationState):
    """("shortest path", Hint) from the distance table, or None when the board cannot be
    tabulated or is solved.  Every turn it names is on a shortest path."""
    if is_solved(state) or not tables.feasible(state.config):
        return None
    d = solver.distance(state)
    if not d:
        return None
    for move in state.config.moves():
        after = apply_move(state, move)
        if solver.distance(after) == d - 1:
            return "shortest path", _hint(state, move, after, d - 1, True, d)
    return None


HINT_IMPROVE_SECONDS = 1.5  # how long a hint lets the anytime solver improve its answer


def hint(state: RotationState, time_limit: float | None = None):
    """The next turn: proven shortest where tabulated, else the solver's first move,
    searched for at most ``time_limit`` seconds (SOLVE_TIME by default)."""
    if is_solved(state):
        return None
    clock = Clock(SOLVE_TIME if time_limit is None else time_limit)
    found = shortest_step(state)
    if found is not None:
        return found[1]
    if tables.feasible(state.config) or solver.support_reason(state.config):
        return None
    # the solver's answers improve with time (the short search proves positions a few
    # turns away within a fraction of a second); a hint takes the best of its first moment
    result = run(solver.solve(state), FIRST, time_limit=min(clock.left(), HINT_IMPROVE_SECONDS))
    if not result.solutions or not result.solutions[0].moves:
        return None
    sol = result.solutions[0]
    moves = sol.moves
    move = moves[0]
    after = apply_move(state, move)
    return _hint(state, move, after, len(moves) - 1, bool(getattr(sol, "optimal", False)), len(moves))
