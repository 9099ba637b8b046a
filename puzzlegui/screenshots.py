"""Save screenshots of the real main window with each built-in kind.

    python -m puzzlegui.screenshots [OUTPUT_FOLDER] [--dark] [--size WxH]

For every kind: its first built-in puzzle as given, mid-replay of the solver's answer, and
solved; then (unless --no-extras) each kind at 640x480 and 1200x800; a 30x30 Tracks, a
40x40 Kurosu, a 12x12 Black and White and a 5x5 Rotation at 640x480, 1200x800 and
1920x1080 with every panel open and every panel closed (``window-*.png``, the states
tests/test_window_fits.py checks); each kind's Edit dialog with the workbench's analysis
on boards with none, one and many solutions (``editor-*.png``); the keyboard cursor on
each kind in each scheme (``cursor-*.png``; ``--cursor`` for those alone); the player's aids (Check's list, "Correct so far?", Statistics), and the
three pictures of each kind again in the dark theme (``*-dark.png``).
Runs offscreen unless a display is chosen with QT_QPA_PLATFORM.
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


def _save(widget, path: Path) -> None:
    """The widget's picture as a PNG file, written as every file the app writes
    (files.save_atomic: never through a FIFO, device or folder at the name)."""
    from .core import files
    from .gui import export

    files.save_atomic(path, export.png_bytes(widget.grab()))


def _extras(app, window, out: Path, suffix: str, kinds) -> list:
    """The window at two sizes, large boards at three sizes with every panel open or
closed, and the aids on screen."""
    from .core import files, registry
    from .gui.dialogs import StatsDialog

    saved = []

    def shot(name, widget=None):
        _settle(app, window)
        path = out / f"{name}{suffix}.png"
        _save(widget or window, path)
        saved.append(path)

    def panels(open_: bool) -> None:
        window.area.show_library(open_)
        window.show_solver(open_)
        window.area.show_side(open_)

    panels(False)
    for w, h in ((640, 480), (1200, 800)):
        window.resize(w, h)
        for kind_name in registry.names():
            if kinds and kind_name not in kinds:
                continue
            first = next((b for b in files.builtins() if b.kind == kind_name), None)
            if first is not None:
                window.open_source(first.name)
                shot(f"{kind_name}-{w}x{h}")
    # the states the layout test drives (tests/test_window_fits.py): each large board at
    # three sizes, every panel open and every panel closed, after Fit
    for kind_name, params, name in (
        ("tracks", {"width": 30, "height": 30}, "tracks-30x30"),
        ("kurosu", {"width": 40, "height": 40}, "kurosu-40x40"),
        ("strips", {"width": 12, "height": 12}, "strips-12x12"),
        ("rotation", {"width": 5, "height": 5}, "rotation-5x5"),
    ):
        if kinds and kind_name not in kinds:
            continue
        kind = registry.get(kind_name)
        state = kind.generate({**{p.name: p.default for p in kind.parameters()}, **params}, seed=1)
        window.load_doc(files.PuzzleDoc(kind, state, meta={"title": f"Random {kind.title} {name.split('-')[1]}"}))
        for w, h in ((640, 480), (1200, 800), (1920, 1080)):
            window.resize(w, h)
            for open_ in (True, False):
                panels(open_)
                window.board_view.fit()
                shot(f"window-{name}-{w}x{h}-{'panels' if open_ else 'bare'}")
        window.resize(1200, 800)
        panels(False)
        shot(name)  # the README's picture of a large board
    panels(False)
    window.resize(1200, 800)
    if not kinds or "kurosu" in kinds:
        window.open_source("kurosu-dm-2018-06-01")
        window.restart()
        state = window.history.state
        empty = [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]
        for x, y in empty[:3]:
            window.play_move(("set", x, y, 1))  # three guesses, some wrong
        window.check()
        shot("aid-check")
        done = []
        window.aidFinished.connect(done.append)
        window.correct_so_far()
        _settle(app, window, lambda: bool(done), 30)
        shot("aid-correct-so-far")
        dialog = StatsDialog(window.games, window)
        dialog.show()
        shot("aid-statistics", dialog)
        dialog.close()
    return saved


def _editor_boards(kind_name: str) -> dict:
    """A board with no solution, one with exactly one and one with many, for the kind's
    editor (the states of the setter's workbench, issue 26)."""
    from .core import files, registry

    kind = registry.get(kind_name)
    if kind_name == "kurosu":
        one = files.load_builtin("kurosu-dm-2018-06-01").state
        many = one
        for given in kind.givens(one)[:6]:
            many = kind.without_given(many, given)
        return {"one": one, "many": many}
    if kind_name == "tracks":
        from .kinds.tracks.model import initial_state, make_puzzle

        one = kind.generate({"width": 8, "height": 8, "difficulty": "easy"}, seed=3)
        p = one.puzzle
        none = initial_state(make_puzzle(p.width, p.height, (p.columns[0] + 1,) + p.columns[1:],
                                         (p.rows[0] + 1,) + p.rows[1:], p.start, p.finish, p.split, p.rows_right,
                                         p.start_edge, p.finish_edge, p.fixed, p.symbols))
        return {"none": none, "one": one, "many": files.load_builtin("tracks-mums-2008").state}
    if kind_name == "strips":
        from .kinds.strips.model import make_state
        from .kinds.strips.stripset import StripSet, parse_set

        one = files.load_builtin("strips-mums-2010-01").state
        return {"none": make_state(("bwb", "bww"), StripSet.of({"bbw": 1, "wwb": 1})), "one": one,
                "many": make_state(one.colours, parse_set("at most: len1-3*2"))}
    if kind_name == "rotation":
        from .kinds.rotation.generator import generate

        return {"7-moves": generate({"width": 3, "height": 3, "block": 2, "distance": 7}, seed=4)}
    return {}


def _editor_shots(app, out: Path, suffix: str, kinds) -> list:
    """Each kind's Edit dialog on boards with none, one and many solutions, once the
    workbench's whole analysis is on screen."""
    import time

    from .core import registry
    from .gui.dialogs import EditDialog

    saved = []
    for kind_name in registry.names():
        if kinds and kind_name not in kinds:
            continue
        for state_name, state in _editor_boards(kind_name).items():
            dialog = EditDialog(registry.get(kind_name), state)
            dialog.resize(760, 700)
            dialog.show()
            deadline = time.perf_counter() + 60
            while dialog.analysis.result is None and time.perf_counter() < deadline:
                app.processEvents()
            for _ in range(5):
                app.processEvents()
            path = out / f"editor-{kind_name}-{state_name}{suffix}.png"
            _save(dialog, path)
            saved.append(path)
            dialog.close()
            dialog.deleteLater()
            app.processEvents()
    return saved


def _kind_shots(app, window, out: Path, suffix: str, kinds) -> list:
    """Each kind's first built-in: as given, mid-replay of the solver's answer, solved."""
    from .core import files, registry, solver

    saved = []
    for kind_name in registry.names():
        if kinds and kind_name not in kinds:
            continue
        builtins = [b for b in files.builtins() if b.kind == kind_name]
        if not builtins:
            continue
        window.open_source(builtins[0].name)
        _settle(app, window)
        path = out / f"{kind_name}-play{suffix}.png"
        _save(window, path)
        saved.append(path)
        window.panel.set_mode(solver.ALL)
        window.panel.set_show("solution")
        finished = []
        window.solveFinished.connect(finished.append)
        window.solve()
        _settle(app, window, lambda: bool(finished))
        window.solveFinished.disconnect(finished.append)
        _settle(app, window, lambda: window.replay.loaded, 30)  # the replay is made off-thread
        window.replay.pause()
        if window.replay.loaded:
            window.replay.seek(window.replay.length // 2)
            _settle(app, window)
            path = out / f"{kind_name}-replay{suffix}.png"
            _save(window, path)
            saved.append(path)
            window.apply_solution()
            _settle(app, window)
            window.board.dismiss_celebration()  # the card says "with the solver's answer": the board is the point
            _settle(app, window)
            path = out / f"{kind_name}-solved{suffix}.png"
            _save(window, path)
            saved.append(path)
    return saved


#: the boards the keyboard cursor is shown on, one per kind, and where it is put
CURSOR_BOARDS = {"kurosu": ("kurosu-dm-2018-06-01", (2, 3)), "tracks": ("tracks-mums-2008", (3, 3)),
                 "rotation": ("twiddle-3x3-orientable", (1, 0)), "strips": ("strips-mums-2010-02", (2, 3))}


def _cursor_shots(app, window, out: Path, kinds) -> list:
    """The keyboard cursor on each kind's board, side by side, in each colour scheme
    (``cursor-<scheme>.png``): the focus must show on every fill of every scheme."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    from .qtkit import theme

    saved = []
    side = 300
    for scheme in (theme.LIGHT_CHOICE, theme.DARK_CHOICE, theme.HIGH_CONTRAST_CHOICE, theme.GREYSCALE_CHOICE):
        window.set_theme(scheme)
        pictures = []
        for kind_name, (name, cell) in CURSOR_BOARDS.items():
            if kinds and kind_name not in kinds:
                continue
            window.open_source(name)
            board = window.board
            window.activateWindow()
            board.setFocus(Qt.OtherFocusReason)
            if hasattr(board, "key_cursor"):
                board.key_cursor = cell
            else:
                board.cursor = cell
            board.update()
            _settle(app, window)
            pictures.append(board.grab().toImage().scaled(side, side, Qt.KeepAspectRatio, Qt.SmoothTransformation))
        if not pictures:
            continue
        sheet = QImage(side * len(pictures), side, QImage.Format_RGB32)
        sheet.fill(window.palette().color(window.backgroundRole()))
        painter = QPainter(sheet)
        for i, picture in enumerate(pictures):
            painter.drawImage(i * side, (side - picture.height()) // 2, picture)
        painter.end()
        from .core import files
        from .gui import export

        path = out / f"cursor-{scheme}.png"
        files.save_atomic(path, export.png_bytes(sheet))
        saved.append(path)
    window.set_theme(theme.LIGHT_CHOICE)
    return saved


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzlegui.screenshots")
    parser.add_argument("output", nargs="?", default="docs/screenshots")
    parser.add_argument("--dark", action="store_true", help="the dark colours (View > Colours > Dark)")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--kinds", nargs="*", help="only these kinds")
    parser.add_argument("--no-extras", action="store_true", help="only the three pictures per kind")
    parser.add_argument("--cursor", action="store_true", help="only the keyboard cursor in each scheme")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # never touch the user's own settings or autosave
    scratch = tempfile.mkdtemp(prefix="puzzlegui-shots-")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
    os.environ["XDG_DATA_HOME"] = os.path.join(scratch, "data")

    from PySide6.QtWidgets import QApplication

    from .gui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    width, height = (int(v) for v in args.size.lower().split("x"))
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "-dark" if args.dark else ""
    saved = []
    window = MainWindow(restore=False)
    window.set_theme("dark" if args.dark else "light")  # the scratch settings: not remembered
    window.resize(width, height)
    window.show()
    from .core.kind import PuzzleError

    try:
        if args.cursor:
            saved += _cursor_shots(app, window, out, args.kinds)
        else:
            saved += _kind_shots(app, window, out, suffix, args.kinds)
        if not args.no_extras and not args.cursor:
            saved += _cursor_shots(app, window, out, args.kinds)
            saved += _extras(app, window, out, suffix, args.kinds)
            saved += _editor_shots(app, out, suffix, args.kinds)
            if not args.dark:  # and the three pictures of each kind in the dark theme
                window.set_theme("dark")
                saved += _kind_shots(app, window, out, "-dark", args.kinds)
    except (PuzzleError, OSError) as exc:  # a special file at a picture's name, a full disk
        why = f"{exc.filename or out}: {exc.strerror or exc}" if isinstance(exc, OSError) else exc
        print(f"screenshots: {why}", file=sys.stderr)
        return 2
    finally:
        window.shutdown()
        window.close()
    for path in saved:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
