"""`puzzlegui analyse`: the setter's analysis on the command line, as sentences and JSON."""

import json

from puzzlegui import cli


def test_many_solutions_in_sentences(capsys):
    assert cli.main(["analyse", "tracks-mums-2008"]) == 1
    out = capsys.readouterr().out
    assert "Exactly 2 solutions." in out
    assert "Two of them differ at 6 cells: column 9, row 2;" in out
    assert "Suggested given: the piece at column 9, row 2" in out and "exactly one solution" in out


def test_unique_board_with_grade_and_redundant_givens(capsys):
    assert cli.main(["analyse", "kurosu-dm-2018-06-01", "--time-limit", "20"]) == 0
    out = capsys.readouterr().out
    assert "Exactly one solution." in out
    assert "Difficulty: normal (Tatham's Normal); hardest deduction: window." in out
    assert "Normal means Tatham's Normal adds windows" in out
    assert "Redundant givens (each can go and the answer stays unique): O at column 1, row 2;" in out


def test_json(capsys):
    assert cli.main(["analyse", "mystery-box", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "rotation"
    assert data["extra"] == {"moves": 10, "proven": True, "lower_bound": 10, "shortest_count": 5}
    assert cli.main(["analyse", "tracks-mums-2008", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["count"], data["exact"], data["suggestion_count"]) == (2, True, 1)
    assert data["suggestion"]["key"] == ["piece", 8, 1]


def test_no_solution_from_a_file(tmp_path, capsys):
    path = tmp_path / "none.txt"
    path.write_text("bwb\nbww\n\nexactly: bbw wwb\n")
    assert cli.main(["analyse", str(path), "--kind", "strips"]) == 1
    out = capsys.readouterr().out
    assert "No decomposition." in out
    assert "No strip that is left fits here." in out


def test_bad_input_is_a_sentence(capsys):
    assert cli.main(["analyse", "tracks-mums-2008", "--time-limit", "0"]) == 2
    assert "--time-limit must be" in capsys.readouterr().err
    assert cli.main(["analyse", "no-such-puzzle"]) == 2
    assert "is not a file or a puzzle: it was tried as" in capsys.readouterr().err
