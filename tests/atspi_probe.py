"""Run by tests/test_atspi_session.py with the system's Python (python3-pyatspi lives
there, not in the virtual environment): find puzzlegui through AT-SPI, as Orca would,
read its board, play one move by key, and print what it found as one JSON line.

Nothing is polled: the probe listens on the AT-SPI bus from its first moment and runs a
GLib main loop; it looks for the app and its board once at the start and again after
each event (an app joining the desktop, a window shown, a state or a name changed), and
after the key it waits for the announcement.  The window shows its shell first and
builds the rest behind it, and the puzzle asked for opens last, in a board of its own
(the window's title then names it): the probe looks for the board only once the title
names a puzzle, and reads the board again after the key.  One deadline ends the wait if nothing
comes.  The listeners are registered before the probe's first call to the app, so the
app has heard of them (the registry's signal reaches it before those calls) by the time
the key is pressed."""

import json
import sys

import pyatspi
from gi.repository import GLib

DEADLINE = 30.0
#: what makes the probe look again: the desktop's children (an app registering), the app's
#: windows and states (its window shown, the board given the focus)
WAKE = ("object:children-changed", "window", "object:state-changed", "focus",
        "object:property-change:accessible-name")
#: what a screen reader is told after the key: recorded in the output
HEARD = ("object:property-change:accessible-name", "object:announcement")


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        child = desktop.getChildAtIndex(i)
        if child is not None and child.name == "puzzlegui":
            return child
    return None


def puzzle_open(app) -> bool:
    """Does one of the app's windows name an open puzzle ("<title> \u2013 puzzlegui")?"""
    for i in range(app.childCount):
        child = app.getChildAtIndex(i)
        if child is not None and (child.name or "").endswith("\u2013 puzzlegui"):
            return True
    return False


def find_board(node, depth=0):
    if node is None or depth > 14:
        return None
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is None:
            continue
        if child.getRoleName() == "table" and " board, " in (child.name or ""):
            return child
        found = find_board(child, depth + 1)
        if found is not None:
            return found
    return None


class Session:
    """The listeners, the main loop and what was found: the app and its board first,
    then what the key changed."""

    def __init__(self, key: str):
        self.key = key
        self.out: dict = {}
        self.heard = []
        self.app = self.board = None
        self.pressed = False
        self._looking = False
        self.woken_by: list = []  # the events after which the probe looked (the first look: none)
        self.loop = GLib.MainLoop()

    def run(self) -> dict:
        for kind in WAKE + HEARD:
            pyatspi.Registry.registerEventListener(self.on_event, kind)
        GLib.idle_add(self.look)  # the app may be there already: no event would say so
        GLib.timeout_add(int(DEADLINE * 1000), self.loop.quit)
        self.loop.run()
        out = self.out
        out["app"] = self.app is not None
        out["woken_by"] = self.woken_by
        if self.board is not None and self.pressed:
            out["heard"] = self.heard
            board = find_board(self.app) or self.board  # (read afresh)
            out["after"] = board.getChildAtIndex(0).name
        return out

    def on_event(self, event):
        if self.pressed:
            if event.type in HEARD:
                self.heard.append([event.type, str(event.any_data) if event.any_data is not None else ""])
            if event.type == "object:announcement":
                self.loop.quit()
        elif not self._looking:  # one look for a burst of events
            self._looking = True
            self.woken_by.append(event.type)
            GLib.idle_add(self.look)

    def look(self):
        self._looking = False
        if self.pressed:
            return False
        if self.app is None:
            self.app = find_app()
        if self.app is not None and puzzle_open(self.app):
            self.board = find_board(self.app)
        if self.board is not None:
            self.found_board()
        return False

    def found_board(self):
        board, out = self.board, self.out
        out["board"] = board.name
        out["children"] = board.childCount
        cell = board.getChildAtIndex(0)
        out["role"] = cell.getRoleName()
        out["before"] = cell.name
        board.queryComponent().grabFocus()
        self.pressed = True
        pyatspi.Registry.generateKeyboardEvent(ord(self.key), None, pyatspi.KEY_SYM)


def main():
    out = Session(sys.argv[1]).run()
    print(json.dumps(out))
    return 0 if "after" in out else 1


if __name__ == "__main__":
    sys.exit(main())
