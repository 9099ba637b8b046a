"""Where puzzlegui keeps the player's data: the same folder for the window and the command
line, found without Qt (the command line imports no Qt), as Qt's GenericDataLocation
finds it: ``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux and the other Unixes,
``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows; then
``puzzlegui``.

Pure: the standard library only.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APPLICATION = "puzzlegui"


def data_dir() -> Path:
    """The data folder: the games database, set-aside games, pictures, saved puzzles."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    else:
        # an empty or relative XDG_DATA_HOME is ignored, as the XDG specification says
        base = os.environ.get("XDG_DATA_HOME", "")
        if not os.path.isabs(base):
            base = str(Path.home() / ".local" / "share")
    return Path(base) / APPLICATION
