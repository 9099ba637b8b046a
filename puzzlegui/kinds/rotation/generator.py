"""New rotation puzzles: a scramble of a given length, a thorough scramble, or a position
at exactly a given distance from solved (drawn from the distance table).  Pure: no Qt."""

from __future__ import annotations

import random

from puzzlegui.core.kind import PuzzleError

from . import tables
from .model import Config, RotationState, apply_move, check_config, goal_state, is_solved, reachable_count

MAX_SCRAMBLE = 10_000


def config_from(params: dict) -> Config:
    def num(key, default):
        value = params.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise PuzzleError(f'The parameter "{key}" must be a whole number, not {value!r:.30}.')
        return value

    w, h, n = num("width", 3), num("height", 3), num("block", 2)
    check_config(w, h, n)
    directions = params.get("directions", "both")
    if directions not in ("cw", "both"):
        raise PuzzleError(f'"directions" is "cw" (clockwise only) or "both", not {directions!r:.30}.')
    flags = {}
    for key in ("orientation", "rows_only"):
        value = params.get(key, False)
        if not isinstance(value, bool):
            raise PuzzleError(f'The parameter "{key}" is true or false, not {value!r:.30}.')
        flags[key] = value
    return Config(w, h, n, directions == "cw", flags["orientation"], flags["rows_only"])


def checked(params: dict) -> tuple:
    """(config, distance, scramble) from ``params``, or PuzzleError with the sentence that
    refuses them: the checks that need no table of distances (a distance beyond the
    farthest position is found when the table is built)."""
    config = config_from(params)
    distance = params.get("distance", 0) or 0
    scramble = params.get("scramble", 0) or 0
    for key, value in (("distance", distance), ("scramble", scramble)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PuzzleError(f'The parameter "{key}" must be a whole number from 0, not {value!r:.30}.')
    if scramble > MAX_SCRAMBLE:
        raise PuzzleError(f"A scramble is at most {MAX_SCRAMBLE:,} moves; {scramble:,} were asked for.")
    if distance and not tables.feasible(config):
        raise PuzzleError(
            f"An exact distance needs a board whose positions can all be tabulated (at most "
            f"{tables.EXACT_LIMIT:,}); {config.describe()} has about {reachable_count(config):,}. "
            "Use a scramble length instead."
        )
    return config, distance, scramble


def generate(params: dict, seed: int | None = None) -> RotationState:
    config, distance, scramble = checked(params)
    rng = random.Random(seed)
    if distance:
        table = tables.get(config)
        if distance > table.max_distance:
            raise PuzzleError(
                f"No position of {config.describe()} is {distance} moves from solved; the farthest "
                f"are {table.max_distance} moves away."
            )
        tiles, orient = tables.pick(table, distance, rng)
        return RotationState(config, tiles, orient)
    if single_turn_only(config) and scramble == 0:
        scramble = rng.randrange(1, 4)
    length = scramble or config.cells * config.n * config.n * 2 + rng.randrange(2)
    for _ in range(100):
        state = scrambled(config, length, rng)
        if not is_solved(state):
            return state
    raise PuzzleError(f"A scramble of {length} moves keeps returning to the goal on this board; try another length.")


def single_turn_only(config: Config) -> bool:
    return config.blocks_x == 1 and config.blocks_y == 1


def scrambled(config: Config, length: int, rng: random.Random) -> RotationState:
    """``length`` random legal moves from the goal that never undo the move before and
    never turn one block three times running (that would be one turn the other way)."""
    state = goal_state(config)
    moves = config.moves()
    last = None
    run = 0
    for _ in range(length):
        while True:
            move = rng.choice(moves)
            if single_turn_only(config) or last is None:
                break
            if move[1:3] == last[1:3]:
                if move[3] != last[3] or run >= (3 if config.cw_only else 2) - 1:
                    continue
            break
        run = run + 1 if last is not None and move[1:3] == last[1:3] else 0
        last = move
        state = apply_move(state, move)
    return RotationState(config, state.tiles, state.orient)
