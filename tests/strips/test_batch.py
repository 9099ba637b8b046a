"""The batched search (batch.py) against the slow brute-force reference.

The reference (test_strips_count.reference_decompositions) knows nothing of bitboards,
forced strips, the hole budget or the pair rule: the first uncut cell in reading order
starts every strip that fits there.  On small random boards, boards painted from the
set's own strips (many decompositions) and boards with strips already cut, the batched
search must find exactly the reference's decompositions, each once, whatever its pool
size; and solve() must hand over from Algorithm X to it without losing or repeating a
decomposition.
"""

import json
import random
from pathlib import Path

import pytest

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import ALL, Found, Progress, run
from puzzlegui.kinds.strips import KIND, batch, model, solver
from puzzlegui.kinds.strips.model import make_state, with_pieces
from puzzlegui.kinds.strips.stripset import parse_set
from test_count_fast import _cut_from
from test_strips_count import reference_decompositions

SETS = (
    "at most: len1-3",
    "exactly: len1*2 len2",
    "at most: len2*2 b w",
    "exactly: len1*4 len2*2",
    "at most: len1*2 len4-5",
    "exactly: len1*3 len2",
    "at most: len1*3 len2-3*2",
    "exactly: b*3 w*3 ww*2 bb*2 wb*2 len3",
    "at most: len4*2 len1*8",
    "at most: b w len2-3",
    "exactly: len2-3",
    "at most: len2-4",
    "exactly: len1*2 len2-3",
    "exactly: len3*2",
    "at most: len2*3",
    "exactly: w*3 b len2*2",
)


def as_cells(solution):
    return frozenset(frozenset(cells) for _, cells in solution)


def batched(state, pool=batch.POOL):
    """Every decomposition the batched search finds, as cell sets (None: no plans)."""
    plans = solver.Search(state).plans()
    if plans is None:
        return None
    events = list(batch.BatchSearch(state, plans, pool=pool).run())
    assert type(events[0]) is Progress and type(events[-1]) is Progress
    return [as_cells(e.solution) for e in events if type(e) is Found]


def check(colours, text, pool=batch.POOL, pieces=()):
    strips = parse_set(text)
    state = make_state(colours, strips)
    expected = set(reference_decompositions(colours, strips))
    if pieces:
        state = with_pieces(state, pieces)
        keep = [frozenset(cells) for _, cells in pieces]
        expected = {d for d in expected if all(c in d for c in keep)}
    got = batched(state, pool)
    if got is None:
        return None
    assert len(got) == len(set(got)), (colours, text)  # none twice
    assert set(got) == expected, (colours, text)
    return len(expected)


def board(rng, cols, rows):
    return tuple("".join(rng.choice("bw") for _ in range(cols)) for _ in range(rows))


@pytest.mark.parametrize("chunk", range(3))
def test_random_boards_agree_with_the_reference(chunk):
    rng = random.Random(900 + chunk)
    counts = []
    for _ in range(40):
        got = check(board(rng, rng.randint(1, 5), rng.randint(1, 4)), rng.choice(SETS))
        if got is not None:
            counts.append(got)
    assert len(counts) > 20 and max(counts) > 1


@pytest.mark.parametrize("pool", [1, 3, 16])
def test_small_pools_find_the_same(pool):
    """Positions beyond the pool wait on the stack; a pool of one is a plain
    depth-first search.  The answers do not depend on it."""
    rng = random.Random(77 + pool)
    for _ in range(12):
        check(board(rng, rng.randint(2, 5), rng.randint(2, 4)), rng.choice(SETS), pool=pool)


@pytest.mark.parametrize(
    "text, size",
    [
        ("exactly: len1*2 len2-3", (4, 7)),
        ("exactly: len1*3 len2*2", (6, 3)),
        ("at most: len1*3 len2-3", (4, 4)),
        ("exactly: b w len3", (5, 4)),
        ("exactly: w*3 b len2*2", (4, 4)),
        ("exactly: b*2 w len3", (7, 3)),
    ],
)
def test_boards_cut_from_the_set_agree(text, size):
    """Painted from the set's own strips: always a decomposition, often several (1x1s
    trading places with longer strips, which is where the hole budget works)."""
    strips = parse_set(text)
    rng = random.Random("batch " + text)
    counts = []
    for _ in range(2):
        colours = _cut_from(rng, *size, strips)
        if colours is not None:
            counts.append(check(colours, text))
    assert counts and None not in counts and min(counts) >= 1


def test_strips_already_cut_are_kept():
    rng = random.Random(31)
    checked = 0
    for _ in range(120):
        text = rng.choice(SETS)
        strips = parse_set(text)
        colours = board(rng, rng.randint(2, 4), rng.randint(2, 4))
        expected = reference_decompositions(colours, strips)
        if not expected:
            continue
        some = sorted(rng.choice(expected), key=sorted)
        keep = rng.sample(some, k=min(2, len(some)))
        pieces = [model.spelled(colours, tuple(sorted(cells))) for cells in keep]
        if check(colours, text, pieces=pieces) is not None:
            checked += 1
    assert checked >= 10


def test_long_strips_use_wider_lanes():
    """Strips 6 long on a 12-wide grid need 17 bits a row: 32-bit lanes."""
    text = "at most: bwwbwb bwbwbw*2 wbbwbw wbbwb bwwb w*4 b*4"
    state = make_state(("bwwbwbbwbwbw", "wbbwbwwbwbwb"), parse_set(text))
    assert batch.Board(state, solver.Search(state).plans()).lane_bits == 32
    assert check(state.colours, text) > 1


def test_a_long_wait_narrows_the_pool(monkeypatch):
    monkeypatch.setattr(batch, "WAIT_LIMIT", 5)
    monkeypatch.setattr(batch, "NARROW_POOL", 2)
    rng = random.Random(5)
    text = "exactly: w*3 b len2*2"
    counts = [check(_cut_from(rng, 4, 4, parse_set(text)), text, pool=8) for _ in range(2)]
    assert min(counts) > 100


@pytest.mark.parametrize("switch, per_found", [(0, 0), (3, 1), (25, 0)])
def test_solve_hands_over_without_losing_or_repeating(monkeypatch, switch, per_found):
    """With the hand-over forced early (after a few nodes of Algorithm X, some
    decompositions found or none), solve() still reports each decomposition once: the
    batched search takes exactly the subtrees the first search had not entered."""
    monkeypatch.setattr(solver, "SWITCH_NODES", switch)
    monkeypatch.setattr(solver, "SWITCH_PER_FOUND", per_found)
    monkeypatch.setattr(solver, "sweep_suits", lambda state: False)  # no sweep: search, then batch
    monkeypatch.setattr(solver.Search, "__init__", _reporting_often(solver.Search.__init__))
    started = []

    class Counted(batch.BatchSearch):
        def run(self):
            started.append(self)
            return super().run()

    monkeypatch.setattr(solver, "BatchSearch", Counted)
    rng = random.Random(switch)
    for text, size in (("exactly: len1*3 len2*2", (6, 3)), ("exactly: w*3 b len2*2", (4, 4)),
                       ("exactly: b*2 w len3", (7, 3)), ("at most: len1*2 len2*2", (4, 4))):
        strips = parse_set(text)
        for _ in range(2):
            colours = _cut_from(rng, *size, strips) if strips.exact else board(rng, *size)
            if colours is None:
                continue
            state = make_state(colours, strips)
            result = run(KIND.solve(state), mode=ALL, max_solutions=None, keep=None)
            got = [as_cells(s) for s in result.solutions]
            expected = set(reference_decompositions(colours, strips))
            assert len(got) == len(set(got)) and set(got) == expected, (colours, text)
            assert solver.count(state) == len(expected)
    assert len(started) >= 12  # the batched search did take over


def _reporting_often(init):
    def patched(self, state):
        init(self, state)
        self.progress_every = 1  # a Progress event after every node: the switch is exact

    return patched


#: issue 13's board with four decompositions, and a 16x16 grid cut from ``exactly: len4
#: len6`` (the boards benchmarks/bench_strips.py counts too)
_BOARDS = json.loads((Path(__file__).parent / "data" / "boards.json").read_text())
FOUR = tuple(_BOARDS["issue_boards"][0])
BIG = tuple(_BOARDS["big_boards"][0])


def test_an_issue_board_is_counted_by_the_batched_search():
    """The 12x12 board of issue 13 with four decompositions: the batched search finds
    all four, and they are real decompositions."""
    strips = parse_set("exactly: len1*2 len4-5")
    state = make_state(FOUR, strips)
    result = run(KIND.solve(state), mode=ALL, max_solutions=None)
    assert result.complete and result.count == 4
    for solution in result.solutions:
        done = state
        for pattern, cells in solution:
            done = model.apply(done, ("place", pattern, cells))
        assert model.is_solved(done)
    assert len({as_cells(s) for s in result.solutions}) == 4




def test_a_16x16_grid_loads_and_has_its_one_decomposition():
    """The codec takes grids up to 16x16; the batched search counts this one's single
    decomposition, the same that Algorithm X alone finds."""
    state = KIND.decode({"grid": list(BIG), "strips": "exactly: len4 len6"})
    assert (state.cols, state.rows) == (16, 16)
    result = run(KIND.solve(state), mode=ALL, max_solutions=None)
    assert result.complete and result.count == 1
    plain = [e.solution for e in solver.Search(state).run() if type(e) is Found]
    assert result.solutions == plain
    with pytest.raises(PuzzleError, match="at most 16x16"):
        KIND.decode({"grid": [r + "w" for r in BIG], "strips": "exactly: len4 len6"})
