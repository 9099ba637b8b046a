"""Kurosu's hint is kept as it was; sure_move gives the same deduction with its rule name."""

from puzzlegui.core.files import load_builtin
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.logic import RULE_NAMES


def test_sure_move_is_the_hint_with_its_rule_name():
    state = load_builtin("kurosu-dm-2018-06-04").state
    name, hint = KIND.sure_move(state)
    assert name in RULE_NAMES.values()
    assert KIND.hint(state) == hint
    assert hint.text.lower().startswith(name)
