"""Strip sets, the model's moves and rules, and the codecs (pure, no Qt)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlegui.core import files
from puzzlegui.core.history import History
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.strips import KIND, codec, model
from puzzlegui.kinds.strips.model import (
    make_state,
    placement_problem,
    snap,
    with_pieces,
)
from puzzlegui.kinds.strips.stripset import (
    SEED,
    StripSet,
    canonical,
    count_of_length,
    family,
    format_set,
    parse_set,
    patterns_of_length,
    suggest,
)

FINAL = ("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww")  # the seed's final grid, rows top-down


@pytest.fixture
def final():
    return make_state(FINAL, SEED)


# --- strip sets ------------------------------------------------------------------------------
def test_patterns_are_counted_once_per_turn():
    assert patterns_of_length(3) == ["www", "wwb", "wbw", "wbb", "bwb", "bbb"]
    assert patterns_of_length(2) == ["ww", "wb", "bb"]
    assert [count_of_length(n) for n in range(1, 7)] == [2, 3, 6, 10, 20, 36]
    assert all(len(patterns_of_length(n)) == count_of_length(n) for n in range(1, 9))
    assert canonical("bww") == canonical("wwb") == "wwb"


def test_the_seed_set_is_every_pattern_up_to_three_at_most_once():
    assert not SEED.exact
    assert SEED.strips == 11 and SEED.cells == 26
    assert format_set(SEED) == "at most: len1-3"
    assert SEED.fit_problem(25, 12) is None and SEED.fit_problem(25, 13) is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("at most: len1-3", "at most: len1-3"),
        ("exactly: len2-4", "exactly: len2-4"),
        ("len3*2", "exactly: len3*2"),
        ("bww wbw, BB*2", "exactly: bb*2 wwb wbw"),
        ("AT MOST: len4x2", "at most: len4*2"),
        ("exactly: len2 len3 wwww", "exactly: len2-3 wwww"),
    ],
)
def test_strip_set_syntax(text, expected):
    assert format_set(parse_set(text)) == expected
    assert parse_set(format_set(parse_set(text))) == parse_set(text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("exactly:", "empty"),
        ("wbx", "not a pattern"),
        ("wwb bww", "twice"),
        ("len3 www", "twice"),
        ("len4-2", "smaller first"),
        ("len0", "lengths from 1"),
        ("wbw*0", "copies"),
        ("len13", "lengths from 1 to 12"),
        ("b" * 13, "at most 12"),
        ("len1-10", "more than"),
    ],
)
def test_bad_strip_sets_say_why(text, words):
    with pytest.raises(PuzzleError, match=words):
        parse_set(text)


@given(st.dictionaries(st.text("bw", min_size=1, max_size=5), st.integers(1, 3), min_size=1, max_size=8), st.booleans())
@settings(max_examples=80, deadline=None)
def test_any_set_round_trips_through_its_text(counts, exact):
    merged = {}
    for p, n in counts.items():
        merged[canonical(p)] = n
    strips = StripSet.of(merged, exact)
    assert parse_set(format_set(strips)) == strips


@pytest.mark.parametrize(
    "size, text",
    [
        ((5, 5), "at most: len1-3"),
        ((6, 4), "exactly: len2-3"),
        ((6, 6), "exactly: len3*2"),
        ((8, 8), "at most: len4*2"),
        ((10, 10), "exactly: len5"),
    ],
)
def test_the_family_suggests_a_set_per_size(size, text):
    strips = suggest(*size)
    assert format_set(strips) == text
    cells = size[0] * size[1]
    assert strips.cells == cells if strips.exact else strips.cells >= cells


def test_the_family_fits_every_size_up_to_twelve():
    for cols in range(1, 13):
        for rows in range(1, 13):
            strips = suggest(cols, rows)
            assert strips is not None, (cols, rows)
            cells = cols * rows
            assert (strips.cells == cells) if strips.exact else (strips.cells >= cells)
            assert strips.max_length <= max(cols, rows)


def test_fit_problems_name_cells_and_colours():
    strips = family({2: 1, 3: 1, 4: 1})
    assert "64" in strips.fit_problem(63, 30)
    assert "black" in strips.fit_problem(64, 10)
    assert strips.fit_problem(64, strips.black) is None


# --- moves and rules --------------------------------------------------------------------------
def test_place_and_remove(final):
    move = ("place", "wbw", ((0, 1), (1, 1), (2, 1)))
    after = model.apply(final, move)
    assert final.pieces == ()  # the old state is untouched
    assert after.pieces == (("wbw", ((0, 1), (1, 1), (2, 1))),)
    assert after.owner[(1, 1)] == after.pieces[0]
    back = model.apply(after, ("remove", "wbw", ((2, 1), (1, 1), (0, 1))))
    assert back == final


def test_cells_are_kept_in_the_order_that_spells_the_pattern(final):
    # top row reads w w b b w; cells 2..4 read "bbw", which is the pattern WBB turned
    after = model.apply(final, ("place", "wbb", ((2, 0), (3, 0), (4, 0))))
    assert after.pieces == (("wbb", ((4, 0), (3, 0), (2, 0))),)


def test_equal_positions_compare_equal_whatever_the_order(final):
    a = ("place", "wbw", ((0, 1), (1, 1), (2, 1)))
    b = ("place", "ww", ((0, 0), (1, 0)))
    one = model.apply(model.apply(final, a), b)
    two = model.apply(model.apply(final, b), a)
    assert one == two and hash(one) == hash(two)


@pytest.mark.parametrize(
    "cells, words",
    [
        (((0, 0), (2, 0)), "unbroken straight line"),
        (((0, 0), (1, 1)), "unbroken straight line"),
        (((4, 0), (5, 0)), "outside the grid"),
        (((0, 0), (1, 0), (2, 0), (3, 0)), "at most 3 cells long"),
    ],
)
def test_refused_placements_say_why(final, cells, words):
    assert words in placement_problem(final, cells)
    with pytest.raises(PuzzleError, match=words):
        model.apply(final, ("place", "ww", cells))


def test_a_used_pattern_and_an_overlap_are_refused(final):
    state = model.apply(final, ("place", "ww", ((0, 0), (1, 0))))
    # row 5 (bwwww): cells 2 and 3 read ww again
    assert placement_problem(state, ((1, 4), (2, 4))) == "The WW strip is already used."
    assert "already in a strip" in placement_problem(state, ((1, 0), (2, 0)))
    twice = make_state(FINAL, parse_set("ww*2 len1 len3 wb bb"))
    once = model.apply(twice, ("place", "ww", ((0, 0), (1, 0))))
    again = model.apply(once, ("place", "ww", ((1, 4), (2, 4))))
    assert placement_problem(again, ((3, 4), (4, 4))) == "All 2 WW strips are already used."


def test_a_pattern_missing_from_the_set_is_refused():
    state = make_state(FINAL, parse_set("exactly: len3 ww*2 wb*2 bb*2 len1*2"))
    assert placement_problem(state, ((0, 0), (1, 0))) is None
    narrow = make_state(("wwb", "bbw"), parse_set("exactly: wwb bbw"))
    assert "No strip in this set has the pattern WW" in placement_problem(narrow, ((0, 0), (1, 0)))


def test_wrong_pattern_name_and_malformed_moves(final):
    with pytest.raises(PuzzleError, match="read WBW, not BBB"):
        model.apply(final, ("place", "bbb", ((0, 1), (1, 1), (2, 1))))
    for move in [("jump",), ("place", 3, ((0, 0),)), ("place", "w", "a1"), ("place", "w", ((0, True),)), None]:
        with pytest.raises(PuzzleError):
            model.apply(final, move)
    with pytest.raises(PuzzleError, match="no strip"):
        model.apply(final, ("remove", "w", ((0, 0),)))


def test_snap_keeps_drags_straight_and_short():
    assert snap((1, 1), (1, 1), 3, 5, 5) == ((1, 1),)
    assert snap((1, 1), (4, 2), 3, 5, 5) == ((1, 1), (2, 1), (3, 1))
    assert snap((2, 4), (1, 0), 3, 5, 5) == ((2, 4), (2, 3), (2, 2))
    assert snap((0, 0), (0, 4), 2, 5, 5) == ((0, 0), (0, 1))
    assert snap((4, 0), (9, 0), 3, 5, 5) == ((4, 0),)


def test_solved_only_when_every_cell_is_cut_with_the_set(final):
    (answer,) = KIND_solutions(final)
    state = final
    for pattern, cells in answer:
        assert not model.is_solved(state)
        state = model.apply(state, ("place", pattern, cells))
    assert model.is_solved(state)
    assert model.check(state) == []


def test_check_finds_cells_no_strip_can_cover():
    state = make_state(("wwwb",), parse_set("exactly: ww wb"))
    assert model.check(state) == []
    state = model.apply(state, ("place", "ww", ((1, 0), (2, 0))))
    stuck, no_room = model.check(state)
    assert stuck.cells == ((0, 0), (3, 0)) and "No strip" in stuck.reason
    assert no_room.reason == "There is no room left for the WB strip."


def KIND_solutions(state):
    from puzzlegui.kinds.strips import solver

    return solver.solutions(state)


# --- codecs -------------------------------------------------------------------------------------
def test_json_section_round_trips(final):
    lettered = make_state(FINAL, SEED, ("SURAB", "ICKDO", "MISEG", "NSRTE", "OPERL"))
    for state in (final, lettered, make_state(("wwbb", "bwbb"), parse_set("exactly: wwbb wbbb"))):
        data = json.loads(json.dumps(KIND.encode(state)))
        assert KIND.decode(data) == state
    assert KIND.encode(final) == {"width": 5, "height": 5, "grid": list(FINAL), "strips": "at most: len1-3"}


def test_json_strip_set_object_and_default():
    data = {"grid": ["wb", "bw"], "strips": {"each": "exactly", "patterns": {"wb": 2}}}
    assert KIND.decode(data).strips == parse_set("wb*2")
    assert KIND.decode({"grid": list(FINAL)}).strips == SEED


@pytest.mark.parametrize(
    "data, words",
    [
        ({}, 'no "grid"'),
        ({"grid": "wwb"}, "list of rows"),
        ({"grid": []}, "list of rows"),
        ({"grid": ["wwbbw", "wwb"]}, "row 1 has 5"),
        ({"grid": ["wwxbw"]}, "Row 1, column 3"),
        ({"grid": [5]}, "Row 1"),
        ({"grid": ["w" * 17]}, "at most 16x16"),
        ({"grid": ["w"] * 17}, "at most 16x16"),
        ({"grid": list(FINAL), "width": 6}, "says 6"),
        ({"grid": list(FINAL), "height": "5"}, "whole number"),
        ({"grid": list(FINAL), "colour": 1}, 'unknown field "colour"'),
        ({"grid": list(FINAL), "letters": ["AB"]}, "1 rows"),
        ({"grid": list(FINAL), "letters": ["ABCD!"] * 5}, "A-Z"),
        ({"grid": list(FINAL), "letters": "ABCDE"}, "list of rows"),
        ({"grid": list(FINAL), "strips": 3}, "must be text"),
        ({"grid": list(FINAL), "strips": "exactly: len6"}, "at most 5"),
        ({"grid": list(FINAL), "strips": {"each": "sometimes", "patterns": {"w": 1}}}, '"exactly" or "at most"'),
        ({"grid": list(FINAL), "strips": {"patterns": {"wq": 1}}}, "not a pattern"),
        ({"grid": list(FINAL), "strips": {"patterns": {"w": 0}}}, "whole number from 1"),
        ({"grid": ["wwbb", "bwbb"]}, "without a strip set only 25-cell grids"),
    ],
)
def test_malformed_sections_raise_puzzle_errors_with_reasons(data, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.decode(data)


@pytest.mark.parametrize(
    "data, words",
    [
        ({"grid": list(FINAL), "strips": "exactly: len2-4"}, "25 cells but the strips cover exactly 64"),
        ({"grid": ["wwbb", "bbbb"], "strips": "wwbb wbbb"}, "6 black and 2 white"),
        ({"grid": ["wwwww"] * 3 + ["wwbbb", "bbbbb"]}, "17 white cells but the strips hold at most 13"),
    ],
)
def test_a_grid_the_strips_cannot_hold_is_well_formed_but_breaks_a_rule(data, words):
    """Counts that do not match the strip set make a puzzle with no decomposition, not
    a malformed one: it loads, check() names the misfit, and the solver finds nothing."""
    state = KIND.decode(data)
    assert KIND.decode(KIND.encode(state)) == state
    broken = KIND.check(state)
    assert len(broken) == 1 and words in broken[0].reason
    assert not KIND.is_solved(state)
    result = run(KIND.solve(state), mode=ALL)
    assert result.count == 0 and result.complete
    text = KIND.format_text(state)
    assert KIND.parse_text(text) == state  # the plain text layout reads it back too


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text("bwBWx.A ", max_size=6),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(codec.KEYS + ("each", "patterns")), inner, max_size=5),
    max_leaves=25,
)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_decode_never_raises_anything_but_puzzle_error(value):
    try:
        KIND.decode(value if isinstance(value, dict) else {"grid": value})
    except PuzzleError:
        pass


def test_plain_text_round_trips(final):
    text = "wwbbw\nwbwbb\nbbbww\nbbwbb\nbwwww\n"
    assert KIND.parse_text(text) == final
    assert KIND.format_text(final) == text
    other = make_state(("wwbb", "bwbb"), parse_set("exactly: wwbb wbbb"), ("AB.D", "...."))
    written = KIND.format_text(other)
    assert written == "wwbb\nbwbb\n\nexactly: wwbb wbbb\n\nletters:\nAB.D\n....\n"
    assert KIND.parse_text(written) == other
    assert KIND.parse_text("# a comment\nWWBB\nBWBB\n\nwwbb\nwbbb\n") == make_state(("wwbb", "bwbb"), parse_set("wwbb wbbb"))


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "no grid"),
        ("wwb\nww\n", "row 1 has 3"),
        ("wwbb\nbwbb\n", "Give a strip set such as"),
        ("wwbb\nbwbb\n\nwwbb wbbb\n\nbb\n", "more than one block"),
        ("wwbb\nbwbb\n\nwwbb wbbb\n\nletters:\nAB\n", "1 rows"),
    ],
)
def test_bad_text_says_why(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse_text(text)


def test_builtins_load_with_titles_and_credits():
    names = [b.name for b in files.builtins() if b.kind == "strips"]
    assert names == [f"strips-mums-2010-{i:02d}" for i in range(1, 26)] + ["strips-mums-2010-final"]
    doc = files.load_builtin("strips-mums-2010-final")
    assert "MUMS Puzzle Hunt 2010" in doc.meta["source"]
    assert "Black and White" in doc.title
    assert doc.state.letter((3, 1)) == "D"


def test_moves_survive_a_save_file(final):
    history = History(KIND, final)
    history.push(("place", "wbw", ((0, 1), (1, 1), (2, 1))))
    history.push(("place", "ww", ((0, 0), (1, 0))))
    history.push(("remove", "ww", ((0, 0), (1, 0))))
    saved = json.loads(json.dumps(history.moves_json()))
    again = History(KIND, final)
    again.replay_json(saved)
    assert again.state == history.state
    broken = History(KIND, final)
    with pytest.raises(PuzzleError, match="Saved move 1"):
        broken.replay_json([["place", "bbb", [[0, 1], [1, 1], [2, 1]]]])


def test_initial_drops_progress(final):
    state = with_pieces(final, [("ww", ((0, 0), (1, 0)))])
    assert KIND.initial(state) == final
    assert KIND.solve_start(state) == final


def test_the_documented_example_file_and_text_layout_load():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "format-strips.md").read_text(encoding="utf-8")
    example = doc.split("## A complete example file")[1].split("```json")[1].split("```")[0]
    loaded = files.loads(example, "example")
    assert loaded.state == files.load_builtin("strips-mums-2010-final").state
    history = loaded.history()
    assert history.state.pieces == (("bbb", ((0, 2), (0, 3), (0, 4))),)
    layout = doc.split("## The plain text layout")[1].split("```")[1]
    assert KIND.parse_text(layout) == loaded.state
