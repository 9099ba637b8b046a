"""Collections: a text file of game IDs (or one-line puzzle files), or a folder of
puzzle files; ``generate --count``; ``PATH#N`` sources; bad lines named, the rest read."""

import json

import pytest

from puzzlegui import cli
from puzzlegui.core import collection, files, registry
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.games import Games, puzzle_key


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def section(doc):
    return doc.kind.encode(doc.state)


def one_generated(capsys, kind, seed, *params):
    status, out, _ = run(capsys, "generate", kind, "--seed", str(seed), *params)
    assert status == 0
    return files.loads(out)


def test_generate_count_writes_a_collection_that_reads_back_the_same_puzzles(tmp_path, capsys):
    path = tmp_path / "kurosu.txt"
    status, out, err = run(capsys, "generate", "kurosu", "--width", "6", "--height", "6",
                           "--seed", "11", "--count", "4", "--output", str(path))
    assert status == 0 and out == ""
    assert "generated 1 of 4" in err and "generated 4 of 4" in err
    text = path.read_text(encoding="utf-8")
    assert text.startswith(collection.HEADER + "\n")
    assert sum(1 for line in text.splitlines() if line.startswith("kurosu:")) == 4  # game IDs
    coll = collection.load(path)
    assert len(coll) == 4 and not coll.skipped
    for i, item in enumerate(coll.items):
        alone = one_generated(capsys, "kurosu", 11 + i, "--width", "6", "--height", "6")
        assert section(item.doc) == section(alone)  # seed, seed+1, ...
        again = files.load_source(item.source)  # PATH#N opens it again
        assert again.path is None and section(again) == section(alone)
        assert f"seed {11 + i}" in again.title
    # the collection itself is refused by solve with a sentence saying how to pick one
    status, out, err = run(capsys, "solve", str(path))
    assert status == 2 and "collection of 4 puzzles" in err and f"{path}#N" in err
    status, out, err = run(capsys, "solve", f"{path}#3", "--json")
    assert status == 0 and json.loads(out)["count"] >= 1


def test_generate_count_to_stdout_streams_the_collection(tmp_path, capsys):
    status, out, err = run(capsys, "generate", "rotation", "--seed", "2", "--count", "3")
    assert status == 0 and err.count("generated") == 3
    path = tmp_path / "r.txt"
    path.write_text(out, encoding="utf-8")
    coll = collection.load(path)
    assert [i.kind for i in coll.items] == ["rotation"] * 3
    assert coll.title == "3 random Rotation puzzles (seeds 2 to 4)"


def test_kinds_without_game_ids_are_one_line_puzzle_files(tmp_path, capsys):
    path = tmp_path / "strips.txt"
    status, _, _ = run(capsys, "generate", "strips", "--seed", "4", "--count", "3", "--output", str(path))
    assert status == 0
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    assert len(lines) == 3 and all(ln.startswith("{") for ln in lines)
    coll = collection.load(path)
    for i, item in enumerate(coll.items):
        assert section(item.doc) == section(one_generated(capsys, "strips", 4 + i))
    assert section(files.load_source(f"{path}#2")) == section(coll.items[1].doc)


def test_generate_count_into_a_folder_and_open_the_folder(tmp_path, capsys):
    folder = tmp_path / "out"
    status, _, err = run(capsys, "generate", "kurosu", "--width", "6", "--height", "6",
                         "--seed", "1", "--count", "3", "--output", f"{folder}/")
    assert status == 0 and "wrote 3 puzzles" in err
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["kurosu-001.json", "kurosu-002.json", "kurosu-003.json"]
    with pytest.raises(collection.IsCollection) as caught:
        files.load_source(str(folder))
    coll = caught.value.collection
    assert coll.folder and len(coll) == 3
    # a folder's puzzle is its own file: keyed by it, and Save writes it
    assert coll.items[1].source == str(folder / "kurosu-002.json")
    doc = files.load_source(f"{folder}#2")
    assert doc.path == folder / "kurosu-002.json"
    # generating again into the same folder never overwrites: the numbers go on
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    status, _, err = run(capsys, "generate", "kurosu", "--count", "3", "--output", f"{folder}/")
    assert status == 0 and "wrote 3 puzzles" in err and str(folder / "kurosu-006.json") in err
    assert sorted(p.name for p in folder.iterdir()) == [f"kurosu-00{i}.json" for i in range(1, 7)]
    assert all((folder / name).read_bytes() == data for name, data in before.items())


def test_folder_collections_sort_numbers_in_order_and_skip_what_is_not_a_puzzle(tmp_path, capsys):
    for n in (10, 2, 1):
        doc = one_generated(capsys, "rotation", n)
        (tmp_path / f"p{n}.json").write_text(files.dumps(doc), encoding="utf-8")
    (tmp_path / "bad.json").write_text('{"kind": "rotation"}', encoding="utf-8")
    (tmp_path / "sub.json").mkdir()  # a folder is never read as a puzzle, nor recursed into
    (tmp_path / "notes.txt").write_text("not a puzzle", encoding="utf-8")
    coll = collection.load(tmp_path)
    assert [i.doc.path.name for i in coll.items] == ["p1.json", "p2.json", "p10.json"]
    assert len(coll.skipped) == 1 and "bad.json" in coll.skipped[0] and "puzzle" in coll.skipped[0]
    with pytest.raises(PuzzleError, match="cannot be read"):
        coll.item(1)  # bad.json sorts first: its number names its sentence


def test_a_file_named_with_a_superscript_digit_sorts_as_text_and_the_folder_opens(tmp_path, capsys):
    """str.isdigit accepts '\u00b2' and int() refuses it: such a name once failed every
    command on the folder with a ValueError."""
    doc = one_generated(capsys, "rotation", 1)
    for name in ("p10.json", "1\u00b22.json", "p2.json", "1\u0663.json"):  # \u0663: Arabic-Indic three
        (tmp_path / name).write_text(files.dumps(doc), encoding="utf-8")
    coll = collection.load(tmp_path)
    assert [i.doc.path.name for i in coll.items] == ["1\u00b22.json", "1\u0663.json", "p2.json", "p10.json"]
    status, out, err = run(capsys, "check", f"{tmp_path}#1")
    assert status == 0 and out.startswith("OK:") and not err


def test_bad_lines_are_named_and_the_rest_still_opens(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(
        "# puzzlegui collection\n"  # 1
        "# title: Mixed bag\n"  # 2
        "\n"  # 3
        "kurosu:6x6:DdCDeAddBEa   # Daily Mail\n"  # 4: entry 1
        "kurosu:6x6:zzzz\n"  # 5: entry 2, bad ID
        "6x6:DdCDeAddBEa\n"  # 6: entry 3, no kind
        "# kind: rotation\n"  # 7
        "3x3n2:5,1,3,8,2,7,9,6,4\n"  # 8: entry 4, plain ID of the header's kind
        "rotation:3x3n2:1,2,3 extra words\n"  # 9: entry 5, junk after the ID
        '{"kind": "kurosu", "puzzle": {"width": 3}}\n'  # 10: entry 6, bad puzzle file
        + "x" * (collection.MAX_LINE_CHARS + 1) + "\n",  # 11: entry 7, too long
        encoding="utf-8",
    )
    coll = collection.load(path)
    assert coll.title == "Mixed bag"
    assert [(i.number, i.line, i.kind) for i in coll.items] == [(1, 4, "kurosu"), (4, 8, "rotation")]
    assert coll.items[0].title == "Daily Mail" and coll.items[1].title == "Mixed bag #4"
    lines = [s.split(":", 1)[0] for s in coll.skipped]
    assert lines == ["line 5", "line 6", "line 9", "line 10", "line 11"]
    assert "does not say its kind" in coll.skipped[1] and "KIND:ID" in coll.skipped[1]
    assert "one word" in coll.skipped[2]
    assert "at most 65,536" in coll.skipped[4]
    assert coll.count == 7
    # an entry that could not be read, asked for by number, says why with its line
    with pytest.raises(PuzzleError, match=r"Puzzle 2 of .*line 5"):
        files.load_source(f"{path}#2")
    with pytest.raises(PuzzleError, match="puzzles 1 to 7; there is no puzzle 8"):
        files.load_source(f"{path}#8")
    assert files.load_source(f"{path}#4").kind.name == "rotation"
    with pytest.raises(PuzzleError, match="is a rotation puzzle, not kurosu"):
        files.load_source(f"{path}#4", kind="kurosu")
    # the collection's own sentence mentions what was skipped
    with pytest.raises(collection.IsCollection, match="5 skipped: line 5"):
        files.load_source(str(path))


def test_limits_a_collection_holds_at_most_max_puzzles(tmp_path, monkeypatch):
    monkeypatch.setattr(collection, "MAX_PUZZLES", 3)
    path = tmp_path / "many.txt"
    path.write_text("".join(f"rotation:3x3n2:{','.join(map(str, range(1, 10)))}\n" for _ in range(5)), encoding="utf-8")
    coll = collection.load(path)
    assert len(coll) == 3
    assert coll.skipped == ["line 4: a collection holds at most 3 puzzles; this line and the rest are not read."]


def test_nothing_readable_is_an_error_with_the_reasons(tmp_path):
    path = tmp_path / "none.txt"
    path.write_text("# puzzlegui collection\nkurosu:nonsense\n", encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"no puzzle of the collection could be read.*line 2"):
        files.load_source(str(path))
    path.write_text("# puzzlegui collection\n# only comments\n", encoding="utf-8")
    with pytest.raises(PuzzleError, match="holds no puzzles"):
        files.load_source(str(path))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(PuzzleError, match="is a folder, not a puzzle file"):
        files.load_source(str(empty))


def test_plain_ids_take_their_kind_from_the_header_or_from_kind_with_path_n(tmp_path):
    ids = "3x3n2:5,1,3,8,2,7,9,6,4\n3x3n2:1,2,3,4,5,6,7,9,8\n"
    headed = tmp_path / "headed.txt"
    headed.write_text("# kind: rotation\n" + ids, encoding="utf-8")
    assert len(collection.load(headed)) == 2
    with pytest.raises(collection.IsCollection):
        files.load_source(str(headed))
    bare = tmp_path / "bare.txt"
    bare.write_text(ids, encoding="utf-8")
    assert files.load_source(f"{bare}#2", kind="rotation").kind.name == "rotation"


def test_a_single_game_id_file_is_that_puzzle_and_text_layouts_still_load(tmp_path):
    one = tmp_path / "one.txt"
    one.write_text("kurosu:6x6:DdCDeAddBEa\n", encoding="utf-8")
    doc = files.load_source(str(one))
    assert doc.kind.name == "kurosu" and doc.path is None  # never saved over one.txt
    # a kind's text layout, '#' comments and all, is still read as before with --kind
    kurosu = registry.get("kurosu")
    layout = tmp_path / "layout.txt"
    layout.write_text(kurosu.format_text(doc.state), encoding="utf-8")
    assert layout.read_text(encoding="utf-8").startswith("#")
    again = files.load_source(str(layout), "kurosu")
    assert section(again) == section(doc) and again.path == layout


def test_each_puzzle_of_a_collection_keeps_its_own_game(tmp_path, capsys):
    path = tmp_path / "c.txt"
    run(capsys, "generate", "rotation", "--seed", "5", "--count", "2", "--output", str(path))
    first, second = (files.load_source(f"{path}#{n}") for n in (1, 2))
    assert puzzle_key(first) != puzzle_key(second)
    session = Games(tmp_path / "data")
    game = session.open(first)
    game.history.push(_a_move(first.kind, first.state))
    session.save(game)
    session.open(second)
    reopened = Games(tmp_path / "data").open(files.load_source(f"{path}#1"))
    assert len(reopened.history) == 1  # the move made on puzzle 1 is still there
    assert Games(tmp_path / "data").open(files.load_source(f"{path}#2")).history.state == second.state


def _a_move(kind, state):
    """A legal move of a Rotation board, found by trying the solver's first one."""
    from puzzlegui.core import solver

    result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.FIRST)
    return kind.solution_moves(kind.solve_start(state), result.solutions[0])[0]


def test_entry_lines_round_trip_every_kind(tmp_path):
    docs = [files.PuzzleDoc(k, k.generate({}, 7), meta={"title": f"T {k.name}"}) for k in registry.all_kinds()]
    path = tmp_path / "all.txt"
    path.write_text(collection.dumps(docs, "All kinds"), encoding="utf-8")
    coll = collection.load(path)
    assert coll.title == "All kinds"
    assert [section(i.doc) for i in coll.items] == [section(d) for d in docs]
    assert [i.title for i in coll.items] == [f"T {k.name}" for k in registry.all_kinds()]


def test_the_format_md_example_collection_loads(tmp_path):
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    block = re.search(r"^## Collections\n.*?```\n(.*?)```", text, flags=re.S | re.M).group(1)
    path = tmp_path / "example.txt"
    path.write_text(block, encoding="utf-8")
    coll = collection.load(path)
    assert not coll.skipped and [i.kind for i in coll.items] == ["kurosu", "rotation", "strips"]


# --- reading a big collection: progress, giving up, left unread (issue 22) ----------------
def puzzle_folder(folder, count):
    """``count`` puzzle files in ``folder``, each a built-in with a title of its own."""
    folder.mkdir()
    doc = files.load_builtin("tracks-mums-2008")
    for n in range(1, count + 1):
        doc.meta["title"] = f"Puzzle {n}"
        (folder / f"p{n:02}.json").write_text(files.dumps(doc), encoding="utf-8")
    return folder


def test_a_folder_reports_its_progress_file_by_file(tmp_path):
    folder = puzzle_folder(tmp_path / "many", 5)
    (folder / "sub.json").mkdir()  # not a puzzle file: not counted as read
    seen = []
    coll = collection.load(folder, progress=lambda done, total: seen.append((done, total)))
    assert len(coll) == 5
    assert seen == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


def test_a_reading_given_up_stops_at_the_next_file(tmp_path):
    folder = puzzle_folder(tmp_path / "many", 6)
    seen = []
    with pytest.raises(collection.Cancelled):
        collection.load(folder, progress=lambda done, total: seen.append(done), cancelled=lambda: len(seen) >= 2)
    assert seen == [1, 2]


def test_a_collection_file_reports_its_lines_and_can_be_given_up(tmp_path):
    docs = [files.load_builtin(b.name) for b in files.builtins() if b.kind == "kurosu"][:3]
    path = tmp_path / "ids.txt"
    path.write_text(collection.dumps(docs, "Three"), encoding="utf-8")
    lines = len(path.read_text(encoding="utf-8").splitlines())
    seen = []
    coll = collection.load(path, progress=lambda done, total: seen.append((done, total)))
    assert len(coll) == 3 and seen == [(lines - 2, lines), (lines - 1, lines), (lines, lines)]
    with pytest.raises(collection.Cancelled):
        collection.load(path, cancelled=lambda: True)


def test_a_folder_is_cut_at_its_caps_and_says_so(tmp_path, monkeypatch):
    folder = puzzle_folder(tmp_path / "many", 5)
    monkeypatch.setattr(collection, "MAX_PUZZLES", 3)
    seen = []
    coll = collection.load(folder, progress=lambda done, total: seen.append((done, total)))
    assert len(coll) == 3 and seen[-1] == (3, 3)
    assert coll.skipped == ["only the first 3 puzzle files of " + str(folder) + " are read."]
    monkeypatch.setattr(collection, "MAX_PUZZLES", 1000)
    size = (folder / "p01.json").stat().st_size
    monkeypatch.setattr(collection, "MAX_FOLDER_BYTES", 2 * size + 1)
    coll = collection.load(folder)
    assert len(coll) == 2 and "p03.json and the files after it are not read" in coll.skipped[0]


def test_load_source_can_leave_a_collection_unread(tmp_path):
    folder = puzzle_folder(tmp_path / "many", 2)
    with pytest.raises(collection.Unread) as caught:
        files.load_source(str(folder), read_collections=False)
    assert caught.value.path == folder and caught.value.text is None and caught.value.number is None
    path = tmp_path / "ids.txt"
    text = collection.dumps([files.load_builtin(b.name) for b in files.builtins() if b.kind == "kurosu"][:2])
    path.write_text(text, encoding="utf-8")
    with pytest.raises(collection.Unread) as caught:
        files.load_source(str(path), read_collections=False)
    assert caught.value.text == text  # read once: the reader is handed it
    with pytest.raises(collection.Unread) as caught:
        files.load_source(f"{path}#2", read_collections=False)
    assert caught.value.path == path and caught.value.number == 2
    # a puzzle file is a puzzle file, as ever
    assert files.load_source(str(folder / "p01.json"), read_collections=False).title == "Puzzle 1"
    # read, puzzle 2 of the collection is the same puzzle as load_source gives
    coll = collection.load(path, text=caught.value.text)
    assert section(collection.item_doc(coll, 2)) == section(files.load_source(f"{path}#2"))
