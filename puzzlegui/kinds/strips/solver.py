"""Exact cover for Strips: every cell covered once, every strip placed as the set says.

This is Knuth's Algorithm X on bitsets rather than dancing links: each column (a cell,
or a pattern that must be used exactly once) knows the placements that would fill it as
one big integer with a bit per placement, and the placements still possible are one
integer too.  Choosing a placement clears, in one AND, every placement that shares a
cell with it (and, when the pattern is used up, every other placement of that pattern);
undoing restores two integers.  Counting a column's options is ``int.bit_count``.

At each node the search branches on the column with the fewest options (Knuth's
most-constrained-column rule): an uncut cell, or a pattern still to be placed exactly
once.  A pattern needed k > 1 times is not branched on (its copies are interchangeable,
which would repeat solutions); it only prunes: fewer open placements than k is a dead
end.  In "at most" sets the patterns are secondary columns and a capacity bound prunes
instead.  Every decomposition is found once and reported as soon as it is found.
"""

from __future__ import annotations

from puzzlegui.core.solver import Found, Progress, Step
from puzzlegui.core.text import cells_span

from .model import StripsState, cell_name, placements, sort_pieces
from .stripset import pattern_text

PROGRESS_WORK = 20_000  # cells + patterns scanned between Progress events: a few ms


def _bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Search:
    """One puzzle's exact-cover matrix, built once; ``run`` walks it."""

    def __init__(self, state: StripsState):
        self.state = state
        cols = state.cols
        self.cell_index = {c: c[1] * cols + c[0] for c in state.cells()}
        fixed = state.owner
        self.fixed = tuple(state.pieces)
        # remaining copies of each pattern after the player's strips
        self.patterns = list(state.strips.patterns)
        pattern_index = {p: i for i, p in enumerate(self.patterns)}
        self.remaining = [max(0, state.remaining(p)) for p in self.patterns]
        self.overused = any(state.remaining(p) < 0 for p in self.patterns) or any(
            p not in pattern_index for p in state.used
        )
        self.exact = state.strips.exact
        self.lengths = [len(p) for p in self.patterns]

        self.pieces = []  # placement -> (pattern, cells)
        self.piece_pattern = []  # placement -> pattern index
        self.piece_cells = []  # placement -> cell bitmask
        indices = []  # placement -> its cells' indices
        remaining = self.remaining
        index = self.cell_index
        for piece in placements(state.colours, state.strips):
            p = pattern_index[piece[0]]
            if remaining[p] == 0 or (fixed and any(c in fixed for c in piece[1])):
                continue
            self.pieces.append(piece)
            self.piece_pattern.append(p)
            cells = [index[c] for c in piece[1]]
            indices.append(cells)
            mask = 0
            for i in cells:
                mask |= 1 << i
            self.piece_cells.append(mask)
        n_cells = state.cell_count
        cell_options = [0] * n_cells
        pattern_options = [0] * len(self.patterns)
        for q, cells in enumerate(indices):
            bit = 1 << q
            for i in cells:
                cell_options[i] |= bit
            pattern_options[self.piece_pattern[q]] |= bit
        self.cell_options = cell_options
        self.pattern_options = pattern_options
        # a placement rules out every placement sharing a cell with it
        self.clash = []
        for cells in indices:
            out = 0
            for i in cells:
                out |= cell_options[i]
            self.clash.append(out)
        self.uncovered = (1 << n_cells) - 1
        for c in fixed:
            self.uncovered &= ~(1 << self.cell_index[c])
        self.live = (1 << len(self.pieces)) - 1
        self.cell_of = [None] * n_cells
        for c, i in self.cell_index.items():
            self.cell_of[i] = c
        # a node scans every uncut cell and pattern, so big puzzles report more often
        self.progress_every = max(16, PROGRESS_WORK // (n_cells + len(self.patterns)))

    def run(self, trace: bool = False):
        """The solver events for every decomposition (see core.solver)."""
        yield Progress(0)
        nodes = 0
        if not self.overused:
            plans = self.plans()
            if plans is None:
                nodes = yield from self._walk(self.remaining[:], False, trace, nodes)
            else:
                for rem in plans:
                    nodes = yield from self._walk(rem, True, trace, nodes)
        yield Progress(nodes)

    def plans(self, limit: int = 256):
        """The exact searches that together cover this puzzle, or None for one
        "at most" search.

        An exact set has one plan when the uncut cells match its cell and black-cell
        counts, none otherwise.  An "at most" set leaves some strips unused; each way to
        choose them (with the right number of cells and of black cells) is one exact
        search.  The seed's set on a 25-cell grid has one: the colour count says which
        1x1 stays unused.  Different plans use different strips, so no decomposition is
        found twice."""
        uncovered = self.uncovered.bit_count()
        black = sum(1 for i in _bits(self.uncovered) if self.state.colour(self.cell_of[i]) == "b")
        blacks = [p.count("b") for p in self.patterns]
        rem = self.remaining
        total = sum(n * length for n, length in zip(rem, self.lengths))
        total_black = sum(n * b for n, b in zip(rem, blacks))
        if self.exact:
            return [rem[:]] if (total, total_black) == (uncovered, black) else []
        slack, slack_black = total - uncovered, total_black - black
        if slack < 0 or slack_black < 0:
            return []
        plans: list[list[int]] = []
        drop = [0] * len(rem)
        budget = [limit * 40]  # calls: a huge slack gives up early for one "at most" search

        def choose(p, cells, black_cells):
            # drop copies of patterns p.. to leave out exactly ``cells`` cells
            budget[0] -= 1
            if len(plans) > limit or budget[0] < 0:
                return
            if cells == 0:
                if black_cells == 0:
                    plans.append([n - d for n, d in zip(rem, drop)])
                return
            if p == len(rem):
                return
            length, b = self.lengths[p], blacks[p]
            for k in range(min(rem[p], cells // length), -1, -1):
                if b * k > black_cells:
                    continue
                drop[p] = k
                choose(p + 1, cells - k * length, black_cells - k * b)
            drop[p] = 0

        choose(0, slack, slack_black)
        return None if len(plans) > limit or budget[0] < 0 else plans

    def _walk(self, rem: list[int], exact: bool, trace: bool, nodes: int):
        """Algorithm X from the start position with ``rem`` copies of each pattern to
        place (``exact``: all of them); returns the node count when done."""
        rem = rem[:]
        lengths = self.lengths
        cell_options = self.cell_options
        pattern_options = self.pattern_options
        piece_pattern = self.piece_pattern
        piece_cells = self.piece_cells
        clash = self.clash
        n_patterns = len(rem)
        pieces = self.pieces
        progress_every = self.progress_every
        live = self.live
        uncovered = self.uncovered
        chosen: list[int] = []
        # each frame: [options, next index, live before, uncovered before]
        stack: list[list] = []
        descend = True
        while True:
            if descend:
                descend = False
                if not uncovered:
                    if not exact or not any(rem):
                        yield Found(sort_pieces(self.fixed + tuple(pieces[q] for q in chosen)))
                    options = ()
                else:
                    mask = None  # the options of the column to branch on
                    best = None
                    dead = False
                    # Patterns first.  ``capacity`` is how many cells the strips still
                    # placeable could cover; a pattern that cannot get its copies ends an
                    # exact branch, and a set that cannot cover the uncut cells ends any.
                    capacity = 0
                    pattern_mask = None
                    pattern_best = None
                    for p in range(n_patterns):
                        need = rem[p]
                        if not need:
                            continue
                        have = (live & pattern_options[p]).bit_count()
                        if have < need:
                            if exact:
                                dead = True
                                if trace:
                                    yield Step(
                                        "backtrack",
                                        None,
                                        f"No room is left for the {pattern_text(self.patterns[p])} strip.",
                                    )
                                break
                            capacity += have * lengths[p]
                        else:
                            capacity += need * lengths[p]
                            if need == 1 and have and (pattern_best is None or have < pattern_best):
                                pattern_best, pattern_mask = have, pattern_options[p]
                    if not dead:
                        slack = capacity - uncovered.bit_count()
                        if slack < 0:
                            dead = True
                        elif exact or slack == 0:
                            # every strip left must be used: its pattern is a column too
                            best, mask = pattern_best, pattern_mask
                    if not dead and (best is None or best > 1):
                        m = uncovered
                        while m:
                            low = m & -m
                            m ^= low
                            i = low.bit_length() - 1
                            have = (live & cell_options[i]).bit_count()
                            if best is None or have < best:
                                best, mask = have, cell_options[i]
                                if have == 0:
                                    dead = True
                                    if trace:
                                        c = self.cell_of[i]
                                        yield Step(
                                            "backtrack", None, f"No strip that is left fits {cell_name(c)}.", (c,)
                                        )
                                    break
                                if have == 1:
                                    break
                    options = () if dead else list(_bits(live & mask))
                stack.append([options, 0, live, uncovered])
            frame = stack[-1]
            # take back the placement this frame made last time, if any
            if frame[1] > 0:
                q = chosen.pop()
                live, uncovered = frame[2], frame[3]
                rem[piece_pattern[q]] += 1
                if trace:
                    pattern, cells = pieces[q]
                    yield Step(
                        "remove",
                        ("remove", pattern, cells),
                        f"Take back {pattern_text(pattern)} from {cells_span(cells[0], cells[-1])}.",
                        cells,
                    )
            options = frame[0]
            if frame[1] >= len(options):
                stack.pop()
                if not stack:
                    return nodes
                continue
            q = options[frame[1]]
            frame[1] += 1
            nodes += 1
            if nodes % progress_every == 0:
                yield Progress(nodes)
            p = piece_pattern[q]
            chosen.append(q)
            live &= ~clash[q]
            uncovered &= ~piece_cells[q]
            rem[p] -= 1
            if not rem[p]:
                live &= ~pattern_options[p]
            if trace:
                pattern, cells = pieces[q]
                yield Step(
                    "place",
                    ("place", pattern, cells),
                    f"Try {pattern_text(pattern)} on {cells_span(cells[0], cells[-1])}.",
                    cells,
                )
            descend = True


def solve(state: StripsState, trace: bool = False):
    """Every decomposition of ``state`` that keeps the strips already cut."""
    yield from Search(state).run(trace)


def count(state: StripsState, limit: int | None = None) -> int:
    """How many decompositions (stopping at ``limit``); for the generator and tests."""
    n = 0
    for event in Search(state).run(False):
        if type(event) is Found:
            n += 1
            if limit is not None and n >= limit:
                break
    return n


def solutions(state: StripsState, limit: int | None = None) -> list:
    out = []
    for event in Search(state).run(False):
        if type(event) is Found:
            out.append(event.solution)
            if limit is not None and len(out) >= limit:
                break
    return out
