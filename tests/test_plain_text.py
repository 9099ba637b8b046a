"""Text from a puzzle file is shown as it is (issue 22): every label showing it is
Qt.PlainText, every tooltip holding it is escaped, and nothing a file names is ever
loaded as a resource.

A title holding ``<img src="/dev/zero">`` had Qt read 2 GB when its tooltip showed; a
FIFO there hung the window.  These tests put a real FIFO in the file's texts, and a
guard process watching it: if anything opens the FIFO to read it, the guard lets the
read end (so the test cannot hang) and leaves a mark, and the test fails."""

import os
import subprocess
import sys
import textwrap

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QToolTip, QWidget

from puzzlegui.core import files
from puzzlegui.qtkit.text import plain_tip

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)"),
    # the offscreen platform's note when a tooltip pops up
    pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints", "This plugin does not support raise"),
]

MARK = "<b>bold</b>"  # shown as typed, never as bold

# the guard: a process of its own, since a reader blocked inside Qt holds the GIL
GUARD = textwrap.dedent(
    """
    import os, sys
    fifo, mark = sys.argv[1:3]
    while True:  # ended by the fixture
        fd = os.open(fifo, os.O_WRONLY)  # blocks until something opens the FIFO to read it
        open(mark, "w").close()
        os.close(fd)  # the reader sees the end of the file and goes on
    """
)


@pytest.fixture
def fifo_guard(tmp_path):
    """A FIFO, and the path of the mark its guard leaves when anything reads it."""
    fifo = tmp_path / "trap"
    os.mkfifo(fifo)
    mark = tmp_path / "the FIFO was read"
    guard = subprocess.Popen([sys.executable, "-c", GUARD, str(fifo), str(mark)])
    yield fifo, mark
    guard.kill()
    guard.wait()


def hostile_puzzle(tmp_path, fifo):
    hostile = f'{MARK} <img src="{fifo}">'
    doc = files.load_builtin("tracks-mums-2008")
    doc.meta.update(title=f"Title {hostile}", source=f"Source {hostile}", author=f"Author {hostile}",
                    notes=f"Notes {hostile}")
    path = tmp_path / "<em>named puzzle.json"  # a file name cannot hold "/"
    path.write_text(files.dumps(doc), encoding="utf-8")
    return path


def library_items(tree):
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop()
        yield item
        stack.extend(item.child(i) for i in range(item.childCount()))


def show_tip(widget, pos) -> str:
    """Hover ``widget`` at ``pos`` as Qt does (a ToolTip help event): the tooltip shown."""
    QToolTip.hideText()
    event = QHelpEvent(QEvent.ToolTip, pos, widget.mapToGlobal(pos))
    QApplication.sendEvent(widget, event)
    QApplication.processEvents()
    return QToolTip.text() if QToolTip.isVisible() else ""


def test_a_hostile_title_shows_as_typed_and_nothing_it_names_is_read(qtbot, window, tmp_path, fifo_guard):
    fifo, mark = fifo_guard
    path = hostile_puzzle(tmp_path, fifo)
    assert window.open_source(str(path))
    QApplication.processEvents()

    # every label showing the file's text shows it as plain text
    labels = [w for w in window.findChildren(QLabel) if MARK in w.text()]
    assert MARK in window.title_label.full_text()  # (its text is elided to fit)
    labels.append(window.title_label)
    for label in labels:
        assert label.textFormat() == Qt.PlainText, f"{label.objectName() or label} reads {label.text()!r} as HTML"

    # every tooltip holding it is escaped: it shows the tags as text and names no image
    tips = [w.toolTip() for w in window.findChildren(QWidget) if "bold" in w.toolTip()]
    items = [it for it in library_items(window.library) if "bold" in it.toolTip(0)]
    tips += [it.toolTip(0) for it in items]
    assert len(tips) >= 2 and items  # the title's and the library line's
    for tip in tips:
        assert "<img" not in tip and "<b>" not in tip
        doc = QTextDocument()
        doc.setHtml(tip)
        assert MARK in doc.toPlainText() and f'<img src="{fifo}">' in doc.toPlainText()

    # hovering the title and the library line shows those tooltips, and reads nothing
    title = window.title_label
    assert show_tip(title, title.rect().center()) == title.toolTip()
    item = items[0]
    window.library.scrollToItem(item)
    where = window.library.visualItemRect(item).center()
    assert show_tip(window.library.viewport(), where) == item.toolTip(0)
    QToolTip.hideText()
    assert not mark.exists(), "a tooltip loaded the file the title names"


def test_plain_tip_keeps_the_text_and_its_lines():
    assert plain_tip("") == ""
    doc = QTextDocument()
    doc.setHtml(plain_tip('a <img src="x"> & b\nsecond  line'))
    assert doc.toPlainText() == 'a <img src="x"> & b\nsecond  line'
    assert QtGui.Qt.mightBeRichText(plain_tip("<b>x</b>"))  # so Qt never guesses from the file's text


def test_a_hostile_sentence_from_the_solver_shows_as_typed(qtbot, window, tmp_path, fifo_guard):
    fifo, mark = fifo_guard
    panel = window.panel
    hostile = f'{MARK} <img src="{fifo}">'
    panel.set_result(hostile)
    panel.set_step_text(hostile)
    window.show_solver()
    qtbot.waitExposed(panel)
    for label in (panel.result_label, panel.step_label, panel.result_text):
        assert label.textFormat() == Qt.PlainText
        assert (label.full_text() if hasattr(label, "full_text") else label.text()) == hostile
    assert not mark.exists()
