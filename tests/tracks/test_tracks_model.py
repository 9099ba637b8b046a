"""Tracks model: the seed board as built in, moves, the rule check, completion."""

import itertools
import subprocess
import sys

import pytest
from tracks_helpers import (
    SEED_ARTICLE_PATH,
    SEED_BOTTOM_FIELD,
    SEED_COLUMNS,
    SEED_FINISH_BOTTOM_UP,
    SEED_LEFT_BOTTOM_UP,
    SEED_MESSAGE,
    SEED_RIGHT_BOTTOM_UP,
    SEED_START_BOTTOM_UP,
    flip,
)

from puzzlegui.core.files import load_builtin
from puzzlegui.core.history import History
from puzzlegui.core.kind import PuzzleError
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks.model import edge_key, initial_state, make_puzzle, path_edges


@pytest.fixture(scope="module")
def seed():
    return load_builtin("tracks-mums-2008")


def lay(state, path):
    for a, b in itertools.pairwise(path):
        state = KIND.apply(state, ("edge", a[0], a[1], b[0], b[1], 1))
    return state


def test_builtin_is_the_seed_board_turned_right_way_up(seed):
    p = seed.state.puzzle
    assert seed.kind is KIND
    assert (p.width, p.height, p.split) == (16, 6, 8)
    assert list(p.columns) == SEED_COLUMNS
    assert list(p.rows) == SEED_LEFT_BOTTOM_UP[::-1]
    assert list(p.rows_right) == SEED_RIGHT_BOTTOM_UP[::-1]
    assert p.start == flip(SEED_START_BOTTOM_UP) == (0, 5)  # bottom left on screen
    assert p.finish == flip(SEED_FINISH_BOTTOM_UP) == (15, 0)  # top right
    for y in range(6):
        assert p.symbols[y] == tuple(str(v) if v else "" for v in SEED_BOTTOM_FIELD[5 - y])
    assert "Melbourne University Puzzle Hunt 2008" in seed.meta["source"]
    assert "Stephen Muirhead" in seed.meta["author"]
    assert "Tracks" in seed.meta["title"]


def test_article_path_spells_the_message_top_row_first(seed):
    path = tuple(flip(c) for c in SEED_ARTICLE_PATH)
    state = lay(seed.state, path)
    assert KIND.is_solved(state)
    assert KIND.check(state) == []
    assert state.path_from_start == path
    assert state.message() == SEED_MESSAGE
    assert state.message().split("\n")[0] == "---57--78--82--2"


def test_moves_are_undoable_through_history(seed):
    h = History(KIND, seed.state)
    h.push(("edge", 0, 5, 0, 4, 1))
    h.push(("mark", 3, 3, 1))
    assert edge_key((0, 5), (0, 4)) in h.state.edges and (3, 3) in h.state.marks
    h.undo()
    assert (3, 3) not in h.state.marks
    h.undo()
    assert h.state == seed.state
    h.redo()
    assert edge_key((0, 4), (0, 5)) in h.state.edges
    cleared = h.push(("clear",))
    assert cleared.edges == frozenset() and cleared.marks == frozenset()


@pytest.mark.parametrize(
    "move, words",
    [
        (("edge", 0, 0, 2, 0, 1), "not side by side"),
        (("edge", 0, 0, 0, -1, 1), "outside"),
        (("edge", 0, 0, 1, 0, 2), "1 (lay track) or 0"),
        (("edge", 0, 0, 1), '("edge", x1, y1, x2, y2, 1 or 0)'),
        (("mark", 0, 5, 1), "A and B"),
        (("mark", 99, 0, 1), "outside"),
        (("fly", 1), "not a Tracks move"),
        ("edge", "not a Tracks move"),
        (("clear", 1), "no arguments"),
    ],
)
def test_illegal_moves_say_why(seed, move, words):
    with pytest.raises(PuzzleError, match=None) as info:
        KIND.apply(seed.state, move)
    assert words in str(info.value)


def test_mark_on_track_is_refused_and_track_clears_a_mark(seed):
    s = KIND.apply(seed.state, ("edge", 1, 1, 2, 1, 1))
    with pytest.raises(PuzzleError, match="has track"):
        KIND.apply(s, ("mark", 1, 1, 1))
    s = KIND.apply(seed.state, ("mark", 4, 4, 1))
    s = KIND.apply(s, ("edge", 4, 4, 5, 4, 1))
    assert (4, 4) not in s.marks
    # the same move twice is a no-op, and taking up missing track too
    assert KIND.apply(s, ("edge", 4, 4, 5, 4, 1)) == s
    assert KIND.apply(seed.state, ("edge", 4, 4, 5, 4, 0)) == seed.state


def test_given_pieces_cannot_be_taken_up_or_contradicted():
    p = make_puzzle(5, 5, [None] * 5, [None] * 5, (0, 4), (4, 0), fixed=[((2, 2), 1 | 4)])
    s = initial_state(p)
    assert edge_key((1, 2), (2, 2)) in s.edges and edge_key((2, 2), (3, 2)) in s.edges
    with pytest.raises(PuzzleError, match="given"):
        KIND.apply(s, ("edge", 1, 2, 2, 2, 0))
    with pytest.raises(PuzzleError, match="does not point that way"):
        KIND.apply(s, ("edge", 2, 2, 2, 3, 1))
    with pytest.raises(PuzzleError, match="given piece"):
        KIND.apply(s, ("mark", 2, 2, 1))
    assert KIND.apply(s, ("clear",)).edges == p.fixed_edges


def test_check_finds_branches_loops_and_counts(seed):
    s = seed.state
    # a loop of four cells
    for a, b in (((5, 1), (6, 1)), ((6, 1), (6, 2)), ((6, 2), (5, 2)), ((5, 2), (5, 1))):
        s = KIND.apply(s, ("edge", *a, *b, 1))
    reasons = {v.reason for v in KIND.check(s)}
    assert "the track closes a loop" in reasons
    loop = next(v for v in KIND.check(s) if v.reason == "the track closes a loop")
    assert set(loop.cells) == {(5, 1), (6, 1), (6, 2), (5, 2)}
    # three pieces meeting
    s2 = seed.state
    for a, b in (((2, 2), (3, 2)), ((3, 2), (4, 2)), ((3, 2), (3, 3))):
        s2 = KIND.apply(s2, ("edge", *a, *b, 1))
    v = [v for v in KIND.check(s2) if "meet" in v.reason]
    assert v and v[0].cells == ((3, 2),)
    # column 4 (x=3) has count 1: two cells there are over, the clue above turns red
    over = [v for v in KIND.check(s2) if "column 4 has" in v.reason]
    assert over and over[0].cells == ((3, -1),)
    # a row part over its count uses the clue position beside that part
    s3 = seed.state
    for x in range(3):
        s3 = KIND.apply(s3, ("edge", x, 4, x + 1, 4, 1))
    left = [v for v in KIND.check(s3) if "left part of row 5" in v.reason]
    assert left and left[0].cells == ((-1, 4),)


def test_complete_path_with_wrong_counts_and_stray_track():
    p = make_puzzle(4, 4, [1, 1, 1, 1], [4, 0, 0, 0], (0, 0), (3, 0))
    s = initial_state(p)
    s = lay(s, [(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 0)])
    s = KIND.apply(s, ("edge", 1, 3, 2, 3, 1))
    assert s.path_complete and not KIND.is_solved(s)
    reasons = " / ".join(v.reason for v in KIND.check(s))
    assert "not part of the path" in reasons
    assert "row 1 has 2 track cells; its count is 4" in reasons


def test_solution_moves_fix_wrong_progress(seed):
    path = tuple(flip(c) for c in SEED_ARTICLE_PATH)
    from puzzlegui.kinds.tracks.model import Solution

    s = KIND.apply(seed.state, ("edge", 5, 5, 6, 5, 1))  # wrong
    s = KIND.apply(s, ("mark", 0, 4, 1))  # wrong: (0, 4) is on the path
    moves = KIND.solution_moves(s, Solution(path, SEED_MESSAGE))
    for m in moves:
        s = KIND.apply(s, m)
    assert KIND.is_solved(s)
    assert set(path_edges(path)) == s.edges


def test_engine_modules_do_not_import_qt():
    code = (
        "import sys\n"
        "import puzzlegui.kinds.tracks, puzzlegui.kinds.tracks.audio, puzzlegui.kinds.tracks.generator\n"
        "import puzzlegui.kinds.tracks.codec, puzzlegui.kinds.tracks.solver\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'Qt imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# --- Tatham's notes: crossed-out edges and track-here dots ------------------------------------
def test_edge_crosses_and_dots_as_moves(seed):
    s = KIND.apply(seed.state, ("block", 3, 2, 4, 2, 1))
    assert s.blocks == {edge_key((3, 2), (4, 2))}
    assert KIND.apply(s, ("block", 4, 2, 3, 2, 0)).blocks == frozenset()  # either order names the edge
    laid = KIND.apply(s, ("edge", 4, 2, 3, 2, 1))  # the newer intent wins
    assert laid.blocks == frozenset() and edge_key((3, 2), (4, 2)) in laid.edges
    with pytest.raises(PuzzleError, match="take it up before crossing it out"):
        KIND.apply(laid, ("block", 3, 2, 4, 2, 1))
    d = KIND.apply(KIND.apply(seed.state, ("mark", 6, 3, 1)), ("dot", 6, 3, 1))
    assert d.dots == {(6, 3)} and d.marks == frozenset()  # a dot replaces the mark
    m = KIND.apply(d, ("mark", 6, 3, 1))
    assert m.marks == {(6, 3)} and m.dots == frozenset()  # and a mark the dot
    with pytest.raises(PuzzleError, match="needs no dot"):
        KIND.apply(seed.state, ("dot", 0, 5, 1))  # A
    with pytest.raises(PuzzleError, match=r"1 \(cross the edge out\) or 0"):
        KIND.apply(seed.state, ("block", 3, 2, 4, 2, 7))
    with pytest.raises(PuzzleError, match="not side by side"):
        KIND.apply(seed.state, ("block", 3, 2, 5, 2, 1))
    both = KIND.apply(KIND.apply(s, ("dot", 6, 3, 1)), ("clear",))
    assert both.blocks == frozenset() and both.dots == frozenset()
    # the notes are reasoning, not track: no count changes and no rule is checked on them
    assert KIND.check(KIND.apply(seed.state, ("dot", 6, 3, 1))) == []


def test_notes_are_saved_replayed_and_judged(seed):
    path = tuple(flip(c) for c in SEED_ARTICLE_PATH)
    on_path = edge_key(path[3], path[4])
    off = next(
        edge_key((x, y), (x + 1, y)) for y in range(6) for x in range(15) if edge_key((x, y), (x + 1, y)) not in set(path_edges(path))
    )
    h = History(KIND, seed.state)
    h.push(("block", *off[0], *off[1], 1))
    h.push(("dot", *path[5], 1))
    saved = h.to_json()
    assert saved["moves"] == [["block", *off[0], *off[1], 1], ["dot", *path[5], 1]]
    again = History.from_json(KIND, seed.state, saved)
    assert again.state.blocks == {off} and again.state.dots == {path[5]}
    entries = KIND.entries(again.state)
    assert ("block", *off) in entries and ("dot", path[5]) in entries
    from puzzlegui.core import aids

    assert aids.mistakes(KIND, again.state) == []  # both agree with the one solution
    wrong = KIND.apply(again.state, ("block", *on_path[0], *on_path[1], 1))
    found = aids.mistakes(KIND, wrong)
    assert [m.key for m in found] == [("block", *on_path)]
    assert "cross" in found[0].text
    hint = KIND.hint(wrong)
    assert hint.move is None and "remove that cross" in hint.text
