"""The command line reads the games the window keeps: the same data folder (core/paths.py),
the same game object.  A real window plays; the real command line (in process) reads."""

from pathlib import Path

from qt_helpers import take_hint

from puzzlegui.cli import main
from puzzlegui.core import files, paths
from puzzlegui.gui import settings as settings_mod

KUROSU = "kurosu-dm-2018-06-04"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_window_and_the_command_line_share_one_data_folder():
    assert settings_mod.data_dir() == paths.data_dir()


def test_check_against_solution_and_hint_see_the_windows_game(qtbot, window, capsys):
    code, out, _ = run(capsys, "check", KUROSU, "--against-solution")
    assert "no entries to check yet" in out  # nothing played yet
    assert window.open_source(KUROSU)
    for _ in range(3):
        take_hint(qtbot, window)
    code, out, _ = run(capsys, "check", KUROSU, "--against-solution")
    assert code == 0 and "no entries to check yet" not in out
    # the command line's next hint is the one after the window's three
    code, out, _ = run(capsys, "hint", KUROSU, "--json")
    import json

    move = json.loads(out)["move"]
    kind = window.doc.kind
    assert tuple(move) == tuple(kind.move_to_json(kind.hint(window.history.state).move))


def test_export_current_draws_the_windows_game(qtbot, window, capsys, tmp_path):
    assert window.open_source(KUROSU)
    given, current = tmp_path / "given.png", tmp_path / "current.png"
    assert run(capsys, "export", KUROSU, "--png", str(given))[0] == 0
    assert run(capsys, "export", KUROSU, "--current", "--png", str(tmp_path / "before.png"))[0] == 0
    assert (tmp_path / "before.png").read_bytes() == given.read_bytes()  # no move yet
    take_hint(qtbot, window)
    assert run(capsys, "export", KUROSU, "--current", "--png", str(current))[0] == 0
    assert current.read_bytes() != given.read_bytes()


def test_a_file_changed_since_the_game_is_read_as_the_file(qtbot, window, capsys, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(files.dumps(files.load_builtin(KUROSU)), encoding="utf-8")
    assert window.open_source(str(path))
    take_hint(qtbot, window)
    _, out, _ = run(capsys, "check", str(path), "--against-solution")
    assert "no entries to check yet" not in out
    import os

    path.write_text(files.dumps(files.load_builtin(KUROSU)), encoding="utf-8")
    os.utime(path, (1, 1))
    _, out, _ = run(capsys, "check", str(path), "--against-solution")
    assert "no entries to check yet" in out  # the file as it is now, as the window would open it
    assert Path(path).exists()
