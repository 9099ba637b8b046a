"""Single lines: the legal patterns, the line rules and the line analysis."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from kurosu_data import SEED_LINES

from puzzlegui.kinds.kurosu.engine import EASY, line_cheap
from puzzlegui.kinds.kurosu.lines import (
    _counted_options,
    count_legal_lines,
    gap_forced,
    has_triple,
    legal_lines,
    line_closure,
    line_options,
    pair_forced,
    to_text,
    window_forced,
)


def brute_lines(n):
    out = []
    for bits in itertools.product("01", repeat=n):
        s = "".join(bits)
        if s.count("1") == n // 2 and "111" not in s and "000" not in s:
            out.append(s)
    return set(out)


def test_fourteen_legal_six_cell_lines_as_in_the_seed():
    lines = legal_lines(6)
    assert len(lines) == 14
    assert {to_text(m, 6) for m in lines} == SEED_LINES
    assert count_legal_lines(6) == 14


def test_line_counts_agree_with_brute_force_and_the_known_sequence():
    for n in (2, 4, 6, 8, 10, 12):
        assert {to_text(m, n) for m in legal_lines(n)} == brute_lines(n)
    # A177790: legal Unruly lines of length 2n (the counting needs no listing)
    assert [count_legal_lines(n) for n in range(2, 42, 2)][:12] == [
        2, 6, 14, 34, 84, 208, 518, 1296, 3254, 8196, 20700, 52404]
    assert count_legal_lines(40) == 93770358
    assert count_legal_lines(16) == len(legal_lines(16))


def test_pairs_gaps_and_triples():
    xx = 0b000110  # X at cells 1 and 2
    empty = 0b111111 & ~xx
    assert pair_forced(xx, empty) == 0b001001  # cells 0 and 3
    x_x = 0b000101
    assert gap_forced(x_x, 0b111111 & ~x_x) == 0b000010
    assert has_triple(0b0111000) and not has_triple(0b0110110)


def test_line_closure_reports_why_a_hypothesis_fails():
    # X X O . . .  with another X at cell 5: both empty middle cells become O: O O O
    ones, zeros = 0b100011, 0b000100
    _, _, why = line_closure(ones, zeros, 6)
    assert why == ("triple", 0)
    # X X . . X .: the row has its three X, so the rest are O
    assert line_closure(0b010011, 0, 6) == (0b010011, 0b101100, None)
    assert line_closure(0b000111, 0, 6)[2] == ("triple", 1)
    assert line_closure(0b010101 | 0b100000, 0, 6)[2] == ("count", 1)


def _consistent(n, ones, zeros):
    return [p for p in legal_lines(n) if not p & zeros and p & ones == ones]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([4, 6, 8, 10, 12, 14, 16]), st.data())
def test_line_options_equal_the_union_of_consistent_patterns(n, data):
    """Both ways of finding them: the listed lines (short lines) and the dynamic
    programme (any length)."""
    cells = data.draw(st.lists(st.sampled_from([-1, -1, 0, 1]), min_size=n, max_size=n))
    ones = sum(1 << i for i, v in enumerate(cells) if v == 1)
    zeros = sum(1 << i for i, v in enumerate(cells) if v == 0)
    patterns = _consistent(n, ones, zeros)
    results = (line_options(ones, zeros, n), _counted_options(ones, zeros, n))
    if not patterns:
        assert results == (None, None)
        return
    full = (1 << n) - 1
    may_one = may_zero = 0
    for p in patterns:
        may_one |= p
        may_zero |= full & ~p
    assert results == ((may_zero, may_one),) * 2


def _windows_one_by_one(ones, zeros, n):
    """Tatham's window rule as his words say it: for each window of three cells with
    none of the short symbol and at most one of the other, the empty cells outside it
    take the other symbol."""
    half, empty = n // 2, ((1 << n) - 1) & ~(ones | zeros)
    forced = {0: 0, 1: 0}
    for short, other, rest in ((ones, zeros, 0), (zeros, ones, 1)):
        if short.bit_count() != half - 1 or other.bit_count() > half - 2:
            continue
        for i in range(n - 2):
            window = 7 << i
            if not short & window and (other & window).bit_count() <= 1:
                forced[rest] |= empty & ~window
    return forced[0], forced[1]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([6, 8, 10, 14, 20]), st.data())
def test_window_rule_by_masks_equals_the_window_by_window_rule(n, data):
    cells = data.draw(st.lists(st.sampled_from([-1, -1, 0, 1, 1]), min_size=n, max_size=n))
    ones = sum(1 << i for i, v in enumerate(cells) if v == 1)
    zeros = sum(1 << i for i, v in enumerate(cells) if v == 0)
    assert window_forced(ones, zeros, n) == _windows_one_by_one(ones, zeros, n)


def test_window_rule_on_a_line_one_x_short():
    # X . X X O . . . : needs one more X; the windows without X and at most one O are
    # cells 4-6 and 5-7, so the X goes in cell 5 or 6 and cells 1 and 7 are O
    ones, zeros = 0b00001101, 0b00010000
    assert window_forced(ones, zeros, 8) == (0b10000010, 0)
    assert window_forced(zeros, ones, 8) == (0, 0b10000010)  # the same with X and O swapped
    assert window_forced(0b00001001, 0, 8) == (0, 0)  # two X short: no window rule


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([6, 8, 14, 20]), st.data())
def test_the_engines_line_rules_at_easy_are_line_closure(n, data):
    """The engine's cached line rules (pairs, gaps and quotas at Easy) reach the same
    fixed point as line_closure, the explained version, and break the same lines."""
    cells = data.draw(st.lists(st.sampled_from([-1, -1, -1, 0, 1]), min_size=n, max_size=n))
    ones = sum(1 << i for i, v in enumerate(cells) if v == 1)
    zeros = sum(1 << i for i, v in enumerate(cells) if v == 0)
    o, z, why = line_closure(ones, zeros, n)
    assert line_cheap(ones, zeros, n, EASY) == (None if why else (o, z))
