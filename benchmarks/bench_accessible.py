"""What a screen reader costs a move (issue 35), measured with the shared harness.

    python benchmarks/bench_accessible.py

Once an assistive technology has asked for a board's interface, every state the board
shows is told: each square's and clue's name is worked out and compared with the last
(qtkit/accessible.py, ``state_shown``), and an event goes for each that changed. The
target is a frame: a move on the largest board of each kind is told in under 16 ms, so
the board does not lag behind the keys. Without a screen reader none of this runs.
Each board's row is followed by the same runs' CPU time (the thread's), which a loaded
machine's waits do not swell.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import time

from harness import Sample, Table

FRAME = 0.016


def first_move(kind_name, state):
    """A move that changes a square: an X, a no-track mark, a turn, a strip of 1 or 2."""
    if kind_name == "kurosu":
        i = next(i for i, v in enumerate(state.cells) if v < 0)
        return ("set", i % state.width, i // state.width, 1)
    if kind_name == "tracks":
        p = state.puzzle
        x, y = next((x, y) for y in range(p.height) for x in range(p.width)
                    if (x, y) not in state.mask and not p.is_end((x, y)) and (x, y) not in p.fixed_map)
        return ("mark", x, y, 1)
    if kind_name == "rotation":
        return ("turn", 0, 0, "cw")
    from puzzlegui.core.solver import Found

    solution = next(e.solution for e in registry_kind(kind_name).solve(state) if isinstance(e, Found))
    return registry_kind(kind_name).solution_moves(state, solution)[0]


def registry_kind(name):
    from puzzlegui.core import registry

    return registry.get(name)


def main() -> int:
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QApplication

    from puzzlegui.core import registry
    from puzzlegui.gui import kinds
    from puzzlegui.qtkit import accessible

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 (kept alive)
    table = Table("Telling a screen reader a move (state_shown: names, compare, events)")
    sent = []
    accessible.listeners.append(sent.append)
    for kind_name, params in (("kurosu", {"width": 40, "height": 40}), ("tracks", {"width": 30, "height": 30}),
                              ("strips", {"width": 12, "height": 12}), ("rotation", {"width": 10, "height": 10})):
        kind = registry.get(kind_name)
        state = kind.generate({**{p.name: p.default for p in kind.parameters()}, **params}, seed=1)
        board = kinds.board_class(kind_name)(kind)
        board.resize(1200, 800)
        board.animation_ms = 0
        board.set_state(state)
        iface = QAccessible.queryAccessibleInterface(board)
        count = iface.childCount()
        other = kind.apply(state, first_move(kind_name, state))
        told, worked = [], []
        for run in range(23):  # the first two warm up
            board.state = state if run % 2 else other
            board.state_changed()  # what set_state does before it tells (the kind's own upkeep)
            started, cpu = time.perf_counter(), time.thread_time()
            accessible.state_shown(board)
            if run >= 2:
                told.append(time.perf_counter() - started)
                worked.append(time.thread_time() - cpu)
        name = f"{kind.title} {params['width']}x{params['height']}"
        table.row(name, Sample.of(told, note=f"{count} cells and clues"), target=FRAME)
        # the same runs' CPU time: what the work costs, without the waits a loaded
        # machine adds to the wall time (a row with no target: the wall time is judged)
        table.row("  its CPU time", Sample.of(worked), target=None)
        board.deleteLater()
        app.processEvents()
    accessible.listeners.remove(sent.append)
    assert sent, "no event was sent"
    return table.finish()


if __name__ == "__main__":
    sys.exit(main())
