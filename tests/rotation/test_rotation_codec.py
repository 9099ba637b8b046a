"""Codec tests: JSON section, Twiddle game IDs, plain text, built-in puzzles."""

import json

import pytest

from puzzlegui.core import files
from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.rotation import KIND
from puzzlegui.kinds.rotation.model import Config


def test_game_id_round_trips():
    for gid in [
        "3x3n2:5,8,7,2,1,6,9,4,3",
        "3x3n2o:4l7r9d6d1u2d8l5r3d",
        "3x3n2r:3,1,2,1,3,2,3,1,2",
        "3x3n2c:7,6,5,8,4,9,3,2,1",
        "4x4n3:14,4,1,15,10,16,2,6,8,12,9,7,13,3,5,11",
    ]:
        state = KIND.parse_game_id(gid)
        assert KIND.format_game_id(state) == gid


def test_game_id_arrow_letters_mean_directions():
    state = KIND.parse_game_id("3x3n2o:4l7r9d6d1u2d8l5r3d")
    assert state.orient == (3, 1, 2, 2, 0, 2, 3, 1, 2)  # left right down down up down left right down
    assert state.tiles == (4, 7, 9, 6, 1, 2, 8, 5, 3)


def test_game_id_options():
    assert KIND.parse_game_id("3x3n2m5:5,8,7,2,1,6,9,4,3").config == Config(3, 3, 2)
    assert KIND.parse_game_id("3n2:5,8,7,2,1,6,9,4,3").config == Config(3, 3, 2)
    cfg = KIND.parse_game_id("3x3n2roc:2l3u1d3l1d2l3d2d1l").config
    assert cfg.rows_only and cfg.oriented and cfg.cw_only


@pytest.mark.parametrize(
    "gid, words",
    [
        ("3x3n2", "needs the size, a colon"),
        ("3x3n2:1,2,3", "lists 3 tiles"),
        ("3x3n2:1,2,3,4,5,6,7,8,x", "not a number"),
        ("3x3n2:1,2,3,4,5,6,7,8,8", "appears twice"),
        ("3x3n2:1,2,3,4,5,6,7,8,10", "out of range"),
        ("3x3n7:1,2,3,4,5,6,7,8,9", "does not fit"),
        ("3x3n1:1,2,3,4,5,6,7,8,9", "at least 2x2"),
        ("11x3n2:1", "2 to 10"),
        ("3x3n2q:1,2,3,4,5,6,7,8,9", 'Unknown option "q"'),
        ("abc:1", "not a rotation size"),
        ("3x3n2o:4l7r9d6d1u2d8l5r3", "arrow letter"),
        ("3x3n2o:4l7r9d6d1u2d8l5r3d,", "Unexpected"),
        ("3x3n2r:1,1,1,2,2,2,3,3,2", "appears 4 times"),
        ("3x3n3:2,1,3,4,5,6,7,8,9", "single block"),
        ("3x2n2:2,1,3,4,5,6", "reach only 120"),
        ("x" * 5000, "at most"),
    ],
)
def test_bad_game_ids_say_what_is_wrong(gid, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse_game_id(gid)


def test_json_round_trip_and_example():
    state = KIND.parse_game_id("3x3n2o:4l7r9d6d1u2d8l5r3d")
    data = KIND.encode(state)
    assert data["arrows"][0] == ["l", "r", "d"]
    assert KIND.decode(json.loads(json.dumps(data))) == state
    seed = KIND.decode({"width": 3, "height": 3, "block": 2, "directions": "cw", "tiles": [[7, 6, 5], [8, 4, 9], [3, 2, 1]]})
    assert seed.config.cw_only and seed.tiles == (7, 6, 5, 8, 4, 9, 3, 2, 1)


GOOD = {"width": 3, "height": 3, "block": 2, "tiles": [[7, 6, 5], [8, 4, 9], [3, 2, 1]]}


@pytest.mark.parametrize(
    "change, words",
    [
        ({"width": "3"}, '"width" must be a whole number'),
        ({"width": 30}, "2 to 10"),
        ({"block": 4}, "does not fit"),
        ({"directions": "left"}, '"directions" is "cw"'),
        ({"orientation": "yes"}, "true or false"),
        ({"tiles": [[7, 6, 5], [8, 4, 9]]}, "list of 3 rows; it has 2"),
        ({"tiles": [[7, 6, 5], [8, 4], [3, 2, 1]]}, "Row 2"),
        ({"tiles": [[7, 6, 5], [8, 4, 9], [3, 2, "1"]]}, "row 3, column 3"),
        ({"tiles": [[7, 6, 5], [8, 4, 9], [3, 2, 2]]}, "appears twice"),
        ({"arrows": [["u"] * 3] * 3}, "only allowed"),
        ({"orientation": True}, 'needs "arrows"'),
        ({"orientation": True, "arrows": [["u", "u", "x"]] + [["u"] * 3] * 2}, '"arrows" row 1, column 3'),
        ({"extra": 1}, 'unknown field "extra"'),
        ({"tiles": None}, "list of 3 rows"),
    ],
)
def test_bad_json_says_what_is_wrong(change, words):
    data = dict(GOOD)
    data.update(change)
    with pytest.raises(PuzzleError, match=words):
        KIND.decode(data)


def test_json_missing_fields():
    with pytest.raises(PuzzleError, match='needs "tiles"'):
        KIND.decode({"width": 3, "height": 3})
    with pytest.raises(PuzzleError, match="object"):
        KIND.decode([1, 2])


def test_plain_text_round_trip():
    for gid in [
        "3x3n2c:7,6,5,8,4,9,3,2,1",
        "3x3n2o:4l7r9d6d1u2d8l5r3d",
        "4x4n3:14,4,1,15,10,16,2,6,8,12,9,7,13,3,5,11",
        "3x3n2r:3,1,2,1,3,2,3,1,2",
    ]:
        state = KIND.parse_game_id(gid)
        assert KIND.parse_text(KIND.format_text(state)) == state
    text = "# the seed\nblock 2 clockwise-only\n7 6 5\n8 4 9\n3 2 1\n"
    assert KIND.parse_text(text) == KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")
    assert KIND.parse_text("7 6 5\n8 4 9\n3 2 1").config == Config(3, 3, 2)
    assert KIND.parse_text("4< 7> 9v\n6v 1^ 2v\n8< 5> 3v").orient == (3, 1, 2, 2, 0, 2, 3, 1, 2)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "no rows"),
        ("block\n1 2\n3 4", "followed by the block size"),
        ("block 2 sideways\n1 2\n3 4", 'unknown word "sideways"'),
        ("1 2 3\n4 5\n6 7 8", "Row 2 has 2 tiles"),
        ("1 2\n3 x", '"x" is not a tile number'),
        ("1^ 2\n3^ 4^", "needs an arrow"),
        ("block 2\n", "no rows"),
    ],
)
def test_bad_text_says_what_is_wrong(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse_text(text)


def test_builtins_load_and_are_solvable():
    names = [b.name for b in files.builtins() if b.kind == "rotation"]
    assert "mystery-box" in names and len(names) >= 10
    for name in names:
        doc = files.load_builtin(name)
        assert doc.kind is KIND
    seed = files.load_builtin("mystery-box")
    assert KIND.format_game_id(seed.state) == "3x3n2c:7,6,5,8,4,9,3,2,1"
    assert KIND.distance(files.load_builtin("mystery-box-farthest").state) == 15
    assert KIND.distance(files.load_builtin("twiddle-3x3-farthest").state) == 11


def test_saved_progress_replays_including_solver_json_moves():
    state = KIND.parse_game_id("3x3n2c:7,6,5,8,4,9,3,2,1")
    assert KIND.move_from_json(["turn", 1, 0, "cw"]) == ("turn", 1, 0, "cw")
    assert KIND.move_from_json([1, 0, "cw"]) == ("turn", 1, 0, "cw")
    with pytest.raises(PuzzleError):
        KIND.move_from_json({"x": 1})
    doc = files.PuzzleDoc(kind=KIND, state=state, progress=[["turn", 1, 0, "cw"], ["turn", 1, 1, "cw"]])
    history = doc.history()
    assert history.state.moves == 2
    text = files.dumps(doc, history)
    again = files.loads(text)
    assert again.history().state == history.state
    assert KIND.initial(history.state).moves == 0
