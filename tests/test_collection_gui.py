"""A collection is read off the GUI thread (issue 22): a folder of 33 MB of long games
froze the window 14.6 s on open, and 12.8 s before the window showed at every later
start.  Now the window stays live while it is read, the status bar counts the files,
opening something else gives the reading up, and the library lists the puzzles once they
are read.  Real files, a real window; where a test needs the reading to be under way, the
reader itself waits (on a threading.Event, with a guard) for what the test checks."""

import re
import threading

from PySide6.QtCore import QTimer

from puzzlegui.core import collection, files
from puzzlegui.gui import settings as settings_mod
from puzzlegui.gui.window import MainWindow
from puzzlegui.gui.jobs.worker import background_busy
from test_collection import puzzle_folder

GUARD_S = 10  # a reader never waits longer than this for the test (then the test fails)


def spy_reads(monkeypatch, wait_first=None):
    """Wrap the reading of a folder's puzzle file: note each one's thread (True: the GUI
    thread) and, before the first, call ``wait_first()`` (on the reading thread)."""
    reads = []
    original = collection._json_file

    def read(path):
        if not reads and wait_first is not None:
            wait_first()
        reads.append(threading.current_thread() is threading.main_thread())
        return original(path)

    monkeypatch.setattr(collection, "_json_file", read)
    return reads


def group_of(window, prefix):
    lib = window.library
    return next((lib.topLevelItem(i) for i in range(lib.topLevelItemCount())
                 if lib.topLevelItem(i).text(0).startswith(prefix)), None)


def test_a_folder_is_read_while_the_window_works_and_is_listed_when_read(qtbot, window, tmp_path, monkeypatch):
    folder = puzzle_folder(tmp_path / "forty", 40)
    ticked = threading.Event()
    timer = QTimer()
    timer.setInterval(1)
    timer.timeout.connect(ticked.set)
    timer.start()
    during = []

    def gui_ticks_meanwhile():
        ticked.clear()  # the reading has begun: does the GUI thread's timer still fire?
        during.append(ticked.wait(GUARD_S))

    reads = spy_reads(monkeypatch, gui_ticks_meanwhile)
    messages = []
    window.statusBar().messageChanged.connect(messages.append)
    assert window.open_source(str(folder))
    qtbot.waitUntil(lambda: window.collection is not None and window.doc is not None
                    and window.doc.title == "Puzzle 1", timeout=20000)
    timer.stop()
    assert during == [True], "the GUI thread's timer did not fire while the folder was read"
    assert len(reads) == 40 and not any(reads), "a puzzle file was read on the GUI thread"
    counted = [m for m in messages if re.fullmatch(r"Reading collection forty: \d+ of 40 files\u2026", m)]
    assert counted and counted[-1] == "Reading collection forty: 40 of 40 files\u2026"
    group = group_of(window, "forty (40)")
    assert group is not None and group.childCount() == 40
    assert group.child(39).text(0).endswith("Puzzle 40")
    assert window.settings.collection == str(folder)


def test_opening_something_else_gives_the_reading_up(qtbot, window, tmp_path, monkeypatch):
    folder = puzzle_folder(tmp_path / "forty", 40)
    started, go_on = threading.Event(), threading.Event()
    waited = []

    def hold_the_reader():
        started.set()
        waited.append(go_on.wait(GUARD_S))

    reads = spy_reads(monkeypatch, hold_the_reader)
    window.open_source(str(folder))
    assert started.wait(GUARD_S)  # the folder's first file is being read...
    assert window.open_source(next(b.name for b in files.builtins() if b.kind == "kurosu"))
    go_on.set()  # ...and goes on: it sees it was given up, and stops
    qtbot.waitUntil(lambda: not background_busy(), timeout=20000)
    assert waited == [True]
    assert reads == [False], f"{len(reads)} files read: the reading went on after it was given up"
    assert window.collection is None and window.doc.kind.name == "kurosu"
    assert group_of(window, "forty") is None
    assert window.settings.collection == ""
    assert not window.statusBar().currentMessage().startswith("Reading collection")


def test_restoring_a_big_collection_reads_it_only_once_the_window_shows(qtbot, tmp_path, monkeypatch):
    folder = puzzle_folder(tmp_path / "forty", 40)
    settings = settings_mod.Settings()
    settings.collection = str(folder)
    settings.sync()
    shown = []
    reads = []  # (on the GUI thread, after the window showed) for each file read
    original = collection._json_file

    def read(path):
        reads.append((threading.current_thread() is threading.main_thread(), bool(shown)))
        return original(path)

    monkeypatch.setattr(collection, "_json_file", read)
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    assert not reads, "the collection was read before the first window"
    with qtbot.waitSignal(w.collectionRead, timeout=20000):
        w.show()
        shown.append(True)
    assert reads == [(False, True)] * 40
    group = group_of(w, "forty (40)")
    assert group is not None and group.childCount() == 40
    w.shutdown()


def test_a_collection_file_is_read_once_and_its_puzzles_open_from_memory(qtbot, window, tmp_path, monkeypatch):
    docs = [files.load_builtin(b.name) for b in files.builtins() if b.kind == "kurosu"][:3]
    path = tmp_path / "ids.txt"
    path.write_text(collection.dumps(docs, "Three"), encoding="utf-8")
    parsed = []
    original = collection.parse

    def parse(*args, **kwargs):
        parsed.append(threading.current_thread() is threading.main_thread())
        return original(*args, **kwargs)

    monkeypatch.setattr(collection, "parse", parse)
    assert window.open_source(str(path))
    qtbot.waitUntil(lambda: window.collection is not None and window.doc is not None, timeout=20000)
    assert parsed == [False]  # read once, on the pool
    group = group_of(window, "Three (3)")
    assert group is not None and group.childCount() == 3
    second = group.child(1)
    window.library.itemActivated.emit(second, 0)  # as a double-click does
    assert window.doc.kind.encode(window.doc.state) == docs[1].kind.encode(docs[1].state)
    assert parsed == [False]  # the puzzle came from the collection read, not a new reading
