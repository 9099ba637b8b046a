"""Named deductions, hints and "show the solution" steps."""

import pytest
from kurosu_data import SEED_PUZZLES, rows

from puzzlegui.core.solver import UNIQUE, run
from puzzlegui.kinds.kurosu import KIND, KurosuState
from puzzlegui.kinds.kurosu.engine import Engine
from puzzlegui.kinds.kurosu.logic import Contradiction, Reasoner


def grid(text, unique=False):
    lines = [line for line in text.strip().splitlines()]
    state = KIND.parse_text("\n".join(lines))
    return KurosuState.new(state.width, state.height, state.givens, unique)


def first(state, max_level=4):
    return Reasoner(state.width, state.height, state.unique).deductions(state.cells, max_level)


def test_pair_rule_names_the_pair():
    state = grid("""
        .11...
        ......
        ......
        ......
        ......
        ......""")
    found = first(state)
    assert {(d.x, d.y, d.value) for d in found} == {(0, 0, 0), (3, 0, 0)}
    d = next(d for d in found if d.x == 3)
    assert d.rule == "pair" and d.level == 1
    assert d.text == "Two X side by side in row 1, so the cell next to them must be O."
    assert set(d.cells) == {(1, 0), (2, 0)}


def test_gap_rule_in_a_column():
    state = grid("""
        ......
        ...0..
        ......
        ...0..
        ......
        ......""")
    (d,) = first(state)
    assert (d.x, d.y, d.value, d.rule) == (3, 2, 1, "gap")
    assert d.text == "O on both sides in column 4, so the cell between them must be X."
    assert set(d.cells) == {(3, 1), (3, 3)}


def test_quota_rule_in_the_issue_words():
    state = grid("""
        ......
        ......
        010..0
        ......
        ......
        ......""")
    found = first(state)
    assert {(d.x, d.y, d.value) for d in found} == {(3, 2, 1), (4, 2, 1)}
    assert all(d.rule == "quota" and d.level == 2 for d in found)
    assert found[0].text == "Row 3 already has three O, so the rest are X."
    assert set(found[0].cells) == {(0, 2), (2, 2), (5, 2)}


def test_last_cell_rule():
    state = grid("""
        10101.
        ......
        ......
        ......
        ......
        ......""")
    (d,) = first(state, 1)
    assert (d.x, d.y, d.value, d.rule) == (5, 0, 0, "last")
    assert "one empty cell left" in d.text


def test_window_rule_is_tathams_normal_and_names_its_window():
    # 1 1 0 . . .  : the last X must go in cells 4-5 or cells 4-6 would be O (Tatham's
    # example for his Normal level)
    state = grid("""
        110...
        ......
        ......
        ......
        ......
        ......""")
    found = first(state)
    assert all(d.level == 3 and d.rule == "window" for d in found)
    (d,) = [d for d in found if (d.x, d.y) == (5, 0)]
    assert d.value == 0
    assert d.text == (
        "Row 1 needs one more X, and it must go in columns 3 to 5, or those three cells would all "
        "be O; so this cell is O."
    )
    assert set(d.cells) == {(0, 0), (1, 0), (2, 0)}
    assert first(state, 2) == []  # nothing at Easy


def test_exclusion_rule_is_beyond_tathams_normal_and_explains_the_broken_hypothesis():
    # . O . . X . . O : an O in the first cell forces, by pairs, gaps and the quota, three
    # X in a row; no window rule applies (the row needs two more X)
    cells = [-1] * 64
    cells[:8] = [-1, 0, -1, -1, 1, -1, -1, 0]
    reasoner = Reasoner(8, 8)
    assert reasoner.deductions(cells, 3) == []
    (d,) = reasoner.deductions(cells, 4)
    assert (d.x, d.y, d.value, d.rule, d.level) == (0, 0, 1, "exclusion", 4)
    assert d.text == "An O here would leave row 1 with three X in a row, so this cell is X."


def test_duplicate_rule_when_on():
    # row 4 has two of its three X under row 1's X: its last X may not go under the third
    text = """
        101001
        ......
        ......
        1....1
        ......
        ......"""
    found = first(grid(text, unique=True))
    assert all(d.level == 2 for d in found)
    (d,) = [d for d in found if d.rule == "duplicate"]
    assert (d.x, d.y, d.value) == (2, 3, 0)
    assert d.text == "Row 4 needs one more X; here it would make row 4 a copy of row 1, so this cell is O."
    assert (0, 0) in d.cells and (5, 3) in d.cells
    assert not any(d.rule == "duplicate" for d in first(grid(text)))


def test_line_analysis_when_exclusions_stall():
    # X . . . X . . . . X : one-step hypotheses find nothing, but no legal completion
    # of the row has X in cells 6 or 9
    cells = [-1] * 100
    cells[:10] = [1, -1, -1, -1, 1, -1, -1, -1, -1, 1]
    state = KurosuState.new(10, 10, cells)
    reasoner = Reasoner(10, 10)
    assert reasoner.deductions(state.cells, 3) == []
    at4 = reasoner.deductions(state.cells, 4)
    assert {(d.x, d.y, d.value) for d in at4} == {(5, 0, 0), (8, 0, 0)}
    assert all(d.rule == "analysis" and d.level == 4 for d in at4)
    assert at4[0].text == "Every legal way to finish row 1 has O here."
    assert set(at4[0].cells) == {(0, 0), (4, 0), (9, 0)}


def test_fast_engine_and_explained_rules_agree_level_by_level():
    for day in ("01", "06", "16"):
        state = KIND.parse_text(rows(SEED_PUZZLES[day][0]))
        reasoner = Reasoner(6, 6)
        for level in (1, 2, 3, 4):
            eng = Engine(6, 6)
            st = eng.board(state.cells)
            assert eng.close(st, level)
            cells, _, broken = reasoner.run_logic(state.cells, level)
            assert broken is None and cells == eng.cells(st)


def test_contradiction_is_reported_with_its_line():
    state = grid("""
        111...
        ......
        ......
        ......
        ......
        ......""")
    found = first(state)
    assert isinstance(found, Contradiction)
    assert found.text == "Row 1 has three X in a row."
    assert set(found.cells) == {(0, 0), (1, 0), (2, 0)}


@pytest.mark.parametrize("day", ["01", "06", "14"])
def test_solution_steps_replay_the_deductions_in_order(day):
    state = KIND.parse_text(rows(SEED_PUZZLES[day][0]))
    solution = run(KIND.solve(state), mode=UNIQUE).solutions[0]
    steps = KIND.solution_steps(state, solution)
    assert len(steps) == SEED_PUZZLES[day][0].count(".")
    current = state
    for step in steps:
        assert step.action == "deduce" and step.cells and step.text
        # each step's reason holds on the board it is applied to
        _, x, y, _ = step.move
        assert current.at(x, y) == -1
        assert step.cells[0] == (x, y)  # the cell it fills, then the filled cells that justify it
        assert all(current.at(cx, cy) >= 0 for cx, cy in step.cells[1:])
        current = KIND.apply(current, step.move)
    assert KIND.is_solved(current)
    assert "".join(current.rows()) == SEED_PUZZLES[day][1]


def test_solution_steps_show_guesses_when_search_is_needed():
    hard = KIND.generate({"width": 8, "height": 8, "difficulty": "hard"}, seed=4)
    solution = run(KIND.solve(hard), mode=UNIQUE).solutions[0]
    steps = KIND.solution_steps(hard, solution)
    assert any(s.action == "guess" for s in steps)
    state = hard
    for s in steps:
        state = KIND.apply(state, s.move)
    assert KIND.is_solved(state)


def test_hint_gives_the_next_deduction():
    state = KIND.parse_text(rows(SEED_PUZZLES["12"][0]))
    hint = KIND.hint(state)
    assert hint.move[0] == "set" and hint.text and len(hint.cells) > 1
    after = KIND.apply(state, hint.move)
    solution = SEED_PUZZLES["12"][1]
    _, x, y, v = hint.move
    assert hint.cells[0] == (x, y)
    assert str(v) == solution[y * 6 + x]
    assert after != state


def test_hint_sentence_names_the_rule():
    state = grid("""
        ......
        ......
        010..0
        ......
        ......
        ......""")
    hint = KIND.hint(state)
    assert hint.text == "Quota (Easy): row 3 already has three O, so the rest are X."
    assert hint.move == ("set", 3, 2, 1)
    assert hint.cells == ((3, 2), (0, 2), (2, 2), (5, 2))


def test_hint_points_at_a_wrong_entry():
    state = KIND.parse_text(rows(SEED_PUZZLES["01"][0]))
    solution = SEED_PUZZLES["01"][1]
    # a wrong symbol at column 2, row 1 (the solution has 0 there)
    assert solution[1] == "0"
    wrong = KIND.apply(state, ("set", 1, 0, 1))
    hint = KIND.hint(wrong)
    assert hint.move == ("set", 1, 0, -1)
    assert hint.cells == ((1, 0),)
    assert hint.text == "The X at column 2, row 1 is wrong: the solution has O there. Take it out."


def test_hint_on_a_full_board_or_an_impossible_puzzle_is_none():
    broken = KIND.parse_text("111...\n......\n......\n......\n......\n......")
    assert KIND.hint(broken) is None
    state = KIND.parse_text(rows(SEED_PUZZLES["01"][1]))
    assert KIND.hint(state) is None
