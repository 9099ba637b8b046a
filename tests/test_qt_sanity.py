"""Guards the Qt binding itself: PySide6 6.12.0 drops a reference to True/None on every
signal emission under Python 3.11, and the app aborts after ~1000 signals. pyproject pins
PySide6 below 6.12; this test fails if a broken build comes back."""

import sys

import pytest
from PySide6.QtCore import QObject, Signal


class Emitter(QObject):
    bare = Signal()
    anything = Signal(object)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="True and None are immortal from Python 3.12")
def test_signal_emission_keeps_reference_counts(qapp):
    e = Emitter()
    received = []
    e.bare.connect(lambda: received.append(1))
    e.anything.connect(received.append)
    before = (sys.getrefcount(True), sys.getrefcount(None))
    for _ in range(200):
        e.bare.emit()
        e.anything.emit(None)
    received.clear()
    after = (sys.getrefcount(True), sys.getrefcount(None))
    assert after == before
