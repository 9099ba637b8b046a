"""Every board Tatham's Twiddle makes gets a solution (issue 25), checked with the model.

tests/rotation/data/twiddle_presets.txt holds four IDs of each preset that
`sgt-twiddle --list-presets` lists, made by `sgt-twiddle --generate 4 PRESET`, so the
tests do not need sgt-puzzles installed.  Odd shapes are scrambled from a fixed seed.
"""

import json
import random
from pathlib import Path

import pytest

from puzzlegui import cli
from puzzlegui.core import registry, solver, solving
from puzzlegui.kinds.rotation import KIND, codec, reduce
from puzzlegui.kinds.rotation.model import Config, RotationState, apply_move, goal_state, is_solved, turn

IDS = (Path(__file__).parent / "data" / "twiddle_presets.txt").read_text().split()


def applied(state, moves):
    """The position after ``moves``, played by the model (not by the solver)."""
    for move in moves:
        state = apply_move(state, move)
    return state


def first_answer(state, seconds=120.0):
    solved = solving.search(KIND, state, solver.FIRST, time_limit=seconds)
    assert solved.result.status == solver.SOLVED, solved.sentence
    return solved.result.solutions[0]


def test_the_data_covers_every_preset():
    presets = {i.split(":")[0] for i in IDS}
    assert presets == {"3x3n2r", "3x3n2", "3x3n2o", "4x4n2", "4x4n2o", "4x4n3", "5x5n3", "6x6n4"}


@pytest.mark.parametrize("game_id", IDS)
def test_every_preset_id_is_solved(game_id):
    state = codec.parse_game_id(game_id)
    answer = first_answer(state)
    assert is_solved(applied(state, answer.moves))


def scrambled(config, rng, turns=400):
    g = goal_state(config)
    tiles, orient = g.tiles, g.orient
    for _ in range(turns):
        x, y = rng.randrange(config.blocks_x), rng.randrange(config.blocks_y)
        tiles, orient = turn(tiles, orient, config.w, config.n, x, y, rng.random() < 0.5)
    return RotationState(config, tiles, orient if config.oriented else (0,) * config.cells)


@pytest.mark.parametrize(
    "config",
    [
        Config(3, 5, 3),
        Config(5, 3, 3),
        Config(6, 6, 4, oriented=True),
        Config(6, 6, 4, rows_only=True),
        Config(6, 6, 4, cw_only=True),
        Config(7, 7, 4),
        Config(8, 8, 4, oriented=True),
        Config(8, 8, 5),
    ],
    ids=lambda c: c.params_text(),
)
def test_odd_shapes_are_solved(config):
    rng = random.Random(config.params_text())
    for _ in range(3):
        state = scrambled(config, rng)
        answer = first_answer(state)
        assert is_solved(applied(state, answer.moves))


def test_a_general_answer_says_it_is_not_proven_and_gives_a_bound():
    state = codec.parse_game_id(next(i for i in IDS if i.startswith("6x6n4")))
    solved = solving.search(KIND, state, solver.UNIQUE, time_limit=60)
    out = KIND.result_json(solved.result)
    assert out["optimal"] is False and out["complete"] is False
    assert 0 < out["lower_bound"] <= out["length"]
    assert "not proven" in solved.sentence


def run_cli(argv, capsys):
    status = cli.main(argv)
    return status, capsys.readouterr()


FIVE = next(i for i in IDS if i.startswith("5x5n3"))


def test_solve_first_stops_at_the_first_answer(capsys):
    status, out = run_cli(["solve", "--kind", "rotation", FIVE, "--first", "--json", "--time-limit", "60"], capsys)
    data = json.loads(out.out)
    assert status == 0
    assert "stopped" not in data  # it ended by itself, not at the limit
    assert is_solved(applied(codec.parse_game_id(FIVE), [("turn", x, y, d) for x, y, d in data["solutions"][0]["moves"]]))


def test_solve_within_a_budget_answers_with_a_sequence_and_a_bound(capsys):
    status, out = run_cli(["solve", "--kind", "rotation", FIVE, "--time-limit", "1", "--json"], capsys)
    data = json.loads(out.out)
    assert status == 0
    assert data["stopped"] == "time limit"
    assert data["solutions"][0]["moves"]
    assert 0 < data["lower_bound"] <= data["length"]


def test_solve_help_states_the_default_budget(capsys):
    with pytest.raises(SystemExit):
        cli.main(["solve", "--help"])
    assert f"default {cli.SOLVE_SECONDS:g}" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    "source",
    [
        ["unruly:6x6:aDACCAABgBbaCbd"],
        ["--kind", "unruly", "6x6:aDACCAABgBbaCbd"],
        ["twiddle:3x3n2:7,5,6,1,4,3,9,2,8"],
        ["--kind", "twiddle", "3x3n2:7,5,6,1,4,3,9,2,8"],
        ["--kind", "twiddle", "twiddle:3x3n2:7,5,6,1,4,3,9,2,8"],
    ],
)
def test_tathams_names_are_kinds(source, capsys):
    status, out = run_cli(["solve", *source, "--first", "--json"], capsys)
    data = json.loads(out.out)
    assert status == 0
    assert data["kind"] == ("kurosu" if "unruly" in " ".join(source) else "rotation")


def test_aliases_are_one_table():
    assert registry.get("Twiddle") is registry.get("rotation")
    assert registry.get("unruly") is registry.get("kurosu")
    assert registry.canonical("nonsense") is None
    assert "twiddle" not in registry.names()  # the kinds are listed once


SIZES = [(w, h, n) for w in range(2, 9) for h in range(2, 9) for n in range(2, min(w, h) + 1)]


def test_every_board_up_to_8x8_without_arrows_has_a_solver():
    refused = {Config(w, h, n).params_text(): reduce.support_reason(Config(w, h, n)) for w, h, n in SIZES}
    assert {k: v for k, v in refused.items() if v} == {}


ONE_WIDER = [(w, h, n) for w, h, n in SIZES if n >= 4 and n + 1 in (w, h) and max(w, h) <= n + 2]


@pytest.mark.parametrize("size", ONE_WIDER, ids=lambda s: "%dx%dn%d" % s)
def test_boards_one_tile_wider_than_their_blocks_are_solved(size):
    # their 3-cycles are products of two words that each move few tiles (cycles._far_candidates)
    config = Config(*size)
    state = scrambled(config, random.Random(config.params_text()))
    answer = first_answer(state)
    assert is_solved(applied(state, answer.moves))


@pytest.mark.parametrize("size", [(5, 5, 3), (6, 5, 3), (5, 7, 3), (8, 8, 3)], ids=lambda s: "%dx%dn%do" % s)
def test_arrows_with_3x3_blocks_beyond_the_tables_are_solved(size):
    # pure twists of three tiles of one colour, after whole-board twists set each colour's total
    config = Config(*size, oriented=True)
    rng = random.Random(config.params_text())
    for _ in range(2):
        state = scrambled(config, rng)
        answer = first_answer(state)
        assert is_solved(applied(state, answer.moves))
