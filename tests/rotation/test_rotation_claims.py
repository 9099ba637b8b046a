"""Honest claims (issue 34): an answer as long as its proven lower bound is proven
shortest, and says so (``optimal`` true in --json, "proven optimal" in words); any other
answer says it was found and gives its proven bound."""

import json
from pathlib import Path

import pytest

from puzzlegui import cli
from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.model import Config, RotationState, goal_state, turn

PRESETS = (Path(__file__).parent / "data" / "twiddle_presets.txt").read_text().split()


def one_turn(config: Config) -> str:
    goal = goal_state(config)
    tiles, orient = turn(goal.tiles, goal.orient, config.w, config.n, 1, 1, True)
    return "rotation:" + KIND.format_game_id(RotationState(config, tiles, orient))


def solve_json(capsys, *argv):
    status = cli.main(["solve", *argv, "--json"])
    out = json.loads(capsys.readouterr().out)
    return status, out


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    # the pattern databases of 4x4n2 are never built here (the first answer is proven at once)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


@pytest.mark.parametrize("config", [Config(6, 6, 4), Config(5, 5, 2), Config(7, 7, 3)], ids=Config.params_text)
def test_an_answer_as_long_as_its_bound_is_optimal(capsys, config):
    # the general reduction (6x6n4), the rows-and-columns reduction (5x5n2, 7x7n3)
    status, out = solve_json(capsys, one_turn(config), "--time-limit", "30")
    assert status == 0
    assert out["length"] == 1 and out["optimal"] is True


def test_a_proven_first_answer_comes_before_the_databases(capsys, tmp_path):
    status, out = solve_json(capsys, one_turn(Config(4, 4, 2)), "--first", "--time-limit", "30")
    assert out["length"] == 1 and out["optimal"] is True
    assert not list(tmp_path.rglob("*pdb*"))  # proven by its bound, nothing built


def test_a_found_answer_gives_its_bound(capsys):
    preset = "rotation:" + next(g for g in PRESETS if g.startswith("6x6n4:"))
    status, out = solve_json(capsys, preset, "--time-limit", "30")
    assert out["optimal"] is False and 0 < out["lower_bound"] < out["length"]
    cli.main(["solve", preset, "--time-limit", "30"])
    first = capsys.readouterr().out.splitlines()[0]
    assert f"not proven the fewest: at least {out['lower_bound']} proven" in first


def test_stopped_while_listing_the_others_still_says_proven(capsys):
    # ALL mode goes on to list every shortest sequence; a stop keeps the proven claim
    cli.main(["solve", one_turn(Config(6, 6, 4)), "--time-limit", "30"])
    assert "Fewest moves: 1 (proven optimal)" in capsys.readouterr().out
