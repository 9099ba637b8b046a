"""Rotation hints: the next turn of a shortest path, how far from solved, which tiles it
puts in place; larger boards say "a short path" unless it is proven."""

from puzzlegui.core.files import load_builtin
from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.model import Config, make_state


def test_hint_is_one_move_closer_and_says_how_far():
    state = load_builtin("twiddle-3x3").state
    d = KIND.distance(state)
    h = KIND.hint(state)
    assert h.text.startswith(f"The position is {d} moves from solved;")
    after = KIND.apply(state, h.move)
    assert KIND.distance(after) == d - 1
    assert f"leaves {d - 1} moves to go, the fewest possible" in h.text


def test_hint_names_the_tiles_it_puts_in_place():
    config = Config(3, 3, 2)
    goal = KIND.goal(config)
    state = KIND.apply(goal, ("turn", 1, 1, "ccw"))  # one turn from solved
    h = KIND.hint(state)
    assert h.move == ("turn", 1, 1, "cw")
    assert "1 move from solved" in h.text and "solves it" in h.text
    assert "puts tiles 5, 6, 8 and 9 in place" in h.text
    assert set(h.cells) == {(1, 1), (2, 1), (1, 2), (2, 2)}
    name, same = KIND.sure_move(state)
    assert name == "shortest path" and same == h


def test_larger_board_says_short_path_when_not_proven():
    state = make_state(Config(4, 4, 2), (13, 9, 1, 12, 8, 6, 11, 14, 15, 16, 4, 10, 5, 7, 2, 3))
    h = KIND.hint(state)
    assert KIND.sure_move(state) is None  # no table: nothing is proven sure
    if "not proven shortest" in h.text:
        assert h.text.startswith("A ") and "-move solution starts here" in h.text
    else:
        assert "fewest possible" in h.text
    KIND.apply(state, h.move)
