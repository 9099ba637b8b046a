"""Starting the GUI: one QApplication, the main window, a clean exit."""

from __future__ import annotations

import sys


def run_gui(source: str | None = None, kind: str | None = None) -> int:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from .. import icons
    from .window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("puzzlegui")
    app.setOrganizationName("puzzlegui")
    app.setDesktopFileName("puzzlegui")
    icon_path = icons.icon_path()
    if icon_path is not None:
        app.setWindowIcon(QIcon(str(icon_path)))
    window = MainWindow(restore=source is None)
    if source is not None:
        if not window.open_source(source, kind):
            window._restore_last_game()
    window.show()
    return app.exec()
