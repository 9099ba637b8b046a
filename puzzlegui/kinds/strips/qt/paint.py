"""What the Strips board, its editor and the meta-puzzle view draw alike: the puzzle's
black and white, the cut strips' colour and their outlines as grid segments."""

from __future__ import annotations

from PySide6.QtGui import QColor

from puzzlegui.qtkit import theme

# the puzzle's black and white cells are its content: the same in either theme
BLACK = QColor("#1f1d1a")
WHITE = QColor("#ffffff")
HALO = QColor("#ffffff")


def cut_colour() -> QColor:
    """The outline of a cut strip: the player's colour of the theme in use."""
    return QColor(theme.PLAYER)


def _edges_of(cells):
    """Outer edges of a set of cells, as ((x0, y0), (x1, y1)) grid-corner segments."""
    cells = set(cells)
    out = []
    for x, y in cells:
        if (x, y - 1) not in cells:
            out.append(((x, y), (x + 1, y)))
        if (x, y + 1) not in cells:
            out.append(((x, y + 1), (x + 1, y + 1)))
        if (x - 1, y) not in cells:
            out.append(((x, y), (x, y + 1)))
        if (x + 1, y) not in cells:
            out.append(((x + 1, y), (x + 1, y + 1)))
    return out


def _straight_runs(segments):
    """Unit grid segments (as _edges_of makes them) joined into maximal straight runs.
    Stroked, the runs cover what the unit segments covered, and a path of a few dozen
    long lines is stroked several times faster than one of hundreds of unit edges (the
    cuts of a solved 12x12 board took ~13 ms a frame)."""
    across: dict = {}  # y -> the x of each unit segment's left end
    down: dict = {}  # x -> the y of each unit segment's top end
    for (x0, y0), (x1, y1) in segments:
        if y0 == y1:
            across.setdefault(y0, set()).add(min(x0, x1))
        else:
            down.setdefault(x0, set()).add(min(y0, y1))
    runs = []
    for lines, place in ((across, lambda y, a, b: ((a, y), (b, y))), (down, lambda x, a, b: ((x, a), (x, b)))):
        for at, starts in lines.items():
            order = sorted(starts)
            first = last = order[0]
            for k in order[1:]:
                if k != last + 1:
                    runs.append(place(at, first, last + 1))
                    first = k
                last = k
            runs.append(place(at, first, last + 1))
    return runs
