"""One window process per data folder: a later start hands its request to the running one.

The window process that claims the data folder (core/owner.py) listens on a local socket
named after the folder (``QLocalServer``; a Unix socket or a Windows pipe, reachable by
this user only).  A later ``puzzlegui`` on the same folder connects, sends what it was
asked to open (a file, made absolute, or a game ID, with its kind) as one line of JSON,
waits for "ok" and exits; the running process raises its window and opens it there.  So
no second process ever writes the games the first is playing.

A crashed owner leaves its socket file behind: the next owner removes it before it
listens (it may, having claimed the folder: nobody else can be listening there).
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QObject, QThread, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: the most bytes a request may hold (a path or a game ID and a kind's name)
MAX_REQUEST_BYTES = 64 * 1024
#: how long a later start tries to reach the owner (which may be starting itself)
HAND_OVER_MS = 10_000


def server_name(folder) -> str:
    """The local socket's name for ``folder``: this user's, this folder's."""
    try:
        user = str(os.getuid())
    except AttributeError:  # pragma: no cover - Windows
        user = getpass.getuser()
    digest = hashlib.sha256(os.fsencode(os.path.realpath(folder))).hexdigest()[:16]
    return f"puzzlegui-{user}-{digest}"


def request_for(source: str | None, kind: str | None) -> dict:
    """What a start was asked to open, as the owner can read it from another folder: an
    existing file or folder's path made absolute, anything else (a game ID, a built-in's
    name) as given."""
    if source is not None and not source.startswith("game:"):
        base = source.split("#", 1)[0]  # PATH#N: a collection's Nth puzzle
        if base and os.path.exists(base):
            source = os.path.abspath(base) + source[len(base):]
    return {"source": source, "kind": kind}


class Instance(QObject):
    """The owner's side: hears later starts' requests (``requested``: the source or None,
    the kind or None).  Requests that arrive before anyone listens wait for the event loop
    (the window is made before it runs)."""

    requested = Signal(object, object)

    def __init__(self, folder, parent=None):
        super().__init__(parent)
        self.folder = Path(folder)
        self.name = server_name(folder)
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.UserAccessOption)
        self.server.newConnection.connect(self._connected)
        QLocalServer.removeServer(self.name)  # a crashed owner's socket file, if any
        self.listening = self.server.listen(self.name)

    def _connected(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        if socket.property("answered"):
            return
        if not socket.canReadLine():
            if socket.bytesAvailable() > MAX_REQUEST_BYTES:
                socket.abort()  # not a request of ours
            return
        socket.setProperty("answered", True)
        line = bytes(socket.readLine(MAX_REQUEST_BYTES).data())
        try:
            request = json.loads(line.decode("utf-8"))
            source, kind = request.get("source"), request.get("kind")
            if not (source is None or isinstance(source, str)) or not (kind is None or isinstance(kind, str)):
                raise ValueError
        except (ValueError, AttributeError):
            socket.write(b"bad\n")
            socket.flush()
            socket.disconnectFromServer()
            return
        socket.write(b"ok\n")
        socket.flush()
        socket.disconnectFromServer()
        self.requested.emit(source, kind)

    def close(self) -> None:
        self.server.close()


def hand_over(folder, request: dict, timeout_ms: int = HAND_OVER_MS) -> bool:
    """Send ``request`` to the process that owns ``folder``; True once it said "ok".  The
    owner may be starting (it claims the folder a moment before it listens): tries again
    until ``timeout_ms``."""
    name = server_name(folder)
    data = json.dumps(request, ensure_ascii=True).encode("ascii") + b"\n"
    if len(data) > MAX_REQUEST_BYTES:
        return False
    deadline = QDeadlineTimer(timeout_ms)
    while not deadline.hasExpired():
        socket = QLocalSocket()
        socket.connectToServer(name)
        if not socket.waitForConnected(max(1, min(1000, deadline.remainingTime()))):
            socket.abort()
            QThread.msleep(50)  # nobody listens yet: the owner is starting
            continue
        socket.write(data)
        socket.waitForBytesWritten(max(1, deadline.remainingTime()))
        reply = b""
        while not deadline.hasExpired():
            reply += bytes(socket.readAll().data())
            if b"\n" in reply:
                break
            if not socket.waitForReadyRead(max(1, min(1000, deadline.remainingTime()))):
                if socket.state() != QLocalSocket.ConnectedState and not socket.bytesAvailable():
                    break
        socket.abort()
        return reply.startswith(b"ok")
    return False
