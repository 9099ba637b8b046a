"""One line of a binary grid, as two bitmasks.

A row or column of length n is held as ``ones`` (cells that are X) and ``zeros``
(cells that are O); bit i is the i-th cell from the left or the top.  Every rule of the
puzzle is a rule about single lines (plus the optional "no two lines alike"), so the
solver, the explanations and the checker all build on the functions here.

A legal completed line has n/2 of each symbol and never three equal symbols in a row.
"""

from __future__ import annotations

from functools import cache

#: the longest line that ``legal_lines`` will list (1,296 patterns at 16; 93 million at 40)
MAX_LISTED = 16


def has_triple(mask: int) -> bool:
    """True if three consecutive bits of ``mask`` are set."""
    return bool(mask & (mask >> 1) & (mask >> 2))


def triple_at(mask: int) -> int:
    """The lowest bit index where three set bits start, or -1."""
    t = mask & (mask >> 1) & (mask >> 2)
    return (t & -t).bit_length() - 1 if t else -1


def pair_forced(same: int, empty: int) -> int:
    """Empty cells next to two equal symbols side by side (they take the other symbol)."""
    return ((same << 1) & (same << 2) | (same >> 1) & (same >> 2)) & empty


def gap_forced(same: int, empty: int) -> int:
    """Empty cells with the same symbol on both sides (they take the other symbol)."""
    return (same << 1) & (same >> 1) & empty


def window_forced(ones: int, zeros: int, n: int):
    """Tatham's Normal rule ("nearly complete"), on one line: when one symbol needs only
    one more cell and the other at least two, a window of three side-by-side cells
    holding none of the first symbol and at most one of the other must take that last
    cell (else the other symbol would fill it three in a row), so every empty cell
    outside the window is the other symbol.  With several such windows, only the cells
    inside all of them stay open.  Returns (to O, to X) masks."""
    half = n // 2
    full = (1 << n) - 1
    empty = full & ~(ones | zeros)
    starts = full >> 2  # bit i: the window of cells i, i+1, i+2
    forced = [0, 0]
    for short, other, rest in ((ones, zeros, 0), (zeros, ones, 1)):
        if short.bit_count() != half - 1 or other.bit_count() > half - 2:
            continue
        a, b, c = other, other >> 1, other >> 2
        free = ~short
        windows = starts & free & (free >> 1) & (free >> 2) & ~(a & b | a & c | b & c)
        if windows:
            # the cells common to every window: those of the first and of the last
            inside = (7 * (windows & -windows)) & (7 << (windows.bit_length() - 1))
            forced[rest] |= empty & ~inside
    return forced[0], forced[1]


def line_closure(ones: int, zeros: int, n: int):
    """Apply pairs, gaps and quotas inside one line until nothing changes.

    Returns ``(ones, zeros, None)`` or, when the line breaks a rule on the way,
    ``(ones, zeros, why)`` with ``why`` one of ("triple", symbol), ("count", symbol)
    or ("both", cell): the evidence an explanation quotes."""
    full = (1 << n) - 1
    half = n // 2
    while True:
        for symbol, mask in ((1, ones), (0, zeros)):
            if has_triple(mask):
                return ones, zeros, ("triple", symbol)
            if mask.bit_count() > half:
                return ones, zeros, ("count", symbol)
        empty = full & ~(ones | zeros)
        to_zero = pair_forced(ones, empty) | gap_forced(ones, empty)
        to_one = pair_forced(zeros, empty) | gap_forced(zeros, empty)
        if ones.bit_count() == half:
            to_zero |= empty
        if zeros.bit_count() == half:
            to_one |= empty
        both = to_zero & to_one
        if both:
            return ones, zeros, ("both", (both & -both).bit_length() - 1)
        if not (to_zero | to_one):
            return ones, zeros, None
        ones |= to_one
        zeros |= to_zero


def line_options(ones: int, zeros: int, n: int):
    """Which symbols each cell can take in SOME legal completion of the line.

    Returns ``(may_zero, may_one)`` bitmasks, or None when the line has no legal
    completion.  Lines of up to ``MAX_LISTED`` cells are looked up among the listed
    legal lines (``_by_cell``); longer ones go through a dynamic programme over
    positions whose states are (last symbol, run length 1 or 2) and whose values are
    bitmasks of reachable counts of X, so a 40-cell line costs a few hundred integer
    operations."""
    if 2 <= n <= MAX_LISTED and n % 2 == 0:
        return _listed_options(ones, zeros, n)
    return _counted_options(ones, zeros, n)


def _counted_options(ones: int, zeros: int, n: int):
    """``line_options`` by the dynamic programme, for any length."""
    half = n // 2
    windows = _windows(n)
    forward = []
    z1 = z2 = o1 = o2 = 0  # states: last O run 1, run 2; last X run 1, run 2
    for i in range(n):
        bit = 1 << i
        can0 = not ones & bit
        can1 = not zeros & bit
        if i == 0:
            nz1 = 1 if can0 else 0
            no1 = 2 if can1 else 0
            nz2 = no2 = 0
        else:
            nz1 = (o1 | o2) if can0 else 0
            nz2 = z1 if can0 else 0
            no1 = ((z1 | z2) << 1) if can1 else 0
            no2 = (o1 << 1) if can1 else 0
        w = windows[i]
        z1, z2, o1, o2 = nz1 & w, nz2 & w, no1 & w, no2 & w
        forward.append((z1, z2, o1, o2))
    target = 1 << half
    if not ((z1 | z2 | o1 | o2) & target):
        return None
    may_zero = may_one = 0
    b1 = b2 = c1 = c2 = target  # backward sets for the same four states at cell n - 1
    for i in range(n - 1, -1, -1):
        f = forward[i]
        if (f[0] & b1) | (f[1] & b2):
            may_zero |= 1 << i
        if (f[2] & c1) | (f[3] & c2):
            may_one |= 1 << i
        if i == 0:
            break
        bit = 1 << i
        can0 = not ones & bit
        can1 = not zeros & bit
        # states at cell i - 1, from the states at cell i
        nb1 = (b2 if can0 else 0) | ((c1 >> 1) if can1 else 0)  # last O, run 1
        nb2 = (c1 >> 1) if can1 else 0  # last O, run 2
        nc1 = (b1 if can0 else 0) | ((c2 >> 1) if can1 else 0)  # last X, run 1
        nc2 = b1 if can0 else 0  # last X, run 2
        b1, b2, c1, c2 = nb1, nb2, nc1, nc2
    full = (1 << n) - 1
    if (may_zero | may_one) != full:
        return None
    return may_zero, may_one


def _listed_options(ones: int, zeros: int, n: int):
    """``line_options`` for a listed length: the set of legal lines that agree with the
    given cells is one AND per given cell, then each cell asks whether any of them has
    an X there, or an O."""
    with_x, with_o = _by_cell(n)
    agree = with_x[0] | with_o[0]  # every legal line
    for cells, sets in ((ones, with_x), (zeros, with_o)):
        while cells:
            low = cells & -cells
            cells ^= low
            agree &= sets[low.bit_length() - 1]
    if not agree:
        return None
    may_zero = may_one = 0
    for i in range(n):
        if agree & with_x[i]:
            may_one |= 1 << i
        if agree & with_o[i]:
            may_zero |= 1 << i
    return may_zero, may_one


@cache
def _by_cell(n: int) -> tuple:
    """For each cell of a line of ``n`` cells, the legal lines (as bits of an integer,
    bit k for the k-th of ``legal_lines(n)``) with an X there, and those with an O."""
    lines = legal_lines(n)
    with_x = tuple(sum(1 << k for k, p in enumerate(lines) if p >> i & 1) for i in range(n))
    every = (1 << len(lines)) - 1
    return with_x, tuple(every & ~s for s in with_x)


@cache
def _windows(n: int) -> tuple:
    """For each cell, the counts of X possible after it (neither symbol over half)."""
    half = n // 2
    return tuple(((1 << (min(half, i + 1) + 1)) - 1) & ~((1 << max(0, i + 1 - half)) - 1) for i in range(n))


@cache
def legal_lines(n: int) -> tuple[int, ...]:
    """Every legal completed line of length ``n`` as a bitmask of its X cells, ascending.

    Built by extending prefixes cell by cell, dropping any prefix with three equal
    symbols in a row or more than n/2 of either."""
    if n % 2 or n < 2 or n > MAX_LISTED:
        raise ValueError(f"lines of length {n} are not listed (even lengths 2..{MAX_LISTED})")
    half = n // 2
    prefixes = [(0, 0, 0)]  # (mask, X count, length)
    for i in range(n):
        grown = []
        for mask, count, _ in prefixes:
            for v in (0, 1):
                m = mask | (v << i)
                c = count + v
                if c > half or (i + 1 - c) > half:
                    continue
                if i >= 2:
                    last3 = (m >> (i - 2)) & 7
                    if last3 in (0, 7):
                        continue
                grown.append((m, c, i + 1))
        prefixes = grown
    return tuple(sorted(m for m, _, _ in prefixes))


def count_legal_lines(n: int) -> int:
    """How many legal lines of length ``n`` exist, by counting (any even n)."""
    half = n // 2
    # ways[(count, last, run)]
    ways = {(0, -1, 0): 1}
    for i in range(n):
        nxt: dict = {}
        for (count, last, run), k in ways.items():
            for v in (0, 1):
                c = count + v
                if c > half or (i + 1 - c) > half:
                    continue
                if v == last and run == 2:
                    continue
                key = (c, v, run + 1 if v == last else 1)
                nxt[key] = nxt.get(key, 0) + k
        ways = nxt
    return sum(k for (count, _, _), k in ways.items() if count == half)


def to_text(mask: int, n: int) -> str:
    """A line as "1"/"0" characters from the first cell, "1" for X."""
    return format(mask, f"0{n}b")[::-1]


def from_text(text: str) -> int:
    """The X mask of a line written as "1"/"0" characters."""
    return int(text[::-1], 2) if text else 0
