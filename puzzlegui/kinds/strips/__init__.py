"""Black and White strips: cut a grid of coloured cells into strips with distinct patterns.

Pure engine modules (no Qt): ``stripset`` (patterns, strip sets and their text syntax),
``model`` (state, moves, rules), ``solver`` (exact cover), ``generator``, ``codec`` (file
section and plain text), ``meta`` (the MUMS 2010 meta-puzzle) and ``kind`` (the
PuzzleKind).  The Qt side is ``widget`` (board and tray), ``editor`` and ``meta_view``.
"""

from .kind import KIND

__all__ = ["KIND"]
