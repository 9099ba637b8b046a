"""Thick lines really thicken every board, and no meaning rides on colour alone (issue 25).

View > Colours > Thick lines multiplies every pen of every board and editor by
theme.LINE_SCALE: each kind's board, grabbed with normal and with thick lines, has
measurably more ink with thick ones.  And two states that mean different things differ
in shape, not only in colour: each pair is rendered in the GREYSCALE scheme (no hue at
all) and the masks of its dark pixels must differ.  Pictures go to /tmp/lines-*.png."""

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from qt_helpers import shown

from puzzlegui.core.files import load_source
from puzzlegui.core.kind import Violation
from puzzlegui.qtkit import theme
from puzzlegui.gui.kinds import board_class


@pytest.fixture(autouse=True)
def _normal_again():
    yield
    theme.set_lines(theme.NORMAL_LINES)
    app = QApplication.instance()
    if app is not None:
        theme.apply(app, theme.LIGHT_CHOICE)
    theme.use(False)


def pixels(widget) -> np.ndarray:
    """The widget grabbed: an array of RGB rows."""
    image = widget.grab().toImage().convertToFormat(QImage.Format_RGB32)
    raw = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return raw[:, : image.width(), 2::-1].astype(int)


def ink(picture: np.ndarray, paper: str) -> int:
    """How many pixels are inked: further than 150 (summed over R, G, B) from the paper,
    as the grid and the lines are, and not the pale fills and tiles under them."""
    colour = QColor(paper)
    far = np.abs(picture - np.array([colour.red(), colour.green(), colour.blue()])).sum(axis=-1)
    return int((far > 150).sum())


def near(picture: np.ndarray, roles=("GRID", "PLAYER")) -> int:
    """How many pixels are within 80 (summed over R, G, B) of the theme's ``roles``: the
    grid and the cut lines of a Black and White board, whose black and white cells are the
    puzzle's content and would drown them in a count of all the ink."""
    found = np.zeros(picture.shape[:2], dtype=bool)
    for role in roles:
        colour = QColor(getattr(theme, role))
        found |= np.abs(picture - np.array([colour.red(), colour.green(), colour.blue()])).sum(axis=-1) < 80
    return int(found.sum())


def dark(picture: np.ndarray, level: int = 170) -> np.ndarray:
    """The mask of pixels darker than ``level`` (a grey picture: all three channels alike):
    in the greyscale scheme the lines and marks, not the pale fills behind them."""
    return picture.mean(axis=-1) < level


def normal_and_thick(widget, name: str) -> tuple[int, int]:
    """The ink on ``widget`` with normal lines, then with thick ones; both pictures saved.
    Strips boards count their lines only (``near``)."""
    measure = near if "strips" in name else (lambda picture: ink(picture, theme.PAPER))
    theme.set_lines(theme.NORMAL_LINES)
    widget.update()
    normal = pixels(widget)
    widget.grab().save(f"/tmp/lines-{name}-normal.png")
    theme.set_lines(theme.THICK_LINES)
    widget.update()
    thick = pixels(widget)
    widget.grab().save(f"/tmp/lines-{name}-thick.png")
    theme.set_lines(theme.NORMAL_LINES)
    return measure(normal), measure(thick)


def greyscale(widget, name: str, content_colours: bool = False) -> np.ndarray:
    """``widget`` in the greyscale scheme, grabbed (and saved as /tmp/lines-name.png).
    Only the puzzle's own content (Rotation's coloured rows) may have a hue."""
    theme.use_scheme(theme.GREYSCALE_CHOICE)
    widget.update()
    picture = pixels(widget)
    widget.grab().save(f"/tmp/lines-{name}.png")
    if not content_colours:
        assert (picture.max(axis=-1) - picture.min(axis=-1)).max() <= 2  # no hue anywhere
    return picture


def corner_weight(mask: np.ndarray) -> float:
    """How much heavier a frame drawn in a cell (``mask``) is at the cell's corners than
    half way along its sides: the ink in the four corner squares (a quarter of the side)
    over the ink in the four squares at the middles of the sides.  An even frame gives
    about 2 (two legs against one), a frame with heavy corners far more."""
    n = min(mask.shape)
    q = n // 4
    lo, hi = (n - q) // 2, (n - q) // 2 + q
    corners = mask[:q, :q].sum() + mask[:q, -q:].sum() + mask[-q:, :q].sum() + mask[-q:, -q:].sum()
    sides = mask[:q, lo:hi].sum() + mask[-q:, lo:hi].sum() + mask[lo:hi, :q].sum() + mask[lo:hi, -q:].sum()
    return float(corners) / max(1, int(sides))


def cell_box(board, cell, geo=None) -> tuple:
    """(rows, columns) slices of ``cell`` on ``board``'s picture."""
    geo = geo or board.geometry_now()
    left, top, side, _ = geo.cell_rect(*cell)
    return slice(int(top), int(top + side)), slice(int(left), int(left + side))


# --- Tracks -----------------------------------------------------------------------------------
@pytest.fixture
def tracks(qtbot):
    doc = load_source("tracks-mums-2008")
    return shown(qtbot, board_class("tracks")(doc.kind), 900, 420, doc.state)


def test_thick_lines_thicken_tracks_through_the_menu(window, qtbot):
    window.open_source("tracks-mums-2008")
    qtbot.waitUntil(lambda: window.board is not None and window.board.state is not None)
    board = window.board
    normal = ink(pixels(board), theme.PAPER)
    board.grab().save("/tmp/lines-tracks-window-normal.png")
    window.colours.thick_lines_action.trigger()
    assert theme.LINE_SCALE > 1.0
    thick = ink(pixels(board), theme.PAPER)
    board.grab().save("/tmp/lines-tracks-window-thick.png")
    assert thick > normal * 1.15, (normal, thick)
    window.colours.thick_lines_action.trigger()
    assert ink(pixels(board), theme.PAPER) == normal  # and back


def test_tracks_counts_met_and_over_differ_in_shape(tracks):
    kind, seed = tracks.kind, tracks.state
    p = seed.puzzle
    geo = tracks.geometry_for()
    c = geo.cell
    from puzzlegui.kinds.tracks.qt import widget as tw

    def count_mask(state, clue):
        tracks.set_state(state)
        picture = greyscale(tracks, f"tracks-count-{'-'.join(map(str, clue))}")
        pt = tw.clue_centre(p, geo, clue)
        rows = slice(int(pt.y() - 0.45 * c), int(pt.y() + 0.45 * c))
        cols = slice(int(pt.x() - 0.45 * c), int(pt.x() + 0.45 * c))
        return dark(picture[rows, cols])

    # column 4 (count 1): open, then met; the left of row 6 (count 1): open, then over
    met = kind.apply(seed, ("edge", 3, 2, 4, 2, 1))
    over = kind.apply(seed, ("edge", 0, 5, 1, 5, 1))
    column, row = (3, -1), (-1, 5)
    counts = {clue: (cells, count) for cells, count, clue, _n in p.lines}
    assert met.line_count(counts[column][0]) == counts[column][1] == 1
    assert over.line_count(counts[row][0]) > counts[row][1] == 1
    open_column, met_column = count_mask(seed, column), count_mask(met, column)
    open_row, over_row = count_mask(seed, row), count_mask(over, row)
    assert (open_column != met_column).sum() > 0.3 * c, "a met count looks like an open one"
    assert (open_row != over_row).sum() > 0.3 * c, "a count gone over looks like an open one"
    # met and over do not share their mark: one is a bar below, the other a stroke across
    below = slice(int(0.7 * c), int(0.85 * c))
    assert met_column[below].sum() > (open_column[below]).sum() + 0.2 * c
    assert over_row[below].sum() <= open_row[below].sum() + 0.05 * c


def test_tracks_mistake_and_focus_cells_differ_in_shape(tracks):
    geo = tracks.geometry_for()
    cell = (6, 3)
    rows, cols = cell_box(tracks, cell, geo)
    plain = dark(greyscale(tracks, "tracks-cell-plain")[rows, cols])
    tracks.set_violations([Violation((cell,), "a mistake")])
    mistake = dark(greyscale(tracks, "tracks-cell-mistake")[rows, cols])
    tracks.set_violations([])
    tracks.set_highlight([cell], "")
    focus = dark(greyscale(tracks, "tracks-cell-focus")[rows, cols])
    c = geo.cell
    assert (mistake & ~plain).sum() > 2 * c, "a mistake is only a fill"
    assert (focus & ~plain).sum() > 2 * c, "the hint's focus is only a fill"
    assert corner_weight(focus & ~plain) > 1.5 * corner_weight(mistake & ~plain), "a mistake and the focus have one shape"


# --- every kind's board and editor ------------------------------------------------------------
#: a built-in puzzle of every kind; Rotation twice: 3x3 blocks (buttons on tiles) and 2x2
BOARDS = ("tracks-mums-2008", "kurosu-dm-2018-06-01", "strips-mums-2010-01", "twiddle-5x5-blocks-3", "mystery-box")


@pytest.mark.parametrize("name", BOARDS)
def test_thick_lines_put_more_ink_on_every_board(qtbot, name):
    doc = load_source(name)
    board = shown(qtbot, board_class(doc.kind.name)(doc.kind), 640, 480, doc.state)
    normal, thick = normal_and_thick(board, name)
    assert thick > normal * 1.1, (normal, thick)


@pytest.mark.parametrize("kind_name", ("tracks", "rotation", "kurosu", "strips"))
def test_thick_lines_put_more_ink_on_every_editor(qtbot, kind_name):
    from puzzlegui.core import registry
    from puzzlegui.gui.dialogs import EditDialog

    kind = registry.get(kind_name)
    state = kind.generate({p.name: p.default for p in kind.parameters()}, 1)
    dialog = shown(qtbot, EditDialog(kind, state), 560, 640)
    editor = dialog.editor
    normal, thick = normal_and_thick(editor, f"{kind_name}-editor")
    assert thick > normal * 1.05, (normal, thick)


# --- Rotation ---------------------------------------------------------------------------------
def test_rotation_mistake_and_focus_frames_differ_in_shape(qtbot):
    doc = load_source("mystery-box")
    board = shown(qtbot, board_class(doc.kind.name)(doc.kind), 480, 480, doc.state)
    cell = (0, 0)
    rows, cols = cell_box(board, cell)
    board.set_violations([Violation((cell,), "a mistake")])
    mistake = greyscale(board, "rotation-mistake", content_colours=True)[rows, cols]
    board.set_violations([])
    board.set_highlight([cell], "")
    focus = greyscale(board, "rotation-focus", content_colours=True)[rows, cols]
    board.set_highlight([], "")
    plain = greyscale(board, "rotation-plain", content_colours=True)[rows, cols]
    # what each frame adds to the plain cell, whatever its grey: the two differ in shape
    added_mistake = np.abs(mistake - plain).sum(axis=-1) > 60
    added_focus = np.abs(focus - plain).sum(axis=-1) > 60
    side = rows.stop - rows.start
    assert added_mistake.sum() > side and added_focus.sum() > side
    # not a frame a pixel or two in or out: the focus is heavy at its corners, the mistake even
    assert corner_weight(added_focus) > 1.5 * corner_weight(added_mistake), "the mistake and the focus frames have one shape"


# --- Strips -----------------------------------------------------------------------------------
def test_strips_preview_that_fits_and_one_that_does_not_differ_in_shape(qtbot):
    from PySide6.QtCore import QPoint, Qt

    from puzzlegui.kinds.strips import KIND, model
    from puzzlegui.kinds.strips.model import make_state
    from puzzlegui.kinds.strips.stripset import SEED

    final = ("wwbbw", "wbwbb", "bbbww", "bbwbb", "bwwww")
    fresh = make_state(final, SEED)
    used = model.apply(fresh, ("place", "ww", ((0, 0), (1, 0))))  # the one WW strip is gone
    board = shown(qtbot, board_class("strips")(KIND), 420, 380, fresh)
    cells = ((1, 4), (2, 4))  # row 5 reads W W there
    assert model.placement_problem(fresh, cells) is None and model.placement_problem(used, cells)

    def point(cell):
        x, y = board.geometry().cell_center(*cell)
        return QPoint(int(x), int(y))

    g = board.geometry()
    left, top, side, _ = g.cell_rect(*cells[0])
    rows, cols = slice(int(top), int(top + side)), slice(int(left), int(left + 2 * side))

    def preview(state, name):
        board.set_state(state)
        plain = greyscale(board, f"strips-{name}-plain", content_colours=True)
        qtbot.mousePress(board, Qt.LeftButton, pos=point(cells[0]))
        qtbot.mouseMove(board, point(cells[1]))
        assert board.selection == cells
        shown_ = greyscale(board, f"strips-{name}", content_colours=True)
        qtbot.mouseRelease(board, Qt.LeftButton, pos=point(cells[1]))
        return (np.abs(shown_ - plain).sum(axis=-1) > 60)[rows, cols]

    fits, refused = preview(fresh, "fits"), preview(used, "refused")
    assert fits.sum() > side and refused.sum() > side
    assert (fits != refused).sum() > side, "a strip that fits and one that does not have one shape"
