"""Marks and trial mode in the game object (issue 25): mark the position, try a guess,
go back to the mark or keep the trial; marks nest, work with Undo and Redo, and are
saved with the game.  Real Kurosu games in a real store, no window."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlegui.core import files
from puzzlegui.core.games import Games

KUROSU = "kurosu-dm-2018-06-01"


def empty_cells(state):
    return [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]


def set_move(state, n, value=1):
    x, y = empty_cells(state)[n]
    return ("set", x, y, value)


def test_a_trial_goes_back_to_its_mark_as_one_entry_and_undo_brings_it_back(tmp_path):
    games = Games(tmp_path / "data")
    game = games.open(files.load_builtin(KUROSU))
    first = set_move(game.history.state, 0)
    game.play(first)
    marked = game.history.state
    assert game.mark_position() and game.trial_start == game.history.position
    assert not game.mark_position()  # marked already
    game.play(set_move(game.history.state, 0, 0))
    game.play(set_move(game.history.state, 0, 1))
    assert len(game.trial_cells()) == 2  # the trial's two entries, drawn in their own look
    assert game.back_to_mark()
    assert game.history.state == marked and game.marks == [] and game.trial_cells() == ()
    assert game.undo()  # one Undo: the trial is back, with its mark
    assert game.marks == [1] and len(game.trial_cells()) == 2
    assert game.redo() and game.marks == [] and game.history.state == marked
    games.close()


def test_keeping_a_trial_keeps_its_entries_and_drops_the_mark(tmp_path):
    games = Games(tmp_path / "data")
    game = games.open(files.load_builtin(KUROSU))
    game.mark_position()
    game.play(set_move(game.history.state, 0))
    state = game.history.state
    assert game.keep_trial()
    assert game.history.state == state and game.marks == [] and game.trial_cells() == ()
    assert not game.keep_trial() and not game.back_to_mark()  # no trial any more
    games.close()


def test_marks_nest(tmp_path):
    games = Games(tmp_path / "data")
    game = games.open(files.load_builtin(KUROSU))
    outer = game.history.state
    game.mark_position()
    game.play(set_move(game.history.state, 0))
    inner = game.history.state
    game.mark_position()
    game.play(set_move(game.history.state, 0))
    assert game.marks == [0, 1]
    assert game.back_to_mark() and game.history.state == inner  # the inner trial goes
    assert len(game.trial_cells()) == 1  # the outer trial's one entry is still a trial
    assert game.back_to_mark() and game.history.state == outer and game.marks == []
    games.close()


def test_marks_are_saved_with_the_game(tmp_path):
    games = Games(tmp_path / "data")
    game = games.open(files.load_builtin(KUROSU))
    game.play(set_move(game.history.state, 0))
    game.mark_position()
    game.play(set_move(game.history.state, 0))
    cells = game.trial_cells()
    games.close()
    again = Games(tmp_path / "data")
    game = again.open(files.load_builtin(KUROSU))
    assert game.marks == [1] and game.trial_cells() == cells
    again.close()


def test_a_move_after_undoing_past_a_mark_drops_it(tmp_path):
    games = Games(tmp_path / "data")
    game = games.open(files.load_builtin(KUROSU))
    game.play(set_move(game.history.state, 0))
    game.mark_position()
    game.play(set_move(game.history.state, 0))
    game.undo()
    game.undo()  # before the mark
    assert game.trial_start is None
    game.play(set_move(game.history.state, 3))  # the redo tail, and the mark in it, go
    assert game.marks == [] and game.trial_start is None
    games.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["move", "mark", "back", "keep", "undo", "redo"]), max_size=30))
def test_random_play_keeps_marks_within_the_history(tmp_path_factory, actions):
    games = Games(tmp_path_factory.mktemp("marks") / "data")
    game = games.open(files.load_builtin(KUROSU))
    n = 0
    for action in actions:
        if action == "move":
            if empty_cells(game.history.state):
                game.play(set_move(game.history.state, 0, n % 2))
                n += 1
        elif action == "mark":
            game.mark_position()
        elif action == "back":
            mark = game.trial_start
            if game.back_to_mark() and mark is not None:
                assert game.history.state == game.history.state_at(mark)
        elif action == "keep":
            game.keep_trial()
        elif action == "undo":
            game.undo()
        else:
            game.redo()
        h = game.history
        assert all(0 <= m <= len(h) for m in game.marks) and game.marks == sorted(game.marks)
        start = game.trial_start
        assert start is None or start <= h.position
    games.close()
