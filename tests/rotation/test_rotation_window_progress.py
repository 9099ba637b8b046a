"""The window shows a Rotation search improving (issue 34): while the anytime search
runs, the solver bar says the best answer so far and its proven bound, as each better
answer is found, and then the final answer.  A real solve in the real window's search
process, no timing: every report the bar gets is recorded."""

import pytest

from puzzlegui.core import solver

# the reversed 5x5 board with 2x2 blocks: the reduction's 74 moves come first, the
# search then finds 58 (tests/rotation/test_rotation_lengths.py)
REVERSED_5X5 = "twiddle:5x5n2:" + ",".join(str(v) for v in range(25, 0, -1))

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_bar_shows_the_best_so_far_and_its_bound_before_the_answer(qtbot, window, tmp_path):
    assert window.open_source(REVERSED_5X5)
    panel = window.panel
    panel.set_mode(solver.UNIQUE)  # (a first-answer search would end at the first answer)
    panel.set_time_limit(None)  # the search runs to its end, however loaded the machine
    panel.set_show("solution")
    shown: list = []  # the bar's text after each report of the running search
    set_progress = panel.set_progress

    def recording(*args):
        set_progress(*args)
        if panel._running:
            shown.append(panel.result_label.text())

    panel.set_progress = recording
    with qtbot.waitSignal(window.solving.finished, timeout=180_000) as done:
        window.solve()
    result = done.args[0]
    final = len(result.solutions[0].moves)
    best = [t for t in shown if "best so far: found " in t]
    assert best, shown
    figures = [int(t.split("best so far: found ")[1].split(" ")[0]) for t in best]
    # the first figure is the reduction's answer, the last the final one: it improved
    assert figures[0] > final and figures[-1] == final, figures
    assert all("proven" in t for t in best)  # each with its proven bound
    assert "at least" in best[0]
    # the final answer is said after the search
    assert f"A solution in {final} moves" in panel.result_text.text()
    window.grab().save(str(tmp_path / "bar.png"))
