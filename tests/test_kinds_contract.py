"""Every registered kind keeps the PuzzleKind contract the front end relies on.

These run each real kind through the interface only, the way the window and the CLI
use it: built-ins load, files round-trip, the solver's answer and its replay steps really
solve the board, generated puzzles load, and no malformed input escapes as a traceback.
"""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlegui.core import files, registry, solver
from puzzlegui.core.history import Batch, History
from puzzlegui.core.kind import PuzzleError

KINDS = registry.names()


def first_builtin(kind_name):
    for b in files.builtins():
        if b.kind == kind_name:
            return files.load_builtin(b.name)
    pytest.fail(f"{kind_name} has no built-in puzzle")


@pytest.mark.parametrize("kind_name", KINDS)
def test_kind_has_help_texts_and_builtins(kind_name):
    kind = registry.get(kind_name)
    assert kind.name == kind_name and kind.title
    for text in (kind.rules, kind.controls, kind.origin):
        assert len(text) > 40
    assert any(b.kind == kind_name for b in files.builtins())


@pytest.mark.parametrize("kind_name", KINDS)
def test_every_builtin_loads_and_round_trips(kind_name):
    for b in files.builtins():
        if b.kind != kind_name:
            continue
        doc = files.load_builtin(b.name)
        again = files.loads(files.dumps(doc))
        assert again.state == doc.state, b.name
        assert doc.kind.encode(again.state) == doc.kind.encode(doc.state)
        assert not doc.kind.is_solved(doc.state) or kind_name == "rotation", b.name


@pytest.mark.parametrize("kind_name", KINDS)
def test_solution_moves_and_steps_really_solve(kind_name):
    doc = first_builtin(kind_name)
    kind = doc.kind
    base = kind.solve_start(doc.state)
    result = solver.run(kind.solve(base), mode=solver.FIRST)
    assert result.status == solver.SOLVED
    solution = result.solutions[0]
    json.dumps(kind.solution_json(solution))
    # applied to the game as one undoable step
    history = History(kind, doc.state)
    history.push(Batch(tuple(kind.solution_moves(history.state, solution)), "solution"))
    assert kind.is_solved(history.state)
    history.undo()
    assert history.state == doc.state
    # replayed by "show the solution"
    state = base
    for step in kind.solution_steps(base, solution):
        if step.move is not None:
            state = kind.apply(state, step.move)
    assert kind.is_solved(state)


@pytest.mark.parametrize("kind_name", KINDS)
def test_hint_takes_a_time_budget_for_its_searches(kind_name):
    """`hint --time-limit` passes its budget down: every kind's hint takes one, and a
    budget the search fits in gives the hint the kind's own default gives."""
    doc = first_builtin(kind_name)
    state = doc.history().state
    hint = doc.kind.hint(state)
    assert hint is not None and doc.kind.hint(state, time_limit=60.0) == hint


@pytest.mark.parametrize("kind_name", KINDS)
def test_traced_search_steps_apply_in_order(kind_name):
    doc = first_builtin(kind_name)
    kind = doc.kind
    base = kind.solve_start(doc.state)
    steps = []
    solver.run(kind.solve(base, trace=True), mode=solver.FIRST, on_step=steps.append)
    assert steps, "show the search needs steps"
    state = base
    for step in steps[:20000]:
        if step.move is not None:
            state = kind.apply(state, step.move)


@pytest.mark.parametrize("kind_name", KINDS)
def test_generated_puzzle_loads_and_solves(kind_name):
    kind = registry.get(kind_name)
    params = {p.name: p.default for p in kind.parameters()}
    state = kind.generate(params, seed=7)
    again = kind.decode(json.loads(json.dumps(kind.encode(state))))
    assert again == state
    assert kind.generate(params, seed=7) == state  # same seed, same puzzle
    result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.FIRST)
    assert result.status == solver.SOLVED


@pytest.mark.parametrize("kind_name", KINDS)
def test_cli_solves_the_first_builtin(kind_name):
    name = next(b.name for b in files.builtins() if b.kind == kind_name)
    run = subprocess.run(
        [sys.executable, "-m", "puzzlegui", "solve", name, "--json"], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["kind"] == kind_name and data["count"] >= 1 and data["solutions"]


# --- malformed input: a sentence, never a traceback ----------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda c: st.lists(c, max_size=6) | st.dictionaries(st.text(max_size=10), c, max_size=6),
    max_leaves=30,
)


def mutations(section: dict):
    """A real puzzle section with one field replaced, dropped, or its list cut short."""
    keys = sorted(section)
    return st.one_of(
        st.builds(lambda k, v: {**section, k: v}, st.sampled_from(keys), json_values),
        st.builds(lambda k: {x: y for x, y in section.items() if x != k}, st.sampled_from(keys)),
        st.builds(
            lambda k, n: {**section, k: section[k][:n]} if isinstance(section[k], (list, str)) else section,
            st.sampled_from(keys),
            st.integers(0, 5),
        ),
        st.builds(lambda k, n: {**section, k: n}, st.sampled_from(keys), st.integers(-5, 10**9)),
        json_values.filter(lambda v: not isinstance(v, dict)).map(lambda v: {"grid": v}),
    )


@pytest.mark.parametrize("kind_name", KINDS)
def test_malformed_puzzle_sections_get_a_sentence(kind_name):
    kind = registry.get(kind_name)
    section = kind.encode(first_builtin(kind_name).state)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutations(section))
    def check(data):
        try:
            state = kind.decode(data)
        except PuzzleError as exc:
            assert str(exc).strip()
        else:
            assert kind.decode(kind.encode(state)) == state

    check()


@pytest.mark.parametrize("kind_name", KINDS)
def test_malformed_game_ids_and_text_get_a_sentence(kind_name):
    kind = registry.get(kind_name)

    @settings(max_examples=150, deadline=None)
    @given(st.one_of(st.text(max_size=80), st.from_regex(r"[0-9]{1,6}x[0-9]{1,6}[a-z]{0,3}:[A-Za-z0-9,.]{0,40}", fullmatch=True)))
    def check(text):
        for parse in (kind.parse_game_id, kind.parse_text):
            try:
                parse(text)
            except PuzzleError as exc:
                assert str(exc).strip()

    check()


@pytest.mark.parametrize("kind_name", KINDS)
def test_huge_sizes_are_refused_quickly_with_the_limit(kind_name):
    kind = registry.get(kind_name)
    for text in ("100000x100000:a", "99999x3:", "-4x-4:"):
        with pytest.raises(PuzzleError):
            kind.parse_game_id(text)


# --- unsolvable boards end with "no solution", exhaustively and quickly ----------------
def _tracks_unsolvable():
    section = registry.get("tracks").encode(files.load_builtin("tracks-mums-2008").state)
    section["columns"] = list(section["columns"])
    section["columns"][0] += 1  # the totals still agree, so only the search can tell
    section["columns"][15] -= 1
    return section


UNSOLVABLE = {
    "tracks": _tracks_unsolvable,
    "kurosu": lambda: {"width": 4, "height": 4, "unique": False, "grid": ["1.1.", "1.1.", "1...", "...."]},
    "strips": lambda: {"width": 5, "height": 5, "grid": ["bwbwb", "wbwbw", "bwbwb", "wbwbw", "bwbwb"], "strips": "at most: len1-3"},
}


@pytest.mark.parametrize("kind_name", sorted(UNSOLVABLE))
def test_unsolvable_board_reports_no_solution(kind_name, capsys, tmp_path):
    kind = registry.get(kind_name)
    state = kind.decode(UNSOLVABLE[kind_name]())
    result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.ALL)
    assert result.status == solver.NO_SOLUTION and result.complete
    assert kind.describe_result(result).startswith("No ")
    # the command line says so with exit status 1, not as an error
    from puzzlegui.cli import main

    path = tmp_path / "unsolvable.json"
    path.write_text(json.dumps({"kind": kind_name, "puzzle": UNSOLVABLE[kind_name]()}))
    assert main(["solve", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["count"] == 0


@pytest.mark.parametrize("kind_name", KINDS)
def test_cli_exits_2_with_a_sentence_on_malformed_input(kind_name, capsys, tmp_path):
    from puzzlegui.cli import main

    bad_file = tmp_path / "bad.json"
    bad_file.write_text(json.dumps({"kind": kind_name, "puzzle": {"width": -3}}))
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(bytes(range(256)) * 4)
    for argv in (
        ["solve", str(bad_file)],
        ["check", str(garbage)],
        ["solve", f"{kind_name}:999999x999999:abc"],
        ["solve", "x" * 5000, "--kind", kind_name],
        ["check", str(bad_file), "--kind", kind_name],
    ):
        code = main(argv)
        err = capsys.readouterr().err
        assert code == 2, (argv, err)
        assert err.startswith("puzzlegui: ") and "Traceback" not in err and len(err) < 2000


def test_the_registry_knows_every_kind_title_without_importing_it():
    from puzzlegui.core import registry

    for name in registry.names():
        assert registry.title(name) == registry.get(name).title


@pytest.mark.parametrize("name", ["tracks", "rotation", "kurosu", "strips", "demo"])
def test_every_kind_gives_the_front_end_what_gui_kinds_declares(qapp, demo_kind, name):
    """The one lookup (gui/kinds.py) finds each kind's Board and Editor, and each has
    everything the window calls; the demo kind, registered by the tests alone, too: a
    kind needs no change in gui/."""
    from puzzlegui.core import registry
    from puzzlegui.gui import kinds
    from puzzlegui.qtkit.board import BoardWidget

    kind = registry.get(name)
    board = kinds.board_class(name)(kind)
    assert isinstance(board, BoardWidget)
    assert all(hasattr(board, member) for member in kinds.BOARD_CONTRACT)
    editor = kinds.editor_class(name)
    if name == "demo":
        assert editor is None  # entered as text: the dialog has no Board tab
    else:
        assert all(hasattr(editor, member) for member in kinds.EDITOR_CONTRACT)
    board.deleteLater()
