"""'Show the search' on Tracks explains itself: the deduced pieces of the recorded search
carry the named deduction a person could have made (explain.py), as hints do."""

from puzzlegui.core.files import load_builtin
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.tracks import KIND, explain

NAMES = ("Count full", "Dead end", "Entry", "Exit", "Forced", "No loop", "Early finish", "Count needs all")


def seed_state():
    return KIND.solve_start(load_builtin("tracks-mums-2008").state)


def test_reason_for_names_every_move_a_deduction_makes():
    state = seed_state()
    found = explain.deduce(state)
    assert found is not None
    # walk the sure moves: each edge move has a reason, and it is the same deduction
    for _ in range(30):
        found = explain.deduce(state)
        if found is None:
            break
        name, hint = found
        if hint.move[0] == "edge":
            again = explain.reason_for(state, hint.move)
            assert again is not None and again[0] == name
        state = KIND.apply(state, hint.move)


def test_a_piece_no_deduction_lays_has_no_reason():
    state = seed_state()
    # make the sure moves until a deduction lays a piece of track
    while True:
        name, hint = explain.deduce(state)
        if hint.move[0] == "edge":
            break
        state = KIND.apply(state, hint.move)
    # an edge far from anything forced at the start: no person's deduction lays it yet
    w, h = state.puzzle.width, state.puzzle.height
    candidates = [("edge", x, y, x + 1, y, 1) for y in range(h) for x in range(w - 1)]
    reasons = [explain.reason_for(state, m) for m in candidates]
    assert any(r is None for r in reasons) and any(r is not None for r in reasons)


def test_the_recorded_search_names_its_deductions():
    state = seed_state()
    steps = []
    run(KIND.solve(state, trace=True), mode=ALL, max_solutions=10, on_step=steps.append)
    explained = KIND.explain_search(state, steps)
    assert len(explained) == len(steps)
    assert [s.move for s in explained] == [s.move for s in steps]  # the replay itself is unchanged
    named = [s for s in explained if s.action == "deduce" and s.text.split(":")[0] in NAMES]
    deduced = [s for s in explained if s.action == "deduce"]
    # with the cells a person would have marked empty first, most pieces have a name
    assert len(named) * 2 > len(deduced), f"only {len(named)} of {len(deduced)} deduced pieces named"
    for s in named:
        assert "column" in s.text and s.cells  # a sentence with 1-based cells, and its reason's cells
    # the words of steps that were not named are the solver's own
    for before, after in zip(steps, explained, strict=True):
        if after.text.split(":")[0] not in NAMES:
            assert after.text == before.text
