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


def take_hint(qtbot, window):
    """A hint through the window, as the player asks for it (found on the pool), and
    its answer played: returns once the window has it.  Hints come in stages (look
    here, the reason, the move): Hint is pressed until the move is played."""
    position = window.history.position
    for _ in range(3):
        with qtbot.waitSignal(window.aidFinished, timeout=60000):
            window.hint()
        if window.history.position != position or window.game.hint_stage is None:
            break  # played, or no hint to stage
