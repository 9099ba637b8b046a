"""Pixel <-> cell arithmetic for square-celled boards, shared by painting and hit tests.

Pure: the widgets call it from paintEvent and mouse events, and the tests call it
directly, so what is drawn and what is clicked can never disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class GridGeometry:
    cols: int
    rows: int
    cell: float  # side of a cell in logical pixels
    x0: float  # left edge of the grid
    y0: float  # top edge of the grid

    @classmethod
    def fit(cls, cols, rows, width, height, margins=(0.0, 0.0, 0.0, 0.0), max_cell=None):
        """The largest square cells that fit ``width`` x ``height`` with ``margins``
        (left, top, right, bottom, in cells) around the grid, centred."""
        left, top, right, bottom = margins
        units_w = cols + left + right
        units_h = rows + top + bottom
        cell = max(1.0, min(width / units_w, height / units_h))
        if max_cell is not None:
            cell = min(cell, max_cell)
        x0 = (width - units_w * cell) / 2 + left * cell
        y0 = (height - units_h * cell) / 2 + top * cell
        return cls(cols, rows, cell, x0, y0)

    @property
    def width(self) -> float:
        return self.cols * self.cell

    @property
    def height(self) -> float:
        return self.rows * self.cell

    def cell_rect(self, x: int, y: int) -> tuple[float, float, float, float]:
        return (self.x0 + x * self.cell, self.y0 + y * self.cell, self.cell, self.cell)

    def cell_center(self, x: int, y: int) -> tuple[float, float]:
        return (self.x0 + (x + 0.5) * self.cell, self.y0 + (y + 0.5) * self.cell)

    def cell_at(self, px: float, py: float):
        """The (x, y) cell under a pixel, or None outside the grid."""
        fx = (px - self.x0) / self.cell
        fy = (py - self.y0) / self.cell
        if not (0 <= fx < self.cols and 0 <= fy < self.rows):
            return None
        return (int(math.floor(fx)), int(math.floor(fy)))

    def point_at(self, px: float, py: float) -> tuple[float, float]:
        """Fractional grid coordinates of a pixel (x, y in cells; may lie outside)."""
        return ((px - self.x0) / self.cell, (py - self.y0) / self.cell)

    def nearest_corner(self, px: float, py: float):
        """The grid corner (0..cols, 0..rows) nearest a pixel, and its distance in cells."""
        fx, fy = self.point_at(px, py)
        cx = min(max(round(fx), 0), self.cols)
        cy = min(max(round(fy), 0), self.rows)
        return (cx, cy), math.hypot(fx - cx, fy - cy)
