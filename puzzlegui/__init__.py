"""puzzlegui: play logic puzzles on the desktop and watch solvers explain their work."""

__version__ = "0.1.0"
