"""The JSON game records of puzzlegui before the games database, imported once.

Up to the games database (core/store.py), the data folder held ``games/<key>.json``
(one record per puzzle: the puzzle file, where it came from, its whole history),
``session.json`` (which record was current) and ``stats.json``.  The first start with
a new database reads them into it; the files are left where they are, untouched, so
nothing is lost if the import is wrong, and never read again (the database remembers).

The import copies; it does not replay.  A record's moves go into the store as they are
(each checked to be JSON and at most a record's size), and are replayed when the game is
first opened, as any stored game is: a record whose moves do not replay is then set
aside with a sentence like any damaged game.  So importing 500 long records costs one
read of each, not a second of replay each.

Pure: the standard library and core only.
"""

from __future__ import annotations

import os

from . import files
from .kind import PuzzleError
from . import store as store_mod

RECORD_FORMAT = "puzzlegui-game"
SESSION_FORMAT = "puzzlegui-session"
STATS_FORMAT = "puzzlegui-stats"
#: the most bytes of old records read in all; a folder of more is imported in part
MAX_IMPORT_BYTES = 256 * 1024 * 1024
#: the most old game records, and statistics lines, read (the old version kept at most 500)
MAX_IMPORT_GAMES = 1000
MAX_IMPORT_STATS = 4000


def import_folder(store) -> int:
    """Import the old records in ``store``'s folder, once; the number of games imported."""
    games_dir = store.folder / "games"
    if _done(store):
        return 0
    current, statuses = _read_session(store)
    imported, failed, total = 0, 0, 0
    try:
        names = sorted(n for n in os.listdir(games_dir) if n.endswith(".json") and store_mod.is_key(n[:-5]))
    except OSError:
        names = []
    for name in names[:MAX_IMPORT_GAMES]:
        path = games_dir / name
        try:
            size = path.stat().st_size
            if total + size > MAX_IMPORT_BYTES:
                store.notices.append(
                    f"Only part of your saved games in {games_dir} could be imported: they hold more than "
                    f"{MAX_IMPORT_BYTES // 2**20} MB. The files are still there."
                )
                break
            total += size
            _import_record(store, name[:-5], files.read_text_file(path), statuses.get(name[:-5]))
            imported += 1
        except (OSError, PuzzleError, ValueError, TypeError, KeyError, RecursionError):
            failed += 1
    if failed:
        store.notices.append(
            f"{failed} of your saved games in {games_dir} could not be imported into the games database; "
            "their files are left as they were."
        )
    if current is not None and store.has(current):
        store.set_current(current)
    _import_stats(store)
    store.remember("legacy_imported", "1")
    return imported


def _done(store) -> bool:
    return store.recall("legacy_imported") == "1"


def _json(text: str, origin: str):
    return files.parse_json(text, origin)


def _import_record(store, key: str, raw_text: str, status) -> None:
    data = _json(raw_text, key)
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or data.get("version") != 1:
        raise ValueError("not a game record of version 1")
    doc = files.from_data(data.get("file"), key)  # the puzzle itself is checked now
    history = data.get("history")
    moves, position = history["moves"], history["position"]
    if not isinstance(moves, list) or not isinstance(position, int) or not 0 <= position <= len(moves):
        raise ValueError("the history is not a list of moves with a position")
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    path = data.get("path") if isinstance(data.get("path"), str) and data.get("path") else None
    attempt = data.get("attempt") if isinstance(data.get("attempt"), dict) else {}
    elapsed, hints = attempt.get("elapsed"), attempt.get("hints")
    origin = data.get("origin") if data.get("origin") in store_mod.ORIGINS else store_mod.GENERATED
    if status not in store_mod.STATUSES:  # the old index's word for it, else a guess
        status = store_mod.IN_PROGRESS if moves else store_mod.NEW
    mtime = data.get("file_mtime")
    fields = {
        "kind": doc.kind.name,
        "title": store_mod.text(doc.title)[:200],
        "origin": origin,
        "name": name,
        "path": store_mod.path_bytes(path),
        "file_mtime": float(mtime) if isinstance(mtime, int | float) else None,
        "puzzle": store_mod.dumps(files.file_data(doc)),
        "status": status,
        "position": position,
        "elapsed": float(elapsed) if isinstance(elapsed, int | float) and 0 <= elapsed < 1e9 else 0.0,
        "hints": hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints < 10**9 else 0,
        "solver_used": int(attempt.get("solver") is True),
        # a game solved then was counted then: it is not counted again (core/game.py)
        "attempts": '{"counted": true, "before": []}' if status == store_mod.SOLVED else "{}",
    }
    if store.has(key):
        return
    store.save_game(key, fields, 1, [store_mod.dumps(m) for m in moves], None)
    updated = data.get("updated")
    if isinstance(updated, int | float):
        store.touch(key, float(updated))


def _read_session(store):
    """The old session.json's current key and each game's status (it was only a cache)."""
    try:
        data = _json(files.read_text_file(store.folder / "session.json"), "session.json")
    except PuzzleError:
        return None, {}
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        return None, {}
    current = data.get("current")
    games = data.get("games") if isinstance(data.get("games"), dict) else {}
    statuses = {k: e.get("status") for k, e in games.items() if isinstance(e, dict)}
    return (current if isinstance(current, str) and store_mod.is_key(current) else None), statuses


def _import_stats(store) -> None:
    try:
        data = _json(files.read_text_file(store.folder / "stats.json"), "stats.json")
    except PuzzleError:
        return
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT or not isinstance(data.get("puzzles"), dict):
        return
    for key, e in list(data["puzzles"].items())[:MAX_IMPORT_STATS]:
        if not (isinstance(key, str) and store_mod.is_key(key) and isinstance(e, dict)):
            continue
        counts = [e.get(n, 0) for n in ("solved", "helped", "hints", "solver")]
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**62 for n in counts):
            continue
        best = e.get("best")
        st = store_mod.Stats(
            key, str(e.get("title", "")), str(e.get("kind", "")), *counts[:2],
            float(best) if isinstance(best, int | float) and not isinstance(best, bool) and 0 <= best < 1e9 else None,
            *counts[2:],
        )
        store.put_stats(st)

