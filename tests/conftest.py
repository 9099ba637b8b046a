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
    assert not leftover, f"threads left running: {leftover}"


@pytest.fixture(autouse=True)
def _isolated_paths(tmp_path_factory, monkeypatch):
    """Point QSettings and QStandardPaths at a temporary folder for every test."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.setenv("HOME", str(home))
    try:
        from PySide6.QtCore import QStandardPaths

        QStandardPaths.setTestModeEnabled(True)
    except ImportError:  # pragma: no cover
        pass
    yield
