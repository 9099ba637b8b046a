"""Colours shared by every board, light or dark, chosen to stay apart for colour-blind eyes.

Every colour that carries a meaning comes from the Okabe–Ito palette (Okabe and Ito,
"Color Universal Design", 2002), whose eight colours stay distinct under protanopia,
deuteranopia and tritanopia: the player's marks are blue, mistakes vermillion, a line
whose count is met bluish green, the solver's and hint's focus orange.  Red against
green, the pair most colour-blind people cannot tell apart, is never the only
difference between two meanings; mistakes are also drawn thicker or crossed.

Two palettes, LIGHT and DARK, name the same roles.  Boards read the module's names
(``theme.PAPER``) when they paint, so ``use(dark)`` switches every board at once;
``generation`` changes with it, for caches of drawn pictures.  The colours of a
puzzle's *content* (Black and White's black and white cells) are not theme colours:
they are the puzzle.

``apply(app, choice)`` follows the desktop's colour scheme (Qt 6.5+
``QStyleHints.colorScheme``) or the user's choice, and gives the window's widgets a
matching palette.
"""

from __future__ import annotations

from contextlib import contextmanager

SYSTEM, LIGHT_CHOICE, DARK_CHOICE = "system", "light", "dark"
CHOICES = (SYSTEM, LIGHT_CHOICE, DARK_CHOICE)

LIGHT = {
    "PAPER": "#fbf8f1",  # the board's background
    "GRID": "#8c857a",  # thin grid lines
    "INK": "#1f1d1a",  # clues, given symbols, outlines
    "PLAYER": "#0072b2",  # what the player placed (Okabe-Ito blue)
    "GIVEN": "#1f1d1a",
    "MUTED": "#a39e94",  # "no track" marks, blanks
    "ERROR": "#d55e00",  # mistakes (Okabe-Ito vermillion)
    "ERROR_FILL": "#f8d4bd",
    "SATISFIED": "#009e73",  # a count met exactly (Okabe-Ito bluish green)
    "HIGHLIGHT": "#e69f00",  # solver / hint focus (Okabe-Ito orange)
    "HIGHLIGHT_FILL": "#fde8a6",
    "SUCCESS": "#e69f00",  # the solved flourish
    "TRACK": "#6b4f2a",  # the player's track
    "GIVEN_FILL": "#e9e4d8",  # a cell whose content was given (Tracks)
    "GIVEN_TILE": "#d5cfc3",  # Kurosu's givens sit on grey tiles, never like the player's
    "CARD": "#ffffff",  # a badge on the board (Tracks' A and B)
    "PANEL": "#efeae0",  # a board's own side area (Black and White's answer grid)
}

DARK = {
    "PAPER": "#24221f",
    "GRID": "#6f6a62",
    "INK": "#ece6da",
    "PLAYER": "#56b4e9",  # Okabe-Ito sky blue: the blue that reads on dark
    "GIVEN": "#ece6da",
    "MUTED": "#837d73",
    "ERROR": "#f0884a",  # vermillion, lightened to read on the dark paper
    "ERROR_FILL": "#5b3019",
    "SATISFIED": "#2fc596",
    "HIGHLIGHT": "#f0b33c",
    "HIGHLIGHT_FILL": "#56451a",
    "SUCCESS": "#f0b33c",
    "TRACK": "#d8b07a",
    "GIVEN_FILL": "#38342e",
    "GIVEN_TILE": "#46413a",
    "CARD": "#3a3631",
    "PANEL": "#2e2b27",
}

dark = False
generation = 0  # bumped by every use(): a cache of drawn pictures keys on it

# the module's names, set from LIGHT below (and by use()); listed for readers and linters
PAPER = GRID = INK = PLAYER = GIVEN = MUTED = ERROR = ERROR_FILL = SATISFIED = ""
HIGHLIGHT = HIGHLIGHT_FILL = SUCCESS = TRACK = GIVEN_FILL = GIVEN_TILE = CARD = PANEL = ""


def use(want_dark: bool) -> bool:
    """Switch every role to the dark or the light palette; True if anything changed."""
    global dark, generation
    changed = bool(want_dark) != dark or not PAPER
    dark = bool(want_dark)
    globals().update(DARK if dark else LIGHT)
    if changed:
        generation += 1
    return changed


use(False)


@contextmanager
def on_paper():
    """Within it, every role has its light colour (a picture for a file or a printer is
    drawn on white whatever the window's theme), and afterwards the roles of the window
    again.  ``generation`` is untouched: boards of the window keep their cached pictures,
    so draw only on a board of your own (gui/export.py makes a fresh one)."""
    was = dict(DARK if dark else LIGHT)
    globals().update(LIGHT)
    try:
        yield
    finally:
        globals().update(was)


def system_is_dark(app) -> bool:
    """What the desktop says (Qt 6.5+); False where it says nothing."""
    from PySide6.QtCore import Qt

    hints = app.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


def wants_dark(app, choice: str) -> bool:
    if choice == DARK_CHOICE:
        return True
    if choice == LIGHT_CHOICE:
        return False
    return system_is_dark(app)


def apply(app, choice: str) -> bool:
    """Use the palette ``choice`` asks for ("system" follows the desktop) for the boards
    and, where it differs from the desktop's, for the window too.  True if the boards'
    colours changed (their caches must be redrawn)."""
    want = wants_dark(app, choice)
    changed = use(want)
    _window_palette(app, want, follow=choice == SYSTEM or want == system_is_dark(app))
    return changed


_desktop = None  # the style and palette the app started with, to go back to


def _window_palette(app, want_dark: bool, follow: bool) -> None:
    from PySide6.QtGui import QColor, QPalette

    global _desktop
    if _desktop is None:
        _desktop = (app.style().name(), QPalette(app.palette()))
    if follow:
        # the desktop's own palette already matches: give it back if we changed it
        if app.style().name() != _desktop[0]:
            app.setStyle(_desktop[0])
        app.setPalette(_desktop[1])
        return
    app.setStyle("Fusion")  # a style that draws every widget from the palette
    p = QPalette()
    if want_dark:
        roles = {
            QPalette.Window: "#2b2926", QPalette.WindowText: "#ece6da", QPalette.Base: "#1f1d1b",
            QPalette.AlternateBase: "#2f2c29", QPalette.ToolTipBase: "#3a3631", QPalette.ToolTipText: "#ece6da",
            QPalette.Text: "#ece6da", QPalette.Button: "#35322e", QPalette.ButtonText: "#ece6da",
            QPalette.BrightText: "#ffffff", QPalette.Highlight: "#3d7fb8", QPalette.HighlightedText: "#ffffff",
            QPalette.Link: "#56b4e9", QPalette.PlaceholderText: "#9a948a", QPalette.Mid: "#4a4640",
            QPalette.Dark: "#1a1917", QPalette.Light: "#4d4944", QPalette.Midlight: "#403c37",
            QPalette.Shadow: "#000000",
        }
        disabled = "#7d776d"
    else:
        roles = {
            QPalette.Window: "#f3f1ec", QPalette.WindowText: "#1f1d1a", QPalette.Base: "#ffffff",
            QPalette.AlternateBase: "#f6f4ef", QPalette.ToolTipBase: "#fffbe6", QPalette.ToolTipText: "#1f1d1a",
            QPalette.Text: "#1f1d1a", QPalette.Button: "#ebe8e1", QPalette.ButtonText: "#1f1d1a",
            QPalette.BrightText: "#ffffff", QPalette.Highlight: "#0072b2", QPalette.HighlightedText: "#ffffff",
            QPalette.Link: "#0072b2", QPalette.PlaceholderText: "#8a857c", QPalette.Mid: "#bdb8ae",
            QPalette.Dark: "#9e998f", QPalette.Light: "#ffffff", QPalette.Midlight: "#f7f5f0",
            QPalette.Shadow: "#5a564f",
        }
        disabled = "#9e998f"
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        p.setColor(QPalette.Disabled, role, QColor(disabled))
    app.setPalette(p)
