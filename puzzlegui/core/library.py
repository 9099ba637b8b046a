"""The built-in puzzles: each one's name, kind, title and file text.

`puzzlegui list` and the window's library need only these, so this module imports
no engine: not core.kind, core.files, core.history or core.validate (with what they
import, they cost milliseconds at start-up), not
importlib.resources (typing, zipfile), not pathlib.  Reading a puzzle
(files.load_builtin) checks its file strictly; listing one only needs its title, which
the standard library's C JSON decoder reads in microseconds.

The list is read from the files every time a process first asks (48 small files, a
millisecond or two), never from a kept list or a cache, so it cannot drift from them.
"""

from __future__ import annotations

import os

from dataclasses import dataclass

from . import registry

SUFFIX = ".json"


@dataclass(frozen=True)
class BuiltIn:
    name: str  # usable as SOURCE on the command line
    kind: str
    title: str
    text: str  # the file's JSON


def resource_root():
    """The folder of the built-in puzzles: a path (str) on disk, the usual case; an
    importlib.resources Traversable when the package is imported from a zip."""
    try:
        from .. import resources as package  # puzzlegui.resources: the top-level resources/
    except ImportError:
        package = None
    if package is not None:
        for base in getattr(package, "__path__", ()):
            folder = os.path.join(base, "puzzles")
            if os.path.isdir(folder):
                return folder
        from importlib import resources

        root = resources.files(package) / "puzzles"
        if root.is_dir():
            return root
    # running from a checkout that was never installed
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(here)), "resources", "puzzles")


def _files(root, kind_name: str) -> list[tuple[str, object]]:
    """(file name, how to read its text) for each entry of the kind's folder."""
    if isinstance(root, str):
        folder = os.path.join(root, kind_name)
        try:
            names = os.listdir(folder)
        except (FileNotFoundError, NotADirectoryError):
            return []
        return [(n, os.path.join(folder, n)) for n in names]
    folder = root / kind_name
    if not folder.is_dir():
        return []
    return [(entry.name, entry) for entry in folder.iterdir()]


def _read(where) -> str:
    if isinstance(where, str):
        with open(where, encoding="utf-8") as handle:
            return handle.read()
    return where.read_text(encoding="utf-8")


def title_of(text: str, fallback: str) -> str:
    """The puzzle file's "title", or ``fallback`` when it has none (or cannot be read:
    opening the puzzle then says why, with the strict reader of core.files)."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return fallback
    title = data.get("title") if isinstance(data, dict) else None
    return title if isinstance(title, str) and title else fallback


_builtins: list[BuiltIn] | None = None


def builtins() -> list[BuiltIn]:
    """Every built-in puzzle, grouped by kind in registry order, then by file name."""
    global _builtins
    if _builtins is None:
        root = resource_root()
        found = []
        for kind_name in registry.names():
            entries = sorted(_files(root, kind_name), key=lambda e: e[0].removesuffix(SUFFIX))
            for file_name, where in entries:
                if not file_name.endswith(SUFFIX):
                    continue
                name = file_name[: -len(SUFFIX)]
                text = _read(where)
                found.append(BuiltIn(name, kind_name, title_of(text, name), text))
        _builtins = found
    return _builtins


def forget() -> None:
    """Read the files again at the next builtins() (tests change them)."""
    global _builtins
    _builtins = None
