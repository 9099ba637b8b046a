"""Every label of the window readable in every colour scheme (issue 32, item 5: the
puzzle's title was black on dark grey in the dark scheme, its style sheet having kept
the palette it was first polished with)."""

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from puzzlegui.qtkit import colourvision, theme

SCHEMES = [theme.LIGHT_CHOICE, theme.DARK_CHOICE, theme.HIGH_CONTRAST_CHOICE, theme.GREYSCALE_CHOICE]


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's contrast ratio (qtkit/colourvision.py), of two QColors."""
    return colourvision.contrast(a.name(), b.name())


@pytest.fixture
def schemes(window):
    yield window
    window.set_theme(theme.LIGHT_CHOICE)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_title_and_every_label_are_readable(qtbot, schemes, scheme):
    window = schemes
    assert window.open_source("kurosu-dm-2018-06-01")
    window.set_theme(scheme)
    QApplication.processEvents()
    title = window.title_label
    assert title.isVisible() and title.full_text().startswith("Kurosu")
    ink = title.palette().color(title.foregroundRole())
    ground = window.palette().color(window.backgroundRole())
    assert contrast(ink, ground) >= 4.5, (scheme, ink.name(), ground.name())
    # the title as drawn: its darkest and lightest pixels differ as much as the palette says
    image = title.grab().toImage()
    pixels = {image.pixelColor(x, y).rgb() for y in range(0, image.height()) for x in range(0, image.width(), 2)}
    lums = sorted(colourvision.luminance(QColor(p).name()) for p in pixels)
    assert (lums[-1] + 0.05) / (lums[0] + 0.05) >= 4.5
    # every label and button in sight: its text role on its own background role
    low = []
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        if not widget.isVisible() or not widget.isEnabled() or not (widget.text() if hasattr(widget, "text") else ""):
            continue
        palette = widget.palette()
        ratio = contrast(palette.color(widget.foregroundRole()), palette.color(widget.backgroundRole()))
        if ratio < 4.5:
            low.append((type(widget).__name__, widget.text()[:30], round(ratio, 2)))
    assert not low, f"text below 4.5:1 in {scheme}: {low}"

