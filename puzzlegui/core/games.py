"""The games in progress: every puzzle's game, held in memory and kept in the game store.

Which puzzle is open, and the game (core/game.py) of every puzzle the player has
touched.  The games live in the game store
(core/store.py, one SQLite database in the data folder): ``save`` writes only what
changed since the last save (a move appends a row), so the window saves after every
move and a kill loses nothing.  Everything here is tested without Qt.

A puzzle's key comes from its origin: a built-in's name, a file's real path, or else the
puzzle itself (a generated or entered puzzle, a game ID), so opening it again finds its
game.  At most MAX_GAMES_HELD games are held in memory; an older one is read back from
the store when it is opened again.

Reading a game replays its whole history (up to 50,000 moves: about a second).  A
window that must not pause asks ``needs_reading`` first, runs ``read_game`` on another
thread (it touches nothing here), and hands the answer to ``adopt`` on its
own; opening the key then takes the game from memory.  A puzzle opened with a long
progress of its own (a pasted or opened file) is replayed the same way.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from . import files, gcpause, grades, legacy, registry, safefile
from .jobs import GAMELESS, Ticket, Tickets
from . import store as store_mod
from .game import Attempt, Game
from .history import History
from .kind import PuzzleError
from .store import (  # noqa: F401 - the names the window and the library use
    BUILTIN, ENTERED, FILE, GAME_ID, GENERATED, IN_PROGRESS, NEW, SOLVED, Conflict, Entry, Stats, StoreError,
)
from .writer import Writer

#: games held in memory (the current one always); an older one is read back from the
#: store when it is opened again, so a long run does not grow without bound
MAX_GAMES_HELD = 16
#: a game whose stored moves are at least this many bytes takes long enough to replay
#: (about 1.4 ms a kilobyte on a 40x40 Kurosu) that a window reads it off its GUI thread
BIG_RECORD_BYTES = 16_384
#: the same for a puzzle opened with progress of its own (moves in its file)
BIG_PROGRESS_MOVES = 1_000


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def builtin_key(name: str) -> str:
    return _digest("builtin\0" + name)


def file_key(path) -> str:
    return _digest("file\0" + os.path.realpath(path))


def puzzle_key(doc: files.PuzzleDoc) -> str:
    """The key of ``doc``'s game: the same puzzle opened again finds the same one."""
    if doc.name:
        return builtin_key(doc.name)
    if doc.path is not None:
        return file_key(doc.path)
    section = json.dumps(doc.kind.encode(doc.state), sort_keys=True, separators=(",", ":"))
    return _digest(f"puzzle\0{doc.kind.name}\0{section}")


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


def _create_new(path: Path, text: str) -> Path:
    """Write ``text`` to a new file at ``path`` (or ``path`` with -2, -3, ... if that name
    is taken): created exclusively, never over anything (core/safefile.py)."""
    stem, suffix = path.stem, path.suffix
    for n in range(1, 1000):
        target = path if n == 1 else path.with_name(f"{stem}-{n}{suffix}")
        try:
            return safefile.write(target, text, follow_links=False, overwrite=False)
        except safefile.TargetExists:
            continue
    raise FileExistsError(f"{path}: no free name")


class Games:
    def __init__(self, folder, clock=time.time, read_only: bool = False, ticks=time.monotonic, waiting=None):
        """``waiting(seconds)`` hears, while another program holds the games database
        locked at start, how long the store has waited for it (core/store.py)."""
        self.folder = Path(folder)
        self.clock = clock  # wall time: when a game was last played
        self.ticks = ticks  # the games' clocks run on this one (core/game.py)
        self.store = store_mod.Store(self.folder, clock, read_only=read_only, waiting=waiting)
        if self.store.fresh:
            legacy.import_folder(self.store)  # the JSON records of earlier versions, once
        self.current: Game | None = None
        self._games: dict[str, Game] = {}  # games held in memory, least recently used first
        self._current_key: str | None = self.store.current_key
        self._stored_current = self._current_key  # what the store says is current
        #: things the user must read (a game set aside, the store's troubles)
        self.notices: list[str] = self.store.notices
        self._error: StoreError | None = None  # a statistics write that failed (take_error)
        self.writer = Writer()  # the library's pictures
        self._tickets = Tickets()  # for work with no game yet (ticket)

    # ------------------------------------------------------------------ work with no game
    def ticket(self, what: str) -> Ticket:
        """A ticket for background work that has no game (yet): opening a puzzle,
        generating one, reading a collection, the workbench, printing.  Only the newest
        of each ``what`` is wanted (a newer "open" retires the one before), until dropped."""
        return self._tickets.issue(GAMELESS, 0, what)

    def wants(self, ticket: Ticket) -> bool:
        return self._tickets.wants(ticket, GAMELESS)

    def drop(self, what: str) -> None:
        self._tickets.drop(what)

    # ------------------------------------------------------------------ the library
    def entries(self) -> list[Entry]:
        """Every game on record whose kind this build knows, most recently played first.
        A game of a kind it does not know (stored by a newer version) is left as it is."""
        known = registry.KIND_MODULES
        return [e for e in self.store.entries() if e.kind in known]

    def status_of(self, key: str) -> str:
        if self.current is not None and self.current.key == key:
            return self.current.status
        held = self._games.get(key)
        if held is not None:
            return held.status
        return self.store.status(key)  # one row: the library asks this for every line

    def entry_for_source(self, source: str) -> Entry | None:
        for e in self.store.entries():
            if e.source == source:
                return e
        return None

    @property
    def last_key(self) -> str | None:
        """The key of the game that is (or, before ``restore``, was last) current."""
        return self._current_key

    # ------------------------------------------------------------------ statistics
    def stats(self) -> list[Stats]:
        """Every puzzle with a record of play, most solved first."""
        return self.store.stats()

    def stats_for(self, key: str) -> Stats | None:
        return self.store.stats_for(key)

    def puzzle_facts(self, key: str) -> tuple[str, str] | None:
        """The size ("8x8") and grade (the kind's one grader, ``level_name``, as the
        library line shows it; "" for a kind without levels) of ``key``'s puzzle as
        stored, or None when there is none or it does not read.  It grades, which may
        take a while on a big board: a window calls it off its GUI thread."""
        text = self.store.puzzle_text(key, files.MAX_FILE_BYTES)
        if text is None:
            return None
        try:
            doc = files.from_data(files.parse_json(text, "the saved puzzle"), "the saved puzzle")
            return grades.facts_of(doc.kind, doc.state)
        except (PuzzleError, ValueError):
            return None

    def add_stats(self, game: Game, **counts) -> Stats:
        """Add to ``game``'s statistics (the game object says what, core/game.py); a
        failed write never stops play: the window says it once (take_error)."""
        try:
            return self.store.add_stats(game.key, game.title, game.doc.kind.name, **counts)
        except StoreError as exc:
            self._error = exc
            return self.store.stats_for(game.key) or Stats(game.key, game.title, game.doc.kind.name)

    def changed(self, game: Game) -> None:
        """``game`` asks to be stored (it decides when: core/game.py): now, and a move
        is one row, so a kill loses nothing."""
        try:
            self.save(game)
        except StoreError as exc:
            self._error = exc

    def reset_stats(self) -> None:
        self.store.reset_stats()

    def take_error(self) -> StoreError | None:
        """A write that failed since the last call (once): statistics, or a game stored
        after a change."""
        error, self._error = self._error, None
        return error

    # ------------------------------------------------------------------ reading games
    def _read_record(self, key: str) -> Game | None:
        """``key``'s game from the store (None if it has none); PuzzleError if it does
        not read or replay."""
        # a long game's moves are many short-lived JSON values, and its history many
        # long-lived tuples: the collector's full passes over either hold the GIL for
        # 100 ms and more (gcpause.py)
        with gcpause.young_only():
            game = self._parse_record(key)
        gcpause.keep()
        return game

    def _parse_record(self, key: str) -> Game | None:
        where = "The saved game: "
        try:
            record = self.store.load(key, files.MAX_FILE_BYTES)
        except ValueError as exc:
            raise PuzzleError(f"{where}{exc}.") from None
        if record is None:
            return None
        doc = files.from_data(files.parse_json(record.puzzle, "the saved puzzle"), "the saved puzzle")
        if record.name:
            doc.name = record.name
        if record.path is not None and file_key(record.path) == key:
            doc.path = record.path
        # else the row names a file its key is not of (written by another program): the
        # game has no file, and Save asks where, never writing over that other file
        moves = files.parse_json("[" + ",".join(record.moves) + "]", "the saved moves")
        try:
            history = History.from_json(doc.kind, doc.state, {"moves": moves, "position": record.position})
        except PuzzleError as exc:
            raise PuzzleError(f"{where}{exc}") from None
        history.mark_stored()
        game = Game(
            key=key, doc=doc, history=history, origin=record.origin, updated=record.updated,
            file_mtime=record.file_mtime, attempt=Attempt(record.elapsed, record.hints, record.solver_used),
            rev=record.rev,
        )
        game.load_attempts(record.attempts)
        game._stored_file = game.file_data()
        game._saved = game.mark()
        return game

    def _new_game(self, doc: files.PuzzleDoc, origin: str | None = None) -> Game:
        """A new game of ``doc`` at its own progress (PuzzleError if that does not replay)."""
        return Game(
            key=puzzle_key(doc), doc=doc, history=doc.history(), origin=_origin_of(doc, origin),
            updated=self.clock(), file_mtime=_mtime(doc.path) if doc.path is not None else None,
        )

    def needs_reading(self, key: str, doc: files.PuzzleDoc | None = None) -> bool:
        """True if opening ``key`` (or ``doc``, whose key it is) would replay a long
        history: a stored game of at least BIG_RECORD_BYTES, or a new puzzle whose file
        brings at least BIG_PROGRESS_MOVES moves of its own."""
        if key in self._games:
            return False
        if self.store.has(key):
            return self.store.size(key) >= BIG_RECORD_BYTES
        return doc is not None and len(doc.progress) >= BIG_PROGRESS_MOVES

    def read_game(self, key: str, doc: files.PuzzleDoc | None = None) -> "Game | PuzzleError":
        """``key``'s game read from the store (or, if it has none, made from ``doc``),
        or the PuzzleError saying why it cannot be: for another thread (it changes
        nothing here).  Give the answer to ``adopt``."""
        try:
            game = self._read_record(key)
            if game is None and doc is not None:
                with gcpause.young_only():
                    game = self._new_game(doc)
                gcpause.keep()
            return game if game is not None else PuzzleError("That game is no longer on record.")
        except PuzzleError as exc:
            return exc
        except RecursionError:
            return PuzzleError("The saved game is nested too deeply.")

    def adopt(self, key: str, answer: "Game | PuzzleError") -> None:
        """``read_game(key)``'s answer: the game is held in memory for the next open, or
        a stored game that does not read is set aside (see ``notices``).  An answer that
        came too late (the game was opened meanwhile) changes nothing."""
        if key in self._games:
            return
        if isinstance(answer, Game):
            self._hold(answer)
        elif self.store.has(key):
            self._set_aside(key, str(answer))

    def _hold(self, game: Game) -> None:
        """Keep ``game`` in memory as the most recently used; let go of the least
        recently used beyond MAX_GAMES_HELD (never the current one, and only games the
        store holds as they are: they come back from it as they were)."""
        self._games.pop(game.key, None)
        self._games[game.key] = game
        game.shelf = self
        excess = len(self._games) - MAX_GAMES_HELD
        for key, held in list(self._games.items()):
            if excess <= 0:
                break
            if held is not self.current and held.on_record:
                del self._games[key]
                excess -= 1

    def _set_aside(self, key: str, reason: str) -> Path | None:
        """Move a stored game that cannot be read out of the store, into a file of its
        own in the data folder's ``set-aside`` folder, and say so."""
        kept = ""
        aside = None
        try:
            raw = self.store.raw(key)
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
            folder = self.folder / "set-aside"
            folder.mkdir(exist_ok=True)
            aside = _create_new(folder / f"game-{stamp}.json", json.dumps(raw, ensure_ascii=True, indent=1))
            kept = f" It was kept as {aside}."
        except (OSError, ValueError, PuzzleError):
            pass
        try:
            self.store.remove(key)
        except StoreError:
            pass
        self._games.pop(key, None)
        self.notices.append(f"A saved game could not be restored: {reason}{kept}")
        return aside

    def _checked(self, key: str) -> Game | None:
        """``key``'s game: held in memory if the store has nothing newer, else read from
        the store (None if it has none, or it was set aside)."""
        game = self._games.get(key)
        if game is not None and game.conflict:
            game = None  # the player was told: opening it again shows the other copy's game
        elif game is not None and game.rev is not None and game.on_record:
            if self.store.rev(key) not in (game.rev, None):  # another copy of the app played it since
                game = None
        if game is None:
            try:
                game = self._read_record(key)
            except PuzzleError as exc:
                self._set_aside(key, str(exc))
                return None
        return game

    def _fresh_from_file(self, game: Game) -> Game:
        """``game``, or if its file was changed on disk since, the file as it is now (the
        file is what the user last saved; the store's copy gives way to it)."""
        path = game.doc.path
        if path is None or game.origin != FILE or _mtime(path) in (None, game.file_mtime):
            return game
        try:
            doc = files.load_path(path)
            fresh = self._new_game(doc, FILE)
        except PuzzleError:
            return game  # gone or unreadable: the stored game is all there is
        if fresh.key != game.key:
            return game
        fresh.rev = game.rev
        fresh.conflict = game.conflict
        self.notices.append(
            f"{files._name(path)} was changed since you last played it here; it is opened as it is saved there now."
        )
        return fresh

    # ------------------------------------------------------------------ opening
    def game_for(self, doc: files.PuzzleDoc, origin: str | None = None) -> Game:
        """``doc``'s game: the one on record if there is one, else a new game.

        A file that changed on disk since its game was stored wins over the store (the
        file is what the user last saved).  A stored game that cannot be read is set
        aside (see ``notices``) and the game starts from ``doc``."""
        key = puzzle_key(doc)
        game = self._checked(key)
        if game is not None:
            same_puzzle = game.doc.kind is doc.kind and game.doc.kind.encode(game.doc.state) == doc.kind.encode(doc.state)
            stale = doc.path is not None and _mtime(doc.path) != game.file_mtime
            if same_puzzle and not stale:
                self._hold(game)
                return game
        rev = game.rev if game is not None else self.store.rev(key)
        game = self._new_game(doc, origin)
        game.rev = rev  # this game takes the stored one's place
        self._hold(game)
        return game

    def open(self, doc: files.PuzzleDoc, origin: str | None = None) -> Game:
        """Make ``doc``'s game the current one; the game it replaces stays in the store.

        PuzzleError (and nothing changes) if ``doc``'s own progress does not replay."""
        game = self.game_for(doc, origin)
        self._set_current(game)
        return game

    def open_key(self, key: str) -> Game:
        """The game on record under ``key`` (a library entry), made current."""
        if not self.store.has(key) and key not in self._games:
            raise PuzzleError("That game is no longer on record.")
        game = self._checked(key)
        if game is None:
            raise PuzzleError(self.notices.pop() if self.notices else "That game is no longer on record.")
        game = self._fresh_from_file(game)
        self._hold(game)
        self._set_current(game)
        return game

    def _set_current(self, game: Game) -> None:
        previous = self.current
        if previous is not None and previous is not game:
            previous.leave(self.ticks())
        self.current = game
        self._current_key = game.key
        if game.rev is None or not game.on_record:
            self.changed(game)  # a new puzzle's game is stored as it is opened (and made current there)
        else:
            self._store_current()

    def _store_current(self) -> None:
        key = self._current_key
        if key != self._stored_current:
            try:
                self.store.set_current(key)
                self._stored_current = key
            except StoreError as exc:
                self._error = exc

    def restore(self) -> Game | None:
        """The game that was current when the app last ran (None if there is none, or
        it does not read: then ``notices`` says why and where it was kept)."""
        key = self._current_key
        if not key or (key not in self._games and not self.store.has(key)):
            return None
        kind = self.store.kind_of(key)
        if kind is not None and kind not in registry.KIND_MODULES:
            return None  # a kind this build does not know: its game stays as it is
        game = self._checked(key)
        if game is None:
            self._current_key = None
            return None
        game = self._fresh_from_file(game)
        self._hold(game)
        self._set_current(game)
        return game

    def saved_as(self, game: Game, path) -> None:
        """``game`` now lives in the file ``path``: its stored game follows it there."""
        old_key = game.key
        game.doc.path = Path(path)
        game.doc.name = ""
        game.origin = FILE
        game.file_mtime = _mtime(path)
        game.key = puzzle_key(game.doc)
        if game.key != old_key:
            self._games.pop(old_key, None)
            self._games.pop(game.key, None)
            if game.conflict:  # the stored game is the other copy's: it stays; this one is new
                game.conflict, game.rev, game._stored_file = "", None, None
                game.history.mark_unstored()
            elif game.rev is not None:
                self.store.rename(old_key, game.key)
        self._hold(game)
        if self.current is game:
            self._set_current(game)
        self.save(game)

    # ------------------------------------------------------------------ saving
    def save(self, game: Game | None = None, background: bool = False) -> None:
        """Store what changed of ``game`` (the current one by default) since it was
        last stored: a move is one row, so this costs next to nothing.

        Raises StoreError (an OSError) when the store refuses: the game stays as it is
        in memory (Save As keeps it).  ``background`` is kept for callers that asked
        for the old record writer; every save is now this quick."""
        game = game or self.current
        if game is None:
            return
        if game.conflict:
            raise Conflict(game.conflict)
        if game.on_record and game.rev is not None:
            return
        try:
            self._store(game)
        except store_mod.Gone:  # dropped from the store by the other copy: store it whole again
            game.rev = None
            game._stored_file = None
            game.history.mark_unstored()
            self._store(game)
        except Conflict as exc:
            game.conflict = exc.strerror
            raise

    def _store(self, game: Game) -> None:
        start, moves = game.history.unstored()
        fields = {
            "status": game.status, "position": game.history.position, "elapsed": round(game.elapsed, 3),
            "hints": game.hints, "solver_used": int(game.solver_used), "attempts": game.attempts_json(),
        }
        data = game.file_data()
        if game._stored_file is not data or game.rev is None:
            fields.update(
                kind=game.doc.kind.name, title=store_mod.text(game.title)[:200], origin=game.origin,
                name=game.doc.name, path=store_mod.path_bytes(game.doc.path), file_mtime=game.file_mtime,
                # a title made from a game ID typed on the command line may hold a lone
                # surrogate, which no puzzle file may: stored as U+FFFD, it reads back
                puzzle=store_mod.dumps({k: store_mod.text(v) if k in files.META_KEYS else v for k, v in data.items()}),
            )
        game.rev = self.store.save_game(game.key, fields, start, [store_mod.dumps(m) for m in moves], game.rev)
        game.history.mark_stored()
        game._stored_file = data
        game._saved = game.mark()
        game.updated = self.clock()
        if self.current is game:
            self._store_current()

    def flush(self, timeout: float | None = None) -> bool:
        """Every picture queued so far is on disk when this returns True (games are
        stored as they are saved)."""
        return self.writer.flush(timeout)

    def played(self, doc: files.PuzzleDoc) -> History:
        """The history of the player's game of ``doc``: the one in the store, unless its
        file changed since (the file wins, as in the window), else ``doc``'s own
        progress.  Reads only (the command line's ``--current`` and ``check``)."""
        game = self.read_game(puzzle_key(doc))
        if isinstance(game, Game):
            mtime = _mtime(doc.path) if doc.path is not None else None
            if doc.path is None or mtime == game.file_mtime:
                return game.history
        return doc.history()

    def close(self) -> None:
        """The app quits: the game on show is left (stored with its clock), the pictures
        written, the store closed."""
        if self.current is not None:
            self.current.leave(self.ticks())
        self.writer.flush(10)
        self.store.close()


def time_text(seconds: float | None) -> str:
    """"4:07", "1:02:03"; "–" for no time."""
    if seconds is None:
        return "\u2013"
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@dataclass(frozen=True)
class LevelStats:
    """The records of every puzzle of one kind, size and level, taken together."""

    kind: str
    size: str  # "8x8"; "" when not known
    level: str  # the grade's name; "" for a kind without levels or not known
    solved: int  # times solved, with or without help
    best: float | None  # the best time of a solve without help
    puzzles: int  # puzzles with a record


def by_size_and_level(rows, facts: dict) -> list[LevelStats]:
    """``rows`` (Stats) grouped by kind, size and level; ``facts``: key -> (size, level)
    (puzzle_facts; anything with .get), a key without facts grouped under an unknown size and level.
    Ordered by kind, then size (smallest first), then level (the order of the kind's
    difficulty choices)."""
    groups: dict = {}
    for st in rows:
        size, level = facts.get(st.key) or ("", "")
        key = (st.kind, size, level)
        solved, best, puzzles = groups.get(key, (0, None, 0))
        if st.best is not None and (best is None or st.best < best):
            best = st.best
        groups[key] = (solved + st.solved, best, puzzles + 1)
    return sorted((LevelStats(k, s, lv, *v) for (k, s, lv), v in groups.items()), key=_group_order)


def _group_order(g: LevelStats):
    dims = g.size.split("x")
    size = tuple(int(d) for d in dims) if len(dims) == 2 and all(d.isdigit() for d in dims) else (10**9, 10**9)
    return (g.kind, size[0] * size[1], size, _level_rank(g.kind, g.level), g.level)


def _level_rank(kind_name: str, level: str) -> int:
    """Where ``level`` comes among the kind's difficulty choices (after them if not one)."""
    try:
        kind = registry.get(kind_name)
        choices = next((p.choices for p in kind.parameters() if p.name == "difficulty"), ())
        return list(choices).index(level)
    except (PuzzleError, ValueError):
        return 10**6
