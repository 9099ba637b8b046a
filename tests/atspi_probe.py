"""Run by tests/test_atspi_session.py with the system's Python (python3-pyatspi lives
there, not in the virtual environment): find puzzlegui through AT-SPI, as Orca would,
read its board, play one move by key, and print what it found as one JSON line.

Each wait has a deadline: the app and the bus arrive in their own time from another
process, so the probe asks again until they are there; after the key it waits on the
events themselves (a GLib main loop ended by the announcement, or by the deadline)."""

import json
import sys
import time

import pyatspi

DEADLINE = 30.0


def until(check, seconds=DEADLINE):
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.1)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        child = desktop.getChildAtIndex(i)
        if child is not None and child.name == "puzzlegui":
            return child
    return None


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


def main():
    out = {}
    app = until(find_app)
    out["app"] = app is not None
    if app is None:
        print(json.dumps(out))
        return 1
    board = until(lambda: find_board(app))
    if board is None:
        print(json.dumps(out))
        return 1
    out["board"] = board.name
    out["children"] = board.childCount
    cell = board.getChildAtIndex(0)
    out["role"] = cell.getRoleName()
    out["before"] = cell.name
    # what a screen reader is told after the key: the events, as Orca would get them
    from gi.repository import GLib

    heard = out["heard"] = []

    def on_event(event):
        heard.append([event.type, str(event.any_data) if event.any_data is not None else ""])
        if event.type == "object:announcement":
            loop.quit()

    for kind in ("object:property-change:accessible-name", "object:announcement"):
        pyatspi.Registry.registerEventListener(on_event, kind)
    board.queryComponent().grabFocus()
    loop = GLib.MainLoop()

    def press():
        pyatspi.Registry.generateKeyboardEvent(ord(sys.argv[1]), None, pyatspi.KEY_SYM)
        return False

    GLib.timeout_add(500, press)  # once the listeners are registered with the app
    GLib.timeout_add(int(DEADLINE * 1000), loop.quit)
    loop.run()
    out["after"] = board.getChildAtIndex(0).name
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
