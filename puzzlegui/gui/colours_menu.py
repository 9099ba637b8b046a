"""View > Colours: the scheme (follow the desktop's light or dark one, or choose light,
dark, high contrast or greyscale), thick lines, and the player's own colours.

The width and the colours are read from the settings where the menu that changes them
is made, and the scheme is applied again with them; every change repaints every widget
(boards read the theme's colours as they paint) and redraws the library's pictures."""

from __future__ import annotations

import functools

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication

from ..qtkit import theme


class ColoursMenu(QObject):
    def __init__(self, settings, menu, pictures_changed, window):
        super().__init__(window)
        self._settings = settings
        self._pictures_changed = pictures_changed  # the library draws its pictures again
        self._window = window
        self._scheme_connected = False
        self.palette_dialog = None
        theme.set_lines(settings.line_width)
        for name in theme.PALETTES:
            theme.set_custom(name, settings.user_colours(name))
        theme.apply(QApplication.instance(), settings.theme)
        group = QActionGroup(self)
        self.theme_actions = {}
        for choice in theme.CHOICES:
            action = QAction(theme.LABELS[choice], window, checkable=True)
            action.setChecked(settings.theme == choice)
            action.triggered.connect(lambda _=False, c=choice: self.set_theme(c))
            group.addAction(action)
            menu.addAction(action)
            self.theme_actions[choice] = action
        menu.addSeparator()
        self.thick_lines_action = QAction("&Thick lines", window, checkable=True)
        self.thick_lines_action.setChecked(settings.line_width == theme.THICK_LINES)
        self.thick_lines_action.toggled.connect(self._thick)
        menu.addAction(self.thick_lines_action)
        self.customise_action = QAction("&Customise…", window)
        self.customise_action.triggered.connect(self._customise)
        menu.addAction(self.customise_action)
        hints = QApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            # a method, not a lambda: Qt drops the connection with this object
            hints.colorSchemeChanged.connect(self._desktop_scheme_changed)
            self._scheme_connected = True

    def set_theme(self, choice: str) -> None:
        """Use ``choice`` (one of theme.CHOICES) from now on, and remember it."""
        if choice not in self.theme_actions:
            return
        self._settings.theme = choice
        self.theme_actions[choice].setChecked(True)
        self.apply()

    def apply(self) -> None:
        """Colour the window and every board for the chosen scheme (the desktop's, when
        the choice is to follow it: this runs again whenever the desktop switches)."""
        app = QApplication.instance()
        if app is None:
            return
        theme.apply(app, self._settings.theme)
        for widget in app.allWidgets():
            widget.update()  # boards read the theme's colours as they paint
        self._pictures_changed()

    def _thick(self, on: bool) -> None:
        self._settings.line_width = theme.THICK_LINES if on else theme.NORMAL_LINES
        theme.set_lines(self._settings.line_width)
        self.apply()

    def _customise(self) -> None:
        from .palette_dialog import PaletteDialog

        # the scheme shown (the desktop's light or dark one when following it)
        self.palette_dialog = PaletteDialog(theme.scheme, self._window)
        self.palette_dialog.accepted.connect(functools.partial(self._keep, self.palette_dialog))
        self.palette_dialog.open()

    def _keep(self, dialog) -> None:
        self._settings.set_user_colours(dialog.scheme, dialog.colours())
        theme.set_custom(dialog.scheme, dialog.colours())
        self.apply()

    def _desktop_scheme_changed(self, _scheme=None) -> None:
        if self._settings.theme == theme.SYSTEM:
            self.apply()

    def shutdown(self) -> None:
        if self._scheme_connected:
            self._scheme_connected = False
            QApplication.styleHints().colorSchemeChanged.disconnect(self._desktop_scheme_changed)
