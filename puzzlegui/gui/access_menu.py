"""View > Accessibility, and the keys for the help page: the front end's side of what
qtkit/accessible.py gives every board (the words a screen reader hears of it)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from ..core import registry
from ..qtkit import accessible, focus_ring
from . import actions, kinds, layout


class AccessMenu(QObject):
    """View > Accessibility: what a move announces, the clues' text size, reduced
    motion; each choice saved in the settings and in force at once."""

    def __init__(self, settings, menu, window):
        super().__init__(window)
        self._settings = settings
        focus_ring.install()  # the keyboard's focus, seen in every scheme
        accessible.prefs.announce, accessible.prefs.clue_scale = settings.announce, settings.clue_scale
        accessible.prefs.reduced_motion = settings.reduced_motion
        self.actions: dict = {}
        menu.addSection("After a move, announce")
        self._radio(menu, "announce", accessible.ANNOUNCE_CHOICES, accessible.prefs.announce)
        menu.addSection("Clue text size")
        self._radio(menu, "clue_scale", accessible.CLUE_SCALES, accessible.prefs.clue_scale)
        menu.addSeparator()
        motion = QAction("&Reduce motion", window, checkable=True)
        motion.setStatusTip("No wave over a finished board; moves and replays step without animation")
        motion.setChecked(accessible.prefs.reduced_motion)
        motion.toggled.connect(self._set_motion)
        menu.addAction(motion)
        self.actions["reduced_motion"] = motion

    def _radio(self, menu, name: str, choices: dict, current) -> None:
        group = QActionGroup(self)
        for value, label in choices.items():
            action = QAction(label, menu, checkable=True)
            action.setChecked(value == current)
            action.triggered.connect(lambda _=False, v=value: self.choose(name, v))
            group.addAction(action)
            menu.addAction(action)
            self.actions[(name, value)] = action

    def choose(self, name: str, value) -> None:
        setattr(self._settings, name, value)
        setattr(accessible.prefs, name, value)
        self.actions[(name, value)].setChecked(True)
        accessible.repaint_boards()

    def _set_motion(self, on: bool) -> None:
        self._settings.reduced_motion = accessible.prefs.reduced_motion = bool(on)
        if on:
            for board in accessible.boards():
                board.stop_animations()


def key_rows(kind_name: str | None) -> list[tuple[str, str]]:
    """Every key, (keys, what they do): the board's for ``kind_name``, then every menu
    action's shortcut (gui/actions.py), so the help page cannot miss one."""
    rows = []
    if kind_name in registry.names():  # a kind with a board of its own
        rows += list(kinds.board_class(kind_name).KEYS) + list(accessible.BOARD_KEYS)
    for text, _slot, shortcut, tip, _checked in actions.ACTIONS.values():
        if shortcut is None:
            continue
        keys = shortcut if isinstance(shortcut, tuple) else (shortcut,)
        words = " or ".join(QKeySequence(k).toString(QKeySequence.NativeText) for k in keys)
        name = text.replace("&", "").rstrip("\u2026")
        rows.append((words, f"{name}: {tip[0].lower() + tip[1:]}" if tip else name))
    rows.append(("Tab, Shift+Tab", "move the keyboard focus between the board, the panels and the bars"))
    rows.append((QKeySequence(layout.FOLD_KEY).toString(QKeySequence.NativeText),
                 "open or close the puzzle's panel over the board, where there is no room beside it"))
    rows.append(("Alt+letter", "open a menu by its underlined letter"))
    return rows
