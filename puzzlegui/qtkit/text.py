"""Text from files and input, shown as it is: never read as HTML, never a resource.

Qt guesses whether a label's, a message box's or a tooltip's text is HTML (Qt.AutoText),
and HTML loads what an ``<img src=...>`` names: a puzzle title holding
``<img src="/dev/zero">`` had Qt read 2 GB when its tooltip showed, and a FIFO there hung
the window.  So a label or a message box that may show a title, a source, a note, a file
name or a sentence quoting a file takes Qt.PlainText (``plain_label``).  A tooltip has
no such switch (Qt always guesses), so its text is escaped and wrapped in a paragraph of
our own: rich text that holds no tag of the file's (``plain_tip``).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

_TIP = "<p style='white-space:pre-wrap'>{}</p>"  # line breaks and runs of spaces kept, long lines wrapped


def plain_tip(text: str) -> str:
    """``text`` as a tooltip shows it, exactly as written; "" (no tooltip) for no text."""
    if not text:
        return ""
    return _TIP.format(html.escape(text, quote=False))


def plain_label(text: str = "") -> QLabel:
    """A label that shows ``text`` as it is: never read as HTML (it may come from a file)."""
    label = QLabel(text)
    label.setTextFormat(Qt.PlainText)
    return label
