"""Tracks codecs: the JSON section, Tatham game IDs and the plain text layout, with a
sentence for every malformed input."""

import copy
import json
from pathlib import Path

import pytest
from tracks_helpers import tatham_ids

from puzzlegui.core.files import load_builtin, loads
from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks.model import BIT, initial_state, make_puzzle

ALL_IDS = [
    gid
    for name in (
        "tatham-8x8-easy.txt",
        "tatham-10x10-tricky.txt",
        "tatham-6x12-tricky.txt",
        "tatham-15x10-hard.txt",
        "tatham-15x15-hard.txt",
        "tatham-25x25-hard.txt",
    )
    for gid in tatham_ids(name)
]


@pytest.fixture(scope="module")
def seed():
    return load_builtin("tracks-mums-2008").state


def test_json_round_trip(seed):
    data = KIND.encode(seed)
    assert data["split"] == 8 and data["rows"][5] == [1, 5]
    assert data["start"] == {"cell": [0, 5], "edge": None}
    again = KIND.decode(json.loads(json.dumps(data)))
    assert again == seed
    tat = KIND.parse_game_id(ALL_IDS[0])
    assert KIND.decode(KIND.encode(tat)) == tat
    assert KIND.encode(tat)["start"]["edge"] == "left"
    assert KIND.encode(tat)["finish"]["edge"] == "bottom"


def _bad(mutate, seed):
    data = copy.deepcopy(KIND.encode(seed))
    mutate(data)
    with pytest.raises(PuzzleError) as info:
        KIND.decode(data)
    return str(info.value)


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda d: d.update(width=40), "4 to 30"),
        (lambda d: d.update(height=3), "4 to 30"),
        (lambda d: d.update(width="16"), "whole number"),
        (lambda d: d.pop("height"), 'no "height"'),
        (lambda d: d.update(split=16), '"split"'),
        (lambda d: d["columns"].pop(), "16 wide"),
        (lambda d: d["columns"].__setitem__(2, "x"), "column 3"),
        (lambda d: d["columns"].__setitem__(2, 9), "column 3 must be blank or a whole number from 0 to 6"),
        (lambda d: d["rows"].__setitem__(0, 4), "[left count, right count]"),
        (lambda d: d["rows"].__setitem__(0, [9, 1]), "left part of row 1"),
        (lambda d: d["rows"].pop(), "6 high"),
        (lambda d: d.update(start={"cell": [0, 9], "edge": None}), "outside the 16x6 grid"),
        (lambda d: d.update(start={"cell": [3, 3], "edge": "left"}), "not on the left edge"),
        (lambda d: d.update(start={"cell": [15, 0], "edge": None}), "different cells"),
        (lambda d: d.update(finish={"cell": [15, 0], "edge": "sideways"}), '"finish"."edge"'),
        (lambda d: d.update(finish=[15, 0]), '"finish" must be an object'),
        (lambda d: d.update(fixed=[{"cell": [3, 3], "track": "LL"}]), "two different letters"),
        (lambda d: d.update(fixed=[{"cell": [0, 3], "track": "LR"}]), "leads off the left edge"),
        (lambda d: d.update(fixed=[{"cell": [0, 5], "track": "UR"}]), "track ends there"),
        (lambda d: d.update(fixed=[{"cell": [3, 3], "track": "LR"}, {"cell": [4, 3], "track": "UD"}]), "do not join up"),
        (lambda d: d.update(fixed=[{"cell": [3, 3], "track": "LR"}, {"cell": [3, 3], "track": "UD"}]), "two given pieces"),
        (
            lambda d: d.update(
                fixed=[
                    {"cell": [3, 3], "track": "RD"},
                    {"cell": [4, 3], "track": "LD"},
                    {"cell": [3, 4], "track": "RU"},
                    {"cell": [4, 4], "track": "LU"},
                ]
            ),
            "loop",
        ),
        (lambda d: d["symbols"].pop(), "symbol layer has 5 rows"),
        (lambda d: d["symbols"][2].__setitem__(3, 7), "must be a string"),
        (lambda d: d["symbols"][2].__setitem__(3, "a b"), "without spaces"),
        (lambda d: d["columns"].__setitem__(0, 4), "add up to 50 but the row counts add up to 49"),
        (lambda d: d.update(colour="red"), 'unknown field "colour"'),
    ],
)
def test_malformed_sections_name_the_problem(seed, mutate, words):
    assert words in _bad(mutate, seed)


def test_file_level_errors_are_sentences():
    with pytest.raises(PuzzleError, match='"puzzle" section'):
        loads('{"kind": "tracks", "puzzle": 3}')
    with pytest.raises(PuzzleError, match="Tracks puzzle section must be a JSON object|missing or not an object"):
        KIND.decode([1, 2])


@pytest.mark.parametrize("gid", ALL_IDS)
def test_tatham_ids_round_trip(gid):
    state = KIND.parse_game_id(gid)
    assert KIND.format_game_id(state) == gid
    assert KIND.parse_game_id(KIND.format_game_id(state)) == state


def test_tatham_id_details():
    # the example from the issue and from tracks.c's header comment
    s = KIND.parse_game_id("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1")
    p = s.puzzle
    assert p.start == (0, 3) and p.start_edge == BIT["L"]
    assert p.finish == (6, 7) and p.finish_edge == BIT["D"]
    assert list(p.columns) == [1, 4, 1, 4, 4, 3, 3, 5] and list(p.rows) == [2, 2, 4, 5, 3, 3, 5, 1]
    assert dict(p.fixed)[(4, 0)] == 9  # 'd' skips 4 cells, '9' = R|D
    # the size part may carry Tatham's difficulty letters
    assert KIND.parse_game_id("8x8de:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1") == s
    # the example ID also parses (its clue counts come from the issue text)
    KIND.parse_game_id("8x8:u5b3ze6e9a,5,5,1,4,4,4,S6,6,5,7,6,6,3,3,2,S3")


@pytest.mark.parametrize(
    "gid, words",
    [
        ("8x8", "colon"),
        ("axb:zz", "not a Tracks size"),
        ("3x8:a,1", "4 to 30"),
        ("8x40:a,1", "4 to 30"),
        ("8x8:d9s5c6zgAa", "followed by the counts"),
        ("8x8:d9s5c6zga,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "covers 63 cells"),
        ("8x8:zzzn,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "runs past"),
        ("8x8:d9s5c6zgAab,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "followed by the counts"),
        ("8x8:d7s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "3 connections"),
        ("8x8:d9s5c6zgA!,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "not a-z"),
        ("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5", "15 counts"),
        ("8x8:d9s5c6zgAa,1,4,1,4,4,3,3,5,2,2,4,S5,3,3,5,1", "No column is marked S"),
        ("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,5,3,3,5,1", "No row is marked S"),
        ("8x8:d9s5c6zgAa,S1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "Two columns"),
        ("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,x", "not a number"),
        ("8x8:A5zzj,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "leads off the top edge"),
        ("8x8:C5zzj,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1", "leads off the left edge"),
    ],
)
def test_malformed_tatham_ids(gid, words):
    with pytest.raises(PuzzleError) as info:
        KIND.parse_game_id(gid)
    assert words in str(info.value)


def test_export_fills_in_the_end_pieces_and_refuses_other_boards(seed):
    # a generated unsplit board has no pieces at A and B: they come from its solution
    state = KIND.generate({"width": 8, "height": 8, "split": False, "difficulty": "easy"}, seed=11)
    gid = KIND.format_game_id(state)
    back = KIND.parse_game_id(gid)
    assert back.puzzle.start == state.puzzle.start and back.puzzle.finish == state.puzzle.finish
    assert KIND.format_game_id(back) == gid
    with pytest.raises(PuzzleError, match="split"):
        KIND.format_game_id(seed)
    p = make_puzzle(5, 5, [None] * 5, [None] * 5, (0, 4), (4, 4), start_edge=BIT["L"], finish_edge=BIT["D"])
    with pytest.raises(PuzzleError, match="blank"):
        KIND.format_game_id(initial_state(p))


def test_text_layout_round_trips(seed):
    text = KIND.format_text(seed)
    assert "|" in text and "symbols" in text
    assert KIND.parse_text(text) == seed
    for gid in ALL_IDS[:6]:
        s = KIND.parse_game_id(gid)
        t = KIND.format_text(s)
        assert "A<" in t and "Bv" in t
        assert KIND.parse_text(t) == s


def test_text_layout_by_hand():
    text = """
    # a small board
       2  ?  2  2
    .  .  .  B   2
    A< .  LR . 3
    .  .  .  .   ?
    .  .  .  .   0
    """
    p = KIND.parse_text(text).puzzle
    assert (p.width, p.height, p.split) == (4, 4, None)
    assert p.columns == (2, None, 2, 2) and p.rows == (2, 3, None, 0)
    assert p.start == (0, 1) and p.start_edge == BIT["L"] and p.finish == (3, 0)
    assert dict(p.fixed) == {(2, 1): BIT["L"] | BIT["R"]}


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("1 2 3 4\n. . . . 1\n", "at least 4 rows"),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . B\n", '"B" is not a count'),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n7\n", "a row is its cells"),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . . B 1\n", "5 cells"),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . Q 1\n", '"Q" is not a cell'),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . . 1\n", "no B"),
        ("1 2 3 4\n. . . . 1\n. A . . 1\nA . . . 1\n. . . B 1\n", "second A"),
        ("1 2 x 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . B 1\n", '"x" is not a count'),
        ("1 2 3 4\n1 . . | . . 1\n1 . | . . . 1\n1 A . | . . 1\n1 . . | . B 1\n", "same column"),
        ("1 2 3 4\n. < . . 1\n. . . . 1\nA . . . 1\n. . . B 1\n", "only A or B"),
        ("1 2 3 4\n. . . . 1\n. . . . 1\nA . . . 1\n. . . B 1\nsymbols\n1 2\n", "symbol layer has 1 lines"),
    ],
)
def test_malformed_text(text, words):
    with pytest.raises(PuzzleError) as info:
        KIND.parse_text(text)
    assert words in str(info.value)


def test_documentation_examples_are_real(seed):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "format-tracks.md").read_text()
    example = json.loads(doc.split("```json")[1].split("```")[0])
    assert KIND.decode(example["puzzle"]) == seed
    text_block = doc.split("## Plain text layout")[1].split("```")[1]
    assert KIND.parse_text(text_block) == seed
    assert KIND.parse_game_id("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1")
