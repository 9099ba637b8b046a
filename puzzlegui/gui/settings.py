"""One typed wrapper over QSettings, with the defaults in one place.

Tests point QSettings and QStandardPaths at a temporary folder (tests/conftest.py), so
nothing here needs to know about tests.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from ..core import paths
from ..qtkit import theme as theme_mod

ORGANIZATION = "puzzlegui"
APPLICATION = "puzzlegui"


def _accessible():
    """qtkit.accessible, imported when first asked: its Qt classes are not needed for the
    first window (~10 ms)."""
    from ..qtkit import accessible

    return accessible


class Settings:
    DEFAULTS = {
        "replay_seconds": 20.0,  # how long a replay lasts, whatever its number of steps
        "show": "solution",  # "solution" or "search"
        "solve_mode": "all",  # "all" (exact count up to the cap), "unique" or "first"
        "max_solutions": 100,
        "time_limit": 0.0,  # seconds a solve may run; 0: no limit
        "last_source": "",
        "show_library": True,  # the library drawer beside the board
        "keep_library": False,  # the drawer stays open while playing (else it gives way at the first move)
        "show_solver": False,  # the solver bar over the board
        "show_side_panel": True,  # the kind's panel (the strips, the message), where it has something to say
        "mark_mistakes": True,  # broken rules show after every move
        "show_clock": True,  # the time on the puzzle in the status bar
        "show_met": True,  # counts coloured when met or broken (off: no spoilers)
        "show_remaining": False,  # a tally beside each line's count: what it still needs
        "hint_stages": True,  # Hint: look here, then the reason, then the move
        "collection": "",  # the collection the library lists, reopened at start
        "theme": "system",  # one of theme.CHOICES: "system" (follow the desktop), "light", "dark"...
        "line_width": "normal",  # one of theme.LINE_SCALES: "normal" or "thick"
        "print_per_page": 0,  # Print and Print to PDF: puzzles a page (1, 2, 4, 6; 0: not chosen yet)
        "print_solutions": False,  # add solution pages
        "print_page_size": "A4",  # Print to PDF: "A4" or "Letter"
        "announce": "cursor",  # after a move the screen reader hears: "cursor" (its square) or "around"
        "clue_scale": 1.0,  # the board's clue text, times its size: one of accessible.CLUE_SCALES
        "reduced_motion": False,  # no wave over a finished board, replays stepped
    }

    def __init__(self):
        self._q = QSettings(QSettings.IniFormat, QSettings.UserScope, ORGANIZATION, APPLICATION)

    def _get(self, key):
        default = self.DEFAULTS[key]
        value = self._q.value(key, default)
        try:
            if isinstance(default, bool):
                return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
            return type(default)(value)
        except (TypeError, ValueError):
            return default

    def _set(self, key, value) -> None:
        self._q.setValue(key, value)

    replay_seconds = property(
        lambda s: min(600.0, max(2.0, s._get("replay_seconds"))),
        lambda s, v: s._set("replay_seconds", float(v)),
    )
    show = property(lambda s: s._get("show"), lambda s, v: s._set("show", str(v)))
    solve_mode = property(lambda s: s._get("solve_mode"), lambda s, v: s._set("solve_mode", str(v)))
    max_solutions = property(lambda s: s._get("max_solutions"), lambda s, v: s._set("max_solutions", int(v)))
    time_limit = property(lambda s: s._get("time_limit"), lambda s, v: s._set("time_limit", max(0.0, float(v or 0))))
    last_source = property(lambda s: s._get("last_source"), lambda s, v: s._set("last_source", str(v)))
    collection = property(lambda s: s._get("collection"), lambda s, v: s._set("collection", str(v)))
    mark_mistakes = property(lambda s: s._get("mark_mistakes"), lambda s, v: s._set("mark_mistakes", bool(v)))
    theme = property(
        lambda s: s._get("theme") if s._get("theme") in theme_mod.CHOICES else theme_mod.SYSTEM,
        lambda s, v: s._set("theme", str(v)),
    )
    line_width = property(
        lambda s: s._get("line_width") if s._get("line_width") in theme_mod.LINE_SCALES else theme_mod.NORMAL_LINES,
        lambda s, v: s._set("line_width", str(v)),
    )
    show_library = property(lambda s: s._get("show_library"), lambda s, v: s._set("show_library", bool(v)))
    keep_library = property(lambda s: s._get("keep_library"), lambda s, v: s._set("keep_library", bool(v)))
    hint_stages = property(lambda s: s._get("hint_stages"), lambda s, v: s._set("hint_stages", bool(v)))
    show_met = property(lambda s: s._get("show_met"), lambda s, v: s._set("show_met", bool(v)))
    show_remaining = property(lambda s: s._get("show_remaining"), lambda s, v: s._set("show_remaining", bool(v)))
    show_clock = property(lambda s: s._get("show_clock"), lambda s, v: s._set("show_clock", bool(v)))
    show_solver = property(lambda s: s._get("show_solver"), lambda s, v: s._set("show_solver", bool(v)))
    show_side_panel = property(lambda s: s._get("show_side_panel"), lambda s, v: s._set("show_side_panel", bool(v)))
    print_per_page = property(
        lambda s: s._get("print_per_page") if s._get("print_per_page") in (1, 2, 4, 6) else 0,
        lambda s, v: s._set("print_per_page", int(v)),
    )
    print_solutions = property(lambda s: s._get("print_solutions"), lambda s, v: s._set("print_solutions", bool(v)))
    print_page_size = property(
        lambda s: s._get("print_page_size") if s._get("print_page_size") in ("A4", "Letter") else "A4",
        lambda s, v: s._set("print_page_size", str(v)),
    )

    announce = property(
        lambda s: s._get("announce") if s._get("announce") in _accessible().ANNOUNCE_CHOICES else _accessible().CURSOR_ONLY,
        lambda s, v: s._set("announce", str(v)),
    )
    clue_scale = property(
        lambda s: s._get("clue_scale") if s._get("clue_scale") in _accessible().CLUE_SCALES else 1.0,
        lambda s, v: s._set("clue_scale", float(v)),
    )
    reduced_motion = property(lambda s: s._get("reduced_motion"), lambda s, v: s._set("reduced_motion", bool(v)))

    def zoom(self, kind: str) -> float:
        """The board's zoom for ``kind`` (1.0: fit the window)."""
        try:
            return max(1.0, float(self._q.value(f"zoom/{kind}", 1.0)))
        except (TypeError, ValueError):
            return 1.0

    def set_zoom(self, kind: str, zoom: float) -> None:
        self._q.setValue(f"zoom/{kind}", float(zoom))

    def user_colours(self, scheme: str) -> dict:
        """The user's own colours for ``scheme`` (role -> "#rrggbb"), stored as
        "ROLE=#rrggbb" entries; a value that is not one is left out (theme.clean_colours)."""
        value = self._q.value(f"colours/{scheme}", "")
        entries = value if isinstance(value, list) else str(value or "").split(",")
        pairs = (entry.split("=", 1) for entry in entries if isinstance(entry, str) and "=" in entry)
        return theme_mod.clean_colours({role.strip(): colour.strip() for role, colour in pairs})

    def set_user_colours(self, scheme: str, colours: dict) -> None:
        clean = theme_mod.clean_colours(colours)
        if clean:
            self._q.setValue(f"colours/{scheme}", ",".join(f"{role}={colour}" for role, colour in sorted(clean.items())))
        else:
            self._q.remove(f"colours/{scheme}")

    def geometry(self) -> QByteArray | None:
        value = self._q.value("geometry")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, data: QByteArray) -> None:
        self._q.setValue("geometry", data)

    def sync(self) -> None:
        self._q.sync()


def data_dir() -> Path:
    """Where the games (core/store.py) and the user's own puzzles live: core/paths.py,
    so the window and the command line find the same games."""
    return paths.data_dir()


def puzzles_dir() -> Path:
    return data_dir() / "puzzles"

