"""The game object (core/game.py), without a window: every entry type and its effect on
the statistics and the clock, and random sequences of play that keep the invariants
(a puzzle counted solved at most once per attempt; best time = least unaided time; help
never lost; the clock never counts inactive time).  Real games in a real store."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlegui.core import files, solver
from puzzlegui.core.game import ENTRIES, MAX_TICK_S
from puzzlegui.core.history import RESTART, Goto
from puzzlegui.core.games import Games

TURNS = [("turn", x, y, d) for x in (0, 1) for y in (0, 1) for d in ("cw",)]


def mystery_box(session):
    return session.open(files.load_builtin("mystery-box"))


def solution(game):
    kind = game.doc.kind
    result = solver.run(kind.solve(kind.solve_start(game.history.state)), mode=solver.FIRST)
    return kind.solution_moves(game.history.state, result.solutions[0])


def solve_by_hand(game):
    finish = None
    for move in solution(game):
        finish = game.play(move)
    return finish


def test_every_entry_type_says_its_effect_on_the_statistics():
    assert set(ENTRIES) == {"move", "hint", "sure steps", "solution", "rewind", "restart", "back to mark", "undo", "redo"}
    assert all(len(e.effect) > 40 for e in ENTRIES.values())
    assert [n for n, e in ENTRIES.items() if e.finishes] == ["move", "hint", "sure steps", "solution"]
    assert ENTRIES["hint"].help == ENTRIES["sure steps"].help == "hint" and ENTRIES["solution"].help == "solver"


def test_undo_and_redo_of_the_winning_move_never_count_it_again(session):
    game = mystery_box(session)
    finish = solve_by_hand(game)
    assert finish is not None and finish.how == "unaided"
    for _ in range(3):
        game.undo()
        assert game.redo()
    assert session.stats_for(game.key).solved == 1
    game.undo()
    assert game.play(game.history.next_move()) is None  # the same move forward again: this attempt is counted
    assert session.stats_for(game.key).solved == 1


def test_applying_the_solvers_answer_counts_solver_used_and_sets_no_best_time(session):
    game = mystery_box(session)
    game.set_active(True, 0.0)
    game.tick(5.0)
    finish = game.apply_solution(solution(game))
    assert finish.how == "solver used" and finish.best is None and not finish.new_best
    st = session.stats_for(game.key)
    assert (st.solved, st.helped, st.solver, st.best) == (1, 1, 1, None)


def test_a_hint_makes_the_finish_with_help_and_counts_the_hint(session):
    game = mystery_box(session)
    game.take_hint(game.doc.kind.hint(game.history.state).move)
    game.undo()  # taking the hint back does not take the help back
    finish = solve_by_hand(game)
    assert finish.how == "with help" and finish.best is None
    st = session.stats_for(game.key)
    assert (st.solved, st.helped, st.solver, st.hints, st.best) == (1, 1, 0, 1, None)


def test_the_best_time_is_the_time_just_made_or_better(session):
    game = mystery_box(session)
    game.set_active(True, 0.0)
    game.tick(35.96)  # shown as 0:35; the best time must not say 0:36
    finish = solve_by_hand(game)
    assert finish.new_best and finish.best == finish.elapsed == 36.0 == game.elapsed
    game.restart()
    game.tick(47.0)  # 11.04 s more: a faster attempt
    finish = solve_by_hand(game)
    assert finish.new_best and finish.best == 11.0
    game.restart()
    game.tick(100.0)
    finish = solve_by_hand(game)
    assert not finish.new_best and finish.best == 11.0 and session.stats_for(game.key).best == 11.0


def test_the_clock_counts_only_while_active_and_unsolved_and_restart_starts_it_over(session):
    game = mystery_box(session)
    game.tick(0.0)
    game.tick(20.0)
    assert game.elapsed == 0  # not active yet: the window was not in front
    game.set_active(True, 20.0)
    game.tick(30.0)
    game.set_active(False, 40.0)  # minimised at 40 s
    game.tick(100.0)
    assert game.elapsed == 20.0
    game.set_active(True, 100.0)
    game.pause(True, 110.0)
    game.tick(200.0)
    assert game.elapsed == 30.0
    game.pause(False, 200.0)
    game.tick(10_000.0)  # a suspended laptop: one tick counts at most MAX_TICK_S
    assert game.elapsed == 30.0 + MAX_TICK_S
    game.play(TURNS[0])
    game.restart()  # an unsolved game too: a new attempt, the clock at 0
    assert game.elapsed == 0
    game.undo()  # back into the attempt it ended: its time is all there
    assert game.elapsed == 30.0 + MAX_TICK_S


def test_undoing_a_restart_gives_back_the_attempts_help_and_count(session):
    game = mystery_box(session)
    game.take_hint(game.doc.kind.hint(game.history.state).move)
    game.restart()
    assert not game.helped
    game.undo()
    assert game.helped  # help is never lost
    finish = solve_by_hand(game)
    assert finish.how == "with help"
    game.restart()
    game.undo()  # into the counted attempt: not counted again, whatever is played
    game.undo()
    assert game.play(game.history.next_move()) is None
    assert session.stats_for(game.key).solved == 1


def test_the_attempts_are_stored_with_the_game(session, tmp_path):
    game = mystery_box(session)
    game.take_hint(game.doc.kind.hint(game.history.state).move)
    game.restart()
    game.play(TURNS[1])
    session.close()
    again = Games(tmp_path / "data").restore()
    assert not again.helped and len(again.before) == 1
    again.undo()
    again.undo()
    assert again.helped and again.before == []


def test_tickets_drop_stale_answers(session):
    game = mystery_box(session)
    first = game.ticket("hint")
    assert game.wants(first)
    second = game.ticket("hint")
    assert not game.wants(first) and game.wants(second)  # the newest of its kind wins
    solve = game.ticket("solve")
    game.play(TURNS[0])
    assert not game.wants(second)  # asked at another position
    assert game.wants(solve, same_position=False)  # a solve of the puzzle still answers
    game.drop("solve")
    assert not game.wants(solve, same_position=False)
    other = session.open(files.load_builtin("twiddle-3x3"))
    assert not other.wants(solve, same_position=False)  # another game's ticket


# ---------------------------------------------------------------- random play
ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("play"), st.integers(0, 3)),
        st.tuples(st.sampled_from(["undo", "redo", "restart", "hint", "apply", "solve by hand"]), st.just(0)),
        st.tuples(st.just("tick"), st.floats(0, 200, allow_nan=False)),
        st.tuples(st.just("active"), st.booleans()),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_random_play_keeps_the_invariants(tmp_path_factory, actions):
    session = Games(tmp_path_factory.mktemp("data"))
    game = mystery_box(session)
    kind = game.doc.kind
    now = 0.0
    active = False
    # the model: per attempt (a stack, as Restart and its Undo nest) its time and help
    time, helped, counted, stack = 0.0, False, False, []
    finishes = []

    def new_attempt():
        nonlocal time, helped, counted
        stack.append((game.history.position, time, helped, counted))
        time, helped, counted = 0.0, False, False

    def back_to(position):
        nonlocal time, helped, counted
        while stack and stack[-1][0] > position:
            _, t, h, c = stack.pop()
            time, helped, counted = t + time, h or helped, c or counted

    for action, arg in actions:
        solved_before = game.status == "solved"
        revision_before = game.revision
        finish = None
        if action == "play":
            finish = game.play(TURNS[arg])
        elif action == "undo":
            game.undo()
            back_to(game.history.position)
        elif action == "redo":
            move = game.history.next_move()
            if game.redo() and move == RESTART:
                new_attempt()
        elif action == "restart":
            before = game.history.position
            game.restart()
            if game.history.position != before:
                new_attempt()
        elif action == "hint" and not solved_before:
            helped = True
            finish = game.take_hint(kind.hint(game.history.state).move)
        elif action == "apply" and not solved_before:
            helped = True
            finish = game.apply_solution(solution(game))
        elif action == "solve by hand" and not solved_before:
            for move in solution(game):
                finish = game.play(move) or finish
        elif action == "tick":
            now += arg
            if active and not solved_before:
                time += min(arg, MAX_TICK_S)
            game.tick(now)
        elif action == "active":
            game.set_active(arg, now)
            active = arg
        back_to(game.history.position)
        forward = action in ("play", "hint", "apply", "solve by hand") and game.revision != revision_before
        if forward and not solved_before and game.status == "solved" and not counted:
            # a forward entry into a solved state finishes an attempt not counted yet...
            assert finish is not None
            assert (finish.how == "unaided") == (not helped)
            assert finish.how == "solver used" or action != "apply"
            assert finish.elapsed == pytest.approx(time, abs=0.05 + 1e-6)  # the time kept, to a tenth
            time, counted = finish.elapsed, True
            finishes.append(finish)
        elif action != "solve by hand":
            assert finish is None  # ...and nothing else ever does: once per attempt at most
        assert game.helped == helped  # help is never lost
        assert game.elapsed == pytest.approx(time, abs=1e-6)  # the clock never counts inactive time
    st_ = session.stats_for(game.key)
    assert (st_.solved if st_ else 0) == len(finishes)
    unaided = [f.elapsed for f in finishes if f.how == "unaided"]
    assert (st_.best if st_ else None) == (min(unaided) if unaided else None)  # best = least unaided time
    session.close()


def test_the_game_decides_when_it_is_stored_the_clock_too(session, tmp_path):
    """After every change; while the clock runs, every CLOCK_STORED_EVERY_S of play;
    and when the player leaves (the window goes to the back, another puzzle opens)."""
    from puzzlegui.core.game import CLOCK_STORED_EVERY_S

    def stored_elapsed():
        other = Games(tmp_path / "data", read_only=True)
        try:
            return other.read_game(game.key).elapsed
        finally:
            other.close()

    session.ticks = lambda: 101.0  # the clock the session leaves games by
    game = mystery_box(session)
    game.set_active(True, 0.0)
    game.tick(CLOCK_STORED_EVERY_S - 1)
    assert stored_elapsed() == 0  # not yet
    game.tick(CLOCK_STORED_EVERY_S + 1)
    assert stored_elapsed() == CLOCK_STORED_EVERY_S + 1
    game.tick(CLOCK_STORED_EVERY_S + 3)
    game.set_active(False, CLOCK_STORED_EVERY_S + 4)  # the window goes to the back
    assert stored_elapsed() == CLOCK_STORED_EVERY_S + 4
    game.set_active(True, 100.0)
    session.open(files.load_builtin("twiddle-3x3"))  # another puzzle: this one is left
    assert stored_elapsed() == CLOCK_STORED_EVERY_S + 5 and not game.active


def test_sure_steps_are_one_entry_one_hint_and_help(session):
    game = mystery_box(session)
    moves = solution(game)
    game.sure_steps(moves[:3])  # a kind's sure moves, as one entry
    assert len(game.history) == 1 and game.hints == 1 and game.helped
    assert session.stats_for(game.key).hints == 1
    game.undo()
    assert game.history.position == 0 and game.helped  # one Undo takes them all back; the help stays
    finish = game.sure_steps(moves)  # the sure steps that finish it
    assert finish.how == "with help" and session.stats_for(game.key).solved == 1


def test_rewinding_to_before_a_mistake_never_finishes_and_counts_nothing(session):
    game = mystery_box(session)
    finish = solve_by_hand(game)
    assert finish is not None
    solved_at = game.history.position
    game.restart()
    for move in solution(game)[:-1]:
        game.play(move)
    game.play(TURNS[3])  # a mistake
    game.rewind(solved_at)  # back to a position that was solved (the first attempt's end)
    assert game.status == "solved" and isinstance(game.history.moves()[-1], Goto)  # one entry, to a solved position
    assert session.stats_for(game.key).solved == 1  # a rewind goes back: it finishes nothing
    game.undo()  # and one Undo returns
    assert game.history.moves()[-1] == TURNS[3]
