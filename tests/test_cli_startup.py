"""Start-up (issue 11): `puzzlegui list` reads the built-in puzzles' names and titles
without the engines (core.library), and main() builds only the command argv names.
Each must behave exactly as the slower way it replaces."""

import argparse
import json
import os
import subprocess
import sys

import pytest

from puzzlegui import cli
from puzzlegui.core import files, library, registry


def strict_builtins(root):
    """(name, kind, title) of every puzzle file under ``root``, read as a puzzle file is
    opened (core.files' strict reader), in the documented order: kinds in registry
    order, then names (so "mystery-box" comes before "mystery-box-farthest")."""
    rows = []
    for kind_name in registry.names():
        folder = os.path.join(root, kind_name)
        if not os.path.isdir(folder):
            continue
        for name in sorted(n[: -len(".json")] for n in os.listdir(folder) if n.endswith(".json")):
            file_name = name + ".json"
            with open(os.path.join(folder, file_name), encoding="utf-8") as handle:
                doc = files.loads(handle.read(), file_name)
            assert doc.kind.name == kind_name, f"{file_name} is in the {kind_name} folder but holds a {doc.kind.name}"
            rows.append((name, kind_name, doc.meta.get("title", name)))
    return rows


def test_the_builtins_are_every_file_with_its_title():
    root = library.resource_root()
    assert isinstance(root, str) and os.path.isdir(root)
    expected = strict_builtins(root)
    assert len(expected) >= 40
    assert [(b.name, b.kind, b.title) for b in files.builtins()] == expected
    assert files.builtins is library.builtins  # one list, one cache


def test_puzzlegui_list_prints_every_builtin(tmp_path):
    run = subprocess.run([sys.executable, "-m", "puzzlegui", "list"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    rows = strict_builtins(library.resource_root())
    width = max(len(name) for name, _, _ in rows)
    assert run.stdout.splitlines() == [f"{name:<{width}}  {kind:<8}  {title}" for name, kind, title in rows]


def puzzle_file(title=None, kind="kurosu"):
    data = {"format": "puzzlegui", "version": 1, "kind": kind}
    if title is not None:
        data["title"] = title
    data["puzzle"] = {"width": 4, "height": 4, "grid": ["...."] * 4}
    return json.dumps(data, indent=1)


@pytest.fixture
def own_library(tmp_path, monkeypatch):
    """core.library reading a folder of our own instead of the shipped puzzles."""
    root = tmp_path / "puzzles"
    (root / "kurosu").mkdir(parents=True)
    monkeypatch.setattr(library, "resource_root", lambda: str(root))
    library.forget()
    yield root
    library.forget()


def listed():
    library.forget()  # as a new process would: nothing is kept between runs
    return [(b.name, b.kind, b.title) for b in library.builtins()]


def test_the_list_follows_the_files(own_library):
    folder = own_library / "kurosu"
    (folder / "b.json").write_text(puzzle_file("Bee"), encoding="utf-8")
    (folder / "a.json").write_text(puzzle_file("Ay"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a puzzle", encoding="utf-8")
    assert listed() == [("a", "kurosu", "Ay"), ("b", "kurosu", "Bee")]
    (folder / "a.json").write_text(puzzle_file("A new title"), encoding="utf-8")  # same size or not
    (folder / "c.json").write_text(puzzle_file(), encoding="utf-8")  # no title: its name
    (folder / "b.json").unlink()
    assert listed() == [("a", "kurosu", "A new title"), ("c", "kurosu", "c")]
    assert library.builtins()[0].text == (folder / "a.json").read_text(encoding="utf-8")
    assert files.load_builtin("a").title == "A new title"


def test_a_broken_builtin_is_listed_and_refused_when_opened(own_library):
    (own_library / "kurosu" / "bad.json").write_text('{"kind": "kurosu", "title": NaN', encoding="utf-8")
    assert listed() == [("bad", "kurosu", "bad")]
    with pytest.raises(files.PuzzleError):
        files.load_builtin("bad")


def test_a_title_is_read_only_from_the_top_level():
    text = json.dumps({"kind": "kurosu", "puzzle": {"title": "not this"}})
    assert library.title_of(text, "name") == "name"
    assert library.title_of(json.dumps({"title": ["no"]}), "name") == "name"
    assert library.title_of("[1, 2]", "name") == "name"
    assert library.title_of(json.dumps({"title": "Yes \u2713"}), "name") == "Yes \u2713"


# --- main() builds only the command argv names ------------------------------------------
def subcommands(parser):
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out == cli.build_parser().format_help()
    for name, text, _ in cli.COMMANDS:
        assert name in out and text.split()[0] in out
    assert list(subcommands(cli.build_parser(commands=()))) == [name for name, _, _ in cli.COMMANDS]


@pytest.mark.parametrize("name", [name for name, _, _ in cli.COMMANDS])
def test_a_command_built_alone_is_the_command_built_with_all(name):
    full = subcommands(cli.build_parser())[name]
    alone = subcommands(cli.build_parser(commands=[name]))[name]
    assert alone.format_help() == full.format_help()
    assert alone.format_usage() == full.format_usage()
    assert cli.build_parser(commands=[name]).format_help() == cli.build_parser().format_help()


def test_a_command_parses_as_with_the_whole_parser(demo_kind):
    for argv in (
        ["solve", "demo:01/11", "--all", "--max", "5", "--list", "2", "--json", "--time-limit", "3"],
        ["check", "list", "--kind", "demo", "--against-solution"],
        ["generate", "demo", "--seed", "4", "--count", "2", "--size", "3"],
        ["export", "x", "--png", "a.png", "--solved", "--per-page", "2"],
        ["open"],
        ["list"],
    ):
        full = cli.build_parser().parse_known_args(argv)
        lazy = cli.build_parser(commands=argv).parse_known_args(argv)
        assert vars(lazy[0]) == vars(full[0]) and lazy[1] == full[1], argv


def test_list_with_arguments_is_still_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["list", "extra"])
    assert exc.value.code == 2
    assert "unrecognized arguments: extra" in capsys.readouterr().err


def test_a_collection_item_is_a_fresh_copy_each_time(tmp_path):
    from puzzlegui.core import collection

    path = tmp_path / "two.txt"
    path.write_text("# puzzlegui collection\nkurosu:4x4:q  # one\nkurosu:4x4:q  # two\n", encoding="utf-8")
    a = collection.load_item(path, 2)
    b = collection.load_item(path, 2)
    assert a == b and a is not b and a.meta is not b.meta and a.progress is not b.progress
    assert a.title == "two"
    a.meta["title"] = "changed"
    assert collection.load_item(path, 2).title == "two"


def test_safes_fast_path_lets_through_only_what_the_slow_one_would():
    # safe() returns printable text as it is without looking at each character; that is
    # right only if no printable character is one _unsafe() escapes
    assert not [hex(code) for code in range(0x110000) if chr(code).isprintable() and cli._unsafe(chr(code))]
