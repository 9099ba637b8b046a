"""Collections: many puzzles in one text file, or a folder of puzzle files.

A collection file is UTF-8 text, one puzzle per line (docs/FORMAT.md, "Collections")::

    # puzzlegui collection
    # title: Ten random Kurosu
    kurosu:6x6:DdCDeAddBEa            # Daily Mail, 1 June 2018
    # kind: rotation
    3x3n2:5,1,3,8,2,7,9,6,4
    {"kind": "strips", "puzzle": {...}}

An entry line is ``KIND:ID``, a plain game ID (its kind from the last ``# kind: K`` line,
or from ``--kind``), or a whole puzzle file on one line (a line starting with ``{``, for
kinds without game IDs).  ``# title`` after an ID names that puzzle.  Blank lines and
other ``#`` lines are ignored.  A folder is a collection of its ``*.json`` files (not its
subfolders), sorted by name with numbers in order.

Bounds: at most MAX_PUZZLES entries (later lines are not read, and a note says so), a
line of at most MAX_LINE_CHARS characters, the file itself read by puzzledoc.read_text_file
(a regular file of at most 8 MiB), a folder's files at most MAX_FOLDER_BYTES in all (a
note says where the folder was cut).  A bad entry is skipped with a sentence naming its
line (or file); the rest still open.

A big collection takes seconds to read (a folder of 28 MB of long games: 23 s), so the
readers take ``progress(done, total)``, called after each file or entry, and
``cancelled()``, asked before each: when it says so, the reading ends with Cancelled.
The window reads collections on its pool with both (gui/library.py); the command line
reads them as they are.

Every puzzle of a collection has a SOURCE that files.load_source opens again: ``PATH#N``,
the N-th entry (1-based, bad lines counted, so a number keeps meaning the same line), or
for a folder the puzzle file's own path.  A puzzle read from a collection *file* has no
``path`` and no ``name``: core/games.py keys its game by the puzzle itself, so Save never
writes one puzzle over the collection and the same puzzle met twice is one game.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import puzzledoc, registry, safefile, validate
from .kind import PuzzleError

HEADER = "# puzzlegui collection"
MAX_PUZZLES = 1000
MAX_LINE_CHARS = 65_536
MAX_FOLDER_BYTES = 64 * 1024 * 1024
MAX_TITLE_CHARS = 200
_SHOWN_SKIPS = 5


@dataclass
class Item:
    """One puzzle of a collection."""

    number: int  # 1-based position among the collection's entries
    source: str  # what files.load_source opens again
    doc: puzzledoc.PuzzleDoc
    line: int = 0  # its line in a collection file (0 for a folder's file)

    @property
    def title(self) -> str:
        return self.doc.title

    @property
    def kind(self) -> str:
        return self.doc.kind.name


@dataclass
class Skipped:
    number: int | None  # the entry's number, None for a note that is no entry
    message: str  # a sentence naming the line or the file


@dataclass
class Collection:
    title: str
    path: Path
    items: list[Item]
    skips: list[Skipped] = field(default_factory=list)
    folder: bool = False

    def __len__(self) -> int:
        return len(self.items)

    @property
    def skipped(self) -> list[str]:
        """A sentence per entry that could not be read (and per note)."""
        return [s.message for s in self.skips]

    @property
    def count(self) -> int:
        """How many entries there are, readable or not (the largest N of PATH#N)."""
        numbers = [i.number for i in self.items] + [s.number for s in self.skips if s.number is not None]
        return max(numbers, default=0)

    def item(self, number: int) -> Item:
        """The entry ``number`` (1-based); PuzzleError saying why when there is none."""
        name = _name(self.path)
        for it in self.items:
            if it.number == number:
                return it
        for s in self.skips:
            if s.number == number:
                raise PuzzleError(f"Puzzle {number} of {name} cannot be read: {s.message}")
        raise PuzzleError(f"{name} has puzzles 1 to {self.count}; there is no puzzle {number}.")

    def skipped_text(self) -> str:
        """The skipped entries in a few sentences (empty when none)."""
        if not self.skips:
            return ""
        n = len([s for s in self.skips if s.number is not None])
        head = f"{n} {'entry' if n == 1 else 'entries'} of {_name(self.path)} could not be read" if n else "Note"
        shown = " ".join(_sentence(s.message) for s in self.skips[:_SHOWN_SKIPS])
        more = f" ({len(self.skips) - _SHOWN_SKIPS} more.)" if len(self.skips) > _SHOWN_SKIPS else ""
        return f"{head}: {shown}{more}"


class Cancelled(Exception):
    """A reading given up on: the caller's ``cancelled()`` said so.  No collection."""


class Unread(PuzzleError):
    """files.load_source(..., read_collections=False) met a collection and left it unread,
    for the caller to read (the window does, off the GUI thread): the ``path`` of a folder
    or a collection file, that file's ``text`` (already read), the N of ``PATH#N``."""

    def __init__(self, path, text: str | None = None, number: int | None = None):
        self.path = Path(path)
        self.text = text
        self.number = number
        super().__init__(f"{_name(path)} is a collection of puzzles, not read yet.")


class IsCollection(PuzzleError):
    """files.load_source was given a collection of several puzzles: the caller decides
    (the window lists it and opens the first; solve and check ask for ``PATH#N``)."""

    def __init__(self, collection: Collection):
        self.collection = collection
        name = _name(collection.path)
        n = len(collection.items)
        extra = f" ({len(collection.skips)} skipped: {collection.skips[0].message})" if collection.skips else ""
        numbers = [item.number for item in collection.items]
        if numbers == list(range(1, collection.count + 1)):
            which = f"N from 1 to {collection.count}"
        else:  # only the entries that read are puzzles (one good line of three said "1 to 3")
            which = f"N {'is' if len(numbers) == 1 else 'one of'} {_number_ranges(numbers)}"
        super().__init__(
            f"{name} is a collection of {n} puzzle{'' if n == 1 else 's'}{extra}; "
            f"choose one as {name}#N, {which}."
        )


def _number_ranges(numbers: list[int]) -> str:
    """2, 4 to 7 and 9: sorted numbers in runs."""
    runs: list[list[int]] = []
    for k in sorted(numbers):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    parts = [str(a) if a == b else f"{a} to {b}" for a, b in runs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _name(path) -> str:
    return validate.safe_text(str(path))


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


# --- recognising a collection ------------------------------------------------------------
def is_folder(path) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _header(line: str) -> tuple[str, str] | None:
    """A ``# key: value`` line as (key, value), or None."""
    body = line[1:].strip()
    key, sep, value = body.partition(":")
    if not sep:
        return None
    return key.strip().lower(), value.strip()


def is_collection_text(text: str) -> bool:
    """True when ``text`` is a collection rather than a puzzle file or a text layout.

    It is when its first line is ``# puzzlegui collection``, when a ``# kind: K`` line (K
    a known kind) comes before the first entry, or when the first entry is ``KIND:ID``.
    A text layout starts with none of these (its ``#`` lines are other comments)."""
    if text.lstrip().startswith("{"):
        return False
    kinds = registry.names()
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line[1:].strip().lower().startswith(HEADER[1:].strip()):
                return True
            header = _header(line)
            if header is not None and header[0] == "kind" and header[1].lower() in kinds:
                return True
            continue
        prefix, sep, _ = line.partition(":")
        return bool(sep) and registry.canonical(prefix) in kinds
    return False


# --- reading -----------------------------------------------------------------------------
def parse(text: str, path, kind: str | None = None, progress=None, cancelled=None) -> Collection:
    """The collection in ``text`` (read from ``path``); ``kind`` is the kind of plain IDs
    before any ``# kind:`` line.  PuzzleError when no entry at all can be read.

    ``progress(line, lines)`` is called after each entry, ``cancelled()`` asked before
    each (Cancelled when it says so)."""
    path = Path(path)
    base = os.path.abspath(path)
    kinds = registry.names()
    default_kind = registry.get(kind).name if kind is not None else None
    title = None
    items: list[Item] = []
    skips: list[Skipped] = []
    number = 0
    lines = text.splitlines()
    for lineno, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_CHARS:
            if raw.lstrip().startswith("#"):
                continue
            number += 1
            if number > MAX_PUZZLES:
                skips.append(Skipped(None, _too_many(lineno)))
                break
            skips.append(Skipped(number, f"line {lineno}: the line is {len(raw):,} characters long; a line holds at most {MAX_LINE_CHARS:,}."))
            continue
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            header = _header(line)
            if header is None:
                continue
            key, value = header
            if key == "kind":
                if value.lower() in kinds:
                    default_kind = value.lower()
                else:
                    default_kind = None
                    skips.append(Skipped(None, f"line {lineno}: there is no kind {validate.shown(value, 40)}; the kinds are {', '.join(kinds)}."))
            elif key == "title" and title is None and not items:
                try:
                    title = validate.clean_meta(value[:MAX_TITLE_CHARS], '"title"').strip() or None
                except PuzzleError:
                    title = None
            continue
        number += 1
        if number > MAX_PUZZLES:
            skips.append(Skipped(None, _too_many(lineno)))
            break
        if cancelled is not None and cancelled():
            raise Cancelled()
        fallback = f"{title or validate.safe_text(path.stem)} #{number}"
        try:
            doc = _entry(line, default_kind, kinds, fallback)
        except PuzzleError as exc:
            skips.append(Skipped(number, f"line {lineno}: {exc}"))
        except RecursionError:
            skips.append(Skipped(number, f"line {lineno}: the puzzle is nested too deeply to read."))
        else:
            items.append(Item(number, f"{base}#{number}", doc, lineno))
        if progress is not None:
            progress(lineno, len(lines))
    coll = Collection(title or validate.safe_text(path.stem), path, items, skips)
    if not items:
        if skips:
            raise PuzzleError(f"{_name(path)}: no puzzle of the collection could be read. {coll.skipped_text()}")
        raise PuzzleError(f"{_name(path)}: the collection holds no puzzles (only comments and blank lines).")
    return coll


def _too_many(lineno: int) -> str:
    return f"line {lineno}: a collection holds at most {MAX_PUZZLES:,} puzzles; this line and the rest are not read."


def _entry(line: str, default_kind: str | None, kinds: list[str], fallback_title: str) -> puzzledoc.PuzzleDoc:
    if line.startswith("{"):
        doc = puzzledoc.loads(line)
        doc.meta.setdefault("title", fallback_title)
        return doc
    parts = line.split(None, 1)
    token = parts[0]
    rest = parts[1].strip() if len(parts) > 1 else ""
    if rest and not rest.startswith("#"):
        raise PuzzleError(
            f"a game ID is one word, but {validate.shown(rest, 30)} follows it; write a title after \u201c#\u201d."
        )
    own_title = validate.clean_meta(rest[1:].strip()[:MAX_TITLE_CHARS], '"title"') if rest else ""
    prefix, sep, tail = token.partition(":")
    if sep and registry.canonical(prefix) in kinds:
        kind_name, game_id = registry.canonical(prefix), tail
    elif default_kind is not None:
        kind_name, game_id = default_kind, token
    else:
        raise PuzzleError(
            f"{validate.shown(token, 40)} does not say its kind; write it as KIND:ID "
            "or put a \u201c# kind: K\u201d line above it."
        )
    k = registry.get(kind_name)
    state = k.parse_game_id(game_id)
    return puzzledoc.PuzzleDoc(kind=k, state=state, meta={"title": own_title or fallback_title})


def _natural(name: str):
    """A sort key putting numbers in order: p2 before p10.  Only ASCII digits count as a
    number: str.isdigit also accepts a superscript two, which int() refuses, and a file
    named with one must sort like any other name, not fail the whole folder."""
    return [(0, int(part), "") if validate.is_digits(part) else (1, 0, part.lower()) for part in re.split(r"([0-9]+)", name) if part]


def load_folder(path, progress=None, cancelled=None) -> Collection:
    """The ``*.json`` puzzle files of a folder (not its subfolders), sorted by name with
    numbers in order; PuzzleError when it holds none.

    ``progress(files, total)`` is called after each file, ``cancelled()`` asked before
    each (Cancelled when it says so); ``total`` counts the files that will be looked at."""
    path = Path(path)
    name = _name(path)
    found: list[str] = []
    shown_total = 0  # the puzzle files progress counts to (regular files, as the listing says)
    try:
        with os.scandir(path) as entries:
            for e in entries:
                if e.name.endswith(".json") and not e.name.startswith("."):
                    found.append(e.name)
                    shown_total += _is_file(e)
                    if len(found) > 50 * MAX_PUZZLES:
                        break
    except OSError as exc:
        raise PuzzleError(f"{name}: the folder cannot be read ({validate.safe_text(str(exc.strerror or exc))[:100]}).") from None
    found.sort(key=_natural)
    items: list[Item] = []
    skips: list[Skipped] = []
    total = 0
    regular = 0
    shown_total = min(shown_total, MAX_PUZZLES)
    for file_name in found:
        if cancelled is not None and cancelled():
            raise Cancelled()
        file_path = path / file_name
        try:
            st = os.stat(file_path)
        except OSError as exc:
            skips.append(Skipped(None, f"{_name(file_path)} cannot be read "
                                       f"({validate.safe_text(str(exc.strerror or exc))[:100]})."))
            continue
        if stat.S_ISDIR(st.st_mode):
            continue  # a subfolder called x.json: plainly not a puzzle file, never read
        if not stat.S_ISREG(st.st_mode):  # a FIFO, a link to a device: named, never opened
            what = safefile.describe(st.st_mode)
            skips.append(Skipped(None, f"{_name(file_path)} is {what}, not a puzzle file."))
            continue
        regular += 1
        if regular > MAX_PUZZLES:
            skips.append(Skipped(None, f"only the first {MAX_PUZZLES:,} puzzle files of {name} are read."))
            break
        total += st.st_size
        if total > MAX_FOLDER_BYTES:
            skips.append(Skipped(None, f"{_name(file_path)} and the files after it are not read: a folder's puzzles are at most {MAX_FOLDER_BYTES // (1024 * 1024)} MiB in all."))
            break
        try:
            doc = _json_file(file_path)
        except PuzzleError as exc:
            skips.append(Skipped(regular, str(exc)))
        except RecursionError:
            skips.append(Skipped(regular, f"{_name(file_path)}: the puzzle is nested too deeply to read."))
        else:
            items.append(Item(regular, os.path.abspath(file_path), doc))
        if progress is not None:
            progress(regular, max(regular, shown_total))  # (a file may have come since)
    if not regular:
        raise PuzzleError(f"{name} is a folder, not a puzzle file, and it holds no puzzle files (*.json).")
    coll = Collection(validate.safe_text(path.resolve().name or str(path)), path, items, skips, folder=True)
    if not items:
        raise PuzzleError(f"{name} is a folder, not a puzzle file, and none of its puzzle files can be read. {coll.skipped_text()}")
    return coll


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _json_file(path: Path) -> puzzledoc.PuzzleDoc:
    """One puzzle file of a folder: as files.load_path reads it, never a collection."""
    doc = puzzledoc.loads(puzzledoc.read_text_file(path), _name(path))
    doc.path = path
    doc.meta.setdefault("title", validate.safe_text(path.stem))
    return doc


def load(path, kind: str | None = None, text: str | None = None, progress=None, cancelled=None) -> Collection:
    """The collection in a file or folder.  A puzzle file (JSON) is refused with a
    sentence; any other text is read as a collection, header or not.  ``text`` is the
    file's, when the caller has read it already (Unread carries it); ``progress`` and
    ``cancelled`` as for load_folder and parse."""
    path = Path(path)
    if text is None and is_folder(path):
        return load_folder(path, progress, cancelled)
    if text is None:
        text = puzzledoc.read_text_file(path)
    if text.lstrip().startswith("{"):
        raise PuzzleError(f"{_name(path)} holds one puzzle, not a collection; open it without \u201c#N\u201d.")
    return parse(text, path, kind, progress, cancelled)


def split_source(source: str) -> tuple[Path, int] | None:
    """``PATH#N`` as (PATH, N) when PATH exists; else None."""
    base, sep, number = str(source).rpartition("#")
    if not sep or not base or not validate.is_digits(number) or len(number) > 7:
        return None
    path = Path(base)
    try:
        if not path.exists():
            return None
    except (OSError, ValueError):
        return None
    return path, int(number)


def load_item(path, number: int, kind: str | None = None) -> puzzledoc.PuzzleDoc:
    """Puzzle ``number`` (1-based) of the collection at ``path``: a fresh doc each call."""
    return item_doc(load(path, kind), number, kind)


def item_doc(coll: Collection, number: int, kind: str | None = None) -> puzzledoc.PuzzleDoc:
    """Puzzle ``number`` (1-based) of ``coll``, read already: a fresh doc each call, so a
    game played on it never changes the collection's own.  PuzzleError when there is none
    (or, with ``kind``, when it is of another kind)."""
    item = coll.item(number)
    doc = replace(item.doc, meta=dict(item.doc.meta), progress=list(item.doc.progress))
    if kind is not None and doc.kind.name != registry.get(kind).name:
        raise PuzzleError(f"Puzzle {number} of {_name(coll.path)} is a {doc.kind.name} puzzle, not {validate.safe_text(str(kind))[:40]}.")
    return doc


def one_or_raise(coll: Collection) -> puzzledoc.PuzzleDoc:
    """A collection of exactly one puzzle, nothing skipped, is that puzzle; else IsCollection."""
    if len(coll.items) == 1 and not coll.skips:
        return coll.items[0].doc
    raise IsCollection(coll)


# --- writing -----------------------------------------------------------------------------
def entry_line(doc: puzzledoc.PuzzleDoc) -> str:
    """``doc`` as one line of a collection: ``KIND:ID  # title`` when the kind has a game
    ID that reads back as the same puzzle, else the puzzle file on one line."""
    kind = doc.kind
    title = validate.safe_text(doc.meta.get("title", ""))[:MAX_TITLE_CHARS].strip()
    try:
        game_id = kind.format_game_id(doc.state)
        if (
            not game_id
            or any(ch.isspace() for ch in game_id)
            or kind.encode(kind.parse_game_id(game_id)) != kind.encode(doc.state)
        ):
            raise PuzzleError("no game ID that reads back the same")
    except PuzzleError:
        data = {"kind": kind.name}
        if title:
            data["title"] = title
        data["puzzle"] = kind.encode(doc.state)
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return f"{kind.name}:{game_id}" + (f"  # {title}" if title else "")


def dumps(docs, title: str = "") -> str:
    """The text of a collection file holding ``docs``."""
    lines = [HEADER]
    title = validate.safe_text(title)[:MAX_TITLE_CHARS].strip()
    if title:
        lines.append(f"# title: {title}")
    lines.extend(entry_line(d) for d in docs)
    return "\n".join(lines) + "\n"
