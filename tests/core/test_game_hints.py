"""Hints in stages in the game object (core/game.py, issue 31), without a window: where
to look, then the reason, then the move; the staged hint belongs to the position it was
given for, and any change of the game drops it.  Real games in a real store, the kind's
own hints."""

from types import SimpleNamespace

import pytest

from puzzlegui.core import files
from puzzlegui.core.game import LOOK, MOVE, REASON
from puzzlegui.core.kind import PuzzleError


def kurosu(session):
    return session.open(files.load_builtin("kurosu-dm-2018-06-01"))


def staged(game):
    hint = game.doc.kind.hint(game.history.state)
    assert game.can_stage(hint)
    return hint, game.stage_hint(hint)


def test_the_stages_go_look_reason_move_and_count_what_the_player_needed(session):
    game = kurosu(session)
    before = game.history.state
    hint, first = staged(game)
    assert first.stage == LOOK and first.hint is hint and game.hint_stage == first
    assert game.history.state == before and game.hints == 1  # looking is help, and no entry
    st = session.stats_for(game.key)
    assert (st.looks, st.reasons, st.hints) == (1, 0, 0)
    second = game.next_hint_stage()
    assert second.stage == REASON and game.hint_stage == second
    assert game.history.state == before and session.stats_for(game.key).reasons == 1
    third = game.next_hint_stage()
    assert third.stage == MOVE and third.finish is None
    assert game.history.state == game.doc.kind.apply(before, hint.move)  # the move, played
    assert game.hint_stage is None and game.next_hint_stage() is None  # the staging is over
    st = session.stats_for(game.key)
    assert game.hints == 1 and (st.looks, st.reasons, st.hints) == (1, 1, 1)  # one hint, counted once


@pytest.mark.parametrize("change", ["play", "undo", "restart", "mark"])
def test_any_change_of_the_game_drops_the_staged_hint(session, change):
    game = kurosu(session)
    game.play(game.doc.kind.hint(game.history.state).move)  # something to undo and restart from
    staged(game)
    if change == "play":
        hint = game.hint_stage.hint
        game.play(hint.move)  # the player found it
    elif change == "undo":
        assert game.undo()
    elif change == "restart":
        game.restart()
    else:
        assert game.mark_position()
    assert game.hint_stage is None
    position = game.history.position
    assert game.next_hint_stage() is None and game.history.position == position  # no stage, no move


def test_the_staged_hint_belongs_to_its_game(session):
    game = kurosu(session)
    staged(game)
    other = session.open(files.load_builtin("kurosu-dm-2018-06-04"))
    assert other.hint_stage is None and other.next_hint_stage() is None
    assert game.hint_stage is not None and game.hint_stage.stage == LOOK


def test_a_hint_with_nothing_to_point_at_is_not_staged(session):
    game = kurosu(session)
    for hint in (SimpleNamespace(move=None, cells=((0, 0),), text="x"),
                 SimpleNamespace(move=("set", 0, 0, 1), cells=(), text="x")):
        assert not game.can_stage(hint)
        with pytest.raises(ValueError):
            game.stage_hint(hint)
    assert game.hint_stage is None and game.hints == 0


def test_a_move_the_board_refuses_ends_the_staging_with_its_error(session):
    game = kurosu(session)
    state = game.history.state
    x, y = next((i % state.width, i // state.width) for i in range(len(state.givens)) if state.givens[i] >= 0)
    bad = SimpleNamespace(move=("set", x, y, 1 - state.givens[x + y * state.width]), cells=((x, y),), text="no")
    game.stage_hint(bad)
    assert game.next_hint_stage().stage == REASON
    with pytest.raises(PuzzleError):
        game.next_hint_stage()  # a given cannot be changed
    assert game.hint_stage is None and game.history.state == state


def test_the_last_stage_says_the_finish(session):
    game = kurosu(session)
    kind = game.doc.kind
    while True:
        hint = kind.hint(game.history.state)
        if kind.is_solved(kind.apply(game.history.state, hint.move)):
            break
        game.play(hint.move)
    game.stage_hint(hint)
    game.next_hint_stage()
    last = game.next_hint_stage()
    assert last.stage == MOVE and last.finish is not None and last.finish.how == "with help"
