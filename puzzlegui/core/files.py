"""The puzzle file format, built-in puzzles, and where a SOURCE comes from.

A puzzle file is one JSON object (docs/FORMAT.md)::

    {"format": "puzzlegui", "version": 1, "kind": "kurosu",
     "title": "...", "source": "...", "author": "...", "notes": "...",
     "puzzle": {... the kind's own section ...},
     "progress": [... moves made so far, optional ...]}

Every reader here turns malformed input into a PuzzleError whose message says what is
wrong and where; nothing raises anything else for bad input.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from . import library, registry, safefile
from .history import History
from . import validate
from .kind import PuzzleError, PuzzleKind

FORMAT = "puzzlegui"
VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024
META_KEYS = ("title", "source", "author", "notes")


@dataclass
class PuzzleDoc:
    """A puzzle as loaded: its kind, the puzzle as given, metadata and progress."""

    kind: PuzzleKind
    state: object  # the initial state (the puzzle as given)
    meta: dict = field(default_factory=dict)
    progress: list = field(default_factory=list)  # moves in save-file form
    name: str = ""  # built-in name, when it is one
    path: Path | None = None  # file it came from, when it is one

    @property
    def title(self) -> str:
        return self.meta.get("title") or self.name or f"Untitled {self.kind.title}"

    def history(self) -> History:
        """A history at the saved progress; PuzzleError if the moves do not replay."""
        history = History(self.kind, self.state)
        history.replay_json(self.progress)
        return history


# --- reading ------------------------------------------------------------------------
def _where(origin: str) -> str:
    return f"{origin}: " if origin else ""


def parse_json(text: str, origin: str = ""):
    """The JSON value of ``text``: depth and size are bounded before parsing, and NaN,
    Infinity, numbers of hundreds of digits and repeated keys are refused (core/validate)."""
    if isinstance(text, str) and len(text) > MAX_FILE_BYTES:
        raise PuzzleError(f"{_where(origin)}the text is {len(text):,} characters; puzzle files are at most {MAX_FILE_BYTES:,}.")
    return validate.parse_json(text, _where(origin))


def loads(text: str, origin: str = "") -> PuzzleDoc:
    data = parse_json(text, origin)
    return from_data(data, origin)


TOP_KEYS = ("format", "version", "kind", *META_KEYS, "puzzle", "progress")


def from_data(data, origin: str = "") -> PuzzleDoc:
    where = _where(origin)
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}a puzzle file holds one JSON object, not {validate.shown(data)}.")
    for key in data:
        if key not in TOP_KEYS:
            raise PuzzleError(f"{where}unknown key {validate.shown(key)}; the keys are {', '.join(TOP_KEYS)}.")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PuzzleError(f'{where}"format" is {validate.shown(fmt, 40)}; a puzzle file says "{FORMAT}".')
    version = data.get("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise PuzzleError(f'{where}"version" must be a whole number from 1, not {validate.shown(version, 40)}.')
    if version > VERSION:
        raise PuzzleError(
            f"{where}the file was written by a newer puzzlegui (format version {validate.shown(version)}; "
            f"this one reads version {VERSION})."
        )
    if "kind" not in data:
        raise PuzzleError(f'{where}the file does not say which kind of puzzle it is ("kind" is missing).')
    name = data["kind"]
    if not isinstance(name, str):
        raise PuzzleError(f'{where}"kind" must be a name such as "tracks", not {validate.shown(name, 40)}.')
    known = registry.names()
    if name not in known:
        close = name.strip().lower()
        if close in known:
            raise PuzzleError(f'{where}"kind" is {validate.shown(name, 40)}; write it exactly "{close}".')
        raise PuzzleError(
            f"{where}Unknown puzzle kind {validate.shown(name, 40)}; the kinds are: {', '.join(known)}."
        )
    kind = registry.get(name)
    meta = {}
    for key in META_KEYS:
        if key in data and data[key] is not None:
            if not isinstance(data[key], str):
                raise PuzzleError(f'{where}"{key}" must be text, not {validate.shown(data[key])}.')
            try:
                text = validate.clean_meta(data[key][:MAX_META_CHARS], f'"{key}"', lines=key == "notes")
            except PuzzleError as exc:
                raise PuzzleError(f"{where}{exc}") from None
            if text:  # empty text is no text: a saved file leaves it out
                meta[key] = text
    puzzle = data.get("puzzle")
    if not isinstance(puzzle, dict):
        raise PuzzleError(f'{where}the "puzzle" section is missing or not an object.')
    try:
        state = kind.decode(puzzle)
    except PuzzleError as exc:
        raise PuzzleError(f"{where}{exc}") from None
    except RecursionError:
        raise PuzzleError(f"{where}the puzzle section is nested too deeply to read.") from None
    progress = data.get("progress", [])
    if progress is None:
        progress = []
    if not isinstance(progress, list):
        raise PuzzleError(f'{where}"progress" must be a list of moves, not {validate.shown(progress)}.')
    try:
        _check_progress(kind, progress)
    except PuzzleError as exc:
        raise PuzzleError(f"{where}{exc}") from None
    return PuzzleDoc(kind=kind, state=state, meta=meta, progress=progress)


MAX_META_CHARS = 2000


def _check_progress(kind: PuzzleKind, progress: list) -> None:
    """Every saved move has the kind's move form (whether it can be played is found out
    when the game is replayed); restarts and batches have only their own keys."""
    for i, raw in enumerate(progress, start=1):
        try:
            if isinstance(raw, dict):
                if set(raw) == {"restart"}:
                    if raw["restart"] is not True:
                        raise PuzzleError('"restart" must be true.')
                    continue
                if set(raw) == {"goto"}:  # back to an earlier position (history.Goto)
                    g = raw["goto"]
                    if not isinstance(g, int) or isinstance(g, bool) or not 0 <= g < i:
                        raise PuzzleError('"goto" must name an earlier position, a whole number.')
                    continue
                if "batch" not in raw or set(raw) - {"batch", "label"}:
                    extra = sorted(set(raw) - {"batch", "label"}, key=str)
                    why = f"the key {validate.shown(extra[0])} is unknown" if extra else '"batch" is missing'
                    raise PuzzleError(
                        f'{why}; a move in an object is {{"restart": true}} or {{"batch": [...], "label": "..."}}.'
                    )
                validate.Text(0, 200, printable=True).check(raw.get("label", ""), 'the "label"')
                batch = raw["batch"]
                if not isinstance(batch, list):
                    raise PuzzleError(f'"batch" must be a list of moves, not {validate.shown(batch)}.')
                for j, move in enumerate(batch, start=1):
                    try:
                        kind.move_from_json(move)
                    except PuzzleError as exc:
                        raise PuzzleError(f"in its move {j}, {_lower(str(exc))}") from None
            else:
                kind.move_from_json(raw)
        except PuzzleError as exc:
            raise PuzzleError(f"Saved move {i} is not a move of this puzzle: {_lower(str(exc))}") from None
        except RecursionError:
            raise PuzzleError(f"Saved move {i} is nested too deeply to read.") from None


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _name(path) -> str:
    """A path as a message shows it: on one line, with undecodable bytes escaped."""
    return validate.safe_text(str(path))


def read_text_file(path: Path) -> str:
    """A file's text, with a sentence for every way reading it can fail.

    Only a regular file is read (a device, FIFO or socket is refused before and after
    opening, so /dev/zero is not read for ever and a FIFO nobody writes never blocks: it
    is opened with O_NONBLOCK), and never more than MAX_FILE_BYTES + 1 bytes of it."""
    name = _name(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise PuzzleError(f"{name}: no such file.") from None
    except (OSError, ValueError) as exc:
        raise PuzzleError(f"{name}: cannot be read ({_os_reason(exc)}).") from None
    _check_regular(st, name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise PuzzleError(f"{name}: no such file.") from None
    except OSError as exc:
        raise PuzzleError(f"{name}: cannot be read ({_os_reason(exc)}).") from None
    try:
        _check_regular(os.fstat(fd), name)  # the file may have been replaced meanwhile
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise PuzzleError(f"{name}: cannot be read ({_os_reason(exc)}).") from None
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise PuzzleError(f"{name}: the file is more than {MAX_FILE_BYTES:,} bytes; puzzle files are at most that.")
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"{name}: not a text file (byte {exc.start} is not UTF-8).") from None


def _os_reason(exc: Exception) -> str:
    return validate.safe_text(str(getattr(exc, "strerror", None) or exc))[:100]


def _check_regular(st: os.stat_result, name: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise PuzzleError(f"{name} is a folder, not a puzzle file.")
    if not stat.S_ISREG(st.st_mode):
        raise PuzzleError(f"{name} is not a regular file; a puzzle is read from an ordinary file.")
    if st.st_size > MAX_FILE_BYTES:
        raise PuzzleError(f"{name}: the file is {st.st_size:,} bytes; puzzle files are at most {MAX_FILE_BYTES:,}.")


def load_path(path, kind: str | None = None, read_collections: bool = True) -> PuzzleDoc:
    """A puzzle file; with ``kind``, also that kind's plain text layout or a game ID.

    A collection (a folder of puzzle files, or a text file of game IDs: core/collection)
    of exactly one puzzle is that puzzle; of more, collection.IsCollection (a
    PuzzleError whose sentence says to choose one as ``PATH#N``) carries it.  With
    ``read_collections`` false a collection is not read: collection.Unread says where
    it is, for the caller to read (the window, off the GUI thread)."""
    from . import collection

    path = Path(path)
    if collection.is_folder(path):
        if not read_collections:
            raise collection.Unread(path)
        return collection.one_or_raise(collection.load_folder(path))
    text = read_text_file(path)
    if collection.is_collection_text(text):
        if not read_collections:
            raise collection.Unread(path, text)
        return collection.one_or_raise(collection.parse(text, path, kind))
    if text.lstrip().startswith("{") or kind is None:
        doc = _of_kind(loads(text, _name(path)), kind, f"{_name(path)} holds a")
    else:
        k = registry.get(kind)
        try:
            state = k.parse_text(text)
        except PuzzleError as exc:
            raise PuzzleError(f"{_name(path)}: {exc}") from None
        doc = PuzzleDoc(kind=k, state=state)
    doc.path = path
    doc.meta.setdefault("title", validate.safe_text(path.stem))
    return doc


def _of_kind(doc: PuzzleDoc, kind: str | None, what: str) -> PuzzleDoc:
    """``doc``, if it is of ``kind`` (when one is asked for); else a sentence saying so."""
    if kind is not None and doc.kind.name != registry.get(kind).name:
        raise PuzzleError(f"{what} {doc.kind.name} puzzle, not {validate.safe_text(str(kind))[:40]}.")
    return doc


def file_data(doc: PuzzleDoc) -> dict:
    """The puzzle file's fields for ``doc`` (without progress), as JSON-ready data."""
    data: dict = {"format": FORMAT, "version": VERSION, "kind": doc.kind.name}
    for key in META_KEYS:
        if doc.meta.get(key):
            data[key] = doc.meta[key]
    data["puzzle"] = doc.kind.encode(doc.state)
    return data


def dumps(doc: PuzzleDoc, history: History | None = None) -> str:
    """The file text for ``doc``; with a history, its progress too.

    The puzzle is laid out for people to read; the progress, which can be long, is
    written compactly on one line, so a file the app writes always stays within what
    it reads back (MAX_FILE_BYTES, at most history.MAX_MOVES moves)."""
    text = json.dumps(file_data(doc), indent=1, ensure_ascii=False)
    moves = history.moves_json() if history is not None else doc.progress
    if moves:
        progress = json.dumps(moves, separators=(",", ":"), ensure_ascii=False)
        text = text[: -len("\n}")] + ',\n "progress": ' + progress + "\n}"
    return text + "\n"


# --- writing: every file the app writes goes through core/safefile --------------------
UnsafeTarget = safefile.UnsafeTarget
TargetExists = safefile.TargetExists
own_folder = safefile.own_folder
check_target = safefile.target


def save_atomic(path, text: str | bytes, follow_links: bool = True, overwrite: bool = True,
                make_folders: bool = False) -> Path:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, and
    nothing but an ordinary file (or a free name) is ever written; returns the file
    written.

    The text goes to a temporary file in the same folder, is flushed to disk, then moved
    into place: renamed over an existing file, linked to a free name (so a file that
    appears meanwhile is never replaced).  A symbolic link is written through to the
    ordinary file at its end (its target is replaced, the link stays).  A folder, FIFO,
    device or socket, or a link to one or to nothing, is refused with a sentence
    (UnsafeTarget), never opened and never replaced.  ``overwrite=False`` wants a new
    file: TargetExists if the name is taken.

    ``follow_links=False`` replaces a link at ``path`` with the file instead (what the
    app's own files want, and an installer: never write where a planted link points);
    so does any file in a folder given to ``own_folder``."""
    return safefile.write(path, text, follow_links=follow_links, overwrite=overwrite, make_folders=make_folders)


# --- built-in puzzles ----------------------------------------------------------------
# listed by core.library, which imports no engine (for `puzzlegui list`); read here
BuiltIn = library.BuiltIn
builtins = library.builtins


def load_builtin(name: str) -> PuzzleDoc:
    for b in builtins():
        if b.name == name:
            doc = loads(b.text, b.name)
            doc.name = b.name
            return doc
    raise PuzzleError(f"There is no built-in puzzle called {validate.shown(name, 60)}; `puzzlegui list` shows them.")


# --- SOURCE: a path, a built-in name, or a game ID -----------------------------------
def load_source(source: str, kind: str | None = None, read_collections: bool = True) -> PuzzleDoc:
    """What the command line and Open accept: a file path, a built-in puzzle's name, or
    a game ID (with ``kind``, or written as ``KIND:ID``); ``PATH#N`` is puzzle N of a
    collection, and a collection's PATH alone raises collection.IsCollection.  With
    ``read_collections`` false, a collection's PATH or PATH#N raises collection.Unread
    instead, before the collection is read (load_path)."""
    source = str(source)
    if len(source) > 100_000:
        raise PuzzleError("The puzzle source is too long to be a file name or game ID.")
    if not source.strip():
        raise PuzzleError("No puzzle was named: give a file, a built-in puzzle's name or a game ID.")
    path = Path(source)
    try:
        is_file = path.exists()
    except (OSError, ValueError):
        is_file = False
    if is_file:
        return load_path(path, kind, read_collections)
    from . import collection

    picked = collection.split_source(source)  # PATH#N: puzzle N of a collection
    if picked is not None:
        if not read_collections:
            raise collection.Unread(picked[0], number=picked[1])
        return collection.load_item(picked[0], picked[1], kind)
    if any(b.name == source for b in builtins()):
        return _of_kind(load_builtin(source), kind, f'The built-in puzzle "{source}" is a')
    game_id = source
    if kind is None:
        prefix, sep, rest = source.partition(":")
        if sep and registry.canonical(prefix) is not None:
            kind, game_id = registry.canonical(prefix), rest
        else:
            raise PuzzleError(
                f"{validate.shown(source, 60)} is not a file, a built-in puzzle or a game ID; "
                "give a game ID with --kind K or as KIND:ID (for example kurosu:6x6:DdCDeAddBEa)."
            )
    else:
        prefix, sep, rest = source.partition(":")
        if sep and registry.canonical(prefix) is not None and registry.canonical(prefix) == registry.canonical(kind):
            game_id = rest
    k = registry.get(kind)
    state = k.parse_game_id(game_id.strip())
    return PuzzleDoc(kind=k, state=state, meta={"title": f"{k.title} {game_id.strip()[:40]}"})
