"""Kurosu (Takuzu, Binairo, Tatham's Unruly): fill a grid with X and O, as many of each
in every line and never three alike in a row."""

from .kind import KIND, KurosuKind
from .model import KurosuState

__all__ = ["KIND", "KurosuKind", "KurosuState"]
