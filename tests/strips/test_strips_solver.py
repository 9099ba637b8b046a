"""The exact-cover solver, the kind's solving interface, hints and the generator."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import (
    ALL,
    FIRST,
    STOPPED,
    UNIQUE,
    Found,
    Progress,
    Step,
    run,
)
from puzzlegui.kinds.strips import KIND, generator, model, solver
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import SEED, canonical, parse_set

FINAL = ("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww")


def brute_count(colours, strips):
    """Decompositions counted the slow obvious way: the first uncut cell in reading
    order starts a strip going right or down."""
    rows, cols = len(colours), len(colours[0])
    limit = dict(strips.counts)

    def go(cut, used):
        free = next(((x, y) for y in range(rows) for x in range(cols) if (x, y) not in cut), None)
        if free is None:
            return int(not strips.exact or all(used.get(p, 0) == n for p, n in limit.items()))
        total = 0
        x, y = free
        for length in sorted({len(p) for p in limit}):
            for dx, dy in ((1, 0), (0, 1)) if length > 1 else ((1, 0),):
                cells = [(x + dx * i, y + dy * i) for i in range(length)]
                if any(not (cx < cols and cy < rows) or (cx, cy) in cut for cx, cy in cells):
                    continue
                p = canonical("".join(colours[cy][cx] for cx, cy in cells))
                if used.get(p, 0) >= limit.get(p, 0):
                    continue
                used[p] = used.get(p, 0) + 1
                total += go(cut | set(cells), used)
                used[p] -= 1
        return total

    return go(frozenset(), {})


def test_found_solutions_are_real_decompositions():
    state = make_state(("ww", "ww"), parse_set("ww*2"))
    result = run(KIND.solve(state), mode=ALL, max_solutions=None)
    assert result.complete and result.count == 2
    for solution in result.solutions:
        done = state
        for pattern, cells in solution:
            done = model.apply(done, ("place", pattern, cells))
        assert model.is_solved(done)


@given(
    st.integers(1, 4).flatmap(
        lambda w: st.lists(st.text("bw", min_size=w, max_size=w), min_size=1, max_size=4)
    ),
    st.sampled_from(["at most: len1-3", "exactly: len1*2 len2", "at most: len2*2 b w", "exactly: len1*4 len2*2"]),
)
@settings(max_examples=120, deadline=None)
def test_counts_agree_with_brute_force(rows, text):
    strips = parse_set(text)
    state = make_state(tuple(rows), strips)
    result = run(KIND.solve(state), mode=ALL, max_solutions=None, keep=None)
    assert result.complete
    assert result.count == brute_count(tuple(rows), strips)
    assert len(set(result.solutions)) == result.count


def test_untraced_search_yields_no_steps_but_progress():
    events = list(KIND.solve(make_state(FINAL, SEED)))
    kinds = {type(e) for e in events}
    assert Step not in kinds and Found in kinds and Progress in kinds


def test_traced_steps_replay_the_search_on_the_board():
    start = make_state(FINAL, SEED)
    state = start
    places = removes = 0
    for event in KIND.solve(start, trace=True):
        if type(event) is Step:
            assert event.action in ("place", "remove", "backtrack")
            if event.move is not None:
                assert event.cells == event.move[2]
                state = KIND.apply(state, event.move)
                places += event.action == "place"
                removes += event.action == "remove"
        elif type(event) is Found:
            assert set(state.pieces) == set(event.solution)
            assert model.is_solved(state)
    assert state == start  # every placement was taken back in the end
    assert places == removes > 0


def test_a_search_can_be_stopped():
    big = generator.generate(8, 8, parse_set("at most: len4*2"), seed=3)
    seen = []
    result = run(KIND.solve(KIND.solve_start(big)), should_stop=lambda: len(seen) > 0, on_progress=seen.append)
    assert result.status == STOPPED


def test_modes_and_descriptions():
    state = make_state(("ww", "ww"), parse_set("ww*2"))
    assert "Exactly 2 decompositions" in KIND.describe_result(run(KIND.solve(state), mode=ALL))
    assert "not unique" in KIND.describe_result(run(KIND.solve(state), mode=UNIQUE))
    assert "uniqueness not checked" in KIND.describe_result(run(KIND.solve(state), mode=FIRST))
    one = run(KIND.solve(make_state(FINAL, SEED)), mode=UNIQUE)
    assert KIND.describe_result(one).startswith("Exactly one decomposition (proven unique")
    none = run(KIND.solve(make_state(("wb",), parse_set("ww"))))
    assert KIND.describe_result(none).startswith("No decomposition: the search is exhaustive")


def test_solving_keeps_the_players_strips():
    start = make_state(FINAL, SEED)
    (answer,) = solver.solutions(start)
    right = with_pieces(start, answer[:3])
    assert solver.solutions(right) == [answer]
    wrong = model.apply(start, ("place", "ww", ((1, 4), (2, 4))))  # the answer has WWW there
    assert solver.solutions(wrong) == []


def test_solution_json_moves_and_steps():
    start = make_state(FINAL, SEED)
    (answer,) = solver.solutions(start)
    data = KIND.solution_json(answer)
    pieces = data["pieces"]
    assert len(pieces) == 10
    assert [len(p["cells"]) for p in pieces] == [3] * 6 + [2] * 3 + [1]
    for piece in pieces:
        spelled = "".join(FINAL[y][x] for x, y in piece["cells"])
        assert spelled == piece["pattern"]
    assert {"pattern": "b", "cells": [[1, 2]]} in pieces

    wrong = model.apply(start, ("place", "ww", ((1, 4), (2, 4))))
    moves = KIND.solution_moves(wrong, answer)
    assert moves[0] == ("remove", "ww", ((1, 4), (2, 4)))
    state = wrong
    for move in moves:
        state = KIND.apply(state, move)
    assert model.is_solved(state) and set(state.pieces) == set(answer)

    steps = KIND.solution_steps(start, answer)
    lengths = [len(s.move[2]) for s in steps]
    assert lengths == sorted(lengths, reverse=True)  # longest first
    assert all(s.action == "place" and s.text.startswith("Slide in") for s in steps)


def test_hints_give_forced_strips_and_point_at_wrong_ones():
    start = make_state(FINAL, SEED)
    (answer,) = solver.solutions(start)
    hint = KIND.hint(start)
    assert hint.move[0] == "place" and (hint.move[1], hint.move[2]) in answer
    wrong = model.apply(start, ("place", "ww", ((1, 4), (2, 4))))
    hint = KIND.hint(wrong)
    assert hint.move == ("remove", "ww", ((1, 4), (2, 4)))
    assert "not part of the decomposition" in hint.text
    # with all but one strip placed, the last cell is forced
    almost = with_pieces(start, [p for p in answer if len(p[1]) != 1])
    hint = KIND.hint(almost)
    assert hint.move == ("place", "b", ((1, 2),))
    assert "can still cover column 2, row 3" in hint.text
    assert KIND.hint(with_pieces(start, answer)) is None


@pytest.mark.parametrize(
    "size, text",
    [((5, 5), "at most: len1-3"), ((6, 4), "exactly: len2-3"), ((6, 6), "exactly: len3*2"), ((8, 8), "at most: len4*2")],
)
def test_generated_puzzles_have_exactly_one_decomposition(size, text):
    strips = parse_set(text)
    state = generator.generate(*size, strips, seed=11)
    assert (state.cols, state.rows) == size and state.strips == strips
    result = run(KIND.solve(state), mode=ALL, max_solutions=None)
    assert result.complete and result.count == 1
    assert generator.generate(*size, strips, seed=11) == state  # same seed, same puzzle


def test_kind_generate_and_parameters():
    state = KIND.generate({"width": 6, "height": 6, "strips": "auto"}, seed=2)
    assert KIND.params_of(state) == {"width": 6, "height": 6, "strips": "auto"}
    assert run(KIND.solve(state), mode=UNIQUE).unique is True
    labels = [p.label for p in KIND.presets()]
    assert len(labels) == 5
    for preset in KIND.presets():
        KIND.strips_for(preset.params)


@pytest.mark.parametrize(
    "params, words",
    [
        ({"width": 13, "height": 5}, "from 1 to 12"),
        ({"width": 5, "height": True}, "whole number"),
        ({"width": 5, "height": 5, "strips": "exactly: len2-4"}, "64 cells"),
        ({"width": 2, "height": 3, "strips": "exactly: wwww bb"}, "does not fit"),
        ({"width": 5, "height": 5, "strips": "at most: len2"}, "at most 6"),
        ({"width": 5, "height": 5, "strips": 7}, "must be text"),
    ],
)
def test_generator_refuses_impossible_requests(params, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.generate(params, seed=1)
