"""The game session: every puzzle's game in progress, and its record on disk.

This is the window's logic without the window (Tatham's "midend", minus the drawing):
which puzzle is open, the game (undo history) of every puzzle the player has touched,
which background job answers which game, and when to autosave.  The window only shows
what this module decides; everything here is tested without Qt.

On disk, in the data folder:

* ``games/<key>.json``: one record per puzzle, written atomically.  A record holds the
  puzzle file (kind, metadata, puzzle) *and* where it came from (built-in name or file
  path) and its whole history, redo tail included.  So "the game" and "the file it
  belongs to" are one record: a kill at any moment leaves each record whole, either the
  old one or the new one.
* ``session.json``: which record is current, and a small index (title, kind, status)
  so the library can show every game's state without reading every record.  It is only
  a cache: a record is the truth, and a stale index entry costs nothing but a label.

A puzzle's key comes from its origin: a built-in's name, a file's real path, or else the
puzzle itself (a generated or entered puzzle, a game ID), so opening it again finds its
game.  At most MAX_RECORDS records are kept, the least recently played dropped first,
and at most MAX_GAMES_HELD games in memory.

Reading a record replays its whole history (up to 50,000 moves: about a second).  A
window that must not pause asks ``needs_reading`` first, runs ``read_game`` on another
thread (it touches nothing of the session), and hands the answer to ``adopt`` on its
own; opening the key then takes the game from memory.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import files, gcpause, registry
from .history import History
from .kind import PuzzleError

RECORD_FORMAT = "puzzlegui-game"
SESSION_FORMAT = "puzzlegui-session"
VERSION = 1
MAX_RECORDS = 500
#: games held in memory (the current one always); an older one is read back from its
#: record when it is opened again, so a long run does not grow without bound
MAX_GAMES_HELD = 16
#: a record at least this big takes long enough to replay (about 1.4 ms a kilobyte on a
#: 40x40 Kurosu) that a window should read it off its GUI thread (``read_game``)
BIG_RECORD_BYTES = 16_384

NEW, IN_PROGRESS, SOLVED = "new", "in progress", "solved"

#: where a record came from
BUILTIN, FILE, GENERATED, ENTERED, GAME_ID = "builtin", "file", "generated", "entered", "id"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def builtin_key(name: str) -> str:
    return _digest("builtin\0" + name)


def file_key(path) -> str:
    return _digest("file\0" + os.path.realpath(path))


def puzzle_key(doc: files.PuzzleDoc) -> str:
    """The name of ``doc``'s record: the same puzzle opened again finds the same one."""
    if doc.name:
        return builtin_key(doc.name)
    if doc.path is not None:
        return file_key(doc.path)
    section = json.dumps(doc.kind.encode(doc.state), sort_keys=True, separators=(",", ":"))
    return _digest(f"puzzle\0{doc.kind.name}\0{section}")


@dataclass
class Game:
    """One puzzle and the player's game on it."""

    key: str
    doc: files.PuzzleDoc
    history: History
    origin: str = GENERATED
    updated: float = 0.0
    file_mtime: float | None = None  # the file's mtime when the record last matched it
    # this attempt at the puzzle: time played (paused while solved or minimised), help
    elapsed: float = 0.0
    hints: int = 0
    solver_used: bool = False
    # what the last file_data() and status answers were made from (they are asked for
    # on every autosave; a 30x30 board costs milliseconds to encode or check)
    _file_cache: tuple | None = field(default=None, repr=False, compare=False)
    _status_cache: tuple | None = field(default=None, repr=False, compare=False)
    _saved: tuple | None = field(default=None, repr=False, compare=False)  # mark() when last written

    @property
    def title(self) -> str:
        return self.doc.title

    def mark(self) -> tuple:
        """What a record of this game holds that play can change."""
        h = self.history
        return (h.state, h.position, len(h), self.elapsed, self.hints, self.solver_used, self.doc.path)

    @property
    def on_record(self) -> bool:
        """True if the record last written (or read) holds this game as it is now."""
        return self._saved == self.mark()


    def file_data(self) -> dict:
        """The puzzle's file fields (files.file_data), made once per puzzle and title."""
        doc = self.doc
        cached = self._file_cache
        if cached is None or cached[0] is not doc.state or cached[1] != doc.meta or cached[2] is not doc.kind:
            cached = self._file_cache = (doc.state, dict(doc.meta), doc.kind, files.file_data(doc))
        return cached[3]

    @property
    def helped(self) -> bool:
        return self.hints > 0 or self.solver_used

    def add_time(self, seconds: float) -> None:
        """Count ``seconds`` of play, unless the puzzle is solved (the clock stops)."""
        if seconds > 0 and self.status != SOLVED:
            self.elapsed += min(seconds, 3600.0)  # a suspended laptop is not play

    @property
    def status(self) -> str:
        state = self.history.state
        cached = self._status_cache
        if cached is None or cached[0] is not state:
            cached = self._status_cache = (state, self.doc.kind.is_solved(state))
        if cached[1]:
            return SOLVED
        return IN_PROGRESS if len(self.history) else NEW

    @property
    def source(self) -> str:
        """What opens this puzzle again: a built-in's name, a file path, or the record."""
        if self.doc.name:
            return self.doc.name
        if self.doc.path is not None:
            return str(self.doc.path)
        return "game:" + self.key


@dataclass
class Entry:
    """A game as the library lists it (from the index, without reading its record)."""

    key: str
    title: str
    kind: str
    status: str
    origin: str
    source: str
    updated: float


def _origin_of(doc: files.PuzzleDoc, origin: str | None) -> str:
    if doc.name:
        return BUILTIN
    if doc.path is not None:
        return FILE
    return origin or GENERATED


def _mtime(path) -> float | None:
    try:
        return os.stat(path).st_mtime
    except (OSError, ValueError):
        return None


# ------------------------------------------------------------------ records of play
@dataclass
class Stats:
    """One puzzle's record: solved how often, the best time without help, help used."""

    key: str
    title: str
    kind: str
    solved: int = 0  # times solved, with or without help
    helped: int = 0  # of those, solved with hints or the solver
    best: float | None = None  # the best time of a solve without help (seconds)
    hints: int = 0  # hints taken in all
    solver: int = 0  # times the solver's answer was applied


def _stats_from(key: str, e) -> Stats | None:
    try:
        best = e.get("best")
        return Stats(
            key, str(e["title"])[:200], str(e["kind"])[:40], int(e.get("solved", 0)), int(e.get("helped", 0)),
            float(best) if isinstance(best, int | float) else None, int(e.get("hints", 0)), int(e.get("solver", 0)),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


class _StatsMixin:
    """Per-puzzle statistics in ``stats.json`` (atomic, like every record)."""

    def _load_stats(self) -> dict:
        if self._stats is None:
            self._stats = {}
            try:
                data = files.parse_json(files.read_text_file(self.stats_path), str(self.stats_path))
            except PuzzleError:
                data = None
            if isinstance(data, dict) and isinstance(data.get("puzzles"), dict):
                for key, e in list(data["puzzles"].items())[: MAX_RECORDS * 4]:
                    st = _stats_from(key, e) if isinstance(e, dict) else None
                    if st is not None:
                        self._stats[key] = st
        return self._stats

    def _write_stats(self) -> None:
        data = {"format": "puzzlegui-stats", "version": VERSION, "puzzles": {
            k: {"title": s.title, "kind": s.kind, "solved": s.solved, "helped": s.helped, "best": s.best,
                "hints": s.hints, "solver": s.solver}
            for k, s in self._load_stats().items()
        }}
        files.save_atomic(self.stats_path, json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def stats(self) -> list[Stats]:
        """Every puzzle with a record of play, most solved first."""
        return sorted(self._load_stats().values(), key=lambda s: (-s.solved, s.title))

    def stats_for(self, key: str) -> Stats | None:
        return self._load_stats().get(key)

    def _stats_of(self, game) -> Stats:
        table = self._load_stats()
        st = table.get(game.key)
        if st is None:
            st = table[game.key] = Stats(game.key, game.title, game.doc.kind.name)
        return st

    def note_help(self, game, what: str) -> None:
        """The player took a hint (``"hint"``) or applied the solver's answer (``"solver"``)."""
        st = self._stats_of(game)
        if what == "hint":
            game.hints += 1
            st.hints += 1
        else:
            game.solver_used = True
            st.solver += 1
        self._write_stats()

    def note_solved(self, game) -> Stats:
        """``game`` has just been solved: count it, and its time if no help was used."""
        st = self._stats_of(game)
        st.solved += 1
        if game.helped:
            st.helped += 1
        elif st.best is None or game.elapsed < st.best:
            st.best = round(game.elapsed, 1)
        self._write_stats()
        return st

    def new_attempt(self, game) -> None:
        """Starting a solved puzzle over: the clock and the help taken start again."""
        game.elapsed, game.hints, game.solver_used = 0.0, 0, False

    def reset_stats(self) -> None:
        self._stats = {}
        self._write_stats()


DELETE = None  # a queued "remove this file" instead of a text to write


class Writer:
    """Writes files on a thread of its own, so a save never holds up the caller.

    Each path has at most one operation waiting: a newer text (or a removal) for the
    same path replaces the one not yet written, so a burst of saves costs one write.
    An operation is a text, DELETE, or a function that makes the text (called on the
    thread, so only the newest of a burst is ever made).  Operations on different paths are done in the order they were first queued.
    ``flush()`` returns when everything queued so far is on disk; an error met on the
    thread is kept and handed out once by ``take_error()`` (the next save reports it).
    The thread is a daemon: a process that is killed loses at most what was queued,
    and every write is atomic, so nothing on disk is ever half-written."""

    def __init__(self):
        self._pending: dict = {}  # path -> text, DELETE, or a function making the text
        self._cond = threading.Condition()
        self._busy = False
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None  # running, or None when idle
        self._last: threading.Thread | None = None

    def submit(self, path: Path, text) -> None:
        with self._cond:
            self._pending.pop(path, None)  # a newer version goes to the back of the line
            self._pending[path] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = self._last = threading.Thread(target=self._run, name="puzzlegui-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    # nothing left: end the thread (the next submit starts another), so
                    # an idle app and every test finish with no thread of ours running
                    self._thread = None
                    self._cond.notify_all()
                    return
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = True
            try:
                _write(path, text)
            except Exception as exc:  # noqa: BLE001 - kept for the next save to report; the thread must go on
                with self._cond:
                    self._error = exc if isinstance(exc, OSError | UnicodeError | PuzzleError) else OSError(
                        f"Could not write {path}: {type(exc).__name__}: {exc}"
                    )
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything queued is written and the thread has ended (True), or
        ``timeout`` passed (False)."""
        with self._cond:
            done = self._cond.wait_for(lambda: self._thread is None, timeout)
            last = self._last
        if done and last is not None:
            last.join(timeout)  # it has nothing left to do but return
        return done

    def take_error(self) -> Exception | None:
        with self._cond:
            error, self._error = self._error, None
            return error


#: moves turned into text per json.dumps call (about that many: an applied solution is not
#: cut): each call holds the GIL, and the window's thread waits for it, so a long history
#: is written a slice at a time
MOVES_PER_SLICE = 2000


def _record_json(data: dict, history: History) -> str:
    """``data`` with ``history`` as its "history" member, in compact JSON."""
    dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    slices, chunk, weight = [], [], 0
    with gcpause.young_only():  # no full pass set off by a slice's short-lived lists
        for move in history.json_moves():  # never the whole JSON form at once
            chunk.append(move)
            # an applied solution is one entry of up to a board's worth of moves
            weight += len(move["batch"]) if isinstance(move, dict) and "batch" in move else 1
            if weight >= MOVES_PER_SLICE:
                slices.append(dumps(chunk)[1:-1])
                chunk, weight = [], 0
        if chunk:
            slices.append(dumps(chunk)[1:-1])
    head = dumps(data)
    return f'{head[:-1]},"history":{{"moves":[{",".join(slices)}],"position":{history.position}}}}}'


def _write(path: Path, text) -> None:
    if callable(text):
        text = text()
    if text is DELETE:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    else:
        files.save_atomic(path, text)


class Session(_StatsMixin):
    def __init__(self, folder, clock=time.time):
        self.folder = Path(folder)
        self.games_dir = self.folder / "games"
        self.index_path = self.folder / "session.json"
        self.clock = clock
        self.current: Game | None = None
        self._games: dict[str, Game] = {}  # games opened in this run, by key
        self._index: dict[str, Entry] = {}
        self._current_key: str | None = None
        self._job: tuple | None = None  # (game key, job id) of the solve awaited
        self.notices: list[str] = []  # things the user must read (a record put aside)
        self.stats_path = self.folder / "stats.json"
        self._stats: dict[str, dict] | None = None  # read when first asked for
        self.writer = Writer()
        self._background = False
        self._read_index()

    # ------------------------------------------------------------------ the index
    def _read_index(self) -> None:
        try:
            data = files.parse_json(files.read_text_file(self.index_path), str(self.index_path))
        except PuzzleError:
            return  # no index yet, or a broken one: it is rebuilt as games are saved
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            return
        current = data.get("current")
        self._current_key = current if isinstance(current, str) else None
        games = data.get("games")
        if not isinstance(games, dict):
            return
        for key, e in games.items():
            try:
                entry = Entry(
                    key, str(e["title"]), str(e["kind"]), str(e["status"]), str(e["origin"]),
                    str(e["source"]), float(e["updated"]),
                )
            except (KeyError, TypeError, ValueError):
                continue
            if (self.games_dir / f"{key}.json").is_file():
                self._index[key] = entry

    def _write_index(self) -> None:
        data = {
            "format": SESSION_FORMAT,
            "version": VERSION,
            "current": self._current_key,
            "games": {
                e.key: {
                    "title": e.title, "kind": e.kind, "status": e.status, "origin": e.origin,
                    "source": e.source, "updated": e.updated,
                }
                for e in self._index.values()
            },
        }
        self._put(self.index_path, json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def _put(self, path: Path, text) -> None:
        """Write (or with DELETE remove) a file now, or queue it on the writer's thread
        while a background save is being made (``text`` may then be a function that
        makes the text, called on that thread)."""
        if self._background:
            self.writer.submit(path, text)
        else:
            self.writer.flush()  # nothing older may land after this
            _write(path, text)

    def flush(self, timeout: float | None = None) -> bool:
        """Every save made so far is on disk when this returns True."""
        return self.writer.flush(timeout)

    def entries(self) -> list[Entry]:
        """Every game on record whose kind this build knows, most recently played first.
        A record of a kind it does not know (written by a newer version, or by hand) is
        kept on disk, untouched, and simply not listed."""
        known = registry.KIND_MODULES
        return sorted((e for e in self._index.values() if e.kind in known), key=lambda e: -e.updated)

    def status_of(self, key: str) -> str:
        if self.current is not None and self.current.key == key:
            return self.current.status
        entry = self._index.get(key)
        return entry.status if entry else NEW

    def entry_for_source(self, source: str) -> Entry | None:
        for e in self._index.values():
            if e.source == source:
                return e
        return None

    # ------------------------------------------------------------------ records
    def record_path(self, key: str) -> Path:
        return self.games_dir / f"{key}.json"

    def _record_text(self, game: Game):
        """The text of ``game``'s record, or (in a background save) a function that
        makes it, for the writer's thread: the history is copied here (lists of
        immutable moves: about a millisecond for 50,000 moves) and turned into text
        there, so a long game's autosave costs the caller next to nothing."""
        data = {
            "format": RECORD_FORMAT,
            "version": VERSION,
            "origin": game.origin,
            "name": game.doc.name,
            "path": str(game.doc.path) if game.doc.path is not None else None,
            "file_mtime": game.file_mtime,
            "updated": game.updated,
            "file": game.file_data(),
            "attempt": {"elapsed": round(game.elapsed, 3), "hints": game.hints, "solver": game.solver_used},
        }
        history = game.history.copy() if self._background else game.history

        def text() -> str:
            return _record_json(data, history)

        return text if self._background else text()

    def _read_record(self, key: str) -> Game:
        # a long game's JSON form is large and short-lived, and its history large and
        # long-lived: the collector's full passes over either hold the GIL for 100 ms and
        # more (gcpause.py)
        with gcpause.young_only():
            game = self._parse_record(key)
        gcpause.keep()
        return game

    def _parse_record(self, key: str) -> Game:
        path = self.record_path(key)
        self.writer.flush()  # a write still queued for it is what is read
        data = files.parse_json(files.read_text_file(path), str(path))
        where = f"{path}: "
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise PuzzleError(f"{where}this is not a puzzlegui game record.")
        if data.get("version") != VERSION:
            raise PuzzleError(f"{where}game records of version {data.get('version')!r:.20} are not read here.")
        doc = files.from_data(data.get("file"), str(path))
        name, file_path = data.get("name"), data.get("path")
        if isinstance(name, str) and name:
            doc.name = name
        if isinstance(file_path, str) and file_path:
            doc.path = Path(file_path)
        try:
            history = History.from_json(doc.kind, doc.state, data.get("history"))
        except PuzzleError as exc:
            raise PuzzleError(f"{where}{exc}") from None
        updated = data.get("updated")
        mtime = data.get("file_mtime")
        origin = data.get("origin")
        attempt = data.get("attempt") if isinstance(data.get("attempt"), dict) else {}
        elapsed, hints = attempt.get("elapsed"), attempt.get("hints")
        game = Game(
            elapsed=float(elapsed) if isinstance(elapsed, int | float) and 0 <= elapsed < 1e9 else 0.0,
            hints=hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints < 10**9 else 0,
            solver_used=attempt.get("solver") is True,
            key=key,
            doc=doc,
            history=history,
            origin=origin if origin in (BUILTIN, FILE, GENERATED, ENTERED, GAME_ID) else _origin_of(doc, None),
            updated=float(updated) if isinstance(updated, int | float) else 0.0,
            file_mtime=float(mtime) if isinstance(mtime, int | float) else None,
        )
        game._saved = game.mark()
        return game

    def needs_reading(self, key: str) -> bool:
        """True if opening ``key`` would read and replay a record at least
        BIG_RECORD_BYTES long (not in memory yet)."""
        if key in self._games:
            return False
        try:
            return self.record_path(key).stat().st_size >= BIG_RECORD_BYTES
        except OSError:
            return False

    def read_game(self, key: str) -> "Game | PuzzleError":
        """``key``'s game read from its record, or the PuzzleError saying why it cannot
        be: for another thread (it reads the file and changes nothing here).  Give the
        answer to ``adopt``."""
        try:
            return self._read_record(key)
        except PuzzleError as exc:
            return exc
        except RecursionError:
            return PuzzleError(f"{self.record_path(key)}: the saved game is nested too deeply.")

    def adopt(self, key: str, answer: "Game | PuzzleError") -> None:
        """``read_game(key)``'s answer: the game is held in memory for the next open, or
        its unreadable record is put aside (see ``notices``).  An answer that came too
        late (the game was opened, or its record removed, meanwhile) changes nothing."""
        if key in self._games or not self.record_path(key).exists():
            return
        if isinstance(answer, Game):
            self._hold(answer)
        else:
            self._put_aside(key, str(answer))

    def _hold(self, game: Game) -> None:
        """Keep ``game`` in memory as the most recently used; let go of the least
        recently used beyond MAX_GAMES_HELD (never the current one, and only games whose
        record is on disk: they come back from it as they were)."""
        self._games.pop(game.key, None)
        self._games[game.key] = game
        excess = len(self._games) - MAX_GAMES_HELD
        if excess <= 0:
            return
        for key, held in list(self._games.items()):
            if excess <= 0:
                break
            if held is not self.current and held.on_record and key in self._index:
                del self._games[key]
                excess -= 1

    @property
    def last_key(self) -> str | None:
        """The key of the game that is (or, before ``restore``, was last) current."""
        return self._current_key

    def _put_aside(self, key: str, reason: str) -> Path | None:
        """Keep a record that cannot be read under a new name, and say so."""
        path = self.record_path(key)
        self.writer.flush()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        aside = path.with_name(f"{key}.broken-{stamp}.json")
        n = 1
        while aside.exists():
            n += 1
            aside = path.with_name(f"{key}.broken-{stamp}-{n}.json")
        try:
            os.replace(path, aside)
        except OSError:
            aside = None
        self._index.pop(key, None)
        kept = f" It was kept as {aside}." if aside else ""
        self.notices.append(f"A saved game could not be restored: {reason}{kept}")
        return aside

    def save(self, game: Game | None = None, background: bool = False) -> None:
        """Write ``game``'s record (the current one by default) and the index.

        Raises OSError or PuzzleError when the disk refuses; nothing is half-written.
        With ``background`` the texts are made here and written on the writer's thread;
        an error it meets there is raised by the next save."""
        game = game or self.current
        if game is None:
            return
        game.updated = self.clock()
        self._background = background
        try:
            self._save(game)
        finally:
            self._background = False
        error = self.writer.take_error()  # a background write that failed since the last save
        if error is not None:
            raise error

    def _save(self, game: Game) -> None:
        path = self.record_path(game.key)
        # a game opened and not yet played (its record just read, or just written) is
        # not written again: making a 50,000-move record's text takes a worker 0.3 s of
        # Python, which the window, opening that game, then shares the GIL with
        if not game.on_record or not path.is_file():
            self._put(path, self._record_text(game))
            game._saved = game.mark()
        self._index[game.key] = Entry(
            game.key, game.title, game.doc.kind.name, game.status, game.origin, game.source, game.updated
        )
        if self.current is game:
            self._current_key = game.key
        self._prune()
        self._write_index()

    def _prune(self) -> None:
        if len(self._index) <= MAX_RECORDS:
            return
        keep = {self._current_key}
        for entry in self.entries()[MAX_RECORDS:]:
            if entry.key in keep:
                continue
            self._index.pop(entry.key, None)
            self._games.pop(entry.key, None)
            self._put(self.record_path(entry.key), DELETE)

    # ------------------------------------------------------------------ opening
    def game_for(self, doc: files.PuzzleDoc, origin: str | None = None) -> Game:
        """``doc``'s game: the one on record if there is one, else a new game.

        A file that changed on disk since its record was written wins over the record
        (the file is what the user last saved).  A record that cannot be read is put
        aside (see ``notices``) and the game starts from ``doc``."""
        key = puzzle_key(doc)
        game = self._games.get(key)
        if game is None and key in self._index:
            try:
                game = self._read_record(key)
            except PuzzleError as exc:
                self._put_aside(key, str(exc))
                game = None
        if game is not None:
            same_puzzle = game.doc.kind is doc.kind and game.doc.kind.encode(game.doc.state) == doc.kind.encode(doc.state)
            stale = doc.path is not None and _mtime(doc.path) != game.file_mtime
            if same_puzzle and not stale:
                self._hold(game)
                return game
        game = Game(
            key=key,
            doc=doc,
            history=doc.history(),
            origin=_origin_of(doc, origin),
            updated=self.clock(),
            file_mtime=_mtime(doc.path) if doc.path is not None else None,
        )
        self._hold(game)
        return game

    def open(self, doc: files.PuzzleDoc, origin: str | None = None) -> Game:
        """Make ``doc``'s game the current one; the game it replaces keeps its record.

        PuzzleError (and nothing changes) if ``doc``'s own progress does not replay."""
        game = self.game_for(doc, origin)
        self._set_current(game)
        return game

    def open_key(self, key: str) -> Game:
        """The game on record under ``key`` (a library entry), made current."""
        game = self._games.get(key)
        if game is None:
            if key not in self._index:
                raise PuzzleError("That game is no longer on record.")
            try:
                game = self._read_record(key)
            except PuzzleError as exc:
                self._put_aside(key, str(exc))
                raise PuzzleError(self.notices[-1]) from None
            self._hold(game)
        self._set_current(game)
        return game

    def _set_current(self, game: Game) -> None:
        self.current = game
        self._current_key = game.key
        self._job = None  # whatever ran for the previous game no longer answers

    def restore(self) -> Game | None:
        """The game that was current when the app last ran (None if there is none or
        its record is unreadable: then ``notices`` says why and where it was kept)."""
        key = self._current_key
        if not key:
            return None
        if key not in self._games and not self.record_path(key).exists():
            return None
        entry = self._index.get(key)
        if entry is not None and entry.kind not in registry.KIND_MODULES:
            return None  # a kind this build does not know: its record stays as it is
        game = self._games.get(key)  # read already (``adopt``)
        if game is None:
            try:
                game = self._read_record(key)
            except PuzzleError as exc:
                self._put_aside(key, str(exc))
                self._current_key = None
                return None
        self._hold(game)
        self._set_current(game)
        return game

    def saved_as(self, game: Game, path) -> None:
        """``game`` now lives in the file ``path``: its record follows it there."""
        old_key = game.key
        game.doc.path = Path(path)
        game.doc.name = ""
        game.origin = FILE
        game.file_mtime = _mtime(path)
        game.key = puzzle_key(game.doc)
        if game.key != old_key:
            self._games.pop(old_key, None)
            self._index.pop(old_key, None)
            self._put(self.record_path(old_key), DELETE)
        self._hold(game)
        if self.current is game:
            self._current_key = game.key
        self.save(game)

    # ------------------------------------------------------------------ background jobs
    # The window waits for one solve at a time; a result belongs on screen only if it
    # answers that solve for the game still open (another puzzle opened forgets it).
    def begin_job(self, job_id: int) -> None:
        """The solve ``job_id`` was started for the current game; the newest wins."""
        self._job = (self.current.key if self.current is not None else None, job_id)

    def owns(self, job_id) -> bool:
        """True if a result of ``job_id`` still belongs on screen."""
        return self._job is not None and self.current is not None and self._job == (self.current.key, job_id)

    def end_job(self) -> None:
        """The awaited job answered, or is given up on: nothing more is awaited."""
        self._job = None


def time_text(seconds: float | None) -> str:
    """"4:07", "1:02:03"; "–" for no time."""
    if seconds is None:
        return "\u2013"
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class AutosaveClock:
    """When to autosave: ``delay`` after the last change, but never later than
    ``max_wait`` after the first unsaved one, so steady play cannot starve it."""

    def __init__(self, delay: float = 0.4, max_wait: float = 2.0):
        self.delay = delay
        self.max_wait = max_wait
        self._first: float | None = None

    @property
    def dirty(self) -> bool:
        return self._first is not None

    def changed(self, now: float) -> float:
        """Note a change at ``now``; the seconds until the save is due."""
        if self._first is None:
            self._first = now
        due = min(now + self.delay, self._first + self.max_wait)
        return max(0.0, due - now)

    def saved(self) -> None:
        self._first = None
