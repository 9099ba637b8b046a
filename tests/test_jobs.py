"""The one door for work off the GUI thread (core/jobs.py, gui/jobs): for every named job,
real work run through ``Jobs.submit`` answers while its ticket is current, and an answer
whose ticket was retired (a move, an undo, a restart, a trial mark, another puzzle opened,
a newer request) is never delivered; then the same in the real window: the Twiddle
Solve, Apply, Restart case, an aid overtaken by a move, a generation overtaken by another."""

import pytest
from PySide6.QtWidgets import QApplication

from puzzlegui.core import files, jobs, registry, solver
from puzzlegui.core.games import Games
from puzzlegui.core.jobs import GAMELESS, Control, Job, Tickets
from puzzlegui.gui.jobs import Jobs

TURN = ("turn", 0, 0, "cw")
BACK = ("turn", 0, 0, "ccw")


# --- the records and the tickets (pure) --------------------------------------------------------
def test_every_job_is_named_once_and_says_where_it_runs_and_how_it_stops():
    declared = [v for v in vars(jobs).values() if isinstance(v, Job)]
    assert sorted(j.name for j in declared) == sorted(j.name for j in jobs.ALL)
    assert len({j.name for j in jobs.ALL}) == len(jobs.ALL)
    assert jobs.SOLVE.runs == jobs.SEARCH and jobs.SOLVE.stops == jobs.COOPERATIVE
    assert jobs.GENERATE.runs == jobs.PROCESS and jobs.GENERATE.stops == jobs.END
    assert jobs.AID.positional and not jobs.SOLVE.positional and not jobs.REPLAY.positional
    assert {j.name for j in jobs.ALL if j.cached} == {"read record", "grades", "distance table", "proof",
                                                        "thumbnails"}
    with pytest.raises(ValueError):
        Job("thread ended", jobs.THREAD, jobs.END)  # a thread cannot be ended
    with pytest.raises(ValueError):
        Job("nowhere", "cloud", jobs.IGNORED)


def test_the_newest_ticket_of_its_kind_wins_until_dropped():
    tickets = Tickets()
    first = tickets.issue("k", 3, "aid")
    other = tickets.issue("k", 3, "replay")
    assert tickets.wants(first, "k", 3) and tickets.wants(first, "k")
    assert not tickets.wants(first, "k", 4)  # asked at another revision
    assert not tickets.wants(first, "another game")
    second = tickets.issue("k", 3, "aid")
    assert not tickets.wants(first, "k") and tickets.wants(second, "k") and tickets.wants(other, "k")
    tickets.drop("aid")
    assert not tickets.wants(second, "k") and tickets.wants(other, "k")


def test_a_control_stops_and_reports_until_stopped():
    heard = []
    control = Control(lambda *figures: heard.append(figures))
    control.report(1, 10)
    assert not control.stopped()
    control.stop()
    control.report(2, 10)
    assert control.stopped() and heard == [(1, 10)]


@pytest.fixture
def games(tmp_path):
    session = Games(tmp_path / "games")
    yield session
    session.close()


def twiddle(games, moves=1):
    game = games.open(files.load_builtin("twiddle-3x3"))
    for _ in range(moves):
        game.play(TURN)
    return game


RETIRE = {
    "move": lambda games, game: game.play(TURN),
    "undo": lambda games, game: game.undo(),
    "restart": lambda games, game: game.restart(),
    "trial mark": lambda games, game: game.mark_position(),
    "another puzzle": lambda games, game: games.open(files.load_builtin(next(
        b.name for b in files.builtins() if b.kind == "kurosu"))),
}


@pytest.mark.parametrize("how", sorted(RETIRE))
def test_game_tickets_follow_the_position_and_the_puzzle(games, how):
    game = twiddle(games)
    positional, whole = game.ticket("aid"), game.ticket("solve")
    RETIRE[how](games, game)
    assert not (games.current is game and game.wants(positional))
    # an answer for the game (not the position) outlives a change of position, not another puzzle
    still = games.current is game and game.wants(whole, same_position=False)
    assert still == (how != "another puzzle")


def test_games_issue_the_tickets_of_work_with_no_game(games):
    first = games.ticket("open")
    assert first.key == GAMELESS and games.wants(first)
    second = games.ticket("open")
    assert not games.wants(first) and games.wants(second)
    games.drop("open")
    assert not games.wants(second)


# --- every job through the door -----------------------------------------------------------------
def _state(name="twiddle-3x3"):
    return files.load_builtin(name).state


def _collection_folder(tmp_path):
    folder = tmp_path / "collection"
    folder.mkdir(exist_ok=True)
    for name in ("twiddle-3x3", "kurosu-dm-2018-06-01"):
        (folder / f"{name}.json").write_text(files.dumps(files.load_builtin(name)))
    return folder


def _work(job, game, games, tmp_path):
    """(who issues the ticket, the arguments of a real piece of ``job``'s work)."""
    from puzzlegui.gui import browser, documents, export, library, solve_controller, startup, thumbnails, workbench
    from puzzlegui.core import aids, recover
    from puzzlegui.kinds.rotation import tables

    kind = game.doc.kind
    state = game.history.state
    kurosu = files.load_builtin("kurosu-dm-2018-06-01")  # the workbench's: a puzzle of givens
    loader = (lambda k=kind, s=state: (k, s))
    config = state.config
    return {
        jobs.SOLVE: ("game", (kind, kind.solve_start(state), solver.FIRST, 1, False)),
        jobs.GENERATE: ("games", ("rotation", dict(kind.params_of(state), scramble=3), 1)),
        jobs.AID: ("game", (aids.sure_steps, kind, state)),
        jobs.ANALYSE: ("games", (workbench._analyse, kurosu.kind, kurosu.state, True)),
        jobs.CHANGE: ("games", (workbench._change, "lean", kurosu.kind, kurosu.state)),
        jobs.REPLAY: ("game", (solve_controller._prepare_own_replay, game.history.copy())),
        jobs.READ_RECORD: ("games", (games.read_game, game.key)),
        jobs.READ_SOURCE: ("games", (documents._load_source, "twiddle-3x3", None)),
        jobs.READ_COLLECTION: ("games", (library._read_collection, _collection_folder(tmp_path), None, None)),
        jobs.GRADES: ("games", (library._grades_of, [(game.key, loader)])),
        jobs.DISTANCE_TABLE: ("games", (tables.get, config)),
        jobs.PROOF: ("game", (kind.distance, state, True, 3.0)),
        jobs.PRINT_SOLUTIONS: ("games", (export.solutions_for, [("Twiddle", kind, kind.initial(state))])),
        jobs.RECOVER: ("games", (recover.survey, games.folder)),
        jobs.THUMBNAILS: ("games", (thumbnails._load, [(game.key, loader)])),
        jobs.OPEN_LINK: ("games", (browser._run_opener, "true", "https://example.org/")),
        jobs.WARM_UP: ("games", (startup.warm_on_pool, lambda: False)),
    }[job]


def _submit(door, job, game, games, tmp_path):
    issuer, args = _work(job, game, games, tmp_path)
    ticket = game.ticket(job.name) if issuer == "game" else games.ticket(job.name)
    handle = door.submit(ticket, job, *args)
    heard = []
    handle.done.connect(lambda value: heard.append(("done", value)))
    handle.failed.connect(lambda message: heard.append(("failed", message)))
    return handle, heard


def _wait_ended(qtbot, handle, seconds=120):
    if handle.running():
        with qtbot.waitSignal(handle.ended, timeout=seconds * 1000):
            pass
    QApplication.processEvents()


@pytest.mark.parametrize("job", jobs.ALL, ids=lambda j: j.name)
def test_every_job_answers_while_its_ticket_is_current(qtbot, games, tmp_path, job):
    game = twiddle(games, moves=2)
    door = Jobs(lambda: games.current, games)
    handle, heard = _submit(door, job, game, games, tmp_path)
    _wait_ended(qtbot, handle)
    assert [tag for tag, _ in heard] == ["done"], heard
    assert not handle.running() and door.running() == []


@pytest.mark.parametrize("job", jobs.ALL, ids=lambda j: j.name)
def test_no_job_answers_once_its_ticket_is_retired(qtbot, games, tmp_path, job):
    """Retired the way the window retires it: a newer request of the same kind, and for an
    answer about the position, a move (the other changes of position: below)."""
    game = twiddle(games, moves=2)
    door = Jobs(lambda: games.current, games)
    handle, heard = _submit(door, job, game, games, tmp_path)
    progress = []
    handle.progress.connect(progress.append)
    if job.positional:
        game.play(TURN)
    elif handle.ticket.key == GAMELESS:
        games.ticket(job.name)  # a newer request (opening another puzzle: a newer "open")
    else:
        game.ticket(job.name)
    assert not handle.current()
    _wait_ended(qtbot, handle)
    assert heard == [] and progress == []


@pytest.mark.parametrize("how", sorted(RETIRE))
@pytest.mark.parametrize("job", [j for j in jobs.ALL if j.positional], ids=lambda j: j.name)
def test_an_answer_about_a_position_is_dropped_by_any_change_of_it(qtbot, games, tmp_path, job, how):
    game = twiddle(games, moves=2)
    door = Jobs(lambda: games.current, games)
    handle, heard = _submit(door, job, game, games, tmp_path)
    RETIRE[how](games, game)
    _wait_ended(qtbot, handle)
    assert heard == []


def test_only_a_cached_job_runs_without_a_ticket(qtbot, games):
    door = Jobs(lambda: games.current, games)
    with pytest.raises(ValueError, match="submit it with a ticket"):
        door.run(jobs.AID, len, ())
    handle = door.run(jobs.GRADES, len, (1, 2))
    with qtbot.waitSignal(handle.done, timeout=10000) as answer:
        pass
    assert answer.args == [2]


def test_cancel_stops_a_search_and_drops_its_answer(qtbot, games, tmp_path):
    """Cancel: the ticket is dropped by its game and the search is asked to stop."""
    kurosu = registry.get("kurosu")
    game = games.open(files.PuzzleDoc(kurosu, kurosu.decode({"grid": ["." * 14] * 14}), meta={"title": "Blank"}))
    door = Jobs(lambda: games.current, games)
    ticket = game.ticket("solve")
    handle = door.submit(ticket, jobs.SOLVE, kurosu, game.history.state, solver.ALL, 999_999, False)
    heard = []
    handle.done.connect(heard.append)
    qtbot.waitUntil(lambda: handle.pid is not None, timeout=30000)
    door.cancel(ticket)
    assert not game.wants(ticket, same_position=False)
    _wait_ended(qtbot, handle, 30)
    assert heard == [] and not handle.work.is_running()


def test_a_cooperative_job_sees_its_cancel(qtbot, games):
    """The door hands a cooperative job (the workbench's whole analysis of a blank 14x14
    Kurosu: seconds of work) a Control; cancelling its ticket stops it where it is."""
    import threading

    from puzzlegui.gui import workbench

    kurosu = registry.get("kurosu")
    blank = kurosu.decode({"grid": ["." * 14] * 14})
    door = Jobs(lambda: games.current, games)
    started, made = threading.Event(), []

    def analyse(control):
        started.set()
        made.append(workbench._analyse(kurosu, blank, False, control))
        return made[-1]

    ticket = games.ticket("workbench")
    handle = door.submit(ticket, jobs.ANALYSE, analyse)
    heard = []
    handle.done.connect(heard.append)
    qtbot.waitUntil(started.is_set, timeout=10000)
    door.cancel(ticket)
    _wait_ended(qtbot, handle, 60)
    assert heard == []  # never delivered...
    assert not made[0].complete and made[0].partial  # ...and cut short by the cancel


# --- in the real window ---------------------------------------------------------------------------
def test_twiddle_solve_apply_restart_never_plays_the_old_answer(qtbot, window):
    """Issue 31: Twiddle 3x3, Solve, Apply (the answer is shown), Restart: Apply is
    disabled and does not play the old turns on the restarted board."""
    assert window.open_source("twiddle-3x3")
    for _ in range(5):
        window.play_move(TURN)
    window.show_solver()
    with qtbot.waitSignal(window.solveFinished, timeout=120000):
        window.panel.solve_button.click()
    qtbot.waitUntil(lambda: not window.solving.running(), timeout=60000)
    window.back_to_game()
    assert window.panel.apply_button.isEnabled()
    window.panel.apply_button.click()
    assert window.doc.kind.is_solved(window.history.state)  # the answer is on the board
    window.restart()
    start, entries = window.history.state, len(window.history)
    assert not window.panel.apply_button.isEnabled()
    window.panel.apply_button.click()  # disabled: nothing
    window.apply_solution()  # what a stale shortcut would do: nothing either
    assert window.history.state == start and len(window.history) == entries


def test_a_solve_overtaken_by_another_puzzle_never_lands(qtbot, window):
    assert window.open_source("twiddle-3x3")
    for _ in range(5):
        window.play_move(TURN)
    window.solve()
    search = window.solving.search
    assert window.open_source("kurosu-dm-2018-06-01")  # before the answer comes
    _wait_ended(qtbot, search)
    assert window.solving.result is None and window.doc.name == "kurosu-dm-2018-06-01"
    assert window.board.state == window.history.state


def test_an_aid_overtaken_by_a_move_is_never_applied(qtbot, window):
    from puzzlegui.core import aids

    assert window.open_source("kurosu-dm-2018-06-01")
    kind, start = window.doc.kind, window.history.state
    sure, _counts = aids.sure_steps(kind, start)
    assert len(sure) > 1  # the aid would change the board
    window.aids.sure_steps()  # its answer comes through the event loop: after this move
    window.play_move(sure[0])
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        pass
    assert len(window.history) == 1 and window.history.state == kind.apply(start, sure[0])
    # the same aid asked at the position on show is applied
    with qtbot.waitSignal(window.aidFinished, timeout=60000):
        window.aids.sure_steps()
    assert window.history.state != kind.apply(start, sure[0])


def test_a_generation_overtaken_by_another_never_opens(qtbot, window):
    assert window.open_source("twiddle-3x3")
    kind = window.doc.kind
    params = dict(kind.params_of(window.history.state), scramble=4)
    window.documents.generate("rotation", params, 1)
    first = window.documents.gen_task
    heard = []
    first.done.connect(heard.append)
    window.documents.generate("rotation", params, 2)  # the newer request: the first is cancelled
    assert not first.current()
    qtbot.waitUntil(lambda: window.documents.gen_task is None, timeout=60000)
    _wait_ended(qtbot, first, 30)
    assert heard == [] and window.doc.title == "Random Rotation (seed 2)"
    assert window.history.state == kind.generate(params, 2)
