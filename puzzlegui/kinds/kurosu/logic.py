"""The solver's reasoning in words: which rule fixes which cell, and why.

The same rules as engine.py, applied one level at a time (weakest first) so that each
deduction can say which rule it used and point at the cells that justify it.  Used by
hints, "show the solution", the traced search and the editor's explanations.  The
levels are engine.py's: Trivial, Easy and Normal are Tatham's (pairs, gaps, last
cells; quotas and no copies; his "nearly complete" window), Tricky is beyond his
(exclusions, then line analysis).

A round's deductions are all read off one board; ``steps`` gives them one at a time,
each checked again on the board as it stands when it is shown (``holds``), so a reason
shown is always true of the board it is shown on.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegui.core.text import cell_name

from .engine import EASY, NORMAL, TRICKY, TRIVIAL, Engine
from .lines import gap_forced, line_closure, line_options, pair_forced

SYMBOL = {1: "X", 0: "O"}
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty")
RULE_NAMES = {
    "pair": "pair",
    "gap": "gap",
    "last": "last cell",
    "quota": "quota",
    "window": "window",
    "exclusion": "exclusion",
    "duplicate": "no copies",
    "analysis": "line analysis",
}


def number(k: int) -> str:
    return _WORDS[k] if 0 <= k < len(_WORDS) else str(k)


@dataclass(frozen=True)
class Deduction:
    x: int
    y: int
    value: int  # 1 = X, 0 = O
    rule: str  # a key of RULE_NAMES
    level: int  # engine level of the rule
    text: str
    cells: tuple  # the cells that justify it

    @property
    def shown_cells(self) -> tuple:
        """For a hint or a step on the board: the cell it fixes first, then its reasons."""
        return ((self.x, self.y),) + self.cells

    @property
    def move(self):
        return ("set", self.x, self.y, self.value)


@dataclass(frozen=True)
class Contradiction:
    text: str
    cells: tuple


class Reasoner:
    """Explained deductions for one board shape."""

    def __init__(self, width: int, height: int, unique: bool = False):
        self.engine = Engine(width, height, unique)
        self.width, self.height, self.unique = width, height, unique

    # --- naming ------------------------------------------------------------------------
    def line_name(self, L: int, capital: bool = False) -> str:
        H = self.height
        word = "row" if L < H else "column"
        if capital:
            word = word.capitalize()
        return f"{word} {L + 1 if L < H else L - H + 1}"

    def cell(self, L: int, i: int):
        """The (x, y) of cell i along line L."""
        return (i, L) if L < self.height else (L - self.height, i)

    def line_cells(self, L: int, mask: int) -> tuple:
        return tuple(self.cell(L, i) for i in range(self.engine.length[L]) if mask >> i & 1)

    # --- one round ------------------------------------------------------------------------
    def deductions(self, cells, max_level: int = TRICKY):
        """The deductions of the weakest level that has any, over every line, as a list
        (empty when no rule up to ``max_level`` applies), or a Contradiction when the
        board already breaks a rule or a line cannot be finished."""
        st = self.engine.board(cells)
        broken = self._broken(st)
        if broken is not None:
            return broken
        for level, finder in self._finders():
            if level > max_level:
                break
            found = finder(st)
            if isinstance(found, Contradiction):
                return found
            if found:
                return self._merge(found)
        return []

    def _finders(self):
        return (
            (TRIVIAL, self._trivial),
            (EASY, self._easy),
            (NORMAL, self._windows),
            (TRICKY, self._tricky),
        )

    def holds(self, cells, d: "Deduction") -> bool:
        """Is deduction ``d`` (cell empty, same rule, same reason) found on ``cells`` by
        its own level's rules?  Then its reason is true of that board."""
        if cells[d.y * self.width + d.x] != -1:
            return False
        return d in self.all_deductions(cells, d.level)

    def all_deductions(self, cells, level: int | None = None) -> list:
        """Every deduction each rule finds on ``cells`` (of ``level`` only, if given),
        unmerged: what is true of this board, rule by rule."""
        st = self.engine.board(cells)
        out = []
        for lv, finder in self._finders():
            if level is None or lv == level:
                found = finder(st)
                if isinstance(found, list):
                    out.extend(found)
        return out

    def steps(self, cells, max_level: int = TRICKY):
        """The deductions of one round, one at a time, each only while it still holds on
        the board with the ones before it placed: a generator of Deduction, ending with
        a Contradiction (yielded) when the board breaks.  The caller places each one
        before asking for the next; a round is read again when one no longer holds."""
        W = self.width
        cells = list(cells)
        while True:
            found = self.deductions(cells, max_level)
            if isinstance(found, Contradiction):
                yield found
                return
            if not found:
                return
            fresh = True
            for d in found:
                if cells[d.y * W + d.x] == d.value:
                    continue
                if not fresh and not self.holds(cells, d):
                    break  # read the round again from this board
                fresh = False
                yield d
                cells[d.y * W + d.x] = d.value

    def _merge(self, found):
        """One deduction per cell; a cell claimed both ways is a contradiction."""
        by_cell = {}
        for d in found:
            other = by_cell.get((d.x, d.y))
            if other is None:
                by_cell[(d.x, d.y)] = d
            elif other.value != d.value:
                return Contradiction(
                    f"The cell at {cell_name((d.x, d.y))} would have to be both X and O "
                    f"({_clause(other.text)}; but {_clause(d.text)}).",
                    ((d.x, d.y),) + other.cells + d.cells,
                )
        return list(by_cell.values())

    def _broken(self, st):
        eng = self.engine
        for L in range(eng.nl):
            o, z = st[2 * L], st[2 * L + 1]
            half = eng.half[L]
            for s, a in ((1, o), (0, z)):
                t = a & (a >> 1) & (a >> 2)
                if t:
                    i = (t & -t).bit_length() - 1
                    run = i
                    while a >> run & 1:
                        run += 1
                    return Contradiction(
                        f"{self.line_name(L, True)} has three {SYMBOL[s]} in a row.",
                        tuple(self.cell(L, j) for j in range(i, run)),
                    )
                if a.bit_count() > half:
                    return Contradiction(
                        f"{self.line_name(L, True)} has {number(a.bit_count())} {SYMBOL[s]}; "
                        f"a line of {eng.length[L]} holds {number(half)} of each.",
                        self.line_cells(L, a),
                    )
        if self.unique:
            for lo, hi in ((0, self.height), (self.height, eng.nl)):
                seen = {}
                for L in range(lo, hi):
                    o, z = st[2 * L], st[2 * L + 1]
                    if (o | z) != eng.full[L]:
                        continue
                    if o in seen:
                        M = seen[o]
                        both = self.line_cells(M, eng.full[M]) + self.line_cells(L, eng.full[L])
                        return Contradiction(
                            f"{self.line_name(M, True)} and {self.line_name(L)} are the same.", both
                        )
                    seen[o] = L
        return None

    def _open_lines(self, st):
        """(line, its X bits, its O bits, its empty bits) for every line not yet full."""
        eng = self.engine
        for L in range(eng.nl):
            o, z = st[2 * L], st[2 * L + 1]
            e = eng.full[L] & ~(o | z)
            if e:
                yield L, o, z, e

    def _pairs_and_gaps(self, st):
        out = []
        for L, o, z, e in self._open_lines(st):
            for s, a in ((1, o), (0, z)):
                t = 1 - s
                for i in _bits(pair_forced(a, e)):
                    j = i + 1 if a >> (i + 1) & 1 and a >> (i + 2) & 1 else i - 2
                    pair = (self.cell(L, j), self.cell(L, j + 1))
                    out.append(Deduction(
                        *self.cell(L, i), t, "pair", TRIVIAL,
                        f"Two {SYMBOL[s]} side by side in {self.line_name(L)}, "
                        f"so the cell next to them must be {SYMBOL[t]}.",
                        pair,
                    ))
                for i in _bits(gap_forced(a, e)):
                    out.append(Deduction(
                        *self.cell(L, i), t, "gap", TRIVIAL,
                        f"{SYMBOL[s]} on both sides in {self.line_name(L)}, "
                        f"so the cell between them must be {SYMBOL[t]}.",
                        (self.cell(L, i - 1), self.cell(L, i + 1)),
                    ))
        return out

    def _trivial(self, st):
        return self._pairs_and_gaps(st) + self._last_cells(st)

    def _easy(self, st):
        return self._quotas(st) + (self._copies(st) if self.unique else [])

    def _last_cells(self, st):
        eng = self.engine
        out = []
        for L, o, z, e in self._open_lines(st):
            if e & (e - 1):
                continue
            t = 1 if o.bit_count() < eng.half[L] else 0
            out.append(Deduction(
                *self.cell(L, e.bit_length() - 1), t, "last", TRIVIAL,
                f"{self.line_name(L, True)} has one empty cell left, and it still needs an {SYMBOL[t]}.",
                self.line_cells(L, o | z),
            ))
        return out

    def _copies(self, st):
        eng = self.engine
        out = []
        for L, o, z, _e in self._open_lines(st):
            _, _, sources = eng.copy_forced(st, L, with_source=True)
            for bit, t, M in sources:
                s = 1 - t
                mo, mz = st[2 * M], st[2 * M + 1]
                just = self.line_cells(M, mo | mz) + self.line_cells(L, o | z)
                out.append(Deduction(
                    *self.cell(L, bit.bit_length() - 1), t, "duplicate", EASY,
                    f"{self.line_name(L, True)} needs one more {SYMBOL[s]}; here it would make "
                    f"{self.line_name(L)} a copy of {self.line_name(M)}, so this cell is {SYMBOL[t]}.",
                    just,
                ))
        return out

    def _quotas(self, st):
        eng = self.engine
        out = []
        for L, o, z, e in self._open_lines(st):
            half = eng.half[L]
            for s, a in ((1, o), (0, z)):
                if a.bit_count() == half:
                    t = 1 - s
                    why = (
                        f"{self.line_name(L, True)} already has {number(half)} {SYMBOL[s]}, "
                        f"so the rest are {SYMBOL[t]}."
                    )
                    just = self.line_cells(L, a)
                    out.extend(Deduction(*self.cell(L, i), t, "quota", EASY, why, just) for i in _bits(e))
        return out

    def _options(self, st, L):
        eng = self.engine
        o, z = st[2 * L], st[2 * L + 1]
        e = eng.full[L] & ~(o | z)
        options = line_options(o, z, eng.length[L])
        if options is None:
            return None
        may0, may1 = options
        return e & may0 & ~may1, e & may1 & ~may0

    def _exclusions(self, st):
        eng = self.engine
        out = []
        for L, o, z, e in self._open_lines(st):
            forced = self._options(st, L)
            if forced is None:
                return self._unfinishable(st, L)
            n = eng.length[L]
            just = self.line_cells(L, o | z)
            for t, mask in ((0, forced[0]), (1, forced[1])):
                s = 1 - t  # the symbol that is ruled out
                for i in _bits(mask):
                    bit = 1 << i
                    trial = line_closure(o | bit, z, n) if s == 1 else line_closure(o, z | bit, n)
                    why = trial[2]
                    if why is None:
                        continue
                    out.append(Deduction(
                        *self.cell(L, i), t, "exclusion", TRICKY,
                        f"An {SYMBOL[s]} here would leave {self.line_name(L)} with {self._problem(why, L)}, "
                        f"so this cell is {SYMBOL[t]}.",
                        just,
                    ))
        return out

    def _windows(self, st):
        """Tatham's Normal rule: a line that needs one more X (and two or more O) must put
        that X in any window of three cells holding no X and at most one O (else those
        three would be O), so its other empty cells are O; the same with X and O swapped."""
        eng = self.engine
        out = []
        for L, o, z, e in self._open_lines(st):
            half, n = eng.half[L], eng.length[L]
            for short, other, s in ((o, z, 1), (z, o, 0)):
                if short.bit_count() != half - 1 or other.bit_count() > half - 2:
                    continue
                t = 1 - s
                done = 0
                for i in range(n - 2):
                    m = 7 << i
                    if short & m or (other & m).bit_count() > 1:
                        continue
                    across = "columns" if L < self.height else "rows"
                    why = (
                        f"{self.line_name(L, True)} needs one more {SYMBOL[s]}, and it must go in "
                        f"{across} {i + 1} to {i + 3}, or those three cells would all be {SYMBOL[t]}; "
                        f"so this cell is {SYMBOL[t]}."
                    )
                    just = self.line_cells(L, o | z)
                    for j in _bits(e & ~m & ~done):
                        out.append(Deduction(*self.cell(L, j), t, "window", NORMAL, why, just))
                    done |= e & ~m
        return out

    def _tricky(self, st):
        found = self._exclusions(st)
        if isinstance(found, Contradiction):
            return found
        more = self._analysis(st)
        if isinstance(more, Contradiction):
            return more
        return found + more

    def _analysis(self, st):
        out = []
        for L, o, z, _e in self._open_lines(st):
            forced = self._options(st, L)
            if forced is None:
                return self._unfinishable(st, L)
            just = self.line_cells(L, o | z)
            for t, mask in ((0, forced[0]), (1, forced[1])):
                why = f"Every legal way to finish {self.line_name(L)} has {SYMBOL[t]} here."
                out.extend(Deduction(*self.cell(L, i), t, "analysis", TRICKY, why, just) for i in _bits(mask))
        return out

    def _unfinishable(self, st, L):
        eng = self.engine
        o, z = st[2 * L], st[2 * L + 1]
        return Contradiction(
            f"{self.line_name(L, True)} cannot be finished without three in a row or "
            f"more than {number(eng.half[L])} of a symbol.",
            self.line_cells(L, o | z),
        )

    def _problem(self, why, L) -> str:
        kind = why[0]
        if kind == "triple":
            return f"three {SYMBOL[why[1]]} in a row"
        if kind == "count":
            return f"more than {number(self.engine.half[L])} {SYMBOL[why[1]]}"
        return "a cell that would have to be both X and O"

    # --- whole runs --------------------------------------------------------------------------
    def run_logic(self, cells, max_level: int = TRICKY):
        """Apply rounds of deductions until the board is full, stuck or broken.

        Returns (cells, deductions in order, Contradiction or None)."""
        cells = list(cells)
        W = self.width
        done = []
        while True:
            found = self.deductions(cells, max_level)
            if isinstance(found, Contradiction):
                return cells, done, found
            if not found:
                return cells, done, None
            for d in found:
                cells[d.y * W + d.x] = d.value
                done.append(d)


def _clause(text: str) -> str:
    """A sentence made into a clause: no full stop, no capital (unless it opens with X or O)."""
    text = text.rstrip(".")
    return text if text[:2] in ("X ", "O ") else text[0].lower() + text[1:]


def _bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1
