"""Start-up loads only what the first window needs: no numpy (a kind's engine loads
when first used), no QtMultimedia (only Play needs it)."""

import os
import subprocess
import sys

HEAVY = ("numpy", "PySide6.QtMultimedia")

CLI = "import sys, puzzlegui.cli; print([m for m in %r if m in sys.modules])" % (HEAVY,)

GUI = r"""
import os, sys
os.environ["PUZZLEGUI_QUIT_AFTER_START"] = "1"
from puzzlegui.gui.app import run_gui
code = run_gui()
print("heavy:", [m for m in %r if m in sys.modules], "exit:", code)
""" % (HEAVY,)


def run(code, tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("PUZZLEGUI_QUIT_AFTER_START", None)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_the_command_line_imports_nothing_heavy(tmp_path):
    out = run(CLI, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_first_window_imports_nothing_heavy(tmp_path):
    out = run(GUI, tmp_path)
    assert "first window shown" in out.stdout, out.stdout + out.stderr
    assert "heavy: [] exit: 0" in out.stdout, out.stdout


# --- `puzzlegui list` and `puzzlegui --help` (issue 11): what each command loads ----------
# Each runs in a fresh process, so every module it imports is paid for on every run.
# What the interpreter had loaded before cli.main ran (site, an editable install's
# finder) is not counted: only what the command itself brought in.
MEASURE = r"""
import contextlib, io, json, sys
argv = %r
before = set(sys.modules)
from puzzlegui.cli import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue(),
                  "loaded": sorted(set(sys.modules) - before)}))
"""

# never needed to name the built-in puzzles or to print the commands
NOT_FOR_LIST = (
    "argparse", "typing", "shutil", "tempfile", "importlib.resources",
    "numpy", "PySide6", "puzzlegui.gui", "puzzlegui.kinds",
    "puzzlegui.core.kind", "puzzlegui.core.files", "puzzlegui.core.validate", "puzzlegui.core.collection",
    "puzzlegui.core.solver", "puzzlegui.core.history", "puzzlegui.core.games",
)


def command(argv, tmp_path):
    import json

    out = run(MEASURE % (list(argv),), tmp_path)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def loaded_of(result, names):
    return [m for m in result["loaded"] if any(m == n or m.startswith(n + ".") for n in names)]


def test_list_loads_no_engine_and_no_parser(tmp_path):
    result = command(["list"], tmp_path)
    assert result["code"] == 0, result["err"]
    assert "tracks-mums-2008" in result["out"]
    assert loaded_of(result, NOT_FOR_LIST) == []


def test_help_loads_no_engine(tmp_path):
    result = command(["--help"], tmp_path)
    assert result["code"] == 0, result["err"]
    assert "list the built-in puzzles" in result["out"]
    assert loaded_of(result, NOT_FOR_LIST[1:] + ("puzzlegui.core", "json")) == []
    assert "argparse" in result["loaded"]  # the help is argparse's, as before


def test_a_commands_help_and_a_usage_error_load_no_engine(tmp_path):
    for argv in (["check", "--help"], ["hint", "--bogus"], ["list", "extra"]):
        result = command(argv, tmp_path)
        assert result["code"] in (0, 2), result
        assert loaded_of(result, NOT_FOR_LIST[1:] + ("puzzlegui.core",)) == [], argv


# --- after the first window: what is imported for later, and where ----------------------
WARM = r"""
import sys, threading
where = {}
def audit(event, args):
    if event == "import" and args[0] == "numpy" and args[0] not in where:
        where[args[0]] = threading.current_thread() is threading.main_thread()
sys.addaudithook(audit)
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from puzzlegui.gui.window import MainWindow
w = MainWindow(restore=False)
w.documents.restore_last_game()
w.warmedUp.connect(app.quit)
QTimer.singleShot(60000, app.quit)  # never warmed up: the assertion below says so
w.show()
print("before:", "numpy" in sys.modules)
app.exec()
from puzzlegui.gui import jobs
print("warmed:", w.warmed_up, "numpy on the GUI thread:", where.get("numpy"),
      "imported for later:", all(name in sys.modules for name in jobs.LATER_IMPORTS))
w.shutdown()
"""


def test_numpy_is_imported_off_the_gui_thread_and_the_search_module_on_it_once_the_window_is_up(tmp_path):
    """numpy's C start-up on the pool (it holds the GIL in long stretches); the modules a
    close must find whole (search_process) on the GUI thread, between events (issue 31)."""
    out = run(WARM, tmp_path)
    assert out.returncode == 0, out.stderr
    assert "before: False" in out.stdout, out.stdout
    assert "warmed: True numpy on the GUI thread: False imported for later: True" in out.stdout, out.stdout
