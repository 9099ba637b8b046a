"""Each kind's params_problem says beforehand the sentence its generate refuses with (the
New puzzle dialog shows it and holds Generate back), and finds nothing in its presets."""

import pytest

from puzzlegui.core import registry
from puzzlegui.core.kind import PuzzleError

REFUSED = [
    ("tracks", {"width": 4, "height": 4, "difficulty": "tricky"}),
    ("tracks", {"width": 5, "height": 4, "difficulty": "expert"}),
    ("tracks", {"width": 10, "height": 8, "split": True, "difficulty": "hard"}),
    ("tracks", {"width": 31}),
    ("kurosu", {"width": 7, "height": 8}),
    ("kurosu", {"width": 8, "height": 8, "difficulty": "fiendish"}),
    ("rotation", {"width": 5, "height": 5, "distance": 3}),
    ("rotation", {"scramble": 10_001}),
    ("rotation", {"directions": "widdershins"}),
    ("strips", {"width": 3, "height": 3, "strips": "exactly: len3*2"}),
    ("strips", {"width": 0}),
]


@pytest.mark.parametrize("kind_name, params", REFUSED)
def test_params_problem_is_the_sentence_generate_refuses_with(kind_name, params):
    kind = registry.get(kind_name)
    with pytest.raises(PuzzleError) as info:
        kind.generate(params, seed=1)
    assert kind.params_problem(params) == str(info.value)


@pytest.mark.parametrize("kind_name", ["tracks", "kurosu", "rotation", "strips"])
def test_defaults_and_presets_have_no_problem(kind_name):
    kind = registry.get(kind_name)
    assert kind.params_problem({}) is None
    for preset in kind.presets():
        assert kind.params_problem(preset.params) is None, preset.label
