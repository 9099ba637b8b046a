"""Quitting is quick and loses nothing (issue 24, "Quit in < 0.5 s"; the time itself is
benchmarks/bench_quit.py's row): closing the window while a search runs ends its process
and the warm one, and stores the game; work on the pool whose answer nobody wants any
more (a replay being prepared) is not waited for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from puzzlegui.gui.window import MainWindow
from puzzlegui.kinds.rotation.model import CW

HARD = "twiddle-5x5-blocks-3"  # its search runs for minutes


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_closing_while_solving_ends_every_search_process_and_stores_the_game(qtbot, window):
    from puzzlegui.gui.jobs import search_process

    assert window.open_source(HARD)
    window.play_move(("turn", 1, 1, CW))
    played = window.history.state
    window.solve()
    qtbot.waitUntil(lambda: window.job is not None and window.job.pid is not None, timeout=30000)
    job = window.job
    searching = job.pid
    assert alive(searching) and job.is_running()
    warm = search_process.warm_pid()
    window.close()
    assert search_process.warm_pid() is None  # no child waits for a next search
    # the close ends the processes and does not wait for them to go: the test waits on the
    # event (a loaded machine once took longer than the close's second to collect them)
    qtbot.waitUntil(lambda: not alive(searching) and not job.is_running(), timeout=60000)  # its reader too
    qtbot.waitUntil(lambda: warm is None or not alive(warm), timeout=60000)
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    assert again.doc is not None and again.doc.name == HARD
    assert again.history.state == played  # the move made before the close is there
    again.shutdown()


def test_a_warm_up_the_pool_reaches_after_the_close_starts_no_search_process(qtbot, window):
    """The window asks the pool to start the search process once it is shown; on a loaded
    machine the pool got there after the window had closed, and a child was left waiting
    (issue 32, item 15).  Here the pool's work runs after the close, as it did then."""
    from puzzlegui.gui.jobs import search_process
    from puzzlegui.gui import startup

    window.close()
    assert search_process.warm_pid() is None
    startup.warm_on_pool(window.startup.still_open)  # what the pool runs, late
    assert search_process.warm_pid() is None


CLOSE_WHILE_WORK_RUNS = r"""
import os, sys
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication
QStandardPaths.setTestModeEnabled(True)
app = QApplication([])
from puzzlegui.gui.window import MainWindow
from puzzlegui.gui.jobs.worker import Background, background_busy
w = MainWindow(restore=False)
w.show()
assert w.open_source("tracks-mums-2008")
call = Background(os.read, int(sys.argv[1]), 1)  # work that cannot end while the test holds the pipe
w.close()
print("closed, work running:", background_busy(), flush=True)
app.quit()
"""


def test_the_app_exits_without_waiting_for_pool_work_nobody_wants_any_more():
    """A replay being prepared cannot be stopped: closing the window and the app's exit
    leave it to a daemon thread (the window once waited up to 15 s for it, and the
    QThreadPool's destruction at exit for as long as it ran)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    read_end, write_end = os.pipe()
    child = subprocess.Popen([sys.executable, "-c", CLOSE_WHILE_WORK_RUNS, str(read_end)], pass_fds=(read_end,),
                             stdout=subprocess.PIPE, text=True, env=env)
    os.close(read_end)
    try:
        said = child.stdout.readline()
        child.wait(timeout=60)  # the pipe stays open meanwhile: the work cannot end on its own
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(write_end)
        child.stdout.close()
    assert said == "closed, work running: True\n"
    assert child.returncode == 0
