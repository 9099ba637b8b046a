"""Generator tests: same seed same puzzle, exact distances, scrambles, bad parameters."""

import pytest

from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.rotation import KIND, tables
from puzzlegui.kinds.rotation.model import is_solved, unreachable_reason


def test_same_seed_same_puzzle_and_solvable():
    for preset in KIND.presets():
        a = KIND.generate(preset.params, seed=7)
        b = KIND.generate(preset.params, seed=7)
        assert a == b
        assert not is_solved(a)
        assert unreachable_reason(a) is None
        assert KIND.params_of(a)["width"] == preset.params["width"]


@pytest.mark.parametrize("d", [1, 5, 10, 15])
def test_exact_distance(d):
    params = {"width": 3, "height": 3, "block": 2, "directions": "cw", "distance": d}
    for seed in range(3):
        state = KIND.generate(params, seed=seed)
        assert KIND.distance(state) == d


def test_exact_distance_limits():
    with pytest.raises(PuzzleError, match="farthest are 11 moves"):
        KIND.generate({"width": 3, "height": 3, "block": 2, "distance": 12})
    with pytest.raises(PuzzleError, match="tabulated"):
        KIND.generate({"width": 4, "height": 4, "block": 2, "distance": 5})
    rows = KIND.generate({"width": 3, "height": 3, "block": 2, "rows_only": True, "distance": 3}, seed=1)
    assert tables.get(rows.config).distance(rows.tiles, rows.orient) == 3


def test_short_scramble_is_close():
    state = KIND.generate({"width": 3, "height": 3, "block": 2, "scramble": 2}, seed=4)
    assert 1 <= KIND.distance(state) <= 2


@pytest.mark.parametrize(
    "params, words",
    [
        ({"width": 1}, "2 to 10"),
        ({"width": 3, "height": 3, "block": 4}, "does not fit"),
        ({"directions": "up"}, "directions"),
        ({"orientation": 1}, "true or false"),
        ({"scramble": -1}, "from 0"),
        ({"scramble": 10**6}, "at most"),
        ({"width": "5"}, "whole number"),
    ],
)
def test_bad_parameters(params, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.generate(params)
