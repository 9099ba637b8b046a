"""Exact cover for Strips: every cell covered once, every strip placed as the set says.

This is Knuth's Algorithm X on bitsets rather than dancing links: each column (a cell,
or a pattern that must be used exactly once) knows the placements that would fill it as
one big integer with a bit per placement, and the placements still possible are one
integer too.  Choosing a placement clears, in one AND, every placement that shares a
cell with it (and, when the pattern is used up, every other placement of that pattern);
undoing restores two integers.  Counting a column's options is ``int.bit_count``.

At each node the search branches on one column: a cell with a single option left
(forced, taken at once), else a pattern still to be placed exactly once with the fewest
options, else the uncut cell with the fewest options.  Placing a rare strip settles more
than cutting one cell: on random 12x12 grids of ``len1*2 len4-5`` branching on patterns
first halves the nodes.  A pattern needed k > 1 times is not branched on (its copies are
interchangeable, which would repeat solutions); it only prunes: fewer open placements
than k is a dead end.  In "at most" sets the patterns are secondary columns and a
capacity bound prunes instead.

1x1 strips fit anywhere, so they hide dead ends: a cell no longer strip can reach still
has its 1x1 and the search would only notice much deeper, when the 1x1s run out.  Such
cells are "holes": more holes of one colour than 1x1s of that colour left ends the
branch at once, and as many means those 1x1s can go nowhere else.  Every decomposition
is found once and reported as soon as it is found.

This search settles small puzzles in a few hundred nodes and replays its steps for the
board ("show the search").  ``solve`` gives it SWITCH_NODES nodes; a puzzle still open
then goes to the batched search (batch.py), which prunes with a hole budget and runs
thousands of positions at once: a 12x12 grid of ``len1*2 len4-5`` that takes this
search 10 s takes that one well under a second.
"""

from __future__ import annotations

from puzzlegui.core.solver import Found, Progress, Step
from puzzlegui.core.text import cells_span

from .batch import BatchSearch
from .batch import suits as batch_suits
from .count import Sweep, TooBig
from .count import count as count_all
from .count import suits as sweep_suits
from .model import StripsState, cell_name, placements, sort_pieces
from .stripset import pattern_text

PROGRESS_WORK = 20_000  # cells + patterns scanned between Progress events: a few ms
SWITCH_NODES = 2_000  # nodes of Algorithm X before the batched search takes over (~40 ms) ...
SWITCH_PER_FOUND = 500  # ... and more for each decomposition it found


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
        # the 1x1 patterns, each cell's options that are longer strips, and which 1x1
        # pattern covers each cell (its colour's, if the set has it)
        self.singles = [p for p, length in enumerate(self.lengths) if length == 1]
        single_options = 0
        for p in self.singles:
            single_options |= pattern_options[p]
        self.single_options = single_options
        self.long_options = [o & ~single_options for o in cell_options]
        self.single_of = [None] * n_cells
        for p in self.singles:
            for q in _bits(pattern_options[p]):
                self.single_of[self.piece_cells[q].bit_length() - 1] = p
        # a node scans every uncut cell and pattern, so big puzzles report more often
        self.progress_every = max(16, PROGRESS_WORK // (n_cells + len(self.patterns)))

    def _hole_options(self, cells: int) -> int:
        """The 1x1 placements on ``cells`` (a cell bitmask)."""
        out = 0
        for i in _bits(cells):
            out |= self.cell_options[i]
        return out & self.single_options

    def run(self, trace: bool = False):
        """The solver events for every decomposition (see core.solver)."""
        yield Progress(0)
        nodes = 0
        if not self.overused:
            plans = self.plans()
            if plans is None:
                nodes = yield from self._walk(self.remaining[:], False, trace, nodes)
            else:
                self._plans = plans
                for i, rem in enumerate(plans):
                    self._plan = i
                    nodes = yield from self._walk(rem, True, trace, nodes)
        yield Progress(nodes)

    def frontier(self) -> list[tuple[int, list]]:
        """What is left to search, read at a Progress event of ``run`` with plans: one
        (plan number, strips to place) per subtree not yet entered.  Strips are pieces
        (pattern, cells).  The subtrees are disjoint and with what was searched cover
        every decomposition, so another search can take over from here."""
        out = []
        stack, chosen = self._stack, self._chosen
        top = len(stack) - 1
        for depth, frame in enumerate(stack):
            options, start = frame[0], frame[1]
            if depth == top:
                start -= 1  # the option being tried: its subtree is not entered yet
            prefix = [self.pieces[q] for q in chosen[:depth]]
            out.extend((self._plan, prefix + [self.pieces[q]]) for q in options[start:])
        out.extend((i, []) for i in range(self._plan + 1, len(self._plans)))
        return out

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
        singles = self.singles
        long_options = self.long_options
        single_of = self.single_of
        hole_options = self._hole_options
        chosen: list[int] = []
        # each frame: [options, next index, live before, uncovered before]
        stack: list[list] = []
        self._stack, self._chosen = stack, chosen  # for frontier()
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
                    if not dead and best != 1:
                        # The cells.  A cell with one option is forced and branched on at
                        # once; otherwise a pattern column beats any cell (placing a rare
                        # strip settles more than cutting one cell), and without one the
                        # cell with the fewest options is the column.  A "hole" is a cell
                        # only a 1x1 can still cover: more holes of a colour than 1x1s of
                        # it left is a dead end, and as many means those 1x1s go nowhere
                        # else.
                        holes = [0] * n_patterns if singles and any(rem[p] for p in singles) else None
                        cell_best = None
                        cell_mask = 0
                        m = uncovered
                        while m:
                            low = m & -m
                            m ^= low
                            i = low.bit_length() - 1
                            o = live & cell_options[i]
                            if not o:
                                dead = True
                                if trace:
                                    c = self.cell_of[i]
                                    yield Step("backtrack", None, f"No strip that is left fits {cell_name(c)}.", (c,))
                                break
                            if holes is not None and not o & long_options[i]:
                                p = single_of[i]
                                holes[p] |= low
                                if holes[p].bit_count() > rem[p]:
                                    dead = True
                                    if trace:
                                        where = tuple(self.cell_of[j] for j in _bits(holes[p]))
                                        yield Step(
                                            "backtrack",
                                            None,
                                            f"{len(where)} cells can only be {pattern_text(self.patterns[p])} "
                                            f"1x1 strips, but only {rem[p]} {'is' if rem[p] == 1 else 'are'} left.",
                                            where,
                                        )
                                    break
                                if cell_best != 1:
                                    cell_best, cell_mask = 1, cell_options[i]
                                continue  # count every hole before branching
                            if not o & (o - 1):
                                cell_best, cell_mask = 1, cell_options[i]
                                break
                            if best is None:  # no pattern column: the cell with fewest options
                                have = o.bit_count()
                                if cell_best is None or have < cell_best:
                                    cell_best, cell_mask = have, cell_options[i]
                        if not dead and (best is None or cell_best == 1):
                            best, mask = cell_best, cell_mask
                        if not dead and holes is not None:
                            for p in singles:
                                if rem[p] and holes[p] and holes[p].bit_count() == rem[p]:
                                    # every 1x1 of this colour left fills a hole
                                    live &= ~(pattern_options[p] & ~hole_options(holes[p]))
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
    """Every decomposition of ``state`` that keeps the strips already cut.

    Sets of few patterns (count.suits) are swept cell by cell with memoised
    sub-problems (count.py); if that outgrows its memory before finding anything the
    search runs instead.  The search is this module's Algorithm X, which settles small
    puzzles in a few hundred nodes; one that is still going after SWITCH_NODES nodes
    (more if it keeps finding decompositions) hands the subtrees it has not entered to
    the batched search (batch.py), which prunes harder and advances thousands of
    positions at once.  A traced search (the board replays its steps) is always
    Algorithm X.  Either way every decomposition is found once, as soon as it is found."""
    if not trace and sweep_suits(state):
        try:
            yield from Sweep(state).walk()
            return
        except TooBig:
            pass  # nothing was found yet, so the search starts afresh
    search = Search(state)
    if trace:
        yield from search.run(trace)
        return
    yield from _search_then_batch(state, search)


def _search_then_batch(state: StripsState, search: Search):
    """Algorithm X until it has spent SWITCH_NODES nodes (and SWITCH_PER_FOUND more for
    each decomposition it found: where decompositions are dense a depth-first search
    reaches the next one sooner); then the batched search takes the subtrees it has not
    entered (Search.frontier), so nothing is searched twice."""
    plans = None if search.overused else search.plans()
    if plans is None or not batch_suits(state):
        yield from search.run(False)
        return
    events = search.run(False)
    nodes = found = 0
    for event in events:
        if type(event) is Progress:
            nodes = event.nodes
            if nodes > SWITCH_NODES + SWITCH_PER_FOUND * found:
                starts = search.frontier()
                events.close()
                break
        else:
            found += 1
        yield event
    else:
        return  # the plain search finished
    for event in BatchSearch(state, plans, starts=starts).run():
        yield Progress(nodes + event.nodes) if type(event) is Progress else event


def count(state: StripsState, limit: int | None = None) -> int:
    """How many decompositions (stopping at ``limit``); for the generator and tests.

    Counted without listing when the sweep suits the set (count.count), else listed by
    the search as in ``solve``."""
    if sweep_suits(state):
        exact = count_all(state)
        if exact is not None:
            return exact if limit is None else min(exact, limit)
    n = 0
    events = _search_then_batch(state, Search(state))  # the sweep, if it suits, gave up
    for event in events:
        if type(event) is Found:
            n += 1
            if limit is not None and n >= limit:
                break
    events.close()
    return n


def solutions(state: StripsState, limit: int | None = None) -> list:
    out = []
    events = solve(state)
    for event in events:
        if type(event) is Found:
            out.append(event.solution)
            if limit is not None and len(out) >= limit:
                break
    events.close()
    return out
