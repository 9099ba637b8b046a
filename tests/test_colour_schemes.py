"""View > Colours: high contrast and greyscale beside light and dark, thick lines and the
user's own colours, each remembered in the settings and reaching the board."""

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from puzzlegui.qtkit import colourvision, theme
from puzzlegui.gui import settings as settings_mod


@pytest.fixture(autouse=True)
def _light_again():
    yield
    theme.custom.clear()
    theme.set_lines(theme.NORMAL_LINES)
    app = QApplication.instance()
    if app is not None:
        theme.apply(app, theme.LIGHT_CHOICE)
    theme.use(False)


def board_pixels(window) -> np.ndarray:
    """The board as the window shows it, grabbed: an array of RGB rows."""
    image = window.board.grab().toImage().convertToFormat(QImage.Format_RGB32)
    raw = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return raw[:, : image.width(), 2::-1].astype(int)


def paper_pixel(window) -> str:
    """The colour of the middle of the Kurosu board's first empty cell."""
    board = window.board
    state = board.state
    i = next(i for i in range(len(state.cells)) if state.cells[i] < 0 and state.givens[i] < 0)
    left, top, size, _ = board.geometry_now().cell_rect(i % state.width, i // state.width)
    image = board.grab().toImage()
    ratio = image.devicePixelRatio()
    return QColor(image.pixel(int((left + size / 2) * ratio), int((top + size / 2) * ratio))).name()


def test_high_contrast_and_greyscale_from_the_menu_are_remembered(window, qtbot):
    window.open_source("kurosu-dm-2018-06-01")
    qtbot.waitUntil(lambda: window.board is not None)
    window.colours.theme_actions[theme.HIGH_CONTRAST_CHOICE].trigger()
    assert window.settings.theme == theme.HIGH_CONTRAST_CHOICE
    assert settings_mod.Settings().theme == theme.HIGH_CONTRAST_CHOICE  # stored, read back
    assert paper_pixel(window) == theme.HIGH_CONTRAST["PAPER"]
    assert QApplication.instance().palette().window().color().name() == "#ffffff"
    window.colours.theme_actions[theme.GREYSCALE_CHOICE].trigger()
    assert settings_mod.Settings().theme == theme.GREYSCALE_CHOICE
    pixels = board_pixels(window)
    assert (pixels.max(axis=-1) - pixels.min(axis=-1)).max() <= 2  # not one pixel with a hue


def test_a_scheme_the_settings_do_not_know_is_the_desktop_s():
    settings = settings_mod.Settings()
    settings.theme = "purple"
    assert settings.theme == theme.SYSTEM
    settings.line_width = "huge"
    assert settings.line_width == theme.NORMAL_LINES


def test_thick_lines_are_a_role_boards_read_and_are_remembered(window, qtbot):
    assert theme.LINE_SCALE == 1.0 and theme.line(2.0) == 2.0
    before = theme.generation
    window.colours.thick_lines_action.trigger()
    assert window.settings.line_width == theme.THICK_LINES
    assert theme.LINE_SCALE == theme.LINE_SCALES[theme.THICK_LINES] > 1.0
    assert theme.line(2.0) == 2.0 * theme.LINE_SCALE
    assert theme.generation != before  # cached pictures are drawn again
    theme.set_lines(theme.NORMAL_LINES)  # as a new start would have it, before the menu reads the settings
    from puzzlegui.gui.window import MainWindow

    again = MainWindow(settings_mod.Settings(), restore=False)
    qtbot.addWidget(again)
    assert again.colours.thick_lines_action.isChecked() and theme.LINE_SCALE > 1.0
    again.shutdown()


def test_the_users_own_colour_reaches_the_board_and_is_remembered(window, qtbot):
    window.open_source("kurosu-dm-2018-06-01")
    qtbot.waitUntil(lambda: window.board is not None)
    window.set_theme(theme.LIGHT_CHOICE)
    window.colours.customise_action.trigger()
    dialog = window.colours.palette_dialog
    qtbot.waitExposed(dialog)
    assert dialog.scheme == theme.LIGHT_CHOICE
    dialog.set_colour("PAPER", "#ffe0f0")
    dialog.accept()
    assert paper_pixel(window) == "#ffe0f0"
    assert settings_mod.Settings().user_colours(theme.LIGHT_CHOICE) == {"PAPER": "#ffe0f0"}
    window.set_theme(theme.DARK_CHOICE)  # the colour is the light scheme's own
    assert paper_pixel(window) == theme.DARK["PAPER"]
    window.set_theme(theme.LIGHT_CHOICE)
    assert paper_pixel(window) == "#ffe0f0"
    # and back to the scheme's own
    window.colours.customise_action.trigger()
    window.colours.palette_dialog.restore_defaults()
    window.colours.palette_dialog.accept()
    assert paper_pixel(window) == theme.LIGHT["PAPER"]
    assert settings_mod.Settings().user_colours(theme.LIGHT_CHOICE) == {}


def test_the_dialog_warns_when_two_meanings_look_alike(window, qtbot):
    window.colours.customise_action.trigger()
    dialog = window.colours.palette_dialog
    assert "stays apart" in dialog.warnings.text()
    dialog.set_colour("SATISFIED", theme.ERROR)
    assert "Mistakes and a count met look alike to everyone" in dialog.warnings.text()
    dialog.reject()
    assert settings_mod.Settings().user_colours(theme.scheme) == {}


def test_bad_stored_colours_are_left_out():
    settings = settings_mod.Settings()
    settings._q.setValue("colours/light", "PAPER=#123456,INK=red,NOPE=#000000,GRID=#12345,ERROR")
    assert settings.user_colours("light") == {"PAPER": "#123456"}


def test_high_contrast_text_reads_at_4_5_to_1():
    paper = theme.HIGH_CONTRAST["PAPER"]
    for role in theme.TEXT_ROLES:
        assert colourvision.contrast(theme.HIGH_CONTRAST[role], paper) >= 4.5, role
    for role in ("GRID", "HIGHLIGHT", "TRACK"):  # the parts of a picture one must see: 3:1
        assert colourvision.contrast(theme.HIGH_CONTRAST[role], paper) >= 3.0, role


@pytest.mark.parametrize("scheme", list(theme.PALETTES))
def test_no_pair_of_meanings_clashes_in_any_scheme(scheme):
    assert theme.clashes(theme.PALETTES[scheme]) == []


def test_the_measures_match_their_references():
    """CIEDE2000 against Sharma, Wu and Dalal's test data; the simulations keep white
    white and make red and green alike for a deuteranope, not for a tritanope."""
    pairs = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for a, b, expected in pairs:
        assert abs(float(colourvision.ciede2000(np.array(a), np.array(b))) - expected) < 1e-4
    for vision in colourvision.MACHADO:
        assert np.allclose(colourvision.simulate(np.ones(3), vision), 1.0, atol=1e-3)
    assert colourvision.distance("#d00000", "#008000", "deuteranopia") < colourvision.distance("#d00000", "#008000") / 2
    assert abs(colourvision.contrast("#000000", "#ffffff") - 21.0) < 1e-6
