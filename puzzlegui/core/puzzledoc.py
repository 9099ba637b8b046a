"""One puzzle file: the format's reading, the document it gives (PuzzleDoc), and the
bounded read of a file's text (docs/FORMAT.md).

core/collection.py reads its entries with these, and core/files.py (which also knows
collections, built-in puzzles and pastes) builds on both: so neither of the two needs
the other back.  Every reader turns malformed input into a PuzzleError whose message
says what is wrong and where.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from . import registry, validate
from .history import History
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
