"""The game store (core/store.py) as a user's data folder meets it: the old JSON records
imported once, damaged and foreign databases set aside, a folder that cannot be written,
names that are not UTF-8, keys that look like paths, and statistics that cannot be
written.  Real SQLite files in tmp_path, no window."""

import os
import random
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest

from puzzlegui.core import files, registry
from puzzlegui.core import store as store_mod
from puzzlegui.core.games import IN_PROGRESS, NEW, SOLVED, Games, builtin_key
from puzzlegui.core.store import StoreError

LEGACY = Path(__file__).parent / "data" / "legacy_v1"


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def play(session, name="mystery-box", turns=3):
    """Open a built-in Rotation and turn its first block ``turns`` times, saving each."""
    game = session.open(files.load_builtin(name))
    for _ in range(turns):
        game.history.push(("turn", 0, 0, "cw"))
        session.save()
    return game


# ---------------------------------------------------------------- the old records
def test_the_json_records_of_the_previous_version_are_imported_once(folder):
    """tests/data/legacy_v1 was written by the JSON record store (main at ccb69fe): four
    games (one solved with the solver, one with a redo tail, a generated one, one of a
    file), the index and the statistics."""
    shutil.copytree(LEGACY, folder)
    before = {p.name: p.read_bytes() for p in (folder / "games").iterdir()}
    session = Games(folder)
    assert session.notices == []
    entries = {e.title: e for e in session.entries()}
    assert set(entries) == {"Kurosu, 4 June 2018", "My Tracks", "Random Kurosu", "Mystery Box"}
    assert entries["Mystery Box"].status == SOLVED and entries["Random Kurosu"].status == IN_PROGRESS
    assert entries["Random Kurosu"].source.startswith("game:")
    assert [e.title for e in session.entries()][0] == "Kurosu, 4 June 2018"  # most recently played first
    game = session.restore()  # the current one, with its redo tail and its clock
    assert game.title == "Kurosu, 4 June 2018"
    assert (game.history.position, len(game.history), game.elapsed, game.hints) == (4, 6, 95.25, 6)
    solved = session.open_key(entries["Mystery Box"].key)
    assert solved.status == SOLVED and solved.solver_used and solved.elapsed == 42.5
    stats = {s.title: s for s in session.stats()}
    assert (stats["Mystery Box"].solved, stats["Mystery Box"].helped, stats["Mystery Box"].solver) == (1, 1, 1)
    assert stats["My Tracks"].hints == 4
    # the old files are left exactly as they were, and never imported again
    assert {p.name: p.read_bytes() for p in (folder / "games").iterdir()} == before
    session.store.remove(entries["My Tracks"].key)
    session.close()
    assert "My Tracks" not in {e.title for e in Games(folder).entries()}


def test_old_records_that_do_not_read_are_named_and_the_rest_imported(folder):
    shutil.copytree(LEGACY, folder)
    victim = sorted((folder / "games").iterdir())[0]
    victim.write_text('{"format": "puzzlegui-game", "version": 1, "file": ')
    (folder / "games" / "not-a-key.json").write_text("{}")  # not a record's name: not read
    (folder / "session.json").write_text("\x00\x01 not json")
    session = Games(folder)
    assert len(session.entries()) == 3
    assert len(session.notices) == 1 and "1 of your saved games" in session.notices[0]
    assert victim.exists()


# ---------------------------------------------------------------- whatever is in the folder
def corrupt(path: Path, seed: int) -> None:
    """Random bytes over part of ``path``, or ``path`` cut short."""
    rng = random.Random(seed)
    data = bytearray(path.read_bytes())
    if seed % 3 == 0:
        data = data[: rng.randrange(len(data))]
    else:
        start = rng.randrange(len(data))
        for i in range(start, min(len(data), start + rng.randrange(1, 4096))):
            data[i] = rng.randrange(256)
    path.write_bytes(bytes(data))


def open_everything(session) -> None:
    """Open every game listed, and the one last open: each opens or says why in a sentence."""
    for entry in session.entries():
        try:
            session.open_key(entry.key)
        except files.PuzzleError as exc:
            assert str(exc)
    session.restore()


def made_store(folder) -> Path:
    session = Games(folder)
    play(session)
    play(session, "twiddle-3x3", turns=2)
    session.current.take_hint(("turn", 1, 1, "cw"))
    session.close()
    return folder / store_mod.DB_NAME


@pytest.mark.parametrize("seed", range(40))
def test_a_damaged_database_always_opens_or_is_set_aside_with_a_sentence(folder, seed):
    """Fuzzed database files (random bytes over a part, or cut short): the store opens
    every time; whatever it still lists opens or is set aside with a sentence."""
    db = made_store(folder)
    corrupt(db, seed)
    session = Games(folder)
    open_everything(session)
    session.stats()
    for notice in session.notices:
        assert notice.endswith(".") and "Traceback" not in notice
    game = play(session, "twiddle-3x3-rows", turns=1)  # and it can be played and stored
    session.close()
    assert Games(folder).open_key(game.key).history.moves() == game.history.moves()


@pytest.mark.parametrize("content", [b"", b"SQLite format 3\x00" + bytes(200), os.urandom(5000), b"x" * 100_000])
def test_a_file_that_is_not_a_database_is_set_aside_and_a_fresh_one_started(folder, content):
    folder.mkdir()
    db = folder / store_mod.DB_NAME
    db.write_bytes(content)
    session = Games(folder)
    if content:  # an empty file is simply a new database
        kept = list(folder.glob("games.broken-*.sqlite3"))
        assert len(kept) == 1 and kept[0].read_bytes() == content
        assert len(session.notices) == 1 and str(kept[0]) in session.notices[0]
    assert session.store.persistent
    game = play(session)
    session.close()
    assert Games(folder).open_key(game.key).history.moves() == game.history.moves()


def test_a_database_of_another_program_is_not_taken_over(folder):
    folder.mkdir()
    with sqlite3.connect(folder / store_mod.DB_NAME) as conn:
        conn.execute("CREATE TABLE bookmarks(url TEXT)")
    session = Games(folder)
    kept = list(folder.glob("games.broken-*.sqlite3"))
    assert len(kept) == 1 and "not puzzlegui's" in session.notices[0]
    with sqlite3.connect(kept[0]) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("bookmarks",)]


def test_a_database_of_a_newer_version_is_left_alone_and_games_kept_in_memory(folder):
    db = made_store(folder)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 99")
    before = db.read_bytes()
    session = Games(folder)
    assert not session.store.persistent and "newer puzzlegui" in session.notices[0]
    game = play(session)  # playable, in memory
    assert session.open_key(game.key) is game
    session.close()
    assert db.read_bytes() == before


@pytest.mark.parametrize("what", ["link", "fifo", "folder", "dangling"])
def test_a_special_file_in_the_databases_place_is_never_followed_or_read(folder, tmp_path, what):
    folder.mkdir()
    db = folder / store_mod.DB_NAME
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    if what == "link":
        db.symlink_to(victim)
    elif what == "dangling":
        db.symlink_to(tmp_path / "nowhere.sqlite3")
    elif what == "fifo":
        os.mkfifo(db)
    else:
        db.mkdir()
    session = Games(folder)  # a FIFO would hang here if it were opened
    assert len(session.notices) == 1 and "set aside" not in session.notices[0]
    assert "was a" in session.notices[0] or "was not a regular file" in session.notices[0]
    assert stat.S_ISREG(os.lstat(db).st_mode)  # a fresh database of its own
    assert victim.read_text() == "keep me" and not (tmp_path / "nowhere.sqlite3").exists()
    play(session)
    session.close()


def test_a_data_folder_that_cannot_be_made_keeps_the_games_in_memory(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    session = Games(blocker / "puzzlegui")
    assert not session.store.persistent
    assert "cannot be saved" in session.notices[0] and "Save As" in session.notices[0]
    game = play(session)
    assert session.open_key(game.key).history.moves() == game.history.moves()
    session.close()


@pytest.mark.parametrize("current", ["/", "\x00", "x" * 5000, "../../etc/passwd", 42])
def test_any_current_key_restores_something_or_nothing(folder, current):
    db = made_store(folder)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE name = 'current'", (current,))
    session = Games(folder)
    assert session.restore() is None and session.notices == []
    assert len(session.entries()) == 2


def test_rows_written_by_hand_are_listed_sensibly_or_left_out(folder):
    db = made_store(folder)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET status = 'exploded', title = CAST(X'FF207469746C65' AS TEXT) WHERE key = ?",
                     (builtin_key("mystery-box"),))
        conn.execute("UPDATE games SET updated = 'yesterday' WHERE key = ?", (builtin_key("twiddle-3x3"),))
        conn.execute("UPDATE stats SET solved = -5")
    session = Games(folder)
    (entry,) = session.entries()  # the one with no time of its own is left out
    assert entry.status == IN_PROGRESS and entry.title == "\ufffd title"
    assert session.stats() == []


def test_keys_are_data_and_never_name_a_file(folder, tmp_path):
    """A key that looks like a path (written into the database by hand) is only a key:
    it is never listed, never names a picture, and a new game touches no file."""
    victim = tmp_path / "victim.json"
    victim.write_text("keep me")
    db = made_store(folder)
    relative = os.path.relpath(victim.with_suffix(""), folder / "games")
    with sqlite3.connect(db) as conn:
        for n, key in enumerate([relative, "../x", "/etc/passwd"]):
            conn.execute(
                "INSERT INTO games(key, kind, title, origin, puzzle, status, updated) VALUES (?, 'rotation', 't', 'id', '{}', 'new', ?)",
                (key, n),
            )
    session = Games(folder)
    play(session, "twiddle-3x3-farthest", turns=1)
    keys = {e.key for e in session.entries()}
    assert len(keys) == 3 and relative not in keys  # made_store's two games and the new one
    with sqlite3.connect(db) as conn:  # nothing dropped: the hand-written rows stay as they were
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 6
    assert victim.read_text() == "keep me"
    from puzzlegui.gui.thumbnails import Thumbnails

    assert Thumbnails(folder / "thumbs")._path(relative) is None  # nor does a key name a picture


def test_six_hundred_games_are_all_kept_and_listed_after_the_next_new_game(folder):
    """A player's history is not a cache: past 500 games (where an earlier version pruned
    the oldest without a word) every game stays until the player removes it."""
    db = made_store(folder)
    with sqlite3.connect(db) as conn:
        conn.executemany(
            "INSERT INTO games(key, kind, title, origin, puzzle, status, updated) "
            "VALUES (?, 'rotation', ?, 'id', '{}', 'new', ?)",
            ((f"{n:024x}", f"old game {n}", float(n)) for n in range(600)),
        )
    session = Games(folder)
    play(session, "twiddle-3x3-farthest", turns=1)  # the next new game
    titles = {e.title for e in session.entries()}
    assert len(session.entries()) == 603  # made_store's two games, the 600 and the new one
    assert {f"old game {n}" for n in range(600)} <= titles
    session.close()
    assert len(Games(folder).entries()) == 603  # and after a restart


# ---------------------------------------------------------------- names and titles
def play_a_file(folder, path):
    """The Mystery Box saved at ``path``, opened, one turn played (stored as it is
    played), and the app quit."""
    path.write_text(files.dumps(files.load_builtin("mystery-box")), encoding="utf-8")
    session = Games(folder)
    session.open(files.load_path(path)).play(("turn", 1, 1, "cw"))
    session.close()


def test_a_file_whose_name_is_not_utf8_is_stored_and_restored(folder, tmp_path):
    name = os.fsdecode(b"caf\xe9.json")
    path = tmp_path / name
    play_a_file(folder, path)
    again = Games(folder).restore()
    assert again.doc.path == path and len(again.history) == 1
    assert again.source == str(path)


def test_a_title_with_a_lone_surrogate_is_stored(folder):
    doc = files.load_builtin("mystery-box")
    doc.name = ""
    doc.meta["title"] = "broken \ud800 title"
    session = Games(folder)
    game = session.open(doc, origin="id")
    game.history.push(("turn", 1, 1, "cw"))
    session.save()
    game.take_hint(("turn", 0, 0, "cw"))
    assert session.take_error() is None
    session.close()
    again = Games(folder)
    (entry,) = again.entries()
    assert entry.title == "broken \ufffd title"
    assert len(again.restore().history) == 2


# ---------------------------------------------------------------- writes that fail
class Refusing:
    """A connection whose writes fail as on a full disk (reads go through)."""

    def __init__(self, conn, message="database or disk is full"):
        self.conn, self.message = conn, message

    def execute(self, sql, *args):
        if sql.split()[0] in ("INSERT", "UPDATE", "DELETE", "BEGIN"):
            raise sqlite3.OperationalError(self.message)
        return self.conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.conn, name)


@pytest.mark.parametrize("message, said", [
    ("database or disk is full", "the disk is full"),
    ("attempt to write a readonly database", "read-only"),
])
def test_a_write_that_fails_is_a_sentence_and_the_game_stays(folder, monkeypatch, message, said):
    session = Games(folder)
    game = play(session, turns=1)
    real = session.store._conn()
    monkeypatch.setattr(session.store, "_conn", lambda: Refusing(real, message))
    game.history.push(("turn", 1, 1, "cw"))
    with pytest.raises(StoreError) as caught:
        session.save()
    assert said in caught.value.strerror
    game.take_hint(("turn", 0, 0, "cw"))  # never raises: the window says it once
    error = session.take_error()
    assert error is not None and said in error.strerror and session.take_error() is None
    assert len(game.history) == 3 and game.hints == 1  # all still here, in memory
    monkeypatch.undo()
    session.save()  # the disk has room again: everything lands
    session.close()
    again = Games(folder).restore()
    assert len(again.history) == 3 and again.hints == 1


# ---------------------------------------------------------------- two copies of the app
def test_two_sessions_playing_different_games_keep_both(folder):
    a, b = Games(folder), Games(folder)
    ga = play(a, "mystery-box", turns=3)
    gb = play(b, "twiddle-3x3", turns=2)
    ga.history.push(("turn", 1, 0, "cw"))
    a.save()
    ga.take_hint(("turn", 1, 1, "cw"))
    gb.take_hint(("turn", 1, 1, "cw"))
    gb.take_hint(("turn", 1, 1, "cw"))
    a.close()
    b.close()
    c = Games(folder)
    assert len(c.open_key(ga.key).history) == 5 and len(c.open_key(gb.key).history) == 4
    assert {s.key: s.hints for s in c.stats()} == {ga.key: 1, gb.key: 2}


def test_two_sessions_on_one_game_never_overwrite_each_other(folder):
    a, b = Games(folder), Games(folder)
    ga = play(a, turns=2)
    gb = b.open(files.load_builtin("mystery-box"))
    assert gb.history.moves() == ga.history.moves()
    gb.history.push(("turn", 1, 1, "cw"))
    b.save()  # b played on
    ga.history.push(("turn", 0, 1, "cw"))
    with pytest.raises(StoreError) as caught:
        a.save()  # a is told plainly, and writes nothing over b's game
    assert "changed outside this window" in caught.value.strerror and "Save As" in caught.value.strerror
    with pytest.raises(StoreError):
        a.save()  # and stays told: its game is in memory for Save As
    assert len(ga.history) == 3 and ga.history.moves()[-1] == ("turn", 0, 1, "cw")
    fresh = Games(folder).open_key(ga.key)
    assert fresh.history.moves()[-1] == ("turn", 1, 1, "cw")
    # b's game shows in a when a opens the puzzle again (after being told)
    shown = a.open(files.load_builtin("mystery-box"))
    assert shown.history.moves() == gb.history.moves()
    a.close()
    b.close()


def test_the_other_copys_moves_show_when_the_game_is_opened_again(folder):
    a, b = Games(folder), Games(folder)
    ga = play(a, turns=1)
    a.open(files.load_builtin("twiddle-3x3"))  # a moves on to another puzzle
    gb = b.open_key(ga.key)
    gb.history.push(("turn", 1, 1, "cw"))
    b.save()
    again = a.open(files.load_builtin("mystery-box"))
    assert again.history.moves() == gb.history.moves()
    again.history.push(("turn", 0, 0, "cw"))
    a.save()  # a now plays on from b's game: nothing to refuse
    a.close()
    b.close()
    assert len(Games(folder).open_key(ga.key).history) == 3


def test_a_file_edited_elsewhere_wins_over_the_restored_game(folder, tmp_path):
    path = tmp_path / "mine.json"
    play_a_file(folder, path)
    other = files.load_builtin("twiddle-3x3")
    path.write_text(files.dumps(other), encoding="utf-8")
    os.utime(path, (1, 1))
    later = Games(folder)
    restored = later.restore()
    assert len(restored.history) == 0 and restored.doc.kind.encode(restored.doc.state) == other.kind.encode(other.state)
    assert "was changed since you last played it here" in later.notices[0]
    later.save()  # and saving stores the file's puzzle, not the old game
    later.close()
    assert len(Games(folder).restore().history) == 0


def test_statuses_and_kinds_unknown_to_this_build_are_no_trouble(folder, demo_kind):
    session = Games(folder)
    game = session.open(files.PuzzleDoc(demo_kind, demo_kind.generate({}, seed=1), meta={"title": "Demo"}))
    session.save()
    registry.unregister("demo")
    later = Games(folder)
    assert later.entries() == [] and later.restore() is None and later.store.has(game.key)
    assert later.status_of(game.key) == NEW


def test_save_as_keeps_a_conflicting_game_and_leaves_the_other_copys(folder, tmp_path):
    a, b = Games(folder), Games(folder)
    ga = play(a, turns=1)
    gb = b.open(files.load_builtin("mystery-box"))
    gb.history.push(("turn", 1, 1, "cw"))
    b.save()
    ga.history.push(("turn", 0, 1, "cw"))
    with pytest.raises(StoreError):
        a.save()
    path = tmp_path / "mine.json"
    path.write_text(files.dumps(ga.doc, ga.history), encoding="utf-8")
    a.saved_as(ga, path)  # what the window's Save As does after writing the file
    a.close()
    b.close()
    later = Games(folder)
    assert later.open_key(builtin_key("mystery-box")).history.moves() == gb.history.moves()
    mine = later.open(files.load_path(path))
    assert mine.history.moves() == ga.history.moves()


@pytest.mark.parametrize("seed", range(30))
def test_fuzzed_records_of_the_previous_version_never_stop_a_start(folder, seed):
    """Random bytes over the old session.json, stats.json and a record: the import takes
    what reads, names what does not, and the store opens."""
    shutil.copytree(LEGACY, folder)
    victims = [folder / "session.json", folder / "stats.json", sorted((folder / "games").iterdir())[seed % 4]]
    for n, path in enumerate(victims):
        corrupt(path, seed * 3 + n)
    session = Games(folder)
    assert len(session.entries()) >= 3 - (seed % 4 == 3)  # the others are all there
    open_everything(session)
    assert all(isinstance(s.solved, int) for s in session.stats())


def schema_one_database(path: Path) -> None:
    """A games database as schema 1 made it, before the hint stages' columns."""
    old = store_mod._SCHEMA.replace(",\n    looks   INTEGER NOT NULL DEFAULT 0,\n    reasons INTEGER NOT NULL DEFAULT 0", "")
    assert "looks" not in old
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for statement in old.split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {store_mod.SCHEMA_VERSION}")
    conn.execute("INSERT INTO stats(key, title, kind, solved, hints) VALUES ('0123456789abcdef01234567', 'Old', 'kurosu', 2, 3)")
    conn.commit()
    conn.close()


def test_a_database_made_before_the_hint_stages_gets_their_columns_and_keeps_its_counts(tmp_path):
    path = tmp_path / "data" / "games.sqlite3"
    schema_one_database(path)
    read_only = store_mod.Store(tmp_path / "data", read_only=True)
    st = read_only.stats_for("0123456789abcdef01234567")
    assert (st.solved, st.hints, st.looks, st.reasons) == (2, 3, 0, 0)  # read as they are, the new counts 0
    read_only.close()
    store = store_mod.Store(tmp_path / "data")
    assert not store.notices  # not set aside: the columns are added
    st = store.add_stats("0123456789abcdef01234567", "Old", "kurosu", looks=1, reasons=2)
    assert (st.solved, st.hints, st.looks, st.reasons) == (2, 3, 1, 2)
    store.close()
    columns = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(stats)")}
    assert {"looks", "reasons"} <= columns
