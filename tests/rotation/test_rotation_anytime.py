"""Anytime answers (issue 34): the first answer at once, then better ones within the
budget; a scramble of k <= 8 turns is answered in at most k (short.search, before any
pattern database is opened or built), proven shortest.  sgt-twiddle's scrambles of
known length: tests/rotation/data/twiddle_scrambles.txt (benchmarks/bench_rotation.py
``scrambles`` runs all 160 of them under the default budget)."""

from pathlib import Path

import pytest

from puzzlegui.core.solver import ALL, FIRST, Best, Found, run
from puzzlegui.kinds.rotation import KIND, short, solver
from puzzlegui.kinds.rotation.model import Config, apply_move, is_solved

DATA = Path(__file__).parent / "data"
SCRAMBLES = [ln.split() for ln in (DATA / "twiddle_scrambles.txt").read_text().splitlines() if ln and ln[0] != "#"]
SHORT = [(int(k), gid) for k, gid in SCRAMBLES if int(k) in (3, 8)]
PRESET_6X6 = next(g for g in (DATA / "twiddle_presets.txt").read_text().split() if g.startswith("6x6n4:"))


def replayed(state, moves):
    for move in moves:
        state = apply_move(state, move)
    return state


def test_the_data_has_twenty_scrambles_of_each_preset():
    presets = {gid.split(":")[0].rstrip("0123456789")[:-1] for _k, gid in SCRAMBLES}
    assert len(SCRAMBLES) == 160 and len(presets) == 8


@pytest.mark.parametrize("turns, game_id", SHORT, ids=lambda v: str(v)[:16])
def test_a_short_scramble_is_answered_in_no_more_turns_proven(turns, game_id):
    state = KIND.parse_game_id(game_id)
    result = run(KIND.solve(state), FIRST)  # no database is built: the short search proves it
    answer = result.solutions[0]
    assert is_solved(replayed(state, answer.moves))
    assert len(answer.moves) <= turns and answer.optimal


def test_the_first_answer_comes_at_once_and_the_search_raises_the_bound():
    state = KIND.parse_game_id(PRESET_6X6)
    events = list(solver.solve(state))
    answers = [e for e in events if type(e) in (Best, Found)]
    assert type(answers[0]) is Best and not answers[0].final  # the reduction's, before any search
    last = answers[-1]
    assert last.final and len(last.solution) <= len(answers[0].solution)
    # no answer of up to eight turns exists: the bound says so (the quick one is far lower)
    assert last.lower >= solver.SHORT_DEPTH + 1 > answers[0].lower
    assert is_solved(replayed(state, last.solution.moves))


def test_shortcuts_replace_a_window_by_a_shorter_word_with_its_effect():
    config = Config(4, 4, 2)
    a, b = ("turn", 0, 0, "cw"), ("turn", 1, 1, "cw")
    ccw_a = ("turn", 0, 0, "ccw")
    # a b a a a (a three times is a^-1): a b a^-1 in three
    assert short.shorten(config, [a, b, a, a, a]) == [a, b, ccw_a]
    # a detour that comes back: b a a^-1 b^-1 goes entirely
    assert short.shorten(config, [a, b, a, ccw_a, ("turn", 1, 1, "ccw"), b]) == [a, b]


def test_the_search_proves_a_bound_when_nothing_short_exists():
    state = KIND.parse_game_id(PRESET_6X6)
    gen = short.search(state.config, state.tiles, state.orient, 6)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            word, depth = stop.value
            break
    assert word is None and depth == 6


def test_every_answer_of_a_default_solve_replays():
    # the window's and the command line's mode: the best answer when the search ends
    for _k, gid in SHORT[:4]:
        state = KIND.parse_game_id(gid)
        result = run(KIND.solve(state), ALL, time_limit=30)
        assert result.solutions and all(is_solved(replayed(state, s.moves)) for s in result.solutions)


def test_the_default_lines_are_the_plan_of_rows_then_columns():
    from puzzlegui.kinds.rotation import reduce

    config = Config(6, 5, 2)
    lines = [("row", 2, 1, False)] * 2 + [("col", 2, 1, False)] * 3
    assert reduce.plan(config, 2, 1) == reduce.plan(config, lines=lines)
    # backwards: the row's far end first, its first n + tail cells placed together last
    groups = reduce.line_groups(config, "row", 0, 0, 2, 1, True)
    assert groups == [[(5, 0), (4, 0)], [(3, 0)], [(2, 0), (1, 0), (0, 0)]]


def test_the_lines_beam_beats_the_rows_then_columns_reduction_and_replays():
    # a 6x5 board with 2x2 blocks: lines interleaved and placed either way
    from puzzlegui.kinds.rotation.model import RotationState, goal_state

    config = Config(6, 5, 2)
    goal = goal_state(config)
    state = RotationState(config, tuple(reversed(goal.tiles)), goal.orient)
    plain = solver._reduced(state)
    counted = [0]
    gen = solver._beam(state, counted)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            beamed = stop.value
            break
    assert counted[0] > 0 and beamed is not None
    assert len(beamed) < len(plain)
    assert is_solved(replayed(state, beamed))
