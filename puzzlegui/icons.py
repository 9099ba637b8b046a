"""The application icon, read as package data (works from a wheel or a checkout)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

ICON_NAME = "puzzlegui.svg"


def icon_bytes() -> bytes:
    try:
        return (resources.files("puzzlegui.resources") / "icons" / ICON_NAME).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return (Path(__file__).resolve().parents[1] / "resources" / "icons" / ICON_NAME).read_bytes()


def icon_path() -> Path | None:
    """A real file path for Qt (package data may live inside a zip)."""
    try:
        ref = resources.files("puzzlegui.resources") / "icons" / ICON_NAME
        if isinstance(ref, Path) and ref.exists():
            return ref
    except ModuleNotFoundError:
        pass
    local = Path(__file__).resolve().parents[1] / "resources" / "icons" / ICON_NAME
    return local if local.exists() else None
