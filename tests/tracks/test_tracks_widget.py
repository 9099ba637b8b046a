"""The Tracks board and editor under pytest-qt: drags, clicks, keys, animation, the
message panel (audio without a device) and the editor."""

import itertools
import wave

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from qt_helpers import shown
from tracks_helpers import SEED_ARTICLE_PATH, SEED_MESSAGE, flip

from puzzlegui.core.files import load_builtin
from puzzlegui.core.history import Batch, History
from puzzlegui.core.kind import PuzzleError
from puzzlegui.qtkit import theme
from puzzlegui.kinds.tracks import KIND
from puzzlegui.kinds.tracks.qt import widget as tw
from puzzlegui.kinds.tracks.qt.editor import Editor
from puzzlegui.kinds.tracks.model import edge_key
from puzzlegui.kinds.tracks.qt.widget import Board


@pytest.fixture
def seed():
    return load_builtin("tracks-mums-2008").state


@pytest.fixture
def board(qtbot, seed):
    return shown(qtbot, Board(KIND), 900, 420, seed)


def at(board, cell):
    x, y = board.geometry_for().cell_center(*cell)
    return QPoint(int(x), int(y))


def controller(board):
    """What the window does: push each requested move (a drag's Batch too) on a history
    and show the result, animated."""
    moves = []
    history = History(KIND, board.state)

    def apply(move):
        moves.append(move)
        board.set_state(history.push(move), move, animate=True)

    board.moveRequested.connect(apply)
    return moves


def drag(qtbot, board, cells, button=Qt.LeftButton):
    qtbot.mousePress(board, button, pos=at(board, cells[0]))
    for c in cells[1:]:
        qtbot.mouseMove(board, at(board, c))
    qtbot.mouseRelease(board, button, pos=at(board, cells[-1]))


def test_geometry_hit_test_matches_painting(board):
    geo = board.geometry_for()
    assert board.grid_size() == (16, 6)
    for cell in ((0, 0), (15, 5), (8, 3)):
        p = at(board, cell)
        assert geo.cell_at(p.x(), p.y()) == cell
    left, top, right, _bottom = board.margins
    assert left >= 1.0 and right >= 1.0 and top >= 1.0  # room for split counts on both sides


def test_drag_lays_track_cell_by_cell_as_one_move(qtbot, board):
    moves = []
    board.moveRequested.connect(moves.append)
    qtbot.mousePress(board, Qt.LeftButton, pos=at(board, (0, 5)))
    for c in ((0, 4), (0, 3), (1, 3)):
        qtbot.mouseMove(board, at(board, c))
    # shown while the drag lasts, emitted only at the release
    assert moves == [] and len(board.shown_state().edges) == 3 and board.state.edges == frozenset()
    qtbot.mouseRelease(board, Qt.LeftButton, pos=at(board, (1, 3)))
    assert moves == [Batch((("edge", 0, 5, 0, 4, 1), ("edge", 0, 4, 0, 3, 1), ("edge", 0, 3, 1, 3, 1)), "drag")]


def test_fast_drag_fills_skipped_cells(qtbot, board):
    moves = []
    board.moveRequested.connect(moves.append)
    drag(qtbot, board, [(2, 2), (5, 2)])
    assert moves == [Batch((("edge", 2, 2, 3, 2, 1), ("edge", 3, 2, 4, 2, 1), ("edge", 4, 2, 5, 2, 1)), "drag")]


def test_dragging_back_takes_up_the_last_piece(qtbot, board):
    moves = controller(board)
    drag(qtbot, board, [(0, 5), (0, 4), (0, 3), (0, 4)])
    assert moves[-1].moves[-1] == ("edge", 0, 3, 0, 4, 0)  # from where the drag is back to where it was
    assert board.state.edges == {edge_key((0, 5), (0, 4))}


def test_drag_along_track_erases_it(qtbot, board):
    moves = controller(board)
    drag(qtbot, board, [(3, 1), (4, 1), (5, 1), (6, 1)])
    assert len(board.state.edges) == 3
    drag(qtbot, board, [(4, 1), (5, 1), (6, 1)])
    assert moves[-1] == Batch((("edge", 4, 1, 5, 1, 0), ("edge", 5, 1, 6, 1, 0)), "drag")
    assert board.state.edges == {edge_key((3, 1), (4, 1))}
    qtbot.waitUntil(lambda: not board.is_animating())


def test_clicks_in_cells_dot_and_mark_as_tathams_do(qtbot, board):
    moves = controller(board)
    qtbot.mouseClick(board, Qt.LeftButton, pos=at(board, (6, 4)))
    # a stray left click leaves Tatham's "track passes here" dot, never a cross
    assert moves == [("dot", 6, 4, 1)] and board.state.dots == {(6, 4)} and board.state.marks == frozenset()
    qtbot.mouseClick(board, Qt.LeftButton, pos=at(board, (6, 4)))
    assert moves[-1] == ("dot", 6, 4, 0) and board.state.dots == frozenset()
    qtbot.mouseClick(board, Qt.RightButton, pos=at(board, (6, 4)))
    assert moves[-1] == ("mark", 6, 4, 1) and board.state.marks == {(6, 4)}
    qtbot.mouseClick(board, Qt.RightButton, pos=at(board, (6, 4)))
    assert moves[-1] == ("mark", 6, 4, 0)
    with qtbot.waitSignal(board.statusMessage) as blocker:
        qtbot.mouseClick(board, Qt.RightButton, pos=at(board, (0, 5)))  # A
    assert "A and B" in blocker.args[0]
    drag(qtbot, board, [(9, 2), (10, 2)])
    with qtbot.waitSignal(board.statusMessage) as blocker:
        qtbot.mouseClick(board, Qt.RightButton, pos=at(board, (9, 2)))
    assert "take it up" in blocker.args[0]
    assert len(moves) == 5


def test_keyboard_play(qtbot, board):
    moves = controller(board)
    board.setFocus()
    assert board.cursor == (0, 5)  # the cursor starts on A
    qtbot.keyClick(board, Qt.Key_Up, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Up, Qt.ShiftModifier)
    qtbot.keyClick(board, Qt.Key_Right)
    qtbot.keyClick(board, Qt.Key_Space)
    assert moves == [("edge", 0, 5, 0, 4, 1), ("edge", 0, 4, 0, 3, 1), ("mark", 1, 3, 1)]
    assert board.cursor == (1, 3)
    qtbot.keyClick(board, Qt.Key_Left)
    qtbot.keyClick(board, Qt.Key_Down, Qt.ShiftModifier)  # along existing track: take it up
    assert moves[-1] == ("edge", 0, 3, 0, 4, 0)
    qtbot.keyClick(board, Qt.Key_Right, Qt.ControlModifier)  # cross out that side; the cursor stays
    qtbot.keyClick(board, Qt.Key_Return)
    assert moves[-2:] == [("block", 0, 4, 1, 4, 1), ("dot", 0, 4, 1)]
    assert board.cursor == (0, 4)
    qtbot.waitUntil(lambda: not board.is_animating())


def test_not_interactive_ignores_input(qtbot, board):
    board.set_interactive(False)
    with qtbot.assertNotEmitted(board.moveRequested):
        drag(qtbot, board, [(0, 5), (0, 4)])
        qtbot.mouseClick(board, Qt.LeftButton, pos=at(board, (5, 5)))
        qtbot.keyClick(board, Qt.Key_Space)


def test_laying_a_piece_animates_and_finishes(qtbot, board, seed):
    board.animation_ms = 120
    new = KIND.apply(seed, ("edge", 0, 5, 0, 4, 1))
    board.set_state(new, ("edge", 0, 5, 0, 4, 1), animate=True)
    assert board.is_animating()
    board.grab()  # paints the half-grown piece
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)
    cleared = KIND.apply(new, ("clear",))
    board.set_state(cleared, ("clear",), animate=True)
    assert board.is_animating()
    qtbot.waitUntil(lambda: not board.is_animating(), timeout=3000)


def colours_near(image, x, y, r=1):
    """The colours (as names) of the pixels within ``r`` of (x, y)."""
    return {image.pixelColor(int(x) + dx, int(y) + dy).name() for dx in range(-r, r + 1) for dy in range(-r, r + 1)}


def test_track_and_marks_are_drawn(qtbot, board, seed):
    state = KIND.apply(KIND.apply(seed, ("edge", 2, 2, 3, 2, 1)), ("mark", 6, 1, 1))
    board.set_state(state)
    board.resize(330, 200)  # cells below RAILS_MIN_PX: the track is a plain line
    geo = board.geometry_for()
    assert geo.cell < tw.RAILS_MIN_PX
    image = board.grab().toImage()
    (x1, y1), (x2, _y2) = geo.cell_center(2, 2), geo.cell_center(3, 2)
    mid = image.pixelColor(int((x1 + x2) / 2), int(y1))
    assert mid.name() == QColor(theme.TRACK).name()
    board.resize(900, 420)
    ex, ey = geo.cell_center(3, 4)
    empty = image.pixelColor(int(ex + geo.cell * 0.3), int(ey))
    assert empty.name() == QColor(theme.PAPER).name()
    cx, cy = geo.cell_center(6, 1)
    assert image.pixelColor(int(cx), int(cy)).name() != QColor(theme.PAPER).name()  # the cross
    board.set_violations(KIND.check(state))
    board.set_highlight([(1, 1)], "here")
    board.grab()


def test_panel_shows_message_when_complete_and_plays_without_device(qtbot, board, seed, monkeypatch, tmp_path):
    panel = board.side_panel()
    qtbot.addWidget(panel)
    assert board.side_panel() is panel
    assert not panel.play_button.isEnabled()
    assert "once" in panel.text.text()
    path = [flip(c) for c in SEED_ARTICLE_PATH]
    state = seed
    for a, b in itertools.pairwise(path):
        state = KIND.apply(state, ("edge", *a, *b, 1))
    board.set_state(state)
    assert panel.text.text() == SEED_MESSAGE
    assert panel.play_button.isEnabled() and panel.export_button.isEnabled()
    panel.show_symbols.setChecked(True)
    assert board.show_symbols
    board.grab()
    # no sound device: a plain sentence, and QtMultimedia is never needed
    monkeypatch.setattr(tw, "audio_outputs", list)
    panel.play_button.click()
    assert "No audio device is available" in panel.status.text()
    assert "Export WAV" in panel.status.text()
    # export writes a WAV file where the user chose
    target = tmp_path / "tab"
    monkeypatch.setattr(tw.QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    panel.export_button.click()
    written = tmp_path / "tab.wav"
    assert written.exists() and "Saved" in panel.status.text()
    with wave.open(str(written), "rb") as w:
        assert w.getnchannels() == 1 and w.getnframes() > 0


def test_panel_without_symbol_layer(qtbot, board):
    board.set_state(KIND.parse_game_id("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1"))
    assert board.side_panel() is None  # nothing to say: no panel, no room taken (issue 24)
    assert board.margins[0] > 0.8 and board.margins[3] > 0.8  # room for the A and B stubs


# --- the editor -------------------------------------------------------------------------------
def canvas_point(editor, cell=None, clue=None):
    geo = editor.canvas.geometry_()
    if cell is not None:
        x, y = geo.cell_center(*cell)
    else:
        pt = tw.clue_centre(editor.draft.view(), geo, clue)
        x, y = pt.x(), pt.y()
    return QPoint(int(x), int(y))


@pytest.fixture
def editor(qtbot):
    return shown(qtbot, Editor(KIND), 700, 600)


def test_editor_builds_a_puzzle_by_clicking_and_typing(qtbot, editor):
    editor.width_box.setValue(5)
    editor.height_box.setValue(4)
    canvas = editor.canvas
    # counts: click a clue, type a number
    editor.set_tool("counts")
    for clue, digits in (((0, -1), "2"), ((4, -1), "1"), ((5, 0), "2"), ((5, 1), "1"), ((5, 2), "12")):
        qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, clue=clue))
        with qtbot.waitSignal(editor.changed):
            qtbot.keyClicks(canvas, digits)
    # 12 is over the limit of 5: each digit is a count of its own, and the selection moves on
    assert editor.draft.rows[2:] == [1, 2] and canvas.selected_clue == (0, -1)
    qtbot.keyClick(canvas, Qt.Key_Delete)  # the selected count (column 1) is blanked in place
    assert editor.draft.columns[0] is None and canvas.selected_clue == (0, -1)
    qtbot.keyClicks(canvas, "2")
    for clue in ((5, 3), (5, 2)):
        qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, clue=clue))
        qtbot.keyClick(canvas, Qt.Key_Backspace)
    assert editor.draft.rows[2:] == [None, None]
    # A and B
    editor.set_tool("start")
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(0, 1)))
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(0, 1)))  # attach to the left edge
    editor.set_tool("finish")  # B was clamped to (4, 0) by the resize: clicking it attaches it on top
    assert editor.draft.finish == (4, 0)
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(4, 0)))
    # a given piece
    editor.set_tool("pieces")
    with qtbot.waitSignal(editor.changed):
        qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(2, 2)))
    state = editor.puzzle()
    p = state.puzzle
    assert (p.width, p.height) == (5, 4)
    assert p.columns == (2, None, None, None, 1) and p.rows == (2, 1, None, None)
    assert p.start == (0, 1) and p.start_edge == 4 and p.finish == (4, 0) and p.finish_edge == 2
    assert dict(p.fixed) == {(2, 2): 1 | 4}
    # symbols
    editor.symbols_box.setChecked(True)
    editor.set_tool("symbols")
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(1, 1)))
    qtbot.keyClicks(canvas, "7x")
    assert editor.puzzle().puzzle.symbols[1][1:3] == ("7", "x")
    editor.grab()


def test_editor_explains_what_is_wrong(qtbot, editor):
    editor.set_tool("finish")
    qtbot.mouseClick(editor.canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(0, 7)))  # onto A
    with pytest.raises(PuzzleError, match="different cells"):
        editor.puzzle()
    editor.set_tool("finish")
    qtbot.mouseClick(editor.canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(7, 0)))
    editor.puzzle()
    editor.split_box.setChecked(True)
    assert editor.puzzle().puzzle.split == 4
    editor.set_tool("counts")
    qtbot.mouseClick(editor.canvas, Qt.LeftButton, pos=canvas_point(editor, clue=(-1, 0)))
    with qtbot.waitSignal(editor.changed):
        qtbot.keyClicks(editor.canvas, "9")  # the left part of a row is only 4 cells wide
    with pytest.raises(PuzzleError, match="left part of row 1 must be blank or a whole number from 0 to 4"):
        editor.puzzle()
    qtbot.keyClick(editor.canvas, Qt.Key_Delete)
    assert editor.puzzle().puzzle.rows[0] is None
    # a given piece at A, which has no edge to lead to
    editor.set_tool("pieces")
    qtbot.mouseClick(editor.canvas, Qt.LeftButton, pos=canvas_point(editor, cell=(0, 7)))
    with pytest.raises(PuzzleError, match="the track ends there"):
        editor.puzzle()


def test_editor_starts_from_a_puzzle(qtbot, seed):
    e = Editor(KIND, seed)
    qtbot.addWidget(e)
    assert e.puzzle() == seed
    e.width_box.setValue(12)  # the right parts of the rows shrink to 4 cells
    with pytest.raises(PuzzleError, match="right part of row 1 must be blank or a whole number from 0 to 4, not 6"):
        e.puzzle()
    e.split_box.setChecked(False)
    with pytest.raises(PuzzleError, match="row 1 must be blank or a whole number from 0 to 12|add up to"):
        e.puzzle()
    assert e.draft.finish == (11, 0) and len(e.draft.symbols[0]) == 12
    e.width_box.setValue(16)
    e.split_box.setChecked(True)
    e.split_col.setValue(8)
    assert e.puzzle().puzzle.split == 8


# --- Tatham's play: edge crosses, dots, drags as one move, rails, tallies (issue 25) ----------
def edge_point(board, a, b, inset=0.08):
    """A point inside cell a, ``inset`` cells from its side towards cell b."""
    geo = board.geometry_for()
    (ax, ay), (bx, by) = geo.cell_center(*a), geo.cell_center(*b)
    f = 0.5 - inset
    return QPoint(int(ax + (bx - ax) * f), int(ay + (by - ay) * f))


def test_clicks_on_an_edge_cross_it_out_or_lay_track(qtbot, board):
    moves = controller(board)
    geo = board.geometry_for()
    (ax, ay), (bx, _by) = geo.cell_center(3, 2), geo.cell_center(4, 2)
    mid = ((ax + bx) / 2, ay)
    player = QColor(theme.PLAYER).name()
    assert player not in colours_near(board.grab().toImage(), *mid)
    qtbot.mouseClick(board, Qt.RightButton, pos=edge_point(board, (3, 2), (4, 2)))
    assert moves == [("block", 3, 2, 4, 2, 1)] and board.state.blocks == {edge_key((3, 2), (4, 2))}
    assert player in colours_near(board.grab().toImage(), *mid)  # the cross on the edge is drawn
    qtbot.mouseClick(board, Qt.RightButton, pos=edge_point(board, (4, 2), (3, 2)))  # from either side
    assert moves[-1] == ("block", 4, 2, 3, 2, 0) and board.state.blocks == frozenset()
    qtbot.mouseClick(board, Qt.LeftButton, pos=edge_point(board, (3, 2), (3, 3)))
    assert moves[-1] == ("edge", 3, 2, 3, 3, 1)
    qtbot.mouseClick(board, Qt.LeftButton, pos=edge_point(board, (3, 2), (3, 3)))
    assert moves[-1] == ("edge", 3, 2, 3, 3, 0) and board.state.edges == frozenset()
    # a dot is drawn in the middle of its cell
    cx, cy = geo.cell_center(6, 4)
    assert player not in colours_near(board.grab().toImage(), cx, cy)
    qtbot.mouseClick(board, Qt.LeftButton, pos=at(board, (6, 4)))
    assert player in colours_near(board.grab().toImage(), cx, cy)
    board.grab().save("/tmp/tracksplay-notes.png")
    qtbot.waitUntil(lambda: not board.is_animating())


def test_a_right_drag_marks_every_cell_it_passes(qtbot, board):
    moves = controller(board)
    drag(qtbot, board, [(2, 2), (3, 2)])  # track in (2, 2) and (3, 2): passed over in silence
    drag(qtbot, board, [(1, 2), (5, 2)], button=Qt.RightButton)
    assert moves[-1] == Batch((("mark", 1, 2, 1), ("mark", 4, 2, 1), ("mark", 5, 2, 1)), "drag")
    drag(qtbot, board, [(4, 2), (5, 2)], button=Qt.RightButton)  # begun on a mark: unmarks
    assert board.state.marks == {(1, 2)}


def test_a_whole_drag_is_one_undo_and_notes_are_kept_with_the_game(qtbot, board, seed, tmp_path):
    from puzzlegui.core.games import Games

    doc = load_builtin("tracks-mums-2008")
    games = Games(tmp_path / "data")
    game = games.open(doc)
    board.moveRequested.connect(lambda move: (game.play(move), board.set_state(game.state, move, animate=True)))
    drag(qtbot, board, [(0, 5), (0, 4), (0, 3), (1, 3)])
    qtbot.mouseClick(board, Qt.RightButton, pos=edge_point(board, (5, 1), (6, 1)))
    qtbot.mouseClick(board, Qt.LeftButton, pos=at(board, (8, 4)))
    assert len(game.history) == 3  # the drag, the cross, the dot
    game.undo()
    game.undo()
    assert len(game.state.edges) == 3
    game.undo()  # one Undo takes back the whole drag
    assert game.state.edges == frozenset()
    game.redo()
    game.redo()
    game.redo()
    games.save(game)
    games.close()
    again = Games(tmp_path / "data").open(load_builtin("tracks-mums-2008"))
    assert len(again.state.edges) == 3
    assert again.state.blocks == {edge_key((5, 1), (6, 1))} and again.state.dots == {(8, 4)}
    again.undo()
    again.undo()
    again.undo()
    assert again.state == seed  # undo still works after the store round trip


def test_a_drag_from_a_given_piece_extends_the_track(qtbot, board):
    board.set_state(KIND.parse_game_id("8x8:d9s5c6zgAa,1,4,1,4,4,3,S3,5,2,2,4,S5,3,3,5,1"))
    moves = controller(board)
    # (4, 3) is given, joining its left and top sides: along it and on from its end
    drag(qtbot, board, [(4, 3), (4, 2), (5, 2), (6, 2)])
    assert moves == [Batch((("edge", 4, 2, 5, 2, 1), ("edge", 5, 2, 6, 2, 1)), "drag")]
    # from A along its given piece
    drag(qtbot, board, [(0, 3), (1, 3), (1, 4)])
    assert moves[-1] == Batch((("edge", 1, 3, 1, 4, 1),), "drag")
    # a direction the given piece does not point says why and lays nothing
    with qtbot.waitSignal(board.statusMessage) as blocker:
        drag(qtbot, board, [(4, 3), (5, 3)])
    assert "does not point that way" in blocker.args[0]
    assert len(moves) == 2


def test_rails_and_sleepers_when_cells_are_big(qtbot, board, seed):
    path = [(0, 5), (0, 4), (1, 4), (2, 4), (2, 3)]
    state = seed
    for a, b in itertools.pairwise(path):
        state = KIND.apply(state, ("edge", *a, *b, 1))
    board.set_state(state)
    board.resize(1100, 500)
    geo = board.geometry_for()
    assert geo.cell >= tw.RAILS_MIN_PX
    image = board.grab().toImage()
    board.grab().save("/tmp/tracksplay-rails.png")
    track = QColor(theme.TRACK).name()
    (x1, y1), (x2, _y2) = geo.cell_center(1, 4), geo.cell_center(2, 4)
    mx = (x1 + x2) / 2
    assert track not in colours_near(image, mx, y1)  # between the rails
    for side in (-1, 1):
        assert track in colours_near(image, mx, y1 + side * 0.16 * geo.cell)  # on each rail
    # a sleeper crosses the track a quarter cell from the centre
    sleeper_x = x1 + 0.25 * geo.cell
    assert colours_near(image, sleeper_x, y1, 0) != {QColor(theme.PAPER).name()}
    board.resize(330, 200)
    board.grab().save("/tmp/tracksplay-plain.png")


def count_box_colours(board, image):
    """Every colour inside the count boxes."""
    geo = board.geometry_for()
    c = geo.cell
    out = set()
    p = board.state.puzzle
    for _cells, count, clue, _name in p.lines:
        if count is None:
            continue
        pt = tw.clue_centre(p, geo, clue)
        for dx in range(int(-0.45 * c), int(0.45 * c)):
            for dy in range(int(-0.45 * c), int(0.45 * c)):
                out.add(image.pixelColor(int(pt.x()) + dx, int(pt.y()) + dy).name())
    return out


def test_no_spoilers_stops_colouring_the_counts(qtbot, board, seed):
    # column 4 (count 1) met; the left part of row 6 (count 1) over
    state = KIND.apply(seed, ("edge", 3, 2, 4, 2, 1))
    state = KIND.apply(state, ("edge", 0, 5, 1, 5, 1))
    board.set_state(state)
    shown_colours = count_box_colours(board, board.grab().toImage())
    green, red = QColor(theme.SATISFIED).name(), QColor(theme.ERROR).name()
    assert green in shown_colours and red in shown_colours
    board.set_show_met(False)
    image = board.grab().toImage()
    board.grab().save("/tmp/tracksplay-nospoilers.png")
    hidden = count_box_colours(board, image)
    assert green not in hidden and red not in hidden


def test_counts_can_show_what_they_still_need(qtbot, board, seed):
    state = KIND.apply(seed, ("edge", 0, 5, 0, 4, 1))
    board.set_state(state)
    player = QColor(theme.PLAYER).name()
    geo = board.geometry_for()
    # column 1: count 3, two cells laid: 1 left, drawn above its count (issue 32, item 8)
    corner, _align = tw.tally_rect(seed.puzzle, geo, (0, -1))

    def corner_colours():
        image = board.grab().toImage()
        return {
            image.pixelColor(x, y).name()
            for x in range(int(corner.left()), int(corner.right()))
            for y in range(int(corner.top()), int(corner.bottom()))
        }

    assert player not in corner_colours()
    panel = board.side_panel()
    qtbot.addWidget(panel)
    panel.show_remaining.setChecked(True)  # the Message panel's checkbox sets the board's attribute
    assert board.show_remaining
    assert player in corner_colours()
    board.grab().save("/tmp/tracksplay-tallies.png")
    board.play_colours = False  # an export draws the puzzle as on paper: no tallies
    assert player not in corner_colours()
