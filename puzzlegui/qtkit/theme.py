"""Colours shared by every board, in four schemes, chosen to stay apart for colour-blind eyes.

Every colour that carries a meaning starts from the Okabe–Ito palette (Okabe and Ito,
"Color Universal Design", 2002): the player's marks are blue, mistakes vermillion, a line
whose count is met bluish green, the solver's and hint's focus orange (yellow on the dark
paper).  Red against green, the pair most colour-blind people cannot tell apart, is never
the only difference between two meanings; mistakes are also drawn thicker or crossed.

The schemes, LIGHT, DARK, HIGH_CONTRAST and GREYSCALE, name the same roles.  That they
stay apart is a figure, not a look: PAIRS lists the roles that mean different things on
one board, and tests/test_colour_vision.py renders every kind's board in every scheme,
passes the pictures through simulations of protanopia, deuteranopia and tritanopia
(qtkit/colourvision.py) and requires a CIEDE2000 distance of FLOOR or more between the two
roles of each pair (FILL_FLOOR for the pale fills under the marks).  HIGH_CONTRAST's text
roles have a WCAG contrast of 4.5:1 or more on its paper.  GREYSCALE has no hue at all:
its meanings are four greys far enough apart, and the boards' shapes.

Boards read the module's names (``theme.PAPER``) when they paint, so ``use_scheme``
switches every board at once; ``generation`` changes with it, for caches of drawn
pictures.  ``LINE_SCALE`` is the user's line width (1 normal, more for thick lines), for
boards to multiply their pens by (``line(width)``).  The user may override any role of
any scheme (View > Colours > Customise…): ``set_custom`` keeps those colours and
``use_scheme`` lays them over the scheme's own.  The colours of a puzzle's *content*
(Black and White's black and white cells) are not theme colours: they are the puzzle.

``apply(app, choice)`` follows the desktop's colour scheme (Qt 6.5+
``QStyleHints.colorScheme``) or the user's choice, and gives the window's widgets a
matching palette.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

SYSTEM, LIGHT_CHOICE, DARK_CHOICE = "system", "light", "dark"
HIGH_CONTRAST_CHOICE, GREYSCALE_CHOICE = "high-contrast", "greyscale"
#: every choice View > Colours offers, in its order; the settings accept these only
CHOICES = (SYSTEM, LIGHT_CHOICE, DARK_CHOICE, HIGH_CONTRAST_CHOICE, GREYSCALE_CHOICE)
LABELS = {
    SYSTEM: "Follow the &desktop",
    LIGHT_CHOICE: "&Light",
    DARK_CHOICE: "Dar&k",
    HIGH_CONTRAST_CHOICE: "&High contrast",
    GREYSCALE_CHOICE: "&Greyscale",
}

LIGHT = {
    "PAPER": "#fbf8f1",  # the board's background
    "GRID": "#8c857a",  # thin grid lines
    "INK": "#1f1d1a",  # clues, given symbols, outlines
    "PLAYER": "#0072b2",  # what the player placed (Okabe-Ito blue)
    "GIVEN": "#1f1d1a",
    "MUTED": "#a39e94",  # "no track" marks, blanks
    # mistakes: Okabe-Ito's vermillion (#d55e00) darkened, so a protanope and a
    # deuteranope still tell it from the met count's green and the hint's orange
    "ERROR": "#b0520a",
    "ERROR_FILL": "#f5cdb4",
    "SATISFIED": "#05a078",  # a count met exactly (Okabe-Ito bluish green)
    "HIGHLIGHT": "#e69f00",  # solver / hint focus (Okabe-Ito orange)
    "HIGHLIGHT_FILL": "#ffebaa",
    "SUCCESS": "#e69f00",  # the solved flourish
    "TRACK": "#6b4f2a",  # the player's track
    "GIVEN_FILL": "#e9e4d8",  # a cell whose content was given (Tracks)
    "GIVEN_TILE": "#d5cfc3",  # Kurosu's givens sit on grey tiles, never like the player's
    "CARD": "#ffffff",  # a badge on the board (Tracks' A and B)
    "PANEL": "#efeae0",  # a board's own side area (Black and White's answer grid)
    "TRIAL": "#8e2a6e",  # the entries of a trial after a mark (a dashed frame and a notch carry it too)
}

DARK = {
    "PAPER": "#24221f",
    "GRID": "#6f6a62",
    "INK": "#ece6da",
    "PLAYER": "#56b4e9",  # Okabe-Ito sky blue: the blue that reads on dark
    "GIVEN": "#ece6da",
    "MUTED": "#837d73",
    "ERROR": "#d7783c",  # vermillion, lightened to read on the dark paper
    "ERROR_FILL": "#4b230f",
    # a green darker than the ink: a met count still differs from an open one when red
    # and green collapse
    "SATISFIED": "#46a091",
    "HIGHLIGHT": "#f0e442",  # Okabe-Ito yellow: orange sat too close to the mistakes
    "HIGHLIGHT_FILL": "#554619",
    "SUCCESS": "#f0b33c",
    "TRACK": "#bea069",  # a shade darker than the ink: given pieces and the track stay apart
    "GIVEN_FILL": "#38342e",
    "GIVEN_TILE": "#46413a",
    "CARD": "#3a3631",
    "PANEL": "#2e2b27",
    "TRIAL": "#c46aa8",
}

#: white paper, black ink, strong colours: every text role 4.5:1 or more on the paper;
#: the hint's focus is purple, the one hue left apart from red, green and blue for all eyes
HIGH_CONTRAST = {
    "PAPER": "#ffffff",
    "GRID": "#595959",
    "INK": "#000000",
    "PLAYER": "#0046b4",
    "GIVEN": "#000000",
    "MUTED": "#5c5c5c",
    "ERROR": "#c81e00",
    "ERROR_FILL": "#ffd2c3",
    "SATISFIED": "#0a7864",
    "HIGHLIGHT": "#9e4fc4",
    "HIGHLIGHT_FILL": "#ebdcff",
    "SUCCESS": "#9e4fc4",
    "TRACK": "#7d4b0f",
    "GIVEN_FILL": "#e6e6e6",
    "GIVEN_TILE": "#cdcdcd",
    "CARD": "#ffffff",
    "PANEL": "#f0f0f0",
    "TRIAL": "#cc79a7",
}

#: no hue: black, two greys (CIELAB L* 36 and 66) and white, far enough apart that the
#: meanings which meet on one board never share a grey (a mistake is the light grey, a
#: met count and the player's marks the dark one); the pale fills step down from white
GREYSCALE = {
    "PAPER": "#ffffff",
    "GRID": "#a1a1a1",
    "INK": "#000000",
    "PLAYER": "#555555",
    "GIVEN": "#000000",
    "MUTED": "#a1a1a1",
    "ERROR": "#a1a1a1",
    "ERROR_FILL": "#d8d8d8",
    "SATISFIED": "#555555",
    "HIGHLIGHT": "#000000",
    "HIGHLIGHT_FILL": "#b1b1b1",
    "SUCCESS": "#000000",
    "TRACK": "#555555",
    "GIVEN_FILL": "#ebebeb",
    "GIVEN_TILE": "#d8d8d8",
    "CARD": "#ffffff",
    "PANEL": "#f1f1f1",
    "TRIAL": "#777777",
}

PALETTES = {LIGHT_CHOICE: LIGHT, DARK_CHOICE: DARK, HIGH_CONTRAST_CHOICE: HIGH_CONTRAST, GREYSCALE_CHOICE: GREYSCALE}
#: the schemes whose paper is dark (a few boards draw their own shades by it)
DARK_SCHEMES = (DARK_CHOICE,)
ROLES = tuple(LIGHT)
#: each role in words, for View > Colours > Customise…
ROLE_NAMES = {
    "PAPER": "Paper",
    "GRID": "Grid lines",
    "INK": "Clues and outlines",
    "PLAYER": "Your marks",
    "GIVEN": "Given symbols",
    "MUTED": "Blanks and 'no track' marks",
    "ERROR": "Mistakes",
    "ERROR_FILL": "Behind a mistake",
    "SATISFIED": "A count met",
    "HIGHLIGHT": "Hint and solver focus",
    "HIGHLIGHT_FILL": "Behind the focus",
    "SUCCESS": "Solved",
    "TRACK": "Your track",
    "GIVEN_FILL": "Behind a given cell",
    "GIVEN_TILE": "Tile of a given",
    "CARD": "Badges",
    "PANEL": "Side area",
    "TRIAL": "Your trial after a mark",
}
assert all(set(p) == set(ROLES) for p in PALETTES.values()) and set(ROLE_NAMES) == set(ROLES)

#: roles that mean different things and meet on one board, each with why: a CIEDE2000
#: distance under FLOOR, for any eye, would let one pass for the other
PAIRS = (
    ("ERROR", "SATISFIED"),  # a count gone over against a count met (Tracks)
    ("ERROR", "INK"),  # a mistake against a clue
    ("SATISFIED", "INK"),  # a count met against one still open
    ("ERROR", "PLAYER"),  # a wrong mark against a right one (Kurosu)
    ("PLAYER", "GIVEN"),  # the player's mark against the puzzle's
    ("ERROR", "HIGHLIGHT"),  # a mistake against the hint's focus
    ("TRACK", "GRID"),  # the player's track against the grid
    ("TRACK", "INK"),  # the player's track against the given pieces
    ("INK", "PAPER"),
    ("PLAYER", "PAPER"),
    ("ERROR", "PAPER"),
    ("SATISFIED", "PAPER"),
    ("HIGHLIGHT", "PAPER"),
    ("TRACK", "PAPER"),
)
#: the pale fills behind marks: they only back up a frame or a mark, so a smaller floor
FILL_PAIRS = (
    ("ERROR_FILL", "PAPER"),
    ("HIGHLIGHT_FILL", "PAPER"),
    ("ERROR_FILL", "HIGHLIGHT_FILL"),  # a cell in a mistake against a cell the hint points at
    ("GIVEN_TILE", "PAPER"),  # a given against the player's (Kurosu)
)
FLOOR = 20.0
#: who sees a clash, in the Customise dialog's warnings
EYES = {"protanopia": "a protanope", "deuteranopia": "a deuteranope", "tritanopia": "a tritanope"}
FILL_FLOOR = 8.0
#: roles drawn as text (clues, counts, marks): 4.5:1 on the paper in HIGH_CONTRAST (WCAG AA)
TEXT_ROLES = ("INK", "GIVEN", "PLAYER", "ERROR", "SATISFIED", "MUTED")

NORMAL_LINES, THICK_LINES = "normal", "thick"
#: the line widths View > Colours offers, and what they multiply a board's pens by
LINE_SCALES = {NORMAL_LINES: 1.0, THICK_LINES: 1.6}

scheme = LIGHT_CHOICE  # the palette the roles come from now
dark = False
generation = 0  # bumped by every change of colour or width: a cache of drawn pictures keys on it
lines = NORMAL_LINES
custom: dict = {}  # scheme -> {role: "#rrggbb"}: the user's own colours, over the scheme's

# the module's names, set from LIGHT below (and by use_scheme()); listed for readers and linters
TRIAL = PAPER = GRID = INK = PLAYER = GIVEN = MUTED = ERROR = ERROR_FILL = SATISFIED = ""
HIGHLIGHT = HIGHLIGHT_FILL = SUCCESS = TRACK = GIVEN_FILL = GIVEN_TILE = CARD = PANEL = ""
LINE_SCALE = 1.0

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def clean_colours(colours) -> dict:
    """The entries of ``colours`` that name a role and a ``#rrggbb`` colour, lower-case;
    anything else (a hand-edited settings file, an older version's role) is left out."""
    if not isinstance(colours, dict):
        return {}
    return {
        role: value.lower()
        for role, value in colours.items()
        if role in ROLES and isinstance(value, str) and _COLOUR.fullmatch(value)
    }


def roles_of(name: str) -> dict:
    """The colours of scheme ``name`` with the user's own laid over them."""
    return {**PALETTES[name], **custom.get(name, {})}


def _set(roles: dict) -> bool:
    changed = any(globals()[role] != value for role, value in roles.items())
    globals().update(roles)
    return changed


def use_scheme(name: str) -> bool:
    """Switch every role to scheme ``name`` (with the user's colours for it) and the
    chosen line width; True if anything a board draws changed."""
    global scheme, dark, generation, LINE_SCALE
    if name not in PALETTES:
        name = LIGHT_CHOICE
    scale = LINE_SCALES[lines]
    changed = name != scheme or scale != LINE_SCALE
    scheme, dark, LINE_SCALE = name, name in DARK_SCHEMES, scale
    changed = _set(roles_of(name)) or changed
    if changed:
        generation += 1
    return changed


def use(want_dark: bool) -> bool:
    """Switch every role to the dark or the light palette; True if anything changed."""
    return use_scheme(DARK_CHOICE if want_dark else LIGHT_CHOICE)


def set_custom(name: str, colours: dict) -> None:
    """Keep ``colours`` (role -> "#rrggbb") as the user's own for scheme ``name``, and
    use them at once if that scheme is shown."""
    clean = clean_colours(colours)
    if clean:
        custom[name] = clean
    else:
        custom.pop(name, None)
    if name == scheme:
        use_scheme(scheme)


def set_lines(choice: str) -> None:
    """Normal or thick lines from now on (a choice it does not know is normal)."""
    global lines
    lines = choice if choice in LINE_SCALES else NORMAL_LINES
    use_scheme(scheme)


def line(width: float) -> float:
    """A pen's ``width`` at the user's line width: boards multiply their lines by it."""
    return width * LINE_SCALE


def clashes(colours: dict, visions=None) -> list[str]:
    """A sentence for each pair of PAIRS and FILL_PAIRS whose two colours in ``colours``
    (role -> "#rrggbb") come closer than their floor for some eye: what the Customise
    dialog warns about, and what the tests require to be empty for every scheme."""
    from . import colourvision

    found = []
    for pairs, floor in ((PAIRS, FLOOR), (FILL_PAIRS, FILL_FLOOR)):
        for a, b in pairs:
            for vision in visions or colourvision.VISIONS:
                gap = colourvision.distance(colours[a], colours[b], vision)
                if gap < floor:
                    eye = EYES.get(vision, "everyone")
                    # the gap rounded down, to a tenth: 19.6 rounded to "20" read "(20 < 20)"
                    shown = f"{int(gap * 10) / 10:g}"
                    found.append(f"{ROLE_NAMES[a]} and {ROLE_NAMES[b].lower()} look alike to {eye} ({shown} < {floor:g}).")
                    break
    return found


use_scheme(LIGHT_CHOICE)


@contextmanager
def on_paper():
    """Within it, every role has its light colour (a picture for a file or a printer is
    drawn on white whatever the window's theme), and afterwards the roles of the window
    again.  ``generation`` is untouched: boards of the window keep their cached pictures,
    so draw only on a board of your own (gui/export.py makes a fresh one)."""
    was = {role: globals()[role] for role in ROLES}
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
    if choice in PALETTES:
        return False
    return system_is_dark(app)


def scheme_for(app, choice: str) -> str:
    """The scheme ``choice`` stands for: itself, or light or dark as the desktop says."""
    if choice in PALETTES:
        return choice
    return DARK_CHOICE if system_is_dark(app) else LIGHT_CHOICE


def apply(app, choice: str) -> bool:
    """Use the palette ``choice`` asks for ("system" follows the desktop) for the boards
    and, where it differs from the desktop's, for the window too.  True if the boards'
    colours changed (their caches must be redrawn)."""
    name = scheme_for(app, choice)
    changed = use_scheme(name)
    follow = choice == SYSTEM or (name in (LIGHT_CHOICE, DARK_CHOICE) and (name == DARK_CHOICE) == system_is_dark(app))
    _window_palette(app, name, follow=follow)
    return changed


_desktop = None  # the style and palette the app started with, to go back to

#: the window's widgets in each scheme (QPalette role names): the desktop's own palette is
#: used instead where it already matches (a light desktop and the light scheme)
WINDOW = {
    DARK_CHOICE: {
        "Window": "#2b2926", "WindowText": "#ece6da", "Base": "#1f1d1b", "AlternateBase": "#2f2c29",
        "ToolTipBase": "#3a3631", "ToolTipText": "#ece6da", "Text": "#ece6da", "Button": "#35322e",
        "ButtonText": "#ece6da", "BrightText": "#ffffff", "Highlight": "#3d7fb8", "HighlightedText": "#ffffff",
        "Link": "#56b4e9", "PlaceholderText": "#9a948a", "Mid": "#4a4640", "Dark": "#1a1917",
        "Light": "#4d4944", "Midlight": "#403c37", "Shadow": "#000000", "disabled": "#7d776d",
    },
    LIGHT_CHOICE: {
        "Window": "#f3f1ec", "WindowText": "#1f1d1a", "Base": "#ffffff", "AlternateBase": "#f6f4ef",
        "ToolTipBase": "#fffbe6", "ToolTipText": "#1f1d1a", "Text": "#1f1d1a", "Button": "#ebe8e1",
        "ButtonText": "#1f1d1a", "BrightText": "#ffffff", "Highlight": "#0072b2", "HighlightedText": "#ffffff",
        "Link": "#0072b2", "PlaceholderText": "#8a857c", "Mid": "#bdb8ae", "Dark": "#9e998f",
        "Light": "#ffffff", "Midlight": "#f7f5f0", "Shadow": "#5a564f", "disabled": "#9e998f",
    },
    HIGH_CONTRAST_CHOICE: {
        "Window": "#ffffff", "WindowText": "#000000", "Base": "#ffffff", "AlternateBase": "#f0f0f0",
        "ToolTipBase": "#ffffff", "ToolTipText": "#000000", "Text": "#000000", "Button": "#ffffff",
        "ButtonText": "#000000", "BrightText": "#ffffff", "Highlight": "#0046b4", "HighlightedText": "#ffffff",
        "Link": "#0046b4", "PlaceholderText": "#595959", "Mid": "#000000", "Dark": "#000000",
        "Light": "#ffffff", "Midlight": "#ffffff", "Shadow": "#000000", "disabled": "#595959",
    },
    GREYSCALE_CHOICE: {
        "Window": "#f1f1f1", "WindowText": "#000000", "Base": "#ffffff", "AlternateBase": "#f4f4f4",
        "ToolTipBase": "#ffffff", "ToolTipText": "#000000", "Text": "#000000", "Button": "#e6e6e6",
        "ButtonText": "#000000", "BrightText": "#ffffff", "Highlight": "#555555", "HighlightedText": "#ffffff",
        "Link": "#000000", "PlaceholderText": "#808080", "Mid": "#b8b8b8", "Dark": "#9a9a9a",
        "Light": "#ffffff", "Midlight": "#f7f7f7", "Shadow": "#555555", "disabled": "#9a9a9a",
    },
}


def _window_palette(app, name: str, follow: bool) -> None:
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
    roles = dict(WINDOW[name])
    disabled = roles.pop("disabled")
    for role, colour in roles.items():
        p.setColor(getattr(QPalette, role), QColor(colour))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        p.setColor(QPalette.Disabled, role, QColor(disabled))
    app.setPalette(p)
