"""Hostile input: every file, game ID and text layout ends in a PuzzleError sentence or a
valid puzzle, never another exception, and in bounded memory (issue 14).

The file tests start from a real file of each kind (a built-in puzzle plus a few saved
moves) and replace one field at a time, anywhere in the tree (metadata, the puzzle
section, the moves in "progress"), with a hostile value.  The game ID and text layout
tests draw strings over each grammar's alphabet mixed with hostile characters.  Memory
is measured with tracemalloc (deterministic); time is bounded by construction (every
generated input is small), never asserted.
"""

from __future__ import annotations

import copy
import json
import os
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlegui.core import files, registry, validate
from puzzlegui.core.kind import PuzzleError, _tuples

MEMORY_LIMIT = 64 * 1024 * 1024
HOSTILE = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BUILTIN = {
    "tracks": "tracks-mums-2008",
    "rotation": "mystery-box",
    "kurosu": "kurosu-dm-2018-06-01",
    "strips": "strips-mums-2010-final",
}
PROGRESS = {
    "tracks": [["edge", 0, 5, 1, 5, 1], ["mark", 3, 3, 1], {"restart": True},
               {"batch": [["mark", 2, 2, 1], ["edge", 0, 5, 0, 4, 1]], "label": "hint"}],
    "rotation": [["turn", 0, 0, "cw"], [1, 1, "cw"], {"restart": True},
                 {"batch": [["turn", 1, 0, "cw"]], "label": "solution"}],
    "kurosu": [["set", 0, 0, 1], ["mark", 1, 0, 2], ["clear", [[0, 0]]], {"restart": True},
               {"batch": [["set", 2, 0, 0]], "label": "solution"}],
    "strips": [["place", "bbb", [[0, 2], [0, 3], [0, 4]]], {"restart": True},
               {"batch": [["place", "bbb", [[0, 2], [0, 3], [0, 4]]], ["remove", "bbb", [[0, 2], [0, 3], [0, 4]]]],
                "label": "hint"}],
}


def example(kind_name: str) -> dict:
    """A complete, valid file of the kind, with saved moves that replay."""
    builtin = next(b for b in files.builtins() if b.name == BUILTIN[kind_name])
    data = json.loads(builtin.text)
    data["progress"] = copy.deepcopy(PROGRESS[kind_name])
    return data


EXAMPLES = {name: example(name) for name in BUILTIN}


def paths(value, prefix=()):
    """Every place in a JSON tree: dict keys and list indices, containers included."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, prefix + (i,))
    return out


PATHS = {name: paths(data) for name, data in EXAMPLES.items()}

# Placeholders that become raw JSON text json.dumps cannot write: a number of 5,000
# digits (int() refuses it beyond 4,300), brackets nested past any limit.
RAW = {
    "@@HUGE_INT@@": "1" * 5000,
    "@@LONG_FLOAT@@": "1." + "5" * 1000,
    "@@DEEP_LIST@@": "[" * 700 + "]" * 700,
    "@@DEEP_MOVE@@": "[" * 60 + "1" + "]" * 60,
    "@@NAN@@": "NaN",
    "@@INF@@": "-Infinity",
    "@@BIG_EXP@@": "1e999",
}


def nested(depth: int, leaf=0):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


hostile_values = st.one_of(
    st.sampled_from([
        None, True, False, 0, -1, 1, 2, 7, 31, 2**31, -(2**63), 10**30, 10**300, 1.5, 8.0, -0.0,
        "", " ", "x", "left", "LR", "cw", "u", "b", ".", "0", "1", "\u0663", "\ud800", "\udfff", "a\ud83db",
        "\x00", "\n", "A\nB", "\x1b[31m", "\u202e", "\u2028", "\ufeff", "😀", "\U0010ffff",
        "a" * 5000, "wb" * 3000, [], {}, [[]], [None], ["left"], [0, 0], [[0, 0]], {"a": 1}, {"cell": [0, 0]},
        {"restart": False}, {"batch": []}, {"batch": [[]], "label": "\ud800"}, {"batch": 3},
        [0] * 20_000, ["x"] * 2000, nested(7), nested(40), nested(5, "cw"),
    ]),
    st.sampled_from(list(RAW)),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.lists(st.integers(-3, 40) | st.text(max_size=3) | st.none(), max_size=8),
)


def put(data, path, value):
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def drop(data, path):
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


def text_of(data) -> str:
    text = json.dumps(data)  # ensure_ascii: a lone surrogate is written as \\ud800
    for marker, raw in RAW.items():
        text = text.replace(json.dumps(marker), raw)
    return text


def assert_sentence(exc: PuzzleError) -> None:
    message = str(exc)
    assert message.strip(), "empty message"
    assert "\n" not in message and "\r" not in message, message
    message.encode("utf-8")  # printable on any UTF-8 terminal, savable
    assert "Traceback" not in message


def assert_valid_doc(doc: files.PuzzleDoc) -> None:
    """A loaded document is usable: its strings are UTF-8, its state round-trips through
    the file section, it saves, and its moves replay or get a sentence."""
    kind = doc.kind
    for key, value in doc.meta.items():
        assert isinstance(value, str)
        value.encode("utf-8")
        if key != "notes":
            assert "\n" not in value and "\x00" not in value
    section = kind.encode(doc.state)
    text = json.dumps(section, ensure_ascii=False)
    text.encode("utf-8")
    assert kind.decode(json.loads(text)) == doc.state
    saved = files.dumps(doc)
    saved.encode("utf-8")
    again = files.loads(saved)
    assert again.state == doc.state and again.meta == doc.meta
    try:
        history = doc.history()
    except PuzzleError as exc:
        assert_sentence(exc)
    else:
        json.dumps(history.moves_json(), ensure_ascii=False).encode("utf-8")


def load_within_memory(text: str):
    """files.loads(text), with tracemalloc's peak for the call checked."""
    tracemalloc.start()
    try:
        try:
            doc = files.loads(text, "hostile.json")
        except PuzzleError as exc:
            assert_sentence(exc)
            doc = None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_LIMIT, f"loading took {peak:,} bytes"
    return doc


# --- files: one field at a time ---------------------------------------------------------------
@pytest.mark.parametrize("kind_name", list(BUILTIN))
def test_the_examples_are_valid_and_replay(kind_name):
    doc = files.loads(text_of(EXAMPLES[kind_name]))
    assert doc.kind.name == kind_name
    assert len(doc.history().moves_json()) == len(PROGRESS[kind_name])
    assert_valid_doc(doc)


@pytest.mark.parametrize("kind_name", list(BUILTIN))
@settings(max_examples=300, **HOSTILE)
@given(data=st.data())
def test_one_hostile_field_gets_a_sentence_or_a_valid_puzzle(kind_name, data):
    doc_data = copy.deepcopy(EXAMPLES[kind_name])
    path = data.draw(st.sampled_from(PATHS[kind_name]), label="path")
    action = data.draw(st.sampled_from(["replace", "replace", "replace", "drop", "add key"]), label="action")
    if action == "drop":
        drop(doc_data, path)
    elif action == "add key":
        parent = doc_data
        for step in path[:-1]:
            parent = parent[step]
        key = data.draw(st.sampled_from(["progres", "Width", "\ud800", "", "x" * 300]), label="key")
        if isinstance(parent, dict):
            parent[key] = data.draw(hostile_values, label="value")
        else:
            parent.append(data.draw(hostile_values, label="value"))
    else:
        put(doc_data, path, data.draw(hostile_values, label="value"))
    doc = load_within_memory(text_of(doc_data))
    if doc is not None:
        assert_valid_doc(doc)


@settings(max_examples=200, **HOSTILE)
@given(
    kind_name=st.sampled_from(list(BUILTIN)),
    moves=st.lists(
        st.one_of(
            st.lists(st.sampled_from(["edge", "mark", "clear", "set", "turn", "back", "place", "remove"])
                     | st.integers(-2, 45) | st.sampled_from(["cw", "ccw", "bbb", "\ud800", "wb" * 20])
                     | st.lists(st.lists(st.integers(-1, 12), max_size=3), max_size=4)
                     | st.booleans() | st.none() | st.floats(allow_nan=False), max_size=7),
            st.dictionaries(st.sampled_from(["restart", "batch", "label", "x"]),
                            st.booleans() | st.text(max_size=5) | st.lists(st.lists(st.integers(0, 5), max_size=5), max_size=3),
                            max_size=3),
        ),
        max_size=6,
    ),
)
def test_hostile_progress_gets_a_sentence_or_replays(kind_name, moves):
    doc_data = copy.deepcopy(EXAMPLES[kind_name])
    doc_data["progress"] = moves
    doc = load_within_memory(text_of(doc_data))
    if doc is not None:
        assert_valid_doc(doc)


@settings(max_examples=150, **HOSTILE)
@given(st.text(alphabet='{}[]",:0123456789.eE+-tfnrulasNIy \\\t\n', max_size=300))
def test_json_shaped_noise_gets_a_sentence_or_loads(text):
    doc = load_within_memory(text)
    if doc is not None:
        assert_valid_doc(doc)


# --- game IDs and text layouts ----------------------------------------------------------------
HOSTILE_CHARS = "\u0663\u0669\u00b2\u2155\uff11\ud800\x00\n\r\t \u202e\u2028#:,xX|.?-"
GRAMMARS = {
    "tracks": {
        "ids": ["8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1"],
        "id_alphabet": "0123456789xabcdefghijklmnopqrstuvwxyzABCDEFS,:",
        "text_alphabet": "0123456789?.AB<>^vLRUD| \nsymbol",
    },
    "rotation": {
        "ids": ["3x3n2:5,8,7,2,1,6,9,4,3", "3x3n2o:4l7r9d6d1u2d8l5r3d", "3x3n2rc:3,1,2,1,3,2,3,1,2"],
        "id_alphabet": "0123456789xnorcm,:urdl",
        "text_alphabet": "0123456789^>v< \nblockclockwise-onlyrowsorientation",
    },
    "kurosu": {
        "ids": ["6x6:DdCDeAddBEa", "8x8u:bgaCBjdakbcaCbDEd", "6x6dn:zl"],
        "id_alphabet": "0123456789xudtenkhzZabcyABCY:",
        "text_alphabet": ".01xXoO\n# rule:unique",
    },
    "strips": {
        "ids": [],
        "id_alphabet": "bw",
        "text_alphabet": "bwBW\n.:*x0123456789lenexactlyatmostletters ",
    },
}


def assert_parsed(kind, state, via_text: bool) -> None:
    section = json.dumps(kind.encode(state), ensure_ascii=False)
    section.encode("utf-8")
    assert kind.decode(json.loads(section)) == state
    if via_text:
        assert kind.parse_text(kind.format_text(state)) == state


def mutate(draw_data, text: str, alphabet: str) -> str:
    chars = list(text)
    for _ in range(draw_data.draw(st.integers(1, 4), label="edits")):
        pos = draw_data.draw(st.integers(0, len(chars)), label="at")
        ch = draw_data.draw(st.sampled_from(alphabet + HOSTILE_CHARS), label="char")
        if pos < len(chars) and draw_data.draw(st.booleans(), label="replace"):
            chars[pos] = ch
        else:
            chars.insert(pos, ch)
    return "".join(chars)


@pytest.mark.parametrize("kind_name", [k for k in GRAMMARS if GRAMMARS[k]["ids"]])
@settings(max_examples=300, **HOSTILE)
@given(data=st.data())
def test_hostile_game_ids_get_a_sentence_or_a_valid_puzzle(kind_name, data):
    grammar = GRAMMARS[kind_name]
    kind = registry.get(kind_name)
    if data.draw(st.booleans(), label="mutate a real ID"):
        text = mutate(data, data.draw(st.sampled_from(grammar["ids"])), grammar["id_alphabet"])
    else:
        text = data.draw(st.text(alphabet=grammar["id_alphabet"] + HOSTILE_CHARS, max_size=120), label="id")
    try:
        state = kind.parse_game_id(text)
    except PuzzleError as exc:
        assert_sentence(exc)
    else:
        assert_parsed(kind, state, via_text=True)
        if kind_name != "tracks":  # Tracks' export may need a solve; the section round trip suffices
            assert kind.parse_game_id(kind.format_game_id(state)) == state


def _text_examples(kind_name):
    kind = registry.get(kind_name)
    return kind.format_text(files.load_builtin(BUILTIN[kind_name]).state)


TEXTS = {name: _text_examples(name) for name in GRAMMARS}


@pytest.mark.parametrize("kind_name", list(GRAMMARS))
@settings(max_examples=250, **HOSTILE)
@given(data=st.data())
def test_hostile_text_layouts_get_a_sentence_or_a_valid_puzzle(kind_name, data):
    grammar = GRAMMARS[kind_name]
    kind = registry.get(kind_name)
    if data.draw(st.booleans(), label="mutate a real layout"):
        text = mutate(data, TEXTS[kind_name], grammar["text_alphabet"])
    else:
        text = data.draw(st.text(alphabet=grammar["text_alphabet"] + HOSTILE_CHARS, max_size=300), label="text")
    try:
        state = kind.parse_text(text)
    except PuzzleError as exc:
        assert_sentence(exc)
    else:
        assert_parsed(kind, state, via_text=True)


# --- the fuzzer's findings, one by one ---------------------------------------------------------
def tracks_with(**puzzle_changes) -> str:
    data = copy.deepcopy(EXAMPLES["tracks"])
    data["puzzle"].update(puzzle_changes)
    return text_of(data)


def sentence(text: str) -> str:
    with pytest.raises(PuzzleError) as info:
        files.loads(text, "f.json")
    assert_sentence(info.value)
    return str(info.value)


def test_a_list_where_a_word_belongs_is_named():
    message = sentence(tracks_with(start={"cell": [0, 5], "edge": ["left"]}))
    assert '"start"."edge"' in message and "a list of 1" in message


@pytest.mark.parametrize("value, words", [
    (True, "not true"), (16.0, "not 16.0"), (10**300, "about 301 digits"), (-16, "from 4 to 30"),
])
def test_booleans_floats_and_huge_numbers_are_not_sizes(value, words):
    message = sentence(tracks_with(width=value))
    assert '"width" must be a whole number from 4 to 30' in message and words in message


@pytest.mark.parametrize("raw, words", [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("1e999", "too large"), ("1" * 5000, "5,000 digits"),
])
def test_nan_infinity_and_monster_numbers_are_refused_while_parsing(raw, words):
    message = sentence('{"kind": "kurosu", "puzzle": {"width": ' + raw + ', "grid": []}}')
    assert words in message and message.startswith("f.json: ")


def test_deep_nesting_is_refused_before_parsing():
    for depth in (65, 700, 200_000):
        message = sentence('{"kind": "kurosu", "progress": ' + "[" * depth + "]" * depth + "}")
        assert "nested more than 64 levels" in message
    # 64 levels are read (and then refused as a move, by name)
    data = copy.deepcopy(EXAMPLES["kurosu"])
    data["progress"] = [nested(62)]
    message = sentence(text_of(data))
    assert "Saved move 1" in message


def test_a_move_nested_hundreds_deep_is_refused_without_recursion():
    with pytest.raises(PuzzleError, match="nested more than"):
        _tuples(nested(900))
    assert _tuples(["clear", [[0, 1], [2, 3]]]) == ("clear", ((0, 1), (2, 3)))
    data = copy.deepcopy(EXAMPLES["tracks"])
    data["progress"] = [nested(50, "mark")]
    assert "Saved move 1" in sentence(text_of(data))


def test_too_many_values_are_refused_before_parsing():
    message = sentence("[" + ",".join(["[]"] * (validate.MAX_JSON_CONTAINERS + 1)) + "]")
    assert "lists and objects" in message


def test_lone_surrogates_are_refused_naming_the_field():
    data = copy.deepcopy(EXAMPLES["kurosu"])
    data["title"] = "Puzzle \ud800"
    message = sentence(text_of(data))
    assert '"title"' in message and "U+D800" in message
    message = sentence(tracks_with(symbols=[["\udfff"] + [""] * 15] + EXAMPLES["tracks"]["puzzle"]["symbols"][1:]))
    assert "symbol in column 1 of row 1" in message and "U+DFFF" in message


def test_control_characters_in_metadata_are_stripped():
    data = copy.deepcopy(EXAMPLES["kurosu"])
    data["title"] = "Line\none\x00\x1b[31m"
    data["notes"] = "First\r\nsecond\tthird\x07"
    doc = files.loads(text_of(data))
    assert doc.meta["title"] == "Line one  [31m"
    assert doc.meta["notes"] == "First\nsecond\tthird"
    assert files.loads(files.dumps(doc)).meta == doc.meta


def test_kind_must_be_the_exact_lower_case_name():
    data = copy.deepcopy(EXAMPLES["kurosu"])
    data["kind"] = " Kurosu"
    assert 'write it exactly "kurosu"' in sentence(text_of(data))
    data["kind"] = "\ud800"
    assert "Unknown puzzle kind" in sentence(text_of(data))


def test_unknown_top_level_keys_are_named():
    data = copy.deepcopy(EXAMPLES["kurosu"])
    data["progres"] = data.pop("progress")
    message = sentence(text_of(data))
    assert 'unknown key "progres"' in message and "progress" in message


def test_repeated_keys_are_refused():
    assert 'the key "kind" twice' in sentence('{"kind": "kurosu", "kind": "tracks", "puzzle": {}}')


def test_unknown_keys_in_each_section_are_named():
    for name, data in EXAMPLES.items():
        changed = copy.deepcopy(data)
        changed["puzzle"]["colour"] = 1
        assert 'unknown field "colour"' in sentence(text_of(changed)), name


def test_sizes_with_leading_zeros_mean_their_value():
    kurosu = registry.get("kurosu")
    assert kurosu.parse_game_id("00006x00006:zl") == kurosu.parse_game_id("6x6:zl")
    with pytest.raises(PuzzleError, match="too large"):
        kurosu.parse_game_id("00100000x6:zl")
    with pytest.raises(PuzzleError, match="4 to 40"):
        kurosu.parse_game_id("0042x6:zl")
    rotation = registry.get("rotation")
    assert rotation.parse_game_id("003x03n02:5,8,7,2,1,6,9,4,3") == rotation.parse_game_id("3x3n2:5,8,7,2,1,6,9,4,3")


@pytest.mark.parametrize("kind_name, text", [
    ("rotation", "3x3n2:5,8,7,2,1,6,9,4,\u0663"),
    ("rotation", "\u0663x3n2:5,8,7,2,1,6,9,4,3"),
    ("rotation", "3x3n2o:4l7r9d6d1u2d8l5r\u0663d"),
    ("kurosu", "\u0666x6:zl"),
    ("tracks", "8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,\u0661"),
    ("tracks", "\u0668x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1"),
    ("tracks", "8x8:d\u0669s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1"),
])
def test_unicode_digits_are_not_numbers_in_game_ids(kind_name, text):
    with pytest.raises(PuzzleError) as info:
        registry.get(kind_name).parse_game_id(text)
    assert_sentence(info.value)


@pytest.mark.parametrize("kind_name, text", [
    ("rotation", "7 6 5\n8 4 9\n3 2 \u0661\n"),
    ("rotation", "block \u0662\n7 6 5\n8 4 9\n3 2 1\n"),
    ("rotation", "\u0667 6 5\n8 4 9\n3 2 1\n"),
    ("tracks", "1 2 3 \u0664\n. . . . 1\n. . . . 1\nA . . . 1\n. . . B 1\n"),
    ("strips", "wwbb\nbwbb\n\nlen\u0662\n"),
])
def test_unicode_digits_are_not_numbers_in_text_layouts(kind_name, text):
    with pytest.raises(PuzzleError) as info:
        registry.get(kind_name).parse_text(text)
    assert_sentence(info.value)


def test_unicode_digits_in_a_files_strip_set_are_refused():
    data = copy.deepcopy(EXAMPLES["strips"])
    data["puzzle"]["strips"] = "at most: len1-\u0663"
    assert "Character 15 of the strip set" in sentence(text_of(data))


# --- reading files: only regular files, never more than the limit ----------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused_without_reading_them(device):
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    # load_source reads the built-ins and imports the collection reader the first time:
    # do that first, so the peak below is what reading the device costs
    with pytest.raises(PuzzleError):
        files.load_source(device)
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError, match="is not a regular file"):
            files.read_text_file(files.Path(device))
        with pytest.raises(PuzzleError, match="is not a regular file"):
            files.load_source(device)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_nobody_writes_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "puzzle.json"
    os.mkfifo(fifo)
    # if reading blocked, this test would hang (the accepted failure mode)
    with pytest.raises(PuzzleError, match="is not a regular file"):
        files.read_text_file(fifo)
    with pytest.raises(PuzzleError, match="is not a regular file"):
        files.load_source(str(fifo), "kurosu")


def test_a_file_over_the_limit_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (files.MAX_FILE_BYTES + 1))
    with pytest.raises(PuzzleError, match="puzzle files are at most"):
        files.read_text_file(big)
    exact = tmp_path / "exact.json"
    exact.write_bytes(b"{}" + b" " * (files.MAX_FILE_BYTES - 2))
    assert len(files.read_text_file(exact)) == files.MAX_FILE_BYTES


def test_a_file_name_with_undecodable_bytes_gives_a_printable_sentence(tmp_path):
    name = os.fsdecode(b"bad\xff\nname.json")
    path = tmp_path / name
    path.write_text('{"kind": "Kurosu", "puzzle": {}}', encoding="utf-8")
    with pytest.raises(PuzzleError) as info:
        files.load_path(path)
    assert_sentence(info.value)
    assert "\\udcff\\nname.json" in str(info.value)


def _outcome(parse, text):
    try:
        return ("value", parse(text))
    except json.JSONDecodeError as exc:
        return ("syntax", exc.msg, exc.pos)
    except ValueError as exc:  # a refused number, constant or repeated key
        return (type(exc).__name__, str(exc))


def _json_loads(text):
    return json.loads(
        text,
        parse_int=validate._parse_int,
        parse_float=validate._parse_float,
        parse_constant=validate._parse_constant,
        object_pairs_hook=validate._object,
    )


@settings(max_examples=400, **HOSTILE)
@given(st.text(alphabet='{}[]",:0123456789.eE+-tfnrulasNIy \\\t\n', max_size=120))
def test_parsing_a_value_at_a_time_is_json_loads(text):
    # the outer levels are walked by hand (so a long record never holds the GIL for the
    # whole parse); the value, or the error and where it is, must be json.loads' own
    assert _outcome(validate._loads, text) == _outcome(_json_loads, text)


@pytest.mark.parametrize("text", [
    '{"a": [1, 2, {"b": [3, [4, {"c": 5}]]}], "d": {}, "e": []}',
    ' [ {"a" : 1 } , [ ] , "x" , null , true , 1.5e3 ] ',
    '{"a": 1, "a": 2}', '{"a": {"b": 1, "b": 2}}', '[1, NaN]', '{"a": 1,}', '[1,]',
    '[1 2]', '{"a" 1}', '{1: 2}', '[1, 2', '{"a": 1} x', '', '  ', '[' * 3 + ']' * 3,
    '{"history": {"moves": [' + ",".join(f'[{i}, [{i}, 1]]' for i in range(3000)) + '], "position": 3000}}',
])
def test_parsing_a_value_at_a_time_agrees_on_examples(text):
    assert _outcome(validate._loads, text) == _outcome(_json_loads, text)
