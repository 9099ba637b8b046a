"""The games in progress (core.games) and their store, without a window: every puzzle
keeps its game, games survive a restart, a broken one is set aside, jobs belong to their
game."""

import json
import os
import sqlite3
import stat

import pytest

from puzzlegui.core import files, registry
from puzzlegui.core.history import MAX_MOVES, Batch, History
from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.games import (
    IN_PROGRESS,
    NEW,
    SOLVED,
    Games,
    puzzle_key,
)


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        self.now += 1
        return self.now


def builtin(kind):
    return next(b.name for b in files.builtins() if b.kind == kind)


def kurosu_move(state):
    """A legal move on an empty cell of a Kurosu state."""
    for y in range(state.height):
        for x in range(state.width):
            if state.at(x, y) < 0:
                return ("set", x, y, 1)
    raise AssertionError("no empty cell")


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def test_each_puzzle_keeps_its_own_game_with_its_undo_history(folder):
    session = Games(folder, clock=Clock())
    a = session.open(files.load_builtin(builtin("kurosu")))
    a.history.push(kurosu_move(a.history.state))
    a.history.push(kurosu_move(a.history.state))
    a.history.undo()  # one move to redo
    session.save()
    b = session.open(files.load_builtin(builtin("rotation")))
    assert b.key != a.key and not len(b.history)
    session.save()
    again = session.open(files.load_builtin(builtin("kurosu")))
    assert again.history.position == 1 and again.history.can_redo
    # and from disk, in a new session (a new run of the app)
    later = Games(folder, clock=Clock())
    restored = later.open(files.load_builtin(builtin("kurosu")))
    assert restored.history.position == 1 and len(restored.history) == 2
    assert restored.history.state == again.history.state
    assert later.status_of(restored.key) == IN_PROGRESS
    assert later.status_of(puzzle_key(files.load_builtin(builtin("rotation")))) == NEW


def test_restore_brings_back_the_current_game_and_its_file(folder, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(files.dumps(files.load_builtin(builtin("kurosu"))), encoding="utf-8")
    session = Games(folder, clock=Clock())
    game = session.open(files.load_path(path))
    game.history.push(kurosu_move(game.history.state))
    session.save()
    later = Games(folder, clock=Clock())
    restored = later.restore()
    assert restored is not None and restored.doc.path == path
    assert restored.history.moves() == game.history.moves()


def test_switching_files_keeps_each_game_with_its_own_path(folder, tmp_path):
    """The record of a game holds its file: a game can never be restored onto another
    puzzle's path, whenever the app is killed."""
    x, y = tmp_path / "x.json", tmp_path / "y.json"
    x.write_text(files.dumps(files.load_builtin(builtin("kurosu"))), encoding="utf-8")
    y.write_text(files.dumps(files.load_builtin(builtin("rotation"))), encoding="utf-8")
    session = Games(folder, clock=Clock())
    gx = session.open(files.load_path(x))
    gx.history.push(kurosu_move(gx.history.state))
    session.save()
    session.open(files.load_path(y))  # killed here: Y is stored as it is opened
    restored = Games(folder, clock=Clock()).restore()
    assert restored.doc.path == y and restored.doc.kind.name == "rotation" and not len(restored.history)
    back = Games(folder, clock=Clock()).open(files.load_path(x))
    assert back.doc.path == x and back.history.moves() == gx.history.moves()


def test_a_file_changed_on_disk_wins_over_its_record(folder, tmp_path):
    path = tmp_path / "mine.json"
    doc = files.load_builtin(builtin("kurosu"))
    path.write_text(files.dumps(doc), encoding="utf-8")
    session = Games(folder, clock=Clock())
    game = session.open(files.load_path(path))
    game.history.push(kurosu_move(game.history.state))
    session.save()
    other = files.load_builtin([b.name for b in files.builtins() if b.kind == "kurosu"][1])
    path.write_text(files.dumps(other), encoding="utf-8")
    os.utime(path, (1, 1))  # a different mtime, whatever the clock's resolution
    fresh = Games(folder, clock=Clock()).open(files.load_path(path))
    assert not len(fresh.history)
    assert fresh.doc.kind.encode(fresh.doc.state) == other.kind.encode(other.state)


def test_generated_puzzles_are_found_again_by_their_content(folder):
    kind = registry.get("kurosu")
    state = kind.generate({p.name: p.default for p in kind.parameters()}, seed=5)
    session = Games(folder, clock=Clock())
    game = session.open(files.PuzzleDoc(kind, state, meta={"title": "Random"}), origin="generated")
    game.history.push(kurosu_move(state))
    session.save()
    entry = next(e for e in Games(folder).entries() if e.key == game.key)
    assert entry.source == f"game:{game.key}" and entry.status == IN_PROGRESS
    again = Games(folder).open_key(game.key)
    assert again.history.moves() == game.history.moves()


def break_moves(session, key, move='["nonsense"]'):
    with sqlite3.connect(session.store.path) as conn:
        conn.execute("UPDATE moves SET move = ? WHERE game = ?", (move, key))


def test_a_broken_game_is_set_aside_and_announced(folder):
    session = Games(folder, clock=Clock())
    game = session.open(files.load_builtin(builtin("kurosu")))
    game.history.push(kurosu_move(game.history.state))
    session.save()
    break_moves(session, game.key)
    later = Games(folder, clock=Clock())
    assert later.restore() is None
    assert len(later.notices) == 1
    kept = list((folder / "set-aside").glob("game-*.json"))
    assert len(kept) == 1 and "nonsense" in kept[0].read_text()
    assert str(kept[0]) in later.notices[0]
    assert not later.store.has(game.key)
    # the puzzle opens fresh, and saving never touches the kept copy
    before = kept[0].read_text()
    fresh = later.open(files.load_builtin(builtin("kurosu")))
    later.save()
    assert kept[0].read_text() == before and not len(fresh.history)


def test_status_follows_the_game(folder):
    session = Games(folder, clock=Clock())
    game = session.open(files.load_builtin(builtin("rotation")))
    assert game.status == NEW
    from puzzlegui.core import solver

    kind = game.doc.kind
    result = solver.run(kind.solve(kind.solve_start(game.history.state)), mode=solver.FIRST)
    game.history.push(Batch(tuple(kind.solution_moves(game.history.state, result.solutions[0])), "solution"))
    session.save()
    assert Games(folder).status_of(game.key) == SOLVED


def test_records_are_compact_and_always_readable(folder):
    """A long game's record stays small enough to be read back (files.MAX_FILE_BYTES)."""
    session = Games(folder, clock=Clock())
    game = session.open(files.load_builtin(builtin("rotation")))
    turn = ("turn", 0, 0, "cw")
    for _ in range(MAX_MOVES):
        game.history.push(turn)
    with pytest.raises(PuzzleError):
        game.history.push(turn)
    session.save()
    assert session.store.size(game.key) < files.MAX_FILE_BYTES
    again = Games(folder).restore()
    assert again.history.state == game.history.state and len(again.history) == MAX_MOVES


def test_the_games_database_gets_the_umask_mode(folder):
    old = os.umask(0o022)
    try:
        session = Games(folder, clock=Clock())
        session.open(files.load_builtin(builtin("kurosu")))
        session.save()
        mode = stat.S_IMODE(os.stat(session.store.path).st_mode)
    finally:
        os.umask(old)
    assert mode == 0o644


def test_history_memory_is_checkpointed_and_undo_is_exact():
    kind = registry.get("rotation")
    doc = files.load_builtin(builtin("rotation"))
    history = History(kind, doc.state)
    states = [doc.state]
    for i in range(300):
        history.push(("turn", i % 2, (i // 2) % 2, "cw"))
        states.append(history.state)
    for i in range(300, 0, -1):
        assert history.state == states[i]
        history.undo()
    for i in range(1, 301):
        history.redo()
        assert history.state == states[i]
    saved = json.loads(json.dumps(history.to_json()))
    assert History.from_json(kind, doc.state, saved).state == states[300]


def test_replaying_too_many_moves_is_refused_before_any_work():
    kind = registry.get("rotation")
    doc = files.load_builtin(builtin("rotation"))
    history = History(kind, doc.state)
    with pytest.raises(PuzzleError, match="more than"):
        history.replay_json([["turn", 0, 0, "cw"]] * (MAX_MOVES + 1))
    assert history.position == 0


def test_time_and_records_per_puzzle(folder):
    from puzzlegui.core import solver
    from puzzlegui.core.games import time_text

    session = Games(folder, clock=Clock())
    game = session.open(files.load_builtin(builtin("rotation")))
    game.set_active(True, 0.0)
    game.tick(42.0)
    assert game.elapsed == 42.0
    kind = game.doc.kind
    result = solver.run(kind.solve(kind.solve_start(game.history.state)), mode=solver.FIRST)
    finish = None
    for move in kind.solution_moves(game.history.state, result.solutions[0]):
        finish = game.play(move)
    assert finish.how == "unaided" and finish.new_best and finish.best == 42.0
    st = session.stats_for(game.key)
    assert (st.solved, st.helped, st.best) == (1, 0, 42.0)
    game.tick(142.0)  # the clock stops once the puzzle is solved
    assert game.elapsed == 42.0
    # a second, slower attempt with a hint: counted, but its time is not the best
    game.restart()
    assert game.elapsed == 0 and not game.helped
    game.tick(152.0)
    game.take_hint(kind.hint(game.history.state).move)
    for move in kind.solution_moves(game.history.state, solver.run(
            kind.solve(kind.solve_start(game.history.state)), mode=solver.FIRST).solutions[0]):
        finish = game.play(move)
    assert finish.how == "with help" and not finish.new_best
    st = session.stats_for(game.key)
    assert (st.solved, st.helped, st.best, st.hints) == (2, 1, 42.0, 1)
    later = Games(folder)
    again = later.restore()
    assert again.hints == 1 and again.elapsed == 10.0 and again.attempt.counted
    assert [(s.key, s.solved, s.best) for s in later.stats()] == [(game.key, 2, 42.0)]
    later.reset_stats()
    assert Games(folder).stats() == []
    assert time_text(42.0) == "0:42" and time_text(3723) == "1:02:03" and time_text(None) == "\u2013"


def test_goto_is_one_undoable_step_and_is_saved():
    from puzzlegui.core.history import Goto

    kind = registry.get("rotation")
    doc = files.load_builtin(builtin("rotation"))
    history = History(kind, doc.state)
    for i in range(5):
        history.push(("turn", i % 2, 0, "cw"))
    after_two = history.state_at(2)
    end = history.state
    history.push(Goto(2))
    assert history.state == after_two
    history.undo()
    assert history.state == end
    history.redo()
    saved = json.loads(json.dumps(history.to_json()))
    again = History.from_json(kind, doc.state, saved)
    assert again.state == after_two and again.position == 6
    doc.progress = history.moves_json()
    assert files.loads(files.dumps(doc, history)).history().state == after_two
    with pytest.raises(PuzzleError):
        History(kind, doc.state).replay_json([{"goto": 3}])


def test_a_record_of_an_unknown_kind_is_left_alone(folder, demo_kind):
    """A game of a kind this build does not know (a newer version's, or a kind that was
    registered when it was saved) is neither listed, nor restored, nor moved aside."""
    session = Games(folder, clock=Clock())
    game = session.open(files.PuzzleDoc(demo_kind, demo_kind.generate({}, seed=1), meta={"title": "Demo"}))
    session.save()
    registry.unregister("demo")
    later = Games(folder, clock=Clock())
    assert [e.kind for e in later.entries()] == []
    assert later.restore() is None and not later.notices
    assert later.store.has(game.key)
    assert registry.title("demo") == "demo"


def test_a_removal_queued_after_a_write_wins(folder, tmp_path):
    from puzzlegui.core.writer import DELETE, Writer

    writer = Writer()
    target = tmp_path / "x.json"
    writer.submit(target, "one")
    writer.submit(target, DELETE)
    assert writer.flush(timeout=30)
    assert not target.exists()
    writer.submit(target, "two")
    assert writer.flush(timeout=30)
    assert target.read_text() == "two" and writer.take_error() is None


def long_rotation_game(folder, moves=3000):
    """A Rotation built-in played for ``moves`` turns and saved: a big record."""
    session = Games(folder, clock=Clock())
    game = session.open(files.load_builtin(builtin("rotation")))
    for _ in range(moves):
        game.history.push(("turn", 0, 0, "cw"))
    game.history.undo()
    session.save()
    return game


def test_a_big_record_is_read_off_the_caller_and_adopted(folder):
    """needs_reading -> read_game (another thread's part: it changes nothing) -> adopt;
    opening the key then takes the game from memory, exactly as it was saved."""
    import threading

    played = long_rotation_game(folder)
    assert played.history.weight >= 3000
    session = Games(folder)
    key = session.last_key
    assert key == played.key and session.needs_reading(key)
    answer = []
    reader = threading.Thread(target=lambda: answer.append(session.read_game(key)))
    reader.start()
    reader.join()
    assert session.current is None and session.needs_reading(key)  # reading changed nothing
    session.adopt(key, answer[0])
    assert not session.needs_reading(key)
    game = session.restore()
    assert game is answer[0]
    assert game.history.state == played.history.state
    assert game.history.position == played.history.position and game.history.can_redo
    # a small record is simply opened
    small = session.open(files.load_builtin(builtin("kurosu")))
    session.save()
    assert not Games(folder).needs_reading(small.key)


def test_an_unreadable_big_game_is_set_aside_by_adopt(folder):
    played = long_rotation_game(folder)
    break_moves(Games(folder), played.key)
    session = Games(folder)
    assert session.needs_reading(played.key)
    answer = session.read_game(played.key)
    assert isinstance(answer, PuzzleError)
    session.adopt(played.key, answer)
    assert not session.store.has(played.key) and len(session.notices) == 1
    assert list((folder / "set-aside").glob("game-*.json"))
    assert session.restore() is None
    # a late answer for a game that is gone changes nothing more
    session.adopt(played.key, answer)
    assert len(session.notices) == 1


def test_games_held_in_memory_are_bounded_and_come_back_from_their_records(folder):
    from puzzlegui.core.games import MAX_GAMES_HELD

    session = Games(folder, clock=Clock())
    first = session.open(files.load_builtin(builtin("kurosu")))
    first.history.push(kurosu_move(first.history.state))
    session.save()
    others = [b for b in files.builtins() if b.name != first.doc.name]
    assert len(others) > MAX_GAMES_HELD
    for b in others[: MAX_GAMES_HELD + 2]:
        session.open(files.load_builtin(b.name))
        session.save()
    assert len(session._games) <= MAX_GAMES_HELD + 1
    again = session.open(files.load_builtin(first.doc.name))
    assert again is not first  # let go of, and read back from its record
    assert again.history.state == first.history.state and len(again.history) == 1


def test_a_game_the_store_does_not_hold_as_it_is_is_never_let_go(folder, monkeypatch):
    """Leaving a game stores it; where the store refuses (a full disk), the game stays in
    memory however many others are opened."""
    from test_store import Refusing

    from puzzlegui.core.games import MAX_GAMES_HELD

    session = Games(folder, clock=Clock())
    first = session.open(files.load_builtin(builtin("kurosu")))
    real = session.store._conn()
    monkeypatch.setattr(session.store, "_conn", lambda: Refusing(real))
    first.play(kurosu_move(first.history.state))  # the store refuses it
    assert session.take_error() is not None and not first.on_record
    for b in [b for b in files.builtins() if b.name != first.doc.name][: MAX_GAMES_HELD + 2]:
        session.open(files.load_builtin(b.name))
    assert session.open(files.load_builtin(first.doc.name)) is first


def test_undo_after_many_solutions_replays_no_solution_again():
    """A Batch (a solution applied, up to 1,600 moves) is followed by a checkpoint, so
    rebuilding any earlier state never replays a Batch: undo stays cheap in a long game."""
    kind = registry.get("rotation")
    doc = files.load_builtin(builtin("rotation"))
    history = History(kind, doc.state)
    turns = tuple(("turn", i % 2, 0, "cw") for i in range(200))
    for _ in range(5):
        history.push(Batch(turns, "solution"))
        history.push(("turn", 1, 1, "cw"))
    applied = []
    real = kind.apply
    kind.apply = lambda state, move: (applied.append(move), real(state, move))[1]
    try:
        before = history.state_at(history.position - 1)
        history.undo()
    finally:
        del kind.apply
    assert history.state == before and len(applied) == 0  # the checkpoint after the Batch
    again = History(kind, doc.state)
    for m in history.moves():
        again.push(m)
    assert again.state == history.state


def test_the_collector_makes_only_young_passes_while_a_long_game_is_read(folder, monkeypatch):
    """Reading a record builds its JSON form (~240,000 objects for 50,000 moves), whose
    full collector passes held the GIL for up to 150 ms; while it is read only young
    passes are made, and the thresholds are back afterwards, also when it is refused."""
    import gc

    from puzzlegui.core import gcpause

    before = gc.get_threshold()
    played = long_rotation_game(folder, moves=300)
    session = Games(folder)
    seen = []
    real = History.from_json

    def from_json(*args):
        seen.append(gc.get_threshold())
        return real(*args)

    monkeypatch.setattr(History, "from_json", from_json)
    frozen = gc.get_freeze_count()
    game = session.read_game(played.key)
    assert seen == [(before[0], gcpause.NEVER, gcpause.NEVER)] and gc.get_threshold() == before
    assert gc.get_freeze_count() > frozen  # what the read left lives on out of the passes' way
    assert game.history.state == played.history.state
    break_moves(session, played.key, "[")
    assert isinstance(Games(folder).read_game(played.key), PuzzleError)
    assert gc.get_threshold() == before


def test_young_only_nests_across_threads():
    import gc
    import threading

    from puzzlegui.core import gcpause

    before = gc.get_threshold()
    inside, leave = threading.Event(), threading.Event()

    def other():
        with gcpause.young_only():
            inside.set()
            leave.wait()

    thread = threading.Thread(target=other)
    with gcpause.young_only():
        thread.start()
        inside.wait()
    assert gc.get_threshold()[1:] == (gcpause.NEVER, gcpause.NEVER)  # the other is still inside
    leave.set()
    thread.join()
    assert gc.get_threshold() == before


def test_a_save_writes_only_what_changed(folder):
    """Opening a game stores nothing of it again; a move stores one row, whatever the
    length of the game; a game dropped from the store (by another copy) is stored whole."""
    long_rotation_game(folder, moves=300)
    session = Games(folder, clock=Clock())
    game = session.restore()
    rev = session.store.rev(game.key)
    session.save()
    assert session.store.rev(game.key) == rev  # nothing written
    assert session.current is game and Games(folder).last_key == game.key
    statements = []
    session.store._conn().set_trace_callback(statements.append)
    game.history.push(("turn", 0, 0, "cw"))  # replaces the redo tail of one entry
    session.save()
    session.store._conn().set_trace_callback(None)
    inserts = [s for s in statements if s.startswith("INSERT INTO moves")]
    assert len(inserts) == 1 and session.store.rev(game.key) == rev + 1
    again = Games(folder).restore()
    assert again.history.state == game.history.state and len(again.history) == len(game.history) == 300
    session.store.remove(game.key)  # gone from the store: stored whole at the next change
    game.history.push(("turn", 1, 0, "cw"))
    session.save()
    again = Games(folder).restore()
    assert again.history.moves() == game.history.moves() and len(again.history) == 301
