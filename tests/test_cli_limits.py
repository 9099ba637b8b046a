"""The command line as a real process: time limits, Ctrl+C, exit statuses, honest
"no solution" sentences and input echoed safely.  Nothing here waits a fixed time:
processes are read until they print what the test waits for."""

import json
import os
import signal
import subprocess
import sys

import pytest

EMPTY_8X8 = "kurosu:8x8:zzo"  # every balanced 8x8 grid: millions of solutions
HUGE_UNIQUE = "kurosu:40x40u:" + "z" * 64 + "a"  # one given O: the search runs for minutes
THREE_X = "kurosu:6x6:AAAzi"  # row 1 starts with three given X
LONG_COUNT = ("solve", EMPTY_8X8, "--all", "--max", "100000000")


def cli(*argv, timeout=300):
    run = subprocess.run(
        [sys.executable, "-m", "puzzlegui", *argv], capture_output=True, text=True, timeout=timeout
    )
    assert "Traceback" not in run.stdout + run.stderr
    return run


@pytest.fixture
def too_white(tmp_path):
    """A well-formed 5x5 Black and White board with 17 white cells: the seed's strips
    hold at most 13 white cells, so it has no decomposition."""
    path = tmp_path / "too-white.json"
    grid = ["wwwww", "wwwww", "wwwww", "wwbbb", "bbbbb"]
    path.write_text(json.dumps({"kind": "strips", "title": "Too white", "puzzle": {"grid": grid}}))
    return str(path)


# --- time limits ------------------------------------------------------------------------
def test_time_limit_ends_a_long_count_and_keeps_what_it_found():
    run = cli(*LONG_COUNT, "--time-limit", "1", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["count"] > 0 and data["complete"] is False and data["stopped"] == "time limit"
    assert len(data["solutions"]) == min(data["count"], 100)  # the first 100 are listed
    assert data.get("listed", data["count"]) == len(data["solutions"])
    assert "Stopped at the time limit of 1 s" in run.stderr and "found so far" in run.stderr


def test_time_limit_without_a_solution_is_not_called_no_solution():
    run = cli("solve", HUGE_UNIQUE, "--time-limit", "0.5")
    assert run.returncode == 1, run.stderr
    assert "Stopped at the time limit of 0.5 s" in run.stdout
    assert "no solution found within the time limit" in run.stdout
    assert "No solution:" not in run.stdout and "exhaustive" not in run.stdout


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "soon"])
def test_a_bad_time_limit_is_bad_input(value):
    run = cli("solve", THREE_X, "--time-limit", value)
    assert run.returncode == 2 and "--time-limit" in run.stderr


def test_generate_gives_up_at_its_time_limit():
    # a hard 40x40 Kurosu takes the generator far longer than 0.2 s
    run = cli("generate", "kurosu", "--width", "40", "--height", "40", "--difficulty", "hard",
              "--seed", "1", "--time-limit", "0.2")
    assert run.returncode == 1, run.stderr
    assert run.stdout == ""
    assert "No Kurosu puzzle was made within the time limit of 0.2 s" in run.stderr


def test_generate_within_its_time_limit_prints_the_puzzle():
    run = cli("generate", "kurosu", "--width", "6", "--height", "6", "--seed", "2", "--time-limit", "120")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["kind"] == "kurosu"


# --- Ctrl+C -----------------------------------------------------------------------------
def interrupt_when(argv, marker):
    """Start the CLI, read its stderr until a line contains ``marker``, press Ctrl+C
    (SIGINT), and return (status, stdout, stderr)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlegui", *argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    seen = []
    try:
        for line in proc.stderr:
            seen.append(line)
            if marker in line:
                break
        assert any(marker in line for line in seen), "".join(seen)
        os.kill(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = "".join(seen) + err
    assert "Traceback" not in out + err
    return proc.returncode, out, err


def test_ctrl_c_keeps_the_solutions_found():
    status, out, err = interrupt_when([*LONG_COUNT, "--json", "--progress"], "solution so far")
    assert status == 0, err
    data = json.loads(out)
    assert data["count"] > 0 and data["complete"] is False and data["stopped"] == "interrupted"
    assert data["solutions"] and len(data["solutions"]) <= 100
    assert "Interrupted. Stopped:" in err


def test_ctrl_c_before_any_solution_exits_1_and_says_so():
    status, out, err = interrupt_when(["solve", HUGE_UNIQUE, "--progress"], "searching:")
    assert status == 1, err
    assert out.startswith("Interrupted. Stopped: no solution found yet")


# --- exit statuses and honest sentences --------------------------------------------------
def test_a_board_the_strips_cannot_hold_has_no_solution(too_white):
    run = cli("solve", too_white, "--json")
    assert run.returncode == 1, run.stderr
    data = json.loads(run.stdout)
    assert data["count"] == 0 and data["complete"] is True
    assert "17 white cells but the strips hold at most 13" in data["reason"]
    run = cli("solve", too_white)
    assert run.returncode == 1 and run.stdout.startswith("No solution: the puzzle as given cannot be solved.")
    run = cli("check", too_white)
    assert run.returncode == 1
    assert run.stdout.startswith('Cannot be solved: strips puzzle "Too white" is well-formed')
    assert "17 white cells" in run.stdout


def test_givens_that_break_a_rule_are_reported_by_check_and_solve():
    run = cli("check", THREE_X)
    assert run.returncode == 1 and "breaks a rule. Row 1: 3 X in a row." in run.stdout
    run = cli("solve", THREE_X)
    assert run.returncode == 1 and "Row 1: 3 X in a row." in run.stdout


def test_check_reports_mistakes_in_the_saved_progress(tmp_path):
    path = tmp_path / "mistake.json"
    # 6x6 empty board; the player put X in the first three cells of row 2
    path.write_text(json.dumps({
        "kind": "kurosu", "puzzle": {"width": 6, "height": 6, "grid": ["......"] * 6},
        "progress": [["set", 0, 1, 1], ["set", 1, 1, 1], ["set", 2, 1, 1]],
    }))
    run = cli("check", str(path))
    assert run.returncode == 1, run.stderr + run.stdout
    assert "saved progress breaks a rule. Row 2: 3 X in a row." in run.stdout


@pytest.mark.parametrize(
    "argv, status",
    [
        (("check", "kurosu-dm-2018-06-01"), 0),
        (("solve", "kurosu-dm-2018-06-01"), 0),
        (("solve", "kurosu:6x6:zzzz"), 2),  # runs past the end: not a Kurosu game ID
        (("check", "tracks:nonsense"), 2),
    ],
)
def test_exit_statuses(argv, status):
    run = cli(*argv)
    assert run.returncode == status, run.stdout + run.stderr
    if status == 2:
        assert run.stderr.startswith("puzzlegui: ") and run.stderr.strip().endswith(".")


# --- input echoed safely -------------------------------------------------------------------
def test_control_characters_in_input_are_escaped(tmp_path):
    run = cli("check", "kurosu:\x1b[31m6x6:zl")
    assert run.returncode == 2
    assert "\x1b" not in run.stderr and "\\x1b[31m" in run.stderr
    path = tmp_path / "title.json"
    path.write_text(json.dumps({
        "kind": "kurosu", "title": "red\x1b[31m\u202ealert\x9b", "puzzle": {"width": 4, "height": 4, "grid": ["...."] * 4},
    }))
    run = cli("check", str(path))
    assert run.returncode == 0
    assert "red" in run.stdout and "alert" in run.stdout  # the title is shown, made safe
    assert not any(ch in run.stdout for ch in "\x1b\u202e\x9b")
    run = cli("solve", THREE_X, "--max", "\x07")
    assert run.returncode == 2 and "\\x07" in run.stderr and "\x07" not in run.stderr


# --- out of memory -------------------------------------------------------------------------
def test_running_out_of_memory_is_a_sentence_and_status_1(tmp_path):
    """An open 30x30 Tracks board has too many solutions to count in 300 MB of address
    space (`ulimit -v 300000`): the search's MemoryError ends in one sentence.  Nothing here
    depends on the machine: the time limit is the largest there is, so however slowly a loaded
    machine searches, the memory runs out first (after about 3 s of CPU, where the default
    10 s limit once ended a loaded run first, with status 0), and numpy's BLAS is kept to one
    thread (its buffers grow with the number of cores, and count against the limit)."""
    path = tmp_path / "open-30x30.json"
    path.write_text(json.dumps({"kind": "tracks", "puzzle": {
        "width": 30, "height": 30, "columns": [None] * 30, "rows": [None] * 30,
        "start": {"cell": [0, 0], "edge": "left"}, "finish": {"cell": [29, 29], "edge": "bottom"},
    }}))
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (300_000 * 1024, resource.RLIM_INFINITY))\n"
        "from puzzlegui.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    from puzzlegui.cli import MAX_TIME_LIMIT

    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    run = subprocess.run([sys.executable, "-c", code, "solve", str(path), "--all",
                          "--time-limit", str(MAX_TIME_LIMIT)], capture_output=True, text=True, env=env,
                         timeout=3600)  # only a bound on a hung run, never reached by a slow one
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.strip() == (
        "puzzlegui: Out of memory while solving; try a smaller --max or a --time-limit, or leave out --all."
    )


@pytest.mark.parametrize("argv, attribute, what", [
    (("generate", "kurosu", "--seed", "1"), "generate", "Out of memory while generating;"),
    (("hint", "kurosu-dm-2018-06-01"), "hint", "Out of memory while looking for a hint;"),
    (("check", "kurosu-dm-2018-06-01"), "check", "Out of memory while checking;"),
])
def test_out_of_memory_in_any_command_is_its_sentence(monkeypatch, capsys, argv, attribute, what):
    from puzzlegui import cli
    from puzzlegui.core import registry

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(registry.get("kurosu"), attribute, exhausted)
    assert cli.main(list(argv)) == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"puzzlegui: {what} try ") and err.endswith(".\n") and err.count("\n") == 1


# --- hint and check --against-solution take --time-limit -------------------------------------
def test_hint_stops_at_its_time_limit_and_says_so():
    run = cli("hint", HUGE_UNIQUE, "--time-limit", "0.5")
    assert run.returncode == 1, run.stderr
    assert run.stdout == "No hint found within 0.5 s; try a longer --time-limit.\n"
    run = cli("hint", HUGE_UNIQUE, "--time-limit", "0.5", "--json")
    assert run.returncode == 1, run.stderr
    data = json.loads(run.stdout)
    assert data["move"] is None and data["stopped"] == "time limit" and "within 0.5 s" in data["text"]
    run = cli("hint", THREE_X, "--time-limit", "0")
    assert run.returncode == 2 and "--time-limit must be" in run.stderr


def test_hint_within_its_time_limit_is_the_hint():
    run = cli("hint", "kurosu-dm-2018-06-01", "--time-limit", "120")
    assert run.returncode == 0 and run.stdout.count("\n") == 2 and "\nmove: " in run.stdout


def test_check_against_solution_stops_at_its_time_limit_and_exits_1(tmp_path):
    """The saved entries of a 40x40 board one search takes most of a second to judge:
    within 0.01 s none is decided, and that is said, not "no mistakes"."""
    from puzzlegui.core import files, registry

    kurosu = registry.get("kurosu")
    data = json.loads(files.dumps(files.PuzzleDoc(kurosu, kurosu.parse_game_id(HUGE_UNIQUE.split(":", 1)[1]))))
    data["progress"] = [["set", 5, 5, 1], ["set", 6, 5, 1]]
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))
    run = cli("check", str(path), "--against-solution", "--time-limit", "0.01")
    assert run.returncode == 1, run.stderr
    assert "2 entries were not decided within the time limit of 0.01 s." in run.stdout
    assert run.stdout.rstrip().endswith("A longer --time-limit may decide them.")
    run = cli("check", str(path), "--against-solution", "--time-limit", "nan")
    assert run.returncode == 2 and "--time-limit must be" in run.stderr
