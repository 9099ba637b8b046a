"""Nothing the player did is lost: switching puzzles, broken autosaves, kills at bad
moments, steady play, SIGTERM, and generator children that must die with the app.

Real windows (offscreen), real clicks, real child processes killed with real signals."""

import json
import os
import sqlite3
import select
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files
from puzzlegui.core.games import IN_PROGRESS
from puzzlegui.gui.library import STATUS_MARK
from puzzlegui.gui.window import MainWindow
from qt_helpers import take_hint

HERE = Path(__file__).parent
POSIX = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")


def library_item(window, source):
    return window._library_items[source]


def double_click(qtbot, window, source):
    window.area.show_library(True)  # the drawer gave way when the player played: open it again
    if not window.isVisible():
        window.show()  # a click lands where a line is drawn: on a window on screen
        qtbot.waitExposed(window)
    QApplication.processEvents()
    item = library_item(window, source)
    window.library.scrollToItem(item)
    rect = window.library.visualItemRect(item)
    # a real double-click is a click, then a second press that the view sees as double
    qtbot.mouseClick(window.library.viewport(), Qt.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.library.viewport(), Qt.LeftButton, pos=rect.center())


def test_switching_puzzles_and_back_keeps_the_game_and_its_undo(qtbot, window):
    tracks = "tracks-mums-2008"
    rotation = next(b.name for b in files.builtins() if b.kind == "rotation")
    double_click(qtbot, window, tracks)
    assert window.doc.name == tracks
    for _ in range(3):
        take_hint(qtbot, window)  # real moves, through the same path as the board's
    moves = window.history.moves()
    assert len(moves) == 3
    double_click(qtbot, window, rotation)
    assert window.doc.name == rotation and not window.history.can_undo
    assert library_item(window, tracks).text(0).startswith(STATUS_MARK[IN_PROGRESS])
    double_click(qtbot, window, tracks)
    assert window.doc.name == tracks
    assert window.history.moves() == moves
    assert window.actions_by_name["undo"].isEnabled()
    assert window.board.state == window.history.state
    # and after a quit, in a new window
    window.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    assert again.doc.name == tracks and again.history.moves() == moves
    again.shutdown()


def test_the_open_puzzle_is_selected_in_the_library(qtbot, window):
    rotation = next(b.name for b in files.builtins() if b.kind == "rotation")
    double_click(qtbot, window, rotation)
    assert window.library.currentItem() is library_item(window, rotation)


def test_a_broken_stored_game_is_set_aside_and_announced_until_read(qtbot, window):
    window.open_source("tracks-mums-2008")
    take_hint(qtbot, window)
    key = window.game.key
    window.close()
    db = window.games.store.path
    with sqlite3.connect(db) as conn:  # a move that is not a Tracks move
        conn.execute("UPDATE moves SET move = '[\"nonsense\", 1]' WHERE game = ?", (key,))
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    kept = list((db.parent / "set-aside").glob("game-*.json"))
    assert len(kept) == 1 and "nonsense" in kept[0].read_text()
    before = kept[0].read_text()
    box = again.error_box  # a dialog: it stays until the user closes it
    assert box.isVisible() and str(kept[0]) in box.text()
    assert again.doc.name == "tracks-mums-2008" and len(again.history) == 0  # a fresh game in its place
    take_hint(qtbot, again)
    again.games.save()
    assert kept[0].read_text() == before  # the kept copy is never written over
    box.close()
    again.shutdown()


def test_file_text_is_shown_as_plain_text(qtbot, window, tmp_path):
    doc = files.load_builtin("tracks-mums-2008")
    doc.meta["title"] = "<h1>Big</h1><img src=x>"
    path = tmp_path / "html.json"
    path.write_text(files.dumps(doc), encoding="utf-8")
    assert window.open_source(str(path))
    assert window.title_label.textFormat() == Qt.PlainText
    assert "<h1>" in window.title_label.full_text()


def test_saving_writes_through_a_symlink_with_the_umask_mode(qtbot, window, tmp_path):
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    window.open_source("tracks-mums-2008")
    old = os.umask(0o022)
    try:
        assert window.documents._save_to(target)
        link.symlink_to(target)
        assert window.open_source(str(link))
        take_hint(qtbot, window)
        assert window.documents.save()
    finally:
        os.umask(old)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert len(json.loads(target.read_text())["progress"]) == 1
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert not list(tmp_path.glob(".*.tmp"))


def test_stale_temp_files_of_a_killed_save_are_cleaned(tmp_path):
    path = tmp_path / "game.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".game.json.{dead.stdout.strip()}.abc123.tmp"
    stale.write_text("half a save")
    files.save_atomic(path, "{}\n")
    assert not stale.exists() and path.read_text() == "{}\n"


# ---------------------------------------------------------------- kills and signals
CHILD_PRELUDE = r"""
import os, sys, signal
from PySide6.QtCore import QStandardPaths, QTimer
from PySide6.QtWidgets import QApplication
QStandardPaths.setTestModeEnabled(True)  # the same folders as the test process
app = QApplication([])
from puzzlegui.gui.window import MainWindow
w = MainWindow(restore=False)
def say(text):
    print(text, flush=True)
def hint():  # found on the pool: wait for the answer, then let it play (Hint in stages: three presses)
    from puzzlegui.gui.jobs.worker import wait_background
    for _ in range(3):
        w.hint()
        wait_background(60000)
        app.processEvents()
"""


def run_child(code, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.Popen(
        [sys.executable, "-c", CHILD_PRELUDE + code, *map(str, args)],
        stdout=subprocess.PIPE, text=True, env=env,
    )


def wait_for(child, text):
    for line in child.stdout:
        if line.strip() == text:
            return
    raise AssertionError(f"the child ended before saying {text!r}")


def finish(child):
    child.wait(30)
    child.stdout.close()


SWITCHER = r"""
x, y = sys.argv[1], sys.argv[2]
w.open_source(x)
hint(); hint()
say("played")
w.open_source(y)
say("switched")
app.exec()
"""


@POSIX
@pytest.mark.parametrize("kill_at", ["played", "switched"])
def test_a_kill_right_after_switching_files_never_mixes_them_up(qtbot, tmp_path, kill_at):
    x, y = tmp_path / "x.json", tmp_path / "y.json"
    x.write_text(files.dumps(files.load_builtin("tracks-mums-2008")), encoding="utf-8")
    rotation = next(b.name for b in files.builtins() if b.kind == "rotation")
    y.write_text(files.dumps(files.load_builtin(rotation)), encoding="utf-8")
    y_before = y.read_text()
    child = run_child(SWITCHER, x, y)
    try:
        wait_for(child, kill_at)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        finish(child)
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    # whichever game came back, it is attached to its own file
    on_disk = files.load_path(w.doc.path)
    assert on_disk.kind is w.doc.kind
    assert on_disk.kind.encode(on_disk.state) == w.doc.kind.encode(w.doc.state)
    assert w.documents.save()
    assert y.read_text() == y_before or w.doc.path == y
    if w.doc.path == x:
        assert len(json.loads(x.read_text())["progress"]) == 2
    w.shutdown()


def test_every_move_is_in_the_store_when_it_is_made(qtbot, window):
    """No autosave delay: another reader of the games database (another copy of the
    app, or the next start after a kill) sees each move as soon as it is played."""
    from puzzlegui.core.games import Games

    window.open_source("tracks-mums-2008")
    for n in range(1, 4):
        take_hint(qtbot, window)
        other = Games(window.games.folder)
        game = other.open_key(window.game.key)
        assert game.history.moves() == window.history.moves() and len(game.history) == n
        other.close()
    window.undo()
    other = Games(window.games.folder)
    assert other.open_key(window.game.key).history.position == 2
    other.close()


TERMINATED = r"""
from puzzlegui.gui.app import _quit_cleanly_on_signals
w.open_source("tracks-mums-2008")
w.show()
_quit_cleanly_on_signals(app, w)
def play():
    hint(); hint(); hint()
    say("played")
QTimer.singleShot(0, play)
sys.exit(app.exec())
"""


@POSIX
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_save_the_game_before_quitting(qtbot, sig):
    child = run_child(TERMINATED)
    try:
        wait_for(child, "played")
        os.kill(child.pid, sig)
        assert child.wait(30) == 0
    finally:
        finish(child)
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    assert w.doc.name == "tracks-mums-2008" and w.history.position == 3
    w.shutdown()


GENERATING = r"""
w.open_source("tracks-mums-2008")
w.documents.generate("kurosu", {"width": 40, "height": 40, "unique": True, "difficulty": "hard"}, 7)
say(f"generator {w.documents.gen_task.pid}")
app.exec()
"""


def wait_until_gone(pid, seconds=30):
    """True once ``pid`` has exited (pidfd: no polling, no sleeping)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        ready, _, _ = select.select([fd], [], [], seconds)
        return bool(ready)
    finally:
        os.close(fd)


@POSIX
@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs pidfd_open (Linux 5.3+)")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_the_generator_child_dies_with_the_app(sig):
    child = run_child(GENERATING)
    try:
        line = child.stdout.readline().strip()
        assert line.startswith("generator ")
        gen_pid = int(line.split()[1])
        os.kill(child.pid, sig)
    finally:
        finish(child)
    assert wait_until_gone(gen_pid), "the generator process outlived the app"


def test_a_collection_opens_as_a_library_group_with_a_game_each(qtbot, window, tmp_path):
    kind = files.load_builtin("kurosu-dm-2018-06-01").kind
    names = [b.name for b in files.builtins() if b.kind == "kurosu"][:3]
    ids = [kind.format_game_id(files.load_builtin(n).state) for n in names]
    path = tmp_path / "three.txt"
    path.write_text("# puzzlegui collection\n" + "".join(f"kurosu:{i}\n" for i in ids) + "nonsense:zzz\n")
    with qtbot.waitSignal(window.collectionRead, timeout=10000):  # read on the pool
        assert window.open_source(str(path))
    assert "line 5" in window.error_box.text()  # the bad line, named, once
    window.error_box.close()
    group = next(window.library.topLevelItem(i) for i in range(window.library.topLevelItemCount())
                 if window.library.topLevelItem(i).text(0).startswith("three"))
    assert group.childCount() == 3
    take_hint(qtbot, window)
    first = window.game.key
    double_click(qtbot, window, f"{path}#2")
    assert window.game.key != first and not window.history.can_undo
    double_click(qtbot, window, f"{path}#1")
    assert window.game.key == first and window.history.can_undo


def test_copy_and_paste_a_puzzle(qtbot, window):
    from PySide6.QtWidgets import QApplication

    assert window.open_source("kurosu-dm-2018-06-01")
    window.actions_by_name["copy"].trigger()
    text = QApplication.clipboard().text()
    assert text.startswith("kurosu:") and not QApplication.clipboard().image().isNull()
    assert window.open_source("tracks-mums-2008")
    window.actions_by_name["paste"].trigger()
    assert window.doc.kind.name == "kurosu"
    QApplication.clipboard().setText("kurosu:6x6:ZZZ")
    with qtbot.waitSignal(window.errorShown):
        window.actions_by_name["paste"].trigger()
    assert window.doc.kind.name == "kurosu"  # the game on screen stays
    window.error_box.close()


def long_game_on_record(window, moves=3000):
    """The Rotation built-in with a long history, on record (big enough that reading it
    back replays seconds' worth of work on a slow machine); then Tracks is opened."""
    rotation = next(b.name for b in files.builtins() if b.kind == "rotation")
    window.open_source(rotation)
    for _ in range(moves):
        window.history.push(("turn", 0, 0, "cw"))
    window.history.undo()
    window.games.save()  # pushed on the history directly, past the game object: stored by hand
    kept = (window.history.moves(), window.history.state, window.history.can_redo)
    assert window.games.needs_reading(window.game.key) is False  # in memory here
    return rotation, kept


def test_a_long_game_is_restored_off_the_gui_thread(qtbot, window):
    rotation, (moves, state, can_redo) = long_game_on_record(window)
    window.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    # the window exists at once; the record is still being read on the pool
    assert again.doc is None and "Restoring" in again.statusBar().currentMessage()
    qtbot.waitUntil(lambda: again.doc is not None, timeout=30000)
    assert again.doc.name == rotation
    assert again.history.moves() == moves and again.history.state == state
    assert again.history.can_redo == can_redo and again.board.state == state
    again.shutdown()


def test_a_long_game_opened_from_the_library_comes_back_exactly(qtbot, window):
    rotation, (moves, state, _) = long_game_on_record(window)
    window.open_source("tracks-mums-2008")
    window.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    assert again.doc.name == "tracks-mums-2008"
    double_click(qtbot, again, rotation)
    assert again.doc.name == "tracks-mums-2008"  # still showing: the record is being read
    qtbot.waitUntil(lambda: again.doc.name == rotation, timeout=30000)
    assert again.history.moves() == moves and again.history.state == state
    assert again.board.state == state
    again.shutdown()


def test_a_puzzle_asked_for_while_a_long_game_is_read_wins(qtbot, window):
    rotation, _ = long_game_on_record(window)
    window.open_source("tracks-mums-2008")
    window.close()
    again = MainWindow(restore=True)
    qtbot.addWidget(again)
    kurosu = next(b.name for b in files.builtins() if b.kind == "kurosu")
    double_click(qtbot, again, rotation)
    double_click(qtbot, again, kurosu)  # asked for after: this is what the user wants
    assert again.doc.name == kurosu
    from puzzlegui.gui.jobs.worker import wait_background

    assert wait_background(30000)
    key = again.games.entry_for_source(rotation).key
    qtbot.waitUntil(lambda: not again.games.needs_reading(key), timeout=30000)  # the late answer, held
    assert again.doc.name == kurosu
    # the record read meanwhile is kept in memory: opening it now is immediate
    again.open_source(rotation)
    assert again.doc.name == rotation
    again.shutdown()


def test_a_long_pasted_game_is_read_and_replayed_off_the_gui_thread(qtbot, window, monkeypatch):
    """A puzzle pasted with 20,000 moves of progress: the window goes on showing what it
    showed while the text is checked and the moves replayed on the pool; then the game
    is there, every move of it."""
    import threading

    from PySide6.QtWidgets import QApplication

    from puzzlegui.core import games as games_mod
    from puzzlegui.gui import export

    window.open_source("tracks-mums-2008")
    doc = files.load_builtin("mystery-box")
    doc.name = ""
    doc.progress = [["turn", i % 2, 0, "cw"] for i in range(20_000)]
    QApplication.clipboard().setText(files.dumps(doc))
    threads = []
    for module, name in ((export, "parse_pasted"), (games_mod.Games, "read_game")):
        real = getattr(module, name)

        def spy(*args, real=real, name=name):
            threads.append((name, threading.current_thread() is threading.main_thread()))
            return real(*args)

        monkeypatch.setattr(module, name, spy)
    window.documents.paste_puzzle()
    assert window.doc.name == "tracks-mums-2008"  # still showing: the paste is being read
    qtbot.waitUntil(lambda: window.doc.name != "tracks-mums-2008", timeout=60000)
    assert len(window.history) == 20_000 and window.board.state == window.history.state
    assert sorted(threads) == [("parse_pasted", False), ("read_game", False)]


def test_a_pasted_text_that_is_not_a_puzzle_is_a_sentence(qtbot, window):
    from PySide6.QtWidgets import QApplication

    window.open_source("tracks-mums-2008")
    QApplication.clipboard().setText('{"format": "puzzlegui", "kind": "nothing"}' + " " * 70_000)
    with qtbot.waitSignal(window.errorShown, timeout=30000) as said:
        window.documents.paste_puzzle()
    assert said.args[0].startswith("The clipboard does not hold a puzzle:") and "Error" not in said.args[0]
    assert window.doc.name == "tracks-mums-2008"
    window.error_box.close()


def test_a_long_game_in_a_file_is_read_and_replayed_off_the_gui_thread(qtbot, window, monkeypatch, tmp_path):
    """Opening a file with 20,000 moves of progress: read, checked and replayed on the
    pool (it took the GUI thread over a second), then the game is there, every move."""
    import threading

    from puzzlegui.core import games as games_mod

    window.open_source("tracks-mums-2008")
    doc = files.load_builtin("mystery-box")
    doc.name = ""
    doc.progress = [["turn", i % 2, 0, "cw"] for i in range(20_000)]
    path = tmp_path / "long.json"
    path.write_text(files.dumps(doc), encoding="utf-8")
    threads = []
    for module, name in ((files, "load_source"), (games_mod.Games, "read_game")):
        real = getattr(module, name)

        def spy(*args, real=real, name=name, **kwargs):
            threads.append((name, threading.current_thread() is threading.main_thread()))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)
    assert window.open_source(str(path))
    assert window.doc.name == "tracks-mums-2008"  # still showing: the file is being read
    qtbot.waitUntil(lambda: window.doc.path == path, timeout=60000)
    assert len(window.history) == 20_000 and window.board.state == window.history.state
    assert sorted(threads) == [("load_source", False), ("read_game", False)]
