"""The seed's facts (MUMS 2010 "Black and White", seed 004), asserted exactly.

The seed lists each grid's rows with row 0 first but prints row 0 at the bottom; the
built-in files hold rows top-down as printed.  These tests pin that orientation down:
the printed decompositions, the 25 distinct 1x1 positions and the final grid they build
all agree only with the rows reversed.
"""

import pytest

from puzzlegui.core.solver import ALL, run
from puzzlegui.kinds.strips import KIND, meta, solver
from puzzlegui.kinds.strips.model import make_state
from puzzlegui.kinds.strips.stripset import SEED

# the grids exactly as the seed lists them (row 0 first, printed at the bottom)
SEED_GRIDS = [
    ('bwbww','bwbbb','wbwbw','bwwbw','bwwbb'),  # grid01
    ('bwbwb','bwbwb','wbwbw','wwbbb','wbbww'),  # grid02
    ('wwwbw','bbwww','bbbww','wwbbw','bbwbb'),  # grid03
    ('wwbbw','wbwbb','bwwwb','wwbbw','bbbwb'),  # grid04
    ('wwwwb','bbbbw','bbwbb','bwwbb','wwwwb'),  # grid05
    ('wbwwb','bwwbw','bbbbb','wwwbw','bwbww'),  # grid06
    ('wbwww','wwbbw','wbbbw','bbbbw','wbbww'),  # grid07
    ('wbbww','wwwbb','bwbww','bwbwb','bbwwb'),  # grid08
    ('bbbww','wwbww','wbbww','bwwwb','bbwbb'),  # grid09
    ('wwbbb','wbbbb','wbbwb','bwbww','bwwww'),  # grid10
    ('wwwww','bbbbb','wwbbw','wwbbb','bbbww'),  # grid11
    ('bbbbb','wwbwb','wwwwb','wwbwb','wwbwb'),  # grid12
    ('bwbwb','wwwbb','bwbwb','bwbbw','wwbwb'),  # grid13
    ('wbwwb','wbwbb','wwbbb','wwbbb','wwbbw'),  # grid14
    ('wwbbw','wwbww','bbbww','bbbww','bbwbw'),  # grid15
    ('wbwbw','wbwww','bbbbb','bwwww','bwbwb'),  # grid16
    ('wwwwb','wwwww','bbbbw','bbbwb','bwbbb'),  # grid17
    ('wbbww','bwwbb','bwwwb','bbbwb','wbwwb'),  # grid18
    ('bwwbw','wbwww','bwbwb','bwwbw','bbbbw'),  # grid19
    ('wbbwb','bbwbw','wwwwb','wbbbb','wwbwb'),  # grid20
    ('bbbwb','bbwbw','wbbww','bbwwb','wwbww'),  # grid21
    ('wwbbw','wbbbw','bwwwb','bwbbb','bwbww'),  # grid22
    ('wbwww','wwbwb','bbwww','wbwbb','bbbwb'),  # grid23
    ('bwwbb','wwwww','bwwww','bbbbb','wwbbb'),  # grid24
    ('wwwww','bbbww','bbbbw','bwbww','wwbbb'),  # grid25
]
SEED_FINAL = ('bwwww', 'bbwbb', 'bbbww', 'wbwbb', 'wwbbw')

# the seed's printed decompositions: five fields per line, rows top-down as printed
PRINTED = [
    '| | | |_ _| | |_ _|_ _| | |_ _ _| | |_ _ _| | | |_ _ _|_ _|',
    '| | | | | | | | |_ _ _| |_|_ _ _| | |_ _ _|_| | | |_ _ _|_|',
    '|_|_|_| |_| |_| | | | | |_ _ _|_|_| |_|_ _ _|_| | | | | | |',
    '|_ _ _|_| | |_|_|_| | | |_ _|_ _ _| |_ _ _|_ _| |_|_| | | |',
    '|_|_ _ _|_| |_ _ _|_|_| |_ _|_ _ _| |_ _|_ _ _| |_ _|_|_|_|',
    '|_ _ _|_ _| | | |_ _ _| | | |_ _ _| | | |_ _ _| | |_ _ _| |',
    '|_ _ _| | | | |_| |_ _| | |_|_ _ _| |_| |_ _ _| | |_ _ _|_|',
    '| |_ _| | | |_| | | | | |_|_ _ _|_| | |_|_ _| | |_|_|_ _ _|',
    '| | |_|_|_| | | |_| | | |_ _ _|_ _| |_|_ _ _| | |_ _|_ _ _|',
    '|_|_|_ _ _| |_|_|_|_|_| |_ _ _|_ _| |_ _ _|_|_| |_ _ _|_ _|',
    '|_ _ _|_ _| | |_|_ _ _| |_ _ _|_ _| |_ _ _| | | | |_ _ _|_|',
    '|_ _ _|_| | | |_ _ _| | | | |_ _ _| | | | | | | | | |_ _ _|',
    '| |_ _ _| | |_| | | | | |_|_|_| | | | |_|_|_|_| |_|_|_ _| |',
    '| | |_ _|_| | | | |_|_| |_ _ _| | | |_|_ _ _|_| | |_ _ _| |',
    '|_|_|_ _ _| |_|_|_|_ _| |_ _ _|_|_| |_ _ _|_ _| |_|_ _ _|_|',
    '| |_ _ _| | |_ _ _|_| | |_ _ _|_ _| |_ _ _| | | |_ _|_ _ _|',
    '|_| |_ _|_| |_ _ _| | | | |_|_ _ _| | | |_|_|_| | |_ _ _| |',
    '| | |_ _ _| | |_ _| |_| | |_ _ _| | | | |_ _ _| | |_ _ _|_|',
    '| |_|_ _ _| | |_ _|_| | |_|_ _ _|_| |_|_|_ _ _| |_|_|_ _ _|',
    '|_|_ _ _|_| |_|_ _ _|_| |_ _ _|_ _| |_ _|_ _ _| |_ _ _|_ _|',
    '|_ _ _| | | | | |_| | | |_ _ _| | | | | |_ _ _| |_|_ _ _| |',
    '|_ _| | |_| | | | | | | |_| | | | | |_| |_ _| | |_ _ _| | |',
    '| | | |_| | |_|_| |_|_| | |_|_|_|_| | |_|_ _| | |_ _ _| |_|',
    '| | |_|_|_| |_ _|_| | | | | |_ _ _| | |_ _ _|_| | |_ _|_| |',
    '|_|_|_ _ _| |_ _ _|_|_| |_|_|_ _ _| |_|_|_ _ _| |_|_ _ _|_|',
]
PRINTED_FINAL = [
    '|_ _|_ _ _|',
    '|_ _ _|_ _|',
    '| |_|_ _ _|',
    '| |_ _ _| |',
    '|_|_ _ _|_|',
]


def printed_outline(pieces, size=5):
    """A decomposition drawn the seed's way: per row, '|' or ' ' left of each cell,
    '_' or ' ' under it, and the right border."""
    owner = {c: i for i, (_, cells) in enumerate(pieces) for c in cells}
    lines = []
    for y in range(size):
        line = ""
        for x in range(size):
            left = x == 0 or owner[(x - 1, y)] != owner[(x, y)]
            bottom = y == size - 1 or owner[(x, y + 1)] != owner[(x, y)]
            line += ("|" if left else " ") + ("_" if bottom else " ")
        lines.append(line + "|")
    return lines


def printed_field(k):
    """Field k (0..24) of the seed's printed outlines, rows top-down."""
    block, column = divmod(k, 5)
    return [PRINTED[block * 5 + y][12 * column : 12 * column + 11] for y in range(5)]


@pytest.fixture(scope="module")
def builtin_set():
    return meta.load_set()


def test_builtins_are_the_seed_grids_shown_row_zero_at_the_bottom(builtin_set):
    grids, final = builtin_set
    assert len(grids) == 25
    for k, (state, listed) in enumerate(zip(grids, SEED_GRIDS), start=1):
        assert state.colours == tuple(reversed(listed)), f"grid {k:02d}"
        assert state.strips == SEED
    assert final.colours == tuple(reversed(SEED_FINAL))


def test_every_seed_grid_has_exactly_one_decomposition(builtin_set):
    grids, final = builtin_set
    for k, state in enumerate(grids + [final], start=1):
        result = run(KIND.solve(state), mode=ALL, max_solutions=None)
        assert result.complete and result.count == 1, f"grid {k}: {result.count}"
        pieces = result.solutions[0]
        assert sorted(len(cells) for _, cells in pieces) == [1, 2, 2, 2, 3, 3, 3, 3, 3, 3]
        assert len({p for p, _ in pieces}) == 10


def test_decompositions_match_the_printed_outlines(builtin_set):
    grids, final = builtin_set
    for k, state in enumerate(grids):
        (pieces,) = solver.solutions(state)
        assert printed_outline(pieces) == printed_field(k), f"grid {k + 1:02d}"
    (pieces,) = solver.solutions(final)
    assert printed_outline(pieces) == PRINTED_FINAL


def test_the_single_cells_are_distinct_and_build_the_final_grid(builtin_set):
    grids, final = builtin_set
    singles = {}
    for state in grids:
        (pieces,) = solver.solutions(state)
        (single,) = [cells[0] for _, cells in pieces if len(cells) == 1]
        singles[single] = state.colour(single)
    assert len(singles) == 25
    built = tuple("".join(singles[(x, y)] for x in range(5)) for y in range(5))
    assert built == final.colours
    # in the seed's own orientation (row 0 first) it is the seed's final grid
    assert tuple(reversed(built)) == SEED_FINAL


def test_rows_as_listed_do_not_give_the_printed_outlines():
    # reading the seed's tuples top-down would mirror every printed decomposition
    listed = [make_state(g, SEED) for g in SEED_GRIDS]
    mismatches = sum(
        printed_outline(solver.solutions(state)[0]) != printed_field(k) for k, state in enumerate(listed)
    )
    assert mismatches > 20


def test_the_meta_puzzle_reads_domino(builtin_set):
    grids, final = builtin_set
    result = meta.solve_meta(grids, final)
    assert result.problem == ""
    assert result.final.colours == final.colours
    assert result.message == "ONEMOREGRIDUSEBLACKSTRIPS"
    blacks = sorted((p, cells) for p, cells in result.black_strips)
    assert [p for p, _ in blacks] == ["b", "bb", "bbb"]
    assert result.answer == "DOMINO"
    assert "read DOMINO" in result.summary()


def test_without_letters_the_meta_puzzle_says_which_are_needed(builtin_set):
    grids, final = builtin_set
    bare_final = make_state(final.colours, final.strips)
    result = meta.solve_meta(grids, bare_final)
    assert result.answer == ""
    assert len(result.missing) == 6
    assert set(result.missing) == set(result.answer_cells)
    text = result.summary()
    assert "Enter the letters to read the answer" in text
    assert "grids 01, 02, 04, 05, 10, 11" in text
