"""The window over a data folder in any state: it always starts, with a board to play and
a sentence for what was set aside; a store that refuses writes is said once (with Save As
offered) and never stops a hint or the winning move.  Real windows (offscreen), real clicks."""

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from puzzlegui.core import files
from puzzlegui.core import store as store_mod
from puzzlegui.gui import settings as settings_mod
from puzzlegui.gui.window import MainWindow

from test_store import LEGACY, Refusing
from qt_helpers import take_hint


def data_folder() -> Path:
    return settings_mod.data_dir()


def start(qtbot) -> MainWindow:
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    w.show()
    return w


def make(what: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / store_mod.DB_NAME
    if what == "random bytes":
        db.write_bytes(os.urandom(20_000))
    elif what == "truncated":
        db.write_bytes(b"SQLite format 3\x00" + bytes(100))
    elif what == "fifo":
        os.mkfifo(db)
    elif what == "folder":
        db.mkdir()
    elif what == "link to a device":
        db.symlink_to("/dev/zero")
    elif what == "old records, damaged index":
        shutil.rmtree(folder)
        shutil.copytree(LEGACY, folder)
        (folder / "session.json").write_text('{"format": "puzzlegui-session", "current": "/", "games": {"x": {"status": "?"}}}')
    elif what == "games is a file":
        (folder / "games").write_text("not a folder")


@pytest.mark.parametrize("what", [
    "random bytes", "truncated", "fifo", "folder", "link to a device", "old records, damaged index", "games is a file",
])
def test_the_window_starts_whatever_is_in_the_data_folder(qtbot, what):
    make(what, data_folder())
    w = start(qtbot)
    assert w.doc is not None and w.board is not None  # a puzzle to play
    said = w.last_error
    if what in ("random bytes", "truncated", "fifo", "folder", "link to a device"):
        assert w.error_box.isVisible() and "fresh games database" in said
    if what == "link to a device":
        assert os.path.realpath("/dev/zero") == "/dev/zero" and Path("/dev/zero").is_char_device()
    take_hint(qtbot, w)  # and the game is stored
    w.shutdown()
    again = start(qtbot)
    assert len(again.history) == 1
    again.shutdown()


def test_a_data_folder_that_cannot_be_made_still_gives_a_game_with_save_as(qtbot, tmp_path):
    folder = data_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the data folder should be")
    w = start(qtbot)
    assert w.doc is not None and "cannot be saved" in w.last_error and "Save As" in w.last_error
    take_hint(qtbot, w)
    assert len(w.history) == 1  # kept in memory for this run
    w.shutdown()


def refuse_writes(window, monkeypatch, message="database or disk is full"):
    real = window.games.store._conn()
    monkeypatch.setattr(window.games.store, "_conn", lambda: Refusing(real, message))


def test_a_full_disk_never_stops_a_hint_and_is_said_once_with_save_as(qtbot, window, monkeypatch, tmp_path):
    window.open_source("tracks-mums-2008")
    refuse_writes(window, monkeypatch)
    shown = []
    window.errorShown.connect(shown.append)
    take_hint(qtbot, window)
    assert len(window.history) == 1  # the hint is played
    take_hint(qtbot, window)
    assert len(window.history) == 2
    assert len(shown) == 1 and "the disk is full" in shown[0] and "Save As" in shown[0]
    box = window.error_box
    save_as = [b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ActionRole]
    assert [b.text() for b in save_as] == ["Save As\u2026"]
    target = tmp_path / "kept.json"
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    save_as[0].click()  # the file is the user's: written even though the store refuses
    assert len(files.load_path(target).progress) == 2
    box.close()


def test_the_winning_move_is_announced_when_statistics_cannot_be_written(qtbot, window, monkeypatch, demo_kind):
    kind = demo_kind
    doc = files.PuzzleDoc(kind, kind.decode({"lamps": "011", "target": "111"}), meta={"title": "Test"})
    assert window.load_doc(doc)
    refuse_writes(window, monkeypatch, "attempt to write a readonly database")
    g = window.board.geometry_()
    x, y = g.cell_center(0, 0)
    with qtbot.waitSignal(window.puzzleSolved, timeout=2000):
        qtbot.mouseClick(window.board, Qt.LeftButton, pos=QPoint(int(x), int(y)))
    assert "read-only" in window.last_error
    assert window.game.status == "solved"
    qtbot.waitUntil(lambda: not window.board.is_animating(), timeout=3000)
    window.error_box.close()
