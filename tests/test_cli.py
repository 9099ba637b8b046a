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


def test_solve_max_caps_the_count(capsys, demo_kind):
    code, out, _ = run(capsys, "solve", "demo:000/???", "--all", "--max", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 3 and data["complete"] is False


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
        (("solve", "nonsense"), "not a file, a built-in puzzle or a game ID"),
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
    code, out, _ = run(capsys, "check", "demo:01/11")
    assert code == 0 and out.startswith("OK: demo puzzle")


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
