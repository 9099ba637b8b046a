"""The solver worker never floods the GUI thread, however fast the search finds things."""

import time

from PySide6.QtWidgets import QApplication

from puzzlegui.core import solver
from puzzlegui.gui.worker import PROGRESS_INTERVAL, SolverWorker
from search_kinds import Prolific


def test_progress_signals_are_throttled(qapp):
    for trace in (False, True):
        worker = SolverWorker(Prolific(), None, solver.ALL, 50_000, trace=trace, job_id=7)
        emitted, finished = [], []
        worker.progress.connect(lambda *a: emitted.append(a))
        worker.finished.connect(lambda job, r, steps, seen, text: finished.append((job, r, len(steps), seen, text)))
        started = time.perf_counter()
        worker.run()  # synchronously, to count exactly what it emits
        took = time.perf_counter() - started
        job, result, recorded, seen, text = finished[0]
        assert job == 7 and text == solver.describe(result)
        assert result.count == 20_000 and result.complete
        # traced: each of the 20,000 steps, and a "found" mark after each solution
        assert recorded == seen == (40_000 if trace else 0)
        # at most one signal per interval, plus the first solution and the final figure
        assert len(emitted) <= took / PROGRESS_INTERVAL + 3
        assert all(e[0] == 7 for e in emitted)  # every signal names its job
        assert emitted[-1][3] == 20_000


class Instant:
    """A kind whose search ends at once with one solution."""

    name = "instant"

    def solve(self, state, trace=False):
        yield solver.Found(1)


def test_a_held_job_waits_for_release_and_stop_lets_it_end(qtbot, monkeypatch):
    from puzzlegui.gui import worker as worker_mod
    from puzzlegui.gui.worker import SolveJob

    monkeypatch.setattr(worker_mod, "HOLD_LIMIT_S", 120.0)
    results = []
    job = SolveJob(Instant(), None, solver.ALL, 10)
    job.finished.connect(lambda job_id, result, *rest: results.append(result))
    job.start(hold=True)
    qtbot.waitUntil(job.is_running, timeout=2000)
    QApplication.processEvents()
    assert not job.worker._go.is_set()  # held: its search has not begun
    assert results == [] and job.is_running()
    with qtbot.waitSignal(job.ended, timeout=5000):
        assert job.stop()  # Stop does not wait for a release
    assert not job.is_running()
    qtbot.waitUntil(lambda: bool(results), timeout=2000)
    assert results[0].status == solver.STOPPED and results[0].count == 0
