"""The rotation solver: every shortest solution where the positions can be tabulated,
a good solution by reduction where they cannot.

``solve(state, trace)`` is a generator of core.solver events.  It solves from the
position it is given (the player's current one).

* Exact: the distance table (tables.py) says how far the position is; a depth-first walk
  that only follows moves one step closer lists every shortest sequence, in move order,
  and the number of them is counted first.  Traced, the walk shows each turn it tries
  and turns back the ones that do not lead closer.
* Optimal (optimal.py, pdb.py): boards of at most 16 tiles, and 5x5 with 3x3 blocks, get
  proven-shortest answers from IDA* over pattern databases.  It is an anytime search:
  first a quick answer by reduction (an upper bound, yielded at once as a Best event
  so that a stop keeps it), then IDA* deepens from the heuristic's lower bound while
  beam searches look for shorter answers (up to IMPROVE_SHARE of the time); Step
  events (move None) say "found 16 moves; at least 14 proven; searching 14" as it goes,
  and each new bound or better answer is a Best event carrying the answer and the
  proven lower bound.  Found is yielded only for proven-shortest sequences: a beam's
  answer as soon as the proven bound reaches its length, then every other one (the last
  iteration is finished), so the driver's count is exact when it runs to the end.
  Traced, each solution is played and taken back.
* Reduction (reduce.py): outer rows and columns first, then the core.  Traced, each
  placed turn is shown, and the core's IDA* search shows its first tries.  Not proven
  shortest: such a search ends after its one answer but is not exhaustive, which the
  kind states (``complete`` false, see kind.py).

Pure: no Qt.
"""

from __future__ import annotations

import re
import sys
import time

from puzzlegui.core.kind import PuzzleError
from puzzlegui.core.solver import FIRST, Best, Found, Progress, Step, run
from puzzlegui.core.text import noun, number, plural

from . import diskcache, lazy, tables

# the engines of bigger boards need numpy: loaded on first use, so that a board solved
# from its distance table (a 3x3 in a new process) starts in a fraction of a second
optimal = lazy.module("puzzlegui.kinds.rotation.optimal", globals(), "optimal")
pdb = lazy.module("puzzlegui.kinds.rotation.pdb", globals(), "pdb")
reduce = lazy.module("puzzlegui.kinds.rotation.reduce", globals(), "reduce")
cycles = lazy.module("puzzlegui.kinds.rotation.cycles", globals(), "cycles")
short = lazy.module("puzzlegui.kinds.rotation.short", globals(), "short")
from .model import (
    Config,
    RotationState,
    block_cells,
    block_name,
    goal_state,
    inverse,
    is_solved,
    move_text,
    turn,
    turn_sources,
)

TRACE_LIMIT = 3000  # search steps shown before the display stops following the search


class RotationSolution:
    """A sequence of moves from the solve's start to the goal.

    The exact solver lists thousands of shortest sequences in milliseconds, so it keeps
    each as move indices into one shared list and spells the moves out when asked."""

    __slots__ = ("_moves", "_names", "optimal", "shortest_count", "method")

    def __init__(self, moves, optimal: bool, shortest_count: int | None = None, method: str = "", names=None):
        self._moves = tuple(moves)
        self._names = names  # None: ``moves`` already holds the move tuples
        self.optimal = optimal  # proven to be the fewest moves
        self.shortest_count = shortest_count  # how many shortest sequences exist, when known
        self.method = method

    @property
    def moves(self) -> tuple:
        if self._names is None:
            return self._moves
        names = self._names
        return tuple([names[i] for i in self._moves])

    def __len__(self) -> int:
        return len(self._moves)

    def __eq__(self, other) -> bool:
        return isinstance(other, RotationSolution) and self.moves == other.moves and self.optimal == other.optimal

    def __hash__(self) -> int:
        return hash(self.moves)

    def __repr__(self) -> str:
        return f"RotationSolution({len(self._moves)} moves, optimal={self.optimal})"


BIG_ENUMERATION = 200_000  # more shortest paths than this are listed lazily


OPTIMAL_CELLS = 16  # boards up to this many tiles are solved optimally by IDA*


def provable(config: Config) -> bool:
    """True if the optimal search (IDA* over pattern databases) handles ``config``."""
    if tables.feasible(config):
        return False
    if config.cells <= OPTIMAL_CELLS:
        return True
    return (config.w, config.h, config.n) == (5, 5, 3) and not config.oriented


def support_reason(config: Config) -> str | None:
    if tables.feasible(config) or provable(config):
        return None
    return reduce.support_reason(config)


def solve(state: RotationState, trace: bool = False, prove: bool = False):
    """A generator of Progress / Step / Found events (see core.solver).

    Tabulated boards always get every shortest sequence.  Otherwise ``prove`` asks for
    proven-shortest answers where the optimal search handles the board (the kind's
    solve does); without it the quick reduction answers (the hint wants a move now)."""
    reason = support_reason(state.config)
    if reason:
        raise PuzzleError(reason)
    if tables.feasible(state.config):
        return _solve_exact(state, trace)
    if provable(state.config) and (prove or reduce.support_reason(state.config) is not None):
        return _proven_when_bound_meets(_solve_optimal(state, trace), trace)
    return _proven_when_bound_meets(_solve_reduction(state, trace), trace)


def _proven_when_bound_meets(events, trace: bool = False):
    """The events of ``events``, with a Best answer as long as its proven lower bound
    said as what it is: a proven-shortest answer (Found, ``optimal``), once.  After it
    the same sequence found again is not counted twice, and later Best answers (which
    cannot be shorter) are dropped; a final one still says the search ends without
    having listed every shortest sequence.  The first proven answer, however it comes,
    is followed by a Best that says it is proven (the window's "best so far"; a
    first-answer search has ended before it).  Traced, only a final Best is turned (the
    display shows its moves played; the optimal search plays and proves its own answers)."""
    proven = None
    for event in events:
        if type(event) is Best:
            if proven is not None:
                if event.final:  # the search ends without listing the other shortest sequences
                    yield Best(RotationSolution(proven, True, None), len(proven), event.text, final=True)
                continue
            sol = event.solution
            if event.lower is not None and len(sol) <= event.lower and (event.final or not trace):
                proven = sol.moves
                if event.final:  # the search ends here: other shortest sequences are not listed
                    yield event
                found = RotationSolution(proven, True, None, sol.method)
                yield Found(found)
                if not event.final:
                    yield Best(found, len(proven), bound_text(len(proven), len(proven), None))
                continue
        elif type(event) is Found:
            if proven is not None and event.solution.moves == proven:
                continue
            if proven is None and event.solution.optimal and not trace:
                proven = event.solution.moves
                yield event
                n = len(proven)
                yield Best(event.solution, n, bound_text(n, n, None))
                continue
        yield event


def cells_of(config: Config, move) -> tuple:
    return block_cells(config, move[1], move[2])


# --- exact ---------------------------------------------------------------------------------------
def _solve_exact(state: RotationState, trace: bool):
    config = state.config
    if not trace and tables.cached(config) is None and "numpy" not in sys.modules:
        # a new process: the cached table read without loading numpy (tables.light)
        small = tables.light(config)
        dag = tables.light_dag(small, state.tiles) if small is not None else None
        if small is not None and small.distance(state.tiles) is None:
            return
        if dag is not None:
            total = tables.light_count(dag)
            names = dag[0]
            for i, path in enumerate(tables.light_paths(dag), start=1):
                yield Found(RotationSolution(path, True, total, "distance table", names))
                if i % 1000 == 0:
                    yield Progress(i)
            return
    built = 0  # the table's entries filled, if it is built here: the counts go on from it
    if tables.cached(config) is None:
        for built in tables.build(config):
            yield Progress(built)
    table = tables.cached(config)
    tiles, orient = state.tiles, state.orient
    d0 = table.distance(tiles, orient)
    if d0 is None:
        return
    dag = tables.shortest_dag(table, tiles, orient)
    total = tables.dag_count(dag)
    if not trace:
        # every shortest path straight from the graph of shortest paths
        names = dag[0]
        paths = tables.dag_paths(dag) if total <= BIG_ENUMERATION else tables.dag_paths_lazy(dag)
        for i, path in enumerate(paths, start=1):
            yield Found(RotationSolution(path, True, total, "distance table", names))
            if i % 1000 == 0:
                yield Progress(built + i)
        return
    nodes = built
    path: list = []
    w, n = config.w, config.n
    oriented = config.oriented

    def walk(t, o, d):
        nonlocal nodes
        if d == 0:
            yield Found(RotationSolution(tuple(path), True, total, "distance table"))
            return
        for move in table.moves:
            _, x, y, way = move
            t2, o2 = turn(t, o, w, n, x, y, way == "cw")
            if not oriented:
                o2 = o
            nodes += 1
            if nodes % 1000 == 0:
                yield Progress(nodes)
            d2 = table.distance(t2, o2)
            closer = d2 == d - 1
            if trace:
                depth = len(path) + 1
                verdict = "one closer: go on" if closer else "not closer: turn it back"
                yield Step(
                    "try",
                    move,
                    f"Move {depth} of {d0}: {move_text(config, move).lower()[0]}"
                    f"{move_text(config, move)[1:]}; {plural(d2, 'move')} from the goal, {verdict}.",
                    cells_of(config, move),
                )
            if closer:
                path.append(move)
                yield from walk(t2, o2, d2)
                path.pop()
            if trace:
                yield Step("backtrack", inverse(move), "Turn it back.", cells_of(config, move))

    yield from walk(tiles, orient, d0)
    yield Progress(nodes)


PROVE_BUILD_LIMIT = 48 << 20  # ``distance`` builds pattern databases of at most this many bytes


def distance(state: RotationState, build: bool = True, prove_within: float | None = None) -> int | None:
    """Fewest moves from here to the goal where a table exists (building it if ``build``);
    with ``prove_within`` (seconds), beyond the tables too where Solve's own search (the
    kind's solve: ``solve(prove=True)``) proves it within that time."""
    config = state.config
    if not tables.feasible(config):
        if prove_within is None or not provable(config):
            return None
        if pdb.missing_bytes(config) > PROVE_BUILD_LIMIT:
            # databases too big to build for a glance (Solve builds them, once): a few
            # turns from the goal is still proven, by the same short search Solve starts with
            word, _depth = diskcache._drive(short.search(config, state.tiles, state.orient, SHORT_DEPTH))
            return None if word is None else len(word)
        result = run(solve(state, prove=True), FIRST, time_limit=prove_within)
        first = result.solutions[0] if result.solutions else None
        return len(first.moves) if first is not None and first.optimal else None
    table = tables.get(config) if build else tables.cached(config)
    if table is None:
        return None
    return table.distance(state.tiles, state.orient)


# --- optimal ---------------------------------------------------------------------------------------
def bound_text(best: int | None, lower: int, searching: int | None) -> str:
    """The anytime search's state, e.g. "found 16 moves; at least 13 proven; searching 14"."""
    tail = f"; searching {searching}" if searching is not None else ""
    if best is None:  # (not "no solution yet": the search may go on to prove there is none)
        return f"at least {lower} proven{tail}"
    head = f"found {plural(best, 'move')}"
    if best <= lower:
        return f"{head}; proven shortest; listing every shortest sequence"
    return f"{head}; at least {lower} proven{tail}"


def _quick_upper_bound(state: RotationState, tries: list):
    """The reduction's answer as an upper bound (a generator returning it, or None where
    the reduction would itself be the whole search); ``tries[0]`` ends as the last count
    it showed."""
    config = state.config
    if reduce.support_reason(config) is not None:
        return None
    work_cfg, _ = reduce.label(config, state.tiles, state.orient)
    phases, _core = reduce.plan(work_cfg)
    if reduce.handles(config) and not phases and config.n != 2:
        return None  # 3x3 blocks with no outer tiles: the core's IDA* is the whole search
    best = None
    for event in _solve_reduction(state, False, improve=False):
        if isinstance(event, Found | Best):
            best = event.solution
        elif isinstance(event, Progress):
            tries[0] = max(tries[0], event.nodes)
            yield Progress(tries[0])
    return best


IMPROVE_SHARE = 0.4  # of the optimal search's time, what the beam searches may take


def _solve_optimal(state: RotationState, trace: bool):
    config = state.config
    tries = [0]  # the quick answer's count, then the search's on top of it: it only grows
    best = yield from _quick_upper_bound(state, tries)
    upper = len(best) if best is not None else None
    quick = 0
    if best is not None:  # the quick answer is kept if the search is stopped from here on
        quick = lower_bound(state)  # proven at once, before the pattern databases load
        text = bound_text(upper, quick, None) if quick else f"found {plural(upper, 'move')}; no lower bound yet"
        yield Step("bound", None, text)
        yield Best(best, quick or None, text)
    if not trace and (upper is None or upper > 1):
        # a few turns from the goal: the answer before any database is opened or built
        most = SHORT_DEPTH if upper is None else min(SHORT_DEPTH, upper - 1)
        word, depth = yield from _short(state, most, tries, quick)
        if word is not None:
            best = RotationSolution(tuple(word), False, None, "meet-in-the-middle search")
            upper = quick = len(word)
        else:
            quick = max(quick, depth + 1)
        if best is not None:
            text = bound_text(upper, quick, None)
            yield Step("bound", None, text)
            yield Best(best, quick, text)  # as long as its bound: proven (the filter in solve)
    if pdb.cached(config) is None:
        yield Step("bound", None, "Preparing the pattern databases (built once, then read from the disk cache).")
    looks = yield from _drive(pdb.lookups(config), tries[0], best, quick)
    engine = optimal.Engine(config, looks)
    names = engine.moves
    index = {m: i for i, m in enumerate(names)}
    start = engine.space.locations(state.tiles, state.orient)
    if start is None:
        return
    lower = int(engine.heuristic(start[None, :])[0])
    if lower >= pdb.BIG:
        return
    lower = max(lower, quick)  # the search for a few turns may have proven more
    if upper is not None and upper < lower:  # cannot happen with an admissible heuristic
        raise PuzzleError("The solver's bounds disagree; please report this puzzle.")
    best_word = tuple(index[m] for m in best.moves) if best is not None else None
    counter = tries  # engine.search and engine.improve add their nodes to it
    seen: set = set()
    shown = 0

    def emit(word):
        """Found for a proven-shortest sequence (played and taken back when traced)."""
        nonlocal shown
        sol = RotationSolution(word, True, None, "IDA* with pattern databases", names)
        if trace and shown < TRACE_LIMIT:
            moves = sol.moves
            shown += 2 * len(moves)
            for i, m in enumerate(moves, start=1):
                yield Step("place", m, f"A shortest solution, move {i} of {len(moves)}: "
                           f"{move_text(config, m).lower()}.", cells_of(config, m))
            yield Found(sol)
            for m in reversed(moves):
                yield Step("backtrack", inverse(m), "Take it back to look for the next.", cells_of(config, m))
        else:
            yield Found(sol)

    # beam searches (optimal.Engine.improve) look for shorter answers alongside the
    # proof, taking up to IMPROVE_SHARE of the time; an answer as long as the proven
    # lower bound is proven shortest before the last iteration has run
    improver = engine.improve(start, upper, counter) if lower > 0 else None
    spent = [0.0, 0.0]  # seconds in the proof, in the beam searches
    bound = lower
    while True:
        text = bound_text(upper, lower, bound)
        yield Step("bound", None, text)
        if best is not None:  # kept as the answer if the search is stopped here
            yield Best(best, lower, text)
        if best_word is not None and len(best_word) == lower and not seen:
            # the best answer is as short as the proven bound: proven shortest (the
            # step above says so); the last iteration lists the others
            seen.add(best_word)
            yield from emit(best_word)
            improver = None
        search = engine.search(start, bound, counter)
        while True:
            if improver is not None and spent[1] < IMPROVE_SHARE * (spent[0] + spent[1]) + 0.05:
                t0 = time.perf_counter()
                try:
                    word = next(improver)
                except StopIteration:
                    improver = None
                    word = None
                spent[1] += time.perf_counter() - t0
                if word is not None and (upper is None or len(word) < upper) and _solves(state, names, word):
                    best_word = word
                    best = RotationSolution(word, False, None, "beam search", names)
                    upper = len(word)
                    text = bound_text(upper, lower, bound)
                    yield Step("bound", None, text)
                    yield Best(best, lower, text)
                    if upper == lower and not seen:  # as short as the proven bound
                        seen.add(word)
                        yield from emit(word)
                        improver = None
                yield Progress(counter[0])
                continue
            t0 = time.perf_counter()
            try:
                item = next(search)
            except StopIteration as stop:
                spent[0] += time.perf_counter() - t0
                nxt = stop.value
                break
            spent[0] += time.perf_counter() - t0
            if item is None:
                yield Progress(counter[0])
                continue
            if not seen:
                # the first solution within the bound: no shorter one exists (every
                # earlier bound was searched through), so this length is proven
                upper = lower = len(item)
                improver = None
                yield Step("bound", None, bound_text(upper, lower, None))
            for word in engine.equivalents(item):
                if word in seen:
                    continue
                seen.add(word)
                yield from emit(word)
        if seen:
            yield Progress(counter[0])
            return
        if nxt is None:
            return  # nothing reachable within any bound: the goal cannot be reached
        lower = bound = nxt


def _solves(state: RotationState, names, word) -> bool:
    """Whether the move indices ``word`` take ``state`` to the goal (a check on the
    beam searches' answers before they are shown)."""
    config = state.config
    tiles, orient = state.tiles, state.orient
    for i in word:
        _, x, y, d = names[i] if names is not None else i
        tiles, orient = turn(tiles, orient, config.w, config.n, x, y, d == "cw")
    return is_solved(RotationState(config, tiles, orient if config.oriented else state.orient))


def _drive(gen, tries: int = 0, best: RotationSolution | None = None, lower: int = 0):
    """Run a build generator (pdb.lookups); its return value.  Its sentences (how far a
    database's build is) become Steps, and with an answer so far (``best``, its bound
    ``lower``) Best events whose phrase leads with the build's stage, for the window
    ("building pattern database 1 of 2: 45%; found 26 moves; at least 9 proven"); its
    counts (entries filled, not tries of the search) become Progress events that repeat
    ``tries``, the search's count so far, so that the count shown only grows and a stop
    is seen between any two slices."""
    while True:
        try:
            found = next(gen)
        except StopIteration as stop:
            return stop.value
        if isinstance(found, str):
            yield Step("bound", None, found)
            if best is not None:
                stage = re.sub(r" \([^)]*\)", "", found)  # without the "(7 tiles; built once ...)"
                bound = bound_text(len(best), lower, None) if lower else f"found {plural(len(best), 'move')}"
                yield Best(best, lower or None, f"{stage[0].lower()}{stage[1:]}; {bound}")
        else:
            yield Progress(tries)


# --- reduction -----------------------------------------------------------------------------------
def _solve_reduction(state: RotationState, trace: bool, improve: bool = True, group: int = 1, tail: int = 0,
                     lines=None):
    config = state.config
    if not reduce.handles(config):
        yield from _solve_general(state, trace, improve)
        return
    work_cfg, tiles = reduce.label(config, state.tiles, state.orient)
    orient = state.orient
    w, n = config.w, config.n
    moves: list = []
    steps_shown = 0

    def do(move, text):
        nonlocal tiles, orient
        _, x, y, d = move
        tiles, orient = turn(tiles, orient, w, n, x, y, d == "cw")
        moves.append(move)
        if trace:
            return Step("place", move, f"{text}: {move_text(config, move).lower()}.", cells_of(config, move))
        return None

    phases, (x0, y0, cw, ch) = reduce.plan(work_cfg, group, tail, lines)
    fixed: set = set()
    shown_tries = 0  # the last count of tries shown (the core search's, if it ran)
    for cells, (rx, ry) in phases:
        yield Progress(len(moves) + 1)
        targets = {tiles_home(work_cfg, cx, cy): cy * w + cx for cx, cy in cells}
        allowed = reduce.allowed_moves(work_cfg, fixed, rx, ry)
        names = ", ".join(str(state_value(config, cx, cy)) for cx, cy in cells)
        what = f"Placing {noun(len(cells), 'tile')} {names}"
        for move in reduce.place(work_cfg, tiles, orient, targets, allowed):
            step = do(move, what)
            if step is not None:
                yield step
        fixed.update(cells)

    # the core, as a board of its own
    core_cfg = Config(cw, ch, n, config.cw_only, False, False)
    core_cells = [(y0 + j) * w + x0 + i for j in range(ch) for i in range(cw)]
    relabel = {(y0 + j) * w + x0 + i + 1: j * cw + i + 1 for j in range(ch) for i in range(cw)}
    core_tiles = tuple(relabel[tiles[c]] for c in core_cells)
    shift = lambda m: (m[0], m[1] + x0, m[2] + y0, m[3])  # noqa: E731 - a one-line offset
    if tables.feasible(core_cfg):
        yield Progress(len(moves) + 1)
        table = tables.get(core_cfg)
        t, o = core_tiles, (0,) * (cw * ch)
        d = table.distance(t, o)
        while d:
            move, t, o = tables.step_down(table, t, o, d)[0]
            d -= 1
            step = do(shift(move), "Solving the core exactly")
            if step is not None:
                yield step
    else:
        core = reduce.colour_core(core_cfg)
        shown: list = []
        buffered: list = []

        def on_try(move, forward):
            nonlocal steps_shown
            if not trace or steps_shown < 0:
                return
            if steps_shown >= TRACE_LIMIT:
                for m in reversed(shown):
                    buffered.append(Step("backtrack", inverse(shift(m)), "Back to the core's start.", ()))
                buffered.append(Step("deduce", None, "The core search goes on without showing each try."))
                shown.clear()
                steps_shown = -1
                return
            steps_shown += 1
            if forward:
                shown.append(move)
                m = shift(move)
                buffered.append(Step("try", m, f"Core search: {move_text(config, m).lower()}.", cells_of(config, m)))
            else:
                shown.pop()
                buffered.append(Step("backtrack", inverse(shift(move)), "Turn it back.", cells_of(config, shift(move))))

        found = None
        for event in reduce.ida_colours(core, core.ranks(core_tiles), on_try=on_try):
            if buffered:
                yield from buffered
                buffered.clear()
            if isinstance(event, list):
                found = event
            else:
                shown_tries = len(moves) + event
                yield Progress(shown_tries)
        if buffered:
            yield from buffered
            buffered.clear()
        core_moves = [shift(m) for m in found]
        if trace and steps_shown >= 0:
            # the display already shows the found sequence applied
            for m in core_moves:
                _, x, y, dd = m
                tiles, orient = turn(tiles, orient, w, n, x, y, dd == "cw")
                moves.append(m)
        else:
            for m in core_moves:
                step = do(m, "Solving the core")
                if step is not None:
                    yield step
    if config.oriented and any(orient):
        for move in reduce.fix_flips(work_cfg, orient, x0, y0, cw, ch):
            step = do(move, "Turning the upside-down tiles over")
            if step is not None:
                yield step
    final = RotationState(work_cfg, tiles, orient)
    if not is_solved(final):
        raise PuzzleError("The solver went wrong and did not reach the goal; please report this puzzle.")
    # with no outer tiles to place the core search is the whole search, and IDA* with an
    # admissible heuristic (each colour's exact distance) finds the fewest moves
    proven = not phases and not tables.feasible(core_cfg) and not config.rows_only and not config.oriented
    method = "IDA* over the two colours" if proven else "reduction"
    solution = RotationSolution(tuple(simplify(config, moves)), proven, None, method)
    # an unproven answer is the best this search will give, not a proven one: the
    # driver keeps it as the answer and says the search is not complete
    if proven:
        yield Found(solution)
    else:
        yield from _improve(state, solution, lower_bound(state), trace or not improve, max(shown_tries, len(moves) + 1))


def _solve_general(state: RotationState, trace: bool, improve: bool = True):
    """The general reduction (cycles.py): any block size; its answer, not proven
    shortest, with the quick lower bound beside it, then improved (``_improve``)."""
    config = state.config
    yield Progress(1)
    work_cfg, tiles = reduce.label(config, state.tiles, state.orient)
    found = cycles.Solver(work_cfg, tiles, state.orient).run()
    moves = simplify(config, found)
    yield Progress(len(found))
    if trace:
        total = len(moves)
        for i, m in enumerate(moves, start=1):
            yield Step("place", m, f"Reduction, move {i} of {total}: {move_text(config, m).lower()}.", cells_of(config, m))
    if not _solves(state, None, moves):
        raise PuzzleError("The solver went wrong and did not reach the goal; please report this puzzle.")
    answer = RotationSolution(tuple(moves), False, None, "reduction with 3-cycles")
    yield from _improve(state, answer, lower_bound(state), trace or not improve, len(found))


SHORT_DEPTH = 8  # answers of up to this many turns are searched for (short.search)


def _improve(state: RotationState, answer: RotationSolution, lower: int, quick: bool, tries: int):
    """A reduction's ``answer``, then better ones, each a Best (the driver keeps the last
    if the search is stopped): the answer at once; then a search for an answer of at most
    SHORT_DEPTH turns (short.search): found, it is the shortest (a Best as long as its
    bound, which the filter in ``solve`` proves) and the last; not found, the bound rises
    to the depth searched plus one; then the reduction again through each symmetry of the
    board that shows another position and with other placement plans (``_plans``); then
    with its lines chosen by a beam search (``_beam``: which row or column next, and how
    each is placed), the shortest kept; then its windows shortcut (short.shorten).  The
    last Best is ``final``.  All of it is bounded and deterministic.  ``quick`` (traced, or the optimal search's upper
    bound): the answer alone, final.  ``tries``: the count shown so far."""
    config = state.config
    if quick:
        yield Best(answer, lower, bound_text(len(answer), lower, None) if lower else "", final=True)
        return
    yield Best(answer, lower, bound_text(len(answer), lower, None))
    counted = [tries]
    word, depth = yield from _short(state, min(SHORT_DEPTH, len(answer) - 1), counted, lower)
    if word is not None:
        found = RotationSolution(tuple(word), False, None, "meet-in-the-middle search")
        yield Best(found, len(word), bound_text(len(word), len(word), None), final=True)
        return
    lower = max(lower, depth + 1)
    yield Best(answer, lower, bound_text(len(answer), lower, None))
    plans = _plans(config)
    syms = short.symmetries(config) if not config.rows_only else short.symmetries(config)[:1]
    best_plan = (1, 0)
    # every placement plan as the board is, then each other symmetry with the first plan
    # and the one that did best (where its searches are small)
    tries = [(syms[0], p) for p in plans[1:]]
    views = {(state.tiles, state.orient)}
    for sym in syms[1:]:  # a symmetry showing a position already tried would give its answer again
        view = short.transformed(config, state.tiles, state.orient, sym[0])
        if view not in views:
            views.add(view)
            tries.append((sym, None))
    for (sigma, image), chosen in tries:
        cheap = _positions(config) ** (config.n + best_plan[1]) <= GROUP_STATES
        for group, tail in ([chosen] if chosen else list(dict.fromkeys([(1, 0), best_plan if cheap else (1, 0)]))):
            counted[0] += 1
            yield Progress(counted[0])
            moves = _alternative(state, sigma, image, group, tail)
            if moves is not None and len(moves) < len(answer):
                answer = RotationSolution(tuple(moves), False, None, f"{answer.method.split(',')[0]}, another order")
                if sigma is syms[0][0]:
                    best_plan = (group, tail)
                yield Best(answer, lower, bound_text(len(answer), lower, None))
    # then the lines chosen one by one (slower, and better on the boards it handles)
    found = yield from _beam(state, counted)
    if found is not None and len(found) < len(answer):
        answer = RotationSolution(tuple(found), False, None, f"{answer.method.split(',')[0]}, lines chosen")
        yield Best(answer, lower, bound_text(len(answer), lower, None))
    shorter = short.shorten(config, answer.moves)
    if len(shorter) < len(answer):
        answer = RotationSolution(tuple(shorter), False, None, answer.method + ", shortcut")
    yield Best(answer, lower, bound_text(len(answer), lower, None), final=True)


GROUP_STATES = 200_000  # the most positions a search placing ``group`` tiles may have
TAIL_STATES = 500_000  # the same for a row's last n + ``tail`` tiles placed together


def _positions(config: Config) -> int:
    """The places one tile can be in a placement's search: a cell, and with arrows
    its direction (reduce.place)."""
    return config.cells * (4 if config.oriented else 1)


def _plans(config: Config) -> list:
    """(group, tail) placement plans of the rows-and-columns reduction (reduce.plan), the
    first one's first: tiles placed one to three at a time, a row's last n to n + 2
    together, while their searches stay within GROUP_STATES and TAIL_STATES positions.
    The general reduction has one plan."""
    if not reduce.handles(config):
        return [(1, 0)]
    c, n = _positions(config), config.n
    return [(g, t) for t in (0, 1, 2) for g in (1, 2, 3)
            if c**g <= GROUP_STATES and c ** (n + t) <= TAIL_STATES and (g, t) != (1, 1) and (g, t) != (1, 2)]


BEAM_WIDTH = 2  # positions kept for each count of rows and columns placed (reduce.beam_lines)


def _beam(state: RotationState, counted: list):
    """The reduction with its lines chosen by reduce.beam_lines (which line next, and
    how each is placed): the shortest of its best few as moves of ``state``, or None
    where the rows-and-columns reduction does not handle the board.  Its placements
    are counted as tries on top of ``counted[0]``."""
    config = state.config
    if not reduce.handles(config):
        return None
    work_cfg, tiles = reduce.label(config, state.tiles, state.orient)
    gen = reduce.beam_lines(work_cfg, tiles, state.orient, BEAM_WIDTH)
    base = counted[0]
    while True:
        try:
            counted[0] = base + next(gen)
        except StopIteration as stop:
            specs = stop.value
            break
        yield Progress(counted[0])
    best = None
    for lines in specs:
        moves = _reduced(state, lines=lines)
        if moves is not None and (best is None or len(moves) < len(best)):
            best = moves
    return best


def _reduced(state: RotationState, group: int = 1, tail: int = 0, lines=None):
    """The reduction's answer (its own, not improved) by the plan given, or None if it
    does not solve ``state``."""
    last = None
    for event in _solve_reduction(state, False, improve=False, group=group, tail=tail, lines=lines):
        if isinstance(event, Found | Best):
            last = event.solution
    return list(last.moves) if last is not None and _solves(state, None, last.moves) else None


def _alternative(state: RotationState, sigma, image, group: int, tail: int):
    """The reduction's answer for ``state`` seen through a symmetry of the board, tiles
    placed by the plan (``group``, ``tail``), as moves of ``state`` (None if it does not
    solve it)."""
    config = state.config
    tiles, orient = short.transformed(config, state.tiles, state.orient, sigma)
    last = None
    events = _solve_reduction(RotationState(config, tiles, orient), False, improve=False, group=group, tail=tail)
    for event in events:
        if isinstance(event, Found | Best):
            last = event.solution
    if last is None:
        return None
    names = config.moves()
    index = {m: i for i, m in enumerate(names)}
    back = {v: k for k, v in enumerate(image)}
    moves = simplify(config, [names[back[index[m]]] for m in last.moves])
    return moves if _solves(state, None, moves) else None


def _short(state: RotationState, most: int, tries: list, lower: int = 0):
    """short.search, its positions counted as tries on top of ``tries[0]`` (which it
    raises); returns (move list or None, depth searched through).  Not run where the
    proven bound ``lower`` is already beyond ``most`` turns (nothing that short exists):
    (None, lower - 1)."""
    if lower > most:
        return None, lower - 1
    gen = short.search(state.config, state.tiles, state.orient, most)
    base = tries[0]
    while True:
        try:
            seen = next(gen)
        except StopIteration as stop:
            return stop.value
        tries[0] = base + seen
        yield Progress(tries[0])


def lower_bound(state: RotationState) -> int:
    """A proven lower bound, in a moment: the farthest tile's own distance home (the
    fewest turns that move it there, the others ignored), and the tiles away from home
    over the most one turn moves.  Rows-only tiles count as home in any cell of their row."""
    config = state.config
    w, n = config.w, config.n
    goal = config.goal_values()
    per_turn = n * n - (n % 2)  # an odd block's centre stays
    homes: dict = {}
    for i, v in enumerate(goal):
        homes.setdefault(v, set()).add(i)
    away = [i for i, v in enumerate(state.tiles) if i not in homes[v]]
    if not away:
        return 0
    step: dict = {}
    for x, y in config.block_origins():
        for clockwise in (True, False):
            for dst, src in turn_sources(w, n, x, y, clockwise):
                step.setdefault(src, set()).add(dst)
    far = 0
    for i in away:
        targets = homes[state.tiles[i]]
        seen = {i}
        frontier = [i]
        d = 0
        while frontier and not targets & seen:
            d += 1
            frontier = [b for a in frontier for b in step.get(a, ()) if b not in seen]
            seen.update(frontier)
        far = max(far, d)
    return max(far, -(-len(away) // per_turn))


def tiles_home(config: Config, x: int, y: int) -> int:
    """The (distinct) tile whose home is (x, y)."""
    return y * config.w + x + 1


def state_value(config: Config, x: int, y: int) -> int:
    return goal_state(config).tiles[y * config.w + x]


def simplify(config: Config, moves) -> list:
    """Cancel a turn followed by its inverse, and fold runs of one block's turns into the
    fewest legal turns (four make nothing; three clockwise are one anticlockwise)."""
    out: list = []
    for move in moves:
        out.append(move)
        block = move[1:3]
        start = len(out)
        while start > 0 and out[start - 1][1:3] == block:
            start -= 1
        run = out[start:]
        net = sum(1 if m[3] == "cw" else 3 for m in run) % 4
        cw = ("turn", block[0], block[1], "cw")
        if config.cw_only or net < 3:
            best = [cw] * net
        else:
            best = [("turn", block[0], block[1], "ccw")]
        if len(best) < len(run):
            out[start:] = best
    return out


def describe_solution(config: Config, solution: RotationSolution, lower: int | None = None) -> str:
    """The answer in a sentence: proven shortest, or found with its proven lower bound."""
    n = len(solution.moves)
    if solution.optimal:
        if solution.shortest_count is not None:
            ways = solution.shortest_count
            if ways == 1:
                return f"Fewest moves: {number(n)} (proven optimal); exactly one shortest sequence."
            return f"Fewest moves: {number(n)} (proven optimal); {number(ways)} different shortest sequences."
        return f"Fewest moves: {number(n)} (proven optimal)."
    if lower:
        return f"A solution in {plural(n, 'move')} (found, not proven the fewest: at least {number(lower)} proven)."
    return f"A solution in {plural(n, 'move')} (found by reduction: short, but not proven to be the fewest)."


__all__ = [
    "RotationSolution",
    "solve",
    "distance",
    "describe_solution",
    "block_name",
]
