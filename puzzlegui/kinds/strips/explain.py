"""Black and White deductions a person could make: the forced strip.  Pure: no Qt.

Works on the player's state: the strips still possible are the placements on uncut cells
whose pattern is not used up.  Two kinds of forced strip, each with one sentence:

* only cover     an uncut cell that only one possible strip can cover gets that strip;
* only place     a pattern that must still be used (every strip of an "exactly" set) has
                 exactly as many places left as copies to place: it goes there.

Both are first tried on the possible strips as they are, then once more after ruling out
strips that would leave some uncut cell with no strip at all ("it would leave column 2,
row 3 uncovered"), which is what a person checks next.  Rows and columns count from 1.
"""

from __future__ import annotations

from puzzlegui.core.kind import Hint
from puzzlegui.core.text import cells_span, number, plural

from .model import StripsState, cell_name, open_placements
from .stripset import pattern_text


def where(cells) -> str:
    """A strip's cells for sentences: "column 1, row 2 to column 3, row 2" (core.text)."""
    cells = list(cells)
    return cells_span(cells[0], cells[-1])


def _index(options):
    by_cell: dict = {}
    by_pattern: dict = {}
    for piece in options:
        by_pattern.setdefault(piece[0], []).append(piece)
        for c in piece[1]:
            by_cell.setdefault(c, []).append(piece)
    return by_cell, by_pattern


def _forced(state: StripsState, options, ruled_out: dict):
    """(name, Hint) for a strip forced among ``options``; ``ruled_out`` maps the strips
    taken out of the options to the cell each would strand (for the sentence)."""
    by_cell, by_pattern = _index(options)
    owner = state.owner
    for c in state.cells():
        if c in owner:
            continue
        covers = by_cell.get(c, ())
        if len(covers) != 1:
            continue
        pattern, cells = covers[0]
        gone = [(p, stranded) for p, stranded in ruled_out.items() if c in p[1]]
        if gone:
            (other, stranded), more = gone[0], len(gone) - 1
            text = (
                f"Only the {pattern_text(pattern)} strip on {where(cells)} can still cover {cell_name(c)}: "
                f"the {pattern_text(other[0])} strip on {where(other[1])} would leave {cell_name(stranded)} "
                "with no strip to cover it"
                + (f" (and {plural(more, 'other strip')} {'fails' if more == 1 else 'fail'} the same way)." if more else ".")
            )
            return "only cover", Hint(("place", pattern, cells), text, (c,) + tuple(x for x in cells if x != c) + (stranded,))
        text = f"Only the {pattern_text(pattern)} strip on {where(cells)} can still cover {cell_name(c)}."
        return "only cover", Hint(("place", pattern, cells), text, (c,) + tuple(x for x in cells if x != c))
    slack = _slack(state)
    for pattern, _n in state.strips.counts:
        if not _must_use(state, pattern, slack):
            continue
        need = state.remaining(pattern)
        places = by_pattern.get(pattern, [])
        if need <= 0 or len(places) != need:
            continue
        if len({c for _p, cells in places for c in cells}) != need * len(pattern):
            continue  # the places overlap: not all of them can be used
        cells = places[0][1]
        if need == 1:
            text = f"The {pattern_text(pattern)} strip must still be used and fits in only one place: {where(cells)}."
            if not state.strips.exact:
                text = (f"The {pattern_text(pattern)} strip must be used (leaving it out would leave too few strips "
                        f"for the uncut cells) and fits in only one place: {where(cells)}.")
        else:
            text = (
                f"{number(need)} more {pattern_text(pattern)} strips must be used and there are only {number(need)} places "
                f"left for them, so one goes on {where(cells)}."
            )
        return "only place", Hint(("place", pattern, cells), text, cells)
    return None


def _slack(state: StripsState):
    """(cells, black cells, white cells) the strips still to place could cover beyond the
    uncut cells: what the strips left unused must add up to."""
    owner = state.owner
    uncut = [c for c in state.cells() if c not in owner]
    black = sum(1 for c in uncut if state.colour(c) == "b")
    rem = [(p, max(0, state.remaining(p))) for p in state.strips.patterns]
    cap = sum(len(p) * n for p, n in rem)
    cap_black = sum(p.count("b") * n for p, n in rem)
    return cap - len(uncut), cap_black - black, (cap - cap_black) - (len(uncut) - black)


def _must_use(state: StripsState, pattern: str, slack) -> bool:
    """Every remaining copy of ``pattern`` must be used: the set says exactly, or leaving
    one out would leave too few cells (or black or white cells) for the uncut ones."""
    if state.strips.exact:
        return True
    cells, black, white = slack
    return len(pattern) > cells or pattern.count("b") > black or pattern.count("w") > white


def _stranding(state: StripsState, options) -> dict:
    """The options that would leave some other uncut cell with no strip: {piece: cell}."""
    by_cell, _ = _index(options)
    owner = state.owner
    out = {}
    for piece in options:
        taken = set(piece[1])
        for c in state.cells():
            if c in owner or c in taken:
                continue
            covers = by_cell.get(c, ())
            if covers and all(set(q[1]) & taken for q in covers):
                out[piece] = c
                break
    return out


def deduce(state: StripsState):
    """The first forced strip, as (name, Hint), or None when no deduction applies."""
    options = open_placements(state)
    found = _forced(state, options, {})
    if found is not None:
        return found
    stranding = _stranding(state, options)
    if not stranding:
        return None
    return _forced(state, [p for p in options if p not in stranding], stranding)
