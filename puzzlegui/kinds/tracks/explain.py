"""Tracks deductions a person could make, each with its sentence.  Pure: no Qt.

This works on the model's state (the player's track and marks), not on the solver's
engine: every deduction is a move of the kind (lay a piece of track, mark a cell "no
track") with one sentence that names the reason and the cells that justify it.  Rows and
columns in sentences count from 1.

The deductions, weakest first:

* count full       a line already has its count of track cells: the rest of it is empty;
* dead end         a cell with fewer than two open sides cannot carry the track (A and B
                   are on it anyway);
* entry / exit     A (or B) has one open side left: the track leaves (reaches) it there;
* forced           a track cell has exactly as many open sides as connections it still
                   needs: it connects to them;
* no loop          the same, where one of its sides is closed because joining it would
                   close a loop;
* early finish     the same, where a side is closed because joining it would finish the
                   track from A to B before every count is met;
* count needs all  a line needs k more track cells and has exactly k free cells that could
                   carry track: they are all track, and one with only two open sides
                   connects to both.

A side of a cell is closed when the neighbour is marked, a given piece does not point that
way, the neighbour (or the cell) already has all its connections, or the join would close
a loop or finish the track too early.
"""

from __future__ import annotations

from puzzlegui.core.kind import Hint
from puzzlegui.core.text import capitalized, cell_name, plural

from .model import DELTA, State, bit_count, direction, edge_key

# why a side is closed
MARKED, PIECE, FULL, LOOP, EARLY = "marked", "piece", "full", "loop", "early"


def cell_text(c) -> str:
    """A cell for sentences, counted from 1: "column 3, row 1" (core.text)."""
    return cell_name(c)


def _plural(n: int, word: str) -> str:
    return plural(n, word)


class Board:
    """What the player's state says about every cell and side, for the deductions."""

    def __init__(self, state: State):
        p = state.puzzle
        self.state = state
        self.p = p
        self.mask = state.mask
        self.track = state.track_cells
        self.marks = state.marks
        self.fixed = p.fixed_map
        parent = {c: c for c in self.track}

        def find(c):
            root = c
            while parent[root] != root:
                root = parent[root]
            while parent[c] != root:
                parent[c], c = root, parent[c]
            return root

        for a, b in state.edges:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
        self._find = find
        self._must = None
        self.root_a = find(p.start)
        self.root_b = find(p.finish)
        # joining A's piece of track to B's finishes the path: only allowed when nothing
        # else holds track and every count is met
        self.finish_ok = all(find(t) in (self.root_a, self.root_b) for t in self.track) and all(
            count is None or state.line_count(cells) == count for cells, count, _c, _n in p.lines
        )

    @property
    def must_carry(self) -> dict:
        if self._must is None:
            self._must = _must_carry(self)
        return self._must

    def find(self, c):
        return self._find(c) if c in self.track else None

    def need(self, c) -> int:
        return 1 if self.p.is_end(c) else 2

    def deg(self, c) -> int:
        return bit_count(self.mask.get(c, 0))

    def unknown(self, c) -> bool:
        return c not in self.track and c not in self.marks

    def neighbours(self, c):
        for bit, (dx, dy) in DELTA.items():
            n = (c[0] + dx, c[1] + dy)
            if self.p.in_grid(n):
                yield n

    def closed(self, c, n) -> str | None:
        """Why the track cannot run from c to its neighbour n (None: it still can).
        Assumes the two are not joined yet."""
        if n in self.marks or c in self.marks:
            return MARKED
        d = direction(c, n)
        fc, fn = self.fixed.get(c), self.fixed.get(n)
        if (fc is not None and not fc & d) or (fn is not None and not fn & direction(n, c)):
            return PIECE
        if self.deg(c) >= self.need(c) or self.deg(n) >= self.need(n):
            return FULL
        rc, rn = self.find(c), self.find(n)
        if rc is not None and rc == rn:
            return LOOP
        if rc is not None and rn is not None and {rc, rn} == {self.root_a, self.root_b} and not self.finish_ok:
            return EARLY
        return None

    def sides(self, c):
        """(open neighbours, {closed neighbour: why}) for the sides of c not yet joined."""
        mask = self.mask.get(c, 0)
        open_, shut = [], {}
        for n in self.neighbours(c):
            if mask & direction(c, n):
                continue
            why = self.closed(c, n)
            if why is None:
                open_.append(n)
            else:
                shut[n] = why
        return open_, shut

    def name(self, c) -> str:
        p = self.p
        if c == p.start:
            return f"A ({cell_text(c)})"
        if c == p.finish:
            return f"B ({cell_text(c)})"
        return cell_text(c)


def _line_title(p, cells) -> tuple[str, str]:
    """("Row 3's left part", "row") for a counted line; the second word says whether the
    line is a row or a column."""
    if len({c[0] for c in cells}) == 1 and len(cells) == p.height:
        return f"Column {cells[0][0] + 1}", "column"
    y = cells[0][1]
    if p.split is None:
        return f"Row {y + 1}", "row"
    part = "left" if cells[0][0] < p.split else "right"
    return f"Row {y + 1}'s {part} part", "row"


def _in_line(c, word: str) -> str:
    """A cell of a counted line, named like every cell: "the cell at column 7, row 3"."""
    return f"the cell at {cell_text(c)}"


def _edge_move(a, b):
    return ("edge", a[0], a[1], b[0], b[1], 1)


# --- the deductions --------------------------------------------------------------------
def _count_full(b: Board):
    p = b.p
    for cells, count, _clue, _name in p.lines:
        if count is None:
            continue
        on = [c for c in cells if c in b.track]
        if len(on) != count:
            continue
        for c in cells:
            if b.unknown(c):
                title, word = _line_title(p, cells)
                if count == 0:
                    text = f"{title}'s count is 0, so {_in_line(c, word)} is empty."
                else:
                    text = f"{title} already has its {_plural(count, 'track cell')}, so {_in_line(c, word)} is empty."
                yield "count full", Hint(("mark", c[0], c[1], 1), text, (c,) + tuple(on))


def _dead_end(b: Board):
    p = b.p
    for y in range(p.height):
        for x in range(p.width):
            c = (x, y)
            if not b.unknown(c):
                continue
            open_, _shut = b.sides(c)
            if len(open_) >= 2:
                continue
            if not open_:
                text = f"The cell at {cell_text(c)} has no open side for the track, so it is empty."
            else:
                text = (
                    f"The cell at {cell_text(c)} has only one open side (to {cell_text(open_[0])}), so the track could "
                    "enter it but never leave: it is empty."
                )
            yield "dead end", Hint(("mark", x, y, 1), text, (c,) + tuple(open_))


def _forced(b: Board):
    p = b.p
    for c in sorted(b.track):
        missing = b.need(c) - b.deg(c)
        if missing <= 0:
            continue
        open_, shut = b.sides(c)
        if len(open_) != missing:
            continue
        n = open_[0]
        move = _edge_move(c, n)
        cells = (c, n) + tuple(open_[1:])
        if p.is_end(c):
            if c == p.start:
                yield "entry", Hint(move, f"A ({cell_text(c)}) has only one open side, so the track leaves A "
                                          f"to {cell_text(n)}.", cells)
            else:
                yield "exit", Hint(move, f"B ({cell_text(c)}) has only one open side, so the track reaches B "
                                         f"from {cell_text(n)}.", cells)
            continue
        loops = [m for m, why in shut.items() if why == LOOP]
        early = [m for m, why in shut.items() if why == EARLY]
        if missing == 2:
            where = f"{cell_text(open_[0])} and {cell_text(open_[1])}"
            text = f"The track at {cell_text(c)} has only two open sides, so it runs to both {where}."
            for side in open_:  # the deduction lays both pieces
                yield "forced", Hint(_edge_move(c, side), text, cells)
        elif loops:
            m = loops[0]
            yield "no loop", Hint(
                move,
                f"Joining the track at {cell_text(c)} to {cell_text(m)} would close a loop, so it must continue "
                f"to {cell_text(n)}.",
                cells + (m,),
            )
        elif early:
            m = early[0]
            yield "early finish", Hint(
                move,
                f"Joining the track at {cell_text(c)} to {cell_text(m)} would finish the track from A to B before "
                f"every count is met, so it must continue to {cell_text(n)}.",
                cells + (m,),
            )
        else:
            yield "forced", Hint(
                move,
                f"The track at {cell_text(c)} can only continue to {cell_text(n)}: its other sides are blocked.",
                cells,
            )


def _must_carry(b: Board) -> dict:
    """Free cells that must carry track because a line needs every free cell it has left,
    to a fixpoint over the lines: {cell: (title of the line, cells it needs)}."""
    p = b.p
    known: dict = {}
    open_count = {}
    changed = True
    while changed:
        changed = False
        for cells, count, _clue, _name in p.lines:
            if count is None:
                continue
            have = sum(1 for c in cells if c in b.track or c in known)
            k = count - have
            if k <= 0:
                continue
            free = []
            for c in cells:
                if b.unknown(c) and c not in known:
                    if c not in open_count:
                        open_count[c] = len(b.sides(c)[0])
                    if open_count[c] >= 2:
                        free.append(c)
            if len(free) == k:
                title, _word = _line_title(p, cells)
                for c in free:
                    known[c] = (title, k)
                changed = True
    return known


def _why_track(c, why) -> str:
    title, k = why
    if k == 1:
        return f"{title} needs one more track cell and {cell_text(c)} is its only free cell that could carry it"
    return f"{title} needs {k} more track cells and has exactly {k} free cells that could carry them"


def _count_needs_all(b: Board):
    """A cell that must carry track (see _must_carry) with only two open sides."""
    known = b.must_carry
    for c in sorted(known, key=lambda c: (c[1], c[0])):
        open_, _ = b.sides(c)
        if len(open_) == 2:
            text = (
                f"{_cap(_why_track(c, known[c]))}, so {cell_text(c)} is track; with only two open sides it runs "
                f"to {cell_text(open_[0])} and {cell_text(open_[1])}."
            )
            for side in open_:  # the deduction lays both pieces
                yield "count needs all", Hint(_edge_move(c, side), text, (c, open_[0], open_[1]))


def _count_taken(b: Board):
    """A line whose count is used up by its track and the cells that must carry track."""
    known = b.must_carry
    if not known:
        return
    p = b.p
    for cells, count, _clue, _name in p.lines:
        if count is None:
            continue
        on = [c for c in cells if c in b.track]
        extra = [c for c in cells if c in known]
        if not extra or len(on) + len(extra) != count:
            continue
        for c in cells:
            if b.unknown(c) and c not in known:
                title, word = _line_title(p, cells)
                first = extra[0]
                others = f" (and {_plural(len(extra) - 1, 'other cell')} for the same kind of reason)" if len(extra) > 1 else ""
                text = (
                    f"{title}'s count of {count} is used up by its track and by {cell_text(first)}{others}, which must "
                    f"carry track because {_why_track(first, known[first])[0].lower()}{_why_track(first, known[first])[1:]}; "
                    f"so {_in_line(c, word)} is empty."
                )
                yield "count full", Hint(("mark", c[0], c[1], 1), text, (c,) + tuple(on) + tuple(extra))


DEDUCTIONS = (_count_full, _dead_end, _forced, _count_needs_all, _count_taken)


def deduce(state: State):
    """The first deduction that applies to ``state``, as (name, Hint), or None.

    Assumes the state breaks no rule (the kind checks first)."""
    board = Board(state)
    for rule in DEDUCTIONS:
        for found in rule(board):
            return found
    return None


MARK_RULES = (_count_full, _dead_end, _count_taken)  # the deductions that mark cells empty
MARKS_AT_MOST = 400  # empty-cell marks one with_sure_marks call makes at most


def with_sure_marks(state: State, apply) -> State:
    """``state`` with every cell the deductions prove empty marked so, to a fixpoint: the
    notes a person makes before looking for the next piece of track."""
    for _ in range(MARKS_AT_MOST):
        board = Board(state)
        move = None
        for rule in MARK_RULES:
            for _name, hint in rule(board):
                move = hint.move
                break
            if move is not None:
                break
        if move is None:
            return state
        state = apply(state, move)
    return state


def reason_for(state: State, move):
    """The named deduction that lays the piece of track ``move`` (an edge move) from
    ``state``, as (name, Hint); None if no deduction a person could make lays it."""
    if not move or move[0] != "edge":
        return None
    want = edge_of(move)
    board = Board(state)
    for rule in DEDUCTIONS:
        for name, hint in rule(board):
            if hint.move[0] == "edge" and edge_of(hint.move) == want:
                return name, hint
    return None


def _cap(text: str) -> str:
    return capitalized(text)


def edge_of(move):
    return edge_key((move[1], move[2]), (move[3], move[4]))


# --- the search, explained -------------------------------------------------------------------
NAME_STEPS_LIMIT = 5000  # deduced steps named at most, per search
NAME_STEPS_SECONDS = 2.0  # and for at most this long


def name_search_steps(state: State, steps, apply, should_stop=None) -> tuple[list, int]:
    """The solver's recorded search with each "deduce" step that a named deduction explains
    given the deduction's name and sentence ("forced: The track at column 3, row 2 has only
    two open sides, ...") and the cells that justify it; ``apply(state, move)`` replays the
    steps on the player's model (state is where the search started).

    The engine also deduces "no track" sides it never shows, so a piece it laid with their
    help may have no named reason here: such a step keeps the engine's own words.  Returns
    (steps, how many were named); bounded by NAME_STEPS_LIMIT and NAME_STEPS_SECONDS, and
    ``should_stop()`` ends it early (the rest keep their words)."""
    import time

    from puzzlegui.core.solver import Step

    out = []
    named = tried = 0
    deadline = time.perf_counter() + NAME_STEPS_SECONDS
    current = state
    live = True
    for step in steps:
        if (
            live and step.action == "deduce" and step.move is not None and step.move[0] == "edge"
            and step.move[-1] == 1
        ):
            tried += 1
            if tried > NAME_STEPS_LIMIT or time.perf_counter() > deadline or (should_stop and should_stop()):
                live = False
            else:
                try:
                    # as a person would: the cells proven empty marked first (the engine
                    # knows them too, it only never shows them)
                    found = reason_for(current, step.move) or reason_for(with_sure_marks(current, apply), step.move)
                except Exception:  # noqa: BLE001 - a position the model cannot read: keep the words
                    found = None
                if found is not None:
                    name, hint = found
                    step = Step(step.action, step.move, f"{_cap(name)}: {hint.text}", tuple(hint.cells) or step.cells)
                    named += 1
        out.append(step)
        if live and step.move is not None:
            try:
                current = apply(current, step.move)
            except Exception:  # noqa: BLE001 - the replay shows what it can; naming stops here
                live = False
    return out, named
