"""The Qt toolkit the boards are built on: the board base and its view, the theme and
its colour-vision checks, the editors' marks, the celebration card, the screen readers'
view of a board, small widgets and plain-text helpers.

It stands below both the kinds' Qt sides (``puzzlegui/kinds/<kind>/qt/``) and the front
end (``puzzlegui/gui``), and imports neither (the layers contract in pyproject.toml says
so): a kind's board needs this package, never the window.
"""
