"""Colours for every eye, measured: every kind's board, rendered in every scheme with a
mistake, a met count, the hint's focus and the player's entries, is passed through
simulations of protanopia, deuteranopia and tritanopia (Machado et al. 2009), and each
pair of meanings that meets on it (theme.PAIRS) must stay theme.FLOOR or more apart in
CIEDE2000.  The colours are read off the simulated pictures, where the board drew them,
not off the palette: a kind that drew a meaning in another colour would be measured too.
Also: the schemes and the line width from View > Colours, remembered; the user's own
colours reach the board; high contrast's text is 4.5:1 or more on its paper."""

import functools

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage

from puzzlegui.core import files, solver
from puzzlegui.core.kind import PuzzleError, Violation
from puzzlegui.qtkit import colourvision, theme
from puzzlegui.gui.kinds import board_class

#: a built-in puzzle of every kind; Rotation twice: 3x3 blocks (buttons on tiles) and 2x2
BOARDS = ("tracks-mums-2008", "kurosu-dm-2018-06-01", "strips-mums-2010-01", "twiddle-5x5-blocks-3", "mystery-box")
#: the roles each board must show in the pictures below, or the measure measures nothing
SHOWN = {
    "tracks-mums-2008": {"PAPER", "INK", "ERROR", "SATISFIED", "TRACK", "ERROR_FILL", "HIGHLIGHT_FILL"},
    "kurosu-dm-2018-06-01": {"PAPER", "GRID", "INK", "PLAYER", "ERROR", "HIGHLIGHT", "GIVEN_TILE"},
    "strips-mums-2010-01": {"PAPER", "HIGHLIGHT"},
    "twiddle-5x5-blocks-3": {"PAPER", "ERROR", "HIGHLIGHT"},
    "mystery-box": {"PAPER", "ERROR", "HIGHLIGHT"},
}
SIZE = 480


@pytest.fixture(autouse=True)
def _light_again():
    yield
    theme.custom.clear()
    theme.set_lines(theme.NORMAL_LINES)
    theme.use(False)


def _picture(board) -> np.ndarray:
    image = QImage(board.size(), QImage.Format_RGB32)
    image.fill(QColor(theme.PAPER))
    board.render_at_rest(image)
    board.stop_animations()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return raw[:, : image.width(), 2::-1].astype(float) / 255.0  # BGRA in memory: RGB, 0 to 1


def over_a_count(kind, state):
    """``state`` with one more piece of track that takes a line over its count (Tracks
    shows a count gone over in the mistake colour), or None."""
    p = state.puzzle
    for y in range(p.height):
        for x in range(p.width - 1):
            try:
                wrong = kind.apply(state, ("edge", x, y, x + 1, y, 1))
            except PuzzleError:
                continue
            if any(c is not None and wrong.line_count(cells) > c for cells, c, _clue, _name in p.lines):
                return wrong
    return None


@functools.cache
def played(name: str) -> tuple:
    """The kind, the built-in puzzle ``name`` with the player's first entries from its
    solution, and the cells they fill (none for Rotation: a turn is its only entry)."""
    doc = files.load_source(name)
    kind, state = doc.kind, doc.state
    entered = []
    if kind.name != "rotation":
        result = solver.run(kind.solve(kind.solve_start(state)), mode=solver.FIRST)
        for move in kind.solution_moves(state, result.solutions[0])[:8]:
            state = kind.apply(state, move)
        before = kind.entries(doc.state)
        for key in kind.entries(state):
            if key not in before:
                entered.extend(kind.entry_cells(state, key))
    return kind, state, entered


def pictures(name: str) -> list[np.ndarray]:
    """Board ``name`` in the theme's scheme three times: with the player's first entries
    (and the counts they meet), with a mistake over those entries (Tracks: a count gone
    over, as the rules say it), and with the hint's focus elsewhere."""
    kind, state, entered = played(name)
    board = board_class(kind.name)(kind)
    board.resize(SIZE, SIZE)
    board.set_state(state)
    width, height = board.grid_size()
    shots = [_picture(board)]
    wrong = over_a_count(kind, state) if kind.name == "tracks" else None
    if wrong is not None:
        board.set_state(wrong)
        board.set_violations(kind.check(wrong))
    else:
        board.set_violations([Violation(tuple(entered[:3]) or ((0, 0), (1, 0)), "a mistake")])
    shots.append(_picture(board))
    board.set_state(state)
    board.set_violations([])
    board.set_highlight(((width - 1, height - 1), (width - 2, height - 1)), "look here")
    shots.append(_picture(board))
    return shots


def shown_roles(shots, colours: dict) -> dict:
    """role -> the pixels of ``shots`` drawn exactly in that role's colour (as a mask a
    picture), for the roles drawn on 4 pixels or more."""
    found = {}
    for role, colour in colours.items():
        target = colourvision.rgb(colour)
        masks = [np.all(np.abs(shot - target) < 0.5 / 255, axis=-1) for shot in shots]
        if sum(int(m.sum()) for m in masks) >= 4:
            found[role] = masks
    return found


def seen_as(shots, mask, vision: str) -> np.ndarray:
    """The colour an eye with ``vision`` sees where ``mask`` is set: read off the
    simulated pictures, in CIELAB."""
    pixels = np.concatenate([colourvision.simulate(shot, vision)[m] for shot, m in zip(shots, mask, strict=True)])
    return colourvision.lab(pixels.mean(axis=0))


@pytest.mark.parametrize("scheme", list(theme.PALETTES))
@pytest.mark.parametrize("name", BOARDS)
def test_meanings_stay_apart_on_every_board_for_every_eye(qapp, name, scheme):
    theme.use_scheme(scheme)
    shots = pictures(name)
    colours = {role: getattr(theme, role) for role in theme.ROLES}
    drawn = shown_roles(shots, colours)
    assert SHOWN[name] <= set(drawn), f"{name} in {scheme} does not show {SHOWN[name] - set(drawn)}"
    measured = 0
    for pairs, floor in ((theme.PAIRS, theme.FLOOR), (theme.FILL_PAIRS, theme.FILL_FLOOR)):
        for a, b in pairs:
            if a not in drawn or b not in drawn:
                continue
            for vision in colourvision.VISIONS:
                gap = float(colourvision.ciede2000(seen_as(shots, drawn[a], vision), seen_as(shots, drawn[b], vision)))
                assert gap >= floor, f"{name} in {scheme}: {a} and {b} are {gap:.1f} apart for {vision} eyes"
            measured += 1
    assert measured >= 3
