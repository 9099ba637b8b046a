"""Opening an address in the desktop's web browser, and saying so when none opened.

Qt's QDesktopServices.openUrl answers True on Linux as soon as it has started xdg-open,
so a desktop with no browser ("Open in a web browser" under a bare X server) said nothing
at all.  Here xdg-open is run on the pool and its exit status read: a status other than
0 within OPENER_WAIT_S is said in a sentence with the address.  An opener still running
by then (some wait for the browser to close) is left to run, in a session of its own."""

from __future__ import annotations

import shutil
import subprocess
import sys

OPENER_WAIT_S = 5.0  # how long to wait for xdg-open's answer before taking silence for success


def _run_opener(opener: str, url: str) -> int | None:
    """xdg-open's exit status, or None if it is still running after OPENER_WAIT_S."""
    try:
        process = subprocess.Popen([opener, url], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return 127
    try:
        return process.wait(OPENER_WAIT_S)
    except subprocess.TimeoutExpired:
        return None


def _opener() -> str | None:
    """xdg-open, where Qt would run it itself (Linux on X11 or Wayland); None elsewhere,
    where QDesktopServices answers truly (and the offscreen platform opens nothing)."""
    from PySide6.QtGui import QGuiApplication

    if not sys.platform.startswith("linux") or QGuiApplication.platformName() not in ("xcb", "wayland"):
        return None
    return shutil.which("xdg-open")


def open_address(url: str, failed, jobs) -> None:
    """Ask the desktop's browser to open ``url``; ``failed(sentence)`` (on the GUI thread)
    when it did not, the sentence holding the address so it can still be copied.  The
    opener may block for seconds: it runs through ``jobs`` (the window's gui.jobs.Jobs)."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    opener = _opener()
    if opener is None:
        if not QDesktopServices.openUrl(QUrl(url)):
            failed(f"No web browser opened; the address is {url}")
        return
    from ..core import jobs as named

    def answered(status) -> None:
        if status not in (0, None):
            failed(f"No web browser opened (xdg-open gave up with status {status}); the address is {url}")

    call = jobs.submit(jobs.ticket("open link"), named.OPEN_LINK, _run_opener, opener, url)
    call.done.connect(answered)
    call.failed.connect(lambda why: failed(f"No web browser opened ({why}); the address is {url}"))
