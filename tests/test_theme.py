"""Colours: View > Colours switches every board between light and dark, follows the
desktop's scheme when asked to, is remembered, and every meaning keeps a colour-blind-safe
colour of its own."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from puzzlegui.qtkit import theme


@pytest.fixture(autouse=True)
def _light_again():
    yield
    app = QApplication.instance()
    if app is not None:
        theme.apply(app, theme.LIGHT_CHOICE)
    theme.use(False)


def paper_pixel(window):
    """The colour of the board's paper, read off a real grab of the Kurosu board: the
    middle of its first empty cell."""
    board = window.board
    state = board.state
    i = next(i for i in range(len(state.cells)) if state.cells[i] < 0 and state.givens[i] < 0)
    geo = board.geometry_now()
    left, top, size, _ = geo.cell_rect(i % state.width, i // state.width)
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    return QColor(image.pixel(int((left + size / 2) * ratio), int((top + size / 2) * ratio)))


def test_dark_colours_reach_the_board_and_the_window_and_are_remembered(window, qtbot):
    window.open_source("kurosu-dm-2018-06-01")
    qtbot.waitUntil(lambda: window.board is not None)
    light = paper_pixel(window)
    assert light.lightness() > 200
    window.colours.theme_actions[theme.DARK_CHOICE].trigger()
    assert theme.dark and window.settings.theme == theme.DARK_CHOICE
    assert paper_pixel(window).lightness() < 60
    assert QApplication.instance().palette().window().color().lightness() < 80
    window.colours.theme_actions[theme.LIGHT_CHOICE].trigger()
    assert not theme.dark and paper_pixel(window).lightness() > 200
    assert window.settings.theme == theme.LIGHT_CHOICE


def test_following_the_desktop_switches_when_the_desktop_does(window, qtbot, monkeypatch):
    window.open_source("kurosu-dm-2018-06-01")
    window.set_theme(theme.SYSTEM)
    assert not theme.dark  # the offscreen desktop says nothing: light
    monkeypatch.setattr(theme, "system_is_dark", lambda app: True)
    QApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert theme.dark and paper_pixel(window).lightness() < 60
    monkeypatch.setattr(theme, "system_is_dark", lambda app: False)
    QApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert not theme.dark


def test_cached_pictures_are_redrawn_in_the_new_colours(window, qtbot):
    """Kurosu keeps its cells as one picture between frames: a theme change redraws it."""
    window.open_source("kurosu-dm-2018-06-01")
    before = paper_pixel(window)
    window.set_theme(theme.DARK_CHOICE)
    after = paper_pixel(window)
    assert before.name() != after.name() and after.name() == QColor(theme.DARK["PAPER"]).name()


def _distance(a: str, b: str) -> float:
    ca, cb = QColor(a), QColor(b)
    return sum((x - y) ** 2 for x, y in zip(ca.getRgb()[:3], cb.getRgb()[:3], strict=True)) ** 0.5


def _deuteranope(colour: str) -> tuple:
    """A colour as a deuteranope sees it (Viénot, Brettel and Mollon 1999, simplified:
    red and green collapse onto their mean)."""
    c = QColor(colour)
    r, g, b = c.redF(), c.greenF(), c.blueF()
    rg = 0.5 * (r + g)
    return rg, rg, b


@pytest.mark.parametrize("palette", [theme.LIGHT, theme.DARK])
def test_meanings_stay_apart_for_colour_blind_eyes(palette):
    """Mistakes, met counts, the player's marks and the solver's focus: every pair stays
    distinguishable when red and green collapse (deuteranopia), and none is the paper."""
    roles = ("ERROR", "SATISFIED", "PLAYER", "HIGHLIGHT")
    seen = {r: _deuteranope(palette[r]) for r in roles}
    for i, a in enumerate(roles):
        for b in roles[i + 1 :]:
            gap = sum((x - y) ** 2 for x, y in zip(seen[a], seen[b], strict=True)) ** 0.5
            assert gap > 0.12, f"{a} and {b} look alike to a deuteranope"
        assert _distance(palette[a], palette["PAPER"]) > 120, f"{a} does not stand out from the paper"


def _luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance."""

    def linear(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) + 0.0722 * linear(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_every_strip_swatch_has_an_edge_that_shows(qtbot, dark):
    """The all-black swatch of the Black and White tray on the dark paper (and the
    all-white one on the light): each side of every swatch has an outline at 3:1 or more
    against the tray's paper (WCAG's figure for the parts of a picture one must see)."""
    from qt_helpers import shown

    from puzzlegui.core import files
    from puzzlegui.kinds.strips.qt.widget import Tray

    theme.use(dark)
    state = files.load_source("strips-mums-2010-01").state
    assert "bbb" in dict(state.strips.counts) and "www" in dict(state.strips.counts)
    tray = shown(qtbot, Tray(), 240, 300, state)
    image = tray.grab().toImage()
    ratio = image.devicePixelRatio()
    paper = QColor(theme.PAPER)
    boxes, _height = tray._layout(tray.width())
    s = Tray.CELL
    checked = 0
    for pattern, rect, _header in boxes:
        if pattern is None:
            continue
        top = rect.top() + (rect.height() - s) / 2
        left, right, bottom = rect.left(), rect.left() + len(pattern) * s, top + s
        mid_x, mid_y = (left + right) / 2, top + s / 2
        # each side: the best contrast a few pixels across its edge, inside to outside
        sides = {
            "top": [(mid_x, top + d) for d in (-2, -1, 0)],
            "bottom": [(mid_x, bottom + d) for d in (-1, 0, 1)],
            "left": [(left + d, mid_y) for d in (-2, -1, 0)],
            "right": [(right + d, mid_y) for d in (-1, 0, 1)],
        }
        for side, points in sides.items():
            best = max(contrast(QColor(image.pixel(int(x * ratio), int(y * ratio))), paper) for x, y in points)
            assert best >= 3.0, f"the {side} edge of the {pattern} swatch: {best:.2f}:1 on {paper.name()}"
        checked += 1
    assert checked == len(state.strips.counts)
