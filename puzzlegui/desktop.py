"""``puzzlegui install-desktop-entry``: put the app in the desktop's menu (freedesktop)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .core.files import save_atomic
from .icons import ICON_NAME, icon_bytes


def _data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install_desktop_entry() -> str:
    """Write ~/.local/share/applications/puzzlegui.desktop and the icon; say where."""
    data = _data_home()
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / ICON_NAME
    icon.parent.mkdir(parents=True, exist_ok=True)
    icon.write_bytes(icon_bytes())
    launcher = shutil.which("puzzlegui")
    exec_line = f'"{launcher}"' if launcher else f'"{sys.executable}" -m puzzlegui'
    entry = data / "applications" / "puzzlegui.desktop"
    save_atomic(
        entry,
        "\n".join(
            [
                "[Desktop Entry]",
                "Type=Application",
                "Name=puzzlegui",
                "GenericName=Logic puzzles",
                "Comment=Play logic puzzles and watch solvers explain their work",
                f"Exec={exec_line} open %f",
                f"TryExec={launcher or sys.executable}",
                f"Icon={icon}",
                "Terminal=false",
                "Categories=Game;LogicGame;",
                "Keywords=puzzle;tracks;takuzu;twiddle;unruly;",
                "",
            ]
        ),
    )
    return f"Installed {entry} and {icon}."
