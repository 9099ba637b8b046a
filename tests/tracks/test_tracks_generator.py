"""Tracks generator: unique puzzles at the asked difficulty, reproducible by seed, with
given pieces only where they are needed."""

import pytest

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import UNIQUE, run
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks import levels
from puzzlegui.kinds.tracks import solver as tsolver
from puzzlegui.kinds.tracks.generator import _solves, _with_fixed
from tracks_helpers import piece_on_path


@pytest.mark.parametrize(
    "params",
    [
        {"width": 8, "height": 8, "split": False, "difficulty": "easy"},
        {"width": 8, "height": 8, "split": False, "difficulty": "tricky"},
        {"width": 8, "height": 8, "split": False, "difficulty": "hard"},
        {"width": 8, "height": 8, "split": False, "difficulty": "expert"},
        {"width": 10, "height": 6, "split": True, "difficulty": "tricky"},
        {"width": 6, "height": 9, "split": True, "difficulty": "expert"},
    ],
)
def test_generated_puzzles_are_unique_and_graded(params):
    level = tsolver.LEVEL_NAMES.index(params["difficulty"])
    for seed in (1, 2):
        state = KIND.generate(params, seed=seed)
        p = state.puzzle
        assert (p.width, p.height, p.split is not None) == (params["width"], params["height"], params["split"])
        result = run(KIND.solve(state), mode=UNIQUE)
        assert result.complete and result.count == 1
        assert tsolver.grade(p) == level
        assert KIND.params_of(state) == params
        path = result.solutions[0].path
        # every given piece is a piece of the one solution ...
        index = {c: k for k, c in enumerate(path)}
        for c, mask in p.fixed:
            assert mask == piece_on_path(p, path, index[c])
        # ... and none can be removed without the level's deductions failing (Tatham's
        # for his levels, where the pieces at A and B are always given, as in his puzzles)
        ends = (p.start, p.finish) if not params["split"] else ()
        for item in p.fixed:
            if item[0] in ends:
                continue
            fewer = _with_fixed(p, [x for x in p.fixed if x != item])
            if level <= tsolver.HARD and not params["split"]:
                board = levels.board_of(fewer)
                board.closure(level)
                assert not board.finished()
            else:
                assert not _solves(fewer, min(level, tsolver.HARD))
        if not params["split"]:
            assert p.start_edge and p.finish_edge and p.start[0] == 0 and p.finish[1] == p.height - 1
            assert {c for c, _ in p.fixed} >= {p.start, p.finish}  # Tatham gives the pieces at A and B
            assert KIND.parse_game_id(KIND.format_game_id(state)).puzzle == p


def test_hard_is_tathams_level_so_a_split_board_has_none():
    with pytest.raises(PuzzleError, match="his program has no split rows"):
        KIND.generate({"width": 10, "height": 6, "split": True, "difficulty": "hard"}, seed=1)


def test_same_seed_same_puzzle():
    params = {"width": 10, "height": 10, "split": False, "difficulty": "tricky"}
    a = KIND.generate(params, seed=42)
    b = KIND.generate(params, seed=42)
    c = KIND.generate(params, seed=43)
    assert a == b and a != c


@pytest.mark.parametrize(
    "params, words",
    [
        ({"width": 3}, "width must be from 4 to 30"),
        ({"height": 31}, "height must be from 4 to 30"),
        ({"split": "yes"}, "Split rows must be true or false"),
        ({"difficulty": "fiendish"}, "easy, tricky, hard, expert"),
        ({"colour": 1}, 'no parameter "colour"'),
        ({"width": 4, "height": 4, "difficulty": "hard"}, "too small for a hard puzzle; choose easy."),
        ({"width": 4, "height": 4, "difficulty": "tricky"}, "too small for a tricky puzzle; choose easy."),
        ({"width": 4, "height": 4, "split": True, "difficulty": "expert"}, "choose easy or tricky."),
        ({"width": 4, "height": 5, "difficulty": "expert"}, "too small for an expert puzzle; choose easy, tricky or hard."),
    ],
)
def test_bad_parameters(params, words):
    with pytest.raises(PuzzleError) as info:
        KIND.generate(params, seed=1)
    assert words in str(info.value)
    assert KIND.params_problem(params) == str(info.value)  # the New puzzle dialog says it first


@pytest.mark.parametrize(
    "params",
    [
        {"width": 4, "height": 4, "difficulty": "easy"},
        {"width": 4, "height": 4, "split": True, "difficulty": "tricky"},
        {"width": 4, "height": 5, "difficulty": "tricky"},
        {"width": 5, "height": 4, "difficulty": "hard"},
        {"width": 4, "height": 5, "split": True, "difficulty": "expert"},
        {"width": 4, "height": 6, "difficulty": "expert"},
    ],
)
def test_the_smallest_boards_make_every_level_they_are_not_refused(params):
    state = KIND.generate(params, seed=0)
    name = KIND.grade(state)[0]
    assert name == params["difficulty"]


def test_parameters_and_presets_describe_the_generator():
    names = [p.name for p in KIND.parameters()]
    assert names == ["width", "height", "split", "difficulty"]
    labels = [p.label for p in KIND.presets()]
    assert "15x15 Hard" in labels and any("split" in x for x in labels)
    for preset in KIND.presets():
        KIND._params(preset.params)  # every preset is valid
        assert KIND.params_problem(preset.params) is None
