"""Save screenshots of the real main window with each built-in kind.

    python -m puzzlegui.screenshots [OUTPUT_FOLDER] [--dark] [--size WxH]

For every kind: its first built-in puzzle as given, mid-replay of the solver's answer, and
solved.  Runs offscreen unless a display is chosen with QT_QPA_PLATFORM.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path


def _settle(app, window, predicate=None, limit_s: float = 60.0) -> None:
    import time

    deadline = time.perf_counter() + limit_s
    while True:
        app.processEvents()
        if predicate is None or predicate() or time.perf_counter() > deadline:
            break
    # let animations finish so the picture shows a resting board
    while window.board is not None and window.board.is_animating() and time.perf_counter() < deadline:
        app.processEvents()


def dark_palette():
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    base, text = QColor("#202124"), QColor("#e8eaed")
    for role, colour in (
        (QPalette.Window, QColor("#2b2c2f")),
        (QPalette.WindowText, text),
        (QPalette.Base, base),
        (QPalette.AlternateBase, QColor("#303134")),
        (QPalette.Text, text),
        (QPalette.Button, QColor("#3c4043")),
        (QPalette.ButtonText, text),
        (QPalette.Highlight, QColor("#8ab4f8")),
        (QPalette.HighlightedText, QColor("#202124")),
        (QPalette.ToolTipBase, base),
        (QPalette.ToolTipText, text),
        (QPalette.PlaceholderText, QColor("#9aa0a6")),
    ):
        p.setColor(role, colour)
    return p


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzlegui.screenshots")
    parser.add_argument("output", nargs="?", default="docs/screenshots")
    parser.add_argument("--dark", action="store_true", help="use a dark window palette")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--kinds", nargs="*", help="only these kinds")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # never touch the user's own settings or autosave
    scratch = tempfile.mkdtemp(prefix="puzzlegui-shots-")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
    os.environ["XDG_DATA_HOME"] = os.path.join(scratch, "data")

    from PySide6.QtWidgets import QApplication

    from .core import files, registry, solver
    from .gui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    if args.dark:
        app.setStyle("Fusion")
        app.setPalette(dark_palette())
    width, height = (int(v) for v in args.size.lower().split("x"))
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "-dark" if args.dark else ""
    saved = []
    window = MainWindow(restore=False)
    window.resize(width, height)
    window.show()
    for kind_name in registry.names():
        if args.kinds and kind_name not in args.kinds:
            continue
        builtins = [b for b in files.builtins() if b.kind == kind_name]
        if not builtins:
            continue
        window.open_source(builtins[0].name)
        _settle(app, window)
        path = out / f"{kind_name}-play{suffix}.png"
        window.grab().save(str(path))
        saved.append(path)
        window.panel.set_mode(solver.ALL)
        window.panel.set_show("solution")
        finished = []
        window.solveFinished.connect(finished.append)
        window.solve()
        _settle(app, window, lambda: bool(finished))
        window.solveFinished.disconnect(finished.append)
        window.player.pause()
        if window.player.loaded:
            window.player.seek(window.player.length // 2)
            _settle(app, window)
            path = out / f"{kind_name}-replay{suffix}.png"
            window.grab().save(str(path))
            saved.append(path)
            window.apply_solution()
            _settle(app, window)
            path = out / f"{kind_name}-solved{suffix}.png"
            window.grab().save(str(path))
            saved.append(path)
    window.shutdown()
    window.close()
    for path in saved:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
