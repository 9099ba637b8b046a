"""Game IDs, the text layout and the file section: round trips and sentences for errors."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kurosu_data import SEED_FILE, SEED_PUZZLES, unruly_ids

from puzzlegui.core import files
from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.kurosu import KIND, KurosuState


def test_empty_board_id_6x6_zl():
    state = KIND.parse_game_id("6x6:zl")
    assert (state.width, state.height, state.unique) == (6, 6, False)
    assert state.givens == (-1,) * 36
    assert KIND.format_game_id(state) == "6x6:zl"


def test_issue_example_id_decodes_letter_by_letter():
    state = KIND.parse_game_id("6x6:DdCDeAddBEa")
    # D: skip 3, X; d: skip 3, O; C: skip 2, X; D: skip 3, X; e: skip 4, O; A: X; ...
    assert state.rows() == ["...1..", ".0..1.", "..1...", ".01...", "0...0.", "1....1"]
    assert KIND.format_game_id(state) == "6x6:DdCDeAddBEa"


@pytest.mark.parametrize("params,game_id", unruly_ids())
def test_tatham_ids_round_trip_exactly(params, game_id):
    state = KIND.parse_game_id(game_id)
    assert KIND.format_game_id(state) == game_id
    assert state.unique == ("u" in params)
    # the difficulty letter belongs to the generator's parameters, and is accepted
    with_diff = game_id.replace(":", "d" + params[-1] + ":", 1)
    assert KIND.parse_game_id(with_diff) == state


def test_long_runs_use_z_and_Z():
    cells = [-1] * 64
    cells[30] = 1  # 30 empty cells before an X: Z then F
    cells[63] = 0  # then 32 empty cells before an O: z then h; the closing a past the end
    state = KurosuState.new(8, 8, cells)
    text = KIND.format_game_id(state)
    assert text == "8x8:ZFzha"
    assert KIND.parse_game_id(text) == state
    assert KIND.format_game_id(KurosuState.new(8, 8, [-1] * 64)) == "8x8:zzo"
    assert KIND.parse_game_id("8x8:zzo") == KurosuState.new(8, 8, [-1] * 64)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([4, 6, 8, 12, 40]), st.sampled_from([4, 6, 10, 40]), st.booleans(), st.data())
def test_any_board_round_trips_through_every_codec(w, h, unique, data):
    cells = data.draw(st.lists(st.sampled_from([-1, -1, -1, 0, 1]), min_size=w * h, max_size=w * h))
    state = KurosuState.new(w, h, cells, unique)
    assert KIND.parse_game_id(KIND.format_game_id(state)) == state
    assert KIND.parse_text(KIND.format_text(state)) == state
    assert KIND.decode(json.loads(json.dumps(KIND.encode(state)))) == state


@pytest.mark.parametrize("text,words", [
    ("6x6:DdCDeAddBEa!", "only the letters"),
    ("6x6:DdC", "too short"),
    ("6x6:zzzzzz", "runs past the end"),
    ("7x6:zl", "must be even"),
    ("2x2:a", "4 to 40"),
    ("42x42:a", "4 to 40"),
    ("100000x100000:a", "at most 40"),
    ("6x6", "looks like 6x6:"),
    ("6x6#1234", "Random-seed IDs"),
    ("6x6dq:zl", "not a difficulty"),
    ("six:zl", "not a board size"),
])
def test_bad_game_ids_get_a_sentence(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse_game_id(text)


def test_seed_text_file_with_comment():
    state = KIND.parse_text(SEED_FILE)
    assert "".join(state.rows()) == SEED_PUZZLES["01"][0]
    out = KIND.format_text(state)
    assert out.startswith("# Kurosu 6x6\n")
    assert KIND.parse_text(out) == state


def test_text_accepts_x_and_o_and_the_rule_comment():
    state = KIND.parse_text("# rule: unique\nx.o.\n....\n..X.\nO...\n")
    assert state.unique and state.givens[0] == 1 and state.givens[2] == 0
    assert "# rule: unique" in KIND.format_text(state)


@pytest.mark.parametrize("text,words", [
    ("", "no rows"),
    ("# only a comment\n", "no rows"),
    ("...0.1\n0...0\n", "Line 2 has 5 cells"),
    ("...0.2\n", "character 6"),
    ("....\n....\n....\n", "height is 3"),
])
def test_bad_text_gets_a_sentence(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse_text(text)


def test_file_section_fields():
    state = KIND.parse_text(SEED_FILE)
    section = KIND.encode(state)
    assert section == {"width": 6, "height": 6, "unique": False,
                       "grid": ["...0.1", "0...0.", "1.1.1.", "..0...", ".1.0.1", "0....0"]}
    played = KIND.apply(state, ("set", 0, 0, 1))
    assert KIND.encode(played) == section  # the section is the puzzle, not the progress
    assert KIND.initial(played) == state


@pytest.mark.parametrize("section,words", [
    ([], "must be an object"),
    ({"width": 6}, 'no "grid"'),
    ({"grid": "......"}, "list of text rows"),
    ({"grid": ["......"] * 5}, "height is 5"),
    ({"grid": ["......"] * 6, "height": 8}, "has 6 rows"),
    ({"grid": ["......"] * 5 + ["....."]}, "Row 6 of the grid has 5 cells"),
    ({"grid": ["......"] * 5 + [".....x"]}, 'Row 6, column 6 of the grid is "x"'),
    ({"grid": ["......"] * 6, "unique": "yes"}, "true or false"),
    ({"grid": ["......"] * 6, "width": True}, "whole number"),
    ({"grid": ["......"] * 6, "colour": 1}, 'unknown field "colour"'),
    ({"grid": ["." * 42] * 42}, "4 to 40"),
])
def test_bad_sections_get_a_sentence(section, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.decode(section)


def test_builtins_are_the_nine_june_puzzles_with_dates():
    names = sorted(b.name for b in files.builtins() if b.kind == "kurosu")
    assert names == [f"kurosu-dm-2018-06-{d}" for d in sorted(SEED_PUZZLES)]
    for day, (board, _) in SEED_PUZZLES.items():
        doc = files.load_builtin(f"kurosu-dm-2018-06-{day}")
        assert "".join(doc.state.rows()) == board
        assert doc.title == f"Kurosu, {int(day)} June 2018"
        assert not doc.state.unique
        assert doc.meta["source"] == "Daily Mail, June 2018"
        assert f"{int(day)} June 2018" in doc.meta["notes"]
