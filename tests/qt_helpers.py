"""Shared by the kinds' widget tests: put a real widget on the (offscreen) screen."""


def shown(qtbot, widget, width, height, state=None):
    """``widget`` registered with qtbot (closed after the test), sized, given ``state``
    if any, shown, and exposed, so paint and hit-testing use its real geometry."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    if state is not None:
        widget.set_state(state)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
