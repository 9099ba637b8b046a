"""The pure framework, driven by the demo kind: solver protocol, history, file format."""

import os
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlegui.core import files, registry, solver
from puzzlegui.core.history import RESTART, Batch, History
from puzzlegui.core.kind import PuzzleError


def lamps(demo, start="0101", target="1?1?", **extra):
    return demo.decode({"lamps": start, "target": target, **extra})


# --- the solver driver ----------------------------------------------------------------
def test_run_all_counts_every_solution_and_is_complete(demo_kind):
    result = solver.run(demo_kind.solve(lamps(demo_kind)), mode=solver.ALL)
    assert result.status == solver.SOLVED
    assert sorted(result.solutions) == sorted([(0, 2), (0, 2, 3), (0, 1, 2), (0, 1, 2, 3)])
    assert result.complete and result.count == 4
    assert result.nodes > 0
    assert "Exactly 4 solutions" in solver.describe(result)


def test_run_unique_stops_at_two(demo_kind):
    result = solver.run(demo_kind.solve(lamps(demo_kind)), mode=solver.UNIQUE)
    assert result.count == 2 and not result.complete and result.unique is False
    assert "not unique" in solver.describe(result)


def test_run_unique_proves_a_unique_puzzle(demo_kind):
    result = solver.run(demo_kind.solve(lamps(demo_kind, "0101", "1111")), mode=solver.UNIQUE)
    assert result.count == 1 and result.complete and result.unique is True
    assert "proven unique" in solver.describe(result)


def test_run_first_and_cap(demo_kind):
    first = solver.run(demo_kind.solve(lamps(demo_kind)), mode=solver.FIRST)
    assert first.count == 1 and not first.complete
    capped = solver.run(demo_kind.solve(lamps(demo_kind)), mode=solver.ALL, max_solutions=3)
    assert capped.count == 3 and not capped.complete
    assert "At least 3" in solver.describe(capped)


def test_run_reports_no_solution():
    # a search that explores three nodes and finds nothing
    result = solver.run(iter([solver.Progress(3)]), mode=solver.ALL)
    assert result.status == solver.NO_SOLUTION and result.complete and result.nodes == 3
    assert "No solution: the search is exhaustive" in solver.describe(result)


def test_run_stops_when_asked_and_closes_the_generator(demo_kind):
    closed = []

    def endless():
        try:
            n = 0
            while True:
                n += 1
                yield solver.Progress(n)
        finally:
            closed.append(True)

    calls = iter(range(1000))
    result = solver.run(endless(), should_stop=lambda: next(calls) >= 50)
    assert result.status == solver.STOPPED and not result.complete
    assert closed == [True]
    assert "Stopped" in solver.describe(result)


def test_traced_steps_replay_to_the_board(demo_kind):
    state = lamps(demo_kind)
    steps = []
    solver.run(demo_kind.solve(state, trace=True), mode=solver.ALL, on_step=steps.append)
    assert steps and {s.action for s in steps} == {"try", "backtrack"}
    replay = state
    for s in steps:
        replay = demo_kind.apply(replay, s.move)
    assert replay == state  # every try is taken back by its backtrack


# --- history --------------------------------------------------------------------------
def test_history_undo_redo_restart(demo_kind):
    h = History(demo_kind, lamps(demo_kind, "000", "111"))
    h.push(("toggle", 0))
    h.push(("toggle", 1))
    assert h.state.lamps == (1, 1, 0)
    h.undo()
    assert h.state.lamps == (1, 0, 0) and h.can_redo
    h.redo()
    assert h.state.lamps == (1, 1, 0)
    h.restart()
    assert h.state.lamps == (0, 0, 0)
    h.undo()  # restart is itself undoable
    assert h.state.lamps == (1, 1, 0)
    h.undo()
    h.push(("toggle", 2))  # a new move drops the redo tail
    assert not h.can_redo and h.moves() == [("toggle", 0), ("toggle", 2)]


def test_history_batch_is_one_step(demo_kind):
    h = History(demo_kind, lamps(demo_kind, "000", "111"))
    h.push(Batch((("toggle", 0), ("toggle", 1), ("toggle", 2)), "solution"))
    assert demo_kind.is_solved(h.state)
    h.undo()
    assert h.state.lamps == (0, 0, 0) and not h.can_undo


def test_history_illegal_move_changes_nothing(demo_kind):
    h = History(demo_kind, lamps(demo_kind, "000", "111"))
    with pytest.raises(PuzzleError):
        h.push(("toggle", 9))
    assert h.position == 0 and h.state.lamps == (0, 0, 0)


def test_history_moves_round_trip_through_json(demo_kind):
    h = History(demo_kind, lamps(demo_kind, "000", "111"))
    h.push(("toggle", 1))
    h.push(RESTART)
    h.push(Batch((("toggle", 0),), "hint"))
    text = json.dumps(h.moves_json())
    h2 = History(demo_kind, h.initial)
    h2.replay_json(json.loads(text))
    assert h2.state == h.state and h2.moves() == h.moves()


# --- files ----------------------------------------------------------------------------
def test_save_load_round_trip_with_progress(demo_kind, tmp_path):
    doc = files.PuzzleDoc(demo_kind, lamps(demo_kind, "000", "111"), meta={"title": "Three", "author": "me"})
    h = doc.history()
    h.push(("toggle", 2))
    path = tmp_path / "three.json"
    files.save_atomic(path, files.dumps(doc, h))
    loaded = files.load_path(path)
    assert loaded.kind is demo_kind
    assert loaded.meta["title"] == "Three" and loaded.meta["author"] == "me"
    assert loaded.history().state.lamps == (0, 0, 1)
    data = json.loads(path.read_text())
    assert data["format"] == "puzzlegui" and data["version"] == 1 and data["kind"] == "demo"


def test_save_atomic_leaves_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    files.save_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        files.save_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]  # no temporary file left


@pytest.mark.parametrize(
    "text, words",
    [
        ("{", "not valid JSON at line 1"),
        ("[1, 2]", "one JSON object"),
        ('{"kind": "demo"}', '"puzzle" section'),
        ('{"puzzle": {}}', '"kind" is missing'),
        ('{"kind": "chess", "puzzle": {}}', 'Unknown puzzle kind "chess"'),
        ('{"kind": 3, "puzzle": {}}', '"kind" must be a name'),
        ('{"kind": "demo", "version": 99, "puzzle": {}}', "newer puzzlegui"),
        ('{"kind": "demo", "version": "x", "puzzle": {}}', '"version" must be'),
        ('{"kind": "demo", "format": "other", "puzzle": {}}', '"format"'),
        ('{"kind": "demo", "puzzle": {"lamps": "012", "target": "111"}}', '"lamps"'),
        ('{"kind": "demo", "title": 5, "puzzle": {"lamps": "0", "target": "1"}}', '"title" must be text'),
        ('{"kind": "demo", "puzzle": {"lamps": "0", "target": "1"}, "progress": 7}', '"progress"'),
    ],
)
def test_malformed_files_get_a_sentence(demo_kind, text, words):
    with pytest.raises(PuzzleError) as err:
        files.loads(text, "f.json")
    assert words in str(err.value)
    assert str(err.value).startswith("f.json: ")


def test_bad_progress_is_reported_with_its_move_number(demo_kind):
    doc = files.loads('{"kind": "demo", "puzzle": {"lamps": "0", "target": "1"}, "progress": [["toggle", 0], ["toggle", 5]]}')
    with pytest.raises(PuzzleError, match="Saved move 2"):
        doc.history()


def test_binary_and_missing_files(tmp_path):
    garbage = tmp_path / "g.json"
    garbage.write_bytes(b"\xff\xfe\x00\x81garbage")
    with pytest.raises(PuzzleError, match="not a text file"):
        files.load_path(garbage)
    with pytest.raises(PuzzleError, match="no such file"):
        files.load_path(tmp_path / "missing.json")
    with pytest.raises(PuzzleError, match="is a folder"):
        files.load_path(tmp_path)


def test_sources_game_ids_and_kind_prefix(demo_kind):
    doc = files.load_source("demo:01/11")
    assert doc.kind is demo_kind and doc.state.lamps == (0, 1)
    doc = files.load_source("01/11", kind="demo")
    assert doc.state.target == (1, 1)
    with pytest.raises(PuzzleError, match="is not a file or a puzzle: it was tried as"):
        files.load_source("nonsense")
    with pytest.raises(PuzzleError, match="LAMPS/TARGET"):
        files.load_source("demo:0101")


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                              lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                              max_leaves=20).map(json.dumps)))
def test_any_text_loads_or_gets_a_sentence(text):
    """Whatever the file holds, the loader answers with a document or a PuzzleError."""
    registry.register(__import__("demo").KIND, "demo")
    try:
        doc = files.loads(text, "x.json")
    except PuzzleError as exc:
        assert str(exc).strip() and "Traceback" not in str(exc)
    else:
        assert doc.kind.name in registry.names()
    finally:
        registry.unregister("demo")


def test_geometry_hit_testing_matches_cell_rects():
    from puzzlegui.core.geometry import GridGeometry

    g = GridGeometry.fit(4, 3, 400, 300, margins=(0.5, 0.5, 0.5, 0.5))
    for y in range(3):
        for x in range(4):
            px, py, w, h = g.cell_rect(x, y)
            assert g.cell_at(px + w / 2, py + h / 2) == (x, y)
            assert g.cell_at(px + 0.01, py + 0.01) == (x, y)
    assert g.cell_at(g.x0 - 1, g.y0) is None
    assert g.cell_at(g.x0 + g.width + 1, g.y0) is None
    # square cells, the grid centred, aspect ratio kept
    assert abs((g.width / 4) - (g.height / 3)) < 1e-9


def test_next_move_is_what_redo_replays(demo_kind):
    h = History(demo_kind, lamps(demo_kind, "000", "111"))
    assert h.next_move() is None
    h.push(("toggle", 1))
    h.undo()
    assert h.next_move() == ("toggle", 1)
    h.redo()
    assert h.next_move() is None


def test_best_answers_are_kept_but_never_called_complete():
    """An anytime solver's unproven answer is the result when nothing is proven, and
    the search is then not complete, whether it ended or was stopped."""
    from puzzlegui.core.solver import Best, Found, Progress, run

    def ends_unproven():
        yield Progress(1)
        yield Best("rough", lower=3, text="found 5; at least 3 proven", final=True)

    result = run(ends_unproven(), mode=solver.FIRST)
    assert result.solutions == ["rough"] and result.count == 1
    assert result.provisional and not result.complete and result.lower_bound == 3

    stop = {"now": False}

    def improves_then_proves():
        yield Best("rough", lower=3)
        stop["now"] = True
        yield Progress(2)
        yield Found("exact")

    stopped = run(improves_then_proves(), mode=solver.ALL, should_stop=lambda: stop["now"])
    assert stopped.status == solver.STOPPED and stopped.solutions == ["rough"]
    assert not stopped.complete and "not proven" in solver.describe(stopped)

    finished = run(improves_then_proves(), mode=solver.ALL)
    assert finished.solutions == ["exact"] and finished.complete and not finished.provisional
