"""One way to draw meaning: the mistake colour (theme.ERROR) is drawn for mistakes only.

Every kind's board is rendered at rest, with no mistake marked, in the light and the dark
palette, and no pixel may be close to that palette's ERROR.  "Close" is a CIELAB distance
(CIE76 delta E) below NEAR: the theme's colours drawn on a board at rest are all further
apart from it than that (test_colours_at_rest_are_further_apart_than_near), so a colour
within it reads as the mistake colour.  (The solver's orange, HIGHLIGHT, is 29.9 from the
dark ERROR: it shows only while the solver or a hint points, drawn as a frame.)"""

import math

import pytest
from PySide6.QtGui import QColor, QImage

from puzzlegui.core import files
from puzzlegui.qtkit import theme
from puzzlegui.gui.kinds import board_class

#: below this CIELAB distance a colour reads as the same colour
NEAR = 30.0
#: a built-in puzzle of every kind; Rotation twice: 3x3 blocks (buttons on tiles) and 2x2
AT_REST = ("tracks-mums-2008", "kurosu-dm-2018-06-01", "strips-mums-2010-01", "twiddle-5x5-blocks-3", "mystery-box")


def lab(colour: QColor) -> tuple:
    """sRGB to CIELAB (D65)."""

    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in (colour.redF(), colour.greenF(), colour.blueF()))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def nearest(image: QImage, colour: str) -> tuple[float, str]:
    """The smallest CIELAB distance from any pixel of ``image`` to ``colour``, and that
    pixel's colour."""
    target = lab(QColor(colour))
    best = (math.inf, "")
    for value in {image.pixel(x, y) for y in range(image.height()) for x in range(image.width())}:
        pixel = QColor.fromRgb(value)
        d = math.dist(lab(pixel), target)
        if d < best[0]:
            best = (d, pixel.name())
    return best


def board_at_rest(qapp, name: str, dark: bool) -> QImage:
    """The board of built-in puzzle ``name`` as the window shows it at rest, in the
    light or the dark palette, with no mistake, hint or solver mark."""
    theme.use(dark)
    doc = files.load_source(name)
    board = board_class(doc.kind.name)(doc.kind)
    board.resize(420, 420)
    board.set_state(doc.state)
    assert not board.violations and not board.highlight
    image = QImage(board.size(), QImage.Format_ARGB32)
    image.fill(QColor(theme.PAPER))
    board.render_at_rest(image)
    board.stop_animations()
    return image


@pytest.fixture(autouse=True)
def _light_again():
    yield
    theme.use(False)


def test_colours_at_rest_are_further_apart_than_near():
    for palette in (theme.LIGHT, theme.DARK):
        error = lab(QColor(palette["ERROR"]))
        for role in ("PAPER", "GRID", "INK", "PLAYER", "MUTED", "SATISFIED", "TRACK", "GIVEN_FILL", "GIVEN_TILE", "PANEL"):
            assert math.dist(lab(QColor(palette[role])), error) > NEAR, role


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("name", AT_REST)
def test_no_mistake_colour_on_a_board_without_mistakes(qapp, name, dark):
    image = board_at_rest(qapp, name, dark)
    distance, pixel = nearest(image, theme.ERROR)
    assert distance >= NEAR, f"{pixel} on {name} is {distance:.1f} from the mistake colour {theme.ERROR}"


def test_a_mistake_is_still_drawn_in_the_mistake_colour(qapp):
    """The measure sees the colour where it belongs: a Kurosu board with a rule broken."""
    from puzzlegui.core.kind import Violation

    theme.use(False)
    doc = files.load_source("kurosu-dm-2018-06-01")
    board = board_class("kurosu")(doc.kind)
    board.resize(420, 420)
    board.set_state(doc.state)
    board.set_violations([Violation(((0, 0), (1, 0), (2, 0)), "three in a row")])
    image = QImage(board.size(), QImage.Format_ARGB32)
    image.fill(QColor(theme.PAPER))
    board.render_at_rest(image)
    assert nearest(image, theme.ERROR)[0] < 5


# --- exports: the puzzle as given, drawn as on paper -------------------------------------------
def _as_given():
    """The MUMS Tracks puzzle as given: some of its counts are met by the given track
    alone (the window draws them green)."""
    doc = files.load_source("tracks-mums-2008")
    state = doc.kind.initial(doc.state)
    met = [count for cells, count, _clue, _name in state.puzzle.lines if count is not None and state.line_count(cells) == count]
    assert met, "the test needs a count the given track meets"
    return doc.kind, state


def _svg_image(path) -> QImage:
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()
    image = QImage(renderer.defaultSize(), QImage.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def _pdf_page_image(kind, state) -> QImage:
    """A page as write_pdf and Print lay it out (export.print_items), onto an image."""
    from puzzlegui.gui import export

    image = QImage(600, 850, QImage.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    assert export.print_items(image, [("As given", kind, state)], per_page=1) == 1
    return image


def _play_colours_near(image: QImage) -> list:
    found = []
    for palette in (theme.LIGHT, theme.DARK):
        for role in ("SATISFIED", "ERROR", "HIGHLIGHT", "PLAYER"):
            distance, pixel = nearest(image, palette[role])
            if distance < NEAR:
                found.append((role, pixel, round(distance, 1)))
    return found


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_exports_as_given_have_no_play_colours(qapp, tmp_path, dark):
    """PNG, SVG and the PDF page of a puzzle as given: a count its given track meets is
    ink, like every other count, whatever the window's theme; and the board's paper is the
    light one."""
    from puzzlegui.gui import export

    kind, state = _as_given()
    theme.use(dark)
    png = QImage(str(export.render_png(kind, state, tmp_path / "given.png", cell=28)))
    svg = _svg_image(export.render_svg(kind, state, tmp_path / "given.svg", cell=28))
    page = _pdf_page_image(kind, state)
    for name, image in (("png", png), ("svg", svg), ("pdf page", page)):
        assert not _play_colours_near(image), (name, _play_colours_near(image))
        assert nearest(image, theme.LIGHT["PAPER"])[0] < 2, name  # drawn on the light paper
    assert dark == theme.dark and theme.PAPER == (theme.DARK if dark else theme.LIGHT)["PAPER"]  # the window's theme is back


def test_the_window_still_colours_a_met_count(qapp):
    """The measure sees the colour where it belongs: the same puzzle in the window."""
    kind, state = _as_given()
    board = board_class("tracks")(kind)
    board.resize(420, 420)
    board.set_state(state)
    image = QImage(board.size(), QImage.Format_ARGB32)
    image.fill(QColor(theme.PAPER))
    board.render_at_rest(image)
    assert nearest(image, theme.SATISFIED)[0] < 5


def test_the_command_line_exports_as_given_without_play_colours(qapp, tmp_path):
    from puzzlegui import cli

    assert cli.main(["export", "tracks-mums-2008", "--png", str(tmp_path / "cli.png")]) == 0
    assert not _play_colours_near(QImage(str(tmp_path / "cli.png")))
