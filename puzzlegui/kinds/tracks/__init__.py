"""Tracks: lay one track from A to B to match the row and column counts (MUMS 2008 split
boards and Simon Tatham's Tracks), then read the hidden message under it."""

from .kind import KIND, TracksKind

__all__ = ["KIND", "TracksKind"]
