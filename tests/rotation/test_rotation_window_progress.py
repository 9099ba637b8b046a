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
    labels: list = []  # and the solutions label's
    set_progress = panel.set_progress

    def recording(*args):
        set_progress(*args)
        if panel._running:
            shown.append(panel.result_label.full_text())
            labels.append(panel.solution_label.text())

    panel.set_progress = recording
    with qtbot.waitSignal(window.solving.finished, timeout=180_000) as done:
        window.solve()
    result = done.args[0]
    final = len(result.solutions[0].moves)
    best = [t for t in shown if t.startswith("Searching\u2026 found ")]
    assert best, shown
    figures = [int(t.split(" found ")[1].split(" ")[0]) for t in best]
    # the first figure is the reduction's answer, the last the final one: it improved
    assert figures[0] > final and figures[-1] == final, figures
    assert all("proven" in t for t in best)  # each with its proven bound
    assert "at least" in best[0]
    assert "Best so far" in labels
    # the final answer is said after the search
    assert f"A solution in {final} moves" in panel.result_text.text()
    window.grab().save(str(tmp_path / "bar.png"))


# a 3x4 board with 2x2 blocks more than eight turns from home: the short search cannot
# answer it, so the proof needs the board's pattern database (2.8 MiB, built in a few
# seconds: the small stand-in for 4x4's two 256 MiB ones, built the same way)
FAR_3X4 = "rotation:3x4n2:10,12,2,9,11,8,6,1,5,3,4,7"


def solve_recording(qtbot, window):
    """Solve the open puzzle in the window to its end; (the bar's texts while it ran,
    the result, the search process's id)."""
    panel = window.panel
    shown: list = []
    set_progress = panel.set_progress

    def recording(*args):
        set_progress(*args)
        if panel._running:
            shown.append(panel.result_label.full_text())

    panel.set_progress = recording
    try:
        with qtbot.waitSignal(window.solving.finished, timeout=300_000) as done:
            window.solve()
            pid_of = window.job
    finally:
        panel.set_progress = set_progress
    return shown, done.args[0], pid_of.pid


def test_the_first_database_build_shows_its_progress_and_the_next_process_does_not_build(qtbot, window, monkeypatch):
    from puzzlegui.gui.jobs import search_process
    from puzzlegui.kinds.rotation import diskcache
    from puzzlegui.kinds.rotation import solver as engine

    # as with 4x4's 512 MiB: the board's panel never builds the database for its own
    # proof (it would race Solve's search process to it), so Solve's search builds it
    monkeypatch.setattr(engine, "PROVE_BUILD_LIMIT", 0)
    assert window.open_source(FAR_3X4)
    window.panel.set_mode(solver.UNIQUE)
    window.panel.set_time_limit(None)
    window.panel.set_show("solution")
    shown, result, first_pid = solve_recording(qtbot, window)
    building = [t for t in shown if t.startswith("Searching\u2026 building pattern database 1 of 1: ")]
    assert building, "\n".join(shown)
    percents = [int(t.split(": ")[1].split("%")[0]) for t in building if "%" in t.split(";")[0]]
    assert percents and percents == sorted(percents)  # it goes forward
    assert all("; found " in t for t in building)  # beside the answer so far
    assert result.solutions[0].optimal and "proven optimal" in window.panel.result_text.text()
    stored = sorted(p.name for p in diskcache.databases_folder().iterdir())
    assert len(stored) == 1 and stored[0].endswith(".db")
    # a new search process (the app started again) opens the database from the disk
    search_process.shutdown()
    shown_again, again, second_pid = solve_recording(qtbot, window)
    assert second_pid != first_pid
    assert not [t for t in shown_again if "building" in t], shown_again
    assert again.solutions[0].optimal and len(again.solutions[0].moves) == len(result.solutions[0].moves)
    assert sorted(p.name for p in diskcache.databases_folder().iterdir()) == stored


def test_the_search_process_reports_each_better_answer_with_its_phrase():
    # the path under the bar: search_child's reports carry the Best events' phrases
    from puzzlegui.core import search_child
    from puzzlegui.kinds.rotation import KIND

    state = KIND.parse_game_id(REVERSED_5X5.split(":", 1)[1])
    notes: list = []
    solved = search_child.search_with_progress(KIND, state, solver.UNIQUE, 1000,
                                               report=lambda nodes, elapsed, found, note: notes.append(note))
    final = len(solved.result.solutions[0].moves)
    phrases = list(dict.fromkeys(n for n in notes if n))
    assert phrases[0].startswith("found 74 moves; at least ") and phrases[-1].startswith(f"found {final} moves")
    assert final < 74  # each better answer was reported, the last one last
