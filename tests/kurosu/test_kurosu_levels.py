"""Kurosu's Trivial, Easy and Normal are Tatham's Unruly levels: his solver's verdicts on a
fixed set of IDs (recorded from his standalone solver built from his source; no Tatham
program needed here), and every reason a replay shows is true of the board it is shown on."""

from pathlib import Path

import pytest
from kurosu_data import SEED_PUZZLES, rows

from puzzlegui.core.solver import UNIQUE, run
from puzzlegui.kinds.kurosu import KIND
from puzzlegui.kinds.kurosu.logic import Reasoner
from puzzlegui.kinds.kurosu.solver import solution_steps, step_text

DATA = Path(__file__).parent / "tatham_levels.txt"
VERDICT = {"Trivial": "trivial", "Easy": "easy", "Normal": "normal"}


def recorded():
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            game_id, verdict = line.split()
            yield game_id, verdict


def test_grades_match_his_solvers_recorded_verdicts():
    rows_ = list(recorded())
    assert len(rows_) >= 50 and {v for _, v in rows_} == {"Trivial", "Easy", "Normal", "beyond"}
    for game_id, verdict in rows_:
        state = KIND.parse_game_id(game_id)
        ours = KIND.level_name(state)
        if verdict == "beyond":
            assert ours in ("tricky", "hard"), game_id
            assert KIND.grade(state)[1] == ""  # no Tatham name for what is beyond his Normal
        else:
            assert ours == VERDICT[verdict], game_id
            assert KIND.grade(state)[1] == verdict


@pytest.mark.parametrize("level", ["trivial", "easy", "normal", "tricky", "hard"])
def test_generated_puzzles_grade_at_the_level_asked(level):
    for seed in (5, 6):
        state = KIND.generate({"width": 10, "height": 10, "difficulty": level}, seed=seed)
        assert KIND.level_name(state) == level


def _check_steps(state, steps):
    """Every deduce step's reason is found, word for word, by its rule on the board as it
    stands just before the step (with the steps before it applied)."""
    W = state.width
    reasoner = Reasoner(state.width, state.height, state.unique)
    cells = list(state.cells)
    checked = 0
    for step in steps:
        if step.action == "deduce":
            _, x, y, v = step.move
            assert cells[y * W + x] == -1, step.text
            true_here = [d for d in reasoner.all_deductions(cells) if d.move == step.move]
            assert any(step_text(d) == step.text for d in true_here), step.text
            checked += 1
        if step.move is not None and step.move[0] == "set":
            _, x, y, v = step.move
            cells[y * W + x] = v
        elif step.move is not None and step.move[0] == "clear":
            for cx, cy in step.move[1]:
                cells[cy * W + cx] = -1
    return checked


def _boards():
    for day in ("01", "06", "16"):
        yield KIND.parse_text(rows(SEED_PUZZLES[day][0]))
    for level, seed in (("tricky", 2), ("hard", 3), ("hard", 4)):
        yield KIND.generate({"width": 8, "height": 8, "difficulty": level}, seed=seed)


def test_every_search_replay_reason_holds_on_the_board_it_is_shown_on():
    # (issue 32 item 10: on 1 June step 12 once said an O "would leave column 1 with three
    # X in a row" after column 1 already held its three O)
    total = 0
    for state in _boards():
        steps = []
        run(KIND.solve(state, trace=True), mode=UNIQUE, on_step=steps.append)
        total += _check_steps(state, steps)
    assert total > 100


def test_every_show_the_solution_reason_holds_on_the_board_it_is_shown_on():
    total = 0
    for state in _boards():
        solution = run(KIND.solve(state), mode=UNIQUE).solutions[0]
        total += _check_steps(state, solution_steps(state, solution))
    assert total > 100


def test_at_a_puzzles_level_a_hint_never_needs_a_rule_above_it_and_names_its_level():
    names = {1: "Trivial", 2: "Easy", 3: "Normal", 4: "Tricky"}
    for level, limit in (("trivial", 1), ("easy", 2), ("normal", 3), ("tricky", 4)):
        state = KIND.generate({"width": 8, "height": 8, "difficulty": level}, seed=9)
        reasoner = Reasoner(8, 8)
        seen = set()
        while -1 in state.cells:  # follow the hints to the end
            hint = KIND.hint(state)
            found = reasoner.deductions(state.cells, limit)
            assert isinstance(found, list) and found, level  # the level's own rules go on
            d = next(d for d in found if d.move == hint.move)
            assert d.level <= limit
            assert f"({names[d.level]})" in hint.text.split(":")[0]
            seen.add(d.level)
            state = KIND.apply(state, hint.move)
        assert limit in seen  # and the puzzle did need its level
