"""The game store: every game the player has touched, in one SQLite database.

``games.sqlite3`` in the data folder holds, for each puzzle the player has touched:

* ``games``: one row per puzzle: the puzzle itself (its file's fields as JSON), where it
  came from (a built-in's name, a file's path, or neither), its status, how far the
  player's history goes and where in it the player is, this attempt's clock and help;
* ``moves``: the player's history, one row per entry (a move, a restart, a whole applied
  solution), appended as it is played.  A move costs one small transaction, never a
  rewrite of the game, so every move is on disk (in the write-ahead log) when the call
  that made it returns, and a kill loses nothing that was committed;
* ``stats``: per puzzle, how often it was solved, with help or not, and the best time;
* ``meta``: which game was open last.

What SQLite gives for free is why it is used: one file, transactions, a write-ahead log
that survives a kill, safe sharing between two running copies of the app, an integrity
check, and no index that can disagree with the records.  Keys are data (24 hex digits
from core.games.puzzle_key), never file names.

Two copies of the app on one data folder: every game row carries a revision, raised by
each write.  A copy writes only over the revision it last read or wrote; if the other
copy wrote in between, the write is refused (``Conflict``) and the player is told, so
neither copy's moves are silently lost.  Statistics are added to, never overwritten.

Whatever is in the data folder, the store opens, and damage is a verdict, never an
exception: only a database that opens and fails SQLite's own ``quick_check``, is not a
SQLite file at all, or is another program's is set aside (under a new name, and a fresh
one started); the next start offers its games back (``set_aside_databases``,
``recover``).  A lock held by another program is waited for (``waiting`` hears how long)
and tried again; a full disk, an I/O error or a folder that cannot be written opens
nothing and sets nothing aside: the games live in memory for this run.  A database
written by a newer puzzlegui is left alone.  Each case leaves a sentence in ``notices``.
A database made by this start says so (``fresh``): core.games then imports the JSON
records of earlier versions into it, once (core/legacy.py).

Every game is kept until the player removes it: the store never drops a game of its own
accord (a player's history is not a cache).

Pure: the standard library only.  Every thread gets its own connection.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import sqlite3
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

DB_NAME = "games.sqlite3"
SCHEMA_VERSION = 1
#: how long a write waits for the other copy of the app to finish its own (seconds)
BUSY_TIMEOUT_S = 2.0
#: how long opening waits for another program that holds the database locked (a backup
#: tool, ``sqlite3`` in a terminal) before this run's games are kept in memory instead
LOCK_WAIT_S = 60.0
#: each try's own wait while opening (SQLite's busy timeout): ``waiting`` hears after each
OPEN_TRY_S = 0.5
#: the most rows the library listing reads, whatever the database holds (every game is
#: kept; the listing shows the most recently played this many)
MAX_LISTED = 10_000

NEW, IN_PROGRESS, SOLVED = "new", "in progress", "solved"
STATUSES = (NEW, IN_PROGRESS, SOLVED)
#: where a game's puzzle came from
BUILTIN, FILE, GENERATED, ENTERED, GAME_ID = "builtin", "file", "generated", "entered", "id"
ORIGINS = (BUILTIN, FILE, GENERATED, ENTERED, GAME_ID)

_SCHEMA = """
CREATE TABLE games(
    key         TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    title       TEXT NOT NULL,
    origin      TEXT NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    path        BLOB,
    file_mtime  REAL,
    puzzle      TEXT NOT NULL,
    status      TEXT NOT NULL,
    entries     INTEGER NOT NULL DEFAULT 0,
    position    INTEGER NOT NULL DEFAULT 0,
    bytes       INTEGER NOT NULL DEFAULT 0,
    elapsed     REAL NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    solver_used INTEGER NOT NULL DEFAULT 0,
    attempts    TEXT NOT NULL DEFAULT '{}',
    updated     REAL NOT NULL,
    rev         INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX games_by_updated ON games(updated);
CREATE TABLE moves(
    game TEXT NOT NULL,
    seq  INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE stats(
    key    TEXT PRIMARY KEY,
    title  TEXT NOT NULL,
    kind   TEXT NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    helped INTEGER NOT NULL DEFAULT 0,
    best   REAL,
    hints  INTEGER NOT NULL DEFAULT 0,
    solver INTEGER NOT NULL DEFAULT 0,
    looks   INTEGER NOT NULL DEFAULT 0,
    reasons INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE meta(name TEXT PRIMARY KEY, value);
"""

#: every table and the columns this version reads: a database without them is damaged
_COLUMNS = {
    "games": {"key", "kind", "title", "origin", "name", "path", "file_mtime", "puzzle", "status", "entries",
              "position", "bytes", "elapsed", "hints", "solver_used", "attempts", "updated", "rev"},
    "moves": {"game", "seq", "move"},
    "stats": {"key", "title", "kind", "solved", "helped", "best", "hints", "solver"},
    "meta": {"name", "value"},
}


#: columns added to ``stats`` after schema 1 (additive: no new schema version, see _add_columns)
_ADDED_STATS = ("looks", "reasons")


@contextlib.contextmanager
def _immediate(conn: sqlite3.Connection):
    """A write transaction taken at once (BEGIN IMMEDIATE): committed when the block
    ends, rolled back if it raises; a ``return`` inside it commits what was done."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        if conn.in_transaction:
            conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


class StoreError(OSError):
    """A write the store could not make; ``strerror`` is the sentence for the user."""

    def __init__(self, sentence: str):
        super().__init__(0, sentence)


class Conflict(StoreError):
    """Another copy of the app changed this game since this copy last read or wrote it."""


class Gone(StoreError):
    """The game is no longer in the store (the other copy of the app dropped it): store it whole."""


_KEY = re.compile(r"[0-9a-f]{24}")


def is_key(value) -> bool:
    """True for a key as puzzlegui makes them (24 hex digits): anything else in the
    database was written by hand, and is never listed (nor used to name a picture)."""
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def text(value) -> str:
    """``value`` as text SQLite can store: a lone surrogate (from a JSON escape or an
    undecodable file name) becomes U+FFFD instead of failing every later save."""
    value = str(value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in value)
    return value


def path_bytes(path) -> bytes | None:
    """A path as the operating system's bytes: a name that is not UTF-8 is kept exactly."""
    return None if path is None else os.fsencode(path)


def path_of(raw) -> Path | None:
    if isinstance(raw, bytes) and raw and b"\0" not in raw:
        return Path(os.fsdecode(raw))
    if isinstance(raw, str) and raw and "\0" not in raw:
        return Path(raw)
    return None


@dataclass
class Entry:
    """A game as the library lists it."""

    key: str
    title: str
    kind: str
    status: str
    origin: str
    source: str
    updated: float


@dataclass
class Record:
    """One game's row and its moves, as stored (decoded and replayed by core.games)."""

    key: str
    kind: str
    origin: str
    name: str
    path: Path | None
    file_mtime: float | None
    puzzle: str  # JSON text of the puzzle file's fields
    position: int
    moves: list  # JSON texts, one per history entry
    elapsed: float
    hints: int
    solver_used: bool
    attempts: str  # core.game's attempts_json: this attempt's count, and the attempts Restarts ended
    updated: float
    rev: int


@dataclass
class Stats:
    """One puzzle's record of play: solved how often, the best time without help, help used."""

    key: str
    title: str
    kind: str
    solved: int = 0  # times solved, with or without help
    helped: int = 0  # of those, solved with hints or the solver
    best: float | None = None  # the best time of a solve without help (seconds)
    hints: int = 0  # hints taken in all (their move played)
    solver: int = 0  # times the solver's answer was applied
    looks: int = 0  # hints in stages: "look here" shown (the cells, no reason, no move)
    reasons: int = 0  # hints in stages: the reason shown (no move yet)


def source_of(key: str, name: str, path: Path | None) -> str:
    """What opens a game's puzzle again: a built-in's name, a file path, or ``game:KEY``."""
    if name:
        return name
    if path is not None:
        return str(path)
    return "game:" + key


def _regular_or_absent(path: Path) -> str | None:
    """None if ``path`` is a regular file or nothing; else what it is instead."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"unreadable ({exc.strerror or exc})"
    if stat.S_ISREG(st.st_mode):
        return None
    if stat.S_ISLNK(st.st_mode):
        return "a symbolic link"
    if stat.S_ISDIR(st.st_mode):
        return "a folder"
    return "not a regular file"


_memory_names = itertools.count(1)
#: what a failing database raises: SQLite's own errors, and (from a damaged page read as
#: text, or an error message quoting one) a UnicodeDecodeError.  Which of them is damage
#: is ``_verdict``'s to say.
_DAMAGED = (sqlite3.DatabaseError, UnicodeDecodeError)
#: set-aside databases, as _set_aside_files names them
SET_ASIDE_GLOB = "games.broken-*.sqlite3"
WAIT, DAMAGED, UNUSABLE = "wait", "damaged", "unusable"


def _verdict(exc: BaseException) -> str:
    """What an error met while opening the database says of it: WAIT (another program
    holds it locked: try again), DAMAGED (the file is not a whole SQLite database) or
    UNUSABLE (the disk, the folder or the system failed: the file may be fine)."""
    if isinstance(exc, UnicodeDecodeError):
        return DAMAGED
    name = getattr(exc, "sqlite_errorname", None) or ""
    base = "_".join(name.split("_")[:2])
    if base in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return WAIT
    if base in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
        return DAMAGED
    if name or not isinstance(exc, sqlite3.DatabaseError):
        return UNUSABLE
    message = str(exc)  # an error without SQLite's code (an older Python): its words
    if "locked" in message or "busy" in message:
        return WAIT
    if "malformed" in message or "not a database" in message:
        return DAMAGED
    return UNUSABLE


def _cause(exc: BaseException) -> str:
    """An opening error as the end of a sentence."""
    message = str(exc.strerror or exc) if isinstance(exc, OSError) else str(exc)
    if "full" in message:
        return "the disk is full"
    if "disk I/O" in message:
        return "the disk could not be read or written (an I/O error: it may be full)"
    if "readonly" in message or "read-only" in message:
        return "it is read-only"
    return message[:200]


class Store:
    #: the statistics' columns as SELECTed (see _add_columns)
    _stats_select = "key, title, kind, solved, helped, best, hints, solver, looks, reasons"

    def __init__(self, folder, clock=time.time, read_only: bool = False, waiting=None):
        """The store in ``folder``.  ``read_only`` (the command line reading the games
        the window keeps): nothing is made, set aside or imported; a database that is
        missing or does not open reads as empty."""
        self.folder = Path(folder)
        self.read_only = read_only
        self.path = self.folder / DB_NAME
        self.clock = clock
        self.notices: list[str] = []
        #: called with the seconds waited so far while another program holds the database
        #: locked at start (from the first second on, after each try)
        self.waiting = waiting
        self.persistent = True  # False: this run's games live in memory only
        self._ours = False  # _check found the database whole and puzzlegui's
        self.fresh = False  # the database was made by this start (opened in memory: never)
        self.set_aside_now: list[Path] = []  # databases set aside by this start (said in notices)
        self._uri: str = ""
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._open()

    # ------------------------------------------------------------------ opening
    def _open(self) -> None:
        if self.read_only:
            self._open_read_only()
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._in_memory(f"the data folder {self.folder} cannot be made ({exc.strerror or exc})")
            return
        for suffix in ("", "-wal", "-shm"):
            what = _regular_or_absent(Path(f"{self.path}{suffix}"))
            if what is not None:
                self._set_aside_files(f"{self.path.name}{suffix} was {what}")
                break
        self._strays()
        fresh = not self.path.exists()
        self._uri = self.path.resolve().as_uri() + "?mode=rwc"
        problem = self._first_open()
        if problem is None:
            return  # kept in memory (the sentence is said)
        if problem == "newer":
            self._close_all()
            self.notices.append(
                f"Your games database {self.path} was written by a newer puzzlegui; this one leaves it as "
                "it is and keeps this run's games in memory only. Use Save As to keep a puzzle."
            )
            self._in_memory(None)
            return
        if problem != "ok":
            self._close_all()
            if not os.access(self.folder, os.W_OK):
                self._in_memory(f"{self.path} cannot be opened ({problem})")
                return
            self._set_aside_files(f"it is damaged ({problem})")
            problem = self._first_open()
            if problem is None:
                return
            if problem != "ok":  # the fresh one made just now is not whole: nothing is to be trusted
                self._close_all()
                self._in_memory(f"a fresh games database cannot be made ({problem})")
                return
            fresh = True
        self.fresh = fresh  # made now: core.games imports the JSON records of earlier versions into it

    def _first_open(self) -> str | None:
        """Open the database and judge it: "ok" (whole and ours, made now if it was new,
        switched to the write-ahead log), "newer", or why it is damaged; None if it cannot
        be used this run (kept in memory, the sentence said).  A lock is waited for."""
        started = time.monotonic()
        made_now = not self.path.exists()
        while True:
            try:
                conn = self._conn(timeout=OPEN_TRY_S)
                problem = self._check(conn)
                if problem is None:
                    self._ours = True
                    conn.execute("PRAGMA journal_mode=WAL")
                    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                    return "ok"
                return problem
            except (*_DAMAGED, OSError) as exc:
                self._close_all()
                verdict = _verdict(exc)
                if verdict == DAMAGED:
                    return str(exc)[:200]
                waited = time.monotonic() - started
                if verdict == WAIT and waited < LOCK_WAIT_S:
                    if waited >= 1.0 and self.waiting is not None:
                        self.waiting(waited)
                    continue  # the busy timeout was the pause
                if made_now:
                    with contextlib.suppress(OSError):  # an empty file made by this failed try
                        if os.lstat(self.path).st_size == 0:
                            os.unlink(self.path)
                why = (f"another program kept {self.path} locked for {waited:.0f} s" if verdict == WAIT
                       else f"{self.path} cannot be opened: {_cause(exc)}")
                self._in_memory(why)
                return None

    def _strays(self) -> None:
        """What an interrupted copy or another program left: a database of no bytes (its
        games are gone: said) and a write-ahead log without its database (it cannot be
        read alone, and opening would consume it: kept aside, said)."""
        wal = Path(f"{self.path}-wal")
        try:
            size = os.lstat(self.path).st_size
        except FileNotFoundError:
            size = None
        except OSError:
            return
        try:
            wal_size = os.lstat(wal).st_size
        except OSError:
            wal_size = 0
        if size is None and wal_size:
            self._set_aside_files("its write-ahead log was there without the database itself",
                                  fresh_said=False)
        elif size == 0 and not wal_size:
            self.notices.append(
                f"Your games database {self.path} was empty (0 bytes): no games could be restored from it. "
                "A fresh games database was started."
            )

    def _open_read_only(self) -> None:
        if _regular_or_absent(self.path) is not None or not self.path.exists():
            self._in_memory(None)
            return
        self._uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            conn = self._conn()
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION or conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("not a games database this version reads")
            self._add_columns(conn)  # read only: the columns it lacks read as 0
        except (*_DAMAGED, OSError):
            self._close_all()
            self._in_memory(None)

    def _check(self, conn: sqlite3.Connection) -> str | None:
        """None if the database is whole and ours (made now if it is new), "newer" if a
        newer puzzlegui wrote it, else why it is damaged."""
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            return "newer"
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            return f"integrity check: {str(result)[:120]}"
        if version == 0:
            with _immediate(conn):  # another copy of the app may be making it too
                if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
                    if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                        return "it holds tables that are not puzzlegui's"
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        for table, wanted in _COLUMNS.items():
            have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if not wanted <= have:
                return f"the table {table} lacks {', '.join(sorted(wanted - have))}"
        self._add_columns(conn)
        return None

    def _add_columns(self, conn: sqlite3.Connection) -> None:
        """Columns added since schema 1, added to a database made before them (an older
        puzzlegui reads its own columns by name and never sees them): the hint stages'
        counts.  A read-only database without them reads them as 0."""
        have = {row[1] for row in conn.execute("PRAGMA table_info(stats)")}
        missing = [c for c in _ADDED_STATS if c not in have]
        if missing and not self.read_only:
            with _immediate(conn):  # another copy of the app may be adding them too
                have = {row[1] for row in conn.execute("PRAGMA table_info(stats)")}
                for column in _ADDED_STATS:
                    if column not in have:
                        conn.execute(f"ALTER TABLE stats ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
            missing = []
        self._stats_select = "key, title, kind, solved, helped, best, hints, solver, " + ", ".join(
            "0" if c in missing else c for c in _ADDED_STATS)

    def _set_aside_files(self, why: str, fresh_said: bool = True) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        base = self.folder / f"games.broken-{stamp}"
        n = 1
        while any(os.path.lexists(f"{base}{'' if n == 1 else f'-{n}'}.sqlite3{s}") for s in ("", "-wal", "-shm")):
            n += 1
        aside = Path(f"{base}{'' if n == 1 else f'-{n}'}.sqlite3")
        self.set_aside_now.append(aside)
        moved = False
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{self.path}{suffix}")
            if os.path.lexists(source):
                try:
                    os.rename(source, f"{aside}{suffix}")
                    moved = True
                except OSError:
                    pass
        kept = f" It was kept as {aside}; File > Recover games\u2026 brings back what can be read of it." if moved else ""
        fresh = " A fresh games database was started." if fresh_said else ""
        self.notices.append(f"Your saved games could not be read: {why}.{fresh}{kept}")

    def _in_memory(self, why: str | None) -> None:
        """Keep this run's games in a database in memory (shared by this process's threads)."""
        self.persistent = False
        self._uri = f"file:puzzlegui-games-{os.getpid()}-{next(_memory_names)}?mode=memory&cache=shared"
        if why is not None:
            self.notices.append(
                f"Your games cannot be saved: {why}. They are kept while puzzlegui runs; use Save As to keep a puzzle."
            )
        conn = self._conn()
        self._check(conn)
        self._keepalive = conn  # the memory database lives while a connection is open

    def _conn(self, timeout: float = BUSY_TIMEOUT_S) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(
                self._uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False
            )
            # text that is not UTF-8 (written by another program) reads as U+FFFD, not an error
            conn.text_factory = lambda raw: raw.decode("utf-8", "replace")
            try:
                if self.persistent and not self.read_only:
                    if self._ours:  # never another program's file: only once _check said it is ours
                        conn.execute("PRAGMA journal_mode=WAL")
                    # a commit reaches the operating system at once (a kill loses nothing),
                    # and the disk at the next checkpoint: no fsync on every move
                    conn.execute("PRAGMA synchronous=NORMAL")
                else:
                    conn.execute("PRAGMA read_uncommitted=1")
            except BaseException:
                conn.close()
                raise
            self._local.conn = conn
            with self._lock:
                self._connections.append(conn)
        return conn

    def _close_all(self) -> None:
        with self._lock:
            for conn in self._connections:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._connections.clear()
        self._local = threading.local()

    def close(self) -> None:
        self._close_all()

    # ------------------------------------------------------------------ writing
    def _write(self, work):
        """Run ``work(conn)`` in one write transaction; a StoreError if it fails."""
        conn = self._conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                value = work(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return value
        except StoreError:
            raise
        except sqlite3.OperationalError as exc:
            raise StoreError(self._why(exc)) from None
        except _DAMAGED as exc:
            raise StoreError(
                f"the games database {self.path} is damaged ({str(exc)[:200]}); restart puzzlegui to set it aside"
            ) from None

    def _why(self, exc: Exception) -> str:
        message = str(exc)
        if "locked" in message or "busy" in message:
            return "another puzzlegui kept the games database busy; try again"
        if "readonly" in message or "read-only" in message:
            return f"the games database {self.path} is read-only"
        if "full" in message:
            return "the disk is full"
        return f"the games database could not be written ({message})"

    def save_game(self, key: str, fields: dict, start: int, moves: list[str], rev: int | None) -> int:
        """Store a game: its row's ``fields`` (kind, title, origin, name, path, file_mtime,
        status, position, elapsed, hints, solver_used, and puzzle when it changed) and
        its moves from entry ``start`` on (the rows from ``start`` are replaced by
        ``moves``).  ``rev`` is the revision this copy last read or wrote, None for a game
        it has not stored yet.  Returns the new revision; Conflict if another copy
        changed the game meanwhile."""

        def work(conn):
            row = conn.execute("SELECT rev FROM games WHERE key = ?", (key,)).fetchone()
            if row is None:
                if "puzzle" not in fields or start != 1:
                    raise Gone("the game was removed from the store meanwhile")
                new_rev = 1 if rev is None else rev + 1
                conn.execute("DELETE FROM moves WHERE game = ?", (key,))
                self._insert_moves(conn, key, 1, moves)
                size = sum(map(len, moves))
                cols = dict(fields, key=key, entries=len(moves), bytes=size, updated=self.clock(), rev=new_rev)
                names = ", ".join(cols)
                conn.execute(f"INSERT INTO games({names}) VALUES ({', '.join('?' * len(cols))})", tuple(cols.values()))
                return new_rev
            if rev is None or row[0] != rev:
                raise Conflict(
                    "this game's saved record was changed outside this window since it was opened here (by "
                    "another program, or a puzzlegui on another computer sharing the data folder), so the moves "
                    "made here were not saved over it. Save As keeps this game as a file; opening the puzzle "
                    "again shows the saved record"
                )
            dropped = conn.execute(
                "SELECT total(length(move)) FROM moves WHERE game = ? AND seq >= ?", (key, start)
            ).fetchone()[0]
            conn.execute("DELETE FROM moves WHERE game = ? AND seq >= ?", (key, start))
            self._insert_moves(conn, key, start, moves)
            cols = dict(fields, entries=start - 1 + len(moves), updated=self.clock(), rev=rev + 1)
            sets = ", ".join(f"{name} = ?" for name in cols)
            conn.execute(
                f"UPDATE games SET {sets}, bytes = max(0, bytes - ? + ?) WHERE key = ?",
                (*cols.values(), int(dropped), sum(map(len, moves)), key),
            )
            return rev + 1

        return self._write(work)

    @staticmethod
    def _insert_moves(conn, key: str, start: int, moves: list[str]) -> None:
        if moves:
            conn.executemany(
                "INSERT INTO moves(game, seq, move) VALUES (?, ?, ?)",
                ((key, seq, move) for seq, move in enumerate(moves, start)),
            )

    def insert_recovered(self, key: str, fields: dict, moves: list[str]) -> bool:
        """A game read from a set-aside database (core/recover.py), stored as it was read;
        False if the store has a game of that key already (it is left as it is)."""

        def work(conn):
            if conn.execute("SELECT 1 FROM games WHERE key = ?", (key,)).fetchone():
                return False
            conn.execute("DELETE FROM moves WHERE game = ?", (key,))
            self._insert_moves(conn, key, 1, moves)
            cols = dict(fields, key=key, entries=len(moves), bytes=sum(map(len, moves)), rev=1)
            cols["status"] = _status(cols.get("status"), len(moves))
            conn.execute(f"INSERT INTO games({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                         tuple(cols.values()))
            return True

        return self._write(work)

    def insert_recovered_stats(self, row: tuple) -> None:
        """A puzzle's statistics read from a set-aside database, unless the store has its own."""
        st = _stats_of_row((*row, 0, 0))
        if st is not None:
            self._write(lambda conn: conn.execute(
                "INSERT OR IGNORE INTO stats(key, title, kind, solved, helped, best, hints, solver) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (st.key, st.title, st.kind, st.solved, st.helped, st.best, st.hints, st.solver),
            ))

    def remove(self, key: str) -> None:
        def work(conn):
            conn.execute("DELETE FROM moves WHERE game = ?", (key,))
            conn.execute("DELETE FROM games WHERE key = ?", (key,))

        self._write(work)

    def rename(self, old: str, new: str) -> None:
        """The game ``old`` is now known as ``new`` (saved to a file of its own)."""

        def work(conn):
            if old == new:
                return
            conn.execute("DELETE FROM moves WHERE game = ?", (new,))
            conn.execute("DELETE FROM games WHERE key = ?", (new,))
            conn.execute("UPDATE games SET key = ? WHERE key = ?", (new, old))
            conn.execute("UPDATE moves SET game = ? WHERE game = ?", (new, old))

        self._write(work)

    def set_current(self, key: str | None) -> None:
        self.remember("current", key)

    def remember(self, name: str, value) -> None:
        self._write(lambda conn: conn.execute(
            "INSERT INTO meta(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            (name, value),
        ))

    def remember_list(self, name: str, values: list[str]) -> None:
        self.remember(name, json.dumps(values[:1000]))

    def recall_list(self, name: str) -> list[str]:
        """A list of strings remembered with ``remember_list`` (empty if none, or not one)."""
        try:
            values = json.loads(self.recall(name) or "[]")
        except (TypeError, ValueError):
            return []
        return [v for v in values if isinstance(v, str)] if isinstance(values, list) else []

    def recall(self, name: str):
        rows = self._read("SELECT value FROM meta WHERE name = ?", (name,))
        return rows[0][0] if rows else None

    def touch(self, key: str, updated: float) -> None:
        """Set when ``key`` was last played (importing the records of an earlier version)."""
        self._write(lambda conn: conn.execute("UPDATE games SET updated = ? WHERE key = ?", (updated, key)))

    # ------------------------------------------------------------------ reading
    def _read(self, sql: str, args=()) -> list:
        try:
            return self._conn().execute(sql, args).fetchall()
        except _DAMAGED:
            return []

    @property
    def current_key(self) -> str | None:
        value = self.recall("current")
        return value if isinstance(value, str) and value else None

    def has(self, key: str) -> bool:
        return bool(self._read("SELECT 1 FROM games WHERE key = ?", (key,)))

    def rev(self, key: str) -> int | None:
        rows = self._read("SELECT rev FROM games WHERE key = ?", (key,))
        return rows[0][0] if rows and isinstance(rows[0][0], int) else None

    def size(self, key: str) -> int:
        """The bytes of ``key``'s stored moves (0 if it has none)."""
        rows = self._read("SELECT bytes FROM games WHERE key = ?", (key,))
        return rows[0][0] if rows and isinstance(rows[0][0], int) else 0

    def kind_of(self, key: str) -> str | None:
        rows = self._read("SELECT kind FROM games WHERE key = ?", (key,))
        return rows[0][0] if rows and isinstance(rows[0][0], str) else None

    def entries(self) -> list[Entry]:
        """The games on record, most recently played first (rows that make no sense left out)."""
        found = []
        rows = self._read(
            "SELECT key, title, kind, status, origin, name, path, updated, entries FROM games "
            "ORDER BY updated DESC LIMIT ?", (MAX_LISTED,)
        )
        for key, title, kind, status, origin, name, path, updated, entries in rows:
            if not (is_key(key) and isinstance(kind, str) and isinstance(updated, int | float)):
                continue
            status = _status(status, entries)
            name = name if isinstance(name, str) else ""
            found.append(Entry(
                key, text(title)[:200] if title is not None else "Untitled", kind[:40], status,
                origin if origin in ORIGINS else GENERATED, source_of(key, name, path_of(path)), float(updated),
            ))
        return found

    def status(self, key: str) -> str:
        """``key``'s status as stored (NEW if it has none): one row, for a library line."""
        rows = self._read("SELECT status, entries FROM games WHERE key = ?", (key,))
        return _status(*rows[0]) if rows else NEW

    def puzzle_text(self, key: str, max_bytes: int) -> str | None:
        """``key``'s puzzle as stored (JSON text of the puzzle file's fields), without its
        moves; None if there is none or it is longer than ``max_bytes``."""
        rows = self._read("SELECT puzzle FROM games WHERE key = ? AND length(puzzle) <= ?", (key, max_bytes))
        return rows[0][0] if rows and isinstance(rows[0][0], str) else None

    def load(self, key: str, max_bytes: int) -> Record | None:
        """``key``'s game as stored, or None if there is none.  ValueError if it is
        larger than ``max_bytes`` (its moves and puzzle together) or its row is damaged."""
        conn = self._conn()
        try:
            row = conn.execute(
                "SELECT kind, origin, name, path, file_mtime, length(puzzle), position, entries, elapsed, hints, "
                "solver_used, attempts, updated, rev, (SELECT count(*) FROM moves WHERE game = key), "
                "(SELECT total(length(move)) FROM moves WHERE game = key) FROM games WHERE key = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            (kind, origin, name, path, mtime, puzzle_len, position, entries, elapsed, hints, solver, attempts, updated,
             rev, count, size) = row
            if not isinstance(puzzle_len, int) or puzzle_len + int(size) > max_bytes:
                raise ValueError(f"the saved game is larger than {max_bytes:,} bytes")
            if entries != count:
                raise ValueError(f"the saved game has {count} of its {entries} moves")
            puzzle = conn.execute("SELECT puzzle FROM games WHERE key = ?", (key,)).fetchone()[0]
            moves = [m for (m,) in conn.execute("SELECT move FROM moves WHERE game = ? ORDER BY seq", (key,))]
        except _DAMAGED as exc:
            raise ValueError(f"the games database could not be read ({str(exc)[:200]})") from None
        if not isinstance(puzzle, str) or not isinstance(kind, str) or not all(isinstance(m, str) for m in moves):
            raise ValueError("the saved game's row is damaged")
        return Record(
            key=key, kind=kind, origin=origin if origin in ORIGINS else GENERATED,
            name=name if isinstance(name, str) else "", path=path_of(path),
            file_mtime=float(mtime) if isinstance(mtime, int | float) else None, puzzle=puzzle,
            position=position if isinstance(position, int) else -1, moves=moves,
            elapsed=float(elapsed) if isinstance(elapsed, int | float) and 0 <= elapsed < 1e9 else 0.0,
            hints=hints if isinstance(hints, int) and 0 <= hints < 10**9 else 0,
            solver_used=bool(solver), attempts=attempts if isinstance(attempts, str) else "{}",
            updated=float(updated) if isinstance(updated, int | float) else 0.0,
            rev=rev if isinstance(rev, int) else 0,
        )

    def raw(self, key: str) -> dict:
        """``key``'s row and moves as plain data, to keep a game that does not read
        (its moves only if they are within a puzzle file's size)."""
        conn = self._conn()
        try:
            cur = conn.execute("SELECT * FROM games WHERE key = ?", (key,))
            names = [d[0] for d in cur.description]
            row = cur.fetchone()
            if row is None:
                return {}
            data = {n: _plain(v) for n, v in zip(names, row)}
            size = conn.execute("SELECT total(length(move)) FROM moves WHERE game = ?", (key,)).fetchone()[0]
            if size + len(str(data.get("puzzle", ""))) <= 8 * 1024 * 1024:
                data["moves"] = [_plain(m) for (m,) in conn.execute(
                    "SELECT move FROM moves WHERE game = ? ORDER BY seq", (key,))]
        except _DAMAGED as exc:
            raise ValueError(f"the games database could not be read ({str(exc)[:200]})") from None
        return data

    # ------------------------------------------------------------------ statistics
    def stats(self) -> list[Stats]:
        """Every puzzle with a record of play, most solved first."""
        rows = self._read(
            f"SELECT {self._stats_select} FROM stats ORDER BY solved DESC, title LIMIT ?", (MAX_LISTED,)
        )
        return [s for s in map(_stats_of_row, rows) if s is not None]

    def stats_for(self, key: str) -> Stats | None:
        rows = self._read(f"SELECT {self._stats_select} FROM stats WHERE key = ?", (key,))
        return _stats_of_row(rows[0]) if rows else None

    def add_stats(self, key: str, title: str, kind: str, *, solved=0, helped=0, hints=0, solver=0, time=None,
                  looks=0, reasons=0) -> Stats:
        """Add to ``key``'s counts (another copy of the app may be adding too), and take
        ``time`` as its best time if it is less; the counts as they are now."""

        def work(conn):
            conn.execute(
                "INSERT INTO stats(key, title, kind) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET title = excluded.title",
                (key, text(title)[:200], text(kind)[:40]),
            )
            conn.execute(
                "UPDATE stats SET solved = solved + ?, helped = helped + ?, hints = hints + ?, solver = solver + ?, "
                "looks = looks + ?, reasons = reasons + ?, "
                "best = CASE WHEN ? IS NOT NULL AND (best IS NULL OR ? < best) THEN ? ELSE best END WHERE key = ?",
                (solved, helped, hints, solver, looks, reasons, time, time, time, key),
            )
            return conn.execute(f"SELECT {self._stats_select} FROM stats WHERE key = ?", (key,)).fetchone()

        return _stats_of_row(self._write(work)) or Stats(key, title, kind)

    def put_stats(self, st: Stats) -> None:
        """Store ``st`` as it is (importing the records of an earlier version)."""
        self._write(lambda conn: conn.execute(
            "INSERT OR REPLACE INTO stats(key, title, kind, solved, helped, best, hints, solver) VALUES (?,?,?,?,?,?,?,?)",
            (st.key, text(st.title)[:200], text(st.kind)[:40], st.solved, st.helped, st.best, st.hints, st.solver),
        ))

    def reset_stats(self) -> None:
        self._write(lambda conn: conn.execute("DELETE FROM stats"))


def _plain(value):
    """A cell as JSON can hold it: a BLOB (written by another program, where a row of
    ours holds text) as text, its undecodable bytes escaped, never an error."""
    return os.fsdecode(value) if isinstance(value, bytes) else value


def _status(status, entries) -> str:
    """A stored status; one written by hand or by another version is only a label: in
    progress if the game has moves, else new."""
    if status in STATUSES:
        return status
    return IN_PROGRESS if isinstance(entries, int) and entries > 0 else NEW


def _stats_of_row(row) -> Stats | None:
    key, title, kind, solved, helped, best, hints, solver, looks, reasons = row
    counts = (solved, helped, hints, solver, looks, reasons)
    if not isinstance(key, str) or not all(isinstance(n, int) and 0 <= n < 2**62 for n in counts):
        return None
    return Stats(
        key, text(title)[:200], text(kind)[:40], solved, helped,
        float(best) if isinstance(best, int | float) and 0 <= best < 1e9 else None, hints, solver, looks, reasons,
    )


def dumps(value) -> str:
    """A move or a puzzle as the store keeps it: compact, ASCII (a lone surrogate is an
    escape, not an error)."""
    return json.dumps(value, separators=(",", ":"))
