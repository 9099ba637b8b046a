"""What a puzzle kind gives the front end, declared in one place (as Tatham's
``struct game`` lists what every game implements), and the one lookup of it.

Beside its pure engine (core.kind.PuzzleKind, in ``puzzlegui/kinds/<kind>/``), a kind
may give the front end two classes, each in a module of its own so the engine never
imports Qt (the import contracts in pyproject.toml say so):

``widget.Board`` (required), a gui.board.BoardWidget subclass that draws a state and
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

``editor.Editor`` (optional), a QWidget for entering a board: ``Editor(kind, state)``,
a ``changed`` signal, and ``puzzle()`` (the state entered; PuzzleError with a sentence
if it is not a puzzle yet).  A kind without one is entered as text or a game ID.

So a fifth kind needs no change in gui/: its package and a registry entry
(core/registry.py) are all (tests/demo is such a kind, registered by the tests).
"""

from __future__ import annotations

import importlib

from ..core import registry

#: what the window calls on every Board (the base class, gui/board.py, has them all)
BOARD_CONTRACT = (
    "set_state", "set_violations", "set_highlight", "set_trial", "set_interactive", "grid_size", "side_panel",
    "celebrate", "stop_animations", "is_animating", "moveRequested", "statusMessage", "backToGame",
)
#: what the Edit dialog calls on an Editor
EDITOR_CONTRACT = ("changed", "puzzle")


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
        module = importlib.import_module(registry.KIND_MODULES[kind_name] + ".editor")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(".editor"):
            return None
        raise
    return module.Editor
