"""core.aids on every kind, checked against real solver runs: sure steps only make moves
every solution agrees with; mistakes and first_mistake find a deliberately wrong entry,
never a right one, and respect puzzles with several solutions; the CLI's `hint` and
`check --against-solution` as real processes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlegui.core import aids
from puzzlegui.core.files import load_builtin
from puzzlegui.core.history import History
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.kurosu import KIND as KUROSU
from puzzlegui.kinds.rotation import KIND as ROTATION
from puzzlegui.kinds.strips import KIND as STRIPS
from puzzlegui.kinds.tracks import KIND as TRACKS
from puzzlegui.kinds.tracks.model import path_edges

sys.path.insert(0, str(Path(__file__).parent / "tracks"))
from tracks_helpers import tatham_ids  # noqa: E402


def all_solutions(kind, state):
    result = run(kind.solve(kind.keep_entries(state, ())), ALL, time_limit=60)
    assert result.complete
    return result.solutions


def agrees(kind, state, move, solutions):
    """The move's effect is in every solution: what it enters, each solution enters."""
    after = kind.apply(state, move)
    new = {k: v for k, v in kind.entries(after).items() if kind.entries(state).get(k) != v}
    assert new, move
    return all(all(kind.solution_entries(state, s).get(k) == v for k, v in new.items()) for s in solutions)


# --- sure steps -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kind, state",
    [
        (TRACKS, TRACKS.parse_game_id(tatham_ids("tatham-8x8-easy.txt")[0])),
        (TRACKS, load_builtin("tracks-mums-2008").state),  # two solutions
        (KUROSU, load_builtin("kurosu-dm-2018-06-01").state),
        (STRIPS, load_builtin("strips-mums-2010-18").state),
    ],
    ids=["tracks-easy", "tracks-mums", "kurosu", "strips"],
)
def test_sure_steps_only_make_moves_every_solution_agrees_with(kind, state):
    solutions = all_solutions(kind, state)
    moves, counts = aids.sure_steps(kind, state)
    assert moves and sum(counts.values()) == len(moves)
    for move in moves:
        assert agrees(kind, state, move, solutions), move
        state = kind.apply(state, move)
    assert not kind.check(state)
    assert aids.sure_steps_text(counts).startswith(f"{len(moves)} sure move")


def test_sure_steps_solve_an_easy_tracks_puzzle_by_named_deductions_alone():
    state = TRACKS.parse_game_id(tatham_ids("tatham-8x8-easy.txt")[0])
    moves, counts = aids.sure_steps(TRACKS, state)
    for m in moves:
        state = TRACKS.apply(state, m)
    assert TRACKS.is_solved(state)
    assert {"count full", "forced", "count needs all"} <= set(counts)


def test_sure_steps_stop_at_the_limit_and_on_a_broken_state():
    state = load_builtin("kurosu-dm-2018-06-01").state
    moves, counts = aids.sure_steps(KUROSU, state, limit=3)
    assert len(moves) == 3
    broken = KUROSU.parse_text("111...\n......\n......\n......\n......\n......")
    assert aids.sure_steps(KUROSU, broken) == ([], {})


def test_sure_steps_on_rotation_follow_a_shortest_path():
    state = load_builtin("mystery-box").state
    d = ROTATION.distance(state)
    moves, counts = aids.sure_steps(ROTATION, state)
    assert len(moves) == d and counts == {"shortest path": d}
    for m in moves:
        state = ROTATION.apply(state, m)
    assert ROTATION.is_solved(state)


# --- mistakes ---------------------------------------------------------------------------------
def kurosu_right_and_wrong():
    state = load_builtin("kurosu-dm-2018-06-01").state
    (sol,) = all_solutions(KUROSU, state)
    empty = [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]
    (x1, y1), (x2, y2) = empty[0], empty[1]
    right = ("set", x1, y1, sol.value(x1, y1))
    wrong = ("set", x2, y2, 1 - sol.value(x2, y2))
    return state, right, wrong


def test_mistakes_kurosu_finds_the_wrong_entry_only():
    state, right, wrong = kurosu_right_and_wrong()
    s = KUROSU.apply(KUROSU.apply(state, right), wrong)
    found = aids.mistakes(KUROSU, s)
    assert found.complete and [m.key for m in found] == [(wrong[1], wrong[2])]
    assert found[0].cells == ((wrong[1], wrong[2]),)
    assert f"column {wrong[1] + 1}, row {wrong[2] + 1} is in no solution" in found[0].text
    assert not KUROSU.check(s)  # a mistake no rule shows yet
    assert list(aids.mistakes(KUROSU, KUROSU.apply(state, right))) == []


@pytest.fixture(scope="module")
def mums():
    state = load_builtin("tracks-mums-2008").state
    a, b = all_solutions(TRACKS, state)
    return state, a, b


def test_mistakes_tracks_with_two_solutions(mums):
    state, a, b = mums
    only_a = sorted(set(path_edges(a.path)) - set(path_edges(b.path)))
    only_b = sorted(set(path_edges(b.path)) - set(path_edges(a.path)))
    # an edge one solution has is no mistake, even though the other solution lacks it
    s = TRACKS.apply(state, ("edge", *only_a[0][0], *only_a[0][1], 1))
    assert list(aids.mistakes(TRACKS, s)) == []
    # with edges from both solutions no solution has them all, but each alone is fine
    s2 = TRACKS.apply(s, ("edge", *only_b[0][0], *only_b[0][1], 1))
    found = aids.mistakes(TRACKS, s2)
    assert found.complete and list(found) == []
    # an edge in neither solution, and a mark on a cell both paths use, are mistakes
    on_both = sorted(set(a.path) & set(b.path) - {state.puzzle.start, state.puzzle.finish})[0]
    neither = next(
        (c, (c[0] + 1, c[1])) for c in sorted(set(a.path) | set(b.path))
        if c[0] + 1 < state.puzzle.width
        and tuple(sorted((c, (c[0] + 1, c[1])))) not in set(path_edges(a.path)) | set(path_edges(b.path))
        and c not in (state.puzzle.start, state.puzzle.finish)
    )
    s3 = TRACKS.apply(s, ("edge", *neither[0], *neither[1], 1))
    s3 = TRACKS.apply(s3, ("mark", *on_both, 1)) if on_both not in neither else s3
    found = aids.mistakes(TRACKS, s3)
    keys = {m.key for m in found}
    assert ("edge", *sorted(neither)) in keys
    assert ("edge", *only_a[0]) not in keys
    if on_both not in neither:
        assert ("mark", on_both) in keys


def test_mistakes_strips_and_rotation():
    state = load_builtin("strips-mums-2010-01").state
    (sol,) = all_solutions(STRIPS, state)
    right = sorted(sol, key=lambda p: -len(p[1]))[0]
    s = STRIPS.apply(state, ("place", *right))
    assert list(aids.mistakes(STRIPS, s)) == []
    from puzzlegui.kinds.strips.model import open_placements

    bad = next(p for p in open_placements(s) if p not in set(sol) and len(p[1]) > 1)
    s2 = STRIPS.apply(s, ("place", *bad))
    found = aids.mistakes(STRIPS, s2)
    assert [m.key for m in found] == [tuple(sorted(bad[1]))]
    rot = load_builtin("mystery-box").state
    found = aids.mistakes(ROTATION, ROTATION.apply(rot, ("turn", 0, 0, "cw")))
    assert list(found) == [] and found.complete and "never wrong" in found.reason


# --- first mistake --------------------------------------------------------------------------
def test_first_mistake_kurosu():
    state, right, wrong = kurosu_right_and_wrong()
    h = History(KUROSU, state)
    h.push(right)
    h.push(wrong)
    (sol,) = all_solutions(KUROSU, state)
    empty = [(i % state.width, i // state.width) for i, v in enumerate(state.cells) if v < 0]
    x, y = empty[5]
    h.push(("set", x, y, sol.value(x, y)))  # a right entry after the wrong one
    r = aids.first_mistake(KUROSU, h)
    assert (r.index, r.back, r.complete) == (1, 2, True) and "Undo 2 steps" in r.text
    h.seek(r.index)
    assert list(aids.mistakes(KUROSU, h.state)) == []
    # once the wrong entry is taken out again, nothing needs undoing
    h.redo()
    h.push(("set", wrong[1], wrong[2], -1))
    r = aids.first_mistake(KUROSU, h)
    assert (r.index, r.back) == (h.position, 0)


def test_first_mistake_tracks_with_two_solutions(mums):
    state, a, b = mums
    only_a = sorted(set(path_edges(a.path)) - set(path_edges(b.path)))
    only_b = sorted(set(path_edges(b.path)) - set(path_edges(a.path)))
    h = History(TRACKS, state)
    h.push(("edge", *only_a[0][0], *only_a[0][1], 1))  # fine: solution a has it
    h.push(("edge", *only_a[1][0], *only_a[1][1], 1))  # still a
    h.push(("edge", *only_b[0][0], *only_b[0][1], 1))  # now no solution has all three
    r = aids.first_mistake(TRACKS, h)
    assert (r.index, r.back, r.complete) == (2, 1, True)


def test_first_mistake_rotation_is_never_needed():
    state = load_builtin("mystery-box").state
    h = History(ROTATION, state)
    h.push(("turn", 0, 0, "cw"))
    r = aids.first_mistake(ROTATION, h)
    assert (r.index, r.back) == (1, 0) and "never wrong" in r.text


# --- the command line ----------------------------------------------------------------------
def cli(*argv):
    done = subprocess.run([sys.executable, "-m", "puzzlegui", *argv], capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stdout + done.stderr
    return done


def test_cli_hint_json_shape_and_exit_codes(tmp_path):
    done = cli("hint", "kurosu-dm-2018-06-01", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"kind", "move", "text", "cells"} and data["kind"] == "kurosu"
    state = load_builtin("kurosu-dm-2018-06-01").state
    move = KUROSU.move_from_json(data["move"])
    after = KUROSU.apply(state, move)  # a legal move
    assert all(isinstance(c, list) and len(c) == 2 for c in data["cells"])
    assert data["cells"][0] == [move[1], move[2]]
    (sol,) = all_solutions(KUROSU, state)
    assert after.at(move[1], move[2]) == sol.value(move[1], move[2])
    plain = cli("hint", "kurosu-dm-2018-06-01")
    assert plain.returncode == 0 and plain.stdout.splitlines()[0] == data["text"]
    assert plain.stdout.splitlines()[1] == f"move: {json.dumps(data['move'])}"
    # solved: no next move, exit 1
    solved = tmp_path / "solved.json"
    doc = {"kind": "rotation", "puzzle": ROTATION.encode(ROTATION.goal(state_config()))}
    solved.write_text(json.dumps(doc))
    done = cli("hint", str(solved), "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["move"] is None
    # bad input: exit 2 with a sentence, control characters escaped
    done = cli("hint", "kurosu:6x6:\x1b[31m")
    assert done.returncode == 2 and "\x1b" not in done.stderr + done.stdout


def state_config():
    return load_builtin("mystery-box").state.config


def test_cli_check_against_solution(tmp_path):
    state, right, wrong = kurosu_right_and_wrong()
    puzzle = KUROSU.encode(state)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"kind": "kurosu", "puzzle": puzzle, "progress": [list(right)]}))
    done = cli("check", str(good), "--against-solution")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No mistakes" in done.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"kind": "kurosu", "puzzle": puzzle, "progress": [list(right), list(wrong)]}))
    done = cli("check", str(bad), "--against-solution")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Mistake: The ") and f"column {wrong[1] + 1}, row {wrong[2] + 1}" in lines[0]
    assert len([ln for ln in lines if ln.startswith("Mistake:")]) == 1
    # without the option, check still only looks at the rules (no rule is broken yet)
    assert cli("check", str(bad)).returncode == 0
