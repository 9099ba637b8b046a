"""Strip patterns and strip sets: which 1xN colour patterns a grid is cut into.

A pattern is a string of ``b`` (black) and ``w`` (white) cells read along a strip.  A
strip turned around is the same strip, so every pattern is kept in one canonical
spelling: the larger of the string and its reverse (``wwb``, not ``bww``), which is how
the seed article writes them.

A strip set says how many strips of each pattern there are and whether each must be
used exactly that often or at most that often.  The seed's rule ("no two strips with the
same pattern") is "at most once" over every pattern of lengths 1 to 3; on a 25-cell grid
that forces all six 1x3, all three 1x2 and one of the two 1x1 patterns.

Text syntax (plain text files, the editor, generator choices)::

    [exactly: | at most:] TOKEN TOKEN ...

where TOKEN is a pattern (``wbw``), a length family (``len3``: every pattern of length
3; ``len2-4``: every pattern of lengths 2 to 4), either optionally followed by ``*N``
(that many of each).  Tokens are separated by spaces, commas or new lines; the mode
defaults to ``exactly``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cached_property

from puzzlegui.core.kind import PuzzleError

MAX_LENGTH = 12  # no strip can be longer than the largest grid side
MAX_PATTERNS = 400  # distinct patterns in one set (len1-8 has 276)
MAX_COUNT = 256  # copies of one pattern: a 16x16 grid of 1x1s (codec.MAX_SIDE)

_TOKEN = re.compile(r"^(?:len(\d+)(?:-(\d+))?|([bw]+))(?:[*x](\d+))?$")
_MODE = re.compile(r"^\s*(exactly|at[ -]?most)\s*:?\s*", re.IGNORECASE)


def canonical(pattern: str) -> str:
    """The spelling used for a pattern and its reverse (the larger of the two)."""
    return max(pattern, pattern[::-1])


def _order(pattern: str):
    # Longest first, then fewest black cells, then www, wwb, wbw, wbb, bwb, bbb as the
    # seed lists them (white before black, read from the left).
    return (-len(pattern), pattern.count("b"), [-ord(c) for c in pattern])


def patterns_of_length(length: int) -> list[str]:
    """Every distinct pattern of ``length`` cells (turned-around copies counted once)."""
    found = {canonical("".join(p)) for p in itertools.product("wb", repeat=length)}
    return sorted(found, key=_order)


def count_of_length(length: int) -> int:
    """How many distinct patterns have ``length`` cells: (2^n + 2^ceil(n/2)) / 2."""
    return (2**length + 2 ** ((length + 1) // 2)) // 2


def pattern_text(pattern: str) -> str:
    """A pattern for sentences, spelled the seed's way in capitals (WBW)."""
    return pattern.upper()


@dataclass(frozen=True)
class StripSet:
    """How many strips of each pattern, used exactly (``exact``) or at most that often."""

    counts: tuple[tuple[str, int], ...]  # (canonical pattern, copies), longest first
    exact: bool = True

    @classmethod
    def of(cls, counts: dict | list | tuple, exact: bool = True) -> StripSet:
        """A set from {pattern: copies} (any spelling), validated and ordered."""
        items = counts.items() if isinstance(counts, dict) else counts
        merged: dict[str, int] = {}
        for pattern, copies in items:
            key = canonical(pattern)
            if key in merged:
                raise PuzzleError(
                    f"The strip set lists {pattern_text(key)} twice "
                    "(a strip turned around is the same strip)."
                )
            merged[key] = copies
        return cls(tuple(sorted(merged.items(), key=lambda kv: _order(kv[0]))), exact)

    # --- what the set holds ---------------------------------------------------------
    @cached_property
    def table(self) -> dict[str, int]:
        return dict(self.counts)

    @property
    def patterns(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.counts)

    def count(self, pattern: str) -> int:
        return self.table.get(canonical(pattern), 0)

    @property
    def strips(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def cells(self) -> int:
        """Cells covered when every strip is used (the most an at-most set covers)."""
        return sum(len(p) * n for p, n in self.counts)

    @property
    def black(self) -> int:
        return sum(p.count("b") * n for p, n in self.counts)

    @property
    def white(self) -> int:
        return sum(p.count("w") * n for p, n in self.counts)

    @property
    def max_length(self) -> int:
        return max((len(p) for p, _ in self.counts), default=0)

    @property
    def mode_text(self) -> str:
        return "exactly" if self.exact else "at most"

    def describe(self) -> str:
        """The set in a sentence fragment for messages and the tray."""
        how = "each used exactly as often as listed" if self.exact else "each used at most as often as listed"
        return f"{self.strips} strips over {len(self.counts)} patterns, {how}"

    # --- whether a grid can match it ------------------------------------------------
    def fit_problem(self, cells: int, black: int) -> str | None:
        """Why a grid of ``cells`` cells with ``black`` black ones can never be cut
        into this set (cell count or colour count), or None if the counts allow it."""
        white = cells - black
        if not self.counts:
            return "The strip set is empty; list at least one pattern."
        if self.exact:
            if self.cells != cells:
                return (
                    f"The grid has {cells} cells but the strips cover exactly {self.cells}; "
                    "change the size or the strip set."
                )
            if self.black != black:
                return (
                    f"The grid has {black} black and {white} white cells but the strips have "
                    f"{self.black} black and {self.white} white; recolour "
                    f"{abs(self.black - black)} cell{'s' if abs(self.black - black) != 1 else ''}."
                )
            return None
        if self.cells < cells:
            return (
                f"The grid has {cells} cells but the strips cover at most {self.cells}; "
                "use a smaller grid or more strips."
            )
        if self.black < black:
            return f"The grid has {black} black cells but the strips hold at most {self.black} black cells."
        if self.white < white:
            return f"The grid has {white} white cells but the strips hold at most {self.white} white cells."
        return None


# --- the seed's set and the families for other sizes --------------------------------
def family(lengths: dict[int, int], exact: bool = True) -> StripSet:
    """Every pattern of each length in ``lengths``, that many copies of each."""
    counts = {}
    for length, copies in lengths.items():
        if copies:
            for p in patterns_of_length(length):
                counts[p] = copies
    return StripSet.of(counts, exact)


#: The seed's set: no pattern twice among 1x1, 1x2 and 1x3 strips.
SEED = family({1: 1, 2: 1, 3: 1}, exact=False)
SEED_CELLS = 25  # the seed's default applies to grids of this many cells

_FAMILY_CELLS = {n: n * count_of_length(n) for n in range(1, 6)}  # 2, 6, 18, 40, 100


def suggest(cols: int, rows: int) -> StripSet | None:
    """A strip set from the documented family that fits a ``cols`` x ``rows`` grid.

    The family is "every pattern of length L, m copies of each", for one or more
    lengths, used exactly or at most m times.  Which member, in order of preference:

    1. 25 cells: the seed's set (at most once each of lengths 1 to 3).
    2. Lengths a..b (b <= 3) each once, exactly covering the grid, in the seed's spirit
       (24 cells: ``len2-3``; 26: ``len1-3``; 8: ``len1-2``).
    3. One length L (longest first, L <= 5 and L <= the longer side) with every pattern
       m <= 3 times, exactly (36: ``len3*2``; 40: ``len4``; 100: ``len5``).
    4. One length L >= 3 dividing the cell count, each pattern at most m <= 3 times
       (64: ``at most: len4*2``, sixteen of the twenty 1x4 strips).
    5. Any mix of lengths 1..5 that covers the grid: an even count exactly, an odd one
       with one 1x1 left over ("at most"), fewest copies of a pattern first, then fewest
       strips.

    One length first because such grids tile rigidly: strips cannot trade cells with
    neighbours of another length, so random grids are usually already unique and the
    generator is fast.  Mixed lengths (``len2-4`` for 64 cells) work but take the
    generator seconds to make unique."""
    cells = cols * rows
    longest = min(max(cols, rows), 5)
    if cells == SEED_CELLS and longest >= 3:
        return SEED
    for low in range(1, 4):
        for high in range(low, min(3, longest) + 1):
            if sum(_FAMILY_CELLS[n] for n in range(low, high + 1)) == cells:
                return family({n: 1 for n in range(low, high + 1)})
    for length in range(longest, 1, -1):
        per = _FAMILY_CELLS[length]
        if cells % per == 0 and cells // per <= 3:
            return family({length: cells // per})
    for length in range(longest, 2, -1):
        if cells % length == 0:
            copies = -(-(cells // length) // count_of_length(length))
            if copies <= 3:
                return family({length: copies}, exact=False)
    lengths = list(range(1, longest + 1))
    target = cells if cells % 2 == 0 else cells + 1
    best = None
    for copies in itertools.product(range(5), repeat=len(lengths)):
        total = sum(_FAMILY_CELLS[n] * m for n, m in zip(lengths, copies))
        if total != target:
            continue
        if cells % 2 == 1 and copies[0] == 0:
            continue  # the spare cell must be a 1x1 that stays unused
        strips = sum(count_of_length(n) * m for n, m in zip(lengths, copies))
        key = (max(copies), strips)
        if best is None or key < best[0]:
            best = (key, dict(zip(lengths, copies)))
    if best is None:
        return None
    return family(best[1], exact=cells % 2 == 0)


# --- text syntax ------------------------------------------------------------------------
def parse_set(text: str) -> StripSet:
    """A strip set from its text syntax (see the module docstring)."""
    if not isinstance(text, str):
        raise PuzzleError("The strip set must be text such as 'exactly: len2-4'.")
    exact = True
    body = text
    m = _MODE.match(body)
    if m:
        exact = m.group(1).lower() == "exactly"
        body = body[m.end():]
    tokens = [t for t in re.split(r"[\s,;]+", body.strip()) if t]
    if not tokens:
        raise PuzzleError("The strip set is empty; list patterns such as 'www wbw bb' or a family such as 'len2-4'.")
    counts: dict[str, int] = {}
    for token in tokens:
        m = _TOKEN.match(token.lower())
        if not m:
            raise PuzzleError(
                f"'{token[:20]}' in the strip set is not a pattern of b and w (like wbw), "
                "a family (like len3 or len2-4), or either with *N."
            )
        copies = int(m.group(4)) if m.group(4) else 1
        if not 1 <= copies <= MAX_COUNT:
            raise PuzzleError(f"'{token[:20]}' asks for {copies} copies; a pattern may have 1 to {MAX_COUNT}.")
        if m.group(3):
            if len(m.group(3)) > MAX_LENGTH:
                raise PuzzleError(f"The strip {token[:20]} is {len(m.group(3))} cells long; strips are at most {MAX_LENGTH}.")
            patterns = [canonical(m.group(3))]
        else:
            low = int(m.group(1))
            high = int(m.group(2)) if m.group(2) else low
            if not 1 <= low <= high <= MAX_LENGTH:
                raise PuzzleError(
                    f"'{token[:20]}' needs lengths from 1 to {MAX_LENGTH}, the smaller first (like len2-4)."
                )
            if sum(count_of_length(n) for n in range(low, high + 1)) > MAX_PATTERNS:
                raise PuzzleError(f"'{token[:20]}' has more than {MAX_PATTERNS} patterns; use shorter strips.")
            patterns = [p for n in range(low, high + 1) for p in patterns_of_length(n)]
        for p in patterns:
            if p in counts:
                raise PuzzleError(
                    f"The strip set lists {pattern_text(p)} twice (a strip turned around is the same strip)."
                )
            counts[p] = copies
            if len(counts) > MAX_PATTERNS:
                raise PuzzleError(f"The strip set has more than {MAX_PATTERNS} patterns.")
    return StripSet.of(counts, exact)


def format_set(strips: StripSet) -> str:
    """The text syntax for ``strips``, with whole lengths written as families."""
    by_length: dict[int, dict[str, int]] = {}
    for p, n in strips.counts:
        by_length.setdefault(len(p), {})[p] = n
    tokens: list[str] = []
    lengths = sorted(by_length)
    # a length is "whole" when every pattern of it is present with one shared count
    whole = {
        n: next(iter(by_length[n].values()))
        for n in lengths
        if len(by_length[n]) == count_of_length(n) and len(set(by_length[n].values())) == 1
    }
    i = 0
    while i < len(lengths):
        n = lengths[i]
        if n in whole:
            j = i
            while j + 1 < len(lengths) and lengths[j + 1] == lengths[j] + 1 and whole.get(lengths[j + 1]) == whole[n]:
                j += 1
            span = f"len{n}" if j == i else f"len{n}-{lengths[j]}"
            tokens.append(span + (f"*{whole[n]}" if whole[n] != 1 else ""))
            i = j + 1
            continue
        for p in sorted(by_length[n], key=_order):
            c = by_length[n][p]
            tokens.append(p + (f"*{c}" if c != 1 else ""))
        i += 1
    return f"{strips.mode_text}: " + " ".join(tokens)


def _times(copies: int) -> str:
    return {1: "once", 2: "twice"}.get(copies, f"{copies} times")


def set_in_words(strips: StripSet) -> str:
    """The set in words, for a reader who does not know the syntax: ``exactly: len3*2``
    is "Every 1x3 pattern twice (12 strips); all of them cut the grid."."""
    by_length: dict[int, dict[str, int]] = {}
    for p, n in strips.counts:
        by_length.setdefault(len(p), {})[p] = n
    parts = []
    for n in sorted(by_length):
        patterns = by_length[n]
        copies = set(patterns.values())
        if len(patterns) == count_of_length(n) and len(copies) == 1:
            parts.append(f"every 1x{n} colour pattern {_times(copies.pop())}")
        else:
            parts.append(", ".join(f"{pattern_text(p)} {_times(c)}" for p, c in sorted(patterns.items(), key=lambda pc: _order(pc[0]))))
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    many = f"{strips.strips} strip{'s' if strips.strips != 1 else ''}"
    how = "all of them cut the grid" if strips.exact else "the grid is cut into some of them"
    return f"{listed[0].upper()}{listed[1:]} ({many}); {how}."
