"""A focus ring the eye finds in every colour scheme: a 2-pixel frame in the palette's
highlight colour around the widget that has the keyboard focus.

Fusion (the style every scheme but "follow the desktop" uses) marks a focused button with
a one-pixel outline of the highlight colour, which is also how it draws the default
button (Solve looked the same focused or not), and a focused slider or tool button with a
faint tint; on the dark scheme neither could be told from the bar around it.  The ring
is one frame for the whole application, drawn over the widget's edge whatever the style.

It follows the style's own rule for when focus is shown: after the keyboard moved it
(Tab, Shift+Tab, a shortcut), not after a click.  Boards draw their own cursor and are
left alone (``skip``).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QFocusFrame, QProxyStyle, QStyle, QWidget

WIDTH = 2  # pixels


class _ExactStyle(QProxyStyle):
    """The frame's own style: as big as its widget (no margins outside, where a parent
    with no margin of its own would cut the ring off) and with no mask (the frame's
    usual mask leaves only its margins, outside the widget, to paint)."""

    def pixelMetric(self, metric, option=None, widget=None):  # noqa: N802 (Qt's name)
        if metric in (QStyle.PM_FocusFrameHMargin, QStyle.PM_FocusFrameVMargin):
            return 0
        return super().pixelMetric(metric, option, widget)

    def styleHint(self, hint, option=None, widget=None, returnData=None):  # noqa: N802, N803
        if hint == QStyle.SH_FocusFrame_Mask:
            return 0
        return super().styleHint(hint, option, widget, returnData)


class _Frame(QFocusFrame):
    """Qt's focus frame (it follows its widget's moves, resizes and hiding), painted as a
    ring over the widget's outermost pixels."""

    def __init__(self, style: QStyle):
        super().__init__()
        self.setStyle(style)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        target = self.widget()
        if target is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing, False)
        painter.setBrush(Qt.NoBrush)
        palette = target.palette()
        edge = self.rect()  # the widget's own (``_ExactStyle``)
        # two colours, so the ring shows on any background: the highlight, and inside
        # it a line of the text drawn on the highlight (white in every scheme)
        for colour, inset, width in ((QPalette.Highlight, 0, WIDTH), (QPalette.HighlightedText, WIDTH, 1)):
            pen = QPen(palette.color(QPalette.Active, colour), width)
            pen.setJoinStyle(Qt.MiterJoin)
            painter.setPen(pen)
            half = width / 2
            painter.drawRect(edge.toRectF().adjusted(inset + half, inset + half, -inset - half, -inset - half))


class FocusRing(QObject):
    """The application's one ring: moved to the focus widget whenever the focus moves."""

    def __init__(self, app: QApplication, skip: tuple = ()):
        super().__init__(app)
        self.skip = tuple(skip)  # widget classes that show their own focus (the boards)
        self._frame: _Frame | None = None
        self._style = _ExactStyle()  # kept: a widget does not own the style it is given
        app.focusChanged.connect(self._moved)

    @property
    def target(self) -> QWidget | None:
        """The widget the ring is drawn around now (None: no ring on the screen)."""
        frame = self._frame
        if frame is None or not shiboken6.isValid(frame) or not frame.isVisible():
            return None
        return frame.widget()

    def _wanted(self, widget) -> bool:
        if widget is None or widget.isWindow() or isinstance(widget, self.skip):
            return False
        window = widget.window()
        return window is not None and window.testAttribute(Qt.WA_KeyboardFocusChange)

    def _moved(self, _old, new) -> None:
        frame = self._frame
        if not self._wanted(new):
            if frame is not None and shiboken6.isValid(frame):
                frame.setWidget(None)
                frame.hide()
            return
        if frame is None or not shiboken6.isValid(frame):  # none yet, or gone with a window
            frame = self._frame = _Frame(self._style)
        frame.setWidget(new)  # Qt's frame moves into the widget's parent
        frame.show()
        frame.raise_()


_ring: FocusRing | None = None


def install() -> FocusRing | None:
    """The ring for the running application, made once (boards keep their own cursor)."""
    from .board import BoardWidget

    global _ring
    app = QApplication.instance()
    if app is None:
        return None
    if _ring is None or not shiboken6.isValid(_ring) or _ring.parent() is not app:
        _ring = FocusRing(app, skip=(BoardWidget,))
    return _ring


def tab_order(window: QWidget, *groups: QWidget) -> None:
    """Tab through ``window`` group by group, in the order given (each group's widgets
    keep their own order; widgets in no group come last).  Qt chains widgets in the
    order they joined the window, so a part built first but shown lower (the Edit
    dialog's workbench, under the editor) was reached after the buttons below it."""
    chain, widget = [], window.nextInFocusChain()
    while widget is not None and widget is not window and len(chain) < 10_000:
        if widget.focusPolicy() & Qt.TabFocus and widget.focusProxy() is None:
            chain.append(widget)
        widget = widget.nextInFocusChain()

    def rank(w) -> int:
        return next((i for i, g in enumerate(groups) if g is w or g.isAncestorOf(w)), len(groups))

    ordered = sorted(chain, key=rank)  # stable: each group as Qt had it
    for first, second in zip(ordered, ordered[1:]):
        QWidget.setTabOrder(first, second)
