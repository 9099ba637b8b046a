"""Colours shared by every board, chosen to read on light and dark palettes alike.

Boards draw their own paper (a light board on any window palette, like a printed
puzzle), so these fixed colours keep their contrast whatever the desktop theme is.
"""

PAPER = "#fbf8f1"  # the board's background
GRID = "#8c857a"  # thin grid lines
INK = "#1f1d1a"  # clues, given symbols, outlines
PLAYER = "#1b5fb4"  # what the player placed
GIVEN = "#1f1d1a"
MUTED = "#a39e94"  # "no track" marks, blanks
ERROR = "#d0312d"  # violations
ERROR_FILL = "#f6c9c5"
SATISFIED = "#2e8540"  # a count met exactly
HIGHLIGHT = "#f2b705"  # solver / hint focus
HIGHLIGHT_FILL = "#fde8a6"
SUCCESS = "#e8a317"  # the solved flourish
TRACK = "#6b4f2a"
