"""The command line: JSON shape, exit codes, error sentences (demo kind, in process)."""

import json
import subprocess
import sys

import pytest

from puzzlegui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_all(capsys, demo_kind):
    code, out, err = run(capsys, "solve", "demo:000/1?1", "--all", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["kind"] == "demo" and data["count"] == 2 and data["complete"] is True
    assert sorted(s["toggle"] for s in data["solutions"]) == [[0, 1, 2], [0, 2]]
    assert isinstance(data["elapsed_s"], float)


def test_solve_default_proves_uniqueness(capsys, demo_kind):
    code, out, _ = run(capsys, "solve", "000/111", "--kind", "demo", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 1 and data["complete"] is True
    code, out, _ = run(capsys, "solve", "demo:000/1?1")
    assert code == 0 and "not unique" in out


def test_solve_max_caps_the_count(capsys, demo_kind, monkeypatch):
    monkeypatch.setattr(type(demo_kind), "count_solutions", lambda self, state, should_stop=None: None)
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--max", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 3 and data["complete"] is False and "counted" not in data


def test_solve_all_beyond_max_is_counted_exactly_by_the_kinds_counter(capsys, demo_kind):
    """More solutions than --max: the search lists --max, the kind's counter (no listing)
    gives the exact total, and the answer says so."""
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--max", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 8 and data["complete"] is True and data["counted"] is True
    assert len(data["solutions"]) == 3 and data["listed"] == 3
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--max", "3")
    assert code == 0 and "All 8 were counted without listing them" in out and "the first 3" in out
    # within --max, the search itself is complete: no counter needed
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--max", "9", "--json")
    data = json.loads(out)
    assert data["count"] == 8 and data["complete"] is True and "counted" not in data


def test_solve_a_file_with_progress(capsys, demo_kind, tmp_path):
    # the progress must replay, and (by default) the solver works from the puzzle as given
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"kind": "demo", "puzzle": {"lamps": "00", "target": "11"}, "progress": [["toggle", 0]]}))
    code, out, _ = run(capsys, "solve", str(path), "--json")
    assert code == 0 and json.loads(out)["solutions"] == [{"toggle": [0, 1]}]


@pytest.mark.parametrize(
    "argv, words",
    [
        (("solve", "demo:0101"), "LAMPS/TARGET"),
        (("solve", "nonsense"), "is not a file or a puzzle: it was tried as a game ID written KIND:ID"),
        (("check", "demo:01/1"), "target"),
        (("solve", "demo:01/11", "--max", "0"), "--max must be at least 1"),
        (("solve", "x:1", "--kind", "chess"), 'Unknown puzzle kind "chess"'),
    ],
)
def test_bad_input_exits_2_with_a_sentence(capsys, demo_kind, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert words in err and "Traceback" not in err
    assert err.startswith("puzzlegui: ")


def test_check_accepts_a_good_puzzle(capsys, demo_kind):
    code, out, _ = run(capsys, "check", "demo:11/1?")
    assert code == 0 and out.startswith("OK: demo puzzle")
    code, out, _ = run(capsys, "check", "kurosu-dm-2018-06-01")
    assert code == 0 and out.startswith('OK: kurosu puzzle "')


def test_check_runs_the_kinds_rules_on_the_puzzle_as_given(capsys, demo_kind):
    # the demo kind's check() flags every lamp that differs from the target
    code, out, _ = run(capsys, "check", "demo:01/11")
    assert code == 1
    assert out.startswith("Cannot be solved: demo puzzle") and "Lamp differs from the target." in out


def test_solve_lists_the_first_solutions_and_counts_them_all(capsys, demo_kind):
    code, out, _ = run(capsys, "solve", "demo:0000000000/" + "?" * 10, "--all", "--max", "5000", "--list", "5", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 1024 and data["complete"] is True
    assert data["listed"] == 5 and len(data["solutions"]) == 5
    code, out, _ = run(capsys, "solve", "demo:0000000000/" + "?" * 10, "--all", "--max", "5000", "--list", "5")
    assert out.count("solution ") == 5 and "The first 5 of 1,024 are listed" in out
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--json")
    assert "listed" not in json.loads(out)  # all 8 are listed


def test_counting_many_solutions_keeps_only_a_few(demo_kind):
    """`solve --all` over many solutions: the count grows, the memory does not."""
    import tracemalloc

    from puzzlegui.core import solver

    state = demo_kind.parse_game_id("0" * 14 + "/" + "?" * 14)  # 16,384 solutions

    def peak(keep):
        tracemalloc.start()
        try:
            result = solver.run(demo_kind.solve(state), mode=solver.ALL, max_solutions=None, keep=keep)
            return result, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    kept, small = peak(10)
    assert kept.count == 16_384 and kept.complete and len(kept.solutions) == 10
    everything, large = peak(None)
    assert everything.count == 16_384 and len(everything.solutions) == 16_384
    assert small < 200_000  # bytes: a few solutions and the search's own stack
    assert large > 5 * small  # keeping every solution is what costs


def test_safe_escapes_what_a_terminal_would_obey():
    from puzzlegui.cli import safe

    assert safe("plain text, ünïcode ✓") == "plain text, ünïcode ✓"
    assert safe("a\x1b[31mb") == "a\\x1b[31mb"
    assert safe("tab\tnew\nline\r") == "tab\\tnew\\nline\\r"
    assert safe("\x9b2J\x7f\u202eevil\u2028") == "\\x9b2J\\x7f\\u202eevil\\u2028"
    assert safe("bytes\udcff") == "bytes\\udcff"


def test_generate_prints_a_loadable_file(capsys, demo_kind):
    from puzzlegui.core import files

    code, out, _ = run(capsys, "generate", "demo", "--size", "6", "--seed", "3")
    assert code == 0
    doc = files.loads(out)
    assert len(doc.state.lamps) == 6
    code2, out2, _ = run(capsys, "generate", "demo", "--size", "6", "--seed", "3")
    assert out2 == out  # same seed, same puzzle
    code, _, err = run(capsys, "generate", "demo", "--size", "99")
    assert code == 2 and "from 1 to 12" in err


def test_unknown_command_line_usage_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["solve"])
    assert exc.value.code == 2


def test_installed_entry_point_runs(tmp_path):
    """`python -m puzzlegui list` runs as a real process and exits 0."""
    run_ = subprocess.run([sys.executable, "-m", "puzzlegui", "list"], capture_output=True, text=True, timeout=120)
    assert run_.returncode == 0, run_.stderr
    assert "Traceback" not in run_.stderr


def test_install_desktop_entry(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run(capsys, "install-desktop-entry")
    assert code == 0
    entry = tmp_path / "applications" / "puzzlegui.desktop"
    text = entry.read_text()
    assert "[Desktop Entry]" in text and "Exec=" in text and "Icon=" in text
    icon = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "puzzlegui.svg"
    assert icon.read_bytes().startswith(b"<svg")


def test_generate_help_lists_the_kinds_own_options(capsys, demo_kind):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "demo", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "--size" in out and "--seed" in out
