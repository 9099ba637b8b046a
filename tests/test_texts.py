"""One numbering for people everywhere (issue 11).

Every sentence that names a cell counts rows and columns from 1 and writes the cell the
one way core.text does ("column 5, row 12"); counts carry thousands separators and agree
with their nouns; JSON keeps the data's 0-based [x, y].  Each kind's traced search, its
replay, hints and rule checks are run on a small board and every sentence is read.
"""

from __future__ import annotations

import re

import pytest

from puzzlegui.core import text
from puzzlegui.core.files import load_builtin
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import ALL, FIRST, NO_SOLUTION, SOLVED, STOPPED, TIME_LIMIT, UNIQUE, Result, describe, run
from puzzlegui.kinds.kurosu import KIND as KUROSU
from puzzlegui.kinds.rotation import KIND as ROTATION
from puzzlegui.kinds.rotation.model import Config, RotationState, goal_state
from puzzlegui.kinds.rotation.solver import RotationSolution, bound_text, describe_solution
from puzzlegui.kinds.strips import KIND as STRIPS
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.strips.stripset import SEED
from puzzlegui.kinds.tracks import KIND as TRACKS

CELL = re.compile(r"\b[Cc]olumn (\d[\d,]*), row (\d[\d,]*)\b")
PAIR = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")  # "(12, 5)": a 0-based data pair
ZERO = re.compile(r"\b(?:[Cc]olumns?|[Rr]ows?) 0\b")
BARE = re.compile(r"(?<![\d,.])\d{4,}(?![\d,])")  # 1234 without a separator
BAD_PLURAL = re.compile(r"(?<![\d,])1 (?:solutions|nodes|strips|tries|moves|entries|cells|decompositions|paths)\b")

# a 5x5 Tracks board with no counts: A top left, B bottom right, so the search must try
TRACKS_OPEN = """
   ?  ?  ?  ?  ?
A< .  .  .  .  ?
.  .  .  .  .  ?
.  .  .  .  .  ?
.  .  .  .  .  ?
.  .  .  .  B> ?
"""
STRIPS_FINAL = ("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww")


def names_in(sentence: str) -> list[tuple[int, int]]:
    """The (column, row) numbers a sentence names, as written."""
    return [(int(c.replace(",", "")), int(r.replace(",", ""))) for c, r in CELL.findall(sentence)]


def assert_people_numbering(sentence: str, width: int, height: int) -> None:
    """The sentence names cells only as "column N, row M", counted from 1 and on the board."""
    assert not PAIR.search(sentence), f"a 0-based pair in: {sentence!r}"
    assert not ZERO.search(sentence), f"a row or column 0 in: {sentence!r}"
    for col, row in names_in(sentence):
        assert 1 <= col <= width and 1 <= row <= height, f"off the board: {sentence!r}"


def assert_names_cells(sentence: str, cells) -> None:
    """Each of ``cells`` (0-based data) is named in the sentence counted from 1."""
    named = names_in(sentence)
    for x, y in cells:
        assert (x + 1, y + 1) in named, f"{(x, y)} is not named as column {x + 1}, row {y + 1} in {sentence!r}"


def traced(kind, state, **options):
    steps = []
    result = run(kind.solve(state, trace=True), on_step=steps.append, **options)
    return result, steps


# --- the helpers ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, word, said",
    [
        (0, "strip", "0 strips"),
        (1, "strip", "1 strip"),
        (2, "strip", "2 strips"),
        (1234, "strip", "1,234 strips"),
        (1, "node", "1 node"),
        (1, "entry", "1 entry"),
        (2, "entry", "2 entries"),
        (1, "try", "1 try"),
        (3, "try", "3 tries"),
        (2, "day", "2 days"),
        (2, "box", "2 boxes"),
        (2, "track cell", "2 track cells"),
        (1, "shortest sequence", "1 shortest sequence"),
        (7073, "solution", "7,073 solutions"),
        (2, "decomposition", "2 decompositions"),
        (2, "datum", "2 data"),
    ],
)
def test_plural_agrees_with_the_count(n, word, said):
    many = "data" if word == "datum" else None
    assert text.plural(n, word, many) == said


def test_numbers_times_and_cells():
    assert text.number(7073) == "7,073" and text.number(66131) == "66,131" and text.number(999) == "999"
    assert text.number(1234567) == "1,234,567"
    assert text.duration(0.0) == "0 ms"
    assert text.duration(0.0421) == "42 ms"
    assert text.duration(0.9996) == "1.00 s"  # never "1,000 ms"
    assert text.duration(1.25) == "1.25 s"
    assert text.duration(9.999) == "10.0 s"  # never "10.00 s"
    assert text.duration(66.131) == "66.1 s"
    assert text.duration(1234.4) == "1,234 s"
    assert text.cell_name((0, 0)) == "column 1, row 1"
    assert text.cell_name((4, 11)) == "column 5, row 12"
    assert text.cells_span((12, 5), (12, 4)) == "column 13, row 6 to column 13, row 5"
    assert text.cells_span((3, 3), (3, 3)) == "column 4, row 4"
    assert [text.article(n) for n in (1, 8, 11, 12, 18, 80, 111, 800, 11000, 1800)] == [
        "a", "an", "an", "a", "an", "an", "a", "an", "an", "a",
    ]


# --- describe(): separators and plurals -----------------------------------------------
def result(count, *, status=SOLVED, complete=True, mode=ALL, nodes=1234, elapsed=66.131, **more):
    r = Result(status=status, complete=complete, mode=mode, nodes=nodes, elapsed=elapsed, **more)
    r.count = count
    return r


@pytest.mark.parametrize(
    "r, wanted",
    [
        (result(1), "Exactly one solution (proven unique; 1,234 nodes, 66.1 s)."),
        (result(1234), "Exactly 1,234 solutions (search complete; 1,234 nodes, 66.1 s)."),
        (result(7073, nodes=1, elapsed=0.042), "Exactly 7,073 solutions (search complete; 1 node, 42 ms)."),
        (result(0, status=NO_SOLUTION, nodes=1), "No solution: the search is exhaustive (1 node, 66.1 s)."),
        (result(1, complete=False, max_solutions=1), "At least 1 solution (stopped at the limit of 1; 1,234 nodes, 66.1 s)."),
        (
            result(1234, complete=False, max_solutions=1234),
            "At least 1,234 solutions (stopped at the limit of 1,234; 1,234 nodes, 66.1 s).",
        ),
        (result(1, complete=False, max_solutions=None), "At least 1 solution (1,234 nodes, 66.1 s)."),
        (
            result(1, status=STOPPED, complete=False, stop_reason=TIME_LIMIT, time_limit=3600),
            "Stopped at the time limit of 3,600 s: 1 solution found so far (1,234 nodes, 66.1 s).",
        ),
        (
            result(1234, status=STOPPED, complete=False, stop_reason=TIME_LIMIT, time_limit=5),
            "Stopped at the time limit of 5 s: 1,234 solutions found so far (1,234 nodes, 66.1 s).",
        ),
        (result(1, complete=False, mode=FIRST, nodes=1), "Found a solution; uniqueness not checked (1 node, 66.1 s)."),
        (result(2, complete=False, mode=UNIQUE), "At least 2 solutions: the puzzle is not unique (1,234 nodes, 66.1 s)."),
    ],
)
def test_describe_uses_separators_and_plurals(r, wanted):
    assert describe(r) == wanted


@pytest.mark.parametrize("n", [1, 1234])
def test_describe_texts_of_every_kind(n):
    for kind in (TRACKS, KUROSU, STRIPS):
        said = kind.describe_result(result(n, complete=False, max_solutions=None))
        assert not BARE.search(said) and not BAD_PLURAL.search(said), said
        assert f"{text.number(n)} " in said
    strips = STRIPS.describe_result(result(n, complete=False, max_solutions=None))
    assert strips.startswith(f"At least {text.plural(n, 'decomposition')} (")
    # Rotation: the count of shortest sequences, and its own time
    sol = RotationSolution([("turn", 0, 0, "cw")] * n, True, n)
    said = ROTATION.describe_result(Result(status=SOLVED, solutions=[sol], complete=True, elapsed=66.131))
    assert not BARE.search(said) and not BAD_PLURAL.search(said), said
    assert f"Fewest moves: {text.number(n)} (proven optimal)" in said and said.endswith("(66.1 s).")
    assert ("exactly one shortest sequence" if n == 1 else "1,234 different shortest sequences") in said
    many = RotationSolution([("turn", 0, 0, "cw")] * n, False)
    assert describe_solution(None, many).startswith(f"A solution in {text.plural(n, 'move')} ")


def test_bound_text_never_says_no_solution_yet():
    # the search may go on to prove there is none: the phrase says what is proven
    assert bound_text(None, 13, 14) == "at least 13 proven; searching 14"
    assert bound_text(1, 1, None) == "found 1 move; proven shortest; listing every shortest sequence"
    assert bound_text(16, 13, 14) == "found 16 moves; at least 13 proven; searching 14"


# --- Tracks ---------------------------------------------------------------------------
def test_tracks_search_steps_count_from_one():
    state = TRACKS.parse_text(TRACKS_OPEN)
    res, steps = traced(TRACKS, state, max_solutions=5)
    assert res.count == 5
    actions = {s.action for s in steps}
    assert {"try", "deduce", "backtrack"} <= actions
    for s in steps:
        assert_people_numbering(s.text, 5, 5)
        assert_names_cells(s.text, s.cells)  # both ends of the piece of track
        assert " from column " in s.text and " to column " in s.text
    # A is at x=0, y=0: the first piece of track from it is column 1, row 1
    first = next(s for s in steps if (0, 0) in s.cells)
    assert "column 1, row 1" in first.text


def test_tracks_replay_and_hints_count_from_one():
    state = TRACKS.parse_text(TRACKS_OPEN)
    sol = run(TRACKS.solve(state), FIRST).solutions[0]
    steps = TRACKS.solution_steps(state, sol)
    assert steps[0].text.startswith("Step 1: lay track from column 1, row 1 to column ")
    for s in steps:
        assert_people_numbering(s.text, 5, 5)
    # JSON is data: the path stays 0-based
    assert TRACKS.solution_json(sol)["path"][0] == [0, 0]


def test_tracks_wrong_entry_and_marks_are_named_from_one(tracks_seed):
    p = tracks_seed.puzzle
    answers = run(TRACKS.solve(tracks_seed), ALL).solutions
    used = {frozenset(e) for sol in answers for e in zip(sol.path, sol.path[1:], strict=False)}
    # a piece of track in column 1 (x=0) that no solution has: the hint names it 1-based
    a, b = next(
        ((0, y), (0, y + 1))
        for y in range(p.height - 1)
        if frozenset(((0, y), (0, y + 1))) not in used and not {(0, y), (0, y + 1)} & set(p.fixed_map)
    )
    hint = TRACKS.hint(TRACKS.apply(tracks_seed, ("edge", *a, *b, 1)))
    assert hint.text == (
        f"The track between column 1, row {a[1] + 1} and column 1, row {b[1] + 1} is not part of the "
        "solution; take it up."
    )
    # a no-track mark on the answer's path in column 1
    on = next(c for c in answers[0].path if c[0] == 0 and c not in p.fixed_map and not p.is_end(c))
    hint = TRACKS.hint(TRACKS.apply(tracks_seed, ("mark", *on, 1)))
    assert all(on in sol.path for sol in answers)
    assert hint.text == f"The cell at column 1, row {on[1] + 1} is on the track; remove its no-track mark."
    for s in TRACKS.solution_steps(tracks_seed, answers[0]):
        assert_people_numbering(s.text, p.width, p.height)


def test_tracks_check_and_move_errors_count_from_one():
    state = TRACKS.parse_text(TRACKS_OPEN)
    for a, b in (((1, 0), (1, 1)), ((0, 1), (1, 1)), ((1, 1), (2, 1))):
        state = TRACKS.apply(state, ("edge", *a, *b, 1))
    broken = TRACKS.check(state)
    meet = next(v for v in broken if "meet" in v.reason)
    assert meet.cells == ((1, 1),) and meet.reason == "3 pieces of track meet at column 2, row 2"
    with pytest.raises(PuzzleError, match=r"^The cell at column 6, row 1 is outside the 5x5 grid\.$"):
        TRACKS.apply(state, ("edge", 4, 0, 5, 0, 1))
    with pytest.raises(PuzzleError, match=r"^The cells at column 1, row 1 and column 3, row 1 are not side by side\.$"):
        TRACKS.apply(state, ("edge", 0, 0, 2, 0, 1))
    with pytest.raises(PuzzleError, match=r"^The cell at column 2, row 2 has track; take it up before marking it\.$"):
        TRACKS.apply(state, ("mark", 1, 1, 1))


def test_tracks_line_counts_agree_in_number():
    # a line over its count by one cell says "1 track cell", never "1 track cells"
    seed = TRACKS.parse_text(
        """
           1  ?  ?  ?
        A< .  .  .  ?
        .  .  .  .  ?
        .  .  .  .  ?
        .  .  .  B> ?
        """
    )
    over = TRACKS.apply(seed, ("edge", 0, 0, 0, 1, 1))
    reasons = [v.reason for v in TRACKS.check(over)]
    assert "column 1 has 2 track cells; its count is 1" in reasons
    zero = TRACKS.parse_text(
        """
           0  ?  ?  ?
        .  A^ .  .  ?
        .  .  .  .  ?
        .  .  .  .  ?
        .  .  .  B> ?
        """
    )
    with_one = TRACKS.apply(zero, ("edge", 1, 0, 0, 0, 1))
    reasons = [v.reason for v in TRACKS.check(with_one)]
    assert "column 1 has 1 track cell; its count is 0" in reasons


# --- Kurosu ---------------------------------------------------------------------------
def test_kurosu_search_steps_count_from_one():
    state = KUROSU.parse_text("1.....\n......\n......\n......\n......\n......")
    res, steps = traced(KUROSU, state, max_solutions=3)
    assert res.count == 3
    assert {"guess", "deduce", "backtrack"} <= {s.action for s in steps}
    for s in steps:
        assert_people_numbering(s.text, 6, 6)
    guesses = [s for s in steps if s.action == "guess"]
    for g in guesses:
        _, x, y, _v = g.move
        assert_names_cells(g.text, [(x, y)])


def test_kurosu_hints_check_and_errors_count_from_one():
    state = KUROSU.parse_text("1.....\n......\n......\n......\n......\n......")
    hint = KUROSU.hint(state)
    assert_people_numbering(hint.text, 6, 6)
    assert "column 2, row 1" in hint.text  # the search's choice, next to the given X
    broken = KUROSU.parse_text("111...\n......\n......\n......\n......\n......")
    reasons = [v.reason for v in KUROSU.check(broken)]
    assert "Row 1: 3 X in a row." in reasons
    with pytest.raises(PuzzleError, match=r"^The cell at column 1, row 1 is given and cannot change\.$"):
        KUROSU.apply(state, ("set", 0, 0, 0))
    with pytest.raises(PuzzleError, match=r"^The cell at column 7, row 1 is outside the 6x6 board\.$"):
        KUROSU.apply(state, ("set", 6, 0, 1))
    # a wrong entry at x=0 is named column 1, in the hint and in the replay
    solution = run(KUROSU.solve(state), FIRST).solutions[0]
    wrong_value = 1 - solution.value(0, 1)
    wrong = KUROSU.apply(state, ("set", 0, 1, wrong_value))
    steps = KUROSU.solution_steps(wrong, solution)
    assert steps[0].action == "remove" and "column 1, row 2" in steps[0].text
    for s in steps:
        assert_people_numbering(s.text, 6, 6)


# --- Strips ---------------------------------------------------------------------------
def test_strips_search_steps_count_from_one():
    state = make_state(STRIPS_FINAL, SEED)
    res, steps = traced(STRIPS, state)
    assert res.count == 1 and res.complete
    assert {"place", "remove"} <= {s.action for s in steps}
    for s in steps:
        assert_people_numbering(s.text, 5, 5)
        if s.action in ("place", "remove"):
            ends = [s.cells[0], s.cells[-1]]
            assert_names_cells(s.text, ends)
    assert any("column 1," in s.text for s in steps)  # strips on x=0 are column 1


def test_strips_hints_check_and_replay_count_from_one():
    state = make_state(STRIPS_FINAL, SEED)
    hint = STRIPS.hint(state)
    assert_people_numbering(hint.text, 5, 5)
    assert_names_cells(hint.text, [hint.move[2][0], hint.move[2][-1]])
    sol = run(STRIPS.solve(state), FIRST).solutions[0]
    for s in STRIPS.solution_steps(state, sol):
        assert_people_numbering(s.text, 5, 5)
    with pytest.raises(PuzzleError, match=r"^The cell at column 6, row 1 is outside the grid\.$"):
        STRIPS.apply(state, ("place", "ww", ((4, 0), (5, 0))))
    for v in STRIPS.check(state):
        assert_people_numbering(v.reason, 5, 5)


# --- Rotation -------------------------------------------------------------------------
def rotation_board():
    """A 4x3 board three turns from solved: blocks in columns 1 to 3, rows 1 and 2."""
    state = goal_state(Config(4, 3, 2))
    for m in (("back", 0, 0, "cw"), ("back", 2, 1, "cw"), ("back", 1, 0, "cw")):
        state = ROTATION.apply(state, m)
    return RotationState(state.config, state.tiles, state.orient)


def test_rotation_search_steps_count_from_one():
    state = rotation_board()
    res, steps = traced(ROTATION, state)
    assert res.count == 2 and res.complete
    for s in steps:
        assert_people_numbering(s.text, 4, 3)
        assert "no solution yet" not in s.text.lower()
    turns = [s for s in steps if s.action == "place"]
    assert turns and all("the block at column " in s.text for s in turns)
    # the block whose top-left cell is x=0, y=0 is "column 1, row 1"
    assert any(s.move[1:3] == (0, 0) and "the block at column 1, row 1" in s.text for s in turns)
    for s in ROTATION.solution_steps(state, res.solutions[0]):
        assert_people_numbering(s.text, 4, 3)
    hint = ROTATION.hint(state)
    assert_people_numbering(hint.text, 4, 3)
    assert not re.search(r"\bA (8|11|18)\b", hint.text)  # "an 8-move", "an 11-move"


def test_rotation_move_errors_count_from_one():
    state = rotation_board()
    with pytest.raises(PuzzleError) as info:
        ROTATION.apply(state, ("turn", 3, 0, "cw"))
    said = str(info.value)
    assert said.startswith("There is no block at column 4, row 1: ")
    assert "columns 1 to 3 and rows 1 to 2" in said
    assert_people_numbering(said, 4, 3)


@pytest.fixture(scope="module")
def tracks_seed():
    return load_builtin("tracks-mums-2008").state
