"""One data folder, one owner: a healthy games database is never set aside for a passing
reason, a set-aside one gives its games back, a second launch hands its file to the
running window, and quitting at any moment of start-up loses nothing.  Real SQLite
files, real processes (the installed entry point's module), real windows (offscreen)."""

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files, owner, recover
from puzzlegui.core import store as store_mod
from puzzlegui.core.games import Games
from puzzlegui.gui import settings as settings_mod
from puzzlegui.gui.instance import Instance
from puzzlegui.gui.window import MainWindow

from test_store import play

CHILD_ENV = {"QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}


def data_folder() -> Path:
    return settings_mod.data_dir()


def stored(folder) -> dict:
    """Each stored game's title and its number of moves, read by another connection."""
    with sqlite3.connect(Path(folder) / store_mod.DB_NAME) as conn:
        return dict(conn.execute("SELECT title, entries FROM games").fetchall())


def set_aside_files(folder) -> list[str]:
    return sorted(p.name for p in Path(folder).iterdir() if p.name.startswith("games.broken-"))


# ---------------------------------------------------------------- damage is a verdict
def test_a_lock_held_at_start_is_waited_for_and_nothing_is_set_aside(tmp_path):
    """Another program holds the database locked (as ``sqlite3`` in a terminal or a
    backup tool does) past the busy timeout: the store waits, says so, and opens the
    games once the lock goes; before, it set the healthy database aside as damaged."""
    folder = tmp_path / "data"
    session = Games(folder)
    play(session, turns=3)
    session.close()
    lock = sqlite3.connect(folder / store_mod.DB_NAME, isolation_level=None, check_same_thread=False)
    lock.execute("PRAGMA locking_mode=EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")
    lock.execute("INSERT INTO meta(name, value) VALUES ('held', 1)")
    heard = []

    def waiting(seconds):
        heard.append(seconds)
        if seconds > store_mod.BUSY_TIMEOUT_S + 1 and lock.in_transaction:  # held past a write's own wait
            lock.execute("ROLLBACK")
            lock.close()

    session = Games(folder, waiting=waiting)
    assert heard and heard[0] >= 1.0  # said from the first second on
    assert session.store.persistent and session.notices == []
    assert set_aside_files(folder) == []
    assert [e.title for e in session.entries()] == ["Mystery Box"]
    assert len(session.restore().history) == 3
    session.close()


def test_a_lock_that_never_goes_keeps_the_games_in_memory_and_sets_nothing_aside(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    session = Games(folder)
    play(session, turns=2)
    session.close()
    monkeypatch.setattr(store_mod, "LOCK_WAIT_S", 1.2)
    lock = sqlite3.connect(folder / store_mod.DB_NAME, isolation_level=None)
    lock.execute("PRAGMA locking_mode=EXCLUSIVE")
    lock.execute("BEGIN EXCLUSIVE")
    lock.execute("INSERT INTO meta(name, value) VALUES ('held', 1)")
    session = Games(folder)
    assert not session.store.persistent
    assert len(session.notices) == 1 and "another program kept" in session.notices[0]
    assert "Save As" in session.notices[0] and "damaged" not in session.notices[0]
    assert set_aside_files(folder) == []
    session.close()
    lock.execute("ROLLBACK")
    lock.close()
    assert [e.title for e in Games(folder).entries()] == ["Mystery Box"]  # all there once it goes


FULL_DISK_CHILD = r"""
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the limit a write fails (EFBIG), as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
from puzzlegui.core.games import Games
session = Games(sys.argv[1])
print(session.store.persistent)
print(session.notices)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE (Unix)")
def test_a_full_disk_at_start_opens_nothing_sets_nothing_aside_and_names_the_cause(tmp_path):
    folder = tmp_path / "data"
    session = Games(folder)
    play(session, turns=3)
    session.close()
    before = (folder / store_mod.DB_NAME).read_bytes()
    run = subprocess.run([sys.executable, "-c", FULL_DISK_CHILD, str(folder)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    persistent, notices = run.stdout.splitlines()
    assert persistent == "False"
    assert "cannot be saved" in notices and "it may be full" in notices and "damaged" not in notices
    assert set_aside_files(folder) == []
    assert (folder / store_mod.DB_NAME).read_bytes() == before
    assert stored(folder) == {"Mystery Box": 3}  # the next start has every game


def test_another_programs_database_is_set_aside_as_it_was(tmp_path):
    """A SQLite file that is not puzzlegui's is set aside untouched: never switched to
    the write-ahead log first (its header said so: bytes 18 and 19)."""
    folder = tmp_path / "data"
    folder.mkdir()
    with sqlite3.connect(folder / store_mod.DB_NAME) as conn:
        conn.execute("CREATE TABLE contacts(name TEXT)")
        conn.execute("INSERT INTO contacts VALUES ('Ada')")
    conn.close()
    before = (folder / store_mod.DB_NAME).read_bytes()
    session = Games(folder)
    [aside] = set_aside_files(folder)
    assert (folder / aside).read_bytes() == before
    assert "not puzzlegui's" in session.notices[0]
    session.close()


def test_an_empty_database_and_a_lone_write_ahead_log_are_said(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / store_mod.DB_NAME).write_bytes(b"")
    session = Games(folder)
    assert len(session.notices) == 1 and "was empty (0 bytes)" in session.notices[0]
    session.close()
    other = tmp_path / "other"
    other.mkdir()
    (other / f"{store_mod.DB_NAME}-wal").write_bytes(b"W" * 4096)
    session = Games(other)
    assert "write-ahead log was there without the database" in session.notices[0]
    kept = [p for p in other.iterdir() if p.name.startswith("games.broken-") and p.name.endswith("-wal")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"W" * 4096  # kept, not consumed
    session.close()


def test_a_blob_in_a_moves_cell_sets_that_game_aside_and_every_start_succeeds(tmp_path):
    folder = tmp_path / "data"
    session = Games(folder)
    play(session, "twiddle-3x3", turns=2)
    play(session, turns=3)  # the current game, the one whose row is damaged
    session.close()
    with sqlite3.connect(folder / store_mod.DB_NAME) as conn:
        conn.execute("UPDATE moves SET move = ? WHERE seq = 2 AND game = "
                     "(SELECT value FROM meta WHERE name = 'current')", (b"\x00\xffjunk",))
    conn.close()
    env = dict(os.environ, **CHILD_ENV, PUZZLEGUI_QUIT_AFTER_START="1",
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    os.rename(folder, tmp_path / "puzzlegui")
    for _ in range(2):
        run = subprocess.run([sys.executable, "-m", "puzzlegui"], env=env, capture_output=True, text=True,
                             timeout=300)
        assert run.returncode == 0 and "first window shown" in run.stdout, run.stderr
        assert "Traceback" not in run.stderr
    kept = list((tmp_path / "puzzlegui" / "set-aside").iterdir())
    assert len(kept) == 1 and "junk" in kept[0].read_text()
    assert "Twiddle 3x3" in stored(tmp_path / "puzzlegui")  # the other game is untouched


# ---------------------------------------------------------------- bringing games back
def two_games_stored(folder: Path) -> Path:
    """Mystery Box (3 turns) and Twiddle 3x3 (2) stored, the log written into the database
    file; its path."""
    session = Games(folder)
    play(session, turns=3)
    play(session, "twiddle-3x3", turns=2)
    session.close()
    db = folder / store_mod.DB_NAME
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return db


def damaged_copy_of(folder: Path) -> None:
    """Games stored, then the database's pages after the first scrambled."""
    db = two_games_stored(folder)
    data = bytearray(db.read_bytes())
    page = 4096
    for n in range(1, len(data) // page):
        data[n * page + 8: n * page + 12] = b"\xff\xff\xff\xff"  # every b-tree page's cell count off
    data[5 * page + 100: 5 * page + 120] = b"\xee" * 20
    db.write_bytes(bytes(data))


def test_a_set_aside_database_gives_its_games_back_through_the_window(qtbot, tmp_path):
    folder = data_folder()
    db = two_games_stored(folder)
    with sqlite3.connect(db) as conn:
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_by_updated'").fetchone()
        page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    data[(root - 1) * page: root * page] = b"\x0d" + b"\xee" * (page - 1)  # the index's page: quick_check fails
    db.write_bytes(bytes(data))
    first = MainWindow(restore=True)
    qtbot.addWidget(first)
    first.show()
    assert "It was kept as" in first.last_error and "Recover games" in first.last_error
    assert first.games.entries() == [] or {e.title for e in first.games.entries()} <= {"Tracks (MUMS Puzzle Hunt 2008)"}
    first.error_box.close()
    first.close()
    # the next start offers the games back
    second = MainWindow(restore=True)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitUntil(lambda: getattr(second.documents, "recovery_offer", None) is not None, timeout=10000)
    offer = second.documents.recovery_offer
    assert "set aside as damaged" in offer.text()
    [button] = [b for b in offer.buttons() if b.text().startswith("Recover")]
    button.click()
    from puzzlegui.gui.recover_dialog import RecoverDialog

    qtbot.waitUntil(lambda: second.findChild(RecoverDialog) is not None, timeout=10000)
    dialog = second.findChild(RecoverDialog)
    qtbot.waitUntil(lambda: dialog.bring.isEnabled(), timeout=20000)
    assert "2 games can be read" in dialog.list.item(0).text()
    with qtbot.waitSignal(dialog.finished_recovery, timeout=30000) as said:
        dialog.bring.click()
    assert said.args[0].startswith("2 games brought back")
    titles = {e.title for e in second.games.entries()}
    assert {"Mystery Box", "Twiddle 3x3"} <= titles
    game = second.games.open_key(next(e.key for e in second.games.entries() if e.title == "Mystery Box"))
    assert len(game.history) == 3  # with every move
    assert recover.set_aside_paths(folder) == []  # brought back: no longer offered
    dialog.close()
    second.shutdown()
    third = MainWindow(restore=False)  # offered once: not again
    qtbot.addWidget(third)
    third.show()
    third.documents.offer_recovery()
    assert getattr(third.documents, "recovery_offer", None) is None
    third.shutdown()


def test_a_damaged_database_gives_back_what_can_be_read_from_the_command_line(tmp_path):
    folder = tmp_path / "puzzlegui"
    damaged_copy_of(folder)
    session = Games(folder)
    assert "damaged" in session.notices[0]
    session.close()
    env = dict(os.environ, **CHILD_ENV, XDG_DATA_HOME=str(tmp_path))
    listed = subprocess.run([sys.executable, "-m", "puzzlegui", "recover"], env=env, capture_output=True,
                            text=True, timeout=120)
    assert listed.returncode == 0 and "games.broken-" in listed.stdout, listed.stderr
    [aside] = recover.set_aside_paths(folder)
    run = subprocess.run([sys.executable, "-m", "puzzlegui", "recover", aside.name], env=env, capture_output=True,
                         text=True, timeout=120)
    # a scrambled database may give back all, some or none of its games, never a traceback
    assert "Traceback" not in run.stderr
    assert (run.returncode == 0 and "brought back" in run.stdout) or (run.returncode == 1 and "cannot be read" in run.stderr)


# ---------------------------------------------------------------- one owner
def test_a_crashed_owner_leaves_no_lock_behind(tmp_path):
    folder = tmp_path / "data"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from puzzlegui.core import owner; "
         "assert owner.claim(sys.argv[1]) is not None; print('held', flush=True); sys.stdin.read()", str(folder)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    assert owner.is_owned(folder) and owner.claim(folder) is None and owner.owner_pid(folder) == holder.pid
    holder.send_signal(signal.SIGKILL)
    holder.wait(60)
    claimed = owner.claim(folder)
    assert claimed is not None and claimed.locked
    claimed.release()
    assert not owner.is_owned(folder)


@pytest.mark.parametrize("order", ["second launch while the first runs", "first quits, then the second starts"])
def test_a_second_launch_opens_its_file_in_the_first_and_every_move_is_stored(qtbot, tmp_path, order):
    folder = data_folder()
    claim = owner.claim(folder)
    instance = Instance(folder)
    assert claim is not None and instance.listening
    first = MainWindow(restore=False)
    qtbot.addWidget(first)
    instance.requested.connect(first.open_request)
    first.show()
    first.open_source("mystery-box")
    for _ in range(2):
        first.play_move(("turn", 0, 0, "cw"))
    puzzle = tmp_path / "mine.json"
    puzzle.write_text(files.dumps(files.load_builtin("twiddle-3x3"), None))
    env = dict(os.environ, **CHILD_ENV)
    if order == "first quits, then the second starts":
        first.close()
        instance.close()
        claim.release()
        run = subprocess.run([sys.executable, "-m", "puzzlegui", "open", str(puzzle)],
                             env=dict(env, PUZZLEGUI_QUIT_AFTER_START="1"), capture_output=True, text=True,
                             timeout=300)
        assert run.returncode == 0 and "first window shown" in run.stdout, run.stderr  # it owns the folder now
        assert stored(folder)["Mystery Box"] == 2
        return
    second = subprocess.Popen([sys.executable, "-m", "puzzlegui", "open", os.path.relpath(puzzle)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with qtbot.waitSignal(first.gameChanged, timeout=120000):  # the file opens here
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=120000)
    out, err = second.communicate()
    assert second.returncode == 0 and "already running" in out, err
    assert first.doc.path == puzzle and first.doc.title == files.load_path(puzzle).title
    for _ in range(3):
        first.play_move(("turn", 0, 0, "cw"))
    first.open_source("mystery-box")
    first.play_move(("turn", 0, 0, "cw"))
    first.close()
    instance.close()
    claim.release()
    saved = stored(folder)
    assert saved["Mystery Box"] == 3 and sum(saved.values()) == 6  # 2 + 1 on Mystery Box, 3 on the file


def test_a_launch_that_cannot_reach_the_owner_says_so(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from puzzlegui.core import owner; "
         "assert owner.claim(sys.argv[1]) is not None; print('held', flush=True); sys.stdin.read()",
         str(tmp_path / "puzzlegui")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"  # holds the folder, listens for nobody
    env = dict(os.environ, **CHILD_ENV, XDG_DATA_HOME=str(tmp_path), PUZZLEGUI_QUIT_AFTER_START="1")
    run = subprocess.run([sys.executable, "-c", "import sys; from puzzlegui.gui import instance; "
                          "instance.HAND_OVER_MS = 300; from puzzlegui.gui.app import run_gui; sys.exit(run_gui())"],
                         env=env, capture_output=True, text=True, timeout=120)
    holder.stdin.close()
    holder.wait(60)
    assert run.returncode == 1 and f"(process {holder.pid})" in run.stderr and "did not answer" in run.stderr


# ---------------------------------------------------------------- quitting during start-up
def test_quitting_at_any_moment_of_start_up_gives_no_traceback_and_loses_no_game(tmp_path):
    """The window closed (as Ctrl+Q does) 0, 50, 100 ... 2000 ms after it shows, in fresh
    processes that restore a game in progress (three turns of the Mystery Box): its
    building (the store, the library, the board come after the shell's first paint), the
    warm-up's imports and search process are in flight for part of that (issue 31)."""
    import shutil

    env = dict(os.environ, **CHILD_ENV, XDG_CONFIG_HOME=str(tmp_path / "config"))
    seeded = tmp_path / "seed" / "puzzlegui"
    session = Games(seeded)
    play(session)
    session.close()
    delays = list(range(0, 2001, 50))
    for ms in delays:
        shutil.copytree(seeded, tmp_path / str(ms) / "puzzlegui")
    for pair in range(0, len(delays), 2):
        runs = [subprocess.Popen([sys.executable, "-m", "puzzlegui"],
                                 env=dict(env, PUZZLEGUI_CLOSE_AFTER_MS=str(ms), XDG_DATA_HOME=str(tmp_path / str(ms))),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for ms in delays[pair:pair + 2]]
        for ms, run in zip(delays[pair:pair + 2], runs):
            out, err = run.communicate(timeout=300)
            assert run.returncode == 0 and "first window shown" in out, (ms, err)
            assert "Traceback" not in err and "Error" not in err, (ms, err)
            assert stored(tmp_path / str(ms) / "puzzlegui") == {"Mystery Box": 3}, ms


# ---------------------------------------------------------------- writing where the user says
def test_save_as_on_a_read_only_data_folder_writes_where_the_user_chose(qtbot, window, monkeypatch, tmp_path):
    puzzles = settings_mod.puzzles_dir()
    puzzles.parent.mkdir(parents=True, exist_ok=True)
    puzzles.write_text("a file where the puzzles folder would be")  # it cannot be made
    window.open_source("mystery-box")
    window.play_move(("turn", 0, 0, "cw"))
    asked = []
    target = tmp_path / "kept.json"

    def chooser(parent, caption, start, *rest):
        asked.append(start)
        return str(target), ""

    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", chooser)
    assert window.documents.save_as()
    assert asked and Path(asked[0]).parent == Path.home()
    assert len(files.load_path(target).progress) == 1


def test_a_row_naming_another_file_never_makes_save_write_over_it(qtbot, tmp_path, monkeypatch):
    mine = tmp_path / "mine.json"
    mine.write_text(files.dumps(files.load_builtin("twiddle-3x3"), None))
    victim = tmp_path / "victim.json"
    victim.write_text("someone else's")
    session = Games(data_folder())
    game = session.open(files.load_path(mine))
    game.history.push(("turn", 0, 0, "cw"))
    session.save()
    session.close()
    with sqlite3.connect(data_folder() / store_mod.DB_NAME) as conn:
        conn.execute("UPDATE games SET path = ?", (os.fsencode(victim),))
    conn.close()
    w = MainWindow(restore=True)
    qtbot.addWidget(w)
    w.show()
    asked = []
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (asked.append(a), ("", ""))[1])
    w.documents.save()
    assert asked  # Save asks where, as for a puzzle with no file
    assert victim.read_text() == "someone else's"
    w.shutdown()


@pytest.mark.parametrize("what", ["fifo", "device link", "unspellable name"])
def test_print_to_file_goes_through_the_safe_writer(qtbot, window, monkeypatch, tmp_path, what):
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
    from PySide6.QtWidgets import QDialog

    if what == "fifo":
        target = tmp_path / "out.pdf"
        os.mkfifo(target)
    elif what == "device link":
        target = tmp_path / "out.pdf"
        target.symlink_to("/dev/null")
    else:
        target = tmp_path / "caf\ufffd.pdf"  # how Qt hands over a Latin-1 name it cannot decode

    def chosen(dialog):
        dialog.printer().setOutputFormat(QPrinter.PdfFormat)
        dialog.printer().setOutputFileName(str(target))
        return QDialog.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", chosen)
    window.open_source("mystery-box")
    shown = []
    window.errorShown.connect(shown.append)
    page = window.documents.print_puzzles()
    page.accept()  # the page choices: then Qt's print dialog, "printed" to a file
    qtbot.waitUntil(lambda: bool(shown), timeout=30000)
    assert str(target) in shown[0] or "cannot be written exactly" in shown[0]
    if what == "fifo":
        assert Path(target).is_fifo()
    elif what == "device link":
        assert os.readlink(target) == "/dev/null"
    else:
        assert not target.exists()
    window.error_box.close()


# ---------------------------------------------------------------- bounded pastes
def test_a_ten_mib_one_line_paste_into_the_text_tab_is_refused_at_once(qtbot):
    from PySide6.QtCore import QMimeData

    from puzzlegui.core import registry
    from puzzlegui.gui.dialogs import EditDialog

    kind = registry.get("kurosu")
    dialog = EditDialog(kind, files.load_builtin("kurosu-dm-2018-06-04").state)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.tabs.setCurrentWidget(dialog.text)
    before = dialog.text.toPlainText()
    data = QMimeData()
    data.setText("x" * (10 * 1024 * 1024))
    dialog.text.insertFromMimeData(data)  # what Ctrl+V and a drop do
    assert dialog.text.toPlainText() == before  # Qt never laid the line out
    assert dialog.error.isVisible() and "Nothing was pasted" in dialog.error.text()
    small = QMimeData()
    small.setText(" ")
    dialog.text.insertFromMimeData(small)  # an ordinary paste still goes in
    assert dialog.text.toPlainText() != before


def test_a_paste_longer_than_any_puzzle_is_said_as_such(qtbot, window):
    window.open_source("mystery-box")
    QApplication.clipboard().setText("{" + "x" * files.MAX_FILE_BYTES)
    window.documents.paste_puzzle()
    assert "a puzzle is at most" in window.last_error and window.doc.title == "Mystery Box"
    window.error_box.close()


# ---------------------------------------------------------------- the command line's outputs
def cli(capsys, *argv):
    from puzzlegui.cli import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_an_empty_output_name_and_an_empty_source_are_said_in_words(capsys, tmp_path):
    status, _out, err = cli(capsys, "generate", "kurosu", "--seed", "1", "--output", "")
    assert status == 2 and "An empty name is not a file's name" in err
    status, _out, err = cli(capsys, "analyse", "")
    assert status == 2 and "No puzzle was named" in err


@pytest.mark.parametrize("argv", [
    ("generate", "kurosu", "--seed", "1", "--output", "{missing}/x.json"),
    ("export", "mystery-box", "--png", "{missing}/x.png"),
    ("export", "mystery-box", "--pdf", "{missing}/x.pdf"),
])
def test_no_output_makes_the_folders_above_it(capsys, tmp_path, argv):
    missing = tmp_path / "no" / "such"
    status, _out, err = cli(capsys, *(a.format(missing=missing) for a in argv))
    assert status == 2 and f"The folder {missing} does not exist" in err
    assert not (tmp_path / "no").exists()


def test_a_folder_collection_names_the_special_files_it_skips(capsys, tmp_path):
    for name in ("kurosu-dm-2018-06-04", "mystery-box"):
        (tmp_path / f"{name}.json").write_text(files.dumps(files.load_builtin(name)))
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "device.json").symlink_to("/dev/zero")
    from puzzlegui.core import collection

    coll = collection.load(tmp_path)
    assert len(coll.items) == 2
    text = " ".join(coll.skipped)
    assert "device.json is a device" in text and "pipe.json is a FIFO" in text


def test_a_tampered_revision_does_not_speak_of_another_window(tmp_path):
    folder = tmp_path / "data"
    session = Games(folder)
    game = play(session, turns=1)
    with sqlite3.connect(folder / store_mod.DB_NAME) as conn:
        conn.execute("UPDATE games SET rev = rev + 7")
    conn.close()
    game.history.push(("turn", 0, 0, "cw"))
    with pytest.raises(store_mod.Conflict) as caught:
        session.save()
    assert "another puzzlegui window" not in caught.value.strerror
    assert "changed outside this window" in caught.value.strerror and "Save As" in caught.value.strerror
    session.close()
