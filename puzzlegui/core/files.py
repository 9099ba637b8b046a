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
from pathlib import Path

from . import collection, library, registry, safefile
from .history import History
from . import validate
from .kind import PuzzleError, PuzzleKind

#: the single puzzle file, its document and its bounded read (core/puzzledoc.py)
from .puzzledoc import (  # noqa: F401  (files.X is how callers name them)
    FORMAT, MAX_FILE_BYTES, META_KEYS, VERSION, PuzzleDoc, _name, from_data, loads, parse_json, read_text_file,
)


def load_path(path, kind: str | None = None, read_collections: bool = True) -> PuzzleDoc:
    """A puzzle file; with ``kind``, also that kind's plain text layout or a game ID.

    A collection (a folder of puzzle files, or a text file of game IDs: core/collection)
    of exactly one puzzle is that puzzle; of more, collection.IsCollection (a
    PuzzleError whose sentence says to choose one as ``PATH#N``) carries it.  With
    ``read_collections`` false a collection is not read: collection.Unread says where
    it is, for the caller to read (the window, off the GUI thread)."""

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
    if text.lstrip().startswith("{"):
        doc = _of_kind(loads(text, _name(path)), kind, f"{_name(path)} holds a")
    else:  # a layout with its "# Kind" header, or of ``kind``; a game ID: as pasted
        doc = read_text(text, kind, what=_name(path))
        doc.meta.pop("title", None)
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


# --- one parser for every way a board arrives as text ----------------------------------
# Paste, the editor's text tab, Open and the command line all read text through
# ``read_text``: a puzzle file (JSON), ``KIND:ID``, a bare game ID (ours or Tatham's) when
# the kind is given, open or the only one that reads it, a text layout with its
# ``# Kind`` header line (``layout_text`` writes one), and the library's names.


def header_kind(text: str) -> str | None:
    """The kind a text layout's ``#`` header names (``# Kurosu 6x6``, ``# Tracks: ...``,
    ``# Black and White Strips``, ``# kind: rotation``), or None.  Only the comment lines
    before the first row count."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if not line.startswith("#"):
            return None
        words = line[1:].strip().lower()
        key, sep, value = words.partition(":")
        if sep and key.strip() == "kind" and registry.canonical(value) is not None:
            return registry.canonical(value)
        for name in registry.names():
            for said in (registry.title(name).lower(), name, *[a for a, k in registry.ALIASES.items() if k == name]):
                if words.startswith(said) and not words[len(said):len(said) + 1].isalnum():
                    return name
    return None


def layout_text(kind: PuzzleKind, state) -> str:
    """The kind's text layout of ``state``, headed by a ``# Kind`` line unless its first
    line names the kind already: what the editor's text tab shows reads back anywhere
    (Paste, Open, the command line) without a kind chosen."""
    text = kind.format_text(state)
    if header_kind(text) == kind.name:
        return text
    return f"# {kind.title}\n{text}"


def _builtin_named(text: str):
    """The built-in puzzle called ``text`` (its name, or its title in any case), or None."""
    wanted = text.strip()
    for b in builtins():
        if b.name == wanted:
            return b
    titled = [b for b in builtins() if b.title.casefold() == wanted.casefold()]
    return titled[0] if len(titled) == 1 else None


def builtin_suggestion(text: str) -> str:
    """`` (did you mean "mystery-box"?)`` for a near miss of a built-in name or title."""
    import difflib

    wanted = text.strip().casefold()
    names = {b.name: b.name for b in builtins()}
    names.update({b.title.casefold(): b.name for b in builtins()})
    names.update({b.name.replace("-", " "): b.name for b in builtins()})
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.75)
    return f' (did you mean "{names[close[0]]}"?)' if close else ""


def _first_sentence(message: str) -> str:
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:] if message[1:2].islower() else message


def read_text(text: str, kind: str | None = None, prefer: str | None = None,
              what: str = "The text", not_what: str = "a puzzle") -> PuzzleDoc:
    """A puzzle from text, whichever way it came (pasted, typed in the editor, a SOURCE on
    the command line, a file that is not JSON): a puzzle file (JSON); ``KIND:ID`` (our
    kinds and Tatham's names for them); a text layout whose ``#`` header names its kind
    (``layout_text``); a built-in puzzle's name or title; a bare game ID, ours or
    Tatham's, or a layout without a header, read as ``kind`` (only that kind is
    accepted), else as ``prefer`` (the kind open), else as the one kind that reads it.
    PuzzleError otherwise, saying each way it was tried and why it failed."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError(f"{what} is empty: give a game ID, a text layout or a puzzle file.")
    if len(text) > MAX_FILE_BYTES:
        raise PuzzleError(f"{what} is {len(text):,} characters; a puzzle is at most {MAX_FILE_BYTES:,}.")
    strict = registry.get(kind).name if kind is not None else None
    stripped = text.strip()
    if stripped.startswith("{"):
        return _of_kind(loads(stripped, what), strict, f"{what} is a")
    one_line = "\n" not in stripped
    tried: list[str] = []
    if one_line:
        prefix, sep, rest = stripped.partition(":")
        named = registry.canonical(prefix) if sep else None
        if named is not None:
            if strict is not None and named != strict:
                raise PuzzleError(f"{what} is a {registry.title(named)} game ID, not {registry.title(strict)}.")
            k = registry.get(named)
            return PuzzleDoc(kind=k, state=k.parse_game_id(rest.strip()),
                             meta={"title": f"{k.title} {validate.safe_text(rest.strip())[:40]}"})
        found = _builtin_named(stripped)
        if found is not None:
            doc = load_builtin(found.name)
            return _of_kind(doc, strict, f'The built-in puzzle "{found.name}" is a')
        tried.append("a game ID written KIND:ID (for example kurosu:6x6:DdCDeAddBEa)")
        tried.append("one of the library's names" + builtin_suggestion(stripped))
    else:
        named = header_kind(stripped)
        if named is not None:
            if strict is not None and named != strict:
                raise PuzzleError(f"{what} is a {registry.title(named)} layout, not {registry.title(strict)}.")
            k = registry.get(named)
            return PuzzleDoc(kind=k, state=k.parse_text(text), meta={"title": f"Pasted {k.title}"})
        tried.append('a text layout headed by its kind (a first line such as "# Kurosu")')
    if strict is not None:
        order = [strict]
    else:
        order = ([registry.canonical(prefer)] if prefer and registry.canonical(prefer) else [])
        order += [n for n in registry.names() if n not in order]
    readers = ("parse_game_id", "parse_text") if one_line else ("parse_text",)
    read: list[tuple[PuzzleKind, object]] = []
    for position, name in enumerate(order):
        k = registry.get(name)
        for method in readers:
            if getattr(type(k), method) is getattr(PuzzleKind, method):
                continue  # the kind has no game IDs (or no layout)
            if method == "parse_text" and one_line and read:
                continue  # a one-line layout only where nothing read it as an ID
            try:
                state = getattr(k, method)(text if method == "parse_text" else stripped)
            except PuzzleError as exc:
                if strict is not None or position == 0 and prefer:
                    noun = "game ID" if method == "parse_game_id" else "text layout"
                    tried.append(f"a {k.title} {noun} ({_first_sentence(str(exc))})")
                continue
            read.append((k, state))
            break
        if read and (strict is not None or position == 0 and prefer):
            break  # the kind asked for, or the kind open, reads it: nothing more to try
    if len(read) == 1:
        k, state = read[0]
        title = f"{k.title} {validate.safe_text(stripped)[:40]}" if one_line else f"Pasted {k.title}"
        return PuzzleDoc(kind=k, state=state, meta={"title": title})
    if read:
        kinds = " and ".join(k.title for k, _ in read)
        raise PuzzleError(f"{what} reads as a puzzle of more than one kind ({kinds}): write it as KIND:ID "
                          f"or head it with its kind, or open a puzzle of the kind first.")
    if strict is None:
        others = [registry.title(n) for n in order if not (prefer and n == order[0])]
        tried.append(f"a bare game ID or layout of {', '.join(others[:-1])} or {others[-1]}" if len(others) > 1
                     else f"a bare game ID or layout of {others[0]}")
    ways = "; as ".join(tried)
    raise PuzzleError(f"{what} is not {not_what}: it was tried as {ways}.")


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

    picked = collection.split_source(source)  # PATH#N: puzzle N of a collection
    if picked is not None:
        if not read_collections:
            raise collection.Unread(picked[0], number=picked[1])
        return collection.load_item(picked[0], picked[1], kind)
    # a built-in name or title, KIND:ID, a bare ID: read as Paste and the editor read them
    return read_text(source, kind, what=validate.shown(source, 60), not_what="a file or a puzzle")
