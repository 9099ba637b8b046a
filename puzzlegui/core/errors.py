"""The one error bad input raises, in a module of its own: the modules core/kind.py
uses (analysis, validate) raise it too, and importing it from here keeps them from
importing kind.py back."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Malformed or impossible input.

    The message is a complete sentence for the user that names what is wrong and
    where ("row 3 has 7 cells, expected 6."). Raised by decoders, codecs, ``apply``
    for illegal moves and generators for impossible parameters.
    """
