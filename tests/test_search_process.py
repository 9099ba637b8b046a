"""Searches in the warm search process (gui/jobs/search_process.py, core/search_child.py): the
same answers as in the app's own process, Stop, a child that dies or hangs, shutdown."""

import multiprocessing
import os
import re
import select
import signal
import subprocess
import sys
import threading

import pytest
import search_kinds

from puzzlegui.core import files, search_child, solver
from puzzlegui.gui.jobs import search_process
from puzzlegui.gui.jobs.search_process import ProcessSolveJob

# a search that finds solutions as long as we let it: every 14x14 Kurosu board
ENDLESS_KUROSU = "kurosu:14x14:zzzzzzzv"
SLOW = 120_000  # ms: generous waits for what takes a second on a loaded machine


@pytest.fixture(scope="module", autouse=True)
def _no_child_after_the_module():
    yield
    search_process.shutdown()


class Outcome:
    """Every signal a job sends, in order."""

    def __init__(self, job):
        self.job = job
        self.order = []
        self.progress = []
        self.finished = None
        self.failed = None
        job.progress.connect(lambda *a: (self.progress.append(a), self._saw("progress")))
        job.finished.connect(self._finished)
        job.failed.connect(self._failed)
        job.ended.connect(lambda job_id: self._saw(("ended", job_id)))

    def _saw(self, what):
        if not self.order or self.order[-1] != what:
            self.order.append(what)

    def _finished(self, *args):
        self.finished = args
        self._saw(("finished", args[0]))

    def _failed(self, *args):
        self.failed = args
        self._saw(("failed", args[0]))


def run(qtbot, job) -> Outcome:
    """Start ``job`` and wait for it to end."""
    outcome = Outcome(job)
    with qtbot.waitSignal(job.ended, timeout=SLOW):
        job.start()
    assert not job.is_running()
    return outcome


def pid_of_a_search(qtbot) -> int:
    """The process id of the child that runs the next search."""
    outcome = run(qtbot, ProcessSolveJob(search_kinds.Pid(), None, solver.FIRST, 1))
    return outcome.finished[1].solutions[0]


def timeless(sentence: str) -> str:
    """A result's sentence without what differs run to run: its durations ("8 ms", "1.25 s")
    and its nodes (a Kurosu search reports them every few ms: one stopped at its limit
    names the last report)."""
    sentence = re.sub(r"\b\d[\d,]*(\.\d+)? (ms|s)\b", "T", sentence)
    return re.sub(r"\b\d[\d,]* nodes?\b", "N nodes", sentence)


def start_long(qtbot, job) -> Outcome:
    """Start a search that runs until stopped, and wait until it has made some progress."""
    outcome = Outcome(job)
    job.start()
    qtbot.waitUntil(lambda: bool(outcome.progress) and outcome.progress[-1][1] > 0, timeout=SLOW)
    assert job.is_running()
    return outcome


# --- the same answers ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "source, mode",
    [
        ("tracks-mums-2008", solver.UNIQUE),
        ("tracks-mums-2008", solver.ALL),
        ("mystery-box", solver.UNIQUE),
        ("rotation-4x3-clockwise", solver.UNIQUE),
        ("kurosu-dm-2018-06-01", solver.UNIQUE),
        ("kurosu:6x6:zl", solver.ALL),
        ("strips-mums-2010-01", solver.UNIQUE),
    ],
)
def test_a_built_in_gets_the_same_answer_as_in_process(qtbot, source, mode):
    doc = files.load_source(source)
    state = doc.kind.solve_start(doc.state)
    here = search_child.search_with_progress(doc.kind, state, mode, 1000)
    outcome = run(qtbot, ProcessSolveJob(doc.kind, state, mode, 1000))
    assert outcome.failed is None, outcome.failed
    job_id, result, steps, seen, sentence = outcome.finished
    assert job_id == outcome.job.job_id
    # (not the nodes: a Rotation table read from the disk cache, or built, counts differently;
    # the sentences of the other kinds name their nodes)
    assert (result.status, result.count, result.complete) == (
        here.result.status, here.result.count, here.result.complete)
    assert len(result.solutions) == len(here.result.solutions) >= 1
    assert timeless(sentence) == timeless(here.sentence)
    assert steps == [] and seen == 0


def test_an_unproven_best_answer_comes_back_as_the_one_solution(qtbot):
    here = search_child.search_with_progress(search_kinds.Anytime(), None, solver.FIRST, 1)
    outcome = run(qtbot, ProcessSolveJob(search_kinds.Anytime(), None, solver.FIRST, 1))
    result = outcome.finished[1]
    assert result.solutions == here.result.solutions == [("best", 16)]
    assert result.provisional and result.count == 1 and result.lower_bound == 13
    assert timeless(outcome.finished[4]) == timeless(here.sentence)


def demo_state(kind, lamps="000", target="1?1", **extra):
    return kind.solve_start(kind.decode({"lamps": lamps, "target": target, **extra}))


def test_a_kind_registered_at_run_time_is_found_in_the_child(qtbot, demo_kind):
    state = demo_state(demo_kind)
    here = search_child.search_with_progress(demo_kind, state, solver.UNIQUE, 1000)
    outcome = run(qtbot, ProcessSolveJob(demo_kind, state, solver.UNIQUE, 1000))
    assert outcome.failed is None, outcome.failed
    result, sentence = outcome.finished[1], outcome.finished[4]
    assert (result.status, result.count, result.counted) == (here.result.status, here.result.count, True)
    assert sorted(result.solutions) == sorted(here.result.solutions) == [(0, 1, 2), (0, 2)]
    assert timeless(sentence) == timeless(here.sentence)


def test_recorded_steps_arrive_complete_and_in_order(qtbot, demo_kind):
    """12 free lamps: 4,096 solutions, 12,286 steps: three chunks."""
    state = demo_state(demo_kind, "0" * 12, "?" * 12)
    here = search_child.search_with_progress(demo_kind, state, solver.ALL, 10_000, trace=True)
    assert len(here.steps) > 2 * search_child.STEP_CHUNK
    outcome = run(qtbot, ProcessSolveJob(demo_kind, state, solver.ALL, 10_000, trace=True))
    _job, result, steps, seen, _sentence = outcome.finished
    assert steps == here.steps
    assert seen == here.seen == len(here.steps)
    assert result.count == 4096 and len(result.solutions) == search_child.KEEP_SOLUTIONS
    assert result.solutions == here.result.solutions  # in order across their chunks too


def test_the_child_sends_small_messages_the_answer_last(qtbot):
    """What the child sends for 20,000 traced solutions: progress at most ~30 a second, the
    solutions kept as they are found, the steps in chunks, then the result."""
    import time

    sent = []
    request = search_child.Request(7, "prolific", None, search_kinds.Prolific(), None, solver.ALL, 50_000, trace=True)
    started = time.perf_counter()
    assert search_child.answer(sent.append, request, lambda: False)
    took = time.perf_counter() - started
    tags = [m[0] for m in sent]
    assert all(m[1] == 7 for m in sent)
    searched = tags.index("searched")
    during, after = sent[:searched], sent[searched + 1:]
    assert {m[0] for m in during} == {"progress", "solutions"}
    progress = [m for m in during if m[0] == "progress"]
    assert len(progress) <= took / search_child.PROGRESS_INTERVAL + 3
    assert [m[4] for m in progress[:2]] == [0, 1]  # the first step, then the first solution at once
    assert tags[:3] == ["progress", "solutions", "progress"] and sent[1][2] == [0]  # sent with its report
    assert [m[0] for m in after] == ["steps"] * len(after[:-1]) + ["done"]
    assert all(len(m[2]) <= search_child.SOLUTION_CHUNK for m in during if m[0] == "solutions")
    assert all(len(m[2]) <= search_child.STEP_CHUNK for m in after[:-1])
    kept = [s for m in during if m[0] == "solutions" for s in m[2]]
    steps = [s for m in after[:-1] for s in m[2]]
    assert kept == list(range(search_child.KEEP_SOLUTIONS))
    assert len(steps) == 40_000 and steps[:2] == [solver.Step("try", None, "try 0"),
                                                 solver.Step("found", None, "Solution 1 found.")]
    result = sent[-1][2]
    assert result.count == 20_000 and result.solutions == [] and sent[-1][3] == 40_000


# --- signals ---------------------------------------------------------------------------------
def test_ended_follows_the_answer_and_carries_the_job_id(qtbot, demo_kind):
    jobs = [ProcessSolveJob(demo_kind, demo_state(demo_kind), solver.ALL, 10) for _ in range(2)]
    assert jobs[0].job_id != jobs[1].job_id
    for job in jobs:
        assert not job.is_running()
        outcome = run(qtbot, job)
        assert outcome.order[-2:] == [("finished", job.job_id), ("ended", job.job_id)]
        assert all(p[0] == job.job_id for p in outcome.progress)
        assert job in ProcessSolveJob.live()
    assert jobs[0].pid == jobs[1].pid  # the warm child served both


def test_what_cannot_travel_is_a_sentence_and_the_child_lives_on(qtbot, demo_kind):
    pid = pid_of_a_search(qtbot)
    outcome = run(qtbot, ProcessSolveJob(search_kinds.Unsendable(), None, solver.FIRST, 1))
    assert outcome.finished is None
    assert outcome.order[-2:] == [("failed", outcome.job.job_id), ("ended", outcome.job.job_id)]
    assert outcome.failed[1].startswith("The search's answer could not be sent back: TypeError")
    outcome = run(qtbot, ProcessSolveJob(search_kinds.Prolific(), threading.Lock(), solver.FIRST, 1))
    assert outcome.failed[1].startswith("This puzzle could not be handed to the search process: TypeError")
    assert pid_of_a_search(qtbot) == pid


# --- Stop ------------------------------------------------------------------------------------
def test_stop_ends_a_long_search_and_the_child_serves_the_next(qtbot):
    doc = files.load_source(ENDLESS_KUROSU)
    job = ProcessSolveJob(doc.kind, doc.kind.solve_start(doc.state), solver.ALL, 999_999)
    outcome = start_long(qtbot, job)
    qtbot.waitUntil(lambda: outcome.progress[-1][3] > 0, timeout=SLOW)  # solutions found
    with qtbot.waitSignal(job.finished, timeout=SLOW):
        assert job.stop()
        assert not job.is_running()
    result, sentence = outcome.finished[1], outcome.finished[4]
    assert result.status == solver.STOPPED and result.stop_reason == solver.STOP_REQUESTED
    assert result.count >= 1 and result.solutions
    assert sentence.startswith("Stopped: ")
    qtbot.waitUntil(lambda: ("ended", job.job_id) in outcome.order, timeout=SLOW)
    assert pid_of_a_search(qtbot) == job.pid


def test_request_stop_does_not_wait_and_the_answer_follows(qtbot, demo_kind):
    job = ProcessSolveJob(demo_kind, demo_state(demo_kind, slow=True), solver.ALL, 10)
    outcome = start_long(qtbot, job)
    with qtbot.waitSignal(job.ended, timeout=SLOW):
        job.request_stop()
    assert outcome.finished[1].status == solver.STOPPED
    assert not job.is_running()


def test_stop_before_the_search_has_begun(qtbot, demo_kind):
    job = ProcessSolveJob(demo_kind, demo_state(demo_kind, slow=True), solver.ALL, 10)
    outcome = Outcome(job)
    with qtbot.waitSignal(job.ended, timeout=SLOW):
        job.start()
        job.request_stop()
    assert outcome.finished[1].status == solver.STOPPED
    assert job.stop()  # and again, once over: nothing to do


def test_a_child_that_does_not_answer_stop_is_ended_and_replaced(qtbot):
    job = ProcessSolveJob(search_kinds.Stuck(), None, solver.ALL, 10)
    outcome = start_long(qtbot, job)
    with qtbot.waitSignal(job.finished, timeout=SLOW):
        assert job.stop()
    result, steps, sentence = outcome.finished[1], outcome.finished[2], outcome.finished[4]
    assert result.status == solver.STOPPED and result.count == 0 and result.nodes == 1 and steps == []
    assert sentence.startswith("Stopped: the solver did not answer Stop within 0.5 s, so its process was ended")
    assert job.pid not in [p.pid for p in multiprocessing.active_children()]
    qtbot.waitUntil(lambda: ("ended", job.job_id) in outcome.order, timeout=SLOW)
    assert pid_of_a_search(qtbot) != job.pid


# --- a child that dies -----------------------------------------------------------------------
def test_a_killed_child_fails_the_job_with_a_sentence_and_is_replaced(qtbot, demo_kind):
    job = ProcessSolveJob(demo_kind, demo_state(demo_kind, slow=True), solver.ALL, 10)
    outcome = start_long(qtbot, job)
    with qtbot.waitSignal(job.ended, timeout=SLOW):
        os.kill(job.pid, signal.SIGKILL)
    assert outcome.finished is None
    assert outcome.failed[1] == ("The search stopped without an answer: its process ended (it was killed by "
                                 "signal 9). The next search starts a new one.")
    assert outcome.order[-2:] == [("failed", job.job_id), ("ended", job.job_id)]
    again = run(qtbot, ProcessSolveJob(demo_kind, demo_state(demo_kind), solver.ALL, 10))
    assert again.finished[1].count == 2
    assert again.job.pid != job.pid


def test_a_child_out_of_memory_fails_the_job_and_is_replaced(qtbot):
    outcome = run(qtbot, ProcessSolveJob(search_kinds.Hungry(), None, solver.ALL, 10))
    assert outcome.failed[1] == "The search ran out of memory."
    assert pid_of_a_search(qtbot) != outcome.job.pid


def test_two_searches_at_once_each_get_a_child_and_one_is_kept(qtbot, demo_kind):
    first = ProcessSolveJob(demo_kind, demo_state(demo_kind, slow=True), solver.ALL, 10)
    outcome = start_long(qtbot, first)
    second = run(qtbot, ProcessSolveJob(demo_kind, demo_state(demo_kind), solver.ALL, 10))
    assert second.finished[1].count == 2
    assert second.job.pid != first.pid and search_process.warm_pid() == second.job.pid
    with qtbot.waitSignal(first.ended, timeout=SLOW):
        first.request_stop()
    assert outcome.finished[1].status == solver.STOPPED
    # one child is kept warm, the other ended
    assert search_process.warm_pid() == second.job.pid
    assert first.pid not in [p.pid for p in multiprocessing.active_children()]


# --- the process and its threads -------------------------------------------------------------
def test_shutdown_leaves_no_child_and_no_thread(qtbot, demo_kind):
    pid = search_process.warm()
    assert search_process.warm() == pid == search_process.warm_pid()  # one warm child
    busy = ProcessSolveJob(demo_kind, demo_state(demo_kind, slow=True), solver.ALL, 10)
    outcome = start_long(qtbot, busy)
    assert busy.pid == pid
    search_process.shutdown()  # with a search still running
    assert not busy.is_running()
    assert search_process.warm_pid() is None
    assert [p for p in multiprocessing.active_children() if p.name == "puzzlegui-search"] == []
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # collected: no zombie
    assert [t for t in threading.enumerate() if t.name.startswith("search-")] == []
    qtbot.waitUntil(lambda: ("ended", busy.job_id) in outcome.order, timeout=SLOW)
    assert outcome.finished[1].status == solver.STOPPED
    assert pid_of_a_search(qtbot) != pid  # and the next search starts a fresh one


def test_the_search_process_loads_no_qt(qtbot):
    outcome = run(qtbot, ProcessSolveJob(search_kinds.QtProbe(), None, solver.FIRST, 1))
    assert outcome.finished[1].solutions == [[]]
    code = ("import sys, puzzlegui.core.search_child; "
            "print([m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


STUCK_APP = r"""
import sys
sys.path.insert(0, sys.argv[1])
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
import search_kinds
from puzzlegui.core import solver
from puzzlegui.gui.jobs.search_process import ProcessSolveJob
job = ProcessSolveJob(search_kinds.Stuck(), None, solver.ALL, 10)
job.progress.connect(lambda *a: print(f"searching in {job.pid}", flush=True))
job.start()
app.exec()
"""


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs pidfd_open (Linux 5.3+)")
def test_the_search_process_dies_with_the_app():
    """Killed, the app cannot end its child: the child sees its parent gone and ends,
    even in the middle of a search that never reads its pipe."""
    tests = os.path.dirname(os.path.abspath(__file__))
    app = subprocess.Popen([sys.executable, "-c", STUCK_APP, tests], stdout=subprocess.PIPE, text=True,
                           env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    try:
        line = app.stdout.readline().strip()
        assert line.startswith("searching in ")
        pid = int(line.split()[-1])
        pidfd = os.pidfd_open(pid)
        os.kill(app.pid, signal.SIGKILL)
    finally:
        app.wait(30)
        app.stdout.close()
    try:
        ready, _, _ = select.select([pidfd], [], [], 30)  # no polling: readable once it has exited
    finally:
        os.close(pidfd)
    assert ready, "the search process outlived the app"
