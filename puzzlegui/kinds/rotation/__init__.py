"""Rotation: turn blocks of numbered tiles into order (the "Mystery Box", Tatham's Twiddle)."""

from .kind import KIND, RotationKind

__all__ = ["KIND", "RotationKind"]
