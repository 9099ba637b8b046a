"""kind.count_solutions: every decomposition counted without listing them (count.py's
sweep run forwards), which is what `solve --all` and the window's "Count all" ask for
once the decompositions outnumber --max / "At most".

Counts are checked against the slow obvious enumerator of test_strips_count and against
a full listing by the kind's own solve, on sets the listing engine sweeps (count.suits)
and sets it searches, "exactly" and "at most", with and without strips already cut.
"""

import json
import random
from pathlib import Path

import pytest

from puzzlegui.cli import main
from puzzlegui.core import solver as core_solver
from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.strips import KIND, count, model
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import parse_set
from test_count_fast import _cut_from
from test_strips_count import reference_decompositions

SEED_FILE = Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "strips" / "strips-mums-2010-01.json"
SEED_GRID = tuple(json.loads(SEED_FILE.read_text())["puzzle"]["grid"])
DATA = json.loads((Path(__file__).parent / "data" / "boards.json").read_text())

#: "at most" sets, some the listing sweeps (suits) and some it leaves to the search
AT_MOST = (
    "at most: len1-3",  # the seed's rule: eleven patterns once each
    "at most: len2*2 b w",
    "at most: len1*2 len4-5",  # 32 patterns
    "at most: len1-3*2",
    "at most: len4*2 len1*8",
)
#: exact sets and a size whose cells they fill (boards are cut from the set's strips)
EXACT = (
    ("exactly: len1*2 len2", (5, 2)),
    ("exactly: len1*4 len2*2", (5, 4)),
    ("exactly: len2*3", (6, 3)),
    ("exactly: b*2 w len3", (7, 3)),
    ("exactly: len1*2 len2-3", (4, 7)),
)


def listed(state) -> int:
    """How many decompositions the kind's solve lists when nothing stops it."""
    result = run(KIND.solve(state), mode=ALL, max_solutions=None, keep=0)
    assert result.complete
    return result.count


def agree(colours, text) -> int:
    strips = parse_set(text)
    state = make_state(colours, strips)
    expected = len(reference_decompositions(colours, strips))
    assert KIND.count_solutions(state) == expected == listed(state), (colours, text)
    return expected


@pytest.mark.parametrize("text", AT_MOST)
def test_counts_agree_with_brute_force_on_random_boards(text):
    rng = random.Random("count " + text)
    counts = []
    for _ in range(10):
        cols, rows = rng.randint(1, 4), rng.randint(1, 4)
        counts.append(agree(tuple("".join(rng.choice("bw") for _ in range(cols)) for _ in range(rows)), text))
    assert max(counts) > 1  # not only boards with no or one decomposition


@pytest.mark.parametrize("text, size", EXACT)
def test_counts_agree_with_brute_force_on_boards_cut_from_exact_sets(text, size):
    rng = random.Random("count " + text)
    counts = [agree(colours, text) for colours in (_cut_from(rng, *size, parse_set(text)) for _ in range(3)) if colours]
    assert counts and min(counts) >= 1


@pytest.mark.parametrize(
    "colours, text",
    [
        (SEED_GRID, "at most: len1 len2*2 len3"),  # 847, a set the listing searches
        (SEED_GRID, "at most: len1*3 len2-3"),  # 2,204
        (("wwbwbw", "bwwbbw", "wbbwwb", "bwbwbb", "wwbbwb", "bbwwbw"), "at most: len2-3*2"),  # swept
        (("wwww", "wwww", "wwww"), "at most: len1*4 len2*4 len3*2"),  # one colour: copies interchange
    ],
)
def test_counts_agree_with_a_full_listing_on_boards_with_many_decompositions(colours, text):
    state = make_state(colours, parse_set(text))
    total = listed(state)
    assert total > 100
    assert KIND.count_solutions(state) == total


def test_counts_keep_the_strips_already_cut():
    """As solve does: the player's strips stay, so only the decompositions that have
    them count; a strip no decomposition has leaves none."""
    rng = random.Random(29)
    checked = wrong = 0
    for _ in range(60):
        text = rng.choice(AT_MOST)
        strips = parse_set(text)
        cols, rows = rng.randint(2, 4), rng.randint(2, 4)
        colours = tuple("".join(rng.choice("bw") for _ in range(cols)) for _ in range(rows))
        expected = reference_decompositions(colours, strips)
        if len(expected) < 2:
            continue
        one = sorted(rng.choice(expected), key=sorted)
        keep = rng.sample(one, k=min(2, len(one)))
        state = with_pieces(make_state(colours, strips), [model.spelled(colours, tuple(sorted(c))) for c in keep])
        wanted = sum(all(c in d for c in keep) for d in expected)
        assert KIND.count_solutions(state) == wanted == listed(state), (colours, text, keep)
        # a strip that is in no decomposition, though it fits the grid
        cuts = {c for d in expected for c in d}
        stray = next((p for p in model.placements(colours, strips) if frozenset(p[1]) not in cuts), None)
        if stray is not None:
            state = with_pieces(make_state(colours, strips), [stray])
            assert KIND.count_solutions(state) == 0 == listed(state)
            wrong += 1
        checked += 1
    assert checked >= 10 and wrong >= 3


def test_a_grid_the_set_cannot_cover_counts_none():
    state = make_state(("wbw",), parse_set("exactly: len2"))  # 3 cells, strips of 2
    assert model.fit_problem(state)
    assert KIND.count_solutions(state) == 0 == listed(state)


class StopAt:
    """should_stop that says stop from its ``k``-th call on (never, for None)."""

    def __init__(self, k=None):
        self.k, self.calls = k, 0

    def __call__(self):
        self.calls += 1
        return self.k is not None and self.calls >= self.k


def test_a_count_asks_should_stop_regularly_and_ends_when_told():
    state = make_state(SEED_GRID, parse_set("at most: len1-3*2"))  # 123,052 (brute force agrees)
    asked = StopAt()
    assert KIND.count_solutions(state, should_stop=asked) == 123_052
    assert asked.calls >= 20  # regularly, not once at the start or the end
    for k in (1, 3, asked.calls // 2):
        stop = StopAt(k)
        assert KIND.count_solutions(state, should_stop=stop) is None
        assert stop.calls == k  # nothing more after it said stop


def test_core_count_all_uses_the_counter_and_honours_stop():
    """What `solve --all` and Count all do past their limit: the exact total, or, when
    stopped, the listing's result unchanged."""
    state = make_state(SEED_GRID, parse_set("at most: len1*3 len2-3"))
    result = run(KIND.solve(state), mode=ALL, max_solutions=100)
    assert result.count == 100 and not result.complete
    assert not core_solver.count_all(KIND, state, result, should_stop=StopAt(1))
    assert result.count == 100 and not result.complete and not result.counted
    assert core_solver.count_all(KIND, state, result)
    assert result.count == 2204 and result.complete and result.counted and len(result.solutions) == 100


def test_a_board_beyond_the_memo_limit_is_not_counted():
    """issue 13's 12x12 board of `exactly: len1*2 len4-5` (4 decompositions, which the
    search lists): with 32 patterns once each the waiting frontiers outgrow MEMO_LIMIT,
    so the count gives up (None) by itself, without being told to stop."""
    state = make_state(DATA["issue_boards"][0], parse_set("exactly: len1*2 len4-5"))
    guard = StopAt(5_000)  # ends the count if the limit failed to (it asks some 600 times)
    assert KIND.count_solutions(state, should_stop=guard) is None
    assert guard.calls < guard.k
    assert count.count(state, limit=10) is None  # the limit is what ended it


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_solve_all_beyond_max_counts_the_exact_total(capsys, tmp_path):
    """`puzzlegui solve FILE --all --max N` on a real grid (the seed's grid 1 under a
    looser strip set) with more than N decompositions: N are listed, all are counted."""
    puzzle = json.loads(SEED_FILE.read_text())
    puzzle["puzzle"]["strips"] = "at most: len1 len2*2 len3"
    path = tmp_path / "loose.json"
    path.write_text(json.dumps(puzzle))
    total = listed(make_state(SEED_GRID, parse_set("at most: len1 len2*2 len3")))
    assert total == 847
    code, out, err = cli(capsys, "solve", str(path), "--all", "--max", "100", "--json")
    data = json.loads(out)
    assert code == 0, err
    assert data["count"] == total and data["complete"] is True and data["counted"] is True
    assert len(data["solutions"]) == 100 and data["listed"] == 100
    code, out, _ = cli(capsys, "solve", str(path), "--all", "--max", "100")
    assert code == 0 and "All 847 were counted without listing them" in out and "the first 100" in out
    # within --max the search itself is complete: no count needed
    code, out, _ = cli(capsys, "solve", str(path), "--all", "--max", "1000", "--json")
    data = json.loads(out)
    assert data["count"] == total and data["complete"] is True and "counted" not in data
