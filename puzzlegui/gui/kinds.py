"""What a puzzle kind gives the front end, declared in one place (as Tatham's
``struct game`` lists what every game implements), and the one lookup of it.

Beside its pure engine (core.kind.PuzzleKind, in ``puzzlegui/kinds/<kind>/``), a kind
may give the front end two classes, each in a module of its own so the engine never
imports Qt (the import contracts in pyproject.toml say so):

``widget.Board`` (required), a qtkit.board.BoardWidget subclass that draws a state and
turns input into moves.  The window relies on:

    Board(kind)                                  made for one kind, shown in a BoardView
    set_state(state, move=None, animate=False)   show a state (animating ``move``)
    set_violations(violations)                   mark broken rules (core.kind.Violation)
    set_highlight(cells=(), text="")             point at cells (a hint, a solver step)
    set_trial(cells=())                          mark the cells a trial entered (Mark this position)
    set_interactive(bool)                        off while a replay shows
    grid_size() -> (cols, rows)                  for laying the window out
    side_panel() -> QWidget | None               the kind's own panel (Tracks' tab)
    celebrate(lines=()), stop_animations(), is_animating(), animation_ms
    moveRequested(move), statusMessage(str), backToGame()   (signals)

The base class gives all but ``paint_board`` and the input handlers a kind overrides.

``editor.Editor`` (optional), a QWidget for entering a board.  The Edit dialog (the
setter's workbench, issue 26) relies on:

    Editor(kind, state)              made for one kind, showing ``state`` (or its own blank board)
    changed                          (signal) the board or its options changed
    puzzle()                         the state entered; PuzzleError with a sentence if not a puzzle yet
    load(state)                      show a state of the kind as if the setter had entered it
                                     (sizes and options follow it); ``changed`` once
    mark_cells(cells, style)         shade cells (x, y) in a style of qtkit/editor_marks.py STYLES
                                     ("differ", "contradiction", "redundant", "suggest"), replacing
                                     only that style's cells; ``((), None)`` clears all.  Tracks also
                                     takes its counts' clue positions (see its editor)
    show_solution(state | None)      draw a solution over the board, muted; None stops

Every ``changed`` forgets the marks and the solution: they belong to the board they
were found for.  Typing on an editor's board fills a cell and moves the cursor on, so a
board is typed in from paper row by row.  A kind without an editor is entered as text
or a game ID.

So a fifth kind needs no change in gui/: its package and a registry entry
(core/registry.py) are all (tests/demo is such a kind, registered by the tests).
"""

from __future__ import annotations

import importlib

from ..core import registry

#: what the window calls on every Board (the base class, qtkit/board.py, has them all)
BOARD_CONTRACT = (
    "set_state", "set_violations", "set_highlight", "set_trial", "set_interactive", "grid_size", "side_panel",
    "celebrate", "stop_animations", "is_animating", "moveRequested", "statusMessage", "backToGame",
)
#: what the Edit dialog calls on an Editor
EDITOR_CONTRACT = ("changed", "puzzle", "load", "mark_cells", "show_solution")


def board_module(kind_name: str):
    """The kind's widget module (imported the first time: tens of ms, so the pool warms
    it where it can, see ``preload``)."""
    return importlib.import_module(registry.widget_module(kind_name))


def board_class(kind_name: str):
    """The kind's Board class."""
    return board_module(kind_name).Board


def preload(kind_name: str) -> None:
    """Import the kind's board module now (off the GUI thread), so showing it later is quick."""
    board_module(kind_name)


def editor_class(kind_name: str):
    """The kind's Editor class, or None if it has none (it is entered as text)."""
    try:
        module = importlib.import_module(registry.KIND_MODULES[kind_name] + ".qt.editor")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(".editor"):
            return None
        raise
    return module.Editor
