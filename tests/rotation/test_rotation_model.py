"""Model tests: turns, moves, the goal, and which positions can reach it."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.rotation import KIND, tables
from puzzlegui.kinds.rotation.model import (
    Config,
    RotationState,
    apply_move,
    goal_state,
    inverse,
    is_solved,
    make_state,
    unreachable_reason,
)

SEED = Config(3, 3, 2, cw_only=True)
IDS = Path(__file__).parent / "data" / "twiddle_ids.txt"


def seed_state():
    return make_state(SEED, [7, 6, 5, 8, 4, 9, 3, 2, 1])


def test_clockwise_turn_matches_the_escape_room_quadrant():
    # The article's Quadrant 1: the tile at top left moves to top right, and so on clockwise.
    s = apply_move(seed_state(), ("turn", 0, 0, "cw"))
    assert s.tiles == (8, 7, 5, 4, 6, 9, 3, 2, 1)
    assert s.moves == 1


def test_anticlockwise_turn_and_back_move_undo_a_turn():
    config = Config(3, 3, 2)
    start = make_state(config, [7, 6, 5, 8, 4, 9, 3, 2, 1])
    after = apply_move(start, ("turn", 1, 1, "cw"))
    assert apply_move(after, ("turn", 1, 1, "ccw")).position() == start.position()
    assert apply_move(after, inverse(("turn", 1, 1, "cw"))).position() == start.position()


def test_back_move_is_allowed_where_buttons_turn_one_way():
    s = seed_state()
    after = apply_move(s, ("turn", 0, 1, "cw"))
    back = apply_move(after, ("back", 0, 1, "cw"))
    assert back.tiles == s.tiles and back.moves == 0


def test_four_turns_are_the_identity_with_arrows():
    config = Config(4, 4, 3, oriented=True)
    s = KIND.generate({"width": 4, "height": 4, "block": 3, "orientation": True}, seed=3)
    t = s
    for _ in range(4):
        t = apply_move(t, ("turn", 1, 0, "cw"))
    assert t.position() == s.position()
    one = apply_move(s, ("turn", 1, 0, "cw"))
    # the centre tile of an odd block turns in place
    assert one.tiles[1 * 4 + 2] == s.tiles[1 * 4 + 2]
    assert one.orient[1 * 4 + 2] == (s.orient[1 * 4 + 2] + 1) % 4
    assert config.oriented


@pytest.mark.parametrize(
    "move, words",
    [
        (("turn", 0, 0, "ccw"), "only turn clockwise"),
        (("turn", 2, 0, "cw"), "no block at column 3, row 1"),
        (("turn", 0, 0, "left"), "direction"),
        (("spin", 0, 0, "cw"), "not a move"),
        (("turn", "0", 0, "cw"), "whole numbers"),
        ("turn", "not a move"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason(move, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.apply(seed_state(), move)


def test_goal_and_solved():
    assert is_solved(goal_state(SEED))
    assert not is_solved(seed_state())
    rows = goal_state(Config(3, 3, 2, rows_only=True))
    assert rows.tiles == (1, 1, 1, 2, 2, 2, 3, 3, 3)
    arrows = RotationState(Config(3, 3, 2, oriented=True), tuple(range(1, 10)), (0,) * 8 + (2,))
    assert not is_solved(arrows)


def test_every_sgt_twiddle_id_is_accepted_as_solvable():
    ids = [ln for ln in IDS.read_text().splitlines() if ln and not ln.startswith("#")]
    assert len(ids) >= 40
    for gid in ids:
        state = KIND.parse_game_id(gid)
        assert unreachable_reason(state) is None, gid


def _random_position(config, rng):
    tiles = list(config.goal_values())
    rng.shuffle(tiles)
    orient = [rng.randrange(4) if config.oriented else 0 for _ in tiles]
    return RotationState(config, tuple(tiles), tuple(orient))


@pytest.mark.parametrize(
    "config",
    [
        Config(3, 3, 2),
        Config(2, 3, 2),  # exceptional: 120 of 720 arrangements
        Config(3, 2, 2, oriented=True),
        Config(2, 2, 2, oriented=True),  # one block
        Config(3, 3, 3),  # one odd block
        Config(3, 4, 3),  # exceptional: 720 arrangements
        Config(4, 3, 2, rows_only=True),
        Config(3, 3, 2, rows_only=True),
        Config(2, 3, 2, oriented=True, rows_only=True),
        Config(4, 2, 2),
    ],
)
def test_reachability_rules_agree_with_brute_force(config):
    table = tables.get(config)
    rng = random.Random(5)
    reachable = unreachable = 0
    for _ in range(700):
        s = _random_position(config, rng)
        by_rule = unreachable_reason(s) is None
        by_table = table.distance(s.tiles, s.orient) is not None
        assert by_rule == by_table, (config, s.tiles, s.orient)
        reachable += by_rule
        unreachable += not by_rule
    # also every tabled position is judged reachable
    for d in range(table.max_distance + 1):
        tiles, orient = tables.pick(table, d, rng)
        assert unreachable_reason(RotationState(config, tiles, orient)) is None


def test_unreachable_positions_are_explained():
    # 4x4 blocks turn tiles by an even permutation: two tiles swapped cannot be solved
    config = Config(5, 5, 4)
    tiles = list(range(1, 26))
    tiles[0], tiles[1] = tiles[1], tiles[0]
    with pytest.raises(PuzzleError, match="odd permutation"):
        make_state(config, tiles)
    # odd blocks keep tiles on their chessboard colour
    with pytest.raises(PuzzleError, match="wrong chessboard colour"):
        make_state(Config(4, 4, 3), [2, 1] + list(range(3, 17)))
    # ... and change both colours' parities together
    tiles = list(range(1, 17))
    tiles[0], tiles[2] = tiles[2], tiles[0]
    with pytest.raises(PuzzleError, match="both"):
        make_state(Config(4, 4, 3), tiles)
    tiles[1], tiles[3] = tiles[3], tiles[1]
    assert make_state(Config(4, 4, 3), tiles)
    # 2x2 blocks: a tile's arrow parity is tied to its square's colour
    with pytest.raises(PuzzleError, match="points the wrong way"):
        make_state(Config(3, 3, 2, oriented=True), range(1, 10), [1] + [0] * 8)
    with pytest.raises(PuzzleError, match="multiple of four"):
        make_state(Config(3, 3, 2, oriented=True), range(1, 10), [2] + [0] * 8)
    with pytest.raises(PuzzleError, match="single block"):
        make_state(Config(3, 3, 3), [2, 1, 3, 4, 5, 6, 7, 8, 9])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=1, max_size=30), st.booleans())
def test_random_turns_keep_positions_solvable(choices, oriented):
    config = Config(4, 4, 3, oriented=oriented) if oriented else Config(5, 4, 2)
    s = goal_state(config)
    moves = config.moves()
    for c in choices:
        s = apply_move(s, moves[c % len(moves)])
    assert unreachable_reason(s) is None
