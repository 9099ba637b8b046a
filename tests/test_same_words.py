"""One solve pipeline (core/solving.py) behind the window and the command line: the same
puzzle, asked the same question, gets the same sentence in both.  The real window's solver
panel and the real command line (in process)."""

import re

import pytest

from puzzlegui.cli import main
from puzzlegui.core import solver

THREE_X = "kurosu:6x6:AAAzi"  # row 1 starts with three given X


def cli_sentence(capsys, *argv) -> str:
    main(list(argv))
    return capsys.readouterr().out.splitlines()[0]


def window_sentence(qtbot, window, source, mode) -> str:
    assert window.open_source(source)
    window.solve()  # the panel exists from here on
    window.stop_solving()
    qtbot.waitUntil(lambda: not window.job.is_running(), timeout=10000)
    window.panel.set_mode(mode)
    window.panel.set_show("solution")
    with qtbot.waitSignal(window.solveFinished, timeout=60000):
        window.solve()
    return window.panel.result_label.full_text()


def same(a: str, b: str) -> bool:
    """Equal but for the search's own figures (nodes and time differ run to run)."""
    figures = re.compile(r"\d[\d,]* nodes?, [\d.]+ m?s")
    return figures.sub("N", a) == figures.sub("N", b)


@pytest.mark.parametrize("mode, flag", [(solver.UNIQUE, None), (solver.ALL, "--all"), (solver.FIRST, "--first")])
def test_a_puzzle_with_two_solutions_is_described_alike(qtbot, window, capsys, demo_kind, mode, flag):
    source = "demo:000/1?1"
    in_window = window_sentence(qtbot, window, source, mode)
    on_the_command_line = cli_sentence(capsys, "solve", source, *([flag] if flag else []))
    assert same(in_window, on_the_command_line), (in_window, on_the_command_line)
    if mode != solver.FIRST:
        assert in_window.startswith("Exactly 2 solutions")  # counted, not "at least 2"


def test_givens_that_break_a_rule_are_described_alike(qtbot, window, capsys):
    in_window = window_sentence(qtbot, window, THREE_X, solver.ALL)
    on_the_command_line = cli_sentence(capsys, "solve", THREE_X, "--all")
    assert in_window == on_the_command_line
    assert in_window.startswith("No solution: the puzzle as given cannot be solved.") and "3 X in a row" in in_window
