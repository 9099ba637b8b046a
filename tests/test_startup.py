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
