"""Shared test set-up: headless Qt, settings in a temporary folder, no leftovers.

A test fails if it leaves a thread running (the solver worker must always be joined).
"""

import os
import sys
import threading
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _no_dangling_threads():
    before = set(threading.enumerate())
    yield
    leftover = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    if leftover and all(t.name == "puzzlegui-pool" for t in leftover):
        # Qt's pool keeps its threads a while, idle, for the next call: they are
        # running only if a call has not ended
        from puzzlegui.gui.jobs.worker import POOL_THREAD_NAME, wait_background

        assert POOL_THREAD_NAME == "puzzlegui-pool"
        # a closed window no longer waits for work whose answer nobody wants (quitting
        # is quick): that work ends by itself, and the test waits for it (on the pool's
        # own condition, no sleep), failing only if it never ends
        leftover = [] if wait_background(30000) else leftover
    assert not leftover, f"threads left running: {leftover}"


@pytest.fixture(autouse=True)
def _isolated_paths(tmp_path_factory, monkeypatch):
    """Point QSettings and QStandardPaths at a temporary folder for every test."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("HOME", str(home))
    from PySide6.QtCore import QSettings, QStandardPaths

    QStandardPaths.setTestModeEnabled(True)
    # Qt reads the settings folder once per process; point it at this test's folder
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(home / "config"))
    yield


@pytest.fixture
def demo_kind():
    """The throwaway demo kind (tests/demo), registered for one test."""
    from demo import KIND

    from puzzlegui.core import registry

    registry.register(KIND, "demo")
    yield KIND
    registry.unregister("demo")


@pytest.fixture(autouse=True)
def _no_running_jobs():
    """Fail a test that leaves a search or a generator process behind."""
    yield
    try:
        from puzzlegui.gui.jobs.search_process import ProcessSolveJob
        from puzzlegui.gui.jobs.tasks import GenerateTask
    except ImportError:  # pragma: no cover
        return
    running = [j for j in ProcessSolveJob.live() if j.is_running()]
    assert not running, f"searches left running: {running}"
    assert not GenerateTask._live, f"generator processes left running: {GenerateTask._live}"


@pytest.fixture(autouse=True)
def _no_running_animations(request):
    """Fail a test that leaves a board animating or a replay playing."""
    yield
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    from puzzlegui.qtkit.board import BoardWidget

    busy = [w for w in app.allWidgets() if isinstance(w, BoardWidget) and w.is_animating()]
    for w in busy:
        w.stop_animations()
    assert not busy, f"animations left running on {busy}"


@pytest.fixture
def window(qtbot):
    """The real main window, shown at 1100x700, with nothing restored; shut down after
    the test (tests/test_gui.py adds the demo kind to it)."""
    from puzzlegui.gui.window import MainWindow

    w = MainWindow(restore=False)
    qtbot.addWidget(w)
    w.resize(1100, 700)
    w.show()
    yield w
    w.shutdown()

