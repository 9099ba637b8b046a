"""core.halving.kept takes away what one-at-a-time removal in the same order takes away,
when more givens never deduce less, with fewer deductions."""

import random

from puzzlegui.core.halving import kept


def one_at_a_time(order, finished):
    keep = list(order)
    for g in order:
        fewer = [x for x in keep if x != g]
        if finished(frozenset(fewer)):
            keep = fewer
    return keep


def test_the_same_givens_as_one_at_a_time_with_fewer_deductions():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randrange(1, 40)
        # finished: every group has a given left (more givens never finish less)
        groups = [set(rng.sample(range(n), rng.randrange(1, min(n, 5) + 1))) for _ in range(rng.randrange(1, 12))]

        def finished(board):
            return all(board & g for g in groups)

        order = list(range(n))
        rng.shuffle(order)
        calls = []

        def with_more(board, givens):
            calls.append(len(givens))
            return board | frozenset(givens)

        got = kept(order, frozenset(), with_more, finished)
        assert got == one_at_a_time(order, finished)
        assert finished(frozenset(got))
        assert len(calls) <= 2 * n
        assert 0 not in calls  # a half whose first part kept nothing reuses its board


def test_nothing_to_keep():
    assert kept([], None, None, None) == []
    assert kept([3, 1], frozenset(), lambda b, g: b | set(g), lambda b: True) == []
