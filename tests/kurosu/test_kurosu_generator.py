"""Generated puzzles: one solution, the asked difficulty, no spare givens."""

import pytest

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import UNIQUE, run
from puzzlegui.kinds.kurosu import KIND, KurosuState
from puzzlegui.kinds.kurosu.engine import Engine
from puzzlegui.kinds.kurosu.generator import LEVELS, generate


@pytest.mark.parametrize("w,h,unique,difficulty", [
    (6, 6, False, "trivial"),
    (6, 6, False, "easy"),
    (8, 8, False, "normal"),
    (10, 6, False, "normal"),
    (8, 8, True, "easy"),
    (10, 10, True, "normal"),
    (12, 12, False, "tricky"),
    (8, 8, False, "hard"),
    (10, 10, False, "hard"),  # wider than NARROW: the two searches side by side
])
def test_unique_with_the_asked_grade_and_minimal(w, h, unique, difficulty):
    state = KIND.generate({"width": w, "height": h, "unique": unique, "difficulty": difficulty}, seed=11)
    assert (state.width, state.height, state.unique) == (w, h, unique)
    result = run(KIND.solve(state), mode=UNIQUE)
    assert result.unique
    assert result.solutions[0].difficulty == difficulty
    assert KIND.params_of(state) == {"width": w, "height": h, "unique": unique, "difficulty": difficulty}
    # as few givens as the difficulty allows: without any one of them the rules stall,
    # or at Hard there is a second solution
    level = LEVELS[difficulty]
    eng = Engine(w, h, unique)
    for i, v in enumerate(state.givens):
        if v < 0:
            continue
        fewer = list(state.givens)
        fewer[i] = -1
        if difficulty == "hard":
            fewer_state = KurosuState.new(w, h, fewer, unique)
            assert not run(KIND.solve(fewer_state), mode=UNIQUE).unique, f"given {i} is not needed"
            continue
        board = eng.board(fewer)
        assert eng.close(board, level) and not eng.is_full(board), f"given {i} is not needed"


def test_same_seed_same_puzzle():
    params = {"width": 10, "height": 10, "difficulty": "normal"}
    assert KIND.generate(params, seed=3) == KIND.generate(params, seed=3)
    assert KIND.generate(params, seed=3) != KIND.generate(params, seed=4)


def test_a_level_a_small_board_hardly_has_is_a_sentence_not_an_easier_puzzle():
    # (6x6 Tricky puzzles hardly exist; the generator never hands over a Normal one instead)
    with pytest.raises(PuzzleError, match="rarely need the tricky rules"):
        generate(6, 6, False, "tricky", seed=1, time_limit=0.3)


@pytest.mark.parametrize("params,words", [
    ({"width": 7, "height": 6}, "must be even"),
    ({"width": 44, "height": 6}, "4 to 40"),
    ({"width": 4, "height": 8, "unique": True}, "only 6 legal lines of 4 cells"),
    ({"difficulty": "fiendish"}, "not a difficulty"),
    ({"unique": "yes"}, "true or false"),
])
def test_impossible_parameters_get_a_sentence(params, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.generate(params, seed=1)


def test_presets_and_parameters_describe_the_generator():
    names = {p.name for p in KIND.parameters()}
    assert names == {"width", "height", "unique", "difficulty"}
    labels = [p.label for p in KIND.presets()]
    assert "6x6 Easy (Daily Mail size)" in labels and "10x10 Takuzu (no copies)" in labels
    for preset in KIND.presets():
        assert set(preset.params) == names
