"""``puzzlegui install-desktop-entry``: put the app in the desktop's menu (freedesktop)."""

from __future__ import annotations

import os
import shutil
import sys

from pathlib import Path

from .core.files import check_target, save_atomic
from .core.kind import PuzzleError
from .icons import ICON_NAME, icon_bytes


def _data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset, empty or relative (the
    XDG Base Directory spec says a relative path is invalid and must be ignored)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


# --- the Desktop Entry spec's escaping ------------------------------------------------
def string_value(text: str) -> str:
    """A value of type string: backslash, newline, tab and carriage return escaped."""
    return (
        text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    )


def exec_argument(arg: str) -> str:
    """One argument of Exec=: in double quotes with ", `, $ and \\ escaped by a
    backslash, and % doubled (a lone % starts a field code)."""
    quoted = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
    return '"' + quoted.replace("%", "%%") + '"'


def exec_value(args: list[str], field_codes: str = "") -> str:
    """The Exec= value for ``args`` (then field codes such as %f, left unquoted).  The
    string escapes apply on top of the quoting, as the spec says, so a backslash in a
    path is written as four."""
    line = " ".join(exec_argument(a) for a in args)
    if field_codes:
        line += " " + field_codes
    return string_value(line)


def _is_utf8(path: str) -> bool:
    """False for a path holding bytes that are not UTF-8 (os.fsdecode keeps them as lone
    surrogates), which the UTF-8 text of a desktop entry cannot hold."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def install_desktop_entry() -> str:
    """Write ~/.local/share/applications/puzzlegui.desktop and the icon; say where.

    The files go wherever XDG_DATA_HOME points, whatever bytes its name holds (the path
    stays a str with surrogates, which os functions encode back to the same bytes).  The
    entry's own text is UTF-8, so an icon path that is not UTF-8 is named by the icon's
    name instead, found in the hicolor theme of the same data folder; a command whose
    path is not UTF-8 cannot be named at all, and that is said in a sentence."""
    data = _data_home()
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / ICON_NAME
    entry = data / "applications" / "puzzlegui.desktop"
    icon_value = str(icon) if _is_utf8(str(icon)) else ICON_NAME.rsplit(".", 1)[0]
    launcher = shutil.which("puzzlegui")
    command = [launcher] if launcher and _is_utf8(launcher) else [sys.executable, "-m", "puzzlegui"]
    if not _is_utf8(command[0]):
        raise PuzzleError(
            f"No desktop entry was written: the path of this Python, {command[0]}, is not UTF-8 text, "
            "which a desktop entry cannot hold. Install puzzlegui under a folder whose name is UTF-8."
        )
    text = "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Name=puzzlegui",
            "GenericName=Logic puzzles",
            "Comment=Play logic puzzles and watch solvers explain their work",
            f"Exec={exec_value(command + ['open'], '%f')}",
            f"TryExec={string_value(command[0])}",
            f"Icon={string_value(icon_value)}",
            "Terminal=false",
            "Categories=Game;LogicGame;",
            "Keywords=puzzle;tracks;takuzu;twiddle;unruly;",
            "",
        ]
    )
    try:
        # a link planted where the icon or the entry goes is replaced, never followed; a
        # FIFO, device or folder there is refused (UnsafeTarget) before either is written
        for path in (icon, entry):
            check_target(path, follow_links=False, make_folders=True)
        save_atomic(icon, icon_bytes(), follow_links=False, make_folders=True)
        save_atomic(entry, text, follow_links=False, make_folders=True)
    except OSError as exc:
        where = exc.filename or data
        raise PuzzleError(f"Could not write the desktop entry at {where} ({exc.strerror or exc}).") from None
    return f"Installed {entry} and {icon}."
