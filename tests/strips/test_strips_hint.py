"""Black and White hints: the forced strip (only cover / only place) with the cells it
covers, every one in the decomposition; the last resort says it reads the solution."""

import pytest

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.strips import KIND, explain, model
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import SEED, StripSet

READ_OFF = "No simple deduction applies here; this is read off the solution"


def solutions(state):
    result = run(KIND.solve(state), ALL, time_limit=60)
    assert result.complete
    return result.solutions


@pytest.mark.parametrize("name", ["strips-mums-2010-03", "strips-mums-2010-18", "strips-mums-2010-07"])
def test_forced_strips_are_in_the_decomposition(name):
    state = load_builtin(name).state
    (sol,) = solutions(state)
    names = set()
    while (found := KIND.sure_move(state)) is not None:
        rule, hint = found
        names.add(rule)
        assert rule in ("only cover", "only place")
        assert (hint.move[1], hint.move[2]) in set(sol), hint.text
        assert set(hint.move[2]) <= set(hint.cells)
        assert "column " in hint.text and "row " in hint.text
        state = KIND.apply(state, hint.move)
    assert names


def test_only_place_for_a_strip_that_must_be_used():
    state = load_builtin("strips-mums-2010-01").state
    rule, hint = KIND.sure_move(state)
    assert rule == "only place" and "must be used" in hint.text and "fits in only one place" in hint.text


def test_only_cover_when_one_strip_can_reach_a_cell():
    start = make_state(("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww"), SEED)
    (sol,) = solutions(start)
    single = next(p for p in sol if len(p[1]) == 1)
    almost = with_pieces(start, [p for p in sol if p != single])
    rule, hint = KIND.sure_move(almost)
    assert rule == "only cover" and hint.move == ("place", *single)
    c = single[1][0]
    assert hint.text == (f"Only the {single[0].upper()} strip on column {c[0] + 1}, row {c[1] + 1} can still cover "
                         f"column {c[0] + 1}, row {c[1] + 1}.")
    assert model.is_solved(KIND.apply(almost, hint.move))


def test_last_resort_reads_the_solution():
    state = load_builtin("strips-mums-2010-09").state
    (sol,) = solutions(state)
    assert KIND.sure_move(state) is None
    h = KIND.hint(state)
    assert h.text.startswith(READ_OFF) and (h.move[1], h.move[2]) in set(sol)
