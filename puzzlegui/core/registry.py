"""The list of puzzle kinds.  Adding a kind is one line here (and its package).

Naming the kinds loads nothing: core.kind (the interface) is imported when a kind is
first used, so `puzzlegui list` reads the names for free."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing costs milliseconds
if TYPE_CHECKING:
    from .kind import PuzzleKind

# name -> module that defines ``KIND`` (its engine) and, beside it, ``widget.Board``.
KIND_MODULES: dict[str, str] = {
    "tracks": "puzzlegui.kinds.tracks",
    "rotation": "puzzlegui.kinds.rotation",
    "kurosu": "puzzlegui.kinds.kurosu",
    "strips": "puzzlegui.kinds.strips",
}

# name -> the kind's title, so that lists (the library, the CLI) can name a kind
# without importing its engine (numpy and the solvers load when a kind is first used)
KIND_TITLES: dict[str, str] = {
    "tracks": "Tracks",
    "rotation": "Rotation",
    "kurosu": "Kurosu",
    "strips": "Black and White Strips",
}

# other names a kind answers to, in game IDs ("unruly:6x6:...") and --kind: Simon
# Tatham's names for the games we play as kurosu and rotation
ALIASES: dict[str, str] = {
    "unruly": "kurosu",
    "twiddle": "rotation",
}

_loaded: dict[str, PuzzleKind] = {}


def canonical(name) -> str | None:
    """The kind's own name for ``name`` (a name or an alias, any case); None if unknown."""
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    return key if key in KIND_MODULES else None


def title(name: str) -> str:
    """The kind's title, imported only for a kind registered at run time."""
    known = KIND_TITLES.get(name)
    if known is not None:
        return known
    return get(name).title if name in KIND_MODULES else str(name)[:40]


def names() -> list[str]:
    return list(KIND_MODULES)


def get(name: str) -> PuzzleKind:
    """The kind called ``name``; PuzzleError with the known names if there is none."""
    key = canonical(name) or str(name).strip().lower()
    if key not in _loaded:
        module_name = KIND_MODULES.get(key)
        if module_name is None:
            from .kind import PuzzleError

            known = ", ".join(KIND_MODULES)
            raise PuzzleError(f'Unknown puzzle kind "{str(name)[:40]}"; the kinds are: {known}.')
        _loaded[key] = importlib.import_module(module_name).KIND
    return _loaded[key]


def all_kinds() -> list[PuzzleKind]:
    return [get(n) for n in KIND_MODULES]


def widget_module(name: str) -> str:
    """The module holding the kind's Qt board (``Board``); only the GUI imports it."""
    return KIND_MODULES[name] + ".qt.widget"


def register(kind: PuzzleKind, module_name: str) -> None:
    """Add a kind at run time (tests use this for their demo kind)."""
    KIND_MODULES[kind.name] = module_name
    _loaded[kind.name] = kind


def unregister(name: str) -> None:
    KIND_MODULES.pop(name, None)
    _loaded.pop(name, None)
