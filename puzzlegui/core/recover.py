"""Bringing back the games of a set-aside database.

A games database that SQLite judged damaged, or that was another program's, is set aside
under a new name (core/store.py), never deleted and never forgotten: this module lists
the set-aside databases of a data folder with how many games can still be read from
each, and brings those games back into the store.  The window offers it (File > Recover
games…), and the command line does it (``puzzlegui recover``).

The set-aside file itself is never written: it is copied (with its write-ahead log) to
a temporary folder and read there, row by row, so one damaged page costs the games on
it and no more.  A game the store already has is left as it is (the player's game in
progress wins).  Once brought back, the set-aside files are renamed
``games.recovered-….sqlite3`` (kept, no longer offered).

Pure: the standard library only.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import store as store_mod

#: the most set-aside databases listed
MAX_LISTED = 50
#: the largest set-aside database (with its log) read: a larger one is named, not read
MAX_BYTES = 1024 * 1024 * 1024
#: the most games read from one
MAX_GAMES = 100_000
_PREFIX, _RECOVERED = "games.broken-", "games.recovered-"
_SUFFIXES = ("", "-wal", "-shm")


@dataclass
class SetAside:
    """A set-aside database: its path, how many games can be read from it (None: none
    can, ``why`` says why)."""

    path: Path
    games: int | None
    why: str = ""


@dataclass
class Recovered:
    brought: int = 0  # games now in the store
    already: int = 0  # games the store already had (left as they were)
    unreadable: int = 0  # rows that could not be read
    partial: int = 0  # of those brought back, games some of whose moves could not be read

    def sentence(self, path) -> str:
        parts = [f"{self.brought} game{'' if self.brought == 1 else 's'} brought back from {Path(path).name}"]
        if self.partial:
            parts.append(f"{self.partial} of them without some of their moves")
        if self.already:
            parts.append(f"{self.already} already in your library (kept as they are)")
        if self.unreadable:
            parts.append(f"{self.unreadable} could not be read")
        return "; ".join(parts) + "."


def set_aside_paths(folder) -> list[Path]:
    """The set-aside databases in ``folder``, oldest first (at most MAX_LISTED)."""
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith(_PREFIX) and n.endswith(".sqlite3"))
    except OSError:
        return []
    return [Path(folder) / n for n in names[:MAX_LISTED]]


def survey(folder) -> list[SetAside]:
    """Every set-aside database in ``folder`` with the games that can be read from it."""
    found = []
    for path in set_aside_paths(folder):
        try:
            with _copy(path) as conn:
                found.append(SetAside(path, len(_keys(conn))))
        except (OSError, sqlite3.Error, ValueError) as exc:
            found.append(SetAside(path, None, _why(exc)))
    return found


def recover(store: store_mod.Store, path) -> Recovered:
    """Bring the games of the set-aside database ``path`` back into ``store``; ValueError
    (its sentence) if it cannot be read at all, StoreError if the store cannot be written."""
    path = Path(path)
    if not path.name.startswith(_PREFIX):
        raise ValueError(f"{path} is not a set-aside games database")
    done = Recovered()
    try:
        with _copy(path) as conn:
            for key in _keys(conn):
                game = _game(conn, key)
                if game is None:
                    done.unreadable += 1
                elif store.insert_recovered(*game[:3]):
                    done.brought += 1
                    done.partial += not game[3]
                else:
                    done.already += 1
            for row in _stats(conn):
                store.insert_recovered_stats(row)
    except (OSError, sqlite3.Error) as exc:
        raise ValueError(f"{path.name} cannot be read: {_why(exc)}") from None
    _mark_recovered(path)
    return done


# ---------------------------------------------------------------------- reading a copy
class _copy:
    """The set-aside database copied (with its log) to a temporary folder, opened there."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self) -> sqlite3.Connection:
        size = 0
        for suffix in ("", "-wal"):
            try:
                st = os.stat(f"{self.path}{suffix}")
            except FileNotFoundError:
                continue
            size += st.st_size
        if size > MAX_BYTES:
            raise ValueError(f"it is larger than {MAX_BYTES // 2**20:,} MiB")
        self.tmp = tempfile.mkdtemp(prefix="puzzlegui-recover-")
        copy = Path(self.tmp) / "games.sqlite3"
        try:
            shutil.copyfile(self.path, copy, follow_symlinks=False)
            if os.path.isfile(f"{self.path}-wal"):
                shutil.copyfile(f"{self.path}-wal", f"{copy}-wal", follow_symlinks=False)
            self.conn = sqlite3.connect(copy, isolation_level=None)
            self.conn.text_factory = lambda raw: raw.decode("utf-8", "replace")
        except BaseException:
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise
        return self.conn

    def __exit__(self, *exc) -> None:
        self.conn.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


def _keys(conn) -> list[str]:
    """The games' keys that read, as many as can be read before a damaged page."""
    keys = []
    try:
        for (key,) in conn.execute("SELECT key FROM games LIMIT ?", (MAX_GAMES,)):
            if store_mod.is_key(key):
                keys.append(key)
    except sqlite3.DatabaseError:
        if not keys:
            raise
    return keys


_COLUMNS = ("kind", "title", "origin", "name", "path", "file_mtime", "puzzle", "status", "position", "elapsed",
            "hints", "solver_used", "attempts", "updated")


def _game(conn, key: str) -> tuple[str, dict, list[str], bool] | None:
    """``key``'s row and moves as the store takes them, and whether every move read (a
    damaged page can hide some: the game comes back with the moves before the gap); None
    if the row does not read."""
    try:
        row = conn.execute(f"SELECT {', '.join(_COLUMNS)}, entries FROM games WHERE key = ?", (key,)).fetchone()
    except sqlite3.DatabaseError:
        return None
    if row is None:
        return None
    moves = []
    try:
        for seq, move in conn.execute("SELECT seq, move FROM moves WHERE game = ? ORDER BY seq", (key,)):
            if seq != len(moves) + 1:
                break  # a gap: what follows it does not replay
            moves.append(move)
    except sqlite3.DatabaseError:
        pass
    *values, entries = row
    whole = entries == len(moves)
    fields = dict(zip(_COLUMNS, values))
    if not all(isinstance(fields[c], str) for c in ("kind", "title", "puzzle")) or not all(
            isinstance(m, str) for m in moves):
        return None
    try:
        if not isinstance(json.loads(fields["puzzle"]), dict):
            return None
    except ValueError:
        return None
    if not isinstance(fields["position"], int) or not 0 <= fields["position"] <= len(moves):
        fields["position"] = len(moves)
    if not isinstance(fields["updated"], int | float):
        fields["updated"] = 0.0
    return key, fields, moves, whole


def _stats(conn) -> list[tuple]:
    try:
        return conn.execute(
            "SELECT key, title, kind, solved, helped, best, hints, solver FROM stats LIMIT ?", (MAX_GAMES,)
        ).fetchall()
    except sqlite3.DatabaseError:
        return []


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    return str(exc)[:200]


def _mark_recovered(path: Path) -> None:
    """Rename the set-aside files so they are kept but no longer offered."""
    target = path.with_name(_RECOVERED + path.name[len(_PREFIX):])
    n = 1
    while any(os.path.lexists(f"{target}{s}") for s in _SUFFIXES):
        n += 1
        target = path.with_name(f"{_RECOVERED}{path.name[len(_PREFIX):-len('.sqlite3')]}-{n}.sqlite3")
    for suffix in _SUFFIXES:
        if os.path.lexists(f"{path}{suffix}"):
            try:
                os.rename(f"{path}{suffix}", f"{target}{suffix}")
            except OSError:
                pass
