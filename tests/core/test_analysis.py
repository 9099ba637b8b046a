"""The setter's analysis (core.analysis): boards with none, one and many solutions for
every kind, built from built-ins, each claim checked against an independent count."""

import json

import pytest

from puzzlegui.core import library, registry
from puzzlegui.core.analysis import Given, analyse, make_lean, make_unique
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.kurosu.model import KurosuState
from puzzlegui.kinds.rotation.model import Config, RotationState, unreachable_reason
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.tracks.model import initial_state, make_puzzle
from puzzlegui.kinds.strips.stripset import StripSet, parse_set

TRACKS = registry.get("tracks")
KUROSU = registry.get("kurosu")
STRIPS = registry.get("strips")
ROTATION = registry.get("rotation")


def builtin(name):
    b = next(b for b in library.builtins() if b.name == name)
    return registry.get(b.kind).decode(json.loads(b.text)["puzzle"])


# --- independent counts ------------------------------------------------------------------
def kurosu_count(state: KurosuState, most: int = 50) -> int:
    """Solutions of a small Kurosu by brute force, row by row over every legal row,
    with the columns checked as they grow (no engine, no rules module)."""
    W, H = state.width, state.height

    def legal(line, length) -> bool:
        """No three in a row, and at most half of ``length`` (the whole line's) of each."""
        if any(line.count(s) > length // 2 for s in (0, 1)):
            return False
        return not any(line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2))

    rows = [r for r in _all_lines(W) if legal(r, W)]
    found = 0

    def go(y, chosen):
        nonlocal found
        if found >= most:
            return
        if y == H:
            cols = [tuple(chosen[j][x] for j in range(H)) for x in range(W)]
            if state.unique and (len(set(chosen)) < H or len(set(cols)) < W):
                return
            found += 1
            return
        for r in rows:
            if any(state.givens[y * W + x] >= 0 and state.givens[y * W + x] != r[x] for x in range(W)):
                continue
            grown = chosen + [r]
            if all(legal(tuple(row[x] for row in grown), H) for x in range(W)):
                go(y + 1, grown)

    go(0, [])
    return found


def _all_lines(n):
    if n == 0:
        return [()]
    return [line + (v,) for line in _all_lines(n - 1) for v in (0, 1)]


def tracks_count(state) -> int:
    total = TRACKS.count_solutions(state)
    assert total is not None
    return total


def strips_count(state) -> int:
    total = STRIPS.count_solutions(state)
    assert total is not None
    return total


COUNTERS = {"kurosu": kurosu_count, "tracks": tracks_count, "strips": strips_count}


# --- boards -------------------------------------------------------------------------------
def kurosu_unique():
    return builtin("kurosu-dm-2018-06-01")


def kurosu_many():
    state = kurosu_unique()
    for given in KUROSU.givens(state)[:6]:
        state = KUROSU.without_given(state, given)
    return state


def kurosu_none():
    state = kurosu_unique()
    solution = run(KUROSU.solve(state), ALL).solutions[0]
    x, y = next((i % 6, i // 6) for i, v in enumerate(state.givens) if v < 0)
    wrong = 1 - solution.value(x, y)
    return KUROSU.with_given(state, Given(("cell", x, y), ((x, y),), wrong, "the wrong symbol"))


def tracks_unique():
    return TRACKS.generate({"width": 8, "height": 8, "difficulty": "easy"}, seed=3)


def tracks_many():
    return builtin("tracks-mums-2008")  # its two paths differ in one corner


def tracks_none():
    """The unique board with column 1 and row 1 each asking for one more track cell (the
    totals still agree, so the board can be built)."""
    p = tracks_unique().puzzle
    columns = (p.columns[0] + 1,) + p.columns[1:]
    rows = (p.rows[0] + 1,) + p.rows[1:]
    return initial_state(make_puzzle(p.width, p.height, columns, rows, p.start, p.finish, p.split, p.rows_right,
                                     p.start_edge, p.finish_edge, p.fixed, p.symbols))


def strips_unique():
    return builtin("strips-mums-2010-01")


def strips_many():
    state = strips_unique()
    return make_state(state.colours, parse_set("at most: len1-3*2"))


def strips_none():
    # counts fit (3 black, 3 white), but no strip of the set lies along BWB
    return make_state(("bwb", "bww"), StripSet.of({"bbw": 1, "wwb": 1}))


# --- none --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_none), (TRACKS, tracks_none), (STRIPS, strips_none)])
def test_no_solution_names_a_contradiction_with_cells(kind, board):
    state = board()
    assert COUNTERS[kind.name](state) == 0
    found = analyse(kind, state, time_limit=20)
    assert (found.count, found.exact, found.complete) == (0, True, True)
    assert found.contradiction.endswith(".")
    assert found.contradiction_cells
    assert found.suggestion is None and not found.redundant


def test_tracks_contradiction_says_which_line_has_too_little_room():
    found = analyse(TRACKS, tracks_none(), time_limit=20)
    assert "needs" in found.contradiction and "has room for" in found.contradiction
    assert (0, -1) in found.contradiction_cells  # column 1's count, where the board shows it


def test_rotation_unreachable_position_is_explained():
    config = Config(2, 3, 2)  # the two buttons reach only 120 of the 720 arrangements
    tiles = (2, 1, 3, 4, 5, 6)
    state = RotationState(config, tiles, (0,) * 6)
    assert unreachable_reason(state)
    found = analyse(ROTATION, state, time_limit=20)
    assert found.count == 0 and found.complete
    assert found.contradiction == unreachable_reason(state)


# --- many --------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_many), (TRACKS, tracks_many), (STRIPS, strips_many)])
def test_many_solutions_show_where_two_differ(kind, board):
    state = board()
    assert COUNTERS[kind.name](state) >= 2
    found = analyse(kind, state, time_limit=20)
    assert found.count >= 2
    assert found.differing
    a, b = found.solutions[0], found.solutions[1]
    assert a != b
    for cell in found.differing:
        assert _at(kind, a, cell) != _at(kind, b, cell), cell
    # and no cell where they agree is marked
    for cell in _cells(kind, state):
        if cell not in found.differing:
            assert _at(kind, a, cell) == _at(kind, b, cell), cell


def _cells(kind, state):
    if kind is TRACKS:
        p = state.puzzle
        return [(x, y) for y in range(p.height) for x in range(p.width)]
    if kind is KUROSU:
        return [(x, y) for y in range(state.height) for x in range(state.width)]
    return state.cells()


def _at(kind, state, cell):
    """What a solved state holds at ``cell``: its piece of track, symbol or strip."""
    if kind is TRACKS:
        return state.mask.get(cell, 0)
    if kind is KUROSU:
        return state.at(*cell)
    return state.owner[cell]


def test_exact_counts_where_the_kind_counts():
    found = analyse(TRACKS, tracks_many(), time_limit=20)
    assert (found.count, found.exact) == (2, True)
    found = analyse(STRIPS, strips_many(), time_limit=20)
    assert found.exact and found.count == strips_count(strips_many()) > 20
    assert found.extra["decompositions"] == found.count
    assert len(found.solutions) == 20


@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_many), (TRACKS, tracks_many)])
def test_the_suggested_given_really_cuts_the_count(kind, board):
    state = board()
    before = COUNTERS[kind.name](state)
    found = analyse(kind, state, time_limit=20)
    assert found.suggestion is not None
    after = kind.with_given(state, found.suggestion)
    left = COUNTERS[kind.name](after)
    assert 1 <= left < before
    assert found.suggestion_count == left
    again = analyse(kind, after, time_limit=20)
    assert again.count == left


def test_tracks_many_solutions_are_made_unique_by_one_piece():
    found = analyse(TRACKS, tracks_many(), time_limit=20)
    assert found.suggestion_count == 1
    assert found.suggestion.key[0] == "piece"
    assert found.suggestion.text.startswith("the piece at column")


@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_many), (TRACKS, tracks_many)])
def test_make_unique_ends_with_one_solution(kind, board):
    state = make_unique(kind, board(), time_limit=60)
    assert COUNTERS[kind.name](state) == 1
    assert analyse(kind, state, time_limit=20).count == 1


def test_make_unique_says_why_when_there_is_nothing_to_add():
    with pytest.raises(PuzzleError, match="no solution"):
        make_unique(KUROSU, kurosu_none(), time_limit=20)
    with pytest.raises(PuzzleError, match="no given"):
        make_unique(STRIPS, strips_many(), time_limit=20)


# --- one ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_unique), (TRACKS, tracks_unique)])
def test_every_given_marked_redundant_really_is(kind, board):
    state = board()
    assert COUNTERS[kind.name](state) == 1
    found = analyse(kind, state, time_limit=60)
    assert (found.count, found.exact, found.partial) == (1, True, ())
    assert found.redundant
    assert set(found.redundant) <= set(kind.givens(state))
    for given in kind.givens(state):
        left = COUNTERS[kind.name](kind.without_given(state, given))
        assert (left == 1) == (given in found.redundant), given.text


@pytest.mark.parametrize("kind, board", [(KUROSU, kurosu_unique), (TRACKS, tracks_unique)])
def test_make_lean_leaves_no_redundant_given(kind, board):
    state = board()
    lean = make_lean(kind, state, time_limit=60)
    assert len(kind.givens(lean)) < len(kind.givens(state))
    assert COUNTERS[kind.name](lean) == 1
    for given in kind.givens(lean):
        assert COUNTERS[kind.name](kind.without_given(lean, given)) >= 2, given.text


def test_make_lean_refuses_a_board_without_one_solution():
    with pytest.raises(PuzzleError, match="exactly one solution"):
        make_lean(KUROSU, kurosu_many(), time_limit=20)


def test_grades_use_the_preset_scales_and_tathams_names():
    found = analyse(KUROSU, kurosu_unique(), time_limit=20)
    assert found.grade in ("trivial", "easy", "normal", "tricky", "hard")
    assert found.grade == KUROSU.params_of(kurosu_unique())["difficulty"]
    assert found.tatham_grade in ("Trivial", "Easy", "Normal")
    assert found.rules and found.hardest in found.rules
    found = analyse(TRACKS, tracks_unique(), time_limit=20)
    assert (found.grade, found.tatham_grade) == ("easy", "Easy")
    assert found.hardest in found.rules
    found = analyse(STRIPS, strips_unique(), time_limit=20)
    assert found.grade in ("easy", "hard") and found.tatham_grade == ""


def test_strips_capacity_sentence_and_decompositions():
    found = analyse(STRIPS, strips_unique(), time_limit=20)
    assert (found.count, found.exact) == (1, True)
    assert found.extra["decompositions"] == 1
    assert "allow a decomposition" in found.extra["capacity"]
    state = strips_unique()
    too_few = make_state(state.colours, parse_set("at most: len1-2*3"))
    found = analyse(STRIPS, too_few, time_limit=20)
    assert found.count == 0
    assert "at most 24" in found.extra["capacity"] and found.contradiction == found.extra["capacity"]


def test_rotation_reports_the_fewest_moves_and_the_shortest_sequences():
    found = analyse(ROTATION, builtin("mystery-box"), time_limit=20)
    assert found.extra == {"moves": 10, "proven": True, "lower_bound": 10, "shortest_count": 5}
    assert (found.count, found.exact) == (5, True)


# --- bounded -----------------------------------------------------------------------------
def test_should_stop_ends_the_analysis_within_a_few_checks():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 3

    empty = KurosuState.new(8, 8, [-1] * 64)
    found = analyse(KUROSU, empty, time_limit=60, should_stop=stop)
    assert not found.complete and "count" in found.partial
    assert len(calls) <= 3 + 3  # a few checks after the first "stop"


def test_should_stop_ends_redundancy_checks_and_says_so():
    calls = []
    state = tracks_unique()

    def stop():
        calls.append(1)
        return len(calls) > 40

    found = analyse(TRACKS, state, time_limit=60, should_stop=stop)
    assert found.count == 1
    assert "redundant" in found.partial
    assert len(found.redundant) < len(analyse(TRACKS, state, time_limit=60).redundant)


def test_the_json_form_is_plain_data():
    data = analyse(TRACKS, tracks_many(), time_limit=20).to_json()
    text = json.dumps(data)
    assert json.loads(text)["count"] == 2
    assert data["suggestion"]["key"][0] == "piece"
    assert data["differing"] and all(len(c) == 2 for c in data["differing"])
