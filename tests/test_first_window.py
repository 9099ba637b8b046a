"""The first window (issue 31): its shell (menu bar, empty centre) maps and paints first,
the store, the library and the board are built behind it a step an event-loop turn, and
quitting between any two steps loses nothing and says nothing on stderr."""

from __future__ import annotations

import os
import subprocess
import sys

from puzzlegui.gui.window import MainWindow

HARD = "twiddle-5x5-blocks-3"


def env_for(tmp_path, **extra) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    for name in ("PUZZLEGUI_QUIT_AFTER_START", "PUZZLEGUI_CLOSE_AFTER_MS", "PUZZLEGUI_CLOSE_AT_STEP"):
        env.pop(name, None)
    env.update(extra)
    return env


def run(argv, env, timeout=120):
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=timeout, stdin=subprocess.DEVNULL)


# what the launcher's window had done when the store's module was first imported
ORDER = r"""
import sys
seen = {}
def audit(event, args):
    if event == "import" and args[0] in ("sqlite3", "puzzlegui.core.games", "puzzlegui.gui.library") and args[0] not in seen:
        from PySide6.QtWidgets import QApplication
        app = QApplication.instance()
        wins = [w for w in (app.topLevelWidgets() if app else []) if type(w).__name__ == "MainWindow"]
        seen[args[0]] = (len(wins), all(w.isVisible() and w.shell_painted for w in wins))
sys.addaudithook(audit)
from puzzlegui.gui.app import run_gui
code = run_gui()
print("seen:", sorted(seen.items()), "exit:", code)
"""


def test_the_launchers_window_is_shown_and_painted_before_the_store_the_library_and_the_board(tmp_path):
    out = run([sys.executable, "-c", ORDER], env_for(tmp_path, PUZZLEGUI_QUIT_AFTER_START="1"))
    assert "puzzlegui: first window shown" in out.stdout, out.stdout + out.stderr
    assert ("seen: [('puzzlegui.core.games', (1, True)), ('puzzlegui.gui.library', (1, True)), "
            "('sqlite3', (1, True))] exit: 0") in out.stdout, out.stdout + out.stderr
    assert "Traceback" not in out.stderr, out.stderr


SETUP = r"""
from PySide6.QtWidgets import QApplication
app = QApplication([])
from puzzlegui.gui.window import MainWindow
from puzzlegui.kinds.rotation.model import CW
w = MainWindow(restore=False)
assert w.open_source(%r)
for cell in ((1, 1), (2, 2), (1, 2)):
    w.play_move(("turn", *cell, CW))
print("moves:", w.history.position, w.doc.name, w.history.moves_json())
w.close()
""" % (HARD,)

CHECK = r"""
from PySide6.QtWidgets import QApplication
app = QApplication([])
from puzzlegui.gui.window import MainWindow
w = MainWindow(restore=True)
print("moves:", w.history.position, w.doc.name, w.history.moves_json())
w.close()
"""


def test_quitting_between_any_two_steps_of_the_start_up_says_nothing_and_loses_no_game(tmp_path):
    """Deterministic: the launcher closes its window right after the named step (as a
    click on its close button between two turns of the event loop would)."""
    env = env_for(tmp_path)
    setup = run([sys.executable, "-c", SETUP], env)
    assert setup.returncode == 0, setup.stderr
    before = setup.stdout.strip().splitlines()[-1]
    assert before.startswith("moves: 3 "), setup.stdout
    for step in ("shell",) + MainWindow.BUILD_STEPS:
        out = run([sys.executable, "-m", "puzzlegui"], dict(env, PUZZLEGUI_CLOSE_AT_STEP=step))
        assert out.returncode == 0, (step, out.stdout, out.stderr)
        assert "Traceback" not in out.stderr and "Error" not in out.stderr, (step, out.stderr)
        if step != "shell":
            assert f"puzzlegui: closing after the step {step}" in out.stdout, (step, out.stdout)
    after = run([sys.executable, "-c", CHECK], env)
    assert after.returncode == 0, after.stderr
    assert after.stdout.strip().splitlines()[-1] == before  # the game, its three moves, as it was


def test_a_window_built_in_steps_is_the_whole_window(qtbot):
    w = MainWindow(restore=True, shell_only=True)
    qtbot.addWidget(w)
    assert not w.is_built and [a.text() for a in w.menuBar().actions()][:2] == ["&File", "&Edit"]
    assert all(not a.menu().actions() for a in w.menuBar().actions())  # the menus are filled with the parts
    steps = []
    w.buildStepped.connect(steps.append)
    w.show()
    with qtbot.waitSignal(w.built, timeout=60000):
        w.build_in_steps()
    assert tuple(steps) == MainWindow.BUILD_STEPS
    assert w.is_built and w.board is not None and w.doc is not None
    assert all(a.menu().actions() for a in w.menuBar().actions())
    assert [a.text() for a in w.menuBar().actions()].count("&File") == 1  # no menu twice
    assert w.actions_by_name["undo"].isEnabled() is False  # nothing played yet
    assert w.build_step() is None  # built once
    w.shutdown()


def test_finish_building_builds_at_once_and_a_closed_shell_builds_nothing(qtbot):
    w = MainWindow(restore=False, shell_only=True)
    qtbot.addWidget(w)
    assert w.build_step() == "core"
    w.finish_building()
    assert w.is_built and w.open_source(HARD)
    w.shutdown()
    shell = MainWindow(restore=False, shell_only=True)
    qtbot.addWidget(shell)
    shell.close()  # closed before its building began: nothing to end, nothing built
    assert shell.build_step() is None and not shell.is_built


def test_closing_during_the_warm_up_raises_nothing_and_leaves_no_search_process(qtbot):
    """The warm-up imports on the GUI thread, one module an event-loop turn: a close between
    two of them finds every module whole (a warm-up on the pool once made closeEvent raise)."""
    from PySide6.QtWidgets import QApplication

    from puzzlegui.gui.jobs import search_process
    from puzzlegui.gui import jobs as jobs_mod

    for index in range(len(jobs_mod.LATER_IMPORTS) + 1):
        w = MainWindow(restore=False)
        qtbot.addWidget(w)
        w.startup.warm_up(index)  # (not shown: no warm-up of its own is scheduled)
        w.close()
        QApplication.processEvents()  # the next import, queued, finds the window closed
        assert search_process.warm_pid() is None


ICON = r"""
from PySide6.QtWidgets import QApplication
from puzzlegui.gui.app import run_gui
code = run_gui()
print("exit:", code, "icon set:", not QApplication.windowIcon().isNull())
"""


def test_the_launcher_sets_the_window_icon_behind_the_first_paint(tmp_path):
    out = run([sys.executable, "-c", ICON], env_for(tmp_path, PUZZLEGUI_QUIT_AFTER_START="1"))
    assert "exit: 0 icon set: True" in out.stdout, out.stdout + out.stderr
