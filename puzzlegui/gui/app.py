"""Starting the GUI: one QApplication, the main window, a clean exit."""

from __future__ import annotations

import os
import signal
import sys

#: set by CI (and anyone checking an install): quit as soon as the first window shows,
#: exit 0 if it did.  Read only here, at start-up.
QUIT_AFTER_START = "PUZZLEGUI_QUIT_AFTER_START"
#: set by the quitting tests: close the window (as Ctrl+Q does) this many ms after it shows
CLOSE_AFTER_MS = "PUZZLEGUI_CLOSE_AFTER_MS"
#: set by the quitting tests: close the window right after this step of its building
#: ("shell": before the first; else one of MainWindow.BUILD_STEPS)
CLOSE_AT_STEP = "PUZZLEGUI_CLOSE_AT_STEP"


def run_gui(source: str | None = None, kind: str | None = None) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from ..core import owner
    from . import settings as settings_mod
    from .window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("puzzlegui")
    app.setOrganizationName("puzzlegui")
    app.setDesktopFileName("puzzlegui")
    folder = settings_mod.data_dir()
    claim = owner.claim(folder)
    if claim is None:  # a window process keeps this data folder's games: it opens the request
        return _hand_over(folder, source, kind)
    listening = []  # the local socket a later start reaches this process by (gui/instance.py)

    def listen() -> None:
        # once the window is up: QtNetwork stays off the first window's path; a later start
        # that comes sooner tries again until it answers (instance.HAND_OVER_MS)
        from .instance import Instance

        instance = Instance(folder)
        instance.requested.connect(window.open_request)
        listening.append(instance)

    try:
        def set_icon(step: str) -> None:  # after the first paint (~10 ms: importlib.resources, QIcon)
            if step != MainWindow.BUILD_STEPS[0]:
                return
            from .. import icons

            icon_path = icons.icon_path()
            if icon_path is not None:
                app.setWindowIcon(QIcon(str(icon_path)))

        # the shell maps first; the store, the library and the board are built behind its
        # first paint, a step an event-loop turn (window.build_in_steps), then built() goes on
        window = MainWindow(restore=source is None, shell_only=True)

        def built() -> None:
            QTimer.singleShot(0, listen)
            if source is not None:
                if not window.open_source(source, kind):
                    window.documents.restore_last_game()
            if os.environ.get(QUIT_AFTER_START):
                shown = window.isVisible()
                print("puzzlegui: first window shown" if shown else "puzzlegui: no window shown", flush=True)
                app.exit(0 if shown else 1)

        window.built.connect(built)
        close_at = os.environ.get(CLOSE_AT_STEP, "")
        if close_at:  # the quitting tests: close as the user would between two steps of the building
            def close_at_step(step: str) -> None:
                if step == close_at:
                    print(f"puzzlegui: closing after the step {step}", flush=True)
                    window.close()

            window.buildStepped.connect(close_at_step)
            if close_at == "shell":
                QTimer.singleShot(0, window.close)
        window.buildStepped.connect(set_icon)
        window.show()
        _quit_cleanly_on_signals(app, window)
        window.build_in_steps()
        close_after = os.environ.get(CLOSE_AFTER_MS, "")
        if close_after.isdigit():
            print("puzzlegui: first window shown", flush=True)
            QTimer.singleShot(int(close_after), window.close)
        return app.exec()
    finally:
        for instance in listening:
            instance.close()
        claim.release()


def _hand_over(folder, source: str | None, kind: str | None) -> int:
    """Ask the window process that owns ``folder`` to open ``source`` (or only to come to
    the front); exit 0 once it said yes, else say why (on stderr and in a message box:
    a start from the desktop has no terminal) and exit 1."""
    from ..core import owner
    from .instance import hand_over, request_for

    if hand_over(folder, request_for(source, kind)):
        what = f"asked it to open {source}" if source is not None else "brought its window to the front"
        print(f"puzzlegui: already running for {folder}; {what}.", flush=True)
        return 0
    pid = owner.owner_pid(folder)
    sentence = (
        f"puzzlegui is already running for the data folder {folder}"
        + (f" (process {pid})" if pid else "")
        + " but did not answer. Close that window (or end that process) and start puzzlegui again."
    )
    print(f"puzzlegui: {sentence}", file=sys.stderr, flush=True)
    if not os.environ.get(QUIT_AFTER_START):
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(None, "puzzlegui", sentence)
    return 1


def _quit_cleanly_on_signals(app, window) -> None:
    """SIGTERM and SIGINT close the window as Quit does: the game is autosaved first.

    Python runs signal handlers only between bytecodes, and Qt's event loop is C++, so a
    short timer gives the interpreter a chance to run them.  The handler itself only notes
    the signal: it may run in the middle of any Python code, a board's paintEvent too, and
    closing the window from there crashed the app (1 run in 3 of a SIGTERM test under
    load); the timer closes it from the event loop, where nothing is half done."""
    from PySide6.QtCore import QTimer

    asked = []

    def note(_signum, _frame):
        asked.append(True)

    def close_if_asked():
        if asked:
            pulse.stop()
            window.close()
            app.quit()

    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            signal.signal(sig, note)
        except (ValueError, OSError):  # not the main thread, or not supported here
            pass
    pulse = QTimer(app)
    pulse.setInterval(200)
    pulse.timeout.connect(close_if_asked)
    pulse.start()
